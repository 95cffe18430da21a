//! Players for Arbiter games, generic over [`arbiter_core::Game`].
//!
//! This first player is a plain depth-limited negamax that knows only wins,
//! losses and draws. It is enough to punish blunders in small games and to
//! give `arbiter play` an opponent; the strong players arrive with the AI
//! work (iterative deepening, transposition tables, per-game evaluation).

mod negamax;

pub use negamax::{Negamax, SearchResult};
