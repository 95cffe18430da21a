//! Knight Control in the CLI: `new`, `replay` and `show` over game records
//! (docs/rules/knight-control.md#the-cli). The game is simultaneous and
//! private, so the move-list commands of alternating games do not apply.

use arbiter_core::{Seat, Seed, Viewer};
use arbiter_knight_control::record::Record;
use arbiter_knight_control::{parse_player, player_name, KnightControl, Layout, Rules, Stage, ID};
use clap::Args;
use std::fmt::Write;
use std::path::PathBuf;

/// `arbiter new knight-control --players N [--seed S] [--layout FILE]`
#[derive(Args)]
pub struct NewArgs {
    /// The game: knight-control (the one game whose records start from a
    /// seed and a layout written here).
    pub game: String,
    /// Number of players, 2 to 11.
    #[arg(long)]
    pub players: usize,
    /// A number or 64 hex digits; a fresh random seed when absent.
    #[arg(long)]
    pub seed: Option<String>,
    /// A layout file (JSON, see docs/rules/knight-control.md#layout-files).
    #[arg(long)]
    pub layout: Option<PathBuf>,
    /// Write the record here instead of to standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `arbiter replay knight-control RECORD [--as PLAYER]`
#[derive(Args)]
pub struct ReplayArgs {
    /// The game: knight-court, knight-moves, progressive-chess, tilechess
    /// or knight-control (`arbiter games` lists them).
    pub game: String,
    /// The record file (JSON or text, docs/records.md; knight-control:
    /// also one `arbiter new` wrote).
    pub record: PathBuf,
    /// Also print this player's private view (P1, P2, … or 1, 2, …).
    #[arg(long = "as")]
    pub player: Option<String>,
}

fn check_game(game: &str) -> Result<(), String> {
    crate::games::find(game)?;
    if game == ID {
        Ok(())
    } else {
        Err(format!(
            "'{game}' has no records to create or replay; only {ID} does"
        ))
    }
}

fn read(path: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

pub fn new(args: NewArgs) -> Result<(), String> {
    check_game(&args.game)?;
    let seed = match &args.seed {
        Some(text) => text.parse::<Seed>()?,
        None => Seed::random(),
    };
    let layout = match &args.layout {
        Some(path) => {
            let layout =
                Layout::from_json(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
            layout.file().clone()
        }
        None => arbiter_knight_control::standard_file(),
    };
    let record = Record::new(args.players, Rules::default(), layout, seed)?;
    let json = record.to_json();
    match &args.out {
        Some(path) => std::fs::write(path, json + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => {
            println!("{json}");
            Ok(())
        }
    }
}

fn load(path: &PathBuf) -> Result<Record, String> {
    Record::from_json(&read(path)?)
}

fn private_lines(game: &KnightControl, seat: Seat, round: u8) -> String {
    let view = game.view_for(Viewer::Seat(seat));
    let me = view.me.expect("a seat's view has a private part");
    let mut out = String::new();
    let p = me.purse;
    let _ = writeln!(
        out,
        "  [{}] chips {}, garnets {}, chips gained {}, ToL pieces {}",
        me.player, p.chips, p.garnets, p.gained, p.tol_pieces
    );
    for n in me.notices.iter().filter(|n| n.round == round) {
        let _ = writeln!(out, "  [{}] notice: {}", me.player, n.text);
    }
    for t in me.trades.iter().filter(|t| t.round == round) {
        let _ = writeln!(
            out,
            "  [{}] trade: {} gave {} {} chips; after it {} has {} and {} has {}",
            me.player, t.from, t.to, t.chips, t.from, t.from_chips_after, t.to, t.to_chips_after
        );
    }
    for (from, to, step) in &me.gifts {
        let _ = writeln!(out, "  [{}] gift in step {step}: {from} to {to}", me.player);
    }
    out
}

pub fn replay(args: ReplayArgs) -> Result<(), String> {
    check_game(&args.game)?;
    let record = load(&args.record)?;
    let seat = match &args.player {
        Some(p) => Some(parse_player(p, record.players)?),
        None => None,
    };
    let start = record.start()?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{ID}: {} players, seed commitment {}",
        record.players, record.seed_commitment
    );
    let mut shown = start.view_for(Viewer::Spectator).board;
    let _ = write!(out, "{}", start.draw(&shown));
    let mut logs_shown = 0;
    let game = record.replay_with(|g| {
        let board = g.view_for(Viewer::Spectator).board;
        for log in &g.log()[logs_shown..] {
            let title = if log.round == 0 {
                "bidding".to_string()
            } else {
                format!("round {}", log.round)
            };
            let _ = writeln!(out, "\n== {title} ==");
            for e in &log.events {
                let _ = writeln!(out, "  {e}");
            }
            if let Some(s) = seat {
                out.push_str(&private_lines(g, s, log.round));
            }
        }
        logs_shown = g.log().len();
        if board != shown {
            let _ = write!(out, "{}", g.draw(&board));
            shown = board;
        }
    })?;
    out.push_str(&results(&game));
    if let Some(s) = seat {
        let me = game
            .view_for(Viewer::Seat(s))
            .me
            .expect("a seat's view has a private part");
        let _ = writeln!(out, "\nprivate view of {} at the end:", me.player);
        out.push_str(&private_lines(&game, s, u8::MAX));
        let knights: Vec<String> = me
            .knights_now
            .iter()
            .map(|k| format!("{}:{}", k.cell, k.movement))
            .collect();
        let knights = if knights.is_empty() {
            "none".to_string()
        } else {
            knights.join(" ")
        };
        let _ = writeln!(out, "  knights: {knights}");
        for n in &me.notices {
            let _ = writeln!(out, "  notice (round {}): {}", n.round, n.text);
        }
        let rounds = game.rules().rounds;
        for t in &me.trades {
            let when = if t.round > rounds {
                "after the last round".to_string()
            } else {
                format!("round {}", t.round)
            };
            let _ = writeln!(
                out,
                "  trade ({when}): {} gave {} {} chips",
                t.from, t.to, t.chips
            );
        }
    }
    print!("{out}");
    Ok(())
}

fn results(game: &KnightControl) -> String {
    let mut out = String::new();
    if game.stage() != Stage::Over {
        let step = match game.stage() {
            Stage::Bidding => "bidding".to_string(),
            Stage::Orders | Stage::Items => format!("{:?} of round {}", game.stage(), game.round()),
            Stage::FinalExchange => "the end-of-game step after the last round".to_string(),
            stage => format!("{stage:?} (the awards)"),
        };
        let _ = writeln!(
            out,
            "\nthe record stops before the end: {step}, waiting for {:?}",
            game.pending()
                .iter()
                .map(|&s| player_name(s))
                .collect::<Vec<_>>()
        );
        return out;
    }
    let a = game.awards();
    let _ = writeln!(out, "\n== results ==");
    for s in Seat::all(game.players()) {
        let p = game.state().purses[s.index()];
        let _ = writeln!(
            out,
            "  {}: ToLs {}{}, chips gained {}, ToL pieces {}",
            player_name(s),
            a.tols[s.index()],
            if a.won_self[s.index()] {
                " (won one)"
            } else {
                ""
            },
            p.gained,
            p.tol_pieces
        );
    }
    let ec = match a.ec {
        Some(s) if a.ec_drawn => format!("{} (drawn at random among the tied)", player_name(s)),
        Some(s) => player_name(s),
        None => "none (every player holds a ToL)".into(),
    };
    let _ = writeln!(out, "  EC: {ec}");
    let _ = writeln!(out, "  ToLs nullified: {}", a.nullified);
    out
}
