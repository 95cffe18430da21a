//! One object-safe face for every game the server hosts, over the traits in
//! `arbiter-core`. Route and storage code only ever see [`LiveGame`]; adding
//! a game is one entry in [`KINDS`] plus a [`Hosted`] impl.
//!
//! Server seats are the links handed out at creation. In fixed-seat games
//! server seat `k` is game seat `k`. In Tilechess the table grows as players
//! join, so a link is bound to a game seat by its first action (a join): the
//! game's newcomer seat is always `seat_count()` (see arbiter-core's docs).

use crate::bots;
use arbiter_core::{ActionError, Game, Outcome, Phase, Seat, TextPosition, Viewer};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_tilechess::{Ruleset, Tilechess};
use serde::Serialize;
use serde_json::Value;

/// A game kind the lobby offers.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Kind {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// Whether seats are bound on their first action (claim-based games).
    pub growing: bool,
}

pub const KINDS: &[Kind] = &[
    Kind {
        id: arbiter_knight_court::ID,
        name: "Knight Court",
        min_seats: 2,
        max_seats: 2,
        growing: false,
    },
    Kind {
        id: arbiter_knight_moves::ID,
        name: "Knight Moves",
        min_seats: 2,
        max_seats: 2,
        growing: false,
    },
    Kind {
        id: arbiter_progressive_chess::ID,
        name: "Progressive Chess",
        min_seats: 2,
        max_seats: 2,
        growing: false,
    },
    Kind {
        id: arbiter_tilechess::ID,
        name: "Tilechess",
        min_seats: 1,
        max_seats: arbiter_tilechess::MAX_PLAYERS,
        growing: true,
    },
];

pub fn kind(id: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.id == id)
}

/// What the server needs from a game beyond [`Game`].
pub trait Hosted: Game + 'static {
    /// A new game from the lobby's ruleset options (a JSON object).
    fn create(options: &Value) -> Result<Self, String>;
    /// A bot's action for `seat` at `level`, or `None` if it has none.
    /// Runs on the blocking pool.
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action> {
        bots::search_action(self, seat, level)
    }
    /// The host ends the game. Games with a way to rank an unfinished game
    /// (Tilechess's leaderboard) record it; others simply stop.
    fn end_by_host(&mut self) {}
}

impl Hosted for KnightCourt {
    fn create(options: &Value) -> Result<Self, String> {
        from_position_option(options)
    }
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action> {
        bots::knight_court_action(self, seat, level)
    }
}

impl Hosted for KnightMoves {
    fn create(options: &Value) -> Result<Self, String> {
        from_position_option(options)
    }
}

impl Hosted for ProgressiveChess {
    fn create(options: &Value) -> Result<Self, String> {
        from_position_option(options)
    }
}

impl Hosted for Tilechess {
    fn create(options: &Value) -> Result<Self, String> {
        let mut rules = Ruleset::default();
        let size = |key: &str, default: u16| -> Result<u16, String> {
            match options.get(key) {
                None | Some(Value::Null) => Ok(default),
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=20).contains(n))
                    .map(|n| n as u16)
                    .ok_or_else(|| format!("option '{key}' must be a whole number from 1 to 20")),
            }
        };
        let flag = |key: &str, default: bool| -> Result<bool, String> {
            match options.get(key) {
                None | Some(Value::Null) => Ok(default),
                Some(v) => v
                    .as_bool()
                    .ok_or_else(|| format!("option '{key}' must be true or false")),
            }
        };
        rules.wide = size("wide", rules.wide)?;
        rules.high = size("high", rules.high)?;
        rules.eight_pawns = flag("eight_pawns", rules.eight_pawns)?;
        rules.repeat_turns = flag("repeat_turns", rules.repeat_turns)?;
        Ok(Tilechess::new(rules))
    }
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action> {
        bots::random_action(self, seat, level)
    }
    fn end_by_host(&mut self) {
        Tilechess::end_by_host(self)
    }
}

/// Alternating games may start from a position string: `{"position": "..."}`.
fn from_position_option<G: TextPosition>(options: &Value) -> Result<G, String> {
    match options.get("position") {
        None | Some(Value::Null) => Ok(G::start()),
        Some(Value::String(text)) => G::from_position(text).map_err(|e| e.to_string()),
        Some(_) => Err("option 'position' must be a string".into()),
    }
}

/// A live game behind one object-safe interface, addressed by server seats.
pub trait LiveGame: Send + Sync {
    /// Who may act now, in server seats (unbound growing seats included when
    /// the game would let a newcomer act).
    fn actors(&self, server_seats: usize) -> Vec<usize>;
    fn phase(&self) -> Phase;
    fn outcome(&self) -> Option<Outcome>;
    /// Parses and plays `text` for server seat `seat`. Returns the action in
    /// canonical notation. On error nothing changes.
    fn act(&mut self, seat: usize, text: &str) -> Result<String, ActionError>;
    /// The legal actions of server seat `seat` in notation, sorted.
    fn legal(&self, seat: usize) -> Vec<String>;
    /// The game's own view for `seat` (or a spectator) as JSON.
    fn view(&self, seat: Option<usize>) -> Value;
    /// The game seat a server seat is bound to, if any.
    fn game_seat(&self, seat: usize) -> Option<Seat>;
    /// A bot's action for server seat `seat`, in notation.
    fn bot_action(&self, seat: usize, level: u8) -> Option<String>;
    fn boxed_clone(&self) -> Box<dyn LiveGame>;
    /// The host ends the game ([`Hosted::end_by_host`]).
    fn end_by_host(&mut self);
}

/// The generic adapter over any [`Hosted`] game.
#[derive(Clone)]
pub struct Table<G> {
    game: G,
    growing: bool,
    /// Server seat -> game seat.
    bound: Vec<Option<Seat>>,
}

impl<G: Hosted> Table<G> {
    pub fn new(game: G, growing: bool, seats: usize) -> Table<G> {
        let bound = (0..seats)
            .map(|k| (!growing).then_some(Seat(k as u8)))
            .collect();
        Table {
            game,
            growing,
            bound,
        }
    }

    /// The game seat `seat` would act as now: its bound seat, or the
    /// newcomer seat for an unbound link in a growing game.
    fn acting_seat(&self, seat: usize) -> Option<Seat> {
        match self.bound.get(seat)? {
            Some(s) => Some(*s),
            None if self.growing => Some(Seat(self.game.seat_count() as u8)),
            None => None,
        }
    }
}

impl<G: Hosted> LiveGame for Table<G> {
    fn actors(&self, server_seats: usize) -> Vec<usize> {
        let phase = self.game.phase();
        (0..server_seats)
            .filter(|&k| self.acting_seat(k).is_some_and(|s| phase.may_act(s)))
            .collect()
    }

    fn phase(&self) -> Phase {
        self.game.phase()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn act(&mut self, seat: usize, text: &str) -> Result<String, ActionError> {
        let game_seat = self
            .acting_seat(seat)
            .ok_or_else(|| ActionError::NotYourTurn {
                seat: Seat(seat as u8),
                reason: "this seat is not at the table".into(),
            })?;
        let before = self.game.seat_count();
        let action = self.game.parse_action(game_seat, text)?;
        self.game.act(game_seat, &action)?;
        if self.growing && self.bound[seat].is_none() && self.game.seat_count() > before {
            self.bound[seat] = Some(game_seat);
        }
        Ok(action.to_string())
    }

    fn legal(&self, seat: usize) -> Vec<String> {
        let Some(game_seat) = self.acting_seat(seat) else {
            return Vec::new();
        };
        if !self.game.phase().may_act(game_seat) {
            return Vec::new();
        }
        let mut list: Vec<String> = self
            .game
            .legal_actions(game_seat)
            .iter()
            .map(ToString::to_string)
            .collect();
        list.sort();
        list
    }

    fn view(&self, seat: Option<usize>) -> Value {
        let viewer = match seat.and_then(|k| self.bound.get(k).copied().flatten()) {
            Some(s) => Viewer::Seat(s),
            None => Viewer::Spectator,
        };
        serde_json::to_value(self.game.view(viewer)).unwrap_or(Value::Null)
    }

    fn game_seat(&self, seat: usize) -> Option<Seat> {
        self.bound.get(seat).copied().flatten()
    }

    fn bot_action(&self, seat: usize, level: u8) -> Option<String> {
        let game_seat = self.acting_seat(seat)?;
        self.game
            .bot_action(game_seat, level)
            .map(|a| a.to_string())
    }

    fn boxed_clone(&self) -> Box<dyn LiveGame> {
        Box::new(self.clone())
    }

    fn end_by_host(&mut self) {
        self.game.end_by_host();
    }
}

/// A fresh live game of kind `id` with `seats` server seats.
pub fn create(id: &str, options: &Value, seats: usize) -> Result<Box<dyn LiveGame>, String> {
    let kind = kind(id).ok_or_else(|| {
        let known: Vec<&str> = KINDS.iter().map(|k| k.id).collect();
        format!("unknown game '{id}'; known games: {}", known.join(", "))
    })?;
    if !(kind.min_seats..=kind.max_seats).contains(&seats) {
        return Err(format!(
            "{} takes {} to {} seats, not {seats}",
            kind.name, kind.min_seats, kind.max_seats
        ));
    }
    Ok(match id {
        arbiter_knight_court::ID => {
            Box::new(Table::new(KnightCourt::create(options)?, false, seats))
        }
        arbiter_knight_moves::ID => {
            Box::new(Table::new(KnightMoves::create(options)?, false, seats))
        }
        arbiter_progressive_chess::ID => {
            Box::new(Table::new(ProgressiveChess::create(options)?, false, seats))
        }
        _ => Box::new(Table::new(Tilechess::create(options)?, true, seats)),
    })
}
