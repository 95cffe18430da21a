//! What each viewer may see (docs/rules/knight-control.md#privacy).
//!
//! The public part is the board as last published plus the public log;
//! a player's view adds only that player's own purse, submissions, items,
//! notices and trades. Other players' chips, bids, orders, item choices,
//! gifts and votes never enter another viewer's view.

use crate::awards::AwardsView;
use crate::check::Held;
use crate::game::{KnightControl, Notice, RoundLog, Stage};
use crate::item::ItemPlacement;
use crate::layout::Layout;
use crate::place::{player_name, Movement, Place, Player};
use crate::setup::items_of;
use crate::state::{Purse, Rules, State};
use arbiter_core::{Outcome, Seat, SeedCommitment, Viewer};
use serde::Serialize;

/// A knight as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KnightView {
    pub owner: Player,
    pub cell: Place,
    pub movement: Movement,
}

/// A zone and its owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ZoneView {
    pub letter: char,
    pub owner: Option<Player>,
}

/// The board as last published.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Rounds completed when it was published.
    pub after_round: u8,
    pub zones: Vec<ZoneView>,
    pub knights: Vec<KnightView>,
    pub items: Vec<ItemPlacement>,
    /// Each player's garnets, P1 first.
    pub garnets: Vec<u32>,
}

fn knights_of(layout: &Layout, state: &State, only: Option<Seat>) -> Vec<KnightView> {
    let mut knights: Vec<KnightView> = state
        .knights
        .iter()
        .filter(|k| only.is_none_or(|s| k.owner == s))
        .map(|k| KnightView {
            owner: Player(k.owner),
            cell: layout.place(k.cell),
            movement: k.movement,
        })
        .collect();
    knights.sort_by_key(|k| k.cell.sort_key());
    knights
}

impl Board {
    pub fn of(layout: &Layout, state: &State) -> Board {
        let zones = layout
            .zones()
            .iter()
            .enumerate()
            .map(|(z, zone)| ZoneView {
                letter: zone.letter,
                owner: state
                    .zones
                    .iter()
                    .position(|&o| o == Some(z as u8))
                    .map(|s| Player(Seat(s as u8))),
            })
            .collect();
        Board {
            after_round: state.round.saturating_sub(1),
            zones,
            knights: knights_of(layout, state, None),
            items: items_of(layout, state),
            garnets: state.purses.iter().map(|p| p.garnets).collect(),
        }
    }
}

/// Usable items to decide on in step 5, the knights named by their cells.
pub type HeldView = Held<Place>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OfferView {
    pub from: String,
    pub to: String,
    pub chips: u32,
}

/// A trade the viewer took part in, with both purses' chips after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TradeView {
    pub round: u8,
    pub from: String,
    pub to: String,
    pub chips: u32,
    pub from_chips_after: u32,
    pub to_chips_after: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CommunalView {
    pub number: u32,
    pub partner: String,
    pub my_consent: bool,
    pub partner_consent: bool,
    pub spent: bool,
}

/// What only the viewing player sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrivateView {
    pub player: String,
    pub purse: Purse,
    /// The player's knights as they stand now (mid-round too).
    pub knights_now: Vec<KnightView>,
    /// The player's submission in the current step, in notation.
    pub submission: Option<String>,
    pub items_to_use: Option<HeldView>,
    pub notices: Vec<Notice>,
    pub offers: Vec<OfferView>,
    pub trades: Vec<TradeView>,
    pub communal: Vec<CommunalView>,
    /// ToLs the player must gift or nullify now.
    pub tols_to_place: u32,
    /// Gifts the player gave or received: (giver, receiver, step).
    pub gifts: Vec<(String, String, u8)>,
}

/// One viewer's view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KnightControlView {
    pub game: &'static str,
    pub viewer: Option<String>,
    pub players: usize,
    pub rules: Rules,
    pub seed_commitment: SeedCommitment,
    pub stage: Stage,
    pub round: u8,
    pub waiting_for: Vec<String>,
    pub board: Board,
    pub log: Vec<RoundLog>,
    pub awards: Option<AwardsView>,
    /// During the EC vote: the tied candidates the voters choose among.
    pub vote_candidates: Vec<String>,
    pub outcome: Option<Outcome>,
    pub me: Option<PrivateView>,
}

impl KnightControl {
    /// What `viewer` may see now.
    pub fn view_for(&self, viewer: Viewer) -> KnightControlView {
        let me = match viewer {
            Viewer::Seat(s) if s.index() < self.players => Some(self.private_view(s)),
            _ => None,
        };
        KnightControlView {
            game: crate::ID,
            viewer: match viewer {
                Viewer::Seat(s) => Some(player_name(s)),
                Viewer::Spectator => None,
            },
            players: self.players,
            rules: self.rules,
            seed_commitment: self.commitment,
            stage: self.stage,
            round: self.state.round.min(self.rules.rounds),
            waiting_for: self.waiting_seen_by(viewer),
            board: self.published.clone(),
            log: self.log.clone(),
            awards: (self.stage == Stage::Over).then(|| self.awards.view()),
            vote_candidates: if self.stage == Stage::Vote {
                self.awards
                    .candidates
                    .iter()
                    .map(|&s| player_name(s))
                    .collect()
            } else {
                Vec::new()
            },
            outcome: self.outcome(),
            me,
        }
    }

    /// Who still has to submit, as `viewer` may know it. In the item step
    /// the list would tell everyone who took a usable item before the board
    /// is published, so each player sees only whether they themselves are
    /// awaited (docs/rules/knight-control.md#privacy).
    fn waiting_seen_by(&self, viewer: Viewer) -> Vec<String> {
        let pending = self.pending();
        if self.stage != Stage::Items {
            return pending.into_iter().map(player_name).collect();
        }
        match viewer {
            Viewer::Seat(s) if pending.contains(&s) => vec![player_name(s)],
            _ => Vec::new(),
        }
    }

    fn private_view(&self, s: Seat) -> PrivateView {
        let layout = &self.layout;
        let held = &self.held[s.index()];
        let cell_of = |id: &u32| {
            let i = self
                .state
                .index_of(*id)
                .expect("held items belong to knights on the board");
            layout.place(self.state.knights[i].cell)
        };
        let name = player_name;
        PrivateView {
            player: name(s),
            purse: self.state.purses[s.index()],
            knights_now: knights_of(layout, &self.state, Some(s)),
            submission: self.submitted[s.index()].as_ref().map(|a| a.to_string()),
            items_to_use: (!held.is_empty()).then(|| held.map(cell_of)),
            notices: self.notices[s.index()].clone(),
            offers: self
                .offers
                .iter()
                .filter(|o| o.from == s || o.to == s)
                .map(|o| OfferView {
                    from: name(o.from),
                    to: name(o.to),
                    chips: o.chips,
                })
                .collect(),
            trades: self
                .trades
                .iter()
                .filter(|t| t.from == s || t.to == s)
                .map(|t| TradeView {
                    round: t.round,
                    from: name(t.from),
                    to: name(t.to),
                    chips: t.chips,
                    from_chips_after: t.after[0],
                    to_chips_after: t.after[1],
                })
                .collect(),
            communal: self
                .communal
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    let side = c.players.iter().position(|&p| p == s)?;
                    Some(CommunalView {
                        number: i as u32 + 1,
                        partner: name(c.players[1 - side]),
                        my_consent: c.consent[side],
                        partner_consent: c.consent[1 - side],
                        spent: c.spent,
                    })
                })
                .collect(),
            tols_to_place: self.awards.to_place.get(s.index()).copied().unwrap_or(0),
            gifts: self
                .awards
                .gifts
                .iter()
                .filter(|(from, to, _)| *from == s || *to == s)
                .map(|&(from, to, step)| (name(from), name(to), step))
                .collect(),
        }
    }
}
