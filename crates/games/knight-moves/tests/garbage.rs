//! Garbage in: mangled position strings and move texts are refused with a
//! reason, never a panic, and never change a game.

use arbiter_core::{Game, Seed, TextPosition};
use arbiter_knight_moves::{KnightMoves, Position};

const SAMPLES: [&str; 4] = [
    "1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -",
    "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -",
    "1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o d2",
    "7/2x2~o1/1o5/3Oo2/2X3x/7/x2o~x2/7 x -",
];
const ALPHABET: &[u8] = b"xoXO~/-1234567890abcdefgh ";

#[test]
fn mangled_position_strings_parse_or_say_why() {
    let mut rng = Seed::from_u64(11).rng();
    for i in 0..20_000 {
        let mut bytes = SAMPLES[i % SAMPLES.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            let c = ALPHABET[rng.below(ALPHABET.len())];
            match rng.below(3) {
                0 if at < bytes.len() => bytes[at] = c,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, c),
            }
        }
        let text = String::from_utf8(bytes).unwrap();
        match text.parse::<Position>() {
            Ok(pos) => assert_eq!(pos.to_string().parse::<Position>(), Ok(pos), "{text}"),
            Err(e) => assert!(!e.reason.is_empty(), "{text}"),
        }
    }
}

#[test]
fn random_move_texts_are_refused_without_changing_the_game() {
    let mut rng = Seed::from_u64(12).rng();
    let games: Vec<KnightMoves> = SAMPLES
        .iter()
        .map(|s| KnightMoves::from_position(s).unwrap())
        .collect();
    let squares: Vec<String> = (0..7)
        .flat_map(|f| (1..=8).map(move |r| format!("{}{r}", (b'a' + f) as char)))
        .collect();
    let mut accepted = 0;
    for i in 0..20_000 {
        let mut game = games[i % games.len()].clone();
        let before = game.position().to_string();
        // Half random squares, half a legal turn with one square changed,
        // added or dropped.
        let mut parts: Vec<String> = if i % 2 == 0 {
            (0..1 + rng.below(6))
                .map(|_| squares[rng.below(squares.len())].clone())
                .collect()
        } else {
            let moves = game.legal_moves();
            let mv = rng.choose(&moves).expect("the samples are not over");
            mv.to_string().split('-').map(str::to_string).collect()
        };
        let at = rng.below(parts.len());
        match rng.below(4) {
            0 => parts[at] = squares[rng.below(squares.len())].clone(),
            1 => parts.insert(at, squares[rng.below(squares.len())].clone()),
            2 if parts.len() > 1 => {
                parts.remove(at);
            }
            _ => {}
        }
        let text = parts.join("-");
        let seat = game.turn().seat();
        let legal = game.legal_moves().iter().any(|m| m.to_string() == text);
        match game.act_text(seat, &text) {
            Ok(_) => {
                assert!(legal, "{before}: {text} was accepted but is not listed");
                accepted += 1;
            }
            Err(e) => {
                assert!(!legal, "{before}: {text} is listed but refused: {e}");
                assert_eq!(game.position().to_string(), before);
            }
        }
    }
    assert!(
        accepted > 1000,
        "only {accepted} texts were legal: the test should try many legal ones"
    );
}

/// A square's token was split one byte before its end, which panicked in
/// the middle of a letter of two or more bytes (found by the fuzz target
/// `position_strings`; docs/fuzzing.md).
#[test]
fn letters_outside_ascii_are_refused_with_a_reason() {
    for text in [
        "1xxXxx1/7/7/7/7/7/7/1ooOoé x -",
        "é",
        "~é/7/7/7/7/7/7/7 x -",
        "1xxXxx1/7/7/7/7/7/7/1ooOo\u{1F600} x -",
        "1xxXxx1/7/7/7/7/7/7/1ooOo\u{20AC}1 x -",
    ] {
        let e = text.parse::<Position>().unwrap_err();
        assert!(!e.reason.is_empty(), "{text}");
    }
}
