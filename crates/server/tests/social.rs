//! Between players over HTTP: resignations in a duel and in a
//! free-for-all, the draw offer and its lapse, chat limits and mutes, and
//! the rematch (docs/server.md#between-players). Every refusal is checked
//! to change nothing.

mod common;

use arbiter_server::records::Record;
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};

/// `POST /api/games/{id}/{what}` (the shared helper, for one game's routes).
async fn post(
    app: &Router,
    id: &str,
    what: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    common::post(app, &format!("/api/games/{id}/{what}"), token, body).await
}

async fn resign(app: &Router, g: &Created, token: Option<&str>) -> (StatusCode, Value) {
    post(app, &g.id, "resign", token, json!({})).await
}

/// A draw offer's `step`: offer, accept, decline or withdraw.
async fn draw(app: &Router, g: &Created, token: Option<&str>, step: &str) -> (StatusCode, Value) {
    post(app, &g.id, "draw", token, json!({ "step": step })).await
}

async fn chat(app: &Router, g: &Created, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    post(app, &g.id, "chat", token, body).await
}

async fn mute(app: &Router, g: &Created, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    post(app, &g.id, "mute", token, body).await
}

/// Each duel, with the seat that resigns in it.
const DUELS: [(&str, usize); 3] = [
    ("knight-court", 0),
    ("knight-moves", 1),
    ("progressive-chess", 1),
];

fn duel(game: &str) -> Value {
    json!({ "game": game, "seats": 2 })
}

/// A refused request leaves every view as it was.
async fn unchanged(app: &Router, g: &Created, before: &[Value]) {
    let now = views(app, g).await;
    assert_eq!(now, before);
}

async fn views(app: &Router, g: &Created) -> Vec<Value> {
    let mut out = vec![
        state(app, &g.id, None).await,
        state(app, &g.id, Some(&g.host)).await,
    ];
    for t in &g.seats {
        out.push(state(app, &g.id, Some(t)).await);
    }
    out
}

#[tokio::test]
async fn resigning_a_duel_loses_it_in_every_duel() {
    let app = app().await;
    for (game, loser) in DUELS {
        let g = create(&app, duel(game)).await;
        let before = views(&app, &g).await;
        // Neither the host nor a spectator can resign for anyone.
        for token in [None, Some(g.host.as_str())] {
            let (st, _) = resign(&app, &g, token).await;
            assert_eq!(st, StatusCode::FORBIDDEN, "{game}");
        }
        unchanged(&app, &g, &before).await;
        let (st, v) = resign(&app, &g, Some(&g.seats[loser])).await;
        assert_eq!(st, StatusCode::OK, "{game}: {v}");
        assert_eq!(v["status"], "over");
        assert_eq!(v["outcome"]["reason"], "resignation");
        assert_eq!(v["outcome"]["results"][loser]["rank"], 2, "{game}");
        assert_eq!(v["outcome"]["results"][1 - loser]["rank"], 1, "{game}");
        assert_eq!(v["social"]["resigned"], json!([loser]));
        assert_eq!(v["legal"], json!([]));
        let last = v["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["action"], format!("seat {} resigns", loser + 1));
        // Nothing more: a second resignation, a move, an offer.
        let before = views(&app, &g).await;
        for who in [loser, 1 - loser] {
            let (st, _) = resign(&app, &g, Some(&g.seats[who])).await;
            assert_eq!(st, StatusCode::CONFLICT);
            let (st, _) = draw(&app, &g, Some(&g.seats[who]), "offer").await;
            assert_eq!(st, StatusCode::CONFLICT);
        }
        unchanged(&app, &g, &before).await;
    }
}

#[tokio::test]
async fn a_draw_offer_is_accepted_declined_withdrawn_or_lapses() {
    let app = app().await;
    let g = create(&app, duel("knight-court")).await;
    let (white, black) = (g.seats[0].as_str(), g.seats[1].as_str());
    // Nothing to answer or withdraw yet; a bad step is a bad request.
    let before = views(&app, &g).await;
    for (token, step, status) in [
        (black, "accept", StatusCode::CONFLICT),
        (white, "decline", StatusCode::CONFLICT),
        (white, "withdraw", StatusCode::CONFLICT),
        (white, "maybe", StatusCode::BAD_REQUEST),
    ] {
        let (st, v) = draw(&app, &g, Some(token), step).await;
        assert_eq!(st, status, "{step}: {v}");
        assert!(v["error"].as_str().is_some());
    }
    unchanged(&app, &g, &before).await;
    // White offers; everyone sees it; White cannot accept its own offer.
    let (st, v) = draw(&app, &g, Some(white), "offer").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(state(&app, &g.id, None).await["social"]["draw_offer"], 0);
    let (st, _) = draw(&app, &g, Some(white), "accept").await;
    assert_eq!(st, StatusCode::CONFLICT);
    let (st, _) = draw(&app, &g, Some(black), "offer").await;
    assert_eq!(st, StatusCode::CONFLICT, "answer the standing offer first");
    // Withdrawn, offered again, declined.
    draw(&app, &g, Some(white), "withdraw").await;
    assert_eq!(
        state(&app, &g.id, None).await["social"]["draw_offer"],
        Value::Null
    );
    draw(&app, &g, Some(white), "offer").await;
    let (st, v) = draw(&app, &g, Some(black), "decline").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["social"]["draw_offer"], Value::Null);
    // White offers and moves: the offer stands. Black moves: it lapses.
    draw(&app, &g, Some(white), "offer").await;
    let v = act_ok(&app, &g.id, white, "c1c3").await;
    assert_eq!(
        v["social"]["draw_offer"], 0,
        "the offerer's own move keeps it"
    );
    let reply = state(&app, &g.id, Some(black)).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    let (_, v) = act(&app, &g.id, black, &reply).await;
    assert_eq!(
        v["social"]["draw_offer"],
        Value::Null,
        "the opponent's move lapses it"
    );
    // Black offers, White accepts: a draw by agreement.
    draw(&app, &g, Some(black), "offer").await;
    let (st, v) = draw(&app, &g, Some(white), "accept").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "over");
    assert_eq!(v["outcome"]["reason"], "agreement");
    assert_eq!(
        v["outcome"]["results"],
        json!([{"rank": 1, "score": 0}, {"rank": 1, "score": 0}])
    );
    // The text record reads back to the same record, offers and all.
    let uri = format!("/api/games/{}/record?format=text", g.id);
    let (status, _, bytes) = get_raw(&app, &uri, None).await;
    assert_eq!(status, StatusCode::OK);
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        text.contains(r#"table: {"type":"draw","seat":0,"step":"accept"}"#),
        "{text}"
    );
    let back = Record::from_text(&text).unwrap();
    assert_eq!(back.to_text(), text);
}

#[tokio::test]
async fn free_for_all_games_have_no_draw_offers_and_duels_no_private_chat() {
    let app = app().await;
    let g = create(&app, json!({ "game": "knight-control", "seats": 3 })).await;
    let (st, v) = draw(&app, &g, Some(&g.seats[0]), "offer").await;
    assert_eq!(st, StatusCode::CONFLICT, "{v}");
    let d = create(&app, duel("knight-moves")).await;
    let (st, v) = chat(&app, &d, Some(&d.seats[0]), json!({"text": "hi", "to": 1})).await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    // Nor may one write privately to oneself, or to a seat that is not there.
    for to in [json!(0), json!(3), json!("everyone")] {
        let (st, _) = chat(&app, &g, Some(&g.seats[0]), json!({"text": "x", "to": to})).await;
        assert_eq!(st, StatusCode::BAD_REQUEST);
    }
    assert_eq!(
        state(&app, &g.id, Some(&g.seats[0])).await["social"]["chat"],
        json!([])
    );
}

#[tokio::test]
async fn tilechess_resigning_takes_the_army_off_the_board() {
    let app = app().await;
    let g = create(
        &app,
        json!({ "game": "tilechess", "seats": 3, "claim_hold_secs": 0 }),
    )
    .await;
    // A link that has not joined has nothing to resign.
    let (st, v) = resign(&app, &g, Some(&g.seats[2])).await;
    assert_eq!(st, StatusCode::CONFLICT, "{v}");
    for (k, colour) in [(0, "red"), (1, "blue")] {
        let s = state(&app, &g.id, Some(&g.seats[k])).await;
        let join = s["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .find(|a| a.contains(": join"))
            .unwrap();
        let (_, rest) = join.split_once(':').unwrap();
        act_ok(&app, &g.id, &g.seats[k], &format!("{colour}:{rest}")).await;
    }
    let (st, v) = resign(&app, &g, Some(&g.seats[1])).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // Two players joined, one left: the game is over.
    assert_eq!(v["status"], "over", "{v}");
    assert_eq!(v["outcome"]["reason"], "one player left");
    assert_eq!(v["outcome"]["results"][0]["rank"], 1);
    assert_eq!(v["outcome"]["results"][1]["rank"], 2);
}

#[tokio::test]
async fn chat_is_capped_in_length_and_rate_and_the_host_mutes() {
    let app = app().await;
    let g = create(&app, duel("knight-court")).await;
    let seat = Some(g.seats[0].as_str());
    let before = views(&app, &g).await;
    let long = "x".repeat(501);
    for (token, body, status) in [
        (seat, json!({ "text": "   " }), StatusCode::BAD_REQUEST),
        (seat, json!({ "text": long }), StatusCode::BAD_REQUEST),
        (
            seat,
            json!({ "text": "hi", "name": "Me" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            seat,
            json!({ "text": "hi", "to": "spectators" }),
            StatusCode::FORBIDDEN,
        ),
        (None, json!({ "text": "hi" }), StatusCode::BAD_REQUEST),
        (
            None,
            json!({ "text": "hi", "name": "" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            None,
            json!({ "text": "hi", "name": "Ann", "to": "players" }),
            StatusCode::FORBIDDEN,
        ),
        (seat, json!({ "txt": "typo" }), StatusCode::BAD_REQUEST),
        (seat, json!({ "text": "a\u{0}b" }), StatusCode::BAD_REQUEST),
        (
            seat,
            json!({ "text": "red \u{1b}[31m" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            None,
            json!({ "text": "a\u{7f}", "name": "Ann" }),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (st, v) = chat(&app, &g, token, body.clone()).await;
        assert_eq!(st, status, "{body}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    unchanged(&app, &g, &before).await;
    // 500 characters are fine; five messages in ten seconds, not six.
    let (st, _) = chat(&app, &g, seat, json!({ "text": "y".repeat(500) })).await;
    assert_eq!(st, StatusCode::OK);
    let (st, v) = chat(&app, &g, seat, json!({ "text": "two\nlines\tand a tab" })).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    for n in 0..3 {
        let (st, _) = chat(&app, &g, seat, json!({ "text": format!("m{n}") })).await;
        assert_eq!(st, StatusCode::OK);
    }
    let (st, v) = chat(&app, &g, seat, json!({ "text": "one too many" })).await;
    assert_eq!(st, StatusCode::TOO_MANY_REQUESTS, "{v}");
    let black = state(&app, &g.id, Some(&g.seats[1])).await;
    assert_eq!(black["social"]["chat"].as_array().unwrap().len(), 5);
    assert_eq!(black["social"]["chat"][1]["from"], json!({ "seat": 0 }));
    // The other seat still speaks. The host mutes it and a spectator.
    let (st, _) = chat(&app, &g, Some(&g.seats[1]), json!({ "text": "hello" })).await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = mute(&app, &g, Some(&g.seats[0]), json!({ "seat": 1 })).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "only the host mutes");
    // A seat out of range is named both ways, as every seat field is.
    let (st, v) = mute(&app, &g, Some(&g.host), json!({ "seat": 9 })).await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        v["error"],
        "'seat' is 9, but this game's 'seat' values are 0 to 1 (seats 1 to 2 on the page)"
    );
    let (st, v) = mute(&app, &g, Some(&g.host), json!({ "seat": 1 })).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["social"]["muted"], json!([{ "seat": 1 }]));
    let (st, v) = chat(&app, &g, Some(&g.seats[1]), json!({ "text": "again" })).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(
        state(&app, &g.id, Some(&g.seats[1])).await["social"]["you_muted"],
        true
    );
    chat(&app, &g, None, json!({ "text": "boo", "name": "Troll" })).await;
    mute(&app, &g, Some(&g.host), json!({ "spectator": "troll" })).await;
    let (st, _) = chat(&app, &g, None, json!({ "text": "boo", "name": " TROLL " })).await;
    assert_eq!(
        st,
        StatusCode::FORBIDDEN,
        "spectator names mute ignoring case"
    );
    // A name is easy to change, so the host may close the spectators'
    // channel to every name at once, and open it again.
    let (st, _) = chat(&app, &g, None, json!({ "text": "boo", "name": "Tr0ll" })).await;
    assert_eq!(st, StatusCode::OK, "a new name escapes a mute by name");
    for (token, body, status) in [
        (
            Some(&g.seats[0]),
            json!({ "spectators": true }),
            StatusCode::FORBIDDEN,
        ),
        (
            Some(&g.host),
            json!({ "spectators": false }),
            StatusCode::BAD_REQUEST,
        ),
        (
            Some(&g.host),
            json!({ "spectators": true, "seat": 0 }),
            StatusCode::BAD_REQUEST,
        ),
        (
            Some(&g.host),
            json!({ "spectators": "yes" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            Some(&g.host),
            json!({ "spectators": true, "muted": false }),
            StatusCode::CONFLICT,
        ),
    ] {
        let before = views(&app, &g).await;
        let (st, v) = mute(&app, &g, token.map(|t| t.as_str()), body.clone()).await;
        assert_eq!(st, status, "{body}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
        unchanged(&app, &g, &before).await;
    }
    let (st, v) = mute(&app, &g, Some(&g.host), json!({ "spectators": true })).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["social"]["spectators_muted"], true);
    assert_eq!(
        state(&app, &g.id, None).await["social"]["spectators_muted"],
        true
    );
    for name in ["Tr0ll", "Ann", "anyone"] {
        let (st, v) = chat(&app, &g, None, json!({ "text": "boo", "name": name })).await;
        assert_eq!(st, StatusCode::FORBIDDEN, "{name}: {v}");
        assert_eq!(
            v["error"],
            "the host has closed the spectators' channel at this table"
        );
    }
    let (st, _) = mute(&app, &g, Some(&g.host), json!({ "spectators": true })).await;
    assert_eq!(st, StatusCode::CONFLICT, "already closed");
    let (st, v) = chat(
        &app,
        &g,
        Some(&g.host),
        json!({ "text": "quiet please", "to": "spectators" }),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "the host still writes there: {v}");
    let (st, _) = mute(
        &app,
        &g,
        Some(&g.host),
        json!({ "spectators": true, "muted": false }),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = chat(&app, &g, None, json!({ "text": "sorry", "name": "Tr0ll" })).await;
    assert_eq!(st, StatusCode::OK, "open again");
    let (st, _) = chat(&app, &g, None, json!({ "text": "boo", "name": "troll" })).await;
    assert_eq!(
        st,
        StatusCode::FORBIDDEN,
        "a mute by name outlives the channel's closing"
    );
    let (st, _) = mute(
        &app,
        &g,
        Some(&g.host),
        json!({ "seat": 1, "muted": false }),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = chat(&app, &g, Some(&g.seats[1]), json!({ "text": "thanks" })).await;
    assert_eq!(st, StatusCode::OK);
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_and_the_old_links_open_the_new_game() {
    let app = app().await;
    let g = create(
        &app,
        json!({ "game": "knight-court", "seats": 2, "bots": [{"seat": 1, "level": 2}] }),
    )
    .await;
    let (st, _) = post(&app, &g.id, "rematch", Some(&g.seats[0]), json!({})).await;
    assert_eq!(st, StatusCode::CONFLICT, "not before the end");
    // Resigning and a rematch take no body but `{}`: a field is refused,
    // as everywhere, and changes nothing.
    for route in ["resign", "rematch"] {
        let (st, v) = post(&app, &g.id, route, Some(&g.seats[0]), json!({"x": 1})).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{route}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains("unknown field `x`"),
            "{v}"
        );
    }
    assert_eq!(state(&app, &g.id, None).await["status"], "playing");
    resign(&app, &g, Some(&g.seats[0])).await;
    let (st, _) = post(&app, &g.id, "rematch", None, json!({})).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "spectators cannot");
    let (st, v) = post(&app, &g.id, "rematch", Some(&g.seats[0]), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let new = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["link"], format!("/table/{new}"));
    // Asking again, by anyone at the table, gives the same game.
    let (_, again) = post(&app, &g.id, "rematch", Some(&g.host), json!({})).await;
    assert_eq!(again["id"], new.as_str());
    assert_eq!(
        state(&app, &g.id, None).await["social"]["rematch"],
        new.as_str()
    );
    // The person who was White is Black now, the bot White.
    let me = state(&app, &new, Some(&g.seats[0])).await;
    assert_eq!(me["you"], json!({ "role": "seat", "seat": 1 }));
    assert_eq!(me["seats"][0]["bot"], 2);
    assert_eq!(me["status"], "playing");
    let host = state(&app, &new, Some(&g.host)).await;
    assert_eq!(host["you"]["role"], "host");
}
