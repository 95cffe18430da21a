//! `arbiter uci knight-court` chooses as host level 5 does: Knight Court's
//! proofs around its search (docs/ai.md#proofs-at-the-root). Every expected
//! answer here was worked by hand and is checked through the rules
//! (`arbiter moves`, `arbiter show`), not through the engine.

mod common;

use common::engine::Engine;
use common::{arbiter, stdout};

/// A line from a real game (also in search/tests/knight_court_max.rs),
/// White to move. Worked by hand: 9. a1b3 loses at once, for Black drops
/// a rook on c3 (check; c2c3 is White's only move), drops the other on c2
/// (a2b1 is White's only move), and c2c3 mates. The solved table, which
/// ignores the ban on repeated positions, calls a1b3 a draw.
const LINE: &str = "b1c2 c3c2 B@b1 c2a2 b1a2 b3c2 c1c2 B@b2";

fn moves_after(line: &str) -> Vec<String> {
    let mut args = vec!["moves", "knight-court"];
    args.extend(line.split_whitespace());
    let out = arbiter(&args);
    assert!(out.status.success(), "{line}");
    stdout(&out).lines().map(String::from).collect()
}

fn shown_after(line: &str) -> String {
    let mut args = vec!["show", "knight-court"];
    args.extend(line.split_whitespace());
    stdout(&arbiter(&args))
}

/// The engine's move and everything it said, for `go nodes 200` after
/// `line`.
fn best_after(e: &mut Engine, line: &str) -> (String, Vec<String>) {
    e.send(&format!("position startpos moves {line}"));
    e.send("go nodes 200");
    let said = e.until("bestmove");
    let best = said.last().unwrap().split_whitespace().nth(1).unwrap();
    (best.to_string(), said)
}

#[test]
fn the_proofs_are_an_option_that_is_on() {
    let mut e = Engine::start("knight-court");
    e.send("uci");
    let hello = e.until("uciok");
    assert!(
        hello.contains(&"option name Proofs type check default true".to_string()),
        "{hello:?}"
    );
    // A value that is not true or false is refused and changes nothing.
    e.send("setoption name Proofs value maybe");
    e.send("isready");
    let said = e.until("readyok");
    assert!(
        said.iter()
            .any(|l| l.contains("Proofs takes true or false")),
        "{said:?}"
    );
    let (_, said) = best_after(&mut e, &format!("{LINE} a1b3"));
    assert!(said.iter().any(|l| l.starts_with("info string proofs")));
    e.quit();
    // The other duels have no proofs to switch.
    let mut e = Engine::start("knight-moves");
    e.send("uci");
    assert!(!e.until("uciok").iter().any(|l| l.contains("Proofs")));
    e.quit();
}

/// Black to move after 9. a1b3 mates within 5 plies (by hand, above). The
/// engine must say it proved a mate, score it as a mate in at most 3
/// moves, and then mate against every defence: each White reply is tried,
/// and the game ends in White's checkmate by Black's third move at the
/// latest.
#[test]
fn a_proved_mate_is_played_out_against_every_defence() {
    let mut e = Engine::start("knight-court");
    let (_, said) = best_after(&mut e, &format!("{LINE} a1b3"));
    let mate: i32 = said
        .iter()
        .find_map(|l| l.split(" score mate ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no mate score in {said:?}"));
    assert!((1..=3).contains(&mate), "{said:?}");
    // Every line from here, with how many moves Black has made in it.
    let mut lines = vec![(format!("{LINE} a1b3"), 0)];
    let mut mated = 0;
    while let Some((line, black_moves)) = lines.pop() {
        let (best, said) = best_after(&mut e, &line);
        assert!(
            said.iter()
                .any(|l| l.starts_with("info string proofs: a forced mate")),
            "after {line}: {said:?}"
        );
        let after = format!("{line} {best}");
        assert!(black_moves < 3, "no mate by Black's third move: {after}");
        let replies = moves_after(&after);
        if replies.is_empty() {
            assert!(
                shown_after(&after).contains("White is checkmated"),
                "{after}"
            );
            mated += 1;
            continue;
        }
        for reply in replies {
            lines.push((format!("{after} {reply}"), black_moves + 1));
        }
    }
    assert!(mated >= 1);
    e.quit();
}

/// White to move, in check, after a short line. Worked by hand: White has
/// two moves; after b3a1 a bishop dropped on b2 mates (it attacks a1, the
/// rook on c3 covers b3 and c2), and c1c3 takes the checking rook.
const CHECKED: &str = "b1c2 c3c2 a1b3 c2c3";

#[test]
fn a_move_proved_to_lose_is_refused_and_the_search_chooses_again() {
    // The rules agree with the hand analysis.
    assert_eq!(moves_after(CHECKED), ["b3a1", "c1c3"]);
    assert!(shown_after(&format!("{CHECKED} b3a1 B@b2")).contains("White is checkmated"));
    // A three-node search alone walks into the mate: with the proofs
    // switched off, some of six searches play b3a1.
    let six = |proofs: bool| {
        let mut e = Engine::start("knight-court");
        e.send(&format!("setoption name Proofs value {proofs}"));
        e.send(&format!("position startpos moves {CHECKED}"));
        let mut answers = Vec::new();
        for _ in 0..6 {
            e.send("go nodes 3");
            let said = e.until("bestmove");
            let best = said.last().unwrap().split_whitespace().nth(1).unwrap();
            answers.push((best.to_string(), said));
        }
        e.quit();
        answers
    };
    assert!(six(false).iter().any(|(best, _)| best == "b3a1"));
    // With the proofs on, never; and each time the search chose b3a1 first,
    // the engine says so.
    let refereed = six(true);
    assert!(
        refereed.iter().all(|(best, _)| best == "c1c3"),
        "{refereed:?}"
    );
    let vetoes = refereed
        .iter()
        .filter(|(_, said)| {
            said.iter()
                .any(|l| l.starts_with("info string proofs: b3a1 is mated within"))
        })
        .count();
    assert!(vetoes >= 1, "{refereed:?}");
}

/// The first move of the last `info … pv` line in `said`, if any.
fn last_reported(said: &[String]) -> Option<&str> {
    said.iter()
        .rev()
        .filter(|l| l.starts_with("info depth"))
        .find_map(|l| l.split(" pv ").nth(1))
        .and_then(|pv| pv.split_whitespace().next())
}

/// Whatever chose the move (the search, a veto, a proved mate, every move
/// proved to lose, a lone legal move), the last line reported before
/// `bestmove M` starts with M, so a GUI shows the line of the move played
/// and its score. The positions are the hand-worked ones above; after
/// `LINE a1b3 R@c3`, c2c3 is White's only move (by hand, and the rules
/// agree). (Three nodes may not finish one iteration: then there is no
/// line to report.)
#[test]
fn the_last_line_reported_starts_with_the_move_played() {
    assert_eq!(moves_after(&format!("{LINE} a1b3 R@c3")), ["c2c3"]);
    let cases = [
        ("", "go nodes 200"),
        (CHECKED, "go nodes 3"),
        (&format!("{LINE} a1b3 R@c3") as &str, "go depth 3"),
        (&format!("{LINE} a1b3"), "go nodes 200"),
    ];
    let mut vetoes = 0;
    for proofs in [true, false] {
        let mut e = Engine::start("knight-court");
        e.send(&format!("setoption name Proofs value {proofs}"));
        for (line, go) in cases.iter() {
            // Six searches each, so that the three-node search of CHECKED
            // chooses the losing b3a1 first (and is vetoed) in some.
            for _ in 0..6 {
                e.send(&format!("position startpos moves {line}"));
                e.send(go);
                let said = e.until("bestmove");
                let best = said.last().unwrap().split_whitespace().nth(1).unwrap();
                match last_reported(&said) {
                    Some(first) => {
                        assert_eq!(first, best, "proofs {proofs}, after {line:?}: {said:?}")
                    }
                    // Three nodes may not finish one iteration over two
                    // moves: then nothing is reported, unless a veto
                    // searches again.
                    None => assert!(
                        *go == "go nodes 3" && !said.iter().any(|l| l.contains("chose among")),
                        "proofs {proofs}, after {line:?}, {go}: nothing reported: {said:?}"
                    ),
                }
                vetoes += said
                    .iter()
                    .filter(|l| l.contains("chose among the 1 moves"))
                    .count();
            }
        }
        e.quit();
    }
    assert!(vetoes >= 1, "no veto to a lone move was seen");
}
