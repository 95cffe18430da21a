//! The registry of games: `GET /api/kinds` lists every game with its
//! ruleset options as data, and the create path refuses an unknown game, an
//! unknown option and an option out of its bounds, for every game alike.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

async fn kinds() -> Vec<Value> {
    let app = app().await;
    let (status, v) = get(&app, "/api/kinds", None).await;
    assert_eq!(status, StatusCode::OK);
    v["kinds"].as_array().unwrap().clone()
}

/// Every option at its default, as the lobby would send it untouched.
fn defaults(options: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for o in options.as_array().unwrap() {
        let value = match o["type"].as_str().unwrap() {
            "int" | "bool" | "choice" => o["default"].clone(),
            "group" => defaults(&o["fields"]),
            _ => continue,
        };
        out.insert(o["key"].as_str().unwrap().to_string(), value);
    }
    Value::Object(out)
}

#[tokio::test]
async fn every_game_is_listed_with_its_options_and_takes_their_defaults() {
    let kinds = kinds().await;
    let ids: Vec<&str> = kinds.iter().map(|k| k["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "knight-court",
            "knight-moves",
            "progressive-chess",
            "tilechess",
            "knight-control"
        ]
    );
    let app = app().await;
    for k in &kinds {
        assert!(k["options"].is_array(), "{k}");
        let seats = k["min_seats"].as_u64().unwrap().max(2);
        let body = json!({"game": k["id"], "seats": seats, "options": defaults(&k["options"])});
        let (status, v) = try_create(&app, &body).await;
        assert_eq!(status, StatusCode::OK, "{body}: {v}");
    }
    // The lobby's names of the seats: the duels' sides, none where a seat
    // is named only by number or on joining.
    let names: Vec<&Value> = kinds.iter().map(|k| &k["seat_names"]).collect();
    assert_eq!(
        names,
        [
            &json!(["White", "Black"]),
            &json!(["Eks", "Ohs"]),
            &json!(["White", "Black"]),
            &json!([]),
            &json!([])
        ]
    );
    let tilechess = &kinds[3]["options"][0];
    assert_eq!(
        *tilechess,
        json!({"key": "wide", "label": "Blocks across", "type": "int", "min": 1, "max": 20, "default": 6})
    );
}

#[tokio::test]
async fn unknown_games_and_options_are_refused_by_name() {
    let app = app().await;
    let body = json!({"game": "chess", "seats": 2});
    let (status, v) = try_create(&app, &body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("unknown game 'chess'"), "{error}");
    assert!(
        error.contains("tilechess") && error.contains("knight-control"),
        "{error}"
    );
    for k in kinds().await {
        let seats = k["min_seats"].as_u64().unwrap().max(2);
        for (options, says) in [
            (json!({"zzz": 1}), "unknown"),
            (
                json!({"rules": {"rounds": 0}, "wide": 0, "clock": {"step_secs": 0}, "position": 3}),
                "",
            ),
        ] {
            let body = json!({"game": k["id"], "seats": seats, "options": options});
            let (status, v) = try_create(&app, &body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
            let error = v["error"].as_str().unwrap();
            assert!(error.contains(says), "{body}: {error}");
        }
    }
    // The claim hold is for games of claimed turns only, as an option is
    // for the games that take it.
    for k in kinds().await {
        let seats = k["min_seats"].as_u64().unwrap().max(2);
        let body = json!({"game": k["id"], "seats": seats, "claim_hold_secs": 5});
        let (status, v) = try_create(&app, &body).await;
        if k["growing"] == true {
            assert_eq!(status, StatusCode::OK, "{body}: {v}");
        } else {
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
            let error = v["error"].as_str().unwrap();
            assert!(
                error.starts_with("claim_hold_secs is for games of claimed turns (Tilechess); "),
                "{error}"
            );
        }
    }
    let body = json!({"game": "tilechess", "seats": 2, "options": {"zzz": 1}});
    let (_, v) = try_create(&app, &body).await;
    assert_eq!(
        v["error"],
        "unknown Tilechess option 'zzz': the options are 'wide', 'high', 'eight_pawns', 'repeat_turns', 'turn_limit', 'end_at_ms'"
    );
    let body = json!({"game": "progressive-chess", "seats": 2, "options": {"clock": {"step": 5}}});
    let (_, v) = try_create(&app, &body).await;
    assert_eq!(
        v["error"],
        "unknown clock setting 'step': the options are 'step_secs', 'reserve_secs'"
    );
}
