//! Board pictures: a golden image per game (SVG exactly, PNG within a small
//! tolerance), the routes' `?ply=N`, and a Knight Control seat's picture
//! holding no other seat's secrets.
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
    pictures::svg(&format!("{game} golden"), &table.diagram(), &caption)
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
        .contains("last: seat 1: c1c3"));
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
    // The two who did not bid see the same picture.
    let (_, one) = get_bytes(&app, &uri, Some(&g.seats[1])).await;
    let (_, two) = get_bytes(&app, &uri, Some(&g.seats[2])).await;
    assert_eq!(one, two);
}
