//! Tiles and blocks: the two grains of the board.
//!
//! Tiles have integer coordinates `x,y` (x grows east, y grows north) that
//! may be negative, so no tile is ever renamed when the board grows
//! (docs/rules/tilechess.md#coordinates). Blocks are 4×4 tiles; the block
//! holding tile `x,y` is `(x div 4, y div 4)` with floor division, and a
//! block is named in notation by its south-west corner tile.

use std::fmt;

/// Tiles per block side.
pub const BLOCK: i32 = 4;

/// One tile of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    pub x: i32,
    pub y: i32,
}

impl Tile {
    /// The largest coordinate text may name, far beyond any real board, so
    /// arithmetic on parsed tiles never overflows.
    pub const LIMIT: i32 = 1 << 28;

    pub const fn new(x: i32, y: i32) -> Tile {
        Tile { x, y }
    }

    /// The block this tile belongs to.
    #[inline]
    pub const fn block(self) -> Block {
        Block {
            bx: self.x.div_euclid(BLOCK),
            by: self.y.div_euclid(BLOCK),
        }
    }

    #[inline]
    pub const fn offset(self, dx: i32, dy: i32) -> Tile {
        Tile {
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// Reads `x,y`, e.g. `5,3` or `-4,0`.
    pub fn parse(text: &str) -> Result<Tile, String> {
        let (x, y) = text
            .split_once(',')
            .ok_or_else(|| format!("'{text}' is not a tile: write x,y such as 5,3"))?;
        let number = |s: &str| -> Result<i32, String> {
            let v = s
                .parse::<i32>()
                .map_err(|_| format!("'{text}' is not a tile: '{s}' is not a whole number"))?;
            if v.abs() > Tile::LIMIT {
                return Err(format!(
                    "'{text}' is not a tile: coordinates stay within ±{}",
                    Tile::LIMIT
                ));
            }
            Ok(v)
        };
        Ok(Tile {
            x: number(x)?,
            y: number(y)?,
        })
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// One 4×4 block, by block coordinates (not tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Block {
    pub bx: i32,
    pub by: i32,
}

impl Block {
    pub const fn new(bx: i32, by: i32) -> Block {
        Block { bx, by }
    }

    /// The south-west tile, which names the block in notation.
    pub const fn corner(self) -> Tile {
        Tile {
            x: self.bx * BLOCK,
            y: self.by * BLOCK,
        }
    }

    /// The block whose south-west corner is `tile`, if `tile` is a corner.
    pub const fn from_corner(tile: Tile) -> Option<Block> {
        if tile.x.rem_euclid(BLOCK) == 0 && tile.y.rem_euclid(BLOCK) == 0 {
            Some(tile.block())
        } else {
            None
        }
    }

    /// Reads a block by its corner tile, e.g. `8,4`.
    pub fn parse(text: &str) -> Result<Block, String> {
        let tile = Tile::parse(text)?;
        Block::from_corner(tile).ok_or_else(|| {
            let b = tile.block().corner();
            format!("{tile} is not a block corner: blocks are named by their south-west tile (both coordinates multiples of 4), e.g. {b} for the block holding {tile}")
        })
    }

    /// The 16 tiles, row by row from the south, west to east.
    pub fn tiles(self) -> impl Iterator<Item = Tile> {
        let c = self.corner();
        (0..16).map(move |i| c.offset(i % BLOCK, i / BLOCK))
    }

    /// The Chebyshev (king-step) distance from `tile` to the nearest tile of
    /// this block: 0 inside it, 1 on the ring of tiles touching it (corners
    /// included), and so on. Break ranges are measured this way
    /// (docs/rules/tilechess.md#breaks).
    pub const fn distance(self, tile: Tile) -> i32 {
        let c = self.corner();
        let dx = axis_gap(tile.x, c.x);
        let dy = axis_gap(tile.y, c.y);
        if dx > dy {
            dx
        } else {
            dy
        }
    }
}

const fn axis_gap(v: i32, lo: i32) -> i32 {
    let hi = lo + BLOCK - 1;
    if v < lo {
        lo - v
    } else if v > hi {
        v - hi
    } else {
        0
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.corner().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_use_floor_division() {
        assert_eq!(Tile::new(0, 0).block(), Block::new(0, 0));
        assert_eq!(Tile::new(3, 7).block(), Block::new(0, 1));
        assert_eq!(Tile::new(-1, -4).block(), Block::new(-1, -1));
        assert_eq!(Tile::new(-5, 4).block(), Block::new(-2, 1));
        assert_eq!(Block::new(-1, 2).corner(), Tile::new(-4, 8));
    }

    #[test]
    fn distance_is_chebyshev_to_the_nearest_tile() {
        let b = Block::new(1, 1); // tiles 4..=7 × 4..=7
        assert_eq!(b.distance(Tile::new(5, 5)), 0);
        assert_eq!(b.distance(Tile::new(3, 5)), 1);
        assert_eq!(b.distance(Tile::new(3, 3)), 1);
        assert_eq!(b.distance(Tile::new(8, 8)), 1);
        assert_eq!(b.distance(Tile::new(2, 5)), 2);
        assert_eq!(b.distance(Tile::new(9, 2)), 2);
        assert_eq!(b.distance(Tile::new(10, 5)), 3);
    }

    #[test]
    fn parsing() {
        assert_eq!(Tile::parse("-4,12"), Ok(Tile::new(-4, 12)));
        assert!(Tile::parse("4;12").is_err());
        assert!(Tile::parse("a,1").is_err());
        assert_eq!(Block::parse("-4,8"), Ok(Block::new(-1, 2)));
        assert!(Block::parse("5,8").unwrap_err().contains("4,8"));
    }
}
