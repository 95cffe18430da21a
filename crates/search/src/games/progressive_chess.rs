//! Progressive Chess for the searchers: the [`Duel`] interface and a
//! hand-tuned evaluation.
//!
//! A search move is a whole turn (a move step and its optional upgrade), so
//! one ply is one turn, as in chess.
//!
//! # Evaluation (for one side, minus the same for the other)
//! - **Material by upgrade tier.** Each piece is worth its value in
//!   [`piece_value`]: pawn 100; tier 1 lesser rook and lesser bishop 150,
//!   swapper 150; tier 2 lesser king 260, rook 420, bishop 380,
//!   supernaturalist 260, necromancer 240; tier 3 cannon 580, protector 540,
//!   pincer 520, zigzag 580. Every upgrade step is worth more than
//!   [`POINT`] times its price, so a side that can afford an upgrade
//!   prefers buying it to hoarding. A protector with its shield intact is
//!   worth [`SHIELD`] more. A necromancer is worth, on top, half the best
//!   piece its side could raise from its pool.
//! - **Currency:** [`POINT`] per point held, for the first
//!   [`POINT_CAP`] points; points beyond that count a quarter (nothing on
//!   the board is left to buy with them quickly).
//! - **Mobility:** [`MOBILITY`] per square each non-king piece could move
//!   to by its own movement (`movegen::targets`, king safety ignored).
//! - **King safety:** [`KING_SHELTER`] per own piece next to the king,
//!   minus [`KING_DANGER`] per square next to the king that the enemy
//!   attacks, minus [`KING_CRAMPED`] per square next to the king the king
//!   could not step to (own piece or attacked), which drives mating play
//!   for the shallow levels too. A side in check loses [`IN_CHECK`].
//! - The side to move gets [`TEMPO`] ([`Duel::evaluate`] only).
//! - The greedy level (one ply, no search) also subtracts the most it
//!   would lose to an immediate capture ([`hanging`]).
//!
//! # Rules the search treats specially
//! - Mate is a loss and stalemate a draw ([`Duel::stuck`]); a dead position
//!   (`Position::is_dead`) is a draw ([`Duel::decided`]).
//! - The default ruleset has no repetition or 50-turn draw, so the search
//!   refuses no child for repetition and the position key leaves out the
//!   counters (`repetition_key` plus both sides' points). With the
//!   optional draw rules on, a repetition the searcher walks into is
//!   scored as if play went on; the game itself still ends it.
//! - Quiescence looks at captures without an upgrade (the upgrade variants
//!   of a capture would multiply the tree by up to twenty for little).

use crate::alphabeta::{Duel, MATE};
use crate::player::{Evaluate, Observe};
use arbiter_core::Seat;
use arbiter_progressive_chess::movegen::{is_capture, targets};
use arbiter_progressive_chess::perft::for_children;
use arbiter_progressive_chess::{
    attacks, Bitboard, Board, Color, Move, Position, ProgressiveChess, Role, Turn,
};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

pub struct ProgressiveChessDuel;

/// The value of one point of currency held.
pub const POINT: i32 = 40;
/// Points beyond this many count a quarter.
pub const POINT_CAP: u32 = 8;
/// An intact protector shield.
pub const SHIELD: i32 = 80;
pub const MOBILITY: i32 = 4;
pub const KING_SHELTER: i32 = 8;
pub const KING_DANGER: i32 = 15;
pub const KING_CRAMPED: i32 = 10;
pub const IN_CHECK: i32 = 40;
pub const TEMPO: i32 = 10;

/// The material value of a piece of `role` (the king counts nothing: it is
/// never captured).
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::LesserRook | Role::LesserBishop | Role::Swapper => 150,
        Role::LesserKing => 260,
        Role::Rook => 420,
        Role::Bishop => 380,
        Role::Supernaturalist => 260,
        Role::Necromancer => 240,
        Role::Cannon => 580,
        Role::Protector => 540,
        Role::Pincer => 520,
        Role::Zigzag => 580,
        Role::King => 0,
    }
}

fn material(pos: &Position, side: Color) -> i32 {
    let board = pos.board();
    let mut v = 0;
    for sq in board.pieces(side) {
        let role = board.piece_at(sq).expect("a piece").role;
        v += piece_value(role);
        if role == Role::Protector && pos.is_shielded(sq) {
            v += SHIELD;
        }
    }
    let necromancers = board.of(side, Role::Necromancer).count() as i32;
    if necromancers > 0 {
        let best = pos.pool(side).map(piece_value).max().unwrap_or(0);
        v += necromancers * best / 2;
    }
    v
}

fn currency(points: u32) -> i32 {
    let full = points.min(POINT_CAP) as i32;
    let extra = points.saturating_sub(POINT_CAP) as i32;
    POINT * full + POINT * extra / 4
}

fn mobility(pos: &Position, side: Color) -> i32 {
    let board = pos.board();
    let mut squares = 0;
    for sq in board.pieces(side) & !board.of(side, Role::King) {
        squares += targets(pos, sq).count() as i32;
    }
    MOBILITY * squares
}

fn king_safety(board: &Board, side: Color) -> i32 {
    let king = board.king(side);
    let around: Bitboard = attacks::king(king);
    let own = board.pieces(side);
    let mut v = KING_SHELTER * (around & own).count() as i32;
    for sq in around {
        let attacked = board.is_attacked(sq, side.other());
        if attacked {
            v -= KING_DANGER;
        }
        if attacked || own.contains(sq) {
            v -= KING_CRAMPED;
        }
    }
    if board.is_attacked(king, side.other()) {
        v -= IN_CHECK;
    }
    v
}

fn side_value(pos: &Position, side: Color) -> i32 {
    material(pos, side)
        + currency(pos.points(side))
        + mobility(pos, side)
        + king_safety(pos.board(), side)
}

/// The evaluation for `side`.
pub fn evaluate(pos: &Position, side: Color) -> i32 {
    side_value(pos, side) - side_value(pos, side.other())
}

/// The search's position key: what the repetition rule compares, plus the
/// points, which change the legal turns.
pub type Key = (Board, Color, Bitboard, [[u8; Role::COUNT]; 2], [u32; 2]);

impl Duel for ProgressiveChessDuel {
    type Game = ProgressiveChess;
    type Pos = Position;
    type Move = Turn;
    type Key = Key;

    fn root(game: &ProgressiveChess) -> Position {
        *game.position()
    }

    fn seen(_: &ProgressiveChess, _: &Key) -> bool {
        // No repetition ban (see the module notes).
        false
    }

    fn key(pos: &Position) -> Key {
        let (board, turn, spent, pools) = pos.repetition_key();
        (
            board,
            turn,
            spent,
            pools,
            [pos.points(Color::White), pos.points(Color::Black)],
        )
    }

    fn hash(key: &Key) -> u64 {
        // DefaultHasher::new() has fixed keys: reproducible, and mixed well.
        let mut h = DefaultHasher::new();
        key.hash(&mut h);
        h.finish()
    }

    fn decided(pos: &Position) -> Option<i32> {
        pos.is_dead().then_some(0)
    }

    fn children(pos: &Position, _: &dyn Fn(&Position) -> bool, out: &mut Vec<(Turn, Position)>) {
        for_children(pos, |turn, child| out.push((turn, *child)));
    }

    fn stuck(pos: &Position) -> i32 {
        if pos.is_check() {
            -MATE
        } else {
            0
        }
    }

    fn evaluate(pos: &Position) -> i32 {
        evaluate(pos, pos.turn()) + TEMPO
    }

    fn is_noisy(pos: &Position, turn: &Turn) -> bool {
        turn.upgrade.is_none() && is_capture(pos, turn.mv)
    }

    fn move_index(turn: &Turn) -> usize {
        match turn.mv {
            Move::Normal { from, to } => from.index() * 49 + to.index(),
            Move::Raise { from, role } => 49 * 49 + from.index() * Role::COUNT + role.index(),
        }
    }

    fn action(turn: Turn) -> Turn {
        turn
    }
}

impl Observe for ProgressiveChess {
    type Seen = ProgressiveChess;
    fn seen_by(&self, _: Seat) -> ProgressiveChess {
        self.clone()
    }
}

/// What the side to move threatens to win at once from `side`: the most
/// valuable piece of `side` it attacks, counted in full if undefended and
/// a third if defended (a shielded protector cannot be taken).
pub fn hanging(pos: &Position, side: Color) -> i32 {
    if pos.turn() == side {
        return 0;
    }
    let board = pos.board();
    let mut worst = 0;
    for sq in board.pieces(side) & !board.of(side, Role::King) {
        if pos.is_shielded(sq) || !board.is_attacked(sq, side.other()) {
            continue;
        }
        let value = piece_value(board.piece_at(sq).expect("a piece").role);
        let loss = if board.is_attacked(sq, side) {
            value / 3
        } else {
            value
        };
        worst = worst.max(loss);
    }
    worst
}

/// The greedy level's view: the evaluation of the position for `seat`,
/// less what the opponent, now to move, can take at once ([`hanging`]):
/// one ply of lookahead alone would leave pieces en prise.
impl Evaluate for ProgressiveChess {
    fn evaluate(&self, seat: Seat) -> i32 {
        let side = Color::from_seat(seat).expect("Progressive Chess has two seats");
        evaluate(self.position(), side) - hanging(self.position(), side)
    }
}
