//! The position string: `nbr/3/NBR[] w`.
//!
//! Ranks 3 to 1 separated by `/`, digits for runs of empty squares,
//! uppercase for White and lowercase for Black; the hands in brackets; a
//! space; `w` or `b` for the side to move (docs/rules/knight-court.md#position-strings).

use crate::piece::{Color, Piece};
use crate::position::{Position, Setup};
use crate::square::{Square, GRID};
use arbiter_core::PositionError;
use std::fmt;
use std::str::FromStr;

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let setup = parse_setup(text.trim()).map_err(|reason| PositionError::new(text, reason))?;
        Position::from_setup(&setup).map_err(|reason| PositionError::new(text, reason))
    }
}

fn parse_setup(text: &str) -> Result<Setup, String> {
    let (board_text, rest) = text
        .split_once('[')
        .ok_or("expected the hands in brackets after the board, like nbr/3/NBR[] w")?;
    let (hand_text, side_text) = rest
        .split_once(']')
        .ok_or("the hands' '[' has no closing ']'")?;
    let turn = match side_text {
        " w" => Color::White,
        " b" => Color::Black,
        _ => {
            return Err(format!(
                "after the hands comes a space and 'w' or 'b', not '{side_text}'"
            ))
        }
    };

    let cells = GRID.read_pieces(
        board_text,
        Piece::from_char,
        " (N, B, R; lowercase for Black)",
    )?;
    let board = cells.try_into().expect("the grid has 9 squares");

    let mut hands = Vec::new();
    for c in hand_text.chars() {
        let piece = Piece::from_char(c).ok_or_else(|| {
            format!("'{c}' in the hands is not a piece letter (B, R; lowercase for Black)")
        })?;
        hands.push(piece);
    }
    Ok(Setup { board, hands, turn })
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GRID.write_pieces(f, |i| self.piece_at(Square::new(i)))?;
        f.write_str("[")?;
        for color in [Color::White, Color::Black] {
            for role in self.hand(color) {
                write!(f, "{}", Piece::new(color, role).char())?;
            }
        }
        write!(f, "] {}", self.turn().letter())
    }
}
