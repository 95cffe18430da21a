//! Players for Arbiter games, generic over `arbiter-core`'s traits, and the
//! Knight Court solver.
//!
//! - [`player`]: the bot interface ([`Player`], [`Observe`], [`Spec`]) and
//!   the generic `random` and `greedy` levels.
//! - [`alphabeta`]: iterative-deepening alpha-beta for alternating duels.
//! - [`games`]: per-game evaluations and search interfaces; [`bots`]: the
//!   bots of every game at every level.
//! - [`arena`]: playing bots against each other (what `arbiter match` runs).
//! - [`Negamax`]: the plain clone-and-act negamax of the first version.
//! - [`uci`]: Arbiter as a UCI engine; [`uci_client`]: an outside UCI
//!   engine as a match seat.
//! - [`retrograde`]: exact values of every position of a finite game.
//! - [`knight_court`]: Knight Court's solved table (solved without the
//!   repetition ban) and its file format; [`no_repetition`] and [`dfpn`]:
//!   Knight Court under the true rule, which forbids repeating a position.

pub mod alphabeta;
pub mod arena;
pub mod bots;
pub mod dfpn;
pub mod games;
pub mod knight_court;
mod negamax;
pub mod no_repetition;
pub mod player;
pub mod retrograde;
pub mod smmcts;
pub mod uci;
pub mod uci_client;

pub use negamax::{Negamax, SearchResult};
pub use player::{Bots, Budget, Evaluate, Level, Observe, Player, Spec};
