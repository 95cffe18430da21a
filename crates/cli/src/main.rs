//! `arbiter`: the command-line front end. It parses arguments and calls the
//! libraries; game logic lives in the game crates.

mod commands;
mod doctor;
mod games;
mod horizon;
mod knight_control;
mod match_cmd;
mod match_uci;
mod play;
mod render;
mod replay;
mod serve;
mod solve;
mod uci;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Rules engine, AI and host for five knight-driven chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the game ids, one per line.
    Games,
    /// List the legal moves after playing MOVE… from POS, one per line, sorted.
    Moves {
        /// The game: knight-court, knight-moves, progressive-chess, tilechess or
        /// knight-control (`arbiter games` lists them).
        game: String,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Moves in the game's notation, played in order from the position.
        moves: Vec<String>,
    },
    /// Play the moves and print the resulting position string.
    Apply {
        /// The game: knight-court, knight-moves, progressive-chess, tilechess or
        /// knight-control (`arbiter games` lists them).
        game: String,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Moves in the game's notation, played in order from the position.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Count the legal move sequences of length DEPTH.
    Perft {
        /// The game: knight-court, knight-moves, progressive-chess, tilechess or
        /// knight-control (`arbiter games` lists them).
        game: String,
        /// How many plies deep to count.
        depth: u32,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Draw the board after playing MOVE… from POS, or at an entry of a
    /// game RECORD (docs/records.md; knight-control: also its own records).
    Show {
        /// The game: knight-court, knight-moves, progressive-chess, tilechess or
        /// knight-control (`arbiter games` lists them).
        game: String,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Moves in the game's notation, played in order from the position;
        /// or the path of one game record.
        moves: Vec<String>,
        /// knight-control: the board after this round (0 = after bidding).
        #[arg(long)]
        round: Option<u8>,
        /// A record: the board after this many entries (0 = the start).
        #[arg(long)]
        ply: Option<usize>,
    },
    /// Draw the board as a picture (PNG or SVG by the --out name) after
    /// MOVE… from POS, or at an entry of a game RECORD.
    Render {
        /// The game: knight-court, knight-moves, progressive-chess, tilechess or
        /// knight-control (`arbiter games` lists them).
        game: String,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Moves in the game's notation, played in order from the position;
        /// or the path of one game record.
        moves: Vec<String>,
        /// A record: the board after this many entries (0 = the start).
        #[arg(long)]
        ply: Option<usize>,
        /// Where to write the picture: a file name ending in .png or .svg.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Check a game record: its seed against its commitment, and every
    /// entry and draw against the seed. Exits 1 naming a wrong entry.
    Verify {
        /// The record file (JSON or text, docs/records.md).
        record: std::path::PathBuf,
    },
    /// Write a stored game's full record, every entry in full, from the
    /// server's database (for its operator).
    Export {
        /// The game's id, as in its table's address (`/table/ID`).
        id: String,
        /// The database (as for `arbiter serve`).
        #[arg(long, default_value = "sqlite://arbiter.db")]
        db: String,
        /// `json` or `text`.
        #[arg(long, default_value = "json")]
        format: String,
    },
    /// Solve every position of a game by retrograde analysis (knight-court).
    Solve {
        /// The game: knight-court (the one small enough to solve).
        game: String,
        /// Write the table file here.
        #[arg(long)]
        out: Option<String>,
        /// Then search the start under the true no-repetition rule for this
        /// many seconds (the moonshot).
        #[arg(long, value_name = "SECONDS")]
        moonshot: Option<u64>,
        /// Then prove, for every first move, whether either side can force
        /// mate within this many plies under the true rule (proof-number
        /// search; at most 127).
        #[arg(long, value_name = "PLIES")]
        horizon: Option<u32>,
        /// With --horizon: ask instead whether either side can force the
        /// game to end without losing (by mate, or by a stalemate of either
        /// side), the question a proof of a draw needs.
        #[arg(long, requires = "horizon")]
        stalemates: bool,
        /// With --horizon: the most memory, in GiB, the proofs may keep
        /// their solved results in; beyond it the results that saved the
        /// fewest nodes for their memory, and were not used lately, are
        /// dropped, and the search goes on (by default there is no bound).
        #[arg(long, value_name = "GIB", requires = "horizon")]
        memory: Option<u32>,
        /// With --horizon: the most solved results kept for one position;
        /// beyond it the one of that position stored or used longest ago is
        /// dropped. More searches fewer
        /// nodes and takes more memory; the answers are the same.
        #[arg(long, value_name = "N", requires = "horizon", default_value_t = arbiter_search::dfpn::LONG_SEARCH_ENTRIES)]
        entries: usize,
    },
    /// Every legal move with its exact value from the solved table, best first.
    Analyse {
        /// The game: knight-court (the one with a solved table).
        game: String,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Also prove each move under the true rule (no position twice):
        /// whether either side forces mate within this many plies.
        #[arg(long, value_name = "PLIES")]
        prove: Option<u32>,
        /// Moves in the game's notation, played in order from the position.
        moves: Vec<String>,
    },
    /// Write a new game record (knight-control).
    New(knight_control::NewArgs),
    /// Replay a game record (any game's, docs/records.md) and print its
    /// entries and result.
    Replay(knight_control::ReplayArgs),
    /// Bots against bots: a tournament with seats swapped fairly.
    Match(match_cmd::MatchArgs),
    /// Run as a UCI engine on standard input and output (knight-court,
    /// knight-moves, progressive-chess).
    Uci {
        /// The game: knight-court, knight-moves or progressive-chess.
        game: String,
    },
    /// Run the web host: every game in the browser, stored in a database.
    Serve(serve::ServeArgs),
    /// Check a database: its schema version, and that every stored game
    /// replays cleanly (exit status 1 if not).
    Doctor(doctor::DoctorArgs),
    /// Play against the engine in the terminal.
    Play {
        /// The game: knight-court, knight-moves or progressive-chess (the
        /// games of two players in turn).
        game: String,
        /// The position string to start from (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// The side you play: 1 moves first, 2 second.
        #[arg(long = "as", default_value_t = 1)]
        seat: u8,
        /// The engine's thinking time per move, in milliseconds (when the
        /// level names no budget of its own).
        #[arg(long, default_value_t = 500)]
        think_ms: u64,
        /// The engine's level: a host level `1` to `5` (as the lobby's,
        /// with its own budget), `random`, `greedy`, `max` (default), or a
        /// level with a budget such as `max:2s` or `max:5000n`.
        #[arg(long, default_value = "max")]
        level: String,
    },
}

/// Printing to a pipe whose reader has gone (`arbiter moves … | head -1`)
/// makes `println!` panic with this message; the command has nobody left to
/// tell anything, so it stops quietly instead of printing a panic.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The host logs through its own writers and must never stop this way.
    if !matches!(cli.command, Command::Serve { .. }) {
        quiet_on_closed_pipe();
    }
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// `arbiter COMMAND --help` explains every argument and option it
    /// takes: none is shown bare.
    #[test]
    fn every_argument_has_help() {
        let cli = Cli::command();
        let mut bare = Vec::new();
        for command in cli.get_subcommands() {
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                if id != "help" && id != "version" && arg.get_help().is_none() {
                    bare.push(format!("{} {id}", command.get_name()));
                }
            }
        }
        assert!(bare.is_empty(), "arguments without help: {bare:?}");
    }
}
