//! Game records through the real binaries: a game played on `arbiter
//! serve`, its record downloaded, then `arbiter replay`, `show --ply`,
//! `verify` (honest and tampered) and `export`.

mod common;
use common::{arbiter, stdout};

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Output};

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// One HTTP/1.1 request; the status and the body.
fn http(addr: &str, method: &str, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
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

struct Server {
    child: Child,
    addr: String,
    db: String,
    dir: std::path::PathBuf,
}

impl Server {
    fn start(name: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = format!("sqlite://{}", dir.join("games.db").display());
        let (child, addr) = common::serve(&db);
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

fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let at = json.find(&format!("\"{key}\":\"")).unwrap() + key.len() + 4;
    &json[at..at + json[at..].find('"').unwrap()]
}

/// A new table's id, host token and seat tokens.
struct Created {
    id: String,
    host: String,
    seats: Vec<String>,
}

fn create(addr: &str, body: &str) -> Created {
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
fn end(addr: &str, id: &str, host: &str) {
    let (status, answer) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/host"),
        Some(host),
        r#"{"command":"end"}"#,
    );
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn a_served_game_replays_shows_verifies_and_exports() {
    let server = Server::start("records");
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
    let (status, text) = http(
        a,
        "GET",
        &format!("/api/games/{id}/record?format=text"),
        None,
        "",
    );
    assert_eq!(status, 200, "{text}");
    let file = server.dir.join("game.txt");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();

    let out = arbiter(&["replay", "knight-court", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("seat 2: R@a2"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("the game is ended"),
        "{}",
        stdout(&out)
    );
    // The picture after entry 1 is the one the move list draws.
    let at_one = arbiter(&["show", "knight-court", path, "--ply", "1"]);
    assert!(at_one.status.success(), "{}", stderr(&at_one));
    let by_moves = arbiter(&["show", "knight-court", "c1c3"]);
    assert_eq!(stdout(&at_one).trim_end(), stdout(&by_moves).trim_end());

    let out = arbiter(&["verify", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("the seed matches the commitment"));
    // A changed move: exit 1, naming the entry.
    let tampered = server.dir.join("tampered.txt");
    std::fs::write(&tampered, text.replace("seat 2: R@a2", "seat 2: R@z9")).unwrap();
    let out = arbiter(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("entry 2"), "{}", stderr(&out));
    // A changed seed: exit 1, the commitment.
    let seed_line = text.lines().find(|l| l.starts_with("[Seed ")).unwrap();
    let other = format!("[Seed \"{}\"]", "ab".repeat(32));
    std::fs::write(&tampered, text.replace(seed_line, &other)).unwrap();
    let out = arbiter(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("commitment"), "{}", stderr(&out));
    // Another game's name is refused.
    let out = arbiter(&["replay", "tilechess", path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Knight Court"), "{}", stderr(&out));

    // Pictures from a move list and from the record, as PNG and SVG.
    let png = server.dir.join("board.png");
    let out = arbiter(&[
        "render",
        "knight-court",
        "c1c3",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let svg = server.dir.join("board.svg");
    let out = arbiter(&[
        "render",
        "knight-court",
        path,
        "--ply",
        "2",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.contains("after 2 of 3 entries") && picture.contains("R@a2"),
        "{picture}"
    );
    let out = arbiter(&["render", "knight-court", "--out", "board.gif"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(".png or .svg"), "{}", stderr(&out));

    let out = arbiter(&["export", &id, "--db", &server.db, "--format", "text"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("[Viewer \"full\"]"));
    std::fs::write(&file, stdout(&out)).unwrap();
    let out = arbiter(&["verify", path]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// `arbiter render` of a seat's record draws the board as that seat saw
/// it, its own secrets included; a spectator's record draws none.
#[test]
fn a_seats_record_renders_what_that_seat_saw() {
    let server = Server::start("render-seat");
    let a = &server.addr;
    let Created { id, host, seats } = create(
        a,
        r#"{"game":"knight-control","seats":2,"options":{"rules":{"rounds":1}}}"#,
    );
    // Ended at once, so that every record carries the seed.
    end(a, &id, &host);
    let render = |token: Option<&str>, name: &str| -> String {
        let (status, text) = http(
            a,
            "GET",
            &format!("/api/games/{id}/record?format=text"),
            token,
            "",
        );
        assert_eq!(status, 200, "{text}");
        let record = server.dir.join(format!("{name}.txt"));
        std::fs::write(&record, &text).unwrap();
        let svg = server.dir.join(format!("{name}.svg"));
        let out = arbiter(&[
            "render",
            "knight-control",
            record.to_str().unwrap(),
            "--ply",
            "0",
            "--out",
            svg.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        std::fs::read_to_string(&svg).unwrap()
    };
    let second = render(Some(&seats[1]), "seat-2");
    assert!(
        second.contains("P2 (only you see this)") && !second.contains("P1 (only you see this)"),
        "{second}"
    );
    let spectator = render(None, "spectator");
    assert!(!spectator.contains("only you see this"), "{spectator}");
}
