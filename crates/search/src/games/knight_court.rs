//! Knight Court for the searchers: the [`Duel`] interface and a hand-tuned
//! evaluation ([`KnightCourtDuel`], the `search` level), and the same
//! search guided by the solved table ([`KnightCourtTableDuel`], `max`).
//!
//! # Why `max` searches rather than reading the table
//! The table was solved without the repetition ban, so a position it calls
//! drawn may be lost under the ban: the drawing line can need a position
//! the game has already seen. Read as it stands (the `table` level) it
//! walks into such losses, and a 2,000-node search beats it in every game
//! (docs/ai.md#knight-court). `max` therefore searches with the ban, as
//! `search` does, and asks the table only at the leaves: its wins and
//! losses usually hold under the ban too (the ban can still cut a winning
//! line that needs a position already seen, and the search then finds
//! that), so they outrank every heuristic score, and its draws, the least
//! reliable, fall back to the evaluation below.
//!
//! # Evaluation (for one side, minus the same for the other)
//! - **Net around the enemy knight**: +30 for each of its flight squares
//!   (its leaps) that we attack, +10 for each it is blocked from by its own
//!   pieces: mates on a 3×3 board come from taking every flight away.
//! - **Check**: +40 when the enemy knight is attacked.
//! - **Material**: rook 60, bishop 40, on the board or in hand (a piece in
//!   hand can be dropped anywhere, so it counts fully).
//!
//! Quiescence looks at captures.

mod proving;
mod referee;
pub use proving::{
    prove_each_move, prove_root, prove_root_until, Decision, MoveProof, Proofs, Proved,
    ProvingPlayer, RootProof, Search, HORIZON, PROOF_NODES,
};

use crate::alphabeta::{Duel, MATE};
use crate::player::{Evaluate, Observe};
use crate::retrograde::Value;
use arbiter_core::Seat;
use arbiter_knight_court::{
    for_each_legal, knight_attacks, Color, KnightCourt, Move, Position, Role,
};

/// Alpha-beta's view of Knight Court; with `TABLE` the solved table's
/// wins and losses score the leaves (see the module's notes).
pub struct KnightCourtSearch<const TABLE: bool>;

/// The plain searcher (`search`).
pub type KnightCourtDuel = KnightCourtSearch<false>;

/// The searcher guided by the table (`max`).
pub type KnightCourtTableDuel = KnightCourtSearch<true>;

/// The score of a table win in `d` plies for the side to move, less `d`:
/// far above every heuristic score, far below a mate found by search.
pub const TABLE_WIN: i32 = 100_000;

fn side_value(pos: &Position, us: Color) -> i32 {
    let them = us.other();
    let their_knight = pos.knight(them);
    let mut v = 0;
    for sq in knight_attacks(their_knight) {
        if pos.pieces(them).contains(sq) {
            v += 10;
        } else if pos.is_attacked(sq, us) {
            v += 30;
        }
    }
    if pos.is_attacked(their_knight, us) {
        v += 40;
    }
    for sq in pos.pieces(us) {
        v += match pos.piece_at(sq).map(|p| p.role) {
            Some(Role::Rook) => 60,
            Some(Role::Bishop) => 40,
            _ => 0,
        };
    }
    for role in pos.hand(us) {
        v += if role == Role::Rook { 60 } else { 40 };
    }
    v
}

/// The evaluation for `color`.
pub fn evaluate(pos: &Position, color: Color) -> i32 {
    side_value(pos, color) - side_value(pos, color.other())
}

impl<const TABLE: bool> Duel for KnightCourtSearch<TABLE> {
    type Game = KnightCourt;
    type Pos = Position;
    type Move = Move;
    type Key = u32;

    fn key(pos: &Position) -> u32 {
        pos.key()
    }

    fn hash(key: &u32) -> u64 {
        (*key as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20
    }

    fn seen(game: &KnightCourt, key: &u32) -> bool {
        game.has_seen(*key)
    }

    fn decided(_: &Position) -> Option<i32> {
        None
    }

    fn children(
        pos: &Position,
        repeats: &dyn Fn(&Position) -> bool,
        out: &mut Vec<(Move, Position)>,
    ) {
        for_each_legal(pos, |mv| {
            let child = pos.play_unchecked(mv);
            if !repeats(&child) {
                out.push((mv, child));
            }
        });
    }

    fn stuck(pos: &Position) -> i32 {
        if pos.is_check() {
            -MATE
        } else {
            0
        }
    }

    fn evaluate(pos: &Position) -> i32 {
        if TABLE {
            match crate::knight_court::value(crate::knight_court::table(), pos) {
                Value::Win(d) => return TABLE_WIN - i32::from(d),
                Value::Loss(d) => return -(TABLE_WIN - i32::from(d)),
                Value::Draw => {}
            }
        }
        evaluate(pos, pos.turn())
    }

    fn is_noisy(pos: &Position, mv: &Move) -> bool {
        matches!(mv, Move::Normal { to, .. } if pos.pieces(pos.turn().other()).contains(*to))
    }

    fn move_index(mv: &Move) -> usize {
        match mv {
            Move::Normal { from, to } => from.index() * 9 + to.index(),
            Move::Drop { role, to } => 81 + role.index() * 9 + to.index(),
        }
    }
}

impl Observe for KnightCourt {
    type Seen = KnightCourt;
    fn seen_by(&self, _: Seat) -> KnightCourt {
        self.clone()
    }
}

impl Evaluate for KnightCourt {
    fn evaluate(&self, seat: Seat) -> i32 {
        let color = Color::from_seat(seat).expect("Knight Court has two seats");
        evaluate(self.position(), color)
    }
}

/// `count` positions the solved table marks as won for the side to move,
/// spread evenly over the distances to mate (each distance in turn, a
/// seeded random position of that distance each time).
pub fn won_positions(count: usize, seed: arbiter_core::Seed) -> Vec<Position> {
    use arbiter_core::PositionSpace;
    use arbiter_knight_court::KnightCourtSpace;
    let table = crate::knight_court::table();
    let mut by_distance: std::collections::BTreeMap<u16, Vec<Position>> = Default::default();
    for index in 0..KnightCourtSpace.size() {
        if let Some(crate::retrograde::Value::Win(d)) = table.value(index) {
            let pos = KnightCourtSpace.position(index).expect("valued index");
            by_distance.entry(d).or_default().push(pos);
        }
    }
    let mut rng = seed.rng();
    let groups: Vec<&Vec<Position>> = by_distance.values().collect();
    (0..count)
        .map(|i| {
            let group = groups[i % groups.len()];
            group[rng.below(group.len())]
        })
        .collect()
}
