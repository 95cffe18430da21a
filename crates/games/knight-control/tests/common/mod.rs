//! Helpers for hand-made scenarios: a game from a setup, submissions by
//! text, and the board and purses as plain strings and numbers.
#![allow(dead_code)]

use arbiter_core::{Seat, Seed};
use arbiter_knight_control::{
    ItemPlacement, KnightControl, KnightSetup, Layout, LayoutFile, PlayerSetup, Rules, Setup,
};

/// A game at round 1 from a setup on the standard board: `zones` gives each
/// player's zone letter, `purses` their (chips, garnets), `knights` are
/// (owner, cell, movement) and `items` (cell, item).
pub fn scene(
    zones: &str,
    purses: &[(u32, u32)],
    knights: &[(&str, &str, &str)],
    items: &[(&str, &str)],
) -> KnightControl {
    scene_with(Rules::default(), zones, purses, knights, items)
}

pub fn scene_with(
    rules: Rules,
    zones: &str,
    purses: &[(u32, u32)],
    knights: &[(&str, &str, &str)],
    items: &[(&str, &str)],
) -> KnightControl {
    KnightControl::from_setup(
        rules,
        Layout::standard(),
        Seed::from_u64(1),
        &setup(zones, purses, knights, items),
    )
    .unwrap()
}

pub fn setup(
    zones: &str,
    purses: &[(u32, u32)],
    knights: &[(&str, &str, &str)],
    items: &[(&str, &str)],
) -> Setup {
    assert_eq!(zones.len(), purses.len());
    Setup {
        round: 1,
        players: zones
            .chars()
            .zip(purses)
            .map(|(zone, &(chips, garnets))| PlayerSetup {
                zone,
                chips,
                garnets,
                chips_gained: 0,
                tol_pieces: 0,
            })
            .collect(),
        knights: knights
            .iter()
            .map(|&(owner, cell, movement)| KnightSetup {
                owner: owner.into(),
                cell: cell.parse().unwrap(),
                movement: movement.parse().unwrap(),
            })
            .collect(),
        items: items
            .iter()
            .map(|&(cell, item)| ItemPlacement {
                cell: cell.parse().unwrap(),
                item: item.parse().unwrap(),
            })
            .collect(),
    }
}

/// Submits each (seat, text); panics with the reason if one is refused.
pub fn play(game: &mut KnightControl, moves: &[(u8, &str)]) {
    for &(seat, text) in moves {
        let action = arbiter_knight_control::Action::parse(text, game.players())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.submit(Seat(seat), &action)
            .unwrap_or_else(|e| panic!("P{} {text}: {e}", seat + 1));
    }
}

/// Submits `text` and returns the refusal's message (panics if accepted).
pub fn refused(game: &mut KnightControl, seat: u8, text: &str) -> String {
    let before = game.clone();
    let action = match arbiter_knight_control::Action::parse(text, game.players()) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let err = game
        .submit(Seat(seat), &action)
        .expect_err(text)
        .to_string();
    assert_eq!(game.state(), before.state(), "a refusal changed the state");
    assert_eq!(
        game.pending(),
        before.pending(),
        "a refusal changed who is to submit"
    );
    assert_eq!(game.submission(Seat(seat)), before.submission(Seat(seat)));
    err
}

/// Every knight as "cell owner movement", sorted.
pub fn knights(game: &KnightControl) -> Vec<String> {
    let layout = game.layout();
    let mut out: Vec<String> = game
        .state()
        .knights
        .iter()
        .map(|k| format!("{} P{} {}", layout.name(k.cell), k.owner.0 + 1, k.movement))
        .collect();
    out.sort();
    out
}

/// Checks that `found` (sorted) holds exactly `expected`, in any order.
#[track_caller]
fn assert_sorted(found: Vec<String>, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(found, expected);
}

#[track_caller]
pub fn assert_knights(game: &KnightControl, expected: &[&str]) {
    assert_sorted(knights(game), expected);
}

/// Every item as "cell item", sorted.
pub fn items(game: &KnightControl) -> Vec<String> {
    let layout = game.layout();
    let mut out: Vec<String> = game
        .state()
        .items
        .iter()
        .enumerate()
        .filter_map(|(cell, item)| item.map(|i| format!("{} {i}", layout.name(cell as u16))))
        .collect();
    out.sort();
    out
}

#[track_caller]
pub fn assert_items(game: &KnightControl, expected: &[&str]) {
    assert_sorted(items(game), expected);
}

/// The standard layout with no items on it.
pub fn no_items_layout() -> Layout {
    Layout::from_file(LayoutFile {
        items: Some(Vec::new()),
        ..arbiter_knight_control::standard_file()
    })
    .unwrap()
}

/// (chips, garnets, chips gained, ToL pieces) of player `p` (1-based).
pub fn purse(game: &KnightControl, p: u8) -> (u32, u32, u32, u32) {
    let purse = game.state().purses[p as usize - 1];
    (purse.chips, purse.garnets, purse.gained, purse.tol_pieces)
}

/// Each player's zone letter, P1 first (every player has a zone).
pub fn zone_letters(game: &KnightControl) -> Vec<char> {
    let layout = game.layout();
    game.state()
        .zones
        .iter()
        .map(|z| layout.zone(z.expect("every player has a zone")).letter)
        .collect()
}
