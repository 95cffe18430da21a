//! Position strings and notation: round-trips and refusals
//! (docs/rules/progressive-chess.md#position-string).

mod common;
use arbiter_core::{ActionError, Diagram, Game, Seat, TextPosition};
use arbiter_progressive_chess::{Position, ProgressiveChess, Turn};
use common::*;

/// The positions of the perft data file.
fn data_positions() -> Vec<String> {
    arbiter_core::testing::perft_file::cases(include_str!("data/perft.txt"))
        .into_iter()
        .map(|case| case.position)
        .collect()
}

#[test]
fn start_position_string() {
    assert_eq!(
        Position::start().to_string(),
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1"
    );
    assert_eq!(
        TextPosition::position(&ProgressiveChess::start()),
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1"
    );
}

#[test]
fn data_positions_round_trip() {
    for text in data_positions() {
        assert_eq!(pos(&text).to_string(), text);
    }
}

#[test]
fn pools_are_written_in_rulebook_order() {
    assert_eq!(
        pos("3k3/7/7/7/7/7/3K3 w 2 1 - pRTPr 0 1").to_string(),
        "3k3/7/7/7/7/7/3K3 w 2 1 - PRTpr 0 1"
    );
}

#[test]
fn every_legal_turn_round_trips_through_notation() {
    for text in data_positions() {
        let g = game(&text);
        for t in g.legal_turns() {
            let back = t.to_string().parse::<Turn>().unwrap();
            assert_eq!(back, t);
            assert_eq!(back.by(t.side).to_string(), t.to_string());
        }
    }
}

/// Piece letters in notation are cased by side, like every piece letter:
/// uppercase White, lowercase Black (docs/rules/progressive-chess.md#notation).
#[test]
fn black_turns_are_written_with_lowercase_letters() {
    // After White's bare d1d2, Black (2 points) has the mirror of White's
    // first turn: 9 moves (six pawn steps, king to c6, d6 or e6), each bare
    // or with one of 6 pawns × 3 one-point upgrades: 9 × 19 = 171 turns,
    // all written with lowercase letters.
    let mut g = ProgressiveChess::start();
    g.play(turn("d1d2")).unwrap();
    let names: Vec<String> = g.legal_turns().iter().map(Turn::to_string).collect();
    assert_eq!(names.len(), 171);
    assert!(names
        .iter()
        .all(|n| !n.chars().any(|c| c.is_ascii_uppercase())));
    for must in ["a7a6+a6=w", "d7d6+g7=s", "g7g6+b7=f", "d7c6"] {
        assert!(names.contains(&must.to_string()), "{must}");
    }
    // Either case is read; the game records the turn as Black's. White
    // kept its 2 points and is paid 1 (3); Black paid 1 of its 2 (1); the
    // upgrade resets the quiet-turn count.
    g.play(turn("a7a6+a6=W")).unwrap();
    assert_eq!(g.turns_played()[1].to_string(), "a7a6+a6=w");
    assert_eq!(
        g.position().to_string(),
        "1ppkppp/w6/7/7/7/3K3/PPP1PPP w 3 1 - - 0 2"
    );
    // White's letters stay uppercase; a Black raising is lowercase too.
    assert!(g.legal_turns().iter().any(|t| t.to_string() == "a1a2+a2=W"));
    let g = game("3k3/7/7/2n4/7/7/3K3 b 1 2 - r 0 9");
    let names: Vec<String> = g.legal_turns().iter().map(Turn::to_string).collect();
    assert!(names.contains(&"c4@r".to_string()), "{names:?}");
}

#[test]
fn bad_position_strings_say_why() {
    let cases = [
        ("pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - -", "8 fields"),
        ("pppkppp/7/7/7/7/PPPKPPP w 2 1 - - 0 1", "6 ranks"),
        ("pppkppp/7/7/7/7/7/PPPKPPPP w 2 1 - - 0 1", "more than 7"),
        (
            "pppkppp/7/7/7/7/7/PPPKPP w 2 1 - - 0 1",
            "only 6 of its 7 squares",
        ),
        ("pppkppp/7/7/7/7/7/PPPQPPP w 2 1 - - 0 1", "'Q'"),
        (
            "ppppppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1",
            "Black has no king",
        ),
        ("pppkppp/7/7/7/7/7/PPKKPPP w 2 1 - - 0 1", "2 kings"),
        ("pppkppp/7/7/7/7/7/PPPKPPP x 2 1 - - 0 1", "'w' or 'b'"),
        ("pppkppp/7/7/7/7/7/PPPKPPP w -2 1 - - 0 1", "whole number"),
        ("pppkppp/7/7/7/7/7/PPPKPPP w 0 1 - - 0 1", "0 points"),
        ("pppkppp/7/7/7/7/7/PPPKPPP w 2 1 a1 - 0 1", "no protector"),
        ("pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - P 0 1", "15 pieces"),
        (
            "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - K 0 1",
            "pool holds a king",
        ),
        (
            "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 0",
            "turn numbers start at 1",
        ),
        (
            "3k3/3R3/7/7/7/7/3K3 w 2 1 - - 0 1",
            "Black is not to move but its king is attacked",
        ),
    ];
    arbiter_core::testing::notation::refusals(|t| t.parse::<Position>(), &cases);
}

#[test]
fn refused_actions_change_nothing() {
    let mut g = ProgressiveChess::start();
    let before = g.position().to_string();
    assert!(matches!(
        g.act(Seat(1), &turn("d7d6")),
        Err(ActionError::NotYourTurn { .. })
    ));
    for illegal in ["d1d3", "a1a2+a2=R", "a1a2+a2=T"] {
        let refused = g.act(Seat(0), &turn(illegal));
        assert!(
            matches!(refused, Err(ActionError::Illegal { .. })),
            "{illegal}: {refused:?}"
        );
    }
    assert!(matches!(
        g.parse_action(Seat(0), "a1"),
        Err(ActionError::Malformed { .. })
    ));
    assert_eq!(g.position().to_string(), before);
    g.act_text(Seat(0), "b1b2+b2=F").unwrap();
    assert_eq!(
        g.position().to_string(),
        "pppkppp/7/7/7/7/1F5/P1PKPPP b 1 2 - - 0 1"
    );
    assert_eq!(g.legal_actions(Seat(1)).len(), 171);
}

#[test]
fn diagram_shows_points_pools_and_the_position() {
    let g = game("3k3/7/7/3t3/7/3R3/3K3 b 2 2 d4 Pr 1 5");
    let d = g.diagram();
    assert!(d.contains("White: 2 points, captured P"), "{d}");
    assert!(d.contains("Black: 2 points, captured r"), "{d}");
    assert!(d.contains(" t.|"), "spent shield marked: {d}");
    assert!(d.ends_with("Position: 3k3/7/7/3t3/7/3R3/3K3 b 2 2 d4 Pr 1 5"));
}

/// Seeded random damage to valid strings: the parsers answer Ok or a
/// reason, never panic, and what they accept prints back the same.
#[test]
fn damaged_strings_never_panic() {
    use arbiter_core::Seed;
    let alphabet: Vec<char> = "pwflsrbctxzunkPWFLSRBCTXZUNK01234567899/ -wbabcdefgh@=+é"
        .chars()
        .collect();
    let mut rng = Seed::from_u64(77).rng();
    let sources = data_positions();
    for i in 0..20_000 {
        let mut chars: Vec<char> = sources[i % sources.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len());
            match rng.below(3) {
                0 => chars[at] = *rng.choose(&alphabet).unwrap(),
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, *rng.choose(&alphabet).unwrap()),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = text.parse::<Position>() {
            assert_eq!(p.to_string().parse::<Position>().unwrap(), p, "{text}");
        }
        let mut notation: Vec<char> = "b1b2+b2=F".chars().collect();
        let at = rng.below(notation.len());
        notation[at] = *rng.choose(&alphabet).unwrap();
        let notation: String = notation.into_iter().collect();
        if let Ok(t) = notation.parse::<Turn>() {
            assert_eq!(t.to_string().parse::<Turn>().unwrap(), t);
        }
    }
}

#[test]
fn the_data_positions_use_every_piece_type() {
    use arbiter_progressive_chess::Role;
    let mut seen = [false; Role::COUNT];
    for text in data_positions() {
        let p = pos(&text);
        for s in p.board().occupied() {
            seen[p.piece_at(s).unwrap().role.index()] = true;
        }
    }
    for role in Role::ALL {
        assert!(seen[role.index()], "no perft position has a {role}");
    }
}

#[test]
fn the_organiser_may_let_black_start() {
    use arbiter_progressive_chess::{Color, Ruleset};
    let g = ProgressiveChess::new(Ruleset {
        first: Color::Black,
        ..Ruleset::default()
    });
    assert_eq!(
        g.position().to_string(),
        "pppkppp/7/7/7/7/7/PPPKPPP b 1 2 - - 0 1"
    );
    assert_eq!(g.legal_turns().len(), 171);
}
