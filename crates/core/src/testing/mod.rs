//! Checks every game's test suite shares: the random-simulation contract
//! ([`contract`]), the perft data-file harness ([`perft_file`]), the
//! duels' resignations and agreed draws ([`concessions`]), the refusals
//! of bad notation ([`notation`]) and pieces of the naive cross-checks
//! ([`naive`]).

pub mod concessions;
pub mod contract;
pub mod naive;
pub mod notation;
pub mod perft_file;

pub use contract::{Contract, Privacy, SimulationReport, Step};
