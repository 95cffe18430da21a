//! What the game's chat webhooks have been told and what waits
//! (docs/webhooks.md): the public history's entries told so far, those
//! held while a simultaneous step fills or a turn's first step waits for
//! its second, and what the last look saw. A restarted server replays the
//! same looks from the log ([`Replay`]), so what was held before the
//! restart is still held, and told when its step closes.

use super::{SeenEntry, Session};

/// What the webhooks were last told, and what the last look saw: the
/// public history's length told and seen (the entries between wait for a
/// step or a turn to close), where the waiting first step of a turn begins
/// (its entries are not told if the turn is completed), the game's
/// reports told ([`crate::table::LiveGame::reports`]), the deadline,
/// whether the game was finished, and who was publicly to act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Told {
    pub(super) entries_told: usize,
    pub(super) entries_seen: usize,
    first_step_from: Option<usize>,
    pub(super) reports: usize,
    pub(super) deadline: Option<i64>,
    pub(super) finished: bool,
    pub(super) to_act: Vec<usize>,
}

impl Told {
    /// Whether nothing the webhooks could be told of changed between two
    /// looks.
    pub(super) fn same_as(&self, now: &Told) -> bool {
        (
            self.entries_seen,
            self.reports,
            self.deadline,
            self.finished,
            &self.to_act,
        ) == (
            now.entries_seen,
            now.reports,
            now.deadline,
            now.finished,
            &now.to_act,
        )
    }

    /// What the webhooks could be told of `session` now, its spectators'
    /// history `seen` entries long.
    pub(super) fn now(session: &Session, seen: usize) -> Told {
        let finished = session.status.finished();
        let paused = session.status.paused_since().is_some();
        Told {
            entries_told: seen,
            entries_seen: seen,
            first_step_from: None,
            reports: session.game.reports(),
            deadline: match finished || paused {
                true => None,
                false => session.game.deadline(),
            },
            finished,
            to_act: match finished {
                true => Vec::new(),
                false => session.game.actors_seen_by(session.bots.len(), None),
            },
        }
    }

    /// The look after this one, at `now`: what the webhooks hold then, and
    /// whether the entries since the last told wait on (`true`) or are
    /// told now. `seats_only`: every entry new since this look is a seat's;
    /// `mid_turn`: a seat is between the steps of its turn. While a step
    /// fills, or a seat is between the steps of its turn, the entries wait;
    /// the webhooks still learn who is left to act, for a deadline
    /// reminder.
    pub(super) fn next(&self, now: Told, seats_only: bool, mid_turn: bool) -> (Told, bool) {
        let mid_turn = !now.finished && mid_turn && seats_only;
        if !(mid_turn || self.step_still_filling(&now, seats_only)) {
            return (now, false);
        }
        let held = Told {
            entries_told: self.entries_told,
            first_step_from: self
                .first_step_from
                .or(mid_turn.then_some(self.entries_seen)),
            reports: self.reports,
            ..now
        };
        (held, true)
    }

    /// Whether going from `self` to `now` only fills a simultaneous step
    /// that is still open: every new entry is a seat's ("P3: submitted a
    /// bid": `seats_only`), and the seats still to act are some of those that were, or
    /// are secret (Knight Control's item step, which follows the orders:
    /// nobody is publicly to act). Such entries wait and go out together
    /// when the step closes, with what it publishes, so that a table of
    /// eleven posts one message a step, not eleven.
    fn step_still_filling(&self, now: &Told, seats_only: bool) -> bool {
        if !seats_only || now.finished || now.reports != self.reports {
            return false;
        }
        now.to_act.is_empty()
            || (now.to_act.len() < self.to_act.len()
                && now.to_act.iter().all(|k| self.to_act.contains(k))
                && now.deadline == self.deadline)
    }

    /// The entries to tell now, when nothing waits any longer: those since
    /// the last told, except a turn's first step that the seat's next entry
    /// completed (that entry says the whole turn).
    pub(super) fn to_tell<'h>(&self, history: &'h [SeenEntry]) -> Vec<&'h SeenEntry> {
        let told = self.entries_told.min(history.len());
        let seen = self.entries_seen.min(history.len());
        let completed = self.first_step_from.filter(|&from| {
            (told..seen).contains(&from)
                && history
                    .get(seen)
                    .is_some_and(|next| next.seat == history[from].seat)
        });
        history[told..]
            .iter()
            .enumerate()
            .filter(|(k, _)| completed.is_none_or(|from| !(from..seen).contains(&(told + k))))
            .map(|(_, e)| e)
            .collect()
    }
}

/// Whether there are entries new since a look, and all are seats' (by
/// `seated`): [`Told::next`]'s `seats_only`.
pub(super) fn seats_only<T>(fresh: &[T], seated: impl Fn(&T) -> bool) -> bool {
    !fresh.is_empty() && fresh.iter().all(seated)
}

/// The looks the webhooks had at a game, replayed from its log: the state
/// after each event as a live table would have seen it, so that a
/// restarted server goes on holding what was held. Only the spectators'
/// history matters, and a seat's entry is visible to them or not from the
/// moment it is made, so the entries are counted as they come.
#[derive(Default)]
pub(super) struct Replay {
    told: Option<Told>,
    /// Per entry the spectators see: whether it is a seat's.
    seated: Vec<bool>,
    /// How many of the session's history entries, and of their seats'
    /// actions, were counted.
    counted: usize,
    acts: usize,
}

impl Replay {
    /// A look at `session` after an event (and once before the first).
    pub(super) fn observe(&mut self, session: &Session) {
        for e in session.history.get(self.counted..).unwrap_or_default() {
            match e.seat {
                Some(_) => {
                    self.acts += 1;
                    if (session.game.describe(self.acts - 1, &e.action, None)).is_some() {
                        self.seated.push(true);
                    }
                }
                None => self.seated.push(false),
            }
        }
        self.counted = session.history.len();
        let now = Told::now(session, self.seated.len());
        self.told = Some(match self.told.take() {
            None => now,
            Some(before) if before.same_as(&now) => before,
            Some(before) => {
                let fresh = self.seated.get(before.entries_seen..).unwrap_or_default();
                let seats_only = seats_only(fresh, |&seated| seated);
                before.next(now, seats_only, session.game.mid_turn()).0
            }
        });
    }

    /// What the webhooks had been told after the last event.
    pub(super) fn told(self) -> Option<Told> {
        self.told
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::SeenEntry;

    fn entry(seat: Option<usize>, action: &str) -> SeenEntry {
        SeenEntry::made(seat, action)
    }

    fn seated(entries: &[SeenEntry]) -> bool {
        seats_only(entries, |e| e.seat.is_some())
    }

    fn told(entries: usize, to_act: &[usize]) -> Told {
        Told {
            entries_told: entries,
            entries_seen: entries,
            first_step_from: None,
            reports: 0,
            deadline: Some(1000),
            finished: false,
            to_act: to_act.to_vec(),
        }
    }

    #[test]
    fn a_step_still_filling_waits_and_one_that_closes_or_moves_on_does_not() {
        let bid = [entry(Some(0), "submitted a bid")];
        let before = told(0, &[0, 1, 2]);
        // P1 is in; P2 and P3 are still awaited.
        assert!(before.step_still_filling(&told(1, &[1, 2]), seated(&bid)));
        // The step closed: a new one awaits everybody.
        assert!(!before.step_still_filling(&told(1, &[0, 1, 2]), seated(&bid)));
        // The game ended.
        let mut over = told(1, &[]);
        over.finished = true;
        assert!(!before.step_still_filling(&over, seated(&bid)));
        // The last orders are in and a step whose seats are secret follows:
        // the orders wait for the round's report.
        assert!(before.step_still_filling(&told(1, &[]), seated(&bid)));
        // The game published something: it is news.
        let mut published = told(1, &[1, 2]);
        published.reports = 1;
        assert!(!before.step_still_filling(&published, seated(&bid)));
        // An entry without a seat (a deadline, the host) is news.
        let deadline = [entry(Some(0), "submitted a bid"), entry(None, "deadline")];
        assert!(!before.step_still_filling(&told(2, &[1, 2]), seated(&deadline)));
        // A turn passed to another seat is news.
        let moved = [entry(Some(0), "c1c3")];
        assert!(!told(0, &[0]).step_still_filling(&told(1, &[1]), seated(&moved)));
        // A new deadline is news.
        let mut later = told(1, &[1, 2]);
        later.deadline = Some(2000);
        assert!(!before.step_still_filling(&later, seated(&bid)));
        // Nothing new is not a step filling.
        assert!(!before.step_still_filling(&told(0, &[1, 2]), seated(&[])));
    }

    #[test]
    fn a_completed_turn_is_told_whole_and_an_unfinished_first_step_as_it_is() {
        let said = |entries: &[&SeenEntry]| -> Vec<String> {
            entries.iter().map(|e| e.action.clone()).collect()
        };
        let history = [
            entry(Some(1), "g7g6"),
            entry(Some(0), "a1a2+?"),
            entry(Some(0), "a1a2+a2=F"),
            entry(None, "time"),
        ];
        // Black's move was told; White's first step waited from entry 1.
        let mut before = told(1, &[0]);
        before.entries_seen = 2;
        before.first_step_from = Some(1);
        // White completed the turn: the whole turn only.
        assert_eq!(said(&before.to_tell(&history[..3])), ["a1a2+a2=F"]);
        // White's time ran out between the steps: the first step is told.
        let timed_out = [&history[..2], &history[3..]].concat();
        assert_eq!(said(&before.to_tell(&timed_out)), ["a1a2+?", "time"]);
        // The host paused before White completed it (nothing new yet).
        assert_eq!(said(&before.to_tell(&history[..2])), ["a1a2+?"]);
        // Without a waiting first step, every entry since the last told.
        assert_eq!(
            said(&told(1, &[0]).to_tell(&history)),
            ["a1a2+?", "a1a2+a2=F", "time"]
        );
    }
}
