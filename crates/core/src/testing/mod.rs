//! Checks every game's test suite shares: the random-simulation contract
//! ([`contract`]), the perft data-file harness ([`perft_file`]) and the
//! duels' resignations and agreed draws ([`concessions`]).

pub mod concessions;
pub mod contract;
pub mod perft_file;

pub use contract::{Contract, Privacy, SimulationReport, Step};
