//! How the games of the registry (`arbiter_registry::KINDS`) are hosted,
//! and one object-safe face for them all over the traits in `arbiter-core`.
//! Route and storage code only ever see [`Kind`] and [`LiveGame`]; hosting
//! a new game is a [`Hosted`] impl plus one line in `HOSTS`.
//!
//! Server seats are the links handed out at creation. In fixed-seat games
//! server seat `k` is game seat `k`. In Tilechess the table grows as players
//! join, so a link is bound to a game seat by its first action (a join): the
//! game's newcomer seat is always `seat_count()` (see arbiter-core's docs).

use crate::bots::{self, Think};
use arbiter_core::{ActionError, Concedes, Game, HostActionError, Seat, Seed};
use arbiter_knight_control::KnightControl;
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_registry::FromOptions;
use arbiter_search::player::{Evaluate, ScoredLine};
use arbiter_tilechess::Tilechess;
use serde_json::Value;

pub use arbiter_registry::{kind, Kind, KINDS};

/// How a kind is hosted: a fresh live game from its options.
pub type Host = fn(&Value, &Creation, bool) -> Result<Box<dyn LiveGame>, String>;

/// The [`Host`] of a [`Hosted`] game: the registry makes the game from its
/// options ([`arbiter_registry::create`]), the server seats it at a table.
fn host<G: Hosted + FromOptions>(
    options: &Value,
    creation: &Creation,
    growing: bool,
) -> Result<Box<dyn LiveGame>, String> {
    let table = arbiter_registry::Table {
        seats: creation.seats,
        seed: creation.seed,
    };
    let game = arbiter_registry::create::<G>(options, &table)?;
    Ok(Box::new(Table::new(game, growing, creation)))
}

/// How each game of the registry ([`KINDS`]) is hosted, by id: the one
/// game-specific table of the server (a test checks it is complete).
const HOSTS: &[(&str, Host)] = &[
    (arbiter_knight_court::ID, host::<KnightCourt>),
    (arbiter_knight_moves::ID, host::<KnightMoves>),
    (
        arbiter_progressive_chess::ID,
        host::<arbiter_progressive_chess::Session>,
    ),
    (arbiter_tilechess::ID, host::<Tilechess>),
    (arbiter_knight_control::ID, host::<KnightControl>),
];

/// How the registry's game `kind` is hosted.
pub fn host_of(kind: &Kind) -> Result<Host, String> {
    HOSTS
        .iter()
        .find(|(id, _)| *id == kind.id)
        .map(|&(_, host)| host)
        .ok_or_else(|| format!("{} cannot be hosted here yet", kind.name))
}

/// What a game is created with besides its ruleset options.
#[derive(Clone, Copy, Debug)]
pub struct Creation {
    /// Server seats at the table.
    pub seats: usize,
    /// The game's secret seed (committed at creation, revealed at the end).
    pub seed: Seed,
    /// The host's deadline per turn or step, in ms (`deadline_secs`).
    pub deadline_ms: Option<i64>,
}

/// What the server needs from a game beyond [`Game`].
///
/// All time enters a game through logged event timestamps (`at_ms`, unix
/// ms), so replaying the log after a restart rebuilds the same state.
/// Its [`Diagram`](arbiter_core::Diagram) draws what everyone may see
/// (`arbiter show` of a record).
pub trait Hosted: Game + arbiter_core::Diagram + arbiter_core::Depict + 'static {
    /// A bot's action for `seat` thinking as `think` says, or `None` if it
    /// has none. Runs on the blocking pool.
    fn bot_action(&self, seat: Seat, think: Think) -> Option<Self::Action>;
    /// [`Hosted::bot_action`] with the bot's search score of its choice
    /// for `seat`, where the search gives one (the analysis board).
    fn bot_scored(&self, seat: Seat, think: Think) -> (Option<Self::Action>, Option<i32>) {
        (self.bot_action(seat, think), None)
    }
    /// The strongest bot's best `count` lines for `seat`, thinking as
    /// `think` says, where its search ranks moves (the analysis board).
    fn bot_lines(&self, seat: Seat, think: Think, count: usize) -> Vec<ScoredLine<Self::Action>> {
        let _ = (seat, think, count);
        Vec::new()
    }
    /// Whether the bot at `seat`, which the phase does not await, has
    /// something to answer at once (Knight Control: an offer it accepts or
    /// a communal garnet it consents to, made after its submission). The
    /// host asks it as it asks an awaited bot; it must be false once the
    /// bot has answered, or the bot would be asked again and again.
    fn bot_answers(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }
    /// The host ends the game. Games with a way to rank an unfinished game
    /// (Tilechess's leaderboard) record it; others simply stop.
    fn end_by_host(&mut self) {}
    /// Plays `action` at time `at_ms`. Games with clocks read the time here.
    fn act_at(&mut self, seat: Seat, action: &Self::Action, at_ms: i64) -> Result<(), ActionError> {
        let _ = at_ms;
        self.act(seat, action)
    }
    /// When the game next needs attention with no request (a flag fall of
    /// its own clock), in unix ms.
    fn wake_at(&self) -> Option<i64> {
        None
    }
    /// Applies what happens at `at_ms` (called once that time has come).
    fn on_time(&mut self, at_ms: i64) -> Result<(), String> {
        let _ = at_ms;
        Ok(())
    }
    /// The host pushes the game's own deadlines back by `ms` (an extension,
    /// or the time a pause lasted).
    fn extend(&mut self, ms: i64) {
        let _ = ms;
    }
    /// Whether the game keeps its own clock for turns; then the server's
    /// per-turn deadline does not apply to its turns.
    fn own_clock(&self) -> bool {
        false
    }
    /// Whether a seat has made the first step of a turn that its next
    /// action completes, an action whose entry says the whole turn
    /// (Progressive Chess's move step `b1b2+?` before its upgrade step
    /// `b1b2+b2=F`). The chat webhooks then tell the turn once, whole.
    fn mid_turn(&self) -> bool {
        false
    }
    /// The board the last action left, where it differs from the game's
    /// scene now: an action that ended one game of a match, before the
    /// next has a move (Progressive Chess). A history stepped back to that
    /// action shows it.
    fn closing_scene(&self, viewer: arbiter_core::Viewer) -> Option<arbiter_core::Scene> {
        let _ = viewer;
        None
    }
    /// How many public reports the game has published (Knight Control:
    /// one per resolved bidding or round; a Progressive Chess match, one
    /// when a drawn game 1 starts game 2; the other games' history says it
    /// all). The chat webhooks post each once, after the entries.
    fn reports(&self) -> usize {
        0
    }
    /// The reports from the `from`-th on, in words, a line each.
    fn report_lines(&self, from: usize) -> Vec<String> {
        let _ = from;
        Vec::new()
    }
    /// A number that changes whenever a new simultaneous step begins (games
    /// with [`arbiter_core::Phase::Simultaneous`] steps should say; the default guesses
    /// from the list of seats still to submit).
    fn step(&self) -> Option<u64> {
        None
    }
    /// Whether the list of seats still to act is secret now (Knight
    /// Control's item step): viewers then see only themselves in it.
    fn hides_pending(&self) -> bool {
        false
    }
    /// What a client may want to know about `action` before submitting it
    /// (Knight Control: its chip cost), for `POST .../check`.
    fn preview(&self, seat: Seat, action: &Self::Action) -> Value {
        let _ = (seat, action);
        Value::Object(Default::default())
    }
    /// Game-specific help for drawing `seat`'s controls (Knight Control:
    /// the board's geometry and each own knight's landings).
    fn hints(&self, seat: Option<Seat>) -> Value {
        let _ = seat;
        Value::Null
    }
    /// A host's game-specific action in text (Knight Control: granting a
    /// communal garnet). Returns the public history text.
    /// What `action` did, for the last-move marks of the board's scene
    /// (`arbiter_core::scene::Last`), in games whose scene cannot tell it
    /// from the position (Tilechess). Asked before the action is played;
    /// only for actions every viewer sees; `serial` numbers the action.
    fn trail(&self, serial: usize, action: &Self::Action) -> Option<arbiter_core::scene::Last> {
        let _ = (serial, action);
        None
    }
    /// Each seat's clock reserve in ms, in games with clocks (Progressive
    /// Chess's step clocks): the clock times of a text record.
    fn reserves_ms(&self) -> Option<Vec<i64>> {
        None
    }
    /// The rounds the public board shows completed, in games of rounds
    /// (Knight Control): what a picture's `?round=R` looks for.
    fn rounds_shown(&self) -> Option<u32> {
        None
    }
    /// The game's static evaluation for `seat` (docs/analysis.md), where
    /// the game has one.
    fn evaluation(&self, seat: Seat) -> Option<i32> {
        let _ = seat;
        None
    }
    /// Every legal move of `seat` with its exact value, best first, where
    /// the game is solved (Knight Court).
    fn exact_values(&self, seat: Seat) -> Option<Vec<(String, String)>> {
        let _ = seat;
        None
    }
    fn host_act(&mut self, text: &str) -> Result<String, HostActionError> {
        let _ = text;
        Err(HostActionError::Refused(
            "this game has no host actions".into(),
        ))
    }
    /// `seat` resigns, by the game's own rule (in a duel it loses; in a
    /// free-for-all the player leaves). On error nothing changes.
    fn resign(&mut self, seat: Seat) -> Result<(), ActionError>;
    /// Whether the players may agree to a draw (the two-player games).
    fn draws_by_agreement(&self) -> bool {
        false
    }
    /// Both players agreed to a draw. On error nothing changes.
    fn agree_draw(&mut self) -> Result<(), ActionError> {
        Err(ActionError::NotYourTurn {
            seat: Seat(0),
            reason: "this game has no draws by agreement".into(),
        })
    }
}

/// Bots (with their scores) and the static evaluation from the search
/// crate's searcher, inside
/// an `impl Hosted` for an alternating game it plays whole.
macro_rules! searched_bots {
    () => {
        fn bot_action(&self, seat: Seat, think: Think) -> Option<Self::Action> {
            bots::bot_action(self, seat, think)
        }
        fn bot_scored(&self, seat: Seat, think: Think) -> (Option<Self::Action>, Option<i32>) {
            bots::bot_scored(self, seat, think)
        }
        fn bot_lines(
            &self,
            seat: Seat,
            think: Think,
            count: usize,
        ) -> Vec<ScoredLine<Self::Action>> {
            bots::bot_lines(self, seat, think, count)
        }
        fn evaluation(&self, seat: Seat) -> Option<i32> {
            Some(Evaluate::evaluate(self, seat))
        }
    };
}

/// The between-players rules of a duel, inside an `impl Hosted`: `seat`
/// resigns and the players may agree a draw, both by `$rules` (the type
/// or trait whose `resign` and `agree_draw` the game has).
macro_rules! duel_concessions {
    ($rules:ident) => {
        fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
            $rules::resign(self, seat)
        }
        fn draws_by_agreement(&self) -> bool {
            true
        }
        fn agree_draw(&mut self) -> Result<(), ActionError> {
            $rules::agree_draw(self)
        }
    };
}
pub(crate) use duel_concessions;

impl Hosted for KnightCourt {
    searched_bots!();
    /// The solved table's value of each legal move for the mover.
    fn exact_values(&self, seat: Seat) -> Option<Vec<(String, String)>> {
        if !self.phase().may_act(seat) {
            return None;
        }
        let table = arbiter_search::knight_court::table();
        Some(
            arbiter_search::knight_court::analyse(table, self)
                .into_iter()
                .map(|(mv, value)| (mv.to_string(), value.to_string()))
                .collect(),
        )
    }
    duel_concessions!(Concedes);
}

impl Hosted for KnightMoves {
    searched_bots!();
    duel_concessions!(Concedes);
}

impl Hosted for Tilechess {
    searched_bots!();
    fn end_by_host(&mut self) {
        Tilechess::end_by_host(self)
    }
    fn trail(&self, serial: usize, action: &Self::Action) -> Option<arbiter_core::scene::Last> {
        Tilechess::trail(self, serial, action)
    }
    fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        Tilechess::resign(self, seat)
    }
    /// The set time of the house rule, if any.
    fn wake_at(&self) -> Option<i64> {
        self.ends_at()
    }
    fn on_time(&mut self, at_ms: i64) -> Result<(), String> {
        self.time_up(at_ms);
        Ok(())
    }
}

pub use crate::table::{create, LiveGame, Table};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_is_hosted_and_nothing_else() {
        for kind in KINDS {
            assert!(host_of(kind).is_ok(), "{} has no host", kind.id);
        }
        let ids: Vec<&str> = HOSTS.iter().map(|(id, _)| *id).collect();
        let kinds: Vec<&str> = KINDS.iter().map(|k| k.id).collect();
        assert_eq!(ids, kinds);
    }
}
