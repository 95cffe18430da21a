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
//! - `max` (and `search`): two-step decoupled UCT
//!   ([`crate::smmcts::two_steps`]) over a few candidate orders per seat
//!   for this round and a few ways to write next round's, each iteration
//!   on a fresh sample of the hidden purses ([`search`]); bids by Monte
//!   Carlo against sampled greedy bids.
//! - `max1`: the previous `max`, one round searched and then greedy play,
//!   kept to measure `max` against.
//!
//! Every level but `random` answers offers and communal garnets at once,
//! awaited or not, and `max` offers a chip to learn a purse it cannot pin
//! down ([`trading`]).

pub mod arena;
pub mod estimate;
pub mod orders;
pub mod policy;
pub mod search;
pub mod trading;

use crate::player::{strongest, Bots, Budget, Level, Observe, Player, Spec, GREEDY, RANDOM};
use arbiter_core::{Game, GameRng, Seat, Seed, Viewer};
use arbiter_knight_control::{
    Action, GiftChoice, KnightControl, KnightControlView, Layout, Orders, Stage,
};
use orders::{plan, Style, Weigh};
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
    /// `random`, `greedy`, then iterations of the two-round search (each
    /// a purse sample and three simulated rounds). Eight candidate orders
    /// are told apart by about 40 iterations, so level 5 also weighs more
    /// of them (`search::WIDE_FROM`); each step has the most chips gained
    /// at least 1.5 times as often as the level below (docs/ai.md#levels).
    const LEVELS: [Spec; 5] = [RANDOM, GREEDY, strongest(10), strongest(40), strongest(600)];
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
        if seen.view.stage == Stage::Over {
            return None;
        }
        // Offers and communal garnets are answered at once, awaited or not.
        if self.level != Level::Random {
            if let Some(answer) = trading::answer(seen, seat) {
                return Some(answer);
            }
        }
        if !awaited(seen, seat) {
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
                let Some(game) = rebuild(seen, seat) else {
                    return Some(Action::Orders(Orders::default()));
                };
                let orders = match self.level {
                    Level::Greedy => {
                        let w = Weigh::new(game.layout(), game.state(), game.rules(), seat);
                        plan(&w, Style::GREEDY)
                    }
                    Level::MaxOneRound => {
                        search::one_round(seen, &game, seat, self.budget, &mut rng)
                    }
                    _ => {
                        // Learn a purse the search cannot pin down first,
                        // when a spare chip buys it.
                        if let Some(offer) = trading::information_offer(seen, seat, &game) {
                            return Some(offer);
                        }
                        search::two_rounds(seen, &game, seat, self.budget, &mut rng)
                    }
                };
                Action::Orders(orders)
            }
            Stage::Items => Action::Items(policy::items(seen, seat)),
            // After the last round (communal garnets are answered above):
            // exchange every garnet (chips gained), then say done.
            Stage::FinalExchange => {
                if me.purse.garnets > 0 {
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
