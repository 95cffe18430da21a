//! A legal Knight Court position: placement, hands and side to move.
//!
//! Every piece is always either on the board or in its owner's hand (the
//! knight is never captured, so it is always on the board). The hands are
//! therefore implied by the placement, and a whole position, hands and side
//! to move included, packs into a 28-bit [`Position::key`].

use crate::attacks::{attacks, bishop_attacks, knight_attacks, rook_attacks};
use crate::moves::Move;
use crate::piece::{key_code, Color, Piece, Role};
use crate::square::{Bitboard, Square};
use arbiter_core::geometry::Occupancy;
use std::ops::Deref;

/// The bit of a key that says Black is to move.
const BLACK_TO_MOVE: u32 = 1 << 27;

/// A position the rules allow. Only [`Position::from_setup`] (and the
/// parser built on it) creates one from outside, so the move generator can
/// trust it: one knight a side, each other piece on the board or in hand,
/// the side not to move not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Where the pieces stand, by side and by role.
    men: Occupancy<Bitboard, 3>,
    turn: Color,
    key: u32,
}

/// A raw description of a position, as read from text, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 9],
    pub hands: Vec<Piece>,
    pub turn: Color,
}

/// A position reads where its pieces stand (`pieces`, `role`, `of`,
/// `occupied`) from its [`Occupancy`].
impl Deref for Position {
    type Target = Occupancy<Bitboard, 3>;

    fn deref(&self) -> &Occupancy<Bitboard, 3> {
        &self.men
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// `nbr/3/NBR[] w`: each side's knight, bishop and rook on its home
    /// rank, on the same files, White to move.
    pub fn start() -> Position {
        let mut board = [None; 9];
        for (file, role) in [Role::Knight, Role::Bishop, Role::Rook]
            .into_iter()
            .enumerate()
        {
            board[file] = Some(Piece::new(Color::White, role));
            board[6 + file] = Some(Piece::new(Color::Black, role));
        }
        Position::from_setup(&Setup {
            board,
            hands: Vec::new(),
            turn: Color::White,
        })
        .expect("the start position is legal")
    }

    /// Checks a raw setup against the rules; the error says what is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, String> {
        let mut pos = Position {
            men: Occupancy::new(Bitboard::EMPTY),
            turn: setup.turn,
            key: 0,
        };
        let mut counts = [[0u8; 3]; 2];
        for (sq, piece) in Square::ALL.iter().zip(setup.board.iter()) {
            if let Some(piece) = piece {
                pos.put(*piece, *sq);
                counts[piece.color.index()][piece.role.index()] += 1;
            }
        }
        // At most each side's bishop and rook can be in hand; checked before
        // the tally so that a long hand cannot overflow it.
        if setup.hands.len() > 4 {
            return Err(format!(
                "{} pieces in the hands, but at most 4 can be there (each side's bishop and rook)",
                setup.hands.len()
            ));
        }
        for piece in &setup.hands {
            if piece.role == Role::Knight {
                return Err(format!(
                    "{}'s knight is in hand, but a knight is never captured",
                    piece.color
                ));
            }
            counts[piece.color.index()][piece.role.index()] += 1;
        }
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                match counts[color.index()][role.index()] {
                    1 => {}
                    0 if role == Role::Knight => return Err(format!("{color} has no knight on the board")),
                    0 => {
                        return Err(format!(
                            "{color}'s {} is neither on the board nor in hand (every piece is one or the other)",
                            role.name()
                        ))
                    }
                    n => return Err(format!("{color} has {n} {}s, but each side has only one", role.name())),
                }
            }
        }
        pos.key = pos.compute_key();
        if pos.is_attacked(pos.knight(pos.turn.other()), pos.turn) {
            return Err(format!(
                "{} is not to move but its knight is attacked",
                pos.turn.other()
            ));
        }
        Ok(pos)
    }

    /// A position from where each piece stands: the two knights (White's
    /// first) and, per side, the bishop and rook (`None`: in hand). Returns
    /// `None` if the side not to move would be in check. The caller
    /// guarantees the squares are distinct; this is the fast path for
    /// enumerating every position.
    pub fn from_squares(
        knights: [Square; 2],
        others: [[Option<Square>; 2]; 2],
        turn: Color,
    ) -> Option<Position> {
        let mut pos = Position {
            men: Occupancy::new(Bitboard::EMPTY),
            turn,
            key: 0,
        };
        let mut key = if turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            let knight = Piece::new(color, Role::Knight);
            pos.put(knight, knights[color.index()]);
            key |= key_code(knight) << (3 * knights[color.index()].index());
            for (role, sq) in Role::DROPPABLE.into_iter().zip(others[color.index()]) {
                if let Some(sq) = sq {
                    let piece = Piece::new(color, role);
                    pos.put(piece, sq);
                    key |= key_code(piece) << (3 * sq.index());
                }
            }
        }
        pos.key = key;
        (!pos.is_attacked(pos.knight(turn.other()), turn)).then_some(pos)
    }

    /// The position `key` stands for. The caller knows `key` is the key of
    /// a position (one from a game's history, say).
    pub(crate) fn from_key(key: u32) -> Position {
        let turn = if key & BLACK_TO_MOVE != 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut pos = Position {
            men: Occupancy::new(Bitboard::EMPTY),
            turn,
            key,
        };
        for sq in Square::ALL {
            let code = (key >> (3 * sq.index())) & 7;
            if code != 0 {
                let color = if code > 3 { Color::Black } else { Color::White };
                pos.put(Piece::new(color, Role::ALL[(code as usize - 1) % 3]), sq);
            }
        }
        debug_assert_eq!(pos.compute_key(), key);
        pos
    }

    /// The raw setup of this position (hands listed White's first, B before R).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 9];
        for sq in Square::ALL {
            board[sq.index()] = self.piece_at(sq);
        }
        let mut hands = Vec::new();
        for color in [Color::White, Color::Black] {
            for role in self.hand(color) {
                hands.push(Piece::new(color, role));
            }
        }
        Setup {
            board,
            hands,
            turn: self.turn,
        }
    }

    fn put(&mut self, piece: Piece, sq: Square) {
        self.men.by_side[piece.color.index()] = self.men.by_side[piece.color.index()] | sq.bit();
        self.men.by_kind[piece.role.index()] = self.men.by_kind[piece.role.index()] | sq.bit();
    }

    fn compute_key(&self) -> u32 {
        let mut key = if self.turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for sq in Square::ALL {
            if let Some(piece) = self.piece_at(sq) {
                key |= key_code(piece) << (3 * sq.index());
            }
        }
        key
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// A 28-bit number that identifies the position (placement, hands and
    /// side to move): equal keys mean equal positions.
    #[inline]
    pub fn key(&self) -> u32 {
        self.key
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.men.by_side[0].contains(sq) {
            Color::White
        } else if self.men.by_side[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.men.by_kind[r.index()].contains(sq))?;
        Some(Piece::new(color, role))
    }

    /// The square of `color`'s knight.
    #[inline]
    pub fn knight(&self, color: Color) -> Square {
        (self.men.by_side[color.index()] & self.men.by_kind[Role::Knight.index()])
            .first()
            .expect("a legal position has both knights")
    }

    /// Whether `color` holds a `role` in hand.
    #[inline]
    pub fn in_hand(&self, color: Color, role: Role) -> bool {
        role != Role::Knight
            && (self.men.by_side[color.index()] & self.men.by_kind[role.index()]).is_empty()
    }

    /// The roles in `color`'s hand, bishop first.
    pub fn hand(&self, color: Color) -> impl Iterator<Item = Role> + '_ {
        Role::DROPPABLE
            .into_iter()
            .filter(move |&r| self.in_hand(color, r))
    }

    /// Whether a piece of `by` attacks `sq` with the current occupancy.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacked_by(
            sq,
            self.men.by_side[by.index()],
            &self.men.by_kind,
            self.occupied(),
        )
    }

    /// Whether the side to move's knight is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.knight(self.turn), self.turn.other())
    }

    /// The squares a piece of `role` on `sq` attacks now.
    pub fn attacks_from(&self, role: Role, sq: Square) -> Bitboard {
        attacks(role, sq, self.occupied())
    }

    /// The key of the position after `mv`, without playing it.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u32 {
        let mut key = self.key ^ BLACK_TO_MOVE;
        match mv {
            Move::Drop { role, to } => {
                key |= key_code(Piece::new(self.turn, role)) << (3 * to.index())
            }
            Move::Normal { from, to } => {
                let shift_to = 3 * to.index();
                let moving = (self.key >> (3 * from.index())) & 7;
                key &= !(7 << (3 * from.index()));
                key &= !(7 << shift_to);
                key |= moving << shift_to;
            }
        }
        key
    }

    /// Plays a move the caller knows is legal in this position. Playing
    /// anything else leaves the position corrupt; use
    /// [`crate::KnightCourt::play`] for moves from outside.
    #[inline(always)]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let mut next = *self;
        let us = self.turn.index();
        match mv {
            Move::Drop { role, to } => {
                next.men.by_side[us] |= to.bit();
                next.men.by_kind[role.index()] = next.men.by_kind[role.index()] | to.bit();
            }
            Move::Normal { from, to } => {
                let role = self.role_at(from);
                let them = self.turn.other().index();
                // A capture sends the piece to its owner's hand, which is
                // simply "not on the board".
                next.men.by_side[them] &= !to.bit();
                for r in &mut next.men.by_kind {
                    *r &= !to.bit();
                }
                next.men.by_side[us] = (next.men.by_side[us] & !from.bit()) | to.bit();
                next.men.by_kind[role.index()] =
                    (next.men.by_kind[role.index()] & !from.bit()) | to.bit();
            }
        }
        next.key = self.key_after(mv);
        next.turn = self.turn.other();
        next
    }

    /// The role of the piece on `sq`, which the caller knows is occupied.
    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Role {
        if self.men.by_kind[Role::Knight.index()].contains(sq) {
            Role::Knight
        } else if self.men.by_kind[Role::Bishop.index()].contains(sq) {
            Role::Bishop
        } else {
            Role::Rook
        }
    }
}

/// Whether a piece of the side occupying `theirs` attacks `sq`, where
/// `roles` holds every piece's role and `occupied` blocks sliders.
#[inline]
pub(crate) fn attacked_by(
    sq: Square,
    theirs: Bitboard,
    roles: &[Bitboard; 3],
    occupied: Bitboard,
) -> bool {
    ((knight_attacks(sq) & roles[Role::Knight.index()])
        | (rook_attacks(sq, occupied) & roles[Role::Rook.index()])
        | (bishop_attacks(sq, occupied) & roles[Role::Bishop.index()]))
        & theirs
        != Bitboard::EMPTY
}

impl Position {
    /// Role bitboards, for the move generator's legality test.
    #[inline]
    pub(crate) fn roles(&self) -> &[Bitboard; 3] {
        &self.men.by_kind
    }
}
