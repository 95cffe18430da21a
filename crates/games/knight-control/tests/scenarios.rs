//! Hand-made round scenarios, checked cell by cell and chip by chip.
//! Expected values are worked out by hand from docs/rules/knight-control.md.
//!
//! Zone cells behave as if they were one row/column outside the grid:
//! A1–A5 sit above a15–e15, G1–G5 below o1–k1, X1–X5 left of a11–a15, etc.

mod common;

use arbiter_core::{Seat, Seed};
use arbiter_knight_control::{KnightControl, Layout, LayoutFile, Rules, Stage};
use common::*;

#[test]
fn s01_first_move_free_second_costs_a_chip() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "h8", "1x2"), ("P1", "d4", "1x2")],
        &[],
    );
    play(
        &mut g,
        &[(0, "orders move h8 i10; move d4 e6"), (1, "orders pass")],
    );
    assert_knights(&g, &["i10 P1 1x2", "e6 P1 1x2"]);
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
    assert_eq!(purse(&g, 2), (5, 0, 0, 0));
    assert_eq!((g.round(), g.stage()), (2, Stage::Orders));
}

#[test]
fn s02_spawn_prices() {
    let mut g = scene("AG", &[(5, 0), (5, 0)], &[], &[]);
    play(
        &mut g,
        &[(0, "orders spawn A3 3x3"), (1, "orders spawn G1 1x2")],
    );
    assert_knights(&g, &["A3 P1 3x3", "G1 P2 1x2"]);
    assert_eq!(purse(&g, 1), (1, 0, 0, 0));
    assert_eq!(purse(&g, 2), (4, 0, 0, 0));
}

#[test]
fn s03_a_knight_moves_in_the_round_it_is_spawned() {
    let mut g = scene("AG", &[(5, 0), (5, 0)], &[("P1", "h8", "1x2")], &[]);
    // The spawned knight's move is the free one; the second knight pays.
    play(
        &mut g,
        &[
            (0, "orders spawn A3 1x2; move A3 b14; move h8 g6"),
            (1, "orders pass"),
        ],
    );
    assert_knights(&g, &["b14 P1 1x2", "g6 P1 1x2"]);
    assert_eq!(purse(&g, 1), (3, 0, 0, 0));
}

#[test]
fn s04_collision_on_an_empty_cell_removes_both_movers() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[
            ("P1", "e5", "1x2"),
            ("P2", "g5", "1x2"),
            ("P2", "h12", "1x2"),
        ],
        &[],
    );
    play(
        &mut g,
        &[(0, "orders move e5 f7"), (1, "orders move g5 f7")],
    );
    assert_knights(&g, &["h12 P2 1x2"]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));
    assert_eq!(purse(&g, 2), (5, 0, 0, 0));
}

#[test]
fn s05_collision_on_a_stationary_knight_removes_all_three() {
    let mut g = scene(
        "AGJ",
        &[(5, 0), (5, 0), (5, 0)],
        &[
            ("P1", "e5", "1x2"),
            ("P2", "g5", "1x2"),
            ("P3", "f7", "2x3"),
        ],
        &[],
    );
    play(
        &mut g,
        &[
            (0, "orders move e5 f7"),
            (1, "orders move g5 f7"),
            (2, "orders pass"),
        ],
    );
    assert_knights(&g, &[]);
    assert_eq!(g.state().purses.iter().map(|p| p.garnets).sum::<u32>(), 0);
}

#[test]
fn s06_capture_of_a_stationary_enemy_earns_a_garnet() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "e5", "1x2"), ("P2", "f7", "1x3")],
        &[],
    );
    play(&mut g, &[(0, "orders move e5 f7"), (1, "orders pass")]);
    assert_knights(&g, &["f7 P1 1x2"]);
    assert_eq!(purse(&g, 1), (5, 1, 0, 0));
    assert_eq!(purse(&g, 2), (5, 0, 0, 0));
}

#[test]
fn s07_own_capture_earns_nothing() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "e5", "1x2"), ("P1", "f7", "2x2")],
        &[],
    );
    play(&mut g, &[(0, "orders move e5 f7"), (1, "orders pass")]);
    assert_knights(&g, &["f7 P1 1x2"]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));
}

#[test]
fn s08_swapped_places_do_nothing() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "e5", "1x2"), ("P2", "f7", "1x2")],
        &[],
    );
    play(
        &mut g,
        &[(0, "orders move e5 f7"), (1, "orders move f7 e5")],
    );
    assert_knights(&g, &["f7 P1 1x2", "e5 P2 1x2"]);
    assert_eq!((purse(&g, 1), purse(&g, 2)), ((5, 0, 0, 0), (5, 0, 0, 0)));
}

#[test]
fn s09_a_knight_that_moves_away_escapes() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "e5", "1x2"), ("P2", "f7", "1x2")],
        &[],
    );
    play(
        &mut g,
        &[(0, "orders move e5 f7"), (1, "orders move f7 h8")],
    );
    assert_knights(&g, &["f7 P1 1x2", "h8 P2 1x2"]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));
}

#[test]
fn s10_only_the_final_landing_captures() {
    // o14 touches zone D (bonus); P2's knight on o14 is passed over.
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "m13", "1x2"), ("P2", "o14", "1x2")],
        &[],
    );
    play(
        &mut g,
        &[(0, "orders move m13 o14 m15"), (1, "orders pass")],
    );
    assert_knights(&g, &["m15 P1 1x2", "o14 P2 1x2"]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));
}

#[test]
fn s11_bonus_leaps_zero_one_two_and_a_third_refused() {
    let knights = [
        ("P1", "m13", "1x2"),
        ("P1", "h8", "1x2"),
        ("P1", "b13", "1x2"),
        ("P1", "d14", "1x2"),
    ];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &[]);
    // Zero: an inner landing grants nothing.
    assert!(refused(&mut g, 0, "orders move h8 i10 j12").contains("cannot leap again from i10"));
    // A cell next to the player's own zone only grants nothing (c15 touches A2–A4).
    assert!(refused(&mut g, 0, "orders move b13 c15 d13").contains("cannot leap again from c15"));
    // A landing in a zone never grants a bonus.
    assert!(refused(&mut g, 0, "orders move d14 A3 b14").contains("cannot leap again from A3"));
    // A fourth landing would be a third bonus leap.
    assert!(refused(&mut g, 0, "orders move m13 o14 m15 n13 o15").contains("at most 3"));
    // Two bonus leaps: o14 touches D, m15 touches C.
    play(
        &mut g,
        &[
            (0, "orders move m13 o14 m15 n13; move h8 i10"),
            (1, "orders pass"),
        ],
    );
    assert_knights(
        &g,
        &["n13 P1 1x2", "i10 P1 1x2", "b13 P1 1x2", "d14 P1 1x2"],
    );
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
}

#[test]
fn s12_zone_x_and_unclaimed_zones_grant_bonus_leaps() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "c13", "1x2"), ("P1", "g3", "1x2")],
        &[],
    );
    // a14 touches X4/X5; h1 touches the unclaimed zone H.
    play(
        &mut g,
        &[
            (0, "orders move c13 a14 b12; move g3 h1 j2"),
            (1, "orders pass"),
        ],
    );
    assert_knights(&g, &["b12 P1 1x2", "j2 P1 1x2"]);
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
}

#[test]
fn s13_automatic_garnet_exchange_uses_as_few_as_needed() {
    let mut g = scene("AG", &[(0, 2), (0, 2)], &[], &[]);
    play(&mut g, &[(0, "orders spawn A1 2x2"), (1, "orders pass")]);
    assert_knights(&g, &["A1 P1 2x2"]);
    assert_eq!(purse(&g, 1), (1, 1, 3, 0));
    assert_eq!(purse(&g, 2), (0, 2, 0, 0));
    // Under the one-chip garnet option the same spawn takes both garnets.
    let rules = Rules {
        garnet_rate: 1,
        ..Rules::default()
    };
    let mut g = scene_with(rules, "AG", &[(0, 2), (0, 2)], &[], &[]);
    play(&mut g, &[(0, "orders spawn A1 2x2"), (1, "orders pass")]);
    assert_eq!(purse(&g, 1), (0, 0, 2, 0));
}

#[test]
fn s14_an_unaffordable_submission_is_void_as_a_whole() {
    let mut g = scene("AG", &[(0, 1), (5, 0)], &[("P1", "h8", "1x2")], &[]);
    // The explicit exchange gives 3 chips; the spawn costs 4; no garnet is left.
    play(
        &mut g,
        &[
            (0, "orders exchange 1; spawn A1 3x3; move h8 i10"),
            (1, "orders pass"),
        ],
    );
    assert_knights(&g, &["h8 P1 1x2"]);
    assert_eq!(purse(&g, 1), (0, 1, 0, 0));
    let notices = g.notices(Seat(0));
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].round, 1);
    assert!(notices[0].text.contains("void"), "{}", notices[0].text);
    assert!(g.notices(Seat(1)).is_empty());
}

#[test]
fn s15_items_count_at_once() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[
            ("P1", "h8", "1x2"),
            ("P1", "d4", "1x2"),
            ("P2", "k3", "1x2"),
        ],
        &[
            ("i10", "garnet"),
            ("e6", "tol-piece"),
            ("l5", "chips 3"),
            ("a1", "garnet"),
        ],
    );
    play(
        &mut g,
        &[
            (0, "orders move h8 i10; move d4 e6"),
            (1, "orders move k3 l5"),
        ],
    );
    assert_knights(&g, &["i10 P1 1x2", "e6 P1 1x2", "l5 P2 1x2"]);
    assert_items(&g, &["a1 garnet"]);
    assert_eq!(purse(&g, 1), (4, 1, 0, 1));
    assert_eq!(purse(&g, 2), (8, 0, 3, 0));
}

#[test]
fn s16_items_on_collision_cells_stay() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "e5", "1x2"), ("P2", "g5", "1x2")],
        &[("f7", "chips 2")],
    );
    play(
        &mut g,
        &[(0, "orders move e5 f7"), (1, "orders move g5 f7")],
    );
    assert_knights(&g, &[]);
    assert_items(&g, &["f7 chips 2"]);
    assert_eq!((purse(&g, 1), purse(&g, 2)), ((5, 0, 0, 0), (5, 0, 0, 0)));
}

#[test]
fn s17_chips_taken_later_in_the_round_cannot_pay() {
    let mut g = scene(
        "AG",
        &[(0, 0), (5, 0)],
        &[("P1", "h8", "1x2"), ("P1", "d4", "1x2")],
        &[("i10", "chips 2")],
    );
    play(
        &mut g,
        &[(0, "orders move h8 i10; move d4 e6"), (1, "orders pass")],
    );
    assert_knights(&g, &["h8 P1 1x2", "d4 P1 1x2"]);
    assert_items(&g, &["i10 chips 2"]);
    assert_eq!(purse(&g, 1), (0, 0, 0, 0));
    assert!(g.notices(Seat(0))[0].text.contains("costs 1 chips"));
}

#[test]
fn s18_extra_move_is_a_free_leap_judged_again() {
    let knights = [("P1", "h8", "1x2"), ("P2", "k11", "1x2")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &[("i10", "extra-move")]);
    play(&mut g, &[(0, "orders move h8 i10"), (1, "orders pass")]);
    assert_eq!(g.stage(), Stage::Items);
    assert_eq!(g.pending(), vec![Seat(0)]);
    assert!(refused(&mut g, 0, "items extra i10 i12").contains("cannot leap"));
    play(&mut g, &[(0, "items extra i10 j12")]);
    // j12 was empty: nothing captured; the item is gone.
    assert_knights(&g, &["j12 P1 1x2", "k11 P2 1x2"]);
    assert_items(&g, &[]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));

    // The extra move onto a knight that did not move in step 5 captures it.
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &[("i10", "extra-move")]);
    play(
        &mut g,
        &[
            (0, "orders move h8 i10"),
            (1, "orders pass"),
            (0, "items extra i10 k11"),
        ],
    );
    assert_knights(&g, &["k11 P1 1x2"]);
    assert_eq!(purse(&g, 1), (5, 1, 0, 0));
}

#[test]
fn s19_an_item_reached_in_step_5_waits_for_a_later_step_4() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "h8", "1x2")],
        &[("i10", "extra-move"), ("j12", "garnet")],
    );
    play(
        &mut g,
        &[
            (0, "orders move h8 i10"),
            (1, "orders pass"),
            (0, "items extra i10 j12"),
        ],
    );
    assert_knights(&g, &["j12 P1 1x2"]);
    assert_items(&g, &["j12 garnet"]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));
    play(&mut g, &[(0, "orders pass"), (1, "orders pass")]);
    assert_items(&g, &[]);
    assert_eq!(purse(&g, 1), (5, 1, 0, 0));
    assert_eq!(g.round(), 3);
}

#[test]
fn s20_extra_spawn_waives_only_the_base_chip_and_stacks() {
    let knights = [("P1", "h8", "1x2"), ("P1", "d4", "1x2")];
    let items = [("i10", "extra-spawn"), ("e6", "extra-spawn")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10; move d4 e6"), (1, "orders pass")],
    );
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
    assert!(
        refused(&mut g, 0, "items spawn A1 1x2; spawn A2 1x2; spawn A3 1x2")
            .contains("2 Extra Spawn")
    );
    play(&mut g, &[(0, "items spawn A1 1x2; spawn A2 2x3")]);
    assert_knights(&g, &["i10 P1 1x2", "e6 P1 1x2", "A1 P1 1x2", "A2 P1 2x3"]);
    assert_eq!(purse(&g, 1), (2, 0, 0, 0));

    // Ruleset option: extra spawns pay the base chip too.
    let rules = Rules {
        extra_spawn_base_free: false,
        ..Rules::default()
    };
    let mut g = scene_with(rules, "AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10; move d4 e6"), (1, "orders pass")],
    );
    play(&mut g, &[(0, "items spawn A1 1x2; spawn A2 2x3")]);
    assert_eq!(purse(&g, 1), (0, 0, 0, 0));
}

#[test]
fn s21_modify_refunds_and_costs_at_spawning_prices() {
    let knights = [("P1", "h8", "3x3"), ("P1", "b2", "1x2")];
    let items = [("k11", "modify"), ("c4", "modify")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 k11; move b2 c4"), (1, "orders pass")],
    );
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
    // 3x3 (4) down to 1x2 (1) refunds 3; 1x2 up to 2x3 costs 2.
    play(&mut g, &[(0, "items modify k11 1x2; modify c4 2x3")]);
    assert_knights(&g, &["k11 P1 1x2", "c4 P1 2x3"]);
    assert_eq!(purse(&g, 1), (5, 0, 3, 0));
}

#[test]
fn s22_two_players_use_portals_in_one_round() {
    let knights = [("P1", "h8", "1x2"), ("P2", "b1", "1x2")];
    let items = [
        ("i10", "portal"),
        ("c3", "portal"),
        ("m12", "portal"),
        ("n3", "portal"),
    ];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10"), (1, "orders move b1 c3")],
    );
    assert_eq!(g.pending(), vec![Seat(0), Seat(1)]);
    // P2 may go to the portal P1 is leaving.
    play(
        &mut g,
        &[(0, "items portal i10 m12"), (1, "items portal c3 i10")],
    );
    assert_knights(&g, &["m12 P1 1x2", "i10 P2 1x2"]);
    assert_items(&g, &["n3 portal"]);
    assert_eq!((purse(&g, 1), purse(&g, 2)), ((5, 0, 0, 0), (5, 0, 0, 0)));
}

#[test]
fn s23_a_portal_stood_on_is_destroyed_and_a_teleport_captures() {
    let knights = [("P1", "h8", "1x2"), ("P2", "b1", "1x2")];
    let items = [("i10", "portal"), ("c3", "portal"), ("m12", "portal")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10"), (1, "orders move b1 c3")],
    );
    assert!(refused(&mut g, 1, "items portal c3 c3").contains("another portal"));
    assert!(refused(&mut g, 1, "items portal c3 d5").contains("no portal on d5"));
    play(&mut g, &[(0, "items pass"), (1, "items portal c3 i10")]);
    assert_knights(&g, &["i10 P2 1x2"]);
    assert_items(&g, &["m12 portal"]);
    assert_eq!(purse(&g, 2), (5, 1, 0, 0));
}

#[test]
fn s24_two_teleports_to_one_portal_collide() {
    let knights = [("P1", "h8", "1x2"), ("P2", "b1", "1x2")];
    let items = [
        ("i10", "portal"),
        ("c3", "portal"),
        ("m12", "portal"),
        ("n3", "portal"),
    ];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10"), (1, "orders move b1 c3")],
    );
    play(
        &mut g,
        &[(0, "items portal i10 m12"), (1, "items portal c3 m12")],
    );
    assert_knights(&g, &[]);
    assert_items(&g, &["n3 portal"]);
    assert_eq!((purse(&g, 1), purse(&g, 2)), ((5, 0, 0, 0), (5, 0, 0, 0)));
}

#[test]
fn s25_one_portal_a_round_and_both_taken_portals_vanish() {
    let knights = [("P1", "h8", "1x2"), ("P1", "b1", "1x2")];
    let items = [("i10", "portal"), ("c3", "portal"), ("m12", "portal")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10; move b1 c3"), (1, "orders pass")],
    );
    assert!(refused(&mut g, 0, "items portal i10 m12; portal c3 m12").contains("one portal"));
    play(&mut g, &[(0, "items portal c3 m12")]);
    assert_knights(&g, &["i10 P1 1x2", "m12 P1 1x2"]);
    assert_items(&g, &[]);
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
}

#[test]
fn s26_an_unaffordable_item_submission_is_void() {
    let mut g = scene(
        "AG",
        &[(1, 0), (5, 0)],
        &[("P1", "h8", "1x2")],
        &[("i10", "modify")],
    );
    play(&mut g, &[(0, "orders move h8 i10"), (1, "orders pass")]);
    play(&mut g, &[(0, "items modify i10 3x3")]);
    assert_knights(&g, &["i10 P1 1x2"]);
    assert_eq!(purse(&g, 1), (1, 0, 0, 0));
    assert!(g.notices(Seat(0))[0].text.contains("item choices void"));
}

#[test]
fn s27_rule_breaking_orders_are_refused_with_reasons() {
    let knights = [
        ("P1", "h8", "1x2"),
        ("P2", "f14", "1x2"),
        ("P1", "g14", "1x2"),
    ];
    let mut g = scene("AG", &[(5, 1), (5, 0)], &knights, &[]);
    assert!(refused(&mut g, 0, "orders move g14 B1").contains("zone B"));
    assert!(refused(&mut g, 0, "orders move h8 i10; move h8 g6").contains("moves twice"));
    assert!(refused(&mut g, 0, "orders move f14 g12").contains("belongs to P2"));
    assert!(refused(&mut g, 0, "orders move h8 h10").contains("cannot leap"));
    assert!(refused(&mut g, 0, "orders exchange 2").contains("holds 1"));
    assert!(refused(&mut g, 0, "orders spawn G1 1x2").contains("own zone"));
    assert!(refused(&mut g, 0, "items extra h8 i10").contains("may not act now"));
    assert!(refused(&mut g, 0, "orders move a1 b3").contains("no knight"));
    play(&mut g, &[(0, "orders spawn A1 1x2"), (1, "orders pass")]);
    assert!(refused(&mut g, 0, "orders spawn A1 1x2").contains("occupied"));
    assert!(refused(&mut g, 0, "orders move A1 b14 c16").contains("cannot leap again"));
}

#[test]
fn s28_trades_move_chips_and_reveal_counts_to_the_two() {
    let mut g = scene("AGJ", &[(5, 0), (5, 0), (5, 0)], &[], &[]);
    assert!(refused(&mut g, 0, "offer P2 6").contains("holds 5 chips"));
    play(&mut g, &[(0, "offer P2 3"), (1, "accept P1")]);
    assert_eq!(purse(&g, 1), (2, 0, 0, 0));
    assert_eq!(purse(&g, 2), (8, 0, 0, 0));
    let v1 = g.view_for(arbiter_core::Viewer::Seat(Seat(0)));
    let t = &v1.me.as_ref().unwrap().trades[0];
    assert_eq!((t.from_chips_after, t.to_chips_after), (2, 8));
    let v3 = g.view_for(arbiter_core::Viewer::Seat(Seat(2)));
    assert!(v3.me.unwrap().trades.is_empty());
    assert!(refused(&mut g, 1, "accept P1").contains("no standing offer"));
    // A communal garnet: 2 chips each once both consent, counted as gained.
    g.grant_communal(Seat(0), Seat(1)).unwrap();
    play(&mut g, &[(0, "communal 1")]);
    assert_eq!(purse(&g, 1), (2, 0, 0, 0));
    assert!(refused(&mut g, 2, "communal 1").contains("not this player's"));
    play(&mut g, &[(1, "communal 1")]);
    assert_eq!(purse(&g, 1), (4, 0, 2, 0));
    assert_eq!(purse(&g, 2), (10, 0, 2, 0));
}

#[test]
fn s29_bidding_ties_then_later_positions_then_random_leftovers() {
    let seed = Seed::from_u64(29);
    let mut g = KnightControl::new(4, Rules::default(), no_items_layout(), seed).unwrap();
    // Position 1: A asked twice (nobody gets it), C once (P3).
    // Position 2: B asked by P1 and P2 (nobody). Position 3: P1 asks C, taken;
    // P2 gets F. Position 4: P1 gets D. P4 did not bid: a random free letter.
    play(
        &mut g,
        &[
            (0, "bid ABCDE"),
            (1, "bid ABFGH"),
            (2, "bid CBDEF"),
            (3, "bid pass"),
        ],
    );
    let letters = zone_letters(&g);
    assert_eq!(&letters[..3], &['D', 'F', 'C']);
    let free = ['A', 'B', 'E', 'G', 'H', 'I', 'J', 'K'];
    let expected = free[seed.rng().below(free.len())];
    assert_eq!(letters[3], expected);
    assert!(g
        .state()
        .purses
        .iter()
        .all(|p| p.chips == 5 && p.gained == 0));
}

#[test]
fn s30_bidding_leftovers_draw_in_seat_order() {
    let seed = Seed::from_u64(30);
    let mut g = KnightControl::new(3, Rules::default(), no_items_layout(), seed).unwrap();
    // Everyone bids the same letters: nobody gets anything by bid.
    play(&mut g, &[(0, "bid ABCDE"), (1, "bid ABCDE")]);
    g.close_step().unwrap(); // P3 never bids
    let mut rng = seed.rng();
    let mut free: Vec<char> = "ABCDEFGHIJK".chars().collect();
    let mut expected = Vec::new();
    for _ in 0..3 {
        expected.push(free.remove(rng.below(free.len())));
    }
    let letters = zone_letters(&g);
    assert_eq!(letters, expected);
}

#[test]
fn s31_missing_orders_at_the_deadline_count_as_nothing() {
    let mut g = scene(
        "AG",
        &[(5, 0), (5, 0)],
        &[("P1", "h8", "1x2"), ("P2", "e5", "1x2")],
        &[],
    );
    play(&mut g, &[(0, "orders move h8 g6")]);
    assert_eq!(g.pending(), vec![Seat(1)]);
    g.close_step().unwrap();
    assert_knights(&g, &["g6 P1 1x2", "e5 P2 1x2"]);
    assert_eq!(g.round(), 2);
}

#[test]
fn s32_a_garnet_exchanged_between_rounds_funds_a_trade() {
    let mut g = scene("AG", &[(0, 2), (5, 0)], &[], &[]);
    assert!(refused(&mut g, 0, "offer P2 2").contains("holds 0 chips"));
    play(&mut g, &[(0, "exchange 1")]);
    assert_eq!(purse(&g, 1), (3, 1, 3, 0));
    assert_eq!(
        g.pending(),
        vec![Seat(0), Seat(1)],
        "an exchange is not the player's orders"
    );
    play(&mut g, &[(0, "offer P2 2"), (1, "accept P1")]);
    assert_eq!(purse(&g, 1), (1, 1, 3, 0));
    assert_eq!(purse(&g, 2), (7, 0, 0, 0));
    assert!(refused(&mut g, 0, "exchange 2").contains("holds 1"));
    // The public board still shows the garnets as published.
    assert_eq!(
        g.view_for(arbiter_core::Viewer::Spectator).board.garnets,
        vec![2, 0]
    );
}

#[test]
fn s33_an_extra_move_and_a_teleport_to_one_cell_collide() {
    let knights = [("P1", "h8", "1x2"), ("P2", "b1", "1x2")];
    let items = [("i10", "extra-move"), ("c3", "portal"), ("j12", "portal")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 i10"), (1, "orders move b1 c3")],
    );
    play(
        &mut g,
        &[(0, "items extra i10 j12"), (1, "items portal c3 j12")],
    );
    assert_knights(&g, &[]);
    assert_items(&g, &[]);
    assert_eq!((purse(&g, 1), purse(&g, 2)), ((5, 0, 0, 0), (5, 0, 0, 0)));
}

#[test]
fn s34_a_modified_knight_can_still_be_captured_in_step_5() {
    let knights = [("P1", "h8", "3x3"), ("P2", "g9", "1x2")];
    let items = [("k11", "modify"), ("i10", "extra-move")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move h8 k11"), (1, "orders move g9 i10")],
    );
    play(
        &mut g,
        &[(0, "items modify k11 1x2"), (1, "items extra i10 k11")],
    );
    // The refund stands (modifications come before the judgement).
    assert_knights(&g, &["k11 P2 1x2"]);
    assert_eq!(purse(&g, 1), (8, 0, 3, 0));
    assert_eq!(purse(&g, 2), (5, 1, 0, 0));
}

#[test]
fn s35_an_extra_spawned_knight_stands_still_and_can_be_captured() {
    // A2 sits above b15, one 1x2 leap from c14. P1's extra spawn on A2 is
    // captured by P1's own extra move from c14 (extra spawns come first).
    let knights = [("P1", "b12", "1x2"), ("P1", "h8", "1x2")];
    let items = [("c14", "extra-move"), ("i10", "extra-spawn")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    play(
        &mut g,
        &[(0, "orders move b12 c14; move h8 i10"), (1, "orders pass")],
    );
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
    play(&mut g, &[(0, "items spawn A2 1x2; extra c14 A2")]);
    assert_knights(&g, &["i10 P1 1x2", "A2 P1 1x2"]);
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
}

#[test]
fn s36_invalid_bids_count_as_no_bid() {
    // Issue 7: "A missing or invalid submission counts as nothing." An
    // invalid bid is accepted (a record holding one replays) and treated as
    // no bid; the player is told why in a private notice.
    let seed = Seed::from_u64(36);
    let mut g = KnightControl::new(4, Rules::default(), no_items_layout(), seed).unwrap();
    // P1 repeats A, P2 names X (never handed out), P3 names only four
    // letters: all three count as no bid. P4 asks for A at position 1.
    // Hand analysis, position 1: only P4 asks (for A) -> P4 gets A. The
    // other three asked for nothing at any position, so they draw in seat
    // order from the free letters B..K (layout order): P1 from 10 letters,
    // P2 from the 9 left, P3 from the 8 left; the layout has no items, so
    // these are the stream's first three draws.
    play(
        &mut g,
        &[
            (0, "bid AABCD"),
            (1, "bid XBCDE"),
            (2, "bid BCDE"),
            (3, "bid ABCDE"),
        ],
    );
    assert_eq!(g.stage(), Stage::Orders);
    let letters = zone_letters(&g);
    let mut rng = seed.rng();
    let mut free: Vec<char> = "BCDEFGHIJK".chars().collect();
    let mut expected = Vec::new();
    for _ in 0..3 {
        expected.push(free.remove(rng.below(free.len())));
    }
    expected.push('A');
    assert_eq!(letters, expected);
    for s in 0..3 {
        let notices = g.notices(Seat(s));
        assert_eq!(notices.len(), 1, "P{}", s + 1);
        assert_eq!(notices[0].round, 0);
        assert!(
            notices[0].text.contains("counts as no bid"),
            "{}",
            notices[0].text
        );
    }
    assert!(g.notices(Seat(3)).is_empty());
    // Nobody else sees the notices.
    let spectator = serde_json::to_string(&g.view_for(arbiter_core::Viewer::Spectator)).unwrap();
    assert!(!spectator.contains("counts as no bid"));
}

#[test]
fn s37_an_invalid_bid_does_not_block_a_contested_letter() {
    // P1's invalid bid names B first; it asks for nothing, so P2, the only
    // valid asker of B at position 1, gets it. P3 and P4 both ask for C at
    // position 1 (contested, stays free); at position 2 P3 asks for D and
    // P4 for A: D goes to P3 and A to P4. P1 draws from the 8 free letters
    // in layout order: C, E, F, G, H, I, J, K.
    let seed = Seed::from_u64(37);
    let mut g = KnightControl::new(4, Rules::default(), no_items_layout(), seed).unwrap();
    play(
        &mut g,
        &[
            (0, "bid BBBBB"),
            (1, "bid BAEFG"),
            (2, "bid CDEFG"),
            (3, "bid CAEFG"),
        ],
    );
    let letters = zone_letters(&g);
    let free = ['C', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
    let p1 = free[seed.rng().below(free.len())];
    assert_eq!(letters, vec![p1, 'B', 'D', 'A']);
}

#[test]
fn s38_long_leaps_are_knights_too() {
    // Issue 7: a knight is any m×n with 1 ≤ m ≤ n and n ≥ 2; layouts may be
    // up to 99 rows tall. On a 5×30 grid (zone A above row 30, zone B below
    // row 1) a 1x20 knight on a1 (frame (1,1)) leaps +1 file, +20 rows to
    // b21 (frame (2,21)), a grid cell. P2 spawns a 1x17 on B1 for
    // 1 + 17 - 2 = 16 chips: 20 - 16 = 4 left.
    use arbiter_knight_control::ZoneFile;
    let file = LayoutFile {
        files: 5,
        ranks: 30,
        zones: vec![
            ZoneFile {
                letter: 'A',
                cells: (1..=5).map(|c| [c, 31]).collect(),
                claimable: true,
            },
            ZoneFile {
                letter: 'B',
                cells: (1..=5).rev().map(|c| [c, 0]).collect(),
                claimable: true,
            },
        ],
        items: Some(Vec::new()),
    };
    let mut g = KnightControl::from_setup(
        Rules::default(),
        Layout::from_file(file).unwrap(),
        Seed::from_u64(38),
        &setup("AB", &[(5, 0), (20, 0)], &[("P1", "a1", "1x20")], &[]),
    )
    .unwrap();
    play(
        &mut g,
        &[(0, "orders move a1 b21"), (1, "orders spawn B1 1x17")],
    );
    assert_knights(&g, &["b21 P1 1x20", "B1 P2 1x17"]);
    assert_eq!(purse(&g, 1), (5, 0, 0, 0));
    assert_eq!(purse(&g, 2), (4, 0, 0, 0));
}

#[test]
fn s39_a_cell_next_to_the_own_zone_and_another_grants_a_bonus() {
    // P1 owns A. d13 -> e15 is a 1x2 leap (+1, +2); e15 touches A4, A5 (own)
    // and, diagonally, B1 (P2's): a bonus leap, e15 -> g14 (+2, -1). g14
    // touches no zone. P2 owns B: c13 -> b15 (-1, +2); b15 touches A1-A3,
    // P1's zone, so P2 leaps again b15 -> d14 (+2, -1). One knight each:
    // both moves are free.
    let mut g = scene(
        "AB",
        &[(5, 0), (5, 0)],
        &[("P1", "d13", "1x2"), ("P2", "c13", "1x2")],
        &[],
    );
    play(
        &mut g,
        &[
            (0, "orders move d13 e15 g14"),
            (1, "orders move c13 b15 d14"),
        ],
    );
    assert_knights(&g, &["g14 P1 1x2", "d14 P2 1x2"]);
    assert_eq!((purse(&g, 1), purse(&g, 2)), ((5, 0, 0, 0), (5, 0, 0, 0)));
}

#[test]
fn s40_spawn_cells_are_checked_at_round_start_and_extra_spawns_need_free_cells() {
    // P1's knights fill A1-A4. Spawning on A1 is refused even though its
    // knight would leave this round (cells are checked at the round start).
    // Two knights take two Extra Spawns (second knight moved: 1 chip, 5 -> 4),
    // but only A5 is free: a second extra spawn on A1 is refused; one on A5
    // alone costs 1 + 2 - 3 = 0.
    let mut knights: Vec<(&str, &str, &str)> = ["A1", "A2", "A3", "A4"]
        .iter()
        .map(|&c| ("P1", c, "1x2"))
        .collect();
    knights.extend([("P1", "h8", "1x2"), ("P1", "d4", "1x2")]);
    let items = [("i10", "extra-spawn"), ("e6", "extra-spawn")];
    let mut g = scene("AG", &[(5, 0), (5, 0)], &knights, &items);
    assert!(refused(&mut g, 0, "orders spawn A1 1x2; move A1 b14").contains("occupied"));
    play(
        &mut g,
        &[(0, "orders move h8 i10; move d4 e6"), (1, "orders pass")],
    );
    assert_eq!(g.held(Seat(0)).extra_spawns, 2);
    assert!(refused(&mut g, 0, "items spawn A5 1x2; spawn A1 1x2").contains("occupied"));
    play(&mut g, &[(0, "items spawn A5 1x2")]);
    assert_knights(
        &g,
        &[
            "A1 P1 1x2",
            "A2 P1 1x2",
            "A3 P1 1x2",
            "A4 P1 1x2",
            "A5 P1 1x2",
            "i10 P1 1x2",
            "e6 P1 1x2",
        ],
    );
    assert_eq!(purse(&g, 1), (4, 0, 0, 0));
}

#[test]
fn s41_a_void_players_knights_stand_still_and_can_be_captured() {
    // P1 has no chips or garnets: two moves cost 1, so the orders are void
    // and h8 stays. P2's g6 -> h8 (+1, +2) ends on it: captured, P2 gains a
    // garnet. P1 is told why.
    let mut g = scene(
        "AG",
        &[(0, 0), (5, 0)],
        &[
            ("P1", "h8", "1x2"),
            ("P1", "d4", "1x2"),
            ("P2", "g6", "1x2"),
        ],
        &[],
    );
    play(
        &mut g,
        &[
            (0, "orders move h8 i10; move d4 e6"),
            (1, "orders move g6 h8"),
        ],
    );
    assert_knights(&g, &["d4 P1 1x2", "h8 P2 1x2"]);
    assert_eq!(purse(&g, 1), (0, 0, 0, 0));
    assert_eq!(purse(&g, 2), (5, 1, 0, 0));
    assert_eq!(g.notices(Seat(0)).len(), 1);
}

#[test]
fn s42_explicit_then_automatic_exchange() {
    // 0 chips, 2 garnets. "exchange 1" gives 3 chips; the 3x3 spawn costs
    // 3 + 3 - 2 = 4, so one more garnet is exchanged automatically:
    // chips 0 + 3 + 3 - 4 = 2, garnets 0, chips gained 6.
    let mut g = scene("AG", &[(0, 2), (5, 0)], &[], &[]);
    play(
        &mut g,
        &[(0, "orders exchange 1; spawn A1 3x3"), (1, "orders pass")],
    );
    assert_knights(&g, &["A1 P1 3x3"]);
    assert_eq!(purse(&g, 1), (2, 0, 6, 0));
}
