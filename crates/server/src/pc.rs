//! Progressive Chess on the host: one game or the two-game match, with or
//! without the rules' step clocks (docs/rules/progressive-chess.md#clocks,
//! #match; docs/server.md#progressive-chess-clocks-and-matches).
//!
//! Server seats are the match's players: player 0 has the first move in
//! game 1 and player 1 in game 2 (the colours swap). All time comes from
//! the logged events' timestamps, through [`LoggedTime`], so a restart
//! replays the clocks exactly.

use crate::adapter::{Creation, Hosted};
use arbiter_core::{ActionError, Game, Outcome, Phase, Seat, Viewer};
use arbiter_progressive_chess::{
    Clock, ClockSettings, Color, Match, MatchResult, Move, ProgressiveChess, ProgressiveChessView,
    Ruleset, TimeSource, Turn,
};
use serde::Serialize;
use serde_json::Value;
use std::cell::Cell;
use std::time::Duration;

/// The longest step or reserve the lobby accepts: a day.
pub const MAX_CLOCK_SECS: u64 = 24 * 60 * 60;

thread_local! {
    /// The time the clock reads now, in ms: set by [`PcHost`] around each
    /// clock call to the logged event's time (less pauses).
    static NOW_MS: Cell<i64> = const { Cell::new(0) };
}

/// The rules crate's clock reads time from a [`TimeSource`]; on the host
/// that time is whatever event is being applied, never the wall clock.
/// Clones share nothing, so a trial copy of the game cannot disturb the
/// original.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoggedTime;

impl TimeSource for LoggedTime {
    fn now(&self) -> Duration {
        Duration::from_millis(NOW_MS.with(Cell::get).max(0) as u64)
    }
}

/// Runs `f` with the clock reading `ms`.
fn at<R>(ms: i64, f: impl FnOnce() -> R) -> R {
    let before = NOW_MS.with(|c| c.replace(ms));
    let result = f();
    NOW_MS.with(|c| c.set(before));
    result
}

fn ms(d: Duration) -> i64 {
    d.as_millis() as i64
}

/// A hosted action: a whole turn, or a move step alone (`MOVE+?`) whose
/// upgrade step follows as a second action (the whole turn again, with the
/// same move). The two steps have their own step clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PcAction {
    Turn(Turn),
    MoveStep(Turn),
}

/// The suffix that marks a move step: "upgrade to follow".
const MOVE_STEP: &str = "+?";

impl std::fmt::Display for PcAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PcAction::Turn(t) => write!(f, "{t}"),
            PcAction::MoveStep(t) => write!(f, "{t}{MOVE_STEP}"),
        }
    }
}

impl std::str::FromStr for PcAction {
    type Err = String;

    fn from_str(text: &str) -> Result<PcAction, String> {
        match text.strip_suffix(MOVE_STEP) {
            Some(mv) => {
                let turn: Turn = mv.parse()?;
                if turn.upgrade.is_some() {
                    return Err(format!(
                        "a move step ('{MOVE_STEP}') has no upgrade: send the move alone"
                    ));
                }
                Ok(PcAction::MoveStep(turn))
            }
            None => text.parse().map(PcAction::Turn),
        }
    }
}

/// One game, or the match of up to two.
#[derive(Clone, Debug)]
enum Play {
    Single(Box<ProgressiveChess>),
    Match(Match),
}

/// Hosted Progressive Chess.
#[derive(Clone, Debug)]
pub struct PcHost {
    play: Play,
    settings: Option<ClockSettings>,
    /// The current game's clock, from its first turn on (see `act_at`).
    clock: Option<Clock<LoggedTime>>,
    /// Pauses and extensions so far, in ms: the clock reads event time
    /// less this, so paused time never counts.
    shift_ms: i64,
    /// The side that lost on time.
    flagged: Option<Color>,
    /// A move step played, its upgrade step still to come.
    pending: Option<Move>,
}

/// The clock as every viewer sees it. Times are unix ms; a client counts
/// down from the snapshot's `now_ms`.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    pub step_secs: u64,
    pub reserve_secs: u64,
    /// Each side's reserve (White's, Black's) as of the running step's
    /// start (the running side's reserve shrinks only once its step time
    /// is used up).
    pub reserve_ms: [i64; 2],
    /// The side whose step runs (0 White, 1 Black), if a step runs.
    pub running: Option<u8>,
    /// When the running step began and when its own time ends.
    pub step_started_ms: Option<i64>,
    pub step_ends_ms: Option<i64>,
    /// The first ms at which the running side has lost on time.
    pub flag_at_ms: Option<i64>,
    /// The side that lost on time in the current game, if any.
    pub flagged: Option<u8>,
}

/// The match as every viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct MatchView {
    /// Which game is being played: 1 or 2.
    pub game: usize,
    /// Each server seat's colour in the current game (0 White, 1 Black).
    pub seat_colours: [u8; 2],
    /// Each finished game's result as points per player (seat 0, seat 1).
    pub results: Vec<[f64; 2]>,
    /// Points per player so far.
    pub score: [f64; 2],
    /// The match winner's seat, `"none"` when both games were drawn, or
    /// null while it goes on.
    pub winner: Option<Value>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PcHostView {
    #[serde(flatten)]
    pub game: ProgressiveChessView,
    /// Each server seat's colour now (0 White, 1 Black).
    pub seat_colours: [u8; 2],
    pub clock: Option<ClockView>,
    /// A move step played whose upgrade step is to come (`MOVE+?`).
    pub pending_move: Option<String>,
    #[serde(rename = "match")]
    pub match_: Option<MatchView>,
}

impl PcHost {
    fn current(&self) -> &ProgressiveChess {
        match &self.play {
            Play::Single(g) => g,
            Play::Match(m) => m.current(),
        }
    }

    fn game_index(&self) -> usize {
        match &self.play {
            Play::Single(_) => 0,
            Play::Match(m) => m.game_index(),
        }
    }

    /// The colour server seat `player` has in the current game.
    fn colour_of(&self, player: usize) -> Color {
        match &self.play {
            Play::Single(_) => Color::from_seat(Seat(player as u8)).unwrap_or(Color::White),
            Play::Match(m) => m.color_of(player as u8, m.game_index()),
        }
    }

    fn player_of(&self, colour: Color) -> usize {
        (0..2).find(|&p| self.colour_of(p) == colour).unwrap_or(0)
    }

    fn colours(&self) -> [u8; 2] {
        [self.colour_of(0).seat().0, self.colour_of(1).seat().0]
    }

    /// The result in server seats, once decided.
    fn result(&self) -> Option<Outcome> {
        match &self.play {
            Play::Single(g) => g.outcome(),
            Play::Match(m) => Some(match m.result()? {
                MatchResult::Winner(p) => Outcome::win(Seat(p), 2, "wins the match"),
                MatchResult::NoWinner => Outcome::draw_because(2, "both games drawn"),
            }),
        }
    }

    fn clock_time(&self, at_ms: i64) -> i64 {
        at_ms - self.shift_ms
    }

    fn to_unix(&self, clock_ms: Duration) -> i64 {
        ms(clock_ms) + self.shift_ms
    }

    /// The current game's loser on time at `at_ms`, if its flag has fallen.
    fn flag_at(&self, at_ms: i64) -> Option<Color> {
        let mut clock = self.clock.clone()?;
        at(self.clock_time(at_ms), || clock.flagged())
    }

    fn clock_view(&self) -> Option<ClockView> {
        let settings = self.settings?;
        let mut view = ClockView {
            step_secs: settings.per_step.as_secs(),
            reserve_secs: settings.reserve.as_secs(),
            reserve_ms: [ms(settings.reserve); 2],
            running: None,
            step_started_ms: None,
            step_ends_ms: None,
            flag_at_ms: None,
            flagged: None,
        };
        view.flagged = self.flagged.map(|c| c.seat().0);
        let Some(clock) = &self.clock else {
            return Some(view);
        };
        // Read at time 0, before any step began: no overrun is counted, so
        // these are the reserves as of the running step's start.
        at(0, || {
            view.reserve_ms = [
                ms(clock.reserve(Color::White)),
                ms(clock.reserve(Color::Black)),
            ];
            if let (Some((colour, _)), Some(deadline)) = (clock.running(), clock.deadline()) {
                let reserve = clock.reserve(colour);
                let started = deadline.saturating_sub(settings.per_step + reserve);
                view.running = Some(colour.seat().0);
                view.step_started_ms = Some(self.to_unix(started));
                view.step_ends_ms = Some(self.to_unix(started + settings.per_step));
                view.flag_at_ms = Some(self.to_unix(deadline) + 1);
            }
        });
        if self.flagged.is_some() {
            view.running = None;
        }
        Some(view)
    }

    fn match_view(&self) -> Option<MatchView> {
        let Play::Match(m) = &self.play else {
            return None;
        };
        let results: Vec<[f64; 2]> = m
            .games()
            .iter()
            .enumerate()
            .filter_map(|(k, g)| {
                let outcome = g.outcome()?;
                let points = |p: u8| outcome.points(m.color_of(p, k).seat());
                Some([points(0), points(1)])
            })
            .collect();
        let score = results
            .iter()
            .fold([0.0, 0.0], |acc, r| [acc[0] + r[0], acc[1] + r[1]]);
        Some(MatchView {
            game: m.game_index() + 1,
            seat_colours: self.colours(),
            results,
            score,
            winner: m.result().map(|r| match r {
                MatchResult::Winner(p) => Value::from(p),
                MatchResult::NoWinner => Value::from("none"),
            }),
        })
    }

    fn play_turn(&mut self, turn: Turn) -> Result<(), ActionError> {
        let result = match &mut self.play {
            Play::Single(g) => g.play(turn),
            Play::Match(m) => m.play(turn),
        };
        result.map_err(|e| ActionError::illegal(e.mv.to_string(), e.reason))
    }

    /// Plays `action` with no clock: a move step is checked and held
    /// (`None`); a whole turn (completing a held move step, if any) is
    /// played and returned.
    fn step(&mut self, action: PcAction) -> Result<Option<Turn>, ActionError> {
        match (action, self.pending) {
            (PcAction::MoveStep(t), Some(held)) => Err(ActionError::illegal(
                format!("{t}{MOVE_STEP}"),
                format!(
                    "the move {held} is played already: send its upgrade step (the whole turn)"
                ),
            )),
            (PcAction::MoveStep(t), None) => {
                if !self.current().legal_turns().iter().any(|l| l.mv == t.mv) {
                    let reason = self
                        .current()
                        .why_illegal(Turn {
                            side: self.current().turn(),
                            ..t
                        })
                        .unwrap_or_else(|| "no legal turn starts with this move".into());
                    return Err(ActionError::illegal(format!("{t}{MOVE_STEP}"), reason));
                }
                self.pending = Some(t.mv);
                Ok(None)
            }
            (PcAction::Turn(t), Some(held)) if t.mv != held => Err(ActionError::illegal(
                t.to_string(),
                format!("the move {held} is played already: only its upgrade step may follow"),
            )),
            (PcAction::Turn(t), _) => {
                self.play_turn(t)?;
                self.pending = None;
                Ok(Some(t))
            }
        }
    }

    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        if let Some(outcome) = self.result() {
            return Err(ActionError::GameOver {
                outcome: outcome.to_string(),
            });
        }
        let to_move = self.current().turn();
        if self.colour_of(seat.0 as usize) != to_move {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("{to_move} is to move"),
            });
        }
        Ok(())
    }
}

/// Reads `{"clock": true | {"step_secs": n, "reserve_secs": n}}`.
fn clock_option(options: &Value) -> Result<Option<ClockSettings>, String> {
    let secs = |v: Option<&Value>, key: &str, default: Duration| -> Result<Duration, String> {
        match v {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v
                .as_u64()
                .filter(|n| (1..=MAX_CLOCK_SECS).contains(n))
                .map(Duration::from_secs)
                .ok_or_else(|| {
                    format!("clock '{key}' must be a whole number of seconds from 1 to {MAX_CLOCK_SECS}")
                }),
        }
    };
    let default = ClockSettings::default();
    match options.get("clock") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(None),
        Some(Value::Bool(true)) => Ok(Some(default)),
        Some(Value::Object(map)) => {
            if let Some(key) = map
                .keys()
                .find(|k| !["step_secs", "reserve_secs"].contains(&k.as_str()))
            {
                return Err(format!(
                    "unknown clock setting '{key}'; use step_secs and reserve_secs"
                ));
            }
            Ok(Some(ClockSettings {
                per_step: secs(map.get("step_secs"), "step_secs", default.per_step)?,
                reserve: secs(map.get("reserve_secs"), "reserve_secs", default.reserve)?,
            }))
        }
        Some(_) => Err(
            "option 'clock' must be true, false or {\"step_secs\": n, \"reserve_secs\": n}".into(),
        ),
    }
}

impl Game for PcHost {
    type Action = PcAction;
    type View = PcHostView;

    fn seat_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        match self.result() {
            Some(outcome) => Phase::Over(outcome),
            None => Phase::Turn(Seat(self.player_of(self.current().turn()) as u8)),
        }
    }

    /// Whole turns (after a move step: the turns that complete it). Move
    /// steps are not listed: any listed turn's move followed by `+?` is one.
    fn legal_actions(&self, seat: Seat) -> Vec<PcAction> {
        if self.check_turn(seat).is_err() {
            return Vec::new();
        }
        self.current()
            .legal_turns()
            .into_iter()
            .filter(|t| self.pending.is_none_or(|mv| t.mv == mv))
            .map(PcAction::Turn)
            .collect()
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<PcAction, ActionError> {
        text.parse()
            .map_err(|reason| ActionError::malformed(text, reason))
    }

    /// An action with no clock involved (checks and untimed play).
    fn act(&mut self, seat: Seat, action: &PcAction) -> Result<(), ActionError> {
        self.check_turn(seat)?;
        self.step(*action).map(|_| ())
    }

    fn view(&self, viewer: Viewer) -> PcHostView {
        PcHostView {
            game: self.current().view(viewer),
            seat_colours: self.colours(),
            clock: self.clock_view(),
            pending_move: self.pending.map(|m| m.to_string()),
            match_: self.match_view(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }
}

impl Hosted for PcHost {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
        let settings = clock_option(options)?;
        let is_match = match options.get("match") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err("option 'match' must be true or false".into()),
        };
        let position = match options.get("position") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text.as_str()),
            Some(_) => return Err("option 'position' must be a string".into()),
        };
        // The rule text has no repetition or 50-turn draws; an organiser
        // may turn both on.
        let rules = match options.get("draw_rules") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ruleset::default(),
            Some(Value::Bool(true)) => Ruleset::with_draw_rules(),
            Some(_) => return Err("option 'draw_rules' must be true or false".into()),
        };
        let play = match (is_match, position) {
            (true, Some(_)) => {
                return Err("a match starts from the standard position: drop 'position'".into())
            }
            (true, None) => Play::Match(Match::new(rules)),
            (false, None) => Play::Single(Box::new(ProgressiveChess::new(rules))),
            (false, Some(text)) => Play::Single(Box::new(
                ProgressiveChess::from_text(text, rules).map_err(|e| e.to_string())?,
            )),
        };
        Ok(PcHost {
            play,
            settings,
            clock: None,
            shift_ms: 0,
            flagged: None,
            pending: None,
        })
    }

    fn bot_action(&self, seat: Seat, level: u8) -> Option<PcAction> {
        self.check_turn(seat).ok()?;
        if self.pending.is_some() {
            // A person's move step, then the seat went to a bot: complete it.
            return self.legal_actions(seat).into_iter().next();
        }
        let colour = self.colour_of(seat.0 as usize);
        crate::bots::bot_action(self.current(), colour.seat(), level, false).map(PcAction::Turn)
    }

    /// A whole turn ends both steps at once, so by the rules its time is
    /// all the move step's and the upgrade step takes 0; a move step
    /// (`MOVE+?`) ends the move step and starts the upgrade step's own
    /// clock. Each game's clock starts with its first turn: the first turn
    /// is untimed (players arrive by their links at different times), and
    /// the reply's step clock starts when it is played.
    fn act_at(&mut self, seat: Seat, action: &PcAction, at_ms: i64) -> Result<(), ActionError> {
        self.check_turn(seat)?;
        let now = self.clock_time(at_ms);
        if let Some(colour) = self.flag_at(at_ms) {
            return Err(ActionError::GameOver {
                outcome: format!("{colour} has lost on time"),
            });
        }
        let game_before = self.game_index();
        let was_pending = self.pending.is_some();
        if self.step(*action)?.is_none() {
            // A move step: the upgrade step's clock starts now.
            if let Some(clock) = &mut self.clock {
                at(now, || clock.finish_move()).map_err(|e| ActionError::GameOver {
                    outcome: e.to_string(),
                })?;
            }
            return Ok(());
        }
        let Some(settings) = self.settings else {
            return Ok(());
        };
        if self.game_index() != game_before {
            // A drawn first game: the second starts with a fresh clock.
            self.clock = None;
            return Ok(());
        }
        let over = self.current().outcome().is_some();
        let next = self.current().turn();
        let clock = match &mut self.clock {
            Some(clock) => {
                let ended = if was_pending {
                    at(now, || clock.finish_upgrade())
                } else {
                    at(now, || clock.finish_turn())
                };
                ended.map_err(|e| ActionError::GameOver {
                    outcome: e.to_string(),
                })?;
                clock
            }
            None => {
                let clock = self.clock.insert(Clock::new(settings, LoggedTime));
                at(now, || clock.start_turn(next)).map_err(|e| ActionError::GameOver {
                    outcome: e.to_string(),
                })?;
                clock
            }
        };
        if over {
            at(now, || clock.stop());
        }
        Ok(())
    }

    fn wake_at(&self) -> Option<i64> {
        if self.result().is_some() {
            return None;
        }
        let clock = self.clock.as_ref()?;
        // The flag falls once the reserve is overrun, so 1 ms after the
        // last moment still in time.
        clock.deadline().map(|d| self.to_unix(d) + 1)
    }

    fn on_time(&mut self, at_ms: i64) -> Result<(), String> {
        let Some(colour) = self.flag_at(at_ms) else {
            return Ok(());
        };
        let now = self.clock_time(at_ms);
        if let Some(clock) = &mut self.clock {
            at(now, || clock.flagged());
        }
        self.flagged = Some(colour);
        self.pending = None;
        match &mut self.play {
            Play::Single(g) => g.lose_on_time(colour),
            Play::Match(m) => m.lose_on_time(colour),
        }
        Ok(())
    }

    fn extend(&mut self, ms: i64) {
        self.shift_ms += ms;
    }

    fn own_clock(&self) -> bool {
        self.settings.is_some()
    }
}
