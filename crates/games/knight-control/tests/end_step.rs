//! The end-of-game step after the last round (docs/rules/knight-control.md#end-of-game):
//! it opens for every player, garnets or not; exchanges, trades and
//! communal garnets still happen in it; it closes when every player is
//! done or at its deadline; others learn nothing of it. Expected values
//! are worked out by hand from the rules.

mod common;

use arbiter_core::{Seat, Seed, Viewer};
use arbiter_knight_control::{EcMeasure, KnightControl, Layout, Rules, Stage};
use common::*;

/// A round-10 setup on the standard board, its orders passed: per player
/// (chips, garnets, chips gained); no ToL pieces, no knights, no items.
fn at_end_step(rules: Rules, players: &[(u32, u32, u32)]) -> KnightControl {
    let zones: String = "ABCDEFGHIJK".chars().take(players.len()).collect();
    let purses: Vec<(u32, u32)> = players.iter().map(|p| (p.0, p.1)).collect();
    let mut s = setup(&zones, &purses, &[], &[]);
    s.round = 10;
    for (p, &(_, _, gained)) in s.players.iter_mut().zip(players) {
        p.chips_gained = gained;
    }
    let mut g =
        KnightControl::from_setup(rules, Layout::standard(), Seed::from_u64(3), &s).unwrap();
    for seat in 0..players.len() {
        play(&mut g, &[(seat as u8, "orders pass")]);
    }
    g
}

fn scores(g: &KnightControl) -> Vec<i64> {
    g.outcome()
        .unwrap()
        .results
        .iter()
        .map(|r| r.score)
        .collect()
}

#[test]
fn the_step_opens_for_everyone_when_nobody_holds_a_garnet_and_communal_garnets_count() {
    // Gained: P1 3, P2 2, P3 2. A communal garnet for P2 and P3 after the
    // last round gives each 2 chips gained (4, 4 against 3): they take the
    // most-chips ToLs and P1, the only player without a ToL, is the EC.
    let mut g = at_end_step(Rules::default(), &[(0, 0, 3), (0, 0, 2), (0, 0, 2)]);
    assert_eq!(g.stage(), Stage::FinalExchange);
    assert_eq!(g.pending(), vec![Seat(0), Seat(1), Seat(2)]);
    assert_eq!(g.grant_communal(Seat(1), Seat(2)), Ok(1));
    play(&mut g, &[(1, "communal 1"), (2, "communal 1")]);
    assert_eq!(purse(&g, 2), (2, 0, 4, 0));
    assert_eq!(purse(&g, 3), (2, 0, 4, 0));
    play(&mut g, &[(0, "done"), (1, "done")]);
    assert_eq!(g.stage(), Stage::FinalExchange, "P3 is not done yet");
    assert_eq!(g.pending(), vec![Seat(2)]);
    play(&mut g, &[(2, "done")]);
    assert_eq!(g.stage(), Stage::Over);
    assert_eq!(g.awards().most_gained, vec![Seat(1), Seat(2)]);
    assert_eq!(g.awards().ec, Some(Seat(0)));
    assert_eq!(scores(&g), vec![-1, 1, 1]);
}

#[test]
fn a_trade_after_the_last_round_moves_the_ec_when_it_is_chosen_by_chips() {
    // Five players, none gained a chip: more than three tie, so no
    // most-chips ToL. By chips held, P1 (1 chip) would be the EC; P2 gives
    // P1 4 chips after the last round, so P2 (1 chip) is.
    let rules = Rules {
        ec_by: EcMeasure::Chips,
        ..Rules::default()
    };
    let mut g = at_end_step(
        rules,
        &[(1, 0, 0), (5, 0, 0), (5, 0, 0), (5, 0, 0), (5, 0, 0)],
    );
    play(&mut g, &[(1, "offer P1 4"), (0, "accept P2")]);
    assert_eq!(purse(&g, 1).0, 5);
    assert_eq!(purse(&g, 2).0, 1);
    for seat in 0..5 {
        play(&mut g, &[(seat, "done")]);
    }
    assert_eq!(g.awards().ec, Some(Seat(1)));
    assert_eq!(scores(&g), vec![0, -1, 0, 0, 0]);
}

#[test]
fn an_empty_submission_is_done_and_the_deadline_closes_the_step() {
    let mut g = at_end_step(Rules::default(), &[(0, 1, 0), (0, 0, 0)]);
    play(&mut g, &[(1, "")]);
    assert_eq!(g.pending(), vec![Seat(0)]);
    assert_eq!(
        g.submission(Seat(1)).map(|a| a.to_string()),
        Some("done".into())
    );
    // P1 never answers: the deadline closes the step with P1's garnet kept.
    g.close_step().unwrap();
    assert_ne!(g.stage(), Stage::FinalExchange);
    assert_eq!(purse(&g, 1), (0, 1, 0, 0));
}

#[test]
fn exchanges_happen_at_once_and_done_belongs_to_this_step_only() {
    let mut g = at_end_step(Rules::default(), &[(0, 2, 0), (0, 0, 0)]);
    assert!(refused(&mut g, 0, "exchange 0").contains("at least one"));
    assert!(refused(&mut g, 0, "exchange 3").contains("holds 2"));
    play(&mut g, &[(0, "exchange 1"), (0, "exchange 1")]);
    assert_eq!(purse(&g, 1), (6, 0, 6, 0));
    // The chips just exchanged can be offered at once.
    play(&mut g, &[(0, "offer P2 6"), (1, "accept P1")]);
    assert_eq!(purse(&g, 2), (6, 0, 0, 0), "traded chips are not gained");
    // `done` is refused in any other step.
    let mut early = scene("AB", &[(5, 0), (5, 0)], &[], &[]);
    assert!(refused(&mut early, 0, "done").contains("after the last round"));
    assert!(refused(&mut early, 0, "").contains("after the last round"));
}

#[test]
fn nothing_of_the_step_reaches_the_others_but_who_is_done() {
    let mut g = at_end_step(Rules::default(), &[(0, 2, 0), (3, 0, 0), (0, 0, 0)]);
    let seen = |g: &KnightControl, seat: u8| {
        let mut v = serde_json::to_value(g.view_for(Viewer::Seat(Seat(seat)))).unwrap();
        v["waiting_for"] = serde_json::Value::Null;
        v
    };
    let spectator =
        |g: &KnightControl| serde_json::to_value(g.view_for(Viewer::Spectator)).unwrap();
    let before = (seen(&g, 2), spectator(&g));
    // P1 exchanges and trades with P2; P1 and P2 are then done.
    play(
        &mut g,
        &[
            (0, "exchange 2"),
            (1, "offer P1 2"),
            (0, "accept P2"),
            (0, "done"),
            (1, "done"),
        ],
    );
    assert_eq!(purse(&g, 1), (8, 0, 6, 0));
    assert_eq!(seen(&g, 2), before.0);
    // The spectator's view differs only in who is still awaited.
    let mut now = spectator(&g);
    assert_eq!(now["waiting_for"], serde_json::json!(["P3"]));
    now["waiting_for"] = before.1["waiting_for"].clone();
    assert_eq!(now, before.1);
}
