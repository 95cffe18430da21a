//! One test (or more) for every ruling in docs/rules/knight-court.md. The
//! expected values are worked out by hand in the comments.

mod common;

use arbiter_core::{Game, Phase, Seat};
use arbiter_knight_court::{Color, KnightCourt, Move, Role, Square, Status};
use common::naive::Naive;

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn game(position: &str) -> KnightCourt {
    KnightCourt::from_text(position).unwrap()
}

fn names(game: &KnightCourt) -> Vec<String> {
    game.legal_moves().iter().map(|m| m.to_string()).collect()
}

fn play_all(moves: &[&str]) -> KnightCourt {
    let mut g = KnightCourt::new();
    for m in moves {
        g.play(mv(m))
            .unwrap_or_else(|e| panic!("{m}: {}", e.reason));
    }
    g
}

#[test]
fn the_start_position() {
    let g = KnightCourt::new();
    let pos = g.position();
    assert_eq!(pos.to_string(), "nbr/3/NBR[] w");
    for (name, letter) in [
        ("a1", 'N'),
        ("b1", 'B'),
        ("c1", 'R'),
        ("a3", 'n'),
        ("b3", 'b'),
        ("c3", 'r'),
    ] {
        assert_eq!(
            pos.piece_at(Square::parse(name).unwrap()).unwrap().char(),
            letter,
            "{name}"
        );
    }
    assert_eq!(g.turn(), Color::White, "White moves first");
    assert_eq!(g.phase(), Phase::Turn(Seat(0)));
}

#[test]
fn first_moves_are_worked_out_by_hand() {
    // Na1: b3 is guarded by the rook on c3, c2 by the knight on a3.
    // Bb1: a2 and c2. Rc1: c2, and c3 capturing the rook. Nothing in hand.
    assert_eq!(names(&KnightCourt::new()), ["b1a2", "b1c2", "c1c2", "c1c3"]);
}

#[test]
fn pieces_move_as_in_chess() {
    // 1n1/3/1N1[BRbr] w: the White knight on b1 jumps to a3 or c3 (b3's
    // knight does not block a leap), and White drops B or R on any of the
    // 7 empty squares.
    let g = game("1n1/3/1N1[BRbr] w");
    let list = names(&g);
    assert!(list.contains(&"b1a3".to_string()) && list.contains(&"b1c3".to_string()));
    assert_eq!(list.len(), 2 + 2 * 7);
    // Sliders stop at the first piece: the rook on a1 sees a2 and b1 but not
    // past them.
    let g = game("1rn/B2/NR1[b] w");
    let rook: Vec<String> = names(&g)
        .into_iter()
        .filter(|m| m.starts_with("b1"))
        .collect();
    assert_eq!(rook, ["b1b2", "b1b3", "b1c1"]);
}

#[test]
fn the_knight_is_royal_so_pinned_pieces_stay() {
    // r1n/R2/N2[Bb] w: the White rook on a2 shields its knight on a1 from
    // the Black rook on a3. It may capture on a3 but not step aside.
    let g = game("r1n/R2/N2[Bb] w");
    let rook: Vec<String> = names(&g)
        .into_iter()
        .filter(|m| m.starts_with("a2"))
        .collect();
    assert_eq!(rook, ["a2a3"]);
    let why = g.why_illegal(mv("a2b2")).unwrap();
    assert!(why.contains("leave White's knight attacked"), "{why}");
}

#[test]
fn a_knight_in_check_must_be_helped() {
    // 1rn/3/N1R[Bb] b: the rook on c1 checks the knight on c3. b1 is covered
    // by that rook, so the knight escapes to a2 or Black blocks on c2.
    let g = game("1rn/3/N1R[Bb] b");
    assert!(g.position().is_check());
    assert_eq!(names(&g), ["B@c2", "c3a2"]);
}

#[test]
fn a_knight_is_never_captured() {
    // Refused as a position: the side not to move may not be in check, so
    // an attacked enemy knight can never be taken.
    let err = KnightCourt::from_text("1rn/3/N1R[Bb] w").unwrap_err();
    assert!(
        err.reason
            .contains("Black is not to move but its knight is attacked"),
        "{err}"
    );
}

#[test]
fn captured_pieces_go_to_their_owners_hand() {
    let g = play_all(&["c1c3"]);
    assert_eq!(g.position().to_string(), "nbR/3/NB1[r] b");
    assert!(g.position().in_hand(Color::Black, Role::Rook));
    assert!(!g.position().in_hand(Color::White, Role::Rook));
}

#[test]
fn drops_go_on_any_empty_square_on_a_later_turn() {
    // After c1c3 Black holds the rook: 4 empty squares, and the knight is
    // safe wherever the rook lands, so four drops are among Black's moves.
    let g = play_all(&["c1c3"]);
    let drops: Vec<String> = names(&g).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["R@a2", "R@b2", "R@c1", "R@c2"]);
    // Written with the uppercase letter for Black too; a lowercase letter
    // is refused as malformed.
    assert!("r@b2".parse::<Move>().is_err());
    // White holds nothing to drop.
    let mut g2 = KnightCourt::new();
    assert!(g2
        .play(mv("R@b2"))
        .unwrap_err()
        .reason
        .contains("no rook in hand"));
    // A drop on an occupied square is refused.
    let g3 = play_all(&["c1c3"]);
    assert!(g3.why_illegal(mv("R@a1")).unwrap().contains("occupied"));
}

#[test]
fn drops_may_give_checkmate() {
    // 2n/B2/N2[Rbr] w: R@c2 checks c3 from next door (no block possible,
    // and a knight never captures a neighbour); it also covers a2 through
    // the empty b2, and the bishop on a2 covers b1. Mate.
    let mut g = game("2n/B2/N2[Rbr] w");
    g.play(mv("R@c2")).unwrap();
    assert_eq!(g.status(), Status::Checkmate);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.sole_winner(), Some(Seat(0)));
    assert_eq!(outcome.reason, "checkmate");
    // The naive generator agrees: no move and in check.
    let naive = Naive::parse(&g.position().to_string());
    assert!(naive.moves().is_empty() && naive.knight_attacked(false));
}

#[test]
fn drops_may_block_a_check() {
    // In 1rn/3/N1R[Bb] b Black's bishop drop on c2 blocks the rook.
    let mut g = game("1rn/3/N1R[Bb] b");
    g.play(mv("B@c2")).unwrap();
    assert_eq!(g.position().to_string(), "1rn/2b/N1R[B] w");
}

#[test]
fn no_position_may_recur() {
    // c1c2 b3a2 c2c1 restores White's pieces; a2b3 would then recreate the
    // start position, which counts as seen.
    let mut g = play_all(&["c1c2", "b3a2", "c2c1"]);
    let why = g.why_illegal(mv("a2b3")).unwrap();
    assert!(why.contains("recreates an earlier position"), "{why}");
    assert!(!names(&g).contains(&"a2b3".to_string()));
    let before = g.position().to_string();
    assert!(g.play(mv("a2b3")).is_err());
    assert_eq!(
        g.position().to_string(),
        before,
        "a refused move changes nothing"
    );
}

#[test]
fn repetition_compares_placement_hands_and_side_to_move() {
    // The same placement with the other side to move is a different
    // position: after c1c2 the rook may return when Black has changed
    // something, and the same board with White to move again is banned only
    // if it was seen with White to move.
    let g = play_all(&["c1c2", "b3a2"]);
    // c2c1 gives nbr... no: the Black bishop now stands on a2, so this
    // placement is new and c2c1 is legal.
    assert!(g.why_illegal(mv("c2c1")).is_none());
}

#[test]
fn checkmate_loses() {
    // The position after R@c2 in the drop test, set up directly.
    let g = game("2n/B1R/N2[br] b");
    assert_eq!(g.status(), Status::Checkmate);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(Seat(0)));
    assert_eq!(g.phase(), Phase::Over(g.outcome().unwrap()));
    assert!(g.legal_actions(Seat(1)).is_empty());
}

#[test]
fn no_move_without_check_is_stalemate_and_a_draw() {
    // A real game. At the end, 3/RBb/Nnr[] b, Black's knight on b1 could
    // go to a3 (rook a2 guards it) or c3 (bishop b2 guards it); Black's
    // rook on c1 is boxed in by its own pieces; the bishop's only safe move,
    // c2b3, recreates the position after move 6. The knight on b1 is not
    // attacked, so this is stalemate: a draw.
    let g = play_all(&[
        "c1c2", "a3b1", "c2a2", "c3c2", "B@b2", "c2c1", "a2a3", "b3c2", "a3a2",
    ]);
    assert_eq!(g.position().to_string(), "3/RBb/Nnr[] b");
    assert_eq!(g.status(), Status::Stalemate);
    let outcome = g.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "stalemate");
    // Without the history the same position is not stalemate.
    assert_eq!(names(&game("3/RBb/Nnr[] b")), ["c2b3"]);
}

#[test]
fn moves_after_the_end_are_refused() {
    let mut g = game("2n/B1R/N2[br] b");
    let err = g.act(Seat(1), &mv("c3b1")).unwrap_err();
    assert!(err.to_string().contains("game is over"), "{err}");
}

#[test]
fn acting_out_of_turn_is_refused() {
    let mut g = KnightCourt::new();
    let err = g.act(Seat(1), &mv("b3a2")).unwrap_err();
    assert!(err.to_string().contains("White is to move"), "{err}");
    assert_eq!(g.position().to_string(), "nbr/3/NBR[] w");
}

#[test]
fn illegal_moves_say_why() {
    let g = KnightCourt::new();
    let cases = [
        ("a2a3", "no piece on a2"),
        ("a3b1", "Black's"),
        ("a1b1", "own pieces"),
        ("a1a2", "a knight does not move that way"),
        ("c1a1", "own pieces"),
        ("b1b2", "a bishop moves diagonally"),
        ("a1b3", "leave White's knight attacked"),
    ];
    for (text, reason) in cases {
        let why = g.why_illegal(mv(text)).unwrap();
        assert!(why.contains(reason), "{text}: {why}");
    }
    // A slide through a piece is blocked.
    let g = game("n2/B2/R1N[br] w");
    assert!(g.why_illegal(mv("a1a3")).unwrap().contains("blocked"));
}
