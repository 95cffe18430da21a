//! Live updates over a WebSocket: each viewer's own snapshot, now and after
//! every change it may see.

use super::AppState;
use crate::error::{ApiError, ApiResult};
use crate::frame::Frame;
use crate::host::{Command, GameHandle, Role};
use crate::token::SocketToken;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

/// The live route.
pub(super) fn routes() -> axum::Router<AppState> {
    Router::new().route("/api/games/{id}/ws", get(live))
}

/// Live updates: a frame with the viewer's own snapshot now and after every
/// change.
async fn live(
    State(state): State<AppState>,
    Path(id): Path<String>,
    SocketToken(token): SocketToken,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    // Clients only read (and answer pings), so each socket reads into a
    // small buffer: the WebSocket library zero-fills its whole read buffer
    // on every read attempt, and at its 128 KiB default that filling was
    // most of the cost of sending one move to 10,000 spectators.
    let upgrade = upgrade
        .map_err(|e| {
            ApiError::BadRequest(format!("this address is a WebSocket: {}", e.body_text()))
        })?
        .read_buffer_size(WS_READ_BUFFER)
        .max_message_size(WS_LARGEST_INCOMING)
        .protocols([GZIP_PROTOCOL]);
    let gzip = upgrade.selected_protocol().is_some();
    let handle = crate::follow::watchable(&state, &id).await?;
    let role = state.role(&handle, token).await?;
    let changes = handle.ask(Command::Subscribe).await?;
    let ping_every = state.keep_alive();
    let watcher = Watcher {
        handle,
        role,
        gzip,
        ping_every,
    };
    Ok(upgrade.on_upgrade(move |socket| watcher.watch(socket, changes)))
}

/// The WebSocket subprotocol a client names to get each frame gzipped, in
/// a binary message, instead of as text: a long Tilechess game's state
/// shrinks about twelve times, which a phone on a slow network feels at
/// every move. A client that names none gets text frames.
pub const GZIP_PROTOCOL: &str = "arbiter.gzip";

/// The read buffer of each WebSocket (it grows for a larger message).
const WS_READ_BUFFER: usize = 4 * 1024;

/// The largest message a client may send on a WebSocket; clients send
/// nothing but pongs and closes, so anything larger closes it.
const WS_LARGEST_INCOMING: usize = 64 * 1024;

/// Sends `message`, giving up (and so closing) on a peer that has not
/// taken it within `limit`: a client that stops reading is not kept.
async fn send_within(socket: &mut WebSocket, message: Message, limit: Duration) -> bool {
    matches!(
        tokio::time::timeout(limit, socket.send(message)).await,
        Ok(Ok(()))
    )
}

/// One WebSocket's receiver: whose frames it gets, and in what form.
struct Watcher {
    handle: GameHandle,
    role: Role,
    /// Frames go gzipped, as binary messages ([`GZIP_PROTOCOL`]).
    gzip: bool,
    ping_every: Duration,
}

impl Watcher {
    fn message(&self, frame: &Frame) -> Message {
        if self.gzip {
            Message::Binary(frame.gzipped())
        } else {
            Message::Text(frame.message_text())
        }
    }

    /// Sends the frames until the socket closes or stops answering.
    async fn watch(self, mut socket: WebSocket, mut changes: broadcast::Receiver<Arc<Frame>>) {
        let (handle, role, ping_every) = (&self.handle, self.role, self.ping_every);
        let start = tokio::time::Instant::now() + ping_every;
        let mut ping = tokio::time::interval_at(start, ping_every);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Whether the client has said anything (a pong, usually) since the
        // last ping.
        let mut answered = true;
        // The first frame, and any frame after falling behind, is asked for.
        let mut shared: Option<Arc<Frame>> = None;
        // A change this receiver cannot see (another seat's secret submission)
        // leaves its snapshot as it was: nothing is sent, so not even the
        // timing of a frame tells of it.
        let mut last: Option<Arc<Frame>> = None;
        loop {
            let frame: Arc<Frame> = match shared.take() {
                Some(frame) => frame,
                None => match handle.ask(|r| Command::Snapshot(role, r)).await {
                    Ok(value) => Frame::new(value.to_string()),
                    Err(_) => return,
                },
            };
            if last.as_ref().map(|l| l.text()) != Some(frame.text()) {
                let message = self.message(&frame);
                if !send_within(&mut socket, message, ping_every).await {
                    return;
                }
                last = Some(frame);
            }
            loop {
                tokio::select! {
                    change = changes.recv() => match change {
                        // Spectators all get the one frame built for them;
                        // each seat asks for its own.
                        Ok(frame) => {
                            if role == Role::Spectator {
                                shared = Some(frame);
                            }
                            break;
                        }
                        Err(broadcast::error::RecvError::Lagged(_)) => break,
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                    incoming = socket.recv() => match incoming {
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                        Some(Ok(_)) => answered = true,
                    },
                    _ = ping.tick() => {
                        if !answered {
                            tracing::debug!("closing a WebSocket that did not answer a ping");
                            return;
                        }
                        answered = false;
                        let ping = Message::Ping(Default::default());
                        if !send_within(&mut socket, ping, ping_every).await {
                            return;
                        }
                    }
                }
            }
        }
    }
}
