//! Numbered position spaces: what retrograde analysis needs from a game.

/// A two-player game of perfect information whose positions (placement,
/// hands, side to move; no history) can be numbered `0..size()` densely
/// enough to keep a byte per number in memory.
///
/// Some numbers may name no legal position; [`PositionSpace::position`]
/// returns `None` for them.
pub trait PositionSpace: Sync {
    type Position: Copy + Send + Sync;

    /// One more than the largest index.
    fn size(&self) -> usize;

    /// The legal position with this index, if there is one.
    fn position(&self, index: usize) -> Option<Self::Position>;

    /// The index of a legal position.
    fn index(&self, position: &Self::Position) -> usize;

    /// Calls `emit` with the index of every position one legal move away,
    /// ignoring any rule that depends on history.
    fn for_each_child(&self, position: &Self::Position, emit: impl FnMut(usize));

    /// For a position whose side to move has no move: whether that side
    /// has lost (checkmate, `true`) or drawn (stalemate, `false`).
    fn lost_without_moves(&self, position: &Self::Position) -> bool;
}
