//! Several best lines at once (`Searcher::run_lines`, UCI's `MultiPV`):
//! the ranked moves are distinct and legal, their scores never rise down
//! the ranking, and the mates in one found by the rules alone are exactly
//! the lines scored as mate in one, ranked first.

use arbiter_core::{Game, Phase, Seat, Seed, TextPosition};
use arbiter_knight_court::{KnightCourt, Move};
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::alphabeta::{Line, Searcher, MATE};
use arbiter_search::games::knight_court::KnightCourtDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::Budget;

fn to_move<G: Game>(game: &G) -> Seat {
    match game.phase() {
        Phase::Turn(seat) => seat,
        other => panic!("no side to move: {other:?}"),
    }
}

/// The moves after which the game is over with the mover the sole winner,
/// found by the rules alone.
fn mates_in_one(game: &KnightCourt) -> Vec<Move> {
    let seat = to_move(game);
    game.legal_actions(seat)
        .into_iter()
        .filter(|mv| {
            let mut after = game.clone();
            after.act(seat, mv).expect("a listed move is legal");
            matches!(after.phase(), Phase::Over(outcome) if outcome.sole_winner() == Some(seat))
        })
        .collect()
}

/// A position from seeded random games with at least `mates` mates in one
/// among at least twice as many moves.
fn position_with_mates(mates: usize) -> KnightCourt {
    let mut rng = Seed::from_u64(18).rng();
    for _ in 0..2000 {
        let mut game = KnightCourt::start();
        while let Phase::Turn(seat) = game.phase() {
            let legal = game.legal_actions(seat);
            if mates_in_one(&game).len() >= mates && legal.len() >= 2 * mates {
                return game;
            }
            let mv = *rng.choose(&legal).expect("a side to move has a move");
            game.act(seat, &mv).expect("a listed move is legal");
        }
    }
    panic!("no position with {mates} mates in one in 2000 random games");
}

/// The ranking's own promises: `count` lines, ranks 1, 2, …, distinct
/// legal moves, each line starting with its move, scores that never rise,
/// all from one depth.
fn check_ranking<M: PartialEq + std::fmt::Debug>(lines: &[Line<M>], legal: &[M], count: usize) {
    assert_eq!(lines.len(), count, "{lines:?}");
    for (i, line) in lines.iter().enumerate() {
        let mv = line.found.best.as_ref().expect("a ranked line has a move");
        assert_eq!(line.rank, i + 1);
        assert!(legal.contains(mv), "{mv:?} is not legal");
        assert_eq!(line.pv.first(), Some(mv));
        assert!(
            lines[..i].iter().all(|l| l.found.best.as_ref() != Some(mv)),
            "{mv:?} is ranked twice"
        );
        assert_eq!(line.found.depth, lines[0].found.depth);
    }
    for pair in lines.windows(2) {
        assert!(pair[0].found.score >= pair[1].found.score, "{lines:?}");
    }
}

#[test]
fn every_move_ranked_puts_exactly_the_mates_in_one_first() {
    let game = position_with_mates(2);
    let seat = to_move(&game);
    let legal = game.legal_actions(seat);
    let mut mates = mates_in_one(&game);
    let mut reports = 0;
    let lines = Searcher::<KnightCourtDuel>::new(&game, Budget::Nodes(2_000_000)).run_lines(
        3,
        Seed::from_u64(1),
        legal.len(),
        &mut |lines| {
            reports += 1;
            assert_eq!(lines[0].found.depth, reports);
        },
    );
    assert_eq!(reports, 3, "one report per completed depth");
    check_ranking(&lines, &legal, legal.len());
    let mut mated: Vec<Move> = lines
        .iter()
        .filter(|l| l.found.score == MATE - 1)
        .map(|l| l.found.best.unwrap())
        .collect();
    mates.sort_by_key(Move::to_string);
    mated.sort_by_key(Move::to_string);
    assert_eq!(mated, mates, "position {}", game.position());
    assert!(lines[..mates.len()]
        .iter()
        .all(|l| l.found.score == MATE - 1));
}

#[test]
fn fewer_lines_than_mates_are_all_mates() {
    let game = position_with_mates(3);
    let seat = to_move(&game);
    let legal = game.legal_actions(seat);
    let mates = mates_in_one(&game);
    let lines = Searcher::<KnightCourtDuel>::new(&game, Budget::Nodes(2_000_000)).run_lines(
        5,
        Seed::from_u64(2),
        2,
        &mut |_| {},
    );
    check_ranking(&lines, &legal, 2);
    for line in &lines {
        assert_eq!(line.found.score, MATE - 1, "{lines:?}");
        assert!(mates.contains(&line.found.best.unwrap()));
    }
    // Every line is a forced result, so the search stops at depth 1.
    assert_eq!(lines[0].found.depth, 1);
}

#[test]
fn progressive_chess_ranks_distinct_legal_moves() {
    let game = ProgressiveChess::start();
    let legal = game.legal_actions(to_move(&game));
    let lines = Searcher::<ProgressiveChessDuel>::new(&game, Budget::Nodes(400_000)).run_lines(
        3,
        Seed::from_u64(3),
        4,
        &mut |_| {},
    );
    check_ranking(&lines, &legal, 4);
    // Asking for more lines than moves ranks every move searched (the
    // search leaves out upgrades not worth a look, so fewer than the legal
    // turns).
    let all = Searcher::<ProgressiveChessDuel>::new(&game, Budget::Nodes(400_000)).run_lines(
        1,
        Seed::from_u64(3),
        10_000,
        &mut |_| {},
    );
    assert!(all.len() > 4 && all.len() <= legal.len(), "{}", all.len());
    check_ranking(&all, &legal, all.len());
}

#[test]
fn a_game_over_has_no_lines_and_an_early_stop_keeps_the_first_move() {
    // Ranked by no completed iteration: the first root move, unscored.
    let game = KnightCourt::start();
    let lines = Searcher::<KnightCourtDuel>::new(&game, Budget::Nodes(1)).run_lines(
        3,
        Seed::from_u64(4),
        3,
        &mut |_| panic!("no iteration completes on one node"),
    );
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].found.depth, 0);
    assert!(KnightCourt::start()
        .legal_actions(Seat(0))
        .contains(&lines[0].found.best.unwrap()));
    // Mated: no move, so no line.
    let mut over = position_with_mates(1);
    let seat = to_move(&over);
    over.act(seat, &mates_in_one(&over)[0]).unwrap();
    assert!(matches!(over.phase(), Phase::Over(_)));
    let lines = Searcher::<KnightCourtDuel>::new(&over, Budget::Nodes(1000)).run_lines(
        3,
        Seed::from_u64(5),
        3,
        &mut |_| panic!("nothing to search"),
    );
    assert!(lines.is_empty(), "{lines:?}");
}

/// The players' own rankings (`Player::choose_lines`, the analysis
/// board's): distinct legal moves, each line starting with its move, as
/// many as asked; the strongest Knight Court player's first line is its
/// own choice, and where it has mates in one they come first.
#[test]
fn players_rank_their_lines_and_lead_with_their_choice() {
    use arbiter_search::games::knight_court::ProvingPlayer;
    use arbiter_search::player::{Player, ScoredLine};
    let check = |lines: &[ScoredLine<Move>], legal: &[Move], count: usize| {
        assert_eq!(lines.len(), count.min(legal.len()), "{lines:?}");
        for (i, line) in lines.iter().enumerate() {
            assert!(legal.contains(&line.action), "{lines:?}");
            assert!(
                lines[..i].iter().all(|l| l.action != line.action),
                "{lines:?}"
            );
            assert_eq!(line.line.first(), Some(&line.action), "{lines:?}");
        }
    };
    let budget = Budget::Nodes(20_000);
    let proving = ProvingPlayer::new(budget);
    for mates in [1, 2, 3] {
        let game = position_with_mates(mates);
        let seat = to_move(&game);
        let legal = game.legal_actions(seat);
        let found = mates_in_one(&game);
        for count in [1, 3] {
            let lines = proving.choose_lines(&game, seat, Seed::from_u64(4), count);
            check(&lines, &legal, count);
            // The proofs find the mate in one and play it, scored as the
            // search scores a mate in one; the other mates follow.
            for line in lines.iter().take(found.len()) {
                assert!(found.contains(&line.action), "{lines:?} against {found:?}");
                assert_eq!(line.score, Some(MATE - 1), "{lines:?}");
            }
            for line in lines.iter().skip(found.len()) {
                assert!(!found.contains(&line.action), "{lines:?}");
            }
        }
        // A player that chooses one move ranks none.
        let greedy = arbiter_search::player::GreedyPlayer;
        assert!(
            Player::<KnightCourt>::choose_lines(&greedy, &game, seat, Seed::from_u64(4), 3)
                .is_empty()
        );
        // Not this seat's turn: nothing.
        assert!(proving
            .choose_lines(&game, Seat(1 - seat.0), Seed::from_u64(4), 3)
            .is_empty());
    }
    // Without a mate or a veto the ranking stands as searched: scores
    // never rise.
    let mut game = KnightCourt::start();
    for text in ["c1c2", "c3c2"] {
        let seat = to_move(&game);
        game.act(seat, &text.parse().unwrap()).unwrap();
    }
    let seat = to_move(&game);
    let legal = game.legal_actions(seat);
    let lines = proving.choose_lines(&game, seat, Seed::from_u64(9), 4);
    check(&lines, &legal, 4);
    let scores: Vec<i32> = lines.iter().map(|l| l.score.expect("scored")).collect();
    assert!(scores.windows(2).all(|p| p[0] >= p[1]), "{lines:?}");
}
