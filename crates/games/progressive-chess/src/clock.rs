//! Step clocks (docs/rules/progressive-chess.md#clocks).
//!
//! Each step of a turn — the move, then the upgrade — has its own time
//! allowance (2 minutes). Time a step takes beyond that comes out of the
//! player's reserve (5 minutes for the game). A player who needs more
//! reserve than is left loses on time.
//!
//! The clock knows nothing of the rules and reads time only through a
//! [`TimeSource`], so a server can use [`SystemTime`] and tests
//! [`ManualTime`].

use crate::piece::Color;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where the clock reads the time: a monotonic reading since some fixed
/// origin.
pub trait TimeSource {
    fn now(&self) -> Duration;
}

/// The machine's monotonic clock.
#[derive(Clone, Copy, Debug)]
pub struct SystemTime {
    origin: Instant,
}

impl Default for SystemTime {
    fn default() -> SystemTime {
        SystemTime {
            origin: Instant::now(),
        }
    }
}

impl TimeSource for SystemTime {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// Time that moves only when told to. Clones share one reading, so a test
/// can keep a handle and advance the time a clock sees.
#[derive(Clone, Debug, Default)]
pub struct ManualTime {
    micros: Arc<AtomicU64>,
}

impl ManualTime {
    pub fn new() -> ManualTime {
        ManualTime::default()
    }

    /// Moves time forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.micros
            .fetch_add(by.as_micros() as u64, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        Duration::from_micros(self.micros.load(Ordering::SeqCst))
    }
}

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
#[derive(Clone, Debug)]
pub struct Clock<T: TimeSource> {
    settings: ClockSettings,
    time: T,
    reserves: [Duration; 2],
    /// Whose step is running, which step, and when it started.
    running: Option<(Color, Step, Duration)>,
    flagged: Option<Color>,
}

impl<T: TimeSource> Clock<T> {
    /// A stopped clock with full reserves.
    pub fn new(settings: ClockSettings, time: T) -> Clock<T> {
        Clock {
            settings,
            time,
            reserves: [settings.reserve; 2],
            running: None,
            flagged: None,
        }
    }

    pub fn settings(&self) -> ClockSettings {
        self.settings
    }

    /// Starts `color`'s move step now (the start of its turn).
    pub fn start_turn(&mut self, color: Color) -> Result<(), ClockError> {
        self.refresh();
        if let Some(c) = self.flagged {
            return Err(ClockError::Flagged(c));
        }
        self.running = Some((color, Step::Move, self.time.now()));
        Ok(())
    }

    /// The step running now, if any.
    pub fn running(&self) -> Option<(Color, Step)> {
        self.running.map(|(c, s, _)| (c, s))
    }

    /// Ends the move step and starts the same player's upgrade step.
    pub fn finish_move(&mut self) -> Result<(), ClockError> {
        let color = self.end_step(Step::Move)?;
        self.running = Some((color, Step::Upgrade, self.time.now()));
        Ok(())
    }

    /// Ends the upgrade step (an upgrade made or declined) and with it the
    /// turn; then starts the opponent's move step.
    pub fn finish_upgrade(&mut self) -> Result<(), ClockError> {
        let color = self.end_step(Step::Upgrade)?;
        self.running = Some((color.other(), Step::Move, self.time.now()));
        Ok(())
    }

    /// A whole turn sent at once: its time is the move step's, and the
    /// upgrade step takes none.
    pub fn finish_turn(&mut self) -> Result<(), ClockError> {
        self.finish_move()?;
        self.finish_upgrade()
    }

    /// Stops the clock (the game ended) without charging the running step.
    pub fn stop(&mut self) {
        self.refresh();
        self.running = None;
    }

    /// The player who has lost on time, if any, as of now.
    pub fn flagged(&mut self) -> Option<Color> {
        self.refresh();
        self.flagged
    }

    /// `color`'s reserve as of now, counting the overrun of a step that is
    /// still running.
    pub fn reserve(&self, color: Color) -> Duration {
        let mut left = self.reserves[color.index()];
        if let Some((c, _, started)) = self.running {
            if c == color {
                left = left.saturating_sub(self.overrun(started));
            }
        }
        left
    }

    /// Time left in the running step before the reserve is touched.
    pub fn step_left(&self) -> Option<Duration> {
        let (_, _, started) = self.running?;
        let used = self.time.now().saturating_sub(started);
        Some(self.settings.per_step.saturating_sub(used))
    }

    /// The time reading at which the running step's player loses on time
    /// if the step has not ended, for scheduling a timer.
    pub fn deadline(&self) -> Option<Duration> {
        let (color, _, started) = self.running?;
        Some(started + self.settings.per_step + self.reserves[color.index()])
    }

    fn overrun(&self, started: Duration) -> Duration {
        self.time
            .now()
            .saturating_sub(started)
            .saturating_sub(self.settings.per_step)
    }

    /// Flags the running player if the deadline has passed.
    fn refresh(&mut self) {
        if self.flagged.is_some() {
            return;
        }
        if let Some((color, _, started)) = self.running {
            if self.overrun(started) > self.reserves[color.index()] {
                self.flagged = Some(color);
                self.reserves[color.index()] = Duration::ZERO;
                self.running = None;
            }
        }
    }

    fn end_step(&mut self, step: Step) -> Result<Color, ClockError> {
        self.refresh();
        if let Some(c) = self.flagged {
            return Err(ClockError::Flagged(c));
        }
        match self.running {
            Some((color, s, started)) if s == step => {
                let over = self.overrun(started);
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
