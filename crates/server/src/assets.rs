//! The web client, compiled into the binary: no build step.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX: &str = include_str!("../../../web/index.html");
const STYLE: &str = include_str!("../../../web/style.css");
const LOBBY_JS: &str = include_str!("../../../web/lobby.js");
const TABLE_JS: &str = include_str!("../../../web/table.js");
const ANALYSIS: &str = include_str!("../../../web/analysis.html");
const ANALYSIS_JS: &str = include_str!("../../../web/analysis.js");
const BOARDS_JS: &str = include_str!("../../../web/boards.js");
const CLOCKS_JS: &str = include_str!("../../../web/clocks.js");
const KNIGHT_CONTROL_JS: &str = include_str!("../../../web/knight-control.js");
const SIGNALS_JS: &str = include_str!("../../../web/signals.js");
const SOCIAL_JS: &str = include_str!("../../../web/social.js");
const RECENT_JS: &str = include_str!("../../../web/recent.js");
const PATCH_JS: &str = include_str!("../../../web/patch.js");
const WEBHOOKS_JS: &str = include_str!("../../../web/webhooks.js");
// Vendored idiomorph (npm "idiomorph", 0BSD): see the header of the file.
const IDIOMORPH_JS: &str = include_str!("../../../web/idiomorph.js");

fn asset(kind: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, kind)], body)
}

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX) }),
        )
        .route(
            "/analysis/{id}",
            get(|| async { asset("text/html; charset=utf-8", ANALYSIS) }),
        )
        .route(
            "/analysis.js",
            get(|| async { asset("text/javascript", ANALYSIS_JS) }),
        )
        .route("/style.css", get(|| async { asset("text/css", STYLE) }))
        .route(
            "/lobby.js",
            get(|| async { asset("text/javascript", LOBBY_JS) }),
        )
        .route(
            "/table.js",
            get(|| async { asset("text/javascript", TABLE_JS) }),
        )
        .route(
            "/boards.js",
            get(|| async { asset("text/javascript", BOARDS_JS) }),
        )
        .route(
            "/clocks.js",
            get(|| async { asset("text/javascript", CLOCKS_JS) }),
        )
        .route(
            "/knight-control.js",
            get(|| async { asset("text/javascript", KNIGHT_CONTROL_JS) }),
        )
        .route(
            "/signals.js",
            get(|| async { asset("text/javascript", SIGNALS_JS) }),
        )
        .route(
            "/social.js",
            get(|| async { asset("text/javascript", SOCIAL_JS) }),
        )
        .route(
            "/webhooks.js",
            get(|| async { asset("text/javascript", WEBHOOKS_JS) }),
        )
        .route(
            "/recent.js",
            get(|| async { asset("text/javascript", RECENT_JS) }),
        )
        .route(
            "/patch.js",
            get(|| async { asset("text/javascript", PATCH_JS) }),
        )
        .route(
            "/idiomorph.js",
            get(|| async { asset("text/javascript", IDIOMORPH_JS) }),
        )
}

#[cfg(test)]
mod tests {
    /// Every page names the home-screen icon, the theme colour and the app
    /// manifest, as the rules pages do (`pages::HEAD_ICONS`).
    #[test]
    fn every_page_names_the_home_screen_icon_the_theme_colour_and_the_manifest() {
        let icons = crate::pages::HEAD_ICONS;
        let tail = &icons[icons.find("<link rel=\"apple-touch-icon\"").unwrap()..];
        let table = include_str!("../../../web/table.html");
        for (name, page) in [
            ("index.html", super::INDEX),
            ("table.html", table),
            ("analysis.html", super::ANALYSIS),
        ] {
            assert!(page.contains(tail), "{name} lacks {tail}");
        }
        // The lobby's link, pasted into a chat, says what Arbiter is (a
        // table's page says where its game stands: app/preview.rs).
        for tag in ["og:title", "og:description", "name=\"description\""] {
            assert!(super::INDEX.contains(tag), "index.html lacks {tag}");
        }
    }
}
