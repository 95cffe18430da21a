//! `arbiter serve`: starts the web host on a multi-threaded runtime.

pub fn run(addr: &str, db: &str) -> Result<(), String> {
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
