//! `arbiter uci GAME` as a running engine, driven line by line.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    pub fn start(game: &str) -> Engine {
        let mut child = Command::new(ARBITER)
            .args(["uci", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("arbiter uci starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `word`.
    pub fn until(&mut self, word: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the engine ended before '{word}'; it said {lines:?}"
            );
            let line = line.trim_end().to_string();
            let done = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    pub fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}
