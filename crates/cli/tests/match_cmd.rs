//! `arbiter match` through the real binary: tiny matches only.

mod common;
use common::*;

/// Runs the match `line` with `--out` a fresh directory named after
/// `name`, which must succeed: what it printed, and the second game's
/// record. The directory is removed.
fn match_with_records(name: &str, line: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
    let out = arbiter_line(line, &["--out", dir.to_str().unwrap()]);
    let text = succeeded(&out);
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
    (text, record)
}

#[test]
fn a_duel_match_prints_a_table_with_elo_and_writes_records() {
    let line = "match knight-moves --seat max:1000n --seat random --games 2 --jobs 2";
    let (text, record) = match_with_records("match", line);
    for word in ["max:1000n", "Elo (player 1 - player 2)"] {
        assert!(text.contains(word), "{text}");
    }
    for line in ["seat 1: player 2 random", "result: "] {
        assert!(record.contains(line), "{record}");
    }
}

#[test]
fn knight_court_starts_from_table_wins() {
    let line =
        "match knight-court --seat search:2000n --seat table --games 2 --openings table-wins";
    let text = succeeded(&arbiter_line(line, &[]));
    assert!(text.contains("from the given openings"), "{text}");
    // Only Knight Court's arena knows that set by name.
    let line = "match knight-moves --seat max --seat max --openings table-wins";
    refused(&arbiter_line(line, &[]), "no set of openings by that name");
}

#[test]
fn a_seat_named_by_its_host_level_plays_that_levels_bot() {
    // The ladder in docs/ai.md#levels: Knight Moves' level 1 is greedy
    // and level 3 is search:60000n; Knight Control's level 2 is greedy.
    let line = "match knight-moves --seat 3 --seat 1 --games 2 --turn-limit 4";
    let text = succeeded(&arbiter_line(line, &[]));
    assert!(
        text.contains("search:60000n") && text.contains("greedy"),
        "{text}"
    );
    let line = "match knight-control --seat 2 --seat 1 --games 1";
    let text = succeeded(&arbiter_line(line, &[]));
    assert!(text.contains("greedy") && text.contains("random"), "{text}");
    for level in ["0", "6"] {
        let line = format!("match knight-moves --seat {level} --seat 1");
        refused(
            &arbiter_line(&line, &[]),
            &format!("the host's levels are 1 to 5, not {level}"),
        );
    }
    let out = arbiter_line("play knight-court --level 9", &[]);
    refused(&out, "--level 9: the host's levels are 1 to 5, not 9");
}

#[test]
fn bad_specs_and_seat_counts_are_refused() {
    let out = arbiter_line("match knight-moves --seat best --seat random", &[]);
    refused(&out, "unknown level 'best'");
    let out = arbiter_line("match knight-moves --seat random", &[]);
    refused(&out, "needs exactly two --seat");
    let out = arbiter_line("match knight-control --seat random", &[]);
    refused(&out, "knight-control matches take 2 to 11 --seat options");
    let line = "match knight-control --seat random --seat random --turn-limit 5";
    refused(&arbiter_line(line, &[]), "--turn-limit do not apply");
    // No games, or no action in a game: refused, for built-in and outside
    // engines alike (a uci: match of no games once printed an Elo of NaN).
    let uci = "--seat uci:./no-such-engine --seat greedy";
    for seats in ["--seat random --seat greedy", uci] {
        let line = format!("match knight-moves {seats} --games 0");
        refused(&arbiter_line(&line, &[]), "--games must be at least 1");
        let line = format!("match knight-moves {seats} --turn-limit 0");
        refused(&arbiter_line(&line, &[]), "--turn-limit must be at least 1");
        // Too many games (a list of them overflowed its capacity and
        // panicked), and no or too many at once (a thread each).
        let line = format!("match knight-moves {seats} --games 99999999999999999");
        refused(
            &arbiter_line(&line, &[]),
            "--games 99999999999999999: a match plays at most 1000000 games",
        );
        for jobs in ["0", "100000"] {
            let line = format!("match knight-moves {seats} --jobs {jobs}");
            refused(
                &arbiter_line(&line, &[]),
                &format!("--jobs {jobs}: a match plays 1 to 256 games at once"),
            );
        }
    }
}

#[test]
fn a_knight_control_match_reports_chips_gained_and_ec() {
    let line = "match knight-control --seat max:10n --seat greedy --seat random --games 2";
    let (text, record) = match_with_records("match-kc", line);
    for word in ["mean gained", "most gained", "EC", "mean ToLs", "max:10n"] {
        assert!(text.contains(word), "{text}");
    }
    assert!(record.contains("seat 1: player 3 random"), "{record}");
}

#[test]
fn communal_grants_are_knight_controls_and_add_a_trading_table() {
    let line = "match knight-moves --seat max --seat max --games 1 --communal 1";
    refused(
        &arbiter_line(line, &[]),
        "--communal grants Knight Control's",
    );
    let line =
        "match knight-control --seat max:10n --seat greedy --seat greedy --games 1 --communal 2";
    let text = succeeded(&arbiter_line(line, &[]));
    for word in ["offers", "accepted", "accepts", "consents"] {
        assert!(text.contains(word), "{text}");
    }
    // Two grants: each spent by both of its players.
    let consents: usize = text
        .lines()
        .skip_while(|l| !l.contains("consents"))
        .skip(1)
        .filter_map(|l| l.split_whitespace().last()?.parse::<usize>().ok())
        .sum();
    assert_eq!(consents, 4, "{text}");
}
