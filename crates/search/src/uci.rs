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
//!   measured against the search without it; other options are ignored.
//! - `position startpos|fen TEXT [moves M…]`: a bad position or move is
//!   reported as `info string error: …` and the previous position stays.
//! - `go [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]
//!   [nodes N] [depth N] [mate N] [infinite] [ponder] [searchmoves M…]`:
//!   the search runs on its own thread and prints `info depth … score
//!   cp|mate … nodes … nps … time … pv …` after every iteration, then
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
//! - `stop`: the search answers at once with its best so far; `quit` ends.
//!
//! A game may put a [`Referee`] around the search ([`serve_with`]): Knight
//! Court's proofs, so that `arbiter uci knight-court` chooses as host
//! level 5 does. The option `Proofs` (`true` by default) switches it.

use crate::alphabeta::{Duel, Features, Found, Searcher, Table, MATE, MATE_BOUND};
use crate::player::Budget;
use arbiter_core::{Game, Phase, Seed, TextPosition};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

mod go;
pub use go::Go;

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

/// The UCI option that switches a [`Referee`] on and off.
const REFEREE_OPTION: &str = "Proofs";
/// The UCI option for the number of best lines reported, and its most.
const MULTI_PV: &str = "MultiPV";
const MOST_LINES: usize = 256;

struct Running {
    stop: Arc<AtomicBool>,
    /// Raised just before `bestmove` is written, so a `go` that follows
    /// it never finds the last search still counted as running.
    done: Arc<AtomicBool>,
    /// Up while a `go ponder` search waits for `ponderhit`.
    pondering: Arc<AtomicBool>,
    /// The time the side to move may think once `ponderhit` comes (`None`:
    /// no limit of time).
    think: Option<Duration>,
    thread: JoinHandle<()>,
}

impl Running {
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }

    /// `ponderhit`: the search becomes a normal one, whose time starts now.
    /// A watch raises the stop flag when that time is up, unless the search
    /// has answered by then. Refused when no ponder search is running.
    fn ponderhit(&self) -> Result<(), &'static str> {
        if !self.pondering.swap(false, Ordering::AcqRel) {
            return Err("ponderhit: no ponder search is running");
        }
        if let Some(think) = self.think {
            let until = Instant::now() + think;
            let (stop, done) = (Arc::clone(&self.stop), Arc::clone(&self.done));
            std::thread::spawn(move || {
                while Instant::now() < until {
                    if done.load(Ordering::Acquire) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                stop.store(true, Ordering::Relaxed);
            });
        }
        Ok(())
    }
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
    let mut refereed = referee.is_some();
    let out: Out<W> = Arc::new(Mutex::new(output));
    let mut game = D::Game::start();
    let mut running: Option<Running> = None;
    let mut searches = 0u64;
    let mut features = D::features();
    let mut lines = 1;
    // The table kept from one search to the next (`KeepTable`).
    let table: Shared<D> = Arc::new(Mutex::new(None));
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        // A finished search's thread is collected before anything else.
        if running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::Acquire))
        {
            running.take().expect("a search").finish();
        }
        match command {
            "uci" => {
                say(&out, &format!("id name Arbiter {name}"));
                say(&out, "id author the Arbiter authors");
                let defaults = D::features();
                for feature in Features::NAMES {
                    let on = defaults.get(feature);
                    say(
                        &out,
                        &format!("option name {feature} type check default {on}"),
                    );
                }
                if referee.is_some() {
                    say(
                        &out,
                        &format!("option name {REFEREE_OPTION} type check default true"),
                    );
                }
                // GUIs send `go ponder` only to engines that list this.
                say(&out, "option name Ponder type check default false");
                say(
                    &out,
                    &format!("option name {MULTI_PV} type spin default 1 min 1 max {MOST_LINES}"),
                );
                say(&out, "uciok");
            }
            "isready" => say(&out, "readyok"),
            "setoption" => {
                let switch = if referee.is_some() {
                    Some(&mut refereed)
                } else {
                    None
                };
                if let Err(e) = set_option(&mut features, &mut lines, switch, &words[1..]) {
                    say(&out, &format!("info string {e}"));
                }
            }
            "debug" | "register" => {}
            "ucinewgame" => {
                if let Some(r) = running.take() {
                    r.finish();
                }
                game = D::Game::start();
                *table.lock().expect("the table lock") = None;
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
                let refereed = refereed && go.searchmoves.is_empty() && lines == 1;
                let session = Session {
                    features,
                    table: Arc::clone(&table),
                    referee: referee.filter(|_| refereed),
                    number: searches,
                    lines,
                };
                running = Some(start_search::<D, W>(&game, go, session, &out));
            }
            "ponderhit" => {
                let answer = match &running {
                    Some(r) => r.ponderhit(),
                    None => Err("ponderhit: no ponder search is running"),
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

/// `name N value V`: the search features ([`Features::NAMES`]), and the
/// referee when there is one (`referee`), are switched with
/// `true`/`false`; `MultiPV` sets `lines`; other options (a GUI's `Hash`,
/// say) are accepted and ignored.
fn set_option(
    features: &mut Features,
    lines: &mut usize,
    referee: Option<&mut bool>,
    words: &[&str],
) -> Result<(), String> {
    // `name` comes first; a line without it (`setoption value x`, say)
    // is refused rather than read from where the name should be.
    let Some((&"name", rest)) = words.split_first() else {
        return Err("error: setoption takes name N [value V]".into());
    };
    let (name, value) = match rest.iter().position(|&w| w == "value") {
        Some(at) => (rest[..at].join(" "), rest[at + 1..].join(" ")),
        None => (rest.join(" "), String::new()),
    };
    if name == MULTI_PV {
        return match value.parse::<usize>() {
            Ok(n) if (1..=MOST_LINES).contains(&n) => {
                *lines = n;
                Ok(())
            }
            _ => Err(format!(
                "error: option {MULTI_PV} takes a whole number from 1 to {MOST_LINES}, not '{value}'"
            )),
        };
    }
    let is_referee = referee.is_some() && name == REFEREE_OPTION;
    if !is_referee && !Features::NAMES.contains(&name.as_str()) {
        return Ok(());
    }
    let on = match value.as_str() {
        "true" => true,
        "false" => false,
        other => {
            return Err(format!(
                "error: option {name} takes true or false, not '{other}'"
            ))
        }
    };
    match referee {
        Some(switch) if is_referee => *switch = on,
        _ => {
            features.set(&name, on);
        }
    }
    Ok(())
}

/// A table shared by the reading loop and the search threads.
type Shared<D> = Arc<Mutex<Option<Table<D>>>>;

/// What a search takes from the session besides the position and `go`.
struct Session<D: Duel> {
    features: Features,
    /// The table kept from one search to the next (`KeepTable`).
    table: Shared<D>,
    referee: Option<&'static dyn Referee<D>>,
    /// The search's number in the session, which seeds it.
    number: u64,
    /// How many best lines to report (`MultiPV`); 1 is a normal search.
    lines: usize,
}

fn start_search<D, W>(game: &D::Game, go: Go, session: Session<D>, out: &Out<W>) -> Running
where
    D: Duel,
    D::Game: 'static,
    <D::Game as Game>::Action: std::fmt::Display,
    W: Write + Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let game = game.clone();
    let out = Arc::clone(out);
    let flag = Arc::clone(&stop);
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::clone(&done);
    let pondering = Arc::new(AtomicBool::new(go.ponder));
    let waiting = Arc::clone(&pondering);
    let think = match game.phase() {
        Phase::Turn(seat) => go.think_time(seat.index()),
        _ => None,
    };
    let thread = std::thread::spawn(move || {
        let best = match game.phase() {
            Phase::Turn(seat) => search::<D, W>(&game, seat.index(), &go, &session, &flag, &out),
            _ => None,
        };
        // The protocol: no bestmove before `stop` in an infinite search,
        // nor before `ponderhit` or `stop` in a ponder search, even when
        // the search is done.
        while !flag.load(Ordering::Relaxed) && (go.infinite || waiting.load(Ordering::Acquire)) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let text = match best {
            None => "0000".to_string(),
            Some((mv, None)) => mv.to_string(),
            Some((mv, Some(reply))) => format!("{mv} ponder {reply}"),
        };
        finished.store(true, Ordering::Release);
        say(&out, &format!("bestmove {text}"));
    });
    Running {
        stop,
        done,
        pondering,
        think,
        thread,
    }
}

/// The search for the side with `index` to move, with the session's
/// referee around it if it has one: the move chosen, and the reply the
/// last principal variation expects to it (when that line starts with it).
fn search<D, W>(
    game: &D::Game,
    index: usize,
    go: &Go,
    session: &Session<D>,
    stop: &AtomicBool,
    out: &Out<W>,
) -> Option<(D::Move, Option<D::Move>)>
where
    D: Duel,
    <D::Game as Game>::Action: std::fmt::Display,
    W: Write + Send + 'static,
{
    let started = Instant::now();
    let nodes = go.nodes.unwrap_or(u64::MAX);
    // A ponder search has no time limit of its own: `ponderhit` starts
    // the clock (see `Running::ponderhit`).
    let deadline = match (go.infinite || go.ponder, go.think_time(index)) {
        (false, Some(t)) => Some(started + t),
        _ => None,
    };
    let budget = |until: Option<Instant>| match until {
        Some(at) => Budget::Until { nodes, at },
        None => Budget::Nodes(nodes),
    };
    // Each search of a session gets its own seed, so equal moves vary.
    let seed = Seed::from_u64(session.number);
    let root_moves = chosen_root_moves::<D, W>(game, &go.searchmoves, out);
    if session.lines > 1 {
        let lines = with_searcher(game, budget(deadline), session, stop, root_moves, |s| {
            s.run_lines(go.depth_limit(), seed, session.lines, &mut |lines| {
                for line in lines {
                    say(
                        out,
                        &info_line(&line.found, &line.pv, started, Some(line.rank)),
                    );
                }
            })
        });
        let best = lines.first()?;
        return Some((best.found.best?, best.pv.get(1).copied()));
    }
    let mut last_pv: Vec<D::Move> = Vec::new();
    let mut run = |only: Option<Vec<D::Move>>, until: Option<Instant>| {
        let only = only.or_else(|| root_moves.clone());
        let found = with_searcher(game, budget(until), session, stop, only, |s| {
            s.run_reporting(go.depth_limit(), seed, &mut |found, pv| {
                last_pv = pv.to_vec();
                say(out, &info_line(found, pv, started, None));
            })
        });
        found.best.map(|mv| (mv, found.score))
    };
    let best = match session.referee {
        Some(referee) => {
            let mut tell = |line: String| say(out, &line);
            referee.choose(game, deadline, stop, seed, &mut run, &mut tell)
        }
        None => run(None, deadline).map(|(mv, _)| mv),
    }?;
    // A referee may choose without searching, or choose another move than
    // the last line searched: then there is no reply to offer.
    let reply = match last_pv.as_slice() {
        [first, reply, ..] if *first == best => Some(*reply),
        _ => None,
    };
    Some((best, reply))
}

/// Runs `body` on a searcher of `game` set up as the session asks (its
/// features and kept table, `stop`, and the root moves `only`), and keeps
/// its table for the next search when `KeepTable` is on.
fn with_searcher<'g, D: Duel, T>(
    game: &'g D::Game,
    budget: Budget,
    session: &Session<D>,
    stop: &'g AtomicBool,
    only: Option<Vec<D::Move>>,
    body: impl FnOnce(&mut Searcher<'g, D>) -> T,
) -> T {
    let features = session.features;
    let kept = if features.keep_table {
        session.table.lock().expect("the table lock").take()
    } else {
        None
    };
    let mut searcher = Searcher::<D>::new(game, budget)
        .with_features(features)
        .stop_on(stop);
    if let Some(kept) = kept {
        searcher = searcher.with_table(kept);
    }
    if let Some(moves) = only {
        searcher = searcher.only_moves(moves);
    }
    let answer = body(&mut searcher);
    if features.keep_table {
        *session.table.lock().expect("the table lock") = Some(searcher.into_table());
    }
    answer
}

/// `info depth … [multipv K] score … nodes … nps … time … pv …`, the time
/// counted from `started`.
fn info_line<M: std::fmt::Display>(
    found: &Found<M>,
    pv: &[M],
    started: Instant,
    rank: Option<usize>,
) -> String {
    let ms = started.elapsed().as_millis().max(1) as u64;
    let line: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
    let rank = rank.map_or_else(String::new, |k| format!(" multipv {k}"));
    format!(
        "info depth {}{rank} score {} nodes {} nps {} time {ms} pv {}",
        found.depth,
        score_text(found.score),
        found.nodes,
        found.nodes * 1000 / ms,
        line.join(" ")
    )
}

/// The legal moves among `searchmoves` (`None` when it is empty); each
/// word that is not a legal move is reported and left out, and if none is
/// left every move is searched.
fn chosen_root_moves<D, W>(
    game: &D::Game,
    searchmoves: &[String],
    out: &Out<W>,
) -> Option<Vec<D::Move>>
where
    D: Duel,
    W: Write,
{
    if searchmoves.is_empty() {
        return None;
    }
    let legal = arbiter_core::duel::Duel::moves(game);
    let mut chosen = Vec::new();
    for text in searchmoves {
        match legal.iter().find(|mv| mv.to_string() == *text) {
            Some(mv) if !chosen.contains(mv) => chosen.push(*mv),
            Some(_) => {}
            None => say(
                out,
                &format!(
                    "info string error: searchmoves: {text} is not a legal move here (left out)"
                ),
            ),
        }
    }
    if chosen.is_empty() {
        say(
            out,
            "info string error: searchmoves names no legal move: every move is searched",
        );
        return None;
    }
    Some(chosen)
}
