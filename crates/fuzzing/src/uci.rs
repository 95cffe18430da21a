//! The UCI engine's reading of a session: `arbiter uci GAME` takes lines
//! from a GUI, or from anyone who can start it.

use crate::bytes::Bytes;
use arbiter_search::games::knight_court::KnightCourtTableDuel;
use arbiter_search::games::knight_moves::KnightMovesDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::uci::serve;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Lines read from one input, so that a run stays short.
const MOST_LINES: usize = 40;
/// `go` commands run from one input.
const MOST_SEARCHES: usize = 4;
/// The largest table (`Hash`, in MiB) a session may ask for here: the
/// fuzzer counts any allocation above its own limit (2 GiB) as a failure,
/// however the engine would have taken it, and a run stays quick.
const MOST_HASH: usize = 256;

/// What the engine wrote, shared with its search threads.
#[derive(Clone, Default)]
struct Written(Arc<Mutex<Vec<u8>>>);

impl Write for Written {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .expect("the output lock")
            .extend_from_slice(data);
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether `line` sets `Hash` (as the engine reads it) above [`MOST_HASH`]
/// but within the engine's own bound, which the engine would allocate.
fn asks_for_a_large_table(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["setoption", "name", "Hash", "value", mb] => mb
            .parse::<usize>()
            .is_ok_and(|mb| (MOST_HASH + 1..=65_536).contains(&mb)),
        _ => false,
    }
}

/// The first byte picks one of the three alternating games; the rest is a
/// UCI session. Each `go` is bounded (a few nodes and plies, appended after
/// its own words, which the later words override), a `Hash` above
/// 256 MiB (`MOST_HASH`) is left out, and the session ends
/// at `quit` or at its end. The engine must not panic, must write only
/// lines the protocol knows, and must answer every `go` it starts with one
/// `bestmove M [ponder P]` (a `go` during a search is refused and starts
/// none).
pub fn uci_sessions(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let game = bytes.byte() % 3;
    let text = bytes.rest();
    let mut session = String::new();
    let mut searches = 0;
    for line in text.lines().take(MOST_LINES) {
        match line.split_whitespace().next() {
            Some("quit") => break,
            Some("go") if searches == MOST_SEARCHES => continue,
            Some("go") => {
                searches += 1;
                session.push_str(&format!("{line} nodes 64 depth 3\n"));
            }
            _ if asks_for_a_large_table(line) => continue,
            _ => session.push_str(&format!("{line}\n")),
        }
    }
    let written = Written::default();
    let input = session.as_bytes();
    match game {
        0 => serve::<KnightCourtTableDuel, _, _>("knight-court", input, written.clone()),
        1 => serve::<KnightMovesDuel, _, _>("knight-moves", input, written.clone()),
        _ => serve::<ProgressiveChessDuel, _, _>("progressive-chess", input, written.clone()),
    }
    let output = String::from_utf8(written.0.lock().expect("the output lock").clone())
        .expect("the engine writes UTF-8");
    let known = ["id ", "option ", "uciok", "readyok", "info ", "bestmove "];
    for line in output.lines() {
        assert!(
            known.iter().any(|start| line.starts_with(start)),
            "the engine wrote {line:?}\nsession:\n{session}"
        );
    }
    let answers: Vec<&str> = output
        .lines()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    for answer in &answers {
        // `bestmove M`, or `bestmove M ponder P`.
        let words: Vec<&str> = answer.split_whitespace().collect();
        assert!(
            words.len() == 2 || (words.len() == 4 && words[2] == "ponder"),
            "the engine answered {answer:?}\nsession:\n{session}"
        );
    }
    let answered = answers.len();
    // Exactly the engine's refusal: an error may quote the session's own
    // words, which may say anything.
    let refused = output
        .lines()
        .filter(|&l| l == "info string error: already searching (send stop first)")
        .count();
    assert_eq!(
        answered + refused,
        searches,
        "every go is answered once or refused\nsession:\n{session}\noutput:\n{output}"
    );
}
