//! Simultaneous-move Monte Carlo search: decoupled UCT at a joint-action
//! node (docs/ai.md#knight-control).
//!
//! Every seat keeps its own UCB1 statistics over its own arms (a short
//! list of candidate actions). An iteration lets each seat pick an arm
//! independently, simulates the joint action (the caller's closure, which
//! also draws a fresh determinisation of hidden information), and credits
//! each seat's arm with that seat's own reward. Nothing here knows the
//! game: arms are indices, rewards are numbers.

pub mod two_steps;

use crate::player::Budget;
use arbiter_core::GameRng;
use std::time::Instant;

/// One arm's running total.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Arm {
    pub visits: u32,
    pub total: f64,
}

impl Arm {
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// Decoupled UCT statistics of one joint-action node.
#[derive(Clone, Debug)]
pub struct Duct {
    /// `arms[seat][arm]`.
    pub arms: Vec<Vec<Arm>>,
    /// The exploration constant, in reward units.
    pub exploration: f64,
    pub iterations: u64,
}

impl Duct {
    pub fn new(arms_per_seat: &[usize], exploration: f64) -> Duct {
        Duct {
            arms: arms_per_seat
                .iter()
                .map(|&n| vec![Arm::default(); n.max(1)])
                .collect(),
            exploration,
            iterations: 0,
        }
    }

    /// Each seat's arm for the next iteration (see [`pick`]).
    pub fn select(&self) -> Vec<usize> {
        self.arms
            .iter()
            .map(|arms| pick(arms, self.exploration))
            .collect()
    }

    /// Credits each seat's chosen arm with its own reward.
    pub fn update(&mut self, joint: &[usize], rewards: &[f64]) {
        for (seat, (&arm, &reward)) in joint.iter().zip(rewards).enumerate() {
            let a = &mut self.arms[seat][arm];
            a.visits += 1;
            a.total += reward;
        }
        self.iterations += 1;
    }

    /// The seat's most visited arm (ties: the better mean, then the lower
    /// index).
    pub fn best(&self, seat: usize) -> usize {
        most_visited(&self.arms[seat])
    }
}

/// The most visited of `arms` (ties: the better mean, then the lower
/// index).
fn most_visited(arms: &[Arm]) -> usize {
    let mut best = 0;
    for (i, a) in arms.iter().enumerate() {
        let b = &arms[best];
        if (a.visits, a.mean()) > (b.visits, b.mean()) {
            best = i;
        }
    }
    best
}

/// UCB1 over one seat's arms: an untried arm first (the lowest index, so
/// play is reproducible), else the best UCB1 value; exact ties go to the
/// lower index.
pub fn pick(arms: &[Arm], exploration: f64) -> usize {
    if let Some(untried) = arms.iter().position(|a| a.visits == 0) {
        return untried;
    }
    let n: u32 = arms.iter().map(|a| a.visits).sum();
    let log_n = (n.max(1) as f64).ln();
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (i, a) in arms.iter().enumerate() {
        let value = a.mean() + exploration * (log_n / a.visits as f64).sqrt();
        if value > best_value {
            best = i;
            best_value = value;
        }
    }
    best
}

/// Runs decoupled UCT within `budget` (iterations for a node budget).
/// `simulate(joint, rng)` plays one joint action in a fresh sample and
/// returns every seat's reward.
pub fn search(
    arms_per_seat: &[usize],
    exploration: f64,
    budget: Budget,
    rng: &mut GameRng,
    mut simulate: impl FnMut(&[usize], &mut GameRng) -> Vec<f64>,
) -> Duct {
    let mut duct = Duct::new(arms_per_seat, exploration);
    let (limit, deadline) = budget.limits();
    let limit = limit.unwrap_or(u64::MAX);
    while duct.iterations < limit {
        // Checked every iteration: one simulates whole rounds, so the
        // clock costs nothing beside it, and a host's deadline is kept.
        if deadline.is_some_and(|d| duct.iterations > 0 && Instant::now() >= d) {
            break;
        }
        let joint = duct.select();
        let rewards = simulate(&joint, rng);
        duct.update(&joint, &rewards);
    }
    duct
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Seed;

    /// Matching pennies with a bias: seat 0 gets 1 for matching, seat 1 for
    /// differing, except arm 2 of seat 0, which always pays 0.9. Seat 0
    /// should settle on the sure thing.
    #[test]
    fn finds_a_dominant_arm() {
        let mut rng = Seed::from_u64(1).rng();
        let duct = search(&[3, 2], 0.5, Budget::Nodes(2000), &mut rng, |j, _| {
            if j[0] == 2 {
                vec![0.9, 0.1]
            } else if j[0] == j[1] {
                vec![1.0, 0.0]
            } else {
                vec![0.0, 1.0]
            }
        });
        assert_eq!(duct.best(0), 2);
        assert_eq!(duct.iterations, 2000);
    }
}
