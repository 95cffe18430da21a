//! A board described as data: the one description of a position that both
//! the web client and the board pictures draw, so that the two never
//! disagree (docs/pictures.md).
//!
//! A scene is a grid of cells (row by row from the top of the board as
//! White, the first seat, sees it), each with its kind, an optional tint,
//! label, item and piece, plus the marks of the last move and the panels
//! beside the board (hands, scores, clocks, who is to move, the result).
//! It holds no rule: each game builds it from what one viewer may see, so
//! it can hold no secret of another seat.

use serde::{Deserialize, Serialize};

/// One viewer's picture of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    /// What a screen reader calls the board ("Knight Court board").
    pub label: String,
    /// Columns and rows of the grid.
    pub width: usize,
    pub height: usize,
    /// A label under each column, left to right, and beside each row, top
    /// to bottom ("" where there is none).
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    /// The cells, `width` per row, the top row first.
    pub cells: Vec<Cell>,
    /// The sides pieces and tints refer to, by index.
    pub sides: Vec<Side>,
    /// What the last move did, once there is one.
    pub last: Option<Last>,
    /// Panels beside the board: hands, scores, clocks.
    pub panels: Vec<Panel>,
    /// Short lines under the board: who is to move, check, the result.
    pub status: Vec<String>,
}

/// A side (a seat's colour) as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub name: String,
    /// The fill of its pieces and tints, and the ink of letters on them,
    /// as `#rrggbb`; the ink is chosen for WCAG AA contrast with the fill.
    pub fill: String,
    pub ink: String,
}

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CellKind {
    Light,
    Dark,
    /// A lettered zone (Knight Control), tinted for its owner.
    Zone,
    /// An unopened block (Tilechess).
    Block,
    /// Not part of the board: drawn as nothing.
    Off,
}

/// One cell of the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The key a click on it gives ("b2", "3,4", "join:0,4"); empty off
    /// the board.
    pub key: String,
    pub kind: CellKind,
    /// The side whose colour tints it (territory, an owned zone).
    pub tint: Option<usize>,
    /// A letter written in it (a zone's).
    pub label: Option<String>,
    pub item: Option<Item>,
    pub piece: Option<Token>,
    /// What it is in words, for tooltips and screen readers
    /// ("c2: White rook").
    pub name: String,
}

impl Cell {
    /// A cell of `kind` with no tint, label, item or piece.
    pub fn plain(key: impl Into<String>, kind: CellKind, name: impl Into<String>) -> Cell {
        Cell {
            key: key.into(),
            kind,
            tint: None,
            label: None,
            item: None,
            piece: None,
            name: name.into(),
        }
    }
}

/// Something lying on a cell to be picked up (Knight Control's items).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// A short mark ("◆", "¢2").
    pub mark: String,
    pub name: String,
}

/// A piece, on a cell or in a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    /// The side it belongs to (an index into [`Scene::sides`]).
    pub side: usize,
    /// A chess glyph to draw it with, where the game has one ("♖");
    /// otherwise it is a disc in its side's colour with `letter` on it.
    pub glyph: Option<String>,
    pub letter: String,
    /// A small second line on the disc (a knight's movement "1x2").
    pub sub: Option<String>,
    /// A small mark in its corner (the owner's initial in Tilechess).
    pub corner: Option<String>,
    /// A badge: the ball it holds, a spent shield.
    pub badge: Option<Badge>,
    /// Drawn faint (a Knight Moves piece that may not receive a pass).
    pub faint: bool,
}

impl Token {
    /// A disc of `side` with `letter` on it.
    pub fn disc(side: usize, letter: impl Into<String>) -> Token {
        Token {
            side,
            glyph: None,
            letter: letter.into(),
            sub: None,
            corner: None,
            badge: None,
            faint: false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Badge {
    /// Holds the ball (Knight Moves).
    Ball,
    /// Its shield is spent (Progressive Chess's protector).
    Spent,
}

/// What the last move (or round) did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Last {
    /// A number that changes with every new last move (the moves played,
    /// the round), so that a client animates each move once.
    pub serial: usize,
    /// Cells to highlight.
    pub cells: Vec<String>,
    /// Lines through cell centres (a pass chain, a trail, a knight's way),
    /// each in a side's colour or the neutral one.
    pub paths: Vec<Path>,
    /// Pieces that arrived, to animate: from a cell, or from nowhere (a
    /// drop, a spawn).
    pub arrivals: Vec<Arrival>,
    /// Marks on cells: collisions, captures, spawns.
    pub marks: Vec<Mark>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Path {
    pub keys: Vec<String>,
    pub side: Option<usize>,
    /// A jump that crosses nothing (a teleport): drawn dashed.
    pub jump: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    pub to: String,
    pub from: Option<String>,
    /// Only the badge (the ball) travelled, not the piece.
    pub badge_only: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub key: String,
    pub kind: MarkKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    Collision,
    Capture,
    Spawn,
}

/// A panel beside the board: a side's hand, score or clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Panel {
    /// The side it belongs to, if any: drawn on that side's edge.
    pub side: Option<usize>,
    pub title: String,
    /// Pieces in it, each with the key a click on it gives (a hand piece
    /// to drop), if any.
    pub pieces: Vec<(Option<String>, Token)>,
    /// Whether it belongs to the side to move (drawn bold).
    pub active: bool,
}

/// Games that describe a position as a [`Scene`] for one viewer.
pub trait Depict {
    /// The scene of the position now, as `viewer` may see it.
    fn scene(&self, viewer: crate::Viewer) -> Scene;

    /// `seat` in the game's own words, as its pictures and results name
    /// it ("White", "Ohs", a Tilechess colour); "P2" where the game has
    /// no other name for it. Public: it names who plays, not what they
    /// hold.
    fn seat_name(&self, seat: crate::Seat) -> String {
        plain_seat_name(seat)
    }
}

/// A seat by its number as the pages count it: "P1", "P2", ….
pub fn plain_seat_name(seat: crate::Seat) -> String {
    format!("P{}", seat.0 as u16 + 1)
}

/// The black or white ink with the higher WCAG contrast ratio on `fill`
/// (`#rrggbb`).
pub fn ink_on(fill: &str) -> &'static str {
    let l = luminance(fill);
    if (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) {
        "#000000"
    } else {
        "#ffffff"
    }
}

/// The relative luminance of `#rrggbb` (WCAG 2).
pub fn luminance(hex: &str) -> f64 {
    let n = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    let f = |v: u32| {
        let v = v as f64 / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * f(n >> 16) + 0.7152 * f((n >> 8) & 255) + 0.0722 * f(n & 255)
}

/// A side of `fill` with the ink that reads on it.
pub fn side(name: impl Into<String>, fill: &str) -> Side {
    Side {
        name: name.into(),
        fill: fill.into(),
        ink: ink_on(fill).into(),
    }
}

/// What opens a scene's first status line once its game is over: the
/// result follows, in the game's own words ([`Scene::result`]).
pub const GAME_OVER: &str = "Game over: ";

/// The status line of a finished game saying `result`.
pub fn game_over(result: impl std::fmt::Display) -> String {
    format!("{GAME_OVER}{result}")
}

/// The two sides of a chess-like duel: White's light pieces, Black's dark.
pub fn white_and_black(names: [&str; 2]) -> Vec<Side> {
    vec![side(names[0], "#fafafa"), side(names[1], "#222222")]
}

impl Scene {
    /// The result in the game's own words ("White wins by checkmate"), once
    /// the game is over: what the pictures and `show` say.
    pub fn result(&self) -> Option<&str> {
        self.status.first()?.strip_prefix(GAME_OVER)
    }

    /// The checkered board `label` of `files` × `ranks` squares seen from
    /// White's side (rank `ranks` on top), squares named `a1`…, with
    /// `piece` giving the piece and its words on each (file, rank) counted
    /// from zero; no sides, last move, panels or status yet.
    pub fn checkered(
        label: &str,
        files: u8,
        ranks: u8,
        mut piece: impl FnMut(u8, u8) -> Option<(Token, String)>,
    ) -> Scene {
        let mut cells = Vec::with_capacity(files as usize * ranks as usize);
        for rank in (0..ranks).rev() {
            for file in 0..files {
                let key = square_name(file, rank);
                // a1 is dark, as on a chess board.
                let kind = if (file + rank) % 2 == 0 {
                    CellKind::Dark
                } else {
                    CellKind::Light
                };
                let mut cell = Cell::plain(key.clone(), kind, key.clone());
                if let Some((token, what)) = piece(file, rank) {
                    cell.name = format!("{key}: {what}");
                    cell.piece = Some(token);
                }
                cells.push(cell);
            }
        }
        Scene {
            label: label.into(),
            width: files as usize,
            height: ranks as usize,
            files: (0..files)
                .map(|f| ((b'a' + f) as char).to_string())
                .collect(),
            ranks: (0..ranks).rev().map(|r| (r + 1).to_string()).collect(),
            cells,
            ..Scene::default()
        }
    }
}

/// A piece moved from `from` to `to` in the `serial`th move.
pub fn slide(serial: usize, from: &str, to: &str) -> Last {
    Last {
        serial,
        cells: vec![from.into(), to.into()],
        arrivals: vec![Arrival {
            to: to.into(),
            from: Some(from.into()),
            badge_only: false,
        }],
        ..Last::default()
    }
}

/// A piece appeared on `to` from no square (a drop, a raising) in the
/// `serial`th move.
pub fn appear(serial: usize, to: &str) -> Last {
    Last {
        serial,
        cells: vec![to.into()],
        arrivals: vec![Arrival {
            to: to.into(),
            from: None,
            badge_only: false,
        }],
        ..Last::default()
    }
}

/// The status line of a duel: the result once there is one, else who is
/// to move (and whether in check).
pub fn duel_status(
    outcome: Option<&crate::Outcome>,
    seat_name: impl Fn(crate::Seat) -> String,
    to_move: &str,
    check: bool,
) -> Vec<String> {
    match outcome {
        Some(outcome) => vec![game_over(outcome.described(seat_name))],
        None if check => vec![format!("{to_move} to move (in check)")],
        None => vec![format!("{to_move} to move")],
    }
}

/// `a1`-style name of (file, rank) counted from zero.
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// The Unicode chess glyph of a piece letter (`K Q R B N P`) for White
/// (`white`) or Black.
pub fn chess_glyph(letter: char, white: bool) -> Option<String> {
    let i = "KQRBNP".find(letter)? as u32;
    let base = if white { 0x2654 } else { 0x265A };
    char::from_u32(base + i).map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ink_reads_on_its_fill() {
        assert_eq!(ink_on("#fafafa"), "#000000");
        assert_eq!(ink_on("#222222"), "#ffffff");
        // Vermillion takes black: white on it is 3.9:1, below AA.
        assert_eq!(ink_on("#D55E00"), "#000000");
    }

    #[test]
    fn a_checkered_board_is_named_from_the_top_left() {
        let scene = Scene::checkered("test", 3, 3, |f, r| {
            (f == 0 && r == 0).then(|| (Token::disc(0, "N"), "White knight".into()))
        });
        assert_eq!(scene.files, ["a", "b", "c"]);
        assert_eq!(scene.ranks, ["3", "2", "1"]);
        let cells = scene.cells;
        assert_eq!(cells[0].key, "a3");
        assert_eq!(cells[6].key, "a1");
        assert_eq!(cells[6].kind, CellKind::Dark);
        assert_eq!(cells[6].name, "a1: White knight");
        assert_eq!(chess_glyph('R', true).as_deref(), Some("\u{2656}"));
        assert_eq!(chess_glyph('N', false).as_deref(), Some("\u{265E}"));
    }
}
