//! `arbiter serve` through the real binary: it creates a fresh database,
//! runs the migrations, serves the lobby page, and refuses a bad address.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;

#[test]
fn serve_creates_its_database_and_answers() {
    let dir = std::env::temp_dir().join(format!("arbiter-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("fresh.db");
    let (mut child, addr) = common::serve(&format!("sqlite://{}", db.display()));
    let mut stream = TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "GET /api/kinds HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("knight-court"));
    assert!(db.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_reports_an_unusable_address() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "serve",
            "--addr",
            "not-an-address",
            "--db",
            "sqlite::memory:",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not-an-address"));
}

/// `arbiter doctor` on a copy of the server's fixture database: an old
/// schema fails with advice; with `--migrate` every game replays.
#[test]
fn doctor_checks_a_database() {
    let dir = std::env::temp_dir().join(format!("arbiter-doctor-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../server/tests/data/v1-games.db"
    );
    std::fs::copy(fixture, &db).unwrap();
    let url = format!("sqlite://{}", db.display());
    let doctor = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["doctor", "--db", &url])
            .args(extra)
            .output()
            .unwrap()
    };
    let old = doctor(&[]);
    assert_eq!(old.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&old.stderr).contains("--migrate"));
    let fixed = doctor(&["--migrate"]);
    let out = String::from_utf8_lossy(&fixed.stdout);
    assert!(fixed.status.success(), "{out}");
    assert!(out.contains("replay cleanly, 0 do not"), "{out}");
    let again = doctor(&[]);
    assert!(again.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn doctor_refuses_a_database_that_is_not_there() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["doctor", "--db", "sqlite:///nonexistent-dir/none.db"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!std::path::Path::new("/nonexistent-dir/none.db").exists());
}
