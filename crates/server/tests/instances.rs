//! Two instances on one PostgreSQL database, in one test process
//! (docs/instances.md): a request for a game the other instance holds is
//! answered by that instance, a WebSocket on one sees the moves accepted by
//! the other, and when an instance stops without handing its games back the
//! other takes them over after the lease runs out, with the same state,
//! every acknowledged action once and a passed deadline fired once. These
//! run under `scripts/with-postgres` and skip without PostgreSQL.

mod common;

use arbiter_server::host::{Event, Logged};
use arbiter_server::{router, AppState, Clock, Settings, Store};
use axum::http::StatusCode;
use axum::Router;
use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// One instance, served on a loopback port it advertises.
struct Instance {
    app: Router,
    state: AppState,
    addr: std::net::SocketAddr,
    served: tokio::task::JoinHandle<()>,
}

impl Instance {
    async fn start(url: &str, clock: &Clock) -> Instance {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let settings = Settings {
            clock: clock.clone(),
            advertise: Some(format!("http://{addr}")),
            lease: Duration::from_secs(2),
            ..settings()
        };
        let state = AppState::new(Store::open(url).await.unwrap(), settings);
        let app = router(state.clone());
        let served = app.clone();
        let served = tokio::spawn(async move {
            let _ = axum::serve(listener, served).await;
        });
        Instance {
            app,
            state,
            addr,
            served,
        }
    }

    /// Stops as `kill -9` would: no new connection is taken, nothing is
    /// renewed, handed back or written any more.
    fn crash(&self) {
        self.state.owners().unwrap().halt();
        self.served.abort();
    }
}

/// Two instances on a fresh PostgreSQL database, or `None` without one.
async fn pair(name: &str) -> Option<(Instance, Instance, Clock, String)> {
    let Some(url) = postgres_db(name).await else {
        eprintln!("{name}: ARBITER_TEST_POSTGRES is unset; skipped");
        return None;
    };
    let clock = Clock::stopped();
    let a = Instance::start(&url, &clock).await;
    let b = Instance::start(&url, &clock).await;
    Some((a, b, clock, url))
}

/// Game `id` as the database holds it: its record and its log.
async fn stored(url: &str, id: &str) -> (arbiter_server::storage::GameRecord, Vec<Logged>) {
    let store = Store::connect(url).await.unwrap();
    let record = store.game(id).await.unwrap().unwrap();
    (record, store.events(id).await.unwrap())
}

async fn owner_of(url: &str, game: &str) -> String {
    let store = Store::connect(url).await.unwrap();
    store.lease(game).await.unwrap().unwrap().owner
}

#[tokio::test]
async fn a_request_to_one_instance_for_the_others_game_is_answered_by_the_owner() {
    let Some((a, b, _, url)) = pair("forwarded").await else {
        return;
    };
    let g = create(&a.app, json!({"game": "knight-court", "seats": 2})).await;
    let a_id = a.state.owners().unwrap().id.clone();
    assert_eq!(owner_of(&url, &g.id).await, a_id);
    // A read and a move through B: A answers both, and B builds no copy.
    let seen = state(&b.app, &g.id, Some(&g.seats[0])).await;
    assert_eq!(seen["version"], 0);
    let (status, value) = act(&b.app, &g.id, &g.seats[0], "c1c3").await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["version"], 1);
    assert_eq!(b.state.cached_games().await, 0);
    // So is the table page, whose head says where the game stands.
    let (status, _, page) = get_raw(&b.app, &format!("/table/{}", g.id), None).await;
    assert_eq!(status, StatusCode::OK);
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains(r#"<meta property="og:description" content="Black to move. "#));
    assert_eq!(b.state.cached_games().await, 0);
    // A retry through B with the same idempotency key is applied once.
    let black = state(&b.app, &g.id, Some(&g.seats[1])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    let keyed = || {
        axum::http::Request::builder()
            .method("POST")
            .uri(format!("/api/games/{}/actions", g.id))
            .header("authorization", format!("Bearer {}", g.seats[1]))
            .header("idempotency-key", "move-2")
            .body(axum::body::Body::from(json!({"action": black}).to_string()))
            .unwrap()
    };
    let mut answers = Vec::new();
    for _ in 0..2 {
        let response = tower::ServiceExt::oneshot(b.app.clone(), keyed())
            .await
            .unwrap();
        assert_eq!(response.headers()["x-arbiter-forwarded"], "1");
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        answers.push((status, body));
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].0, StatusCode::OK);
    let (_, log) = stored(&url, &g.id).await;
    assert_eq!(log.len(), 2);
    assert_eq!(state(&a.app, &g.id, None).await["version"], 2);
}

/// The next text frame of a WebSocket, within 10 s.
async fn next_frame<S, E>(socket: &mut S) -> Value
where
    S: futures_util::Stream<Item = Result<Message, E>> + Unpin,
{
    let wait = Duration::from_secs(10);
    while let Ok(Some(Ok(message))) = tokio::time::timeout(wait, socket.next()).await {
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
    panic!("no frame within 10 s");
}

#[tokio::test]
async fn a_move_accepted_by_one_instance_reaches_a_websocket_on_the_other() {
    let Some((a, b, _, _)) = pair("live_across").await else {
        return;
    };
    let g = create(&a.app, json!({"game": "knight-court", "seats": 2})).await;
    let ws = |token: &str| format!("ws://{}/api/games/{}/ws?token={token}", b.addr, g.id);
    let (mut black, _) = tokio_tungstenite::connect_async(ws(&g.seats[1]))
        .await
        .unwrap();
    let first = next_frame(&mut black).await;
    assert_eq!(first["version"], 0);
    assert_eq!(first["you"], json!({"role": "seat", "seat": 1}));
    assert_eq!(act(&a.app, &g.id, &g.seats[0], "c1c3").await.0, 200);
    let frame = next_frame(&mut black).await;
    assert_eq!(frame["version"], 1);
    // Built from black's own view: black still has no move to make of
    // white's, and is told it is its turn.
    assert_eq!(frame["you"], json!({"role": "seat", "seat": 1}));
    assert_eq!(
        frame["legal"],
        state(&a.app, &g.id, Some(&g.seats[1])).await["legal"]
    );
}

#[tokio::test]
async fn when_an_owner_stops_the_other_takes_over_with_the_same_state() {
    let Some((a, b, clock, url)) = pair("takeover").await else {
        return;
    };
    let g = create(
        &a.app,
        json!({"game": "knight-court", "seats": 2, "deadline_secs": 60}),
    )
    .await;
    assert_eq!(act(&a.app, &g.id, &g.seats[0], "c1c3").await.0, 200);
    let before = state(&a.app, &g.id, Some(&g.seats[0])).await;
    a.crash();
    // Seat 2's deadline passes while nobody can write the game.
    clock.advance(61_000);
    // While A's lease lasts, B neither reaches A nor takes over: a 503
    // (or, on a machine slow enough for the lease to have run out, B
    // has taken over already).
    let (status, value) = get(&b.app, &format!("/api/games/{}", g.id), None).await;
    assert!(
        [StatusCode::SERVICE_UNAVAILABLE, StatusCode::OK].contains(&status),
        "{status}: {value}"
    );
    // B adopts the game once the lease has run out, and fires the passed
    // deadline: the level-1 bot plays for seat 2, once.
    let s = until_served(&b.app, &g.id, |s| s["version"] == 2).await;
    let b_id = b.state.owners().unwrap().id.clone();
    assert_eq!(owner_of(&url, &g.id).await, b_id);
    assert_eq!(s["history"][0]["action"], before["history"][0]["action"]);
    let said = s["history"][1]["action"].as_str().unwrap();
    assert!(said.ends_with(" (time: played for P2)"), "{said}");
    // Nothing more is due: the next deadline is 60 s on.
    let (record, log) = stored(&url, &g.id).await;
    let timeouts = log
        .iter()
        .filter(|e| matches!(e.event, Event::Act { timeout: true, .. }))
        .count();
    assert_eq!((log.len(), timeouts), (2, 1));
    // B's copy is what a fresh replay of the log makes.
    let replayed = arbiter_server::host::replay(&record, &log).unwrap();
    let seen = state(&b.app, &g.id, None).await;
    let view: Value = serde_json::from_str(&replayed.views[2]).unwrap();
    assert_eq!(seen["view"], view);
}

/// Polls the spectator's state through `app` until `done` holds, for up
/// to 20 s; a 503 (the game between owners) is polled through.
async fn until_served(app: &Router, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..400 {
        let (status, s) = get(app, &format!("/api/games/{id}"), None).await;
        if status == StatusCode::OK && done(&s) {
            return s;
        }
        assert!(
            [StatusCode::SERVICE_UNAVAILABLE, StatusCode::OK].contains(&status),
            "{status}: {s}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting on game {id}");
}
