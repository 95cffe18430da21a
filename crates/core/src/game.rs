//! The game interface every player program uses.

use crate::{ActionError, GameRng, Outcome, Phase, PositionError, Seat};
use serde::{Deserialize, Serialize};
use std::fmt::{Debug, Display};

/// Who is looking at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player, who sees what their seat may see.
    Seat(Seat),
    /// Anyone else: only what is public.
    Spectator,
}

/// What one viewer may see of one history entry (an action a seat
/// played), as the game decides it ([`Game::disclose`]). Hosts show each
/// viewer exactly this and never read an action's text to decide.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Disclosure {
    /// The action itself, in the game's notation.
    Action,
    /// Only that the seat did something, in these words ("submitted a
    /// bid"), never what.
    Sealed(String),
    /// Nothing at all, not even that there was an entry.
    Nothing,
}

/// A game in progress, as every player program sees it.
///
/// Implementations keep whatever history their rules need (repetition bans,
/// submitted orders), so a value of this type is the whole truth of a game.
/// Refused calls never change the state.
pub trait Game: Clone + Send + Sync {
    /// One action of one seat: a move, a set of orders, a bid, a claim ...
    /// `Display` prints it in the game's notation; [`Game::parse_action`]
    /// reads it back.
    type Action: Clone + Eq + Debug + Display + Send + Sync;
    /// Everything one viewer may see, produced by the game itself so no
    /// caller can leak hidden information by accident.
    type View: Serialize;

    /// The number of seats now at the table (it grows in Tilechess).
    fn seat_count(&self) -> usize;

    /// Who may act now.
    fn phase(&self) -> Phase;

    /// The legal actions of `seat` now, sorted by their notation; empty if
    /// the seat may not act. Games whose action space is too large to list
    /// (Knight Control orders, Tilechess army arrangements) document which
    /// representative actions they list; [`Game::act`] accepts every legal
    /// action.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Reads an action of `seat` from the game's notation. Checks form, not
    /// legality.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, ActionError>;

    /// Plays (or, in a simultaneous step, secretly submits) `seat`'s action.
    /// On error the game is unchanged.
    fn act(&mut self, seat: Seat, action: &Self::Action) -> Result<(), ActionError>;

    /// Moves the game past a [`Phase::Chance`] step, or closes a
    /// [`Phase::Simultaneous`] step at its deadline (seats that have not
    /// submitted submit nothing). Games without such steps refuse.
    fn resolve(&mut self, rng: &mut GameRng) -> Result<(), ActionError> {
        let _ = rng;
        Err(ActionError::NotYourTurn {
            seat: Seat(0),
            reason: "this game has no chance or simultaneous steps to resolve".into(),
        })
    }

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// What `viewer` may see in a history of `seat`'s `action`. Asked just
    /// before the action is played, so a game can tell a first submission
    /// from a revision of it. Perfect-information games show every action
    /// to everyone (the default); games with hidden actions must answer for
    /// every viewer, the acting seat included.
    fn disclose(&self, seat: Seat, action: &Self::Action, viewer: Viewer) -> Disclosure {
        let _ = (seat, action, viewer);
        Disclosure::Action
    }

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        match self.phase() {
            Phase::Over(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// Parses and plays one action in notation: the common path for text
    /// interfaces.
    fn act_text(&mut self, seat: Seat, text: &str) -> Result<Self::Action, ActionError> {
        let action = self.parse_action(seat, text)?;
        self.act(seat, &action)?;
        Ok(action)
    }
}

/// Games whose states have a position string (a FEN-like text).
pub trait TextPosition: Sized {
    /// The standard start of a game.
    fn start() -> Self;

    /// A game starting from `text`. The position itself counts as already
    /// seen for repetition rules.
    fn from_position(text: &str) -> Result<Self, PositionError>;

    /// The current position as text; `from_position` reads it back to the
    /// same position.
    fn position(&self) -> String;
}

/// Counting move sequences (perft), the standard check of a move generator.
///
/// The provided methods work for any game through clone-and-act; games
/// override [`Perft::perft`] with a fast path.
pub trait Perft: Game {
    /// The number of legal action sequences of length `depth` from here for
    /// the seats whose turn it is.
    fn perft(&self, depth: u32) -> u64 {
        generic_perft(self, depth)
    }

    /// Perft split by first action, sorted by notation.
    fn divide(&self, depth: u32) -> Vec<(Self::Action, u64)> {
        generic_divide(self, depth)
    }
}

/// Clone-and-act perft over the [`Game`] interface: slow, but independent of
/// any game's fast path.
pub fn generic_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Phase::Turn(seat) = game.phase() else {
        return 0;
    };
    let actions = game.legal_actions(seat);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|action| {
            let mut child = game.clone();
            child.act(seat, action).expect("legal action was refused");
            generic_perft(&child, depth - 1)
        })
        .sum()
}

/// [`generic_perft`] split by first action, in the order of
/// [`Game::legal_actions`].
pub fn generic_divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Action, u64)> {
    let Phase::Turn(seat) = game.phase() else {
        return Vec::new();
    };
    if depth == 0 {
        return Vec::new();
    }
    game.legal_actions(seat)
        .into_iter()
        .map(|action| {
            let mut child = game.clone();
            child.act(seat, &action).expect("legal action was refused");
            let count = generic_perft(&child, depth - 1);
            (action, count)
        })
        .collect()
}

/// A picture of the game for a terminal.
pub trait Diagram {
    /// A multi-line board diagram a person can read, with whatever else a
    /// player needs at a glance (hands, side to move, check, the result).
    fn diagram(&self) -> String;
}
