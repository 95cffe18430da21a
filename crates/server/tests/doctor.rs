//! The database check behind `arbiter doctor`: the schema version, and
//! every stored game replayed twice from its log.

use arbiter_server::doctor;
use std::path::{Path, PathBuf};

/// A fresh copy of the fixture database (written by the server of
/// migration 0001; see tests/fixture.rs), as a sqlite URL.
fn fixture_copy(name: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("arbiter-doctor-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.db");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v1-games.db");
    std::fs::copy(data, &path).unwrap();
    let url = format!("sqlite://{}", path.display());
    (dir, url)
}

#[tokio::test]
async fn an_old_schema_is_reported_and_left_alone_unless_asked() {
    let (dir, url) = fixture_copy("old");
    let report = doctor::check(&url, false).await.unwrap();
    assert_eq!(report.schema, (1, 5));
    assert!(!report.ok());
    assert!(report.healthy.is_empty() && report.broken.is_empty());
    // Nothing was changed: a second look finds the same old version.
    assert_eq!(doctor::check(&url, false).await.unwrap().schema, (1, 5));
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn every_fixture_game_replays_after_the_migration() {
    let (dir, url) = fixture_copy("migrate");
    let report = doctor::check(&url, true).await.unwrap();
    assert!(report.migrated);
    assert_eq!(report.schema, (5, 5));
    assert!(report.broken.is_empty(), "{:?}", report.broken);
    // The fixture holds games of all five kinds, some of them finished.
    for kind in [
        "knight-court",
        "knight-moves",
        "progressive-chess",
        "tilechess",
        "knight-control",
    ] {
        assert!(
            report.healthy.iter().any(|l| l.contains(kind)),
            "{kind}: {:?}",
            report.healthy
        );
    }
    assert!(report.healthy.iter().any(|l| l.contains(", over, ")));
    assert!(report.ok());
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_tampered_log_is_reported_with_the_event_at_fault() {
    let (dir, url) = fixture_copy("tampered");
    doctor::check(&url, true).await.unwrap();
    // Rewrite one Knight Court move into one the rules refuse.
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let (game, seq): (String, i64) = sqlx::query_as(
        "SELECT e.game_id, MIN(e.seq) FROM events e JOIN games g ON g.id = e.game_id \
         WHERE g.kind = 'knight-court' AND e.event LIKE '{\"type\":\"act\"%' GROUP BY e.game_id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    sqlx::query("UPDATE events SET event = $1 WHERE game_id = $2 AND seq = $3")
        .bind(r#"{"type":"act","seat":0,"action":"a1a1"}"#)
        .bind(&game)
        .bind(seq)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let report = doctor::check(&url, false).await.unwrap();
    assert!(!report.ok());
    assert_eq!(report.broken.len(), 1, "{:?}", report.broken);
    let line = &report.broken[0];
    assert!(line.starts_with(&game), "{line}");
    assert!(line.contains(&format!("event {seq}")), "{line}");
    let _ = std::fs::remove_dir_all(dir);
}
