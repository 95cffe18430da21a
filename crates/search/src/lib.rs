//! Players for Arbiter games, generic over `arbiter-core`'s traits, and the
//! Knight Court solver.
//!
//! - [`Negamax`]: a plain depth-limited negamax for any alternating duel;
//!   the strong players arrive with the AI work.
//! - [`retrograde`]: exact values of every position of a finite game.
//! - [`knight_court`]: Knight Court's solved table, its file format, and the
//!   perfect player built on it.

pub mod knight_court;
mod negamax;
pub mod no_repetition;
pub mod retrograde;

pub use negamax::{Negamax, SearchResult};
