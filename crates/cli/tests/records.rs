//! Game records through the real binaries: a game played on `arbiter
//! serve`, its record downloaded, then `arbiter replay`, `show --ply`,
//! `verify` (honest and tampered) and `export`.

mod common;
use common::served::{a_short_game, create, end, record_text, Created, Server};
use common::{arbiter, stdout};
use std::process::Output;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_served_game_replays_shows_verifies_and_exports() {
    let server = Server::start("records");
    let (id, text) = a_short_game(&server);
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
        let text = record_text(a, &id, token);
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
