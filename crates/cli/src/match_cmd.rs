//! `arbiter match`: bots against bots, with a results table. The game's
//! arena comes from the registry (`arbiter_registry::Matches`).

use arbiter_registry::MatchPlan;
use arbiter_search::Spec;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// The options of one `arbiter match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game: knight-court, knight-moves, progressive-chess, tilechess
    /// or knight-control (`arbiter games` lists them).
    pub game: String,
    /// One per seat: a host level 1 to 5 (docs/ai.md#levels), or a level
    /// and budget, e.g. max:200ms, max:5000n, greedy, random (and
    /// search:BUDGET for Knight Court's plain searcher, table for its
    /// solved table read as it stands).
    #[arg(long = "seat", required = true)]
    pub seats: Vec<String>,
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Games played at once (with uci: seats, each worker starts its own
    /// engine processes).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// The match's seed: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write every game record into this directory.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Actions before the host ends a game (Tilechess default 200:
    /// then ranked by score).
    #[arg(long)]
    pub turn_limit: Option<usize>,
    /// A file of start positions, one per line, or `table-wins`
    /// (knight-court): player 1 takes the side to move.
    #[arg(long)]
    pub openings: Option<String>,
    /// Knight Control: the host grants a communal garnet to two players
    /// (drawn from the game's seed) at the start of each of the first N
    /// rounds' orders steps.
    #[arg(long, default_value_t = 0)]
    pub communal: u8,
    /// A UCI option for every `uci:` seat, as Name=Value (repeatable).
    #[arg(long = "uci-option")]
    pub uci_options: Vec<String>,
    /// What `uci:` seats are told after `go` (default `movetime 100`).
    #[arg(long)]
    pub uci_go: Option<String>,
    /// How openings are written for `uci:` seats: `native` (the game's
    /// position string) or `chess` (six chess fields).
    #[arg(long)]
    pub uci_fen: Option<String>,
}

/// The most games one match plays, and plays at once.
const MOST_GAMES: usize = 1_000_000;
const MOST_JOBS: usize = 256;

pub fn run(args: MatchArgs) -> Result<(), String> {
    let kind = crate::games::find(&args.game)?;
    // Checked before either kind of match: a match of no games, or of
    // games ended before their first action, has nothing to report.
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    // Bounds a person would not reach, so that a slip of the keyboard is
    // refused instead of filling memory with a list of games, or the
    // system with threads.
    if args.games > MOST_GAMES {
        return Err(format!(
            "--games {}: a match plays at most {MOST_GAMES} games",
            args.games
        ));
    }
    if !(1..=MOST_JOBS).contains(&args.jobs) {
        return Err(format!(
            "--jobs {}: a match plays 1 to {MOST_JOBS} games at once",
            args.jobs
        ));
    }
    if args.turn_limit == Some(0) {
        return Err("--turn-limit must be at least 1 (leave it out for the game's own)".into());
    }
    if crate::match_uci::wanted(&args) {
        return crate::match_uci::run(kind, &args);
    }
    let specs: Vec<Spec> = args
        .seats
        .iter()
        .map(|s| kind.matches.spec(s).map_err(|e| format!("--seat {s}: {e}")))
        .collect::<Result<_, _>>()?;
    let openings = match args.openings.as_deref() {
        None => None,
        Some(name) => match kind.matches.named_openings(name, args.games, args.seed) {
            Some(list) => Some(list),
            None => Some(read_openings(name)?),
        },
    };
    let plan = MatchPlan {
        specs,
        games: args.games,
        seed: args.seed,
        jobs: args.jobs,
        turn_limit: args.turn_limit,
        openings,
        communal: args.communal,
    };
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    let bar = ProgressBar::new(plan.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} {elapsed} eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message(args.game.clone());
    let write_error = std::sync::Mutex::new(None::<String>);
    let report = kind.matches.play(kind, &plan, &|index, text| {
        if let Some(dir) = &args.out {
            let path = dir.join(format!("game-{:04}.txt", index + 1));
            if let Err(e) = std::fs::write(&path, text) {
                *write_error.lock().unwrap() = Some(format!("{}: {e}", path.display()));
            }
        }
        bar.inc(1);
    })?;
    bar.finish();
    if let Some(e) = write_error.into_inner().unwrap() {
        return Err(e);
    }
    print!("{report}");
    Ok(())
}

/// A file of start positions, one per line (`#` starts a comment line).
fn read_openings(file: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        format!("--openings {file}: {e} (and the game has no set of openings by that name)")
    })?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect())
}
