//! The bots of every game: legal, deterministic, fed only their seat's
//! knowledge, and able to find forced wins.

use arbiter_core::{Game, Phase, Seat, Seed, TextPosition};
use arbiter_knight_court::{KnightCourt, KnightCourtSpace};
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::{ProgressiveChess, Ruleset};
use arbiter_search::alphabeta::best_move;
use arbiter_search::arena::{play_game, run_match, standings, Plan};
use arbiter_search::games::knight_court::KnightCourtDuel;
use arbiter_search::games::knight_moves::{can_score, KnightMovesDuel};
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::knight_court::{table, value};
use arbiter_search::retrograde::Value;
use arbiter_search::{Bots, Budget, Level, Observe, Player, Spec};
use arbiter_tilechess::Tilechess;

fn levels(nodes: u64) -> Vec<Spec> {
    [Level::Random, Level::Greedy, Level::Max, Level::Search]
        .into_iter()
        .map(|l| Spec::new(l, Budget::Nodes(nodes)))
        .collect()
}

/// Who acts now, as a host would decide it (claimed turns: the first
/// joined claimant, newcomers while the table has fewer than `seats`).
fn actor<G: Game>(game: &G, seats: usize) -> Option<Seat> {
    match game.phase() {
        Phase::Turn(s) => Some(s),
        Phase::Claim(list) if game.seat_count() < seats => list.last().copied(),
        Phase::Claim(list) => list.first().copied(),
        _ => None,
    }
}

/// Along seeded random playouts, every level's choice (given only the
/// seat's knowledge) is one of the seat's legal actions, and the same seed
/// gives the same choice again.
fn check_levels<G: Bots>(start: G, seats: usize, playouts: u64, plies: usize, nodes: u64) {
    let bots: Vec<(Spec, Box<dyn Player<G>>)> =
        levels(nodes).into_iter().map(|s| (s, G::bot(s))).collect();
    for n in 0..playouts {
        let mut rng = Seed::from_u64(n).rng();
        let mut game = start.clone();
        for ply in 0..plies {
            let Some(seat) = actor(&game, seats) else {
                break;
            };
            let legal = game.legal_actions(seat);
            let seen: G::Seen = game.seen_by(seat);
            for (spec, bot) in &bots {
                let seed = Seed::from_u64(ply as u64 * 31 + n);
                let chosen = bot.choose(&seen, seat, seed).expect("an action");
                assert!(
                    legal.contains(&chosen),
                    "{spec} chose {chosen}, not legal at ply {ply} of playout {n}"
                );
                assert_eq!(
                    bot.choose(&seen, seat, seed),
                    Some(chosen),
                    "{spec} changed its mind with the same seed"
                );
            }
            let action = rng.choose(&legal).unwrap().clone();
            game.act(seat, &action).unwrap();
        }
    }
}

#[test]
fn every_games_bots_are_legal_and_repeatable() {
    check_levels(KnightMoves::start(), 2, 3, 40, 3000);
    check_levels(KnightCourt::start(), 2, 4, 40, 3000);
    check_levels(ProgressiveChess::default(), 2, 2, 12, 600);
    check_levels(Tilechess::default(), 3, 1, 14, 400);
}

#[test]
fn bots_never_act_out_of_turn() {
    let game = KnightMoves::start();
    for spec in levels(500) {
        let bot = KnightMoves::bot(spec);
        assert_eq!(
            bot.choose(&game.seen_by(Seat(1)), Seat(1), Seed::from_u64(1)),
            None
        );
    }
}

#[test]
fn alpha_beta_finds_a_mate_in_one() {
    let game = KnightCourt::from_text("2n/B2/N2[Rbr] w").unwrap();
    let found = best_move::<KnightCourtDuel>(&game, Budget::Nodes(10_000), Seed::from_u64(3));
    let mut after = game.clone();
    after.act(Seat(0), &found.best.unwrap()).unwrap();
    assert_eq!(after.outcome().unwrap().sole_winner(), Some(Seat(0)));
}

/// White: king g5, rook a1; Black: king g7, alone. Ra1-a7 mates: the rook
/// checks along rank 7 (b7-f7 are empty) and covers f7; the white king
/// covers f6 and g6; the board has no h-file, and Black has nothing to
/// capture the rook or block with. (Ra1-g1 is no check: the white king on
/// g5 blocks the g-file.)
#[test]
fn alpha_beta_finds_a_progressive_chess_mate_in_one() {
    let game =
        ProgressiveChess::from_text("6k/7/6K/7/7/7/R6 w 1 0 - - 0 30", Ruleset::default()).unwrap();
    for seed in 0..4 {
        let found =
            best_move::<ProgressiveChessDuel>(&game, Budget::Nodes(20_000), Seed::from_u64(seed));
        let turn = found.best.unwrap();
        assert_eq!(turn.mv.to_string(), "a1a7", "{turn}");
        let mut after = game.clone();
        after.act(Seat(0), &turn).unwrap();
        assert_eq!(
            after.outcome().unwrap().sole_winner(),
            Some(Seat(0)),
            "{turn}"
        );
        assert_eq!(after.outcome().unwrap().reason, "checkmate");
    }
}

#[test]
fn progressive_chess_max_bot_mates_in_one() {
    let game =
        ProgressiveChess::from_text("6k/7/6K/7/7/7/R6 w 1 0 - - 0 30", Ruleset::default()).unwrap();
    let bot = ProgressiveChess::bot("max:5000n".parse().unwrap());
    let turn = bot
        .choose(&game.seen_by(Seat(0)), Seat(0), Seed::from_u64(7))
        .unwrap();
    let mut after = game.clone();
    after.act(Seat(0), &turn).unwrap();
    assert_eq!(after.outcome().unwrap().sole_winner(), Some(Seat(0)));
}

/// Against the solved table: from won positions up to mate in 7, the
/// searcher's move keeps the win, and it reports a forced win.
#[test]
fn alpha_beta_keeps_table_wins() {
    use arbiter_core::PositionSpace;
    let table = table();
    let mut checked = 0;
    for index in (0..KnightCourtSpace.size()).step_by(97) {
        let Some(Value::Win(d)) = table.value(index) else {
            continue;
        };
        if d > 7 {
            continue;
        }
        let pos = KnightCourtSpace.position(index).unwrap();
        let game = KnightCourt::starting_at(pos);
        let found = best_move::<KnightCourtDuel>(
            &game,
            Budget::Nodes(200_000),
            Seed::from_u64(index as u64),
        );
        let mv = found.best.unwrap();
        let after = value(table, &pos.play_unchecked(mv)).parent();
        assert!(
            matches!(after, Value::Win(e) if e <= d),
            "{} (win in {d}): {mv} gives {after}",
            game.position()
        );
        // (A lone legal move is played without searching.)
        if game.legal_moves().len() > 1 {
            assert!(
                found.score > 900_000,
                "no forced win reported: {}",
                found.score
            );
        }
        checked += 1;
        if checked == 40 {
            break;
        }
    }
    assert!(checked >= 20);
}

/// Wherever the side to move can put its ball home at once, alpha-beta
/// does.
#[test]
fn alpha_beta_scores_when_it_can() {
    let mut found = 0;
    for n in 0..40 {
        let mut rng = Seed::from_u64(100 + n).rng();
        let mut game = KnightMoves::start();
        while let Phase::Turn(seat) = game.phase() {
            if can_score(game.position()) {
                let mv =
                    best_move::<KnightMovesDuel>(&game, Budget::Nodes(5_000), Seed::from_u64(n))
                        .best
                        .unwrap();
                let mut after = game.clone();
                after.act(seat, &mv).unwrap();
                assert_eq!(after.outcome().and_then(|o| o.sole_winner()), Some(seat));
                found += 1;
                break;
            }
            let legal = game.legal_actions(seat);
            game.act(seat, rng.choose(&legal).unwrap()).unwrap();
        }
    }
    assert!(found >= 10, "only {found} scoring chances met");
}

#[test]
fn a_game_with_node_budgets_replays_exactly() {
    let specs: Vec<Spec> = vec!["max:2000n".parse().unwrap(), "greedy".parse().unwrap()];
    let a = play_game(KnightMoves::start(), &specs, &[0, 1], 9, 400);
    let b = play_game(KnightMoves::start(), &specs, &[0, 1], 9, 400);
    assert_eq!(a, b);
}

#[test]
fn matches_rotate_seats_and_count_points() {
    let plan = Plan {
        specs: vec!["max:1500n".parse().unwrap(), "random".parse().unwrap()],
        games: 4,
        seed: 5,
        jobs: 2,
        turn_limit: 1000,
        openings: None,
    };
    let records = run_match::<KnightMoves>(&plan, &|_| {}).unwrap();
    assert_eq!(records.len(), 4);
    assert_eq!(records[0].players, vec![0, 1]);
    assert_eq!(records[1].players, vec![1, 0]);
    let rows = standings(&records, &plan.specs);
    assert_eq!(rows[0].points + rows[1].points, 4.0);
    assert!(records[0].to_text("knight-moves").contains("result: "));
}

#[test]
fn tilechess_matches_end_at_the_turn_limit_ranked_by_score() {
    let plan = Plan {
        specs: vec!["greedy".parse().unwrap(); 4],
        games: 1,
        seed: 1,
        jobs: 1,
        turn_limit: 24,
        openings: None,
    };
    let records = run_match::<Tilechess>(&plan, &|_| {}).unwrap();
    let r = &records[0];
    assert_eq!(r.actions.len(), 24);
    assert_eq!(r.outcome.reason, "ended by the host");
    // Joins first, in seat order, then turns in rotation.
    let seats: Vec<u8> = r.actions.iter().take(8).map(|(s, _)| s.0).collect();
    assert_eq!(seats, vec![0, 1, 2, 3, 0, 1, 2, 3]);
}

/// A lone legal move is still searched one ply, so its score is the
/// search's: where it mates, alpha-beta reports the mate in one (before, a
/// lone move was played unsearched and scored 0). The positions are found
/// by the rules alone: one legal move, after which the opponent is
/// checkmated.
#[test]
fn a_lone_move_that_mates_is_scored_as_a_mate() {
    use arbiter_core::PositionSpace;
    use arbiter_knight_court::Status;
    let mut checked = 0;
    for index in 0..KnightCourtSpace.size() {
        let Some(pos) = KnightCourtSpace.position(index) else {
            continue;
        };
        let game = KnightCourt::starting_at(pos);
        let [only] = game.legal_moves()[..] else {
            continue;
        };
        let after = KnightCourt::starting_at(pos.play_unchecked(only));
        if after.status() != Status::Checkmate {
            continue;
        }
        let found = best_move::<KnightCourtDuel>(&game, Budget::Nodes(1_000), Seed::from_u64(1));
        assert_eq!(found.best, Some(only), "{}", game.position());
        assert!(
            found.score > 900_000 && found.depth == 1,
            "{}: {only} mates, scored {} at depth {}",
            game.position(),
            found.score,
            found.depth
        );
        checked += 1;
        if checked == 20 {
            break;
        }
    }
    assert_eq!(checked, 20);
}
