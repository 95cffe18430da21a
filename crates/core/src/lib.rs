//! The shared vocabulary of Arbiter.
//!
//! Every game crate depends on this crate and nothing else of ours, and every
//! player program (search, the server, the CLI) talks to games through it.
//! It holds no game logic.
//!
//! The central idea, borrowed from OpenSpiel's state API, is that a game state
//! always says *who may act now* ([`Phase`]), answers *what a seat may do*
//! ([`Game::legal_actions`]), takes one typed action at a time
//! ([`Game::act`]) and produces *what a seat may see* ([`Game::view`]). That
//! one small interface covers alternating duels, free-for-alls where any
//! player may claim the next turn, simultaneous secret orders and chance
//! events.

pub mod as_text;
pub mod color;
pub mod concession;
pub mod duel;
pub mod duel_game;
pub mod error;
pub mod game;
pub mod geometry;
pub mod list;
pub mod outcome;
pub mod phase;
pub mod record;
pub mod rng;
pub mod scene;
pub mod seat;
pub mod space;
pub mod squares;
pub mod testing;

pub use color::{Color, Lettered, Piece};
pub use concession::{Concedes, Concession};
pub use error::{ActionError, HostActionError, PositionError};
pub use game::{Diagram, Disclosure, Game, Perft, TextPosition, Viewer};
pub use outcome::{Outcome, SeatResult};
pub use phase::Phase;
pub use rng::{GameRng, Seed, SeedCommitment};
pub use scene::{Depict, Scene};
pub use seat::Seat;
pub use space::PositionSpace;
