//! The text format of a record (docs/records.md#text): PGN-like tag pairs,
//! a blank line, then one entry per line.

use super::{is_digest, Entry, Record, Scope, Sealed};
use crate::host::{Event, GameConfig};
use arbiter_core::{Outcome, Seed, SeedCommitment};
use serde_json::Value;
use std::fmt::Write;

impl Record {
    /// The text record: tag pairs, a blank line, then one entry per line
    /// (docs/records.md#text).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let json = |v: &dyn erased::Json| v.json();
        let seats: Vec<String> = self
            .config
            .bots
            .iter()
            .enumerate()
            .map(|(k, bot)| match bot {
                Some(level) => format!("seat {} bot {level}", k + 1),
                None => format!("seat {} person", k + 1),
            })
            .collect();
        let tags: [(&str, String); 16] = [
            ("Event", format!("{} game {}", self.variant, self.id)),
            ("Site", "Arbiter".into()),
            ("Date", date(self.created_ms)),
            ("Variant", self.variant.clone()),
            ("Ruleset", self.config.options.to_string()),
            ("Seats", seats.join("; ")),
            ("Result", self.result_tag()),
            ("Commitment", self.commitment.to_string()),
            (
                "Seed",
                self.seed.map_or_else(|| "?".into(), |s| s.to_string()),
            ),
            ("Format", self.format.clone()),
            ("Game", self.game.clone()),
            ("Id", self.id.clone()),
            ("Created", self.created_ms.to_string()),
            ("Viewer", self.viewer.words()),
            ("Status", self.status.clone()),
            ("Config", json(&self.config)),
        ];
        for (tag, value) in tags {
            let _ = writeln!(out, "[{tag} \"{}\"]", escape(&value));
        }
        let outcome = self
            .outcome
            .as_ref()
            .map_or_else(|| "null".into(), |o| json(o));
        let _ = writeln!(out, "[Outcome \"{}\"]", escape(&outcome));
        let _ = writeln!(out, "[Start \"{}\"]", self.start);
        out.push('\n');
        for (i, entry) in self.entries.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}. {} {} {}{}",
                i + 1,
                elapsed(entry.at_ms - self.created_ms),
                entry.digest.as_deref().unwrap_or("-"),
                entry_words(entry),
                clock_words(entry.clocks.as_deref())
            );
        }
        if let Some(outcome) = &self.outcome {
            let _ = writeln!(out, "{} {{{outcome}}}", self.result_tag());
        } else {
            out.push_str("*\n");
        }
        out
    }

    /// Entry `n` (1-based) as the text record's line, without its digest:
    /// `12. +3.412s seat 2: b8c6`.
    pub fn entry_line(&self, n: usize) -> String {
        let entry = &self.entries[n - 1];
        format!(
            "{n}. {} {}",
            elapsed(entry.at_ms - self.created_ms),
            entry_words(entry)
        )
    }

    /// Reads [`Record::to_text`] back.
    pub fn from_text(text: &str) -> Result<Record, String> {
        let mut tags = std::collections::HashMap::new();
        let mut lines = text.lines().enumerate().peekable();
        while let Some((n, line)) = lines.peek().copied() {
            let line = line.trim();
            if line.is_empty() {
                lines.next();
                if !tags.is_empty() {
                    break;
                }
                continue;
            }
            let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
                break;
            };
            let (tag, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("line {}: a tag pair is [Tag \"value\"]", n + 1))?;
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| format!("line {}: the value of {tag} is not quoted", n + 1))?;
            tags.insert(tag.to_string(), unescape(value));
            lines.next();
        }
        let tag = |name: &str| {
            tags.get(name)
                .cloned()
                .ok_or_else(|| format!("the record has no [{name} …] tag"))
        };
        let config: GameConfig =
            serde_json::from_str(&tag("Config")?).map_err(|e| format!("[Config]: {e}"))?;
        let created_ms: i64 = tag("Created")?
            .parse()
            .map_err(|_| "[Created] is not a whole number of ms".to_string())?;
        let seed = match tag("Seed")?.as_str() {
            "?" => None,
            text => Some(text.parse::<Seed>().map_err(|e| format!("[Seed]: {e}"))?),
        };
        let commitment: SeedCommitment = serde_json::from_value(Value::String(tag("Commitment")?))
            .map_err(|e| format!("[Commitment]: {e}"))?;
        let outcome: Option<Outcome> =
            serde_json::from_str(&tag("Outcome")?).map_err(|e| format!("[Outcome]: {e}"))?;
        let mut entries = Vec::new();
        for (n, line) in lines {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            // Entries are numbered; the closing result line is not.
            let numbered = line
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if !numbered {
                break;
            }
            let entry = parse_entry(line, created_ms, entries.len() + 1)
                .map_err(|e| format!("line {}: {e}", n + 1))?;
            entries.push(entry);
        }
        Ok(Record {
            format: tag("Format")?,
            game: tag("Game")?,
            variant: tag("Variant")?,
            id: tag("Id")?,
            created_ms,
            config,
            viewer: Scope::from_words(&tag("Viewer")?)?,
            commitment,
            seed,
            status: tag("Status")?,
            outcome,
            start: tag("Start")?,
            entries,
        })
    }
}

/// Values as compact JSON, for tag pairs.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).expect("serialises")
        }
    }
}

/// A tag value with `\` and `"` escaped, as PGN does.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Time since the table was created: `+12.345s`.
fn elapsed(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "+" };
    let ms = ms.unsigned_abs();
    format!("{sign}{}.{:03}s", ms / 1000, ms % 1000)
}

fn parse_elapsed(text: &str) -> Result<i64, String> {
    let bad = || format!("'{text}' is not a time like +12.345s");
    let (sign, rest) = match text.as_bytes().first() {
        Some(b'+') => (1, &text[1..]),
        Some(b'-') => (-1, &text[1..]),
        _ => return Err(bad()),
    };
    let rest = rest.strip_suffix('s').ok_or_else(bad)?;
    let (secs, ms) = rest.split_once('.').ok_or_else(bad)?;
    if ms.len() != 3 {
        return Err(bad());
    }
    let secs: i64 = secs.parse().map_err(|_| bad())?;
    let ms: i64 = ms.parse().map_err(|_| bad())?;
    // Checked: the text is someone's file, and any number of digits fits
    // the pattern.
    secs.checked_mul(1000)
        .and_then(|t| t.checked_add(ms))
        .map(|t| sign * t)
        .ok_or_else(|| format!("'{text}' is too long a time"))
}

/// The clock times after an entry, as the text record writes them after
/// its words: ` {clock 4:32.100 5:00.000}`, each seat's reserve in seat
/// order (minutes, seconds and ms); nothing without clocks.
fn clock_words(clocks: Option<&[i64]>) -> String {
    let Some(clocks) = clocks else {
        return String::new();
    };
    let times: Vec<String> = clocks
        .iter()
        .map(|&ms| {
            let sign = if ms < 0 { "-" } else { "" };
            let ms = ms.unsigned_abs();
            format!(
                "{sign}{}:{:02}.{:03}",
                ms / 60_000,
                ms / 1000 % 60,
                ms % 1000
            )
        })
        .collect();
    format!(" {{clock {}}}", times.join(" "))
}

/// Reads [`clock_words`] off the end of an entry's words.
fn parse_clock_words(words: &str) -> Result<(&str, Option<Vec<i64>>), String> {
    let Some((rest, clocks)) = words.rsplit_once(" {clock ") else {
        return Ok((words, None));
    };
    let bad = |t: &str| format!("'{t}' is not a clock time like 4:32.100");
    let clocks = clocks
        .strip_suffix('}')
        .ok_or_else(|| format!("'{{clock {clocks}' has no closing brace"))?;
    let times = clocks
        .split(' ')
        .map(|t| {
            let (negative, body) = match t.strip_prefix('-') {
                Some(body) => (true, body),
                None => (false, t),
            };
            let (minutes, secs) = body.split_once(':').ok_or_else(|| bad(t))?;
            let (secs, ms) = secs.split_once('.').ok_or_else(|| bad(t))?;
            if secs.len() != 2 || ms.len() != 3 {
                return Err(bad(t));
            }
            let number = |n: &str| n.parse::<i64>().map_err(|_| bad(t));
            let (minutes, secs, ms) = (number(minutes)?, number(secs)?, number(ms)?);
            if secs >= 60 || minutes < 0 || secs < 0 || ms < 0 {
                return Err(bad(t));
            }
            let total = minutes
                .checked_mul(60_000)
                .and_then(|t| t.checked_add(secs * 1000 + ms))
                .ok_or_else(|| format!("'{t}' is too long a time"))?;
            Ok(if negative { -total } else { total })
        })
        .collect::<Result<Vec<i64>, String>>()?;
    Ok((rest, Some(times)))
}

/// The words of one entry in the text record.
fn entry_words(entry: &Entry) -> String {
    if let Some(sealed) = &entry.sealed {
        return format!("seat {} sealed: {}", sealed.seat + 1, sealed.said);
    }
    let seat = |k: &usize| k + 1;
    match &entry.event {
        Some(Event::Act {
            seat: k,
            action,
            timeout: false,
        }) => format!("seat {}: {action}", seat(k)),
        // The level-1 bot played for a seat whose turn's deadline passed.
        Some(Event::Act {
            seat: k,
            action,
            timeout: true,
        }) => format!("seat {} timeout: {action}", seat(k)),
        Some(Event::Claim { seat: k }) => format!("seat {} claims", seat(k)),
        Some(Event::Time { unanswered }) if unanswered.is_empty() => "deadline".into(),
        Some(Event::Time { unanswered }) => {
            let seats: Vec<String> = unanswered.iter().map(|k| seat(k).to_string()).collect();
            format!("deadline, no answer from seat {}", seats.join(", "))
        }
        Some(Event::Pause) => "host: pause".into(),
        Some(Event::Resume) => "host: resume".into(),
        Some(Event::Extend { ms }) => format!("host: extend {ms} ms"),
        Some(Event::Bot { seat: k, level }) => format!("host: bot {level} plays seat {}", seat(k)),
        Some(Event::Human { seat: k }) => format!("host: a person plays seat {}", seat(k)),
        Some(Event::End) => "host: end".into(),
        Some(Event::Host { action }) => format!("host action: {action}"),
        // Between players (resign, draw, chat, mute, rematch): the event's
        // own JSON, which reads back exactly.
        Some(event) => format!(
            "table: {}",
            serde_json::to_string(event).unwrap_or_default()
        ),
        None => "?".into(),
    }
}

fn parse_seat(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
        .ok_or_else(|| format!("'{text}' is not a seat number (1, 2, …)"))
}

/// Reads one entry line: `N. +T.TTTs DIGEST WORDS`.
fn parse_entry(line: &str, created_ms: i64, expected: usize) -> Result<Entry, String> {
    let mut parts = line.splitn(4, ' ');
    let number = parts.next().unwrap_or("");
    if number != format!("{expected}.") {
        return Err(format!("expected entry '{expected}.', found '{number}'"));
    }
    let elapsed = parts.next().unwrap_or("");
    let at_ms = created_ms
        .checked_add(parse_elapsed(elapsed)?)
        .ok_or_else(|| format!("'{elapsed}' after the creation time is past any time"))?;
    let digest = match parts.next() {
        Some("-") => None,
        Some(d) if is_digest(d) => Some(d.into()),
        other => {
            return Err(format!(
                "'{}' is neither a digest (16 hex digits) nor '-'",
                other.unwrap_or("")
            ))
        }
    };
    let (words, clocks) = parse_clock_words(parts.next().unwrap_or("").trim())?;
    let mut entry = Entry {
        at_ms,
        event: None,
        sealed: None,
        digest,
        clocks,
    };
    let unknown = || format!("'{words}' is no entry this format knows");
    if let Some(rest) = words.strip_prefix("seat ") {
        let (number, rest) = rest.split_once([' ', ':']).ok_or_else(unknown)?;
        let seat = parse_seat(number)?;
        if let Some(said) = rest.strip_prefix("sealed: ") {
            entry.sealed = Some(Sealed {
                seat,
                said: said.into(),
            });
        } else if let Some(action) = rest.strip_prefix("timeout: ") {
            entry.event = Some(Event::Act {
                seat,
                action: action.into(),
                timeout: true,
            });
        } else if rest == "claims" {
            entry.event = Some(Event::Claim { seat });
        } else if let Some(action) = rest.strip_prefix(' ') {
            entry.event = Some(Event::Act {
                seat,
                action: action.into(),
                timeout: false,
            });
        } else {
            return Err(unknown());
        }
        return Ok(entry);
    }
    entry.event = Some(match words {
        "deadline" => Event::Time {
            unanswered: Vec::new(),
        },
        "host: pause" => Event::Pause,
        "host: resume" => Event::Resume,
        "host: end" => Event::End,
        _ => {
            if let Some(seats) = words.strip_prefix("deadline, no answer from seat ") {
                Event::Time {
                    unanswered: seats
                        .split(", ")
                        .map(parse_seat)
                        .collect::<Result<_, _>>()?,
                }
            } else if let Some(ms) = words
                .strip_prefix("host: extend ")
                .and_then(|r| r.strip_suffix(" ms"))
            {
                Event::Extend {
                    ms: ms.parse().map_err(|_| unknown())?,
                }
            } else if let Some(rest) = words.strip_prefix("host: bot ") {
                let (level, seat) = rest.split_once(" plays seat ").ok_or_else(unknown)?;
                Event::Bot {
                    seat: parse_seat(seat)?,
                    level: level.parse().map_err(|_| unknown())?,
                }
            } else if let Some(seat) = words.strip_prefix("host: a person plays seat ") {
                Event::Human {
                    seat: parse_seat(seat)?,
                }
            } else if let Some(action) = words.strip_prefix("host action: ") {
                Event::Host {
                    action: action.into(),
                }
            } else if let Some(json) = words.strip_prefix("table: ") {
                serde_json::from_str(json).map_err(|e| format!("'{words}': {e}"))?
            } else {
                return Err(unknown());
            }
        }
    });
    Ok(entry)
}

/// The UTC date of a unix ms time as PGN writes it: `2026.12.01`.
fn date(ms: i64) -> String {
    // Days to civil date (Howard Hinnant's algorithm).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_civil_dates() {
        // 2026-12-01T11:54:54Z was worked out by hand from 20_788 days.
        for (ms, day) in [
            (0, "1970.01.01"),
            (1_796_126_094_000, "2026.12.01"),
            (951_782_400_000, "2000.02.29"),
        ] {
            assert_eq!(date(ms), day, "{ms}");
        }
    }

    #[test]
    fn elapsed_times_read_back() {
        for ms in [0, 1, 999, 1000, 12_345, -5] {
            assert_eq!(parse_elapsed(&elapsed(ms)).unwrap(), ms, "{ms}");
        }
        assert!(parse_elapsed("12.3s").is_err());
        assert!(parse_elapsed("+12.3s").is_err());
        // The largest time that fits, and one past it: a refusal, not an
        // overflow (which once panicked).
        assert_eq!(parse_elapsed("+9223372036854775.807s").unwrap(), i64::MAX);
        for long in ["+9223372036854775.808s", "-92233720368547758.000s"] {
            let e = parse_elapsed(long).unwrap_err();
            assert!(e.contains("too long a time"), "{long}: {e}");
        }
        let line = "1. +9223372036854775.000s - seat 1: b1c2";
        let e = parse_entry(line, 1_796_388_214_592, 1).unwrap_err();
        assert!(e.contains("past any time"), "{e}");
    }

    #[test]
    fn every_entry_shape_reads_back() {
        let events = [
            Event::Act {
                seat: 1,
                action: "orders move A3 b14; spawn A3 1x2".into(),
                timeout: false,
            },
            Event::Act {
                seat: 0,
                action: "c1c3".into(),
                timeout: true,
            },
            Event::Claim { seat: 0 },
            Event::Time {
                unanswered: Vec::new(),
            },
            Event::Time {
                unanswered: vec![1, 4],
            },
            Event::Pause,
            Event::Resume,
            Event::Extend { ms: 60_000 },
            Event::Bot { seat: 2, level: 3 },
            Event::Human { seat: 2 },
            Event::End,
            Event::Host {
                action: "communal P1 P2".into(),
            },
        ];
        for event in events {
            let entry = Entry {
                at_ms: 1_500,
                event: Some(event),
                sealed: None,
                digest: Some("0123456789abcdef".into()),
                clocks: None,
            };
            let line = format!(
                "3. {} 0123456789abcdef {}",
                elapsed(500),
                entry_words(&entry)
            );
            assert_eq!(parse_entry(&line, 1_000, 3).unwrap(), entry, "{line}");
        }
        let sealed = Entry {
            at_ms: 1_000,
            event: None,
            sealed: Some(Sealed {
                seat: 0,
                said: "submitted a bid".into(),
            }),
            digest: None,
            clocks: None,
        };
        let line = format!("1. +0.000s - {}", entry_words(&sealed));
        assert_eq!(parse_entry(&line, 1_000, 1).unwrap(), sealed);
        assert!(parse_entry("2. +0.000s - seat 1: c1c3", 0, 1).is_err());
        assert!(parse_entry("1. +0.000s xyz seat 1: c1c3", 0, 1).is_err());
        assert!(parse_entry("1. +0.000s - dance", 0, 1).is_err());
    }

    #[test]
    fn clock_times_read_back() {
        for clocks in [
            vec![300_000, 272_100],
            vec![0, 59_999],
            vec![-1_500, 3_600_000],
        ] {
            let words = format!("seat 1: e2e4{}", clock_words(Some(&clocks)));
            assert_eq!(
                parse_clock_words(&words).unwrap(),
                ("seat 1: e2e4", Some(clocks))
            );
        }
        // By hand: 4 min 32.1 s and 5 min.
        assert_eq!(
            clock_words(Some(&[272_100, 300_000])),
            " {clock 4:32.100 5:00.000}"
        );
        assert_eq!(clock_words(None), "");
        assert_eq!(
            parse_clock_words("seat 1: e2e4").unwrap(),
            ("seat 1: e2e4", None)
        );
        for bad in [
            "x {clock 4:32.1}",
            "x {clock 4:61.000}",
            "x {clock 4:32.100",
            // Minutes past i64's milliseconds: refused, not an overflow.
            "x {clock 153722867280912931:00.000}",
        ] {
            assert!(parse_clock_words(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tag_values_escape_quotes_and_backslashes() {
        let value = r#"{"position":"a\"b\\c"}"#;
        assert_eq!(unescape(&escape(value)), value);
    }
}

#[cfg(test)]
mod digests {
    use super::Record;

    /// A spectator's record of a Knight Court bot game, as JSON.
    fn court_record() -> String {
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fuzzing/tests/data/knight-court.json"
        ))
        .unwrap()
    }

    /// Found by the fuzz target `game_records` (docs/fuzzing.md): a JSON
    /// record took a digest that the text format refuses, so the record
    /// was read but its text could not be.
    /// Both formats refuse a time the server's clock cannot show, when the
    /// record is read; before, a JSON record with an entry at `i64::MIN`
    /// read, and writing it as text overflowed.
    #[test]
    fn both_formats_refuse_times_the_clock_cannot_show() {
        let json = court_record();
        let good = Record::parse(&json).unwrap();
        for (created, at, said) in [
            (good.created_ms, i64::MIN, "entry 1: its time"),
            (good.created_ms, -1, "entry 1: its time"),
            (good.created_ms, 253_402_300_800_000, "entry 1: its time"),
            (i64::MAX, good.entries[0].at_ms, "creation time"),
            (-1, good.entries[0].at_ms, "creation time"),
        ] {
            let mut bad = good.clone();
            bad.created_ms = created;
            bad.entries[0].at_ms = at;
            let e = Record::parse(&bad.to_json()).unwrap_err();
            assert!(e.contains(said) && e.contains("not a time"), "{e}");
        }
        let text = good.to_text();
        let first = text.lines().find(|l| l.starts_with("1. +")).unwrap();
        let elapsed = first.split(' ').nth(1).unwrap();
        let far = text.replacen(elapsed, "+253402300799.999s", 1);
        let e = Record::parse(&far).unwrap_err();
        assert!(e.contains("entry 1: its time"), "{e}");
    }

    /// A JSON entry holds an event or a sealed action: one with neither
    /// read, and the text it wrote ("?") could not be read back (found by
    /// the fuzzer).
    #[test]
    fn a_json_entry_holds_an_event_or_a_sealed_action() {
        let json = court_record();
        let good = Record::parse(&json).unwrap();
        let mut neither = good.clone();
        neither.entries[1].event = None;
        let e = Record::parse(&neither.to_json()).unwrap_err();
        assert!(e.contains("entry 2: it holds neither"), "{e}");
        let mut both = good.clone();
        both.entries[0].sealed = Some(crate::records::Sealed {
            seat: 0,
            said: "moved".into(),
        });
        let e = Record::parse(&both.to_json()).unwrap_err();
        assert!(e.contains("entry 1: it holds both"), "{e}");
    }

    #[test]
    fn both_formats_refuse_a_digest_that_is_not_16_hex_digits() {
        let json = court_record();
        let good = Record::parse(&json).unwrap();
        let digest = good.entries[0].digest.clone().unwrap();
        assert!(Record::parse(&good.to_text()).is_ok());
        for bad in [
            "b7edbe3ce4df4cd",
            "-",
            "0123456789abcdeg",
            "0123456789abcdef0",
        ] {
            let json = json.replacen(&digest, bad, 1);
            let e = Record::parse(&json).unwrap_err();
            assert!(
                e.contains("entry 1") && e.contains("16 hex digits"),
                "{bad}: {e}"
            );
            if bad == "-" {
                // The text format's way of writing "no digest".
                continue;
            }
            let text = good.to_text().replacen(&digest, bad, 1);
            let e = Record::parse(&text).unwrap_err();
            assert!(e.contains("16 hex digits"), "{bad}: {e}");
        }
    }
}
