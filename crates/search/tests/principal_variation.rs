//! The principal variation of a result the search found: a win or loss in
//! N plies comes with a line of exactly N moves, each legal by the game's
//! own rules, that ends the game with the side the score favours the sole
//! winner. The rules alone judge the line: the search only reports it.
//! Checked for the best move of every iteration (`Searcher::run_reporting`,
//! UCI's `info … pv`) and for every ranked line (`run_lines`, the analysis
//! board's lines), in positions of seeded random games of each duel.

use arbiter_core::{Game, Phase, Seed, TextPosition};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::alphabeta::{Duel, Searcher, MATE, MATE_BOUND};
use arbiter_search::games::knight_court::KnightCourtDuel;
use arbiter_search::games::knight_moves::KnightMovesDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::Budget;

/// What a found result's line was: whole (it ends the game as scored) or
/// cut short (legal and as scored so far, but shorter); `None` for a line
/// of a score that is no found result.
fn check_line<D: Duel>(game: &D::Game, score: i32, line: &[D::Move]) -> Option<bool>
where
    D::Game: Clone,
{
    // No score is beyond a mate now (a node with no move searched once
    // scored itself minus infinity).
    assert!(score.abs() <= MATE, "a score beyond every result: {score}");
    if score.abs() <= MATE_BOUND {
        return None;
    }
    let Phase::Turn(mover) = game.phase() else {
        panic!("no side to move")
    };
    let plies = (MATE - score.abs()) as usize;
    let shown: Vec<String> = line.iter().map(|m| m.to_string()).collect();
    assert!(
        !line.is_empty() && line.len() <= plies,
        "a result in {plies} plies, the line {shown:?}"
    );
    let mut after = game.clone();
    for (i, mv) in line.iter().enumerate() {
        let Phase::Turn(seat) = after.phase() else {
            panic!("the game ended before move {i} of {shown:?}")
        };
        after
            .act(seat, mv)
            .unwrap_or_else(|e| panic!("move {i} of {shown:?} is illegal: {e}"));
    }
    if line.len() < plies {
        assert!(
            matches!(after.phase(), Phase::Turn(_)),
            "{shown:?} ends before its {plies} plies"
        );
        return Some(false);
    }
    let Phase::Over(outcome) = after.phase() else {
        panic!("the line {shown:?} does not end the game")
    };
    let winner = outcome.sole_winner().expect("a found result has a winner");
    assert_eq!(winner == mover, score > 0, "{shown:?} ends {outcome:?}");
    Some(true)
}

/// Searches positions of seeded random games of `D` until `wanted` found
/// results have been checked, for the best line of each iteration and for
/// each of three ranked lines.
fn found_lines_are_whole<D: Duel>(start: D::Game, nodes: u64, wanted: usize)
where
    D::Game: Clone,
{
    let mut rng = Seed::from_u64(44).rng();
    let (mut best_lines, mut ranked_lines) = (0, 0);
    let mut whole = [0usize; 2];
    for _ in 0..400 {
        let mut game = start.clone();
        let mut plies = 0;
        while let Phase::Turn(seat) = game.phase() {
            // Long random games drift; a fresh one finds results sooner.
            plies += 1;
            if plies > 120 {
                break;
            }
            let mut iterations = Vec::new();
            Searcher::<D>::new(&game, Budget::Nodes(nodes)).run_reporting(
                64,
                Seed::from_u64(1),
                &mut |found, pv| iterations.push((found.score, pv.to_vec())),
            );
            for (score, pv) in &iterations {
                if let Some(w) = check_line::<D>(&game, *score, pv) {
                    best_lines += 1;
                    whole[usize::from(w)] += 1;
                }
            }
            let lines = Searcher::<D>::new(&game, Budget::Nodes(nodes)).run_lines(
                64,
                Seed::from_u64(2),
                3,
                &mut |_| {},
            );
            for line in &lines {
                if let Some(w) = check_line::<D>(&game, line.found.score, &line.pv) {
                    ranked_lines += 1;
                    whole[usize::from(w)] += 1;
                }
            }
            if best_lines >= wanted && ranked_lines >= wanted {
                // The search's own line is whole but where a table hit
                // cut it and the table's moves could not carry it on.
                assert!(
                    whole[1] * 10 >= (whole[0] + whole[1]) * 9,
                    "{} of {} lines of found results whole",
                    whole[1],
                    whole[0] + whole[1]
                );
                return;
            }
            let legal = game.legal_actions(seat);
            let mv = *rng.choose(&legal).expect("a side to move has a move");
            game.act(seat, &mv).expect("a listed move is legal");
        }
    }
    panic!("only {best_lines} best and {ranked_lines} ranked found results in 400 random games");
}

#[test]
fn progressive_chess_found_results_come_with_their_whole_line() {
    found_lines_are_whole::<ProgressiveChessDuel>(ProgressiveChess::start(), 20_000, 40);
}

#[test]
fn knight_court_found_results_come_with_their_whole_line() {
    found_lines_are_whole::<KnightCourtDuel>(KnightCourt::start(), 20_000, 40);
}

#[test]
fn knight_moves_found_results_come_with_their_whole_line() {
    found_lines_are_whole::<KnightMovesDuel>(KnightMoves::start(), 20_000, 40);
}

/// A node whose only move was the table's, refused for repeating a
/// position, used to end with no move searched and score itself minus
/// infinity, which climbed to the root as a result beyond any mate. In
/// Progressive Chess a turn that repeats is refused only while another
/// turn is left, so that move must be searched. This is the position of a
/// seeded random game (its third, 644 turns in: two kings and three other
/// pieces left, the history long) where the ranked lines met it.
#[test]
fn a_lone_move_that_repeats_is_searched_not_scored_beyond_a_mate() {
    let mut rng = Seed::from_u64(44).rng();
    let mut game = ProgressiveChess::start();
    for g in 0..3 {
        game = ProgressiveChess::start();
        let mut plies = 0;
        while let Phase::Turn(seat) = game.phase() {
            if g == 2 && plies == 644 {
                break;
            }
            let legal = game.legal_actions(seat);
            let mv = *rng.choose(&legal).expect("a side to move has a move");
            game.act(seat, &mv).expect("a listed move is legal");
            plies += 1;
        }
    }
    let lines = Searcher::<ProgressiveChessDuel>::new(&game, Budget::Nodes(20_000)).run_lines(
        64,
        Seed::from_u64(2),
        3,
        &mut |_| {},
    );
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert!(line.found.score.abs() <= MATE, "{}", line.found.score);
    }
}
