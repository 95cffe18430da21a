//! What the game's webhooks are told (docs/webhooks.md): after each change,
//! the public entries since the last notice, the result if the game just
//! ended, who is to act and the deadline, and the spectators' picture. The
//! notice is handed over without waiting ([`crate::webhooks::Webhooks::notify`]).

use super::{Actor, Role, SeenEntry};
use crate::webhooks::Notice;

/// What the webhooks were last told, and what the last look saw: the
/// public history's length told and seen (the entries between wait for a
/// step or a turn to close), where the waiting first step of a turn begins
/// (its entries are not told if the turn is completed), the game's
/// reports told ([`crate::table::LiveGame::reports`]), the deadline,
/// whether the game was finished, and who was publicly to act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Told {
    entries_told: usize,
    entries_seen: usize,
    first_step_from: Option<usize>,
    reports: usize,
    deadline: Option<i64>,
    finished: bool,
    to_act: Vec<usize>,
}

impl Told {
    /// Whether nothing the webhooks could be told of changed between two
    /// looks.
    fn same_as(&self, now: &Told) -> bool {
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

    /// Whether going from `self` to `now` only fills a simultaneous step
    /// that is still open: every new entry is a seat's ("P3: submitted a
    /// bid"), and the seats still to act are some of those that were, or
    /// are secret (Knight Control's item step, which follows the orders:
    /// nobody is publicly to act). Such entries wait and go out together
    /// when the step closes, with what it publishes, so that a table of
    /// eleven posts one message a step, not eleven.
    fn step_still_filling(&self, now: &Told, new: &[SeenEntry]) -> bool {
        let seats_only = !new.is_empty() && new.iter().all(|e| e.seat.is_some());
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
    fn to_tell<'h>(&self, history: &'h [SeenEntry]) -> Vec<&'h SeenEntry> {
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

impl Actor {
    pub(super) fn tell_webhooks(&mut self) {
        let history = self.history_for(None);
        let finished = self.finished();
        let deadline = if finished || self.paused() {
            None
        } else {
            self.session.game.deadline()
        };
        let seats = self.session.bots.len();
        let to_act = if finished {
            Vec::new()
        } else {
            self.session.game.actors_seen_by(seats, None)
        };
        let now = Told {
            entries_told: history.len(),
            entries_seen: history.len(),
            first_step_from: None,
            reports: self.session.game.reports(),
            deadline,
            finished,
            to_act,
        };
        // The first look (the actor's start) only notes where the game is:
        // a restart posts nothing twice.
        let Some(before) = self.told.take() else {
            self.told = Some(now);
            return;
        };
        if before.same_as(&now) {
            self.told = Some(before);
            return;
        }
        // While a step fills, or a seat is between the steps of its turn,
        // the entries stay to be told; the webhooks still learn who is left
        // to act, for a deadline reminder, in a notice with no lines (which
        // posts nothing).
        let fresh = &history[before.entries_seen.min(history.len())..];
        let mid_turn = !finished
            && self.session.game.mid_turn()
            && !fresh.is_empty()
            && fresh.iter().all(|e| e.seat.is_some());
        let holding = mid_turn || before.step_still_filling(&now, fresh);
        let new = if holding {
            self.told = Some(Told {
                entries_told: before.entries_told,
                first_step_from: before
                    .first_step_from
                    .or(mid_turn.then_some(before.entries_seen)),
                reports: before.reports,
                ..now.clone()
            });
            Vec::new()
        } else {
            self.told = Some(now.clone());
            before.to_tell(&history)
        };
        let name = |k: usize| self.session.game.seat_name(k);
        let mut lines = lines(&new, name);
        // Then what the game published (a Knight Control round's result),
        // after the submissions that closed its step.
        if !holding {
            lines.extend(self.session.game.report_lines(before.reports));
        }
        let ended = (finished && !before.finished).then(|| self.result_words());
        // A table's first message (nothing of its history told yet) says
        // what the table is, before its news.
        if before.entries_told == 0 && (!lines.is_empty() || ended.is_some()) {
            lines.insert(0, self.opening_line());
        }
        self.post(lines, ended, &now, history.len());
    }

    /// The result in the game's own words, as its picture says it ("White
    /// wins by checkmate"), not by seat numbers.
    fn result_words(&self) -> String {
        match self.session.game.outcome() {
            Some(outcome) => (self.session.game.scene(None).result())
                .map_or_else(|| outcome.to_string(), str::to_string),
            None => "the host ended the game".to_string(),
        }
    }

    /// What opens a new table's first message: the game, or whose rematch
    /// it is.
    fn opening_line(&self) -> String {
        match &self.config.rematch_of {
            Some(old) => format!("A rematch of table {old}: the same players again"),
            None => {
                let about = (crate::pages::ABOUT.iter())
                    .find(|(kind, _)| *kind == self.record.kind)
                    .map_or("", |(_, about)| about);
                format!("A new game: {about}")
                    .trim_end_matches([' ', ':'])
                    .to_string()
            }
        }
    }

    /// Hands the webhooks a notice ([`Actor::notice`]).
    fn post(&self, lines: Vec<String>, ended: Option<String>, now: &Told, ply: usize) {
        let notice = || self.notice(lines, ended, now, ply);
        self.webhooks.notify(&self.record.id, notice);
    }

    /// A notice of `lines` (and the result when the game just `ended`),
    /// with who is to act, the deadline and the spectators' picture as of
    /// `now`, after `ply` public entries.
    fn notice(&self, lines: Vec<String>, ended: Option<String>, now: &Told, ply: usize) -> Notice {
        let to_act = (now.to_act.iter())
            .map(|&k| self.session.game.seat_name(k))
            .collect();
        let game_name = crate::adapter::kind(&self.record.kind)
            .map(|k| k.name)
            .unwrap_or("Game");
        let svg = match self.picture(Role::Spectator, None) {
            Ok(p) => crate::pictures::svg(&p.title, &p.scene, &p.caption),
            Err(e) => {
                tracing::error!("game {}: webhook picture: {e}", self.record.id);
                String::new()
            }
        };
        Notice::new(
            format!("{game_name}, table {}", self.record.id),
            lines,
            ended,
            to_act,
            now.deadline,
            ply,
            svg,
        )
    }
}

/// The message's lines: one an entry, its seat named in the game's words
/// (`name`: "White: c1c3"; an entry without a seat says who it concerns
/// itself, and one that starts with its seat's name, as Tilechess's do, is
/// not given it twice), except that seats' entries in a row that say the
/// same thing are one line ("P1, P2 and P3: submitted a bid").
fn lines(entries: &[&SeenEntry], name: impl Fn(usize) -> String) -> Vec<String> {
    // Each line: the names of the seats it speaks for (none for an entry
    // without a seat or one that names its seat itself) and what it says.
    let mut grouped: Vec<(Vec<String>, String)> = Vec::new();
    for e in entries {
        let who = speaker(e, &name);
        // A move the server played on a seat's timeout names the seat as
        // the line does (the history's own label counts seats: "P2").
        let action = match e.seat {
            Some(k) => match e.action.strip_suffix(&super::views::timeout_label(k)) {
                Some(played) => format!("{played} (time: played for {})", named(e, k, &name)),
                None => e.action.clone(),
            },
            None => e.action.clone(),
        };
        match (who, grouped.last_mut()) {
            (Some(who), Some((seats, said))) if !seats.is_empty() && *said == action => {
                seats.push(who)
            }
            (who, _) => grouped.push((who.into_iter().collect(), action)),
        }
    }
    grouped
        .into_iter()
        .map(|(names, said)| match names.split_last() {
            None => said.to_string(),
            Some((last, [])) => format!("{last}: {said}"),
            Some((last, rest)) => format!("{} and {last}: {said}", rest.join(", ")),
        })
        .collect()
}

/// Who an entry is said by, in the game's words (`name`: the seats' names
/// now, unless the entry keeps the one it was made under), unless it names
/// its seat itself (a Tilechess entry starts with its colour) or is no
/// seat's.
pub(super) fn speaker(entry: &SeenEntry, name: impl Fn(usize) -> String) -> Option<String> {
    entry
        .seat
        .map(|k| named(entry, k, &name))
        .filter(|n| !entry.action.starts_with(&format!("{n}: ")))
}

/// Seat `k`'s name for its own `entry`: the one the entry was made under
/// where the seats' names changed since (a Progressive Chess match's first
/// game), else `name(k)`.
fn named(entry: &SeenEntry, k: usize, name: impl Fn(usize) -> String) -> String {
    entry.side.clone().unwrap_or_else(|| name(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seat: Option<usize>, action: &str) -> SeenEntry {
        SeenEntry {
            seq: 0,
            at_ms: 0,
            seat,
            action: action.into(),
            side: None,
        }
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
    fn seats_saying_the_same_in_a_row_are_one_line() {
        let name = |k: usize| ["White", "Black", "P3", "P4", "P5", "P6"][k].to_string();
        let entries = [
            entry(Some(0), "submitted a bid"),
            entry(Some(2), "submitted a bid"),
            entry(Some(1), "submitted a bid"),
            entry(None, "deadline"),
            entry(Some(3), "submitted a bid"),
            entry(Some(0), "c1c3"),
            entry(Some(1), "b3a2"),
            entry(Some(1), "Black: resigns"),
            entry(Some(0), "b1a2 (time: played for P1)"),
        ];
        let said = lines(&entries.iter().collect::<Vec<_>>(), name);
        assert_eq!(
            said,
            [
                "White, P3 and Black: submitted a bid",
                "deadline",
                "P4: submitted a bid",
                "White: c1c3",
                "Black: b3a2",
                "Black: resigns",
                "White: b1a2 (time: played for White)"
            ]
        );
        let voted = [entry(Some(4), "voted"), entry(Some(5), "voted")];
        assert_eq!(
            lines(&voted.iter().collect::<Vec<_>>(), name),
            ["P5 and P6: voted"]
        );
        assert!(lines(&[], name).is_empty());
    }

    /// A Progressive Chess match in its second game: player 0 plays Black
    /// now, but made the first game's last entries as White.
    #[test]
    fn an_entry_made_under_another_name_keeps_it() {
        let name = |k: usize| ["Black", "White"][k].to_string();
        let mut drawn = entry(Some(1), "d6d7");
        drawn.side = Some("Black".into());
        let mut timed_out = entry(Some(0), "d1d2 (time: played for P1)");
        timed_out.side = Some("White".into());
        let entries = [timed_out, drawn, entry(Some(1), "b1b2")];
        assert_eq!(
            lines(&entries.iter().collect::<Vec<_>>(), name),
            [
                "White: d1d2 (time: played for White)",
                "Black: d6d7",
                "White: b1b2"
            ]
        );
    }

    #[test]
    fn a_step_still_filling_waits_and_one_that_closes_or_moves_on_does_not() {
        let bid = [entry(Some(0), "submitted a bid")];
        let before = told(0, &[0, 1, 2]);
        // P1 is in; P2 and P3 are still awaited.
        assert!(before.step_still_filling(&told(1, &[1, 2]), &bid));
        // The step closed: a new one awaits everybody.
        assert!(!before.step_still_filling(&told(1, &[0, 1, 2]), &bid));
        // The game ended.
        let mut over = told(1, &[]);
        over.finished = true;
        assert!(!before.step_still_filling(&over, &bid));
        // The last orders are in and a step whose seats are secret follows:
        // the orders wait for the round's report.
        assert!(before.step_still_filling(&told(1, &[]), &bid));
        // The game published something: it is news.
        let mut published = told(1, &[1, 2]);
        published.reports = 1;
        assert!(!before.step_still_filling(&published, &bid));
        // An entry without a seat (a deadline, the host) is news.
        let deadline = [entry(Some(0), "submitted a bid"), entry(None, "deadline")];
        assert!(!before.step_still_filling(&told(2, &[1, 2]), &deadline));
        // A turn passed to another seat is news.
        let moved = [entry(Some(0), "c1c3")];
        assert!(!told(0, &[0]).step_still_filling(&told(1, &[1]), &moved));
        // A new deadline is news.
        let mut later = told(1, &[1, 2]);
        later.deadline = Some(2000);
        assert!(!before.step_still_filling(&later, &bid));
        // Nothing new is not a step filling.
        assert!(!before.step_still_filling(&told(0, &[1, 2]), &[]));
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
