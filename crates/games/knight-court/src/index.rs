//! Numbering every Knight Court position, for retrograde analysis.
//!
//! A position is the two knights' squares (72 ordered pairs of distinct
//! squares), where each of the four other pieces stands (in hand, or one of
//! the 7 squares the knights leave free; 1,961 ways with no two on one
//! square) and the side to move. That gives 2 × 72 × 1,961 = 282,384
//! numbers; those whose side not to move is in check name no position.

use crate::movegen::for_each_legal;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;
use arbiter_core::PositionSpace;

/// Ways to place White's bishop and rook and Black's bishop and rook, each
/// in hand or on one of 7 free squares, no two on one square.
pub const PLACEMENTS: usize = 1961;
/// Ordered pairs of distinct knight squares.
const KNIGHT_PAIRS: usize = 72;
/// The number of indices.
pub const SIZE: usize = 2 * KNIGHT_PAIRS * PLACEMENTS;

/// Four "slots", each 0 (in hand) or 1..=7 (the n-th free square), packed
/// base 8, mapped to a dense rank; `NONE` where two pieces share a square.
const NONE: u16 = u16::MAX;

const fn placement_tables() -> ([u16; 4096], [[u8; 4]; PLACEMENTS]) {
    let mut rank = [NONE; 4096];
    let mut unrank = [[0u8; 4]; PLACEMENTS];
    let mut next = 0;
    let mut packed = 0;
    while packed < 4096 {
        let slots = [
            (packed >> 9) as u8 & 7,
            (packed >> 6) as u8 & 7,
            (packed >> 3) as u8 & 7,
            packed as u8 & 7,
        ];
        let mut clash = false;
        let mut i = 0;
        while i < 4 {
            let mut j = i + 1;
            while j < 4 {
                clash |= slots[i] != 0 && slots[i] == slots[j];
                j += 1;
            }
            i += 1;
        }
        if !clash {
            rank[packed] = next as u16;
            unrank[next] = slots;
            next += 1;
        }
        packed += 1;
    }
    assert!(next == PLACEMENTS);
    (rank, unrank)
}

static TABLES: ([u16; 4096], [[u8; 4]; PLACEMENTS]) = placement_tables();

/// The index space of Knight Court positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct KnightCourtSpace;

/// The free square numbered `slot` (1..=7) once the knights' squares are
/// taken out, in square order.
#[inline]
fn free_square(slot: u8, knights: [usize; 2]) -> Square {
    let mut sq = slot as usize - 1;
    let (lo, hi) = if knights[0] < knights[1] {
        (knights[0], knights[1])
    } else {
        (knights[1], knights[0])
    };
    if sq >= lo {
        sq += 1;
    }
    if sq >= hi {
        sq += 1;
    }
    Square::new(sq)
}

#[inline]
fn slot_of(sq: Square, knights: [usize; 2]) -> u8 {
    let s = sq.index();
    (s - (s > knights[0]) as usize - (s > knights[1]) as usize + 1) as u8
}

impl PositionSpace for KnightCourtSpace {
    type Position = Position;

    fn size(&self) -> usize {
        SIZE
    }

    fn position(&self, index: usize) -> Option<Position> {
        let placement = index % PLACEMENTS;
        let pair = index / PLACEMENTS % KNIGHT_PAIRS;
        let turn = if index / (PLACEMENTS * KNIGHT_PAIRS) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let white = pair / 8;
        let mut black = pair % 8;
        if black >= white {
            black += 1;
        }
        let knights = [white, black];
        let slots = TABLES.1[placement];
        let at = |slot: u8| (slot != 0).then(|| free_square(slot, knights));
        Position::from_squares(
            [Square::new(white), Square::new(black)],
            [[at(slots[0]), at(slots[1])], [at(slots[2]), at(slots[3])]],
            turn,
        )
    }

    #[inline]
    fn index(&self, pos: &Position) -> usize {
        let white = pos.knight(Color::White).index();
        let black = pos.knight(Color::Black).index();
        let knights = [white, black];
        let pair = white * 8 + black - (black > white) as usize;
        let mut packed = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::DROPPABLE {
                let slot = (pos.pieces(color) & pos.role(role))
                    .first()
                    .map_or(0, |sq| slot_of(sq, knights));
                packed = packed * 8 + slot as usize;
            }
        }
        let placement = TABLES.0[packed] as usize;
        (pos.turn().index() * KNIGHT_PAIRS + pair) * PLACEMENTS + placement
    }

    #[inline]
    fn for_each_child(&self, pos: &Position, mut emit: impl FnMut(usize)) {
        for_each_legal(pos, |mv| emit(self.index(&pos.play_unchecked(mv))));
    }

    fn lost_without_moves(&self, pos: &Position) -> bool {
        pos.is_check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_legal_index_round_trips() {
        let space = KnightCourtSpace;
        let mut legal = 0;
        for i in 0..SIZE {
            if let Some(pos) = space.position(i) {
                legal += 1;
                assert_eq!(space.index(&pos), i);
                let text = pos.to_string();
                assert_eq!(text.parse::<Position>().unwrap(), pos, "{text}");
            }
        }
        assert!(legal > 100_000);
    }

    #[test]
    fn the_start_has_an_index() {
        let start = Position::start();
        assert_eq!(
            KnightCourtSpace.position(KnightCourtSpace.index(&start)),
            Some(start)
        );
    }
}
