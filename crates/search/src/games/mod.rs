//! Per-game pieces for the searchers: evaluations, the alpha-beta
//! interface, and how each game's bots are made.

pub mod knight_control;
pub mod knight_court;
pub mod knight_moves;
pub mod progressive_chess;
pub mod tilechess;
