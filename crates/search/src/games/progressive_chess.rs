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
    for_each_legal_move, has_legal_move, is_capture, targets, Safety,
};
use arbiter_progressive_chess::perft::for_children;
use arbiter_progressive_chess::{Color, Move, Position, ProgressiveChess, Role, Turn};

mod evaluation;
mod king_danger;
mod turns;
pub use evaluation::*;
use king_danger::king_danger_with;
pub use king_danger::{
    king_danger, MAX_KING_DANGER, SAFE_CHECK, UNSAFE_CHECK, ZONE_GUARD, ZONE_HIT,
};
pub use turns::*;

pub struct ProgressiveChessDuel;

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
