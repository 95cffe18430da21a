//! Every edge of the upgrade tree and its price, through the rules and
//! through play (docs/rules/progressive-chess.md#upgrades).

mod common;
use arbiter_progressive_chess::{tree, Piece, Role};
use common::*;

/// (from, to, price), copied from the tree by hand.
const EDGES: [(char, char, u32); 15] = [
    ('P', 'W', 1),
    ('P', 'F', 1),
    ('P', 'S', 1),
    ('W', 'R', 2),
    ('W', 'L', 2),
    ('F', 'B', 2),
    ('F', 'L', 2),
    ('S', 'U', 2),
    ('S', 'N', 2),
    ('R', 'C', 3),
    ('R', 'T', 3),
    ('L', 'T', 3),
    ('L', 'X', 3),
    ('B', 'X', 3),
    ('B', 'Z', 3),
];

fn role(c: char) -> Role {
    Role::from_letter(c).unwrap()
}

#[test]
fn the_tree_has_exactly_these_edges() {
    for from in Role::ALL {
        for to in Role::ALL {
            let edge = EDGES.iter().find(|e| role(e.0) == from && role(e.1) == to);
            assert_eq!(
                tree::can_upgrade(from, to),
                edge.is_some(),
                "{from} -> {to}"
            );
            if let Some(e) = edge {
                assert_eq!(tree::price(to), e.2, "price of {to}");
            }
        }
    }
    assert!(tree::upgrades(Role::King).is_empty());
}

/// A white `from` on c3, kings far away, White holding `points`. Black's
/// pawn on g7 keeps positions like king and swapper against king from
/// being dead.
fn with_piece(from: char, points: u32) -> String {
    format!("3k2p/7/7/7/2{from}4/7/K6 w {points} 1 - - 0 1")
}

#[test]
fn every_edge_is_playable_at_its_price_and_not_below() {
    for (from, to, price) in EDGES {
        let text = format!("a1b1+c3={to}");
        let mut g = game(&with_piece(from, price));
        g.play(turn(&text))
            .unwrap_or_else(|e| panic!("{from}->{to} at {price}: {}", e.reason));
        assert_eq!(
            g.position().piece_at(sq("c3")),
            Some(Piece::from_char(to).unwrap())
        );
        assert_eq!(
            g.position().points(arbiter_progressive_chess::Color::White),
            0,
            "{from}->{to} costs {price}"
        );
        let g = game(&with_piece(from, price - 1).replace(" w 0 ", " w 1 "));
        if price > 1 {
            let err = g.clone().play(turn(&text)).unwrap_err();
            assert!(
                err.reason.contains(&format!("costs {price} points")),
                "{}",
                err.reason
            );
        }
    }
}

#[test]
fn one_level_per_turn_and_no_skipping() {
    let g = game(&with_piece('P', 9));
    let err = g.clone().play(turn("a1b1+c3=R")).unwrap_err();
    assert!(
        err.reason.contains("pawn cannot become a rook"),
        "{}",
        err.reason
    );
    let err = g.clone().play(turn("a1b1+a1=W")).unwrap_err();
    assert!(err.reason.contains("no piece on a1"), "{}", err.reason);
    let err = g.clone().play(turn("a1b1+b1=W")).unwrap_err();
    assert!(err.reason.contains("king cannot become"), "{}", err.reason);
    for top in ['C', 'T', 'X', 'Z', 'U', 'N'] {
        let g = game(&with_piece(top, 9));
        assert!(
            g.legal_turns().iter().all(|t| t.upgrade.is_none()),
            "{top} has no upgrade"
        );
    }
}

#[test]
fn the_piece_that_just_moved_may_be_upgraded_and_a_capture_pays_at_once() {
    // White has 1 point; the pawn captures (2 more) and becomes a lesser
    // rook, then could not have become a rook (one level a turn).
    let mut g = game("3k3/7/7/7/3p3/2P4/K6 w 1 1 - - 0 1");
    g.play(turn("c2d3+d3=W")).unwrap();
    assert_eq!(
        g.position().points(arbiter_progressive_chess::Color::White),
        2
    );
    // A lesser rook with 1 point cannot become a rook by a quiet move ...
    let g = game("3k3/7/7/7/2W4/7/K6 w 1 1 - - 0 1");
    let err = g.clone().play(turn("c3c4+c4=R")).unwrap_err();
    assert!(
        err.reason.contains("costs 2 points and White has 1"),
        "{}",
        err.reason
    );
    // ... but can after capturing, with the 2 points the capture earns.
    let mut g = game("3k3/7/7/7/2Wp3/7/K6 w 1 1 - - 0 1");
    g.play(turn("c3d3+d3=R")).unwrap();
    assert_eq!(
        g.position().points(arbiter_progressive_chess::Color::White),
        1
    );
}
