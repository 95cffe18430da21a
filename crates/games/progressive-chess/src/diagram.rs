//! A terminal picture of a game.

use crate::game::{ProgressiveChess, Status};
use crate::piece::{Color, Piece};
use crate::square::Square;
use arbiter_core::Diagram;
use std::fmt::Write;

impl Diagram for ProgressiveChess {
    fn diagram(&self) -> String {
        let pos = self.position();
        let mut out = String::new();
        let line = "  +---+---+---+---+---+---+---+\n";
        out.push_str(line);
        for rank in (0..7).rev() {
            let _ = write!(out, "{} |", rank + 1);
            for file in 0..7 {
                let sq = Square::at(file, rank);
                let c = pos.piece_at(sq).map_or(' ', |p| p.char());
                // A protector whose shield is spent is marked with '.'.
                let mark = if pos.spent_shields().contains(sq) {
                    '.'
                } else {
                    ' '
                };
                let _ = write!(out, " {c}{mark}|");
            }
            out.push('\n');
            out.push_str(line);
        }
        out.push_str("    a   b   c   d   e   f   g\n");
        for color in [Color::White, Color::Black] {
            let pool: String = pos
                .pool(color)
                .map(|r| Piece::new(color, r).char())
                .collect();
            let pool = if pool.is_empty() {
                "empty".to_string()
            } else {
                pool
            };
            let _ = writeln!(
                out,
                "{color}: {} points, captured {pool}",
                pos.points(color)
            );
        }
        match self.status() {
            Status::Ongoing => {
                let check = if pos.is_check() { " (in check)" } else { "" };
                let _ = writeln!(out, "{} to move{check}", pos.turn());
            }
            _ => {
                if let Some(outcome) = self.outcome() {
                    let _ = writeln!(out, "Game over: {}", outcome.described(Color::seat_name));
                }
            }
        }
        let _ = write!(out, "Position: {pos}");
        out
    }
}
