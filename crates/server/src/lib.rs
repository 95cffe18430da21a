//! `arbiter serve`: the web host. Games live in memory, one actor task each,
//! rebuilt by replaying their append-only logs from the database.
//! The HTTP API is documented in `docs/server.md`.

pub mod adapter;
pub mod analysis;
mod app;

mod assets;
mod bot_api;
pub mod bots;
pub mod clock;
pub mod doctor;
pub mod error;
mod extract;
mod follow;
mod forward;
mod frame;
pub mod host;
pub mod icons;
pub mod idempotency;
pub mod knight_control;
pub mod listen;
mod loading;
pub mod owners;
pub mod pages;
pub mod pc;
pub mod pictures;
pub mod records;
pub mod storage;
pub mod table;
pub mod token;
pub mod webhooks;

pub use app::{router, AppState, Settings, BODY_LIMIT, DEFAULT_WS_PING_SECS};
pub use arbiter_registry::options;
pub use clock::Clock;
pub use listen::Limits;
pub use storage::Store;

/// Opens the database (creating it and running migrations) and serves on
/// `addr` until the process is stopped (Ctrl-C or SIGTERM: requests in
/// flight finish first).
pub async fn serve(addr: &str, db: &str, settings: Settings, limits: Limits) -> Result<(), String> {
    let store = Store::open(db)
        .await
        .map_err(|e| format!("opening {db}: {e}"))?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("listening on {addr}: {e}"))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    println!("Arbiter is serving on http://{local}/ (database {db})");
    let state = AppState::new(store, settings);
    let resumed = state
        .resume_all()
        .await
        .map_err(|e| format!("resuming games from {db}: {e}"))?;
    if resumed > 0 {
        println!("Resumed {resumed} stored games");
    }
    listen::serve(listener, router(state.clone()), limits, stop_signal()).await;
    if let Some(owners) = state.owners() {
        // Another instance adopts these games at once (docs/deploy.md).
        owners.hand_back(state.store()).await;
    }
    println!("Arbiter has stopped");
    Ok(())
}

/// Completes on Ctrl-C, or on SIGTERM where there is one.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {}
        _ = terminate => {}
    }
    println!("Arbiter is shutting down");
}
