//! Tilechess: a free-for-all chess for any number of players on a board of
//! 4×4-tile blocks that grows whenever every block has been opened.
//!
//! Players join during play by opening a block and setting up an army on it;
//! any player may claim the next turn; moving pieces paint territory; a
//! destroyed king eliminates its player. The rulings are in
//! `docs/rules/tilechess.md`.
//!
//! ```
//! use arbiter_tilechess::{Tilechess, Action};
//! use arbiter_core::Seat;
//! let mut game = Tilechess::default();
//! let join: Action = "red: join 8,4 RBNR/PKQP/PNBP/PPP.".parse().unwrap();
//! game.play(Seat(0), &join).unwrap();
//! assert_eq!(game.players().len(), 1);
//! ```

mod action;
mod board;
mod clock;
mod coord;
mod diagram;
mod game;
mod movegen;
mod piece;
mod position;
mod resign;
mod scene;
mod turn;
mod view;

pub use action::{Action, Arrangement, Deed};
pub use board::{Board, Cell};
pub use clock::{ClaimClock, ClaimError, ManualTime, SystemClock, TimeSource};
pub use coord::{Block, Tile, BLOCK};
pub use game::{Ending, Player, Ruleset, Standing, Tilechess, MAX_PLAYERS};
pub use movegen::{for_each_breakable, for_each_target, path};
pub use piece::{Colour, Piece, Role, PALETTE};
pub use view::TilechessView;

/// The game's id in the CLI and on the server.
pub const ID: &str = "tilechess";
