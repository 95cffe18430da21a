//! The entries of [`KINDS`], in the lobby's order.

use crate::limits::{KNIGHT_CONTROL_DEADLINE_SECS, MAX_CLOCK_SECS, MAX_END_AT_MS, MAX_TURN_LIMIT};
use crate::matches::{KnightControlArena, TurnArena};
use crate::options::{Opt, OptKind};
use crate::tools::{KnightControlTools, TurnBased};
use crate::uci::UciDuel;
use crate::Kind;
use arbiter_core::{Seed, TextPosition};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::games::knight_court::{KnightCourtTableDuel, Proofs};
use arbiter_search::games::knight_moves::KnightMovesDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::knight_court as solved;
use arbiter_tilechess::Tilechess;

const POSITION: Opt = Opt {
    key: "position",
    label: "Start from the position",
    kind: OptKind::Text {
        placeholder: "the start position",
    },
};

const fn int(key: &'static str, label: &'static str, min: u64, max: u64, default: u64) -> Opt {
    Opt {
        key,
        label,
        kind: OptKind::Int { min, max, default },
    }
}

const fn flag(key: &'static str, label: &'static str, default: bool) -> Opt {
    Opt {
        key,
        label,
        kind: OptKind::Bool { default },
    }
}

/// An alternating duel of two fixed seats, started from the standard
/// position or a position string.
const fn duel(
    id: &'static str,
    name: &'static str,
    options: &'static [Opt],
    tools: &'static dyn crate::Tools,
    matches: &'static dyn crate::Matches,
    uci: &'static dyn crate::uci::Uci,
) -> Kind {
    Kind {
        id,
        name,
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
        deadline_per: "turn",
        options,
        tools,
        matches,
        uci: Some(uci),
    }
}

/// Knight Court's solved value of the position, beside the engine's move.
fn table_value(game: &KnightCourt) -> Option<String> {
    let value = solved::analyse(solved::table(), game).first()?.1;
    Some(format!("table: {value}"))
}

/// Tilechess: the colour at the start of each action says who plays it.
fn tilechess_actor(game: &Tilechess, text: &str) -> Result<arbiter_core::Seat, String> {
    game.actor(text).map_err(|e| e.to_string())
}

/// `--openings table-wins`: positions the solved table says the side to
/// move wins.
fn table_wins(games: usize, seed: u64) -> Vec<String> {
    arbiter_search::games::knight_court::won_positions(games, Seed::from_u64(seed))
        .into_iter()
        .map(|p| TextPosition::position(&KnightCourt::starting_at(p)))
        .collect()
}

/// Every game, in the lobby's order.
pub static KINDS: &[Kind] = &[
    duel(
        arbiter_knight_court::ID,
        "Knight Court",
        &[POSITION],
        &TurnBased::<KnightCourt>::with_note(table_value),
        &TurnArena::<KnightCourt>::with_openings("table-wins", table_wins),
        &UciDuel::<KnightCourtTableDuel>::refereed(&Proofs::STANDARD),
    ),
    duel(
        arbiter_knight_moves::ID,
        "Knight Moves",
        &[POSITION],
        &TurnBased::<KnightMoves>::new(),
        &TurnArena::<KnightMoves>::new(),
        &UciDuel::<KnightMovesDuel>::new(),
    ),
    duel(
        arbiter_progressive_chess::ID,
        "Progressive Chess",
        &[
            Opt {
                key: "clock",
                label: "Step clocks",
                kind: OptKind::Group {
                    toggle: true,
                    fields: &[
                        int("step_secs", "Seconds a step", 1, MAX_CLOCK_SECS, 120),
                        int("reserve_secs", "Seconds of reserve", 1, MAX_CLOCK_SECS, 300),
                    ],
                },
            },
            flag(
                "match",
                "A two-game match (colours swap if game 1 is drawn)",
                false,
            ),
            flag("draw_rules", "Repetition and 50-turn draws", false),
            POSITION,
        ],
        &TurnBased::<ProgressiveChess>::new(),
        &TurnArena::<ProgressiveChess>::new(),
        &UciDuel::<ProgressiveChessDuel>::new(),
    ),
    Kind {
        id: arbiter_tilechess::ID,
        name: "Tilechess",
        min_seats: 1,
        max_seats: arbiter_tilechess::MAX_PLAYERS,
        growing: true,
        default_deadline_secs: None,
        deadline_per: "turn",
        options: &[
            int("wide", "Blocks across", 1, 20, 6),
            int("high", "Blocks up", 1, 20, 6),
            flag("eight_pawns", "Eight pawns a side", false),
            flag(
                "repeat_turns",
                "A player may take two turns in a row",
                false,
            ),
            // House rules (docs/rules/tilechess.md#house-rules): off unless
            // given; the lobby suggests values for a game of bots only.
            Opt {
                key: "turn_limit",
                label: "End after this many turns (house rule)",
                kind: OptKind::Limit {
                    min: 1,
                    max: MAX_TURN_LIMIT as u64,
                    suggested: 200,
                },
            },
            Opt {
                key: "end_at_ms",
                label: "End at (house rule)",
                kind: OptKind::Moment {
                    max: MAX_END_AT_MS,
                    suggested_minutes: 30,
                },
            },
        ],
        tools: &TurnBased::<Tilechess>::claimed(
            tilechess_actor,
            "Tilechess is a many-player game of claimed turns: play it on the server",
        ),
        matches: &TurnArena::<Tilechess>::new(),
        uci: None,
    },
    Kind {
        id: arbiter_knight_control::ID,
        name: "Knight Control",
        min_seats: 2,
        max_seats: arbiter_knight_control::MAX_PLAYERS,
        growing: false,
        default_deadline_secs: Some(KNIGHT_CONTROL_DEADLINE_SECS),
        deadline_per: "phase",
        options: &[
            Opt {
                key: "rules",
                label: "Rules",
                kind: OptKind::Group {
                    toggle: false,
                    fields: &[
                        int("rounds", "Rounds", 1, 99, 10),
                        // The game's own bounds (arbiter-knight-control's
                        // MAX_COUNT and MAX_RATE; the registry test checks them).
                        int("start_chips", "Chips at the start", 0, 1_000_000, 5),
                        int("garnet_rate", "Chips a garnet", 1, 1_000, 3),
                        flag(
                            "extra_spawn_base_free",
                            "Extra Spawn waives the base chip",
                            true,
                        ),
                        Opt {
                            key: "ec_by",
                            label: "The EC is who has the",
                            kind: OptKind::Choice {
                                values: &["chips_gained", "chips"],
                                labels: &["fewest chips gained", "fewest chips held"],
                                default: "chips_gained",
                            },
                        },
                    ],
                },
            },
            Opt {
                key: "layout",
                label: "Layout file",
                kind: OptKind::Document,
            },
        ],
        tools: &KnightControlTools,
        matches: &KnightControlArena,
        uci: None,
    },
];

#[cfg(test)]
mod tests {
    use crate::options::{Opt, OptKind};
    use arbiter_tilechess::Ruleset;

    fn default_of(kind: &str, key: &str) -> OptKind {
        let kind = crate::kind(kind).unwrap();
        let find = |opts: &'static [Opt], key: &str| opts.iter().find(|o| o.key == key).copied();
        let (group, field) = key.split_once('.').unwrap_or((key, ""));
        let opt = find(kind.options, group).unwrap();
        match (opt.kind, field) {
            (OptKind::Group { fields, .. }, f) if !f.is_empty() => find(fields, f).unwrap().kind,
            (k, _) => k,
        }
    }

    fn int(kind: &str, key: &str) -> u64 {
        match default_of(kind, key) {
            OptKind::Int { default, .. } => default,
            other => panic!("{kind} {key}: {other:?}"),
        }
    }

    fn flag(kind: &str, key: &str) -> bool {
        match default_of(kind, key) {
            OptKind::Bool { default } => default,
            other => panic!("{kind} {key}: {other:?}"),
        }
    }

    /// The defaults the lobby shows are the games' own.
    #[test]
    fn the_registry_defaults_are_the_games_defaults() {
        let t = Ruleset::default();
        assert_eq!(int("tilechess", "wide"), t.wide as u64);
        assert_eq!(int("tilechess", "high"), t.high as u64);
        assert_eq!(flag("tilechess", "eight_pawns"), t.eight_pawns);
        assert_eq!(flag("tilechess", "repeat_turns"), t.repeat_turns);
        let k = arbiter_knight_control::Rules::default();
        assert_eq!(int("knight-control", "rules.rounds"), k.rounds as u64);
        assert_eq!(
            int("knight-control", "rules.start_chips"),
            k.start_chips as u64
        );
        assert_eq!(
            int("knight-control", "rules.garnet_rate"),
            k.garnet_rate as u64
        );
        assert_eq!(
            flag("knight-control", "rules.extra_spawn_base_free"),
            k.extra_spawn_base_free
        );
        // The registry's bounds are the game's: its own check accepts the
        // largest values and refuses one more.
        let rules = |rate: u32, chips: u32| arbiter_knight_control::Rules {
            garnet_rate: rate,
            start_chips: chips,
            ..k
        };
        assert!(rules(1_000, 1_000_000).check().is_ok());
        assert!(rules(1_001, 5).check().is_err());
        assert!(rules(3, 1_000_001).check().is_err());
        let c = arbiter_progressive_chess::ClockSettings::default();
        assert_eq!(
            int("progressive-chess", "clock.step_secs"),
            c.per_step.as_secs()
        );
        assert_eq!(
            int("progressive-chess", "clock.reserve_secs"),
            c.reserve.as_secs()
        );
    }

    #[test]
    fn ids_are_unique_and_seat_ranges_sound() {
        for (i, kind) in super::KINDS.iter().enumerate() {
            assert!(
                kind.min_seats >= 1 && kind.min_seats <= kind.max_seats,
                "{}",
                kind.id
            );
            assert!(
                super::KINDS[..i].iter().all(|k| k.id != kind.id),
                "{}",
                kind.id
            );
            assert_eq!(crate::kind(kind.id).unwrap().id, kind.id);
        }
        let err = crate::kind("tilechess2").unwrap_err();
        assert_eq!(
            err,
            "unknown game 'tilechess2'; known games: knight-court, knight-moves, \
             progressive-chess, tilechess, knight-control"
        );
    }

    /// The lobby names the seats of the duels as their rules do (the rule
    /// texts: White and Black in Knight Court and Progressive Chess, Eks
    /// and Ohs in Knight Moves), and the others by number.
    #[test]
    fn seats_are_named_as_the_rules_name_them() {
        let names = |id| crate::kind(id).unwrap().seat_names();
        assert_eq!(names("knight-court"), ["White", "Black"]);
        assert_eq!(names("knight-moves"), ["Eks", "Ohs"]);
        assert_eq!(names("progressive-chess"), ["White", "Black"]);
        assert!(names("tilechess").is_empty());
        assert!(names("knight-control").is_empty());
    }

    /// Every choice has a word for the lobby for each of its values, and
    /// its default is one of them.
    #[test]
    fn every_choice_is_labelled() {
        fn walk(options: &[Opt], choices: &mut usize) {
            for o in options {
                match o.kind {
                    OptKind::Choice {
                        values,
                        labels,
                        default,
                    } => {
                        assert_eq!(values.len(), labels.len(), "{}", o.key);
                        assert!(values.contains(&default), "{}", o.key);
                        assert!(labels.iter().all(|l| !l.is_empty()), "{}", o.key);
                        *choices += 1;
                    }
                    OptKind::Group { fields, .. } => walk(fields, choices),
                    _ => {}
                }
            }
        }
        let mut choices = 0;
        for kind in super::KINDS {
            walk(kind.options, &mut choices);
        }
        assert!(choices > 0);
    }
}
