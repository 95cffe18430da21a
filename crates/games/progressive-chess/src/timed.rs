//! Progressive Chess as a table plays it: one game or the two-game match,
//! with or without step clocks (docs/rules/progressive-chess.md#clocks,
//! #match).
//!
//! The rules ([`ProgressiveChess`], [`Match`]) and the clock ([`Clock`])
//! stay separate; a [`Session`] sequences them. Time enters only as an
//! argument: every timed call is told the moment it happens ([`Millis`], a
//! host's event timestamp), so the same calls always give the same result.
//!
//! Players are numbered 0 and 1 (a host's seats): player 0 is White in a
//! single game and moves first in game 1 of a match; in game 2 the colours
//! swap.

use crate::clock::{Clock, ClockError, ClockSettings, Millis};
use crate::game::ProgressiveChess;
use crate::matches::{Match, MatchResult};
use crate::moves::{Move, Turn};
use crate::piece::Color;
use crate::rules::Ruleset;
use arbiter_core::{ActionError, Outcome, Seat};
use std::fmt;
use std::str::FromStr;

/// One action at the table: a whole turn, or a move step alone
/// (`MOVE+?`) whose upgrade step follows as a second action (the whole
/// turn again, with the same move). The two steps have their own step
/// clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionAction {
    Turn(Turn),
    MoveStep(Turn),
}

/// The suffix that marks a move step: "upgrade to follow".
pub const MOVE_STEP: &str = "+?";

impl fmt::Display for SessionAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionAction::Turn(t) => write!(f, "{t}"),
            SessionAction::MoveStep(t) => write!(f, "{t}{MOVE_STEP}"),
        }
    }
}

impl FromStr for SessionAction {
    type Err = String;

    fn from_str(text: &str) -> Result<SessionAction, String> {
        match text.strip_suffix(MOVE_STEP) {
            Some(mv) => {
                let turn: Turn = mv.parse()?;
                if turn.upgrade.is_some() {
                    return Err(format!(
                        "a move step ('{MOVE_STEP}') has no upgrade: send the move alone"
                    ));
                }
                Ok(SessionAction::MoveStep(turn))
            }
            None => text.parse().map(SessionAction::Turn),
        }
    }
}

/// One game, or the match of up to two.
#[derive(Clone, Debug)]
enum Play {
    Single(Box<ProgressiveChess>),
    Match(Match),
}

/// A game or a match at a table, with its clock.
#[derive(Clone, Debug)]
pub struct Session {
    play: Play,
    settings: Option<ClockSettings>,
    /// The current game's clock, from its first turn on: the first turn of
    /// each game is untimed (see [`Session::act_at`]).
    clock: Option<Clock>,
    /// The side that lost on time.
    flagged: Option<Color>,
    /// A move step played, its upgrade step still to come.
    pending: Option<Move>,
    /// A resignation or an agreed draw, by player (see `resign.rs`).
    pub(crate) conceded: Option<arbiter_core::Concession>,
}

impl Session {
    /// One game (from the start or a given position), on `clock` if given.
    pub fn single(game: ProgressiveChess, clock: Option<ClockSettings>) -> Session {
        Session::with(Play::Single(Box::new(game)), clock)
    }

    /// The two-game match from the standard position under `rules`.
    pub fn new_match(rules: Ruleset, clock: Option<ClockSettings>) -> Session {
        Session::with(Play::Match(Match::new(rules)), clock)
    }

    fn with(play: Play, settings: Option<ClockSettings>) -> Session {
        Session {
            play,
            settings,
            clock: None,
            flagged: None,
            pending: None,
            conceded: None,
        }
    }

    /// The game being played (or the last one, once it is all over).
    pub fn current(&self) -> &ProgressiveChess {
        match &self.play {
            Play::Single(g) => g,
            Play::Match(m) => m.current(),
        }
    }

    /// The match, if this is one.
    pub fn match_play(&self) -> Option<&Match> {
        match &self.play {
            Play::Single(_) => None,
            Play::Match(m) => Some(m),
        }
    }

    /// Which game is being played: 0, or 1 in a match's second game.
    pub fn game_index(&self) -> usize {
        self.match_play().map_or(0, Match::game_index)
    }

    /// The colour `player` (0 or 1) has in the current game.
    pub fn colour_of(&self, player: u8) -> Color {
        match &self.play {
            Play::Single(_) => Color::from_seat(Seat(player)).unwrap_or(Color::White),
            Play::Match(m) => m.color_of(player, m.game_index()),
        }
    }

    /// The player on `colour` in the current game.
    pub fn player_of(&self, colour: Color) -> u8 {
        u8::from(self.colour_of(0) != colour)
    }

    /// The clock settings, if the table is timed.
    pub fn settings(&self) -> Option<ClockSettings> {
        self.settings
    }

    /// The current game's clock, once its first turn is played.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The side that lost the current game on time, if one did.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// The move step played whose upgrade step is still to come.
    pub fn pending_move(&self) -> Option<Move> {
        self.pending
    }

    /// The result by player (seat 0 is player 0), once decided.
    pub fn result(&self) -> Option<Outcome> {
        if let Some(conceded) = self.conceded {
            return Some(conceded.outcome());
        }
        match &self.play {
            Play::Single(g) => g.outcome(),
            Play::Match(m) => Some(match m.result()? {
                MatchResult::Winner(p) => Outcome::win(Seat(p), 2, "wins the match"),
                MatchResult::NoWinner => Outcome::draw_because(2, "both games drawn"),
            }),
        }
    }

    /// Whether `seat` may act now: the table is not over and its colour is
    /// to move.
    pub fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        if let Some(outcome) = self.result() {
            return Err(ActionError::GameOver {
                outcome: outcome.to_string(),
            });
        }
        let to_move = self.current().turn();
        if self.colour_of(seat.0) != to_move {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("{to_move} is to move"),
            });
        }
        Ok(())
    }

    /// Plays `action` with no clock involved (checks, untimed play).
    pub fn act_untimed(&mut self, seat: Seat, action: SessionAction) -> Result<(), ActionError> {
        self.check_turn(seat)?;
        self.step(action).map(|_| ())
    }

    /// Plays `action` of `seat` at the moment `at`. A whole turn ends both
    /// steps at once, so by the rules its time is all the move step's and
    /// the upgrade step takes 0; a move step (`MOVE+?`) ends the move step
    /// and starts the upgrade step's own clock. Each game's clock starts
    /// with its first turn: the first turn is untimed (players arrive at
    /// different times), and the reply's step starts when it is played. An
    /// action after the running side's flag has fallen is refused, even
    /// before [`Session::advance_to`] records the loss. On error nothing
    /// changes.
    pub fn act_at(
        &mut self,
        seat: Seat,
        action: &SessionAction,
        at: Millis,
    ) -> Result<(), ActionError> {
        self.check_turn(seat)?;
        if let Some(colour) = self.flagged_at(at) {
            return Err(ActionError::GameOver {
                outcome: format!("{colour} has lost on time"),
            });
        }
        let mut next = self.clone();
        next.timed_step(*action, at)?;
        *self = next;
        Ok(())
    }

    fn timed_step(&mut self, action: SessionAction, at: Millis) -> Result<(), ActionError> {
        let clock_error = |e: ClockError| ActionError::GameOver {
            outcome: e.to_string(),
        };
        let game_before = self.game_index();
        let was_pending = self.pending.is_some();
        if self.step(action)?.is_none() {
            // A move step: the upgrade step's clock starts now.
            if let Some(clock) = &mut self.clock {
                clock.finish_move(at).map_err(clock_error)?;
            }
            return Ok(());
        }
        let Some(settings) = self.settings else {
            return Ok(());
        };
        if self.game_index() != game_before {
            // A drawn first game: the second starts with a fresh clock at its
            // own first turn.
            self.clock = None;
            return Ok(());
        }
        let over = self.current().outcome().is_some();
        let next = self.current().turn();
        let clock = match &mut self.clock {
            Some(clock) => {
                if was_pending {
                    clock.finish_upgrade(at)
                } else {
                    clock.finish_turn(at)
                }
                .map_err(clock_error)?;
                clock
            }
            None => {
                let clock = self.clock.insert(Clock::new(settings));
                clock.start_turn(next, at).map_err(clock_error)?;
                clock
            }
        };
        if over {
            clock.stop(at);
        }
        Ok(())
    }

    /// Plays `action` with no clock: a move step is checked and held
    /// (`None`); a whole turn (completing a held move step, if any) is
    /// played and returned. On error nothing changes.
    fn step(&mut self, action: SessionAction) -> Result<Option<Turn>, ActionError> {
        match (action, self.pending) {
            (SessionAction::MoveStep(t), Some(held)) => Err(ActionError::illegal(
                format!("{t}{MOVE_STEP}"),
                format!(
                    "the move {held} is played already: send its upgrade step (the whole turn)"
                ),
            )),
            (SessionAction::MoveStep(t), None) => {
                let game = self.current();
                if !game.legal_turns().iter().any(|l| l.mv == t.mv) {
                    let reason = game
                        .why_illegal(Turn {
                            side: game.turn(),
                            ..t
                        })
                        .unwrap_or_else(|| "no legal turn starts with this move".into());
                    return Err(ActionError::illegal(format!("{t}{MOVE_STEP}"), reason));
                }
                self.pending = Some(t.mv);
                Ok(None)
            }
            (SessionAction::Turn(t), Some(held)) if t.mv != held => Err(ActionError::illegal(
                t.to_string(),
                format!("the move {held} is played already: only its upgrade step may follow"),
            )),
            (SessionAction::Turn(t), _) => {
                let played = match &mut self.play {
                    Play::Single(g) => g.play(t),
                    Play::Match(m) => m.play(t),
                };
                played.map_err(|e| ActionError::illegal(e.mv.to_string(), e.reason))?;
                self.pending = None;
                Ok(Some(t))
            }
        }
    }

    /// The side whose flag has fallen by `at`, if any. Changes nothing.
    pub fn flagged_at(&self, at: Millis) -> Option<Color> {
        self.clock.as_ref()?.flagged_at(at)
    }

    /// When the table next needs waking with no action: 1 ms after the last
    /// moment the running step may still end in time (a step that ends
    /// exactly as the reserve reaches zero is in time).
    pub fn wake_at(&self) -> Option<Millis> {
        if self.result().is_some() {
            return None;
        }
        Some(self.clock.as_ref()?.deadline()?.saturating_add(1))
    }

    /// What has happened by `at`: if the running side's flag has fallen it
    /// loses the current game on time (in a match that decides it). Returns
    /// that side.
    pub fn advance_to(&mut self, at: Millis) -> Option<Color> {
        let colour = self.flagged_at(at)?;
        if let Some(clock) = &mut self.clock {
            clock.flag(at);
        }
        self.flagged = Some(colour);
        self.pending = None;
        match &mut self.play {
            Play::Single(g) => g.lose_on_time(colour),
            Play::Match(m) => m.lose_on_time(colour),
        }
        Some(colour)
    }

    /// Pushes the running step back by `ms` (a host's pause or extension),
    /// so the time between never counts.
    pub fn extend(&mut self, ms: Millis) {
        if let Some(clock) = &mut self.clock {
            clock.extend(ms);
        }
    }
}
