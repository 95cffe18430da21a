//! Privacy: for every seat, no other seat's chips, chips gained, ToL
//! pieces, bid, orders, item choices, offers, trades, gifts or votes appear
//! in its view or in the view's JSON; spectators see only public facts.

mod common;

use arbiter_core::{Game, Seat, Seed, Viewer};
use arbiter_knight_control::{KnightControl, Layout, Rules, Setup};
use common::*;

/// The view's JSON without the seed commitment (random hex could contain
/// any digits).
fn json(g: &KnightControl, viewer: Viewer) -> String {
    let mut value = serde_json::to_value(g.view(viewer)).unwrap();
    value.as_object_mut().unwrap().remove("seed_commitment");
    value.to_string()
}

/// Asserts that `secrets[o]` appears in seat o's view and in no other
/// viewer's (spectator included).
fn private_to_owner(g: &KnightControl, secrets: &[Vec<String>]) {
    for (owner, list) in secrets.iter().enumerate() {
        for secret in list {
            assert!(
                json(g, Viewer::Seat(Seat(owner as u8))).contains(secret.as_str()),
                "P{} should see {secret}",
                owner + 1
            );
            assert!(
                !json(g, Viewer::Spectator).contains(secret.as_str()),
                "spectator sees {secret}"
            );
            for viewer in 0..g.players() {
                if viewer != owner {
                    let text = json(g, Viewer::Seat(Seat(viewer as u8)));
                    assert!(
                        !text.contains(secret.as_str()),
                        "P{} sees P{}'s {secret}",
                        viewer + 1,
                        owner + 1
                    );
                }
            }
        }
    }
}

/// Four players whose private counts are distinctive numbers.
fn marked() -> KnightControl {
    let mut s: Setup = setup(
        "ADGJ",
        &[(7001, 1), (7002, 2), (7003, 3), (7004, 4)],
        &[
            ("P1", "h8", "1x2"),
            ("P2", "b2", "1x2"),
            ("P3", "n13", "1x2"),
            ("P4", "e12", "1x2"),
        ],
        &[
            ("i10", "portal"),
            ("c4", "modify"),
            ("l14", "extra-move"),
            ("f14", "extra-spawn"),
            ("a1", "portal"),
        ],
    );
    for (i, p) in s.players.iter_mut().enumerate() {
        p.chips_gained = 8101 + i as u32;
        p.tol_pieces = 9201 + i as u32;
    }
    KnightControl::from_setup(Rules::default(), Layout::standard(), Seed::from_u64(3), &s).unwrap()
}

fn purse_secrets(g: &KnightControl) -> Vec<Vec<String>> {
    g.state()
        .purses
        .iter()
        .map(|p| {
            vec![
                format!("\"chips\":{}", p.chips),
                format!("\"gained\":{}", p.gained),
                format!("\"tol_pieces\":{}", p.tol_pieces),
            ]
        })
        .collect()
}

/// Seat `k` submits `texts[k]`, and each text stays private to its seat
/// (the seat after the last submits nothing yet).
fn submit_privately(g: &mut KnightControl, texts: &[&str]) {
    for (s, text) in texts.iter().enumerate() {
        play(g, &[(s as u8, text)]);
    }
    let secrets: Vec<Vec<String>> = texts
        .iter()
        .map(|t| vec![t.to_string()])
        .chain([vec![]])
        .collect();
    private_to_owner(g, &secrets);
}

/// Five players past the orders and exchange of round 10 (all passed),
/// from a setup `adjust` changes first.
fn after_the_last_round(adjust: impl FnOnce(&mut Setup)) -> KnightControl {
    let mut s: Setup = setup("ABCDE", &[(0, 0); 5], &[], &[]);
    s.round = 10;
    adjust(&mut s);
    let mut g =
        KnightControl::from_setup(Rules::default(), Layout::standard(), Seed::from_u64(8), &s)
            .unwrap();
    for seat in 0..5 {
        play(&mut g, &[(seat, "orders pass")]);
    }
    for seat in 0..5 {
        play(&mut g, &[(seat, "done")]);
    }
    g
}

#[test]
fn purses_orders_and_item_choices_stay_with_their_owner() {
    let mut g = marked();
    private_to_owner(&g, &purse_secrets(&g));
    let orders = [
        "orders spawn A2 2x5; move h8 i10",
        "orders spawn D4 1x6; move b2 c4",
        "orders spawn G2 3x4; move n13 l14",
    ];
    submit_privately(&mut g, &orders);
    // Offers and trades are the two traders' business.
    play(&mut g, &[(0, "offer P2 4321")]);
    assert!(json(&g, Viewer::Seat(Seat(1))).contains("4321"));
    assert!(!json(&g, Viewer::Seat(Seat(2))).contains("4321"));
    play(&mut g, &[(1, "accept P1")]);
    for viewer in [0u8, 1] {
        let text = json(&g, Viewer::Seat(Seat(viewer)));
        assert!(
            text.contains("\"from_chips_after\":2680") && text.contains("\"to_chips_after\":11323")
        );
    }
    for viewer in [
        Viewer::Seat(Seat(2)),
        Viewer::Seat(Seat(3)),
        Viewer::Spectator,
    ] {
        let text = json(&g, viewer);
        assert!(!text.contains("2680") && !text.contains("11323") && !text.contains("4321"));
    }
    play(&mut g, &[(3, "orders move e12 f14")]);
    // Step 5: P1 on a portal, P2 on a modify, P3 on an extra move, P4 on an extra spawn.
    assert_eq!(g.pending(), vec![Seat(0), Seat(1), Seat(2), Seat(3)]);
    let choices = [
        "items portal i10 a1",
        "items modify c4 4x4",
        "items extra l14 m12",
    ];
    submit_privately(&mut g, &choices);
    private_to_owner(&g, &purse_secrets(&g));
    play(&mut g, &[(3, "items spawn J2 1x2")]);
    // Published: the board is public now, purses still are not.
    private_to_owner(&g, &purse_secrets(&g));
    let public = json(&g, Viewer::Spectator);
    assert!(public.contains("\"after_round\":1") && public.contains("teleported"));
}

#[test]
fn bids_gifts_and_votes_stay_with_their_owner() {
    let layout = no_items_layout();
    let mut g = KnightControl::new(3, Rules::default(), layout, Seed::from_u64(8)).unwrap();
    let bids = ["bid KJIHG", "bid CEGIK"];
    for (s, b) in bids.iter().enumerate() {
        play(&mut g, &[(s as u8, b)]);
    }
    private_to_owner(&g, &[vec![bids[0].into()], vec![bids[1].into()], vec![]]);

    // The vote: two piece-ToL holders vote among three tied candidates.
    let mut g = after_the_last_round(|s| {
        s.players[0].tol_pieces = 20;
        s.players[1].tol_pieces = 10;
    });
    // Step 1: P1 places an extra ToL; the gift is private to giver and receiver.
    play(&mut g, &[(0, "gifts P2")]);
    let gift = "[\"P1\",\"P2\",1]".to_string();
    for viewer in 0..5u8 {
        let sees = json(&g, Viewer::Seat(Seat(viewer))).contains(&gift);
        assert_eq!(sees, viewer <= 1, "P{} and the gift", viewer + 1);
    }
    // Step 2: 5 tied on 0 chips gained: nullified. Step 3: P3, P4, P5 tie.
    assert_eq!(g.pending(), vec![Seat(0), Seat(1)]);
    play(&mut g, &[(0, "vote P4")]);
    private_to_owner(
        &g,
        &[vec!["vote P4".into()], vec![], vec![], vec![], vec![]],
    );
}

#[test]
fn public_results_do_not_tell_how_bids_and_votes_went() {
    // Issue 7: bids and votes are private. P1 alone bids A first and gets it
    // by bid; P2 passes and draws a letter. The public bidding events name
    // only the player and the zone, so nobody learns whose bid succeeded.
    let layout = no_items_layout();
    let mut g = KnightControl::new(2, Rules::default(), layout, Seed::from_u64(9)).unwrap();
    play(&mut g, &[(0, "bid ABCDE"), (1, "bid pass")]);
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
    ] {
        let log = serde_json::to_value(&g.view(viewer).log).unwrap();
        let events = log[0]["events"].as_array().unwrap();
        assert_eq!(events.len(), 2);
        for e in events {
            let mut keys: Vec<&str> = e.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            keys.sort();
            assert_eq!(keys, vec!["event", "player", "zone"], "{e}");
        }
        assert!(!g.view(viewer).log[0].events[1]
            .to_string()
            .contains("random"));
    }

    // The EC vote: P1 and P2 hold piece ToLs and vote among P3, P4, P5 (all
    // 0 chips gained). P1 votes P3, P2 votes P4: a tie, drawn at random.
    // The public result names the EC, not whether the vote tied.
    let mut g = after_the_last_round(|s| {
        s.players[0].tol_pieces = 10;
        s.players[1].tol_pieces = 10;
        s.players[0].chips_gained = 1;
    });
    // P1 wins step 2 while holding a ToL; the deadline nullifies it.
    g.close_step().unwrap();
    play(&mut g, &[(0, "vote P3"), (1, "vote P4")]);
    assert!(g.awards().ec_drawn);
    for viewer in 0..5u8 {
        let text = json(&g, Viewer::Seat(Seat(viewer)));
        assert!(
            !text.contains("ec_drawn") && !text.contains("tally"),
            "{text}"
        );
    }
    assert!(!json(&g, Viewer::Spectator).contains("ec_drawn"));
}

#[test]
fn the_item_step_does_not_tell_who_took_a_usable_item() {
    // P1 lands on an Extra Move item in step 3; before the round is
    // published only P1 may know it has a choice to make.
    let knights = [("P1", "h8", "1x2"), ("P2", "k11", "1x2")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &[("i10", "extra-move")]);
    play(&mut g, &[(0, "orders move h8 i10"), (1, "orders pass")]);
    assert_eq!(g.pending(), vec![Seat(0)], "the host waits for P1");
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).waiting_for,
        vec!["P1".to_string()]
    );
    assert!(g.view(Viewer::Seat(Seat(1))).waiting_for.is_empty());
    assert!(g.view(Viewer::Spectator).waiting_for.is_empty());
    // In the orders step everyone sees who is still to submit.
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &[]);
    play(&mut g, &[(0, "orders pass")]);
    assert_eq!(
        g.view(Viewer::Spectator).waiting_for,
        vec!["P2".to_string()]
    );
}
