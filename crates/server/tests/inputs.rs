//! Loose inputs are refused plainly: unknown options, checks on a closed
//! game, unknown addresses and methods, tokens outside the Authorization
//! header, and seat numbers in messages counted as people count them.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::*;
use serde_json::{json, Value};
use tower::ServiceExt;

#[tokio::test]
async fn unknown_options_are_refused_by_name_for_every_game() {
    let app = app().await;
    for (game, seats) in EVERY_GAME {
        let body = json!({"game": game, "seats": seats, "options": {"zzz": 1}});
        let (status, value) = try_create(&app, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {value}");
        let error = value["error"].as_str().unwrap();
        assert!(error.contains("option 'zzz'"), "{game}: {error}");
        // A known option beside it does not rescue it.
        let body = json!({"game": game, "seats": seats, "options": {"zzz": 1, "position": null}});
        let (status, _) = try_create(&app, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}");
    }
    // Nested option objects refuse unknown keys too.
    for (game, seats, options, needle) in [
        (
            "progressive-chess",
            2,
            json!({"clock": {"step_secs": 5, "zzz": 1}}),
            "'zzz'",
        ),
        ("knight-control", 3, json!({"rules": {"zzz": 1}}), "zzz"),
    ] {
        let body = json!({"game": game, "seats": seats, "options": options});
        let (status, value) = try_create(&app, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {value}");
        assert!(value["error"].as_str().unwrap().contains(needle), "{value}");
    }
    // Every documented option is still taken.
    for (game, seats, options) in [
        ("knight-court", 2, json!({"position": "nbR/3/NB1[r] b"})),
        ("knight-moves", 2, json!({"position": null})),
        (
            "progressive-chess",
            2,
            json!({"clock": true, "match": true, "draw_rules": true}),
        ),
        (
            "tilechess",
            2,
            json!({"wide": 2, "high": 2, "eight_pawns": true, "repeat_turns": false}),
        ),
        (
            "knight-control",
            3,
            json!({"rules": {"rounds": 3}, "layout": null}),
        ),
    ] {
        create(
            &app,
            json!({"game": game, "seats": seats, "options": options}),
        )
        .await;
    }
}

/// `POST …/check` and `POST …/actions` with the same action: same status,
/// same body.
async fn check_and_act(app: &axum::Router, id: &str, token: &str, action: &str) -> (Value, Value) {
    let body = Some(json!({ "action": action }).to_string());
    let path = |what: &str| format!("/api/games/{id}/{what}");
    let (s1, checked) = call(app, "POST", &path("check"), Some(token), body.clone()).await;
    let (s2, acted) = call(app, "POST", &path("actions"), Some(token), body).await;
    assert_eq!(s1, s2, "check {checked}, act {acted}");
    assert_eq!(checked, acted);
    (checked, acted)
}

#[tokio::test]
async fn checking_on_a_paused_or_ended_game_is_refused_as_acting_is() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    host_ok(&app, &g, json!({"command": "pause"})).await;
    let (checked, _) = check_and_act(&app, &g.id, &g.seats[0], "c1c3").await;
    assert_eq!(checked["error"], "the game is paused by the host");
    host_ok(&app, &g, json!({"command": "resume"})).await;
    host_ok(&app, &g, json!({"command": "end"})).await;
    let (checked, _) = check_and_act(&app, &g.id, &g.seats[0], "c1c3").await;
    assert_eq!(checked["error"], "the host has ended this game");
    assert_eq!(state(&app, &g.id, None).await["version"], 3);

    // A seat handed to a bot may neither check nor act.
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "bots": [{"seat": 0, "level": 1}]}),
    )
    .await;
    by_host(&app, &g, json!({"command": "pause"})).await;
    let (checked, _) = check_and_act(&app, &g.id, &g.seats[0], "c1c3").await;
    assert!(
        checked["error"].as_str().unwrap().contains("bot"),
        "{checked}"
    );
}

#[tokio::test]
async fn claims_held_by_another_seat_refuse_checks_too() {
    let app = app().await;
    let g = create(
        &app,
        json!({"game": "tilechess", "seats": 2, "options": {"wide": 2, "high": 2}}),
    )
    .await;
    let join = |s: Value| {
        s["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .find(|a| a.contains("join"))
            .unwrap()
    };
    // Both join; then server seat 0 claims the next turn.
    for seat in &g.seats {
        let action = join(state(&app, &g.id, Some(seat)).await);
        act_ok(&app, &g.id, seat, &action).await;
    }
    let claim = format!("/api/games/{}/claim", g.id);
    let (status, value) = call(&app, "POST", &claim, Some(&g.seats[0]), None).await;
    assert_eq!(status, 200, "{value}");
    let mv = state(&app, &g.id, Some(&g.seats[0])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    let (checked, _) = check_and_act(&app, &g.id, &g.seats[1], &mv).await;
    // Server seat 0 is "seat 1" on the page and in every message.
    let error = checked["error"].as_str().unwrap();
    assert!(
        error.starts_with("seat 1 has claimed the next turn"),
        "{error}"
    );
}

async fn raw(app: &axum::Router, method: &str, uri: &str) -> (StatusCode, Value, Option<String>) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let allow = response
        .headers()
        .get("allow")
        .map(|v| v.to_str().unwrap().to_string());
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string());
    assert_eq!(kind.as_deref(), Some("application/json"), "{method} {uri}");
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value: Value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
        panic!(
            "{method} {uri}: not JSON: {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    assert!(value["error"].is_string(), "{method} {uri}: {value}");
    (status, value, allow)
}

#[tokio::test]
async fn unknown_addresses_and_methods_answer_in_json() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    for uri in [
        "/nope",
        "/api/nope",
        "/api/games/x/y/z",
        "/api/games/nosuchgame",
    ] {
        assert_eq!(
            raw(&app, "GET", uri).await.0,
            StatusCode::NOT_FOUND,
            "{uri}"
        );
    }
    let game = format!("/api/games/{}", g.id);
    for (method, uri, allowed) in [
        ("GET", "/api/games".to_string(), "POST"),
        ("DELETE", game.clone(), "GET"),
        ("GET", format!("{game}/actions"), "POST"),
        ("PUT", "/api/kinds".to_string(), "GET"),
        ("POST", "/".to_string(), "GET"),
    ] {
        let (status, value, allow) = raw(&app, method, &uri).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        assert!(value["error"].as_str().unwrap().contains(method), "{value}");
        assert!(
            allow.unwrap_or_default().contains(allowed),
            "{method} {uri}"
        );
    }
    // The live address without a WebSocket handshake.
    let (status, _, _) = raw(&app, "GET", &format!("{game}/ws")).await;
    assert!(status.is_client_error(), "{status}");
}

#[tokio::test]
async fn tokens_come_from_the_authorization_header_in_any_case() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let with = |method: &str, uri: String, auth: Option<String>, body: Option<Value>| {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        let request = request
            .header("content-type", "application/json")
            .body(
                body.map(|b| Body::from(b.to_string()))
                    .unwrap_or_else(Body::empty),
            )
            .unwrap();
        let app = app.clone();
        async move {
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        }
    };
    let game = format!("/api/games/{}", g.id);
    for scheme in ["Bearer", "bearer", "BEARER", "beaRER"] {
        let (status, value) = with(
            "GET",
            game.clone(),
            Some(format!("{scheme} {}", g.seats[1])),
            None,
        )
        .await;
        assert_eq!(status, 200, "{scheme}: {value}");
        assert_eq!(value["you"], json!({"role": "seat", "seat": 1}), "{scheme}");
    }
    let (status, value) = with(
        "POST",
        format!("{game}/actions"),
        Some(format!("bearer {}", g.seats[0])),
        Some(json!({"action": "c1c3"})),
    )
    .await;
    assert_eq!(status, 200, "{value}");

    // A token in the query string is refused on every HTTP route, and
    // changes nothing.
    let before = state(&app, &g.id, None).await;
    let t = &g.seats[1];
    for (method, uri, body) in [
        ("GET", format!("{game}?token={t}"), None),
        ("GET", format!("{game}/replay/1?token={t}"), None),
        (
            "POST",
            format!("{game}/actions?token={t}"),
            Some(json!({"action": "R@a2"})),
        ),
        (
            "POST",
            format!("{game}/check?token={t}"),
            Some(json!({"action": "R@a2"})),
        ),
        ("POST", format!("{game}/claim?token={t}"), None),
        (
            "POST",
            format!("{game}/host?token={}", g.host),
            Some(json!({"command": "pause"})),
        ),
    ] {
        let (status, value) = with(method, uri.clone(), None, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{method} {uri}: {value}");
        assert!(
            value["error"].as_str().unwrap().contains("Authorization"),
            "{value}"
        );
    }
    assert_eq!(state(&app, &g.id, None).await, before);
}

#[tokio::test]
async fn messages_count_seats_from_one() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    // Server seat 1 (Black, "seat 2" on the page) out of turn.
    let (status, value) = act(&app, &g.id, &g.seats[1], "R@a2").await;
    assert_eq!(status, StatusCode::CONFLICT);
    let error = value["error"].as_str().unwrap();
    assert!(error.starts_with("seat 2 may not act now"), "{error}");

    // A bot's seat is a JSON field counted from 0; the message says both.
    let body = json!({"game": "knight-court", "seats": 2, "bots": [{"seat": 2, "level": 1}]});
    let (status, value) = try_create(&app, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        value["error"],
        "a bot's 'seat' is 2, but with 2 seats the values are 0 to 1 (seats 1 to 2 on the page)"
    );
    let (_, value) = by_host(&app, &g, json!({"command": "bot", "seat": 5, "level": 1})).await;
    assert_eq!(
        value["error"],
        "'seat' is 5, but this game's 'seat' values are 0 to 1 (seats 1 to 2 on the page)"
    );
}
