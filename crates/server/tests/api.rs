//! The HTTP API in-process: every game's flow and every refusal.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

// `GET /api/kinds` and the registry's refusals: tests/registry.rs.

#[tokio::test]
async fn creating_returns_distinct_long_links_and_a_commitment() {
    let app = app().await;
    let (status, value) = try_create(&app, json!({"game": "knight-court", "seats": 2})).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    let id = value["id"].as_str().unwrap();
    let host = value["host"]["token"].as_str().unwrap();
    let s0 = value["seats"][0]["token"].as_str().unwrap();
    let s1 = value["seats"][1]["token"].as_str().unwrap();
    for t in [host, s0, s1] {
        assert_eq!(t.len(), 32, "128 bits as hex");
    }
    assert!(host != s0 && s0 != s1 && host != s1);
    assert_eq!(value["seats"][0]["link"], format!("/table/{id}#{s0}"));
    assert_eq!(value["spectator"]["link"], format!("/table/{id}"));
    assert_eq!(value["commitment"].as_str().unwrap().len(), 64);
    // The seed stays secret while the game runs.
    assert!(state(&app, id, None).await["seed"].is_null());
    assert_eq!(
        state(&app, id, Some(s1)).await["you"],
        json!({"role": "seat", "seat": 1})
    );
    assert_eq!(
        state(&app, id, Some(host)).await["you"],
        json!({"role": "host"})
    );
    assert_eq!(
        state(&app, id, None).await["you"],
        json!({"role": "spectator"})
    );
}

#[tokio::test]
async fn knight_court_people_play_drops_and_legal_moves_come_from_the_server() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let s0 = state(&app, &g.id, Some(&g.seats[0])).await;
    // Hand-checked: the knight's leaps land on b3 (next to the rook) and
    // c2 (attacked by the black knight), so only bishop and rook moves stay.
    assert_eq!(s0["legal"], json!(["b1a2", "b1c2", "c1c2", "c1c3"]));
    // The other seat and spectators get no list to click.
    assert_eq!(
        state(&app, &g.id, Some(&g.seats[1])).await["legal"],
        json!([])
    );
    assert_eq!(state(&app, &g.id, None).await["legal"], json!([]));

    let after = act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    assert_eq!(after["view"]["position"], "nbR/3/NB1[r] b");
    // Black drops the captured rook back from its hand.
    let after = act_ok(&app, &g.id, &g.seats[1], "R@a2").await;
    assert_eq!(after["view"]["position"], "nbR/r2/NB1[] w");
    assert_eq!(after["view"]["check"], true);
    let history: Vec<&str> = after["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["c1c3", "R@a2"]);
    // Replay shows the board after the first move only.
    let replay = get_ok(&app, &format!("/api/games/{}/replay/1", g.id)).await;
    assert_eq!(replay["view"]["position"], "nbR/3/NB1[r] b");
}

#[tokio::test]
async fn knight_court_bots_play_a_whole_game_and_the_seed_is_revealed() {
    let app = app().await;
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 3}]}),
    )
    .await;
    let done = wait_for(&app, &g.id, |s| s["status"] == "over").await;
    assert!(done["outcome"]["reason"].is_string());
    assert_eq!(done["seed"].as_str().unwrap().len(), 64);
    // The revealed seed hashes to the commitment published at the start.
    let seed: arbiter_core::Seed = done["seed"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        seed.commitment().to_string(),
        done["commitment"].as_str().unwrap()
    );
    let (status, err) = act(&app, &g.id, &g.seats[0], "a1a2").await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
}

#[tokio::test]
async fn knight_moves_pass_chain_against_a_person() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
    for (seat, mv) in [(0, "c8-b6"), (1, "e1-f3"), (0, "d8-b6"), (1, "d1-f1-f3")] {
        act_ok(&app, &g.id, &g.seats[seat], mv).await;
    }
    let s = state(&app, &g.id, None).await;
    // From the knight-moves crate's documented example: the ball went d1-f1-f3.
    assert_eq!(
        s["view"]["position"],
        "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -"
    );
    assert_eq!(s["history"][3]["action"], "d1-f1-f3");
}

/// In every alternating game, a bot at seat 2 answers the first move.
#[tokio::test]
async fn a_bot_answers_with_a_legal_move() {
    let app = app().await;
    for (game, first) in [("knight-moves", "c8-b6"), ("progressive-chess", "d1d2")] {
        let bots = json!([{"seat": 1, "level": 1}]);
        let g = create(&app, json!({"game": game, "seats": 2, "bots": bots})).await;
        act_ok(&app, &g.id, &g.seats[0], first).await;
        let s = wait_for(&app, &g.id, |s| s["history"].as_array().unwrap().len() == 2).await;
        assert_eq!(s["to_act"], json!([0]), "{game}");
        assert_eq!(s["history"][1]["seat"], 1, "{game}");
    }
}

#[tokio::test]
async fn tilechess_links_bind_on_join_and_any_claimant_may_move() {
    let app = app().await;
    let g = create(&app, json!({"game": "tilechess", "seats": 2})).await;
    // Seat 1 joins first, so it becomes the game's first player.
    let legal = state(&app, &g.id, Some(&g.seats[1])).await["legal"].clone();
    let join = legal[0].as_str().unwrap().to_string();
    assert!(join.contains("join"), "{join}");
    let value = act_ok(&app, &g.id, &g.seats[1], &join).await;
    assert_eq!(value["seats"][1]["game_seat"], 0);
    assert!(value["seats"][0]["game_seat"].is_null());
    // It may not take two turns in a row.
    let again = value["legal"].clone();
    assert_eq!(again, json!([]));
    // Seat 0 joins on another block, becoming game seat 1.
    let legal = state(&app, &g.id, Some(&g.seats[0])).await["legal"].clone();
    let join = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .find(|a| a.contains("join"))
        .unwrap()
        .to_string();
    let value = act_ok(&app, &g.id, &g.seats[0], &join).await;
    assert_eq!(value["seats"][0]["game_seat"], 1);
    assert_eq!(value["view"]["colours"].as_array().unwrap().len(), 2);
    // Now seat 1 claims the next turn with a move.
    let legal = state(&app, &g.id, Some(&g.seats[1])).await["legal"].clone();
    let mv = legal[0].as_str().unwrap().to_string();
    let value = act_ok(&app, &g.id, &g.seats[1], &mv).await;
    assert_eq!(value["view"]["leaderboard"].as_array().unwrap().len(), 2);
    assert_eq!(value["history"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn tilechess_bot_joins_and_plays() {
    let app = app().await;
    let g = create(
        &app,
        json!({"game": "tilechess", "seats": 2, "bots": [{"seat": 1, "level": 1}], "options": {"wide": 4, "high": 4}}),
    )
    .await;
    let s = wait_for(&app, &g.id, |s| !s["seats"][1]["game_seat"].is_null()).await;
    assert_eq!(s["seats"][1]["game_seat"], 0);
}

/// Every refusal: a clear JSON error, a 4xx status, and nothing changes.
#[tokio::test]
async fn refusals_are_json_errors_and_change_nothing() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    let before_seat0 = state(&app, &g.id, Some(&g.seats[0])).await;
    let before_seat1 = state(&app, &g.id, Some(&g.seats[1])).await;
    let before_spectator = state(&app, &g.id, None).await;
    let url = format!("/api/games/{}/actions", g.id);
    let big = json!({ "action": "x".repeat(arbiter_server::BODY_LIMIT + 10) }).to_string();

    let play = |action: &str| json!({ "action": action }).to_string();
    let (white, black) = (Some(g.seats[0].as_str()), Some(g.seats[1].as_str()));
    let stranger = Some("0123456789abcdef0123456789abcdef");
    let cases: Vec<(&str, Option<&str>, String, StatusCode)> = vec![
        (
            "malformed move",
            black,
            play("zz9"),
            StatusCode::BAD_REQUEST,
        ),
        ("empty move", black, play("  "), StatusCode::BAD_REQUEST),
        (
            "illegal move",
            black,
            play("a3c3"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        ("out of turn", white, play("a1a2"), StatusCode::CONFLICT),
        ("wrong token", stranger, play("R@a2"), StatusCode::FORBIDDEN),
        ("no token", None, play("R@a2"), StatusCode::FORBIDDEN),
        (
            "host plays",
            Some(&g.host),
            play("R@a2"),
            StatusCode::FORBIDDEN,
        ),
        (
            "not JSON",
            black,
            "R@a2".to_string(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "unknown field",
            black,
            json!({"action": "R@a2", "x": 1}).to_string(),
            StatusCode::BAD_REQUEST,
        ),
        ("oversized body", black, big, StatusCode::PAYLOAD_TOO_LARGE),
    ];
    for (what, token, body, expected) in cases {
        let (status, value) = call(&app, "POST", &url, token, Some(body)).await;
        assert_eq!(status, expected, "{what}: {value}");
        let message = value["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{what}: {value}"));
        assert!(
            !message.is_empty() && !message.contains("internal"),
            "{what}: {message}"
        );
    }
    // JSON of another shape than an object is told what a body is.
    for (body, shape) in [
        ("[1, 2]", "an array"),
        (r#""R@a2""#, "a string"),
        ("7", "a number"),
    ] {
        let (status, value) = call(&app, "POST", &url, black, Some(body.into())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {value}");
        let expected = format!("bad request body: expected a JSON object, not {shape}");
        assert_eq!(value["error"], expected, "{body}");
    }
    assert_eq!(state(&app, &g.id, Some(&g.seats[0])).await, before_seat0);
    assert_eq!(state(&app, &g.id, Some(&g.seats[1])).await, before_seat1);
    assert_eq!(state(&app, &g.id, None).await, before_spectator);

    let (status, value) = get(&app, "/api/games/nosuchgame", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(value["error"].is_string());
    let (status, value) = act(&app, "nosuchgame", &g.seats[0], "c1c3").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{value}");
    let (status, value) = get(&app, &format!("/api/games/{}", g.id), Some("bad")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{value}");
}

#[tokio::test]
async fn bad_lobby_requests_are_refused() {
    let app = app().await;
    for (body, needle) in [
        (json!({"game": "chess", "seats": 2}), "unknown game"),
        (
            json!({"game": "knight-court", "seats": 3}),
            "exactly 2 seats",
        ),
        (
            json!({"game": "knight-control", "seats": 12}),
            "2 to 11 seats",
        ),
        (
            json!({"game": "knight-court", "seats": 2,
                   "bots": [{"seat": 1, "level": 3}, {"seat": 1, "level": 5}]}),
            "seat 1 is given a bot twice",
        ),
        (
            json!({"game": "knight-court", "seats": 2, "bots": [{"seat": 1, "level": 300}]}),
            "bot levels are 1 to 5",
        ),
        (
            json!({"game": "knight-court", "seats": 2, "bots": [{"seat": 2, "level": 1}]}),
            "'seat' is 2",
        ),
        (
            json!({"game": "knight-court", "seats": 2, "bots": [{"seat": 1, "level": 9}]}),
            "levels",
        ),
        (
            json!({"game": "knight-court", "seats": 2, "options": {"position": "xx"}}),
            "position",
        ),
        (
            json!({"game": "tilechess", "seats": 2, "options": {"wide": 0}}),
            "wide",
        ),
        (json!({"game": "knight-court"}), "seats"),
    ] {
        let (status, value) = try_create(&app, &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {value}");
        let message = value["error"].as_str().unwrap();
        assert!(message.contains(needle), "{body}: {message}");
    }
}

#[tokio::test]
async fn the_host_pauses_replaces_a_player_with_a_bot_and_ends() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let pause = json!({"command": "pause"});
    // A field the command does not take is refused, as in every body.
    let (status, value) = by_host(&app, &g, json!({"command": "pause", "x": 1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(
        value["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `x`"),
        "{value}"
    );
    assert_eq!(state(&app, &g.id, None).await["status"], "playing");
    // Only the host link may command.
    let (status, _) = host(&app, &g.id, &g.seats[0], pause.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, value) = by_host(&app, &g, pause.clone()).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["status"], "paused");
    let (status, value) = act(&app, &g.id, &g.seats[0], "c1c3").await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    assert!(value["error"].as_str().unwrap().contains("paused"));
    let (status, _) = by_host(&app, &g, pause).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = by_host(&app, &g, json!({"command": "resume"})).await;
    assert_eq!(status, StatusCode::OK);
    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    // Black is absent: the host hands the seat to a bot, which moves.
    let (status, value) = by_host(&app, &g, json!({"command": "bot", "seat": 1, "level": 2})).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    wait_for(&app, &g.id, |s| s["history"].as_array().unwrap().len() == 2).await;
    // While the bot has the seat, its link may not play.
    let (status, value) = act(&app, &g.id, &g.seats[1], "a3b1").await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    assert!(value["error"].as_str().unwrap().contains("bot"));
    let (status, _) = by_host(&app, &g, json!({"command": "bot", "seat": 5, "level": 2})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = by_host(&app, &g, json!({"command": "fly"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Commands that would change nothing are refused, and log nothing:
    // no viewer's version moves.
    let before = state(&app, &g.id, None).await;
    for (command, status, needle) in [
        (
            json!({"command": "bot", "seat": 1, "level": 2}),
            StatusCode::CONFLICT,
            "seat 2 is already played by a level 2 bot",
        ),
        (
            json!({"command": "human", "seat": 0}),
            StatusCode::CONFLICT,
            "seat 1 is already played from its own link",
        ),
        (
            json!({"command": "bot", "seat": 1, "level": 300}),
            StatusCode::BAD_REQUEST,
            "bot levels are 1 to 5, not 300",
        ),
    ] {
        let (got, value) = by_host(&app, &g, command.clone()).await;
        assert_eq!(got, status, "{command}: {value}");
        let message = value["error"].as_str().unwrap();
        assert!(message.contains(needle), "{command}: {message}");
    }
    assert_eq!(state(&app, &g.id, None).await, before);
    let (status, value) = by_host(&app, &g, json!({"command": "end"})).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["status"], "ended");
    assert!(value["seed"].is_string());
    let legal: Value = state(&app, &g.id, Some(&g.seats[0])).await["legal"].clone();
    assert_eq!(legal, json!([]));
    let (status, value) = act(&app, &g.id, &g.seats[0], "a1a2").await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
}

#[tokio::test]
async fn a_restarted_server_replays_the_log_to_the_same_state() {
    let (url, path) = temp_db("restart");
    let seats;
    let id;
    let before;
    {
        let app = arbiter_server::router(arbiter_server::AppState::new(
            arbiter_server::Store::open(&url).await.unwrap(),
            settings(),
        ));
        let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
        for (seat, mv) in [(0, "c8-b6"), (1, "e1-f3"), (0, "d8-b6"), (1, "d1-f1-f3")] {
            act_ok(&app, &g.id, &g.seats[seat], mv).await;
        }
        by_host(&app, &g, json!({"command": "pause"})).await;
        before = state(&app, &g.id, Some(&g.seats[0])).await;
        id = g.id;
        seats = g.seats;
    }
    let app = arbiter_server::router(arbiter_server::AppState::new(
        arbiter_server::Store::open(&url).await.unwrap(),
        settings(),
    ));
    let after = state(&app, &id, Some(&seats[0])).await;
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["history"], before["history"]);
    assert_eq!(after["status"], "paused");
    assert_eq!(after["version"], before["version"]);
    remove_db(&path);
}

#[tokio::test]
async fn the_web_client_is_served_from_the_binary() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let table = format!("/table/{}", g.id);
    for (path, needle) in [
        ("/", "New game"),
        (table.as_str(), "table.js"),
        ("/lobby.js", "/api/games"),
        ("/table.js", "WebSocket"),
        ("/boards.js", "knight-court"),
        ("/style.css", "svg"),
    ] {
        let (status, value) = get(&app, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(value["raw"].as_str().unwrap().contains(needle), "{path}");
    }
}

#[tokio::test]
async fn unknown_paths_and_bad_path_numbers_get_json_errors() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let (status, value) = get(&app, &format!("/api/games/{}/replay/x", g.id), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(value["error"].is_string());
    let (status, value) = get(&app, &format!("/api/games/{}/replay/5", g.id), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{value}");
    assert_eq!(value["error"], "the game has 0 actions, not 5");
    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    let (_, value) = get(&app, &format!("/api/games/{}/replay/5", g.id), None).await;
    assert_eq!(value["error"], "the game has 1 action, not 5");
    let (_, value) = get(&app, &format!("/api/games/{}/board.svg?ply=5", g.id), None).await;
    assert_eq!(value["error"], "the game has 1 entry, not 5");
    let (status, value) = get(&app, "/api/nothing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{value}");
    assert!(value["error"].is_string());
}

/// A client that takes gzip (every browser) gets the state, the pages and
/// the scripts gzipped, and the same bytes once unpacked; one that does
/// not ask gets them plain. A PNG picture, compressed already, is sent
/// as it is. (The bot API's stream stays plain: tests/bot_api.rs.)
#[tokio::test]
async fn answers_are_gzipped_for_clients_that_take_it() {
    use axum::body::Body;
    use axum::http::Request;
    use std::io::Read;
    use tower::ServiceExt;
    let app = app().await;
    let g = create(&app, json!({"game": "tilechess", "seats": 2})).await;
    let id = g.id.as_str();
    let answer = |uri: String, gzip: bool| {
        let app = app.clone();
        async move {
            let mut request = Request::builder().uri(uri);
            if gzip {
                request = request.header("accept-encoding", "gzip");
            }
            let response = app
                .oneshot(request.body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let encoding = response
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap().to_string());
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            (encoding, bytes.to_vec())
        }
    };
    for uri in [
        format!("/api/games/{id}"),
        "/".to_string(),
        "/table.js".to_string(),
        format!("/api/games/{id}/board.svg"),
    ] {
        let (encoding, plain) = answer(uri.clone(), false).await;
        assert_eq!(encoding, None, "{uri} asked plain");
        let (encoding, packed) = answer(uri.clone(), true).await;
        assert_eq!(encoding.as_deref(), Some("gzip"), "{uri}");
        assert!(
            packed.len() * 2 < plain.len(),
            "{uri}: {} of {}",
            packed.len(),
            plain.len()
        );
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, plain, "{uri}");
    }
    let (encoding, png) = answer(format!("/api/games/{id}/board.png"), true).await;
    assert_eq!(encoding, None);
    assert!(png.starts_with(b"\x89PNG"));
}

/// The lobby can be kept on a phone's home screen as an app: the manifest
/// every page names is served as one, and each icon it names is there, of
/// its type and size.
#[tokio::test]
async fn the_manifest_and_its_icons_are_served() {
    let app = app().await;
    let (status, kind, body) = get_raw(&app, "/manifest.webmanifest", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/manifest+json");
    let manifest: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(manifest["short_name"], "Arbiter");
    let (_, _, lobby) = get_raw(&app, "/", None).await;
    assert!(String::from_utf8(lobby)
        .unwrap()
        .contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"));
    for icon in manifest["icons"].as_array().unwrap() {
        let src = icon["src"].as_str().unwrap();
        let (status, kind, body) = get_raw(&app, src, None).await;
        assert_eq!(status, StatusCode::OK, "{src}");
        assert_eq!(kind, icon["type"].as_str().unwrap(), "{src}");
        if kind == "image/png" {
            let side = u32::from_be_bytes(body[16..20].try_into().unwrap());
            assert_eq!(icon["sizes"], format!("{side}x{side}"), "{src}");
        }
    }
}
