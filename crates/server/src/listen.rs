//! The accept loop: every connection gets a bounded time to send its
//! request headers, and the number of open connections (WebSockets
//! included) is bounded. Built on hyper's HTTP/1 connection builder
//! (docs/server.md#connections).

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// How connections are bounded.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A connection that has not sent a whole request head this long after
    /// opening, or after its last response, is closed.
    pub header_timeout: Duration,
    /// Connections open at once (HTTP and WebSocket). Beyond it, new
    /// connections wait in the listen queue until one closes.
    pub max_connections: usize,
    /// How long shutdown waits for requests in flight.
    pub shutdown_grace: Duration,
}

/// The default `--header-timeout-secs`.
pub const DEFAULT_HEADER_TIMEOUT_SECS: u64 = 20;
/// The default `--max-connections`.
pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(DEFAULT_HEADER_TIMEOUT_SECS),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

/// How often the "limit reached" line may repeat under sustained load.
const LIMIT_LOG_EVERY: Duration = Duration::from_secs(60);

/// Serves `app` on `listener` until `shutdown` completes, then lets
/// requests in flight finish (for up to [`Limits::shutdown_grace`]).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let max = limits.max_connections.max(1);
    let permits = Arc::new(Semaphore::new(max));
    // Shutdown is announced by dropping `stop`; every connection task holds
    // a `done` receiver, so `done` has no receivers left once all finished.
    let (stop, stopping) = watch::channel(());
    let (done, _) = watch::channel(());
    let mut last_limit_log: Option<Instant> = None;
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = match permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if last_limit_log.is_none_or(|at| at.elapsed() >= LIMIT_LOG_EVERY) {
                    tracing::warn!(
                        "connection limit reached: {max} connections are open; new \
                         connections wait until one closes (arbiter serve --max-connections)"
                    );
                    last_limit_log = Some(Instant::now());
                }
                tokio::select! {
                    permit = permits.clone().acquire_owned() => {
                        permit.expect("the connection semaphore is never closed")
                    }
                    _ = &mut shutdown => break,
                }
            }
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors and the like: wait, then retry
                    // rather than spin.
                    tracing::warn!("accepting a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        // The permit travels with the socket, through a WebSocket upgrade,
        // and is released when the socket is dropped.
        let io = TokioIo::new(Held {
            stream,
            _permit: permit,
        });
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout);
        let connection = builder
            .serve_connection(io, TowerToHyperService::new(app.clone()))
            .with_upgrades();
        let mut stopping = stopping.clone();
        let done = done.subscribe();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                _ = stopping.changed() => {
                    // Finish the request in flight, then close.
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = result {
                tracing::debug!("connection closed: {e}");
            }
            drop(done);
        });
    }
    drop(listener);
    drop(stop);
    if tokio::time::timeout(limits.shutdown_grace, done.closed())
        .await
        .is_err()
    {
        tracing::warn!("shutdown: requests still in flight were cut off");
    }
}

/// A socket that holds its place under the connection limit.
struct Held {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
}

impl AsyncRead for Held {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
