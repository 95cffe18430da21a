//! The position string: `1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -`
//! (docs/rules/knight-moves.md#position-strings).
//!
//! Three fields separated by single spaces:
//! 1. the board, rank 8 first, ranks separated by `/`, files a to g within
//!    a rank: a digit 1–7 for a run of empty squares, `x`/`o` for an Eks or
//!    Ohs piece, `X`/`O` for the piece holding that side's ball, and `~`
//!    before `x`/`o` for an ineligible piece;
//! 2. the side to move, `x` or `o`;
//! 3. `-`, or the square the opponent's last piece move ended on when that
//!    square is next to the mover's ball (the mover must then pass if it
//!    can).

use crate::position::{Cell, Position, Setup};
use crate::side::Side;
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

const EXAMPLE: &str = "like 1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -";

fn parse_setup(text: &str) -> Result<Setup, String> {
    let fields: Vec<&str> = text.split(' ').collect();
    let [board_text, side_text, forcing_text] = fields.as_slice() else {
        return Err(format!(
            "expected three fields separated by single spaces (board, side to move, forcing square), {EXAMPLE}"
        ));
    };
    let turn = match *side_text {
        "x" => Side::Eks,
        "o" => Side::Ohs,
        other => return Err(format!("the side to move is 'x' or 'o', not '{other}'")),
    };
    let forcing = match *forcing_text {
        "-" => None,
        name => Some(
            Square::parse(name)
                .map_err(|e| format!("the forcing square is '-' or a square: {e}"))?,
        ),
    };

    let cells = GRID.read_placement(board_text, &['~'], read_cell)?;
    let board = cells.try_into().expect("the grid has 56 squares");
    Ok(Setup {
        board,
        turn,
        forcing,
    })
}

/// One square's marks and letter: `x`/`o`, `X`/`O` for the ball holder,
/// after `~` for an ineligible piece.
fn read_cell(token: &str) -> Result<Cell, String> {
    // Split before the last character, not the last byte: a token may end
    // in any character, and a letter outside ASCII is refused below.
    let c = token
        .chars()
        .next_back()
        .expect("a token ends with its letter");
    let marks = &token[..token.len() - c.len_utf8()];
    if marks.len() > 1 {
        return Err(format!(
            "'{marks}' marks nothing more than '~' does; write '~' once before a piece"
        ));
    }
    let side = Side::from_letter(c).ok_or_else(|| {
        format!("'{c}' is not a piece letter: x or o for a piece, X or O for the ball holder, '~' before an ineligible piece")
    })?;
    let ball = c.is_ascii_uppercase();
    let ineligible = !marks.is_empty();
    if ineligible && ball {
        return Err(format!(
            "'~{c}' marks the ball holder ineligible, but a holder becomes ineligible only by passing the ball away"
        ));
    }
    Ok(Cell {
        side,
        ball,
        ineligible,
    })
}

/// A piece as the position string writes it: its side's letter, uppercase
/// when it holds the ball, after `~` while it may not receive a pass.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ineligible {
            f.write_str("~")?;
        }
        let letter = self.side.letter();
        let letter = if self.ball {
            letter.to_ascii_uppercase()
        } else {
            letter
        };
        write!(f, "{letter}")
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GRID.write_placement(f, |c| self.cell_at(Square::at(c.file, c.rank)))?;
        write!(f, " {} ", self.turn().letter())?;
        match self.forcing() {
            Some(sq) => write!(f, "{sq}"),
            None => f.write_str("-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_prints_and_parses() {
        let start = Position::start();
        assert_eq!(start.to_string(), "1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -");
        assert_eq!(
            "1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -"
                .parse::<Position>()
                .unwrap(),
            start
        );
    }

    #[test]
    fn marks_and_forcing_round_trip() {
        for text in [
            "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -",
            "1x1~xx2/7/1X5/7/4x2/5O1/7/1oo~o1~o1 o e4",
            "~x~x~xX~x2/7/7/7/7/7/7/1ooOoo1 o -",
        ] {
            assert_eq!(text.parse::<Position>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_strings_say_why() {
        let cases = [
            ("", "three fields"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 x", "three fields"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1  x -", "three fields"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 w -", "'x' or 'o'"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 x z9", "forcing square"),
            ("1xxXxx1/7/7/7/7/7/1ooOoo1 x -", "8 ranks"),
            ("1xxXxx2/7/7/7/7/7/7/1ooOoo1 x -", "more than 7"),
            ("1xxXxx/7/7/7/7/7/7/1ooOoo1 x -", "only 6"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOo01 x -", "cannot be 0"),
            ("1xxXxq1/7/7/7/7/7/7/1ooOoo1 x -", "not a piece letter"),
            ("1xx~Xxx1/7/7/7/7/7/7/1ooOoo1 x -", "ball holder ineligible"),
            ("1xxXxx~/7/7/7/7/7/7/1ooOoo1 x -", "ends with '~'"),
            ("1xx~~xx1/7/7/7/7/7/7/1ooOoo1 x -", "'~~'"),
            ("1xxXx2/7/7/7/7/7/7/1ooOoo1 x -", "Eks has 4 pieces"),
            ("1xxXxx1/7/7/7/7/7/o6/1ooOoo1 x -", "Ohs has 6 pieces"),
            ("1xxxxx1/7/7/7/7/7/7/1ooOoo1 x -", "no Eks piece holds"),
            ("1xXXxx1/7/7/7/7/7/7/1ooOoo1 x -", "marked on"),
            ("1xxOxx1/7/7/7/7/7/7/1ooXoo1 x -", "already on d1"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 x c8", "just moved there"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 o d8", "holds Eks's ball"),
            ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 o c8", "not next to Ohs's ball"),
            ("1xx~xXx1/7/7/7/7/7/7/1ooOoo1 x -", ""),
            (
                "1xxXx2/7/7/7/7/7/2~x4/1ooOoo1 o c2",
                "cannot be marked ineligible",
            ),
            ("1xxXx2/7/7/7/7/7/2x4/1ooOoo1 o c2", ""),
            ("1xx2x1/7/7/7/7/7/2x4/XooOoo1 o c2", "won the game"),
            ("1xx2x1/7/7/7/7/7/2x4/XooOoo1 o -", ""),
        ];
        for (text, needle) in cases {
            let result = text.parse::<Position>();
            if needle.is_empty() {
                assert!(result.is_ok(), "{text}: {result:?}");
                continue;
            }
            let err = result.expect_err(text);
            assert!(err.reason.contains(needle), "{text}: {}", err.reason);
        }
    }
}
