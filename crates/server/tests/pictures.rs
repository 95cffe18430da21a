//! Board pictures: a golden image per game (SVG exactly, PNG within a small
//! tolerance), the picture drawing exactly the scene of the snapshot, the
//! routes' `?ply=N`, and a Knight Control seat's picture and scene holding
//! no other seat's secrets.
//!
//! The goldens in `tests/data/pictures/` were drawn by this code and
//! checked by eye; `ARBITER_BLESS_PICTURES=1 cargo test -p arbiter-server
//! --test pictures` writes them again after a deliberate change.

mod common;

use arbiter_core::Seed;
use arbiter_server::adapter::{self, Creation};
use arbiter_server::pictures;
use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};
use std::path::PathBuf;

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pictures")
        .join(name)
}

/// The picture of `game` after `moves` (server seat, action), with a fixed
/// seed.
fn picture(game: &str, options: Value, seats: usize, moves: &[(usize, &str)]) -> String {
    let creation = Creation {
        seats,
        seed: Seed::from_u64(16),
        deadline_ms: None,
    };
    let mut table = adapter::create(game, &options, &creation).unwrap();
    table.begin(0);
    for (seat, text) in moves {
        table.act(*seat, text, 0).unwrap();
    }
    let caption: Vec<String> = moves
        .last()
        .map(|(seat, text)| vec![format!("last: seat {}: {text}", seat + 1)])
        .unwrap_or_default();
    pictures::svg(&format!("{game} golden"), &table.scene(None), &caption)
}

fn compare(name: &str, svg: &str) {
    let png = pictures::png(svg).unwrap();
    let (svg_file, png_file) = (
        golden(&format!("{name}.svg")),
        golden(&format!("{name}.png")),
    );
    if std::env::var("ARBITER_BLESS_PICTURES").is_ok() {
        std::fs::create_dir_all(svg_file.parent().unwrap()).unwrap();
        std::fs::write(&svg_file, svg).unwrap();
        std::fs::write(&png_file, &png).unwrap();
    }
    let want = std::fs::read_to_string(&svg_file).unwrap();
    assert_eq!(svg, want, "{name}.svg");
    let want = std::fs::read(&png_file).unwrap();
    let differ = pictures::difference(&png, &want).expect("same size");
    assert!(differ < 0.01, "{name}.png: {differ} of the pixels differ");
}

#[test]
fn every_game_draws_its_golden_picture() {
    compare(
        "knight-court",
        &picture("knight-court", json!({}), 2, &[(0, "c1c3"), (1, "R@a2")]),
    );
    compare("knight-moves", &picture("knight-moves", json!({}), 2, &[]));
    compare(
        "progressive-chess",
        &picture("progressive-chess", json!({}), 2, &[]),
    );
    compare(
        "tilechess",
        &picture("tilechess", json!({"wide": 2, "high": 2}), 2, &[]),
    );
    compare(
        "knight-control",
        &picture("knight-control", json!({"rules": {"rounds": 3}}), 3, &[]),
    );
}

#[test]
fn a_changed_picture_is_told_apart() {
    let a = pictures::png(&picture("knight-court", json!({}), 2, &[])).unwrap();
    let b = pictures::png(&picture("knight-court", json!({}), 2, &[(0, "c1c3")])).unwrap();
    // A caption line may change the size (`None`): told apart too.
    if let Some(d) = pictures::difference(&a, &b) {
        assert!(d > 0.0);
    }
}

/// The values of attribute `name` in `svg`, in order.
fn attributes(svg: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    svg.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &svg[i + needle.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

/// What a scene holds, as the picture must show it: the key of every cell
/// on the board, and (cell key or "" for a panel, letter) of every piece,
/// sorted.
fn held(scene: &Value) -> (Vec<String>, Vec<(String, String)>) {
    let cells = scene["cells"].as_array().unwrap();
    let mut keys: Vec<String> = cells
        .iter()
        .filter(|c| c["kind"] != "off")
        .map(|c| c["key"].as_str().unwrap().to_string())
        .collect();
    let mut pieces: Vec<(String, String)> = cells
        .iter()
        .filter(|c| !c["piece"].is_null())
        .map(|c| {
            (
                c["key"].as_str().unwrap().into(),
                c["piece"]["letter"].as_str().unwrap().into(),
            )
        })
        .chain(scene["panels"].as_array().unwrap().iter().flat_map(|p| {
            p["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|kp| (String::new(), kp[1]["letter"].as_str().unwrap().to_string()))
        }))
        .collect();
    keys.sort();
    pieces.sort();
    (keys, pieces)
}

/// What a picture shows, in the same shape as [`held`]. Escaped letters
/// (`&lt;`) do not occur in any game's pieces.
fn shown(svg: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut keys = attributes(svg, "data-key");
    let mut pieces: Vec<(String, String)> = attributes(svg, "data-at")
        .into_iter()
        .zip(attributes(svg, "data-piece"))
        .collect();
    keys.sort();
    pieces.sort();
    (keys, pieces)
}

/// For every game, a seat's and a spectator's picture show exactly the
/// cells and pieces of the scene in that viewer's snapshot, and the
/// snapshot's scene is the one its replay of the same ply gives.
#[tokio::test]
async fn every_picture_shows_exactly_the_scene_of_the_snapshot() {
    let app = app().await;
    let games: [(Value, &[&str]); 5] = [
        (
            json!({"game": "knight-court", "seats": 2}),
            &["c1c3", "R@a2"],
        ),
        (json!({"game": "knight-moves", "seats": 2}), &[]),
        (json!({"game": "progressive-chess", "seats": 2}), &[]),
        (
            json!({"game": "tilechess", "seats": 2, "options": {"wide": 2, "high": 2}}),
            &[],
        ),
        (
            json!({"game": "knight-control", "seats": 3, "options": {"rules": {"rounds": 3}}}),
            &[],
        ),
    ];
    for (body, moves) in games {
        let g = create(&app, body.clone()).await;
        for (i, mv) in moves.iter().enumerate() {
            let (status, answer) = act(&app, &g.id, &g.seats[i % 2], mv).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
        }
        // A move the seat may play, so that the scene has a piece moved
        // or a block opened.
        if moves.is_empty() {
            let s = state(&app, &g.id, Some(&g.seats[0])).await;
            if let Some(first) = s["legal"].as_array().unwrap().first() {
                act(&app, &g.id, &g.seats[0], first.as_str().unwrap()).await;
            }
        }
        for token in [Some(g.seats[0].as_str()), None] {
            let s = state(&app, &g.id, token).await;
            let scene = &s["scene"];
            assert!(
                scene["cells"].as_array().is_some_and(|c| !c.is_empty()),
                "{body}: {s}"
            );
            let uri = format!("/api/games/{}/board.svg", g.id);
            let (status, svg) = get_bytes(&app, &uri, token).await;
            assert_eq!(status, StatusCode::OK);
            let svg = String::from_utf8(svg).unwrap();
            assert_eq!(shown(&svg), held(scene), "{body}");
            let n = s["history"].as_array().unwrap().len();
            let (_, replayed) = get(&app, &format!("/api/games/{}/replay/{n}", g.id), token).await;
            assert_eq!(&replayed["scene"], scene, "{body}");
        }
    }
}

/// Hand-checked scenes: Knight Court after c1c3 and Black's drop R@a2
/// (the start is knights on a1 and c3, White's bishop b1 and rook c1...
/// read from the start position string, not from the engine's scene).
#[tokio::test]
async fn a_knight_court_scene_holds_the_board_as_played() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let start = state(&app, &g.id, None).await["view"]["position"]
        .as_str()
        .unwrap()
        .to_string();
    act(&app, &g.id, &g.seats[0], "c1c3").await;
    let s = state(&app, &g.id, None).await;
    let scene = &s["scene"];
    let at = |key: &str| {
        scene["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["key"] == key)
            .unwrap()
            .clone()
    };
    // The piece letter on c1 at the start (rank 1 is the last field of
    // the board part) is the one on c3 now, and c1 is empty.
    let board = start.split('[').next().unwrap();
    let rank1 = board.split('/').next_back().unwrap();
    let expanded: String = rank1
        .chars()
        .flat_map(|c| match c.to_digit(10) {
            Some(n) => vec!['.'; n as usize],
            None => vec![c],
        })
        .collect();
    let c1 = expanded.chars().nth(2).unwrap();
    assert_ne!(c1, '.', "{start}");
    assert_eq!(
        at("c3")["piece"]["letter"],
        c1.to_ascii_uppercase().to_string()
    );
    assert_eq!(at("c3")["piece"]["side"], 0);
    assert!(at("c1")["piece"].is_null());
    assert_eq!(scene["last"]["cells"], json!(["c1", "c3"]));
    assert_eq!(scene["width"], 3);
    assert_eq!(scene["files"], json!(["a", "b", "c"]));
}

/// The status and bytes of `GET uri` (a picture).
async fn get_bytes(app: &axum::Router, uri: &str, token: Option<&str>) -> (StatusCode, Vec<u8>) {
    let (status, _, bytes) = get_raw(app, uri, token).await;
    (status, bytes)
}

#[tokio::test]
async fn the_routes_draw_any_ply_and_refuse_one_past_the_end() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    act(&app, &g.id, &g.seats[0], "c1c3").await;
    let (status, svg) =
        get_bytes(&app, &format!("/api/games/{}/board.svg?ply=0", g.id), None).await;
    assert_eq!(status, StatusCode::OK);
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains("after 0 of 1 entries"), "{svg}");
    let (_, now) = get_bytes(&app, &format!("/api/games/{}/board.svg", g.id), None).await;
    assert!(String::from_utf8(now)
        .unwrap()
        .contains("last: White: c1c3"));
    let (status, png) =
        get_bytes(&app, &format!("/api/games/{}/board.png?ply=1", g.id), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(&png[1..4], b"PNG");
    let (status, _) = get_bytes(&app, &format!("/api/games/{}/board.svg?ply=2", g.id), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = get_bytes(&app, &format!("/api/games/{}/board.png?ply=x", g.id), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_knight_control_seats_picture_holds_no_other_seats_secrets() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-control", "seats": 3})).await;
    let s = state(&app, &g.id, Some(&g.seats[0])).await;
    let bid = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|a| a.starts_with("bid ") && *a != "bid pass")
        .unwrap()
        .to_string();
    let (status, body) = act(&app, &g.id, &g.seats[0], &bid).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let letters = bid.trim_start_matches("bid ");
    let uri = format!("/api/games/{}/board.svg", g.id);
    let (_, own) = get_bytes(&app, &uri, Some(&g.seats[0])).await;
    assert!(String::from_utf8(own).unwrap().contains(letters));
    for token in [Some(g.seats[1].as_str()), Some(g.seats[2].as_str()), None] {
        for uri in [uri.clone(), format!("{uri}?ply=1")] {
            let (status, svg) = get_bytes(&app, &uri, token).await;
            if status == StatusCode::NOT_FOUND {
                continue; // a spectator may see no entry at all
            }
            assert_eq!(status, StatusCode::OK);
            let svg = String::from_utf8(svg).unwrap();
            assert!(!svg.contains(letters), "{letters} in {svg}");
        }
    }
    // Nor does any other viewer's scene, in the snapshot or a replay.
    for token in [Some(g.seats[1].as_str()), Some(g.seats[2].as_str()), None] {
        let s = state(&app, &g.id, token).await;
        let scene = s["scene"].to_string();
        assert!(!scene.contains(letters), "{letters} in {scene}");
        let (_, replayed) = get(&app, &format!("/api/games/{}/replay/0", g.id), token).await;
        assert!(!replayed["scene"].to_string().contains(letters));
    }
    // The two who did not bid see the same board; their pictures differ
    // only in each one's own purse.
    let (_, one) = get_bytes(&app, &uri, Some(&g.seats[1])).await;
    let (_, two) = get_bytes(&app, &uri, Some(&g.seats[2])).await;
    let (one, two) = (
        String::from_utf8(one).unwrap(),
        String::from_utf8(two).unwrap(),
    );
    assert_eq!(shown(&one), shown(&two));
    assert_eq!(
        one.replace("P2 (only you see this)", "P3 (only you see this)"),
        two
    );
}

/// Knight Control's `?round=R`: the picture at the first entry after which
/// the published board says `after round R`, the same as that `?ply=N`.
#[tokio::test]
async fn a_knight_control_picture_is_drawn_after_any_round() {
    let app = app().await;
    let g = create(
        &app,
        json!({"game": "knight-control", "seats": 2, "options": {"rules": {"rounds": 2}},
               "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]}),
    )
    .await;
    // The bots play the game through.
    loop {
        if state(&app, &g.id, None).await["status"] == "over" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let svg_at = |query: String| {
        let app = app.clone();
        let id = g.id.clone();
        async move {
            let (status, svg) =
                get_bytes(&app, &format!("/api/games/{id}/board.svg?{query}"), None).await;
            (status, String::from_utf8(svg).unwrap())
        }
    };
    let entries = state(&app, &g.id, None).await["history"]
        .as_array()
        .unwrap()
        .len();
    // By hand: walk the plies and note where each round first shows.
    let mut first_ply = Vec::new();
    for ply in 0..=entries {
        let (status, svg) = svg_at(format!("ply={ply}")).await;
        assert_eq!(status, StatusCode::OK);
        for round in 0..=2 {
            // Round 0's board is the starting board.
            let shown = match round {
                0 => "the starting board".to_string(),
                _ => format!("the board as published after round {round}"),
            };
            if first_ply.len() == round
                && (svg.contains(&format!("{shown}\n")) || svg.contains(&format!("{shown}<")))
            {
                first_ply.push(ply);
            }
        }
    }
    assert_eq!(first_ply.len(), 3, "{first_ply:?}");
    assert_eq!(first_ply[0], 0);
    for (round, &ply) in first_ply.iter().enumerate() {
        let (status, by_round) = svg_at(format!("round={round}")).await;
        assert_eq!(status, StatusCode::OK, "{by_round}");
        assert_eq!(
            by_round,
            svg_at(format!("ply={ply}")).await.1,
            "round {round}"
        );
    }
    let (status, _) = svg_at("round=3".into()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = svg_at("round=1&ply=2".into()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let board = |id: &str, file: &str| format!("/api/games/{id}/{file}");
    let (status, png) = get_bytes(&app, &board(&g.id, "board.png?round=1"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(&png[1..4], b"PNG");
    let court = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let (status, body) = get_bytes(&app, &board(&court.id, "board.svg?round=0"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(String::from_utf8_lossy(&body).contains("Knight Control"));
}
