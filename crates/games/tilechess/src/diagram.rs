//! A terminal picture: the board with pieces and territory, the legend and
//! the leaderboard.
//!
//! Each tile is two characters: `##` unopened, ` .` open neutral ground,
//! `.t` empty territory of the player tagged `t`, `Kt` a piece (role letter
//! then the owner's tag). Tags are the seat numbers in base 62
//! (0-9, a-z, A-Z). Rows run from north (top) to south; the left margin
//! gives y, the header gives x at every block corner.

use crate::coord::Tile;
use crate::coord::BLOCK;
use crate::game::Tilechess;
use arbiter_core::{Diagram, Seat};
use std::fmt::Write;

/// The one-character tag of a seat in diagrams.
pub fn tag(seat: Seat) -> char {
    const TAGS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    TAGS.get(seat.index()).map_or('*', |&b| b as char)
}

impl Diagram for Tilechess {
    fn diagram(&self) -> String {
        let board = self.board();
        let (sw, ne) = board.tile_bounds();
        let mut out = String::from("      ");
        for x in (sw.x..=ne.x).step_by(BLOCK as usize) {
            let _ = write!(out, "{:<8}", x);
        }
        out.push('\n');
        for y in (sw.y..=ne.y).rev() {
            let _ = write!(out, "{y:>5} ");
            for x in sw.x..=ne.x {
                let cell = board.cell(Tile::new(x, y));
                let (a, b) = match (cell.open, cell.piece, cell.land) {
                    (false, _, _) => ('#', '#'),
                    (true, Some(p), _) => (p.role.letter(), tag(p.owner)),
                    (true, None, Some(s)) => ('.', tag(s)),
                    (true, None, None) => (' ', '.'),
                };
                out.push(a);
                out.push(b);
            }
            out.push('\n');
        }
        out.push_str("Players:");
        if self.players().is_empty() {
            out.push_str(" none yet");
        }
        for (i, p) in self.players().iter().enumerate() {
            let out_mark = if p.eliminated { " (eliminated)" } else { "" };
            let _ = write!(out, " {}={}{out_mark}", tag(Seat(i as u8)), p.colour);
        }
        out.push_str("\nLeaderboard (score = destroyed-piece points + territory):\n");
        for (rank, row) in self.leaderboard().iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}. {} [{}] {} = {} + {}",
                rank + 1,
                row.colour,
                tag(row.seat),
                row.score,
                row.points,
                row.territory
            );
        }
        match self.outcome() {
            Some(outcome) => {
                let _ = writeln!(out, "Game over ({}).", outcome.reason);
            }
            None => {
                let names: Vec<String> = self
                    .claimants()
                    .into_iter()
                    .map(|s| {
                        self.colour_of(s)
                            .map_or("a new player".to_string(), |c| c.to_string())
                    })
                    .collect();
                let _ = writeln!(out, "May claim the next turn: {}", names.join(", "));
            }
        }
        let _ = write!(out, "Position: {}", self.to_text());
        out
    }
}
