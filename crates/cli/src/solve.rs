//! `arbiter solve` and `arbiter analyse`: Knight Court's exact values.

use arbiter_core::TextPosition;
use arbiter_knight_court::{KnightCourt, Move};
use arbiter_search::dfpn::MAX_HORIZON;
use arbiter_search::games::knight_court::{prove_each_move, MoveProof};
use arbiter_search::knight_court;
use arbiter_search::no_repetition::{FirstMove, MateProof, NoRepetitionSearch};
use arbiter_search::retrograde::{Progress, Table, Value};
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;
use std::time::Instant;

/// Progress bars on standard error, one per stage.
struct Bars(Mutex<Option<ProgressBar>>);

impl Progress for Bars {
    fn begin(&self, stage: &str, total: u64) {
        let bar = ProgressBar::new(total).with_message(stage.to_string());
        bar.set_style(
            ProgressStyle::with_template("{msg:>20} [{bar:40}] {pos}/{len} {elapsed}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        *self.0.lock().unwrap() = Some(bar);
    }
    fn advance(&self, n: u64) {
        if let Some(bar) = &*self.0.lock().unwrap() {
            bar.inc(n);
        }
    }
    fn finish(&self) {
        if let Some(bar) = self.0.lock().unwrap().take() {
            bar.finish();
        }
    }
}

fn require_knight_court(game: &str, command: &str) -> Result<(), String> {
    crate::games::find(game)?;
    if game != arbiter_knight_court::ID {
        return Err(format!(
            "'{command}' knows only knight-court; {game} is too large to solve"
        ));
    }
    Ok(())
}

fn describe_start(value: Value) -> String {
    match value {
        Value::Draw => "draw".into(),
        Value::Win(d) => format!("White wins in {d} plies"),
        Value::Loss(d) => format!("Black wins in {d} plies"),
    }
}

pub fn solve(
    game: &str,
    out: Option<&str>,
    moonshot: Option<u64>,
    horizon: Option<crate::horizon::Horizon>,
) -> Result<(), String> {
    require_knight_court(game, "solve")?;
    if let Some(horizon) = &horizon {
        horizon.check()?;
    }
    let bars = Bars(Mutex::new(None));
    let started = Instant::now();
    let table = knight_court::solve(&bars);
    let solved = started.elapsed();
    let checked =
        knight_court::verify(&table, &bars).map_err(|e| format!("verification failed: {e}"))?;
    let total = started.elapsed();
    if let Some(path) = out {
        std::fs::write(path, knight_court::write(&table))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("table written to {path}");
    }
    print_summary(&table, checked);
    println!(
        "time: solve {:.1} ms, solve and verify {:.1} ms",
        solved.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3
    );
    if let Some(seconds) = moonshot {
        run_moonshot(&table, seconds);
    }
    if let Some(horizon) = horizon {
        horizon.run(&table)?;
    }
    let start = knight_court::value(&table, KnightCourt::new().position());
    println!("start: {}", describe_start(start));
    Ok(())
}

/// Searches the start with full history, deepening until the time is up,
/// then re-proves every refutation exactly and prints its main line.
fn run_moonshot(table: &Table, seconds: u64) {
    let game = KnightCourt::new();
    let deadline = arbiter_search::player::after(std::time::Duration::from_secs(seconds));
    println!("moonshot: the start under the no-repetition rule ({seconds} s)");
    let mut settled: Vec<FirstMove> = Vec::new();
    let mut reached = 0;
    for depth in 1.. {
        let mut search = NoRepetitionSearch::new(table, game.history(), Some(deadline));
        let result = search.root(game.position(), depth);
        if search.aborted {
            break;
        }
        reached = depth;
        settled = result;
        let line: Vec<String> = settled
            .iter()
            .map(|f| format!("{} {}", f.notation, describe_score(f.score)))
            .collect();
        println!(
            "  depth {depth:>2} ({} nodes): {}",
            search.nodes,
            line.join(", ")
        );
    }
    for first in &settled {
        if first.score >= 0 {
            println!(
                "  {}: no forced result for either side within {reached} plies",
                first.notation
            );
            continue;
        }
        let mut after = game.clone();
        after
            .play(first.notation.parse().expect("a legal move"))
            .expect("a legal move");
        let mut proof = MateProof::new(table, after.history());
        match proof.shortest_mate(after.position(), 31) {
            Some(n) => println!(
                "  {}: refuted, Black mates in {n} plies (exact, no table trusted): {}",
                first.notation,
                proof.main_line(after.position(), n).join(" ")
            ),
            None => println!(
                "  {}: the table-guided search says lost; exact proof not found within 31 plies",
                first.notation
            ),
        }
    }
}

fn describe_score(score: i32) -> String {
    match score {
        0 => "=".into(),
        s if s > 0 => format!("+ (mate by ply {})", 10_000 - s),
        s => format!("- (mated by ply {})", 10_000 + s),
    }
}

fn print_summary(table: &Table, checked: u64) {
    let counts = table.counts();
    println!(
        "positions: {} (every one verified against its children: {checked})",
        counts.positions()
    );
    println!("  won by the side to move:  {}", counts.wins);
    println!("  lost by the side to move: {}", counts.losses);
    println!("  drawn:                    {}", counts.draws);
    println!("longest forced win: {} plies", counts.longest_win);
}

pub fn analyse(
    game: &str,
    position: Option<&str>,
    prove: Option<u32>,
    moves: &[String],
) -> Result<(), String> {
    require_knight_court(game, "analyse")?;
    if let Some(plies) = prove.filter(|p| !(1..=MAX_HORIZON).contains(p)) {
        return Err(format!(
            "--prove takes 1 to {MAX_HORIZON} plies (it was {plies})"
        ));
    }
    let mut g = match position {
        Some(text) => KnightCourt::from_position(text).map_err(|e| e.to_string())?,
        None => KnightCourt::new(),
    };
    for (i, text) in moves.iter().enumerate() {
        let mv: Move = text
            .parse()
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        g.play(mv)
            .map_err(|e| format!("move {} '{text}': {}", i + 1, e.reason))?;
    }
    let table = knight_court::table();
    println!(
        "position: {} ({})",
        g.position(),
        knight_court::value(table, g.position())
    );
    let values = knight_court::analyse(table, &g);
    let Some(plies) = prove else {
        for (mv, value) in values {
            println!("{:<6} {value}", mv.to_string());
        }
        return Ok(());
    };
    // The table's order, with what the proofs say beside each move.
    let (proofs, nodes) = prove_each_move(&g, plies, u64::MAX);
    let mover = format!("{:?}", g.position().turn());
    for (mv, value) in values {
        let proof = proofs
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, p)| *p)
            .expect("the same legal moves");
        let said = match proof {
            MoveProof::Mates(n) => format!("{mover} forces mate within {n} plies"),
            MoveProof::Mated(n) => format!("{mover} is mated within {n} plies"),
            MoveProof::Neither => format!("no forced mate within {plies} plies"),
            MoveProof::Unknown => "unknown".to_string(),
        };
        println!(
            "{:<6} {:<16} true rule: {said}",
            mv.to_string(),
            value.to_string()
        );
    }
    println!("(proved under the true rule: {nodes} nodes)");
    Ok(())
}
