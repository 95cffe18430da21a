//! Progressive Chess for the searchers: the [`Duel`] interface and a
//! hand-tuned evaluation.
//!
//! A search move is a whole turn (a move step and its optional upgrade), so
//! one ply is one turn, as in chess.
//!
//! # Evaluation (for one side, minus the same for the other)
//! - **Material by what a piece can do towards mate** ([`piece_value`]):
//!   pawn 100, lesser rook 150, lesser bishop 140, lesser king 330, rook
//!   480, cannon 560 (the pieces that mate with a king alone, or become
//!   one); bishop 300, pincer 320, zigzag 360, protector 280 (+[`SHIELD`]
//!   while shielded): colour-bound or rank-bound, they cannot mate alone;
//!   the swapper family (swapper 70, supernaturalist 110, necromancer 90)
//!   never attacks. A necromancer adds three quarters of the best piece in
//!   its side's pool (one move raises it).
//! - **Currency:** [`POINT`] per point held for the first [`POINT_CAP`],
//!   a fifth beyond (nothing is left to buy quickly); nothing at all for a
//!   side with nothing left to upgrade ([`can_spend`]).
//! - **Mobility:** [`MOBILITY`] per square each attacking piece could move
//!   to (`movegen::targets`, king safety ignored); the swapper family's
//!   swaps do not count.
//! - **King safety:** [`KING_SHELTER`] per own piece next to the king,
//!   minus [`KING_DANGER`] per square next to it the enemy attacks, minus
//!   [`IN_CHECK`] when in check; and [`king_danger`], which grows with the
//!   square of the enemy's attack on the king (pieces reaching the squares
//!   around it, and checks it could give next move where we do not
//!   guard): a cannon checks through a screen, so a king among its own
//!   pieces is not safe for that.
//! - **Mop-up** ([`mop_up`]), for a side leading in attacking material by
//!   [`MOP_UP_LEAD`] or facing a side that cannot force mate: the weaker
//!   king's distance from the centre ([`EDGE_PUSH`]), its lost escape
//!   squares ([`CAGE`]), our king's closeness ([`KING_CLOSE`]) and our
//!   attackers' closeness ([`HUNTER`]). This is what makes both levels push
//!   for mate instead of shuffling until the turn limit.
//! - **No mate, no win:** a side that cannot force mate
//!   ([`can_force_mate`]: a lone colour-bound piece or protector, or only
//!   the swapper family with nothing to raise) keeps only
//!   1/[`NO_MATE_SHARE`] of its value, so a side that is ahead keeps its
//!   mating material instead of trading it for a drawn ending.
//! - The side to move gets [`TEMPO`] ([`Duel::evaluate`] only).
//! - The greedy level (one ply, no search) also subtracts the most it
//!   would lose to an immediate capture ([`hanging`]) and scores a turn
//!   that lets the opponent mate at once as lost ([`has_mate_in_one`]); a
//!   turn that mates is a won game, so it is always taken.
//!
//! # Search
//! - Mate is a loss and stalemate a draw ([`Duel::stuck`]); a dead position
//!   (`Position::is_dead`) is a draw ([`Duel::decided`]).
//! - Repetition: the default ruleset has no repetition draw, so shuffling
//!   costs nothing and a side that cannot see a mate over its horizon
//!   would shuffle to the turn limit. The search therefore refuses a turn
//!   that repeats a position of the game so far ([`history_keys`]) or of the
//!   line being searched, unless every turn does (then it refuses none). As
//!   the key counts points up to 16, repeats only arise in long endings,
//!   which is where they matter. The key is a Zobrist hash ([`key`]).
//! - Upgrades are most of the tree, so the search leaves out the pointless
//!   ones ([`worth_searching`]) and tries each kind of upgrade on one piece
//!   only ([`search_children`]).
//! - Quiescence looks at captures without an upgrade (the upgrade variants
//!   of a capture would multiply the tree for little), generated alone
//!   ([`Duel::noisy_children`]).
//! - Speed: the search tests repeats only of the children it searches
//!   ([`Duel::AVOIDS_REPEATS`]), plays the table's move before generating
//!   the rest ([`Duel::child`]), lists a node's turns without building
//!   their positions and builds a child only when it searches it
//!   ([`Duel::LAZY`]: [`search_turns`], [`play_search_turn`]), keeps the
//!   game's history keys itself ([`Duel::history`]), and the evaluation
//!   finds each side's attacked squares once ([`attacked_squares`]).
//! - Features ([`Duel::features`]): principal-variation search, null-move
//!   pruning, late-move reductions (deeper off the principal variation),
//!   checks, futility pruning and selective pruning, as measured on the
//!   anchor's openings (docs/ai.md).

use crate::alphabeta::{Duel, Features, MATE};
use crate::player::{Evaluate, Observe};
use arbiter_core::Seat;
use arbiter_progressive_chess::movegen::{
    for_each_legal_move, has_legal_move, is_capture, targets, upgrades_in, Safety,
};
use arbiter_progressive_chess::perft::for_children;
use arbiter_progressive_chess::{
    attacks, Bitboard, Board, Color, Effect, Move, Position, ProgressiveChess, Role, Square, Turn,
    Upgrade,
};

mod king_danger;
use king_danger::king_danger_with;
pub use king_danger::{
    king_danger, MAX_KING_DANGER, SAFE_CHECK, UNSAFE_CHECK, ZONE_GUARD, ZONE_HIT,
};

pub struct ProgressiveChessDuel;

/// The value of one point of currency held.
pub const POINT: i32 = 20;
/// Points beyond this many count a fifth.
pub const POINT_CAP: u32 = 8;
/// An intact protector shield.
pub const SHIELD: i32 = 60;
pub const MOBILITY: i32 = 4;
pub const KING_SHELTER: i32 = 6;
pub const KING_DANGER: i32 = 15;
pub const IN_CHECK: i32 = 40;
pub const TEMPO: i32 = 10;
/// Mop-up: per step of the weaker king from the centre (Manhattan, 0–6).
pub const EDGE_PUSH: i32 = 14;
/// Mop-up: per square of the weaker king's escape squares taken away (0–8;
/// off-board squares count as taken).
pub const CAGE: i32 = 18;
/// Mop-up: per step our king is closer than 6 (Chebyshev) to theirs.
pub const KING_CLOSE: i32 = 10;
/// Mop-up: per step an attacker of ours is closer than 6 to their king.
pub const HUNTER: i32 = 3;
/// The attacking material lead (see [`attack_material`]) from which the
/// stronger side plays the mop-up.
pub const MOP_UP_LEAD: i32 = 200;
/// How much a side's evaluation is cut when it can never mate: it may at
/// best draw, so material it cannot use is worth next to nothing.
pub const NO_MATE_SHARE: i32 = 8;

/// The material value of a piece of `role` (the king counts nothing: it is
/// never captured). The values reward what a piece can do towards mate: the
/// swapper family never attacks, so it is cheap (a necromancer is valued by
/// what it can raise), and the rook-like pieces that can
/// mate with a king alone (rook, cannon, lesser king) beat the colour-bound
/// ones (bishop, pincer, zigzag) and the rank-bound protector.
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::LesserRook => 150,
        Role::LesserBishop => 140,
        Role::Swapper => 70,
        Role::LesserKing => 330,
        Role::Rook => 480,
        Role::Bishop => 300,
        Role::Supernaturalist => 110,
        Role::Necromancer => 90,
        Role::Cannon => 560,
        Role::Protector => 280,
        Role::Pincer => 320,
        Role::Zigzag => 360,
        Role::King => 0,
    }
}

/// Pieces that can never attack (and so never mate).
pub const fn is_swapper_family(role: Role) -> bool {
    matches!(
        role,
        Role::Swapper | Role::Supernaturalist | Role::Necromancer
    )
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
        // One move turns a necromancer into the best piece of the pool.
        let best = pos.pool(side).map(piece_value).max().unwrap_or(0);
        v += necromancers * best * 3 / 4;
    }
    v
}

/// Whether `side` has enough to force mate on its own, as far as a static
/// look can tell: a piece that mates with the king alone or can be upgraded
/// into one (pawn, lesser rook and bishop, lesser king, rook, cannon), or two
/// attackers of any kind, or a swapper or necromancer with an attacker in
/// its pool to raise. One colour-bound piece (bishop, pincer, zigzag) or one
/// protector (it never leaves its rank) cannot mate a lone king; nor can the
/// swapper family. Unlike `Position::is_dead` this is a judgement, not a
/// rule: the game goes on, but the evaluation stops counting on a win.
pub fn can_force_mate(pos: &Position, side: Color) -> bool {
    let board = pos.board();
    let mut attackers = 0;
    let mut raisers = false;
    for sq in board.pieces(side) {
        match board.piece_at(sq).expect("a piece").role {
            Role::King | Role::Supernaturalist => {}
            Role::Swapper | Role::Necromancer => raisers = true,
            Role::Pawn
            | Role::LesserRook
            | Role::LesserBishop
            | Role::LesserKing
            | Role::Rook
            | Role::Cannon => return true,
            Role::Bishop | Role::Pincer | Role::Zigzag | Role::Protector => attackers += 1,
        }
    }
    attackers >= 2 || (raisers && pos.pool(side).any(|r| !is_swapper_family(r)))
}

/// The material of the pieces that attack (everything but the king and
/// the swapper family): what decides who can mate.
pub fn attack_material(board: &Board, side: Color) -> i32 {
    let mut v = 0;
    for sq in board.pieces(side) {
        let role = board.piece_at(sq).expect("a piece").role;
        if !is_swapper_family(role) {
            v += piece_value(role);
        }
    }
    v
}

/// Whether `side` can ever spend points: it has a piece below the top of
/// the upgrade tree, or a necromancer (which may raise one). Pieces never
/// move down the tree, so without either, points buy nothing for the rest
/// of the game (kings, cannons and pincers alone: the positions the
/// Fairy-Stockfish anchor plays).
pub fn can_spend(board: &Board, side: Color) -> bool {
    Role::ALL.into_iter().any(|role| {
        (role == Role::Necromancer || !arbiter_progressive_chess::tree::upgrades(role).is_empty())
            && board.of(side, role).count() > 0
    })
}

fn currency(points: u32) -> i32 {
    let full = points.min(POINT_CAP) as i32;
    let extra = points.saturating_sub(POINT_CAP).min(100) as i32;
    POINT * full + POINT * extra / 5
}

fn mobility(pos: &Position, side: Color) -> i32 {
    let board = pos.board();
    let mut squares = 0;
    for sq in board.pieces(side) & !board.of(side, Role::King) {
        if !is_swapper_family(board.piece_at(sq).expect("a piece").role) {
            squares += targets(pos, sq).count() as i32;
        }
    }
    MOBILITY * squares
}

/// Every square a piece of `side` attacks: the squares `sq` for which
/// `board.is_attacked(sq, side)` holds, found piece by piece at once.
pub fn attacked_squares(board: &Board, side: Color) -> Bitboard {
    let occ = board.occupied();
    let mut set = Bitboard::EMPTY;
    for sq in board.pieces(side) {
        set |= piece_attacks(board.piece_at(sq).expect("a piece").role, side, sq, occ);
    }
    set
}

/// The squares a piece of `role` and `side` on `sq` attacks, with the
/// squares `occ` occupied.
pub fn piece_attacks(role: Role, side: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::King | Role::LesserKing => attacks::king(sq),
        Role::LesserRook => attacks::wazir(sq),
        Role::LesserBishop => attacks::ferz(sq),
        Role::Pincer => attacks::camel(sq),
        Role::Pawn => attacks::pawn_captures(side, sq),
        Role::Rook => attacks::rook(sq, occ),
        Role::Bishop => attacks::bishop(sq, occ),
        Role::Protector => attacks::protector(sq, occ),
        Role::Zigzag => attacks::zigzag(sq, occ),
        Role::Cannon => {
            // The empty squares it may stop on, and the first and the
            // second piece of each line.
            let mut reach = Bitboard::EMPTY;
            for d in attacks::ORTHOGONAL_RAYS {
                let line = attacks::cannon_line(d, sq, occ);
                reach |= line.quiet;
                for p in [line.first, line.second].into_iter().flatten() {
                    reach = reach.with(p);
                }
            }
            reach
        }
        Role::Swapper | Role::Supernaturalist | Role::Necromancer => Bitboard::EMPTY,
    }
}

/// King safety for `side`, whose enemy attacks `enemy`.
fn king_safety(board: &Board, side: Color, enemy: Bitboard) -> i32 {
    let king = board.king(side);
    let around: Bitboard = attacks::king(king);
    let own = board.pieces(side);
    let mut v = KING_SHELTER * (around & own).count() as i32;
    v -= KING_DANGER * (around & enemy).count() as i32;
    if enemy.contains(king) {
        v -= IN_CHECK;
    }
    v
}

/// Squares the king of `side` could step to: next to it, not holding its
/// own piece, not attacked by the enemy.
pub fn king_escapes(board: &Board, side: Color) -> u32 {
    escapes(board, side, attacked_squares(board, side.other()))
}

/// [`king_escapes`] with the enemy's attacks known.
fn escapes(board: &Board, side: Color, enemy: Bitboard) -> u32 {
    (attacks::king(board.king(side)) & !board.pieces(side) & !enemy).count()
}

/// Steps from the centre d4 (Manhattan): 0 in the centre, 6 in a corner.
pub const fn centre_distance(sq: Square) -> i32 {
    (sq.file() as i32 - 3).abs() + (sq.rank() as i32 - 3).abs()
}

/// Chebyshev (king-step) distance.
pub const fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    if df > dr {
        df
    } else {
        dr
    }
}

/// Mating play for `side` against a weaker `side.other()`: push their king
/// to the edge and corner, take its squares, bring the king and the
/// attackers close. Zero unless `side` leads in attacking material by
/// [`MOP_UP_LEAD`] or the other side cannot force mate ([`can_force_mate`]).
pub fn mop_up(pos: &Position, side: Color) -> i32 {
    mop_up_with(pos, side, attacked_squares(pos.board(), side))
}

/// [`mop_up`] with `side`'s attacks known.
fn mop_up_with(pos: &Position, side: Color, ours_attack: Bitboard) -> i32 {
    let board = pos.board();
    let them = side.other();
    let ours = attack_material(board, side);
    if ours == 0 {
        return 0;
    }
    let lead = ours - attack_material(board, them) >= MOP_UP_LEAD;
    let helpless = !can_force_mate(pos, them);
    if !lead && !helpless {
        return 0;
    }
    let their_king = board.king(them);
    let mut v = EDGE_PUSH * centre_distance(their_king)
        + CAGE * (8 - escapes(board, them, ours_attack) as i32)
        + KING_CLOSE * (6 - distance(board.king(side), their_king));
    for sq in board.pieces(side) & !board.of(side, Role::King) {
        if !is_swapper_family(board.piece_at(sq).expect("a piece").role) {
            v += HUNTER * (6 - distance(sq, their_king));
        }
    }
    v
}

/// The value of `side`, given what each side attacks (by side index).
fn side_value(pos: &Position, side: Color, attacked: &[Bitboard; 2]) -> i32 {
    let v = material(pos, side)
        + if can_spend(pos.board(), side) {
            currency(pos.points(side))
        } else {
            0
        }
        + mobility(pos, side)
        + king_safety(pos.board(), side, attacked[side.other().index()])
        - king_danger_with(pos.board(), side, attacked[side.index()])
        + mop_up_with(pos, side, attacked[side.index()]);
    if can_force_mate(pos, side) {
        v
    } else {
        v / NO_MATE_SHARE
    }
}

/// The evaluation for `side`.
pub fn evaluate(pos: &Position, side: Color) -> i32 {
    let board = pos.board();
    let attacked = [
        attacked_squares(board, Color::White),
        attacked_squares(board, Color::Black),
    ];
    side_value(pos, side, &attacked) - side_value(pos, side.other(), &attacked)
}

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

impl Duel for ProgressiveChessDuel {
    type Game = ProgressiveChess;
    type Pos = Position;
    type Move = Turn;
    type Key = Key;

    /// Replays the game: a searcher asks [`Duel::history`] once instead.
    fn seen(game: &ProgressiveChess, key: &Key) -> bool {
        history_keys(game).binary_search(key).is_ok()
    }

    /// Replaying the game for every child would cost more than the search:
    /// a searcher keeps the keys itself.
    fn history(game: &ProgressiveChess) -> Option<Vec<Key>> {
        Some(history_keys(game))
    }

    fn among(history: &[Key], key: &Key) -> bool {
        history.binary_search(key).is_ok()
    }

    fn key(pos: &Position) -> Key {
        key(pos)
    }

    fn hash(key: &Key) -> u64 {
        // Zobrist keys are already well mixed.
        *key
    }

    fn decided(pos: &Position) -> Option<i32> {
        pos.is_dead().then_some(0)
    }

    fn children(
        pos: &Position,
        repeats: &dyn Fn(&Position) -> bool,
        out: &mut Vec<(Turn, Position)>,
    ) {
        let start = out.len();
        search_children(pos, out);
        // Avoid repeating, but never at the price of having no move.
        // `repeats` hashes the child, so it is asked only of bare turns: a
        // turn with an upgrade changes a piece for good (only a capture
        // and a raise could ever bring the old position back), and the
        // avoidance is a heuristic, not a rule.
        let repeats_at = |(t, c): &(Turn, Position)| t.upgrade.is_none() && repeats(c);
        let Some(first) = out[start..].iter().position(repeats_at) else {
            return;
        };
        let mut repeated = vec![false; out.len() - start];
        repeated[first] = true;
        for (r, child) in repeated.iter_mut().zip(&out[start..]).skip(first + 1) {
            *r = repeats_at(child);
        }
        if repeated.iter().any(|&r| r) && !repeated.iter().all(|&r| r) {
            let mut index = 0;
            out.retain(|_| {
                let keep = index < start || !repeated[index - start];
                index += 1;
                keep
            });
        }
    }

    const CHECKS: bool = true;

    /// What the matches against Fairy-Stockfish on the king, cannon and
    /// pincer openings kept (docs/ai.md#anchor): late-move reductions,
    /// checks and futility pruning since the second round; and, in the
    /// sixth, principal-variation search, null-move pruning, deeper
    /// reductions and selective pruning (`Prune`) together. Those four
    /// lost with the evaluation of the fifth round (39.7%) and won with
    /// [`king_danger`] (46.0%): a pruned search leans on the static value,
    /// which now sees a cannon's attack on the king. Keeping the table
    /// between moves scored even, and quiet checks in quiescence within
    /// noise: both off.
    fn features() -> Features {
        Features {
            pvs: true,
            null_move: true,
            lmr: true,
            capture_order: false,
            checks: true,
            keep_table: false,
            deep_lmr: true,
            futility: true,
            quiet_checks: false,
            prune: true,
        }
    }

    /// A bare move step (every legal one is among the children), played
    /// if it is legal.
    fn child(pos: &Position, turn: &Turn) -> Option<Position> {
        let (None, Move::Normal { from, to }) = (turn.upgrade, turn.mv) else {
            return None;
        };
        let piece = pos.piece_at(from)?;
        if piece.color != pos.turn()
            || !targets(pos, from).contains(to)
            || !Safety::of(pos).allows(pos, turn.mv, piece.role)
        {
            return None;
        }
        Some(play_search_turn(pos, turn))
    }

    /// The search tests repeats only of the children it searches.
    const AVOIDS_REPEATS: bool = true;

    /// A position is a few hundred bytes (a board of 49 squares and its
    /// bitboards, pools and points): building each child only when it is
    /// searched saves copying the many that a cutoff skips.
    const LAZY: bool = true;

    fn moves(pos: &Position, out: &mut Vec<Turn>) {
        search_turns(pos, out);
    }

    fn play(pos: &Position, turn: &Turn) -> Position {
        play_search_turn(pos, turn)
    }

    /// A turn with an upgrade changes a piece for good (see `children`).
    fn may_repeat(turn: &Turn) -> bool {
        turn.upgrade.is_none()
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

    fn noisy_children(
        pos: &Position,
        _: &dyn Fn(&Position) -> bool,
        out: &mut Vec<(Turn, Position)>,
    ) -> bool {
        // The captures alone, in the order `for_each_legal_move` would
        // give them: each piece's targets among the enemy's pieces.
        let us = pos.turn();
        let board = pos.board();
        let enemies = board.pieces(us.other());
        let safety = Safety::of(pos);
        for from in board.pieces(us) {
            let role = board.piece_at(from).expect("a piece").role;
            if is_swapper_family(role) {
                continue;
            }
            for to in targets(pos, from) & enemies {
                let mv = Move::Normal { from, to };
                if is_capture(pos, mv) && safety.allows(pos, mv, role) {
                    let mut child = *pos;
                    child.apply_move(mv);
                    child.end_turn(true);
                    out.push((Turn::bare(mv).by(us), child));
                }
            }
        }
        !out.is_empty() || has_legal_move(pos)
    }

    /// Bare quiet moves that give check (an upgrade that checks is left
    /// out: quiescence looks at bare moves only).
    fn quiet_checks(pos: &Position, out: &mut Vec<(Turn, Position)>) {
        let us = pos.turn();
        for_each_legal_move(pos, |mv| {
            if is_capture(pos, mv) {
                return;
            }
            let turn = Turn::bare(mv).by(us);
            let child = play_search_turn(pos, &turn);
            if child.is_check() {
                out.push((turn, child));
            }
        });
    }

    fn capture_value(pos: &Position, turn: &Turn) -> i32 {
        match turn.mv {
            Move::Normal { from, to } => {
                let victim = pos.piece_at(to).map_or(0, |p| piece_value(p.role));
                let attacker = pos.piece_at(from).map_or(0, |p| piece_value(p.role));
                victim * 16 - attacker / 8
            }
            Move::Raise { .. } => 0,
        }
    }

    fn in_check(pos: &Position) -> bool {
        pos.is_check()
    }

    /// A pass (the turn ends with no move), only for a side with a rook's
    /// worth of attacking material: with less, zugzwang is real.
    fn null_child(pos: &Position) -> Option<Position> {
        if attack_material(pos.board(), pos.turn()) < piece_value(Role::Rook) {
            return None;
        }
        let mut child = *pos;
        child.end_turn(false);
        Some(child)
    }

    fn move_index(turn: &Turn) -> usize {
        match turn.mv {
            Move::Normal { from, to } => from.index() * 49 + to.index(),
            Move::Raise { from, role } => 49 * 49 + from.index() * Role::COUNT + role.index(),
        }
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

/// Whether the side to move has a turn that checkmates.
pub fn has_mate_in_one(pos: &Position) -> bool {
    let mut found = false;
    for_children(pos, |_, child| {
        found = found || (child.is_check() && !has_legal_move(child));
    });
    found
}

/// The greedy level's view: the evaluation of the position for `seat`,
/// less what the opponent, now to move, can take at once ([`hanging`]):
/// one ply of lookahead alone would leave pieces en prise. A position in
/// which the opponent has a mate in one scores as lost (a turn that mates
/// at once is scored as won by the greedy player itself).
impl Evaluate for ProgressiveChess {
    fn evaluate(&self, seat: Seat) -> i32 {
        let side = Color::from_seat(seat).expect("Progressive Chess has two seats");
        let pos = self.position();
        if pos.turn() != side && has_mate_in_one(pos) {
            return -MATE / 2;
        }
        evaluate(pos, side) - hanging(pos, side)
    }
}
