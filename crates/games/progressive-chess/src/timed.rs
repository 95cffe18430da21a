//! A game on a step clock: the move and the upgrade as two timed steps
//! (docs/rules/progressive-chess.md#clocks).
//!
//! The rules ([`ProgressiveChess`]) and the clock ([`Clock`]) stay separate;
//! this only sequences them. A move is checked and held until the upgrade
//! step ends, then the whole turn is played.

use crate::clock::{Clock, ClockError, ClockSettings, Step, TimeSource};
use crate::game::ProgressiveChess;
use crate::moves::{Move, Turn, Upgrade};
use crate::piece::Color;

/// Why a timed step was refused. Nothing changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The rules refuse it.
    Illegal(String),
    /// It is not this step's time (or a player has lost on time).
    Clock(ClockError),
}

/// A game and its clock.
#[derive(Clone, Debug)]
pub struct TimedGame<T: TimeSource> {
    game: ProgressiveChess,
    clock: Clock<T>,
    /// The move of the turn in progress, waiting for its upgrade step.
    pending: Option<Move>,
}

impl<T: TimeSource> TimedGame<T> {
    /// Starts the clock for the side to move of `game`.
    pub fn new(game: ProgressiveChess, settings: ClockSettings, time: T) -> TimedGame<T> {
        let mut clock = Clock::new(settings, time);
        clock
            .start_turn(game.turn())
            .expect("a new clock has no flag");
        TimedGame {
            game,
            clock,
            pending: None,
        }
    }

    pub fn game(&self) -> &ProgressiveChess {
        &self.game
    }

    pub fn clock(&self) -> &Clock<T> {
        &self.clock
    }

    /// The move waiting for its upgrade step, if the move step is done.
    pub fn pending_move(&self) -> Option<Move> {
        self.pending
    }

    /// Checks the clock: a player whose reserve ran out loses the game.
    /// Returns that player.
    pub fn poll(&mut self) -> Option<Color> {
        let flagged = self.clock.flagged()?;
        self.game.lose_on_time(flagged);
        self.pending = None;
        Some(flagged)
    }

    /// The move step.
    pub fn play_move(&mut self, mv: Move) -> Result<(), StepError> {
        self.guard(Step::Move)?;
        if let Some(reason) = self.game.why_illegal(Turn::bare(mv).by(self.game.turn())) {
            return Err(StepError::Illegal(reason));
        }
        self.clock.finish_move().map_err(StepError::Clock)?;
        self.pending = Some(mv);
        Ok(())
    }

    /// The upgrade step: an upgrade, or `None` to decline. Ends the turn.
    pub fn play_upgrade(&mut self, upgrade: Option<Upgrade>) -> Result<(), StepError> {
        self.guard(Step::Upgrade)?;
        let mv = self.pending.expect("an upgrade step follows a move");
        let turn = Turn {
            mv,
            upgrade,
            side: self.game.turn(),
        };
        self.game
            .play(turn)
            .map_err(|e| StepError::Illegal(e.reason))?;
        self.pending = None;
        self.clock.finish_upgrade().map_err(StepError::Clock)?;
        if self.game.outcome().is_some() {
            self.clock.stop();
        }
        Ok(())
    }

    /// Both steps at once: the time so far is the move step's.
    pub fn play_turn(&mut self, turn: Turn) -> Result<(), StepError> {
        self.guard(Step::Move)?;
        if let Some(reason) = self.game.why_illegal(turn) {
            return Err(StepError::Illegal(reason));
        }
        self.clock.finish_move().map_err(StepError::Clock)?;
        self.pending = Some(turn.mv);
        self.play_upgrade(turn.upgrade)
    }

    fn guard(&mut self, step: Step) -> Result<(), StepError> {
        if let Some(c) = self.poll() {
            return Err(StepError::Clock(ClockError::Flagged(c)));
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(StepError::Illegal(format!("the game is over ({outcome})")));
        }
        match self.clock.running() {
            Some((_, s)) if s == step => Ok(()),
            running => Err(StepError::Clock(ClockError::WrongStep {
                expected: step,
                running,
            })),
        }
    }
}
