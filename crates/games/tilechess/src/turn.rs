//! Playing a turn: which actions are legal, why others are not, and what
//! each action does (docs/rules/tilechess.md#a-turn).

use crate::action::{Action, Arrangement, Deed};
use crate::coord::Tile;
use crate::game::{Player, Tilechess, MAX_PLAYERS};
use crate::movegen::{self, for_each_target, king_exposed, path};
use crate::piece::{Colour, Piece, Role};
use arbiter_core::Seat;

impl Tilechess {
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
                    let points = &mut self.players[seat.index()].points;
                    *points = crate::game::add_points(*points, v.role.value());
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
