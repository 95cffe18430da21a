//! What a long proof search reports while it runs, so that a search of
//! hours shows whether it is getting anywhere.

/// A snapshot of a search under way ([`super::HorizonProof::reporting`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Nodes expanded so far (counting earlier questions to the same search).
    pub nodes: u64,
    /// Stored results reused, and refused because the line differed in
    /// what they relied on.
    pub reused: u64,
    pub refused: u64,
    /// Results in the store, and the memory they hold.
    pub results_stored: usize,
    pub bytes_stored: usize,
    /// Results dropped from the store to make room, for a position that
    /// had its most ([`super::HorizonProof::keeping`]) or for the memory
    /// bound ([`super::HorizonProof::within_bytes`]). A search whose store
    /// is too small drops results it needs again, and proves them again.
    pub dropped: u64,
    /// The proof and disproof numbers of the nodes on the path from the
    /// root, as each last chose the child it is searching, for the first
    /// [`NEAR_ROOT`] plies (fewer when the search is shallower): a node is
    /// proved when its first number reaches 0, disproved when its second
    /// does. The root's can stay the same for hours while one child is
    /// searched; its children's show that work.
    pub numbers_near_root: Vec<(u64, u64)>,
    /// How many plies below the root the search is now.
    pub plies_deep: usize,
    /// The shallowest ply of the path whose numbers were updated since
    /// the last report (or since the search started): the numbers above
    /// it are as the last report gave them. A search that keeps updating
    /// plies near the root is weighing the root's moves against each
    /// other; one that does not is deep in one line.
    pub updated_from: usize,
}

/// How many plies of the path a report gives the numbers of.
pub const NEAR_ROOT: usize = 3;

/// Who is told, and how often.
pub(super) struct Reporter<'a> {
    pub(super) every: u64,
    pub(super) tell: Box<dyn FnMut(&Report) + 'a>,
}
