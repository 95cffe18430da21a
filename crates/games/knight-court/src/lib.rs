//! Knight Court, Jason D. Wittman's 3×3 chess variant (2000).
//!
//! Each side has a royal knight, a bishop and a rook. Captured pieces go back
//! to their owner's hand and may be dropped again; no position may ever be
//! repeated; the side that cannot move loses if its knight is attacked and
//! draws otherwise. The rulings are in `docs/rules/knight-court.md`.
//!
//! ```
//! use arbiter_knight_court::{KnightCourt, Move};
//! let mut game = KnightCourt::new();
//! game.play("c1c3".parse::<Move>().unwrap()).unwrap();
//! assert_eq!(game.position().to_string(), "nbR/3/NB1[r] b");
//! ```

mod attacks;
mod bulk;
mod diagram;
mod fen;
mod game;
mod index;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod square;
mod view;

pub use attacks::{attacks, bishop_attacks, knight_attacks, rook_attacks};
pub use game::{IllegalMove, KnightCourt, Status};
pub use index::{KnightCourtSpace, SIZE as POSITION_SPACE_SIZE};
pub use movegen::{for_each_legal, legal_moves};
pub use moves::{Move, MoveList};
pub use perft::Leaves;
pub use piece::{Color, Piece, Role};
pub use position::{Position, Setup};
pub use square::{Bitboard, Square};
pub use view::{InCheck, KnightCourtView};

/// The game's id in the CLI and on the server.
pub const ID: &str = "knight-court";
