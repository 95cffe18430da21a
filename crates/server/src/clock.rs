//! The server's clock. Every timestamp the server logs comes from here, so
//! tests can move time forward instead of sleeping (and never depend on
//! timing luck).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Unix milliseconds: the system time plus an offset only tests change.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    pub fn now_ms(&self) -> i64 {
        system_ms() + self.offset_ms.load(Ordering::Relaxed)
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
