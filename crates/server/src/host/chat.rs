//! What the game's webhooks are told (docs/webhooks.md): after each change,
//! the public entries since the last notice, the result if the game just
//! ended, who is to act and the deadline, and the spectators' picture. The
//! notice is handed over without waiting ([`crate::webhooks::Webhooks::notify`]).

use super::told::Told;
use super::{Actor, Role, SeenEntry};
use crate::webhooks::Notice;

impl Actor {
    /// Tells the webhooks what changed since the last look ([`Told`]).
    pub(super) fn tell_webhooks(&mut self) {
        let history = self.history_for(None);
        let now = Told::now(&self.session, history.len());
        // With no look before (an actor that did not replay the game's
        // looks), this one only notes where the game is: nothing is posted
        // twice.
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
        let seats_only = super::told::seats_only(fresh, |e| e.seat.is_some());
        let (next, holding) = before.next(now.clone(), seats_only, self.session.game.mid_turn());
        self.told = Some(next);
        let new = match holding {
            true => Vec::new(),
            false => before.to_tell(&history),
        };
        let finished = now.finished;
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
    use crate::host::SeenEntry;

    fn entry(seat: Option<usize>, action: &str) -> SeenEntry {
        SeenEntry::made(seat, action)
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
}
