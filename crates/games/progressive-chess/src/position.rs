//! A legal Progressive Chess position: placement, side to move, both sides'
//! points, spent shields, both pools of captured pieces and the turn
//! counters (docs/rules/progressive-chess.md#position-string).

pub use crate::board::Board;
use crate::fen::MAX_COUNT;
use crate::moves::{Move, Turn, Upgrade};
use crate::piece::{Color, Piece, Role};
use crate::square::{Bitboard, Square};
use crate::tree;

/// A raw description of a position, as read from text, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 49],
    pub turn: Color,
    /// Points held now, by side index. The side to move has already been
    /// paid its point for this turn.
    pub points: [u32; 2],
    /// Squares of protectors whose shield is spent.
    pub spent: Vec<Square>,
    /// Each side's pool: the pieces it has captured, by side index.
    pub pools: [Vec<Role>; 2],
    /// Turns (by either side) since the last capture or upgrade.
    pub quiet_turns: u32,
    /// The full-turn number, from 1, raised after Black's turn.
    pub turn_number: u32,
}

/// A position the rules allow. Only [`Position::from_setup`] (and the
/// parser built on it) creates one from outside, so the move generator can
/// trust it: one king a side, the side not to move not in check, shields
/// only on protectors, pools without kings, at most the fourteen starting
/// pieces on the board and in the pools together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    points: [u32; 2],
    spent: Bitboard,
    pools: [[u8; Role::COUNT]; 2],
    quiet_turns: u32,
    turn_number: u32,
}

/// What the move step of a turn did, for the caller's bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Quiet,
    Capture(Piece),
    /// The capture hit an intact shield: nothing moved, the shield is spent.
    ShieldSpent,
    Swap,
    Raise,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

/// `n + by` for points and turn counters, stopping at the largest a
/// position string may hold ([`MAX_COUNT`]), so that every position the game
/// prints reads back (a game from a string at the bound printed one it then
/// refused). From the start a count would need some 300,000 turns to reach
/// it, so no real game meets the stop.
#[inline]
fn count_up(n: u32, by: u32) -> u32 {
    n.saturating_add(by).min(MAX_COUNT)
}

impl Position {
    /// Pawns on a1–c1 and e1–g1 and the king on d1, Black mirrored on rank
    /// 7, White to move with 2 points (1 to start, 1 for the turn), Black 1.
    pub fn start() -> Position {
        Position::start_with(Color::White)
    }

    /// The start position with `first` to move.
    pub fn start_with(first: Color) -> Position {
        let mut board = [None; 49];
        for file in 0..7u8 {
            let role = if file == 3 { Role::King } else { Role::Pawn };
            board[Square::at(file, 0).index()] = Some(Piece::new(Color::White, role));
            board[Square::at(file, 6).index()] = Some(Piece::new(Color::Black, role));
        }
        let mut points = [1, 1];
        points[first.index()] += 1;
        let setup = Setup {
            board,
            turn: first,
            points,
            spent: Vec::new(),
            pools: [Vec::new(), Vec::new()],
            quiet_turns: 0,
            turn_number: 1,
        };
        Position::from_setup(&setup).expect("the start position is legal")
    }

    /// Checks a raw setup against the rules; the error says what is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, String> {
        let mut board = Board::empty();
        for (i, piece) in setup.board.iter().enumerate() {
            if let Some(piece) = piece {
                board.put(*piece, Square::new(i));
            }
        }
        for color in Color::BOTH {
            match board.of(color, Role::King).count() {
                1 => {}
                0 => return Err(format!("{color} has no king")),
                n => {
                    return Err(format!(
                        "{color} has {n} kings, but each side has exactly one"
                    ))
                }
            }
        }
        for color in Color::BOTH {
            if setup.pools[color.index()].contains(&Role::King) {
                return Err(format!(
                    "{color}'s pool holds a king, but kings are never captured"
                ));
            }
        }
        // Counted before the pools are tallied, so a long pool field cannot
        // overflow a tally.
        let pooled: usize = setup.pools.iter().map(Vec::len).sum();
        let total = board.occupied().count() as usize + pooled;
        if total > 14 {
            return Err(format!(
                "{total} pieces on the board and in the pools, but the game starts with 14 and never gains any"
            ));
        }
        let mut pools = [[0u8; Role::COUNT]; 2];
        for color in Color::BOTH {
            for &role in &setup.pools[color.index()] {
                pools[color.index()][role.index()] += 1;
            }
        }
        let mut spent = Bitboard::EMPTY;
        for &sq in &setup.spent {
            if board.role(Role::Protector) & sq.bit() != sq.bit() {
                return Err(format!(
                    "{sq} is listed with a spent shield but holds no protector"
                ));
            }
            spent = spent.with(sq);
        }
        if setup.points[setup.turn.index()] == 0 {
            return Err(format!(
                "{} is to move with 0 points, but a side is paid 1 point at the start of each of its turns",
                setup.turn
            ));
        }
        if setup.turn_number == 0 {
            return Err("turn numbers start at 1".into());
        }
        let pos = Position {
            board,
            turn: setup.turn,
            points: setup.points,
            spent,
            pools,
            quiet_turns: setup.quiet_turns,
            turn_number: setup.turn_number,
        };
        let them = setup.turn.other();
        if pos.board.is_attacked(pos.board.king(them), setup.turn) {
            return Err(format!("{them} is not to move but its king is attacked"));
        }
        Ok(pos)
    }

    /// The raw setup of this position.
    pub fn to_setup(&self) -> Setup {
        let pools = Color::BOTH.map(|c| self.pool(c).collect());
        Setup {
            board: self.board.squares,
            turn: self.turn,
            points: self.points,
            spent: self.spent.collect(),
            pools,
            quiet_turns: self.quiet_turns,
            turn_number: self.turn_number,
        }
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Points `color` holds now (the side to move already has this turn's
    /// point).
    #[inline]
    pub fn points(&self, color: Color) -> u32 {
        self.points[color.index()]
    }

    /// Protectors whose shield is spent.
    #[inline]
    pub fn spent_shields(&self) -> Bitboard {
        self.spent
    }

    /// Whether the piece on `sq` is a protector with its shield intact.
    #[inline]
    pub fn is_shielded(&self, sq: Square) -> bool {
        self.board.role(Role::Protector).contains(sq) && !self.spent.contains(sq)
    }

    /// How many pieces of kind `role` `color` has captured and not raised.
    #[inline]
    pub fn pool_count(&self, color: Color, role: Role) -> u8 {
        self.pools[color.index()][role.index()]
    }

    /// `color`'s pool, in rulebook order, one entry per piece.
    pub fn pool(&self, color: Color) -> impl Iterator<Item = Role> + '_ {
        Role::ALL.into_iter().flat_map(move |r| {
            std::iter::repeat_n(r, self.pools[color.index()][r.index()] as usize)
        })
    }

    /// Turns since the last capture or upgrade.
    pub fn quiet_turns(&self) -> u32 {
        self.quiet_turns
    }

    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }

    /// Whether the side to move's king is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.board
            .is_attacked(self.board.king(self.turn), self.turn.other())
    }

    /// Whether a capture of the piece on `to` would hit an intact shield.
    #[inline]
    pub fn hits_shield(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { from, to } => {
                self.is_shielded(to)
                    && !matches!(
                        self.board.piece_at(from).map(|p| p.role),
                        Some(Role::Swapper | Role::Supernaturalist)
                    )
                    && self.board.pieces(self.turn.other()).contains(to)
            }
            Move::Raise { .. } => false,
        }
    }

    /// Whether the move step `mv` (assumed to follow the piece's movement)
    /// keeps the mover's king safe. A capture that hits a shield is judged
    /// on the unchanged board.
    #[inline]
    pub fn keeps_king_safe(&self, mv: Move) -> bool {
        let us = self.turn;
        let board = &self.board;
        if let Move::Normal { from, to } = mv {
            let role = board.piece_at(from).map(|p| p.role);
            if !matches!(role, Some(Role::Swapper | Role::Supernaturalist)) {
                if self.hits_shield(mv) {
                    return !self.is_check();
                }
                // Test the board after the move without building it.
                let occ = (board.occupied().without(from)).with(to);
                let them = board.pieces(us.other()).without(to);
                let king = if role == Some(Role::King) {
                    to
                } else {
                    board.king(us)
                };
                return !board.attacked_by(king, occ, them);
            }
        }
        let after = board.after(mv, us, false);
        !after.is_attacked(after.king(us), us.other())
    }

    /// A key for the repetition rule: everything but the points and the
    /// counters (docs/rules/progressive-chess.md#draws).
    pub fn repetition_key(&self) -> (Board, Color, Bitboard, [[u8; Role::COUNT]; 2]) {
        (self.board, self.turn, self.spent, self.pools)
    }

    /// Plays a turn known to be legal. Panics on some misuse, but does not
    /// check legality: use the game's checked `play` for input from outside.
    pub fn play_unchecked(&self, turn: Turn) -> Position {
        let mut pos = *self;
        let reset = pos.apply_move(turn.mv);
        let upgraded = turn.upgrade.is_some();
        if let Some(up) = turn.upgrade {
            pos.apply_upgrade(up);
        }
        pos.end_turn(matches!(reset, Effect::Capture(_)) || upgraded);
        pos
    }

    /// The move step: returns what it did.
    pub fn apply_move(&mut self, mv: Move) -> Effect {
        let us = self.turn;
        match mv {
            Move::Raise { from, role } => {
                self.board.remove(from);
                self.board.put(Piece::new(us, role), from);
                self.pools[us.index()][role.index()] -= 1;
                // A raised protector has a fresh shield.
                self.spent = self.spent.without(from);
                Effect::Raise
            }
            Move::Normal { from, to } => {
                let mover = self.board.piece_at(from).expect("a move starts on a piece");
                if matches!(mover.role, Role::Swapper | Role::Supernaturalist) {
                    let partner = self.board.remove(to).expect("a swap needs a partner");
                    self.board.remove(from);
                    self.board.put(partner, from);
                    self.board.put(mover, to);
                    // Shields travel with their protectors.
                    let (a, b) = (self.spent.contains(from), self.spent.contains(to));
                    self.spent = self.spent.without(from).without(to);
                    if a {
                        self.spent = self.spent.with(to);
                    }
                    if b {
                        self.spent = self.spent.with(from);
                    }
                    return Effect::Swap;
                }
                let mut effect = Effect::Quiet;
                if let Some(victim) = self.board.piece_at(to) {
                    if self.is_shielded(to) {
                        self.spent = self.spent.with(to);
                        return Effect::ShieldSpent;
                    }
                    self.board.remove(to);
                    self.spent = self.spent.without(to);
                    self.pools[us.index()][victim.role.index()] += 1;
                    self.points[us.index()] = count_up(self.points[us.index()], 2);
                    effect = Effect::Capture(victim);
                }
                self.board.remove(from);
                self.board.put(mover, to);
                if self.spent.contains(from) {
                    self.spent = self.spent.without(from).with(to);
                }
                effect
            }
        }
    }

    /// The upgrade step: pays and changes the piece.
    pub fn apply_upgrade(&mut self, up: Upgrade) {
        let us = self.turn;
        self.board.remove(up.square);
        self.board.put(Piece::new(us, up.role), up.square);
        self.points[us.index()] -= tree::price(up.role);
        // A protector made by an upgrade has a fresh shield.
        self.spent = self.spent.without(up.square);
    }

    /// Hands the turn over: counters, and the next side's point.
    pub fn end_turn(&mut self, reset: bool) {
        self.quiet_turns = if reset {
            0
        } else {
            count_up(self.quiet_turns, 1)
        };
        if self.turn == Color::Black {
            self.turn_number = count_up(self.turn_number, 1);
        }
        self.turn = self.turn.other();
        self.points[self.turn.index()] = count_up(self.points[self.turn.index()], 1);
    }

    /// Whether `color` could ever give mate, by the conservative test in
    /// docs/rules/progressive-chess.md#dead-position: it has a piece that
    /// attacks (anything but its king and the swapper family), or a swapper
    /// or necromancer (a swapper can become one) with something in its pool
    /// (or on its enemy's board, for its king to capture) worth raising.
    /// The swapper family never attacks, and a swapper only ever becomes a
    /// supernaturalist or a necromancer, so neither ever attacks either.
    pub fn has_mating_potential(&self, color: Color) -> bool {
        let useless = [
            Role::King,
            Role::Swapper,
            Role::Supernaturalist,
            Role::Necromancer,
        ];
        let mut idle = Bitboard::EMPTY;
        for r in useless {
            idle |= self.board.of(color, r);
        }
        if self.board.pieces(color) != idle {
            return true;
        }
        let raisers = self.board.of(color, Role::Necromancer) | self.board.of(color, Role::Swapper);
        if raisers.is_empty() {
            return false;
        }
        let worth = |r: Role| !useless.contains(&r);
        self.pool(color).any(worth)
            || Role::ALL
                .into_iter()
                .any(|r| worth(r) && self.board.of(color.other(), r).any())
    }

    /// A dead position: neither side can ever mate.
    pub fn is_dead(&self) -> bool {
        !self.has_mating_potential(Color::White) && !self.has_mating_potential(Color::Black)
    }
}
