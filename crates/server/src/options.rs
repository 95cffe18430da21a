//! Ruleset options are a JSON object whose every key the game knows: a
//! misspelt option is refused by name rather than silently ignored.

use serde_json::Value;

/// Refuses the first key of `options` that is not in `known`.
pub fn only(game: &str, options: &Value, known: &[&str]) -> Result<(), String> {
    let Some(map) = options.as_object() else {
        return Ok(());
    };
    match map.keys().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(key) => Err(format!(
            "unknown {game} option '{key}': {}",
            match known {
                [] => "it takes no options".to_string(),
                [one] => format!("the only option is '{one}'"),
                [init @ .., last] => format!(
                    "the options are {} and '{last}'",
                    init.iter()
                        .map(|k| format!("'{k}'"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_keys_are_named() {
        let known = ["wide", "high"];
        assert_eq!(only("Tilechess", &json!({"wide": 3}), &known), Ok(()));
        assert_eq!(
            only("Tilechess", &json!({"wide": 3, "zzz": 1}), &known),
            Err("unknown Tilechess option 'zzz': the options are 'wide' and 'high'".into())
        );
        assert_eq!(
            only("Knight Court", &json!({"postion": "x"}), &["position"]),
            Err("unknown Knight Court option 'postion': the only option is 'position'".into())
        );
    }
}
