//! The server's routes, fed any body, path piece, query or token: what a
//! player's page, a bot or anyone with a link may send.

use crate::bytes::Bytes;
use arbiter_server::webhooks::Names;
use arbiter_server::{router, AppState, Clock, Settings, Store};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

/// Each game at the size it is created with.
const GAMES: [(&str, usize); 5] = [
    ("knight-court", 2),
    ("knight-moves", 2),
    ("progressive-chess", 2),
    ("tilechess", 3),
    ("knight-control", 3),
];

/// The routes tried: method, path after `/api/games/{id}` (or a whole
/// path, for those outside a game), and where the fuzzer's text goes.
#[derive(Clone, Copy)]
enum Route {
    /// A JSON body to a game's route.
    Body(&'static str),
    /// The text, escaped, at the end of the address: a path piece or a
    /// query string.
    Address(&'static str),
    /// A JSON body to a route outside the game.
    Outside(&'static str),
}

const ROUTES: [Route; 15] = [
    Route::Body("/actions"),
    Route::Body("/check"),
    Route::Body("/host"),
    Route::Body("/chat"),
    Route::Body("/draw"),
    Route::Body("/mute"),
    Route::Body("/claim"),
    Route::Body("/resign"),
    Route::Address("/replay/"),
    Route::Address("/board.svg?"),
    Route::Address("/record?"),
    Route::Outside("/api/games"),
    Route::Outside("/api/games/import"),
    // Last, so the earlier routes keep their numbers in the seeds. Refused
    // before any search while the game is played: its query (the ply, the
    // cap, the ranked lines) is read first.
    Route::Address("/analysis?"),
    // A host adding a webhook, its names found in `NAMES`.
    Route::Body("/webhooks"),
];

/// The only host names webhooks may resolve here (no run waits on the
/// network): two public (documentation) addresses, and a private one.
const NAMES: [(&str, &str); 3] = [
    ("discord.com", "192.0.2.10"),
    ("hooks.slack.com", "198.51.100.20"),
    ("intranet.example", "10.0.0.7"),
];

/// The first byte picks a game, the next a route, the next who asks (the
/// host, a seat, a spectator or a stranger's token); the rest is the text.
/// The server must answer every request without a 500 (an internal error
/// is a panic or a bug); and a refusal (4xx) must leave what every viewer
/// of the game sees (the host, each seat and a spectator) exactly as it
/// was.
///
/// Webhook names are looked up in `NAMES` only, so that adding one never
/// waits on the network (`webhook_inputs` reads their URLs and answers
/// too). Bots never move within a run (their delay is an hour), so no
/// search runs behind it.
pub fn http_requests(data: &[u8]) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(request(data));
    runtime.shutdown_background();
}

async fn request(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let (game, seats) = GAMES[usize::from(bytes.byte()) % GAMES.len()];
    let route = ROUTES[usize::from(bytes.byte()) % ROUTES.len()];
    let asker = bytes.byte();
    let text = bytes.rest();
    let store = Store::open("sqlite::memory:")
        .await
        .expect("an in-memory database");
    let settings = Settings {
        bot_delay: Duration::from_secs(3600),
        clock: Clock::stopped(),
        webhook_names: Names::Only(Arc::new(
            NAMES
                .iter()
                .map(|&(name, ip)| (name.to_string(), vec![ip.parse().expect("an address")]))
                .collect(),
        )),
        ..Settings::default()
    };
    let app = router(AppState::new(store, settings));
    let (status, created) = send(
        &app,
        Method::POST,
        "/api/games",
        None,
        json!({"game": game, "seats": seats}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "creating {game}: {created}");
    let id = created["id"].as_str().expect("an id").to_string();
    let mut tokens = vec![created["host"]["token"].as_str().map(String::from)];
    for seat in created["seats"].as_array().expect("seats") {
        tokens.push(seat["token"].as_str().map(String::from));
    }
    tokens.push(None);
    let token = match usize::from(asker) % (tokens.len() + 1) {
        k if k < tokens.len() => tokens[k].clone(),
        _ => Some("not-a-token".to_string()),
    };
    let game_path = format!("/api/games/{id}");
    let before = views(&app, &game_path, &tokens).await;
    let (method, path, body) = match route {
        Route::Body(tail) => (Method::POST, format!("{game_path}{tail}"), text.clone()),
        Route::Address(tail) => (
            Method::GET,
            format!("{game_path}{tail}{}", escaped(&text)),
            String::new(),
        ),
        Route::Outside(path) => (Method::POST, path.to_string(), text.clone()),
    };
    let (status, answer) = send(&app, method, &path, token.as_deref(), body).await;
    assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{path} with {text:?}: {answer}"
    );
    if status.is_client_error() {
        let after = views(&app, &game_path, &tokens).await;
        assert!(
            after == before,
            "{path} refused {text:?} ({status}: {answer}), but a view changed"
        );
    }
}

/// Every byte outside the unreserved set written as `%XX`, so any text
/// makes a valid path piece or query.
fn escaped(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~=&".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// What each of `tokens` (and a spectator, `None`) sees of the game at
/// `game_path`.
async fn views(app: &Router, game_path: &str, tokens: &[Option<String>]) -> Vec<Value> {
    let mut seen = Vec::new();
    for token in tokens {
        let (status, view) =
            send(app, Method::GET, game_path, token.as_deref(), String::new()).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        seen.push(view);
    }
    seen
}

async fn send(
    app: &Router,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: String,
) -> (StatusCode, Value) {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let request = request.body(Body::from(body)).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
        .await
        .expect("a body");
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}
