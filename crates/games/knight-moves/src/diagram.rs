//! A terminal picture of a game, marked up as in the rulebook's diagrams:
//! `(X)` for the piece holding the ball, `~x~` for an ineligible piece.

use crate::game::{KnightMoves, Status};
use crate::square::{Square, FILES, RANKS};
use arbiter_core::Diagram;
use std::fmt::Write;

impl Diagram for KnightMoves {
    fn diagram(&self) -> String {
        let pos = self.position();
        let border = format!("  +{}\n", "---+".repeat(FILES as usize));
        let mut out = border.clone();
        for rank in (0..RANKS).rev() {
            let _ = write!(out, "{} |", rank + 1);
            for file in 0..FILES {
                let text = match pos.cell_at(Square::at(file, rank)) {
                    None => "   ".to_string(),
                    Some(cell) => {
                        let letter = cell.side.letter();
                        if cell.ball {
                            format!("({})", letter.to_ascii_uppercase())
                        } else if cell.ineligible {
                            format!("~{letter}~")
                        } else {
                            format!(" {letter} ")
                        }
                    }
                };
                let _ = write!(out, "{text}|");
            }
            out.push('\n');
            out.push_str(&border);
        }
        out.push_str("   ");
        for file in 0..FILES {
            let _ = write!(out, " {}  ", (b'a' + file) as char);
        }
        out.push('\n');
        match self.status() {
            Status::Ongoing => {
                let us = pos.turn();
                let _ = write!(out, "{us} to move");
                if let Some(sq) = pos.forcing() {
                    let _ = write!(
                        out,
                        " (must pass if possible: {}'s piece on {sq} is next to the ball)",
                        us.other()
                    );
                }
                out.push('\n');
            }
            Status::BallHome(side) => {
                let _ = writeln!(
                    out,
                    "{side} wins: the ball reached {}'s back rank",
                    side.other()
                );
            }
            Status::NoLegalTurn(side) => {
                let _ = writeln!(out, "{side} has no legal turn: {} wins", side.other());
            }
        }
        let _ = write!(out, "Position: {pos}");
        out
    }
}
