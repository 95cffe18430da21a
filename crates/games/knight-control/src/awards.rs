//! The end of the game: ToLs from pieces, ToLs for the most chips gained,
//! and the EC (docs/rules/knight-control.md#end-of-game).

use crate::action::GiftChoice;
use arbiter_core::{GameRng, Seat};
use serde::Serialize;

/// Where the awards stand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Awards {
    /// ToLs each player earned from pieces in step 1.
    pub piece_tols: Vec<u32>,
    /// ToLs each player holds now.
    pub tols: Vec<u32>,
    /// ToLs a player must gift or nullify in the current step.
    pub to_place: Vec<u32>,
    /// Players who won a ToL themselves in step 1 or 2.
    pub won_self: Vec<bool>,
    /// The players with the most chips gained.
    pub most_gained: Vec<Seat>,
    /// Whether more than three tied, so step 2 handed out nothing.
    pub step2_void: bool,
    /// The tied candidates for EC, if the vote was needed.
    pub candidates: Vec<Seat>,
    pub voters: Vec<Seat>,
    /// Votes received, per seat.
    pub tally: Vec<u32>,
    pub ec: Option<Seat>,
    /// Whether the EC was drawn at random among tied candidates.
    pub ec_drawn: bool,
    /// ToLs nullified, in total.
    pub nullified: u32,
    /// Every gift: giver, receiver, step (private to the two).
    pub gifts: Vec<(Seat, Seat, u8)>,
}

/// The public result of the awards. Whether the EC was drawn after a tied
/// vote is left out: it would tell something about the (private) votes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AwardsView {
    pub tols: Vec<u32>,
    pub won_self: Vec<bool>,
    pub most_gained: Vec<String>,
    pub step2_void: bool,
    pub candidates: Vec<String>,
    pub ec: Option<String>,
    pub nullified: u32,
}

impl Awards {
    /// Step 1: every 10 pieces give a ToL; the first is kept, the rest must
    /// be placed.
    pub fn from_pieces(pieces: &[u32]) -> Awards {
        let n = pieces.len();
        let piece_tols: Vec<u32> = pieces.iter().map(|p| p / 10).collect();
        Awards {
            tols: piece_tols.iter().map(|&t| t.min(1)).collect(),
            to_place: piece_tols.iter().map(|&t| t.saturating_sub(1)).collect(),
            won_self: piece_tols.iter().map(|&t| t > 0).collect(),
            piece_tols,
            tally: vec![0; n],
            ..Awards::default()
        }
    }

    /// Seats that must decide where ToLs go now.
    pub fn deciders(&self) -> Vec<bool> {
        self.to_place.iter().map(|&t| t > 0).collect()
    }

    /// Places `seat`'s ToLs: each choice gifts or nullifies one; missing
    /// choices nullify (the documented default).
    pub fn place(&mut self, seat: Seat, choices: &[GiftChoice], step: u8) {
        let count = std::mem::take(&mut self.to_place[seat.index()]);
        for k in 0..count as usize {
            match choices.get(k) {
                Some(&GiftChoice::Gift(to)) if to != seat => {
                    self.tols[to.index()] += 1;
                    self.gifts.push((seat, to, step));
                }
                _ => self.nullified += 1,
            }
        }
    }

    /// Step 2: the most chips gained. Winners who already hold a ToL must
    /// place the new one.
    pub fn most_chips_gained(&mut self, gained: &[u32]) {
        let best = gained.iter().copied().max().unwrap_or(0);
        self.most_gained = Seat::all(gained.len())
            .filter(|s| gained[s.index()] == best)
            .collect();
        if self.most_gained.len() > 3 {
            self.step2_void = true;
            self.nullified += self.most_gained.len() as u32;
            return;
        }
        let holders: Vec<bool> = self.tols.iter().map(|&t| t > 0).collect();
        for &w in &self.most_gained {
            self.won_self[w.index()] = true;
            if holders[w.index()] {
                self.to_place[w.index()] += 1;
            } else {
                self.tols[w.index()] += 1;
            }
        }
    }

    /// Step 3: the EC is the player without a ToL with the lowest
    /// `measure`. Returns true when a vote is needed.
    pub fn choose_ec(&mut self, measure: &[u32], rng: &mut GameRng) -> bool {
        let without: Vec<Seat> = Seat::all(measure.len())
            .filter(|s| self.tols[s.index()] == 0)
            .collect();
        let Some(low) = without.iter().map(|s| measure[s.index()]).min() else {
            return false;
        };
        self.candidates = without
            .into_iter()
            .filter(|s| measure[s.index()] == low)
            .collect();
        if self.candidates.len() == 1 {
            self.ec = Some(self.candidates[0]);
            return false;
        }
        self.voters = Seat::all(measure.len())
            .filter(|s| self.won_self[s.index()])
            .collect();
        if self.voters.is_empty() {
            self.draw(rng);
            return false;
        }
        true
    }

    /// Counts the votes (`None` abstains) and settles ties at random.
    pub fn count_votes(&mut self, votes: &[Option<Seat>], rng: &mut GameRng) {
        for v in votes.iter().flatten() {
            self.tally[v.index()] += 1;
        }
        self.draw(rng);
    }

    /// Picks the EC among the most-voted candidates (all of them when
    /// nobody voted): one `rng.below` draw, only when several are tied.
    fn draw(&mut self, rng: &mut GameRng) {
        let top = self
            .candidates
            .iter()
            .map(|s| self.tally[s.index()])
            .max()
            .unwrap_or(0);
        let tied: Vec<Seat> = self
            .candidates
            .iter()
            .copied()
            .filter(|s| self.tally[s.index()] == top)
            .collect();
        if tied.len() == 1 {
            self.ec = Some(tied[0]);
        } else {
            self.ec = Some(tied[rng.below(tied.len())]);
            self.ec_drawn = true;
        }
    }

    pub fn view(&self) -> AwardsView {
        let names = |seats: &[Seat]| {
            seats
                .iter()
                .map(|&s| crate::place::player_name(s))
                .collect()
        };
        AwardsView {
            tols: self.tols.clone(),
            won_self: self.won_self.clone(),
            most_gained: names(&self.most_gained),
            step2_void: self.step2_void,
            candidates: names(&self.candidates),
            ec: self.ec.map(crate::place::player_name),
            nullified: self.nullified,
        }
    }
}
