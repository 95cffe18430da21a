//! Arbiter as a UCI engine for the alternating duels (Knight Court, Knight
//! Moves, Progressive Chess): `arbiter uci GAME` runs [`serve`].
//!
//! The protocol is UCI's, with each game's own position string after
//! `position fen` and its own move notation after `moves` (and in
//! `bestmove` and `info … pv`):
//!
//! - `uci` → `id …`, `uciok`; `isready` → `readyok` (also while searching);
//!   `ucinewgame` → back to the start position, with the kept table and
//!   the per-search seeds reset; `setoption name F value true|false`
//!   switches a search feature (`PVS`, `NullMove`, `LMR`, `CaptureOrder`,
//!   `Checks`, `KeepTable`, `DeepLMR`, `Futility`, `QuietChecks`, `Prune`: see
//!   `alphabeta::Features`; the defaults are the game's), so each can be
//!   measured against the search without it; `Threads` is listed from 1
//!   to 1 (the search runs on one) and any other value is refused; other
//!   options are ignored.
//! - `position startpos|fen TEXT [moves M…]`: a bad position or move is
//!   reported as `info string error: …` and the previous position stays.
//! - `go [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]
//!   [nodes N] [depth N] [mate N] [infinite] [ponder] [searchmoves M…]`:
//!   the search runs on its own thread and prints `info depth … score
//!   cp|mate … nodes … nps … hashfull … time … pv …` after every iteration, then
//!   `bestmove M [ponder P]` (`0000` when the game is over; `P` is the
//!   reply the principal variation expects). `infinite` waits for `stop`
//!   even after the search is done, as the protocol asks. Words it cannot
//!   read are reported and left out ([`Go::parse`]), so every `go` is
//!   answered.
//! - `go ponder …` searches on the opponent's time with no time limit and
//!   answers nothing until `ponderhit` or `stop`. `ponderhit` (the expected
//!   move was played) turns it into a normal search whose time, from the
//!   `go` command's clock or `movetime`, counts from that moment; if the
//!   search is already done, `bestmove` comes at once.
//! - `setoption name MultiPV value N` (1 to 256): each iteration reports
//!   the best N moves, each with its exact score and line (`info depth D
//!   multipv K …`); `bestmove` is the first. Knight Court's referee stands
//!   aside then, as it does for `searchmoves`: it chooses one move.
//! - `setoption name Hash value MB` (1 to 65536): the transposition table
//!   is made anew with the most slots (a power of two) that fit in MB MiB;
//!   the default lists the usual table's size. `setoption name Clear Hash`
//!   empties it. Each search uses the session's table, emptied after the
//!   search before (unless `KeepTable`) once its `bestmove` is out
//!   (`uci/table.rs`).
//! - `stop`: the search answers at once with its best so far; `quit` ends.
//!
//! A game may put a [`Referee`] around the search ([`serve_with`]): Knight
//! Court's proofs, so that `arbiter uci knight-court` chooses as host
//! level 5 does. The option `Proofs` (`true` by default) switches it.

use crate::alphabeta::{Duel, MATE, MATE_BOUND};
use arbiter_core::{Game, Phase, Seed, TextPosition};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

mod go;
mod options;
mod search;
mod table;
pub use go::Go;
use options::{cannot_have, Effect, Options};
use search::{start_search, Running, Session, NO_PONDER};
use table::SessionTable;

/// Where the engine writes: shared by the reading loop and the search
/// thread, one whole line at a time.
type Out<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Out<W>, line: &str) {
    let mut w = out.lock().expect("the output lock");
    // A closed output means nobody listens any more; the next read ends us.
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// A UCI score: centipawns, or mate in moves (negative: being mated).
pub fn score_text(score: i32) -> String {
    if score.abs() > MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

/// The engine's search as a [`Referee`] calls it: `only` limits its
/// choice at the root to those moves (`None`: every move), and it stops by
/// `until` (`None`: by the `go` command's own limits). It prints its `info`
/// lines and answers its choice and that choice's score.
pub type EngineSearch<'a, D> = dyn FnMut(Option<Vec<<D as Duel>::Move>>, Option<Instant>) -> Option<(<D as Duel>::Move, i32)>
    + 'a;

/// Exact answers a game has beside the engine's search: it may answer
/// without searching, or search again among fewer moves.
pub trait Referee<D: Duel>: Sync {
    /// The move to play in `game`, with `search` as the engine's search.
    /// `deadline` is the `go` command's (`None`: no time limit), `flag` is
    /// raised by `stop`, and `seed` is the search's. `say` prints a line.
    fn choose(
        &self,
        game: &D::Game,
        deadline: Option<Instant>,
        flag: &AtomicBool,
        seed: Seed,
        search: &mut EngineSearch<'_, D>,
        say: &mut dyn FnMut(String),
    ) -> Option<D::Move>;
}

/// Plays the engine side of UCI for the duel `D` over `input` and `output`
/// until `quit` or the end of the input. `name` names the game in `id`.
pub fn serve<D, R, W>(name: &str, input: R, output: W)
where
    D: Duel,
    D::Game: TextPosition + 'static,
    <D::Game as Game>::Action: std::fmt::Display,
    R: BufRead,
    W: Write + Send + 'static,
{
    serve_with::<D, R, W>(name, None, input, output)
}

/// [`serve`], with `referee` around the search while the `Proofs` option
/// is on.
pub fn serve_with<D, R, W>(
    name: &str,
    referee: Option<&'static dyn Referee<D>>,
    input: R,
    output: W,
) where
    D: Duel,
    D::Game: TextPosition + 'static,
    <D::Game as Game>::Action: std::fmt::Display,
    R: BufRead,
    W: Write + Send + 'static,
{
    let mut options = Options::new::<D>(referee.is_some());
    let out: Out<W> = Arc::new(Mutex::new(output));
    let mut game = D::Game::start();
    let mut running: Option<Running> = None;
    let mut searches = 0u64;
    let table = SessionTable::<D>::shared();
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        // A finished search's thread is collected before anything else.
        if running.as_ref().is_some_and(Running::is_done) {
            running.take().expect("a search").finish();
        }
        match command {
            "uci" => {
                say(&out, &format!("id name Arbiter {name}"));
                say(&out, "id author the Arbiter authors");
                for option in options.listing::<D>() {
                    say(&out, &option);
                }
                say(&out, "uciok");
            }
            "isready" => say(&out, "readyok"),
            "setoption" => {
                let before = options.megabytes;
                match options.set(&words[1..]) {
                    // Made now, so that `isready` waits for it.
                    Ok(Effect::Resize) => {
                        let mut table = table.lock().expect("the table lock");
                        if !table.resize(options.megabytes) {
                            let asked = options.megabytes.unwrap_or_default();
                            options.megabytes = before;
                            say(&out, &format!("info string {}", cannot_have(asked)));
                        }
                    }
                    Ok(Effect::ClearTable) => table.lock().expect("the table lock").forget(),
                    Ok(Effect::None) => {}
                    Err(e) => say(&out, &format!("info string {e}")),
                }
            }
            "debug" | "register" => {}
            "ucinewgame" => {
                if let Some(r) = running.take() {
                    r.finish();
                }
                game = D::Game::start();
                table.lock().expect("the table lock").forget();
                // A new game searches as the session's first would, so a
                // game replays alike whatever the process played before.
                searches = 0;
            }
            "position" => match read_position::<D::Game>(&words[1..]) {
                Ok(g) => game = g,
                Err(e) => say(&out, &format!("info string error: {e}")),
            },
            "go" => {
                if running.is_some() {
                    say(
                        &out,
                        "info string error: already searching (send stop first)",
                    );
                    continue;
                }
                let (go, warnings) = Go::parse(&words[1..]);
                for warning in warnings {
                    say(&out, &format!("info string error: {warning}"));
                }
                searches += 1;
                // The referee chooses one move among every move; a
                // restricted root, or several lines, are the bare search's.
                let refereed = options.refereed == Some(true)
                    && go.searchmoves.is_empty()
                    && options.lines == 1;
                let session = Session {
                    features: options.features,
                    table: Arc::clone(&table),
                    megabytes: options.megabytes,
                    referee: referee.filter(|_| refereed),
                    number: searches,
                    lines: options.lines,
                };
                running = Some(start_search::<D, W>(&game, go, session, &out));
            }
            "ponderhit" => {
                let answer = match &running {
                    Some(r) => r.ponderhit(),
                    None => Err(NO_PONDER),
                };
                if let Err(e) = answer {
                    say(&out, &format!("info string error: {e}"));
                }
            }
            "stop" => {
                if let Some(r) = running.take() {
                    r.finish();
                }
            }
            "quit" => break,
            other => say(
                &out,
                &format!("info string error: unknown command '{other}'"),
            ),
        }
    }
    if let Some(r) = running.take() {
        r.finish();
    }
}

/// `startpos|fen TEXT… [moves M…]`, played out on a fresh game.
pub fn read_position<G>(words: &[&str]) -> Result<G, String>
where
    G: Game + TextPosition,
{
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let mut game = match words.first() {
        Some(&"startpos") if moves_at == 1 => G::start(),
        Some(&"fen") if moves_at > 1 => {
            G::from_position(&words[1..moves_at].join(" ")).map_err(|e| e.to_string())?
        }
        _ => return Err("position takes startpos or fen TEXT, then moves M…".into()),
    };
    for text in words.iter().skip(moves_at + 1) {
        let Phase::Turn(seat) = game.phase() else {
            return Err(format!("move {text}: the game is over or not a turn"));
        };
        game.act_text(seat, text)
            .map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(game)
}
