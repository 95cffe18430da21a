//! What a phone needs to keep Arbiter on its home screen: the icon in its
//! sizes, drawn from the favicon, and the web app manifest, so that "Add
//! to Home Screen" (or Chrome's "Install") opens the lobby, with its "Your
//! tables", as an app of its own.

use crate::error::ApiError;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use std::sync::OnceLock;

const FAVICON: &str = include_str!("../../../web/favicon.svg");

/// The square icons drawn as PNG, in pixels: Apple's home-screen size,
/// then the two sizes a web app manifest names.
const SIZES: [u32; 3] = [180, 192, 512];

/// The favicon as a square PNG of `size` pixels (its rounding left to the
/// phone, which rounds icons its own way), drawn once per size.
fn square_icon(size: u32) -> Result<&'static [u8], String> {
    static PNGS: [OnceLock<Result<Vec<u8>, String>>; SIZES.len()] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let at = SIZES
        .iter()
        .position(|&s| s == size)
        .ok_or_else(|| format!("no icon of {size} px"))?;
    PNGS[at]
        .get_or_init(|| {
            let svg = FAVICON.replacen(" rx=\"6\"", "", 1).replacen(
                "<svg ",
                &format!("<svg width=\"{size}\" height=\"{size}\" "),
                1,
            );
            crate::pictures::png(&svg)
        })
        .as_deref()
        .map_err(Clone::clone)
}

async fn icon_png(size: u32) -> Response {
    match tokio::task::spawn_blocking(move || square_icon(size)).await {
        Ok(Ok(png)) => ([(header::CONTENT_TYPE, "image/png")], png).into_response(),
        Ok(Err(e)) => ApiError::Internal(format!("the {size} px icon: {e}")).into_response(),
        Err(e) => ApiError::Internal(e.to_string()).into_response(),
    }
}

/// The web app manifest: Arbiter's name, colours (the header's and the
/// page's), the lobby to start at, and the icons.
pub fn manifest() -> Value {
    json!({
        "name": "Arbiter: knight chess variants",
        "short_name": "Arbiter",
        "description": "Knight Court, Knight Moves, Progressive Chess, Tilechess and Knight Control \
                        for a group of people, from any phone; bots fill empty seats.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4f1ea",
        "theme_color": "#3b3a36",
        "icons": [
            { "src": "/favicon.svg", "type": "image/svg+xml", "sizes": "any" },
            { "src": "/icon-192.png", "type": "image/png", "sizes": "192x192" },
            { "src": "/icon-512.png", "type": "image/png", "sizes": "512x512" },
        ],
    })
}

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let favicon = || async { ([(header::CONTENT_TYPE, "image/svg+xml")], FAVICON) };
    let manifest = || async {
        (
            [(header::CONTENT_TYPE, "application/manifest+json")],
            manifest().to_string(),
        )
    };
    Router::new()
        .route("/favicon.ico", get(favicon))
        .route("/favicon.svg", get(favicon))
        .route("/apple-touch-icon.png", get(|| icon_png(180)))
        .route("/apple-touch-icon-precomposed.png", get(|| icon_png(180)))
        .route("/icon-192.png", get(|| icon_png(192)))
        .route("/icon-512.png", get(|| icon_png(512)))
        .route("/manifest.webmanifest", get(manifest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each icon is the favicon's square at its size: the corner is the
    /// background colour, not transparent, and the knight is drawn in the
    /// light ink in the middle.
    #[test]
    fn the_icons_are_the_favicon_square_at_each_size() {
        assert!(
            FAVICON.contains(" rx=\"6\""),
            "the favicon's rounding moved"
        );
        for size in SIZES {
            let png = square_icon(size).unwrap();
            assert!(png.starts_with(b"\x89PNG"));
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
            assert_eq!((width, height), (size, size));
            let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).unwrap();
            let corner = pixmap.pixel(0, 0).unwrap();
            assert_eq!(
                (corner.red(), corner.green(), corner.blue(), corner.alpha()),
                (0x3b, 0x3a, 0x36, 255)
            );
            let (from, to) = (size / 3, size * 2 / 3);
            let light = (from..to)
                .flat_map(|y| (from..to).map(move |x| (x, y)))
                .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().red() > 0xc0)
                .count() as u32;
            assert!(
                light > size * size / 160,
                "{size} px: only {light} light pixels"
            );
        }
        assert!(square_icon(64).is_err());
    }

    /// The manifest names icons of the sizes drawn, a lobby to start at and
    /// the colours the pages use.
    #[test]
    fn the_manifest_names_the_icons_drawn() {
        let m = manifest();
        assert_eq!(m["start_url"], "/");
        assert_eq!(m["display"], "standalone");
        assert_eq!(m["theme_color"], "#3b3a36");
        let style = include_str!("../../../web/style.css");
        assert!(style.contains(&format!(
            "background: {};",
            m["background_color"].as_str().unwrap()
        )));
        for icon in m["icons"].as_array().unwrap().iter().skip(1) {
            let sizes = icon["sizes"].as_str().unwrap();
            let size: u32 = sizes.split('x').next().unwrap().parse().unwrap();
            assert_eq!(sizes, format!("{size}x{size}"));
            assert_eq!(icon["src"], format!("/icon-{size}.png"));
            assert!(SIZES.contains(&size));
        }
    }
}
