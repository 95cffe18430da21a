//! The CLI's face of every game in the server's registry
//! (`arbiter_server::adapter::KINDS`), behind one object-safe interface.
//!
//! Alternating games share one generic adapter, [`TurnBased`], over the
//! traits in `arbiter-core`; adding such a game is one line in [`adapter`].

use arbiter_core::{Diagram, Game, Perft, Phase, TextPosition};
use arbiter_server::adapter::KINDS;
use std::marker::PhantomData;

/// What the CLI can do with a game.
pub trait CliGame: Sync {
    fn id(&self) -> &'static str;
    /// The legal moves after `moves` from `position`, sorted.
    fn moves(&self, position: Option<&str>, moves: &[String]) -> Result<Vec<String>, String>;
    /// The position string after `moves`.
    fn apply(&self, position: Option<&str>, moves: &[String]) -> Result<String, String>;
    /// Perft, split by first move when `divide` is set.
    fn perft(
        &self,
        position: Option<&str>,
        depth: u32,
        divide: bool,
    ) -> Result<(Vec<(String, u64)>, u64), String>;
    /// The board diagram after `moves`.
    fn show(&self, position: Option<&str>, moves: &[String]) -> Result<String, String>;
    /// An interactive game against the engine.
    fn play(
        &self,
        position: Option<&str>,
        human_seat: u8,
        engine: arbiter_search::Spec,
    ) -> Result<(), String>;
}

/// The CLI adapter of the registry's game `id` (`arbiter_server::adapter::KINDS`).
fn adapter(id: &str) -> Option<&'static dyn CliGame> {
    let adapters: [&'static dyn CliGame; 5] = [
        &TurnBased::<arbiter_knight_court::KnightCourt>(arbiter_knight_court::ID, PhantomData),
        &TurnBased::<arbiter_knight_moves::KnightMoves>(arbiter_knight_moves::ID, PhantomData),
        &TurnBased::<arbiter_progressive_chess::ProgressiveChess>(
            arbiter_progressive_chess::ID,
            PhantomData,
        ),
        &crate::tilechess::TilechessCli,
        &crate::knight_control::KnightControlCli,
    ];
    adapters.into_iter().find(|g| g.id() == id)
}

/// Every game of the registry, in its order (what `arbiter games` lists).
pub fn all() -> Vec<&'static dyn CliGame> {
    KINDS
        .iter()
        .map(|k| adapter(k.id).unwrap_or_else(|| panic!("{} has no CLI adapter", k.id)))
        .collect()
}

/// The game with this id; an unknown one is refused with the known ids.
pub fn find(id: &str) -> Result<&'static dyn CliGame, String> {
    let kind = arbiter_server::adapter::kind(id)?;
    adapter(kind.id).ok_or_else(|| format!("{} has no CLI adapter", kind.name))
}

/// The CLI adapter for alternating games with position strings.
pub struct TurnBased<G>(pub &'static str, pub PhantomData<fn() -> G>);

impl<G> TurnBased<G>
where
    G: Game + TextPosition + Perft + Diagram,
{
    fn start(position: Option<&str>) -> Result<G, String> {
        match position {
            Some(text) => G::from_position(text).map_err(|e| e.to_string()),
            None => Ok(G::start()),
        }
    }

    /// Plays `moves` from `position`; an error names the move by index and
    /// text and says why it was refused.
    fn replay(position: Option<&str>, moves: &[String]) -> Result<G, String> {
        let mut game = Self::start(position)?;
        for (i, text) in moves.iter().enumerate() {
            let seat = match game.phase() {
                Phase::Turn(seat) => seat,
                Phase::Over(outcome) => {
                    return Err(format!(
                        "move {} '{text}': the game is already over ({outcome})",
                        i + 1
                    ))
                }
                other => {
                    return Err(format!(
                        "move {} '{text}': no single seat is to move ({other:?})",
                        i + 1
                    ))
                }
            };
            game.act_text(seat, text)
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        }
        Ok(game)
    }
}

impl<G> CliGame for TurnBased<G>
where
    G: Game + TextPosition + Perft + Diagram + 'static,
{
    fn id(&self) -> &'static str {
        self.0
    }

    fn moves(&self, position: Option<&str>, moves: &[String]) -> Result<Vec<String>, String> {
        let game = Self::replay(position, moves)?;
        let mut list: Vec<String> = match game.phase() {
            Phase::Turn(seat) => game
                .legal_actions(seat)
                .iter()
                .map(|a| a.to_string())
                .collect(),
            _ => Vec::new(),
        };
        list.sort();
        Ok(list)
    }

    fn apply(&self, position: Option<&str>, moves: &[String]) -> Result<String, String> {
        Ok(Self::replay(position, moves)?.position())
    }

    fn perft(
        &self,
        position: Option<&str>,
        depth: u32,
        divide: bool,
    ) -> Result<(Vec<(String, u64)>, u64), String> {
        let game = Self::start(position)?;
        if divide {
            let mut split: Vec<(String, u64)> = game
                .divide(depth)
                .into_iter()
                .map(|(a, n)| (a.to_string(), n))
                .collect();
            split.sort();
            let total = if depth == 0 {
                1
            } else {
                split.iter().map(|(_, n)| n).sum()
            };
            Ok((split, total))
        } else {
            Ok((Vec::new(), game.perft(depth)))
        }
    }

    fn show(&self, position: Option<&str>, moves: &[String]) -> Result<String, String> {
        Ok(Self::replay(position, moves)?.diagram())
    }

    fn play(
        &self,
        position: Option<&str>,
        human_seat: u8,
        engine: arbiter_search::Spec,
    ) -> Result<(), String> {
        crate::play::play(Self::start(position)?, human_seat, engine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_an_adapter_in_the_registry_order() {
        let ids: Vec<&str> = all().iter().map(|g| g.id()).collect();
        let kinds: Vec<&str> = KINDS.iter().map(|k| k.id).collect();
        assert_eq!(ids, kinds);
        let err = find("chess").err().unwrap();
        assert!(err.contains("unknown game 'chess'") && err.contains("knight-control"));
    }
}
