//! The two-game match (docs/rules/progressive-chess.md#match).

mod common;
use arbiter_progressive_chess::{Color, Match, MatchResult, Ruleset};
use common::turn;

/// Draws the current game by threefold repetition: both kings step out
/// and back twice. (Decisive games in these tests come from time losses.)
fn draw_by_repetition(m: &mut Match) {
    for _ in 0..2 {
        let first = m.current().turn();
        let (a, b) = if first == Color::White {
            (["d1d2", "d2d1"], ["d7d6", "d6d7"])
        } else {
            (["d7d6", "d6d7"], ["d1d2", "d2d1"])
        };
        for i in 0..2 {
            m.play(turn(a[i])).unwrap();
            m.play(turn(b[i])).unwrap();
        }
    }
}

#[test]
fn a_decisive_first_game_decides_the_match() {
    let mut m = Match::new(Ruleset::with_draw_rules());
    assert_eq!(m.to_move(), Some(0));
    m.play(turn("d1d2")).unwrap();
    assert_eq!(m.to_move(), Some(1));
    m.lose_on_time(Color::Black);
    assert_eq!(m.result(), Some(MatchResult::Winner(0)));
    assert_eq!(m.games().len(), 1);
    assert!(m.play(turn("d2d3")).is_err());
}

#[test]
fn a_drawn_first_game_is_followed_by_one_with_the_first_mover_swapped() {
    let mut m = Match::new(Ruleset::with_draw_rules());
    draw_by_repetition(&mut m);
    assert_eq!(m.games().len(), 2, "{}", m.games()[0].position());
    assert!(m.games()[0].outcome().unwrap().is_draw());
    assert_eq!(m.result(), None);
    // Player 1 now moves first (as White).
    assert_eq!(m.to_move(), Some(1));
    assert_eq!(m.color_of(1, 1), Color::White);
    let between = ["Game 1 is drawn (threefold repetition): game 2 begins, the colours swapped"];
    assert_eq!(m.reports(), between);
    m.lose_on_time(Color::White);
    assert_eq!(m.result(), Some(MatchResult::Winner(0)));
    // The game that decided the match is its result, not an announcement.
    assert_eq!(m.reports(), between);
}

#[test]
fn two_draws_mean_nobody_wins() {
    let mut m = Match::new(Ruleset::with_draw_rules());
    assert!(m.reports().is_empty());
    draw_by_repetition(&mut m);
    draw_by_repetition(&mut m);
    assert_eq!(m.result(), Some(MatchResult::NoWinner));
    assert_eq!(m.to_move(), None);
    assert_eq!(m.reports().len(), 1);
}

#[test]
fn black_first_ruleset_swaps_too() {
    let rules = Ruleset {
        first: Color::Black,
        ..Ruleset::with_draw_rules()
    };
    let mut m = Match::new(rules);
    assert_eq!(m.current().turn(), Color::Black);
    assert_eq!(m.to_move(), Some(0));
    draw_by_repetition(&mut m);
    assert_eq!(m.current().turn(), Color::Black);
    assert_eq!(m.to_move(), Some(1));
}
