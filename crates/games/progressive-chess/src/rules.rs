//! The organiser's choices (docs/rules/progressive-chess.md#ruleset).

use crate::piece::Color;

/// Options the rule text leaves to the organiser. The default is the rule
/// text as written: White first, no repetition or 50-turn draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Who moves first from the start position.
    pub first: Color,
    /// A draw when the same position (points aside) occurs a third time.
    pub repetition_draw: bool,
    /// A draw after 50 turns by each side (100 in all) without a capture or
    /// an upgrade.
    pub fifty_turn_draw: bool,
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset {
            first: Color::White,
            repetition_draw: false,
            fifty_turn_draw: false,
        }
    }
}

impl Ruleset {
    /// The rule text plus both optional draw rules.
    pub fn with_draw_rules() -> Ruleset {
        Ruleset {
            repetition_draw: true,
            fifty_turn_draw: true,
            ..Ruleset::default()
        }
    }

    /// Turns (both sides together) without a capture or upgrade that end
    /// the game when the 50-turn rule is on.
    pub const FIFTY_TURNS: u32 = 100;
}
