//! [`LiveGame`], the object-safe face of every hosted game, and [`Table`],
//! the one generic implementation over any [`Hosted`] game. The table also
//! keeps the host's per-turn or per-step deadline (docs/server.md#deadlines).

use crate::adapter::{kind, Creation, Hosted};
use crate::bots::Think;
use arbiter_core::scene::{Last, Scene};
use arbiter_core::{
    ActionError, Disclosure, GameRng, HostActionError, Outcome, Phase, Seat, Seed, Viewer,
};
use arbiter_search::player::ScoredLine;
use serde_json::Value;

/// A live game behind one object-safe interface, addressed by server seats.
/// Every time (`at_ms`, `now_ms`) is unix ms from a logged event, or the
/// actor's clock when deciding whether to log one.
pub trait LiveGame: Send + Sync {
    /// Who may act now, in server seats (unbound growing seats included when
    /// the game would let a newcomer act).
    fn actors(&self, server_seats: usize) -> Vec<usize>;
    /// [`LiveGame::actors`] as `viewer` may know it: while the game keeps
    /// the list secret ([`Hosted::hides_pending`]) only the viewer itself.
    fn actors_seen_by(&self, server_seats: usize, viewer: Option<usize>) -> Vec<usize>;
    /// The server seats of `bot_seats` not among the actors whose bot has
    /// something to answer at once ([`Hosted::bot_answers`]: Knight
    /// Control's offers and communal garnets). A bot at such a seat is
    /// asked like an actor.
    fn bot_answers(&self, bot_seats: &[usize]) -> Vec<usize>;
    fn phase(&self) -> Phase;
    /// The phase as `viewer` may know it (see [`LiveGame::actors_seen_by`]).
    fn phase_seen_by(&self, viewer: Option<usize>) -> Phase;
    fn outcome(&self) -> Option<Outcome>;
    /// Starts the deadline clock at the game's creation time.
    fn begin(&mut self, at_ms: i64);
    /// Parses and plays `text` for server seat `seat` at `at_ms`. Returns
    /// the action in canonical notation. On error nothing changes.
    fn act(&mut self, seat: usize, text: &str, at_ms: i64) -> Result<String, ActionError>;
    /// Checks `text` for `seat` without playing it: what the game says about
    /// it ([`Hosted::preview`]) or why it would be refused.
    fn check(&self, seat: usize, text: &str) -> Result<Value, ActionError>;
    /// The legal actions of server seat `seat` in notation, sorted.
    fn legal(&self, seat: usize) -> Vec<String>;
    /// The game's own view for `seat` (or a spectator) as JSON.
    fn view(&self, seat: Option<usize>) -> Value;
    /// Game-specific drawing help for `seat` ([`Hosted::hints`]).
    fn hints(&self, seat: Option<usize>) -> Value;
    /// How `viewer` sees the `act`-th action this table played (counting
    /// every accepted [`LiveGame::act`] from 0), whose notation is `action`;
    /// `None` hides it. The game decided when it was played
    /// ([`arbiter_core::Game::disclose`]); nothing here reads the text.
    fn describe(&self, act: usize, action: &str, viewer: Option<usize>) -> Option<String>;
    /// The game seat a server seat is bound to, if any.
    fn game_seat(&self, seat: usize) -> Option<Seat>;
    /// A bot's action for server seat `seat`, in notation.
    fn bot_action(&self, seat: usize, think: Think) -> Option<String>;
    /// [`LiveGame::bot_action`] with the search's score of the choice for
    /// the seat, where there is one ([`Hosted::bot_scored`]).
    fn bot_scored(&self, seat: usize, think: Think) -> (Option<String>, Option<i32>);
    /// The strongest bot's best `count` lines for server seat `seat`, in
    /// notation ([`Hosted::bot_lines`]).
    fn bot_lines(&self, seat: usize, think: Think, count: usize) -> Vec<ScoredLine<String>>;
    fn boxed_clone(&self) -> Box<dyn LiveGame>;
    /// The host ends the game ([`Hosted::end_by_host`]).
    fn end_by_host(&mut self);
    /// When the game next needs attention with no request: the host's
    /// deadline or the game's own clock.
    fn wake_at(&self) -> Option<i64>;
    /// The current turn or step deadline set by the host, if any.
    fn deadline(&self) -> Option<i64>;
    /// Whether a seat is between the steps of one turn ([`Hosted::mid_turn`]).
    fn mid_turn(&self) -> bool;
    /// [`Hosted::reports`].
    fn reports(&self) -> usize;
    /// [`Hosted::report_lines`].
    fn report_lines(&self, from: usize) -> Vec<String>;
    /// Whether a `time` event at `now_ms` would change anything: the game's
    /// own clock is due, or a simultaneous step's deadline has passed.
    fn time_due(&self, now_ms: i64) -> bool;
    /// A turn whose deadline passed in a game without its own clock: the
    /// server seat the server's level-1 bot plays for.
    fn overdue_seat(&self, now_ms: i64) -> Option<usize>;
    /// Applies a logged `time` event: the game's own clock, then a passed
    /// simultaneous step deadline closes the step (`Game::resolve` with a
    /// random stream derived from the seed and the event's `seq`).
    fn on_time(&mut self, at_ms: i64, seq: i64) -> Result<(), String>;
    /// Pushes the current deadline (and the game's own clock) back by `ms`.
    fn extend(&mut self, ms: i64);
    /// A host's game-specific action ([`Hosted::host_act`]).
    fn host_act(&mut self, text: &str, at_ms: i64) -> Result<String, HostActionError>;
    /// The game's terminal picture of what everyone may see.
    fn diagram(&self) -> String;
    /// The board as `seat` (or a spectator) may see it (docs/pictures.md).
    fn scene(&self, seat: Option<usize>) -> Scene;
    /// The board as `seat` (or a spectator) sees it in a history stepped
    /// back to the last action: the one that action left
    /// ([`Hosted::closing_scene`]), else the scene.
    fn past_scene(&self, seat: Option<usize>) -> Scene;
    /// Server seat `seat` in the game's own words ("White", "Ohs", a
    /// Tilechess colour once it has joined; else "P2"), as the table
    /// names it.
    fn seat_name(&self, seat: usize) -> String;
    /// [`Hosted::reserves_ms`].
    fn reserves_ms(&self) -> Option<Vec<i64>>;
    /// [`Hosted::rounds_shown`].
    fn rounds_shown(&self) -> Option<u32>;
    /// [`Hosted::evaluation`] for server seat `seat`.
    fn evaluation(&self, seat: usize) -> Option<i32>;
    /// [`Hosted::exact_values`] for server seat `seat`.
    fn exact_values(&self, seat: usize) -> Option<Vec<(String, String)>>;
    /// Server seat `seat` resigns at `at_ms` ([`Hosted::resign`]).
    fn resign(&mut self, seat: usize, at_ms: i64) -> Result<(), ActionError>;
    /// Whether the players may agree to a draw ([`Hosted::draws_by_agreement`]).
    fn draws_by_agreement(&self) -> bool;
    /// The players agreed to a draw at `at_ms` ([`Hosted::agree_draw`]).
    fn agree_draw(&mut self, at_ms: i64) -> Result<(), ActionError>;
}

/// The generic adapter over any [`Hosted`] game.
#[derive(Clone)]
pub struct Table<G> {
    game: G,
    growing: bool,
    /// Server seat -> game seat.
    bound: Vec<Option<Seat>>,
    seed: Seed,
    /// The host's deadline per turn or step.
    per_step: Option<i64>,
    /// When the current turn or step closes.
    deadline: Option<i64>,
    /// The step key ([`Hosted::step`]) and pending seats when last looked at.
    step: Option<u64>,
    pending: Vec<Seat>,
    /// How many actions the table has played.
    acts: usize,
    /// What each viewer may see of the actions that are not public to all,
    /// by act number (ascending).
    sealed: Vec<Sealed>,
    /// What the last action every viewer saw did ([`Hosted::trail`]).
    trail: Option<Last>,
}

/// What each viewer may see of one action, as the game said when it was
/// played: `seen[k]` for game seat `k`, the last entry for everyone else.
#[derive(Clone, Debug)]
struct Sealed {
    act: usize,
    seen: Vec<Disclosure>,
}

impl<G: Hosted> Table<G> {
    pub fn new(game: G, growing: bool, creation: &Creation) -> Table<G> {
        let bound = (0..creation.seats)
            .map(|k| (!growing).then_some(Seat(k as u8)))
            .collect();
        Table {
            game,
            growing,
            bound,
            seed: creation.seed,
            per_step: creation.deadline_ms,
            deadline: None,
            step: None,
            pending: Vec::new(),
            acts: 0,
            sealed: Vec::new(),
            trail: None,
        }
    }

    /// What every viewer may see of `seat`'s `action`, asked before it is
    /// played; `None` when everyone sees it. A newcomer's seat (the next
    /// one in a growing game) is asked too.
    fn seen(&self, seat: Seat, action: &G::Action) -> Option<Vec<Disclosure>> {
        let seats = self.game.seat_count().max(seat.index() + 1);
        let viewers = (0..seats)
            .map(|k| Viewer::Seat(Seat(k as u8)))
            .chain([Viewer::Spectator]);
        let seen: Vec<Disclosure> = viewers
            .map(|v| self.game.disclose(seat, action, v))
            .collect();
        (!seen.iter().all(|s| *s == Disclosure::Action)).then_some(seen)
    }

    /// The game seat `seat` would act as now: its bound seat, or the
    /// newcomer seat for an unbound link in a growing game.
    fn acting_seat(&self, seat: usize) -> Option<Seat> {
        match self.bound.get(seat)? {
            Some(s) => Some(*s),
            None if self.growing => Some(Seat(self.game.seat_count() as u8)),
            None => None,
        }
    }

    /// [`Self::acting_seat`], or the refusal of a link not at the table.
    fn seat_at_table(&self, seat: usize) -> Result<Seat, ActionError> {
        self.acting_seat(seat)
            .ok_or_else(|| ActionError::NotYourTurn {
                seat: Seat(seat as u8),
                reason: "this seat is not at the table".into(),
            })
    }

    fn viewer_seat(&self, seat: Option<usize>) -> Option<Seat> {
        seat.and_then(|k| self.bound.get(k).copied().flatten())
    }

    /// Server seat `seat` (or a spectator) as the game's viewer.
    fn viewer(&self, seat: Option<usize>) -> Viewer {
        match self.viewer_seat(seat) {
            Some(s) => Viewer::Seat(s),
            None => Viewer::Spectator,
        }
    }

    /// Restarts the deadline when a new turn or step has begun at `at_ms`.
    /// Every action starts a new turn; a simultaneous step is new when the
    /// game's step key changes (or, without one, when a seat is awaited
    /// that was not before).
    fn after_change(&mut self, at_ms: i64, acted: bool) {
        let phase = self.game.phase();
        let pending = match &phase {
            Phase::Simultaneous(list) => list.clone(),
            _ => Vec::new(),
        };
        let step = self.game.step();
        let new_step = match step {
            Some(key) => self.step != Some(key),
            None => pending.iter().any(|s| !self.pending.contains(s)),
        };
        self.step = step;
        self.pending = pending;
        let Some(per_step) = self.per_step else {
            return;
        };
        match phase {
            Phase::Over(_) => self.deadline = None,
            Phase::Turn(_) | Phase::Claim(_) if self.game.own_clock() => self.deadline = None,
            Phase::Turn(_) | Phase::Claim(_) => {
                if acted || self.deadline.is_none() {
                    self.deadline = Some(at_ms + per_step);
                }
            }
            Phase::Simultaneous(_) | Phase::Chance => {
                if new_step || self.deadline.is_none() {
                    self.deadline = Some(at_ms + per_step);
                }
            }
        }
    }

    /// The random stream a deadline's resolve draws from: the game's seed
    /// mixed with the `time` event's sequence number, so replay draws the
    /// same numbers.
    fn rng_for(&self, seq: i64) -> GameRng {
        let mut bytes = self.seed.0;
        for (i, b) in seq.to_le_bytes().iter().enumerate() {
            bytes[24 + i] ^= b;
        }
        bytes[0] ^= 0x5a; // never the game's own stream
        Seed(bytes).rng()
    }
}

impl<G: Hosted> LiveGame for Table<G> {
    fn actors(&self, server_seats: usize) -> Vec<usize> {
        let phase = self.game.phase();
        (0..server_seats)
            .filter(|&k| self.acting_seat(k).is_some_and(|s| phase.may_act(s)))
            .collect()
    }

    fn bot_answers(&self, bot_seats: &[usize]) -> Vec<usize> {
        let phase = self.game.phase();
        (bot_seats.iter().copied())
            .filter(|&k| {
                self.acting_seat(k)
                    .is_some_and(|s| !phase.may_act(s) && self.game.bot_answers(s))
            })
            .collect()
    }

    fn actors_seen_by(&self, server_seats: usize, viewer: Option<usize>) -> Vec<usize> {
        let all = self.actors(server_seats);
        if self.game.hides_pending() {
            all.into_iter().filter(|&k| Some(k) == viewer).collect()
        } else {
            all
        }
    }

    fn phase(&self) -> Phase {
        self.game.phase()
    }

    fn phase_seen_by(&self, viewer: Option<usize>) -> Phase {
        match self.game.phase() {
            Phase::Simultaneous(list) if self.game.hides_pending() => {
                let me = self.viewer_seat(viewer);
                Phase::Simultaneous(list.into_iter().filter(|s| Some(*s) == me).collect())
            }
            phase => phase,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn begin(&mut self, at_ms: i64) {
        self.after_change(at_ms, true);
    }

    fn act(&mut self, seat: usize, text: &str, at_ms: i64) -> Result<String, ActionError> {
        let game_seat = self.seat_at_table(seat)?;
        let before = self.game.seat_count();
        let action = self.game.parse_action(game_seat, text)?;
        let seen = self.seen(game_seat, &action);
        let trail = self.game.trail(self.acts + 1, &action);
        self.game.act_at(game_seat, &action, at_ms)?;
        // A secret action leaves the marks of the last public one.
        if seen.is_none() {
            self.trail = trail;
        }
        if let Some(seen) = seen {
            self.sealed.push(Sealed {
                act: self.acts,
                seen,
            });
        }
        self.acts += 1;
        if self.growing && self.bound[seat].is_none() && self.game.seat_count() > before {
            self.bound[seat] = Some(game_seat);
        }
        self.after_change(at_ms, true);
        Ok(action.to_string())
    }

    fn check(&self, seat: usize, text: &str) -> Result<Value, ActionError> {
        let game_seat = self.seat_at_table(seat)?;
        let action = self.game.parse_action(game_seat, text)?;
        let preview = self.game.preview(game_seat, &action);
        let mut probe = self.game.clone();
        probe.act(game_seat, &action)?;
        Ok(preview)
    }

    fn legal(&self, seat: usize) -> Vec<String> {
        let Some(game_seat) = self.acting_seat(seat) else {
            return Vec::new();
        };
        if !self.game.phase().may_act(game_seat) {
            return Vec::new();
        }
        let mut list: Vec<String> = self
            .game
            .legal_actions(game_seat)
            .iter()
            .map(ToString::to_string)
            .collect();
        list.sort();
        list
    }

    fn view(&self, seat: Option<usize>) -> Value {
        serde_json::to_value(self.game.view(self.viewer(seat))).unwrap_or(Value::Null)
    }

    fn hints(&self, seat: Option<usize>) -> Value {
        self.game.hints(self.viewer_seat(seat))
    }

    fn describe(&self, act: usize, action: &str, viewer: Option<usize>) -> Option<String> {
        let Ok(k) = self.sealed.binary_search_by_key(&act, |s| s.act) else {
            return Some(action.to_string());
        };
        let seen = &self.sealed[k].seen;
        let others = seen.len() - 1;
        let index = self
            .viewer_seat(viewer)
            .map(Seat::index)
            .filter(|&i| i < others)
            .unwrap_or(others);
        match &seen[index] {
            Disclosure::Action => Some(action.to_string()),
            Disclosure::Sealed(words) => Some(words.clone()),
            Disclosure::Nothing => None,
        }
    }

    fn game_seat(&self, seat: usize) -> Option<Seat> {
        self.bound.get(seat).copied().flatten()
    }

    fn bot_action(&self, seat: usize, think: Think) -> Option<String> {
        let game_seat = self.acting_seat(seat)?;
        self.game
            .bot_action(game_seat, think)
            .map(|a| a.to_string())
    }

    fn bot_scored(&self, seat: usize, think: Think) -> (Option<String>, Option<i32>) {
        let Some(game_seat) = self.acting_seat(seat) else {
            return (None, None);
        };
        let (action, score) = self.game.bot_scored(game_seat, think);
        (action.map(|a| a.to_string()), score)
    }

    fn bot_lines(&self, seat: usize, think: Think, count: usize) -> Vec<ScoredLine<String>> {
        let Some(game_seat) = self.acting_seat(seat) else {
            return Vec::new();
        };
        self.game
            .bot_lines(game_seat, think, count)
            .into_iter()
            .map(|l| ScoredLine {
                action: l.action.to_string(),
                score: l.score,
                line: l.line.iter().map(|a| a.to_string()).collect(),
            })
            .collect()
    }

    fn boxed_clone(&self) -> Box<dyn LiveGame> {
        Box::new(self.clone())
    }

    fn end_by_host(&mut self) {
        self.game.end_by_host();
        self.deadline = None;
    }

    fn wake_at(&self) -> Option<i64> {
        if self.game.outcome().is_some() {
            return None;
        }
        match (self.deadline, self.game.wake_at()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn deadline(&self) -> Option<i64> {
        self.deadline
    }

    fn mid_turn(&self) -> bool {
        self.game.outcome().is_none() && self.game.mid_turn()
    }

    fn reports(&self) -> usize {
        self.game.reports()
    }

    fn report_lines(&self, from: usize) -> Vec<String> {
        self.game.report_lines(from)
    }

    fn time_due(&self, now_ms: i64) -> bool {
        if self.game.outcome().is_some() {
            return false;
        }
        let own = self.game.wake_at().is_some_and(|w| w <= now_ms);
        let step = self.deadline.is_some_and(|d| d <= now_ms)
            && matches!(self.game.phase(), Phase::Simultaneous(_) | Phase::Chance);
        own || step
    }

    fn overdue_seat(&self, now_ms: i64) -> Option<usize> {
        if self.deadline.is_none_or(|d| d > now_ms) || self.game.own_clock() {
            return None;
        }
        match self.game.phase() {
            Phase::Turn(_) | Phase::Claim(_) => {
                // A bound seat first: an unbound link of a growing game is
                // nobody yet.
                let actors = self.actors(self.bound.len());
                actors
                    .iter()
                    .copied()
                    .find(|&k| self.bound[k].is_some())
                    .or_else(|| actors.first().copied())
            }
            _ => None,
        }
    }

    fn on_time(&mut self, at_ms: i64, seq: i64) -> Result<(), String> {
        if self.game.wake_at().is_some_and(|w| w <= at_ms) {
            self.game.on_time(at_ms)?;
        }
        let step_over = self.deadline.is_some_and(|d| d <= at_ms)
            && matches!(self.game.phase(), Phase::Simultaneous(_) | Phase::Chance);
        if step_over {
            let mut rng = self.rng_for(seq);
            self.game.resolve(&mut rng).map_err(|e| e.to_string())?;
            // The step closed: a new one starts now, whatever its key says.
            self.deadline = None;
        }
        self.after_change(at_ms, false);
        Ok(())
    }

    fn host_act(&mut self, text: &str, at_ms: i64) -> Result<String, HostActionError> {
        let said = self.game.host_act(text)?;
        self.after_change(at_ms, false);
        Ok(said)
    }

    fn rounds_shown(&self) -> Option<u32> {
        self.game.rounds_shown()
    }

    fn reserves_ms(&self) -> Option<Vec<i64>> {
        self.game.reserves_ms()
    }

    fn evaluation(&self, seat: usize) -> Option<i32> {
        self.game.evaluation(self.game_seat(seat)?)
    }

    fn exact_values(&self, seat: usize) -> Option<Vec<(String, String)>> {
        self.game.exact_values(self.acting_seat(seat)?)
    }

    fn diagram(&self) -> String {
        arbiter_core::Diagram::diagram(&self.game)
    }

    fn seat_name(&self, seat: usize) -> String {
        match self.game_seat(seat) {
            Some(game_seat) => arbiter_core::Depict::seat_name(&self.game, game_seat),
            None => arbiter_core::scene::plain_seat_name(Seat(seat as u8)),
        }
    }

    fn past_scene(&self, seat: Option<usize>) -> Scene {
        (self.game.closing_scene(self.viewer(seat))).unwrap_or_else(|| self.scene(seat))
    }

    fn scene(&self, seat: Option<usize>) -> Scene {
        let mut scene = arbiter_core::Depict::scene(&self.game, self.viewer(seat));
        if scene.last.is_none() {
            scene.last = self.trail.clone();
        }
        scene
    }

    fn resign(&mut self, seat: usize, at_ms: i64) -> Result<(), ActionError> {
        // An unbound link of a growing game has joined nothing to resign.
        let game_seat = self
            .game_seat(seat)
            .ok_or_else(|| ActionError::NotYourTurn {
                seat: Seat(seat as u8),
                reason: "this seat has not joined the game, so it has nothing to resign".into(),
            })?;
        self.game.resign(game_seat)?;
        self.after_change(at_ms, false);
        Ok(())
    }

    fn draws_by_agreement(&self) -> bool {
        self.game.draws_by_agreement()
    }

    fn agree_draw(&mut self, at_ms: i64) -> Result<(), ActionError> {
        self.game.agree_draw()?;
        self.after_change(at_ms, false);
        Ok(())
    }

    fn extend(&mut self, ms: i64) {
        if let Some(d) = &mut self.deadline {
            *d = d.saturating_add(ms);
        }
        self.game.extend(ms);
    }
}

/// A fresh live game of kind `id` (refused with the known ids when there is
/// no such game) with `creation.seats` seats.
pub fn create(id: &str, options: &Value, creation: &Creation) -> Result<Box<dyn LiveGame>, String> {
    let kind = kind(id)?;
    let seats = creation.seats;
    if !(kind.min_seats..=kind.max_seats).contains(&seats) {
        return Err(if kind.min_seats == kind.max_seats {
            format!(
                "{} takes exactly {} seats, not {seats}",
                kind.name, kind.min_seats
            )
        } else {
            format!(
                "{} takes {} to {} seats, not {seats}",
                kind.name, kind.min_seats, kind.max_seats
            )
        });
    }
    crate::adapter::host_of(kind)?(options, creation, kind.growing)
}
