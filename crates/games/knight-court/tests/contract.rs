//! The contract every game passes (`arbiter_core::testing::contract`),
//! from the start and from positions with pieces in hand, and the one
//! every duel its players may end passes (`testing::concessions`).

use arbiter_core::testing::Contract;
use arbiter_core::Outcome;
use arbiter_knight_court::KnightCourt;

/// The side to move has no legal move: mated if its knight is attacked,
/// else stalemated (docs/rules/knight-court.md#the-end).
fn judge(game: &KnightCourt, outcome: &Outcome) -> Result<(), String> {
    if !game.legal_moves().is_empty() {
        return Err("the side to move still has a legal move".into());
    }
    let mover = game.turn().seat();
    match (game.position().is_check(), outcome.sole_winner()) {
        (true, Some(winner)) if winner != mover => Ok(()),
        (false, None) if outcome.is_draw() => Ok(()),
        _ => Err(format!("check is {}", game.position().is_check())),
    }
}

#[test]
fn resigning_and_agreeing_end_the_game_and_nothing_follows() {
    arbiter_core::testing::concessions::check::<KnightCourt>();
}

#[test]
fn random_games_keep_the_contract() {
    let starts = [
        ("nbr/3/NBR[] w", 40),
        ("2n/B2/N2[Rbr] w", 15),
        ("1n1/3/1N1[BRbr] w", 15),
    ];
    let reports = Contract::<KnightCourt>::from_positions(&starts, 10_000, judge);
    for (report, (start, games)) in reports.iter().zip(starts) {
        assert_eq!(report.finished, games, "{start}: every random game ends");
    }
}
