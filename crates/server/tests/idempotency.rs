//! The `Idempotency-Key` header (docs/server.md#idempotency-keys), on a
//! fresh SQLite file and, under `scripts/with-postgres`, on PostgreSQL: a
//! retry with the same key gets the first answer and applies nothing, also
//! after a restart, under concurrent retries and after a crash between the
//! event and its answer.

mod common;

use arbiter_server::host::{Event, Logged, Role};
use arbiter_server::idempotency::Key;
use arbiter_server::{router, AppState, Store};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use common::*;
use serde_json::{json, Value};
use tower::ServiceExt;

/// `POST uri` with a token and an `Idempotency-Key`: status, whether the
/// answer says it is a stored one, and the body.
async fn keyed(
    app: &Router,
    uri: &str,
    token: &str,
    key: Option<&str>,
    body: &str,
) -> (StatusCode, bool, Value) {
    let mut request = Request::builder()
        .method("POST")
        .uri(uri)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json");
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let replayed = response.headers().get("idempotent-replayed").is_some();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, replayed, serde_json::from_slice(&bytes).unwrap())
}

fn action(text: &str) -> String {
    json!({ "action": text }).to_string()
}

async fn first_legal(app: &Router, id: &str, token: &str) -> String {
    state(app, id, Some(token)).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string()
}

/// The acts in a game's stored log.
async fn acts(url: &str, id: &str) -> usize {
    let store = Store::connect(url).await.unwrap();
    let events = store.events(id).await.unwrap();
    (events.iter())
        .filter(|e| matches!(e.event, Event::Act { .. }))
        .count()
}

#[tokio::test]
async fn a_retry_gets_the_first_answer_and_applies_nothing() {
    for (url, _db) in backends("idem").await {
        let app = app_on(&url).await;
        let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
        let uri = format!("/api/games/{}/actions", g.id);
        // Seat 2 out of turn, keyed: refused, and the refusal is its answer.
        let black = first_legal(&app, &g.id, &g.seats[0]).await;
        let early = keyed(&app, &uri, &g.seats[1], Some("early"), &action(&black)).await;
        assert_eq!(early.0, StatusCode::CONFLICT, "{url}: {:?}", early.2);
        let mv = first_legal(&app, &g.id, &g.seats[0]).await;
        let first = keyed(&app, &uri, &g.seats[0], Some("k-1"), &action(&mv)).await;
        assert_eq!(first.0, StatusCode::OK, "{url}: {:?}", first.2);
        assert!(!first.1);
        assert_eq!(first.2["version"], 1);
        // The same key again: the first answer, marked, nothing applied.
        let again = keyed(&app, &uri, &g.seats[0], Some("k-1"), &action(&mv)).await;
        assert_eq!((again.0, again.1), (StatusCode::OK, true), "{url}");
        assert_eq!(again.2, first.2, "{url}");
        assert_eq!(acts(&url, &g.id).await, 1, "{url}");
        // The same key for another request is refused, and changes nothing.
        let other = keyed(&app, &uri, &g.seats[0], Some("k-1"), &action("c1c2")).await;
        assert_eq!(other.0, StatusCode::UNPROCESSABLE_ENTITY, "{url}");
        assert!(other.2["error"]
            .as_str()
            .unwrap()
            .contains("different request"));
        // Keys belong to a link: seat 2's "k-1" is its own.
        let reply = first_legal(&app, &g.id, &g.seats[1]).await;
        let seat2 = keyed(&app, &uri, &g.seats[1], Some("k-1"), &action(&reply)).await;
        assert_eq!((seat2.0, seat2.1), (StatusCode::OK, false), "{url}");
        // The early refusal stays its answer: a refusal is an answer too.
        let early_again = keyed(&app, &uri, &g.seats[1], Some("early"), &action(&black)).await;
        assert_eq!((early_again.0, early_again.1), (early.0, true));
        assert_eq!(early_again.2, early.2);
        assert_eq!(acts(&url, &g.id).await, 2, "{url}");
        // Stored durably: a restarted server answers the same.
        drop(app);
        let app = app_on(&url).await;
        let after = keyed(&app, &uri, &g.seats[0], Some("k-1"), &action(&mv)).await;
        assert_eq!((after.0, after.1), (StatusCode::OK, true), "{url}");
        assert_eq!(after.2, first.2, "{url}");
        assert_eq!(acts(&url, &g.id).await, 2, "{url}");
    }
}

/// Extending a deadline twice would move it twice: ten concurrent retries
/// of one keyed extension move it once, and all get the same answer.
#[tokio::test]
async fn concurrent_retries_apply_once() {
    for (url, _db) in backends("idem_race").await {
        let app = app_on(&url).await;
        let g = create(
            &app,
            json!({"game": "knight-court", "seats": 2, "deadline_secs": 60}),
        )
        .await;
        let before = deadline_ms(&app, &g.id).await;
        let uri = format!("/api/games/{}/host", g.id);
        let body = json!({"command": "extend", "seconds": 30}).to_string();
        let tries = (0..10).map(|_| keyed(&app, &uri, &g.host, Some("ext"), &body));
        let answers = futures_util::future::join_all(tries).await;
        assert!(answers.iter().all(|a| a.0 == StatusCode::OK), "{url}");
        assert_eq!(answers.iter().filter(|a| !a.1).count(), 1, "{url}");
        assert!(answers.iter().all(|a| a.2 == answers[0].2));
        let after = deadline_ms(&app, &g.id).await;
        assert_eq!(after - before, 30_000, "{url}");
        let store = Store::connect(&url).await.unwrap();
        let extends = (store.events(&g.id).await.unwrap().iter())
            .filter(|e| matches!(e.event, Event::Extend { .. }))
            .count();
        assert_eq!(extends, 1, "{url}");
        // A new key is a new extension.
        let next = keyed(&app, &uri, &g.host, Some("ext-2"), &body).await;
        assert_eq!((next.0, next.1), (StatusCode::OK, false));
        let last = deadline_ms(&app, &g.id).await;
        assert_eq!(last - before, 60_000, "{url}");
    }
}

/// An instance killed after storing the event and its key but before the
/// answer: a retry is not applied again, and answers as a success does.
#[tokio::test]
async fn a_key_stored_without_its_answer_is_not_applied_again() {
    for (url, _db) in backends("idem_crash").await {
        let app = app_on(&url).await;
        let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
        let mv = first_legal(&app, &g.id, &g.seats[0]).await;
        let body = action(&mv);
        drop(app);
        // What the actor writes in one transaction, and then nothing.
        let store = Store::open(&url).await.unwrap();
        let key = Key::new(Role::Seat(0), "lost".into(), "actions", body.as_bytes());
        let logged = Logged {
            seq: 0,
            at_ms: arbiter_server::host::now_ms(),
            event: Event::Act {
                seat: 0,
                action: mv.clone(),
                timeout: false,
            },
        };
        store
            .append_keyed(&g.id, &logged, Some(&key))
            .await
            .unwrap();
        let app = router(AppState::new(store, settings()));
        let uri = format!("/api/games/{}/actions", g.id);
        let retry = keyed(&app, &uri, &g.seats[0], Some("lost"), &body).await;
        assert_eq!(
            (retry.0, retry.1),
            (StatusCode::OK, true),
            "{url}: {:?}",
            retry.2
        );
        assert_eq!(retry.2["version"], 1);
        assert_eq!(acts(&url, &g.id).await, 1, "{url}");
    }
}

#[tokio::test]
async fn malformed_keys_are_refused_and_change_nothing() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let mv = first_legal(&app, &g.id, &g.seats[0]).await;
    let uri = format!("/api/games/{}/actions", g.id);
    let long = "k".repeat(201);
    for key in ["", "two words", long.as_str(), "caf\u{e9}"] {
        let request = Request::builder()
            .method("POST")
            .uri(&uri)
            .header("authorization", format!("Bearer {}", g.seats[0]))
            .header("idempotency-key", key.as_bytes())
            .body(Body::from(action(&mv)))
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{key:?}");
    }
    assert_eq!(state(&app, &g.id, None).await["version"], 0);
    // Without a key, submissions work as before; claims and the bot API
    // take keys too.
    let (status, _) = act(&app, &g.id, &g.seats[0], &mv).await;
    assert_eq!(status, StatusCode::OK);
    let reply = first_legal(&app, &g.id, &g.seats[1]).await;
    let bot_uri = format!("/api/bot/game/{}/move", g.id);
    let first = keyed(&app, &bot_uri, &g.seats[1], Some("b"), &reply).await;
    let again = keyed(&app, &bot_uri, &g.seats[1], Some("b"), &reply).await;
    assert_eq!(
        (first.0, first.1, &first.2),
        (StatusCode::OK, false, &json!({"ok": true}))
    );
    assert_eq!(
        (again.0, again.1, &again.2),
        (StatusCode::OK, true, &json!({"ok": true}))
    );
    assert_eq!(state(&app, &g.id, None).await["version"], 2);
    let claim_uri = format!("/api/games/{}/claim", g.id);
    let claim = keyed(&app, &claim_uri, &g.seats[0], Some("c"), "").await;
    let claim_again = keyed(&app, &claim_uri, &g.seats[0], Some("c"), "").await;
    assert_eq!(
        claim.0,
        StatusCode::CONFLICT,
        "fixed turn order: {:?}",
        claim.2
    );
    assert_eq!((claim_again.0, claim_again.1), (claim.0, true));
}
