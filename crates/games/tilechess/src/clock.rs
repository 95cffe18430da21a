//! The claim clock, for hosts (docs/rules/tilechess.md#seats-and-claims).
//!
//! The rules only say which seats may take the next turn. The host decides
//! who claimed first and how long a claim holds: 60 minutes by default,
//! anything from zero to 24 hours. A live claim reserves the next turn for
//! its holder; when it expires unused anyone may claim again. Without a live
//! claim any seat the rules allow may simply act (so a zero hold means
//! "first to act wins"). Time comes from a [`TimeSource`] so tests and
//! replays can use simulated time.

use arbiter_core::Seat;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A clock: the time since some fixed moment, never going backwards.
pub trait TimeSource: Send + Sync {
    fn now(&self) -> Duration;
}

/// Real time, counted from when the clock was made.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock(Instant::now())
    }
}

impl TimeSource for SystemClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// Simulated time that moves only when told; clones share one clock.
#[derive(Clone, Debug, Default)]
pub struct ManualTime(Arc<AtomicU64>);

impl ManualTime {
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::SeqCst))
    }
}

/// A claim the clock refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// The hold time is outside 0..=24 hours.
    HoldOutOfRange(Duration),
    /// The rules do not let this seat take the next turn.
    NotAllowed(Seat),
    /// Another seat holds a live claim until the given time.
    Held { holder: Seat, until: Duration },
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::HoldOutOfRange(d) => {
                write!(f, "a claim holds from 0 to 24 hours, not {}s", d.as_secs())
            }
            ClaimError::NotAllowed(s) => write!(f, "{s} may not take the next turn"),
            ClaimError::Held { holder, until } => {
                write!(
                    f,
                    "{holder} has claimed the next turn until {}s",
                    until.as_secs()
                )
            }
        }
    }
}

impl std::error::Error for ClaimError {}

/// Who holds the next turn, and until when.
#[derive(Clone, Debug)]
pub struct ClaimClock<T: TimeSource> {
    hold: Duration,
    time: T,
    /// The holder and the moment the claim expires.
    claim: Option<(Seat, Duration)>,
}

impl<T: TimeSource> ClaimClock<T> {
    pub const DEFAULT_HOLD: Duration = Duration::from_secs(60 * 60);
    pub const MAX_HOLD: Duration = Duration::from_secs(24 * 60 * 60);

    pub fn new(hold: Duration, time: T) -> Result<ClaimClock<T>, ClaimError> {
        if hold > Self::MAX_HOLD {
            return Err(ClaimError::HoldOutOfRange(hold));
        }
        Ok(ClaimClock {
            hold,
            time,
            claim: None,
        })
    }

    pub fn hold(&self) -> Duration {
        self.hold
    }

    /// The live claim, if any: its holder and when it expires.
    pub fn live_claim(&self) -> Option<(Seat, Duration)> {
        self.claim.filter(|&(_, until)| self.time.now() < until)
    }

    /// `seat` claims the next turn. `claimants` are the seats the rules
    /// allow (`Phase::Claim`). Claiming again while holding keeps the
    /// original expiry. Returns when the claim expires.
    pub fn claim(&mut self, seat: Seat, claimants: &[Seat]) -> Result<Duration, ClaimError> {
        if !claimants.contains(&seat) {
            return Err(ClaimError::NotAllowed(seat));
        }
        match self.live_claim() {
            Some((holder, until)) if holder == seat => Ok(until),
            Some((holder, until)) => Err(ClaimError::Held { holder, until }),
            None => {
                let until = self.time.now() + self.hold;
                self.claim = Some((seat, until));
                Ok(until)
            }
        }
    }

    /// Whether `seat` may act now: the rules allow it and no one else holds
    /// a live claim.
    pub fn may_act(&self, seat: Seat, claimants: &[Seat]) -> bool {
        claimants.contains(&seat) && self.live_claim().is_none_or(|(holder, _)| holder == seat)
    }

    /// Call after a seat's action was accepted: the turn is used, so any
    /// claim ends.
    pub fn acted(&mut self) {
        self.claim = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Duration = Duration::from_secs(60);

    #[test]
    fn claims_hold_then_expire() {
        let time = ManualTime::default();
        let mut clock =
            ClaimClock::new(ClaimClock::<ManualTime>::DEFAULT_HOLD, time.clone()).unwrap();
        let all = [Seat(0), Seat(1), Seat(2)];
        assert!(clock.may_act(Seat(1), &all));
        assert_eq!(clock.claim(Seat(0), &all), Ok(60 * MIN));
        assert!(clock.may_act(Seat(0), &all));
        assert!(!clock.may_act(Seat(1), &all));
        time.advance(59 * MIN);
        assert_eq!(
            clock.claim(Seat(1), &all),
            Err(ClaimError::Held {
                holder: Seat(0),
                until: 60 * MIN
            })
        );
        assert_eq!(
            clock.claim(Seat(0), &all),
            Ok(60 * MIN),
            "re-claiming does not extend"
        );
        time.advance(MIN);
        // Expired unused: anyone may claim.
        assert_eq!(clock.live_claim(), None);
        assert!(clock.may_act(Seat(2), &all));
        assert_eq!(clock.claim(Seat(1), &all), Ok(120 * MIN));
        clock.acted();
        assert_eq!(clock.live_claim(), None);
        assert_eq!(
            clock.claim(Seat(3), &all),
            Err(ClaimError::NotAllowed(Seat(3)))
        );
        assert!(!clock.may_act(Seat(3), &all));
    }

    #[test]
    fn hold_range() {
        let time = ManualTime::default();
        assert!(ClaimClock::new(Duration::ZERO, time.clone()).is_ok());
        assert!(ClaimClock::new(24 * 60 * MIN, time.clone()).is_ok());
        let too_long = 24 * 60 * MIN + Duration::from_secs(1);
        assert_eq!(
            ClaimClock::new(too_long, time).unwrap_err(),
            ClaimError::HoldOutOfRange(too_long)
        );
    }

    #[test]
    fn zero_hold_never_reserves() {
        let time = ManualTime::default();
        let mut clock = ClaimClock::new(Duration::ZERO, time).unwrap();
        let all = [Seat(0), Seat(1)];
        assert!(clock.claim(Seat(0), &all).is_ok());
        assert!(clock.may_act(Seat(1), &all));
        assert!(clock.claim(Seat(1), &all).is_ok());
    }

    #[test]
    fn system_clock_moves_forward() {
        let c = SystemClock::default();
        assert!(c.now() <= c.now());
    }
}
