//! The web client, compiled into the binary: no build step.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};
use std::sync::Arc;

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

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript";

/// Each file of the client: its address, its type and its text.
const FILES: [(&str, &str, &str); 15] = [
    ("/", HTML, INDEX),
    ("/analysis/{id}", HTML, ANALYSIS),
    ("/style.css", "text/css", STYLE),
    ("/lobby.js", JS, LOBBY_JS),
    ("/table.js", JS, TABLE_JS),
    ("/analysis.js", JS, ANALYSIS_JS),
    ("/boards.js", JS, BOARDS_JS),
    ("/clocks.js", JS, CLOCKS_JS),
    ("/knight-control.js", JS, KNIGHT_CONTROL_JS),
    ("/signals.js", JS, SIGNALS_JS),
    ("/social.js", JS, SOCIAL_JS),
    ("/recent.js", JS, RECENT_JS),
    ("/webhooks.js", JS, WEBHOOKS_JS),
    ("/patch.js", JS, PATCH_JS),
    ("/idiomorph.js", JS, IDIOMORPH_JS),
];

/// A file's entity tag: a hash of its text, weak since the bytes sent
/// differ when the answer is gzipped.
fn entity_tag(body: &str) -> String {
    let hash = Sha256::digest(body.as_bytes());
    format!("W/\"{}\"", hex::encode(&hash[..12]))
}

/// The file, or 304 when the browser holds this version of it already
/// (`If-None-Match`). Browsers must ask each time (`no-cache`), so a new
/// server's client is used at once; asking costs a header, not the file.
fn answer(kind: &'static str, body: &'static str, tag: &str, headers: &HeaderMap) -> Response {
    let held = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == tag || t.trim() == "*");
    let common = [
        (header::ETAG, tag.to_string()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
    ];
    if held {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    (common, [(header::CONTENT_TYPE, kind)], body).into_response()
}

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new();
    for (path, kind, body) in FILES {
        let tag: Arc<str> = entity_tag(body).into();
        router = router.route(
            path,
            get(move |headers: HeaderMap| async move { answer(kind, body, &tag, &headers) }),
        );
    }
    router
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

    /// A browser that holds a file's version gets 304 and no body; one
    /// that holds another (or none) gets the file with its tag; every
    /// answer says to ask again next time.
    #[tokio::test]
    async fn a_file_the_browser_holds_is_not_sent_again() {
        use axum::body::Body;
        use axum::http::{Request, StatusCode};
        use tower::ServiceExt;
        let router: axum::Router = super::router();
        let get = |held: Option<&str>| {
            let mut request = Request::builder().uri("/table.js");
            if let Some(tag) = held {
                request = request.header("if-none-match", tag);
            }
            router.clone().oneshot(request.body(Body::empty()).unwrap())
        };
        let first = get(None).await.unwrap();
        assert_eq!(first.status(), StatusCode::OK);
        assert_eq!(first.headers()["cache-control"], "no-cache");
        let tag = first.headers()["etag"].to_str().unwrap().to_string();
        assert_eq!(tag, super::entity_tag(super::TABLE_JS));
        let body = axum::body::to_bytes(first.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(body, super::TABLE_JS.as_bytes());
        let again = get(Some(&format!("W/\"0\", {tag}"))).await.unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(again.headers()["etag"], tag.as_str());
        let body = axum::body::to_bytes(again.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(body.is_empty());
        let other = get(Some("W/\"0\"")).await.unwrap();
        assert_eq!(other.status(), StatusCode::OK);
        // Each file has its own tag.
        let tags: std::collections::HashSet<String> = super::FILES
            .iter()
            .map(|(_, _, body)| super::entity_tag(body))
            .collect();
        assert_eq!(tags.len(), super::FILES.len());
    }
}
