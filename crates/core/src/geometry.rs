//! Rectangular-board geometry shared by the small-board games.
//!
//! Squares are numbered rank by rank from a1 (`index = rank * files + file`),
//! the layout every game's bit tables use. Board size is a property of each
//! game, never a global.

use std::fmt;

pub use crate::squares::{Occupancy, Square, SquareSet};

/// A rectangular board of `files` × `ranks` squares (at most 26 files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub files: u8,
    pub ranks: u8,
}

/// A square named by file and rank, both counted from zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// The king's eight steps as (file, rank) deltas.
pub const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
/// The rook's four directions.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The bishop's four directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The chess knight's eight leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = leaper(1, 2);

/// The eight (or four, when m = n) leaps of an m×n leaper: m one way and n
/// the other, in every direction. Duplicates (m = n, or m = 0) appear twice.
pub const fn leaper(m: i8, n: i8) -> [(i8, i8); 8] {
    let wide = wide_leaper(m as i32, n as i32);
    let mut out = [(0, 0); 8];
    let mut i = 0;
    while i < 8 {
        out[i] = (wide[i].0 as i8, wide[i].1 as i8);
        i += 1;
    }
    out
}

/// [`leaper`] for leaps too long for `i8`, in `i32` deltas (the same order).
pub const fn wide_leaper(m: i32, n: i32) -> [(i32, i32); 8] {
    [
        (m, n),
        (n, m),
        (n, -m),
        (m, -n),
        (-m, -n),
        (-n, -m),
        (-n, m),
        (-m, n),
    ]
}

/// `deltas` as `i32` pairs, for games whose coordinates are `i32`.
pub const fn widen<const N: usize>(deltas: [(i8, i8); N]) -> [(i32, i32); N] {
    let mut out = [(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = (deltas[i].0 as i32, deltas[i].1 as i32);
        i += 1;
    }
    out
}

impl Grid {
    pub const fn new(files: u8, ranks: u8) -> Grid {
        Grid { files, ranks }
    }

    /// The number of squares.
    pub const fn size(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The index of `coord`.
    pub const fn index(self, coord: Coord) -> usize {
        coord.rank as usize * self.files as usize + coord.file as usize
    }

    /// The square with index `index`.
    pub const fn coord(self, index: usize) -> Coord {
        Coord {
            file: (index % self.files as usize) as u8,
            rank: (index / self.files as usize) as u8,
        }
    }

    /// The square `delta` away from `index`, if it is on the board.
    pub const fn offset(self, index: usize, delta: (i8, i8)) -> Option<usize> {
        let c = self.coord(index);
        let file = c.file as i16 + delta.0 as i16;
        let rank = c.rank as i16 + delta.1 as i16;
        if file < 0 || rank < 0 || file >= self.files as i16 || rank >= self.ranks as i16 {
            None
        } else {
            Some(rank as usize * self.files as usize + file as usize)
        }
    }

    /// Reads a square name such as `c3`. The error says what is wrong.
    pub fn parse(self, text: &str) -> Result<Coord, String> {
        let bytes = text.as_bytes();
        let Some((&file, rank)) = bytes.split_first() else {
            return Err("empty square name".into());
        };
        let last_file = (b'a' + self.files - 1) as char;
        if !file.is_ascii_lowercase() || file - b'a' >= self.files {
            return Err(format!(
                "'{text}' is not a square: files run from a to {last_file}"
            ));
        }
        let rank_text = std::str::from_utf8(rank).unwrap_or("");
        let rank: u8 = match rank_text.parse() {
            Ok(r) if r >= 1 && r <= self.ranks && !rank_text.starts_with('0') => r,
            _ => {
                return Err(format!(
                    "'{text}' is not a square: ranks run from 1 to {}",
                    self.ranks
                ))
            }
        };
        Ok(Coord {
            file: file - b'a',
            rank: rank - 1,
        })
    }

    /// The name of the square with index `index`.
    pub fn name(self, index: usize) -> String {
        self.coord(index).to_string()
    }

    /// Writes the board the FEN way: ranks from the top, separated by `/`,
    /// files left to right, what `cell` shows for an occupied square and
    /// the count of each run of empty squares.
    pub fn write_placement<T: fmt::Display>(
        self,
        out: &mut impl fmt::Write,
        mut cell: impl FnMut(Coord) -> Option<T>,
    ) -> fmt::Result {
        for rank in (0..self.ranks).rev() {
            let mut empty = 0;
            for file in 0..self.files {
                match cell(Coord { file, rank }) {
                    Some(shown) => {
                        if empty > 0 {
                            write!(out, "{empty}")?;
                            empty = 0;
                        }
                        write!(out, "{shown}")?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(out, "{empty}")?;
            }
            if rank > 0 {
                out.write_str("/")?;
            }
        }
        Ok(())
    }

    /// [`Grid::write_placement`] for boards of one letter per piece (see
    /// [`crate::Piece::char`]): `piece_at` gives the piece on the square
    /// with each index.
    pub fn write_pieces<R: crate::Lettered>(
        self,
        out: &mut impl fmt::Write,
        piece_at: impl Fn(usize) -> Option<crate::Piece<R>>,
    ) -> fmt::Result {
        self.write_placement(out, |c| piece_at(self.index(c)).map(crate::Piece::char))
    }

    /// [`Grid::read_placement`] for boards of one letter per piece:
    /// `piece` reads a letter; `letters` tells a player which exist.
    pub fn read_pieces<T>(
        self,
        text: &str,
        piece: impl Fn(char) -> Option<T>,
        letters: &str,
    ) -> Result<Vec<Option<T>>, String> {
        self.read_placement(text, &[], |token| {
            let mut chars = token.chars();
            match (chars.next().and_then(&piece), chars.next()) {
                (Some(p), None) => Ok(p),
                _ => Err(format!("'{token}' is not a piece letter{letters}")),
            }
        })
    }

    /// Reads a board written the FEN way (what [`Grid::write_placement`]
    /// writes): ranks from the top separated by `/`, files left to right,
    /// a number for each run of empty squares, and for each occupied
    /// square one letter, after any of the `marks` that qualify it
    /// (Knight Moves writes `~` before an ineligible piece). `cell` reads
    /// one square's marks and letter. The result is indexed like the
    /// grid; errors name the rank and what is wrong.
    pub fn read_placement<T>(
        self,
        text: &str,
        marks: &[char],
        mut cell: impl FnMut(&str) -> Result<T, String>,
    ) -> Result<Vec<Option<T>>, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != self.ranks as usize {
            return Err(format!(
                "the board has {} ranks, but the text has {} ranks separated by '/'",
                self.ranks,
                rows.len()
            ));
        }
        let mut board: Vec<Option<T>> = (0..self.size()).map(|_| None).collect();
        for (row, rank) in rows.iter().zip((0..self.ranks).rev()) {
            let too_long = || {
                format!(
                    "rank {} describes more than {} squares",
                    rank + 1,
                    self.files
                )
            };
            let mut file = 0usize;
            let mut rest = *row;
            while let Some(first) = rest.chars().next() {
                let token_len = if first.is_ascii_digit() {
                    rest.find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(rest.len())
                } else {
                    let marked = rest.find(|c: char| !marks.contains(&c)).ok_or_else(|| {
                        format!(
                            "rank {} ends with '{rest}', which must be followed by a piece",
                            rank + 1
                        )
                    })?;
                    let letter = rest[marked..].chars().next().expect("found above");
                    if letter.is_ascii_digit() {
                        return Err(format!(
                            "rank {}: '{}' must be followed by a piece letter, not a digit",
                            rank + 1,
                            &rest[..marked]
                        ));
                    }
                    marked + letter.len_utf8()
                };
                let (token, tail) = rest.split_at(token_len);
                rest = tail;
                if first.is_ascii_digit() {
                    let run: usize = match token.parse() {
                        Ok(run) if run > 0 && !token.starts_with('0') => run,
                        _ => {
                            return Err(format!(
                                "rank {}: a run of empty squares cannot be 0 or start with 0, as '{token}' does",
                                rank + 1
                            ))
                        }
                    };
                    file = file.saturating_add(run);
                    if file > self.files as usize {
                        // "11" reads as eleven, not as one and one: say so.
                        let how = if token.len() > 1 {
                            format!(" ('{token}' is one run of {run} empty squares; adjacent runs are written as one number)")
                        } else {
                            String::new()
                        };
                        return Err(too_long() + &how);
                    }
                    continue;
                }
                if file >= self.files as usize {
                    return Err(too_long());
                }
                let piece = cell(token).map_err(|reason| format!("rank {}: {reason}", rank + 1))?;
                board[rank as usize * self.files as usize + file] = Some(piece);
                file += 1;
            }
            if file < self.files as usize {
                return Err(format!(
                    "rank {} describes only {file} of its {} squares",
                    rank + 1,
                    self.files
                ));
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_coord_round_trip() {
        let g = Grid::new(7, 8);
        for i in 0..g.size() {
            assert_eq!(g.index(g.coord(i)), i);
        }
        assert_eq!(g.name(0), "a1");
        assert_eq!(g.name(55), "g8");
    }

    #[test]
    fn parse_refuses_off_board_names() {
        let g = Grid::new(3, 3);
        assert_eq!(g.parse("c3").unwrap(), Coord { file: 2, rank: 2 });
        assert!(g.parse("d1").unwrap_err().contains("files run from a to c"));
        assert!(g.parse("a4").unwrap_err().contains("ranks run from 1 to 3"));
        assert!(g.parse("a0").is_err());
        assert!(g.parse("a01").is_err());
        assert!(g.parse("").is_err());
        assert!(g.parse("A1").is_err());
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let g = Grid::new(3, 3);
        assert_eq!(g.offset(0, (1, 2)), Some(7));
        assert_eq!(g.offset(0, (-1, 2)), None);
        assert_eq!(g.offset(8, (1, 0)), None);
        let on_board = KNIGHT_LEAPS
            .iter()
            .filter(|&&d| g.offset(4, d).is_some())
            .count();
        assert_eq!(on_board, 0, "the centre of a 3x3 board has no knight moves");
    }

    #[test]
    fn placement_counts_empty_runs() {
        let mut text = String::new();
        Grid::new(3, 2)
            .write_placement(&mut text, |c| (c.file == 1).then_some('x'))
            .unwrap();
        assert_eq!(text, "1x1/1x1");
        text.clear();
        Grid::new(2, 2)
            .write_placement(&mut text, |c| (c.rank == 0 && c.file == 0).then_some("~o"))
            .unwrap();
        assert_eq!(text, "2/~o1");
    }

    #[test]
    fn placement_reads_back_what_was_written() {
        let grid = Grid::new(15, 2);
        let read = |token: &str| match token {
            "x" | "~x" => Ok(token.to_string()),
            _ => Err(format!("'{token}' is not a piece")),
        };
        let board = grid.read_placement("12x~x1/15", &['~'], read).unwrap();
        assert_eq!(
            board[grid.index(Coord { file: 12, rank: 1 })].as_deref(),
            Some("x")
        );
        assert_eq!(
            board[grid.index(Coord { file: 13, rank: 1 })].as_deref(),
            Some("~x")
        );
        let mut text = String::new();
        grid.write_placement(&mut text, |c| board[grid.index(c)].clone())
            .unwrap();
        assert_eq!(text, "12x~x1/15");
        let cases = [
            ("15", "2 ranks, but the text has 1"),
            ("16/15", "rank 2 describes more than 15"),
            ("14xx/15", "rank 2 describes more than 15"),
            ("14/15", "rank 2 describes only 14 of its 15"),
            (
                "15/11111",
                "rank 1 describes more than 15 squares ('11111' is one run of 11111 empty squares; \
                 adjacent runs are written as one number)",
            ),
            ("0x14/15", "cannot be 0"),
            ("15/x~", "rank 1 ends with '~'"),
            ("15/~1x13", "not a digit"),
            ("15/y14", "rank 1: 'y' is not a piece"),
        ];
        for (text, needle) in cases {
            let err = grid.read_placement(text, &['~'], read).unwrap_err();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn leapers_in_both_widths_agree() {
        assert_eq!(widen(leaper(1, 2)), wide_leaper(1, 2));
        assert_eq!(widen(KNIGHT_LEAPS)[0], (1, 2));
        assert!(wide_leaper(3, 200).contains(&(-200, 3)));
    }
}
