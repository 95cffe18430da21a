//! The README's tour, run as written: every `$A …` command it shows must
//! succeed, so that an example a reader copies never names an illegal move
//! or a flag that has gone. (The tour once played `c1c3 b3a2`, which
//! leaves Black's knight attacked.)

mod common;
use common::served::{a_short_game, Server};
use common::*;
use std::process::Command;

const README: &str = include_str!("../../../README.md");

/// The commands of the README that start with `$A `: the lines of its
/// code blocks and its inline code, each without its trailing comment.
fn tour_commands() -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_block = false;
    for line in README.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            if line.starts_with("$A ") {
                commands.push(without_comment(line).to_string());
            }
        } else {
            // Inline code: the odd pieces between backquotes.
            for piece in line.split('`').skip(1).step_by(2) {
                if piece.starts_with("$A ") {
                    commands.push(piece.to_string());
                }
            }
        }
    }
    commands
}

/// `line` up to a `#` that follows a space (a shell comment).
fn without_comment(line: &str) -> &str {
    line.find(" #").map_or(line, |at| &line[..at]).trim_end()
}

/// Whether a command of the tour is run here: not `play`, which waits for
/// a person at the terminal, nor `match`, twenty timed games
/// (tests/match_cmd.rs plays small matches).
fn runs_here(command: &str) -> bool {
    !command.starts_with("$A play ") && !command.starts_with("$A match ")
}

#[test]
fn every_command_of_the_tour_succeeds() {
    let commands = tour_commands();
    // The tour's block and the `--position` example, at least.
    assert!(commands.len() >= 15, "{commands:?}");
    assert!(commands.iter().any(|c| c.contains("--position")));
    // The commands that read `record.txt` read a record the host wrote.
    let server = Server::start("readme");
    let (_, record) = a_short_game(&server);
    let dir = &server.dir;
    std::fs::write(dir.join("record.txt"), record).unwrap();
    let mut ran = 0;
    for command in &commands {
        if !runs_here(command) {
            continue;
        }
        let out = Command::new("bash")
            .args(["-c", command])
            .env("A", env!("CARGO_BIN_EXE_arbiter"))
            .current_dir(dir)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "the README's `{command}` failed: {}",
            stderr(&out)
        );
        ran += 1;
    }
    assert!(ran >= 13, "ran {ran} of {}", commands.len());
}

#[test]
fn the_tour_is_read_as_written() {
    assert_eq!(
        without_comment("$A moves knight-court     # legal first moves, sorted"),
        "$A moves knight-court"
    );
    assert!(!runs_here("$A play knight-court [--level greedy]"));
    // A command the README shows that would fail is caught: the old move.
    let out = arbiter(&["apply", "knight-court", "c1c3", "b3a2"]);
    refused(&out, "it would leave Black's knight attacked");
}

/// `replay` of a file that is no host record, such as the records `match
/// --out` writes, says so, as `verify` does (it said only Knight Control
/// had records).
#[test]
fn a_match_record_is_not_taken_for_a_host_record() {
    let dir = std::env::temp_dir().join(format!("arbiter-readme-match-{}", std::process::id()));
    let line = "match knight-court --seat table --seat table --games 1 --openings table-wins";
    succeeded(&arbiter_line(line, &["--out", dir.to_str().unwrap()]));
    let record = dir.join("game-0001.txt");
    let path = record.to_str().unwrap();
    refused(
        &arbiter(&["replay", "knight-court", path]),
        "is not a game record of this format (docs/records.md)",
    );
    refused(
        &arbiter(&["verify", path]),
        "is not a game record of this format",
    );
    std::fs::remove_dir_all(dir).unwrap();
}
