//! `arbiter serve`: starts the web host on a multi-threaded runtime.

use arbiter_server::listen;
use std::time::Duration;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The database URL: sqlite://file (created, with its tables, if
    /// missing) or postgres://user@host/db (an existing database).
    #[arg(long, default_value = "sqlite://arbiter.db")]
    db: String,
    /// Close a connection that has not sent a whole request head this many
    /// seconds after opening (or after its last answer).
    #[arg(long, value_name = "SECONDS", default_value_t = listen::DEFAULT_HEADER_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout_secs: u64,
    /// Connections open at once, WebSockets included; more wait until one
    /// closes (a warning is logged when the limit is reached).
    #[arg(long, value_name = "N", default_value_t = listen::DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    max_connections: usize,
    /// Ping every WebSocket this often; one that has not answered by the
    /// next ping is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = arbiter_server::DEFAULT_WS_PING_SECS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    ws_ping_secs: u64,
    /// The pause before each bot move on a turn, in ms (so people can
    /// follow the board).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    bot_delay_ms: u64,
    /// Bots thinking at once, across all games.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    bot_threads: usize,
    /// The address players reach this server at, such as
    /// `https://chess.example.org` (behind a TLS proxy): every link the lobby
    /// hands out starts with it. Also read from ARBITER_PUBLIC_URL. Without
    /// it, links are relative to the address the lobby was opened at.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Let chat webhooks post to loopback, private, link-local and
    /// unspecified addresses (a receiver on this machine or network); by
    /// default such webhook URLs are refused.
    #[arg(long)]
    allow_private_webhooks: bool,
    /// This instance's own address as the other instances reach it, such
    /// as http://10.0.0.2:8080: needed to run several instances on one
    /// PostgreSQL database (docs/instances.md). Each game is then held by
    /// one instance at a time, and requests for it are passed to it.
    #[arg(long, value_name = "URL")]
    advertise: Option<String>,
    /// How long an instance's hold on a game lasts unless renewed (it
    /// renews every three tenths of it); with --advertise.
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(2..=600))]
    lease_secs: u64,
}

pub fn run(args: ServeArgs) -> Result<(), String> {
    // Internal errors are logged here and never shown to clients.
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing_subscriber::filter::LevelFilter::INFO)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    let public_url = match args.public_url.or_else(|| {
        std::env::var("ARBITER_PUBLIC_URL")
            .ok()
            .filter(|u| !u.is_empty())
    }) {
        Some(url) => Some(arbiter_server::pages::public_url(&url)?),
        None => None,
    };
    if let Some(url) = &args.advertise {
        arbiter_server::owners::check_address(url)?;
        if !(args.db.starts_with("postgres://") || args.db.starts_with("postgresql://")) {
            return Err(
                "--advertise is for several instances on one PostgreSQL database; \
                        --db is not a postgres:// URL"
                    .into(),
            );
        }
    }
    let settings = arbiter_server::Settings {
        advertise: args.advertise,
        lease: Duration::from_secs(args.lease_secs),
        public_url,
        ws_ping_every: Duration::from_secs(args.ws_ping_secs),
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        bot_threads: args.bot_threads,
        allow_private_webhooks: args.allow_private_webhooks,
        ..arbiter_server::Settings::default()
    };
    let limits = listen::Limits {
        header_timeout: Duration::from_secs(args.header_timeout_secs),
        max_connections: args.max_connections,
        ..listen::Limits::default()
    };
    runtime.block_on(arbiter_server::serve(
        &args.addr, &args.db, settings, limits,
    ))
}
