//! The random-simulation contract every game passes, in the spirit of
//! OpenSpiel's random-simulation test.
//!
//! It plays seeded random games through the [`Game`] interface and checks,
//! at every step, what any game must satisfy whatever its rules:
//!
//! - only seats the phase names have actions; each seat's legal actions are
//!   sorted by notation, stable, print and parse back to themselves, and
//!   are accepted (every one, or a random sample of a long list);
//! - refused actions (garbage text, actions of seats that may not act,
//!   actions from earlier in the game) leave every viewer's whole
//!   serialised view byte-identical;
//! - a clone fed the same actions stays identical in every view;
//! - no viewer sees what is private to another seat: the game's
//!   [`Privacy`] probe changes everything private to one seat, and every
//!   other viewer's view must not change (games of perfect information say
//!   so, and then every viewer sees the same view);
//! - the game's position string (when it has one) and the record of the
//!   actions played round-trip to the same game;
//! - a finished game reports one result per seat, refuses every action,
//!   and its outcome is what the game's judge reads from the final state.

use crate::duel::Duel;
use crate::{Game, GameRng, Outcome, Phase, Seat, Seed, TextPosition, Viewer};

/// What a simulation run saw, for callers that want to assert more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimulationReport {
    pub games: usize,
    pub finished: usize,
    pub steps: usize,
    /// Refused actions whose views were compared.
    pub refused: usize,
}

/// What a game keeps from some viewers.
pub enum Privacy<G> {
    /// Every viewer sees everything.
    PerfectInformation,
    /// The game with everything private to the seat changed (its purse, its
    /// sealed submission, ...). The seat's own view must change and no
    /// other viewer's may.
    Hidden(fn(&G, Seat) -> G),
}

/// One step of a simulated game, in order: the record the contract replays.
#[derive(Clone, Debug)]
pub enum Step {
    /// `seat` played the action written so.
    Act(Seat, String),
    /// The host resolved a chance step or closed a simultaneous one, with
    /// this stream (as it was before the call).
    Resolve(Box<GameRng>),
}

type Check<G> = Box<dyn Fn(&G) -> Result<(), String>>;
type Rebuild<G> = Box<dyn Fn(&G, &[Step]) -> Result<G, String>>;
type Judge<G> = Box<dyn Fn(&G, &Outcome) -> Result<(), String>>;

/// The contract for one game and one ruleset, built up and then [`run`](Contract::run).
pub struct Contract<G: Game> {
    name: String,
    start: G,
    games: usize,
    max_steps: usize,
    seed: u64,
    privacy: Option<Privacy<G>>,
    position: Option<Check<G>>,
    records: Vec<(&'static str, Rebuild<G>)>,
    judge: Option<Judge<G>>,
}

/// How many of a long list of legal actions are played each step.
const ACCEPT_SAMPLE: usize = 48;

/// Texts no game accepts as an action.
const GARBAGE: [&str; 8] = [
    "",
    " ",
    "@@@",
    "\u{0}",
    "é♞",
    "move move move",
    "99999999999999999999",
    "-",
];

impl<G: Game> Contract<G> {
    /// The contract for games starting at `start`; `name` says which in
    /// failure messages.
    pub fn new(name: impl Into<String>, start: G) -> Contract<G> {
        Contract {
            name: name.into(),
            start,
            games: 20,
            max_steps: 200,
            seed: 1,
            privacy: None,
            position: None,
            records: Vec::new(),
            judge: None,
        }
    }

    /// Plays `games` games of at most `max_steps` steps each.
    pub fn games(mut self, games: usize, max_steps: usize) -> Self {
        self.games = games;
        self.max_steps = max_steps;
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Every viewer sees everything.
    pub fn perfect_information(mut self) -> Self {
        self.privacy = Some(Privacy::PerfectInformation);
        self
    }

    /// `disguise(game, seat)` changes everything private to `seat`.
    pub fn hidden(mut self, disguise: fn(&G, Seat) -> G) -> Self {
        self.privacy = Some(Privacy::Hidden(disguise));
        self
    }

    /// The game's own record of a finished (or abandoned) game, read back:
    /// `rebuild(game, steps)` must give a game every viewer sees the same.
    pub fn record(
        mut self,
        what: &'static str,
        rebuild: impl Fn(&G, &[Step]) -> Result<G, String> + 'static,
    ) -> Self {
        self.records.push((what, Box::new(rebuild)));
        self
    }

    /// `judge(game, outcome)` says whether `outcome` is the result the
    /// final state calls for.
    pub fn judge(mut self, judge: impl Fn(&G, &Outcome) -> Result<(), String> + 'static) -> Self {
        self.judge = Some(Box::new(judge));
        self
    }
}

impl<G: Game + TextPosition + 'static> Contract<G> {
    /// Checks at every step that the position string reads back to itself.
    pub fn position_strings(mut self) -> Self {
        self.position = Some(Box::new(|game: &G| {
            let text = game.position();
            let again = G::from_position(&text).map_err(|e| e.to_string())?;
            match again.position() {
                back if back == text => Ok(()),
                back => Err(format!("'{text}' reads back as '{back}'")),
            }
        }));
        self
    }
}

impl<D: Duel + 'static> Contract<D> {
    /// The contract for a duel: open information, position strings, and
    /// the record of the start and the moves played, read back.
    pub fn duel(name: impl Into<String>, start: D) -> Self {
        Contract::new(name, start)
            .perfect_information()
            .position_strings()
            .record("the start and the moves played", |game: &D, _| {
                let mut again = D::starting_at(game.first().clone());
                for mv in game.played() {
                    again.try_play(mv).map_err(|e| e.to_string())?;
                }
                Ok(again)
            })
    }

    /// Runs the duel contract from each position string of `starts` with
    /// its number of random games, each of at most `max_steps` steps, the
    /// outcomes read by `judge`: the reports, in order.
    pub fn from_positions(
        starts: &[(&str, usize)],
        max_steps: usize,
        judge: fn(&D, &Outcome) -> Result<(), String>,
    ) -> Vec<SimulationReport> {
        starts
            .iter()
            .map(|&(start, games)| {
                let game = D::from_position(start)
                    .unwrap_or_else(|e| panic!("the start '{start}' does not read: {e}"));
                let report = Contract::duel(start, game)
                    .games(games, max_steps)
                    .judge(judge)
                    .run();
                eprintln!("{start}: {report:?}");
                report
            })
            .collect()
    }
}

/// Every viewer's whole view as JSON: the seats in order, then a spectator.
pub fn views<G: Game>(game: &G) -> Vec<String> {
    Seat::all(game.seat_count())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .map(|viewer| serde_json::to_string(&game.view(viewer)).expect("views serialise"))
        .collect()
}

fn viewer_name(index: usize, seats: usize) -> String {
    if index < seats {
        Seat(index as u8).to_string()
    } else {
        "the spectator".into()
    }
}

/// Panics unless `got` and `want` are the same views.
fn assert_same_views(got: &[String], want: &[String], what: impl Fn() -> String) {
    let seats = want.len() - 1;
    assert_eq!(got.len(), want.len(), "{}: the number of viewers", what());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            g == w,
            "{}: {}'s view changed\n  before: {w}\n  after:  {g}",
            what(),
            viewer_name(i, seats)
        );
    }
}

impl<G: Game> Contract<G> {
    /// Plays the games, panicking with a description at the first broken
    /// property.
    pub fn run(&self) -> SimulationReport {
        let privacy = self.privacy.as_ref().unwrap_or_else(|| {
            panic!(
                "{}: say whether the game has hidden information (`hidden` or `perfect_information`)",
                self.name
            )
        });
        let mut rng = Seed::from_u64(self.seed).rng();
        let mut report = SimulationReport {
            games: self.games,
            ..SimulationReport::default()
        };
        for number in 0..self.games {
            let mut run = Run {
                contract: self,
                privacy,
                number,
                game: self.start.clone(),
                twin: self.start.clone(),
                steps: Vec::new(),
                report: &mut report,
            };
            run.play(&mut rng);
        }
        report
    }
}

/// One simulated game.
struct Run<'a, G: Game> {
    contract: &'a Contract<G>,
    privacy: &'a Privacy<G>,
    number: usize,
    game: G,
    twin: G,
    steps: Vec<Step>,
    report: &'a mut SimulationReport,
}

impl<G: Game> Run<'_, G> {
    fn at(&self) -> String {
        format!(
            "{} game {} step {}",
            self.contract.name,
            self.number,
            self.steps.len()
        )
    }

    fn play(&mut self, rng: &mut GameRng) {
        for _ in 0..self.contract.max_steps {
            let before = views(&self.game);
            assert_same_views(&views(&self.twin), &before, || {
                format!("{}: a clone fed the same actions", self.at())
            });
            self.check_privacy(&before);
            if let Some(check) = &self.contract.position {
                check(&self.game).unwrap_or_else(|e| panic!("{}: {e}", self.at()));
            }
            let phase = self.game.phase();
            let acting = match &phase {
                Phase::Over(outcome) => {
                    self.check_over(outcome, &before);
                    self.report.finished += 1;
                    break;
                }
                Phase::Chance => {
                    self.resolve(rng);
                    continue;
                }
                Phase::Turn(seat) => vec![*seat],
                Phase::Claim(seats) | Phase::Simultaneous(seats) => {
                    assert!(
                        seats.windows(2).all(|w| w[0] < w[1]),
                        "{}: phase seats are sorted: {seats:?}",
                        self.at()
                    );
                    seats.clone()
                }
            };
            let seat = acting[rng.below(acting.len())];
            let actions = self.check_legal_actions(rng, seat, &phase);
            self.check_refusals(rng, seat, &actions, &phase, &before);
            if actions.is_empty() {
                // Only a simultaneous step may leave a seat nothing to list;
                // the host then closes the step.
                assert!(
                    matches!(phase, Phase::Simultaneous(_)),
                    "{}: {seat} must act but has no legal action",
                    self.at()
                );
                self.resolve(rng);
                continue;
            }
            let action = &actions[rng.below(actions.len())];
            self.game
                .act(seat, action)
                .unwrap_or_else(|e| panic!("{}: listed action {action} refused: {e}", self.at()));
            self.twin
                .act(seat, action)
                .unwrap_or_else(|e| panic!("{}: the clone refuses {action}: {e}", self.at()));
            self.steps.push(Step::Act(seat, action.to_string()));
            self.report.steps += 1;
        }
        self.check_records();
    }

    fn resolve(&mut self, rng: &mut GameRng) {
        let stream = rng.fork();
        self.game
            .resolve(&mut stream.clone())
            .unwrap_or_else(|e| panic!("{}: the step does not resolve: {e}", self.at()));
        self.twin
            .resolve(&mut stream.clone())
            .unwrap_or_else(|e| panic!("{}: the clone's step does not resolve: {e}", self.at()));
        self.steps.push(Step::Resolve(Box::new(stream)));
        self.report.steps += 1;
    }

    /// The legal actions of `seat`, checked; and none for seats that may
    /// not act.
    fn check_legal_actions(&self, rng: &mut GameRng, seat: Seat, phase: &Phase) -> Vec<G::Action> {
        let game = &self.game;
        for other in Seat::all(game.seat_count()) {
            if !phase.may_act(other) {
                assert!(
                    game.legal_actions(other).is_empty(),
                    "{}: {other} may not act but has actions",
                    self.at()
                );
            }
        }
        let actions = game.legal_actions(seat);
        let texts: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
        if let Some(w) = texts.windows(2).find(|w| w[0] > w[1]) {
            panic!(
                "{}: {seat}'s legal actions are not sorted by notation: '{}' comes before '{}' in {texts:?}",
                self.at(),
                w[0],
                w[1]
            );
        }
        assert!(
            game.legal_actions(seat) == actions,
            "{}: {seat}'s legal actions are not stable",
            self.at()
        );
        for (action, text) in actions.iter().zip(&texts) {
            let parsed = game
                .parse_action(seat, text)
                .unwrap_or_else(|e| panic!("{}: {text} does not parse: {e}", self.at()));
            assert!(
                parsed == *action,
                "{}: {text} parses to a different action",
                self.at()
            );
        }
        // Every listed action is played (on a clone) where there are few;
        // where there are hundreds (Progressive Chess turns), a random
        // sample of them, so that long lists do not dominate the run.
        let mut tried: Vec<usize> = (0..actions.len()).collect();
        if tried.len() > ACCEPT_SAMPLE {
            rng.shuffle(&mut tried);
            tried.truncate(ACCEPT_SAMPLE);
        }
        for i in tried {
            let mut probe = game.clone();
            if let Err(e) = probe.act(seat, &actions[i]) {
                panic!(
                    "{}: {seat}'s listed action {} is refused: {e}",
                    self.at(),
                    texts[i]
                );
            }
        }
        actions
    }

    /// Tries actions that must be or may be refused, each on a clone; a
    /// refusal must leave every view as it was.
    fn check_refusals(
        &mut self,
        rng: &mut GameRng,
        seat: Seat,
        actions: &[G::Action],
        phase: &Phase,
        before: &[String],
    ) {
        let seats = self.game.seat_count();
        let mut tries: Vec<(Seat, String, bool)> = Vec::new();
        let any_seat = |rng: &mut GameRng| Seat(rng.below(seats + 2) as u8);
        let garbage = GARBAGE[rng.below(GARBAGE.len())];
        let who = any_seat(rng);
        // In a simultaneous step a blank submission from a seat of the game
        // may be the rules' "nothing more from me" (Knight Control's
        // end-of-game step closes on `done` or an empty submission, and a
        // seat that has submitted may still revise); anywhere else it must
        // be refused.
        let blank_may_pass = garbage.trim().is_empty()
            && matches!(phase, Phase::Simultaneous(_))
            && who.index() < seats;
        tries.push((who, garbage.to_string(), !blank_may_pass));
        if let Some(action) = rng.choose(actions) {
            let text = action.to_string();
            // Near misses: the text cut short or with a stray tail.
            let cut: String = text.chars().take(text.chars().count() / 2).collect();
            tries.push((seat, cut, false));
            tries.push((seat, format!("{text}x"), false));
            // A seat the phase does not name must be refused, except in a
            // simultaneous step, where a seat that has submitted may still
            // revise its submission (Knight Control) until the step closes.
            let simultaneous = matches!(phase, Phase::Simultaneous(_));
            for other in Seat::all(seats + 1).filter(|&s| !phase.may_act(s)) {
                let must_refuse = !simultaneous || other.index() >= seats;
                tries.push((other, text.clone(), must_refuse));
            }
        }
        if let Some(Step::Act(_, earlier)) = rng.choose(&self.steps) {
            tries.push((any_seat(rng), earlier.clone(), false));
        }
        for (who, text, must_refuse) in tries {
            let mut probe = self.game.clone();
            match probe.act_text(who, &text) {
                Ok(_) => assert!(
                    !must_refuse,
                    "{}: {who} may not act with '{text}', but it was accepted",
                    self.at()
                ),
                Err(_) => {
                    assert_same_views(&views(&probe), before, || {
                        format!("{}: refused '{text}' by {who}", self.at())
                    });
                    self.report.refused += 1;
                }
            }
        }
    }

    fn check_privacy(&self, before: &[String]) {
        let seats = self.game.seat_count();
        match self.privacy {
            Privacy::PerfectInformation => {
                let spectator = &before[seats];
                for (i, view) in before[..seats].iter().enumerate() {
                    assert!(
                        view == spectator,
                        "{}: a game of perfect information shows {} something the spectator does not see\n  seat:      {view}\n  spectator: {spectator}",
                        self.at(),
                        viewer_name(i, seats)
                    );
                }
            }
            Privacy::Hidden(disguise) => {
                for seat in Seat::all(seats) {
                    let changed = views(&disguise(&self.game, seat));
                    for (i, (got, want)) in changed.iter().zip(before).enumerate() {
                        if i == seat.index() {
                            assert!(
                                got != want,
                                "{}: the privacy probe changed nothing {seat} sees",
                                self.at()
                            );
                        } else {
                            assert!(
                                got == want,
                                "{}: {} sees what is private to {seat}\n  before: {want}\n  after {seat}'s secrets changed: {got}",
                                self.at(),
                                viewer_name(i, seats)
                            );
                        }
                    }
                }
            }
        }
    }

    fn check_over(&mut self, outcome: &Outcome, before: &[String]) {
        let game = &self.game;
        assert_eq!(
            outcome.results.len(),
            game.seat_count(),
            "{}: one result per seat",
            self.at()
        );
        assert_eq!(
            game.outcome().as_ref(),
            Some(outcome),
            "{}: outcome() and the phase disagree",
            self.at()
        );
        if let Some(judge) = &self.contract.judge {
            judge(game, outcome).unwrap_or_else(|e| {
                panic!("{}: the outcome {outcome} does not fit: {e}", self.at())
            });
        }
        let earlier: Vec<String> = self
            .steps
            .iter()
            .filter_map(|step| match step {
                Step::Act(_, text) => Some(text.clone()),
                Step::Resolve(_) => None,
            })
            .collect();
        for seat in Seat::all(game.seat_count()) {
            assert!(
                game.legal_actions(seat).is_empty(),
                "{}: {seat} has actions after the end",
                self.at()
            );
            for text in earlier.iter().rev().take(3) {
                let mut probe = game.clone();
                assert!(
                    probe.act_text(seat, text).is_err(),
                    "{}: '{text}' by {seat} accepted after the end",
                    self.at()
                );
                assert_same_views(&views(&probe), before, || {
                    format!("{}: refused '{text}' after the end", self.at())
                });
            }
        }
    }

    /// Replays the steps from the start, and reads back the game's own
    /// records: every viewer sees the same game.
    fn check_records(&self) {
        let now = views(&self.game);
        let mut replay = self.contract.start.clone();
        for step in &self.steps {
            match step {
                Step::Act(seat, text) => replay.act_text(*seat, text).map(|_| ()),
                Step::Resolve(stream) => replay.resolve(&mut GameRng::clone(stream)),
            }
            .unwrap_or_else(|e| panic!("{}: replaying {step:?}: {e}", self.at()));
        }
        assert_same_views(&views(&replay), &now, || {
            format!("{}: the replayed actions", self.at())
        });
        for (what, rebuild) in &self.contract.records {
            let again = rebuild(&self.game, &self.steps)
                .unwrap_or_else(|e| panic!("{}: {what} does not read back: {e}", self.at()));
            assert_same_views(&views(&again), &now, || {
                format!("{}: {what} read back", self.at())
            });
        }
    }
}
