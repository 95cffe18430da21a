//! Knight Court's proofs around the UCI engine's search, so that `arbiter
//! uci knight-court` chooses as host level 5 does: it plays a proved mate
//! without searching, and replaces a choice proved to lose.

use super::proving::{Proofs, Proved};
use super::KnightCourtTableDuel;
use crate::uci::{EngineSearch, Referee};
use arbiter_core::Seed;
use arbiter_knight_court::{KnightCourt, Move};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

impl Referee<KnightCourtTableDuel> for Proofs {
    fn choose(
        &self,
        game: &KnightCourt,
        deadline: Option<Instant>,
        flag: &AtomicBool,
        seed: Seed,
        search: &mut EngineSearch<'_, KnightCourtTableDuel>,
        say: &mut dyn FnMut(String),
    ) -> Option<Move> {
        let decision = self.decide(game, deadline, Some(flag), seed, search);
        let choice = decision.choice?;
        match decision.proved {
            Proved::Nothing => {}
            // UCI counts mates in the engine's own moves: a mate in `plies`
            // plies is a mate in (plies + 1) / 2 moves, and being mated in
            // `plies` plies is mate -plies / 2.
            Proved::Mate { plies, nodes } => {
                say(format!(
                    "info string proofs: a forced mate in {plies} plies"
                ));
                say(format!(
                    "info depth {plies} score mate {} nodes {nodes} pv {choice}",
                    plies.div_ceil(2)
                ));
            }
            Proved::Vetoed {
                refused,
                plies,
                kept,
            } => say(format!(
                "info string proofs: {refused} is mated within {plies} plies; \
                 chose among the {kept} moves not proved to lose"
            )),
            Proved::EveryMoveLoses { plies } => {
                say("info string proofs: every move is proved to lose".into());
                say(format!(
                    "info depth {plies} score mate -{} pv {choice}",
                    plies / 2
                ));
            }
        }
        Some(choice)
    }
}
