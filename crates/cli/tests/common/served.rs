//! A server started by a test, spoken to over plain HTTP/1.1: games
//! created, played and ended through its API, for the tests of the
//! commands that read what it stores.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Child;

/// One HTTP/1.1 request; the status and the body.
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

pub struct Server {
    child: Child,
    pub addr: String,
    pub db: String,
    pub dir: std::path::PathBuf,
}

impl Server {
    pub fn start(name: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = format!("sqlite://{}", dir.join("games.db").display());
        let (child, addr) = super::serve(&db);
        Server {
            child,
            addr,
            db,
            dir,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The string value of `key`'s first occurrence in `json`.
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let at = json.find(&format!("\"{key}\":\"")).unwrap() + key.len() + 4;
    &json[at..at + json[at..].find('"').unwrap()]
}

/// A new table's id, host token and seat tokens.
pub struct Created {
    pub id: String,
    pub host: String,
    pub seats: Vec<String>,
}

pub fn create(addr: &str, body: &str) -> Created {
    let (status, created) = http(addr, "POST", "/api/games", None, body);
    assert_eq!(status, 200, "{created}");
    Created {
        id: field(&created, "id").to_string(),
        host: field(&created, "token").to_string(),
        seats: created
            .split("\"seat\":")
            .skip(1)
            .map(|s| field(s, "token").to_string())
            .collect(),
    }
}

/// The host ends the game: its seed is revealed, so its records replay.
pub fn end(addr: &str, id: &str, host: &str) {
    let (status, answer) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/host"),
        Some(host),
        r#"{"command":"end"}"#,
    );
    assert_eq!(status, 200, "{answer}");
}

/// A Knight Court game played on `server` (c1c3, R@a2) and ended by its
/// host, so that its seed is revealed: its id and its text record.
pub fn a_short_game(server: &Server) -> (String, String) {
    let a = &server.addr;
    let Created { id, host, seats } = create(a, r#"{"game":"knight-court","seats":2}"#);
    for (seat, mv) in [(0, "c1c3"), (1, "R@a2")] {
        let body = format!(r#"{{"action":"{mv}"}}"#);
        let (status, answer) = http(
            a,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&seats[seat]),
            &body,
        );
        assert_eq!(status, 200, "{answer}");
    }
    end(a, &id, &host);
    let text = record_text(a, &id, None);
    (id, text)
}

/// The text record of game `id` as the holder of `token` (a spectator
/// without one) downloads it.
pub fn record_text(addr: &str, id: &str, token: Option<&str>) -> String {
    let path = format!("/api/games/{id}/record?format=text");
    let (status, text) = http(addr, "GET", &path, token, "");
    assert_eq!(status, 200, "{text}");
    text
}
