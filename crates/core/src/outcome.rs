//! Outcomes for any number of seats.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How one seat finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    /// 1 is best. Seats that tie share a rank, and the next rank skips
    /// (1, 1, 3), as in sports standings.
    pub rank: u16,
    /// The game's own score for the seat (territory points, chips gained,
    /// ...). Duels use 1 for a win, 0 for a loss and draw alike; read
    /// [`Outcome::points`] for match scoring.
    pub score: i64,
}

/// The result of a finished game: one [`SeatResult`] per seat, and why it
/// ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub results: Vec<SeatResult>,
    /// A short reason a person can read: "checkmate", "stalemate", ...
    pub reason: String,
}

impl Outcome {
    /// `winner` wins, every other seat of `seats` loses.
    pub fn win(winner: Seat, seats: usize, reason: impl Into<String>) -> Outcome {
        let results = Seat::all(seats)
            .map(|s| {
                if s == winner {
                    SeatResult { rank: 1, score: 1 }
                } else {
                    SeatResult { rank: 2, score: 0 }
                }
            })
            .collect();
        Outcome {
            results,
            reason: reason.into(),
        }
    }

    /// Every seat shares first place.
    pub fn draw(seats: usize) -> Outcome {
        Outcome::draw_because(seats, "draw")
    }

    /// Every seat shares first place, for the given reason.
    pub fn draw_because(seats: usize, reason: impl Into<String>) -> Outcome {
        Outcome {
            results: vec![SeatResult { rank: 1, score: 0 }; seats],
            reason: reason.into(),
        }
    }

    /// Ranks seats by score, highest first; equal scores share a rank.
    pub fn from_scores(scores: &[i64], reason: impl Into<String>) -> Outcome {
        let results = scores
            .iter()
            .map(|&score| {
                let better = scores.iter().filter(|&&other| other > score).count();
                SeatResult {
                    rank: better as u16 + 1,
                    score,
                }
            })
            .collect();
        Outcome {
            results,
            reason: reason.into(),
        }
    }

    /// The seats ranked first.
    pub fn winners(&self) -> Vec<Seat> {
        Seat::all(self.results.len())
            .filter(|s| self.results[s.index()].rank == 1)
            .collect()
    }

    /// The single winner, if exactly one seat ranks first.
    pub fn sole_winner(&self) -> Option<Seat> {
        match self.winners().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether every seat shares first place.
    pub fn is_draw(&self) -> bool {
        self.results.iter().all(|r| r.rank == 1)
    }

    /// Match points for `seat`: first place shared by k seats is worth 1/k,
    /// anything else 0. In a duel that is 1, ½ and 0.
    pub fn points(&self, seat: Seat) -> f64 {
        if self.results[seat.index()].rank != 1 {
            return 0.0;
        }
        1.0 / self.winners().len() as f64
    }
}

impl Outcome {
    /// The outcome in words, each seat called by `name` (a duel's sides:
    /// "White wins by checkmate"). [`Display`](fmt::Display) calls them
    /// "seat 1", "seat 2", ….
    pub fn described(&self, name: impl Fn(Seat) -> String) -> String {
        // A one-word reason reads after "by" ("wins by checkmate"); a
        // longer one is often a clause ("the turn limit was reached (house
        // rule)"), which reads after a colon.
        let reason = &self.reason;
        let why = |lead: String| {
            if reason.contains(' ') {
                format!("{lead}: {reason}")
            } else {
                format!("{lead} by {reason}")
            }
        };
        if self.is_draw() {
            return why("draw".into());
        }
        // The places below the first are the game's to show (a
        // leaderboard, the awards): the result names who came first.
        let winners: Vec<String> = self.winners().into_iter().map(name).collect();
        match winners.split_last() {
            Some((one, [])) => why(format!("{one} wins")),
            Some((last, rest)) => {
                format!("{} and {last} share first place: {reason}", rest.join(", "))
            }
            None => format!("no result: {reason}"),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.described(|seat| seat.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duel_points() {
        let o = Outcome::win(Seat(1), 2, "checkmate");
        assert_eq!(o.points(Seat(1)), 1.0);
        assert_eq!(o.points(Seat(0)), 0.0);
        assert_eq!(o.sole_winner(), Some(Seat(1)));
        let d = Outcome::draw(2);
        assert!(d.is_draw());
        assert_eq!(d.points(Seat(0)), 0.5);
    }

    #[test]
    fn scores_rank_with_shared_places() {
        let o = Outcome::from_scores(&[5, 9, 5, 1], "turn limit");
        let ranks: Vec<u16> = o.results.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![2, 1, 2, 4]);
        assert_eq!(o.winners(), vec![Seat(1)]);
        assert!(!o.is_draw());
    }

    #[test]
    fn messages_count_seats_from_one() {
        let o = Outcome::win(Seat(0), 2, "checkmate");
        assert_eq!(o.to_string(), "seat 1 wins by checkmate");
        // A reason that is a clause follows a colon, not "by".
        let limit = "the turn limit was reached (house rule)";
        let o = Outcome::from_scores(&[3, 7], limit);
        assert_eq!(o.to_string(), format!("seat 2 wins: {limit}"));
        let o = Outcome::from_scores(&[7, 7], limit);
        assert_eq!(o.to_string(), format!("draw: {limit}"));
        // A duel's sides by their names.
        let o = Outcome::win(Seat(1), 2, "checkmate");
        let sides = |s: Seat| ["White", "Black"][s.index()].to_string();
        assert_eq!(o.described(sides), "Black wins by checkmate");
        // Of more seats, who came first.
        let o = Outcome::from_scores(&[5, 9, 5], limit);
        assert_eq!(o.to_string(), format!("seat 2 wins: {limit}"));
        let o = Outcome::from_scores(&[9, 9, 5, 9], limit);
        assert_eq!(
            o.to_string(),
            format!("seat 1, seat 2 and seat 4 share first place: {limit}")
        );
        let o = Outcome::from_scores(&[9, 9, 5], "resignation");
        assert_eq!(
            o.described(|s| format!("P{}", s.0 + 1)),
            "P1 and P2 share first place: resignation"
        );
    }

    #[test]
    fn serialises() {
        let o = Outcome::win(Seat(0), 2, "checkmate");
        let text = serde_json::to_string(&o).unwrap();
        assert_eq!(serde_json::from_str::<Outcome>(&text).unwrap(), o);
    }
}
