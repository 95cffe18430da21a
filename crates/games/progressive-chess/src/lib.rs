//! Progressive Chess (MathTurtle): 7×7 chess where six pawns and a king grow
//! into an army. Each turn is a move, then an optional upgrade paid in
//! points, one step up a tree of fairy pieces: lesser pieces, rooks and
//! bishops, cannons, shielded protectors, camel-leaping pincers, zigzags,
//! and the swapper family that swaps places or raises captured pieces.
//! The rulings are in `docs/rules/progressive-chess.md`.
//!
//! ```
//! use arbiter_progressive_chess::{ProgressiveChess, Ruleset, Turn};
//! let mut game = ProgressiveChess::new(Ruleset::default());
//! game.play("b1b2+b2=F".parse::<Turn>().unwrap()).unwrap();
//! assert_eq!(game.position().to_string(), "pppkppp/7/7/7/7/1F5/P1PKPPP b 1 2 - - 0 1");
//! ```

pub mod attacks;
mod board;
pub mod clock;
mod diagram;
mod fen;
mod game;
pub mod matches;
pub mod movegen;
mod moves;
pub mod perft;
mod piece;
mod position;
mod resign;
mod rules;
mod scene;
mod square;
pub mod timed;
mod timed_view;
pub mod tree;
mod view;

pub use clock::{Clock, ClockError, ClockSettings, Millis, Step};
pub use game::{why_illegal, IllegalTurn, ProgressiveChess, Status};
pub use matches::{Match, MatchResult};
pub use moves::{Move, Turn, Upgrade};
pub use piece::{Color, Piece, Role};
pub use position::{Board, Effect, Position, Setup};
pub use rules::Ruleset;
pub use square::{Bitboard, Square};
pub use timed::{Session, SessionAction, MOVE_STEP};
pub use timed_view::{ClockView, MatchView, SessionView};
pub use view::ProgressiveChessView;

/// The game's id in the CLI and on the server.
pub const ID: &str = "progressive-chess";
