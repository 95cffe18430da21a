//! Every piece's moves on an empty board and among blockers. Expected sets
//! are worked out by hand from docs/rules/progressive-chess.md#pieces.

mod common;
use common::*;

/// A white piece `c` alone on d4; White's king on b7, Black's on f1 (on
/// none of d4's lines, leaps or zigzag paths).
fn alone(c: char) -> String {
    format!("1K5/7/7/3{c}3/7/7/5k1 w 2 1 - - 0 1")
}

#[test]
fn steppers_and_leapers_on_an_empty_board() {
    let cases: [(char, &[&str]); 5] = [
        ('L', &["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]),
        ('W', &["c4", "d3", "d5", "e4"]),
        ('F', &["c3", "c5", "e3", "e5"]),
        ('X', &["a3", "a5", "c1", "c7", "e1", "e7", "g3", "g5"]),
        ('P', &["d5"]),
    ];
    for (c, want) in cases {
        assert_eq!(dests(&pos(&alone(c)), "d4"), sorted(want), "{c}");
    }
}

#[test]
fn sliders_on_an_empty_board() {
    let rook = [
        "d1", "d2", "d3", "d5", "d6", "d7", "a4", "b4", "c4", "e4", "f4", "g4",
    ];
    let cases: [(char, &[&str]); 4] = [
        ('R', &rook),
        ('C', &rook),
        (
            'B',
            &[
                "a1", "b2", "c3", "e5", "f6", "g7", "a7", "b6", "c5", "e3", "f2", "g1",
            ],
        ),
        ('T', &["a4", "b4", "c4", "e4", "f4", "g4"]),
    ];
    for (c, want) in cases {
        assert_eq!(dests(&pos(&alone(c)), "d4"), sorted(want), "{c}");
    }
}

#[test]
fn zigzag_on_an_empty_board() {
    // North: e5 d6 e7 / c5 d6 c7; east: e5 f4 g5 / e3 f4 g3; south: e3 d2
    // e1 / c3 d2 c1; west: c3 b4 a3 / c5 b4 a5.
    let want = [
        "e5", "d6", "e7", "c5", "c7", "f4", "g5", "e3", "g3", "d2", "e1", "c3", "c1", "b4", "a3",
        "a5",
    ];
    assert_eq!(dests(&pos(&alone('Z')), "d4"), sorted(&want));
}

#[test]
fn swapper_family_on_an_empty_board() {
    // The swapper may swap with its king; the supernaturalist has nobody
    // around it; the necromancer has nothing to raise.
    assert_eq!(dests(&pos(&alone('S')), "d4"), sorted(&["b7"]));
    assert!(dests(&pos(&alone('U')), "d4").is_empty());
    assert!(dests(&pos(&alone('N')), "d4").is_empty());
}

#[test]
fn king_on_an_empty_board() {
    assert_dests(
        "7/7/7/3K3/7/7/5k1 w 2 1 - - 0 1",
        "d4",
        "c3 c4 c5 d3 d5 e3 e4 e5",
    );
}

#[test]
fn steppers_among_blockers() {
    // Own pawn on d5, enemy pawns on c5 and e3: the lesser king steps
    // around its own piece and captures the enemies.
    assert_dests(
        "1K5/7/2pP3/3L3/4p2/7/5k1 w 2 1 - - 0 1",
        "d4",
        "c3 c4 c5 d3 e3 e4 e5",
    );
    assert_dests("1K5/7/2pP3/3W3/4p2/7/5k1 w 2 1 - - 0 1", "d4", "c4 d3 e4");
    assert_dests(
        "1K5/7/2pP3/3F3/4p2/7/5k1 w 2 1 - - 0 1",
        "d4",
        "c3 c5 e3 e5",
    );
    // The pincer jumps: surrounded, it still reaches its camel squares
    // except the one holding its own piece (e7) and captures on c7.
    assert_dests(
        "1Kp1P2/7/2ppp2/2pXp2/2ppp2/7/5k1 w 2 1 - - 0 1",
        "d4",
        "a3 a5 c1 c7 e1 g3 g5",
    );
}

#[test]
fn pawns_step_only_to_empty_squares_and_capture_diagonally_forward() {
    // White pawn d4: d5 blocked by an enemy, captures c5 and e5 (enemy),
    // never backwards onto c3 or e3.
    assert_dests("1K5/7/2ppp2/3P3/2p1p2/7/5k1 w 2 1 - - 0 1", "d4", "c5 e5");
    // A black pawn moves down the board.
    assert_dests("1K5/7/7/3p3/2P4/7/5k1 b 2 1 - - 0 1", "d4", "c3 d3");
    // A pawn on the last rank has no move until upgraded.
    let p = pos("P2k3/7/7/7/7/7/3K3 w 2 1 - - 0 1");
    assert!(dests(&p, "a7").is_empty());
}

#[test]
fn sliders_among_blockers() {
    // Own pawn d6 and e4, enemy pawns b4 and d2.
    assert_dests(
        "1K5/3P3/7/1p1RP2/7/3p3/5k1 w 2 1 - - 0 1",
        "d4",
        "d5 c4 b4 d3 d2",
    );
    assert_dests(
        "1K5/1P3p1/7/3B3/2p4/7/5k1 w 2 1 - - 0 1",
        "d4",
        "c5 e5 f6 c3 e3 f2 g1",
    );
    // The protector sees only its rank.
    assert_dests(
        "1K5/7/3p3/1p1T1P1/3p3/7/5k1 w 2 1 - - 0 1",
        "d4",
        "c4 b4 e4",
    );
}

#[test]
fn cannon_jumps_and_captures() {
    // North: own d6 jumped to d7. East: own e4 jumped, enemy g4 captured
    // after f4. West: enemy b4 captured or jumped to a4. South: enemy d2
    // captured or jumped to d1.
    assert_dests(
        "1K5/3P3/7/1p1CP1n/7/3p3/5k1 w 2 1 - - 0 1",
        "d4",
        "d5 d7 f4 g4 c4 b4 a4 d3 d2 d1",
    );
}

#[test]
fn cannon_captures_behind_a_screen_of_either_colour_but_never_passes_two_pieces() {
    // West: enemy c4 then enemy a4 with b4 empty: capture c4, or jump it to
    // b4 or onto a4 (capture). North: own d5 jumped, enemy d6 captured,
    // nothing beyond. East and south are empty.
    assert_dests(
        "1K5/3n3/3P3/n1pC3/7/7/5k1 w 2 1 - - 0 1",
        "d4",
        "a4 b4 c4 d6 d3 d2 d1 e4 f4 g4",
    );
    // North of d3: own d4 and own d5; the cannon cannot pass d5.
    let p = pos("1K5/3n3/3P3/3P3/3C3/7/5k1 w 2 1 - - 0 1");
    let d = dests(&p, "d3");
    assert!(
        !d.iter()
            .any(|s| s == "d6" || s == "d7" || s == "d5" || s == "d4"),
        "{d:?}"
    );
}

#[test]
fn zigzag_among_blockers() {
    // A blocker on e5 cuts the NE-first paths north (e5 d6 e7) and east
    // (e5 f4 g5) at e5 — but d6, f4 are still reached by the other path
    // through c5 and e3. An enemy on c5 is captured and ends those paths,
    // so d6 (only via e5 or c5) is out, c7 too.
    let p = pos("1K5/7/2p1P2/3Z3/7/7/5k1 w 2 1 - - 0 1");
    let d = dests(&p, "d4");
    assert!(d.contains(&"c5".to_string()), "captures the enemy on c5");
    assert!(!d.contains(&"e5".to_string()), "own piece");
    assert!(
        !d.contains(&"d6".to_string())
            && !d.contains(&"e7".to_string())
            && !d.contains(&"c7".to_string())
    );
    assert!(d.contains(&"f4".to_string()), "via e3");
    assert!(
        !d.contains(&"b4".to_string()) || d.contains(&"c3".to_string()),
        "b4 via c3"
    );
    assert!(d.contains(&"a3".to_string()));
    assert!(
        !d.contains(&"a5".to_string()),
        "c5 b4 a5 is cut at c5; a5 needs c5 empty"
    );
}

#[test]
fn supernaturalist_swaps_with_neighbours_but_not_kings() {
    // Neighbours: own pawn c3, enemy pawn e5, enemy king... kings excluded.
    assert_dests("7/7/4p2/3Uk2/2P4/7/K6 w 2 1 - - 0 1", "d4", "c3 e5");
}

#[test]
fn king_among_blockers_and_attacked_squares() {
    // The black pawn on e5 checks the king on d4; the rook on a3 covers
    // rank 3; c4 holds White's own pawn. The king may take the pawn.
    let p = pos("3k3/7/4p2/2PK3/r6/7/7 w 2 1 - - 0 5");
    assert!(p.is_check());
    assert_eq!(dests(&p, "d4"), sorted(&["c5", "d5", "e4", "e5"]));
    assert!(
        dests(&p, "c4").is_empty(),
        "the pawn's step does not answer the check"
    );
}
