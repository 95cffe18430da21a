//! The bot API against a live server (docs/bot-api.md): the example bot
//! (`examples/random_bot.py`, Python's standard library only) plays two
//! seats of each of the five games to the end; the stream is the seat's
//! own snapshot; other roles are refused.

mod common;

use arbiter_server::listen::{self, Limits};
use arbiter_server::{router, AppState, Settings};
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A server on a loopback port; the router shares its state.
async fn live() -> (Router, String) {
    let store = test_store().await;
    let settings = Settings {
        ws_ping_every: Duration::from_millis(200),
        ..settings()
    };
    let app = router(AppState::new(store, settings));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(listen::serve(
        listener,
        app.clone(),
        Limits::default(),
        std::future::pending(),
    ));
    (app, format!("http://{addr}"))
}

fn example_bot() -> String {
    format!(
        "{}/../../examples/random_bot.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Runs the example bot in every seat of a new game and waits until each
/// bot has seen the game finish.
async fn bots_finish(app: &Router, base: &str, body: Value) -> Value {
    let g = create(app, body).await;
    let bots: Vec<_> = g
        .seats
        .iter()
        .map(|token| {
            Command::new("python3")
                .arg(example_bot())
                .args([base, &g.id, token])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("python3 runs the example bot")
        })
        .collect();
    let outputs = tokio::task::spawn_blocking(move || {
        bots.into_iter()
            .map(|b| b.wait_with_output().unwrap())
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    let s = state(app, &g.id, None).await;
    assert_eq!(s["status"], "over", "{s}");
    for out in outputs {
        assert!(out.status.success());
        // Each bot printed the outcome it saw on its stream.
        let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(printed, s["outcome"]);
    }
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_bot_finishes_a_game_of_each_of_the_five() {
    let (app, base) = live().await;
    for body in [
        json!({"game": "knight-court", "seats": 2}),
        json!({"game": "knight-moves", "seats": 2}),
        json!({"game": "progressive-chess", "seats": 2, "options": {"draw_rules": true}}),
        json!({"game": "tilechess", "seats": 2,
               "options": {"wide": 2, "high": 2, "turn_limit": 20}}),
        json!({"game": "knight-control", "seats": 2, "options": {"rules": {"rounds": 1}}}),
    ] {
        bots_finish(&app, &base, body).await;
    }
}

/// A bot stream read over plain HTTP/1.1, one event line at a time. It
/// says it takes gzip, as most HTTP clients do: the stream's lines must
/// still come plain, each as it is sent.
struct Stream(std::io::BufReader<std::net::TcpStream>);

impl Stream {
    fn open(base: &str, id: &str, token: &str) -> Stream {
        use std::io::Write;
        let addr = base.trim_start_matches("http://");
        let mut tcp = std::net::TcpStream::connect(addr).unwrap();
        write!(
            tcp,
            "GET /api/bot/game/stream/{id} HTTP/1.1\r\nHost: {addr}\r\n\
             Authorization: Bearer {token}\r\nAccept-Encoding: gzip\r\n\r\n"
        )
        .unwrap();
        Stream(std::io::BufReader::new(tcp))
    }

    /// The next event line; chunk sizes, headers and keep-alive lines are
    /// skipped.
    fn next(&mut self) -> Value {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            assert!(self.0.read_line(&mut line).unwrap() > 0, "the stream ended");
            if let Ok(value) = serde_json::from_str::<Value>(line.trim()) {
                if value.is_object() {
                    return value;
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_is_the_seats_snapshot_and_only_seats_may_use_it() {
    let (app, base) = live().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let (base2, id, token) = (base.clone(), g.id.clone(), g.seats[1].clone());
    let (mut stream, full) = tokio::task::spawn_blocking(move || {
        let mut stream = Stream::open(&base2, &id, &token);
        let full = stream.next();
        (stream, full)
    })
    .await
    .unwrap();
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["history"], json!([]));
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/bot/game/{}/move", g.id),
        Some(&g.seats[0]),
        Some("c1c3".into()),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let next = tokio::task::spawn_blocking(move || stream.next())
        .await
        .unwrap();
    assert_eq!(next["type"], "gameState");
    let events = [full, next];
    let mut seen = events[1].clone();
    seen.as_object_mut().unwrap().remove("type");
    assert_eq!(seen, state(&app, &g.id, Some(&g.seats[1])).await);
    // A spectator or the host cannot stream or move.
    for token in [None, Some(g.host.as_str())] {
        let (status, _) = get(&app, &format!("/api/bot/game/stream/{}", g.id), token).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = call(
            &app,
            "POST",
            &format!("/api/bot/game/{}/move", g.id),
            token,
            Some("R@a2".into()),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    // An illegal move is refused with the game's reason.
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/bot/game/{}/move", g.id),
        Some(&g.seats[1]),
        Some(r#"{"action": "b3a2"}"#.into()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // A malformed body is refused as /actions refuses it, and changes nothing.
    let before = state(&app, &g.id, None).await;
    for (text, needle) in [
        ("", "the action is empty"),
        (r#"{"action": 1}"#, "expected a string"),
        (r#"{"move": "a3b1"}"#, "unknown field `move`"),
        (r#"{"action": "a3b1", "x": 1}"#, "unknown field `x`"),
        (r#"{"action": "a3b1""#, "bad request body"),
    ] {
        let (status, body) = call(
            &app,
            "POST",
            &format!("/api/bot/game/{}/move", g.id),
            Some(&g.seats[1]),
            Some(text.into()),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}: {body}");
        let message = body["error"].as_str().unwrap();
        assert!(message.contains(needle), "{text}: {message}");
    }
    assert_eq!(state(&app, &g.id, None).await, before);
}
