//! Shields, cannon and zigzag checks, swaps near a checked king, and
//! necromancy (docs/rules/progressive-chess.md).

mod common;
use arbiter_progressive_chess::{why_illegal, Color, Role};
use common::*;

#[test]
fn a_capture_that_hits_an_intact_shield_moves_nothing_and_spends_it() {
    // Nothing moved, no points earned, the shield is spent, Black to move
    // with its turn's point.
    let mut g = assert_after(
        "3k3/7/7/3t3/7/3R3/3K3 w 2 1 - - 0 5",
        &["d2d4"],
        "3k3/7/7/3t3/7/3R3/3K3 b 2 2 d4 - 1 5",
    );
    g.play(turn("d7c7")).unwrap();
    // The second capture succeeds: the protector goes to the pool as a
    // plain T, and White earns 2 points (plus its turn's point).
    g.play(turn("d2d4")).unwrap();
    assert_eq!(
        g.position().to_string(),
        "2k4/7/7/3R3/7/7/3K3 b 5 3 - T 0 6"
    );
}

#[test]
fn the_optional_upgrade_still_follows_a_shield_hit() {
    assert_after(
        "3k3/7/7/3t3/7/3R3/3K3 w 3 1 - - 0 5",
        &["d2d4+d2=C"],
        "3k3/7/7/3t3/7/3C3/3K3 b 0 2 d4 - 0 5",
    );
}

#[test]
fn a_shield_hit_never_gets_the_king_out_of_check() {
    // The black rook on a1 checks along rank 1; hitting the shield on d4
    // changes nothing, so it is illegal.
    let g = game("3k3/7/7/3t3/7/3R3/r2K3 w 2 1 - - 0 5");
    assert!(!move_names(g.position()).contains(&"d2d4".to_string()));
    let err = g.clone().play(turn("d2d4")).unwrap_err();
    assert!(err.reason.contains("shield"), "{}", err.reason);
}

#[test]
fn a_pinned_piece_may_hit_a_shield_because_nothing_moves() {
    // The rook on d3 is pinned by d7; capturing sideways is illegal, but
    // hitting the shield on a3 leaves the board unchanged.
    let p = pos("k2r3/7/7/7/t2R3/7/3K3 w 2 1 - - 0 5");
    let d = dests(&p, "d3");
    assert!(d.contains(&"a3".to_string()), "{d:?}");
    assert!(
        !d.contains(&"b3".to_string()) && !d.contains(&"c3".to_string()),
        "{d:?}"
    );
    assert!(
        d.contains(&"d7".to_string()),
        "capturing the pinner is fine"
    );
}

#[test]
fn a_king_may_hit_a_defended_shield_but_not_capture_a_defended_piece() {
    // The protector on e2 is defended by the black rook on e7.
    let p = pos("4r1k/7/7/7/7/4t2/3K3 w 2 1 - - 0 5");
    assert!(dests(&p, "d1").contains(&"e2".to_string()));
    let p = pos("4r1k/7/7/7/7/4t2/3K3 w 2 1 e2 - 0 5");
    assert!(!dests(&p, "d1").contains(&"e2".to_string()));
}

#[test]
fn shields_travel_with_their_protector_and_swaps_never_spend_them() {
    assert_after(
        "3k3/7/7/7/7/7/S2K2T w 2 1 g1 - 0 5",
        &["a1g1"],
        "3k3/7/7/7/7/7/T2K2S b 2 2 a1 - 1 5",
    );
    // A protector keeps its fresh shield when it moves, and an enemy
    // supernaturalist swapping it does not spend it.
    let mut g = game("3k3/7/7/7/7/1u5/T2K3 w 2 1 - - 0 5");
    g.play(turn("a1b1")).unwrap();
    assert!(g.position().is_shielded(sq("b1")));
    g.play(turn("b2b1")).unwrap();
    assert!(g.position().is_shielded(sq("b2")));
    assert_eq!(
        g.position().piece_at(sq("b2")).unwrap().role,
        Role::Protector
    );
}

#[test]
fn upgraded_and_raised_protectors_have_fresh_shields() {
    let mut g = game("3k3/7/7/7/7/7/R2K3 w 3 1 - - 0 5");
    g.play(turn("a1a2+a2=T")).unwrap();
    assert!(g.position().is_shielded(sq("a2")));
    let mut g = game("3k3/7/7/7/7/7/N2K3 w 2 1 - T 0 5");
    g.play(turn("a1@T")).unwrap();
    assert!(g.position().is_shielded(sq("a1")));
    assert_eq!(g.position().to_string(), "3k3/7/7/7/7/7/T2K3 b 2 2 - - 1 5");
}

#[test]
fn zigzag_and_pincer_checks() {
    // Zigzag d5: c4 (empty) then d3 (empty)... path SW,SE: c4, d3, c2, d1.
    assert!(pos("6k/7/3z3/7/7/7/3K3 w 2 1 - - 0 5").is_check());
    // Block c4 and e4: every path to d1 goes through one of them.
    assert!(!pos("6k/7/3z3/2p1p2/7/7/3K3 w 2 1 - - 0 5").is_check());
    // Pincer e4 hits d1 by a (-1,-3) leap.
    assert!(pos("6k/7/7/4x2/7/7/3K3 w 2 1 - - 0 5").is_check());
    // The swapper family never gives check.
    assert!(!pos("6k/7/7/7/7/2usn2/3K3 w 2 1 - p 0 5").is_check());
}

#[test]
fn swaps_near_a_checked_king() {
    // The cannon on d5 checks through the black pawn on d3. Swapping the
    // king to e2 walks into the pawn; the supernaturalist swapping the pawn
    // off the screen puts it on c2, where it checks; hitting the shield on
    // g1 changes nothing. Only the king steps remain.
    let p = pos("3k3/7/3c3/7/3p3/2U1S2/3K1Rt w 2 1 - - 0 5");
    assert!(p.is_check());
    assert_eq!(move_names(&p), sorted(&["d1c1", "d1e1"]));
    // The swapper takes the king out of the rook's line.
    let p = pos("3k3/7/7/7/7/S6/3K2r w 2 1 - - 0 5");
    assert!(move_names(&p).contains(&"a2d1".to_string()));
    // The supernaturalist swaps the checking rook off the rank.
    let p = pos("3k3/7/7/7/7/5U1/3K2r w 2 1 - - 0 5");
    assert!(move_names(&p).contains(&"f2g1".to_string()));
    let mut g = game("3k3/7/7/7/7/5U1/3K2r w 2 1 - - 0 5");
    g.play(turn("f2g1")).unwrap();
    assert_eq!(g.position().piece_at(sq("f2")).map(|p| p.char()), Some('r'));
    assert!(!g.position().board().is_attacked(sq("d1"), Color::Black));
}

#[test]
fn necromancer_raises_one_move_per_kind_and_the_piece_changes_sides() {
    let p = pos("3k3/7/7/7/7/7/N2K3 w 2 1 - RRPp 0 5");
    let raises: Vec<String> = move_names(&p)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(raises, vec!["a1@P", "a1@R"]);
    assert_after(
        "3k3/7/7/7/7/7/N2K3 w 2 1 - RRPp 0 5",
        &["a1@P+a1=W"],
        "3k3/7/7/7/7/7/W2K3 b 1 2 - RRp 0 5",
    );
    // Black's necromancer cannot raise what White captured.
    // (Here the game itself is a dead position, so ask the position.)
    let p = pos("3k3/7/7/7/7/7/n2K3 b 2 1 - RR 0 5");
    assert!(move_names(&p).iter().all(|m| !m.contains('@')));
    let reason = why_illegal(&p, turn("a1@R")).unwrap();
    assert!(reason.contains("captured no rook"), "{reason}");
}

#[test]
fn raising_never_answers_a_check() {
    let p = pos("3k3/7/7/7/7/7/N2K2r w 2 1 - R 0 5");
    assert!(
        move_names(&p).iter().all(|m| m.starts_with("d1")),
        "{:?}",
        move_names(&p)
    );
}
