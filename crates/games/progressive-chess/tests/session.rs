//! A session at a table: the host's clock rulings and the match, with every
//! moment given by hand (docs/rules/progressive-chess.md#clocks, #match).
//! Settings are 2 s a step and 3 s of reserve unless said otherwise, so a
//! step that starts at `t` may end in time up to `t + 5000`.

use arbiter_core::{Game, Seat, Viewer};
use arbiter_progressive_chess::{
    ClockSettings, ClockView, Color, MatchResult, ProgressiveChess, Ruleset, Session, SessionAction,
};
use std::time::Duration;

fn fast() -> Option<ClockSettings> {
    Some(ClockSettings {
        per_step: Duration::from_secs(2),
        reserve: Duration::from_secs(3),
    })
}

fn timed() -> Session {
    Session::single(ProgressiveChess::new(Ruleset::default()), fast())
}

fn action(text: &str) -> SessionAction {
    text.parse().unwrap()
}

fn play(s: &mut Session, seat: u8, text: &str, at: i64) {
    s.act_at(Seat(seat), &action(text), at)
        .unwrap_or_else(|e| panic!("{text} at {at}: {e}"));
}

fn clock(s: &Session) -> ClockView {
    s.clock_view().expect("a timed session")
}

#[test]
fn the_first_turn_is_untimed_and_the_reply_is_timed_from_it() {
    let mut s = timed();
    assert_eq!(s.wake_at(), None);
    let c = clock(&s);
    assert_eq!((c.running, c.reserve_ms), (None, [3_000, 3_000]));
    // White takes an hour over its first turn: nothing is charged.
    play(&mut s, 0, "b1b2", 3_600_000);
    let c = clock(&s);
    assert_eq!(c.reserve_ms, [3_000, 3_000]);
    assert_eq!(c.running, Some(1));
    assert_eq!(c.step_started_ms, Some(3_600_000));
    assert_eq!(c.step_ends_ms, Some(3_602_000));
    assert_eq!(c.flag_at_ms, Some(3_605_001));
    assert_eq!(s.wake_at(), Some(3_605_001));
}

#[test]
fn a_whole_turn_gives_the_upgrade_step_nothing() {
    let mut s = timed();
    play(&mut s, 0, "b1b2", 1_000);
    // Black's whole turn 2.5 s after its step began: 0.5 s from the reserve.
    play(&mut s, 1, "c7c6", 3_500);
    let c = clock(&s);
    assert_eq!(c.reserve_ms, [3_000, 2_500]);
    assert_eq!(
        (c.running, c.step_started_ms, c.flag_at_ms),
        (Some(0), Some(3_500), Some(3_500 + 5_000 + 1))
    );
}

#[test]
fn the_move_and_upgrade_steps_sent_apart_have_their_own_clocks() {
    let mut s = timed();
    play(&mut s, 0, "b1b2", 1_000);
    // Black's move step: 2.5 s, 0.5 s over.
    play(&mut s, 1, "c7c6+?", 3_500);
    assert_eq!(s.pending_move().map(|m| m.to_string()), Some("c7c6".into()));
    let c = clock(&s);
    assert_eq!(c.reserve_ms, [3_000, 2_500]);
    assert_eq!((c.running, c.step_started_ms), (Some(1), Some(3_500)));
    // The upgrade step's flag: its own 2 s and the 2.5 s left.
    assert_eq!(s.wake_at(), Some(3_500 + 2_000 + 2_500 + 1));
    // Only turns completing c7c6 are listed; others are refused.
    let legal = s.legal_actions(Seat(1));
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|t| t.to_string().starts_with("c7c6")));
    let before = s.view(Viewer::Spectator);
    for refused in ["a7a6", "a7a6+?", "c7c6+?"] {
        assert!(s.act_at(Seat(1), &action(refused), 4_000).is_err());
        assert_eq!(s.view(Viewer::Spectator), before, "{refused}");
    }
    // The upgrade step 2.5 s after it began: 0.5 s more from the reserve.
    play(&mut s, 1, "c7c6", 6_000);
    assert_eq!(s.pending_move(), None);
    let c = clock(&s);
    assert_eq!(c.reserve_ms, [3_000, 2_000]);
    assert_eq!((c.running, c.flag_at_ms), (Some(0), Some(6_000 + 5_001)));
    // A move step with an upgrade does not parse; an illegal one is refused.
    assert!(s.parse_action(Seat(0), "d1d2+d2=F+?").is_err());
    assert!(timed().act_at(Seat(0), &action("b1b3+?"), 0).is_err());
}

#[test]
fn the_flag_falls_at_the_exact_moment() {
    let mut s = timed();
    play(&mut s, 0, "b1b2", 1_000);
    // Black's last moment in time is 6000.
    let mut just = s.clone();
    play(&mut just, 1, "c7c6", 6_000);
    assert_eq!(clock(&just).reserve_ms, [3_000, 0]);
    let mut late = s.clone();
    assert!(late.act_at(Seat(1), &action("c7c6"), 6_001).is_err());
    // The loss itself comes with the wake-up at 6001, not before.
    assert_eq!(s.advance_to(6_000), None);
    assert_eq!(s.result(), None);
    assert_eq!(s.advance_to(6_001), Some(Color::Black));
    let outcome = s.result().unwrap();
    assert_eq!(outcome.sole_winner(), Some(Seat(0)));
    assert_eq!(outcome.reason, "time");
    let c = clock(&s);
    assert_eq!(
        (c.flagged, c.running, c.reserve_ms),
        (Some(1), None, [3_000, 0])
    );
    assert_eq!(s.wake_at(), None);
    assert!(s.act_at(Seat(1), &action("c7c6"), 6_002).is_err());
}

#[test]
fn a_pause_pushes_the_running_step_back() {
    let mut s = timed();
    play(&mut s, 0, "b1b2", 1_000);
    play(&mut s, 1, "c7c6", 2_500);
    // White's step began at 2500; a 10 s pause moves it to 12500.
    assert_eq!(s.wake_at(), Some(7_501));
    s.extend(10_000);
    assert_eq!(s.wake_at(), Some(17_501));
    assert_eq!(clock(&s).step_started_ms, Some(12_500));
    // 2.7 s of clock time after the pause: 0.7 s over.
    play(&mut s, 0, "a1a2", 15_200);
    assert_eq!(clock(&s).reserve_ms, [2_300, 3_000]);
}

#[test]
fn without_a_clock_time_changes_nothing() {
    let mut s = Session::single(ProgressiveChess::new(Ruleset::default()), None);
    play(&mut s, 0, "b1b2", 0);
    play(&mut s, 1, "c7c6", 1_000_000_000);
    assert_eq!((s.wake_at(), s.clock_view()), (None, None));
    assert_eq!(s.advance_to(i64::MAX), None);
    assert_eq!(s.result(), None);
}

/// Kings step out and back twice: the third occurrence of the start is a
/// draw under the draw rules. `first` is the player who moves first.
fn draw_game(s: &mut Session, first: u8, mut at: i64) -> i64 {
    let (a, b) = (first, 1 - first);
    let white = |p: u8| s_colour(p, first) == Color::White;
    for _ in 0..2 {
        for (p, w, bl) in [
            (a, "d1d2", "d7d6"),
            (b, "d1d2", "d7d6"),
            (a, "d2d1", "d6d7"),
            (b, "d2d1", "d6d7"),
        ] {
            at += 100;
            play(s, p, if white(p) { w } else { bl }, at);
        }
    }
    at
}

fn s_colour(player: u8, first: u8) -> Color {
    if player == first {
        Color::White
    } else {
        Color::Black
    }
}

#[test]
fn a_drawn_first_game_starts_the_second_with_colours_swapped_and_a_fresh_clock() {
    let mut s = Session::new_match(Ruleset::with_draw_rules(), fast());
    assert_eq!(
        (s.colour_of(0), s.colour_of(1)),
        (Color::White, Color::Black)
    );
    let at = draw_game(&mut s, 0, 0);
    let m = s.match_view().unwrap();
    assert_eq!(
        (m.game, m.results.clone(), m.score),
        (2, vec![[0.5, 0.5]], [0.5, 0.5])
    );
    assert_eq!(m.winner, None);
    // Player 1 now has White and moves first; player 0 may not.
    assert_eq!(
        (s.colour_of(0), s.colour_of(1)),
        (Color::Black, Color::White)
    );
    assert_eq!(m.seat_colours, [1, 0]);
    assert!(s.clone().act_at(Seat(0), &action("c7c6"), at).is_err());
    // Game 2's first turn is untimed too: full reserves, nothing running.
    let c = clock(&s);
    assert_eq!((c.running, c.reserve_ms), (None, [3_000, 3_000]));
    assert_eq!(s.wake_at(), None);
    play(&mut s, 1, "b1b2", at + 60_000);
    assert_eq!(s.wake_at(), Some(at + 60_000 + 5_001));
    // Player 0 (Black) lets its flag fall: player 1 wins the match.
    assert_eq!(s.advance_to(at + 65_001), Some(Color::Black));
    let m = s.match_view().unwrap();
    assert_eq!(m.winner, Some(MatchResult::Winner(1)));
    assert_eq!(m.results, vec![[0.5, 0.5], [0.0, 1.0]]);
    assert_eq!(s.result().unwrap().sole_winner(), Some(Seat(1)));
}

#[test]
fn a_match_lost_on_time_in_game_one_is_decided() {
    let mut s = Session::new_match(Ruleset::default(), fast());
    play(&mut s, 0, "b1b2", 0);
    play(&mut s, 1, "c7c6", 1_000);
    // White's step began at 1000: the flag falls at 6001.
    assert_eq!(s.advance_to(6_001), Some(Color::White));
    let m = s.match_view().unwrap();
    assert_eq!((m.game, m.winner), (1, Some(MatchResult::Winner(1))));
    assert_eq!((m.results, m.score), (vec![[0.0, 1.0]], [0.0, 1.0]));
    let json = serde_json::to_value(s.view(Viewer::Spectator)).unwrap();
    assert_eq!(json["match"]["winner"], 1);
    assert_eq!(json["clock"]["flagged"], 0);
}

#[test]
fn both_games_drawn_means_no_winner() {
    let mut s = Session::new_match(Ruleset::with_draw_rules(), None);
    let at = draw_game(&mut s, 0, 0);
    draw_game(&mut s, 1, at);
    let m = s.match_view().unwrap();
    assert_eq!(m.winner, Some(MatchResult::NoWinner));
    assert_eq!(m.score, [1.0, 1.0]);
    let json = serde_json::to_value(s.view(Viewer::Spectator)).unwrap();
    assert_eq!(json["match"]["winner"], "none");
    assert!(s.result().unwrap().is_draw());
}

#[test]
fn a_match_names_each_player_by_the_colour_it_has_now() {
    use arbiter_core::Depict;
    let mut s = Session::new_match(Ruleset::with_draw_rules(), None);
    assert_eq!(
        (s.seat_name(Seat(0)), s.seat_name(Seat(1))),
        ("White".into(), "Black".into())
    );
    draw_game(&mut s, 0, 0);
    // Game 2: player 1 has White.
    assert_eq!(s.match_view().unwrap().game, 2);
    assert_eq!(
        (s.seat_name(Seat(0)), s.seat_name(Seat(1))),
        ("Black".into(), "White".into())
    );
    assert_eq!(timed().seat_name(Seat(1)), "Black");
}

#[test]
fn the_board_that_ended_game_one_is_kept_until_game_two_has_a_turn() {
    let mut s = Session::new_match(Ruleset::with_draw_rules(), None);
    assert!(s.closing_scene(Viewer::Spectator).is_none());
    let at = draw_game(&mut s, 0, 0);
    let closing = s.closing_scene(Viewer::Spectator).unwrap();
    assert_eq!(
        closing.status,
        ["Game 1 is drawn (threefold repetition): game 2 begins, the colours swapped"]
    );
    // The drawing move was Black's king back to d7 (by hand: the eighth
    // turn of `draw_game`).
    let last = serde_json::to_value(&closing.last).unwrap();
    assert_eq!(last["cells"], serde_json::json!(["d6", "d7"]));
    play(&mut s, 1, "b1b2", at + 100);
    assert!(s.closing_scene(Viewer::Spectator).is_none());
    assert!(timed().closing_scene(Viewer::Spectator).is_none());
}
