//! Knight Moves (2005): two sides of five knights pass a ball down a board
//! of seven files and eight ranks.
//!
//! On a turn a side either leaps one piece (not the one holding its ball)
//! like a chess knight, or passes its ball along straight lines from piece
//! to piece. Passers become ineligible receivers until they move; a piece
//! move landing next to the enemy ball forces a pass; no position may
//! repeat; a ball on the far rank wins. The rulings are in
//! `docs/rules/knight-moves.md`.
//!
//! ```
//! use arbiter_knight_moves::KnightMoves;
//! let mut game = KnightMoves::new();
//! for text in ["c8-b6", "e1-f3", "d8-b6", "d1-f1-f3"] {
//!     let mv = game.read_move(text).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.position().to_string(), "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -");
//! ```

mod diagram;
mod game;
mod movegen;
mod moves;
mod perft;
mod position;
mod side;
mod square;
mod tables;
mod text;
mod view;

pub use game::{IllegalMove, KnightMoves, Status};
pub use movegen::{
    can_pass, count_chains, count_jumps, for_each_chain, for_each_jump, for_each_legal,
    pseudo_legal,
};
pub use moves::{Chain, Move, MoveList, MAX_CHAIN};
pub use perft::Leaves;
pub use position::{Cell, Key, Position, Setup, PIECES_PER_SIDE};
pub use side::Side;
pub use square::{Bitboard, Square, FILES, GRID, RANKS, SQUARES};
pub use tables::{first_on_lines, knight_leaps, neighbours};
pub use view::{KnightMovesView, MustPass};

/// The game's id in the CLI and on the server.
pub const ID: &str = "knight-moves";
