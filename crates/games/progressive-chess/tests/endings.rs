//! Checkmate, stalemate, dead positions and the optional draws
//! (docs/rules/progressive-chess.md#check).

mod common;
use arbiter_core::{ActionError, Game, Phase, Seat};
use arbiter_progressive_chess::{ProgressiveChess, Ruleset, Status};
use common::*;

#[test]
fn checkmate_with_rook_and_king() {
    // Black king a7, White king c6 (b7, b6 covered), rook a1 checks along
    // the a-file and covers a6.
    let g = game("k6/2K4/7/7/7/7/R6 b 1 2 - - 0 30");
    assert_eq!(g.status(), Status::Checkmate);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.sole_winner(), Some(Seat(0)));
    assert!(matches!(g.phase(), Phase::Over(_)));
    assert!(g.legal_actions(Seat(1)).is_empty());
    let mut g2 = g.clone();
    assert!(matches!(
        g2.act(Seat(1), &turn("a7b7")),
        Err(ActionError::GameOver { .. })
    ));
}

#[test]
fn a_shield_makes_capturing_the_checker_useless() {
    // The protector on f7 checks along rank 7; the bishop's capture on f7
    // hits the shield, which never answers a check: mate.
    let g = game("k4T1/6b/1K5/7/7/7/7 b 1 2 - - 0 30");
    assert_eq!(g.status(), Status::Checkmate);
    // With the shield already spent, the bishop simply captures.
    let g = game("k4T1/6b/1K5/7/7/7/7 b 1 2 f7 - 0 30");
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(move_names(g.position()), vec!["g6f7"]);
}

#[test]
fn stalemate_is_a_draw() {
    // Black king a7: a6 covered by the pawn on b5, b6 and b7 by the king.
    let g = game("k6/2K4/1P5/7/7/7/7 b 1 2 - - 0 30");
    assert_eq!(g.status(), Status::Stalemate);
    assert!(g.outcome().unwrap().is_draw());
}

#[test]
fn dead_positions() {
    use Status::{DeadPosition as Dead, Ongoing};
    let cases = [
        ("bare kings", "3k3/7/7/7/7/7/3K3 w 1 1 - - 0 9", Dead),
        (
            "kings with supernaturalists and a necromancer with nothing to raise",
            "3k3/7/2u4/7/7/3N3/3K3 w 1 1 - - 0 9",
            Dead,
        ),
        (
            "a necromancer with a rook in its pool can still raise an attacker",
            "3k3/7/2u4/7/7/3N3/3K3 w 1 1 - R 0 9",
            Ongoing,
        ),
        (
            "... but not with only a supernaturalist to raise",
            "3k3/7/7/7/7/3N3/3K3 w 1 1 - U 0 9",
            Dead,
        ),
        ("a single pawn can grow into anything", "3k3/7/7/7/7/3P3/3K3 w 1 1 - - 0 9", Ongoing),
        // A lone swapper can only become a supernaturalist or a necromancer,
        // and none of the three ever attacks. White's pool is empty and can
        // only fill by captures; S, U and N never capture, and White's king
        // has nothing but the black king to take, which is never captured.
        // Black has a bare king. Nobody can ever attack a king.
        ("a lone swapper", "3k3/7/7/7/7/3S3/3K3 w 1 1 - - 0 9", Dead),
        (
            "a black swapper too: White's king may capture it, but a raised swapper is as harmless",
            "3k3/3s3/7/7/7/3S3/3K3 w 1 1 - - 0 9",
            Dead,
        ),
        (
            "a swapper with a rook in its pool can become a necromancer and raise it (1 + 1 points a turn pay the 2 for S=N)",
            "3k3/7/7/7/7/3S3/3K3 w 1 1 - R 0 9",
            Ongoing,
        ),
        (
            "a swapper can become a necromancer, and the enemy has a pawn the king might capture",
            "3k3/p6/7/7/7/3S3/3K3 w 1 1 - - 0 9",
            Ongoing,
        ),
    ];
    for (what, text, status) in cases {
        assert_eq!(game(text).status(), status, "{what}: {text}");
    }
}

/// Kings shuffle d1-e1 and d7-e7 with a rook on a1 keeping material alive.
fn shuffle(g: &mut ProgressiveChess, rounds: usize) {
    for _ in 0..rounds {
        for t in ["d1e1", "d7e7", "e1d1", "e7d7"] {
            g.play(turn(t)).unwrap();
        }
    }
}

#[test]
fn threefold_repetition_only_when_the_ruleset_says_so() {
    let text = "3k3/7/7/7/7/7/R2K3 w 2 1 - - 0 5";
    let mut g = ProgressiveChess::from_text(text, Ruleset::with_draw_rules()).unwrap();
    shuffle(&mut g, 1);
    assert_eq!(g.occurrences(), 2);
    assert_eq!(
        g.status(),
        Status::Ongoing,
        "points differ but are ignored; only twice so far"
    );
    shuffle(&mut g, 1);
    assert_eq!(g.status(), Status::Repetition);
    assert!(g.outcome().unwrap().is_draw());
    let mut g = game(text);
    shuffle(&mut g, 3);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn fifty_turns_without_capture_or_upgrade() {
    let text = "3k3/7/7/7/7/7/R2K3 w 2 1 - - 98 60";
    let mut g = ProgressiveChess::from_text(text, Ruleset::with_draw_rules()).unwrap();
    g.play(turn("d1e1")).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    g.play(turn("d7e7")).unwrap();
    assert_eq!(g.status(), Status::FiftyTurns);
    // An upgrade resets the count.
    let mut g = ProgressiveChess::from_text(text, Ruleset::with_draw_rules()).unwrap();
    g.play(turn("d1e1+a1=C")).unwrap_err();
    let mut g2 = ProgressiveChess::from_text(
        "3k3/7/7/7/7/7/W2K3 w 2 1 - - 98 60",
        Ruleset::with_draw_rules(),
    )
    .unwrap();
    g2.play(turn("d1e1+a1=R")).unwrap();
    assert_eq!(g2.position().quiet_turns(), 0);
    g.play(turn("d1e1")).unwrap();
    assert_eq!(g.position().quiet_turns(), 99);
    // Off by default.
    let mut g = game(text);
    g.play(turn("d1e1")).unwrap();
    g.play(turn("d7e7")).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn losing_on_time() {
    let mut g = ProgressiveChess::default();
    g.lose_on_time(arbiter_progressive_chess::Color::White);
    assert_eq!(
        g.status(),
        Status::Time(arbiter_progressive_chess::Color::White)
    );
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(Seat(1)));
}
