//! The contract every game passes (`arbiter_core::testing::contract`),
//! on the standard board, a small one, with eight pawns and with repeated
//! turns allowed.

use arbiter_core::testing::{Contract, Step};
use arbiter_core::Outcome;
use arbiter_tilechess::{Ruleset, Tilechess};

/// Without the host, a game ends when one player is left: first, and every
/// eliminated player shares the next rank (docs/rules/tilechess.md#the-end).
fn judge(game: &Tilechess, outcome: &Outcome) -> Result<(), String> {
    let ranks: Vec<u16> = outcome.results.iter().map(|r| r.rank).collect();
    let expected: Vec<u16> = game
        .players()
        .iter()
        .map(|p| if p.eliminated { 2 } else { 1 })
        .collect();
    if game.active_count() == 1 && ranks == expected {
        Ok(())
    } else {
        Err(format!(
            "{} players left, ranks {ranks:?}",
            game.active_count()
        ))
    }
}

#[test]
fn random_games_keep_the_contract() {
    let small = Ruleset {
        wide: 2,
        high: 2,
        ..Ruleset::default()
    };
    let eight_pawns = Ruleset {
        eight_pawns: true,
        ..small
    };
    let repeats = Ruleset {
        repeat_turns: true,
        ..small
    };
    for (seed, name, rules, games) in [
        (1, "the standard board", Ruleset::default(), 1),
        (2, "a 2x2 board", small, 3),
        (3, "eight pawns", eight_pawns, 1),
        (4, "repeated turns", repeats, 1),
    ] {
        let report = Contract::new(name, Tilechess::new(rules))
            .seed(seed)
            .games(games, 60)
            .perfect_information()
            .position_strings()
            .record("the position string", |game: &Tilechess, _: &[Step]| {
                Tilechess::from_text(&game.to_text()).map_err(|e| e.to_string())
            })
            .judge(judge)
            .run();
        eprintln!("{name}: {report:?}");
        assert!(report.steps >= games * 20, "{report:?}");
    }
}
