//! The session's transposition table. It is made once at its size (the
//! `Hash` option, when that is set, so a GUI's `isready` waits for it), and
//! every search uses it. Unless `KeepTable` keeps its entries, it is
//! emptied after each search, once `bestmove` is out: a fresh table for
//! each search, as the bots have, but a large one costs the next search
//! none of its time.

use crate::alphabeta::{Duel, Table, TT_SLOTS};
use std::sync::{Arc, Mutex};

/// The table shared by the reading loop and the search threads.
pub(super) type Shared<D> = Arc<Mutex<SessionTable<D>>>;

pub(super) struct SessionTable<D: Duel> {
    /// `None` until the first search, and while a search holds it.
    table: Option<Table<D>>,
    /// Whether it holds entries from a search.
    dirty: bool,
    /// Whether its entries must go whatever `KeepTable` says (`ucinewgame`,
    /// `Clear Hash`).
    forgotten: bool,
    /// Whether the last search kept its entries (`KeepTable`), as the next
    /// one most likely will.
    kept: bool,
}

/// The slots of a table of `megabytes` MiB (`None`: the usual table).
fn slots<D: Duel>(megabytes: Option<usize>) -> usize {
    megabytes.map_or(TT_SLOTS, Table::<D>::slots_in)
}

impl<D: Duel> SessionTable<D> {
    pub(super) fn shared() -> Shared<D> {
        Arc::new(Mutex::new(SessionTable {
            table: None,
            dirty: false,
            forgotten: false,
            kept: false,
        }))
    }

    /// A fresh table of `megabytes` MiB (`None`: the usual size) in place
    /// of the old one; `false`, with the old one kept, when the memory
    /// cannot be had.
    pub(super) fn resize(&mut self, megabytes: Option<usize>) -> bool {
        let made = match megabytes {
            Some(mb) => Table::with_megabytes(mb),
            None => Some(Table::new()),
        };
        match made {
            Some(table) => {
                self.table = Some(table);
                self.dirty = false;
                self.forgotten = false;
                true
            }
            None => false,
        }
    }

    /// Its entries go (`ucinewgame`, `Clear Hash`): now if no search holds
    /// it, else before the next search.
    pub(super) fn forget(&mut self) {
        self.forgotten = true;
        self.tidy();
    }

    /// The table for a search of a session whose size is `megabytes`,
    /// emptied first unless `keep` (`KeepTable`) keeps its entries. One of
    /// another size (or none: a search that never gave it back) is made
    /// anew; should the memory be gone, the search has the usual table.
    pub(super) fn take(&mut self, megabytes: Option<usize>, keep: bool) -> Table<D> {
        self.clear_if(self.forgotten || !keep);
        match self.table.take() {
            Some(table) if table.len() == slots::<D>(megabytes) => table,
            _ => megabytes
                .and_then(Table::with_megabytes)
                .unwrap_or_default(),
        }
    }

    /// The table back from a search that kept its entries or not (`keep`).
    /// A table made since (by `Hash`) wins.
    pub(super) fn give_back(&mut self, table: Table<D>, keep: bool) {
        if self.table.is_none() {
            self.table = Some(table);
            self.dirty = true;
            self.kept = keep;
        }
    }

    /// Empties the table now if the next search will want it empty: after
    /// `bestmove`, while the opponent thinks.
    pub(super) fn tidy(&mut self) {
        self.clear_if(self.forgotten || !self.kept);
    }

    fn clear_if(&mut self, wanted: bool) {
        if let Some(table) = self.table.as_mut().filter(|_| wanted && self.dirty) {
            table.clear();
            self.dirty = false;
            self.forgotten = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::Searcher;
    use crate::games::knight_moves::KnightMovesDuel;
    use crate::player::Budget;
    use arbiter_core::{Seed, TextPosition};
    use arbiter_knight_moves::KnightMoves;

    /// A search of the start on `table`, which it fills; the table back.
    fn search_on(game: &KnightMoves, table: Table<KnightMovesDuel>) -> Table<KnightMovesDuel> {
        let mut searcher = Searcher::on_table(game, Budget::Nodes(20_000), table);
        searcher.run(6, Seed::from_u64(1));
        assert!(searcher.hashfull() > 0);
        searcher.into_table()
    }

    /// How full `table` is (`hashfull`), and the table back.
    fn fullness(
        game: &KnightMoves,
        table: Table<KnightMovesDuel>,
    ) -> (u32, Table<KnightMovesDuel>) {
        let searcher = Searcher::on_table(game, Budget::Nodes(1), table);
        (searcher.hashfull(), searcher.into_table())
    }

    #[test]
    fn a_search_finds_the_table_empty_unless_it_is_kept() {
        let game = <KnightMoves as TextPosition>::start();
        let shared = SessionTable::<KnightMovesDuel>::shared();
        let mut session = shared.lock().unwrap();
        let table = session.take(None, false);
        assert_eq!(table.len(), TT_SLOTS);
        session.give_back(search_on(&game, table), false);
        session.tidy();
        assert_eq!(fullness(&game, session.take(None, false)).0, 0);
        // Kept: the entries stay, until `ucinewgame` or `Clear Hash`.
        let table = session.take(None, true);
        session.give_back(search_on(&game, table), true);
        session.tidy();
        let (full, table) = fullness(&game, session.take(None, true));
        assert!(full > 0);
        session.give_back(table, true);
        session.forget();
        assert_eq!(fullness(&game, session.take(None, true)).0, 0);
        // Kept by one search, not by the next (`KeepTable` switched off).
        let table = session.take(None, true);
        session.give_back(search_on(&game, table), true);
        session.tidy();
        assert_eq!(fullness(&game, session.take(None, false)).0, 0);
    }

    #[test]
    fn a_resize_wins_over_a_table_given_back_from_before_it() {
        let shared = SessionTable::<KnightMovesDuel>::shared();
        let mut session = shared.lock().unwrap();
        let small = Table::<KnightMovesDuel>::slots_in(1);
        assert_ne!(small, TT_SLOTS);
        let held = session.take(None, true);
        assert!(session.resize(Some(1)));
        session.give_back(held, true);
        assert_eq!(session.take(Some(1), true).len(), small);
        // A search of another size than the table's gets its own.
        assert_eq!(session.take(None, true).len(), TT_SLOTS);
    }
}
