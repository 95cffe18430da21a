//! Decoupled UCT over two simultaneous steps (Knight Control: this round's
//! orders and the next round's), docs/ai.md#knight-control.
//!
//! The first step is a joint-action node as in [`super::Duct`]. The
//! second is open loop and decoupled: each seat keeps, for each of its own
//! first-step arms, UCB1 statistics over its second-step arms. A seat's
//! second-step arm is a policy (a way of writing orders) applied to
//! whatever position the first step led to, so it needs no tree of
//! positions: the statistics say which policy serves the seat best after
//! each of its own first choices. Both arms of an iteration are credited
//! with the same reward, so a first arm is worth what it leads to under
//! the seat's best-looking reply, not under one fixed continuation.

use super::{most_visited, pick, Arm, Duct};
use crate::player::Budget;
use arbiter_core::GameRng;
use std::time::Instant;

/// The statistics of a two-step search.
#[derive(Clone, Debug)]
pub struct TwoSteps {
    pub first: Duct,
    /// `second[seat][first arm][second arm]`.
    pub second: Vec<Vec<Vec<Arm>>>,
}

impl TwoSteps {
    pub fn new(first: &[usize], second: &[usize], exploration: f64) -> TwoSteps {
        let first = Duct::new(first, exploration);
        let second = first
            .arms
            .iter()
            .zip(second)
            .map(|(arms, &n)| vec![vec![Arm::default(); n.max(1)]; arms.len()])
            .collect();
        TwoSteps { first, second }
    }

    /// Each seat's first arm (UCB1 at the joint node), then its second arm
    /// (UCB1 among its replies to that first arm).
    pub fn select(&self) -> (Vec<usize>, Vec<usize>) {
        let first = self.first.select();
        let second = first
            .iter()
            .enumerate()
            .map(|(seat, &a)| pick(&self.second[seat][a], self.first.exploration))
            .collect();
        (first, second)
    }

    /// Credits both steps' arms of every seat with that seat's reward.
    pub fn update(&mut self, first: &[usize], second: &[usize], rewards: &[f64]) {
        self.first.update(first, rewards);
        for (seat, ((&a, &b), &reward)) in first.iter().zip(second).zip(rewards).enumerate() {
            let arm = &mut self.second[seat][a][b];
            arm.visits += 1;
            arm.total += reward;
        }
    }

    /// The seat's most visited first arm.
    pub fn best(&self, seat: usize) -> usize {
        self.first.best(seat)
    }

    /// The seat's most visited reply to its own first arm `first`.
    pub fn best_reply(&self, seat: usize, first: usize) -> usize {
        most_visited(&self.second[seat][first])
    }
}

/// Runs the two-step search within `budget` (iterations for a node
/// budget). `simulate(first, second, rng)` plays both steps' joint arms in
/// a fresh sample and returns every seat's reward.
pub fn search(
    first: &[usize],
    second: &[usize],
    exploration: f64,
    budget: Budget,
    rng: &mut GameRng,
    mut simulate: impl FnMut(&[usize], &[usize], &mut GameRng) -> Vec<f64>,
) -> TwoSteps {
    let mut tree = TwoSteps::new(first, second, exploration);
    let (limit, deadline) = budget.limits();
    let limit = limit.unwrap_or(u64::MAX);
    while tree.first.iterations < limit {
        if deadline.is_some_and(|d| tree.first.iterations > 0 && Instant::now() >= d) {
            break;
        }
        let (a, b) = tree.select();
        let rewards = simulate(&a, &b, rng);
        tree.update(&a, &b, &rewards);
    }
    tree
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Seed;

    /// One seat, rewards by (first, second): (0,0) 0.6, (0,1) 0.4,
    /// (1,0) 0.0, (1,1) 1.0. Followed by a fixed second arm 0 (a greedy
    /// continuation), first arm 0 looks better (0.6 against 0.0); looking
    /// two steps deep, first arm 1 is (1.0 against 0.6), and each first
    /// arm has its own best reply: 0 after 0, 1 after 1.
    #[test]
    fn the_second_step_changes_the_first_choice() {
        let reward = |a: usize, b: usize| [[0.6, 0.4], [0.0, 1.0]][a][b];
        let mut rng = Seed::from_u64(1).rng();
        let tree = search(&[2], &[2], 0.5, Budget::Nodes(2000), &mut rng, |a, b, _| {
            vec![reward(a[0], b[0])]
        });
        assert_eq!(tree.best(0), 1);
        assert_eq!(tree.best_reply(0, 1), 1);
        assert_eq!(tree.best_reply(0, 0), 0);
        assert_eq!(tree.first.iterations, 2000);
        // The one-step search with the fixed continuation picks arm 0.
        let one = crate::smmcts::search(&[2], 0.5, Budget::Nodes(2000), &mut rng, |a, _| {
            vec![reward(a[0], 0)]
        });
        assert_eq!(one.best(0), 0);
    }

    /// Two seats: each seat's second-step statistics are kept per its own
    /// first arm and credited with its own reward only.
    #[test]
    fn each_seat_is_credited_with_its_own_reward() {
        let mut tree = TwoSteps::new(&[2, 3], &[2, 1], 1.0);
        tree.update(&[1, 2], &[1, 0], &[0.25, 0.75]);
        assert_eq!(tree.second[0][1][1].visits, 1);
        assert_eq!(tree.second[0][1][1].total, 0.25);
        assert_eq!(tree.second[1][2][0].total, 0.75);
        assert_eq!(tree.second[0][0][0].visits, 0);
        assert_eq!(tree.first.arms[1][2].total, 0.75);
    }
}
