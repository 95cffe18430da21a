//! Games a player can imagine: the board it sees with guessed purses for
//! the others (information-set determinisation, docs/ai.md#knight-control).
//!
//! A bot sees one seat's [`KnightControlView`]: the published board, the
//! public log and its own purse. At the start of a round (the orders step)
//! that board is the whole truth except the other players' purses, so a
//! game rebuilt from the view plus sampled purses is one the real game
//! could be. Nothing here reads hidden state: the input is the view.

use crate::game::{KnightControl, Stage};
use crate::layout::Layout;
use crate::place::{parse_player, Movement};
use crate::setup::{KnightSetup, PlayerSetup, Setup};
use crate::state::Purse;
use crate::view::KnightControlView;
use arbiter_core::{Seat, Seed};

impl KnightControl {
    /// A game in the orders step of `view.round`, built from `view` (the
    /// board as published, which at the orders step is the board as it
    /// stands) with `purses[s]` for each seat. The viewer's own purse
    /// should be `view.me`'s. `layout` is the game's layout (public).
    pub fn determinised(
        layout: &Layout,
        view: &KnightControlView,
        purses: &[Purse],
        seed: Seed,
    ) -> Result<KnightControl, String> {
        if view.stage != Stage::Orders {
            return Err(format!(
                "games are rebuilt at the orders step, not at {:?}",
                view.stage
            ));
        }
        if purses.len() != view.players {
            return Err(format!(
                "{} purses for {} players",
                purses.len(),
                view.players
            ));
        }
        let mut zones = vec![None; view.players];
        for z in &view.board.zones {
            if let Some(owner) = z.owner {
                zones[owner.0.index()] = Some(z.letter);
            }
        }
        let players = zones
            .iter()
            .zip(purses)
            .enumerate()
            .map(|(s, (zone, p))| {
                Ok(PlayerSetup {
                    zone: zone.ok_or_else(|| format!("P{} has no zone yet", s + 1))?,
                    chips: p.chips,
                    garnets: p.garnets,
                    chips_gained: p.gained,
                    tol_pieces: p.tol_pieces,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let setup = Setup {
            round: view.round,
            players,
            knights: view
                .board
                .knights
                .iter()
                .map(|k| KnightSetup {
                    owner: k.owner.to_string(),
                    cell: k.cell,
                    movement: k.movement,
                })
                .collect(),
            items: view.board.items.clone(),
        };
        KnightControl::from_setup(view.rules, layout.clone(), seed, &setup)
    }

    /// Replaces one seat's purse: a new sample of what it may hold.
    pub fn set_purse(&mut self, seat: Seat, purse: Purse) {
        self.state.purses[seat.index()] = purse;
    }
}

/// The seat a player name such as `P3` stands for, in a view of `players`.
pub fn seat_named(name: &str, players: usize) -> Option<Seat> {
    parse_player(name, players).ok()
}

/// The spawning price difference of a Modify, as refund (positive) or cost.
pub fn modify_refund(from: Movement, to: Movement) -> i64 {
    from.cost() as i64 - to.cost() as i64
}
