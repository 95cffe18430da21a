//! Knight Control bots and chips between players: what a trade reveals
//! pins the estimate, bots offer a chip to learn a purse they cannot pin
//! down, accept offers that help them, and spend communal garnets that
//! help them. Every expected figure is worked out by hand in the comments.

use arbiter_core::{Game, Seat, Seed, Viewer};
use arbiter_knight_control::{
    Action, EcMeasure, KnightControl, Layout, Orders, PlayerSetup, Purse, Rules, Setup, Stage,
};
use arbiter_search::games::knight_control::estimate::{doubt, estimate};
use arbiter_search::games::knight_control::{knight_control_action, trading};
use arbiter_search::{Budget, Level};

fn offer(to: u8, chips: u32) -> Action {
    Action::Offer {
        to: Seat(to),
        chips,
    }
}

fn accept(from: u8) -> Action {
    Action::Accept { from: Seat(from) }
}

fn ask(game: &KnightControl, seat: u8, level: Level) -> Action {
    knight_control_action(game, Seat(seat), level, Budget::Nodes(8), 1).unwrap()
}

/// Three players after bidding (5 chips each, nothing spent). In round 1
/// the host grants P2 and P3 a communal garnet, which neither spends, and
/// everybody passes: round 2's orders step, everyone still at 5 chips.
fn round_two_after_a_grant() -> KnightControl {
    let mut game =
        KnightControl::new(3, Rules::default(), Layout::standard(), Seed::from_u64(3)).unwrap();
    for s in 0..3 {
        game.submit(Seat(s), &Action::Bid(None)).unwrap();
    }
    assert_eq!(game.grant_communal(Seat(1), Seat(2)), Ok(1));
    for s in 0..3 {
        game.submit(Seat(s), &Action::Orders(Orders::default()))
            .unwrap();
    }
    assert_eq!((game.stage(), game.round()), (Stage::Orders, 2));
    for p in &game.state().purses {
        assert_eq!((p.chips, p.gained), (5, 0));
    }
    game
}

#[test]
fn a_trade_pins_the_other_purse_and_ends_the_doubt() {
    let mut game = round_two_after_a_grant();
    let view = game.view(Viewer::Seat(Seat(0)));
    // P1 cannot see whether P2 and P3 spent their garnet: counted as
    // spent (5 + 2 chips, 2 gained), with 2 chips of doubt each.
    let guess = estimate(&view, Seat(0));
    assert_eq!((guess[1].chips, guess[1].gained), (7, 2));
    assert_eq!((guess[2].chips, guess[2].gained), (7, 2));
    assert_eq!(doubt(&view, Seat(0)), vec![0, 2, 2]);
    // P1 gives P2 a chip: P1 holds 4, P2 6 (5 + 1; the garnet was never
    // spent), and both counts are revealed to both.
    game.act(Seat(0), &offer(1, 1)).unwrap();
    game.act(Seat(1), &accept(0)).unwrap();
    let view = game.view(Viewer::Seat(Seat(0)));
    let guess = estimate(&view, Seat(0));
    assert_eq!(guess[0].chips, 4);
    assert_eq!(guess[1].chips, 6);
    // P3 is still a guess: 7 chips, 2 of them in doubt.
    assert_eq!(guess[2].chips, 7);
    assert_eq!(doubt(&view, Seat(0)), vec![0, 0, 2]);
    // P2 sees P1's 4 chips; its own garnet with P3 is no doubt to it.
    let theirs = game.view(Viewer::Seat(Seat(1)));
    assert_eq!(estimate(&theirs, Seat(1))[0].chips, 4);
    assert_eq!(doubt(&theirs, Seat(1)), vec![0, 0, 0]);
}

#[test]
fn a_searching_bot_buys_what_it_cannot_see_and_others_accept() {
    let mut game = round_two_after_a_grant();
    // Greedy does not search, so it has no use for the counts.
    assert!(matches!(ask(&game, 0, Level::Greedy), Action::Orders(_)));
    // `max` at P1: 5 chips, its greedy plan (a 1x2 spawn) costs 1, so a
    // chip is spare; P2 and P3 are both 2 chips in doubt: the lower seat.
    assert_eq!(ask(&game, 0, Level::Max), offer(1, 1));
    game.act(Seat(0), &offer(1, 1)).unwrap();
    // While the offer stands, P1 does not offer P2 again: P3 next.
    assert_eq!(ask(&game, 0, Level::Max), offer(2, 1));
    // P2 answers the offer before anything else (a chip buys moves).
    assert_eq!(ask(&game, 1, Level::Greedy), accept(0));
    game.act(Seat(1), &accept(0)).unwrap();
    assert_eq!(ask(&game, 0, Level::Max), offer(2, 1));
    game.act(Seat(0), &offer(2, 1)).unwrap();
    game.act(Seat(2), &accept(0)).unwrap();
    // Nothing left in doubt: P1 writes its orders.
    assert!(matches!(ask(&game, 0, Level::Max), Action::Orders(_)));
    // `max1` is the search as it was: it never offers.
    let fresh = round_two_after_a_grant();
    assert!(matches!(
        ask(&fresh, 0, Level::MaxOneRound),
        Action::Orders(_)
    ));
}

#[test]
fn a_bot_that_has_submitted_still_answers() {
    let mut game = round_two_after_a_grant();
    game.submit(Seat(1), &Action::Orders(Orders::default()))
        .unwrap();
    game.act(Seat(0), &offer(1, 2)).unwrap();
    let seen = arbiter_search::Observe::seen_by(&game, Seat(1));
    assert_eq!(trading::answer(&seen, Seat(1)), Some(accept(0)));
    assert_eq!(ask(&game, 1, Level::Max), accept(0));
    game.act(Seat(1), &accept(0)).unwrap();
    // Then the communal garnet it shares with P3 (both gain 2).
    assert_eq!(ask(&game, 1, Level::Max), Action::Communal(1));
    game.act(Seat(1), &Action::Communal(1)).unwrap();
    // Nothing more: the bot waits for the round.
    let seen = arbiter_search::Observe::seen_by(&game, Seat(1));
    assert_eq!(trading::answer(&seen, Seat(1)), None);
    assert_eq!(
        knight_control_action(&game, Seat(1), Level::Max, Budget::Nodes(8), 1),
        None
    );
}

/// Two players in the end-of-game step, 3 chips each, P1 offering P2 one.
fn end_with_an_offer(ec_by: EcMeasure) -> KnightControl {
    let player = |zone| PlayerSetup {
        zone,
        chips: 3,
        garnets: 0,
        chips_gained: 4,
        tol_pieces: 0,
    };
    let setup = Setup {
        round: 10,
        players: vec![player('A'), player('G')],
        knights: Vec::new(),
        items: Vec::new(),
    };
    let rules = Rules {
        ec_by,
        ..Rules::default()
    };
    let mut game =
        KnightControl::from_setup(rules, Layout::standard(), Seed::from_u64(5), &setup).unwrap();
    for s in 0..2 {
        game.submit(Seat(s), &Action::Orders(Orders::default()))
            .unwrap();
    }
    assert_eq!(game.stage(), Stage::FinalExchange);
    game.act(Seat(0), &offer(1, 1)).unwrap();
    game
}

#[test]
fn at_the_end_chips_are_accepted_only_when_the_ec_counts_them() {
    // By chips gained (the default) a chip received changes no award.
    let game = end_with_an_offer(EcMeasure::ChipsGained);
    assert_eq!(ask(&game, 1, Level::Max), Action::Done);
    // By chips held, one more chip lifts P2 out of the EC tie.
    let game = end_with_an_offer(EcMeasure::Chips);
    assert_eq!(ask(&game, 1, Level::Max), accept(0));
}

fn gained(g: &[u32]) -> Vec<Purse> {
    g.iter()
        .map(|&gained| Purse {
            chips: 0,
            garnets: 0,
            gained,
            tol_pieces: 0,
        })
        .collect()
}

#[test]
fn the_projected_award_follows_the_rules_end() {
    let by_gained = EcMeasure::ChipsGained;
    // P3 gains the most (ToL); among P1 4, P2 6, P4 6 the EC is P1.
    assert_eq!(
        trading::award(&gained(&[4, 6, 10, 6]), by_gained, Seat(0)),
        -1.0
    );
    assert_eq!(
        trading::award(&gained(&[4, 6, 10, 6]), by_gained, Seat(2)),
        1.0
    );
    assert_eq!(
        trading::award(&gained(&[4, 6, 10, 6]), by_gained, Seat(1)),
        0.0
    );
    // P1 and P3 spend a communal garnet: P1 6 ties P2 and P4, a third of
    // the EC each. P1's award rises from -1 to -1/3.
    let spent = trading::award(&gained(&[6, 6, 12, 6]), by_gained, Seat(0));
    assert!((spent + 1.0 / 3.0).abs() < 1e-12, "{spent}");
    // Four tie for the most: nobody gets that ToL, all four share the EC.
    assert_eq!(
        trading::award(&gained(&[5, 5, 5, 5]), by_gained, Seat(3)),
        -0.25
    );
    // Ten ToL pieces are a ToL whatever the chips.
    let mut purses = gained(&[0, 9]);
    purses[0].tol_pieces = 10;
    assert_eq!(trading::award(&purses, by_gained, Seat(0)), 1.0);
}

#[test]
fn arena_grants_are_spent_and_offers_answered() {
    use arbiter_search::games::knight_control::arena;
    let specs: Vec<arbiter_search::Spec> = ["max:8n", "greedy", "greedy"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    // Two grants, in rounds 1 and 2. Spending one never lowers either
    // player's award (both gain 2 chips gained), so both always consent.
    let (game, actions) = arena::play(&specs, &[0, 1, 2], 9, 2).unwrap();
    assert!(game.phase().is_over());
    let consents = actions
        .iter()
        .filter(|(_, a)| a.starts_with("communal "))
        .count();
    assert_eq!(consents, 4, "{actions:?}");
    for seat in Seat::all(3) {
        let view = game.view(Viewer::Seat(seat));
        assert!(view.me.unwrap().communal.iter().all(|c| c.spent));
    }
    // Every offer was answered within its step: a chip buys moves then.
    let offers = actions
        .iter()
        .filter(|(_, a)| a.starts_with("offer "))
        .count();
    let accepts = actions
        .iter()
        .filter(|(_, a)| a.starts_with("accept "))
        .count();
    assert_eq!(offers, accepts, "{actions:?}");
    // Without grants nobody is in doubt, so nobody trades.
    let (_, actions) = arena::play(&specs, &[0, 1, 2], 9, 0).unwrap();
    assert!(actions
        .iter()
        .all(|(_, a)| !a.starts_with("offer ") && !a.starts_with("communal ")));
}
