//! The board: a rectangle of blocks, each opened or not, holding pieces and
//! territory.
//!
//! Storage is a dense grid of tiles over the current rectangle with its
//! origin at the south-west tile, so lookups are one multiply-add. When the
//! board grows (docs/rules/tilechess.md#growth) the grid is rebuilt one
//! block larger on every side; tile names never change, only the origin.

use crate::coord::{Block, Tile, BLOCK};
use crate::piece::Piece;
use arbiter_core::Seat;

/// One tile's contents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Whether the tile's block has been opened.
    pub open: bool,
    pub piece: Option<Piece>,
    /// Whose territory the tile is, if anyone's.
    pub land: Option<Seat>,
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// South-west and north-east blocks of the rectangle, inclusive.
    lo: Block,
    hi: Block,
    /// Tiles per row.
    width: i32,
    cells: Vec<Cell>,
    unopened: usize,
}

impl Board {
    /// A board of `wide` × `high` unopened blocks, the south-west one at
    /// block 0,0.
    pub fn new(wide: u16, high: u16) -> Board {
        assert!(wide >= 1 && high >= 1, "a board has at least one block");
        Board::with_bounds(
            Block::new(0, 0),
            Block::new(wide as i32 - 1, high as i32 - 1),
        )
    }

    /// An all-unopened board spanning blocks `lo..=hi`.
    pub fn with_bounds(lo: Block, hi: Block) -> Board {
        assert!(lo.bx <= hi.bx && lo.by <= hi.by, "empty board rectangle");
        let width = (hi.bx - lo.bx + 1) * BLOCK;
        let height = (hi.by - lo.by + 1) * BLOCK;
        let blocks = ((hi.bx - lo.bx + 1) * (hi.by - lo.by + 1)) as usize;
        Board {
            lo,
            hi,
            width,
            cells: vec![Cell::default(); (width * height) as usize],
            unopened: blocks,
        }
    }

    /// The south-west and north-east blocks, inclusive.
    pub fn bounds(&self) -> (Block, Block) {
        (self.lo, self.hi)
    }

    /// The south-west and north-east tiles, inclusive.
    pub fn tile_bounds(&self) -> (Tile, Tile) {
        (
            self.lo.corner(),
            self.hi.corner().offset(BLOCK - 1, BLOCK - 1),
        )
    }

    pub fn contains_block(&self, b: Block) -> bool {
        b.bx >= self.lo.bx && b.bx <= self.hi.bx && b.by >= self.lo.by && b.by <= self.hi.by
    }

    #[inline]
    fn index(&self, t: Tile) -> Option<usize> {
        let x = t.x - self.lo.bx * BLOCK;
        let y = t.y - self.lo.by * BLOCK;
        if x < 0 || y < 0 || x >= self.width {
            return None;
        }
        // In 64 bits: a tile far north of a wide board (a position string
        // may name any tile within ±2^28) is off it, not a wrapped index.
        let i = usize::try_from(i64::from(y) * i64::from(self.width) + i64::from(x)).ok()?;
        (i < self.cells.len()).then_some(i)
    }

    /// The tile's contents; tiles off the board read as unopened and empty.
    #[inline]
    pub fn cell(&self, t: Tile) -> Cell {
        self.index(t).map_or(Cell::default(), |i| self.cells[i])
    }

    #[inline]
    pub fn is_open(&self, t: Tile) -> bool {
        self.index(t).is_some_and(|i| self.cells[i].open)
    }

    #[inline]
    pub fn piece(&self, t: Tile) -> Option<Piece> {
        self.index(t).and_then(|i| self.cells[i].piece)
    }

    pub fn land(&self, t: Tile) -> Option<Seat> {
        self.index(t).and_then(|i| self.cells[i].land)
    }

    /// Puts `piece` on an opened tile (or clears it). Panics off the opened
    /// board: callers validate first.
    pub fn set_piece(&mut self, t: Tile, piece: Option<Piece>) {
        let i = self.open_index(t);
        self.cells[i].piece = piece;
    }

    pub fn set_land(&mut self, t: Tile, owner: Option<Seat>) {
        let i = self.open_index(t);
        self.cells[i].land = owner;
    }

    fn open_index(&self, t: Tile) -> usize {
        match self.index(t) {
            Some(i) if self.cells[i].open => i,
            _ => panic!("tile {t} is not on an opened block"),
        }
    }

    pub fn is_block_open(&self, b: Block) -> bool {
        self.is_open(b.corner())
    }

    /// Whether `b` is on the board and still unopened.
    pub fn is_unopened(&self, b: Block) -> bool {
        self.contains_block(b) && !self.is_block_open(b)
    }

    /// How many blocks are still unopened.
    pub fn unopened_count(&self) -> usize {
        self.unopened
    }

    /// Every block of the board, sorted by (bx, by).
    pub fn blocks(&self) -> impl Iterator<Item = Block> + '_ {
        (self.lo.bx..=self.hi.bx)
            .flat_map(move |bx| (self.lo.by..=self.hi.by).map(move |by| Block::new(bx, by)))
    }

    pub fn unopened_blocks(&self) -> impl Iterator<Item = Block> + '_ {
        self.blocks().filter(|&b| !self.is_block_open(b))
    }

    pub fn opened_blocks(&self) -> impl Iterator<Item = Block> + '_ {
        self.blocks().filter(|&b| self.is_block_open(b))
    }

    /// Opens an unopened block of the board, then grows the board if no
    /// unopened block remains. Panics if `b` is not unopened.
    pub fn open_block(&mut self, b: Block) {
        self.open_block_exact(b);
        if self.unopened == 0 {
            self.grow();
        }
    }

    /// Opens a block without growing the board, for reading positions.
    pub(crate) fn open_block_exact(&mut self, b: Block) {
        assert!(
            self.is_unopened(b),
            "block {b} is not an unopened block of the board"
        );
        for t in b.tiles() {
            let i = self.index(t).expect("block is on the board");
            self.cells[i].open = true;
        }
        self.unopened -= 1;
    }

    /// Adds one ring of unopened blocks on all four sides
    /// (docs/rules/tilechess.md#growth).
    pub fn grow(&mut self) {
        let mut bigger = Board::with_bounds(
            Block::new(self.lo.bx - 1, self.lo.by - 1),
            Block::new(self.hi.bx + 1, self.hi.by + 1),
        );
        let (sw, ne) = self.tile_bounds();
        for y in sw.y..=ne.y {
            for x in sw.x..=ne.x {
                let t = Tile::new(x, y);
                let i = bigger
                    .index(t)
                    .expect("the old board lies inside the new one");
                bigger.cells[i] = self.cell(t);
            }
        }
        bigger.unopened = bigger.unopened - self.blocks().count() + self.unopened;
        *self = bigger;
    }

    /// Every occupied tile with its piece, row by row from the south, west to
    /// east.
    pub fn pieces(&self) -> impl Iterator<Item = (Tile, Piece)> + '_ {
        let (sw, _) = self.tile_bounds();
        let width = self.width;
        self.cells.iter().enumerate().filter_map(move |(i, c)| {
            let i = i as i32;
            c.piece
                .map(|p| (Tile::new(sw.x + i % width, sw.y + i / width), p))
        })
    }

    /// Every tile that is someone's territory, with its holder, row by row.
    pub fn lands(&self) -> impl Iterator<Item = (Tile, Seat)> + '_ {
        let (sw, _) = self.tile_bounds();
        let width = self.width;
        self.cells.iter().enumerate().filter_map(move |(i, c)| {
            let i = i as i32;
            c.land
                .map(|s| (Tile::new(sw.x + i % width, sw.y + i / width), s))
        })
    }

    /// Removes every piece and all territory of `seat`.
    pub fn clear_player(&mut self, seat: Seat) {
        for c in &mut self.cells {
            if c.piece.is_some_and(|p| p.owner == seat) {
                c.piece = None;
            }
            if c.land == Some(seat) {
                c.land = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Role;

    #[test]
    fn growth_keeps_tile_names() {
        let mut b = Board::new(1, 2);
        assert_eq!(b.unopened_count(), 2);
        b.open_block(Block::new(0, 0));
        let king = Piece {
            owner: Seat(0),
            role: Role::King,
        };
        b.set_piece(Tile::new(2, 3), Some(king));
        b.set_land(Tile::new(1, 1), Some(Seat(0)));
        b.open_block(Block::new(0, 1));
        // No unopened block was left: one ring was added on every side.
        assert_eq!(b.bounds(), (Block::new(-1, -1), Block::new(1, 2)));
        assert_eq!(b.tile_bounds(), (Tile::new(-4, -4), Tile::new(7, 11)));
        assert_eq!(b.unopened_count(), 12 - 2);
        assert_eq!(b.piece(Tile::new(2, 3)), Some(king));
        assert_eq!(b.land(Tile::new(1, 1)), Some(Seat(0)));
        assert!(b.is_open(Tile::new(3, 7)));
        assert!(!b.is_open(Tile::new(-1, 0)));
        assert!(b.is_unopened(Block::new(-1, 2)));
        assert!(!b.contains_block(Block::new(-2, 0)));
        assert_eq!(
            b.pieces().collect::<Vec<_>>(),
            vec![(Tile::new(2, 3), king)]
        );
    }
}
