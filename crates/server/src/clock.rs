//! The server's clock. Every timestamp the server logs comes from here, so
//! tests can move time forward instead of sleeping (and never depend on
//! timing luck).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Unix milliseconds: the system time plus an offset only tests change.
///
/// A test clock may also be *stopped* ([`Clock::stopped`]): it then reads
/// the instant it was stopped at plus its offset, and only
/// [`Clock::advance`] moves it. Tests that check what happens just before
/// a deadline use one, so that a slow machine pausing a test for a second
/// cannot carry the clock past the deadline.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
    stopped_at_ms: Option<i64>,
}

impl Clock {
    /// A clock that stands still at the current time until advanced.
    pub fn stopped() -> Clock {
        Clock {
            offset_ms: Arc::default(),
            stopped_at_ms: Some(system_ms()),
        }
    }

    pub fn now_ms(&self) -> i64 {
        self.stopped_at_ms.unwrap_or_else(system_ms) + self.offset_ms.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every game using it) `ms` into the future.
    pub fn advance(&self, ms: i64) {
        self.offset_ms.fetch_add(ms, Ordering::Relaxed);
    }
}

/// The system time in unix milliseconds.
pub fn system_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_clock_moves_only_when_advanced() {
        let clock = Clock::stopped();
        let at = clock.now_ms();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(clock.now_ms(), at);
        clock.clone().advance(1_500);
        assert_eq!(clock.now_ms(), at + 1_500);
    }

    #[test]
    fn a_running_clock_follows_the_system_time_plus_its_offset() {
        let clock = Clock::default();
        clock.advance(60_000);
        let now = clock.now_ms();
        assert!(now >= system_ms() + 59_000 && now <= system_ms() + 60_000);
    }
}
