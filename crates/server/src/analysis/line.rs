//! A best line as the analysis shows it: actions played in turn from the
//! position asked about, each labelled with its mover (`P1: …`), for as
//! long as each is legal, the game goes on, one seat moves at a time and
//! the viewer may see that seat think; at most [`MAX_LINE`] entries.

use super::{label, may_see, LEVEL};
use crate::adapter::LiveGame;
use crate::bots::Think;
use arbiter_core::scene::Scene;
use arbiter_core::Outcome;
use serde_json::{json, Value};
use std::time::Instant;

/// The longest line shown.
pub(super) const MAX_LINE: usize = 16;
/// The longest line of replies each searched on their own (where the
/// engine gives no line): each reply shares the time, so fewer are
/// searched deeper.
pub(super) const MAX_REPLIES: usize = 8;

pub(super) struct Line {
    game: Box<dyn LiveGame>,
    seats: usize,
    viewer: Option<usize>,
    /// The game's clock as the line plays (a millisecond a move).
    at_ms: i64,
    /// The entries so far.
    pub(super) entries: Vec<String>,
    /// The board after each entry, as the viewer may see it (the page
    /// shows a move of the line on a click), where asked for
    /// ([`Line::with_boards`]).
    pub(super) scenes: Vec<Scene>,
    boards: bool,
}

impl Line {
    /// An empty line from `game`, as `viewer` may see it.
    pub(super) fn from(
        game: &dyn LiveGame,
        seats: usize,
        at_ms: i64,
        viewer: Option<usize>,
    ) -> Line {
        Line {
            game: game.boxed_clone(),
            seats,
            viewer,
            at_ms,
            entries: Vec::new(),
            scenes: Vec::new(),
            boards: false,
        }
    }

    /// Also keep the board after each entry, if `wanted`.
    pub(super) fn with_boards(mut self, wanted: bool) -> Line {
        self.boards = wanted;
        self
    }

    /// The seat to move next, if the line may go on: the game is not over,
    /// one seat alone may act, the viewer may see it think, and the line
    /// has room.
    fn mover(&self) -> Option<usize> {
        if self.entries.len() >= MAX_LINE || self.game.outcome().is_some() {
            return None;
        }
        let [mover] = self.game.actors(self.seats)[..] else {
            return None;
        };
        may_see(self.game.as_ref(), mover, self.viewer).then_some(mover)
    }

    /// Play `action` for the next mover; false if the line may not go on
    /// or the action is not legal there.
    fn play_one(&mut self, action: &str) -> bool {
        let Some(mover) = self.mover() else {
            return false;
        };
        self.at_ms += 1;
        match self.game.act(mover, action, self.at_ms) {
            Ok(played) => {
                self.entries.push(format!("{}: {played}", label(mover)));
                if self.boards {
                    self.scenes.push(self.game.scene(self.viewer));
                }
                true
            }
            Err(_) => false,
        }
    }

    /// Play `actions` in turn, for as long as each may be played.
    pub(super) fn play(&mut self, actions: &[String]) {
        for action in actions {
            if !self.play_one(action) {
                break;
            }
        }
    }

    /// Carry the line on with each mover's best reply in turn, up to
    /// `length` entries in all (the strongest bot, each reply sharing what
    /// is left until `until` with the entries still to come).
    pub(super) fn carry_on(&mut self, until: Instant, length: usize) {
        let length = length.min(MAX_LINE);
        while self.entries.len() < length {
            let Some(mover) = self.mover() else { break };
            let now = Instant::now();
            if now >= until {
                break;
            }
            let left = (length - self.entries.len()) as u32;
            let think = Think {
                level: LEVEL,
                until: Some(now + (until - now) / left),
            };
            let Some(action) = self.game.bot_action(mover, think) else {
                break;
            };
            if !self.play_one(&action) {
                break;
            }
        }
    }

    /// The result, if the line ends the game.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The game's static evaluation for `seat` at the line's end.
    pub(super) fn evaluation(&self, seat: usize) -> Option<i32> {
        self.game.evaluation(seat)
    }

    /// How the line ends for `seat`, the first mover: the result if it
    /// ends the game, else `score` (said to come `by` the search or the
    /// static evaluation).
    pub(super) fn end(&self, seat: usize, score: Option<i32>, by: &str) -> Option<Value> {
        match self.outcome() {
            Some(outcome) => Some(json!({ "seat": seat, "outcome": outcome })),
            None => score.map(|score| json!({ "seat": seat, "score": score, "by": by })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapter::Creation;
    use arbiter_core::{Seat, Seed};
    use serde_json::json;
    use std::time::Duration;

    fn knight_court() -> Box<dyn LiveGame> {
        let creation = Creation {
            seats: 2,
            seed: Seed::from_u64(1),
            deadline_ms: None,
        };
        crate::table::create("knight-court", &json!({}), &creation).expect("a Knight Court game")
    }

    /// The one seat to act in `game`.
    fn mover(game: &dyn LiveGame) -> usize {
        let [mover] = game.actors(2)[..] else {
            panic!("not one seat to act")
        };
        mover
    }

    /// Whether `mover` has an action that wins the game at once, by the
    /// rules alone.
    fn wins_at_once(game: &dyn LiveGame, mover: usize) -> bool {
        game.legal(mover).iter().any(|action| {
            let mut after = game.boxed_clone();
            after
                .act(mover, action, 1)
                .expect("a listed action is legal");
            after.outcome().and_then(|o| o.sole_winner()) == Some(Seat(mover as u8))
        })
    }

    /// A position of a seeded random game where the mover wins at once.
    fn a_win_in_one() -> Box<dyn LiveGame> {
        let mut rng = Seed::from_u64(7).rng();
        for _ in 0..100 {
            let mut game = knight_court();
            while game.outcome().is_none() {
                let seat = mover(game.as_ref());
                if wins_at_once(game.as_ref(), seat) {
                    return game;
                }
                let legal = game.legal(seat);
                let action = rng.choose(&legal).expect("a move").clone();
                game.act(seat, &action, 1)
                    .expect("a listed action is legal");
            }
        }
        panic!("no win in one in 100 random games");
    }

    #[test]
    fn a_line_carried_on_plays_a_win_in_one_and_stops_there() {
        let game = a_win_in_one();
        let seat = mover(game.as_ref());
        let mut line = Line::from(game.as_ref(), 2, 0, None);
        line.carry_on(Instant::now() + Duration::from_secs(60), MAX_LINE);
        assert_eq!(line.entries.len(), 1, "{:?}", line.entries);
        assert!(line.entries[0].starts_with(&format!("P{}: ", seat + 1)));
        let outcome = line.outcome().expect("the line ends the game");
        assert_eq!(outcome.sole_winner(), Some(Seat(seat as u8)));
    }

    #[test]
    fn a_line_plays_each_action_while_it_is_legal_and_has_room() {
        let game = knight_court();
        let seat = mover(game.as_ref());
        let first = game.legal(seat)[0].clone();
        let mut line = Line::from(game.as_ref(), 2, 0, None).with_boards(true);
        line.play(&[first.clone(), "not a move".into(), first.clone()]);
        assert_eq!(line.entries, [format!("P{}: {first}", seat + 1)]);
        // The board after the move, as the game draws it after that move.
        let mut after = game.boxed_clone();
        after
            .act(seat, &first, 1)
            .expect("a listed action is legal");
        assert_eq!(line.scenes, [after.scene(None)]);
        // Never more than the longest line shown, however many are given.
        let mut long = Line::from(game.as_ref(), 2, 0, None);
        let mut walk = game.boxed_clone();
        let mut actions = Vec::new();
        while actions.len() < MAX_LINE + 4 && walk.outcome().is_none() {
            let s = mover(walk.as_ref());
            let action = walk.legal(s).last().expect("a move").clone();
            walk.act(s, &action, 1).expect("a listed action is legal");
            actions.push(action);
        }
        assert!(actions.len() > MAX_LINE, "{actions:?}");
        long.play(&actions);
        assert_eq!(long.entries.len(), MAX_LINE);
    }
}
