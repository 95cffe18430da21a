//! The hand-tuned evaluation of Progressive Chess positions (the parent
//! module's notes list its terms), and what it is built from.

use super::king_danger_with;
use arbiter_progressive_chess::movegen::targets;
use arbiter_progressive_chess::{attacks, Bitboard, Board, Color, Position, Role, Square};

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
