//! `arbiter serve`: starts the web host on a multi-threaded runtime.

pub fn run(addr: &str, db: &str, bot_delay_ms: u64, bot_threads: usize) -> Result<(), String> {
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
        arbiter_server::Settings {
            bot_delay: std::time::Duration::from_millis(bot_delay_ms),
            bot_threads: bot_threads.max(1),
            ..arbiter_server::Settings::default()
        },
    ))
}
