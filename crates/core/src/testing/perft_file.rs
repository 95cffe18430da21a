//! Perft data files, one format for every game (shakmaty's perft files are
//! the model), and the harness that checks a game against them.
//!
//! A file is a list of cases. Each starts with an `id` line and has one
//! `position` line, an optional `moves` line (played first, so a case can
//! carry history for repetition rules), and `perft DEPTH COUNT` lines.
//! Blank lines and lines starting with `#` are ignored.
//!
//! ```text
//! # The start position.
//! id start
//! position nbr/3/NBR[] w
//! perft 1 4
//! perft 2 16
//! ```

use crate::{Game, Perft, Phase, TextPosition};

/// One case of a perft file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    pub id: String,
    pub position: String,
    /// Moves played from the position before counting, in notation.
    pub moves: Vec<String>,
    /// `(depth, count)`, in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft file; the error names the line and what is wrong.
pub fn parse(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = |reason: String| format!("line {}: {reason}", index + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            cases.push(PerftCase {
                id: value.to_string(),
                position: String::new(),
                moves: Vec::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or_else(|| at("a case starts with an 'id' line".into()))?;
        match key {
            "position" if case.position.is_empty() => case.position = value.to_string(),
            "position" => return Err(at(format!("case '{}' has two positions", case.id))),
            "moves" => case.moves = value.split_whitespace().map(str::to_string).collect(),
            "perft" => {
                let numbers = value
                    .split_once(' ')
                    .and_then(|(d, n)| Some((d.parse().ok()?, n.parse().ok()?)));
                let count = numbers.ok_or_else(|| {
                    at(format!(
                        "expected 'perft DEPTH COUNT', found 'perft {value}'"
                    ))
                })?;
                case.counts.push(count);
            }
            other => {
                return Err(at(format!(
                    "'{other}' is not a key: id, position, moves or perft"
                )))
            }
        }
    }
    match cases
        .iter()
        .find(|c| c.position.is_empty() || c.counts.is_empty())
    {
        Some(case) => Err(format!(
            "case '{}' needs a position and at least one perft line",
            case.id
        )),
        None => Ok(cases),
    }
}

/// [`parse`] for files that are part of a test suite: panics on errors.
pub fn cases(text: &str) -> Vec<PerftCase> {
    parse(text).unwrap_or_else(|e| panic!("bad perft file: {e}"))
}

impl PerftCase {
    /// The game at the case's position after its moves, each played by the
    /// seat to move.
    pub fn game<G: Game + TextPosition>(&self) -> G {
        let mut game =
            G::from_position(&self.position).unwrap_or_else(|e| panic!("case '{}': {e}", self.id));
        for text in &self.moves {
            let Phase::Turn(seat) = game.phase() else {
                panic!("case '{}': nobody is to move before {text}", self.id);
            };
            game.act_text(seat, text)
                .unwrap_or_else(|e| panic!("case '{}': {e}", self.id));
        }
        game
    }
}

/// Checks `count(case, depth)` against every count of the file up to
/// `max_depth`, one thread per case; returns how many counts were checked.
/// For counters that are not a [`Game`], such as a naive generator.
pub fn check_counts(
    text: &str,
    max_depth: u32,
    count: impl Fn(&PerftCase, u32) -> u64 + Sync,
) -> usize {
    let cases = cases(text);
    let count = &count;
    std::thread::scope(|scope| {
        let workers: Vec<_> = cases
            .iter()
            .map(|case| {
                scope.spawn(move || {
                    let mut checked = 0;
                    for &(depth, expected) in case.counts.iter().filter(|c| c.0 <= max_depth) {
                        assert_eq!(
                            count(case, depth),
                            expected,
                            "case '{}' ({}) at depth {depth}",
                            case.id,
                            case.position
                        );
                        checked += 1;
                    }
                    checked
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    })
}

/// Checks `count(game, depth)` for the game at each case (see
/// [`check_counts`]).
pub fn check_with<G>(text: &str, max_depth: u32, count: impl Fn(&G, u32) -> u64 + Sync) -> usize
where
    G: Game + TextPosition,
{
    check_counts(text, max_depth, |case, depth| count(&case.game(), depth))
}

/// Checks the game's [`Perft`] against every count of the file up to
/// `max_depth`, and that [`Perft::divide`] adds up to the same counts.
pub fn check<G>(text: &str, max_depth: u32) -> usize
where
    G: Perft + TextPosition,
{
    check_with(text, max_depth, |game: &G, depth| {
        let total = game.perft(depth);
        if depth <= 3 {
            let split: u64 = game.divide(depth).iter().map(|(_, n)| n).sum();
            assert_eq!(split, total, "divide({depth}) adds up to perft({depth})");
        }
        total
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cases_and_says_what_is_wrong() {
        let text = "# a comment\nid a\nposition x y\nmoves m n\nperft 1 4\nperft 2 16\n\nid b\nposition z\nperft 3 9\n";
        let cases = parse(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].moves, ["m", "n"]);
        assert_eq!(cases[0].counts, [(1, 4), (2, 16)]);
        assert_eq!(cases[1].position, "z");
        assert!(parse("position x").unwrap_err().contains("line 1"));
        assert!(parse("id a\nposition x\nperft 1")
            .unwrap_err()
            .contains("perft DEPTH COUNT"));
        assert!(parse("id a\nposition x\n").unwrap_err().contains("needs"));
        assert!(parse("id a\nfen x\n").unwrap_err().contains("not a key"));
        assert!(parse("id a\nposition x\nposition y\n")
            .unwrap_err()
            .contains("two positions"));
    }
}
