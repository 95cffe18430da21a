//! Each game's command-line tools: what `arbiter moves`, `apply`, `perft`,
//! `show` and `play` do with it. Games of turns with position strings share
//! the generic [`TurnBased`]; Knight Control, simultaneous and private, is
//! driven through game records instead.

use arbiter_core::{Depict, Diagram, Game, Perft, Phase, Scene, Seat, Seed, TextPosition, Viewer};
use arbiter_knight_control::record::Record;
use arbiter_knight_control::{Board, ID as KNIGHT_CONTROL};
use arbiter_search::{Bots, Observe, Spec};
use std::marker::PhantomData;

/// What the CLI can do with a game.
pub trait Tools: Sync {
    /// The legal moves after `moves` from `position`, sorted.
    fn moves(&self, position: Option<&str>, moves: &[String]) -> Result<Vec<String>, String>;
    /// The position string after `moves`.
    fn apply(&self, position: Option<&str>, moves: &[String]) -> Result<String, String>;
    /// Perft: the count below each first move (sorted) when `divide` is
    /// set, and the total.
    fn perft(
        &self,
        position: Option<&str>,
        depth: u32,
        divide: bool,
    ) -> Result<(Vec<(String, u64)>, u64), String>;
    /// The board diagram after `moves`; `round` is for games played in
    /// rounds (Knight Control: the board after that round).
    fn show(
        &self,
        position: Option<&str>,
        moves: &[String],
        round: Option<u8>,
    ) -> Result<String, String>;
    /// The board's scene after `moves` as everyone sees it
    /// (`arbiter render`); `round` as for [`Tools::show`].
    fn scene(
        &self,
        position: Option<&str>,
        moves: &[String],
        round: Option<u8>,
    ) -> Result<Scene, String>;
    /// A game against the engine in the terminal (`arbiter play`).
    fn duel(&self, position: Option<&str>) -> Result<Box<dyn Duel>, String>;
    /// How the game names `seat` at its start, as its pictures and results
    /// do (`White`); `P3` where it names a seat only later (a Tilechess
    /// colour, given on joining) or only by number.
    fn seat_name(&self, seat: Seat) -> String;
}

/// An alternating game in progress against the engine, as text.
pub trait Duel {
    fn diagram(&self) -> String;
    fn phase(&self) -> Phase;
    fn legal_actions(&self, seat: Seat) -> Vec<String>;
    fn act_text(&mut self, seat: Seat, text: &str) -> Result<(), String>;
    /// The game's bot at `spec` plays for the seat to move; returns the
    /// action and a note on how it was chosen.
    fn engine_move(&mut self, spec: Spec, seed: Seed) -> Result<(String, String), String>;
}

/// The position to start from: the given string, or the game's start.
fn start<G: TextPosition>(position: Option<&str>) -> Result<G, String> {
    match position {
        Some(text) => G::from_position(text).map_err(|e| e.to_string()),
        None => Ok(G::start()),
    }
}

/// Plays `moves` from `position`, each by the seat `seat_of` names; an
/// error names the move by number and text and says why it was refused.
fn replay<G: Game + TextPosition>(
    position: Option<&str>,
    moves: &[String],
    seat_of: fn(&G, &str) -> Result<Seat, String>,
) -> Result<G, String> {
    let mut game = start::<G>(position)?;
    for (i, text) in moves.iter().enumerate() {
        let at = |e: String| format!("move {} '{text}': {e}", i + 1);
        let seat = seat_of(&game, text).map_err(at)?;
        game.act_text(seat, text).map_err(|e| at(e.to_string()))?;
    }
    Ok(game)
}

/// Every legal action of every seat that may act now, sorted.
fn legal_texts<G: Game>(game: &G) -> Vec<String> {
    let seats = match game.phase() {
        Phase::Turn(seat) => vec![seat],
        Phase::Claim(seats) => seats,
        _ => Vec::new(),
    };
    let mut list: Vec<String> = seats
        .into_iter()
        .flat_map(|s| game.legal_actions(s))
        .map(|a| a.to_string())
        .collect();
    list.sort();
    list
}

fn perft_texts<G: Perft>(game: &G, depth: u32, divide: bool) -> (Vec<(String, u64)>, u64) {
    if !divide {
        return (Vec::new(), game.perft(depth));
    }
    let mut split: Vec<(String, u64)> = game
        .divide(depth)
        .into_iter()
        .map(|(a, n)| (a.to_string(), n))
        .collect();
    split.sort();
    let total = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    (split, total)
}

fn no_rounds(round: Option<u8>) -> Result<(), String> {
    match round {
        None => Ok(()),
        Some(_) => Err(format!(
            "--round is for games played in rounds; only {KNIGHT_CONTROL} is"
        )),
    }
}

/// Which seat plays an action's text in this position.
pub type SeatOf<G> = fn(&G, &str) -> Result<Seat, String>;
/// What the engine knows of a position, beside its move in `arbiter play`.
pub type Note<G> = fn(&G) -> Option<String>;

/// The tools of a game of turns with position strings: one seat to move
/// ([`TurnBased::new`]), or any seat may claim the turn and the action's
/// text says whose it is ([`TurnBased::claimed`]).
pub struct TurnBased<G> {
    seat_of: SeatOf<G>,
    /// Knight Court: the solved table's value.
    note: Option<Note<G>>,
    /// Why `arbiter play` cannot play the game, if it cannot.
    no_duel: Option<&'static str>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game + Depict> TurnBased<G> {
    pub const fn new() -> TurnBased<G> {
        TurnBased {
            seat_of: seat_to_move::<G>,
            note: None,
            no_duel: None,
            game: PhantomData,
        }
    }

    pub const fn with_note(note: Note<G>) -> TurnBased<G> {
        TurnBased {
            note: Some(note),
            ..TurnBased::new()
        }
    }

    /// A game of claimed turns, which `arbiter play` refuses saying why.
    pub const fn claimed(seat_of: SeatOf<G>, no_duel: &'static str) -> TurnBased<G> {
        TurnBased {
            seat_of,
            no_duel: Some(no_duel),
            ..TurnBased::new()
        }
    }
}

impl<G: Game + Depict> Default for TurnBased<G> {
    fn default() -> TurnBased<G> {
        TurnBased::new()
    }
}

/// The seat to move, or why no single seat is.
fn seat_to_move<G: Game + Depict>(game: &G, _: &str) -> Result<Seat, String> {
    match game.phase() {
        // The result in the game's own words ("White wins by checkmate"),
        // as its picture says it, not by seat numbers.
        Phase::Over(outcome) => {
            let scene = game.scene(Viewer::Spectator);
            let said = scene
                .result()
                .map_or_else(|| outcome.to_string(), str::to_string);
            Err(format!("the game is already over ({said})"))
        }
        Phase::Turn(seat) => Ok(seat),
        other => Err(format!("no single seat is to move ({other:?})")),
    }
}

impl<G> Tools for TurnBased<G>
where
    G: Game + TextPosition + Perft + Diagram + Depict + Bots + Observe<Seen = G> + 'static,
{
    fn moves(&self, position: Option<&str>, moves: &[String]) -> Result<Vec<String>, String> {
        Ok(legal_texts(&replay(position, moves, self.seat_of)?))
    }

    fn apply(&self, position: Option<&str>, moves: &[String]) -> Result<String, String> {
        Ok(replay(position, moves, self.seat_of)?.position())
    }

    fn perft(
        &self,
        position: Option<&str>,
        depth: u32,
        divide: bool,
    ) -> Result<(Vec<(String, u64)>, u64), String> {
        Ok(perft_texts(&start::<G>(position)?, depth, divide))
    }

    fn show(
        &self,
        position: Option<&str>,
        moves: &[String],
        round: Option<u8>,
    ) -> Result<String, String> {
        no_rounds(round)?;
        Ok(replay(position, moves, self.seat_of)?.diagram())
    }

    fn scene(
        &self,
        position: Option<&str>,
        moves: &[String],
        round: Option<u8>,
    ) -> Result<Scene, String> {
        no_rounds(round)?;
        Ok(replay(position, moves, self.seat_of)?.scene(Viewer::Spectator))
    }

    fn duel(&self, position: Option<&str>) -> Result<Box<dyn Duel>, String> {
        if let Some(why) = self.no_duel {
            return Err(why.into());
        }
        Ok(Box::new(Playing {
            game: start::<G>(position)?,
            note: self.note,
        }))
    }

    fn seat_name(&self, seat: Seat) -> String {
        G::start().seat_name(seat)
    }
}

/// A [`TurnBased`] game in progress in `arbiter play`.
struct Playing<G> {
    game: G,
    note: Option<Note<G>>,
}

impl<G: Game + Diagram + Depict + Bots + Observe<Seen = G>> Duel for Playing<G> {
    fn diagram(&self) -> String {
        self.game.diagram()
    }

    fn phase(&self) -> Phase {
        self.game.phase()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<String> {
        let actions = self.game.legal_actions(seat);
        actions.iter().map(|a| a.to_string()).collect()
    }

    fn act_text(&mut self, seat: Seat, text: &str) -> Result<(), String> {
        self.game.act_text(seat, text).map_err(|e| e.to_string())?;
        Ok(())
    }

    fn engine_move(&mut self, spec: Spec, seed: Seed) -> Result<(String, String), String> {
        let seat = seat_to_move(&self.game, "")?;
        let why = self
            .note
            .and_then(|note| note(&self.game))
            .unwrap_or_else(|| spec.to_string());
        let action = G::bot(spec)
            .choose(&self.game, seat, seed)
            .ok_or("the engine found no move")?;
        self.game.act(seat, &action).map_err(|e| e.to_string())?;
        Ok((action.to_string(), why))
    }
}

/// Knight Control's tools: simultaneous and private, it is driven through
/// game records (`arbiter new`, `replay`, `show RECORD`), so the
/// move-list commands say what to use instead.
pub struct KnightControlTools;

const USE_RECORDS: &str = "knight-control is played by simultaneous secret submissions; use `arbiter new knight-control`, `arbiter replay knight-control RECORD` and `arbiter show knight-control RECORD` instead";

/// The game and its published board after round `round` (or the latest)
/// of the referee record file named by the one argument.
fn record_board(
    moves: &[String],
    round: Option<u8>,
) -> Result<(arbiter_knight_control::KnightControl, Board), String> {
    let [path] = moves else {
        return Err(format!(
            "usage: arbiter show {KNIGHT_CONTROL} RECORD [--round R]"
        ));
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let record = Record::from_json(&text)?;
    let boards: Vec<Board> = record.boards()?;
    let game = record.start()?;
    let board = match round {
        None => boards
            .last()
            .expect("there is always a first board")
            .clone(),
        Some(r) => boards
            .iter()
            .find(|b| b.after_round == r && b.zones.iter().any(|z| z.owner.is_some()))
            .ok_or_else(|| format!("the record has no published board after round {r}"))?
            .clone(),
    };
    Ok((game, board))
}

impl Tools for KnightControlTools {
    fn moves(&self, _: Option<&str>, _: &[String]) -> Result<Vec<String>, String> {
        Err(USE_RECORDS.into())
    }

    fn apply(&self, _: Option<&str>, _: &[String]) -> Result<String, String> {
        Err(USE_RECORDS.into())
    }

    fn perft(&self, _: Option<&str>, _: u32, _: bool) -> Result<(Vec<(String, u64)>, u64), String> {
        Err(USE_RECORDS.into())
    }

    /// The board after round `round` (0 = after bidding), or the latest,
    /// of the record file named by the one argument.
    fn show(&self, _: Option<&str>, moves: &[String], round: Option<u8>) -> Result<String, String> {
        let (game, board) = record_board(moves, round)?;
        Ok(game.draw(&board))
    }

    fn scene(&self, _: Option<&str>, moves: &[String], round: Option<u8>) -> Result<Scene, String> {
        let (game, board) = record_board(moves, round)?;
        Ok(game.board_scene(&board))
    }

    fn duel(&self, _: Option<&str>) -> Result<Box<dyn Duel>, String> {
        Err(USE_RECORDS.into())
    }

    /// Knight Control's players are P1 to P11.
    fn seat_name(&self, seat: Seat) -> String {
        arbiter_core::scene::plain_seat_name(seat)
    }
}
