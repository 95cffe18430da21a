//! Checks of a notation: that a reader refuses bad text and says why (each
//! case a text and words its error must contain, so a table of cases reads
//! like the rulebook's list of what is not allowed), and a board's square
//! names.

use std::fmt::{Debug, Display};

/// Checks that `read` refuses every `(text, says)` of `cases` with an error
/// containing `says` (an empty `says` only asks for a refusal).
#[track_caller]
pub fn refusals<T: Debug, E: Display>(read: impl Fn(&str) -> Result<T, E>, cases: &[(&str, &str)]) {
    for &(text, says) in cases {
        match read(text) {
            Ok(read) => panic!("'{text}' was read as {read:?}; it should be refused"),
            Err(e) => {
                let e = e.to_string();
                assert!(
                    e.contains(says),
                    "'{text}' is refused with \"{e}\", not one that says \"{says}\""
                );
            }
        }
    }
}

/// Checks that each text of `same` reads and writes back unchanged.
#[track_caller]
pub fn round_trips<T: Display, E: Display>(read: impl Fn(&str) -> Result<T, E>, same: &[&str]) {
    for &text in same {
        match read(text) {
            Ok(read) => assert_eq!(
                read.to_string(),
                text,
                "'{text}' is written back differently"
            ),
            Err(e) => panic!("'{text}' is refused: {e}"),
        }
    }
}

/// Checks a board's square names: each `(index, name)` of `named` writes
/// as `name` and reads back as that square, and every name of `off` (off
/// the board, or not a square name) is refused.
#[track_caller]
pub fn square_names<Q: Display + Debug + PartialEq, E: Display>(
    new: impl Fn(usize) -> Q,
    read: impl Fn(&str) -> Result<Q, E>,
    named: &[(usize, &str)],
    off: &[&str],
) {
    for &(index, name) in named {
        assert_eq!(new(index).to_string(), name, "square {index}");
        match read(name) {
            Ok(square) => assert_eq!(square, new(index), "{name}"),
            Err(e) => panic!("{name} is refused: {e}"),
        }
    }
    for &name in off {
        assert!(read(name).is_err(), "{name} is read as a square");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| format!("'{text}' is not a digit"))
    }

    #[test]
    fn refusals_and_round_trips() {
        refusals(digit, &[("x", "not a digit"), ("", "")]);
        round_trips(digit, &["7", "10"]);
    }

    #[test]
    #[should_panic(expected = "should be refused")]
    fn an_accepted_text_fails() {
        refusals(digit, &[("7", "")]);
    }

    #[test]
    #[should_panic(expected = "not one that says")]
    fn the_wrong_reason_fails() {
        refusals(digit, &[("x", "too long")]);
    }
}
