//! The CLI's games are the registry's (`arbiter_registry::KINDS`): every
//! command that takes a GAME looks it up here, and an unknown one is
//! refused with the list of known ids.

use arbiter_registry::{Kind, KINDS};

/// Every game of the registry, in its order (what `arbiter games` lists).
pub fn all() -> &'static [Kind] {
    KINDS
}

/// The game with this id; an unknown one is refused with the known ids.
pub fn find(id: &str) -> Result<&'static Kind, String> {
    arbiter_registry::kind(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_game_is_refused_with_every_known_id() {
        let err = find("chess").unwrap_err();
        assert!(err.starts_with("unknown game 'chess'"), "{err}");
        for kind in all() {
            assert!(err.contains(kind.id), "{err}");
            assert_eq!(find(kind.id).unwrap().id, kind.id);
        }
    }
}
