//! The two shapes a message is posted in (docs/webhooks.md#payloads):
//! Discord's multipart body (`payload_json` and the board picture as a
//! file) and Slack's JSON blocks (the picture by its public URL: Slack's
//! incoming webhooks take no files).

use serde_json::json;

/// How a webhook's messages are shaped, chosen per URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Discord,
    Slack,
}

impl Style {
    pub fn name(self) -> &'static str {
        match self {
            Style::Discord => "discord",
            Style::Slack => "slack",
        }
    }

    pub fn parse(name: &str) -> Result<Style, String> {
        match name {
            "discord" => Ok(Style::Discord),
            "slack" => Ok(Style::Slack),
            _ => Err(format!(
                "a webhook's style is 'discord' or 'slack', not '{name}'"
            )),
        }
    }

    /// The style a chat service's own webhook host implies, if any.
    pub fn of_host(host: &str) -> Option<Style> {
        let under = |domain: &str| host == domain || host.ends_with(&format!(".{domain}"));
        if under("discord.com") || under("discordapp.com") {
            Some(Style::Discord)
        } else if under("hooks.slack.com") {
            Some(Style::Slack)
        } else {
            None
        }
    }
}

/// One message about a game, every part of it public.
#[derive(Clone, Debug)]
pub struct Message {
    /// A line naming the game and the table ("Knight Moves, table ab12").
    pub title: String,
    /// What happened, in a few short lines.
    pub text: String,
    /// The table's address, when the server knows its public URL.
    pub link: Option<String>,
    /// The public board.png of this moment, when the server knows its
    /// public URL (Slack shows pictures only by address).
    pub image_url: Option<String>,
}

impl Message {
    /// A message about table `game_id`, with its link and the public
    /// picture after `ply` entries when the server knows its public URL.
    pub fn about(
        public_url: Option<&str>,
        game_id: &str,
        title: String,
        text: String,
        ply: usize,
    ) -> Message {
        Message {
            title,
            text,
            link: public_url.map(|b| format!("{b}/table/{game_id}")),
            image_url: public_url.map(|b| format!("{b}/api/games/{game_id}/board.png?ply={ply}")),
        }
    }
}

/// The file name the picture is attached under (Discord).
pub const PICTURE_NAME: &str = "board.png";
/// The multipart boundary: a fixed string that cannot occur in the parts
/// (JSON text escapes nothing into it, and it is checked against the PNG).
const BOUNDARY: &str = "arbiter-webhook-boundary-7f3a9c1e5b";

/// The body and its content type, in `style`'s shape. `png` is the board
/// picture (Discord attaches it).
pub fn body(style: Style, message: &Message, png: &[u8]) -> (String, Vec<u8>) {
    match style {
        Style::Discord => discord(message, png),
        Style::Slack => (
            "application/json".into(),
            slack(message).to_string().into_bytes(),
        ),
    }
}

/// Discord: `payload_json` with the text and an embed showing the
/// attached picture; mentions are switched off, so no move text can ping
/// anyone.
fn discord(message: &Message, png: &[u8]) -> (String, Vec<u8>) {
    let mut embed = json!({
        "title": message.title,
        "image": { "url": format!("attachment://{PICTURE_NAME}") },
    });
    if let Some(link) = &message.link {
        embed["url"] = json!(link);
    }
    // The link in angle brackets: Discord shows it as a link but makes no
    // card of it (the table's page has a preview of its own, which would
    // repeat the embed above).
    let mut content = message.text.clone();
    if let Some(link) = &message.link {
        content.push_str(&format!("\n<{link}>"));
    }
    let payload = json!({
        "content": content,
        "allowed_mentions": { "parse": [] },
        "embeds": [embed],
        "attachments": [{ "id": 0, "filename": PICTURE_NAME }],
    });
    let boundary = if png
        .windows(BOUNDARY.len())
        .any(|w| w == BOUNDARY.as_bytes())
    {
        // Practically impossible; a longer boundary then.
        format!("{BOUNDARY}-{}", png.len())
    } else {
        BOUNDARY.to_string()
    };
    let mut out = Vec::with_capacity(png.len() + 1024);
    out.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\
             Content-Type: application/json\r\n\r\n{payload}\r\n"
        )
        .as_bytes(),
    );
    out.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"files[0]\"; \
             filename=\"{PICTURE_NAME}\"\r\nContent-Type: image/png\r\n\r\n"
        )
        .as_bytes(),
    );
    out.extend_from_slice(png);
    out.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), out)
}

/// Escapes text for Slack's mrkdwn (its three control characters).
fn mrkdwn(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Slack: a plain `text` (for notifications) and blocks: the title and
/// text with the table's link, and the picture by its public address.
fn slack(message: &Message) -> serde_json::Value {
    let mut section = format!("*{}*\n{}", mrkdwn(&message.title), mrkdwn(&message.text));
    if let Some(link) = &message.link {
        section.push_str(&format!("\n<{}|Open the table>", mrkdwn(link)));
    }
    let mut blocks = vec![json!({
        "type": "section",
        "text": { "type": "mrkdwn", "text": section },
    })];
    if let Some(url) = &message.image_url {
        blocks.push(json!({
            "type": "image",
            "image_url": url,
            "alt_text": format!("the board: {}", message.title),
        }));
    }
    // No card of the link: the image block shows the board already.
    json!({
        "text": format!("{}: {}", message.title, message.text),
        "blocks": blocks,
        "unfurl_links": false,
        "unfurl_media": false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> Message {
        Message {
            title: "Knight Moves, table t1".into(),
            text: "P1 played <a> & b".into(),
            link: Some("https://arbiter.example/table/t1".into()),
            image_url: Some("https://arbiter.example/api/games/t1/board.png?ply=1".into()),
        }
    }

    #[test]
    fn styles_follow_the_chat_services_hosts() {
        assert_eq!(Style::of_host("discord.com"), Some(Style::Discord));
        assert_eq!(Style::of_host("ptb.discord.com"), Some(Style::Discord));
        assert_eq!(Style::of_host("hooks.slack.com"), Some(Style::Slack));
        assert_eq!(Style::of_host("notdiscord.com"), None);
        assert_eq!(Style::of_host("127.0.0.1"), None);
    }

    #[test]
    fn slack_text_is_escaped_and_the_picture_is_linked() {
        let (kind, body) = body(Style::Slack, &message(), b"png");
        assert_eq!(kind, "application/json");
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let section = v["blocks"][0]["text"]["text"].as_str().unwrap();
        assert!(section.contains("P1 played &lt;a&gt; &amp; b"), "{section}");
        assert!(section.ends_with("<https://arbiter.example/table/t1|Open the table>"));
        assert_eq!(
            v["blocks"][1]["image_url"],
            "https://arbiter.example/api/games/t1/board.png?ply=1"
        );
        // The table's link makes no second card.
        assert_eq!(
            (v["unfurl_links"].clone(), v["unfurl_media"].clone()),
            (false.into(), false.into())
        );
    }

    #[test]
    fn discord_attaches_the_picture_after_its_payload() {
        let (kind, body) = body(Style::Discord, &message(), b"\x89PNG-bytes");
        let boundary = kind.strip_prefix("multipart/form-data; boundary=").unwrap();
        let text = String::from_utf8_lossy(&body);
        assert_eq!(text.matches(&format!("--{boundary}\r\n")).count(), 2);
        assert!(text.ends_with(&format!("--{boundary}--\r\n")));
        assert!(text.contains("name=\"payload_json\""));
        assert!(text.contains(
            "filename=\"board.png\"\r\nContent-Type: image/png\r\n\r\n\u{fffd}PNG-bytes"
        ));
        assert!(text.contains(r#""allowed_mentions":{"parse":[]}"#));
        // The link makes no card of its own beside the embed.
        assert!(
            text.contains(r#"b\n<https://arbiter.example/table/t1>""#),
            "{text}"
        );
    }
}
