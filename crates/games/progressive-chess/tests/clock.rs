//! Step clocks on simulated time (docs/rules/progressive-chess.md#clocks).

use arbiter_progressive_chess::clock::ClockError;
use arbiter_progressive_chess::{Clock, ClockSettings, Color, ManualTime, Step};
use std::time::Duration;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn clock() -> (Clock<ManualTime>, ManualTime) {
    let time = ManualTime::new();
    (Clock::new(ClockSettings::default(), time.clone()), time)
}

#[test]
fn steps_within_two_minutes_cost_no_reserve() {
    let (mut c, t) = clock();
    c.start_turn(Color::White).unwrap();
    t.advance(secs(119));
    assert_eq!(c.step_left(), Some(secs(1)));
    c.finish_move().unwrap();
    assert_eq!(c.running(), Some((Color::White, Step::Upgrade)));
    t.advance(secs(120));
    c.finish_upgrade().unwrap();
    assert_eq!(c.reserve(Color::White), secs(300));
    assert_eq!(c.running(), Some((Color::Black, Step::Move)));
}

#[test]
fn overruns_come_out_of_the_reserve_step_by_step() {
    let (mut c, t) = clock();
    c.start_turn(Color::White).unwrap();
    t.advance(secs(150));
    assert_eq!(
        c.reserve(Color::White),
        secs(270),
        "the running overrun shows"
    );
    c.finish_move().unwrap();
    // The upgrade step gets its own fresh two minutes.
    t.advance(secs(130));
    c.finish_upgrade().unwrap();
    assert_eq!(c.reserve(Color::White), secs(260));
    assert_eq!(c.reserve(Color::Black), secs(300));
    // Black's overrun is Black's alone.
    t.advance(secs(200));
    c.finish_turn().unwrap();
    assert_eq!(c.reserve(Color::Black), secs(220));
    assert_eq!(c.reserve(Color::White), secs(260));
}

#[test]
fn running_out_of_reserve_loses_on_time() {
    let (mut c, t) = clock();
    c.start_turn(Color::White).unwrap();
    assert_eq!(c.deadline(), Some(secs(420)));
    // Exactly at the deadline the step can still end in time.
    t.advance(secs(420));
    assert_eq!(c.flagged(), None);
    c.finish_move().unwrap();
    assert_eq!(c.reserve(Color::White), Duration::ZERO);
    // With no reserve left, the upgrade step has only its two minutes.
    t.advance(secs(120) + Duration::from_millis(1));
    assert_eq!(c.flagged(), Some(Color::White));
    assert_eq!(c.finish_upgrade(), Err(ClockError::Flagged(Color::White)));
    assert_eq!(
        c.start_turn(Color::Black),
        Err(ClockError::Flagged(Color::White))
    );
}

#[test]
fn ending_the_wrong_step_is_refused_and_changes_nothing() {
    let (mut c, t) = clock();
    assert!(matches!(
        c.finish_move(),
        Err(ClockError::WrongStep { running: None, .. })
    ));
    c.start_turn(Color::Black).unwrap();
    t.advance(secs(10));
    let err = c.finish_upgrade().unwrap_err();
    assert_eq!(
        err,
        ClockError::WrongStep {
            expected: Step::Upgrade,
            running: Some((Color::Black, Step::Move))
        }
    );
    assert!(err.to_string().contains("Black's Move step"));
    assert_eq!(c.running(), Some((Color::Black, Step::Move)));
    c.stop();
    assert_eq!(c.running(), None);
    assert_eq!(c.reserve(Color::Black), secs(300));
}

#[test]
fn custom_settings() {
    let time = ManualTime::new();
    let settings = ClockSettings {
        per_step: secs(1),
        reserve: secs(2),
    };
    let mut c = Clock::new(settings, time.clone());
    c.start_turn(Color::White).unwrap();
    time.advance(secs(4));
    assert_eq!(c.flagged(), Some(Color::White));
}

mod timed {
    use super::secs;
    use arbiter_progressive_chess::clock::ClockError;
    use arbiter_progressive_chess::{
        ClockSettings, Color, ManualTime, ProgressiveChess, Ruleset, Step, StepError, TimedGame,
        Turn,
    };

    fn timed() -> (TimedGame<ManualTime>, ManualTime) {
        let time = ManualTime::new();
        (
            TimedGame::new(
                ProgressiveChess::new(Ruleset::default()),
                ClockSettings::default(),
                time.clone(),
            ),
            time,
        )
    }

    fn turn(text: &str) -> Turn {
        text.parse().unwrap()
    }

    #[test]
    fn the_move_and_the_upgrade_are_separate_steps() {
        let (mut g, t) = timed();
        t.advance(secs(100));
        g.play_move(turn("b1b2").mv).unwrap();
        assert_eq!(g.clock().running(), Some((Color::White, Step::Upgrade)));
        // The upgrade step is refused while the move step runs, and vice versa.
        assert!(matches!(
            g.play_move(turn("c1c2").mv),
            Err(StepError::Clock(ClockError::WrongStep { .. }))
        ));
        t.advance(secs(150));
        // An unaffordable upgrade is refused and changes nothing.
        assert!(matches!(
            g.play_upgrade(Some(turn("a1a2+b2=R").upgrade.unwrap())),
            Err(StepError::Illegal(_))
        ));
        g.play_upgrade(Some(turn("a1a2+b2=F").upgrade.unwrap()))
            .unwrap();
        assert_eq!(
            g.game().position().to_string(),
            "pppkppp/7/7/7/7/1F5/P1PKPPP b 1 2 - - 0 1"
        );
        assert_eq!(g.clock().reserve(Color::White), secs(270));
        assert_eq!(g.clock().running(), Some((Color::Black, Step::Move)));
    }

    #[test]
    fn an_illegal_move_is_refused_without_touching_the_clock() {
        let (mut g, t) = timed();
        t.advance(secs(5));
        assert!(matches!(
            g.play_move(turn("b1b3").mv),
            Err(StepError::Illegal(_))
        ));
        assert_eq!(g.clock().running(), Some((Color::White, Step::Move)));
        assert_eq!(g.clock().step_left(), Some(secs(115)));
    }

    #[test]
    fn running_out_of_reserve_loses_the_game() {
        let (mut g, t) = timed();
        g.play_turn(turn("d1d2")).unwrap();
        t.advance(secs(421));
        assert_eq!(g.poll(), Some(Color::Black));
        assert_eq!(
            g.game().outcome().unwrap().sole_winner(),
            Some(Color::White.seat())
        );
        assert!(g.play_turn(turn("d7d6")).is_err());
    }
}
