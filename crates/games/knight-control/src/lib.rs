//! Knight Control: sealed letter bids for spawning zones, then ten rounds of
//! simultaneous secret orders for m×n knights on a 15×15 grid, hidden chip
//! purses, items and portals, and the end-of-game ToL awards and EC vote.
//! The rulings are in `docs/rules/knight-control.md`.
//!
//! ```
//! use arbiter_knight_control::{KnightControl, Layout, Rules, Stage};
//! use arbiter_core::{Game, Seat, Seed};
//! let mut game = KnightControl::new(2, Rules::default(), Layout::standard(), Seed::from_u64(1)).unwrap();
//! game.act_text(Seat(0), "bid ABCDE").unwrap();
//! game.act_text(Seat(1), "bid ABCDE").unwrap();
//! // Both asked for A first, then B, ...: nobody gets a bid letter, so both draw.
//! assert_eq!(game.stage(), Stage::Orders);
//! ```

mod action;
mod awards;
mod bidding;
mod check;
pub mod determinise;
mod diagram;
mod event;
mod game;
mod history;
mod hosting;
mod interface;
mod item;
mod layout;
mod place;
pub mod record;
mod resign;
mod round;
mod scene;
mod secrets;
mod setup;
mod state;
mod trade;
mod view;

pub use action::{Action, GiftChoice, ItemChoices, Move, Orders, Spawn};
pub use awards::{Awards, AwardsView};
pub use bidding::{assign as assign_zones, check_bid};
pub use check::{CheckedChoices, CheckedOrders, Held};
pub use event::Event;
pub use game::{Communal, KnightControl, Notice, Offer, RoundLog, Stage, Trade, ID, MAX_PLAYERS};
pub use hosting::{CellView, Cost, Geometry, ZoneGeometry};
pub use item::{generate as generate_items, Item, ItemPlacement, DEFAULT_MIX};
pub use layout::{standard_file, Cell, CellKind, Layout, LayoutFile, ZoneFile};
pub use place::{parse_player, player_name, Movement, Place, Player};
pub use round::{judge, pay};
pub use setup::{KnightSetup, PlayerSetup, Setup};
pub use state::{EcMeasure, Knight, Purse, Rules, State};
pub use view::{
    Board, CommunalView, KnightControlView, KnightView, OfferView, PrivateView, TradeView,
};
