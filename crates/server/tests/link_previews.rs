//! The table page's head, which chat apps read when a table's link is
//! pasted (docs/server.md#link-previews): the game and the table, where the
//! game stands as a spectator sees it, and the spectators' picture of that
//! moment; the same page for every link, whoever asks.

mod common;

use arbiter_server::{router, AppState, Settings};
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};

const PUBLIC: &str = "https://chess.example.org";

async fn app_with(public_url: Option<&str>) -> Router {
    router(AppState::new(
        test_store().await,
        Settings {
            public_url: public_url.map(str::to_string),
            ..settings()
        },
    ))
}

/// The table page: its status and text.
async fn page(app: &Router, id: &str, token: Option<&str>) -> (StatusCode, String) {
    let (status, kind, bytes) = get_raw(app, &format!("/table/{id}"), token).await;
    assert_eq!(kind, "text/html; charset=utf-8");
    (status, String::from_utf8(bytes).unwrap())
}

/// The `content` of the head's tag `name` (a property or a name).
fn meta(html: &str, name: &str) -> Option<String> {
    [("property", name), ("name", name)]
        .iter()
        .find_map(|(attribute, name)| {
            let start = format!("<meta {attribute}=\"{name}\" content=\"");
            let rest = &html[html.find(&start)? + start.len()..];
            Some(rest[..rest.find('"')?].to_string())
        })
}

fn status_lines(snapshot: &Value) -> String {
    let lines: Vec<&str> = snapshot["scene"]["status"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    // As a sentence: capitalised.
    let stands = lines.join(" · ");
    let mut letters = stands.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => stands,
    }
}

#[tokio::test]
async fn every_game_s_table_page_names_it_and_says_where_it_stands() {
    let app = app_with(Some(PUBLIC)).await;
    for (game, seats) in EVERY_GAME {
        let g = create(&app, json!({"game": game, "seats": seats})).await;
        let kinds = get_ok(&app, "/api/kinds").await;
        let name = kinds["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["id"] == game)
            .map(|k| k["name"].as_str().unwrap().to_string())
            .unwrap();
        let (status, html) = page(&app, &g.id, None).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let title = format!("{name}, table {}", g.id);
        assert!(html.contains(&format!("<title>{title} · Arbiter</title>")));
        assert_eq!(meta(&html, "og:title").as_deref(), Some(title.as_str()));
        let spectator = state(&app, &g.id, None).await;
        let description = meta(&html, "og:description").unwrap();
        let stands = format!("{}. ", status_lines(&spectator));
        assert!(
            description.starts_with(&stands),
            "{game}: '{description}' does not start with '{stands}'"
        );
        assert_eq!(meta(&html, "description"), Some(description));
        assert_eq!(
            meta(&html, "og:url"),
            Some(format!("{PUBLIC}/table/{}", g.id))
        );
        // The picture is the spectators' board of this moment, served.
        let image = meta(&html, "og:image").unwrap();
        let path = image.strip_prefix(PUBLIC).unwrap();
        assert_eq!(path, format!("/api/games/{}/board.png?ply=0", g.id));
        let (status, kind, png) = get_raw(&app, path, None).await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "image/png"));
        assert!(png.starts_with(b"\x89PNG"));
        // A seat's token changes nothing: the head is public.
        let (_, as_seat) = page(&app, &g.id, Some(&g.seats[0])).await;
        assert_eq!(as_seat, html, "{game}");
    }
}

#[tokio::test]
async fn the_head_follows_the_game() {
    let app = app_with(Some(PUBLIC)).await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    act_ok(&app, &g.id, &g.seats[0], "c1c2").await;
    let (_, html) = page(&app, &g.id, None).await;
    assert!(meta(&html, "og:description")
        .unwrap()
        .starts_with("Black to move. "));
    assert!(meta(&html, "og:image")
        .unwrap()
        .ends_with(&format!("/api/games/{}/board.png?ply=1", g.id)));

    // A finished game says how it ended, as its picture does.
    let mated = create(
        &app,
        json!({"game": "knight-court", "seats": 2,
               "options": {"position": "n2/R1B/2N[br] b"}}),
    )
    .await;
    let (_, html) = page(&app, &mated.id, None).await;
    assert!(meta(&html, "og:description")
        .unwrap()
        .starts_with("Game over: White wins by checkmate. "));
}

#[tokio::test]
async fn a_paused_or_ended_table_says_so_as_its_picture_does() {
    let app = app_with(Some(PUBLIC)).await;
    let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
    let description = |html: &str| meta(html, "og:description").unwrap();
    host_ok(&app, &g, json!({"command": "pause"})).await;
    let (_, html) = page(&app, &g.id, None).await;
    assert!(
        description(&html).starts_with("Eks to move · paused by the host. "),
        "{}",
        description(&html)
    );
    host_ok(&app, &g, json!({"command": "end"})).await;
    let (_, html) = page(&app, &g.id, None).await;
    assert!(description(&html).starts_with("Game over: the host ended the game. "));
    // The picture and the snapshot say the same.
    let snapshot = state(&app, &g.id, None).await;
    assert_eq!(
        snapshot["scene"]["status"],
        json!(["Game over: the host ended the game"])
    );
    let (_, _, svg) = get_raw(&app, &format!("/api/games/{}/board.svg", g.id), None).await;
    assert!(String::from_utf8(svg)
        .unwrap()
        .contains("Game over: the host ended the game"));
}

#[tokio::test]
async fn a_knight_control_table_s_head_holds_what_spectators_see_only() {
    let app = app_with(Some(PUBLIC)).await;
    let g = create(&app, knight_control(3, 2)).await;
    act_ok(&app, &g.id, &g.seats[0], "bid ABCDE").await;
    let (_, html) = page(&app, &g.id, None).await;
    let spectator = state(&app, &g.id, None).await;
    let description = meta(&html, "og:description").unwrap();
    assert!(description.starts_with(&format!("{}. ", status_lines(&spectator))));
    assert!(!html.contains("ABCDE"));
    let (_, as_bidder) = page(&app, &g.id, Some(&g.seats[0])).await;
    assert_eq!(as_bidder, html);
}

#[tokio::test]
async fn without_a_public_url_the_head_has_no_link_and_no_picture() {
    let app = app_with(None).await;
    let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
    let (status, html) = page(&app, &g.id, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(meta(&html, "og:title").is_some());
    assert_eq!(meta(&html, "og:url"), None);
    assert_eq!(meta(&html, "og:image"), None);
    assert_eq!(meta(&html, "twitter:card").as_deref(), Some("summary"));
}

#[tokio::test]
async fn an_unknown_table_is_404_and_still_the_page_that_says_so() {
    let app = app_with(Some(PUBLIC)).await;
    let (status, html) = page(&app, "nosuchgame", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("<title>Arbiter: table</title>"));
    assert_eq!(meta(&html, "og:title"), None);
    let (status, _) = page(&app, &"x".repeat(100), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
