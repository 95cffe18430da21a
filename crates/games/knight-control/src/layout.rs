//! The board as data: the grid, the spawning zones around it, and the
//! tables the referee reads (docs/rules/knight-control.md#layout-files).
//!
//! Cells of the grid and of the zones share one index space, a frame one
//! cell wider than the grid on every side: frame column 0 is left of
//! column a, frame row 0 is below row 1.

use crate::item::ItemPlacement;
use crate::place::Place;
use serde::{Deserialize, Serialize};

/// An index into the frame around the grid.
pub type Cell = u16;

/// A zone's index in [`Layout::zones`].
pub type ZoneId = u8;

/// What a frame cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Neither grid nor zone: no knight may ever stand there.
    Outside,
    Grid,
    Zone(ZoneId),
}

/// A layout file as written: JSON, see the rules doc. Zone cells are
/// `[column, row]` pairs counted from 1 at column a and row 1, so 0 and
/// `files + 1` / `ranks + 1` name the strips outside the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutFile {
    pub files: u8,
    pub ranks: u8,
    /// Missing means none, which is refused in plain words.
    #[serde(default)]
    pub zones: Vec<ZoneFile>,
    /// Items laid by hand; when absent the seed lays the default mix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<ItemPlacement>>,
}

/// One zone in a layout file, cells listed clockwise (cell 1 first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneFile {
    pub letter: char,
    pub cells: Vec<[i16; 2]>,
    /// Whether bidding can hand the zone out (zone X cannot).
    #[serde(default = "yes")]
    pub claimable: bool,
}

fn yes() -> bool {
    true
}

/// A zone of a checked layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    pub letter: char,
    pub cells: Vec<Cell>,
    pub claimable: bool,
}

/// A checked layout, with the tables play needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    files: u8,
    ranks: u8,
    width: i32,
    height: i32,
    zones: Vec<Zone>,
    kind: Vec<CellKind>,
    /// Per frame cell: bit z set when zone z is one king step away.
    near: Vec<u16>,
    file: LayoutFile,
}

impl Layout {
    /// The standard board: 15×15, zones A–C along the top, D–F down the
    /// right, G–I along the bottom right to left, J, K, X up the left.
    pub fn standard() -> Layout {
        Layout::from_file(standard_file()).expect("the standard layout is valid")
    }

    /// Checks a layout file. Errors say which zone or cell is wrong.
    pub fn from_file(file: LayoutFile) -> Result<Layout, String> {
        if !(5..=26).contains(&file.files) || !(5..=99).contains(&file.ranks) {
            return Err(format!(
                "a grid of {}x{} is not supported: 5 to 26 columns, 5 to 99 rows",
                file.files, file.ranks
            ));
        }
        if file.zones.is_empty() {
            return Err("the layout has no spawning zones; a game needs at least 2 zones that bidding can hand out".into());
        }
        if file.zones.len() > 16 {
            return Err(format!(
                "{} zones is too many: at most 16",
                file.zones.len()
            ));
        }
        let width = file.files as i32 + 2;
        let height = file.ranks as i32 + 2;
        let mut kind = vec![CellKind::Outside; (width * height) as usize];
        for rank in 0..file.ranks as i32 {
            for col in 0..file.files as i32 {
                kind[((rank + 1) * width + col + 1) as usize] = CellKind::Grid;
            }
        }
        let mut zones = Vec::new();
        for (z, zone) in file.zones.iter().enumerate() {
            if !zone.letter.is_ascii_uppercase() {
                return Err(format!(
                    "zone letter '{}' must be a capital letter",
                    zone.letter
                ));
            }
            if file.zones[..z]
                .iter()
                .any(|other| other.letter == zone.letter)
            {
                return Err(format!("zone {} appears twice", zone.letter));
            }
            if zone.cells.is_empty() || zone.cells.len() > 99 {
                return Err(format!("zone {} needs 1 to 99 cells", zone.letter));
            }
            let mut cells = Vec::new();
            for &[col, row] in &zone.cells {
                let (col, row) = (col as i32, row as i32);
                if col < 0 || row < 0 || col >= width || row >= height {
                    return Err(format!(
                        "zone {} cell [{col}, {row}] is more than one step off the grid",
                        zone.letter
                    ));
                }
                let index = (row * width + col) as usize;
                match kind[index] {
                    CellKind::Grid => {
                        return Err(format!(
                            "zone {} cell [{col}, {row}] is on the grid",
                            zone.letter
                        ))
                    }
                    CellKind::Zone(other) => {
                        return Err(format!(
                            "zone {} cell [{col}, {row}] already belongs to zone {}",
                            zone.letter, file.zones[other as usize].letter
                        ))
                    }
                    CellKind::Outside => kind[index] = CellKind::Zone(z as ZoneId),
                }
                cells.push(index as Cell);
            }
            zones.push(Zone {
                letter: zone.letter,
                cells,
                claimable: zone.claimable,
            });
        }
        let mut near = vec![0u16; kind.len()];
        for (index, bits) in near.iter_mut().enumerate() {
            let (x, y) = (index as i32 % width, index as i32 / width);
            for (dx, dy) in arbiter_core::geometry::KING_STEPS {
                let (nx, ny) = (x + dx as i32, y + dy as i32);
                if nx >= 0 && ny >= 0 && nx < width && ny < height {
                    if let CellKind::Zone(z) = kind[(ny * width + nx) as usize] {
                        *bits |= 1 << z;
                    }
                }
            }
        }
        let layout = Layout {
            files: file.files,
            ranks: file.ranks,
            width,
            height,
            zones,
            kind,
            near,
            file,
        };
        if let Some(items) = &layout.file.items {
            for (i, placement) in items.iter().enumerate() {
                let cell = layout.cell(placement.cell)?;
                if layout.kind(cell) != CellKind::Grid {
                    return Err(format!(
                        "item {} on {}: items lie on grid cells only",
                        placement.item, placement.cell
                    ));
                }
                if items[..i].iter().any(|p| p.cell == placement.cell) {
                    return Err(format!("two items on {}", placement.cell));
                }
            }
        }
        Ok(layout)
    }

    /// Reads a layout file's JSON text.
    pub fn from_json(text: &str) -> Result<Layout, String> {
        let file: LayoutFile =
            serde_json::from_str(text).map_err(|e| format!("layout file: {e}"))?;
        Layout::from_file(file)
    }

    /// The file this layout was read from.
    pub fn file(&self) -> &LayoutFile {
        &self.file
    }

    pub fn files(&self) -> u8 {
        self.files
    }

    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The number of frame cells (the size of per-cell tables).
    pub fn frame_size(&self) -> usize {
        self.kind.len()
    }

    pub fn frame_width(&self) -> i32 {
        self.width
    }

    pub fn frame_height(&self) -> i32 {
        self.height
    }

    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    pub fn zone(&self, id: ZoneId) -> &Zone {
        &self.zones[id as usize]
    }

    /// The zone with this letter.
    pub fn zone_by_letter(&self, letter: char) -> Option<ZoneId> {
        self.zones
            .iter()
            .position(|z| z.letter == letter)
            .map(|z| z as ZoneId)
    }

    /// The letters bidding may hand out, in layout order.
    pub fn claimable_letters(&self) -> Vec<char> {
        self.zones
            .iter()
            .filter(|z| z.claimable)
            .map(|z| z.letter)
            .collect()
    }

    #[inline]
    pub fn kind(&self, cell: Cell) -> CellKind {
        self.kind[cell as usize]
    }

    /// The zones one king step from `cell`, as a bit set.
    #[inline]
    pub fn near_zones(&self, cell: Cell) -> u16 {
        self.near[cell as usize]
    }

    /// Frame coordinates of a cell.
    #[inline]
    pub fn xy(&self, cell: Cell) -> (i32, i32) {
        (cell as i32 % self.width, cell as i32 / self.width)
    }

    /// The cell `(dx, dy)` from `cell`, if inside the frame.
    #[inline]
    pub fn offset(&self, cell: Cell, dx: i32, dy: i32) -> Option<Cell> {
        let (x, y) = self.xy(cell);
        let (nx, ny) = (x + dx, y + dy);
        (nx >= 0 && ny >= 0 && nx < self.width && ny < self.height)
            .then(|| (ny * self.width + nx) as Cell)
    }

    /// The cell a name refers to, or why there is none.
    pub fn cell(&self, place: Place) -> Result<Cell, String> {
        match place {
            Place::Grid { file, rank } => {
                if file >= self.files || rank >= self.ranks {
                    return Err(format!(
                        "{place} is not on the {}x{} grid",
                        self.files, self.ranks
                    ));
                }
                Ok(((rank as i32 + 1) * self.width + file as i32 + 1) as Cell)
            }
            Place::Zone { letter, number } => {
                let z = self
                    .zone_by_letter(letter)
                    .ok_or_else(|| format!("{place}: there is no zone {letter}"))?;
                let cells = &self.zones[z as usize].cells;
                cells
                    .get(number as usize - 1)
                    .copied()
                    .ok_or_else(|| format!("{place}: zone {letter} has only {} cells", cells.len()))
            }
        }
    }

    /// The name of a grid or zone cell.
    pub fn place(&self, cell: Cell) -> Place {
        let (x, y) = self.xy(cell);
        match self.kind(cell) {
            CellKind::Zone(z) => {
                let zone = &self.zones[z as usize];
                let number = zone
                    .cells
                    .iter()
                    .position(|&c| c == cell)
                    .expect("zone cell listed")
                    + 1;
                Place::Zone {
                    letter: zone.letter,
                    number: number as u8,
                }
            }
            _ => Place::Grid {
                file: (x - 1).max(0) as u8,
                rank: (y - 1).max(0) as u8,
            },
        }
    }

    /// The printed name of a cell.
    pub fn name(&self, cell: Cell) -> String {
        self.place(cell).to_string()
    }
}

/// The standard layout's file (docs/rules/knight-control.md#the-board).
pub fn standard_file() -> LayoutFile {
    let top = 16;
    let right = 16;
    let mut zones = Vec::new();
    let mut add = |letter: char, cells: Vec<[i16; 2]>| {
        zones.push(ZoneFile {
            letter,
            cells,
            claimable: letter != 'X',
        })
    };
    for (i, letter) in ['A', 'B', 'C'].into_iter().enumerate() {
        add(
            letter,
            (0..5).map(|k| [1 + 5 * i as i16 + k, top]).collect(),
        );
    }
    for (i, letter) in ['D', 'E', 'F'].into_iter().enumerate() {
        add(
            letter,
            (0..5).map(|k| [right, 15 - 5 * i as i16 - k]).collect(),
        );
    }
    for (i, letter) in ['G', 'H', 'I'].into_iter().enumerate() {
        add(letter, (0..5).map(|k| [15 - 5 * i as i16 - k, 0]).collect());
    }
    for (i, letter) in ['J', 'K', 'X'].into_iter().enumerate() {
        add(letter, (0..5).map(|k| [0, 1 + 5 * i as i16 + k]).collect());
    }
    LayoutFile {
        files: 15,
        ranks: 15,
        zones,
        items: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(layout: &Layout, name: &str) -> Cell {
        layout.cell(name.parse().unwrap()).unwrap()
    }

    #[test]
    fn standard_zones_sit_where_the_issue_says() {
        let l = Layout::standard();
        // A1 sits just above a15; zones run clockwise.
        assert_eq!(l.offset(cell(&l, "a15"), 0, 1), Some(cell(&l, "A1")));
        assert_eq!(l.offset(cell(&l, "e15"), 0, 1), Some(cell(&l, "A5")));
        assert_eq!(l.offset(cell(&l, "f15"), 0, 1), Some(cell(&l, "B1")));
        assert_eq!(l.offset(cell(&l, "o15"), 1, 0), Some(cell(&l, "D1")));
        assert_eq!(l.offset(cell(&l, "o1"), 1, 0), Some(cell(&l, "F5")));
        assert_eq!(l.offset(cell(&l, "o1"), 0, -1), Some(cell(&l, "G1")));
        assert_eq!(l.offset(cell(&l, "a1"), 0, -1), Some(cell(&l, "I5")));
        assert_eq!(l.offset(cell(&l, "a1"), -1, 0), Some(cell(&l, "J1")));
        assert_eq!(l.offset(cell(&l, "a15"), -1, 0), Some(cell(&l, "X5")));
        assert_eq!(
            l.claimable_letters().iter().collect::<String>(),
            "ABCDEFGHIJK"
        );
        for name in ["A1", "o15", "G3", "X1", "h8"] {
            assert_eq!(l.name(cell(&l, name)), name);
        }
    }

    #[test]
    fn corners_belong_to_nobody_and_nearness_counts_diagonals() {
        let l = Layout::standard();
        let corner = l.offset(cell(&l, "a15"), -1, 1).unwrap();
        assert_eq!(l.kind(corner), CellKind::Outside);
        let a = l.zone_by_letter('A').unwrap();
        let x = l.zone_by_letter('X').unwrap();
        // a15 touches A1 (above), X5 (left); a14 touches X4, X5 but not A.
        assert_eq!(l.near_zones(cell(&l, "a15")), (1 << a) | (1 << x));
        assert_eq!(l.near_zones(cell(&l, "a14")), 1 << x);
        // e15 touches A4, A5 and, diagonally, B1.
        let b = l.zone_by_letter('B').unwrap();
        assert_eq!(l.near_zones(cell(&l, "e15")), (1 << a) | (1 << b));
        assert_eq!(l.near_zones(cell(&l, "h8")), 0);
        assert_eq!(l.near_zones(cell(&l, "b13")), 0);
    }

    #[test]
    fn bad_layouts_are_refused_with_reasons() {
        let mut file = standard_file();
        file.zones[1].cells[0] = [1, 16];
        assert!(Layout::from_file(file)
            .unwrap_err()
            .contains("already belongs to zone A"));
        let mut file = standard_file();
        file.zones[0].cells[0] = [3, 3];
        assert!(Layout::from_file(file).unwrap_err().contains("on the grid"));
        let json = serde_json::to_string(&standard_file()).unwrap();
        assert_eq!(Layout::from_json(&json).unwrap(), Layout::standard());
        assert!(Layout::from_json("{}").is_err());
    }
}
