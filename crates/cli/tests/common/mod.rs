//! What the CLI's tests share: running the real binary and reading what it
//! printed.

#![allow(dead_code)] // each test file uses its own part

pub mod engine;
pub mod served;

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

/// Starts `arbiter serve` on a free loopback port with the database `db`,
/// and reads its first line for the address it serves on.
pub fn serve(db: &str) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "Arbiter is serving on http://127.0.0.1:PORT/ (database ...)"
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_string();
    (child, addr)
}
