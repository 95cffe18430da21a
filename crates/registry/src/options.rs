//! Ruleset options as data: each game lists the options it takes, with
//! their types, defaults and bounds. The lobby draws its controls from this
//! list (`GET /api/kinds`), and [`check`] is the one place that refuses an
//! option a game does not take, or a value out of its bounds, before the
//! game is built.

use serde::Serialize;
use serde_json::Value;

/// One option a game takes, under `key` in the options object.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Opt {
    pub key: &'static str,
    /// What the lobby writes beside its control.
    pub label: &'static str,
    #[serde(flatten)]
    pub kind: OptKind,
}

/// An option's type, default and bounds.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptKind {
    /// A whole number from `min` to `max`.
    Int {
        min: u64,
        max: u64,
        default: u64,
    },
    /// A whole number from `min` to `max` that is off unless given (a house
    /// rule). `suggested` is what the lobby fills in for a game of bots only.
    Limit {
        min: u64,
        max: u64,
        suggested: u64,
    },
    /// A moment, in unix milliseconds up to `max`, that is off unless given
    /// (a house rule). The lobby suggests `suggested_minutes` from now for a
    /// game of bots only.
    Moment {
        max: i64,
        suggested_minutes: u64,
    },
    Bool {
        default: bool,
    },
    /// One of a few words (`values`), which the lobby shows as `labels`
    /// (the same order: "chips held" for `chips`).
    Choice {
        values: &'static [&'static str],
        labels: &'static [&'static str],
        default: &'static str,
    },
    /// Free text the game parses (a position string); empty or absent: the
    /// game's default (`placeholder` says which).
    Text {
        placeholder: &'static str,
    },
    /// An object of further options. When `toggle` is set the group is off
    /// unless given: `false` or absent is off, `true` is on with every
    /// field's default, an object is on with the fields it names.
    Group {
        toggle: bool,
        fields: &'static [Opt],
    },
    /// A JSON document the game reads itself (a layout file); the lobby
    /// shows no control for it.
    Document,
}

/// Checks `options` (a JSON object; null is none) against `spec`: every key
/// must be one the game takes and every value of its type and within its
/// bounds. `game` names the game in the message.
pub fn check(game: &str, spec: &[Opt], options: &Value) -> Result<(), String> {
    match options {
        Value::Null => Ok(()),
        Value::Object(_) => check_fields(&format!("{game} option"), spec, options),
        _ => Err("options must be a JSON object".into()),
    }
}

fn known(spec: &[Opt]) -> String {
    if spec.is_empty() {
        return "it takes none".into();
    }
    let keys: Vec<String> = spec.iter().map(|o| format!("'{}'", o.key)).collect();
    format!("the options are {}", keys.join(", "))
}

fn check_fields(what: &str, spec: &[Opt], object: &Value) -> Result<(), String> {
    let Value::Object(map) = object else {
        return Err(format!("{what}s must be a JSON object"));
    };
    for (key, value) in map {
        let Some(opt) = spec.iter().find(|o| o.key == key) else {
            return Err(format!("unknown {what} '{key}': {}", known(spec)));
        };
        check_value(&format!("{what} '{key}'"), opt, value)?;
    }
    Ok(())
}

fn check_value(what: &str, opt: &Opt, value: &Value) -> Result<(), String> {
    if value.is_null() {
        return Ok(());
    }
    match opt.kind {
        OptKind::Int { min, max, .. } => match value.as_u64() {
            Some(n) if (min..=max).contains(&n) => Ok(()),
            _ => Err(format!("{what} must be a whole number from {min} to {max}")),
        },
        OptKind::Limit { min, max, .. } => match value.as_u64() {
            Some(n) if (min..=max).contains(&n) => Ok(()),
            _ => Err(format!("{what} must be a whole number from {min} to {max}")),
        },
        OptKind::Moment { max, .. } => match value.as_i64() {
            Some(ms) if (0..=max).contains(&ms) => Ok(()),
            _ => Err(format!(
                "{what} must be a time in unix milliseconds, from 0 to {max}"
            )),
        },
        OptKind::Bool { .. } => match value {
            Value::Bool(_) => Ok(()),
            _ => Err(format!("{what} must be true or false")),
        },
        OptKind::Choice { values, .. } => match value.as_str() {
            Some(v) if values.contains(&v) => Ok(()),
            _ => Err(format!("{what} must be one of {}", values.join(", "))),
        },
        OptKind::Text { .. } => match value {
            Value::String(_) => Ok(()),
            _ => Err(format!("{what} must be a string")),
        },
        OptKind::Group { toggle, fields } => match value {
            Value::Bool(_) if toggle => Ok(()),
            Value::Object(_) => check_fields(&format!("{} setting", opt.key), fields, value),
            _ if toggle => Err(format!(
                "{what} must be true, false or an object of {}",
                field_list(fields)
            )),
            _ => Err(format!(
                "{what} must be an object of {}",
                field_list(fields)
            )),
        },
        OptKind::Document => Ok(()),
    }
}

/// The moments given in `options` (a checked options object), with their
/// options: only top-level options are moments.
pub fn moments<'a>(spec: &'a [Opt], options: &Value) -> Vec<(&'a Opt, i64)> {
    spec.iter()
        .filter(|o| matches!(o.kind, OptKind::Moment { .. }))
        .filter_map(|o| Some((o, options.get(o.key)?.as_i64()?)))
        .collect()
}

/// Refuses a moment given in `options` that is not after `now_ms`: a game
/// set to end at a time that has passed would be over as it is made.
pub fn check_moments_after(
    game: &str,
    spec: &[Opt],
    options: &Value,
    now_ms: i64,
) -> Result<(), String> {
    let passed = moments(spec, options)
        .into_iter()
        .find(|&(_, ms)| ms <= now_ms);
    match passed {
        Some((opt, ms)) => Err(format!(
            "{game} option '{}' ({}) is {ms}, {} seconds before now ({now_ms}): \
             give a time still to come",
            opt.key,
            opt.label,
            (now_ms - ms) / 1000
        )),
        None => Ok(()),
    }
}

/// Moves every moment given in `options` by `by_ms`, within the moment's
/// bounds: a rematch lasts as long as the game before it.
pub fn shift_moments(spec: &[Opt], options: &mut Value, by_ms: i64) {
    for o in spec {
        let OptKind::Moment { max, .. } = o.kind else {
            continue;
        };
        if let Some(value) = options.get_mut(o.key) {
            if let Some(ms) = value.as_i64() {
                *value = Value::from(ms.saturating_add(by_ms).clamp(0, max));
            }
        }
    }
}

fn field_list(fields: &[Opt]) -> String {
    let keys: Vec<&str> = fields.iter().map(|o| o.key).collect();
    keys.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SPEC: &[Opt] = &[
        Opt {
            key: "wide",
            label: "Blocks across",
            kind: OptKind::Int {
                min: 1,
                max: 20,
                default: 6,
            },
        },
        Opt {
            key: "clock",
            label: "Clocks",
            kind: OptKind::Group {
                toggle: true,
                fields: &[Opt {
                    key: "step_secs",
                    label: "s a step",
                    kind: OptKind::Int {
                        min: 1,
                        max: 60,
                        default: 10,
                    },
                }],
            },
        },
    ];

    const TIMED: &[Opt] = &[
        Opt {
            key: "turn_limit",
            label: "Turns",
            kind: OptKind::Limit {
                min: 1,
                max: 9,
                suggested: 5,
            },
        },
        Opt {
            key: "end_at_ms",
            label: "End at",
            kind: OptKind::Moment {
                max: 5_000,
                suggested_minutes: 30,
            },
        },
    ];

    #[test]
    fn a_moment_must_be_still_to_come() {
        let given = json!({"end_at_ms": 1_000, "turn_limit": 3});
        let given_keys: Vec<_> = (moments(TIMED, &given).iter())
            .map(|(o, ms)| (o.key, *ms))
            .collect();
        assert_eq!(given_keys, vec![("end_at_ms", 1_000)]);
        assert_eq!(check_moments_after("G", TIMED, &given, 999), Ok(()));
        for now in [1_000, 4_000] {
            let said = check_moments_after("G", TIMED, &given, now).unwrap_err();
            assert!(
                said.starts_with("G option 'end_at_ms' (End at) is 1000, "),
                "{said}"
            );
            assert!(said.ends_with("give a time still to come"), "{said}");
        }
        assert_eq!(
            check_moments_after("G", TIMED, &json!({"turn_limit": 3}), 4_000),
            Ok(())
        );
        assert_eq!(
            check_moments_after("G", TIMED, &json!({"end_at_ms": null}), 9),
            Ok(())
        );
    }

    #[test]
    fn shifting_moves_only_moments_and_keeps_them_in_bounds() {
        let mut given = json!({"end_at_ms": 1_000, "turn_limit": 3});
        shift_moments(TIMED, &mut given, 2_500);
        assert_eq!(given, json!({"end_at_ms": 3_500, "turn_limit": 3}));
        shift_moments(TIMED, &mut given, i64::MAX);
        assert_eq!(given["end_at_ms"], 5_000);
        let mut none = json!({"turn_limit": 3});
        shift_moments(TIMED, &mut none, 10);
        assert_eq!(none, json!({"turn_limit": 3}));
    }

    #[test]
    fn known_options_within_bounds_pass() {
        for ok in [
            json!(null),
            json!({}),
            json!({"wide": 1}),
            json!({"wide": 20, "clock": true}),
            json!({"clock": false}),
            json!({"clock": {"step_secs": 60}}),
            json!({"clock": {}, "wide": null}),
        ] {
            assert_eq!(check("G", SPEC, &ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn unknown_options_name_themselves_and_the_known_ones() {
        assert_eq!(
            check("G", SPEC, &json!({"zzz": 1})),
            Err("unknown G option 'zzz': the options are 'wide', 'clock'".into())
        );
        assert_eq!(
            check("G", SPEC, &json!({"clock": {"step": 1}})),
            Err("unknown clock setting 'step': the options are 'step_secs'".into())
        );
        assert_eq!(
            check("G", &[], &json!({"position": "x"})),
            Err("unknown G option 'position': it takes none".into())
        );
    }

    #[test]
    fn values_out_of_type_or_bounds_are_refused() {
        for (bad, says) in [
            (json!({"wide": 0}), "from 1 to 20"),
            (json!({"wide": 21}), "from 1 to 20"),
            (json!({"wide": -1}), "from 1 to 20"),
            (json!({"wide": 2.5}), "from 1 to 20"),
            (json!({"wide": "6"}), "from 1 to 20"),
            (json!({"clock": 3}), "true, false or an object of step_secs"),
            (json!({"clock": {"step_secs": 61}}), "from 1 to 60"),
            (json!([1]), "a JSON object"),
        ] {
            let err = check("G", SPEC, &bad).unwrap_err();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}
