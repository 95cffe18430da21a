//! The turns the search tries and the keys it tells positions apart by:
//! a Zobrist key, the upgrades worth searching, and each node's children.

use super::{can_spend, distance, piece_value, SHIELD};
use arbiter_progressive_chess::movegen::{for_each_legal_move, upgrades_in};
use arbiter_progressive_chess::{
    Color, Effect, Move, Position, ProgressiveChess, Role, Square, Turn, Upgrade,
};

/// A splitmix64 step, for the Zobrist tables.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist table size: pieces (2 colours × 14 roles × 49 squares), spent
/// shields (49), pool counts (2 × 14 roles × 16 counts), points
/// (2 × [`KEY_POINTS`]), and the side to move.
const KEY_POINTS: usize = 17;
const Z_PIECES: usize = 0;
const Z_SPENT: usize = Z_PIECES + 2 * Role::COUNT * 49;
const Z_POOLS: usize = Z_SPENT + 49;
const Z_POINTS: usize = Z_POOLS + 2 * Role::COUNT * 16;
const Z_BLACK: usize = Z_POINTS + 2 * KEY_POINTS;
const Z_LEN: usize = Z_BLACK + 1;

const fn zobrist_table() -> [u64; Z_LEN] {
    let mut table = [0; Z_LEN];
    let mut state = 0x5052_4F47_4348_4553; // "PROGCHES"
    let mut i = 0;
    while i < Z_LEN {
        state = splitmix(state);
        table[i] = state;
        i += 1;
    }
    table
}

static ZOBRIST: [u64; Z_LEN] = zobrist_table();

/// The search's position key: a Zobrist hash of what the repetition rule
/// compares (placement, side to move, spent shields, pools) plus both
/// sides' points, which change the legal turns. Points from
/// `KEY_POINTS - 1` up hash alike: with that many a side can afford every
/// upgrade for several turns, so the table may share such positions (their
/// evaluations differ only in the tiny value of surplus currency). A 64-bit
/// key may collide; the table's best move is only an ordering hint, so a
/// collision can never make the player choose an illegal turn.
pub type Key = u64;

pub fn key(pos: &Position) -> Key {
    let board = pos.board();
    let mut h = 0;
    for sq in board.occupied() {
        let piece = board.piece_at(sq).expect("a piece");
        h ^= ZOBRIST
            [Z_PIECES + (piece.color.index() * Role::COUNT + piece.role.index()) * 49 + sq.index()];
    }
    for sq in pos.spent_shields() {
        h ^= ZOBRIST[Z_SPENT + sq.index()];
    }
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let n = pos.pool_count(color, role) as usize;
            if n > 0 {
                h ^= ZOBRIST
                    [Z_POOLS + (color.index() * Role::COUNT + role.index()) * 16 + n.min(15)];
            }
        }
        let points = (pos.points(color) as usize).min(KEY_POINTS - 1);
        h ^= ZOBRIST[Z_POINTS + color.index() * KEY_POINTS + points];
    }
    if pos.turn() == Color::Black {
        h ^= ZOBRIST[Z_BLACK];
    }
    h
}

/// Whether the search looks at `up`. It leaves out upgrades into the
/// swapper family when they cannot pay off (a swapper or necromancer with
/// no attacker in the pool to raise; a supernaturalist never mates) and
/// upgrades that lower a piece's value (rook or lesser king into a
/// protector): they never attack, so they only widen the tree. The
/// evaluation would rank them low anyway; leaving them out buys depth.
pub fn worth_searching(pos: &Position, up: Upgrade) -> bool {
    let us = pos.turn();
    let from = pos
        .piece_at(up.square)
        .expect("an upgrade names a piece")
        .role;
    match up.role {
        Role::Supernaturalist => false,
        Role::Swapper | Role::Necromancer => pos.pool(us).any(|r| piece_value(r) >= 300),
        to => piece_value(to) + if to == Role::Protector { SHIELD } else { 0 } >= piece_value(from),
    }
}

/// Every legal turn the search considers, with the position after it: all
/// moves, each bare and with the upgrades that pass [`worth_searching`],
/// but for each kind of upgrade (from one role to another) only on one
/// piece: the one that just moved if it is of that kind, else the one
/// nearest the enemy king (the attacker that matters most; ties to the
/// lower square). Upgrades are most of the tree (six pawns with three
/// choices each), and upgrading one pawn or its neighbour rarely differs
/// much; the depth this buys is worth more.
pub fn search_children(pos: &Position, out: &mut Vec<(Turn, Position)>) {
    // Room for a typical node at once: growing by doubling copies every
    // position again.
    out.reserve(256);
    for_each_search_turn(pos, |turn, mid, capture| {
        let mut child = *mid;
        finish_turn(&mut child, turn, capture);
        out.push((turn, child));
    });
}

/// [`search_children`]'s turns, in the same order, without their positions.
pub fn search_turns(pos: &Position, out: &mut Vec<Turn>) {
    out.reserve(256);
    let us = pos.turn();
    if can_spend(pos.board(), us) {
        for_each_search_turn(pos, |turn, _, _| out.push(turn));
    } else {
        // No piece of ours has an upgrade, and no move can give us one (a
        // move never changes the roles of our pieces, and only a
        // necromancer raises one), so every turn is a bare move: no need to
        // play each to list its upgrades.
        for_each_legal_move(pos, |mv| out.push(Turn::bare(mv).by(us)));
    }
}

/// The position after `turn`, one of [`search_turns`]' turns in `pos`.
pub fn play_search_turn(pos: &Position, turn: &Turn) -> Position {
    let mut child = *pos;
    let capture = matches!(child.apply_move(turn.mv), Effect::Capture(_));
    finish_turn(&mut child, *turn, capture);
    child
}

/// The rest of `turn` on `mid`, the position after its move step: its
/// upgrade, if any, and the end of the turn.
fn finish_turn(mid: &mut Position, turn: Turn, capture: bool) {
    match turn.upgrade {
        Some(up) => {
            mid.apply_upgrade(up);
            mid.end_turn(true);
        }
        None => mid.end_turn(capture),
    }
}

/// Calls `f(turn, position after its move step, whether it captured)` for
/// every turn of [`search_children`], in its order.
fn for_each_search_turn(pos: &Position, mut f: impl FnMut(Turn, &Position, bool)) {
    let us = pos.turn();
    let their_king = pos.board().king(us.other());
    for_each_legal_move(pos, |mv| {
        let mut mid = *pos;
        let capture = matches!(mid.apply_move(mv), Effect::Capture(_));
        let moved = match mv {
            Move::Normal { to, .. } => Some(to),
            Move::Raise { from, .. } => Some(from),
        };
        // One (from role, to role, rank, upgrade) per kind, lowest rank kept
        // (there are at most 11 kinds of upgrade), on the stack.
        let mut best = [(Role::King, Role::King, 0, NO_UPGRADE); 12];
        let mut kinds = 0;
        upgrades_in(&mid, us, mid.points(us), |up| {
            if !worth_searching(&mid, up) {
                return;
            }
            let from = mid.piece_at(up.square).expect("an upgraded piece").role;
            let rank = if Some(up.square) == moved {
                -1
            } else {
                distance(up.square, their_king) * 64 + up.square.index() as i32
            };
            match best[..kinds]
                .iter_mut()
                .find(|b| b.0 == from && b.1 == up.role)
            {
                Some(b) if rank < b.2 => *b = (from, up.role, rank, up),
                Some(_) => {}
                None => {
                    best[kinds] = (from, up.role, rank, up);
                    kinds += 1;
                }
            }
        });
        for (_, _, _, up) in &best[..kinds] {
            let turn = Turn {
                mv,
                upgrade: Some(*up),
                side: us,
            };
            f(turn, &mid, capture);
        }
        f(Turn::bare(mv).by(us), &mid, capture);
    });
}

/// A placeholder for the unused entries of [`search_children`]'s list.
const NO_UPGRADE: Upgrade = Upgrade {
    square: Square::new(0),
    role: Role::King,
};

/// The keys of every position of `game` so far, sorted, without repeats.
pub fn history_keys(game: &ProgressiveChess) -> Vec<Key> {
    let mut pos = *game.start_position();
    let mut keys = vec![self::key(&pos)];
    for &turn in game.turns_played() {
        pos = pos.play_unchecked(turn);
        keys.push(self::key(&pos));
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}
