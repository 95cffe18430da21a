//! An outside UCI engine as a match seat: `arbiter match … --seat
//! uci:COMMAND` plays through [`UciEngine`].
//!
//! The engine runs as a child process. [`UciEngine::start`] sends `uci`,
//! the options (`setoption name N value V`) and `isready`;
//! [`UciEngine::best_move`] sends `position fen START moves …` and `go …`
//! and waits for `bestmove`. A line reader thread feeds a channel, so a
//! silent or dead engine is reported after a timeout instead of hanging
//! the match. Engine replies are never trusted: the match plays them
//! through the game's own rules.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long to wait for `uciok`/`readyok`.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// A running outside engine.
pub struct UciEngine {
    command: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, if it gave one.
    pub name: Option<String>,
}

impl UciEngine {
    /// Starts `command` (split at whitespace: program, then arguments),
    /// shakes hands and sets `options` (`(name, value)`).
    pub fn start(command: &str, options: &[(String, String)]) -> Result<UciEngine, String> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| "uci: the engine command is empty".to_string())?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("uci:{command}: cannot start it: {e}"))?;
        let input = child.stdin.take().expect("a piped stdin");
        let output = child.stdout.take().expect("a piped stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            command: command.to_string(),
            child,
            input,
            lines,
            name: None,
        };
        engine.send("uci")?;
        for line in engine.wait_for("uciok", HANDSHAKE)? {
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = Some(name.trim().to_string());
            }
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("uci:{}: cannot write to it: {e}", self.command))
    }

    /// Reads lines until one starts with `word`; returns them all.
    fn wait_for(&mut self, word: &str, within: Duration) -> Result<Vec<String>, String> {
        let until = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let first = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if first {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "uci:{}: no '{word}' within {} ms",
                        self.command,
                        within.as_millis()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "uci:{}: the engine stopped before '{word}'",
                        self.command
                    ))
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE).map(|_| ())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The engine's move in the position `fen` after `moves`, thinking as
    /// `go` says (the words after `go`, e.g. `movetime 100`). Waits at
    /// most `within` for the answer.
    pub fn best_move(
        &mut self,
        fen: &str,
        moves: &[String],
        go: &str,
        within: Duration,
    ) -> Result<String, String> {
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position += " moves ";
            position += &moves.join(" ");
        }
        self.send(&position)?;
        self.send(&format!("go {go}"))?;
        let lines = self.wait_for("bestmove", within)?;
        let last = lines.last().expect("the bestmove line");
        last.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("uci:{}: '{last}' names no move", self.command))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_secs(2);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
