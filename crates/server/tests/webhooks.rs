//! Chat webhooks (docs/webhooks.md), against a test receiver on loopback:
//! the Discord and Slack shapes, a retry after a failure, play at full
//! speed while the receiver hangs, reminders before a deadline, the end
//! of a game, the webhooks surviving a restart, and the URL staying the
//! host's secret.

mod common;

use arbiter_server::webhooks::Retry;
use arbiter_server::{router, AppState, Settings, Store};
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

const PUBLIC: &str = "http://arbiter.test";

/// One request the receiver got.
#[derive(Debug)]
struct Got {
    path: String,
    content_type: String,
    body: Vec<u8>,
}

/// How the receiver answers: these statuses in turn, then 204; these
/// statuses with a `Retry-After` header each; or never.
#[derive(Clone)]
enum Answers {
    Statuses(Vec<u16>),
    RetryAfter(Vec<(u16, &'static str)>),
    Hang,
}

/// A receiver on a loopback port: its base URL and what it got, in order.
async fn receiver(answers: Answers) -> (String, mpsc::UnboundedReceiver<Got>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let queue = Arc::new(Mutex::new(match &answers {
        Answers::Statuses(s) => s.iter().map(|&c| (c, None)).collect::<VecDeque<_>>(),
        Answers::RetryAfter(s) => s.iter().map(|&(c, r)| (c, Some(r))).collect(),
        Answers::Hang => VecDeque::new(),
    }));
    let hang = matches!(answers, Answers::Hang);
    let app = Router::new().fallback(
        move |uri: axum::http::Uri, headers: axum::http::HeaderMap, body: axum::body::Bytes| {
            let tx = tx.clone();
            let queue = queue.clone();
            async move {
                let _ = tx.send(Got {
                    path: uri.path().to_string(),
                    content_type: headers
                        .get("content-type")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("")
                        .to_string(),
                    body: body.to_vec(),
                });
                if hang {
                    std::future::pending::<()>().await;
                }
                let (status, retry) = queue.lock().unwrap().pop_front().unwrap_or((204, None));
                let mut answer = axum::response::Response::new(axum::body::Body::empty());
                *answer.status_mut() = StatusCode::from_u16(status).unwrap();
                if let Some(retry) = retry {
                    answer
                        .headers_mut()
                        .insert("retry-after", retry.parse().unwrap());
                }
                answer
            }
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), rx)
}

/// The next request, waiting as long as it takes (a guard against a hang,
/// not a timing check).
async fn next(rx: &mut mpsc::UnboundedReceiver<Got>) -> Got {
    tokio::time::timeout(Duration::from_secs(60), rx.recv())
        .await
        .expect("the receiver got nothing in a minute")
        .expect("the receiver stopped")
}

/// A Knight Court table whose webhook posts to `{base}/hook` (Slack).
async fn court_with_hook(app: &Router, base: &str) -> Created {
    let hook = json!([{"url": format!("{base}/hook"), "style": "slack"}]);
    create(
        app,
        json!({"game": "knight-court", "seats": 2, "webhooks": hook}),
    )
    .await
}

/// A Slack message's text.
fn text(got: &Got) -> String {
    let v: Value = serde_json::from_slice(&got.body).unwrap();
    v["text"].as_str().unwrap().to_string()
}

fn settings_with(timeout: Duration) -> Settings {
    Settings {
        public_url: Some(PUBLIC.into()),
        webhook_retry: Retry {
            attempts: 4,
            backoff: Duration::from_millis(5),
            timeout,
            // Each notice its own message, as most tests count them.
            gap: Duration::ZERO,
            burst: 5,
        },
        // The receiver is on loopback.
        allow_private_webhooks: true,
        ..settings()
    }
}

async fn app_with(settings: Settings) -> Router {
    let store = test_store().await;
    router(AppState::new(store, settings))
}

/// The first legal action of whichever seat may act, played.
async fn play_one(app: &Router, g: &Created) -> String {
    for token in &g.seats {
        let s = state(app, &g.id, Some(token)).await;
        if let Some(action) = s["legal"].as_array().and_then(|l| l.first()) {
            let action = action.as_str().unwrap().to_string();
            let (status, body) = act(app, &g.id, token, &action).await;
            assert_eq!(status, StatusCode::OK, "{action}: {body}");
            return action;
        }
    }
    panic!("nobody could act: {}", state(app, &g.id, None).await);
}

async fn hooks(app: &Router, g: &Created) -> Vec<Value> {
    let (status, v) = call(
        app,
        "GET",
        &format!("/api/games/{}/webhooks", g.id),
        Some(&g.host),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v["webhooks"].as_array().unwrap().clone()
}

/// The parts of a multipart body: (headers, content) each.
/// The game's first webhook once `ready` holds of it.
async fn first_hook_when(app: &Router, g: &Created, ready: impl Fn(&Value) -> bool) -> Value {
    loop {
        let hook = hooks(app, g).await.remove(0);
        if ready(&hook) {
            return hook;
        }
        tokio::task::yield_now().await;
    }
}

fn parts(content_type: &str, body: &[u8]) -> Vec<(String, Vec<u8>)> {
    let boundary = content_type
        .strip_prefix("multipart/form-data; boundary=")
        .expect("a multipart body");
    let marker = format!("--{boundary}");
    let text = body;
    let mut out = Vec::new();
    let positions: Vec<usize> = (0..text.len().saturating_sub(marker.len()))
        .filter(|&i| text[i..].starts_with(marker.as_bytes()))
        .collect();
    for pair in positions.windows(2) {
        let part = &text[pair[0] + marker.len() + 2..pair[1] - 2];
        let split = part.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        out.push((
            String::from_utf8_lossy(&part[..split]).to_string(),
            part[split + 4..].to_vec(),
        ));
    }
    assert!(body.ends_with(format!("{marker}--\r\n").as_bytes()));
    out
}

async fn png_at(app: &Router, id: &str, ply: usize) -> Vec<u8> {
    let request = axum::http::Request::get(format!("/api/games/{id}/board.png?ply={ply}"))
        .body(axum::body::Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.clone(), request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap()
        .to_vec()
}

#[tokio::test]
async fn discord_and_slack_get_their_own_shapes_with_the_public_picture() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "webhooks": [
            {"url": format!("{base}/discord/secret-1"), "style": "discord"},
            {"url": format!("{base}/slack/secret-2"), "style": "slack"},
        ]}),
    )
    .await;
    let action = play_one(&app, &g).await;
    let mut by_path = [next(&mut got).await, next(&mut got).await];
    by_path.sort_by(|a, b| a.path.cmp(&b.path));
    let (discord, slack) = (&by_path[0], &by_path[1]);
    assert_eq!(discord.path, "/discord/secret-1");
    assert_eq!(slack.path, "/slack/secret-2");

    // Discord: payload_json, then the picture as files[0].
    let parts = parts(&discord.content_type, &discord.body);
    assert_eq!(parts.len(), 2);
    assert!(
        parts[0].0.contains("name=\"payload_json\""),
        "{}",
        parts[0].0
    );
    let payload: Value = serde_json::from_slice(&parts[0].1).unwrap();
    let content = payload["content"].as_str().unwrap();
    assert!(content.contains(&format!("White: {action}")), "{content}");
    assert!(content.contains("To act: Black"), "{content}");
    let table = format!("{PUBLIC}/table/{}", g.id);
    assert!(content.ends_with(&format!("<{table}>")), "{content}");
    assert_eq!(payload["embeds"][0]["url"], table.as_str());
    assert_eq!(
        payload["embeds"][0]["image"]["url"],
        "attachment://board.png"
    );
    assert_eq!(payload["allowed_mentions"]["parse"], json!([]));
    assert_eq!(payload["attachments"][0]["filename"], "board.png");
    assert!(parts[1]
        .0
        .contains("name=\"files[0]\"; filename=\"board.png\""));
    assert!(parts[1].0.contains("Content-Type: image/png"));
    // The attached picture is the spectators' picture of that moment.
    assert_eq!(parts[1].1, png_at(&app, &g.id, 1).await);

    // Slack: JSON blocks, the picture by its public address.
    assert_eq!(slack.content_type, "application/json");
    let v: Value = serde_json::from_slice(&slack.body).unwrap();
    // A new table's first message opens with the game in a line.
    assert_eq!(
        v["text"],
        format!(
            "Knight Court, table {}: A new game: Chess on 3×3 with a knight, a bishop and a \
             rook each; captured pieces come back as drops.\nWhite: {action}\nTo act: Black",
            g.id
        )
    );
    let section = v["blocks"][0]["text"]["text"].as_str().unwrap();
    assert!(section.starts_with(&format!("*Knight Court, table {}*", g.id)));
    assert!(section.ends_with(&format!("<{table}|Open the table>")));
    assert_eq!(v["blocks"][1]["type"], "image");
    assert_eq!(
        v["blocks"][1]["image_url"],
        format!("{PUBLIC}/api/games/{}/board.png?ply=1", g.id).as_str()
    );

    // The host sees both with their state; nobody else sees any.
    let listed = hooks(&app, &g).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["hook"], 1);
    assert_eq!(listed[0]["style"], "discord");
    assert_eq!(listed[1]["url"], format!("{base}/slack/secret-2").as_str());
    for token in [Some(g.seats[0].as_str()), None] {
        let (status, _) = call(
            &app,
            "GET",
            &format!("/api/games/{}/webhooks", g.id),
            token,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let seen = [
        state(&app, &g.id, None).await.to_string(),
        state(&app, &g.id, Some(&g.seats[0])).await.to_string(),
        call(
            &app,
            "GET",
            &format!("/api/games/{}/record", g.id),
            Some(&g.seats[1]),
            None,
        )
        .await
        .1
        .to_string(),
    ];
    for text in seen {
        assert!(!text.contains("secret-"), "a webhook URL leaked: {text}");
    }
}

#[tokio::test]
async fn a_failed_delivery_is_retried_and_the_host_sees_how_it_went() {
    let (base, mut got) = receiver(Answers::Statuses(vec![500, 503])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    // Added by the host after creation.
    let (status, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/webhooks", g.id),
        Some(&g.host),
        Some(json!({"url": format!("{base}/hook"), "style": "slack"}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    play_one(&app, &g).await;
    let first = next(&mut got).await;
    let second = next(&mut got).await;
    let third = next(&mut got).await;
    // The same message each time.
    assert_eq!(first.body, second.body);
    assert_eq!(second.body, third.body);
    // The host's view settles on one delivery after three attempts.
    let hook = first_hook_when(&app, &g, |h| h["delivered"] == 1).await;
    assert_eq!(hook["attempts"], 3);
    assert_eq!(hook["failed"], 0);
    assert_eq!(hook["last_error"], "the receiver answered 503");
    assert!(hook["last_delivery_ms"].is_i64());
}

/// A receiver's `Retry-After: 0` is honoured: with a backoff of an hour
/// the message would not come again within the test's guard.
#[tokio::test]
async fn a_receivers_retry_after_sets_the_next_attempt() {
    let (base, mut got) = receiver(Answers::RetryAfter(vec![
        (429, "0"),
        (503, "Thu, 01 Jan 1970 00:00:00 GMT"),
    ]))
    .await;
    let mut settings = settings_with(Duration::from_secs(30));
    settings.webhook_retry.backoff = Duration::from_secs(3600);
    let app = app_with(settings).await;
    let g = court_with_hook(&app, &base).await;
    play_one(&app, &g).await;
    for _ in 0..3 {
        next(&mut got).await;
    }
    let hook = first_hook_when(&app, &g, |h| h["delivered"] == 1).await;
    assert_eq!(hook["attempts"], 3);
    assert_eq!(hook["last_error"], "the receiver answered 503");
}

/// Delivery state survives a restart: the counts and last error, and the
/// message being retried, which the restarted server sends again (with
/// a backoff of an hour, only the restart can send it within the test).
#[tokio::test]
async fn delivery_state_and_a_pending_retry_survive_a_restart() {
    let (base, mut got) = receiver(Answers::Statuses(vec![500])).await;
    let (url, path) = temp_db("webhook-deliveries");
    let mut settings = settings_with(Duration::from_secs(30));
    settings.webhook_retry.backoff = Duration::from_secs(3600);
    let app = router(AppState::new(
        Store::open(&url).await.unwrap(),
        settings.clone(),
    ));
    let g = court_with_hook(&app, &base).await;
    play_one(&app, &g).await;
    let first = next(&mut got).await;
    let before = first_hook_when(&app, &g, |h| h["last_error"].is_string()).await;
    assert_eq!(before["retrying"], true, "{before}");
    assert_eq!(before["delivered"], 0);
    drop(app);
    let app = router(AppState::new(Store::open(&url).await.unwrap(), settings));
    // Opening the game's webhooks starts its deliveries again.
    let restarted = hooks(&app, &g).await.remove(0);
    assert_eq!(restarted["last_error"], "the receiver answered 500");
    let again = next(&mut got).await;
    assert_eq!(again.body, first.body, "the same message is sent again");
    let after = first_hook_when(&app, &g, |h| h["delivered"] == 1).await;
    assert_eq!(after["attempts"], 2, "{after}");
    assert_eq!(after["retrying"], false);
    assert_eq!(after["last_error"], "the receiver answered 500");
    assert_eq!(after["failed"], 0);
    remove_db(&path);
}

/// Without `--allow-private-webhooks`, a URL that names or resolves to
/// this machine or a private network is refused, saying the rule.
#[tokio::test]
async fn private_addresses_are_refused_without_the_opt_in() {
    let app = app_with(Settings {
        allow_private_webhooks: false,
        ..settings_with(Duration::from_secs(30))
    })
    .await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    for (url, kind) in [
        ("http://127.0.0.1:9/hook", "loopback"),
        ("http://192.168.1.20/hook", "private"),
        ("http://169.254.169.254/latest", "link-local"),
        ("http://[::1]:9/hook", "loopback"),
        ("http://0.0.0.0:9/hook", "unspecified"),
        // A name is checked after it is resolved.
        ("http://localhost:9/hook", "loopback"),
    ] {
        let (status, v) = call(
            &app,
            "POST",
            &format!("/api/games/{}/webhooks", g.id),
            Some(&g.host),
            Some(json!({"url": url, "style": "slack"}).to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(
            e.contains(kind) && e.contains("--allow-private-webhooks"),
            "{url}: {e}"
        );
        // And at creation.
        let (status, v) = call(
            &app,
            "POST",
            "/api/games",
            None,
            Some(
                json!({"game": "knight-court", "seats": 2,
                        "webhooks": [{"url": url, "style": "slack"}]})
                .to_string(),
            ),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {v}");
    }
    assert_eq!(hooks(&app, &g).await, Vec::<Value>::new());
}

#[tokio::test]
async fn play_goes_on_while_the_receiver_hangs_and_no_move_is_lost() {
    let (base, mut got) = receiver(Answers::Hang).await;
    // The receiver holds the first message for as long as the test runs.
    let app = app_with(settings_with(Duration::from_secs(3600))).await;
    let g = create(
        &app,
        json!({"game": "knight-moves", "seats": 2, "webhooks": [
            {"url": format!("{base}/hang"), "style": "discord"}
        ]}),
    )
    .await;
    let moves = 12;
    for _ in 0..moves {
        if state(&app, &g.id, None).await["status"] != "playing" {
            break;
        }
        play_one(&app, &g).await;
    }
    let played = state(&app, &g.id, None).await["history"]
        .as_array()
        .unwrap()
        .len();
    assert!(played >= 2, "{played}");
    // Every move was taken while the first message was still unanswered.
    let first = next(&mut got).await;
    assert_eq!(first.path, "/hang");
    let hook = hooks(&app, &g).await.remove(0);
    assert_eq!(hook["delivered"], 0);
    assert_eq!(hook["attempts"], 1);
    // The rest wait in the queue, none dropped: one message per move.
    assert_eq!(hook["waiting"], played as u64 - 1);
    assert_eq!(hook["dropped"], 0);
    assert!(got.try_recv().is_err());
}

#[tokio::test]
async fn a_deadline_reminder_and_the_end_are_posted() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    // The lead time is the whole deadline: each turn's reminder is due at
    // once, so the test waits for nothing.
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "deadline_secs": 600, "webhooks": [
            {"url": format!("{base}/hook"), "style": "slack", "deadline_lead_secs": 600}
        ]}),
    )
    .await;
    let action = play_one(&app, &g).await;
    let turn = text(&next(&mut got).await);
    assert!(turn.contains(&format!("White: {action}")), "{turn}");
    let reminder = text(&next(&mut got).await);
    assert!(
        reminder.contains("Deadline near: Black to act within"),
        "{reminder}"
    );
    let (status, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/host", g.id),
        Some(&g.host),
        Some(json!({"command": "end"}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let end = text(&next(&mut got).await);
    assert!(end.contains("Game over"), "{end}");
}

/// A Knight Control step posts once, when it closes: the seats' sealed
/// submissions come together in one line, not one message each.
#[tokio::test]
async fn a_sealed_step_is_posted_once_when_it_closes() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let mut body = knight_control(3, 2);
    // Each step's deadline is 300 s, so its reminder is due at once.
    body["webhooks"] = json!([
        {"url": format!("{base}/hook"), "style": "slack", "deadline_lead_secs": 300}
    ]);
    let g = create(&app, body).await;
    act_ok(&app, &g.id, &g.seats[0], "bid ABCDE").await;
    // P1's bid posts nothing, but the reminder knows it is in.
    let reminder = text(&next(&mut got).await);
    assert!(
        reminder.contains("Deadline near: P2, P3 to act within"),
        "{reminder}"
    );
    for (k, bid) in [(2, "bid FGHIJ"), (2, "bid KLMNO"), (1, "bid ABCDE")] {
        act_ok(&app, &g.id, &g.seats[k], bid).await;
    }
    // Then the step's message, with the three seats in one line (P3's
    // revision is not told), the zones the bidding gave, and who is to act
    // in the next step.
    let step = text(&next(&mut got).await);
    let bidding = state(&app, &g.id, None).await["view"]["log"][0]["events"].clone();
    let zones: Vec<String> = (bidding.as_array().unwrap().iter())
        .map(|e| {
            format!(
                "{} gets zone {}",
                e["player"].as_str().unwrap(),
                e["zone"].as_str().unwrap()
            )
        })
        .collect();
    let zones = format!("Bidding: {}", zones.join(", "));
    assert!(
        step.contains(&format!(
            "P1, P3 and P2: submitted a bid\n{zones}\nTo act: P1, P2, P3"
        )),
        "{step}"
    );
    assert!(!step.contains("FGHIJ") && !step.contains("KLMNO"), "{step}");
    // The table's first message opens with the game in a line.
    assert!(
        step.starts_with(&format!(
            "Knight Control, table {}: A new game: Sealed orders for a table of knights: \
             bid for zones, spawn, leap, trade chips.\nP1, P3 and P2: submitted a bid",
            g.id
        )),
        "{step}"
    );
    // A round's result, player by player, as the public log has it.
    let zone = bidding[0]["zone"].as_str().unwrap();
    act_ok(
        &app,
        &g.id,
        &g.seats[0],
        &format!("orders spawn {zone}3 1x2"),
    )
    .await;
    act_ok(&app, &g.id, &g.seats[1], "orders pass").await;
    act_ok(&app, &g.id, &g.seats[2], "orders pass").await;
    // (The orders step's own reminder may come first.)
    let mut round = text(&next(&mut got).await);
    if round.contains("Deadline near") {
        round = text(&next(&mut got).await);
    }
    assert!(
        round.contains(&format!(
            "submitted orders\nRound 1:\nP1: spawns a 1x2 knight on {zone}3\n"
        )),
        "{round}"
    );
}

/// A server restarted while a step fills goes on holding its entries:
/// the step's message, after the restart, still names every seat that
/// submitted before it; and a restart posts nothing of its own.
#[tokio::test]
async fn a_step_filling_across_a_restart_is_posted_whole() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let (url, path) = temp_db("webhooks-held");
    let start = || async {
        let store = Store::open(&url).await.unwrap();
        router(AppState::new(store, settings_with(Duration::from_secs(30))))
    };
    let app = start().await;
    let mut body = knight_control(3, 2);
    body["webhooks"] = json!([{"url": format!("{base}/hook"), "style": "slack"}]);
    let g = create(&app, body).await;
    act_ok(&app, &g.id, &g.seats[0], "bid ABCDE").await;
    act_ok(&app, &g.id, &g.seats[2], "bid FGHIJ").await;
    drop(app);
    let app = start().await;
    // Opening the table starts its actor; it posts nothing.
    state(&app, &g.id, None).await;
    act_ok(&app, &g.id, &g.seats[1], "bid KLMNO").await;
    let step = text(&next(&mut got).await);
    assert!(
        step.contains("A new game: ")
            && step.contains("\nP1, P3 and P2: submitted a bid\nBidding: "),
        "{step}"
    );
    assert!(got.try_recv().is_err(), "one message");
    drop(app);
    remove_db(&path);
}

/// Settings with a pace of two messages at once, then one each 500 ms.
fn paced() -> Settings {
    let mut settings = settings_with(Duration::from_secs(30));
    settings.webhook_retry.gap = Duration::from_millis(500);
    settings.webhook_retry.burst = 2;
    settings
}

/// Moves within a webhook's pace of messages (here two at once, then one
/// each 500 ms) each get their own message; those that come faster go out
/// together in the next message, in order.
#[tokio::test]
async fn moves_beyond_the_pace_go_out_together() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(paced()).await;
    let g = court_with_hook(&app, &base).await;
    let mut played = Vec::new();
    for _ in 0..4 {
        played.push(play_one(&app, &g).await);
    }
    let one = text(&next(&mut got).await);
    assert!(
        one.ends_with(&format!("White: {}\nTo act: Black", played[0])),
        "{one}"
    );
    let two = text(&next(&mut got).await);
    assert!(
        two.ends_with(&format!(": Black: {}\nTo act: White", played[1])),
        "{two}"
    );
    let rest = text(&next(&mut got).await);
    assert!(
        rest.ends_with(&format!(
            ": White: {}\nBlack: {}\nTo act: White",
            played[2], played[3]
        )),
        "{rest}"
    );
}

/// Two tables posting into one webhook share its pace (here two at once,
/// then one each 500 ms): once each table's first move has spent the two,
/// the first table's next two moves go out together.
#[tokio::test]
async fn tables_posting_to_one_webhook_share_its_pace() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(paced()).await;
    let (a, b) = (
        court_with_hook(&app, &base).await,
        court_with_hook(&app, &base).await,
    );
    let first = [play_one(&app, &a).await, play_one(&app, &b).await];
    let more = [play_one(&app, &a).await, play_one(&app, &a).await];
    let mut messages: Vec<String> = Vec::new();
    for _ in 0..3 {
        messages.push(text(&next(&mut got).await));
    }
    let of = |g: &Created| {
        (messages.iter())
            .filter(|m| m.starts_with(&format!("Knight Court, table {}:", g.id)))
            .cloned()
            .collect::<Vec<_>>()
    };
    let (by_a, by_b) = (of(&a), of(&b));
    assert_eq!((by_a.len(), by_b.len()), (2, 1), "{messages:?}");
    assert!(
        by_b[0].contains(&format!("White: {}\n", first[1])),
        "{by_b:?}"
    );
    assert!(
        by_a[0].contains(&format!("White: {}\n", first[0])),
        "{by_a:?}"
    );
    assert!(
        by_a[1].ends_with(&format!(
            ": Black: {}\nWhite: {}\nTo act: Black",
            more[0], more[1]
        )),
        "{by_a:?}"
    );
}

/// A rematch keeps the group's chat: the new table has the old one's
/// webhooks, and its first message opens by saying whose rematch it is,
/// with the new table's link.
#[tokio::test]
async fn a_rematch_posts_to_the_same_chat() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2,
               "webhooks": [{"url": format!("{base}/hook"), "style": "slack", "deadline_lead_secs": 60}]}),
    )
    .await;
    let uri = format!("/api/games/{}/resign", g.id);
    let (status, v) = call(&app, "POST", &uri, Some(&g.seats[0]), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let end = next(&mut got).await;
    assert!(String::from_utf8_lossy(&end.body).contains("Game over: Black wins by resignation"));
    let uri = format!("/api/games/{}/rematch", g.id);
    let (status, v) = call(&app, "POST", &uri, Some(&g.seats[1]), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let new = v["id"].as_str().unwrap();
    // The seats swapped: the old Black link plays White now.
    let first = state(&app, new, Some(&g.seats[1])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    act_ok(&app, new, &g.seats[1], &first).await;
    let message = next(&mut got).await;
    assert_eq!(message.path, "/hook");
    let v: Value = serde_json::from_slice(&message.body).unwrap();
    assert_eq!(
        v["text"],
        format!(
            "Knight Court, table {new}: A rematch of table {}: the same players again\n\
             White: {first}\nTo act: Black",
            g.id
        )
    );
    let section = v["blocks"][0]["text"]["text"].as_str().unwrap();
    assert!(
        section.ends_with(&format!("<{PUBLIC}/table/{new}|Open the table>")),
        "{section}"
    );
    // The new table's host (the same link) sees the hook, as it was set.
    let (status, listed) = call(
        &app,
        "GET",
        &format!("/api/games/{new}/webhooks"),
        Some(&g.host),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(
        listed["webhooks"][0]["url"],
        format!("{base}/hook").as_str()
    );
    assert_eq!(listed["webhooks"][0]["deadline_lead_secs"], 60);
}

/// A Progressive Chess turn sent in its two steps (the move, then the
/// upgrade) is told once, whole, when its second step comes.
#[tokio::test]
async fn a_turn_sent_in_two_steps_is_posted_once_whole() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2, "options": {"clock": true},
               "webhooks": [{"url": format!("{base}/hook"), "style": "slack"}]}),
    )
    .await;
    act_ok(&app, &g.id, &g.seats[0], "a1a2+?").await;
    act_ok(&app, &g.id, &g.seats[0], "a1a2+a2=F").await;
    let black = state(&app, &g.id, Some(&g.seats[1])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    act_ok(&app, &g.id, &g.seats[1], &black).await;
    let white = text(&next(&mut got).await);
    assert!(white.contains("White: a1a2+a2=F\nTo act: Black"), "{white}");
    assert!(!white.contains("+?"), "{white}");
    let reply = text(&next(&mut got).await);
    assert!(reply.contains(&format!("Black: {black}\n")), "{reply}");
}

/// A match whose game 1 is drawn: the chat hears the drawing move by
/// the colour that played it, the announcement, and game 2's mover by its
/// new colour.
#[tokio::test]
async fn a_drawn_first_game_of_a_match_is_announced() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2,
               "options": {"match": true, "draw_rules": true},
               "webhooks": [{"url": format!("{base}/hook"), "style": "slack"}]}),
    )
    .await;
    let shuffle = [(0, "d1d2"), (1, "d7d6"), (0, "d2d1"), (1, "d6d7")];
    for (seat, turn) in shuffle.iter().chain(&shuffle) {
        act_ok(&app, &g.id, &g.seats[*seat], turn).await;
    }
    let mut last = String::new();
    for _ in 0..8 {
        last = text(&next(&mut got).await);
    }
    assert!(
        last.ends_with(
            "Black: d6d7\nGame 1 is drawn (threefold repetition): game 2 begins, the colours swapped\nTo act: White"
        ),
        "{last}"
    );
    // Game 2's first mover is player 1, now White.
    act_ok(&app, &g.id, &g.seats[1], "b1b2").await;
    let next_message = text(&next(&mut got).await);
    assert!(
        next_message.ends_with("White: b1b2\nTo act: Black"),
        "{next_message}"
    );
}

#[tokio::test]
async fn webhooks_survive_a_restart_and_bad_ones_are_refused() {
    let (base, mut got) = receiver(Answers::Statuses(vec![])).await;
    let (url, path) = temp_db("webhooks");
    let store = Store::open(&url).await.unwrap();
    let app = router(AppState::new(store, settings_with(Duration::from_secs(30))));
    let slack = |url: String| json!({"url": url, "style": "slack"});
    let authority = base.trim_start_matches("http://");
    for (hooks, why) in [
        (json!([{"url": "ftp://x/y", "style": "slack"}]), "https://"),
        (json!([{"url": format!("{base}/x")}]), "\"style\""),
        (
            json!([{"url": format!("{base}/x"), "style": "teams"}]),
            "'teams'",
        ),
        (
            json!([{"url": format!("{base}/x"), "style": "slack", "deadline_lead_secs": 0}]),
            "deadline_lead_secs",
        ),
        // A port that is no port was read as none: the post went to port 80.
        (
            json!([slack("http://127.0.0.1:99999/x".into())]),
            "port is not a number from 1 to 65535",
        ),
        (
            json!([slack("http://127.0.0.1:0/x".into())]),
            "port is not a number from 1 to 65535",
        ),
        (
            json!([slack(format!("http://me:secret@{authority}/x"))]),
            "no user name or password",
        ),
        (
            json!([
                slack(format!("{base}/a")),
                slack(format!("{base}/b")),
                slack(format!("{base}/a"))
            ]),
            "webhook 3: the same URL as webhook 1",
        ),
    ] {
        let (status, v) = call(
            &app,
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "knight-court", "seats": 2, "webhooks": hooks}).to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{why}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{v}");
    }
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "webhooks": [
            {"url": format!("{base}/kept"), "style": "slack"}
        ]}),
    )
    .await;
    // The opening is told once: not again by the restarted server.
    drop(app);
    let store = Store::open(&url).await.unwrap();
    let app = router(AppState::new(store, settings_with(Duration::from_secs(30))));
    // The same URL again would post every message twice.
    let (status, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/webhooks", g.id),
        Some(&g.host),
        Some(slack(format!("{base}/kept")).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("webhook 1 already posts to that URL"),
        "{v}"
    );
    assert_eq!(hooks(&app, &g).await.len(), 1);
    let action = play_one(&app, &g).await;
    let message = next(&mut got).await;
    assert_eq!(message.path, "/kept");
    assert!(String::from_utf8_lossy(&message.body).contains(&action));
    // The host removes it; the list says so.
    let uri = format!("/api/games/{}/webhooks/1", g.id);
    let remove = || call(&app, "DELETE", &uri, Some(&g.host), None);
    let (status, v) = remove().await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["webhooks"], json!([]));
    assert_eq!(remove().await.0, StatusCode::NOT_FOUND);
    remove_db(&path);
}

/// The host's test message: posted at once, once, with the table's title,
/// link and public picture; the answer says how it went; nobody else may
/// send one, a second within the gap is refused, and the webhook's own
/// delivery record is left as it was.
#[tokio::test]
async fn the_host_sends_a_webhook_a_test_message_and_hears_how_it_went() {
    let (base, mut got) = receiver(Answers::Statuses(vec![404])).await;
    let app = app_with(settings_with(Duration::from_secs(30))).await;
    let g = court_with_hook(&app, &base).await;
    let uri = |hook: &str| format!("/api/games/{}/webhooks/{hook}/test", g.id);
    let send = |token: Option<String>, hook: &'static str| {
        let (app, uri) = (app.clone(), uri(hook));
        async move { call(&app, "POST", &uri, token.as_deref(), None).await }
    };
    // The receiver refuses the first (404): the answer says so.
    let (status, v) = send(Some(g.host.clone()), "1").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        json!({"hook": 1, "delivered": false, "error": "the receiver answered 404"})
    );
    let sent = next(&mut got).await;
    assert_eq!(sent.path, "/hook");
    let body: Value = serde_json::from_slice(&sent.body).unwrap();
    let section = body["blocks"][0]["text"]["text"].as_str().unwrap();
    assert!(
        section.starts_with(&format!(
            "*Knight Court, table {}*\nTest message from the table's host: this chat will get the table's moves, and its result."
        , g.id)),
        "{section}"
    );
    assert!(section.ends_with(&format!("<{PUBLIC}/table/{}|Open the table>", g.id)));
    assert_eq!(
        body["blocks"][1]["image_url"],
        format!("{PUBLIC}/api/games/{}/board.png?ply=0", g.id)
    );
    // Again at once: refused, and nothing is posted.
    let (status, v) = send(Some(g.host.clone()), "1").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(v["error"].as_str().unwrap().contains("try again in"), "{v}");
    // Only the host; only a webhook the game has.
    for token in [None, Some(g.seats[0].clone()), Some(g.seats[1].clone())] {
        let (status, v) = send(token, "1").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    }
    assert_eq!(
        send(Some(g.host.clone()), "9").await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        send(Some(g.host.clone()), "x").await.0,
        StatusCode::BAD_REQUEST
    );
    // A Discord webhook gets the picture attached, and the test is taken.
    let (status, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/webhooks", g.id),
        Some(&g.host),
        Some(json!({"url": format!("{base}/discord"), "style": "discord", "deadline_lead_secs": 120}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (status, v) = send(Some(g.host.clone()), "2").await;
    assert_eq!(
        (status, v),
        (
            StatusCode::OK,
            json!({"hook": 2, "delivered": true, "error": null})
        )
    );
    let sent = next(&mut got).await;
    assert_eq!(sent.path, "/discord");
    let parts = parts(&sent.content_type, &sent.body);
    let payload: Value = serde_json::from_slice(&parts[0].1).unwrap();
    assert!(payload["content"]
        .as_str()
        .unwrap()
        .contains("this chat will get the table's moves, a reminder 2 min before each deadline, and its result."));
    assert_eq!(&parts[1].1[1..4], b"PNG");
    assert_eq!(parts[1].1, png_at(&app, &g.id, 0).await);
    // The tests are not the game's messages: both records are untouched.
    for hook in hooks(&app, &g).await {
        assert_eq!(
            (hook["delivered"].clone(), hook["failed"].clone()),
            (json!(0), json!(0)),
            "{hook}"
        );
        assert_eq!(hook["last_error"], Value::Null, "{hook}");
    }
    // Only the two test messages were posted.
    assert!(got.try_recv().is_err());
    // A receiver that never answers: the answer says so once the attempt's
    // time is up (here the settings' 200 ms, within the test's own 4 s).
    let (base, _hung) = receiver(Answers::Hang).await;
    let app = app_with(settings_with(Duration::from_millis(200))).await;
    let g = court_with_hook(&app, &base).await;
    let uri = format!("/api/games/{}/webhooks/1/test", g.id);
    let (status, v) = call(&app, "POST", &uri, Some(&g.host), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["delivered"], false, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("no answer within"),
        "{v}"
    );
}
