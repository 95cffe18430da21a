//! A [`Session`] through the shared game interface, and what every viewer
//! sees of it: the current game's own view plus the colours, the clock and
//! the match. Everything is public.

use crate::clock::{millis, Millis};
use crate::matches::MatchResult;
use crate::moves::Turn;
use crate::piece::Color;
use crate::timed::{Session, SessionAction};
use crate::view::ProgressiveChessView;
use arbiter_core::{ActionError, Game, Outcome, Phase, Seat, Viewer};
use serde::Serialize;

/// The clock as every viewer sees it. Times are on the caller's time line
/// (a host's unix ms); a client counts down from them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockView {
    pub step_secs: u64,
    pub reserve_secs: u64,
    /// Each side's reserve (White's, Black's) as of the running step's
    /// start (the running side's reserve shrinks only once its step time
    /// is used up).
    pub reserve_ms: [Millis; 2],
    /// The side whose step runs (0 White, 1 Black), if a step runs.
    pub running: Option<u8>,
    /// When the running step began and when its own time ends.
    pub step_started_ms: Option<Millis>,
    pub step_ends_ms: Option<Millis>,
    /// The first moment at which the running side has lost on time.
    pub flag_at_ms: Option<Millis>,
    /// The side that lost on time in the current game, if any.
    pub flagged: Option<u8>,
}

/// The match as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchView {
    /// Which game is being played: 1 or 2.
    pub game: usize,
    /// Each player's colour in the current game (0 White, 1 Black).
    pub seat_colours: [u8; 2],
    /// Each finished game's result as points per player (player 0's, 1's).
    pub results: Vec<[f64; 2]>,
    /// Points per player so far.
    pub score: [f64; 2],
    /// The match winner (a player), `"none"` when both games were drawn, or
    /// null while it goes on.
    pub winner: Option<MatchResult>,
    /// What was announced between the games ([`crate::Match::reports`]),
    /// left out while there is nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub between: Vec<String>,
}

/// What any viewer sees of a session.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionView {
    #[serde(flatten)]
    pub game: ProgressiveChessView,
    /// Each player's colour now (0 White, 1 Black).
    pub seat_colours: [u8; 2],
    pub clock: Option<ClockView>,
    /// A move step played whose upgrade step is to come (`MOVE+?`).
    pub pending_move: Option<String>,
    #[serde(rename = "match")]
    pub match_: Option<MatchView>,
}

impl Session {
    fn colours(&self) -> [u8; 2] {
        [self.colour_of(0).seat().0, self.colour_of(1).seat().0]
    }

    /// The clock's view, if the table is timed.
    pub fn clock_view(&self) -> Option<ClockView> {
        let settings = self.settings()?;
        let mut view = ClockView {
            step_secs: settings.per_step.as_secs(),
            reserve_secs: settings.reserve.as_secs(),
            reserve_ms: [millis(settings.reserve); 2],
            running: None,
            step_started_ms: None,
            step_ends_ms: None,
            flag_at_ms: None,
            flagged: self.flagged().map(|c| c.seat().0),
        };
        let Some(clock) = self.clock() else {
            return Some(view);
        };
        view.reserve_ms = [clock.banked(Color::White), clock.banked(Color::Black)];
        if let (Some((colour, _)), Some(started), Some(deadline)) =
            (clock.running(), clock.step_started(), clock.deadline())
        {
            if self.flagged().is_none() {
                view.running = Some(colour.seat().0);
                view.step_started_ms = Some(started);
                view.step_ends_ms = Some(started.saturating_add(millis(settings.per_step)));
                view.flag_at_ms = Some(deadline.saturating_add(1));
            }
        }
        Some(view)
    }

    /// The match's view, if this is a match.
    pub fn match_view(&self) -> Option<MatchView> {
        let m = self.match_play()?;
        let results = m.results();
        let score = results
            .iter()
            .fold([0.0, 0.0], |acc, r| [acc[0] + r[0], acc[1] + r[1]]);
        Some(MatchView {
            game: m.game_index() + 1,
            seat_colours: self.colours(),
            results,
            score,
            winner: m.result(),
            between: m.reports(),
        })
    }
}

impl Game for Session {
    type Action = SessionAction;
    type View = SessionView;

    fn seat_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        match self.result() {
            Some(outcome) => Phase::Over(outcome),
            None => Phase::Turn(Seat(self.player_of(self.current().turn()))),
        }
    }

    /// Whole turns (after a move step: the turns that complete it). Move
    /// steps are not listed: any listed turn's move followed by `+?` is one.
    fn legal_actions(&self, seat: Seat) -> Vec<SessionAction> {
        if self.check_turn(seat).is_err() {
            return Vec::new();
        }
        let pending = self.pending_move();
        self.current()
            .legal_turns()
            .into_iter()
            .filter(|t: &Turn| pending.is_none_or(|mv| t.mv == mv))
            .map(SessionAction::Turn)
            .collect()
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<SessionAction, ActionError> {
        text.parse()
            .map_err(|reason| ActionError::malformed(text, reason))
    }

    /// An action with no clock involved (checks and untimed play); timed
    /// play goes through [`Session::act_at`].
    fn act(&mut self, seat: Seat, action: &SessionAction) -> Result<(), ActionError> {
        self.act_untimed(seat, *action)
    }

    fn view(&self, viewer: Viewer) -> SessionView {
        SessionView {
            game: self.current().view(viewer),
            seat_colours: self.colours(),
            clock: self.clock_view(),
            pending_move: self.pending_move().map(|m| m.to_string()),
            match_: self.match_view(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }
}

/// A table's picture: the current game's board, then the clocks and the
/// match score when there are any.
impl arbiter_core::Diagram for Session {
    fn diagram(&self) -> String {
        use std::fmt::Write;
        let mut out = arbiter_core::Diagram::diagram(self.current());
        if let Some(clock) = self.clock_view() {
            let secs = |ms: Millis| format!("{}.{:03}s", ms / 1000, ms % 1000);
            let _ = writeln!(
                out,
                "reserve: white {}, black {}",
                secs(clock.reserve_ms[0]),
                secs(clock.reserve_ms[1])
            );
        }
        if let Some(m) = self.match_view() {
            let _ = writeln!(
                out,
                "match game {}: score {} to {}",
                m.game, m.score[0], m.score[1]
            );
        }
        out
    }
}
