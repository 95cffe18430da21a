//! Reading `go`: what the search is asked for, and how much time it takes
//! from a clock.

use std::time::Duration;

/// Time kept back from a clock for the protocol's own delays.
const CLOCK_MARGIN_MS: u64 = 30;

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub movetime: Option<u64>,
    /// Clock and increment per seat, in milliseconds (seat 1 first).
    pub time: [Option<u64>; 2],
    pub inc: [u64; 2],
    pub movestogo: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// `mate N`: look for a mate in N moves, that is to a depth of
    /// 2N − 1 plies (unless `depth` says otherwise).
    pub mate: Option<u64>,
    /// `searchmoves M…`: choose only among these (as written; the search
    /// keeps the legal ones).
    pub searchmoves: Vec<String>,
    pub infinite: bool,
    /// `ponder`: search on the opponent's time, with no limit of time,
    /// until `ponderhit` (then the limits count from that moment) or `stop`.
    pub ponder: bool,
}

/// The words `go` knows, so that `searchmoves` knows where its list ends.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "infinite",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "nodes",
    "depth",
    "mate",
];

impl Go {
    /// Reads the words after `go`. As engines do, a word it does not know
    /// or a number it cannot read is left out, with a warning for each, and
    /// the search runs on what was understood: a GUI waits for a
    /// `bestmove`, and a refused `go` would never send one. A clock read
    /// below zero (some GUIs send one once a side has overstepped) counts
    /// as zero.
    pub fn parse(words: &[&str]) -> (Go, Vec<String>) {
        let mut go = Go::default();
        let mut warnings = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            i += 1;
            match word {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    while i < words.len() && !GO_WORDS.contains(&words[i]) {
                        go.searchmoves.push(words[i].to_string());
                        i += 1;
                    }
                }
                "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo" | "nodes"
                | "depth" | "mate" => {
                    let Some(value) = words.get(i).filter(|w| !GO_WORDS.contains(w)) else {
                        warnings.push(format!("go {word} needs a number (ignored)"));
                        continue;
                    };
                    i += 1;
                    let Some(number) = whole_number(value) else {
                        warnings.push(format!("go {word} {value}: not a whole number (ignored)"));
                        continue;
                    };
                    let time = number.max(0) as u64;
                    match word {
                        "movetime" => go.movetime = Some(time),
                        "wtime" => go.time[0] = Some(time),
                        "btime" => go.time[1] = Some(time),
                        "winc" => go.inc[0] = time,
                        "binc" => go.inc[1] = time,
                        _ if number < 1 => warnings
                            .push(format!("go {word} {value}: must be at least 1 (ignored)")),
                        "movestogo" => go.movestogo = Some(time),
                        "nodes" => go.nodes = Some(time),
                        "depth" => go.depth = Some(time.min(64) as u32),
                        _ => go.mate = Some(time.min(32)),
                    }
                }
                other => warnings.push(format!("go: unknown word '{other}' (ignored)")),
            }
        }
        (go, warnings)
    }

    /// The depth to search to: `depth`, else a mate in N's 2N − 1 plies,
    /// else as deep as the search goes.
    pub fn depth_limit(&self) -> u32 {
        match (self.depth, self.mate) {
            (Some(depth), _) => depth,
            (None, Some(moves)) => (2 * moves - 1) as u32,
            (None, None) => 64,
        }
    }

    /// The time to think for the seat with `index` (0 or 1): `movetime`, or
    /// a share of the clock (a 25th, or the clock over the moves to go,
    /// plus most of the increment), never more than a third of what is
    /// left; `None` means no time limit.
    pub fn think_time(&self, index: usize) -> Option<Duration> {
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms.max(1)));
        }
        let left = self.time[index]?;
        let usable = left.saturating_sub(CLOCK_MARGIN_MS).max(1);
        // Saturating: a GUI may send any number, however large.
        let share = (usable / self.movestogo.unwrap_or(25).min(25))
            .saturating_add(self.inc[index].saturating_mul(3) / 4);
        Some(Duration::from_millis(share.min(usable / 3).max(1)))
    }
}

/// A whole number, saturated at the bounds of `i64` when it is longer
/// (a number of milliseconds or nodes that large means no limit in
/// practice); `None` when the text is not a whole number.
fn whole_number(text: &str) -> Option<i64> {
    use std::num::IntErrorKind;
    match text.parse::<i64>() {
        Ok(number) => Some(number),
        Err(e) => match e.kind() {
            IntErrorKind::PosOverflow => Some(i64::MAX),
            IntErrorKind::NegOverflow => Some(i64::MIN),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_what_it_knows_and_reports_the_rest() {
        let (go, warnings) =
            Go::parse(&["wtime", "-40", "btime", "900", "searchmoves", "a1", "b2"]);
        assert_eq!(go.time, [Some(0), Some(900)]);
        assert_eq!(go.searchmoves, ["a1", "b2"]);
        assert!(warnings.is_empty(), "{warnings:?}");
        let (go, _) = Go::parse(&["searchmoves", "a1", "depth", "3", "infinite"]);
        assert_eq!(
            (go.searchmoves.len(), go.depth, go.infinite),
            (1, Some(3), true)
        );
        let (go, warnings) = Go::parse(&["mate", "3"]);
        assert_eq!((go.depth_limit(), warnings.len()), (5, 0));
        let (go, _) = Go::parse(&["mate", "3", "depth", "2"]);
        assert_eq!(go.depth_limit(), 2);
        assert_eq!(Go::parse(&[]).0.depth_limit(), 64);
        let (go, warnings) = Go::parse(&["depth", "nodes", "5", "fly", "nodes", "0"]);
        assert_eq!((go.depth, go.nodes), (None, Some(5)));
        assert_eq!(
            warnings,
            [
                "go depth needs a number (ignored)",
                "go: unknown word 'fly' (ignored)",
                "go nodes 0: must be at least 1 (ignored)",
            ]
        );
        let (go, _) = Go::parse(&["depth", "1000", "mate", "1000"]);
        assert_eq!((go.depth, go.mate), (Some(64), Some(32)));
        // Numbers past i64 saturate, and the clock's arithmetic with them
        // does too (a huge increment once overflowed it).
        let huge = "99999999999999999999999";
        let (go, warnings) = Go::parse(&[
            "depth",
            huge,
            "nodes",
            huge,
            "wtime",
            huge,
            "btime",
            "-1e3",
            "winc",
            huge,
            "binc",
            "-99999999999999999999999",
        ]);
        assert_eq!(
            warnings,
            ["go btime -1e3: not a whole number (ignored)"],
            "{warnings:?}"
        );
        assert_eq!(
            (go.depth, go.nodes, go.time, go.inc),
            (
                Some(64),
                Some(i64::MAX as u64),
                [Some(i64::MAX as u64), None],
                [i64::MAX as u64, 0]
            )
        );
        let think = go.think_time(0).unwrap();
        assert!(
            think >= Duration::from_millis(i64::MAX as u64 / 3 / 2),
            "{think:?}"
        );
        let (go, _) = Go::parse(&["wtime", "1000", "winc", &u64::MAX.to_string()]);
        assert_eq!(
            go.think_time(0),
            Some(Duration::from_millis((1000 - CLOCK_MARGIN_MS) / 3))
        );
        // Pondering is its own mode, not an infinite search: after
        // `ponderhit` the clock it was given counts.
        let (go, _) = Go::parse(&["ponder", "wtime", "900", "btime", "800"]);
        assert_eq!(
            (go.ponder, go.infinite, go.time[1]),
            (true, false, Some(800))
        );
    }
}
