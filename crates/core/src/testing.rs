//! The generic random-simulation check every game's test suite runs.
//!
//! It plays random games through the [`Game`] interface alone and checks
//! what any game must satisfy, whatever its rules: legal actions are sorted
//! and stable, only seats that may act have any, every listed action prints
//! and parses back to itself and is accepted, refused actions change
//! nothing, clones evolve identically, and finished games report one result
//! per seat.

use crate::{Game, GameRng, Phase, Seat};

/// What a simulation run saw, for callers that want to assert more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimulationReport {
    pub games: usize,
    pub finished: usize,
    pub steps: usize,
}

/// Plays `games` random games of at most `max_steps` actions each from
/// `start`, panicking with a description at the first broken property.
pub fn random_simulation<G>(
    start: &G,
    rng: &mut GameRng,
    games: usize,
    max_steps: usize,
) -> SimulationReport
where
    G: Game,
    G::Action: PartialEq,
{
    let mut report = SimulationReport {
        games,
        ..SimulationReport::default()
    };
    for _ in 0..games {
        let mut game = start.clone();
        for _ in 0..max_steps {
            let phase = game.phase();
            let acting: Vec<Seat> = match &phase {
                Phase::Over(outcome) => {
                    assert_eq!(
                        outcome.results.len(),
                        game.seat_count(),
                        "one result per seat"
                    );
                    report.finished += 1;
                    break;
                }
                Phase::Chance => {
                    game.resolve(rng).expect("a chance step resolves");
                    report.steps += 1;
                    continue;
                }
                Phase::Turn(seat) => vec![*seat],
                Phase::Claim(seats) | Phase::Simultaneous(seats) => {
                    assert!(
                        seats.windows(2).all(|w| w[0] < w[1]),
                        "phase seats are sorted"
                    );
                    seats.clone()
                }
            };
            for seat in Seat::all(game.seat_count()) {
                if !phase.may_act(seat) {
                    assert!(
                        game.legal_actions(seat).is_empty(),
                        "{seat} may not act but has actions"
                    );
                }
            }
            let seat = acting[rng.below(acting.len())];
            let actions = game.legal_actions(seat);
            let texts: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
            assert!(
                texts.windows(2).all(|w| w[0] <= w[1]),
                "legal actions are sorted: {texts:?}"
            );
            assert_eq!(
                game.legal_actions(seat),
                actions,
                "legal actions are stable"
            );
            for (action, text) in actions.iter().zip(&texts) {
                let parsed = game
                    .parse_action(seat, text)
                    .unwrap_or_else(|e| panic!("{text} does not parse: {e}"));
                assert!(parsed == *action, "{text} parses to a different action");
            }
            if actions.is_empty() {
                // Only simultaneous steps may leave a seat nothing to list;
                // the host then closes the step.
                assert!(
                    matches!(phase, Phase::Simultaneous(_)),
                    "{seat} must act but has no legal action"
                );
                game.resolve(rng)
                    .expect("a simultaneous step can be closed");
                report.steps += 1;
                continue;
            }
            let action = &actions[rng.below(actions.len())];
            let mut twin = game.clone();
            game.act(seat, action)
                .unwrap_or_else(|e| panic!("listed action {action} refused: {e}"));
            twin.act(seat, action).expect("the clone accepts it too");
            assert_eq!(game.phase(), twin.phase(), "clones evolve identically");
            report.steps += 1;
        }
    }
    report
}
