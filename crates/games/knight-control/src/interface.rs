//! Knight Control through the shared game interface.

use crate::action::{Action, GiftChoice, ItemChoices, Move, Orders, Spawn};
use crate::game::{KnightControl, Stage};
use crate::view::KnightControlView;
use arbiter_core::{ActionError, Disclosure, Game, GameRng, Phase, Seat, Viewer};

impl Game for KnightControl {
    type Action = Action;
    type View = KnightControlView;

    fn seat_count(&self) -> usize {
        self.players()
    }

    fn phase(&self) -> Phase {
        match self.outcome() {
            Some(outcome) => Phase::Over(outcome),
            None => Phase::Simultaneous(self.pending()),
        }
    }

    /// A representative list, sorted by notation (the full space of orders
    /// is far too large): passing; for bids, the claimable letters in
    /// layout order and their rotations; for orders, each single 1×2 spawn
    /// and each single one-leap move; for items, each single use; for the
    /// end-of-game step, `done` and exchanging one garnet or all; for gifts, nullifying and gifting every
    /// ToL to one player; for votes, abstaining and each candidate. `act`
    /// accepts every legal action.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.pending().contains(&seat) {
            return Vec::new();
        }
        let layout = self.layout();
        let state = self.state();
        let mut out = Vec::new();
        match self.stage() {
            Stage::Bidding => {
                out.push(Action::Bid(None));
                let letters = layout.claimable_letters();
                let len = crate::bidding::bid_length(&letters);
                for r in 0..letters.len() {
                    let bid: Vec<char> =
                        (0..len).map(|k| letters[(r + k) % letters.len()]).collect();
                    out.push(Action::Bid(Some(bid)));
                }
            }
            Stage::Orders => {
                out.push(Action::Orders(Orders::default()));
                out.extend(self.spawns(seat).into_iter().map(|spawn| {
                    Action::Orders(Orders {
                        spawn: Some(spawn),
                        ..Orders::default()
                    })
                }));
                for k in state.knights.iter().filter(|k| k.owner == seat) {
                    for to in state.landings(layout, seat, k.cell, k.movement) {
                        let mv = Move {
                            knight: layout.place(k.cell),
                            landings: vec![layout.place(to)],
                        };
                        out.push(Action::Orders(Orders {
                            moves: vec![mv],
                            ..Orders::default()
                        }));
                    }
                }
            }
            Stage::Items => {
                out.push(Action::Items(ItemChoices::default()));
                let candidates = self.single_item_uses(seat);
                out.extend(candidates.into_iter().map(Action::Items));
            }
            Stage::FinalExchange => {
                out.push(Action::Done);
                // One garnet, or all of them (a purse may hold very many).
                let garnets = state.purses[seat.index()].garnets;
                out.extend(
                    [1, garnets]
                        .into_iter()
                        .filter(|&n| n > 0)
                        .map(Action::Exchange),
                );
            }
            Stage::PieceGifts | Stage::ChipGifts => {
                let count = self.awards().to_place[seat.index()] as usize;
                out.push(Action::Gifts(Vec::new()));
                for other in Seat::all(self.players()).filter(|&o| o != seat) {
                    out.push(Action::Gifts(vec![GiftChoice::Gift(other); count]));
                }
            }
            Stage::Vote => {
                out.push(Action::Vote(None));
                out.extend(
                    self.awards()
                        .candidates
                        .iter()
                        .map(|&c| Action::Vote(Some(c))),
                );
            }
            Stage::Over => {}
        }
        out.retain(|a| {
            let mut probe = self.clone();
            probe.submit(seat, a).is_ok()
        });
        out.sort_by_cached_key(|a| a.to_string());
        out.dedup();
        out
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ActionError> {
        Action::parse(text, self.players()).map_err(|reason| ActionError::malformed(text, reason))
    }

    fn act(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.submit(seat, action)
    }

    /// Closes the current step at its deadline. The game draws from its own
    /// seeded stream (fixed when it was created), never from `rng`, so a
    /// step closed by the last submission and one closed by the host draw
    /// the same numbers.
    fn resolve(&mut self, _rng: &mut GameRng) -> Result<(), ActionError> {
        self.close_step()
            .map_err(|reason| ActionError::NotYourTurn {
                seat: Seat(0),
                reason,
            })
    }

    fn view(&self, viewer: Viewer) -> KnightControlView {
        self.view_for(viewer)
    }

    /// See [`KnightControl::disclose`]: others learn only that a player
    /// submitted, once per step.
    fn disclose(&self, seat: Seat, action: &Action, viewer: Viewer) -> Disclosure {
        KnightControl::disclose(self, seat, action, viewer)
    }
}

impl KnightControl {
    /// Every single use of one item `seat` holds, each on its own.
    pub fn single_item_uses(&self, seat: Seat) -> Vec<ItemChoices> {
        let layout = self.layout();
        let state = self.state();
        let held = self.held(seat);
        let mut out = Vec::new();
        let knight = |id: &u32| state.knights[state.index_of(*id).expect("holder on board")];
        for k in held.extra_moves.iter().map(knight) {
            for to in state.landings(layout, seat, k.cell, k.movement) {
                let extra = (layout.place(k.cell), layout.place(to));
                out.push(ItemChoices {
                    extra_moves: vec![extra],
                    ..Default::default()
                });
            }
        }
        for k in held.portals.iter().map(knight) {
            for (cell, item) in state.items.iter().enumerate() {
                if *item == Some(crate::Item::Portal) && cell as u16 != k.cell {
                    out.push(ItemChoices {
                        teleport: Some((layout.place(k.cell), layout.place(cell as u16))),
                        ..Default::default()
                    });
                }
            }
        }
        for k in held.modifies.iter().map(knight) {
            for (m, n) in [(1, 2), (1, 3), (2, 2), (2, 3)] {
                let movement = crate::Movement { m, n };
                out.push(ItemChoices {
                    modifies: vec![(layout.place(k.cell), movement)],
                    ..Default::default()
                });
            }
        }
        if held.extra_spawns > 0 {
            out.extend(self.spawns(seat).into_iter().map(|spawn| ItemChoices {
                spawns: vec![spawn],
                ..Default::default()
            }));
        }
        out
    }

    /// A 1×2 knight on each empty cell of `seat`'s zone.
    fn spawns(&self, seat: Seat) -> Vec<Spawn> {
        let (layout, state) = (self.layout(), self.state());
        let Some(zone) = state.zones[seat.index()] else {
            return Vec::new();
        };
        layout
            .zone(zone)
            .cells
            .iter()
            .filter(|&&cell| state.knight_at(cell).is_none())
            .map(|&cell| Spawn {
                cell: layout.place(cell),
                movement: crate::Movement::KNIGHT,
            })
            .collect()
    }
}
