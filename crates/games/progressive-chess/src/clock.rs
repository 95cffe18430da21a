//! Step clocks (docs/rules/progressive-chess.md#clocks).
//!
//! Each step of a turn — the move, then the upgrade — has its own time
//! allowance (2 minutes). Time a step takes beyond that comes out of the
//! player's reserve (5 minutes for the game). A player who needs more
//! reserve than is left loses on time.
//!
//! The clock knows nothing of the rules and never reads a clock of its own:
//! every call that depends on time is told the moment it happens, in
//! milliseconds on the caller's time line ([`Millis`]). A host passes its
//! logged events' timestamps, so replaying the log rebuilds the same clock.

use crate::piece::Color;
use std::time::Duration;

/// A moment on the caller's time line, in milliseconds (a host uses unix
/// ms). Only differences between moments matter to the clock.
pub type Millis = i64;

/// The two steps of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Move,
    Upgrade,
}

/// The allowances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSettings {
    /// Time for each step before the reserve is used.
    pub per_step: Duration,
    /// Each player's reserve for the whole game.
    pub reserve: Duration,
}

impl Default for ClockSettings {
    /// 2 minutes a step, 5 minutes of reserve, as the rule text says.
    fn default() -> ClockSettings {
        ClockSettings {
            per_step: Duration::from_secs(120),
            reserve: Duration::from_secs(300),
        }
    }
}

impl ClockSettings {
    fn per_step_ms(&self) -> Millis {
        millis(self.per_step)
    }
}

/// A duration in whole milliseconds (saturating: a day-long setting is far
/// below the bound).
pub(crate) fn millis(d: Duration) -> Millis {
    Millis::try_from(d.as_millis()).unwrap_or(Millis::MAX)
}

/// A refused clock operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// No step is running, or a different one.
    WrongStep {
        expected: Step,
        running: Option<(Color, Step)>,
    },
    /// That player has already lost on time.
    Flagged(Color),
}

impl std::fmt::Display for ClockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClockError::WrongStep {
                expected,
                running: Some((c, s)),
            } => {
                write!(
                    f,
                    "the clock is timing {c}'s {s:?} step, not a {expected:?} step"
                )
            }
            ClockError::WrongStep {
                expected,
                running: None,
            } => {
                write!(f, "the clock is stopped, so no {expected:?} step can end")
            }
            ClockError::Flagged(c) => write!(f, "{c} has already lost on time"),
        }
    }
}

impl std::error::Error for ClockError {}

/// Both players' step clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    settings: ClockSettings,
    /// Each side's reserve (White's, Black's) as banked when its last step
    /// ended: the running step's overrun is not taken off yet.
    reserves: [Millis; 2],
    /// Whose step is running, which step, and when it started.
    running: Option<(Color, Step, Millis)>,
    flagged: Option<Color>,
}

impl Clock {
    /// A stopped clock with full reserves.
    pub fn new(settings: ClockSettings) -> Clock {
        Clock {
            settings,
            reserves: [millis(settings.reserve); 2],
            running: None,
            flagged: None,
        }
    }

    pub fn settings(&self) -> ClockSettings {
        self.settings
    }

    /// Starts `color`'s move step at `now` (the start of its turn).
    pub fn start_turn(&mut self, color: Color, now: Millis) -> Result<(), ClockError> {
        self.refresh(now);
        if let Some(c) = self.flagged {
            return Err(ClockError::Flagged(c));
        }
        self.running = Some((color, Step::Move, now));
        Ok(())
    }

    /// The step running now, if any.
    pub fn running(&self) -> Option<(Color, Step)> {
        self.running.map(|(c, s, _)| (c, s))
    }

    /// When the running step began.
    pub fn step_started(&self) -> Option<Millis> {
        self.running.map(|(_, _, started)| started)
    }

    /// Ends the move step at `now` and starts the same player's upgrade step.
    pub fn finish_move(&mut self, now: Millis) -> Result<(), ClockError> {
        let color = self.end_step(Step::Move, now)?;
        self.running = Some((color, Step::Upgrade, now));
        Ok(())
    }

    /// Ends the upgrade step at `now` (an upgrade made or declined) and with
    /// it the turn; then starts the opponent's move step.
    pub fn finish_upgrade(&mut self, now: Millis) -> Result<(), ClockError> {
        let color = self.end_step(Step::Upgrade, now)?;
        self.running = Some((color.other(), Step::Move, now));
        Ok(())
    }

    /// A whole turn sent at once: its time is the move step's, and the
    /// upgrade step takes none.
    pub fn finish_turn(&mut self, now: Millis) -> Result<(), ClockError> {
        self.finish_move(now)?;
        self.finish_upgrade(now)
    }

    /// Stops the clock at `now` (the game ended) without charging the
    /// running step.
    pub fn stop(&mut self, now: Millis) {
        self.refresh(now);
        self.running = None;
    }

    /// The player who has lost on time as of `now`, if any. Changes nothing.
    pub fn flagged_at(&self, now: Millis) -> Option<Color> {
        self.flagged.or_else(|| {
            let (color, _, _) = self.running?;
            (now > self.deadline()?).then_some(color)
        })
    }

    /// Records a flag that has fallen by `now` (the running side's reserve
    /// is then 0 and the clock stops) and returns the side that lost.
    pub fn flag(&mut self, now: Millis) -> Option<Color> {
        self.refresh(now);
        self.flagged
    }

    /// `color`'s reserve at `now`, less the overrun of its step if that
    /// step is still running.
    pub fn reserve(&self, color: Color, now: Millis) -> Millis {
        let mut left = self.reserves[color.index()];
        if let Some((c, _, started)) = self.running {
            if c == color {
                left = (left - self.overrun(started, now)).max(0);
            }
        }
        left
    }

    /// `color`'s reserve as of the start of the running step (the running
    /// side's reserve shrinks only once its step time is used up).
    pub fn banked(&self, color: Color) -> Millis {
        self.reserves[color.index()]
    }

    /// Time left at `now` in the running step before the reserve is touched.
    pub fn step_left(&self, now: Millis) -> Option<Millis> {
        let (_, _, started) = self.running?;
        let used = (now - started).max(0);
        Some((self.settings.per_step_ms() - used).max(0))
    }

    /// The last moment at which the running step may still end in time: a
    /// step that ends exactly as the reserve reaches zero is in time, so the
    /// flag falls 1 ms later.
    pub fn deadline(&self) -> Option<Millis> {
        let (color, _, started) = self.running?;
        Some(
            started
                .saturating_add(self.settings.per_step_ms())
                .saturating_add(self.reserves[color.index()]),
        )
    }

    /// Pushes the running step back by `ms` (a host's pause or extension):
    /// the time between never counts.
    pub fn extend(&mut self, ms: Millis) {
        if let Some((_, _, started)) = &mut self.running {
            *started = started.saturating_add(ms.max(0));
        }
    }

    fn overrun(&self, started: Millis, now: Millis) -> Millis {
        (now - started - self.settings.per_step_ms()).max(0)
    }

    /// Flags the running player if the deadline has passed by `now`.
    fn refresh(&mut self, now: Millis) {
        if self.flagged.is_some() {
            return;
        }
        if let Some(color) = self.flagged_at(now) {
            self.flagged = Some(color);
            self.reserves[color.index()] = 0;
            self.running = None;
        }
    }

    fn end_step(&mut self, step: Step, now: Millis) -> Result<Color, ClockError> {
        self.refresh(now);
        if let Some(c) = self.flagged {
            return Err(ClockError::Flagged(c));
        }
        match self.running {
            Some((color, s, started)) if s == step => {
                let over = self.overrun(started, now);
                self.reserves[color.index()] -= over;
                Ok(color)
            }
            other => Err(ClockError::WrongStep {
                expected: step,
                running: other.map(|(c, s, _)| (c, s)),
            }),
        }
    }
}
