//! The pieces on the board, and which squares they attack
//! (docs/rules/progressive-chess.md#check).

use crate::attacks;
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::square::{Bitboard, Square};
use arbiter_core::geometry::Occupancy;
use std::ops::Deref;

/// Pieces on the board as bitboards, with a square-indexed copy for
/// looking pieces up. The move generator plays moves on a copy of this to
/// test whether they leave the king attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Where the pieces stand, by side and by kind.
    men: Occupancy<Bitboard, { Role::COUNT }>,
    pub(crate) squares: [Option<Piece>; Square::COUNT],
}

/// A board reads where its pieces stand (`pieces`, `role`, `of`,
/// `occupied`) from its [`Occupancy`].
impl Deref for Board {
    type Target = Occupancy<Bitboard, { Role::COUNT }>;

    fn deref(&self) -> &Occupancy<Bitboard, { Role::COUNT }> {
        &self.men
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            men: Occupancy::new(Bitboard::EMPTY),
            squares: [None; 49],
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    #[inline]
    pub fn put(&mut self, piece: Piece, sq: Square) {
        self.men.by_side[piece.color.index()] |= sq.bit();
        self.men.by_kind[piece.role.index()] |= sq.bit();
        self.squares[sq.index()] = Some(piece);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.men.by_side[piece.color.index()] ^= sq.bit();
        self.men.by_kind[piece.role.index()] ^= sq.bit();
        Some(piece)
    }

    /// The square of `color`'s king. Every trusted position has one.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.of(color, Role::King)
            .first()
            .expect("every position has both kings")
    }

    /// Whether a piece of `by` attacks `sq`: could capture a piece standing
    /// there by its own movement, ignoring shields and whether the capture
    /// would expose its own king (docs/rules/progressive-chess.md#check).
    /// The swapper family never attacks.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_by(sq, self.occupied(), self.pieces(by))
    }

    /// Whether any of the pieces `them` (a subset of one side's pieces)
    /// attacks `sq` when the occupied squares are `occ`. Used to test a move
    /// without playing it: `occ` and `them` describe the board after it.
    #[inline]
    pub fn attacked_by(&self, sq: Square, occ: Bitboard, them: Bitboard) -> bool {
        let r = |role: Role| self.men.by_kind[role.index()] & them;
        if (attacks::king(sq) & (r(Role::King) | r(Role::LesserKing))).any()
            || (attacks::wazir(sq) & r(Role::LesserRook)).any()
            || (attacks::ferz(sq) & r(Role::LesserBishop)).any()
            || (attacks::camel(sq) & r(Role::Pincer)).any()
        {
            return true;
        }
        let pawns = r(Role::Pawn);
        if pawns.any() {
            // A pawn attacks `sq` from where a pawn of the other side on
            // `sq` would capture; which side owns `them` decides direction.
            let by = if (them & self.men.by_side[0]).any() {
                Color::White
            } else {
                Color::Black
            };
            if (attacks::pawn_captures(by.other(), sq) & pawns).any() {
                return true;
            }
        }
        let rooks = r(Role::Rook);
        let cannons = r(Role::Cannon);
        let rank_liners = r(Role::Protector);
        if (rooks | rank_liners).any()
            && ((attacks::rook(sq, occ) & rooks).any()
                || (attacks::protector(sq, occ) & rank_liners).any())
        {
            return true;
        }
        let bishops = r(Role::Bishop);
        if bishops.any() && (attacks::bishop(sq, occ) & bishops).any() {
            return true;
        }
        if cannons.any() {
            for d in attacks::ORTHOGONAL_RAYS {
                if attacks::RAYS[d][sq.index()] & cannons.0 == 0 {
                    continue;
                }
                let line = attacks::cannon_line(d, sq, occ);
                // The first piece of the line, or the second (the cannon
                // having jumped the first, of either side).
                if [line.first, line.second]
                    .into_iter()
                    .flatten()
                    .any(|p| cannons.contains(p))
                {
                    return true;
                }
            }
        }
        let zigzags = r(Role::Zigzag);
        zigzags.any() && (attacks::zigzag(sq, occ) & zigzags).any()
    }

    /// The board after the move step of `mv` by `us`, for testing whether
    /// it leaves the king attacked. A capture stopped by a shield leaves the
    /// board as it was.
    #[inline]
    pub fn after(&self, mv: Move, us: Color, shielded: bool) -> Board {
        let mut b = *self;
        match mv {
            Move::Raise { from, role } => {
                b.remove(from);
                b.put(Piece::new(us, role), from);
            }
            Move::Normal { from, to } => {
                let mover = b.remove(from).expect("a move starts on a piece");
                match mover.role {
                    Role::Swapper | Role::Supernaturalist => {
                        let partner = b.remove(to).expect("a swap needs a partner");
                        b.put(partner, from);
                        b.put(mover, to);
                    }
                    _ if shielded => return *self,
                    _ => {
                        b.remove(to);
                        b.put(mover, to);
                    }
                }
            }
        }
        b
    }
}
