//! The table page, `GET /table/{id}`, with the head a chat app reads when
//! a link to it is pasted (docs/server.md#link-previews): the game and the
//! table in the title, where the game stands as the description and, when
//! the server knows its public address, the spectators' board picture of
//! this moment (Open Graph and Twitter card tags).
//!
//! Everything in it is what a spectator may see: the page is the same for
//! every link to the table, and a seat's token is in the link's fragment,
//! which is never sent to the server.

use crate::app::AppState;
use crate::error::ApiError;
use crate::host::{Command, Role};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// The page as the client ships it; its `<title>` is replaced.
const TABLE: &str = include_str!("../../../../web/table.html");
/// The title of a page whose game is not known here.
const PLAIN_TITLE: &str = "<title>Arbiter: table</title>";

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/table/{id}", get(table_page))
}

/// What the head says of one table, all of it public.
#[derive(Debug, PartialEq, Eq)]
struct Preview {
    /// "Knight Court, table ab12cd34ef56".
    title: String,
    /// The spectators' status lines ("White to move"), then the game's
    /// line from the lobby, for those who do not know it yet.
    description: String,
    /// What a screen reader calls the board ("Knight Court board").
    board: String,
    /// The public history's length: the picture's `?ply=`, so that a
    /// preview keeps the picture of the moment it was made.
    shown: usize,
}

async fn table_page(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let picture = async {
        let handle = state.game(&id).await?;
        handle
            .ask(|reply| Command::Picture(Role::Spectator, None, reply))
            .await?
    };
    let preview = picture.await.map(|picture| {
        let name = crate::adapter::kind(&picture.kind).map_or("Game", |k| k.name);
        Preview {
            title: format!("{name}, table {id}"),
            description: describe(&picture.scene.status, &picture.kind),
            board: picture.scene.label,
            shown: picture.shown,
        }
    });
    let (status, html) = match preview {
        Ok(preview) => (StatusCode::OK, page(&preview, &id, state.public_url())),
        // The page still loads and says what is wrong itself (it asks the
        // API, which answers the same 404).
        Err(ApiError::NotFound(_)) => (StatusCode::NOT_FOUND, TABLE.to_string()),
        Err(e) => {
            tracing::warn!("table page {id:?}: no preview: {e}");
            (StatusCode::OK, TABLE.to_string())
        }
    };
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}

/// "White to move. Chess on 3×3 with …": where the game stands, and what
/// the game is.
fn describe(status: &[String], kind: &str) -> String {
    let about = crate::pages::ABOUT
        .iter()
        .find(|(id, _)| *id == kind)
        .map(|(_, about)| *about);
    let mut parts: Vec<String> = Vec::new();
    if !status.is_empty() {
        // A sentence: some games' lines start in lower case ("round 2 of 10").
        let stands = status.join(" · ");
        let mut letters = stands.chars();
        let sentence: String = match letters.next() {
            Some(first) => first.to_uppercase().chain(letters).collect(),
            None => stands,
        };
        parts.push(format!("{sentence}."));
    }
    parts.extend(about.map(str::to_string));
    parts.join(" ")
}

/// The table page with `preview`'s head. `public` is the server's public
/// URL: the link and the picture need absolute addresses, so without one
/// the head has neither.
fn page(preview: &Preview, id: &str, public: Option<&str>) -> String {
    let mut head = format!(
        "<title>{} · Arbiter</title>",
        crate::pictures::xml(&preview.title)
    );
    let mut meta = |attribute: &str, name: &str, content: &str| {
        head.push_str(&format!(
            "\n<meta {attribute}=\"{name}\" content=\"{}\">",
            crate::pictures::xml(content)
        ));
    };
    meta("name", "description", &preview.description);
    meta("property", "og:site_name", "Arbiter");
    meta("property", "og:type", "website");
    meta("property", "og:title", &preview.title);
    meta("property", "og:description", &preview.description);
    if let Some(base) = public {
        // A game's id is a token of hex digits: nothing in it needs encoding.
        meta("property", "og:url", &format!("{base}/table/{id}"));
        let picture = format!("{base}/api/games/{id}/board.png?ply={}", preview.shown);
        meta("property", "og:image", &picture);
        meta("property", "og:image:type", "image/png");
        meta("property", "og:image:alt", &preview.board);
        meta("name", "twitter:card", "summary_large_image");
        meta("name", "twitter:image", &picture);
    } else {
        meta("name", "twitter:card", "summary");
    }
    meta("name", "twitter:title", &preview.title);
    meta("name", "twitter:description", &preview.description);
    TABLE.replacen(PLAIN_TITLE, &head, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preview() -> Preview {
        Preview {
            title: "Knight Court, table ab12".into(),
            description: "White to move".into(),
            board: "Knight Court board".into(),
            shown: 3,
        }
    }

    #[test]
    fn the_shipped_page_has_the_title_this_replaces() {
        assert_eq!(TABLE.matches(PLAIN_TITLE).count(), 1);
    }

    #[test]
    fn with_a_public_url_the_head_links_the_table_and_its_picture_of_now() {
        let html = page(&preview(), "ab12", Some("https://chess.example.org"));
        assert!(html.contains("<title>Knight Court, table ab12 · Arbiter</title>"));
        assert!(!html.contains(PLAIN_TITLE));
        for tag in [
            r#"<meta property="og:title" content="Knight Court, table ab12">"#,
            r#"<meta property="og:description" content="White to move">"#,
            r#"<meta property="og:url" content="https://chess.example.org/table/ab12">"#,
            r#"<meta property="og:image" content="https://chess.example.org/api/games/ab12/board.png?ply=3">"#,
            r#"<meta name="twitter:card" content="summary_large_image">"#,
        ] {
            assert!(html.contains(tag), "{tag} missing from the head");
        }
    }

    #[test]
    fn without_a_public_url_there_is_no_link_and_no_picture() {
        let html = page(&preview(), "ab12", None);
        assert!(html.contains(r#"<meta property="og:title" content="Knight Court, table ab12">"#));
        assert!(!html.contains("og:url"));
        assert!(!html.contains("og:image"));
        assert!(html.contains(r#"<meta name="twitter:card" content="summary">"#));
    }

    #[test]
    fn the_description_says_where_the_game_stands_then_what_it_is() {
        assert_eq!(
            describe(&["White to move".into()], "knight-court"),
            "White to move. Chess on 3×3 with a knight, a bishop and a rook each; \
             captured pieces come back as drops."
        );
        assert_eq!(
            describe(&["round 2 of 10".into(), "bids".into()], "nope"),
            "Round 2 of 10 · bids."
        );
    }

    #[test]
    fn text_is_escaped() {
        let mut p = preview();
        p.description = r#"<b>"Ann" & 'Bo'</b>"#.into();
        let html = page(&p, "ab12", None);
        assert!(html.contains("&lt;b&gt;&quot;Ann&quot; &amp; &#39;Bo&#39;&lt;/b&gt;"));
        assert!(!html.contains("<b>"));
    }
}
