//! The house rules of docs/rules/tilechess.md#house-rules: a turn limit and
//! a set time end the game, and the leaderboard ranks it. The scores were
//! worked out by hand (see the comments at each step).

use arbiter_core::{Game, Phase, Seat, TextPosition};
use arbiter_tilechess::{Ruleset, Tilechess};

const ARMY: &str = "RBNR/PKQP/PNBP/PPP.";

fn play(game: &mut Tilechess, text: &str) {
    let seat = game.actor(text).unwrap();
    game.act_text(seat, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Red on block 0,0 and blue on block 4,0 of a 3×2 board, face to face:
/// red's pawn on 3,2 next to blue's pawn on 4,2, blue's king on 5,2.
fn two_armies(rules: Ruleset) -> Tilechess {
    let mut game = Tilechess::new(Ruleset {
        wide: 3,
        high: 2,
        ..rules
    });
    play(&mut game, &format!("red: join 0,0 {ARMY}"));
    play(&mut game, &format!("blue: join 4,0 {ARMY}"));
    game
}

fn ranks_and_scores(game: &Tilechess) -> (Vec<u16>, Vec<i64>, String) {
    let outcome = game.outcome().expect("the game is over");
    (
        outcome.results.iter().map(|r| r.rank).collect(),
        outcome.results.iter().map(|r| r.score).collect(),
        outcome.reason,
    )
}

fn reread(game: &Tilechess) -> Tilechess {
    let text = game.position();
    let back = Tilechess::from_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, game, "{text}");
    assert_eq!(back.position(), text);
    back
}

#[test]
fn the_turn_limit_ends_the_game_after_that_many_turns() {
    let mut game = two_armies(Ruleset {
        turn_limit: Some(4),
        ..Ruleset::default()
    });
    // Two joins are two turns.
    assert_eq!(game.turns(), 2);
    assert!(reread(&game).position().contains(" turns 2 of 4"));
    // Red's pawn takes blue's pawn: red 1 point, and 4,2 is red land.
    play(&mut game, "red: 3,2x4,2");
    assert!(!game.is_over());
    // Blue's king takes it back: blue 1 point, 4,2 turns blue. Turn 4.
    play(&mut game, "blue: 5,2x4,2");
    assert!(game.is_over());
    assert!(matches!(game.phase(), Phase::Over(_)));
    // Red 1 + 0 land = 1; blue 1 + 1 land = 2.
    assert_eq!(
        ranks_and_scores(&game),
        (
            vec![2, 1],
            vec![1, 2],
            "the turn limit was reached (house rule)".to_string()
        )
    );
    assert_eq!(game.leaderboard()[0].seat, Seat(1));
    assert!(game.act_text(Seat(0), "red: 0,2-0,3").is_err());
    assert!(reread(&game).is_over());
}

#[test]
fn the_set_time_ends_the_game_when_the_host_says_it_has_come() {
    let mut game = two_armies(Ruleset {
        end_at_ms: Some(1_000),
        ..Ruleset::default()
    });
    assert_eq!(game.ends_at(), Some(1_000));
    play(&mut game, "red: 3,2x4,2");
    assert!(!game.time_up(999));
    assert!(!game.is_over());
    assert!(game.time_up(1_000));
    assert_eq!(game.ends_at(), None);
    // Red 1 point + 1 land = 2; blue nothing.
    assert_eq!(
        ranks_and_scores(&game),
        (
            vec![1, 2],
            vec![2, 0],
            "the set time came (house rule)".to_string()
        )
    );
    let back = reread(&game);
    assert!(back.position().contains(" until 1000 ended time"));
    // Once over, nothing more ends it.
    assert!(!game.time_up(5_000));
    game.end_by_host();
    assert_eq!(ranks_and_scores(&game).2, "the set time came (house rule)");
}

#[test]
fn without_house_rules_nothing_ends_the_game_and_positions_read_as_before() {
    let mut game = two_armies(Ruleset::default());
    assert!(!game.time_up(i64::MAX));
    play(&mut game, "red: 3,2x4,2");
    assert_eq!(game.turns(), 0, "turns are counted only under a limit");
    let text = reread(&game).position();
    assert!(!text.contains("turns") && !text.contains("until"), "{text}");
    // A shared first place: equal scores share rank 1.
    play(&mut game, "blue: 5,2x4,2");
    play(&mut game, "red: 2,2-3,2");
    game.end_by_host();
    // Red 1 point + land 3,2 (the queen stepped there) = 2; blue 1 point +
    // land 4,2 = 2.
    assert_eq!(
        ranks_and_scores(&game),
        (vec![1, 1], vec![2, 2], "ended by the host".to_string())
    );
    for bad in [
        " turns 5 of 4",
        " turns 0 of 0",
        " turns x of 4",
        " until -5",
        " ended time",
        " until 5 turns 1 of 4",
    ] {
        let text = Tilechess::default()
            .position()
            .replace(" last -", &format!(" last -{bad}"));
        assert!(Tilechess::from_position(&text).is_err(), "{text}");
    }
}
