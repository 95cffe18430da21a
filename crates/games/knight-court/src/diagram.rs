//! A terminal picture of a game.

use crate::game::{KnightCourt, Status};
use crate::piece::Color;
use crate::square::Square;
use arbiter_core::Diagram;
use std::fmt::Write;

impl Diagram for KnightCourt {
    fn diagram(&self) -> String {
        let pos = self.position();
        let mut out = String::new();
        out.push_str("  +---+---+---+\n");
        for rank in (0..3).rev() {
            let _ = write!(out, "{} |", rank + 1);
            for file in 0..3 {
                let c = pos.piece_at(Square::at(file, rank)).map_or(' ', |p| p.char());
                let _ = write!(out, " {c} |");
            }
            out.push_str("\n  +---+---+---+\n");
        }
        out.push_str("    a   b   c\n");
        for color in [Color::White, Color::Black] {
            let hand: Vec<&str> = pos.hand(color).map(|r| r.name()).collect();
            let hand = if hand.is_empty() { "empty".to_string() } else { hand.join(", ") };
            let _ = writeln!(out, "{color}'s hand: {hand}");
        }
        match self.status() {
            Status::Ongoing => {
                let check = if pos.is_check() { " (in check)" } else { "" };
                let _ = writeln!(out, "{} to move{check}", pos.turn());
            }
            Status::Checkmate => {
                let _ = writeln!(out, "{} is checkmated: {} wins", pos.turn(), pos.turn().other());
            }
            Status::Stalemate => {
                let _ = writeln!(out, "{} has no legal move and is not in check: draw by stalemate", pos.turn());
            }
        }
        let _ = write!(out, "Position: {pos}");
        out
    }
}
