//! `arbiter solve knight-court --horizon N`: for every first move, whether
//! either side can force mate within N plies under the true rule, proved
//! by proof-number search (no table value trusted). With `--stalemates`,
//! whether either side can force the game to end within N plies without
//! losing (by mate, or by a stalemate of either side): the question a
//! proof of a draw needs.

use arbiter_knight_court::{Color, KnightCourt};
use arbiter_search::dfpn::{HorizonProof, Report, Verdict, MAX_HORIZON};
use arbiter_search::retrograde::Table;
use indicatif::ProgressBar;
use std::time::{Duration, Instant};

/// How often, in nodes, a running proof says how it is getting on.
const REPORT_EVERY_NODES: u64 = 1 << 16;
/// When standard error is not a terminal (a log file), a report is written
/// as a line at most this often.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// The most memory `--memory` may name, in GiB.
const MOST_MEMORY_GIB: u32 = 1024;
/// The most results `--entries` may keep for one position.
const MOST_ENTRIES: usize = 1 << 16;

/// What `--horizon`, `--stalemates`, `--memory` and `--entries` ask for.
pub struct Horizon {
    pub plies: u32,
    pub stalemates: bool,
    pub memory_gib: Option<u32>,
    pub entries: usize,
}

impl Horizon {
    /// Refuses a horizon the search cannot hold, or a memory bound out of
    /// range, before any work is done.
    pub fn check(&self) -> Result<(), String> {
        let plies = self.plies;
        if plies > MAX_HORIZON {
            return Err(format!(
                "--horizon is at most {MAX_HORIZON} plies (it was {plies})"
            ));
        }
        if let Some(gib) = self
            .memory_gib
            .filter(|g| !(1..=MOST_MEMORY_GIB).contains(g))
        {
            return Err(format!(
                "--memory takes 1 to {MOST_MEMORY_GIB} GiB (it was {gib})"
            ));
        }
        if !(1..=MOST_ENTRIES).contains(&self.entries) {
            return Err(format!(
                "--entries takes 1 to {MOST_ENTRIES} results a position (it was {})",
                self.entries
            ));
        }
        Ok(())
    }

    pub fn run(&self, table: &Table) -> Result<(), String> {
        self.check()?;
        let (horizon, stalemates) = (self.plies, self.stalemates);
        println!("horizon: every first move, {horizon} plies after it, no repetition allowed");
        let (goal, goal_in) = if stalemates {
            (
                "force an end it does not lose (mate or stalemate)",
                "an end",
            )
        } else {
            ("force mate", "mate")
        };
        let start = KnightCourt::new();
        let mut total_nodes = 0;
        let started = Instant::now();
        for mv in start.legal_moves() {
            let mut game = start.clone();
            game.play(mv).expect("a legal move");
            for attacker in [Color::White, Color::Black] {
                let mut watch = Watch::new(format!("1. {mv}, {attacker:?}"));
                let mut search = HorizonProof::new(table, attacker)
                    .keeping(self.entries)
                    .reporting(REPORT_EVERY_NODES, |report| watch.tell(report));
                if let Some(gib) = self.memory_gib {
                    search = search.within_bytes((gib as usize) << 30);
                }
                if stalemates {
                    search = search.counting_stalemates();
                }
                let clock = Instant::now();
                let verdict = search.prove(game.history(), game.position(), horizon);
                let (nodes, reused) = (search.nodes, search.reused);
                drop(search);
                watch.bar.finish_and_clear();
                total_nodes += nodes;
                let said = match verdict {
                    Verdict::Mates(plies) => {
                        format!("forces {goal_in} (a proof {plies} plies deep)")
                    }
                    Verdict::NoMate => format!("cannot {goal} within {horizon} plies"),
                };
                println!(
                    "  1. {mv}: {attacker:?} {said} ({nodes} nodes, {reused} results reused, {:.1} s)",
                    clock.elapsed().as_secs_f64()
                );
            }
        }
        println!(
            "  total: {total_nodes} nodes in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

/// A proof's progress on standard error: a spinner on a terminal, or a
/// line a minute in a log, so that a search of hours shows whether it is
/// getting anywhere.
struct Watch {
    label: String,
    bar: ProgressBar,
    started: Instant,
    logged: Instant,
    /// The shallowest ply updated since the last line logged (in a log;
    /// unused on a terminal).
    updated_from: usize,
}

impl Watch {
    fn new(label: String) -> Watch {
        let bar = ProgressBar::new_spinner();
        bar.set_message(format!("{label}: starting"));
        let now = Instant::now();
        Watch {
            label,
            bar,
            started: now,
            logged: now,
            updated_from: usize::MAX,
        }
    }

    fn tell(&mut self, report: &Report) {
        let seconds = self.started.elapsed().as_secs_f64();
        let near: Vec<String> = (report.numbers_near_root.iter())
            .map(|(pn, dn)| format!("{pn}/{dn}"))
            .collect();
        let near = near.join(" ");
        let (nodes, gb) = (report.nodes, report.bytes_stored as f64 / 1e9);
        let label = &self.label;
        if self.bar.is_hidden() {
            // Only the log's lines span several reports; the spinner shows
            // each report's own.
            self.updated_from = self.updated_from.min(report.updated_from);
            if self.logged.elapsed() >= LOG_EVERY {
                self.logged = Instant::now();
                eprintln!(
                    "    {label}: {nodes} nodes in {seconds:.0} s, {} results stored in {gb:.2} GB ({} dropped), {} reused, {} refused; proof/disproof numbers from the root {near}, updated since the last line from ply {}; {} plies deep",
                    report.results_stored, report.dropped, report.reused, report.refused, self.updated_from, report.plies_deep
                );
                self.updated_from = usize::MAX;
            }
        } else {
            self.bar.set_message(format!(
                "{label}: {nodes} nodes, {seconds:.0} s, {gb:.2} GB; pn/dn {near}, updated from ply {}",
                report.updated_from
            ));
            self.bar.tick();
        }
    }
}
