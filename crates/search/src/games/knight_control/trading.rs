//! Trades and communal garnets (docs/ai.md#knight-control,
//! docs/rules/knight-control.md#economy).
//!
//! A trade moves chips one way: the giver's chips gained do not change,
//! nor anyone's award measure (unless the EC is chosen by chips held), so
//! what a trade can buy the giver is what the rules reveal after it: both
//! chip counts. A bot offers one chip to learn a player's chips when it
//! cannot pin them down (a communal garnet granted to that player and
//! someone else may or may not be spent) and the chip is spare this
//! round. A bot accepts an offer when the chips help it: while chips still
//! buy spawns and moves, and at the end of the game only when the EC is
//! chosen by chips held. It consents to a communal garnet when spending it
//! leaves its projected award no worse.

use super::estimate;
use super::orders::{plan, Style, Weigh};
use super::Seen;
use arbiter_core::Seat;
use arbiter_knight_control::{
    parse_player, Action, Awards, EcMeasure, KnightControl, KnightControlView, Purse, Stage,
};

/// Whether chips may move now (docs/rules/knight-control.md#rulings:
/// bidding, the orders step and the end-of-game step).
fn trading_open(view: &KnightControlView) -> bool {
    matches!(
        view.stage,
        Stage::Bidding | Stage::Orders | Stage::FinalExchange
    )
}

/// What the seat does at once, awaited or not: accept a standing offer
/// that helps it, else consent to a communal garnet that helps it. `None`
/// when there is nothing to answer. Hosts and the arena ask seats that
/// have already submitted for this, so offers and grants made after a
/// bot's submission are still answered.
pub fn answer(seen: &Seen, seat: Seat) -> Option<Action> {
    let view = &seen.view;
    let me = view.me.as_ref()?;
    if !trading_open(view) || view.outcome.is_some() {
        return None;
    }
    let n = view.players;
    let mine = arbiter_knight_control::player_name(seat);
    for offer in me.offers.iter().filter(|o| o.to == mine) {
        if offer.chips >= 1 && accepts(view) {
            if let Ok(from) = parse_player(&offer.from, n) {
                return Some(Action::Accept { from });
            }
        }
    }
    me.communal
        .iter()
        .filter(|c| !c.spent && !c.my_consent)
        .find(|c| {
            parse_player(&c.partner, n).is_ok_and(|partner| consent_helps(view, seat, partner))
        })
        .map(|c| Action::Communal(c.number))
}

/// Whether chips received now help the seat: while the rounds go on they
/// buy spawns and moves (worth more than the seat's count, which the
/// giver learns); at the end they count only when the EC is chosen by
/// chips held.
pub fn accepts(view: &KnightControlView) -> bool {
    match view.stage {
        Stage::Bidding | Stage::Orders => true,
        Stage::FinalExchange => view.rules.ec_by == EcMeasure::Chips,
        _ => false,
    }
}

/// The seat's award if the game ended with `purses`: its ToL (from
/// pieces or the most chips gained; extra ToLs are nullified) as 1, less
/// its share of the EC (tied candidates share it evenly, as a vote among
/// equals would).
pub fn award(purses: &[Purse], ec_by: EcMeasure, seat: Seat) -> f64 {
    let pieces: Vec<u32> = purses.iter().map(|p| p.tol_pieces).collect();
    let gained: Vec<u32> = purses.iter().map(|p| p.gained).collect();
    let measure: Vec<u32> = match ec_by {
        EcMeasure::ChipsGained => gained.clone(),
        EcMeasure::Chips => purses.iter().map(|p| p.chips).collect(),
    };
    let mut awards = Awards::from_pieces(&pieces);
    awards.most_chips_gained(&gained);
    if awards.tols[seat.index()] > 0 {
        return 1.0;
    }
    let without: Vec<usize> = (0..purses.len()).filter(|&s| awards.tols[s] == 0).collect();
    let low = without.iter().map(|&s| measure[s]).min().unwrap_or(0);
    let tied = without.iter().filter(|&&s| measure[s] == low).count();
    if measure[seat.index()] == low {
        -1.0 / tied as f64
    } else {
        0.0
    }
}

/// [`award`] on the estimated purses, with the communal garnet shared
/// with `partner` spent or not.
fn projected_award(view: &KnightControlView, seat: Seat, spent_with: Option<Seat>) -> f64 {
    let mut purses = estimate::estimate(view, seat);
    for s in spent_with.into_iter().chain(spent_with.map(|_| seat)) {
        let p = &mut purses[s.index()];
        p.chips += COMMUNAL_CHIPS;
        p.gained += COMMUNAL_CHIPS;
    }
    award(&purses, view.rules.ec_by, seat)
}

/// What a spent communal garnet gives each of its two.
const COMMUNAL_CHIPS: u32 = 2;

/// Whether spending a communal garnet shared with `partner` (2 chips and
/// 2 chips gained to each) leaves the seat's projected award no worse.
/// Both rise together, so the seat never falls behind the partner and
/// gains on everyone else; the projection checks it on the estimate.
pub fn consent_helps(view: &KnightControlView, seat: Seat, partner: Seat) -> bool {
    projected_award(view, seat, Some(partner)) >= projected_award(view, seat, None)
}

/// An offer of one chip to learn a player's chips, at the orders step
/// before the seat's own orders: to the player with the most chips the
/// seat cannot pin down (at least a communal garnet's worth), when the
/// seat has no standing offer to them and the chip is spare (its greedy
/// plan is still paid for without it).
pub fn information_offer(seen: &Seen, seat: Seat, game: &KnightControl) -> Option<Action> {
    let view = &seen.view;
    let me = view.me.as_ref()?;
    if view.stage != Stage::Orders || me.purse.chips == 0 {
        return None;
    }
    let doubt = estimate::doubt(view, seat);
    let mine = arbiter_knight_control::player_name(seat);
    let (target, &most) = doubt
        .iter()
        .enumerate()
        .filter(|&(s, _)| {
            let name = arbiter_knight_control::player_name(Seat(s as u8));
            !me.offers.iter().any(|o| o.from == mine && o.to == name)
        })
        .max_by_key(|&(s, d)| (*d, std::cmp::Reverse(s)))?;
    if most < 2 {
        return None;
    }
    let orders = plan(
        &Weigh::new(game.layout(), game.state(), game.rules(), seat),
        Style::GREEDY,
    );
    let cost = game.orders_cost(seat, &orders).ok()?.chips;
    let purse = me.purse;
    let means = purse.chips + purse.garnets * view.rules.garnet_rate;
    (means > cost).then_some(Action::Offer {
        to: Seat(target as u8),
        chips: 1,
    })
}
