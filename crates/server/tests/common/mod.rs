//! Helpers for calling the router in-process.
#![allow(dead_code)]

use arbiter_server::{router, AppState, Settings, Store};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use std::borrow::Borrow;
use std::time::Duration;
use tower::ServiceExt;

pub fn settings() -> Settings {
    Settings {
        bot_threads: 2,
        bot_delay: Duration::ZERO,
        ..Settings::default()
    }
}

pub async fn app() -> Router {
    router(AppState::new(test_store().await, settings()))
}

/// The variable that moves the app-level tests (every test that opens its
/// host through [`test_store`]) onto PostgreSQL: `scripts/test-all` runs
/// the server's tests a second time with it set to `postgres`, so the API,
/// storage and timing tests are checked on both backends.
pub const APP_BACKEND_VAR: &str = "ARBITER_TEST_APP_BACKEND";

/// The store of one test's host: an in-memory SQLite database, or a fresh
/// PostgreSQL database when [`APP_BACKEND_VAR`] is `postgres`. Asking for
/// PostgreSQL without `ARBITER_TEST_POSTGRES` is an error, not a skip: the
/// run that sets the variable exists only to test PostgreSQL.
pub async fn test_store() -> Store {
    Store::open(&test_db_url().await).await.unwrap()
}

/// The database URL [`test_store`] opens.
pub async fn test_db_url() -> String {
    match std::env::var(APP_BACKEND_VAR).as_deref() {
        Ok("postgres") => postgres_db("app")
            .await
            .expect("ARBITER_TEST_APP_BACKEND=postgres needs ARBITER_TEST_POSTGRES"),
        Ok("") | Ok("sqlite") | Err(_) => "sqlite::memory:".into(),
        Ok(other) => panic!("{APP_BACKEND_VAR}={other}: expected sqlite or postgres"),
    }
}

/// `GET uri` with no token, which must answer 200; its body.
pub async fn get_ok(app: &Router, uri: &str) -> Value {
    let (status, value) = call(app, "GET", uri, None, None).await;
    assert_eq!(status, StatusCode::OK, "GET {uri}: {value}");
    value
}

/// A fresh in-memory host, also served on a loopback port (for WebSocket
/// tests): the router for in-process calls and the address.
pub async fn app_on_loopback() -> (Router, std::net::SocketAddr) {
    let app = app().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let served = app.clone();
    tokio::spawn(async move { axum::serve(listener, served).await });
    (app, addr)
}

/// A live-updates WebSocket, as the tests open them.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens game `id`'s live updates on the server at `addr` as `token`'s
/// seat or host (a spectator without one), the token in the query string
/// as a browser sends it.
pub async fn watch(addr: std::net::SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let url = match token {
        Some(t) => format!("ws://{addr}/api/games/{id}/ws?token={t}"),
        None => format!("ws://{addr}/api/games/{id}/ws"),
    };
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// The next text or binary message on `socket`; pings and pongs are
/// passed over. Panics if none comes within 10 s or the socket ends.
pub async fn next_message(socket: &mut Socket) -> tokio_tungstenite::tungstenite::Message {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("no frame within 10 s")
            .expect("socket closed")
            .expect("socket error");
        if matches!(message, Message::Text(_) | Message::Binary(_)) {
            return message;
        }
    }
}

/// The next text frame on `socket`, as JSON (see [`next_message`]).
pub async fn next_frame(socket: &mut Socket) -> Value {
    match next_message(socket).await {
        tokio_tungstenite::tungstenite::Message::Text(text) => serde_json::from_str(&text).unwrap(),
        other => panic!("a binary frame to a watcher that asked for text: {other:?}"),
    }
}

/// A fresh database file name under the temp directory.
pub fn temp_db(name: &str) -> (String, std::path::PathBuf) {
    let path = std::env::temp_dir().join(format!(
        "arbiter-test-{name}-{}-{}.db",
        std::process::id(),
        arbiter_server::host::now_ms()
    ));
    (format!("sqlite://{}", path.display()), path)
}

pub fn remove_db(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<String>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let request = request
        .header("content-type", "application/json")
        .body(body.map(Body::from).unwrap_or_else(Body::empty))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
    (status, value)
}

/// `GET uri` with an optional token: the status and the JSON body.
pub async fn get(app: &Router, uri: &str, token: Option<&str>) -> (StatusCode, Value) {
    call(app, "GET", uri, token, None).await
}

/// `POST uri` with an optional token and a JSON body.
pub async fn post(
    app: &Router,
    uri: &str,
    token: Option<&str>,
    body: impl Borrow<Value>,
) -> (StatusCode, Value) {
    call(app, "POST", uri, token, Some(body.borrow().to_string())).await
}

/// The raw answer to `GET uri` (pictures, text records): the status, the
/// content type and the bytes.
pub async fn get_raw(
    app: &Router,
    uri: &str,
    token: Option<&str>,
) -> (StatusCode, String, Vec<u8>) {
    let mut request = Request::builder().method("GET").uri(uri);
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap_or("").to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, kind, bytes.to_vec())
}

/// Every game, with a seat count it takes.
pub const EVERY_GAME: [(&str, usize); 5] = [
    ("knight-court", 2),
    ("knight-moves", 2),
    ("progressive-chess", 2),
    ("tilechess", 2),
    ("knight-control", 3),
];

/// A Knight Control game for `seats` of `rounds` rounds, as a creation's
/// body (more fields may be set on it).
pub fn knight_control(seats: usize, rounds: u32) -> Value {
    json!({"game": "knight-control", "seats": seats, "options": {"rules": {"rounds": rounds}}})
}

/// A creation's `bots` field: the `seats` played by bots of `level`.
pub fn bots(seats: &[usize], level: u8) -> Value {
    json!(seats
        .iter()
        .map(|&s| json!({"seat": s, "level": level}))
        .collect::<Vec<_>>())
}

pub struct Created {
    pub id: String,
    pub host: String,
    pub seats: Vec<String>,
}

/// `POST /api/games` with `body`: the status and the answer (for
/// creations that may be refused).
pub async fn try_create(app: &Router, body: impl Borrow<Value>) -> (StatusCode, Value) {
    post(app, "/api/games", None, body).await
}

pub async fn create(app: &Router, body: Value) -> Created {
    let (status, value) = try_create(app, body).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    Created {
        id: value["id"].as_str().unwrap().to_string(),
        host: value["host"]["token"].as_str().unwrap().to_string(),
        seats: value["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_string())
            .collect(),
    }
}

pub async fn state(app: &Router, id: &str, token: Option<&str>) -> Value {
    let (status, value) = call(app, "GET", &format!("/api/games/{id}"), token, None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    value
}

pub async fn act(app: &Router, id: &str, token: &str, action: &str) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(token),
        Some(json!({ "action": action }).to_string()),
    )
    .await
}

pub async fn host(app: &Router, id: &str, token: &str, command: Value) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{id}/host"),
        Some(token),
        Some(command.to_string()),
    )
    .await
}

/// [`act`], which must be taken: the seat's snapshot after it.
pub async fn act_ok(app: &Router, id: &str, token: &str, action: &str) -> Value {
    let (status, value) = act(app, id, token, action).await;
    assert_eq!(status, StatusCode::OK, "{action}: {value}");
    value
}

/// The first legal action of the seat behind `token`, played (it must be
/// taken): the action.
pub async fn play_first(app: &Router, id: &str, token: &str) -> String {
    let s = state(app, id, Some(token)).await;
    let action = s["legal"][0]
        .as_str()
        .unwrap_or_else(|| panic!("nothing legal: {s}"))
        .to_string();
    act_ok(app, id, token, &action).await;
    action
}

/// A host command with game `g`'s host token: the status and the answer.
pub async fn by_host(app: &Router, g: &Created, command: Value) -> (StatusCode, Value) {
    host(app, &g.id, &g.host, command).await
}

/// [`by_host`], which must be taken: the host's snapshot after it.
pub async fn host_ok(app: &Router, g: &Created, command: Value) -> Value {
    let (status, value) = by_host(app, g, command.clone()).await;
    assert_eq!(status, StatusCode::OK, "{command}: {value}");
    value
}

/// Polls until `done` holds for the spectator's state, for up to 20 s.
pub async fn wait_for(app: &Router, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..2000 {
        let s = state(app, id, None).await;
        if done(&s) {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "timed out waiting on game {id}: {}",
        state(app, id, None).await
    );
}

/// A fresh, empty PostgreSQL database for one test, made on the server named
/// by `ARBITER_TEST_POSTGRES` (see `scripts/with-postgres`), or `None` when
/// that variable is unset: the PostgreSQL tests then skip themselves.
pub async fn postgres_db(name: &str) -> Option<String> {
    use sqlx::Connection;
    let base = std::env::var("ARBITER_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())?;
    // Tests of one binary run in parallel: a counter keeps two databases
    // asked for in the same millisecond apart.
    static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let db = format!(
        "arbiter_{name}_{}_{}_{}",
        std::process::id(),
        arbiter_server::host::now_ms() % 1_000_000_000,
        MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let mut admin = sqlx::PgConnection::connect(&base)
        .await
        .expect("ARBITER_TEST_POSTGRES is set but its server does not answer");
    sqlx::query(&format!("CREATE DATABASE {db}"))
        .execute(&mut admin)
        .await
        .unwrap();
    // Swap the database name in `scheme://who@host/NAME?params`.
    let (head, params) = base.split_once('?').unwrap_or((&base, ""));
    let (server, _) = head.rsplit_once('/').expect("a database URL has a path");
    Some(if params.is_empty() {
        format!("{server}/{db}")
    } else {
        format!("{server}/{db}?{params}")
    })
}

/// A SQLite file of one test, removed (with its WAL files) when dropped.
pub struct TempDb(std::path::PathBuf);

impl Drop for TempDb {
    fn drop(&mut self) {
        remove_db(&self.0);
    }
}

/// The databases a backend-independent test runs on: a fresh SQLite file
/// always, and a fresh PostgreSQL database when one is configured. Keep
/// the second element alive for the test: dropping it deletes the file.
pub async fn backends(name: &str) -> Vec<(String, Option<TempDb>)> {
    let (url, path) = temp_db(name);
    let mut list = vec![(url, Some(TempDb(path)))];
    match postgres_db(name).await {
        Some(url) => list.push((url, None)),
        None => eprintln!("{name}: ARBITER_TEST_POSTGRES is unset; PostgreSQL skipped"),
    }
    list
}

/// An app whose clock the test moves forward.
pub async fn app_with_clock() -> (Router, arbiter_server::Clock) {
    let store = test_store().await;
    let clock = arbiter_server::Clock::stopped();
    let settings = Settings {
        clock: clock.clone(),
        ..settings()
    };
    (router(AppState::new(store, settings)), clock)
}

/// A stored Knight Court game with fixed test values, `seat_hashes` one
/// per link, for the storage-level tests.
pub fn stored_game(
    id: &str,
    seat_hashes: Vec<[u8; 32]>,
    created_ms: i64,
) -> arbiter_server::storage::GameRecord {
    arbiter_server::storage::GameRecord {
        id: id.into(),
        kind: "knight-court".into(),
        config: r#"{"options":{},"bots":[null,null]}"#.into(),
        seed: "00ff".into(),
        commitment: "abcd".into(),
        host_hash: [7; 32],
        seat_hashes,
        created_ms,
    }
}

/// A server on the database at `url`, with the test settings.
pub async fn app_on(url: &str) -> Router {
    router(AppState::new(Store::open(url).await.unwrap(), settings()))
}

/// The game's deadline as everyone sees it.
pub async fn deadline_ms(app: &Router, id: &str) -> i64 {
    state(app, id, None).await["deadline_ms"].as_i64().unwrap()
}
