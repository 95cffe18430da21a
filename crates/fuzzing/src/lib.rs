//! What the fuzz targets check (`fuzz/`, run with `cargo +nightly fuzz`;
//! docs/fuzzing.md). Each function takes arbitrary bytes and panics only
//! when a game breaks a promise:
//!
//! - [`position_strings`]: a position string of any of the four games that
//!   have one is read or refused with an error, never a panic; one that is
//!   read prints to a string that reads back and prints the same;
//! - [`actions`]: from a position reached by legal play chosen by the
//!   bytes, an action text is accepted or refused, never a panic; a
//!   refusal changes nothing any viewer sees, and an accepted action's
//!   notation reads back to the same action;
//! - [`knight_control_files`]: Knight Control's layout files and records
//!   are read or refused, never a panic, and a record that is read writes
//!   back to one that reads the same;
//! - [`game_records`]: the server's game records, of any game, in JSON or
//!   text (what `POST /api/games/import` and `arbiter verify` read) are
//!   read or refused, never a panic; one that is read writes back, in
//!   both formats, to one that reads the same, and replays or is refused;
//! - [`uci_sessions`]: the UCI engine of each alternating game reads any
//!   session without a panic, writes only the protocol's lines, and
//!   answers every search it starts with one `bestmove`;
//! - [`webhook_inputs`]: a webhook URL, or a receiver's `Retry-After`
//!   answer, is read or refused, never a panic; a URL that is read names a
//!   host, keeps its scheme and carries no user name or password;
//! - [`http_requests`]: the server's routes answer any body, path piece,
//!   query or token without an internal error, and a refusal leaves every
//!   viewer's view of the game as it was.
//!
//! The same functions run in the ordinary test suite over a fixed set of
//! inputs (`tests/fixed_inputs.rs`), so the harness is built and exercised
//! on every run; the fuzzer only searches further.

mod bytes;
mod checks;
mod http;
mod uci;
mod webhooks;

pub use checks::{actions, game_records, knight_control_files, position_strings};
pub use http::http_requests;
pub use uci::uci_sessions;
pub use webhooks::webhook_inputs;
