//! Step clocks, with every moment given by hand
//! (docs/rules/progressive-chess.md#clocks). Times are in ms; the clock
//! never reads a clock of its own.

use arbiter_progressive_chess::clock::ClockError;
use arbiter_progressive_chess::{Clock, ClockSettings, Color, Millis, Step};
use std::time::Duration;

const S: Millis = 1_000;

fn clock() -> Clock {
    Clock::new(ClockSettings::default())
}

#[test]
fn steps_within_two_minutes_cost_no_reserve() {
    let mut c = clock();
    c.start_turn(Color::White, 0).unwrap();
    assert_eq!(c.step_left(119 * S), Some(S));
    c.finish_move(119 * S).unwrap();
    assert_eq!(c.running(), Some((Color::White, Step::Upgrade)));
    // The upgrade step's own two minutes start with it.
    c.finish_upgrade(239 * S).unwrap();
    assert_eq!(c.reserve(Color::White, 239 * S), 300 * S);
    assert_eq!(c.running(), Some((Color::Black, Step::Move)));
    assert_eq!(c.step_started(), Some(239 * S));
}

#[test]
fn overruns_come_out_of_the_reserve_step_by_step() {
    let mut c = clock();
    c.start_turn(Color::White, 0).unwrap();
    // 150 s into a 120 s step: 30 s over, shown while it runs ...
    assert_eq!(c.reserve(Color::White, 150 * S), 270 * S);
    // ... but not banked until the step ends.
    assert_eq!(c.banked(Color::White), 300 * S);
    c.finish_move(150 * S).unwrap();
    assert_eq!(c.banked(Color::White), 270 * S);
    // The upgrade step gets its own fresh two minutes: 130 s is 10 s over.
    c.finish_upgrade(280 * S).unwrap();
    assert_eq!(c.reserve(Color::White, 280 * S), 260 * S);
    assert_eq!(c.reserve(Color::Black, 280 * S), 300 * S);
    // Black's 200 s whole turn: 80 s over, Black's alone; the upgrade step
    // of a whole turn takes 0 s.
    c.finish_turn(480 * S).unwrap();
    assert_eq!(c.reserve(Color::Black, 480 * S), 220 * S);
    assert_eq!(c.reserve(Color::White, 480 * S), 260 * S);
    assert_eq!(c.running(), Some((Color::White, Step::Move)));
}

#[test]
fn the_flag_falls_one_ms_after_the_last_moment_in_time() {
    let mut c = clock();
    c.start_turn(Color::White, 0).unwrap();
    // 120 s of step and 300 s of reserve: 420 s is still in time.
    assert_eq!(c.deadline(), Some(420 * S));
    assert_eq!(c.flagged_at(420 * S), None);
    assert_eq!(c.flagged_at(420 * S + 1), Some(Color::White));
    // Asking changes nothing: a step ending exactly at 420 s is in time and
    // empties the reserve.
    c.finish_move(420 * S).unwrap();
    assert_eq!(c.reserve(Color::White, 420 * S), 0);
    // With no reserve left, the upgrade step has only its two minutes.
    assert_eq!(c.deadline(), Some(540 * S));
    assert_eq!(c.flag(540 * S), None);
    assert_eq!(c.flag(540 * S + 1), Some(Color::White));
    assert_eq!(c.running(), None);
    assert_eq!(
        c.finish_upgrade(541 * S),
        Err(ClockError::Flagged(Color::White))
    );
    assert_eq!(
        c.start_turn(Color::Black, 541 * S),
        Err(ClockError::Flagged(Color::White))
    );
}

#[test]
fn a_step_ended_after_the_flag_is_refused() {
    let mut c = clock();
    c.start_turn(Color::Black, 1_000).unwrap();
    // 1 s + 420 s is the last moment; 1 ms later Black has lost.
    assert_eq!(
        c.finish_turn(421 * S + 1),
        Err(ClockError::Flagged(Color::Black))
    );
    assert_eq!(c.reserve(Color::Black, 421 * S + 1), 0);
    assert_eq!(c.reserve(Color::White, 421 * S + 1), 300 * S);
}

#[test]
fn an_extension_pushes_the_running_step_back() {
    let mut c = clock();
    c.start_turn(Color::White, 10 * S).unwrap();
    // A pause of 100 s at 50 s: the step now counts from 110 s.
    c.extend(100 * S);
    assert_eq!(c.step_started(), Some(110 * S));
    assert_eq!(c.deadline(), Some(530 * S));
    // 150 s after the step began by the wall, but 50 s of it on the clock.
    assert_eq!(c.step_left(160 * S), Some(70 * S));
    c.finish_turn(260 * S).unwrap();
    // 150 s of clock time: 30 s over.
    assert_eq!(c.banked(Color::White), 270 * S);
    // A stopped clock has nothing to push back.
    c.stop(300 * S);
    c.extend(S);
    assert_eq!(c.deadline(), None);
}

#[test]
fn ending_the_wrong_step_is_refused_and_changes_nothing() {
    let mut c = clock();
    assert!(matches!(
        c.finish_move(0),
        Err(ClockError::WrongStep { running: None, .. })
    ));
    c.start_turn(Color::Black, 0).unwrap();
    let before = c.clone();
    let err = c.finish_upgrade(10 * S).unwrap_err();
    assert_eq!(
        err,
        ClockError::WrongStep {
            expected: Step::Upgrade,
            running: Some((Color::Black, Step::Move))
        }
    );
    assert!(err.to_string().contains("Black's Move step"));
    assert_eq!(c, before);
    c.stop(10 * S);
    assert_eq!(c.running(), None);
    assert_eq!(c.reserve(Color::Black, 10 * S), 300 * S);
}

#[test]
fn custom_settings() {
    let settings = ClockSettings {
        per_step: Duration::from_secs(1),
        reserve: Duration::from_secs(2),
    };
    let mut c = Clock::new(settings);
    c.start_turn(Color::White, 0).unwrap();
    assert_eq!(c.deadline(), Some(3 * S));
    assert_eq!(c.flag(4 * S), Some(Color::White));
}
