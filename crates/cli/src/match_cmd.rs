//! `arbiter match`: bots against bots, with a results table.

use arbiter_core::{Seed, TextPosition};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::arena::{elo, run_match, standings, Arena, Plan, Record};
use arbiter_search::games::knight_court::won_positions;
use arbiter_search::Spec;
use arbiter_tilechess::Tilechess;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// The options of one `arbiter match`.
pub struct MatchArgs {
    pub game: String,
    pub seats: Vec<String>,
    pub games: usize,
    pub jobs: usize,
    pub seed: u64,
    pub out: Option<PathBuf>,
    pub turn_limit: Option<usize>,
    pub openings: Option<String>,
    /// For `uci:` seats (see `match_uci`).
    pub uci_options: Vec<String>,
    pub uci_go: Option<String>,
    pub uci_fen: Option<String>,
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    crate::games::find(&args.game)?;
    let kind = arbiter_server::adapter::kind(&args.game)?;
    if crate::match_uci::wanted(&args) {
        return crate::match_uci::run(&args);
    }
    let specs: Vec<Spec> = args
        .seats
        .iter()
        .map(|s| s.parse::<Spec>().map_err(|e| format!("--seat {s}: {e}")))
        .collect::<Result<_, _>>()?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.game == arbiter_knight_control::ID {
        return crate::match_kc::run(&args, specs);
    }
    let openings = match args.openings.as_deref() {
        None => None,
        Some("table-wins") if args.game == arbiter_knight_court::ID => Some(
            won_positions(args.games, Seed::from_u64(args.seed))
                .into_iter()
                .map(|p| TextPosition::position(&KnightCourt::starting_at(p)))
                .collect(),
        ),
        Some("table-wins") => return Err("--openings table-wins is for knight-court".into()),
        Some(file) => Some(
            std::fs::read_to_string(file)
                .map_err(|e| format!("--openings {file}: {e}"))?
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect(),
        ),
    };
    // The registry's seat range, at least two players, and at most eight
    // in a match of a table that could seat more (Tilechess).
    let two_seat = kind.max_seats == 2;
    let (least, most) = (kind.min_seats.max(2), kind.max_seats.min(8));
    if two_seat && specs.len() != 2 {
        return Err(format!("{} needs exactly two --seat options", args.game));
    }
    if !(least..=most).contains(&specs.len()) {
        return Err(format!(
            "{} matches take {least} to {most} --seat options",
            args.game
        ));
    }
    let plan = Plan {
        specs,
        games: args.games,
        seed: args.seed,
        jobs: args.jobs,
        turn_limit: args.turn_limit.unwrap_or(if two_seat { 2000 } else { 200 }),
        openings,
    };
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    match args.game.as_str() {
        arbiter_knight_court::ID => run_game::<KnightCourt>(&args, &plan),
        arbiter_knight_moves::ID => run_game::<KnightMoves>(&args, &plan),
        arbiter_progressive_chess::ID => run_game::<ProgressiveChess>(&args, &plan),
        arbiter_tilechess::ID => run_game::<Tilechess>(&args, &plan),
        other => Err(format!("{other} has no bots yet")),
    }
}

fn run_game<G: Arena>(args: &MatchArgs, plan: &Plan) -> Result<(), String> {
    let bar = ProgressBar::new(plan.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} {elapsed} eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message(args.game.clone());
    let out = args.out.clone();
    let game_id = args.game.clone();
    let write_error = std::sync::Mutex::new(None::<String>);
    let records = run_match::<G>(plan, &|record: &Record| {
        if let Some(dir) = &out {
            let path = dir.join(format!("game-{:04}.txt", record.index + 1));
            if let Err(e) = std::fs::write(&path, record.to_text(&game_id)) {
                *write_error.lock().unwrap() = Some(format!("{}: {e}", path.display()));
            }
        }
        bar.inc(1);
    })?;
    bar.finish();
    if let Some(e) = write_error.into_inner().unwrap() {
        return Err(e);
    }
    print!("{}", report(&args.game, plan, &records));
    Ok(())
}

fn report(game: &str, plan: &Plan, records: &[Record]) -> String {
    let mut out = format!(
        "{game}: {} games, seed {}{}\n",
        records.len(),
        plan.seed,
        if plan.openings.is_some() {
            ", from the given openings (player 1 to move)"
        } else {
            ", seats rotated"
        }
    );
    out += &format!(
        "{:<7} {:<14} {:>7} {:>8} {:>7} {:>7} {:>11}\n",
        "player", "spec", "games", "points", "score%", "first", "mean score"
    );
    for s in standings(records, &plan.specs) {
        out += &format!(
            "{:<7} {:<14} {:>7} {:>8.1} {:>6.1}% {:>7} {:>11.2}\n",
            s.player + 1,
            s.spec.to_string(),
            s.games,
            s.points,
            100.0 * s.points / s.games.max(1) as f64,
            s.firsts,
            s.mean_score
        );
    }
    let reasons = {
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for r in records {
            *counts.entry(r.outcome.reason.clone()).or_default() += 1;
        }
        counts
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out += &format!("endings: {reasons}\n");
    if plan.specs.len() == 2 {
        let (d, lo, hi) = elo(records);
        out += &format!("Elo (player 1 - player 2): {d:+.0}, 95% interval [{lo:+.0}, {hi:+.0}]\n");
    }
    out
}
