//! Bounds and defaults the registry's option data and the hosts share.

/// The longest Progressive Chess step or reserve the lobby accepts: a day.
pub const MAX_CLOCK_SECS: u64 = 24 * 60 * 60;
/// Knight Control's deadline per phase when the host gives none: every
/// phase has one.
pub const KNIGHT_CONTROL_DEADLINE_SECS: u64 = 300;
/// The longest Tilechess turn limit the lobby accepts.
pub const MAX_TURN_LIMIT: u32 = 1_000_000;
/// The latest set time accepted: 1 January 3000, unix ms.
pub const MAX_END_AT_MS: i64 = 32_503_680_000_000;
