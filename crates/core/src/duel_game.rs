//! The duel wrapper, written once: what a two-seat game that bans repeated
//! positions keeps beside its position (the [`Record`](crate::record::Record)
//! and how the players ended it), the methods that only read or extend that
//! record, and the [`Duel`] impl that plugs the game
//! into the shared interface. A game states its rules (`legal_moves`,
//! `why_illegal`, `outcome`, `perft`, `divide`) and calls `duel_game!`.

use crate::duel::Duel;
use crate::{Outcome, Seat};
use serde::Serialize;

/// What every viewer of a duel sees: the positions, the moves, who is to
/// move and how it ended, plus what the game adds (`more`: say, whether the
/// side to move is in check). Serialised flat, `more`'s fields beside the
/// others.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelView<X> {
    /// The current position string.
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// Every move so far, in notation.
    pub moves: Vec<String>,
    /// The seat to move, until the game ends.
    pub to_move: Option<Seat>,
    /// What this game adds to the view.
    #[serde(flatten)]
    pub more: X,
    /// The side to move's legal moves, sorted.
    pub legal_moves: Vec<String>,
    pub outcome: Option<Outcome>,
}

/// What the game adds reads as the view's own fields (`view.check`).
impl<X> std::ops::Deref for DuelView<X> {
    type Target = X;

    fn deref(&self) -> &X {
        &self.more
    }
}

impl<X> DuelView<X> {
    /// The view of `game` now, with the game's own `more`.
    pub fn of<D: Duel>(game: &D, more: X) -> DuelView<X> {
        let outcome = game.result();
        let notation = |moves: &[D::Move]| moves.iter().map(ToString::to_string).collect();
        DuelView {
            position: game.current().to_string(),
            start: game.first().to_string(),
            moves: notation(game.played()),
            to_move: crate::duel::seat_to_move(outcome.as_ref(), game.side_to_move()),
            more,
            legal_moves: notation(&game.moves()),
            outcome,
        }
    }
}

/// Writes the duel wrapper for `$game`, a struct whose one field is
/// `record: Record<$position, $move, $key>` (visible to the macro's module).
/// The position has `start()`, `key()` and `turn()`; the game has `why_illegal(mv)`, `legal_moves()`,
/// `board_outcome()` (the result resignations aside), `perft(depth)` and
/// `divide(depth)`. `after` plays a move on a position,
/// `read` reads a seat's move from notation, and `shows` is what the game
/// adds to its [`DuelView`] (a `$more`).
///
/// The game gets `Default`, `new`, `starting_at`, `from_text`, `position`,
/// `turn`, `outcome`, `play`, `play_unchecked` and `undo`, reads the rest of
/// its record through `Deref` (`start_position()`, `moves_played()`,
/// `history()`, `has_seen()`), and implements [`Concedes`](crate::Concedes) and
/// [`Duel`](crate::duel::Duel), so also `Game`, `TextPosition` and `Perft`.
#[macro_export]
macro_rules! duel_game {
    (
        $game:ident: $position:ty, $move:ty, $side:ty, $key:ty;
        after = $after:expr;
        read = $read:expr;
        shows = $more:ty, $shows:expr;
    ) => {
        impl ::std::default::Default for $game {
            fn default() -> $game {
                $game::new()
            }
        }

        impl $game {
            /// A game from the standard start.
            pub fn new() -> $game {
                $game::starting_at(<$position>::start())
            }

            /// A game starting at `position`, which counts as already seen.
            pub fn starting_at(position: $position) -> $game {
                $game {
                    record: $crate::record::Record::starting_at(position, position.key()),
                }
            }

            /// A game starting at the position string `text`.
            pub fn from_text(text: &str) -> ::std::result::Result<$game, $crate::PositionError> {
                Ok($game::starting_at(text.parse()?))
            }

            /// The current position. (An inherent method, so that it wins
            /// over `TextPosition::position`, the position string.)
            pub fn position(&self) -> &$position {
                self.record.position()
            }

            /// The side to move.
            pub fn turn(&self) -> $side {
                self.position().turn()
            }

            /// The result, once the game is over: a resignation or an
            /// agreed draw, else what the board gives (`board_outcome`).
            pub fn outcome(&self) -> Option<$crate::Outcome> {
                self.conceded()
                    .map($crate::Concession::outcome)
                    .or_else(|| self.board_outcome())
            }

            /// Plays `mv` if the rules allow it; otherwise says why not and
            /// changes nothing.
            pub fn play(
                &mut self,
                mv: $move,
            ) -> ::std::result::Result<(), $crate::duel::IllegalMove<$move>> {
                if let Some(reason) = self.why_illegal(mv) {
                    return Err($crate::duel::IllegalMove { mv, reason });
                }
                self.play_unchecked(mv);
                Ok(())
            }

            /// Plays a move known to be legal (one of `legal_moves()`).
            pub fn play_unchecked(&mut self, mv: $move) {
                let position: $position = ($after)(self.position(), mv);
                self.record.push(mv, position, position.key());
            }

            /// Takes back the last move, if any.
            pub fn undo(&mut self) -> Option<$move> {
                self.record
                    .undo(|start, moves| moves.iter().fold(start, |pos, &mv| ($after)(&pos, mv)))
            }
        }

        /// A game reads as its record: the current and first positions, the
        /// moves played and the positions seen.
        impl ::std::ops::Deref for $game {
            type Target = $crate::record::Record<$position, $move, $key>;
            fn deref(&self) -> &Self::Target {
                &self.record
            }
        }

        impl $crate::Concedes for $game {
            fn conceded_mut(&mut self) -> &mut Option<$crate::Concession> {
                self.record.conceded_mut()
            }
        }

        impl $crate::duel::Duel for $game {
            type Position = $position;
            type Move = $move;
            type Side = $side;
            type View = $crate::duel_game::DuelView<$more>;

            fn starting_at(position: $position) -> $game {
                $game::starting_at(position)
            }
            fn current(&self) -> &$position {
                self.position()
            }
            fn first(&self) -> &$position {
                self.start_position()
            }
            fn played(&self) -> &[$move] {
                self.moves_played()
            }
            fn side_to_move(&self) -> $side {
                self.turn()
            }
            fn result(&self) -> Option<$crate::Outcome> {
                self.outcome()
            }
            fn moves(&self) -> Vec<$move> {
                self.legal_moves()
            }
            fn read(&self, seat: $crate::Seat, text: &str) -> ::std::result::Result<$move, String> {
                ($read)(self, seat, text)
            }
            fn try_play(
                &mut self,
                mv: &$move,
            ) -> ::std::result::Result<(), $crate::duel::IllegalMove<$move>> {
                self.play(*mv)
            }
            fn view(&self) -> Self::View {
                $crate::duel_game::DuelView::of(self, ($shows)(self))
            }
            fn count(&self, depth: u32) -> u64 {
                self.perft(depth)
            }
            fn split(&self, depth: u32) -> Vec<($move, u64)> {
                self.divide(depth)
            }
        }
    };
}
