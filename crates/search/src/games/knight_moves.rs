//! Knight Moves for the searchers: the [`Duel`] interface and a hand-tuned
//! evaluation.
//!
//! # Evaluation (for one side, minus the same for the other)
//! - **Ball progress** dominates: with `p` ranks advanced out of 7, the
//!   ball is worth `12·p² + 20·p`, so the last ranks count most (a ball on
//!   rank 6 of 7 is one pass from winning).
//! - **Receivers ahead**: +14 for each own piece nearer the goal than the
//!   ball, since a pass needs a piece to land on; +6 more if it is also
//!   eligible to receive.
//! - **Ineligible pieces**: −6 each (passers cannot receive until they
//!   move).
//! - **Forced pass**: −25 for the side that must pass next turn, whose
//!   choice is taken away.
//! - The side to move gets +10 for the tempo ([`Duel::evaluate`] only).
//!
//! Quiescence looks at passes that move the ball forward: those decide
//! games, and a horizon that stops just before one misjudges everything.

use crate::alphabeta::{Duel, MATE};
use crate::player::{Evaluate, Observe, DECIDED};
use arbiter_core::Seat;
use arbiter_knight_moves::{
    for_each_chain, for_each_legal, Key, KnightMoves, Move, Position, Side, Square,
};

pub struct KnightMovesDuel;

/// Ranks the ball of `side` on `sq` has advanced (0 at home, 7 home-run).
fn progress(side: Side, sq: Square) -> i32 {
    let goal = side.other().home_rank() as i32;
    7 - (sq.rank() as i32 - goal).abs()
}

fn side_value(pos: &Position, side: Side) -> i32 {
    let ball = progress(side, pos.holder(side));
    let mut v = 12 * ball * ball + 20 * ball;
    let ineligible = pos.ineligible();
    for sq in pos.pieces(side) {
        let eligible = !ineligible.contains(sq);
        if progress(side, sq) > ball {
            v += 14 + if eligible { 6 } else { 0 };
        }
        if !eligible {
            v -= 6;
        }
    }
    if pos.turn() == side && pos.must_pass() {
        v -= 25;
    }
    v
}

/// The evaluation for `side`.
pub fn evaluate(pos: &Position, side: Side) -> i32 {
    side_value(pos, side) - side_value(pos, side.other())
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Duel for KnightMovesDuel {
    type Game = KnightMoves;
    type Pos = Position;
    type Move = Move;
    type Key = Key;

    fn decided(pos: &Position) -> Option<i32> {
        // The ball that is home belongs to the side that just moved.
        pos.winner().map(|_| -MATE)
    }

    fn seen(game: &KnightMoves, key: &Key) -> bool {
        game.has_seen(key)
    }

    fn key(pos: &Position) -> Key {
        pos.key()
    }

    fn hash(key: &Key) -> u64 {
        mix(key.0[0] ^ mix(key.0[1] ^ mix(key.0[2])))
    }

    fn children(
        pos: &Position,
        repeats: &dyn Fn(&Position) -> bool,
        out: &mut Vec<(Move, Position)>,
    ) {
        for_each_legal(pos, repeats, |mv, child| out.push((mv, *child)));
    }

    fn stuck(_: &Position) -> i32 {
        -MATE
    }

    fn evaluate(pos: &Position) -> i32 {
        evaluate(pos, pos.turn()) + 10
    }

    fn is_noisy(pos: &Position, mv: &Move) -> bool {
        let side = pos.turn();
        match mv {
            Move::Pass(chain) => progress(side, chain.receiver()) > progress(side, chain.holder()),
            Move::Jump { .. } => false,
        }
    }

    fn move_index(mv: &Move) -> usize {
        match mv {
            Move::Jump { from, to } => from.index() * 56 + to.index(),
            Move::Pass(chain) => 56 * 56 + chain.receiver().index(),
        }
    }
}

impl Observe for KnightMoves {
    type Seen = KnightMoves;
    fn seen_by(&self, _: Seat) -> KnightMoves {
        self.clone()
    }
}

/// Whether the side to move can put its ball home with one pass chain
/// now (ignoring the repetition ban: a winning position is always new).
pub fn can_score(pos: &Position) -> bool {
    let goal = pos.turn().goal();
    let mut found = false;
    for_each_chain(pos, |mv| {
        if let Move::Pass(chain) = mv {
            found |= goal.contains(chain.receiver());
        }
    });
    found
}

/// The greedy level's view: the evaluation, and a lost game if the
/// opponent, now to move, can put its ball home at once.
impl Evaluate for KnightMoves {
    fn evaluate(&self, seat: Seat) -> i32 {
        let side = Side::from_seat(seat).expect("Knight Moves has two seats");
        let pos = self.position();
        let threat = if pos.turn() != side && can_score(pos) {
            -DECIDED / 2
        } else {
            0
        };
        evaluate(pos, side) + threat
    }
}
