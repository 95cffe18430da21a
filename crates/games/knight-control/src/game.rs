//! A game of Knight Control: the referee's whole truth, and the steps it
//! walks through (docs/rules/knight-control.md).
//!
//! The game owns its one seeded random stream, so every draw happens in the
//! same order whoever triggers a step (the last submission or the host's
//! deadline): item placement at creation, then bidding leftovers, then the
//! EC tie-break.

use crate::action::{Action, GiftChoice};
use crate::awards::Awards;
use crate::bidding;
use crate::check::{check_choices, check_orders, CheckedChoices, CheckedOrders, Held};
use crate::event::Event;
use crate::item;
use crate::layout::{Cell, Layout};
use crate::place::{player_name, Player};
use crate::round::{self, Scratch};
use crate::setup::{place_items, Setup};
use crate::state::{EcMeasure, Rules, State};
pub use crate::trade::{Communal, Offer, Trade};
use arbiter_core::{ActionError, GameRng, Outcome, Seat, Seed, SeedCommitment};
use serde::Serialize;
use std::sync::Arc;

/// The game's id in the CLI and on the server.
pub const ID: &str = "knight-control";

/// The most players a game seats (one per claimable zone of the standard board).
pub const MAX_PLAYERS: usize = 11;

/// The step the game is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Bidding,
    /// Step 1 of the current round; trades and communal garnets happen here.
    Orders,
    /// Step 5 of the current round.
    Items,
    /// After the last round, open to every player: garnets may still be
    /// exchanged, chips traded and communal garnets spent, until everyone
    /// is `done` or the deadline.
    FinalExchange,
    /// End-game step 1: extra ToLs from pieces are gifted or nullified.
    PieceGifts,
    /// End-game step 2: a most-chips ToL for a holder is gifted or nullified.
    ChipGifts,
    /// End-game step 3: the vote among tied EC candidates.
    Vote,
    Over,
}

/// A private message to one player (void submissions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Notice {
    pub round: u8,
    pub text: String,
}

/// The public events of one round (round 0 is the bidding).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundLog {
    pub round: u8,
    pub events: Vec<Event>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct KnightControl {
    pub(crate) players: usize,
    pub(crate) rules: Rules,
    pub(crate) layout: Arc<Layout>,
    pub(crate) commitment: SeedCommitment,
    rng: GameRng,
    pub(crate) state: State,
    pub(crate) stage: Stage,
    pub(crate) waiting: Vec<bool>,
    pub(crate) submitted: Vec<Option<Action>>,
    checked_orders: Vec<Option<CheckedOrders>>,
    checked_choices: Vec<Option<CheckedChoices>>,
    pub(crate) held: Vec<Held>,
    portals_taken: Vec<Cell>,
    pub(crate) offers: Vec<Offer>,
    pub(crate) trades: Vec<Trade>,
    pub(crate) communal: Vec<Communal>,
    pub(crate) notices: Vec<Vec<Notice>>,
    pub(crate) log: Vec<RoundLog>,
    pub(crate) current: Vec<Event>,
    pub(crate) published: crate::view::Board,
    pub(crate) awards: Awards,
    scratch: Scratch,
    /// Players who left the game (`resign.rs`): never waited for again.
    pub(crate) resigned: Vec<bool>,
}

fn check_players(players: usize, layout: &Layout) -> Result<(), String> {
    let most = layout.claimable_letters().len().min(MAX_PLAYERS);
    if most < 2 {
        return Err(format!(
            "this layout has {most} claimable zone(s); a game needs at least 2"
        ));
    }
    if !(2..=most).contains(&players) {
        let plural = if players == 1 { "" } else { "s" };
        return Err(format!(
            "{players} player{plural}: a game seats 2 to {most}"
        ));
    }
    Ok(())
}

impl KnightControl {
    /// A fresh game: bidding is next. Items come from the layout file, or
    /// are laid from `seed` with the default mix.
    pub fn new(
        players: usize,
        rules: Rules,
        layout: Layout,
        seed: Seed,
    ) -> Result<KnightControl, String> {
        check_players(players, &layout)?;
        rules.check()?;
        let mut rng = seed.rng();
        let mut state = State::new(&layout, players);
        let items = match &layout.file().items {
            Some(items) => items.clone(),
            None => item::generate(layout.files(), layout.ranks(), &mut rng),
        };
        place_items(&layout, &mut state, &items)?;
        let mut game = KnightControl::blank(players, rules, layout, seed, rng, state);
        game.start_step(Stage::Bidding, vec![true; players]);
        game.publish();
        Ok(game)
    }

    /// A game continuing from a host's setup: the orders of `setup.round`
    /// are next.
    pub fn from_setup(
        rules: Rules,
        layout: Layout,
        seed: Seed,
        setup: &Setup,
    ) -> Result<KnightControl, String> {
        rules.check()?;
        let state = setup.to_state(&layout, rules.rounds)?;
        let players = setup.players.len();
        let mut game = KnightControl::blank(players, rules, layout, seed, seed.rng(), state);
        game.start_step(Stage::Orders, vec![true; players]);
        game.publish();
        Ok(game)
    }

    fn blank(
        players: usize,
        rules: Rules,
        layout: Layout,
        seed: Seed,
        rng: GameRng,
        state: State,
    ) -> KnightControl {
        KnightControl {
            players,
            rules,
            layout: Arc::new(layout),
            commitment: seed.commitment(),
            rng,
            state,
            stage: Stage::Bidding,
            waiting: vec![false; players],
            submitted: vec![None; players],
            checked_orders: vec![None; players],
            checked_choices: vec![None; players],
            held: vec![Held::default(); players],
            portals_taken: Vec::new(),
            offers: Vec::new(),
            trades: Vec::new(),
            communal: Vec::new(),
            notices: vec![Vec::new(); players],
            log: Vec::new(),
            current: Vec::new(),
            published: crate::view::Board::default(),
            awards: Awards::default(),
            scratch: Scratch::default(),
            resigned: vec![false; players],
        }
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn commitment(&self) -> SeedCommitment {
        self.commitment
    }

    /// The unfiltered state (for hosts and tests; players get views).
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The round being played (from 1).
    pub fn round(&self) -> u8 {
        self.state.round
    }

    pub fn awards(&self) -> &Awards {
        &self.awards
    }

    pub fn log(&self) -> &[RoundLog] {
        &self.log
    }

    /// Private notices for `seat`.
    pub fn notices(&self, seat: Seat) -> &[Notice] {
        &self.notices[seat.index()]
    }

    /// Usable items `seat` took this round.
    pub fn held(&self, seat: Seat) -> &Held {
        &self.held[seat.index()]
    }

    /// Seats that still have to submit in the current step, sorted.
    pub fn pending(&self) -> Vec<Seat> {
        if self.stage == Stage::Over {
            return Vec::new();
        }
        Seat::all(self.players)
            .filter(|s| self.waiting[s.index()] && self.submitted[s.index()].is_none())
            .filter(|s| !self.resigned[s.index()])
            .collect()
    }

    /// `seat`'s submission in the current step, if any.
    pub fn submission(&self, seat: Seat) -> Option<&Action> {
        self.submitted[seat.index()].as_ref()
    }

    /// The result, once the game is over: score = ToLs held, the EC scores
    /// -1.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        let scores: Vec<i64> = Seat::all(self.players)
            .map(|s| {
                if self.awards.ec == Some(s) {
                    -1
                } else {
                    // Empty when the game ended before the awards (resign.rs).
                    self.awards.tols.get(s.index()).copied().unwrap_or(0) as i64
                }
            })
            .collect();
        let ec = self.awards.ec.map_or("no EC".to_string(), |s| {
            format!("the EC is {}", player_name(s))
        });
        // What put the first first: "P6 wins: most ToLs (1); the EC is P3".
        let tols = match scores.iter().max() {
            Some(&most) if most > 0 => format!("most ToLs ({most})"),
            _ => "nobody holds a ToL".to_string(),
        };
        let outcome = Outcome::from_scores(&scores, format!("{tols}; {ec}"));
        Some(self.rank_resigned(outcome))
    }

    fn start_step(&mut self, stage: Stage, waiting: Vec<bool>) {
        self.stage = stage;
        self.waiting = waiting;
        self.submitted = vec![None; self.players];
        self.checked_orders = vec![None; self.players];
        self.checked_choices = vec![None; self.players];
    }

    /// Plays or submits `action` for `seat`. Refused actions change nothing.
    pub fn submit(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        let refuse = |reason: String| ActionError::illegal(action.to_string(), reason);
        self.refuse_outsider(seat)?;
        let not_now = |what: &str| ActionError::NotYourTurn {
            seat,
            reason: format!("{what} (the game is at {:?})", self.stage),
        };
        match action {
            // An invalid bid is accepted and counts as no bid (issue 7); the
            // player is told why when bidding closes.
            Action::Bid(_) => {
                if self.stage != Stage::Bidding {
                    return Err(not_now("bids are made before round 1"));
                }
            }
            Action::Orders(orders) => {
                if self.stage != Stage::Orders {
                    return Err(not_now("orders are submitted in step 1 of a round"));
                }
                let checked =
                    check_orders(&self.layout, &self.state, seat, orders).map_err(refuse)?;
                self.checked_orders[seat.index()] = Some(checked);
            }
            Action::Items(choices) => {
                if self.stage != Stage::Items || !self.waiting[seat.index()] {
                    return Err(not_now(
                        "item choices come in step 5, from players who took usable items",
                    ));
                }
                let checked = check_choices(
                    &self.layout,
                    &self.state,
                    &self.rules,
                    seat,
                    &self.held[seat.index()],
                    choices,
                )
                .map_err(refuse)?;
                self.checked_choices[seat.index()] = Some(checked);
            }
            Action::Exchange(n) => {
                if !matches!(self.stage, Stage::Orders | Stage::FinalExchange) {
                    return Err(not_now(
                        "garnets are exchanged between rounds, in submissions, or after the last round",
                    ));
                }
                let garnets = self.state.purses[seat.index()].garnets;
                if *n > garnets {
                    return Err(refuse(format!("the player holds {garnets} garnets")));
                }
                if *n == 0 {
                    return Err(refuse("exchange at least one garnet".into()));
                }
                // Between rounds and after the last round an exchange happens
                // at once; it is not the player's submission for the step
                // (docs/rules/knight-control.md#economy).
                return self.exchange_now(seat, *n).map_err(refuse);
            }
            Action::Done => {
                if self.stage != Stage::FinalExchange {
                    return Err(not_now(
                        "'done' ends the step after the last round; in this step submit as usual",
                    ));
                }
            }
            Action::Gifts(choices) => {
                if !matches!(self.stage, Stage::PieceGifts | Stage::ChipGifts)
                    || !self.waiting[seat.index()]
                {
                    return Err(not_now("only a player with a ToL to place gifts one"));
                }
                let count = self.awards.to_place[seat.index()] as usize;
                if choices.len() > count {
                    return Err(refuse(format!(
                        "{} choices for {count} ToL(s) to place",
                        choices.len()
                    )));
                }
                if choices.contains(&GiftChoice::Gift(seat)) {
                    return Err(refuse("a ToL is gifted to another player".into()));
                }
            }
            Action::Vote(vote) => {
                if self.stage != Stage::Vote || !self.waiting[seat.index()] {
                    return Err(not_now(
                        "only players who won a ToL themselves vote, when EC candidates tie",
                    ));
                }
                if let Some(c) = vote {
                    if !self.awards.candidates.contains(c) {
                        let names: Vec<String> = self
                            .awards
                            .candidates
                            .iter()
                            .map(|&s| player_name(s))
                            .collect();
                        return Err(refuse(format!(
                            "{} is not a candidate; the candidates are {}",
                            player_name(*c),
                            names.join(", ")
                        )));
                    }
                }
            }
            Action::Offer { to, chips } => return self.offer(seat, *to, *chips).map_err(refuse),
            Action::Accept { from } => return self.accept(seat, *from).map_err(refuse),
            Action::Communal(k) => return self.consent(seat, *k).map_err(refuse),
        }
        self.submitted[seat.index()] = Some(action.clone());
        self.advance();
        Ok(())
    }

    /// Closes the current step at its deadline: seats that have not
    /// submitted submit nothing (the documented defaults).
    pub fn close_step(&mut self) -> Result<(), String> {
        if self.stage == Stage::Over {
            return Err("the game is over".into());
        }
        self.close();
        self.advance();
        Ok(())
    }

    /// Resolves steps for as long as nobody is left to submit.
    pub(crate) fn advance(&mut self) {
        while self.stage != Stage::Over && self.pending().is_empty() {
            self.close();
        }
    }

    fn close(&mut self) {
        let players = self.players;
        match self.stage {
            Stage::Bidding => {
                let letters = self.layout.claimable_letters();
                let mut bids: Vec<Option<Vec<char>>> = vec![None; players];
                for (s, slot) in bids.iter_mut().enumerate() {
                    let Some(Action::Bid(Some(bid))) = &self.submitted[s] else {
                        continue;
                    };
                    match bidding::check_bid(bid, &letters) {
                        Ok(()) => *slot = Some(bid.clone()),
                        Err(reason) => self.notices[s].push(Notice {
                            round: 0,
                            text: format!(
                                "bid {} counts as no bid: {reason}",
                                bid.iter().collect::<String>()
                            ),
                        }),
                    }
                }
                for (s, (letter, _by_bid)) in bidding::assign(&bids, &letters, &mut self.rng)
                    .into_iter()
                    .enumerate()
                {
                    self.state.zones[s] = self.layout.zone_by_letter(letter);
                    self.state.purses[s].chips += self.rules.start_chips;
                    self.current.push(Event::ZoneAssigned {
                        player: Player(Seat(s as u8)),
                        zone: letter,
                    });
                }
                self.flush_log(0);
                self.publish();
                self.start_step(Stage::Orders, vec![true; players]);
            }
            Stage::Orders => {
                let orders: Vec<Option<&CheckedOrders>> =
                    self.checked_orders.iter().map(Option::as_ref).collect();
                let mut void = Vec::new();
                let (held, portals) = round::resolve_orders(
                    &self.layout,
                    &self.rules,
                    &mut self.state,
                    &orders,
                    &mut self.scratch,
                    &mut self.current,
                    &mut void,
                );
                self.notify(void);
                self.held = held;
                self.portals_taken = portals;
                let waiting = self.held.iter().map(|h| !h.is_empty()).collect();
                self.start_step(Stage::Items, waiting);
            }
            Stage::Items => {
                let choices: Vec<Option<&CheckedChoices>> =
                    self.checked_choices.iter().map(Option::as_ref).collect();
                let mut void = Vec::new();
                round::resolve_choices(
                    &self.layout,
                    &self.rules,
                    &mut self.state,
                    &choices,
                    &self.portals_taken,
                    &mut self.scratch,
                    &mut self.current,
                    &mut void,
                );
                self.notify(void);
                self.held = vec![Held::default(); players];
                self.portals_taken.clear();
                self.offers.clear();
                self.flush_log(self.state.round);
                self.state.round += 1;
                self.publish();
                if self.state.round > self.rules.rounds {
                    // Open for everyone, garnets or not: trades and communal
                    // garnets are still possible (docs/rules/knight-control.md#end-of-game).
                    self.start_step(Stage::FinalExchange, vec![true; players]);
                } else {
                    self.start_step(Stage::Orders, vec![true; players]);
                }
            }
            Stage::FinalExchange => {
                // Exchanges happened as they were made; `done` only said
                // that a player needs no more time.
                self.offers.clear();
                let pieces: Vec<u32> = self.state.purses.iter().map(|p| p.tol_pieces).collect();
                self.awards = Awards::from_pieces(&pieces);
                self.start_step(Stage::PieceGifts, self.awards.deciders());
            }
            Stage::PieceGifts | Stage::ChipGifts => {
                let step = if self.stage == Stage::PieceGifts {
                    1
                } else {
                    2
                };
                for s in Seat::all(players) {
                    if self.waiting[s.index()] {
                        let choices = match &self.submitted[s.index()] {
                            Some(Action::Gifts(c)) => c.clone(),
                            _ => Vec::new(),
                        };
                        self.awards.place(s, &choices, step);
                    }
                }
                if step == 1 {
                    let gained: Vec<u32> = self.state.purses.iter().map(|p| p.gained).collect();
                    self.awards.most_chips_gained(&gained);
                    self.start_step(Stage::ChipGifts, self.awards.deciders());
                } else {
                    let measure: Vec<u32> = self
                        .state
                        .purses
                        .iter()
                        .map(|p| match self.rules.ec_by {
                            EcMeasure::ChipsGained => p.gained,
                            EcMeasure::Chips => p.chips,
                        })
                        .collect();
                    if self.awards.choose_ec(&measure, &mut self.rng) {
                        let mut waiting = vec![false; players];
                        for v in &self.awards.voters {
                            waiting[v.index()] = true;
                        }
                        self.start_step(Stage::Vote, waiting);
                    } else {
                        self.finish();
                    }
                }
            }
            Stage::Vote => {
                let votes: Vec<Option<Seat>> = self
                    .submitted
                    .iter()
                    .map(|a| match a {
                        Some(Action::Vote(v)) => *v,
                        _ => None,
                    })
                    .collect();
                self.awards.count_votes(&votes, &mut self.rng);
                self.finish();
            }
            Stage::Over => {}
        }
    }

    pub(crate) fn finish(&mut self) {
        if !self.current.is_empty() {
            self.flush_log(self.rules.rounds + 1);
        }
        self.start_step(Stage::Over, vec![false; self.players]);
    }

    fn notify(&mut self, void: Vec<(Seat, String)>) {
        for (seat, text) in void {
            self.notices[seat.index()].push(Notice {
                round: self.state.round,
                text,
            });
        }
    }

    fn flush_log(&mut self, round: u8) {
        let events = std::mem::take(&mut self.current);
        self.log.push(RoundLog { round, events });
    }

    fn publish(&mut self) {
        self.published = crate::view::Board::of(&self.layout, &self.state);
    }
}
