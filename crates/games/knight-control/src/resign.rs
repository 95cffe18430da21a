//! A player leaves the game (docs/rules/knight-control.md#resigning). The
//! rules know no elimination, so resigning means what a player who never
//! submits again would get, made final: they are never waited for, every
//! step closes for them with the documented defaults (no bid, no orders, no
//! item use, no gifts, no vote), their knights stay where they stand, their
//! open trade offers lapse, and they rank below every player still in. When
//! only one player is left in, the game ends at once and that player wins.

use crate::game::KnightControl;
use crate::place::player_name;
use crate::Stage;
use arbiter_core::{ActionError, Outcome, Seat, SeatResult};

impl KnightControl {
    /// `seat` resigns. Refused, changing nothing, once the game is over,
    /// for a seat not at the table and for a player who already left.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        self.refuse_outsider(seat)?;
        self.resigned[seat.index()] = true;
        self.offers.retain(|o| o.from != seat && o.to != seat);
        if self.resigned.iter().filter(|r| !**r).count() == 1 {
            self.finish();
        } else {
            // The step may have been waiting only for them.
            self.advance();
        }
        Ok(())
    }

    /// Whether `seat` has left the game.
    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.resigned.get(seat.index()).copied().unwrap_or(false)
    }

    /// The refusal of anything tried once the game is over, by a seat not
    /// at the table, or by a player who left.
    pub(crate) fn refuse_outsider(&self, seat: Seat) -> Result<(), ActionError> {
        if self.stage == Stage::Over {
            return Err(ActionError::GameOver {
                outcome: self.outcome().map(|o| o.to_string()).unwrap_or_default(),
            });
        }
        if seat.index() >= self.players {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("there are only {} players", self.players),
            });
        }
        self.refuse_resigned(seat)
    }

    /// The refusal of anything a player who left tries to do.
    pub(crate) fn refuse_resigned(&self, seat: Seat) -> Result<(), ActionError> {
        if self.has_resigned(seat) {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("{} has resigned and left the game", player_name(seat)),
            });
        }
        Ok(())
    }

    /// `outcome` with the players who left sharing the rank after every
    /// player still in, who keep their order among themselves.
    pub(crate) fn rank_resigned(&self, outcome: Outcome) -> Outcome {
        if !self.resigned.contains(&true) {
            return outcome;
        }
        let scores = |keep: bool| -> Vec<i64> {
            outcome
                .results
                .iter()
                .zip(&self.resigned)
                .filter(|(_, r)| **r != keep)
                .map(|(s, _)| s.score)
                .collect()
        };
        let still_in = scores(true);
        let results = outcome
            .results
            .iter()
            .zip(&self.resigned)
            .map(|(result, &left)| SeatResult {
                rank: if left {
                    still_in.len() as u16 + 1
                } else {
                    still_in.iter().filter(|&&o| o > result.score).count() as u16 + 1
                },
                score: result.score,
            })
            .collect();
        let reason = if still_in.len() == 1 {
            "every other player resigned".to_string()
        } else {
            outcome.reason
        };
        Outcome { results, reason }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Layout, Rules};
    use arbiter_core::{Game, Phase, Seed, Viewer};

    fn game(players: usize) -> KnightControl {
        KnightControl::new(
            players,
            Rules::default(),
            Layout::standard(),
            Seed::from_u64(5),
        )
        .unwrap()
    }

    #[test]
    fn a_step_waiting_only_for_the_leaver_closes() {
        let mut g = game(3);
        g.act_text(Seat(0), "bid ABCDE").unwrap();
        g.act_text(Seat(1), "bid pass").unwrap();
        assert_eq!(g.stage(), Stage::Bidding);
        g.resign(Seat(2)).unwrap();
        assert_eq!(g.stage(), Stage::Orders, "bidding closed without P3");
        assert_eq!(g.phase(), Phase::Simultaneous(vec![Seat(0), Seat(1)]));
        // Everyone still in submits: the round goes on without P3.
        g.act_text(Seat(0), "orders pass").unwrap();
        g.act_text(Seat(1), "orders pass").unwrap();
        assert_eq!(g.stage(), Stage::Orders);
        assert_eq!(g.state().round, 2, "round 1 resolved without P3");
    }

    #[test]
    fn the_leaver_can_do_nothing_more_and_their_offers_lapse() {
        let mut g = game(3);
        for s in 0..3 {
            g.act_text(Seat(s), "bid pass").unwrap();
        }
        g.act_text(Seat(1), "offer P1 2").unwrap();
        g.act_text(Seat(0), "offer P2 1").unwrap();
        g.resign(Seat(1)).unwrap();
        assert!(g.offers.is_empty(), "both offers involved P2");
        assert!(g.act_text(Seat(1), "offer P3 1").is_err());
        assert!(g.resign(Seat(1)).is_err(), "already left");
        assert!(!g.pending().contains(&Seat(1)));
    }

    #[test]
    fn one_player_left_wins_at_once_and_the_leavers_share_second() {
        let mut g = game(3);
        g.resign(Seat(0)).unwrap();
        assert_eq!(g.outcome(), None);
        g.resign(Seat(2)).unwrap();
        let outcome = g.outcome().expect("over");
        assert_eq!(outcome.reason, "every other player resigned");
        let ranks: Vec<u16> = outcome.results.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![2, 1, 2]);
        assert!(g.resign(Seat(1)).is_err(), "the game is over");
        // Every view of the early end can be made.
        for viewer in [
            Viewer::Seat(Seat(0)),
            Viewer::Seat(Seat(1)),
            Viewer::Spectator,
        ] {
            serde_json::to_string(&g.view(viewer)).unwrap();
        }
    }

    #[test]
    fn leavers_rank_below_everyone_still_in_whatever_their_score() {
        let mut g = game(3);
        g.resigned[2] = true;
        // Hand-made scores: the leaver had the most ToLs.
        let given = Outcome::from_scores(&[1, 0, 5], "ToLs awarded; no EC");
        let ranked = g.rank_resigned(given);
        let ranks: Vec<u16> = ranked.results.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![1, 2, 3]);
        assert_eq!(ranked.reason, "ToLs awarded; no EC");
        g.resigned[2] = false;
        let untouched = g.rank_resigned(Outcome::from_scores(&[1, 0, 5], "x"));
        assert_eq!(untouched, Outcome::from_scores(&[1, 0, 5], "x"));
    }
}
