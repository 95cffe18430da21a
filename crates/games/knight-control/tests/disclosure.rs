//! What each viewer may see of a player's action in a host's history
//! (docs/rules/knight-control.md#privacy): the player its own action, the
//! others one "submitted" entry per step, nothing for revisions, trades,
//! consents, exchanges and item choices.

mod common;

use arbiter_core::{Disclosure, Game, HostActionError, Seat, Seed, Viewer};
use arbiter_knight_control::{KnightControl, Layout, Rules, Stage};
use common::*;

/// What every viewer (each seat, then the spectator) would see of `seat`'s
/// `text` now.
fn seen(g: &KnightControl, seat: u8, text: &str) -> Vec<Disclosure> {
    let action = g.parse_action(Seat(seat), text).unwrap();
    (0..g.players())
        .map(|k| Viewer::Seat(Seat(k as u8)))
        .chain([Viewer::Spectator])
        .map(|v| g.disclose(Seat(seat), &action, v))
        .collect()
}

/// The actor sees the action; every other viewer sees `others`.
fn expect(actor: u8, players: usize, others: Disclosure) -> Vec<Disclosure> {
    (0..=players)
        .map(|k| {
            if k == actor as usize {
                Disclosure::Action
            } else {
                others.clone()
            }
        })
        .collect()
}

fn sealed(words: &str) -> Disclosure {
    Disclosure::Sealed(words.into())
}

#[test]
fn a_bid_is_sealed_once_and_its_revisions_show_nothing() {
    let mut g =
        KnightControl::new(3, Rules::default(), Layout::standard(), Seed::from_u64(1)).unwrap();
    assert_eq!(
        seen(&g, 1, "bid ABCDE"),
        expect(1, 3, sealed("submitted a bid"))
    );
    play(&mut g, &[(1, "bid ABCDE")]);
    // P2 has bid: a revision tells nobody else anything.
    assert_eq!(seen(&g, 1, "bid DEFGH"), expect(1, 3, Disclosure::Nothing));
    play(&mut g, &[(1, "bid DEFGH")]);
    assert_eq!(seen(&g, 1, "bid pass"), expect(1, 3, Disclosure::Nothing));
    // Another player's first bid is sealed as usual.
    assert_eq!(
        seen(&g, 0, "bid pass"),
        expect(0, 3, sealed("submitted a bid"))
    );
}

#[test]
fn orders_are_sealed_once_per_round() {
    let mut g = scene("AG", &[(5, 1), (5, 0)], &[("P1", "h8", "1x2")], &[]);
    let first = expect(0, 2, sealed("submitted orders"));
    assert_eq!(seen(&g, 0, "orders pass"), first);
    play(&mut g, &[(0, "orders move h8 i10")]);
    assert_eq!(
        seen(&g, 0, "orders pass"),
        expect(0, 2, Disclosure::Nothing)
    );
    play(&mut g, &[(0, "orders pass"), (1, "orders pass")]);
    // Round 2's orders are a new step: sealed again.
    assert_eq!((g.round(), g.stage()), (2, Stage::Orders));
    assert_eq!(seen(&g, 0, "orders pass"), first);
}

#[test]
fn trades_consents_and_exchanges_are_not_shown_at_all() {
    let mut g = scene("AG", &[(5, 1), (5, 0)], &[], &[]);
    let hidden = |actor| expect(actor, 2, Disclosure::Nothing);
    assert_eq!(seen(&g, 0, "offer P2 2"), hidden(0));
    play(&mut g, &[(0, "offer P2 2")]);
    assert_eq!(seen(&g, 1, "accept P1"), hidden(1));
    assert_eq!(seen(&g, 0, "exchange 1"), hidden(0));
    g.grant_communal(Seat(0), Seat(1)).unwrap();
    assert_eq!(seen(&g, 1, "communal 1"), hidden(1));
}

#[test]
fn saying_done_in_the_end_of_game_step_is_not_shown() {
    let rules = Rules {
        rounds: 1,
        ..Rules::default()
    };
    let mut g = scene_with(rules, "AG", &[(5, 1), (5, 0)], &[], &[]);
    play(&mut g, &[(0, "orders pass"), (1, "orders pass")]);
    assert_eq!(g.stage(), Stage::FinalExchange);
    assert_eq!(seen(&g, 1, "done"), expect(1, 2, Disclosure::Nothing));
    assert_eq!(seen(&g, 0, "exchange 1"), expect(0, 2, Disclosure::Nothing));
}

#[test]
fn item_choices_are_not_shown_and_who_chooses_is_secret() {
    let knights = [("P1", "h8", "1x2"), ("P2", "k11", "1x2")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &[("i10", "extra-move")]);
    assert!(!g.pending_is_secret());
    play(&mut g, &[(0, "orders move h8 i10"), (1, "orders pass")]);
    assert_eq!(g.stage(), Stage::Items);
    assert!(g.pending_is_secret());
    assert_eq!(
        seen(&g, 0, "items extra i10 j12"),
        expect(0, 2, Disclosure::Nothing)
    );
    play(&mut g, &[(0, "items extra i10 j12")]);
    assert!(!g.pending_is_secret());
}

#[test]
fn the_host_grants_a_communal_garnet_in_words() {
    let mut g = scene("AG", &[(5, 0), (5, 0)], &[], &[]);
    assert_eq!(
        g.host_act("communal P1 P2").unwrap(),
        "communal garnet 1 granted to P1 and P2"
    );
    let before = serde_json::to_string(&g.view(Viewer::Spectator)).unwrap();
    // Text that is no host action is malformed; a grant the rules forbid
    // is refused.
    for bad in ["communal P1", "garnet P1 P2", "communal P1 P9"] {
        assert!(
            matches!(g.host_act(bad), Err(HostActionError::Malformed(_))),
            "{bad}"
        );
    }
    assert_eq!(
        g.host_act("communal P2 P2"),
        Err(HostActionError::Refused(
            "a communal garnet goes to two different players".into()
        ))
    );
    assert_eq!(
        serde_json::to_string(&g.view(Viewer::Spectator)).unwrap(),
        before
    );
}
