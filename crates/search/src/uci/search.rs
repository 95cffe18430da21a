//! One search of a session: its thread, its answer (`bestmove`), the
//! lines it reports, and the `ponderhit` that turns a ponder search into a
//! normal one.

use super::table::Shared;
use super::{say, score_text, Go, Out, Referee};
use crate::alphabeta::{Duel, Features, Found, Searcher};
use crate::player::Budget;
use arbiter_core::{Game, Phase, Seed};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The refusal of a `ponderhit` with no ponder search to turn.
pub(super) const NO_PONDER: &str = "ponderhit: no ponder search is running";

/// A search on its own thread.
pub(super) struct Running {
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
    /// Whether its `bestmove` has been written.
    pub(super) fn is_done(&self) -> bool {
        self.done.load(Ordering::Acquire)
    }

    /// Stops the search and waits until it has answered.
    pub(super) fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }

    /// `ponderhit`: the search becomes a normal one, whose time starts now.
    /// A watch raises the stop flag when that time is up, unless the search
    /// has answered by then. Refused when no ponder search is running.
    pub(super) fn ponderhit(&self) -> Result<(), &'static str> {
        if !self.pondering.swap(false, Ordering::AcqRel) {
            return Err(NO_PONDER);
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

/// What a search takes from the session besides the position and `go`.
pub(super) struct Session<D: Duel> {
    pub(super) features: Features,
    /// The session's table ([`SessionTable`](super::table::SessionTable)).
    pub(super) table: Shared<D>,
    /// The table's size in MiB (`Hash`); `None`: the usual table.
    pub(super) megabytes: Option<usize>,
    pub(super) referee: Option<&'static dyn Referee<D>>,
    /// The search's number in the session, which seeds it.
    pub(super) number: u64,
    /// How many best lines to report (`MultiPV`); 1 is a normal search.
    pub(super) lines: usize,
}

pub(super) fn start_search<D, W>(
    game: &D::Game,
    go: Go,
    session: Session<D>,
    out: &Out<W>,
) -> Running
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
        // The next search finds the table empty (unless kept), at no cost
        // of its own time.
        session.table.lock().expect("the table lock").tidy();
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
    let table = session
        .table
        .lock()
        .expect("the table lock")
        .take(session.megabytes, features.keep_table);
    let mut searcher = Searcher::<D>::on_table(game, budget, table)
        .with_features(features)
        .stop_on(stop);
    if let Some(moves) = only {
        searcher = searcher.only_moves(moves);
    }
    let answer = body(&mut searcher);
    session
        .table
        .lock()
        .expect("the table lock")
        .give_back(searcher.into_table(), features.keep_table);
    answer
}

/// `info depth … [multipv K] score … nodes … nps … hashfull … time … pv …`,
/// the time counted from `started`.
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
        "info depth {}{rank} score {} nodes {} nps {} hashfull {} time {ms} pv {}",
        found.depth,
        score_text(found.score),
        found.nodes,
        found.nodes * 1000 / ms,
        found.hashfull,
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
