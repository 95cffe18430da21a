//! Tilechess through the shared game interface. It is a game of perfect
//! information: every viewer sees everything.
//!
//! Seats are players in the order they joined. A newcomer is the seat
//! numbered `seat_count()`: it appears in `Phase::Claim` while the game is
//! running, and its only actions are joins; once it joins, `seat_count()`
//! grows by one (docs/rules/tilechess.md#seats-and-claims).

use crate::action::{Action, Deed};
use crate::game::{Standing, Tilechess};
use arbiter_core::{
    ActionError, Game, Outcome, Perft, Phase, PositionError, Seat, TextPosition, Viewer,
};
use serde::Serialize;

/// What any viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TilechessView {
    /// The current position string.
    pub position: String,
    /// Every player's colour in seat order, eliminated ones included.
    pub colours: Vec<String>,
    pub eliminated: Vec<bool>,
    /// Seats that may claim the next turn (the last one may be a newcomer).
    pub claimants: Vec<Seat>,
    /// Players still in, best first.
    pub leaderboard: Vec<Standing>,
    pub outcome: Option<Outcome>,
}

impl Tilechess {
    /// The seat that would play the action written in `text`: the player of
    /// that colour, or the newcomer for a join in a new colour. Used by text
    /// interfaces, where the colour says who acts.
    pub fn actor(&self, text: &str) -> Result<Seat, ActionError> {
        let action: Action = text
            .parse()
            .map_err(|reason| ActionError::malformed(text, reason))?;
        match (self.seat_of(action.colour), action.deed) {
            (Some(seat), _) => Ok(seat),
            (None, Deed::Join { .. }) => Ok(self.newcomer()),
            (None, _) => Err(ActionError::illegal(
                text,
                format!(
                    "no player is {}; a new player's first action is a join",
                    action.colour
                ),
            )),
        }
    }
}

impl Game for Tilechess {
    type Action = Action;
    type View = TilechessView;

    fn seat_count(&self) -> usize {
        self.players().len()
    }

    fn phase(&self) -> Phase {
        match Tilechess::outcome(self) {
            Some(outcome) => Phase::Over(outcome),
            None => Phase::Claim(self.claimants()),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ActionError> {
        text.parse()
            .map_err(|reason| ActionError::malformed(text, reason))
    }

    fn act(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if let Some(outcome) = Tilechess::outcome(self) {
            return Err(ActionError::GameOver {
                outcome: outcome.to_string(),
            });
        }
        if seat.index() > self.players().len() {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("the next new player takes {}", self.newcomer()),
            });
        }
        if !self.may_claim(seat) {
            let reason = match self.players()[seat.index()] {
                p if p.eliminated => format!("{} has been eliminated", p.colour),
                p => format!(
                    "{} took the last turn and may not take two in a row",
                    p.colour
                ),
            };
            return Err(ActionError::NotYourTurn { seat, reason });
        }
        self.play(seat, action)
            .map_err(|reason| ActionError::illegal(action.to_string(), reason))
    }

    fn view(&self, _viewer: Viewer) -> TilechessView {
        TilechessView {
            position: self.to_text(),
            colours: self
                .players()
                .iter()
                .map(|p| p.colour.to_string())
                .collect(),
            eliminated: self.players().iter().map(|p| p.eliminated).collect(),
            claimants: self.claimants(),
            leaderboard: self.leaderboard(),
            outcome: Tilechess::outcome(self),
        }
    }
}

impl TextPosition for Tilechess {
    fn start() -> Tilechess {
        Tilechess::default()
    }

    fn from_position(text: &str) -> Result<Tilechess, PositionError> {
        Tilechess::from_text(text)
    }

    fn position(&self) -> String {
        self.to_text()
    }
}

/// Perft counts sequences of (seat, action) in which every step is taken by
/// any seat that may claim it, with the listed actions (one join per block).
impl Perft for Tilechess {
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for seat in self.claimants() {
            let actions = self.legal(seat);
            if depth == 1 {
                total += actions.len() as u64;
                continue;
            }
            for action in &actions {
                let mut child = self.clone();
                child.play_unchecked(seat, action);
                total += child.perft(depth - 1);
            }
        }
        total
    }

    fn divide(&self, depth: u32) -> Vec<(Action, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut split: Vec<(Action, u64)> = self
            .claimants()
            .into_iter()
            .flat_map(|seat| {
                self.legal(seat).into_iter().map(move |action| {
                    let mut child = self.clone();
                    child.play_unchecked(seat, &action);
                    (action, child.perft(depth - 1))
                })
            })
            .collect();
        split.sort_by_cached_key(|(a, _)| a.to_string());
        split
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{ClaimClock, ManualTime};
    use std::time::Duration;

    #[test]
    fn the_view_serialises_with_the_leaderboard() {
        let mut game = Tilechess::default();
        game.act_text(Seat(0), "red: join 8,8 RBNR/PKQP/PNBP/PPP.")
            .unwrap();
        let json = serde_json::to_value(game.view(Viewer::Spectator)).unwrap();
        assert_eq!(json["colours"], serde_json::json!(["red"]));
        assert_eq!(json["claimants"], serde_json::json!([1]));
        assert_eq!(json["leaderboard"][0]["colour"], "red");
        assert_eq!(
            Tilechess::from_position(json["position"].as_str().unwrap()).unwrap(),
            game
        );
    }

    /// How a host drives the game with the claim clock.
    #[test]
    fn a_host_loop_with_simulated_time() {
        let time = ManualTime::default();
        let mut clock = ClaimClock::new(Duration::from_secs(600), time.clone()).unwrap();
        let mut game = Tilechess::default();
        let claimants = |g: &Tilechess| match g.phase() {
            Phase::Claim(seats) => seats,
            _ => Vec::new(),
        };
        clock.claim(Seat(0), &claimants(&game)).unwrap();
        game.act_text(Seat(0), "red: join 8,8 RBNR/PKQP/PNBP/PPP.")
            .unwrap();
        clock.acted();
        // Blue claims but lets the claim run out; red may not claim (two in a
        // row), a newcomer may once it expires.
        let seats = claimants(&game);
        assert!(clock.claim(Seat(0), &seats).is_err());
        clock.claim(Seat(1), &seats).unwrap();
        assert!(!clock.may_act(Seat(1), &[]), "the rules still decide");
        time.advance(Duration::from_secs(600));
        assert!(clock.may_act(Seat(1), &seats));
        clock.claim(Seat(1), &seats).unwrap();
        game.act_text(Seat(1), "blue: join 0,0 RBNR/PKQP/PNBP/PPP.")
            .unwrap();
        clock.acted();
        assert_eq!(claimants(&game), vec![Seat(0), Seat(2)]);
    }
}
