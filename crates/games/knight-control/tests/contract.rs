//! The contract every game passes (`arbiter_core::testing::contract`), for
//! two, three and six players and the earlier rule texts' options, with the
//! privacy probe `KnightControl::with_secrets_changed` and the game record.

use arbiter_core::testing::{Contract, Step};
use arbiter_core::{Outcome, Seed};
use arbiter_knight_control::record::{Entry, Record};
use arbiter_knight_control::{
    player_name, standard_file, EcMeasure, KnightControl, Layout, Rules, Stage,
};

/// The final standing follows the ToLs awarded, the EC last
/// (docs/rules/knight-control.md#end-of-game).
fn judge(game: &KnightControl, outcome: &Outcome) -> Result<(), String> {
    let awards = game.awards();
    for (i, result) in outcome.results.iter().enumerate() {
        let score = match awards.ec {
            Some(ec) if ec.index() == i => -1,
            _ => awards.tols[i] as i64,
        };
        if result.score != score {
            return Err(format!("P{} scores {} with {score}", i + 1, result.score));
        }
    }
    match game.stage() {
        Stage::Over => Ok(()),
        stage => Err(format!("the game is at {stage:?}")),
    }
}

/// The game's JSON record, written and read back and replayed.
fn record(
    players: usize,
    rules: Rules,
    seed: u64,
) -> impl Fn(&KnightControl, &[Step]) -> Result<KnightControl, String> {
    move |_, steps| {
        let mut record = Record::new(players, rules, standard_file(), Seed::from_u64(seed))?;
        record.entries = steps
            .iter()
            .map(|step| match step {
                Step::Act(seat, action) => Entry::Act {
                    player: player_name(*seat),
                    action: action.clone(),
                },
                Step::Resolve(_) => Entry::Close,
            })
            .collect();
        Record::from_json(&record.to_json())?.replay()
    }
}

#[test]
fn random_games_keep_the_contract() {
    let short = Rules {
        rounds: 3,
        ..Rules::default()
    };
    let earlier = Rules {
        rounds: 2,
        garnet_rate: 1,
        extra_spawn_base_free: false,
        ec_by: EcMeasure::Chips,
        ..Rules::default()
    };
    for (seed, players, rules, games) in [
        (1, 2, Rules::default(), 8),
        (2, 3, short, 8),
        (3, 4, Rules::default(), 4),
        (4, 6, earlier, 4),
    ] {
        let start = KnightControl::new(players, rules, Layout::standard(), Seed::from_u64(seed))
            .expect("a valid game");
        let report = Contract::new(format!("{players} players"), start)
            .seed(seed)
            .games(games, 1000)
            .hidden(KnightControl::with_secrets_changed)
            .record("the JSON record", record(players, rules, seed))
            .judge(judge)
            .run();
        eprintln!("{players} players: {report:?}");
        assert_eq!(report.finished, games, "{report:?}");
    }
}
