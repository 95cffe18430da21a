//! Checks every game's test suite shares: the random-simulation contract
//! ([`contract`]) and the perft data-file harness ([`perft_file`]).

pub mod contract;
pub mod perft_file;

pub use contract::{Contract, Privacy, SimulationReport, Step};
