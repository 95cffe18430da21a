//! Knight Control bots: legal answers at every step, a fixed seed gives a
//! fixed choice, and a bot sees its seat's view and nothing more.

#[allow(dead_code)]
#[path = "common/midgames.rs"]
mod midgames;

use arbiter_core::{Game, Phase, Seat, Seed, Viewer};
use arbiter_knight_control::{Action, KnightControl, Layout, PlayerSetup, Rules, Setup, Stage};
use arbiter_search::games::knight_control::{estimate, knight_control_action, rebuild};
use arbiter_search::{Bots, Budget, Level, Observe, Spec};

const LEVELS: [Level; 4] = [Level::Random, Level::Greedy, Level::Max, Level::MaxOneRound];

fn spec(level: Level) -> Spec {
    Spec::new(level, Budget::Nodes(8))
}

/// Asks every level for every awaited seat, checks each answer on a copy
/// of the game, and plays the answer of a level the playout's stream
/// picks. Returns the stages seen.
fn playout(mut game: KnightControl, seed: u64) -> Vec<Stage> {
    let mut rng = Seed::from_u64(seed).rng();
    let mut stages = Vec::new();
    let bots: Vec<_> = LEVELS
        .iter()
        .map(|&l| KnightControl::bot(spec(l)))
        .collect();
    while let Phase::Simultaneous(waiting) = game.phase() {
        if !stages.contains(&game.stage()) {
            stages.push(game.stage());
        }
        for seat in waiting {
            if !game.pending().contains(&seat) {
                continue;
            }
            let seen = game.seen_by(seat);
            let mut answers = Vec::new();
            for (bot, level) in bots.iter().zip(LEVELS) {
                let decision = Seed::from_u64(rng.next_u64());
                let action = bot.choose(&seen, seat, decision).unwrap_or_else(|| {
                    panic!("{level:?} at {seat} found no action in {:?}", game.stage())
                });
                let mut probe = game.clone();
                probe
                    .submit(seat, &action)
                    .unwrap_or_else(|e| panic!("{level:?} at {seat} chose {action}: {e}"));
                answers.push(action);
            }
            let pick = rng.below(answers.len());
            game.submit(seat, &answers[pick]).unwrap();
        }
    }
    stages
}

#[test]
fn every_level_answers_legally_in_two_and_six_player_playouts() {
    let mut seen = Vec::new();
    for (players, seed) in [(2, 1), (2, 2), (6, 3), (6, 4)] {
        let game = KnightControl::new(
            players,
            Rules::default(),
            Layout::standard(),
            Seed::from_u64(seed),
        )
        .unwrap();
        for stage in playout(game, seed) {
            if !seen.contains(&stage) {
                seen.push(stage);
            }
        }
    }
    for stage in [
        Stage::Bidding,
        Stage::Orders,
        Stage::Items,
        Stage::FinalExchange,
    ] {
        assert!(seen.contains(&stage), "no playout reached {stage:?}");
    }
}

/// The last round of a four-player game set up so that the end needs
/// every decision: P1 holds 20 ToL pieces (one ToL to place) and gains the
/// most chips (a second ToL to place), P2 holds 10, P3 and P4 tie for EC
/// (a vote by P1 and P2).
fn endgame() -> KnightControl {
    let player = |zone, garnets, gained, pieces| PlayerSetup {
        zone,
        chips: 3,
        garnets,
        chips_gained: gained,
        tol_pieces: pieces,
    };
    let setup = Setup {
        round: 10,
        players: vec![
            player('A', 1, 5, 20),
            player('D', 0, 0, 10),
            player('G', 0, 0, 0),
            player('J', 0, 0, 0),
        ],
        knights: Vec::new(),
        items: Vec::new(),
    };
    KnightControl::from_setup(
        Rules::default(),
        Layout::standard(),
        Seed::from_u64(5),
        &setup,
    )
    .unwrap()
}

#[test]
fn every_level_answers_gifts_and_votes() {
    let stages = playout(endgame(), 9);
    for stage in [
        Stage::FinalExchange,
        Stage::PieceGifts,
        Stage::ChipGifts,
        Stage::Vote,
    ] {
        assert!(
            stages.contains(&stage),
            "the end game never reached {stage:?}: {stages:?}"
        );
    }
}

/// A six-player game after bidding and two greedy rounds.
fn midgame() -> KnightControl {
    let game = midgames::knight_control();
    assert_eq!(game.stage(), Stage::Orders);
    game
}

/// A candidate plan forces a knight onto its second or third option; a
/// hemmed-in knight whose options were all taken by other knights' ends
/// then looked past its last option, and the search panicked. Game 150
/// of `arbiter match knight-control --seat max:40n --seat max:10n --seat
/// greedy --seat greedy --seat greedy --seat greedy --games 200 --seed 1`
/// reached that; replayed here, it must finish.
#[test]
fn a_forced_option_past_a_knights_last_does_not_panic() {
    use arbiter_search::games::knight_control::arena::play;
    let specs: Vec<Spec> = ["max:40n", "max:10n", "greedy", "greedy", "greedy", "greedy"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let index = 150u64;
    let seed = 1_000_003 + index;
    let (game, _) = play(&specs, &[0, 1, 2, 3, 4, 5], seed, 0).unwrap();
    assert!(matches!(game.phase(), Phase::Over(_)));
}

#[test]
fn a_fixed_seed_gives_the_same_choice() {
    let game = midgame();
    let fresh =
        KnightControl::new(6, Rules::default(), Layout::standard(), Seed::from_u64(11)).unwrap();
    for level in LEVELS {
        for position in [&fresh, &game] {
            let a = knight_control_action(position, Seat(2), level, Budget::Nodes(40), 7);
            let b = knight_control_action(position, Seat(2), level, Budget::Nodes(40), 7);
            assert!(a.is_some());
            assert_eq!(a, b, "{level:?}");
        }
    }
}

#[test]
fn the_bot_gets_the_seat_view_and_samples_agree_with_it() {
    let game = midgame();
    for seat in Seat::all(6) {
        let seen = game.seen_by(seat);
        assert_eq!(seen.view, game.view(Viewer::Seat(seat)));
        assert_eq!(*seen.layout, *game.layout());
        // The rebuilt game shows the seat exactly what the real one does.
        let imagined = rebuild(&seen, seat).unwrap();
        let shown = imagined.view(Viewer::Seat(seat));
        assert_eq!(shown.board, seen.view.board);
        assert_eq!(shown.round, seen.view.round);
        assert_eq!(
            shown.me.unwrap().purse,
            seen.view.me.as_ref().unwrap().purse
        );
        // Among bots nobody trades, so the public log pins every purse.
        let guess = estimate::estimate(&seen.view, seat);
        assert_eq!(guess, game.state().purses, "{seat}'s estimate");
        let mut rng = Seed::from_u64(seat.0 as u64).rng();
        for _ in 0..20 {
            let sample = estimate::sample(&guess, seat, &mut rng);
            assert_eq!(sample[seat.index()], game.state().purses[seat.index()]);
            for (s, p) in sample.iter().enumerate() {
                assert_eq!(p.garnets, seen.view.board.garnets[s]);
            }
        }
    }
}

#[test]
fn bots_pass_when_not_awaited() {
    let mut game = endgame();
    game.submit(Seat(0), &Action::Orders(Default::default()))
        .unwrap();
    for level in LEVELS {
        assert_eq!(
            knight_control_action(&game, Seat(0), level, Budget::Nodes(8), 1),
            None
        );
    }
}

#[test]
fn communal_garnets_and_offers_get_legal_answers() {
    let mut game =
        KnightControl::new(2, Rules::default(), Layout::standard(), Seed::from_u64(3)).unwrap();
    game.submit(Seat(0), &Action::Bid(None)).unwrap();
    game.submit(Seat(1), &Action::Bid(None)).unwrap();
    assert_eq!(game.stage(), Stage::Orders);
    game.grant_communal(Seat(0), Seat(1)).unwrap();
    game.submit(
        Seat(0),
        &Action::Offer {
            to: Seat(1),
            chips: 2,
        },
    )
    .unwrap();
    for level in [Level::Greedy, Level::Max, Level::MaxOneRound] {
        // The offer helps (chips buy moves): accepted first; then the
        // communal garnet (2 chips gained each); then orders.
        let mut probe = game.clone();
        let first = knight_control_action(&probe, Seat(1), level, Budget::Nodes(8), 1).unwrap();
        assert_eq!(first, Action::Accept { from: Seat(0) });
        probe.submit(Seat(1), &first).unwrap();
        let second = knight_control_action(&probe, Seat(1), level, Budget::Nodes(8), 1).unwrap();
        assert_eq!(second, Action::Communal(1));
        probe.submit(Seat(1), &second).unwrap();
        let next = knight_control_action(&probe, Seat(1), level, Budget::Nodes(8), 1).unwrap();
        assert!(matches!(next, Action::Orders(_)), "{next}");
        probe.submit(Seat(1), &next).unwrap();
    }
    let random = knight_control_action(&game, Seat(1), Level::Random, Budget::Nodes(8), 1).unwrap();
    game.clone().submit(Seat(1), &random).unwrap();
}

/// From `WIDE_FROM` iterations on the search weighs more candidate orders
/// (docs/ai.md#levels). The narrow ones come first and in the same order,
/// so the lower levels play as they were measured; every candidate is
/// distinct and legal; and the wide search's own choice is legal.
#[test]
fn a_wide_search_weighs_more_candidates_and_keeps_the_narrow_ones_first() {
    use arbiter_search::games::knight_control::orders::{candidates, Weigh, OWN_NARROW};
    use arbiter_search::games::knight_control::search::WIDE_FROM;
    let game = midgame();
    let mut wider_somewhere = false;
    for seat in Seat::all(6) {
        let w = Weigh::new(game.layout(), game.state(), game.rules(), seat);
        let narrow = candidates(&w, OWN_NARROW);
        let wide = candidates(&w, 14);
        assert!(narrow.len() <= OWN_NARROW);
        assert_eq!(
            wide[..narrow.len() - 1],
            narrow[..narrow.len() - 1],
            "{seat}"
        );
        assert!(narrow.iter().all(|o| wide.contains(o)), "{seat}");
        for (i, orders) in wide.iter().enumerate() {
            assert!(!wide[..i].contains(orders), "{seat}: {orders:?} twice");
            game.clone()
                .submit(seat, &Action::Orders(orders.clone()))
                .unwrap_or_else(|e| panic!("{seat}: {orders:?}: {e}"));
        }
        wider_somewhere |= wide.len() > narrow.len();
    }
    assert!(
        wider_somewhere,
        "no seat had more than the narrow candidates"
    );
    let action = knight_control_action(&game, Seat(2), Level::Max, Budget::Nodes(WIDE_FROM), 7)
        .expect("an action");
    game.clone().submit(Seat(2), &action).unwrap();
}
