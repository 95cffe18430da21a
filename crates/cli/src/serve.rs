//! `arbiter serve`: starts the web host on a multi-threaded runtime.

pub fn run(addr: &str, db: &str) -> Result<(), String> {
    // Internal errors are logged here and never shown to clients.
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing_subscriber::filter::LevelFilter::INFO)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    runtime.block_on(arbiter_server::serve(
        addr,
        db,
        arbiter_server::Settings::default(),
    ))
}
