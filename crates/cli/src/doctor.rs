//! `arbiter doctor`: checks a database (docs/server.md#doctor).

#[derive(clap::Args)]
pub struct DoctorArgs {
    /// The database URL, as `arbiter serve --db` takes it.
    #[arg(long)]
    db: String,
    /// Bring an old schema up to date first, as `arbiter serve` would.
    #[arg(long)]
    migrate: bool,
}

/// Prints what the check found, one line per game; an error (exit 1) when
/// the schema is not current or any game does not replay.
pub fn run(args: DoctorArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    let report = runtime.block_on(arbiter_server::doctor::check(&args.db, args.migrate))?;
    let (found, known) = report.schema;
    if report.migrated {
        println!("schema: migrated to version {found}");
    } else {
        println!("schema: version {found} (this server knows up to {known})");
    }
    if found > known {
        return Err(format!(
            "the database is at schema version {found}, newer than this server's {known}: \
             use a newer arbiter"
        ));
    }
    if found < known {
        return Err(format!(
            "the database is at schema version {found}, this server's is {known}: \
             run with --migrate (or start arbiter serve on it) to bring it up to date"
        ));
    }
    for line in &report.healthy {
        println!("ok    {line}");
    }
    for line in &report.broken {
        println!("FAIL  {line}");
    }
    let games = report.healthy.len() + report.broken.len();
    println!(
        "{games} games: {} replay cleanly, {} do not",
        report.healthy.len(),
        report.broken.len()
    );
    if report.ok() {
        Ok(())
    } else {
        Err(format!(
            "{} games do not replay cleanly",
            report.broken.len()
        ))
    }
}
