//! `arbiter solve knight-court --horizon N`: for every first move, whether
//! either side can force mate within N plies under the true rule, proved
//! by proof-number search (no table value trusted). With `--stalemates`,
//! whether either side can force the game to end within N plies without
//! losing (by mate, or by a stalemate of either side): the question a
//! proof of a draw needs.

use arbiter_knight_court::{Color, KnightCourt};
use arbiter_search::dfpn::{HorizonProof, Verdict, LONG_SEARCH_ENTRIES, MAX_HORIZON};
use arbiter_search::retrograde::Table;
use std::time::Instant;

/// The most memory `--memory` may name, in GiB.
const MOST_MEMORY_GIB: u32 = 1024;

/// What `--horizon`, `--stalemates` and `--memory` ask for.
pub struct Horizon {
    pub plies: u32,
    pub stalemates: bool,
    pub memory_gib: Option<u32>,
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
                let mut search = HorizonProof::new(table, attacker).keeping(LONG_SEARCH_ENTRIES);
                if let Some(gib) = self.memory_gib {
                    search = search.within_bytes((gib as usize) << 30);
                }
                if stalemates {
                    search = search.counting_stalemates();
                }
                let clock = Instant::now();
                let verdict = search.prove(game.history(), game.position(), horizon);
                total_nodes += search.nodes;
                let said = match verdict {
                    Verdict::Mates(plies) => {
                        format!("forces {goal_in} (a proof {plies} plies deep)")
                    }
                    Verdict::NoMate => format!("cannot {goal} within {horizon} plies"),
                };
                println!(
                    "  1. {mv}: {attacker:?} {said} ({} nodes, {} results reused, {:.1} s)",
                    search.nodes,
                    search.reused,
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
