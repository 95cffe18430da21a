//! Appends judged by the log's `(game_id, seq)` key (docs/instances.md),
//! on a fresh SQLite file and, under `scripts/with-postgres`, on
//! PostgreSQL: writers racing for one place never both succeed, the loser
//! is told it is stale and changes nothing, and a server whose copy of a
//! game is behind catches up from the log instead of forking it.

mod common;

use arbiter_server::error::ApiError;
use arbiter_server::host::{Event, Logged, Role};
use arbiter_server::idempotency::Key;
use arbiter_server::storage::GameRecord;
use arbiter_server::{router, AppState, Store};
use axum::http::StatusCode;
use common::*;
use serde_json::json;

fn record(id: &str) -> GameRecord {
    stored_game(id, vec![[1; 32], [2; 32]], 1_795_986_010_445)
}

fn extend(seq: i64, ms: i64) -> Logged {
    Logged {
        seq,
        at_ms: 1_795_986_010_445 + seq,
        event: Event::Extend { ms },
    }
}

/// Eight writers on two separate pools race for each of 20 places: one
/// wins each, every other gets `Stale`, and the log holds the winners.
#[tokio::test]
async fn writers_racing_for_one_place_never_both_succeed() {
    for (url, _db) in backends("race").await {
        let stores = [
            Store::open(&url).await.unwrap(),
            Store::connect(&url).await.unwrap(),
        ];
        stores[0].insert_game(&record("g")).await.unwrap();
        let mut winners = Vec::new();
        for seq in 0..20 {
            let tries = (0..8).map(|writer| {
                let store = stores[writer % 2].clone();
                async move {
                    let logged = extend(seq, writer as i64 + 1);
                    (logged.clone(), store.append("g", &logged).await)
                }
            });
            let results = futures_util::future::join_all(tries).await;
            let won: Vec<_> = results.iter().filter(|(_, r)| r.is_ok()).collect();
            assert_eq!(won.len(), 1, "{url}: place {seq}");
            for (_, result) in &results {
                if let Err(e) = result {
                    assert!(matches!(e, ApiError::Stale(_)), "{url}: {e:?}");
                }
            }
            winners.push(won[0].0.clone());
        }
        assert_eq!(stores[1].events("g").await.unwrap(), winners, "{url}");
    }
}

/// An append whose idempotency key is taken writes neither: the event and
/// its key are one transaction.
#[tokio::test]
async fn an_event_and_its_key_are_stored_together_or_not_at_all() {
    for (url, _db) in backends("keyed_tx").await {
        let store = Store::open(&url).await.unwrap();
        store.insert_game(&record("g")).await.unwrap();
        let key = Key::new(Role::Host, "k".into(), "host", b"{}");
        store
            .append_keyed("g", &extend(0, 1), Some(&key))
            .await
            .unwrap();
        let second = store.append_keyed("g", &extend(1, 2), Some(&key)).await;
        assert!(
            matches!(second, Err(ApiError::Stale(_))),
            "{url}: {second:?}"
        );
        assert_eq!(store.events("g").await.unwrap(), vec![extend(0, 1)]);
        let stored = store.keyed_answer("g", "host", "k").await.unwrap().unwrap();
        assert_eq!((stored.seq, stored.answer), (Some(0), None));
    }
}

/// Two servers on one database, each with its own copy of a game: each
/// write made through one leaves the other's copy behind. The stale one's
/// append loses, it catches up from the log and runs the request again on
/// the game as it now is: refused if the turn has passed, accepted at the
/// next place if not. The log never forks, and both end with one state.
#[tokio::test]
async fn a_server_whose_copy_is_behind_catches_up_instead_of_forking() {
    for (url, _db) in backends("two_servers").await {
        let a = app_on(&url).await;
        let b = app_on(&url).await;
        let g = create(&a, json!({"game": "knight-court", "seats": 2})).await;
        // Both hold a copy of the fresh game.
        let fresh = state(&b, &g.id, Some(&g.seats[0])).await;
        let legal: Vec<String> = serde_json::from_value(fresh["legal"].clone()).unwrap();
        let (status, _) = act(&a, &g.id, &g.seats[0], &legal[0]).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        // B still thinks it is seat 1's turn: its append loses, it catches
        // up, and then seat 1 is out of turn.
        let (status, value) = act(&b, &g.id, &g.seats[0], &legal[1]).await;
        assert_eq!(status, StatusCode::CONFLICT, "{url}: {value}");
        // B is current now: seat 2 moves through B, which leaves A behind.
        let seat2: Vec<String> =
            serde_json::from_value(state(&b, &g.id, Some(&g.seats[1])).await["legal"].clone())
                .unwrap();
        let (status, value) = act(&b, &g.id, &g.seats[1], &seat2[0]).await;
        assert_eq!(status, StatusCode::OK, "{url}: {value}");
        // A still has seat 2 to move: its other move loses place 1, A
        // catches up, and then seat 2 is out of turn.
        let (status, value) = act(&a, &g.id, &g.seats[1], &seat2[1]).await;
        assert_eq!(status, StatusCode::CONFLICT, "{url}: {value}");
        // A is current again: seat 1's move goes in at place 2.
        let next = state(&a, &g.id, Some(&g.seats[0])).await["legal"][0]
            .as_str()
            .unwrap()
            .to_string();
        let (status, value) = act(&a, &g.id, &g.seats[0], &next).await;
        assert_eq!(status, StatusCode::OK, "{url}: {value}");
        assert_eq!(value["version"], 3, "{url}");
        let store = Store::connect(&url).await.unwrap();
        let log = store.events(&g.id).await.unwrap();
        assert_eq!(log.iter().map(|e| e.seq).collect::<Vec<_>>(), [0, 1, 2]);
        // B catches up on its next write attempt; until then a read on B
        // may be behind. A host pause through B brings it level.
        let (status, _) = host(&b, &g.id, &g.host, json!({"command": "pause"})).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        let seen_a = state(&a, &g.id, Some(&g.seats[1])).await;
        let seen_b = state(&b, &g.id, Some(&g.seats[1])).await;
        assert_eq!(seen_b["version"], 4, "{url}");
        assert_eq!(seen_b["view"], seen_a["view"], "{url}");
        assert_eq!(seen_b["history"], seen_a["history"], "{url}");
    }
}

/// The database goes away under a running server: a submission gets a
/// clear 503 with `Retry-After`, and the game is exactly as it was (the
/// event was not stored, so it was not applied either).
#[tokio::test]
async fn a_write_while_the_database_is_away_is_a_503_that_changes_nothing() {
    for (url, _db) in backends("db_away").await {
        let store = Store::open(&url).await.unwrap();
        let app = router(AppState::new(store.clone(), settings()));
        let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
        let before = state(&app, &g.id, Some(&g.seats[0])).await;
        let mv = before["legal"][0].as_str().unwrap().to_string();
        match &store {
            Store::Sqlite(pool) => pool.close().await,
            Store::Postgres(pool) => pool.close().await,
        }
        let request = axum::http::Request::builder()
            .method("POST")
            .uri(format!("/api/games/{}/actions", g.id))
            .header("authorization", format!("Bearer {}", g.seats[0]))
            .body(axum::body::Body::from(json!({"action": mv}).to_string()))
            .unwrap();
        let response = tower::ServiceExt::oneshot(app.clone(), request)
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{url}");
        assert_eq!(response.headers()["retry-after"], "1");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains("nothing was changed"), "{url}: {text}");
        assert_eq!(state(&app, &g.id, Some(&g.seats[0])).await, before, "{url}");
        // The stored log is as it was too.
        let log = Store::connect(&url)
            .await
            .unwrap()
            .events(&g.id)
            .await
            .unwrap();
        assert!(log.is_empty(), "{url}");
    }
}
