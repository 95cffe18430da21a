//! A game of Tilechess: the board, the players and whose turn it may be.

use crate::action::{Action, Arrangement, Deed};
use crate::board::Board;
use crate::coord::Tile;
use crate::movegen::{self, for_each_target, king_exposed, path};
use crate::piece::{Colour, Piece, Role, PALETTE};
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
            .map(|(land, p)| land + p.points)
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
                score: p.points + land[i],
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

    /// Whether `owner`'s king may be destroyed now
    /// (docs/rules/tilechess.md#kings).
    pub fn king_exposed(&self, owner: Seat) -> bool {
        let pieces: Vec<_> = self.board.pieces().collect();
        king_exposed(&self.board, &pieces, owner)
    }

    /// The legal actions of `seat` now, sorted by notation: for a newcomer
    /// one join per unopened block with the default colour and arrangement;
    /// for a player whose turn it may be, their moves, captures and breaks,
    /// or a pass when there are none.
    pub fn legal(&self, seat: Seat) -> Vec<Action> {
        if !self.may_claim(seat) {
            return Vec::new();
        }
        let mut actions: Vec<Action> = if seat == self.newcomer() {
            let colour = self.default_colour();
            let arrangement = Arrangement::default_for(self.rules.eight_pawns);
            self.board
                .unopened_blocks()
                .map(|block| Action {
                    colour,
                    deed: Deed::Join { block, arrangement },
                })
                .collect()
        } else {
            let colour = self.players[seat.index()].colour;
            let deeds = self.deeds(seat);
            if deeds.is_empty() {
                vec![Action {
                    colour,
                    deed: Deed::Pass,
                }]
            } else {
                deeds
                    .into_iter()
                    .map(|deed| Action { colour, deed })
                    .collect()
            }
        };
        actions.sort_by_cached_key(Action::to_string);
        actions
    }

    /// The moves, captures and breaks of a joined player still in, ignoring
    /// whose turn it is, in no particular order.
    pub fn deeds(&self, seat: Seat) -> Vec<Deed> {
        let mut out = Vec::new();
        if self
            .players
            .get(seat.index())
            .is_some_and(|p| !p.eliminated)
        {
            movegen::deeds(&self.board, seat, self.players.len(), &mut out);
        }
        out
    }

    /// `None` if `seat` may do `deed` now (turn order included), otherwise
    /// why not, in a player's words.
    pub fn why_illegal(&self, seat: Seat, action: &Action) -> Option<String> {
        if self.is_over() {
            return Some("the game is over".into());
        }
        let deed = &action.deed;
        if let Deed::Join { block, arrangement } = deed {
            if seat != self.newcomer() {
                return Some(match self.players.get(seat.index()) {
                    Some(p) => format!("{} has already joined; only a new player joins", p.colour),
                    None => format!("the next new player takes {}, not {seat}", self.newcomer()),
                });
            }
            if let Some(owner) = self.seat_of(action.colour) {
                return Some(format!(
                    "{} is taken by {owner}; each player's colour is unique",
                    action.colour
                ));
            }
            if self.players.len() >= MAX_PLAYERS {
                return Some(format!("the game is full ({MAX_PLAYERS} players)"));
            }
            if !self.board.is_unopened(*block) {
                return Some(if self.board.contains_block(*block) {
                    format!("block {block} is already open; join on an unopened block")
                } else {
                    format!("block {block} is off the board")
                });
            }
            return arrangement.why_not_an_army(self.rules.eight_pawns);
        }
        let Some(player) = self.players.get(seat.index()) else {
            return Some(format!(
                "{seat} has not joined; a new player's first action is a join"
            ));
        };
        let who = player.colour;
        if action.colour != who {
            return Some(format!("{seat} plays {who}, not {}", action.colour));
        }
        if player.eliminated {
            return Some(format!("{who} has been eliminated"));
        }
        if !self.may_claim(seat) {
            return Some(format!(
                "{who} took the last turn and may not take two in a row"
            ));
        }
        let mut legal = self.deeds(seat);
        match *deed {
            Deed::Pass => (!legal.is_empty()).then(|| {
                format!(
                    "{who} has a legal action ({} for one), so may not pass",
                    first_sorted(&mut legal)
                )
            }),
            Deed::Break { block } => {
                if legal.contains(deed) {
                    None
                } else if !self.board.is_unopened(block) {
                    Some(format!(
                        "block {block} is not an unopened block of the board"
                    ))
                } else {
                    Some(format!(
                        "no pawn or knight of {who} is within 1 tile of block {block}, and no king within 2 tiles"
                    ))
                }
            }
            Deed::Move { from, to } | Deed::Capture { from, to } => {
                if legal.contains(deed) {
                    return None;
                }
                Some(self.why_not_reach(seat, from, to, matches!(deed, Deed::Capture { .. })))
            }
            Deed::Join { .. } => unreachable!("handled above"),
        }
    }

    fn why_not_reach(&self, seat: Seat, from: Tile, to: Tile, capture: bool) -> String {
        let who = self.players[seat.index()].colour;
        let Some(piece) = self.board.piece(from).filter(|p| p.owner == seat) else {
            return format!("{who} has no piece on {from}");
        };
        let name = piece.role.name();
        let mut reaches = false;
        for_each_target(&self.board, from, piece, |t, _| reaches |= t == to);
        let target = self.board.piece(to);
        match target {
            Some(p) if p.owner == seat => {
                return format!("{to} holds {who}'s own {}", p.role.name())
            }
            Some(_) if !capture => {
                return format!("{to} holds an enemy piece: write a capture, {from}x{to}")
            }
            None if capture => {
                return format!("{to} is empty: there is nothing to capture (write {from}-{to})")
            }
            _ => {}
        }
        if !reaches {
            return if !self.board.is_open(to) {
                format!("{to} is not on an opened block")
            } else {
                format!("the {name} on {from} cannot reach {to}")
            };
        }
        match target {
            Some(p) if p.role == Role::King => {
                let owner = self.players[p.owner.index()].colour;
                format!("{owner}'s king is protected: it is not {owner}'s only piece and {owner}'s other pieces can still move")
            }
            _ => format!("the {name} on {from} cannot reach {to}"),
        }
    }

    /// Plays `action` for `seat` if the rules allow it; otherwise says why
    /// not and changes nothing.
    pub fn play(&mut self, seat: Seat, action: &Action) -> Result<(), String> {
        match self.why_illegal(seat, action) {
            Some(reason) => Err(reason),
            None => {
                self.play_unchecked(seat, action);
                Ok(())
            }
        }
    }

    /// Plays an action known to be legal for `seat` (from
    /// [`Tilechess::legal`] or checked by [`Tilechess::why_illegal`]).
    pub fn play_unchecked(&mut self, seat: Seat, action: &Action) {
        match action.deed {
            Deed::Join { block, arrangement } => {
                self.join_unchecked(action.colour, block, &arrangement)
            }
            Deed::Move { from, to } | Deed::Capture { from, to } => {
                let piece = self
                    .board
                    .piece(from)
                    .expect("a legal move starts on a piece");
                let victim = self.board.piece(to);
                self.board.set_piece(from, None);
                for t in path(piece.role, from, to) {
                    self.board.set_land(t, Some(seat));
                }
                self.board.set_piece(to, Some(piece));
                if let Some(v) = victim {
                    self.players[seat.index()].points += v.role.value();
                    if v.role == Role::King {
                        // Elimination: the rest of the army leaves without
                        // scoring, and the land becomes neutral.
                        self.board.clear_player(v.owner);
                        self.players[v.owner.index()].eliminated = true;
                    }
                }
            }
            Deed::Break { block } => self.board.open_block(block),
            Deed::Pass => {}
        }
        self.last = Some(seat);
    }

    /// Adds a player with `colour` (unchecked: the caller has validated).
    pub(crate) fn join_unchecked(
        &mut self,
        colour: Colour,
        block: crate::coord::Block,
        arrangement: &Arrangement,
    ) {
        let seat = self.newcomer();
        self.players.push(Player {
            colour,
            eliminated: false,
            points: 0,
        });
        self.board.open_block(block);
        for (t, role) in arrangement.placements(block) {
            self.board.set_piece(t, Some(Piece { owner: seat, role }));
        }
        self.last = Some(seat);
    }
}

fn first_sorted(deeds: &mut [Deed]) -> String {
    deeds.iter().map(Deed::to_string).min().unwrap_or_default()
}

/// Debug output is the position string: readable, and it says everything.
impl std::fmt::Debug for Tilechess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tilechess({})", self.to_text())
    }
}
