//! The CLI adapter for Tilechess, where any player may claim the next turn:
//! the colour at the start of each action says who plays it.

use crate::games::CliGame;
use arbiter_core::{Diagram, Game, Perft, Phase, TextPosition};
use arbiter_tilechess::Tilechess;

pub struct TilechessCli;

impl TilechessCli {
    fn start(position: Option<&str>) -> Result<Tilechess, String> {
        match position {
            Some(text) => Tilechess::from_position(text).map_err(|e| e.to_string()),
            None => Ok(Tilechess::start()),
        }
    }

    fn replay(position: Option<&str>, moves: &[String]) -> Result<Tilechess, String> {
        let mut game = Self::start(position)?;
        for (i, text) in moves.iter().enumerate() {
            let seat = game
                .actor(text)
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
            game.act_text(seat, text)
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        }
        Ok(game)
    }
}

impl CliGame for TilechessCli {
    fn id(&self) -> &'static str {
        arbiter_tilechess::ID
    }

    /// Every action of every seat that may claim the next turn, sorted.
    fn moves(&self, position: Option<&str>, moves: &[String]) -> Result<Vec<String>, String> {
        let game = Self::replay(position, moves)?;
        let mut list: Vec<String> = match game.phase() {
            Phase::Claim(seats) => seats
                .into_iter()
                .flat_map(|s| game.legal_actions(s))
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
            let split: Vec<(String, u64)> = game
                .divide(depth)
                .into_iter()
                .map(|(a, n)| (a.to_string(), n))
                .collect();
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
        _position: Option<&str>,
        _human_seat: u8,
        _engine: arbiter_search::Spec,
    ) -> Result<(), String> {
        Err("Tilechess is a many-player game of claimed turns: play it on the server".into())
    }
}
