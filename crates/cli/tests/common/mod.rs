//! What the CLI's tests share: running the real binary and reading what it
//! printed.

#![allow(dead_code)] // each test file uses its own part

use std::process::{Command, Output};

pub fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("the arbiter binary runs")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// The command failed with exit code 1 and its error says `says`.
#[track_caller]
pub fn refused(out: &Output, says: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(says), "expected '{says}' in: {err}");
}

/// `arbiter` with the words of `line` (split at spaces) and then `more`.
pub fn arbiter_line(line: &str, more: &[&str]) -> Output {
    let mut args: Vec<&str> = line.split_whitespace().collect();
    args.extend_from_slice(more);
    arbiter(&args)
}

/// The command succeeded; what it printed.
#[track_caller]
pub fn succeeded(out: &Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    stdout(out)
}
