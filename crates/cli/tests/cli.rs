//! The CLI contract, exercised through the real binary.

mod common;
use common::*;
use std::process::Command;

#[test]
fn games_lists_ids_one_per_line() {
    let out = arbiter(&["games"]);
    assert!(out.status.success());
    assert!(stdout(&out).lines().any(|l| l == "knight-court"));
}

#[test]
fn moves_lists_sorted_legal_moves() {
    let out = arbiter(&["moves", "knight-court"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "b1a2\nb1c2\nc1c2\nc1c3\n");
    let out = arbiter(&["moves", "knight-court", "c1c3"]);
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"R@b2".to_string()));
}

#[test]
fn moves_count_history_from_the_given_position() {
    // From the start: c1c2 b3a2 c2c1, and a2b3 would recreate the start.
    let out = arbiter(&["moves", "knight-court", "c1c2", "b3a2", "c2c1"]);
    assert!(!stdout(&out).lines().any(|l| l == "a2b3"));
    // Starting at the position before a2b3, the start was never seen, so
    // a2b3 is legal.
    let out = arbiter(&[
        "moves",
        "knight-court",
        "--position",
        "nbr/3/NBR[] w",
        "c1c2",
        "b3a2",
        "c2c1",
    ]);
    assert!(!stdout(&out).lines().any(|l| l == "a2b3"));
    let out = arbiter(&["moves", "knight-court", "--position", "n1r/b2/NBR[] b"]);
    assert!(stdout(&out).lines().any(|l| l == "a2b3"));
}

#[test]
fn apply_prints_the_position_last() {
    let out = arbiter(&["apply", "knight-court", "c1c3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("nbR/3/NB1[r] b"));
    let out = arbiter(&[
        "apply",
        "knight-court",
        "--position",
        "2n/B2/N2[Rbr] w",
        "R@c2",
    ]);
    assert_eq!(stdout(&out).lines().last(), Some("2n/B1R/N2[br] b"));
}

#[test]
fn an_illegal_move_exits_1_with_nothing_on_stdout() {
    let out = arbiter(&["apply", "knight-court", "a1a2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("move 1") && err.contains("a1a2"), "{err}");
    assert!(err.contains("a knight does not move that way"), "{err}");

    let out = arbiter(&["apply", "knight-court", "c1c3", "b3c2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("move 2 'b3c2'"), "{}", stderr(&out));
}

#[test]
fn a_malformed_move_or_position_exits_1() {
    for args in [
        vec!["apply", "knight-court", "zz"],
        vec!["apply", "knight-court", "N@b2"],
        vec![
            "apply",
            "knight-court",
            "--position",
            "nbr/3/NB[] w",
            "c1c3",
        ],
        vec!["moves", "knight-court", "--position", "garbage"],
        vec!["perft", "knight-court", "2", "--position", "nbr/3/NBR[] x"],
    ] {
        let out = arbiter(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
}

/// Every command that takes a GAME refuses an unknown one with the list of
/// known ids (as `arbiter games` prints them) and prints nothing else.
#[test]
fn every_game_command_refuses_an_unknown_game_with_the_known_ones() {
    let known = stdout(&arbiter(&["games"]))
        .lines()
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(known.split(", ").count(), 5, "{known}");
    let commands: &[&[&str]] = &[
        &["moves", "chess"],
        &["apply", "chess", "e2e4"],
        &["perft", "chess", "1"],
        &["show", "chess"],
        &["show", "chess", "record.json", "--round", "1"],
        &["solve", "chess"],
        &["analyse", "chess"],
        &["new", "chess", "--players", "2"],
        &["replay", "chess", "record.json"],
        &["match", "chess", "--seat", "random", "--seat", "random"],
        &["play", "chess"],
        &["render", "chess", "--out", "board.png"],
        &["uci", "chess"],
    ];
    for args in commands {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
        assert_eq!(
            stderr(&out).trim(),
            format!("error: unknown game 'chess'; known games: {known}"),
            "{args:?}"
        );
    }
}

#[test]
fn perft_prints_the_count_last() {
    // Counts from tests/perft.txt of the knight-court crate (naive generator).
    let out = arbiter(&["perft", "knight-court", "8"]);
    assert_eq!(stdout(&out).lines().last(), Some("312299"));
    let out = arbiter(&["perft", "knight-court", "2", "--divide"]);
    let text = stdout(&out);
    assert_eq!(text.lines().last(), Some("16"));
    assert!(text.contains("c1c3: 5"), "{text}");
}

#[test]
fn show_draws_the_board_with_hands_and_side_to_move() {
    let out = arbiter(&["show", "knight-court", "c1c3"]);
    let text = stdout(&out);
    assert!(text.contains("Black's hand: rook"), "{text}");
    assert!(text.contains("Black to move"), "{text}");
    let out = arbiter(&[
        "show",
        "knight-court",
        "--position",
        "2n/B2/N2[Rbr] w",
        "R@c2",
    ]);
    assert!(stdout(&out).contains("checkmated"), "{}", stdout(&out));
    let out = arbiter(&["show", "knight-court", "--position", "1rn/3/N1R[Bb] b"]);
    assert!(stdout(&out).contains("in check"));
}

#[test]
fn play_runs_a_game_from_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "play",
            "knight-court",
            "--position",
            "2n/B2/N2[Rbr] w",
            "--think-ms",
            "50",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(b"moves\nx9\nR@c2\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("R@c2"), "{text}");
    assert!(text.contains("Game over"), "{text}");
}

#[test]
fn play_takes_a_level_and_refuses_an_unknown_one() {
    use std::io::Write;
    use std::process::Stdio;
    // The engine (White, seat 1) moves first at the greedy level; the
    // person then quits.
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["play", "knight-moves", "--as", "2", "--level", "greedy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.as_mut().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("Engine plays"), "{text}");
    assert!(text.contains("greedy"), "{text}");

    let out = arbiter(&["play", "knight-court", "--level", "genius"]);
    refused(&out, "unknown level 'genius'");
}

#[test]
fn solve_summarises_and_states_the_start_last() {
    let dir = std::env::temp_dir().join(format!("arbiter-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kc.table");
    let out = arbiter(&["solve", "knight-court", "--out", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("positions: 120624"), "{text}");
    assert!(text.contains("longest forced win: 27 plies"), "{text}");
    assert_eq!(text.lines().last(), Some("start: draw"));
    // The written file is the one shipped with the program.
    let shipped = include_bytes!("../../search/data/knight-court.table");
    assert_eq!(std::fs::read(&path).unwrap(), shipped.to_vec());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_proves_a_horizon_under_the_true_rule() {
    // With a memory bound, or one result kept a position, the search
    // drops old results; the answers stay.
    for bound in [None, Some(["--memory", "1"]), Some(["--entries", "1"])] {
        let mut args = vec!["solve", "knight-court", "--horizon", "15"];
        args.extend(bound.into_iter().flatten());
        horizon_fifteen_is_proved(&arbiter(&args));
    }
    let out = arbiter(&["solve", "knight-court", "--horizon", "128"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("--horizon is at most 127 plies (it was 128)"),
        "{}",
        stderr(&out)
    );
    for (option, value, said) in [
        ("--memory", "0", "--memory takes 1 to 1024 GiB (it was 0)"),
        (
            "--memory",
            "1025",
            "--memory takes 1 to 1024 GiB (it was 1025)",
        ),
        (
            "--entries",
            "0",
            "--entries takes 1 to 65536 results a position (it was 0)",
        ),
        (
            "--entries",
            "65537",
            "--entries takes 1 to 65536 results a position (it was 65537)",
        ),
    ] {
        let out = arbiter(&["solve", "knight-court", "--horizon", "15", option, value]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stdout(&out), "", "refused before any work");
        assert!(stderr(&out).contains(said), "{}", stderr(&out));
    }
    for option in ["--memory", "--entries"] {
        let out = arbiter(&["solve", "knight-court", option, "1"]);
        assert!(!out.status.success(), "{option} needs --horizon");
    }
}

fn horizon_fifteen_is_proved(out: &std::process::Output) {
    assert!(out.status.success(), "{}", stderr(out));
    let text = stdout(out);
    // Hand-checked facts (docs/rules/knight-court.md): 1. b1a2 is mated in
    // 15 plies; the other first moves hold that long.
    assert!(text.contains("1. b1a2: Black forces mate"), "{text}");
    for mv in ["b1c2", "c1c2", "c1c3"] {
        for side in ["White", "Black"] {
            let said = format!("1. {mv}: {side} cannot force mate within 15 plies");
            assert!(text.contains(&said), "{said} in {text}");
        }
    }
    assert_eq!(text.lines().last(), Some("start: draw"));
}

#[test]
fn solve_asks_for_ends_with_stalemates_counted() {
    let out = arbiter(&["solve", "knight-court", "--horizon", "15", "--stalemates"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Black's mate after 1. b1a2 (hand-checked) is an end Black forces.
    assert!(text.contains("1. b1a2: Black forces an end"), "{text}");
    // Every other answer is worded as the wider question.
    let answers: Vec<&str> = text.lines().filter(|l| l.starts_with("  1. ")).collect();
    assert_eq!(answers.len(), 8, "{text}");
    for line in answers {
        assert!(
            line.contains("forces an end")
                || line.contains(
                    "cannot force an end it does not lose (mate or stalemate) within 15 plies"
                ),
            "{line}"
        );
    }
    // The flag is a question about a horizon, and needs one.
    let out = arbiter(&["solve", "knight-court", "--stalemates"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--horizon"), "{}", stderr(&out));
}

#[test]
fn solve_refuses_other_games() {
    let out = arbiter(&["solve", "chess"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn analyse_lists_every_move_best_first() {
    let out = arbiter(&["analyse", "knight-court", "--position", "2n/B2/N2[Rbr] w"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "position: 2n/B2/N2[Rbr] w (win in 1)");
    assert!(
        lines[1].starts_with("R@c2") && lines[1].ends_with("win in 1"),
        "{text}"
    );
    assert_eq!(lines.len(), 1 + 10, "ten legal moves: {text}");
    let out = arbiter(&["analyse", "knight-court", "a1a2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("move 1 'a1a2'"));
}

/// The line where the table's draw hides a forced loss (worked by hand in
/// crates/search/tests/knight_court_max.rs: after a1b3, R@c3 c2c3 R@c2
/// a2b1 c2c3 mates, six plies counted from before a1b3).
#[test]
fn analyse_proves_each_move_under_the_true_rule() {
    let line = [
        "b1c2", "c3c2", "B@b1", "c2a2", "b1a2", "b3c2", "c1c2", "B@b2",
    ];
    let mut args = vec!["analyse", "knight-court", "--prove", "21"];
    args.extend(line);
    let out = arbiter(&args);
    let text = stdout(&out);
    let a1b3 = text.lines().find(|l| l.starts_with("a1b3")).expect(&text);
    assert!(a1b3.contains("draw"), "{text}");
    assert!(
        a1b3.ends_with("true rule: White is mated within 6 plies"),
        "{text}"
    );
    for bad in ["0", "128"] {
        let out = arbiter(&["analyse", "knight-court", "--prove", bad]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).contains("--prove takes 1 to 127 plies"),
            "{bad}"
        );
    }
}

#[test]
fn games_lists_every_game_in_order() {
    let out = arbiter(&["games"]);
    let ids: Vec<String> = stdout(&out).lines().map(String::from).collect();
    let known = [
        "knight-court",
        "knight-moves",
        "progressive-chess",
        "tilechess",
        "knight-control",
    ];
    let listed: Vec<&str> = known
        .iter()
        .copied()
        .filter(|k| ids.iter().any(|i| i == k))
        .collect();
    assert_eq!(ids, listed, "ids in the documented order, nothing else");
}

#[test]
fn knight_moves_contract() {
    let out = arbiter(&["moves", "knight-moves"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().count(), 18, "the 18 legal first moves");
    // The recorded count, from the naive implementation's perft.txt.
    let out = arbiter(&["perft", "knight-moves", "5"]);
    assert_eq!(stdout(&out).lines().last(), Some("3336008"));
    for bad in ["d8-d1", "zz"] {
        let out = arbiter(&["apply", "knight-moves", bad]);
        assert_eq!(stdout(&out), "");
        refused(&out, &format!("move 1 '{bad}'"));
    }
    let out = arbiter(&[
        "apply",
        "knight-moves",
        "c8-b6",
        "e1-f3",
        "d8-b6",
        "d1-f1-f3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn tilechess_contract() {
    let out = arbiter(&["moves", "tilechess"]);
    assert!(out.status.success());
    let joins = stdout(&out);
    // 6x6 unopened blocks: one join per block with the default arrangement.
    assert_eq!(joins.lines().count(), 36, "{joins}");
    let first = joins.lines().next().unwrap().to_string();
    let out = arbiter(&["apply", "tilechess", &first]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = arbiter(&["show", "tilechess", &first]);
    assert!(stdout(&out).contains("Leaderboard"));
    let out = arbiter(&["apply", "tilechess", "red: 0,0-0,1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
}

#[test]
fn progressive_chess_contract() {
    let out = arbiter(&["perft", "progressive-chess", "1"]);
    assert_eq!(
        stdout(&out).lines().last(),
        Some("171"),
        "the count the issue pins"
    );
    let out = arbiter(&["moves", "progressive-chess"]);
    let moves: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(moves.len(), 171);
    assert!(moves.contains(&"b1b2+b2=F".to_string()));
    let out = arbiter(&["apply", "progressive-chess", "b1b2+b2=F"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for bad in ["b1b3", "b1b2+b2=R", "zz"] {
        let out = arbiter(&["apply", "progressive-chess", bad]);
        assert_eq!(stdout(&out), "");
        refused(&out, &format!("move 1 '{bad}'"));
    }
}

#[test]
fn knight_control_contract() {
    let dir = std::env::temp_dir().join(format!("arbiter-kc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (players, says) in [("1", "1 player: a game"), ("12", "12 players: a game")] {
        let out = arbiter(&["new", "knight-control", "--players", players]);
        refused(&out, &format!("{says} seats 2 to 11"));
    }
    let out = arbiter(&["new", "knight-control", "--players", "4", "--seed", "9"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let record = dir.join("new.json");
    std::fs::write(&record, &out.stdout).unwrap();
    let out = arbiter(&["replay", "knight-control", record.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("seed commitment"));

    let full = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../games/knight-control/tests/data/six_players.json"
    );
    let out = arbiter(&["replay", "knight-control", full, "--as", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("EC:") && text.contains("private view of P2"),
        "{text}"
    );
    let out = arbiter(&["show", "knight-control", full, "--round", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));

    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"bad\": 1}").unwrap();
    let out = arbiter(&["replay", "knight-control", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("malformed record"));
    std::fs::remove_dir_all(&dir).unwrap();
}
