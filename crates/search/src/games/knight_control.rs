//! Knight Control's players (docs/ai.md#knight-control).
//!
//! A bot is handed [`Seen`]: its seat's view and the (public) layout,
//! never the game. From the view it rebuilds the games the real one could
//! be ([`KnightControl::determinised`]) with the other purses estimated
//! from the public log ([`estimate`]).
//!
//! - `random`: a uniformly random choice among representative legal
//!   actions (the game's own list, on a rebuilt game for orders).
//! - `greedy`: one ply by the heuristic of [`orders`]: the orders it
//!   values most on the board as it stands, and the one-shot policies of
//!   [`policy`] for bids, items and the end of the game.
//! - `max`: decoupled UCT ([`crate::smmcts`]) over a few candidate orders
//!   per seat, each iteration on a fresh sample of the hidden purses,
//!   simulating the round and a short greedy continuation; bids by Monte
//!   Carlo against sampled greedy bids.

pub mod arena;
pub mod estimate;
pub mod orders;
pub mod policy;

use crate::player::{Bots, Budget, Level, Observe, Player, Spec};
use crate::smmcts;
use arbiter_core::{Game, GameRng, Seat, Seed, Viewer};
use arbiter_knight_control::{
    Action, GiftChoice, KnightControl, KnightControlView, Layout, Orders, Stage,
};
use orders::{candidates, evaluate, plan, Style, Weigh};
use std::sync::Arc;

/// What a Knight Control bot is given: exactly its seat's view, plus the
/// layout, which is public (the rules of the board).
#[derive(Clone, Debug)]
pub struct Seen {
    pub view: KnightControlView,
    pub layout: Arc<Layout>,
}

impl Observe for KnightControl {
    type Seen = Seen;

    fn seen_by(&self, seat: Seat) -> Seen {
        Seen {
            view: self.view(Viewer::Seat(seat)),
            layout: Arc::new(self.layout().clone()),
        }
    }
}

impl Bots for KnightControl {
    fn bot(spec: Spec) -> Box<dyn Player<KnightControl>> {
        Box::new(KnightControlBot {
            level: spec.level,
            budget: spec.budget,
        })
    }
}

/// The action `level` chooses for `seat` in `game`: the entry point for
/// hosts. Only `seat`'s view reaches the bot.
pub fn knight_control_action(
    game: &KnightControl,
    seat: Seat,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Option<Action> {
    let seen = game.seen_by(seat);
    KnightControl::bot(Spec::new(level, budget)).choose(&seen, seat, Seed::from_u64(seed))
}

/// Every level of Knight Control bot.
pub struct KnightControlBot {
    pub level: Level,
    pub budget: Budget,
}

/// The game as `seat` imagines it at the orders step, with purses as
/// estimated; `None` before zones are handed out.
pub fn rebuild(seen: &Seen, seat: Seat) -> Option<KnightControl> {
    let purses = estimate::estimate(&seen.view, seat);
    KnightControl::determinised(&seen.layout, &seen.view, &purses, Seed::from_u64(0)).ok()
}

fn awaited(seen: &Seen, seat: Seat) -> bool {
    let name = arbiter_knight_control::player_name(seat);
    seen.view.waiting_for.contains(&name)
}

impl Player<KnightControl> for KnightControlBot {
    fn choose(&self, seen: &Seen, seat: Seat, seed: Seed) -> Option<Action> {
        if !awaited(seen, seat) || seen.view.stage == Stage::Over {
            return None;
        }
        let mut rng = seed.rng();
        if self.level == Level::Random {
            return random_action(seen, seat, &mut rng);
        }
        let view = &seen.view;
        let me = view.me.as_ref()?;
        Some(match view.stage {
            Stage::Bidding => {
                let values = policy::zone_values(seen);
                let bid = if self.level == Level::Greedy {
                    policy::greedy_bid(&values, &mut rng)
                } else {
                    policy::max_bid(&values, view.players, seat, &mut rng)
                };
                Action::Bid(Some(bid))
            }
            Stage::Orders => {
                // Consent to a communal garnet first: 2 chips gained each.
                if let Some(c) = me.communal.iter().find(|c| !c.spent && !c.my_consent) {
                    return Some(Action::Communal(c.number));
                }
                let Some(game) = rebuild(seen, seat) else {
                    return Some(Action::Orders(Orders::default()));
                };
                let orders = if self.level == Level::Greedy {
                    let w = Weigh::new(game.layout(), game.state(), game.rules(), seat);
                    plan(&w, Style::GREEDY)
                } else {
                    search_orders(seen, &game, seat, self.budget, &mut rng)
                };
                Action::Orders(orders)
            }
            Stage::Items => Action::Items(policy::items(seen, seat)),
            // After the last round: spend communal garnets and exchange
            // every garnet (both add chips gained), then say done.
            Stage::FinalExchange => {
                if let Some(c) = me.communal.iter().find(|c| !c.spent && !c.my_consent) {
                    Action::Communal(c.number)
                } else if me.purse.garnets > 0 {
                    Action::Exchange(me.purse.garnets)
                } else {
                    Action::Done
                }
            }
            Stage::PieceGifts | Stage::ChipGifts => Action::Gifts(policy::gifts()),
            Stage::Vote => {
                let gained: Vec<u32> = estimate::estimate(view, seat)
                    .iter()
                    .map(|p| p.gained)
                    .collect();
                Action::Vote(policy::vote(seen, &gained))
            }
            Stage::Over => return None,
        })
    }
}

/// A random representative action: the game's own list on a rebuilt game
/// for orders; for the other steps, lists built from the view.
fn random_action(seen: &Seen, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    let view = &seen.view;
    let me = view.me.as_ref()?;
    let players = view.players;
    let actions: Vec<Action> = match view.stage {
        Stage::Bidding => {
            let mut letters = seen.layout.claimable_letters();
            rng.shuffle(&mut letters);
            letters.truncate(5);
            vec![Action::Bid(None), Action::Bid(Some(letters))]
        }
        Stage::Orders => match rebuild(seen, seat) {
            Some(game) => game.legal_actions(seat),
            None => vec![Action::Orders(Orders::default())],
        },
        Stage::Items => {
            let mut list = vec![Action::Items(Default::default())];
            let full = policy::items(seen, seat);
            list.push(Action::Items(full));
            list
        }
        Stage::FinalExchange => std::iter::once(Action::Done)
            .chain((1..=me.purse.garnets.min(3)).map(Action::Exchange))
            .collect(),
        Stage::PieceGifts | Stage::ChipGifts => {
            let count = me.tols_to_place as usize;
            let mut list = vec![Action::Gifts(Vec::new())];
            for other in Seat::all(players).filter(|&o| o != seat) {
                list.push(Action::Gifts(vec![GiftChoice::Gift(other); count]));
            }
            list
        }
        Stage::Vote => {
            let mut list = vec![Action::Vote(None)];
            list.extend(
                view.vote_candidates
                    .iter()
                    .filter_map(|n| arbiter_knight_control::parse_player(n, players).ok())
                    .map(|s| Action::Vote(Some(s))),
            );
            list
        }
        Stage::Over => Vec::new(),
    };
    rng.choose(&actions).cloned()
}

/// Search tuning: candidate orders per seat, exploration constant (in
/// chips gained), how much the others' gains count against the searching
/// seat, rounds of greedy play after the searched one.
const OWN_ARMS: usize = 8;
const OTHER_ARMS: usize = 3;
const RIVALRY: f64 = 0.5;
const EXPLORATION: f64 = 1.5;
const CONTINUATION: u8 = 2;

/// Decoupled UCT over candidate orders of every seat. The candidates come
/// from the estimated game; each iteration draws a fresh purse sample,
/// plays the chosen joint orders (items unused), then `CONTINUATION`
/// rounds of everybody's greedy orders, and rewards each seat with its
/// evaluation gain.
fn search_orders(
    seen: &Seen,
    base: &KnightControl,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> Orders {
    let players = base.players();
    let arms: Vec<Vec<Orders>> = Seat::all(players)
        .map(|s| {
            let w = Weigh::new(base.layout(), base.state(), base.rules(), s);
            candidates(&w, if s == seat { OWN_ARMS } else { OTHER_ARMS })
        })
        .collect();
    if arms[seat.index()].len() == 1 {
        return arms[seat.index()][0].clone();
    }
    let estimate = estimate::estimate(&seen.view, seat);
    let before: Vec<f64> = Seat::all(players)
        .map(|s| evaluate(base.layout(), base.state(), base.rules(), s))
        .collect();
    let counts: Vec<usize> = arms.iter().map(Vec::len).collect();
    let duct = smmcts::search(&counts, EXPLORATION, budget, rng, |joint, rng| {
        let mut game = base.clone();
        for (s, p) in estimate::sample(&estimate, seat, rng)
            .into_iter()
            .enumerate()
        {
            game.set_purse(Seat(s as u8), p);
        }
        simulate(&mut game, &arms, joint);
        let mut gains: Vec<f64> = Seat::all(players)
            .map(|s| evaluate(game.layout(), game.state(), game.rules(), s) - before[s.index()])
            .collect();
        // The searching seat plays for the most chips gained, a relative
        // measure: half the others' mean gain counts against it.
        let others = (gains.iter().sum::<f64>() - gains[seat.index()]) / (players - 1) as f64;
        gains[seat.index()] -= RIVALRY * others;
        gains
    });
    arms[seat.index()][duct.best(seat.index())].clone()
}

/// Plays the joint orders and the greedy continuation on `game`.
fn simulate(game: &mut KnightControl, arms: &[Vec<Orders>], joint: &[usize]) {
    let last = (game.round() + CONTINUATION).min(game.rules().rounds);
    for (s, &a) in joint.iter().enumerate() {
        let _ = game.submit(Seat(s as u8), &Action::Orders(arms[s][a].clone()));
    }
    finish_round(game);
    while game.stage() == Stage::Orders && game.round() <= last {
        let plans: Vec<Orders> = Seat::all(game.players())
            .map(|s| {
                plan(
                    &Weigh::new(game.layout(), game.state(), game.rules(), s),
                    Style::GREEDY,
                )
            })
            .collect();
        for (s, o) in plans.into_iter().enumerate() {
            let _ = game.submit(Seat(s as u8), &Action::Orders(o));
        }
        finish_round(game);
    }
}

/// Closes the item step (nobody uses items in a simulation).
fn finish_round(game: &mut KnightControl) {
    while game.stage() == Stage::Items {
        let _ = game.close_step();
    }
}
