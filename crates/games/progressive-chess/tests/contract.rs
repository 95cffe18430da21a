//! The contract every game passes (`arbiter_core::testing::contract`),
//! under the rule text, with both draw rules, and with Black first.

use arbiter_core::testing::Contract;
use arbiter_core::Outcome;
use arbiter_progressive_chess::movegen::legal_turns;
use arbiter_progressive_chess::{Color, ProgressiveChess, Ruleset};

/// Mate or stalemate when the side to move has no turn; else a draw the
/// position or the ruleset calls (docs/rules/progressive-chess.md#the-end).
fn judge(game: &ProgressiveChess, outcome: &Outcome) -> Result<(), String> {
    let pos = game.position();
    let rules = game.rules();
    let drawn = match outcome.reason.as_str() {
        "checkmate" => {
            let mated = legal_turns(pos).is_empty() && pos.is_check();
            return match outcome.sole_winner() {
                Some(w) if mated && w == game.turn().other().seat() => Ok(()),
                _ => Err("the side to move is not mated".into()),
            };
        }
        "stalemate" => legal_turns(pos).is_empty() && !pos.is_check(),
        "dead position" => pos.is_dead(),
        "threefold repetition" => rules.repetition_draw && game.occurrences() >= 3,
        "50 turns without capture or upgrade" => {
            rules.fifty_turn_draw && pos.quiet_turns() >= Ruleset::FIFTY_TURNS
        }
        other => return Err(format!("no rule ends a game by '{other}'")),
    };
    if drawn && outcome.is_draw() {
        Ok(())
    } else {
        Err("the final position does not call for it".into())
    }
}

#[test]
fn random_games_keep_the_contract() {
    let black_first = Ruleset {
        first: Color::Black,
        ..Ruleset::default()
    };
    for (seed, name, rules) in [
        (1, "the rule text", Ruleset::default()),
        (2, "both draw rules", Ruleset::with_draw_rules()),
        (3, "Black first", black_first),
    ] {
        let report = Contract::duel(name, ProgressiveChess::new(rules))
            .seed(seed)
            .games(3, 100)
            .judge(judge)
            .run();
        eprintln!("{name}: {report:?}");
        assert!(report.steps > 100, "{report:?}");
    }
}
