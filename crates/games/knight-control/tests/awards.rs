//! The end-of-game steps from setups at round 10, worked out by hand.

mod common;

use arbiter_core::{Seat, Seed};
use arbiter_knight_control::{EcMeasure, KnightControl, Layout, Rules, Setup, Stage};
use common::*;

/// A round-10 setup, played to the end-of-game step, where every player
/// then says `done`: per player (chips, garnets, chips gained, ToL pieces).
fn last_round(rules: Rules, players: &[(u32, u32, u32, u32)]) -> KnightControl {
    let mut g = end_step(rules, players);
    for seat in 0..players.len() {
        play(&mut g, &[(seat as u8, "done")]);
    }
    g
}

/// A round-10 setup, its orders passed: the end-of-game step is open.
fn end_step(rules: Rules, players: &[(u32, u32, u32, u32)]) -> KnightControl {
    let zones: String = "ABCDEFGHIJK".chars().take(players.len()).collect();
    let purses: Vec<(u32, u32)> = players.iter().map(|p| (p.0, p.1)).collect();
    let mut s: Setup = setup(&zones, &purses, &[], &[]);
    s.round = 10;
    for (p, &(_, _, gained, pieces)) in s.players.iter_mut().zip(players) {
        p.chips_gained = gained;
        p.tol_pieces = pieces;
    }
    let mut g =
        KnightControl::from_setup(rules, Layout::standard(), Seed::from_u64(5), &s).unwrap();
    for seat in 0..players.len() {
        play(&mut g, &[(seat as u8, "orders pass")]);
    }
    g
}

#[test]
fn extra_piece_tols_are_gifted_or_nullified_and_a_gift_counts_for_step_2() {
    // P1: 30 pieces = 3 ToLs, keeps 1, gifts 1 to P3, the third is nullified
    // by default. P3 then has the most chips gained while holding a ToL, so
    // gifts the new one to P4. Everyone holds a ToL: no EC.
    let mut g = last_round(
        Rules::default(),
        &[(0, 0, 1, 30), (0, 0, 0, 12), (0, 0, 7, 0), (0, 0, 2, 9)],
    );
    assert_eq!(g.stage(), Stage::PieceGifts);
    assert_eq!(g.pending(), vec![Seat(0)]);
    assert!(refused(&mut g, 0, "gifts P2 P3 P4").contains("3 choices for 2"));
    assert!(refused(&mut g, 0, "gifts P1").contains("another player"));
    play(&mut g, &[(0, "gifts P3")]);
    assert_eq!(g.stage(), Stage::ChipGifts);
    assert_eq!(g.pending(), vec![Seat(2)]);
    play(&mut g, &[(2, "gifts P4")]);
    let a = g.awards();
    assert_eq!(g.stage(), Stage::Over);
    assert_eq!(a.piece_tols, vec![3, 1, 0, 0]);
    assert_eq!(a.tols, vec![1, 1, 1, 1]);
    assert_eq!(a.won_self, vec![true, true, true, false]);
    assert_eq!(a.gifts, vec![(Seat(0), Seat(2), 1), (Seat(2), Seat(3), 2)]);
    assert_eq!(a.nullified, 1);
    assert_eq!(a.ec, None);
    assert!(g.outcome().unwrap().reason.contains("no EC"));
}

#[test]
fn more_than_three_tied_nullify_step_2_and_a_voterless_tie_is_drawn() {
    let players = [(0, 0, 4, 0); 5];
    let g = last_round(Rules::default(), &players);
    let a = g.awards();
    assert!(a.step2_void);
    assert_eq!(a.nullified, 5);
    assert_eq!(a.tols, vec![0; 5]);
    assert!(a.voters.is_empty());
    // No item or bid draws came before: the tie-break is the stream's first draw.
    let expected = Seat(Seed::from_u64(5).rng().below(5) as u8);
    assert_eq!(a.ec, Some(expected));
    assert!(a.ec_drawn);
}

#[test]
fn a_tied_vote_is_drawn_among_the_most_voted() {
    // P1, P2 hold piece ToLs; P1 also has the most chips gained and says
    // nothing (nullified). P3, P4, P5 tie on 0 gained; P1 votes P3, P2 P4.
    let mut g = last_round(
        Rules::default(),
        &[
            (0, 0, 3, 10),
            (0, 0, 0, 10),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
        ],
    );
    assert_eq!(g.pending(), vec![Seat(0)]);
    g.close_step().unwrap();
    assert_eq!(g.stage(), Stage::Vote);
    assert_eq!(g.awards().candidates, vec![Seat(2), Seat(3), Seat(4)]);
    // The voters are shown whom they choose among.
    let view = g.view_for(arbiter_core::Viewer::Seat(Seat(0)));
    assert_eq!(view.vote_candidates, vec!["P3", "P4", "P5"]);
    play(&mut g, &[(0, "vote P3"), (1, "vote P4")]);
    let a = g.awards();
    assert_eq!(a.nullified, 1);
    assert_eq!(a.tally, vec![0, 0, 1, 1, 0]);
    let expected = [Seat(2), Seat(3)][Seed::from_u64(5).rng().below(2)];
    assert_eq!(a.ec, Some(expected));
    assert!(a.ec_drawn);
}

#[test]
fn the_ec_measure_is_a_ruleset_option() {
    // P1 holds a ToL and wins step 2 (nullified by default). P2: 1 chip,
    // 5 gained; P3: 9 chips, 0 gained.
    let players = [(0, 0, 9, 10), (1, 0, 5, 0), (9, 0, 0, 0)];
    let mut g = last_round(Rules::default(), &players);
    g.close_step().unwrap();
    assert_eq!(g.awards().ec, Some(Seat(2)));
    let mut g = last_round(
        Rules {
            ec_by: EcMeasure::Chips,
            ..Rules::default()
        },
        &players,
    );
    g.close_step().unwrap();
    assert_eq!(g.awards().ec, Some(Seat(1)));
}

#[test]
fn final_garnet_exchanges_count_as_chips_gained() {
    // P2 exchanges both garnets after round 10: 6 gained beats P1's 4.
    let mut g = end_step(Rules::default(), &[(0, 0, 4, 0), (0, 2, 0, 0)]);
    assert_eq!(g.stage(), Stage::FinalExchange);
    assert_eq!(g.pending(), vec![Seat(0), Seat(1)]);
    assert!(refused(&mut g, 1, "exchange 3").contains("holds 2"));
    // The exchange happens at once and is not the player's last word.
    play(&mut g, &[(1, "exchange 2")]);
    assert_eq!(purse(&g, 2), (6, 0, 6, 0));
    assert_eq!(g.stage(), Stage::FinalExchange);
    play(&mut g, &[(0, "done"), (1, "done")]);
    assert_eq!(g.awards().most_gained, vec![Seat(1)]);
    assert_eq!(g.awards().tols, vec![0, 1]);
    assert_eq!(g.awards().ec, Some(Seat(0)));
    let scores: Vec<i64> = g
        .outcome()
        .unwrap()
        .results
        .iter()
        .map(|r| r.score)
        .collect();
    assert_eq!(scores, vec![-1, 1]);
}
