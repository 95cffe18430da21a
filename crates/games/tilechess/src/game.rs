//! A game of Tilechess: the board, the players and whose turn it may be.

use crate::board::Board;
use crate::piece::{Colour, PALETTE};
use arbiter_core::{Outcome, Seat};

/// Options a host chooses when creating a game
/// (docs/rules/tilechess.md#ruleset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// Blocks across and up at the start (6×6 by default).
    pub wide: u16,
    pub high: u16,
    /// Armies have eight pawns and fill all 16 tiles of their block.
    pub eight_pawns: bool,
    /// A player may take two turns in a row.
    pub repeat_turns: bool,
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset {
            wide: 6,
            high: 6,
            eight_pawns: false,
            repeat_turns: false,
        }
    }
}

/// One player, in seat order (the order they joined).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub colour: Colour,
    pub eliminated: bool,
    /// Points earned by destroying pieces.
    pub points: u32,
}

/// A row of the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Standing {
    pub seat: Seat,
    pub colour: String,
    /// Points for destroyed pieces plus territory.
    pub score: u32,
    pub points: u32,
    pub territory: u32,
}

/// The maximum number of players (seats are one byte).
pub const MAX_PLAYERS: usize = 255;

/// The most points a position string may give a player
/// (docs/rules/tilechess.md#bounds). A game adds at most the value of the
/// armies on the board, so scores stay far inside `u32`.
pub const MAX_POINTS: u32 = 1_000_000;

/// `a + b` for points and scores, which the bounds keep far below
/// `u32::MAX`; checked so that a count can never wrap silently.
pub(crate) fn add_points(a: u32, b: u32) -> u32 {
    a.checked_add(b)
        .unwrap_or_else(|| panic!("{a} + {b} points left the documented bounds"))
}

/// A game in progress. Every value of this type obeys the rules: positions
/// are validated when read (see `position.rs`) and actions when played.
#[derive(Clone, PartialEq, Eq)]
pub struct Tilechess {
    pub(crate) rules: Ruleset,
    pub(crate) board: Board,
    pub(crate) players: Vec<Player>,
    /// Who took the last turn, for the no-two-turns-in-a-row rule.
    pub(crate) last: Option<Seat>,
    /// Set when the host ends the game.
    pub(crate) ended: bool,
}

impl Default for Tilechess {
    fn default() -> Tilechess {
        Tilechess::new(Ruleset::default())
    }
}

impl Tilechess {
    /// A new game with no players yet.
    pub fn new(rules: Ruleset) -> Tilechess {
        Tilechess {
            rules,
            board: Board::new(rules.wide, rules.high),
            players: Vec::new(),
            last: None,
            ended: false,
        }
    }

    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every player who has joined, in seat order, eliminated ones included.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn last_to_act(&self) -> Option<Seat> {
        self.last
    }

    /// The seat of the player with this colour.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p.colour == colour)
            .map(|i| Seat(i as u8))
    }

    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.players.get(seat.index()).map(|p| p.colour)
    }

    /// The seat a newcomer would take.
    pub fn newcomer(&self) -> Seat {
        Seat(self.players.len() as u8)
    }

    /// The first palette colour nobody has, else `p<seat>`: the colour
    /// listed joins use.
    pub fn default_colour(&self) -> Colour {
        let taken = |c: &Colour| self.seat_of(*c).is_some();
        PALETTE
            .iter()
            .map(|name| Colour::parse(name).expect("palette names are colours"))
            .chain(
                (self.players.len()..)
                    .map(|n| Colour::parse(&format!("p{n}")).expect("p<n> is a colour")),
            )
            .find(|c| !taken(c))
            .expect("some colour is free")
    }

    pub fn active_count(&self) -> usize {
        self.players.iter().filter(|p| !p.eliminated).count()
    }

    /// The game is over once at least two players have joined and only one
    /// is left, or when the host ends it (docs/rules/tilechess.md#the-end).
    pub fn is_over(&self) -> bool {
        self.ended || (self.players.len() >= 2 && self.active_count() == 1)
    }

    /// The host ends the game; the leaderboard decides the ranks.
    pub fn end_by_host(&mut self) {
        self.ended = true;
    }

    /// Seats that may claim the next turn, sorted: every player still in,
    /// except the one who took the last turn (unless the ruleset allows
    /// repeats), and the next free seat for a newcomer.
    pub fn claimants(&self) -> Vec<Seat> {
        if self.is_over() {
            return Vec::new();
        }
        let mut seats: Vec<Seat> = (0..self.players.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| !self.players[s.index()].eliminated)
            .filter(|&s| self.rules.repeat_turns || self.last != Some(s))
            .collect();
        if self.players.len() < MAX_PLAYERS {
            seats.push(self.newcomer());
        }
        seats
    }

    pub fn may_claim(&self, seat: Seat) -> bool {
        self.claimants().contains(&seat)
    }

    /// Territory tiles held by each seat.
    pub fn territory(&self) -> Vec<u32> {
        let mut land = vec![0u32; self.players.len()];
        for (_, s) in self.board.lands() {
            land[s.index()] += 1;
        }
        land
    }

    /// Each seat's score: points for destroyed pieces plus territory held.
    pub fn scores(&self) -> Vec<u32> {
        self.territory()
            .iter()
            .zip(&self.players)
            .map(|(land, p)| add_points(*land, p.points))
            .collect()
    }

    /// Players still in, best score first (ties by seat).
    pub fn leaderboard(&self) -> Vec<Standing> {
        let land = self.territory();
        let mut rows: Vec<Standing> = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.eliminated)
            .map(|(i, p)| Standing {
                seat: Seat(i as u8),
                colour: p.colour.to_string(),
                score: add_points(p.points, land[i]),
                points: p.points,
                territory: land[i],
            })
            .collect();
        rows.sort_by_key(|r| (std::cmp::Reverse(r.score), r.seat));
        rows
    }

    /// The result once the game is over: players still in ranked by score,
    /// then every eliminated player sharing the next rank.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores = self.scores();
        let active: Vec<i64> = self
            .players
            .iter()
            .zip(&scores)
            .filter(|(p, _)| !p.eliminated)
            .map(|(_, &s)| s as i64)
            .collect();
        let results = self
            .players
            .iter()
            .zip(&scores)
            .map(|(p, &s)| {
                let rank = if p.eliminated {
                    active.len() + 1
                } else {
                    active.iter().filter(|&&o| o > s as i64).count() + 1
                };
                arbiter_core::SeatResult {
                    rank: rank as u16,
                    score: s as i64,
                }
            })
            .collect();
        let reason = if self.ended {
            "ended by the host"
        } else {
            "one player left"
        };
        Some(Outcome {
            results,
            reason: reason.into(),
        })
    }
}

/// Debug output is the position string: readable, and it says everything.
impl std::fmt::Debug for Tilechess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tilechess({})", self.to_text())
    }
}
