//! The orders search of `max` (two rounds deep) and of `max1` (one round,
//! then greedy play), docs/ai.md#knight-control.
//!
//! Both draw a fresh sample of the hidden purses every iteration, play
//! the chosen orders through the real referee (so collisions, captures,
//! void orders and items taken are exact), skip the item step, and credit
//! each seat with its gain in [`evaluate`]. Both simulate three rounds
//! per iteration, so at equal iteration budgets they cost about the same;
//! they differ in what the second round is:
//!
//! - `max1` ([`one_round`]): everybody plays the greedy plan;
//! - `max` ([`two_rounds`]): every seat picks one of its [`Reply`]
//!   policies, searched like the first round (open loop, per the seat's
//!   own first choice: [`crate::smmcts::two_steps`]).

use super::estimate;
use super::orders::{candidates, evaluate, plan, Style, Weigh, OWN_NARROW};
use super::Seen;
use crate::player::Budget;
use crate::smmcts;
use arbiter_core::{GameRng, Seat};
use arbiter_knight_control::{Action, KnightControl, Orders, Stage};

/// Candidate orders for this round: for the searching seat
/// ([`OWN_NARROW`], or more from [`WIDE_FROM`] iterations on), for each
/// other seat.
const OWN_ARMS_WIDE: usize = 14;
const OTHER_ARMS: usize = 3;
/// The budget from which the searching seat considers `OWN_ARMS_WIDE`
/// candidates.
pub const WIDE_FROM: u64 = 300;
/// How much the others' mean gain counts against the searching seat: it
/// plays for the most chips gained, a relative measure.
const RIVALRY: f64 = 0.5;
/// The exploration constant, in chips gained.
const EXPLORATION: f64 = 1.5;
/// Rounds simulated per iteration, the searched ones included.
const HORIZON: u8 = 3;

/// A way to write next round's orders on whatever board this round left:
/// the second step's arms of [`two_rounds`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reply {
    Greedy,
    /// Enemy knights counted 90% likely to stay and be captured.
    Bold,
    /// Risk counted three times.
    Cautious,
    /// No spawn: chips kept.
    Saving,
    /// Every move that gains anything, whatever the chip.
    Eager,
}

/// The searching seat's replies, and the first few of them for the others.
pub const OWN_REPLIES: [Reply; 5] = [
    Reply::Greedy,
    Reply::Bold,
    Reply::Cautious,
    Reply::Saving,
    Reply::Eager,
];
const OTHER_REPLIES: usize = 3;

impl Reply {
    /// The orders this reply writes for `seat` in `game`.
    pub fn orders(self, game: &KnightControl, seat: Seat) -> Orders {
        let w = Weigh::new(game.layout(), game.state(), game.rules(), seat);
        match self {
            Reply::Greedy => plan(&w, Style::GREEDY),
            Reply::Bold => plan(
                &Weigh {
                    capture_chance: 0.9,
                    ..w
                },
                Style::GREEDY,
            ),
            Reply::Cautious => plan(
                &w,
                Style {
                    risk_weight: 3.0,
                    ..Style::GREEDY
                },
            ),
            Reply::Saving => plan(
                &w,
                Style {
                    spawn: false,
                    ..Style::GREEDY
                },
            ),
            Reply::Eager => plan(
                &w,
                Style {
                    chip_value: 0.0,
                    ..Style::GREEDY
                },
            ),
        }
    }
}

/// What both searches share: every seat's candidate orders for this
/// round, the purse estimate, and every seat's evaluation now.
struct Root {
    arms: Vec<Vec<Orders>>,
    estimate: Vec<arbiter_knight_control::Purse>,
    before: Vec<f64>,
}

/// How many candidates the searching seat considers with `budget`.
fn own_arms(budget: Budget) -> usize {
    match budget {
        Budget::Nodes(n) | Budget::Until { nodes: n, .. } if n < WIDE_FROM => OWN_NARROW,
        _ => OWN_ARMS_WIDE,
    }
}

impl Root {
    fn new(seen: &Seen, base: &KnightControl, seat: Seat, own: usize) -> Root {
        let arms = Seat::all(base.players())
            .map(|s| {
                let w = Weigh::new(base.layout(), base.state(), base.rules(), s);
                candidates(&w, if s == seat { own } else { OTHER_ARMS })
            })
            .collect();
        Root {
            arms,
            estimate: estimate::estimate(&seen.view, seat),
            before: Seat::all(base.players())
                .map(|s| evaluate(base.layout(), base.state(), base.rules(), s))
                .collect(),
        }
    }

    /// A copy of `base` with a fresh sample of the hidden purses.
    fn sampled(&self, base: &KnightControl, seat: Seat, rng: &mut GameRng) -> KnightControl {
        let mut game = base.clone();
        for (s, p) in estimate::sample(&self.estimate, seat, rng)
            .into_iter()
            .enumerate()
        {
            game.set_purse(Seat(s as u8), p);
        }
        game
    }

    /// Every seat's gain; the searching seat's less [`RIVALRY`] times the
    /// others' mean gain.
    fn rewards(&self, game: &KnightControl, seat: Seat) -> Vec<f64> {
        let players = game.players();
        let mut gains: Vec<f64> = Seat::all(players)
            .map(|s| {
                evaluate(game.layout(), game.state(), game.rules(), s) - self.before[s.index()]
            })
            .collect();
        let others = (gains.iter().sum::<f64>() - gains[seat.index()]) / (players - 1) as f64;
        gains[seat.index()] -= RIVALRY * others;
        gains
    }
}

/// `max1`: decoupled UCT over this round's candidate orders, each
/// iteration followed by greedy play to the horizon.
pub fn one_round(
    seen: &Seen,
    base: &KnightControl,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> Orders {
    let root = Root::new(seen, base, seat, OWN_NARROW);
    if root.arms[seat.index()].len() == 1 {
        return root.arms[seat.index()][0].clone();
    }
    let counts: Vec<usize> = root.arms.iter().map(Vec::len).collect();
    let duct = smmcts::search(&counts, EXPLORATION, budget, rng, |joint, rng| {
        let mut game = root.sampled(base, seat, rng);
        let last = game.round() + HORIZON - 1;
        play_round(&mut game, |s, _| {
            root.arms[s.index()][joint[s.index()]].clone()
        });
        while playing(&game, last) {
            play_round(&mut game, |s, g| Reply::Greedy.orders(g, s));
        }
        root.rewards(&game, seat)
    });
    root.arms[seat.index()][duct.best(seat.index())].clone()
}

/// `max`: this round's candidate orders and next round's [`Reply`]
/// policies, searched together by two-step decoupled UCT; greedy play
/// after them to the horizon.
pub fn two_rounds(
    seen: &Seen,
    base: &KnightControl,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> Orders {
    let root = Root::new(seen, base, seat, own_arms(budget));
    if root.arms[seat.index()].len() == 1 {
        return root.arms[seat.index()][0].clone();
    }
    let first: Vec<usize> = root.arms.iter().map(Vec::len).collect();
    let second: Vec<usize> = Seat::all(base.players())
        .map(|s| {
            if s == seat {
                OWN_REPLIES.len()
            } else {
                OTHER_REPLIES
            }
        })
        .collect();
    let tree = smmcts::two_steps::search(&first, &second, EXPLORATION, budget, rng, |a, b, rng| {
        let mut game = root.sampled(base, seat, rng);
        let last = game.round() + HORIZON - 1;
        play_round(&mut game, |s, _| root.arms[s.index()][a[s.index()]].clone());
        if playing(&game, last) {
            play_round(&mut game, |s, g| OWN_REPLIES[b[s.index()]].orders(g, s));
        }
        while playing(&game, last) {
            play_round(&mut game, |s, g| Reply::Greedy.orders(g, s));
        }
        root.rewards(&game, seat)
    });
    root.arms[seat.index()][tree.best(seat.index())].clone()
}

/// Whether another simulated round is due: the game is at an orders step
/// no later than round `last`.
fn playing(game: &KnightControl, last: u8) -> bool {
    game.stage() == Stage::Orders && game.round() <= last
}

/// Submits every seat's orders (all written on the board before any is
/// played) and closes the item step unused.
fn play_round(game: &mut KnightControl, orders: impl Fn(Seat, &KnightControl) -> Orders) {
    let all: Vec<Orders> = Seat::all(game.players()).map(|s| orders(s, game)).collect();
    for (s, o) in all.into_iter().enumerate() {
        // Orders a wrong purse sample cannot pay are refused or void:
        // that seat passes, as it would in the real game.
        let _ = game.submit(Seat(s as u8), &Action::Orders(o));
    }
    while game.stage() == Stage::Items {
        let _ = game.close_step();
    }
}
