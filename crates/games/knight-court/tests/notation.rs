//! Position strings and move notation: round trips and refusals.

use arbiter_core::testing::notation;
use arbiter_knight_court::{KnightCourt, Move, Position};

#[test]
fn printing_a_parsed_position_gives_it_back() {
    let positions = [
        "nbr/3/NBR[] w",
        "nbR/3/NB1[r] b",
        "2n/B2/N2[Rbr] w",
        "1n1/3/1N1[BRbr] w",
        "1rn/3/N1R[Bb] b",
        "3/RBb/Nnr[] b",
    ];
    notation::round_trips(|t| t.parse::<Position>(), &positions);
}

#[test]
fn hands_may_be_listed_in_any_order() {
    let a: Position = "1n1/3/1N1[rbRB] w".parse().unwrap();
    let b: Position = "1n1/3/1N1[BRbr] w".parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a.to_string(),
        "1n1/3/1N1[BRbr] w",
        "printed White's first, bishop before rook"
    );
}

#[test]
fn malformed_or_impossible_strings_say_what_is_wrong() {
    let cases = [
        ("", "hands in brackets"),
        ("nbr/3/NBR w", "hands in brackets"),
        ("nbr/3/NBR[ w", "no closing"),
        ("nbr/3/NBR[] x", "'w' or 'b'"),
        ("nbr/3/NBR[]w", "'w' or 'b'"),
        ("nbr/3[] w", "3 ranks"),
        ("nbr/3/NBR/3[] w", "3 ranks"),
        ("nbrr/3/NBR[] w", "more than 3 squares"),
        ("nb/3/NBR[] w", "only 2 of its 3 squares"),
        ("nbr/4/NBR[] w", "more than 3 squares"),
        ("nbr/0/NBR[] w", "cannot be 0"),
        ("nbq/3/NBR[] w", "'q' is not a piece letter"),
        ("nbr/3/NBR[Q] w", "'Q' in the hands"),
        ("nbr/N2/NBR[] w", "White has 2 knights"),
        ("nbr/3/1BR[] w", "White has no knight"),
        ("nbr/3/NBR[N] w", "never captured"),
        ("nbr/3/NBR[R] w", "White has 2 rooks"),
        (
            "nbr/3/NB1[] w",
            "White's rook is neither on the board nor in hand",
        ),
        (
            "1rn/3/N1R[Bb] w",
            "Black is not to move but its knight is attacked",
        ),
    ];
    notation::refusals(|t| t.parse::<Position>().map_err(|e| e.reason), &cases);
    for (text, _) in cases {
        let err = text.parse::<Position>().unwrap_err();
        assert!(
            err.to_string().contains(text),
            "the message names the string"
        );
    }
}

#[test]
fn move_notation_round_trips_for_every_legal_move_of_a_walk() {
    let mut game = KnightCourt::new();
    for _ in 0..40 {
        let moves = game.legal_moves();
        for m in &moves {
            assert_eq!(m.to_string().parse::<Move>().unwrap(), *m);
        }
        let Some(&first) = moves.last() else { break };
        game.play(first).unwrap();
        let text = game.position().to_string();
        assert_eq!(text.parse::<Position>().unwrap(), *game.position());
    }
}

/// A hand holds at most the four pieces that can be captured; a longer one
/// is refused before it is tallied (257 rooks once wrapped a one-byte tally
/// back to 1).
#[test]
fn a_hand_longer_than_four_pieces_is_refused_with_the_bound() {
    let text = format!("2n/3/N2[{}Bbr] w", "R".repeat(257));
    let err = text.parse::<Position>().unwrap_err();
    assert!(
        err.reason.contains("at most 4 can be there"),
        "{}",
        err.reason
    );
}
