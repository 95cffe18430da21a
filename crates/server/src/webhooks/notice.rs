//! What one message says: the notice a game's actor hands over after a
//! change (all of it public), several notices gathered into one, and the
//! message's text within the chat services' limits.

use std::sync::Arc;
use tokio::sync::OnceCell;

/// The most lines of news one message lists: an eleven-player Knight
/// Control round is its "submitted" line, a heading, a line per player and
/// one per collision, some sixteen to twenty.
const MAX_LINES: usize = 24;
/// The most characters of text one message carries, all lines together:
/// within Discord's 2,000 for a message's content with the link and a
/// note of dropped updates (some 200 more), and Slack's 3,000 for a
/// section with the title and its escapes.
const MAX_TEXT: usize = 1_750;
/// The most characters one line keeps.
const MAX_LINE: usize = 300;

/// What a game's actor hands over after a change; all of it public.
pub struct Notice {
    /// "Knight Moves, table ab12".
    pub title: String,
    /// The public history entries since the last notice, as text.
    pub lines: Vec<String>,
    /// The result, when this change ended the game.
    pub ended: Option<String>,
    /// Who is to act now (public), in the game's words ("Black", "P3").
    pub to_act: Vec<String>,
    /// The current deadline (unix ms), if any.
    pub deadline_ms: Option<i64>,
    /// The public history's length: the picture's `?ply=`.
    pub ply: usize,
    /// The spectators' board picture as SVG.
    pub svg: String,
    /// The PNG, rendered once by the first webhook that needs it.
    png: OnceCell<Arc<Vec<u8>>>,
}

impl Notice {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        title: String,
        lines: Vec<String>,
        ended: Option<String>,
        to_act: Vec<String>,
        deadline_ms: Option<i64>,
        ply: usize,
        svg: String,
    ) -> Notice {
        Notice {
            title,
            lines,
            ended,
            to_act,
            deadline_ms,
            ply,
            svg,
            png: OnceCell::new(),
        }
    }

    /// Several notices as one, in order: every line, the result if one
    /// ended the game, and the rest (who is to act, the deadline, the
    /// picture) as the last says.
    pub(super) fn merged(notices: Vec<Arc<Notice>>) -> Arc<Notice> {
        if notices.len() == 1 {
            return notices.into_iter().next().unwrap();
        }
        let last = notices.last().unwrap();
        Arc::new(Notice::new(
            last.title.clone(),
            notices
                .iter()
                .flat_map(|n| n.lines.iter().cloned())
                .collect(),
            notices.iter().rev().find_map(|n| n.ended.clone()),
            last.to_act.clone(),
            last.deadline_ms,
            last.ply,
            last.svg.clone(),
        ))
    }

    /// Whether `next`'s lines fit in one message with those of `notices`,
    /// every line whole ([`Notice::turn_text`]'s bounds, with room for the
    /// closing line): gathering notices never leaves a line out.
    pub(super) fn fits_with(notices: &[Arc<Notice>], next: &Notice) -> bool {
        let all = || notices.iter().map(|n| &**n).chain([next]);
        let lines: usize = all().map(|n| n.lines.len()).sum();
        let chars: usize = all()
            .flat_map(|n| &n.lines)
            .map(|l| l.chars().count().min(MAX_LINE) + 1)
            .sum();
        // Room for the longest closing line and the "… and N more" line.
        lines <= MAX_LINES && chars <= MAX_TEXT - MAX_LINE - 32
    }

    /// Whether this notice is worth a message (else it only moves the
    /// deadline reminder).
    pub(super) fn says_something(&self) -> bool {
        !self.lines.is_empty() || self.ended.is_some()
    }

    pub(super) async fn png(&self) -> Arc<Vec<u8>> {
        self.png
            .get_or_init(|| async {
                let png = crate::pictures::png_off_thread(self.svg.clone()).await;
                Arc::new(png.unwrap_or_else(|e| {
                    tracing::error!("webhook picture: {e}");
                    Vec::new()
                }))
            })
            .await
            .clone()
    }

    /// The message text: what happened and who is next.
    /// At most [`MAX_LINES`] lines and [`MAX_TEXT`] characters of news
    /// (a longer line is cut), then how many lines more were left out.
    pub(super) fn turn_text(&self) -> String {
        let closing = match &self.ended {
            Some(result) => Some(format!("Game over: {result}")),
            None if !self.to_act.is_empty() => Some(format!("To act: {}", self.to_act.join(", "))),
            None => None,
        };
        let closing = closing.map(|c| cut(&c, MAX_LINE));
        // Room for the closing line and the "… and N more" line.
        let budget = MAX_TEXT - closing.as_ref().map_or(0, |c| c.chars().count() + 1) - 24;
        let mut text: Vec<String> = Vec::new();
        let mut used = 0;
        for (k, line) in self.lines.iter().enumerate() {
            let line = cut(line, MAX_LINE);
            used += line.chars().count() + 1;
            if k == MAX_LINES || used > budget {
                text.push(format!("… and {} more", self.lines.len() - k));
                break;
            }
            text.push(line);
        }
        text.extend(closing);
        text.join("\n")
    }
}

/// `line`, or its first `most - 1` characters and an ellipsis.
fn cut(line: &str, most: usize) -> String {
    if line.chars().count() <= most {
        return line.to_string();
    }
    let mut kept: String = line.chars().take(most - 1).collect();
    kept.push('…');
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(lines: Vec<String>) -> Notice {
        let to_act = vec!["P1".to_string(), "P2".to_string()];
        Notice::new("t".into(), lines, None, to_act, None, 0, String::new())
    }

    /// Notices gathered into one message never lose a line: one that
    /// would not fit whole waits for the next message.
    #[test]
    fn gathered_notices_fit_whole() {
        let of = |n: usize, len: usize| {
            Arc::new(notice(
                (0..n).map(|k| format!("{k}{}", "x".repeat(len))).collect(),
            ))
        };
        assert!(Notice::fits_with(&[of(10, 5)], &of(14, 5)));
        assert!(!Notice::fits_with(&[of(10, 5)], &of(15, 5)));
        assert!(!Notice::fits_with(&[of(3, 299)], &of(2, 299)));
        for (notices, next) in [(vec![of(10, 5)], of(14, 5)), (vec![of(2, 299)], of(1, 299))] {
            assert!(Notice::fits_with(&notices, &next));
            let mut all = notices.clone();
            all.push(next);
            let text = Notice::merged(all).turn_text();
            assert!(!text.contains("more"), "{text}");
        }
    }

    #[test]
    fn a_message_keeps_within_its_lines_and_characters() {
        let short = |n: usize| (1..=n).map(|k| format!("line {k}")).collect::<Vec<_>>();
        assert_eq!(
            notice(short(2)).turn_text(),
            "line 1\nline 2\nTo act: P1, P2"
        );
        let text = notice(short(30)).turn_text();
        assert!(
            text.ends_with("line 24\n… and 6 more\nTo act: P1, P2"),
            "{text}"
        );
        // Long lines: each cut, and no more of them than fit.
        let long = vec!["é".repeat(1000); 8];
        let text = notice(long).turn_text();
        let lines: Vec<&str> = text.lines().collect();
        assert!(text.chars().count() <= MAX_TEXT, "{}", text.chars().count());
        assert_eq!(lines[0].chars().count(), MAX_LINE);
        assert!(lines[0].ends_with('…'));
        // 1,750 characters less the closing line's and 24 for the last:
        // five cut lines of 300 and their line ends fit, a sixth does not.
        assert_eq!(lines[5], "… and 3 more");
        assert_eq!(lines[6], "To act: P1, P2");
        assert_eq!(notice(vec![]).turn_text(), "To act: P1, P2");
    }

    /// The longest text, with the note of dropped updates and the table's
    /// link, is within Discord's 2,000 characters of content.
    #[test]
    fn the_longest_message_fits_discords_content() {
        let mut longest = notice(vec!["é".repeat(1000); 30]);
        longest.to_act = (1..=11).map(|k| format!("P{k}")).collect();
        let text = format!(
            "({} earlier updates were not posted: this webhook fell behind)\n{}",
            u64::MAX,
            longest.turn_text()
        );
        let base = Some("https://arbiter.example.org/a/rather/long/path");
        let message = super::super::Message::about(base, "ab12cd34ef56", "t".into(), text, 999);
        let (_, body) = super::super::payload::body(super::super::Style::Discord, &message, b"");
        let body = String::from_utf8(body).unwrap();
        let json = body
            .split("\r\n\r\n")
            .nth(1)
            .unwrap()
            .split("\r\n")
            .next()
            .unwrap();
        let payload: serde_json::Value = serde_json::from_str(json).unwrap();
        let content = payload["content"].as_str().unwrap().chars().count();
        assert!(content <= 2_000, "{content}");
    }
}
