//! What alpha-beta asks of a game: the [`Duel`] interface each alternating
//! game implements in `games/`.

use super::Features;
use arbiter_core::Game;
use std::hash::Hash;

/// What alpha-beta needs of an alternating two-seat game.
pub trait Duel: 'static {
    /// The game, a duel of the shared interface whose positions and moves
    /// these are.
    type Game: arbiter_core::duel::Duel<Position = Self::Pos, Move = Self::Move>
        + Game<Action = Self::Move>;
    type Pos: Copy;
    type Move: Copy + Eq + std::fmt::Display + Send;
    type Key: Copy + Eq + Hash + Send;

    /// The current position of a game.
    fn root(game: &Self::Game) -> Self::Pos {
        *arbiter_core::duel::Duel::current(game)
    }
    /// Whether a position with `key` occurred in the game's real history.
    fn seen(game: &Self::Game, key: &Self::Key) -> bool;
    /// The keys of the game's real history, for games whose [`Duel::seen`]
    /// costs too much to ask of every child searched: a [`Searcher`](super::Searcher) then
    /// asks this once and looks keys up with [`Duel::among`]. `None` (the
    /// default) asks `seen` each time.
    fn history(_game: &Self::Game) -> Option<Vec<Self::Key>> {
        None
    }
    /// Whether `key` is among the keys [`Duel::history`] gave (a game that
    /// sorts them may search faster than this scan).
    fn among(history: &[Self::Key], key: &Self::Key) -> bool {
        history.contains(key)
    }
    fn key(pos: &Self::Pos) -> Self::Key;
    /// A well-mixed 64-bit hash of a key, for the table's slots.
    fn hash(key: &Self::Key) -> u64;
    /// `Some(score)` for the side to move if the game ended before it moved
    /// (Knight Moves: a ball is home): usually `-MATE`.
    fn decided(pos: &Self::Pos) -> Option<i32>;
    /// Every legal move with its child, refusing children for which
    /// `repeats` holds (the rules decide what else a refusal changes).
    fn children(
        pos: &Self::Pos,
        repeats: &dyn Fn(&Self::Pos) -> bool,
        out: &mut Vec<(Self::Move, Self::Pos)>,
    );
    /// Whether repeating a position is only to be avoided, not a rule: a
    /// turn that repeats is refused unless every turn does (Progressive
    /// Chess). The searcher then tests a child only when it is about to
    /// search it (most are never searched, for a cutoff comes first), and
    /// [`Duel::children`] is given a test that never refuses.
    const AVOIDS_REPEATS: bool = false;
    /// Whether `mv` may repeat a position at all, for games that
    /// [`Duel::AVOIDS_REPEATS`].
    fn may_repeat(_mv: &Self::Move) -> bool {
        true
    }
    /// The position after `mv` if it is one of [`Duel::children`]'s moves
    /// in `pos` (checked: a table move may come from a colliding key), or
    /// `None` when the game cannot tell without generating them all. The
    /// table's move is searched before the other moves are generated, and
    /// often cuts them off.
    fn child(_pos: &Self::Pos, _mv: &Self::Move) -> Option<Self::Pos> {
        None
    }
    /// Whether the searcher should list an inner node's moves with
    /// [`Duel::moves`] and build each child with [`Duel::play`] only when
    /// it searches it. For games whose positions are large, most children
    /// are never searched (a cutoff comes first), so building them all
    /// costs more than it saves. Only games that [`Duel::AVOIDS_REPEATS`]
    /// use it: the others refuse a repeat while generating, which needs
    /// the child.
    const LAZY: bool = false;
    /// [`Duel::children`]'s moves, in the same order, without their
    /// positions (for [`Duel::LAZY`] games; this default builds them).
    fn moves(pos: &Self::Pos, out: &mut Vec<Self::Move>) {
        let mut children = Vec::new();
        Self::children(pos, &|_| false, &mut children);
        out.extend(children.into_iter().map(|(mv, _)| mv));
    }
    /// The position after `mv`, one of [`Duel::moves`]' moves in `pos` (for
    /// [`Duel::LAZY`] games; this default generates every child to find it).
    fn play(pos: &Self::Pos, mv: &Self::Move) -> Self::Pos {
        let mut children = Vec::new();
        Self::children(pos, &|_| false, &mut children);
        children
            .into_iter()
            .find(|(m, _)| m == mv)
            .expect("a move of this position")
            .1
    }
    /// Whether [`Duel::in_check`] means anything here: quiescence then
    /// stands pat before it generates captures when not in check.
    const CHECKS: bool = false;
    /// The value for the side to move when it has no legal move: `-MATE`
    /// for a loss, 0 for a draw.
    fn stuck(pos: &Self::Pos) -> i32;
    /// Static value for the side to move.
    fn evaluate(pos: &Self::Pos) -> i32;
    /// Captures and other moves quiescence must look at.
    fn is_noisy(pos: &Self::Pos, mv: &Self::Move) -> bool;
    /// The noisy children (as [`Duel::children`] filtered by
    /// [`Duel::is_noisy`]), and whether the side to move has any legal move
    /// at all. Games whose full move list is costly generate only what
    /// quiescence needs here.
    fn noisy_children(
        pos: &Self::Pos,
        repeats: &dyn Fn(&Self::Pos) -> bool,
        out: &mut Vec<(Self::Move, Self::Pos)>,
    ) -> bool {
        Self::children(pos, repeats, out);
        let any = !out.is_empty();
        out.retain(|(mv, _)| Self::is_noisy(pos, mv));
        any
    }
    /// The children by quiet moves (not [`Duel::is_noisy`]) that give
    /// check, for [`Features::quiet_checks`] (none by default).
    fn quiet_checks(_pos: &Self::Pos, _out: &mut Vec<(Self::Move, Self::Pos)>) {}
    /// How much a noisy move wins, to order captures by the victim's
    /// value first, then the cheapest attacker (0 where nothing is taken).
    fn capture_value(_pos: &Self::Pos, _mv: &Self::Move) -> i32 {
        0
    }
    /// Whether the side to move is in check (no null move, no reduction).
    fn in_check(_pos: &Self::Pos) -> bool {
        false
    }
    /// The position with the side to move passing, for null-move pruning:
    /// `None` where the rules or zugzwang make a pass meaningless (the
    /// default: games that have not opted in never prune this way).
    fn null_child(_pos: &Self::Pos) -> Option<Self::Pos> {
        None
    }
    /// The search features this game plays with by default (see
    /// [`Features`]): what its matches kept.
    fn features() -> Features {
        Features::default()
    }
    /// A small index (< 4096) for the history heuristic.
    fn move_index(mv: &Self::Move) -> usize;
}
