//! Several instances on one database (docs/instances.md): a request for a
//! game another live instance holds is passed to that instance unchanged
//! and its answer returned; if the owner does not answer and its lease has
//! run out, this instance takes the game over and serves the request. The
//! lease keeper renews this instance's leases, stops the actors of leases
//! it lost, and adopts games whose owner stopped without handing them back.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::owners::{Claim, Owner, Owners};
use crate::storage::{Lease, Store};
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;

/// Marks a request one instance passed to another: it is never passed on
/// again (no loops), only served or refused.
const FORWARDED: &str = "x-arbiter-forwarded";

/// How long the owner has to answer: to send its answer's head, and then
/// each further piece of its body. A stream (the bot API's) sends a
/// keep-alive line every `keep_alive`, so it may be silent that long more.
const OWNER_TIMEOUT: Duration = Duration::from_secs(5);

/// The game a request is about, from its path: `/api/games/{id}…`, the
/// table page `/table/{id}` (its head says where the game stands) and the
/// bot API's `/api/bot/game/{id}/move` and `/api/bot/game/stream/{id}`.
fn game_of(path: &str) -> Option<&str> {
    let id = if let Some(rest) = path.strip_prefix("/api/games/") {
        rest.split('/').next()?
    } else if let Some(rest) = path.strip_prefix("/table/") {
        rest.split('/').next()?
    } else if let Some(rest) = path.strip_prefix("/api/bot/game/stream/") {
        rest.split('/').next()?
    } else {
        path.strip_prefix("/api/bot/game/")?.split('/').next()?
    };
    (!id.is_empty() && id != "import" && id.len() <= 64).then_some(id)
}

/// This instance's lease of `game` for a new actor, or a 503 if another
/// instance holds it.
pub(crate) async fn claim(owners: &Arc<Owners>, store: &Store, game: &str) -> ApiResult<Claim> {
    match owners.acquire(store, game).await? {
        Owner::Me { epoch, .. } => Ok(Claim {
            owners: owners.clone(),
            epoch,
        }),
        Owner::Other(_) => Err(ApiError::Unavailable(format!(
            "game {game} is held by another instance just now; try again"
        ))),
    }
}

/// The middleware: serve here, or pass to the owner.
pub(crate) async fn to_owner(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let Some(owners) = state.owners() else {
        return next.run(request).await;
    };
    // A WebSocket is watched here, from a follower if need be.
    let path = request.uri().path();
    let Some(id) = game_of(path).filter(|_| !path.ends_with("/ws")) else {
        return next.run(request).await;
    };
    let id = id.to_string();
    if request.headers().contains_key(FORWARDED) || owners.valid(&id).is_some() {
        return next.run(request).await;
    }
    let lease = match live_lease(state.store(), owners, &id).await {
        Ok(Some(lease)) => lease,
        // Free, expired or ours: served here (the handler takes the lease).
        Ok(None) => return next.run(request).await,
        Err(e) => return e.into_response(),
    };
    let (parts, body) = request.into_parts();
    let body = match axum::body::to_bytes(body, crate::BODY_LIMIT).await {
        Ok(body) => body,
        Err(_) => {
            return ApiError::TooLarge(format!(
                "the request body is larger than {} bytes",
                crate::BODY_LIMIT
            ))
            .into_response()
        }
    };
    let idle = OWNER_TIMEOUT + state.keep_alive();
    match pass(&parts, body.clone(), &lease.address, idle).await {
        Ok(response) => response,
        Err(why) => {
            tracing::warn!(
                "game {id}: its owner at {} did not answer: {why}",
                lease.address
            );
            // The owner is gone: once its lease has run out the game is
            // taken over here; until then nobody may write it.
            match live_lease(state.store(), owners, &id).await {
                Ok(None) => next.run(Request::from_parts(parts, Body::from(body))).await,
                Ok(Some(_)) => ApiError::Unavailable(
                    "the instance that holds this game does not answer; nothing was changed, \
                     try again"
                        .into(),
                )
                .into_response(),
                Err(e) => e.into_response(),
            }
        }
    }
}

/// Another instance's lease of `game` that has not run out.
pub(crate) async fn live_lease(
    store: &Store,
    owners: &Owners,
    game: &str,
) -> ApiResult<Option<Lease>> {
    let now = crate::clock::system_ms();
    Ok(store
        .lease(game)
        .await?
        .filter(|l| l.owner != owners.id && l.expires_ms > now))
}

/// Headers that belong to one connection, not to the request.
const HOP_BY_HOP: [&str; 7] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// Sends the request to the owner at `address` and returns its answer:
/// the same method, path, query, headers (the token and the
/// `Idempotency-Key` among them) and body. (A WebSocket is not passed on:
/// it watches a follower here, `follow.rs`.) The owner has
/// [`OWNER_TIMEOUT`] to send the head; after that, a body that sends
/// nothing for `idle` is cut off, so an owner that stalls mid-answer (a
/// stopped process keeps its connections open) cannot hold the client
/// forever: the client sees the answer end early and may retry.
async fn pass(
    parts: &axum::http::request::Parts,
    body: Bytes,
    address: &str,
    idle: Duration,
) -> Result<Response, String> {
    let base: Uri = address.parse().map_err(|_| "a bad address".to_string())?;
    let host = base.host().ok_or("an address without a host")?.to_string();
    let port = base.port_u16().unwrap_or(80);
    let mut out = axum::http::Request::builder()
        .method(parts.method.clone())
        .uri(parts.uri.path_and_query().map_or("/", |p| p.as_str()));
    for (name, value) in &parts.headers {
        if !HOP_BY_HOP.contains(&name.as_str()) && *name != header::CONTENT_LENGTH {
            out = out.header(name, value);
        }
    }
    let out = out
        .header(FORWARDED, "1")
        .body(Body::from(body))
        .map_err(|e| e.to_string())?;
    let answer = async {
        let stream = TcpStream::connect((host.as_str(), port))
            .await
            .map_err(|e| format!("connecting: {e}"))?;
        let _ = stream.set_nodelay(true);
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .map_err(|e| format!("handshake: {e}"))?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!("a forwarded connection: {e}");
            }
        });
        sender
            .send_request(out)
            .await
            .map_err(|e| format!("sending: {e}"))
    };
    let answer = tokio::time::timeout(OWNER_TIMEOUT, answer)
        .await
        .map_err(|_| format!("no answer within {} s", OWNER_TIMEOUT.as_secs()))??;
    let (head, incoming) = answer.into_parts();
    let mut response = Response::from_parts(head, cut_off_when_idle(Body::new(incoming), idle));
    response
        .headers_mut()
        .insert(FORWARDED, HeaderValue::from_static("1"));
    Ok(response)
}

/// `body`, ended with an error when nothing of it arrives for `idle`.
fn cut_off_when_idle(body: Body, idle: Duration) -> Body {
    let pieces =
        futures_util::stream::unfold(Some(body.into_data_stream()), move |pieces| async move {
            let mut pieces = pieces?;
            match tokio::time::timeout(idle, futures_util::StreamExt::next(&mut pieces)).await {
                Ok(Some(Ok(piece))) => Some((Ok(piece), Some(pieces))),
                Ok(Some(Err(e))) => Some((Err(std::io::Error::other(e)), None)),
                Ok(None) => None,
                Err(_) => {
                    tracing::warn!(
                        "a forwarded answer sent nothing for {} s; cut off",
                        idle.as_secs()
                    );
                    let why = format!("the owner sent nothing for {} ms", idle.as_millis());
                    Some((
                        Err(std::io::Error::new(std::io::ErrorKind::TimedOut, why)),
                        None,
                    ))
                }
            }
        });
    Body::from_stream(pieces)
}

/// Starts the lease keeper of an instance that takes leases: every
/// renewal period it renews all its leases in one statement, stops the
/// actors of those it lost, and adopts the games whose lease ran out (an
/// instance stopped without handing them back), so their deadlines fire
/// and their bots play on.
pub(crate) fn keep_leases(state: &AppState) {
    let Some(owners) = state.owners().cloned() else {
        return;
    };
    let weak = state.downgrade();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(owners.renew_every());
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let Some(state) = AppState::upgrade(&weak) else {
                return;
            };
            if owners.halted() {
                return;
            }
            match owners.renew(state.store()).await {
                Ok(lost) => {
                    for id in lost {
                        tracing::info!("game {id}: its lease was taken over; stopping its actor");
                        if let Some(handle) = state.drop_game(&id).await {
                            handle.nudge().await;
                        }
                    }
                }
                Err(e) => tracing::warn!("renewing the leases: {e}"),
            }
            adopt(&state).await;
        }
    });
}

/// Takes over the games whose lease ran out.
async fn adopt(state: &AppState) {
    let orphans = match state
        .store()
        .expired_leases(crate::clock::system_ms())
        .await
    {
        Ok(orphans) => orphans,
        Err(e) => {
            tracing::warn!("looking for games without an owner: {e}");
            return;
        }
    };
    for id in orphans {
        match state.game(&id).await {
            Ok(_) => tracing::info!("game {id}: adopted (its owner's lease ran out)"),
            // Another instance adopted it first, or it is gone.
            Err(e) => tracing::debug!("game {id}: not adopted: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[test]
    fn the_game_of_a_request_is_read_from_its_path() {
        assert_eq!(game_of("/api/games/abc"), Some("abc"));
        assert_eq!(game_of("/api/games/abc/actions"), Some("abc"));
        assert_eq!(game_of("/api/bot/game/abc/move"), Some("abc"));
        assert_eq!(game_of("/api/bot/game/stream/abc"), Some("abc"));
        assert_eq!(game_of("/table/abc"), Some("abc"));
        // Not about one game: served wherever they arrive.
        assert_eq!(game_of("/api/games"), None);
        assert_eq!(game_of("/api/games/"), None);
        assert_eq!(game_of("/api/games/import"), None);
        assert_eq!(game_of("/api/kinds"), None);
        assert_eq!(game_of("/analysis/abc"), None);
        assert_eq!(game_of(&format!("/api/games/{}", "x".repeat(65))), None);
    }

    /// An "owner" that answers with a head and the start of a body, then
    /// stalls with the connection open.
    async fn stalling_owner() -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut request = [0u8; 4096];
            let _ = socket.read(&mut request).await;
            let head = "HTTP/1.1 200 OK\r\ncontent-type: application/x-ndjson\r\n\
                        transfer-encoding: chunked\r\n\r\n";
            socket.write_all(head.as_bytes()).await.unwrap();
            socket.write_all(b"3\r\nab\n\r\n").await.unwrap();
            // Never another byte, never closed.
            tokio::time::sleep(Duration::from_secs(3600)).await;
            drop(socket);
        });
        address
    }

    #[tokio::test]
    async fn an_owner_that_stalls_mid_answer_is_cut_off() {
        let address = stalling_owner().await;
        let (parts, _) = axum::http::Request::get("/api/games/abc")
            .body(())
            .unwrap()
            .into_parts();
        let idle = Duration::from_millis(200);
        let answer = pass(&parts, Bytes::new(), &address, idle).await.unwrap();
        assert_eq!(answer.status(), 200);
        let mut pieces = answer.into_body().into_data_stream();
        // A guard against a hang only: the cut-off comes long before it.
        let read = tokio::time::timeout(Duration::from_secs(60), async move {
            let first = futures_util::StreamExt::next(&mut pieces).await;
            let then = futures_util::StreamExt::next(&mut pieces).await;
            (first, then)
        });
        let (first, then) = read.await.expect("the stalled answer was never cut off");
        assert_eq!(&first.unwrap().unwrap()[..], b"ab\n");
        let error = then.unwrap().unwrap_err().to_string();
        assert!(error.contains("sent nothing"), "{error}");
    }
}
