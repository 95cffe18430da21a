//! The position string (docs/rules/progressive-chess.md#position-string).
//!
//! Eight fields separated by single spaces:
//!
//! 1. placement, rank 7 first, files a–g, digits for empty runs, uppercase
//!    for White (`pppkppp/7/7/7/7/7/PPPKPPP`);
//! 2. the side to move, `w` or `b`;
//! 3. White's points and 4. Black's points, as held now (the side to move
//!    has already been paid this turn's point);
//! 5. the squares of protectors whose shield is spent, run together
//!    (`c3e5`), or `-`;
//! 6. the pools: the pieces each side has captured, White's in uppercase
//!    then Black's in lowercase, in rulebook order (`PPWp`), or `-`;
//! 7. turns since the last capture or upgrade;
//! 8. the turn number, from 1.
//!
//! The start is `pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1`.

use crate::piece::{Color, Piece, Role};
use crate::position::{Position, Setup};
use crate::square::{Square, GRID};
use arbiter_core::PositionError;
use std::fmt;
use std::str::FromStr;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GRID.write_pieces(f, |i| self.piece_at(Square::new(i)))?;
        write!(
            f,
            " {} {} {} ",
            self.turn().letter(),
            self.points(Color::White),
            self.points(Color::Black)
        )?;
        if self.spent_shields().is_empty() {
            f.write_str("-")?;
        } else {
            for sq in self.spent_shields() {
                write!(f, "{sq}")?;
            }
        }
        f.write_str(" ")?;
        let pools: String = Color::BOTH
            .iter()
            .flat_map(|&c| self.pool(c).map(move |r| Piece::new(c, r).char()))
            .collect();
        f.write_str(if pools.is_empty() { "-" } else { &pools })?;
        write!(f, " {} {}", self.quiet_turns(), self.turn_number())
    }
}

/// The largest points, quiet-turn count or turn number a position string
/// may hold (docs/rules/progressive-chess.md#position-string).
pub const MAX_COUNT: u32 = 1_000_000;

fn number(field: &str, what: &str) -> Result<u32, String> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} must be a whole number, not '{field}'"));
    }
    match field.parse::<u32>() {
        Ok(n) if n <= MAX_COUNT => Ok(n),
        _ => Err(format!(
            "{what} is {field}, above the largest allowed, {MAX_COUNT}"
        )),
    }
}

fn parse_placement(text: &str) -> Result<[Option<Piece>; 49], String> {
    let cells = GRID.read_pieces(text, Piece::from_char, "")?;
    Ok(cells.try_into().expect("the grid has 49 squares"))
}

impl FromStr for Setup {
    type Err = String;

    /// Reads the eight fields; the result is not yet checked against the
    /// rules ([`Position::from_setup`] does that).
    fn from_str(text: &str) -> Result<Setup, String> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 8 {
            return Err(format!(
                "expected 8 fields separated by single spaces (placement, side, White's points, Black's points, \
                 spent shields, pools, quiet turns, turn number), found {}",
                fields.len()
            ));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("the side to move is 'w' or 'b', not '{other}'")),
        };
        let points = [
            number(fields[2], "White's points")?,
            number(fields[3], "Black's points")?,
        ];
        let mut spent = Vec::new();
        if fields[4] != "-" {
            let f = fields[4];
            if f.len() & 1 == 1 || !f.is_ascii() {
                return Err(format!(
                    "spent shields are square names run together, like c3e5, not '{f}'"
                ));
            }
            for i in (0..f.len()).step_by(2) {
                let sq = Square::parse(&f[i..i + 2])?;
                if spent.contains(&sq) {
                    return Err(format!("{sq} is listed twice among spent shields"));
                }
                spent.push(sq);
            }
        }
        let mut pools = [Vec::new(), Vec::new()];
        if fields[5] != "-" {
            for c in fields[5].chars() {
                let piece = Piece::from_char(c)
                    .ok_or_else(|| format!("'{c}' in the pools is not a piece letter"))?;
                pools[piece.color.index()].push(piece.role);
            }
        }
        let quiet_turns = number(fields[6], "the quiet-turn count")?;
        let turn_number = number(fields[7], "the turn number")?;
        Ok(Setup {
            board,
            turn,
            points,
            spent,
            pools,
            quiet_turns,
            turn_number,
        })
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let setup: Setup = text
            .parse()
            .map_err(|reason| PositionError::new(text, reason))?;
        Position::from_setup(&setup).map_err(|reason| PositionError::new(text, reason))
    }
}

/// Role letters are all distinct from the digits and '/' used above.
const _: () = {
    let mut i = 0;
    while i < Role::COUNT {
        assert!(!Role::ALL[i].letter().is_ascii_digit());
        i += 1;
    }
};
