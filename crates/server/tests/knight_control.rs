//! Knight Control on the host: a full game with bots and people, refusals
//! that change nothing, deadlines (moved with the test clock, never waited
//! for), pause, extend, a restart, and a leak test over every response and
//! WebSocket frame.

mod common;

use arbiter_server::{router, AppState, Clock, Settings, Store};
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};

/// Knight Control with greedy (level-2) bots in `bot_seats` and a step deadline.
fn kc(seats: usize, rounds: u32, bot_seats: &[usize], deadline: u64) -> Value {
    let mut body = knight_control(seats, rounds);
    body["bots"] = bots(bot_seats, 2);
    body["deadline_secs"] = json!(deadline);
    body
}

fn stage(s: &Value) -> String {
    s["view"]["stage"].as_str().unwrap().to_string()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// What others see of a seat's secret submission: that it submitted, no
/// more.
fn assert_sealed(entry: &Value) {
    let sealed = [
        "submitted a bid",
        "submitted orders",
        "placed ToLs",
        "voted",
    ];
    let action = entry["action"].as_str().unwrap();
    assert!(sealed.contains(&action), "{action}");
}

/// Every seat's state and the spectator's: what "every view" means.
async fn all_views(app: &Router, id: &str, seats: &[String]) -> Vec<Value> {
    let mut out = vec![state(app, id, None).await];
    for t in seats {
        out.push(state(app, id, Some(t)).await);
    }
    out
}

#[tokio::test]
async fn a_game_with_bots_and_a_person_plays_to_the_end() {
    let app = app().await;
    let g = create(&app, kc(3, 2, &[1, 2], 300)).await;
    let me = &g.seats[0];
    let s = state(&app, &g.id, Some(me)).await;
    assert_eq!(stage(&s), "bidding");
    assert_eq!(s["deadline_secs"], 300);
    assert!(s["hints"]["geometry"]["zones"].as_array().unwrap().len() == 12);
    act_ok(&app, &g.id, me, "bid CABDE").await;
    let mut turns = 0;
    loop {
        let s = state(&app, &g.id, Some(me)).await;
        if s["status"] == "over" {
            assert!(s["outcome"].is_object(), "{s}");
            assert!(s["seed"].is_string());
            break;
        }
        if s["to_act"] == json!([0]) {
            let legal = strings(&s["legal"]);
            // Orders: a spawn if there is one, with its cost shown first.
            let pick = legal
                .iter()
                .find(|a| a.contains("spawn"))
                .unwrap_or(&legal[0])
                .clone();
            let (status, check) = post(
                &app,
                &format!("/api/games/{}/check", g.id),
                Some(me),
                json!({ "action": pick }),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{check}");
            if pick.starts_with("orders spawn") {
                assert_eq!(check["preview"]["cost"]["chips"], 1, "{check}");
            }
            act_ok(&app, &g.id, me, &pick).await;
            turns += 1;
        } else {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(turns < 100);
    }
    let s = state(&app, &g.id, Some(me)).await;
    // The person's own submissions are in their history in full; the
    // bots' appear as "submitted ..." only.
    let history = s["history"].as_array().unwrap();
    assert!(history
        .iter()
        .any(|h| h["seat"] == 0 && h["action"] == "bid CABDE"));
    for h in history
        .iter()
        .filter(|h| h["seat"] != 0 && !h["seat"].is_null())
    {
        assert_sealed(h);
    }
}

#[tokio::test]
async fn refusals_change_nothing_in_any_view() {
    let app = app().await;
    let g = create(&app, kc(3, 3, &[], 300)).await;
    let (p1, p2, p3) = (&g.seats[0], &g.seats[1], &g.seats[2]);
    act_ok(&app, &g.id, p1, "bid ABCDE").await;
    act_ok(&app, &g.id, p2, "bid DEFGH").await;
    act_ok(&app, &g.id, p3, "bid GHIJK").await;
    assert_eq!(
        stage(&state(&app, &g.id, None).await),
        "orders",
        "all three bid"
    );
    let before = all_views(&app, &g.id, &g.seats).await;
    let refusals: Vec<(Option<&String>, String, StatusCode)> = vec![
        // Malformed.
        (Some(p1), "orders move".into(), StatusCode::BAD_REQUEST),
        (
            Some(p1),
            "orders spawn Q99 1x2".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (Some(p1), "launch rockets".into(), StatusCode::BAD_REQUEST),
        // Illegal: no knight there; another player's zone; over-exchange.
        (
            Some(p1),
            "orders move h8 i10".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Some(p1),
            "orders spawn D1 1x2".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Some(p1),
            "orders exchange 3".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Some(p1),
            "offer P2 99".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        // Out of phase: a bid, a vote, item choices during orders.
        (Some(p1), "bid ABCDE".into(), StatusCode::CONFLICT),
        (Some(p2), "vote P1".into(), StatusCode::CONFLICT),
        (Some(p3), "items pass".into(), StatusCode::CONFLICT),
        // Too long for an action.
        (
            Some(p1),
            format!("orders {}", "move a1 b3; ".repeat(400)),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (token, text, want) in &refusals {
        let (status, err) = act(&app, &g.id, token.unwrap(), text).await;
        assert_eq!(status, *want, "{text}: {err}");
        assert!(err["error"].is_string(), "{err}");
    }
    // A wrong token, no token, the host, a spectator's missing token.
    let body = json!({"action": "orders pass"}).to_string();
    let uri = format!("/api/games/{}/actions", g.id);
    let (status, _) = call(&app, "POST", &uri, Some("00ff"), Some(body.clone())).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&app, "POST", &uri, None, Some(body.clone())).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&app, "POST", &uri, Some(&g.host), Some(body)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // An oversized body.
    let huge = json!({"action": "x".repeat(20_000)}).to_string();
    let (status, err) = call(&app, "POST", &uri, Some(p1), Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{err}");
    // A seat cannot grant communal garnets; the host's bad grant is refused.
    let (status, _) = host(
        &app,
        &g.id,
        p1,
        json!({"command": "game", "action": "communal P1 P2"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = by_host(
        &app,
        &g,
        json!({"command": "game", "action": "communal P1 P1"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Text that is no host action at all is malformed.
    let (status, err) = by_host(
        &app,
        &g,
        json!({"command": "game", "action": "communal P1 P12"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert_eq!(err["error"], "'P12' is not a player: players are P1 to P3");
    assert_eq!(all_views(&app, &g.id, &g.seats).await, before);
    assert_eq!(all_views(&app, &g.id, &g.seats).await, before);

    // A checked action is not played either.
    let (status, v) = post(
        &app,
        &format!("/api/games/{}/check", g.id),
        Some(p1),
        json!({"action": "orders spawn A1 2x3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["preview"]["cost"]["chips"], 3);
    assert_eq!(all_views(&app, &g.id, &g.seats).await, before);

    // Trades and a communal garnet: the two parties see them, nobody else.
    act_ok(&app, &g.id, p1, "offer P2 2").await;
    let v = act_ok(&app, &g.id, p2, "accept P1").await;
    assert_eq!(v["view"]["me"]["purse"]["chips"], 7);
    let (status, v) = by_host(
        &app,
        &g,
        json!({"command": "game", "action": "communal P1 P3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    act_ok(&app, &g.id, p1, "communal 1").await;
    let (_, v) = act(&app, &g.id, p3, "communal 1").await;
    assert_eq!(v["view"]["me"]["purse"]["chips"], 7);
    let after = all_views(&app, &g.id, &g.seats).await;
    // Seat P3 and the spectator saw only the public grant; P3 its consent.
    assert_eq!(after[3]["view"]["me"]["trades"], json!([]));
    assert_eq!(after[0]["view"]["me"], json!(null));
    let spectator_history = after[0]["history"].as_array().unwrap();
    assert_eq!(
        spectator_history.len(),
        4,
        "three bids and the grant: {spectator_history:?}"
    );
}

#[tokio::test]
async fn a_step_closes_at_its_deadline_and_extend_and_pause_move_it() {
    let (app, clock) = app_with_clock().await;
    let g = create(&app, kc(3, 3, &[], 60)).await;
    let p1 = &g.seats[0];
    act_ok(&app, &g.id, p1, "bid ABCDE").await;
    let s = state(&app, &g.id, None).await;
    let deadline = s["deadline_ms"].as_i64().unwrap();
    // The others have not bid. Just before the deadline nothing happens.
    clock.advance(59_000);
    assert_eq!(stage(&state(&app, &g.id, None).await), "bidding");
    let (_, v) = by_host(&app, &g, json!({"command": "extend", "seconds": 10})).await;
    assert_eq!(v["deadline_ms"].as_i64().unwrap(), deadline + 10_000);
    clock.advance(5_000);
    assert_eq!(stage(&state(&app, &g.id, None).await), "bidding");
    by_host(&app, &g, json!({"command": "pause"})).await;
    clock.advance(600_000);
    let s = state(&app, &g.id, None).await;
    assert_eq!(
        (stage(&s).as_str(), s["status"].as_str()),
        ("bidding", Some("paused"))
    );
    let (status, _) = act(&app, &g.id, &g.seats[1], "bid DEFGH").await;
    assert_eq!(status, StatusCode::CONFLICT, "no bids while paused");
    by_host(&app, &g, json!({"command": "resume"})).await;
    let s = state(&app, &g.id, None).await;
    // Pushed back by the pause: the 600 s moved plus the real ms it took.
    let pushed = s["deadline_ms"].as_i64().unwrap() - (deadline + 10_000 + 600_000);
    assert!((0..50).contains(&pushed), "{pushed}");
    clock.advance(6_000);
    // The deadline passed: bidding closed; P2 and P3 bid nothing and drew.
    let s = state(&app, &g.id, Some(p1)).await;
    assert_eq!(stage(&s), "orders");
    let zones: Vec<&Value> = s["view"]["board"]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|z| !z["owner"].is_null())
        .collect();
    assert_eq!(zones.len(), 3);
    assert_eq!(zones[0]["letter"], "A");
    let history = s["history"].as_array().unwrap();
    assert_eq!(history.last().unwrap()["action"], "deadline");
    // The orders step got its own fresh deadline.
    let next = s["deadline_ms"].as_i64().unwrap();
    let closed = s_time(&history.last().unwrap()["at_ms"]);
    assert!(
        (closed + 60_000..closed + 60_050).contains(&next),
        "{next} {closed}"
    );
    // Everyone submits: the step resolves at once, well before it.
    for t in &g.seats {
        act_ok(&app, &g.id, t, "orders pass").await;
    }
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["view"]["round"], 2, "{s}");
}

fn s_time(v: &Value) -> i64 {
    v.as_i64().unwrap()
}

#[tokio::test]
async fn a_restart_rebuilds_the_same_state_from_the_log() {
    let (url, path) = temp_db("kc-restart");
    let clock = Clock::stopped();
    let settings = Settings {
        clock: clock.clone(),
        ..common::settings()
    };
    let app = router(AppState::new(
        Store::open(&url).await.unwrap(),
        settings.clone(),
    ));
    let g = create(&app, kc(4, 3, &[3], 60)).await;
    for (k, bid) in ["bid ABCDE", "bid BCDEF"].iter().enumerate() {
        act_ok(&app, &g.id, &g.seats[k], bid).await;
    }
    // Seat 2 never bids: the deadline closes bidding (a logged time event).
    wait_for(&app, &g.id, |s| s["history"].as_array().unwrap().len() == 3).await;
    clock.advance(61_000);
    let s = wait_for(&app, &g.id, |s| stage(s) == "orders").await;
    let legal = strings(&state(&app, &g.id, Some(&g.seats[0])).await["legal"]);
    let spawn = legal.iter().find(|a| a.contains("spawn")).unwrap();
    act_ok(&app, &g.id, &g.seats[0], spawn).await;
    act_ok(&app, &g.id, &g.seats[1], "offer P1 1").await;
    by_host(&app, &g, json!({"command": "extend", "seconds": 30})).await;
    by_host(&app, &g, json!({"command": "pause"})).await;
    assert!(s["deadline_ms"].is_i64());
    let live = all_views(&app, &g.id, &g.seats).await;
    drop(app);

    let again = router(AppState::new(Store::open(&url).await.unwrap(), settings));
    assert_eq!(all_views(&again, &g.id, &g.seats).await, live);
    remove_db(&path);
}

/// Polls `token`'s state until its view lists at least `count` trades,
/// for up to 10 s; the last state.
async fn trades_at_least(app: &Router, id: &str, token: &str, count: usize) -> Value {
    for _ in 0..2000 {
        let s = state(app, id, Some(token)).await;
        if s["view"]["me"]["trades"].as_array().unwrap().len() >= count {
            return s;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("fewer than {count} trades");
}

/// Every response and frame one receiver got.
#[derive(Default)]
struct Seen {
    texts: Vec<String>,
}

#[tokio::test]
async fn no_response_or_frame_leaks_another_seats_secrets() {
    use futures_util::StreamExt;
    use std::sync::{Arc, Mutex};

    let (app, addr) = app_on_loopback().await;

    // At least two games, and more (up to six) until one has shown an item
    // step to someone: whether a person's knight lands on an item, or only
    // bots' do and they close the step before anyone reads it, depends on
    // collisions and timing, so a fixed count of games made this flaky.
    let mut item_frames = 0;
    for game in 0..6u64 {
        if game >= 2 && item_frames > 0 {
            break;
        }
        // Seats 0, 2, 4 are people; 1, 3, 5 bots. The bot at seat 1
        // searches (level 3), so it trades to learn purses it cannot see.
        let mut body = kc(6, 3, &[1, 3, 5], 300);
        body["bots"][0]["level"] = json!(3);
        let g = create(&app, body).await;
        let receivers = 7; // six seats and a spectator (last)
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::new(Mutex::new(
            (0..receivers).map(|_| Seen::default()).collect(),
        ));
        let mut sockets = Vec::new();
        for r in 0..receivers {
            let mut socket = watch(addr, &g.id, g.seats.get(r).map(String::as_str)).await;
            let seen = seen.clone();
            sockets.push(tokio::spawn(async move {
                while let Some(Ok(message)) = socket.next().await {
                    if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
                        let over = text.contains("\"status\":\"over\"");
                        seen.lock().unwrap()[r].texts.push(text.to_string());
                        if over {
                            return;
                        }
                    }
                }
            }));
        }
        // The table's chat: each channel once, and a private message
        // between seats 1 and 3 (server seats 0 and 2).
        let say = |token: Option<String>, body: Value| {
            let (app, id) = (app.clone(), g.id.clone());
            async move {
                let (status, v) = call(
                    &app,
                    "POST",
                    &format!("/api/games/{id}/chat"),
                    token.as_deref(),
                    Some(body.to_string()),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{v}");
                v
            }
        };
        let v = say(Some(g.seats[0].clone()), json!({ "text": PLAYERS_ONLY })).await;
        seen.lock().unwrap()[0].texts.push(v.to_string());
        let v = say(None, json!({ "text": SPECTATORS_ONLY, "name": "Watcher" })).await;
        seen.lock().unwrap()[6].texts.push(v.to_string());
        let v = say(
            Some(g.seats[0].clone()),
            json!({ "text": BETWEEN_1_AND_3, "to": 2 }),
        )
        .await;
        seen.lock().unwrap()[0].texts.push(v.to_string());
        let v = say(Some(g.host.clone()), json!({ "text": FROM_THE_HOST })).await;
        assert!(
            !v.to_string().contains(BETWEEN_1_AND_3),
            "the host reads no private message"
        );
        assert!(
            v.to_string().contains(SPECTATORS_ONLY),
            "the host reads the spectators"
        );
        let mut resigned = false;
        let mut rng = arbiter_core::Seed::from_u64(game).rng();
        let mut submitted: Vec<Vec<String>> = vec![Vec::new(); 6];
        let people = [0usize, 2, 4];
        let mut offered = false;
        let mut bot_offers = false;
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 5000, "the game does not finish");
            let spectator = get(&app, &format!("/api/games/{}", g.id), None).await.1;
            seen.lock().unwrap()[6].texts.push(spectator.to_string());
            if spectator["status"] == "over" {
                break;
            }
            let mut acted = false;
            for &p in &people {
                let token = &g.seats[p];
                let s = get(&app, &format!("/api/games/{}", g.id), Some(token))
                    .await
                    .1;
                seen.lock().unwrap()[p].texts.push(s.to_string());
                // A trade between two people, once, in the orders step.
                if p == 0 && !offered && stage(&s) == "orders" {
                    offered = true;
                    let (_, v) = act(&app, &g.id, token, "offer P3 2").await;
                    seen.lock().unwrap()[0].texts.push(v.to_string());
                    let (st, v) = act(&app, &g.id, &g.seats[2], "accept P1").await;
                    seen.lock().unwrap()[2].texts.push(v.to_string());
                    assert_eq!(st, StatusCode::OK, "{v}");
                    // The bots P4 and P6 get a communal garnet (they
                    // consent at once), and the person P5 offers the bot
                    // P2 a chip, which it accepts: trades with bots.
                    host_ok(
                        &app,
                        &g,
                        json!({"command": "game", "action": "communal P4 P6"}),
                    )
                    .await;
                    let (st, v) = act(&app, &g.id, &g.seats[4], "offer P2 1").await;
                    seen.lock().unwrap()[4].texts.push(v.to_string());
                    assert_eq!(st, StatusCode::OK, "{v}");
                    let v = trades_at_least(&app, &g.id, &g.seats[4], 1).await;
                    seen.lock().unwrap()[4].texts.push(v.to_string());
                    // Trades are secrets of their two seats, like orders.
                    submitted[0].push("offer P3 2".into());
                    submitted[2].push("accept P1".into());
                    submitted[4].push("offer P2 1".into());
                }
                // In round 2 the searching bot P2 cannot tell whether P4
                // and P6 spent their garnet, and buys their chip counts
                // with a chip each: the people wait for those trades (read
                // through P2's own seat) before their orders close the step.
                if p == 0 && !bot_offers && stage(&s) == "orders" && s["view"]["round"] == 2 {
                    bot_offers = true;
                    let v = trades_at_least(&app, &g.id, &g.seats[1], 3).await;
                    let names: Vec<&str> = v["view"]["me"]["trades"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| t["to"].as_str().unwrap())
                        .collect();
                    assert_eq!(names, ["P2", "P4", "P6"], "{v}");
                    seen.lock().unwrap()[1].texts.push(v.to_string());
                }
                // Seat 5 (a person) leaves in the second round's orders.
                if p == 4 && !resigned && stage(&s) == "orders" && s["view"]["round"] == 2 {
                    resigned = true;
                    let uri = format!("/api/games/{}/resign", g.id);
                    let (st, v) = call(&app, "POST", &uri, Some(token), None).await;
                    assert_eq!(st, StatusCode::OK, "{v}");
                    seen.lock().unwrap()[4].texts.push(v.to_string());
                    assert_eq!(v["social"]["resigned"], json!([4]));
                    continue;
                }
                if !s["to_act"].as_array().unwrap().contains(&json!(p)) {
                    continue;
                }
                let legal = strings(&s["legal"]);
                let pick = match stage(&s).as_str() {
                    // Distinct bids: a rotation of the letters per person.
                    "bidding" => ["bid ACEGI", "bid BDFHJ", "bid KJIHG"][p / 2].to_string(),
                    // Orders: a move onto a usable item when there is one
                    // (so item steps happen), else anything legal.
                    "orders" => {
                        let usable: Vec<String> = s["view"]["board"]["items"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .filter(|i| {
                                ["extra-move", "extra-spawn", "portal", "modify"]
                                    .contains(&i["item"].as_str().unwrap())
                            })
                            .map(|i| i["cell"].as_str().unwrap().to_string())
                            .collect();
                        legal
                            .iter()
                            .find(|a| {
                                a.starts_with("orders move")
                                    && usable.iter().any(|c| a.ends_with(&format!(" {c}")))
                            })
                            .cloned()
                            .unwrap_or_else(|| legal[rng.below(legal.len())].clone())
                    }
                    _ => legal[rng.below(legal.len())].clone(),
                };
                // In bidding and orders a person first sends a draft and then
                // revises it: the draft is as secret as the final one, and
                // others learn of the submission once. Only while another
                // person is awaited, so the draft cannot close the step.
                let to_act = s["to_act"].as_array().unwrap();
                let other_person = people.iter().any(|&q| q != p && to_act.contains(&json!(q)));
                let draft = match stage(&s).as_str() {
                    _ if !other_person => None,
                    "bidding" => Some(["bid IGECA", "bid JHFDB", "bid HGKJI"][p / 2].to_string()),
                    "orders" if legal.len() > 1 => {
                        Some(legal.iter().find(|a| **a != pick).cloned().unwrap())
                    }
                    _ => None,
                };
                for text in draft.into_iter().chain([pick]) {
                    let (status, v) = act(&app, &g.id, token, &text).await;
                    seen.lock().unwrap()[p].texts.push(v.to_string());
                    assert_eq!(status, StatusCode::OK, "{text}: {v}");
                    submitted[p].push(text);
                }
                acted = true;
            }
            if !acted {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
        }
        for socket in sockets {
            tokio::time::timeout(std::time::Duration::from_secs(10), socket)
                .await
                .expect("every socket saw the end")
                .unwrap();
        }
        // The bots' submissions, read back from their own seats' histories
        // through their tokens (each seat sees its own in full).
        for b in [1usize, 3, 5] {
            let s = state(&app, &g.id, Some(&g.seats[b])).await;
            for h in s["history"].as_array().unwrap() {
                if h["seat"] == json!(b) {
                    submitted[b].push(h["action"].as_str().unwrap().to_string());
                }
            }
        }
        assert!(resigned, "seat 5 never resigned");
        assert!(bot_offers, "round 2 never came");
        // The bots spent their communal garnet.
        let s = state(&app, &g.id, Some(&g.seats[3])).await;
        assert_eq!(s["view"]["me"]["communal"][0]["spent"], true, "{s}");
        // Every record holds what its reader may read of the chat, and no
        // more: a seat's, the spectators' (also the host's).
        let mut records = Vec::new();
        for token in g.seats.iter().map(Some).chain([None]) {
            let uri = format!("/api/games/{}/record?format=text", g.id);
            let (st, v) = call(&app, "GET", &uri, token.map(String::as_str), None).await;
            assert_eq!(st, StatusCode::OK, "{v}");
            records.push(v["raw"].as_str().expect("a text record").to_string());
        }
        let seen = seen.lock().unwrap();
        check_chat(&seen, &records);
        item_frames += check_no_leaks(&seen, &submitted);
    }
    eprintln!("frames in the item step: {item_frames}");
    assert!(item_frames > 0, "no game reached an item step");
}

const PLAYERS_ONLY: &str = "players-channel-7f3a";
const SPECTATORS_ONLY: &str = "spectators-channel-91c2";
const BETWEEN_1_AND_3: &str = "private-1-to-3-55e0";
const FROM_THE_HOST: &str = "host-to-players-0b7d";

/// The chat reached its readers only: the players' channel never a
/// spectator, the spectators' channel no seat while the game ran, the
/// private message its two seats alone. Receivers 0 to 5 are the seats,
/// 6 the spectator; the last text of each is its record.
fn check_chat(seen: &[Seen], records: &[String]) {
    for (r, receiver) in seen.iter().enumerate() {
        for text in &receiver.texts {
            if r == 6 {
                assert!(
                    !text.contains(PLAYERS_ONLY),
                    "a spectator read the players: {text}"
                );
                assert!(
                    !text.contains(FROM_THE_HOST),
                    "a spectator read the players' channel"
                );
            } else if text.contains(SPECTATORS_ONLY) {
                // Shown to the seats once the game is over, not before.
                assert!(
                    text.contains(r#""status":"over""#),
                    "seat {r} read the spectators"
                );
            }
            if r != 0 && r != 2 {
                assert!(
                    !text.contains(BETWEEN_1_AND_3),
                    "receiver {r} read a private message"
                );
            }
        }
        // Each receiver did read what was meant for it.
        let all = receiver.texts.join("\n");
        match r {
            6 => assert!(all.contains(SPECTATORS_ONLY)),
            _ => assert!(
                all.contains(PLAYERS_ONLY) && all.contains(FROM_THE_HOST),
                "seat {r}"
            ),
        }
        assert_eq!(
            all.contains(BETWEEN_1_AND_3),
            r == 0 || r == 2,
            "receiver {r}"
        );
    }
    // The records, made after the end: the same rule.
    for (r, record) in records.iter().enumerate() {
        let spectator = r == 6;
        assert_eq!(record.contains(PLAYERS_ONLY), !spectator, "record {r}");
        assert_eq!(record.contains(FROM_THE_HOST), !spectator, "record {r}");
        assert!(record.contains(SPECTATORS_ONLY), "record {r}");
        assert_eq!(
            record.contains(BETWEEN_1_AND_3),
            r == 0 || r == 2,
            "record {r}"
        );
        assert!(
            record.contains(r#"table: {"type":"resign","seat":4}"#),
            "record {r}"
        );
    }
}

/// Submissions that only this seat made, long enough to be telling.
fn secrets_of(submitted: &[Vec<String>], seat: usize) -> Vec<String> {
    let common = [
        "orders pass",
        "bid pass",
        "items pass",
        "vote abstain",
        "gifts",
        "exchange 0",
    ];
    submitted[seat]
        .iter()
        .filter(|a| !common.contains(&a.as_str()))
        .filter(|a| {
            (0..submitted.len())
                .filter(|&o| o != seat)
                .all(|o| !submitted[o].contains(a))
        })
        .cloned()
        .collect()
}

/// Returns how many frames were sent in an item step.
fn check_no_leaks(seen: &[Seen], submitted: &[Vec<String>]) -> usize {
    let mut items = 0;
    let seats = submitted.len();
    let mut frames = 0;
    for (r, receiver) in seen.iter().enumerate() {
        let me = (r < seats).then_some(r);
        assert!(receiver.texts.len() > 5, "receiver {r} saw too little");
        for text in &receiver.texts {
            frames += 1;
            let frame: Value = serde_json::from_str(text).unwrap();
            // The receiver's own options may coincide with another's
            // submission (bids are rotations of the letters): leave them out.
            let mut rest = frame.clone();
            rest["legal"] = Value::Null;
            let text = &rest.to_string();
            // Another seat's submissions never appear, in any field.
            for other in (0..seats).filter(|&o| Some(o) != me) {
                for secret in secrets_of(submitted, other) {
                    assert!(
                        !text.contains(&format!("\"{secret}\"")),
                        "receiver {r} saw seat {other}'s '{secret}'"
                    );
                }
            }
            check_frame(&frame, me);
            items += usize::from(frame["view"]["stage"] == "items");
        }
    }
    assert!(frames > 50);
    items
}

/// Structural checks of one frame for receiver `me` (None: spectator).
fn check_frame(frame: &Value, me: Option<usize>) {
    if frame.get("error").is_some() {
        return;
    }
    let view = &frame["view"];
    // The private part is the receiver's own, and only its own.
    match me {
        Some(k) => assert_eq!(view["me"]["player"], format!("P{}", k + 1), "{frame}"),
        None => assert!(view["me"].is_null()),
    }
    for t in view["me"]["trades"].as_array().into_iter().flatten() {
        let mine = format!("P{}", me.unwrap() + 1);
        assert!(
            t["from"] == mine.as_str() || t["to"] == mine.as_str(),
            "{t}"
        );
    }
    // Outside the receiver's own private view no chips, purses, gains or
    // ToL pieces appear at all (garnet counts are public on the board).
    let mut rest = frame.clone();
    rest["view"]["me"] = Value::Null;
    let rest = rest.to_string();
    for key in [
        "\"purse\"",
        "\"chips\"",
        "\"gained\"",
        "\"tol_pieces\"",
        "\"submission\"",
    ] {
        assert!(!rest.contains(key), "{key} outside the own view: {rest}");
    }
    // In the item step nobody learns who else still has to choose.
    if view["stage"] == "items" {
        let own: Vec<Value> = me.map(|k| json!(k)).into_iter().collect();
        for k in frame["to_act"].as_array().unwrap() {
            assert!(own.contains(k), "{frame}");
        }
        for s in frame["seats"].as_array().unwrap() {
            if s["to_act"] == true {
                assert_eq!(Some(&s["seat"]), own.first(), "{frame}");
            }
        }
        let listed = frame["phase"]["seats"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(listed.len() <= 1, "{frame}");
        assert!(view["waiting_for"].as_array().unwrap().len() <= 1);
    }
    // Others' history entries say only that a seat submitted, and only
    // once a step however often it revised: a seat bids once a game and
    // sends orders once a round (3 rounds here).
    let seats = frame["seats"].as_array().unwrap().len();
    for other in (0..seats).filter(|&o| Some(o) != me) {
        let count = |text: &str| {
            frame["history"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|h| h["seat"] == json!(other) && h["action"] == text)
                .count()
        };
        assert!(count("submitted a bid") <= 1, "{frame}");
        assert!(count("submitted orders") <= 3, "{frame}");
    }
    for h in frame["history"].as_array().unwrap() {
        if h["seat"].is_null() || h["seat"].as_u64().map(|s| s as usize) == me {
            continue;
        }
        assert_sealed(h);
    }
}

#[tokio::test]
async fn replays_are_built_for_their_viewer() {
    let app = app().await;
    let g = create(&app, kc(3, 3, &[], 300)).await;
    for (t, bid) in g.seats.iter().zip(["bid ABCDE", "bid DEFGH", "bid GHIJK"]) {
        act_ok(&app, &g.id, t, bid).await;
    }
    // P2 offers P1 a chip: private to the two, so not in P3's history.
    act_ok(&app, &g.id, &g.seats[1], "offer P1 1").await;
    let replay = |token: Option<String>, n: usize| {
        let app = app.clone();
        let id = g.id.clone();
        async move {
            get(
                &app,
                &format!("/api/games/{id}/replay/{n}"),
                token.as_deref(),
            )
            .await
        }
    };
    // P1 after its own bid sees its bid; the spectator sees no private view.
    let (status, v) = replay(Some(g.seats[0].clone()), 1).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["me"]["submission"], "bid ABCDE");
    assert_eq!(v["view"]["stage"], "bidding");
    let (_, v) = replay(None, 3).await;
    assert_eq!(
        (v["view"]["stage"].as_str(), &v["view"]["me"]),
        (Some("orders"), &Value::Null)
    );
    // P2 sees four entries (three bids, its offer), P3 three, the spectator three.
    assert_eq!(replay(Some(g.seats[1].clone()), 4).await.0, StatusCode::OK);
    assert_eq!(
        replay(Some(g.seats[2].clone()), 4).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(replay(None, 4).await.0, StatusCode::NOT_FOUND);
    let (_, v) = replay(Some(g.seats[1].clone()), 4).await;
    assert_eq!(v["view"]["me"]["offers"][0]["chips"], 1);
}

#[tokio::test]
async fn a_private_change_sends_no_frame_to_anyone_else() {
    let (app, addr) = app_on_loopback().await;
    let g = create(&app, kc(3, 3, &[], 300)).await;
    for (t, bid) in g.seats.iter().zip(["bid ABCDE", "bid DEFGH", "bid GHIJK"]) {
        act_ok(&app, &g.id, t, bid).await;
    }
    let mut p1 = watch(addr, &g.id, Some(&g.seats[0])).await;
    let mut p3 = watch(addr, &g.id, Some(&g.seats[2])).await;
    let mut watcher = watch(addr, &g.id, None).await;
    let first = [
        next_frame(&mut p1).await,
        next_frame(&mut p3).await,
        next_frame(&mut watcher).await,
    ];
    // P2 offers P1 two chips and P1 accepts: P1's view changes, nobody else's.
    act_ok(&app, &g.id, &g.seats[1], "offer P1 2").await;
    let offered = next_frame(&mut p1).await;
    assert_eq!(offered["view"]["me"]["offers"][0]["chips"], 2);
    act_ok(&app, &g.id, &g.seats[0], "accept P2").await;
    assert_eq!(next_frame(&mut p1).await["view"]["me"]["purse"]["chips"], 7);
    // Then a public change: P2's orders. The next frame P3 and the watcher
    // get is that one, with a version one higher than before.
    act_ok(&app, &g.id, &g.seats[1], "orders pass").await;
    for (socket, before) in [(&mut p3, &first[1]), (&mut watcher, &first[2])] {
        let frame = next_frame(socket).await;
        assert_eq!(
            frame["version"].as_u64(),
            before["version"].as_u64().map(|v| v + 1)
        );
        assert_eq!(frame["view"]["waiting_for"], json!(["P1", "P3"]));
    }
}

#[tokio::test]
async fn the_item_step_hides_who_chooses_and_closes_at_its_deadline() {
    let (app, clock) = app_with_clock().await;
    // The standard board with one item laid by hand: an Extra Move on b14.
    let mut layout = serde_json::to_value(arbiter_knight_control::standard_file()).unwrap();
    layout["items"] = json!([{ "cell": "b14", "item": "extra-move" }]);
    let g = create(
        &app,
        json!({"game": "knight-control", "seats": 2, "deadline_secs": 60,
               "options": {"rules": {"rounds": 2}, "layout": layout}}),
    )
    .await;
    let (p1, p2) = (&g.seats[0], &g.seats[1]);
    act(&app, &g.id, p1, "bid ABCDE").await;
    act(&app, &g.id, p2, "bid DEFGH").await;
    // P1 spawns on A3 and leaps onto the Extra Move at once.
    let (status, v) = act(&app, &g.id, p1, "orders spawn A3 1x2; move A3 b14").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    act(&app, &g.id, p2, "orders pass").await;
    let mine = state(&app, &g.id, Some(p1)).await;
    assert_eq!(stage(&mine), "items");
    assert_eq!(mine["to_act"], json!([0]));
    assert_eq!(
        mine["view"]["me"]["items_to_use"]["extra_moves"],
        json!(["b14"])
    );
    assert!(!mine["legal"].as_array().unwrap().is_empty());
    // P2 and the spectator learn nothing of who is awaited.
    for s in [
        state(&app, &g.id, Some(p2)).await,
        state(&app, &g.id, None).await,
    ] {
        assert_eq!(stage(&s), "items");
        assert_eq!(s["to_act"], json!([]));
        assert_eq!(s["phase"], json!({"kind": "simultaneous", "seats": []}));
        assert!(s["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| x["to_act"] == false));
        assert_eq!(s["view"]["waiting_for"], json!([]));
    }
    // P1 never chooses: at the deadline the step closes and round 2 begins.
    // The test clock is real time plus what the test adds, so the check
    // before the deadline keeps a margin a stalled machine cannot eat.
    assert!(mine["deadline_ms"].is_i64());
    clock.advance(45_000);
    assert_eq!(stage(&state(&app, &g.id, None).await), "items");
    clock.advance(16_000);
    let s = state(&app, &g.id, None).await;
    assert_eq!(
        (s["view"]["round"].as_u64(), stage(&s).as_str()),
        (Some(2), "orders")
    );
    let knights = &s["view"]["board"]["knights"];
    assert_eq!(
        knights,
        &json!([{"owner": "P1", "cell": "b14", "movement": "1x2"}])
    );
}
