//! The two-game match (docs/rules/progressive-chess.md#match).
//!
//! Players are numbered 0 and 1; player 0 moves first in game 1. A
//! decisive game 1 decides the match. A drawn game 1 is followed by game 2
//! with the first mover swapped; if that is drawn too, nobody wins.

use crate::game::ProgressiveChess;
use crate::moves::Turn;
use crate::piece::Color;
use crate::rules::Ruleset;
use crate::IllegalTurn;
use serde::{Serialize, Serializer};

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchResult {
    /// This player (0 or 1) won.
    Winner(u8),
    /// Both games were drawn: neither player wins.
    NoWinner,
}

/// A winner is written as the player's number, no winner as `"none"`.
impl Serialize for MatchResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            MatchResult::Winner(p) => s.serialize_u8(*p),
            MatchResult::NoWinner => s.serialize_str("none"),
        }
    }
}

/// A match of up to two games.
#[derive(Clone, Debug)]
pub struct Match {
    rules: Ruleset,
    games: Vec<ProgressiveChess>,
}

impl Match {
    /// A match whose first game uses `rules` (its `first` side is player 0's
    /// side; in game 2 player 1 takes that side).
    pub fn new(rules: Ruleset) -> Match {
        Match {
            rules,
            games: vec![ProgressiveChess::new(rules)],
        }
    }

    /// The games so far, the current one last.
    pub fn games(&self) -> &[ProgressiveChess] {
        &self.games
    }

    /// The game being played (or the last one, once the match is over).
    pub fn current(&self) -> &ProgressiveChess {
        self.games.last().expect("a match has a game")
    }

    /// Which game is current: 0 or 1.
    pub fn game_index(&self) -> usize {
        self.games.len() - 1
    }

    /// The side `player` plays in game `game`: the first-moving side for the
    /// first mover of that game.
    pub fn color_of(&self, player: u8, game: usize) -> Color {
        let first_mover = if game == 0 { 0 } else { 1 };
        if player == first_mover {
            self.rules.first
        } else {
            self.rules.first.other()
        }
    }

    /// The player on `color` in game `game`.
    pub fn player_of(&self, color: Color, game: usize) -> u8 {
        if self.color_of(0, game) == color {
            0
        } else {
            1
        }
    }

    /// The player to move now, unless the match is over.
    pub fn to_move(&self) -> Option<u8> {
        if self.result().is_some() {
            return None;
        }
        Some(self.player_of(self.current().turn(), self.game_index()))
    }

    /// Plays a turn in the current game; a drawn first game starts the
    /// second.
    pub fn play(&mut self, turn: Turn) -> Result<(), IllegalTurn> {
        if let Some(result) = self.result() {
            return Err(IllegalTurn {
                mv: turn,
                reason: format!("the match is over ({result:?})"),
            });
        }
        let game = self.games.last_mut().expect("a match has a game");
        game.play(turn)?;
        self.advance();
        Ok(())
    }

    /// The player to move in the current game ran out of time.
    pub fn lose_on_time(&mut self, color: Color) {
        if self.result().is_none() {
            self.games
                .last_mut()
                .expect("a match has a game")
                .lose_on_time(color);
            self.advance();
        }
    }

    fn advance(&mut self) {
        if self.games.len() == 1 {
            if let Some(outcome) = self.games[0].outcome() {
                if outcome.is_draw() {
                    let rules = Ruleset {
                        first: self.rules.first,
                        ..self.rules
                    };
                    self.games.push(ProgressiveChess::new(rules));
                }
            }
        }
    }

    /// Each finished game's points per player (player 0's, player 1's).
    pub fn results(&self) -> Vec<[f64; 2]> {
        self.games
            .iter()
            .enumerate()
            .filter_map(|(k, g)| {
                let outcome = g.outcome()?;
                let points = |p: u8| outcome.points(self.color_of(p, k).seat());
                Some([points(0), points(1)])
            })
            .collect()
    }

    /// A line in words for each game that ended without ending the match
    /// (a drawn game 1): what a referee announces between the games, in
    /// the order they ended.
    pub fn reports(&self) -> Vec<String> {
        let decided = self.result().is_some();
        let last = self.games.len() - 1;
        (self.games.iter().enumerate())
            .filter(|&(k, _)| !(decided && k == last))
            .filter_map(|(k, game)| {
                let outcome = game.outcome()?;
                Some(format!(
                    "Game {} is drawn ({}): game {} begins, the colours swapped",
                    k + 1,
                    outcome.reason,
                    k + 2
                ))
            })
            .collect()
    }

    /// The result, once decided.
    pub fn result(&self) -> Option<MatchResult> {
        let last = self.games.len() - 1;
        let outcome = self.games[last].outcome()?;
        match outcome.sole_winner() {
            Some(seat) => {
                let color = Color::from_seat(seat).expect("two seats");
                Some(MatchResult::Winner(self.player_of(color, last)))
            }
            None if last == 1 => Some(MatchResult::NoWinner),
            None => None,
        }
    }
}
