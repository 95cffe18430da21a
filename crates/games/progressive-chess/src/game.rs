//! A game of Progressive Chess: a position, the organiser's ruleset and the
//! history the draw rules need.

use crate::movegen::{self, for_each_legal_move, is_capture};
use crate::moves::{Move, Turn};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::tree;
use arbiter_core::duel::movers_piece;
use arbiter_core::{Outcome, PositionError};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    /// The side to move has no legal move and its king is attacked.
    Checkmate,
    /// The side to move has no legal move and its king is safe: a draw.
    Stalemate,
    /// Neither side can ever mate: a draw.
    DeadPosition,
    /// The same position occurred a third time (when the ruleset says so).
    Repetition,
    /// 50 turns each without capture or upgrade (when the ruleset says so).
    FiftyTurns,
    /// This side's reserve time ran out: it lost on time.
    Time(Color),
}

/// A turn the rules refuse, and why.
pub type IllegalTurn = arbiter_core::duel::IllegalMove<Turn>;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct ProgressiveChess {
    position: Position,
    rules: Ruleset,
    start: Position,
    turns: Vec<Turn>,
    /// Repetition keys of every position so far, the current one last.
    history: Vec<u64>,
    flagged: Option<Color>,
}

impl Default for ProgressiveChess {
    fn default() -> ProgressiveChess {
        ProgressiveChess::new(Ruleset::default())
    }
}

fn repetition_key(pos: &Position) -> u64 {
    // DefaultHasher::new() uses fixed keys, so keys are reproducible.
    let mut h = DefaultHasher::new();
    pos.repetition_key().hash(&mut h);
    h.finish()
}

impl ProgressiveChess {
    /// A game from the start position, with `rules.first` to move.
    pub fn new(rules: Ruleset) -> ProgressiveChess {
        ProgressiveChess::starting_at(Position::start_with(rules.first), rules)
    }

    /// A game from `position` (which counts as seen once for repetition).
    pub fn starting_at(position: Position, rules: Ruleset) -> ProgressiveChess {
        ProgressiveChess {
            history: vec![repetition_key(&position)],
            start: position,
            position,
            rules,
            turns: Vec::new(),
            flagged: None,
        }
    }

    /// A game from a position string.
    pub fn from_text(text: &str, rules: Ruleset) -> Result<ProgressiveChess, PositionError> {
        Ok(ProgressiveChess::starting_at(text.parse()?, rules))
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    pub fn turns_played(&self) -> &[Turn] {
        &self.turns
    }

    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The legal turns, sorted by notation; empty once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.status() != Status::Ongoing {
            return Vec::new();
        }
        movegen::legal_turns(&self.position)
    }

    /// How many times the current position has occurred.
    pub fn occurrences(&self) -> usize {
        let key = *self.history.last().expect("history holds the start");
        self.history.iter().filter(|&&k| k == key).count()
    }

    /// The state of the game (docs/rules/progressive-chess.md#the-end).
    /// Mate and stalemate come first, then the dead position, then the
    /// optional draws.
    pub fn status(&self) -> Status {
        if let Some(color) = self.flagged {
            return Status::Time(color);
        }
        if !movegen::has_legal_move(&self.position) {
            return if self.position.is_check() {
                Status::Checkmate
            } else {
                Status::Stalemate
            };
        }
        if self.position.is_dead() {
            return Status::DeadPosition;
        }
        if self.rules.repetition_draw && self.occurrences() >= 3 {
            return Status::Repetition;
        }
        if self.rules.fifty_turn_draw && self.position.quiet_turns() >= Ruleset::FIFTY_TURNS {
            return Status::FiftyTurns;
        }
        Status::Ongoing
    }

    /// The result, once the game is over. Seat 0 is White.
    pub fn outcome(&self) -> Option<Outcome> {
        let loser = self.turn();
        match self.status() {
            Status::Ongoing => None,
            Status::Checkmate => Some(Outcome::win(loser.other().seat(), 2, "checkmate")),
            Status::Time(color) => Some(Outcome::win(color.other().seat(), 2, "time")),
            Status::Stalemate => Some(Outcome::draw_because(2, "stalemate")),
            Status::DeadPosition => Some(Outcome::draw_because(2, "dead position")),
            Status::Repetition => Some(Outcome::draw_because(2, "threefold repetition")),
            Status::FiftyTurns => Some(Outcome::draw_because(
                2,
                "50 turns without capture or upgrade",
            )),
        }
    }

    /// Records that `color` ran out of reserve time: it loses (unless the
    /// game had already ended).
    pub fn lose_on_time(&mut self, color: Color) {
        if self.status() == Status::Ongoing {
            self.flagged = Some(color);
        }
    }

    /// Plays `turn` if the rules allow it; otherwise says why not and
    /// changes nothing.
    pub fn play(&mut self, turn: Turn) -> Result<(), IllegalTurn> {
        let turn = turn.by(self.turn());
        if let Some(reason) = self.why_illegal(turn) {
            return Err(IllegalTurn { mv: turn, reason });
        }
        self.play_unchecked(turn);
        Ok(())
    }

    /// Plays a turn known to be legal (from [`ProgressiveChess::legal_turns`]).
    /// It is recorded as the side to move's, whatever case it was read in.
    pub fn play_unchecked(&mut self, turn: Turn) {
        let turn = turn.by(self.turn());
        self.position = self.position.play_unchecked(turn);
        self.history.push(repetition_key(&self.position));
        self.turns.push(turn);
    }

    /// `None` if `turn` is legal now, otherwise the reason, in words a
    /// player understands.
    pub fn why_illegal(&self, turn: Turn) -> Option<String> {
        if let Some(outcome) = self.outcome() {
            return Some(format!("the game is over ({outcome})"));
        }
        why_illegal(&self.position, turn)
    }
}

/// Why `turn` is illegal in `pos`, or `None` if it is legal.
pub fn why_illegal(pos: &Position, turn: Turn) -> Option<String> {
    let us = pos.turn();
    let board = pos.board();
    let mv = turn.mv;
    let from = mv.from();
    let piece = match movers_piece(board.piece_at(from), from, us, |p| {
        (p.role.to_string(), p.color)
    }) {
        Ok(piece) => piece,
        Err(why) => return Some(why),
    };
    match mv {
        Move::Raise { role, .. } => {
            if piece.role != Role::Necromancer {
                return Some(format!(
                    "only a necromancer raises the dead, and {from} holds a {}",
                    piece.role
                ));
            }
            if pos.pool_count(us, role) == 0 {
                return Some(format!("{us} has captured no {} to raise", role.name()));
            }
        }
        Move::Normal { to, .. } => {
            if !movegen::targets(pos, from).contains(to) {
                return Some(format!(
                    "the {} on {from} cannot go to {to}: {}",
                    piece.role,
                    how_it_moves(piece.role)
                ));
            }
        }
    }
    let mut found = false;
    for_each_legal_move(pos, |legal| found |= legal == mv);
    if !found {
        return Some(if pos.hits_shield(mv) {
            format!("{us} is in check, and a capture stopped by a shield changes nothing, so it leaves the king attacked")
        } else {
            format!("it would leave {us}'s king attacked")
        });
    }
    if let Some(up) = turn.upgrade {
        let mut mid = *pos;
        mid.apply_move(mv);
        let points = mid.points(us);
        let Some(target) = mid.piece_at(up.square) else {
            return Some(format!(
                "after the move there is no piece on {} to upgrade",
                up.square
            ));
        };
        if target.color != us {
            return Some(format!(
                "the {} on {} is not {us}'s to upgrade",
                target.role, up.square
            ));
        }
        if !tree::can_upgrade(target.role, up.role) {
            let options: Vec<String> = tree::upgrades(target.role)
                .iter()
                .map(|r| format!("{} ({})", r.name(), r.letter()))
                .collect();
            let options = if options.is_empty() {
                "nothing".to_string()
            } else {
                options.join(" or ")
            };
            return Some(format!(
                "a {} cannot become a {}; it may become {options}",
                target.role,
                up.role.name()
            ));
        }
        let price = tree::price(up.role);
        if price > points {
            let earned = if is_capture(pos, mv) {
                " (capture included)"
            } else {
                ""
            };
            return Some(format!(
                "a {} costs {price} points and {us} has {points}{earned}",
                up.role.name()
            ));
        }
    }
    None
}

fn how_it_moves(role: Role) -> &'static str {
    match role {
        Role::Pawn => {
            "a pawn steps straight forward to an empty square and captures diagonally forward"
        }
        Role::LesserRook => "a lesser rook steps one square orthogonally",
        Role::LesserBishop => "a lesser bishop steps one square diagonally",
        Role::LesserKing | Role::King => {
            "it steps one square in any direction onto a square without its own piece"
        }
        Role::Swapper => "a swapper swaps with another piece of its own side",
        Role::Supernaturalist => {
            "a supernaturalist swaps with a neighbouring piece other than a king"
        }
        Role::Necromancer => "a necromancer only raises captured pieces (like c3@R)",
        Role::Rook => "a rook slides orthogonally and cannot pass pieces",
        Role::Bishop => "a bishop slides diagonally and cannot pass pieces",
        Role::Cannon => "a cannon slides orthogonally and may jump exactly one piece",
        Role::Protector => "a protector slides along its rank only",
        Role::Pincer => "a pincer leaps one square one way and three the other",
        Role::Zigzag => "a zigzag alternates two perpendicular diagonal steps over empty squares",
    }
}
