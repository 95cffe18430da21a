//! Pages around the table: each game's rules for players (`/rules/<game>`),
//! the icon, a QR code of a link drawn as SVG, and the checks of the public
//! address that links are built with.

use crate::error::ApiError;
use axum::extract::{Path, Query};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

/// One line about each game, by game id, for the lobby.
pub const ABOUT: &[(&str, &str)] = &[
    (
        "knight-court",
        "Chess on 3×3 with a knight, a bishop and a rook each; captured pieces come back as drops.",
    ),
    (
        "knight-moves",
        "Two armies of knights race across a 7×8 board; a knight may pass the move along a chain.",
    ),
    (
        "progressive-chess",
        "A 7×7 chess where pawns upgrade into new pieces as you go; mate the king.",
    ),
    (
        "tilechess",
        "Any number of armies open new 4×4 blocks of a growing board and fight for land.",
    ),
    (
        "knight-control",
        "Sealed orders for a table of knights: bid for zones, spawn, leap, trade chips.",
    ),
];

const RULES: &[(&str, &str)] = &[
    (
        "knight-court",
        include_str!("../../../web/rules/knight-court.html"),
    ),
    (
        "knight-moves",
        include_str!("../../../web/rules/knight-moves.html"),
    ),
    (
        "progressive-chess",
        include_str!("../../../web/rules/progressive-chess.html"),
    ),
    (
        "tilechess",
        include_str!("../../../web/rules/tilechess.html"),
    ),
    (
        "knight-control",
        include_str!("../../../web/rules/knight-control.html"),
    ),
];

/// The icons, the theme colour and the app manifest every page's head names (the shipped
/// pages in `web/` carry the same line).
pub const HEAD_ICONS: &str = r##"<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/apple-touch-icon.png"><meta name="theme-color" content="#3b3a36"><link rel="manifest" href="/manifest.webmanifest">"##;

/// The longest text a QR code is drawn for (a link is far shorter).
pub const MAX_QR_TEXT: usize = 1024;

/// Checks a public address (`--public-url`): http or https, a host, no
/// spaces; the trailing `/` is dropped so a path can follow it.
pub fn public_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("the public URL '{text}' must start with https:// or http://"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return Err(format!("the public URL '{text}' has no host name"));
    }
    if url
        .chars()
        .any(|c| c.is_whitespace() || c == '#' || c == '?')
    {
        return Err(format!(
            "the public URL '{text}' may not hold spaces, '?' or '#'"
        ));
    }
    Ok(url.to_string())
}

#[derive(Deserialize)]
struct QrQuery {
    text: String,
}

/// A QR code of `text` (a seat's link), as SVG.
pub fn qr_svg(text: &str) -> Result<String, String> {
    if text.is_empty() || text.len() > MAX_QR_TEXT {
        return Err(format!(
            "a QR code is drawn for 1 to {MAX_QR_TEXT} bytes of text"
        ));
    }
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(180, 180)
        .quiet_zone(true)
        .build())
}

async fn qr(query: Result<Query<QrQuery>, axum::extract::rejection::QueryRejection>) -> Response {
    let text = match query {
        Ok(Query(q)) => q.text,
        Err(_) => {
            return ApiError::BadRequest("give the text to draw as ?text=...".into())
                .into_response()
        }
    };
    match qr_svg(&text) {
        Ok(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        Err(e) => ApiError::BadRequest(e).into_response(),
    }
}

/// A rules page: the game's body (`web/rules/<game>.html`) inside the page
/// every game's rules share.
fn rules_page(id: &str, body: &str) -> String {
    let name = crate::adapter::kind(id).map_or(id, |k| k.name);
    format!(
        r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{name}: how to play · Arbiter</title>{HEAD_ICONS}<link rel="stylesheet" href="/style.css">
<style>main.rules {{ display: block; max-width: 760px; }} .rules svg {{ width: 100%; max-width: 320px; height: auto; display: block; margin: .5em 0; }} .rules h2 {{ margin-top: 1.2em; }}</style></head>
<body>
<header><a href="/">Arbiter</a> · {name}: how to play</header>
<main class="rules"><section>
{body}
<p><a class="button" href="/?game={id}">Start a game of {name}</a></p>
<p>The full rules, with every question a referee has had to decide, are in the project's <code>docs/rules/{id}.md</code>.</p>
</section></main></body></html>
"#
    )
}

async fn rules(Path(game): Path<String>) -> Response {
    match RULES.iter().find(|(id, _)| *id == game) {
        Some((id, body)) => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            rules_page(id, body),
        )
            .into_response(),
        None => {
            let known: Vec<&str> = RULES.iter().map(|(id, _)| *id).collect();
            ApiError::NotFound(format!(
                "there are no rules for '{game}'; the games are {}",
                known.join(", ")
            ))
            .into_response()
        }
    }
}

/// The icon a phone puts on its home screen for a page added there (iOS
/// asks for it at this address even when no page names it): the favicon,
/// square (the phone rounds the corners itself) and 180 px wide, drawn
/// once with the pictures' font.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .merge(crate::icons::router())
        .route("/api/qr", get(qr))
        .route("/rules/{game}", get(rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_checked_and_lose_their_trailing_slash() {
        assert_eq!(
            public_url("https://chess.example.org/").unwrap(),
            "https://chess.example.org"
        );
        assert_eq!(
            public_url("http://10.0.0.5:8080").unwrap(),
            "http://10.0.0.5:8080"
        );
        assert_eq!(
            public_url("https://h.example/arbiter/").unwrap(),
            "https://h.example/arbiter"
        );
        for bad in [
            "chess.example.org",
            "ftp://x",
            "https://",
            "https:///x",
            "https://a b",
            "https://x/#y",
        ] {
            assert!(public_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_qr_code_is_svg_and_long_text_is_refused() {
        let svg = qr_svg("https://chess.example.org/table/abc#def").unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
        assert!(qr_svg("").is_err());
        assert!(qr_svg(&"x".repeat(MAX_QR_TEXT + 1)).is_err());
    }

    #[test]
    fn every_game_of_the_registry_has_rules_and_a_line_about_it() {
        for kind in crate::adapter::KINDS {
            let (id, body) = RULES.iter().find(|(id, _)| *id == kind.id).unwrap();
            let page = rules_page(id, body);
            assert!(page.contains(&format!("<title>{}: how to play", kind.name)));
            assert!(
                page.contains(&format!("<h1>{}</h1>", kind.name)),
                "{}",
                kind.id
            );
            assert!(page.trim_end().ends_with("</html>"));
            assert!(ABOUT.iter().any(|(id, _)| *id == kind.id), "{}", kind.id);
        }
    }
}
