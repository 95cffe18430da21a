//! A database written by an older server still opens and replays to the
//! same views.
//!
//! `tests/data/v1-games.db` was written by the server as of commit
//! af4f144 (the string-kind event log of migration 0001), by the ignored
//! test [`write_fixture`] below: games of every kind played through the
//! HTTP API with moves, a pause and resume, an extension, a bot handover,
//! a deadline played by the level-1 bot, claims, a Knight Control round
//! with a trade, a communal grant and a step closed by its deadline, and a
//! Progressive Chess clocked game lost on time. `tests/data/v1-views.json`
//! holds what that server then showed every viewer (host, each seat,
//! spectator) after a restart: the state and the replay at every entry of
//! the viewer's history. The test opens a copy of the file with today's
//! server (which migrates it) and compares everything, byte for byte as
//! JSON.

mod common;

use arbiter_server::{router, AppState, Clock, Settings, Store};
use axum::Router;
use common::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn history_len(s: &Value) -> usize {
    s["history"].as_array().map_or(0, Vec::len)
}

/// The host pauses game `g`, the clock moves on `ms`, the host resumes.
async fn pause_for(app: &Router, g: &Created, clock: &Clock, ms: i64) {
    host_ok(app, g, json!({"command": "pause"})).await;
    clock.advance(ms);
    host_ok(app, g, json!({"command": "resume"})).await;
}

/// Writes `tests/data/v1-games.db` and `tests/data/v1-views.json` with the
/// code of the commit named above. Never run against a newer server: the
/// file must stay what the old one wrote.
#[tokio::test]
#[ignore = "writes the fixture; run only with the server whose database it records"]
async fn write_fixture() {
    let (url, path) = temp_db("fixture");
    let clock = Clock::stopped();
    let store = Store::open(&url).await.unwrap();
    let settings = Settings {
        clock: clock.clone(),
        ..settings()
    };
    let app = router(AppState::new(store, settings));
    let mut games = Vec::new();

    // Knight Court with a turn deadline: moves, pause and resume, an
    // extension, a seat handed to a bot and back; left paused.
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "deadline_secs": 600}),
    )
    .await;
    play_first(&app, &g.id, &g.seats[0]).await;
    pause_for(&app, &g, &clock, 5_000).await;
    host_ok(&app, &g, json!({"command": "extend", "seconds": 60})).await;
    host_ok(&app, &g, json!({"command": "bot", "seat": 1, "level": 1})).await;
    wait_for(&app, &g.id, |s| history_len(s) == 2).await;
    host_ok(&app, &g, json!({"command": "human", "seat": 1})).await;
    play_first(&app, &g.id, &g.seats[0]).await;
    play_first(&app, &g.id, &g.seats[1]).await;
    host_ok(&app, &g, json!({"command": "pause"})).await;
    games.push(g);

    // Knight Moves: a turn deadline passes and the level-1 bot plays it;
    // then the host ends the game.
    let g = create(
        &app,
        json!({"game": "knight-moves", "seats": 2, "deadline_secs": 30}),
    )
    .await;
    play_first(&app, &g.id, &g.seats[0]).await;
    play_first(&app, &g.id, &g.seats[1]).await;
    clock.advance(31_000);
    wait_for(&app, &g.id, |s| history_len(s) == 3).await;
    play_first(&app, &g.id, &g.seats[1]).await;
    host_ok(&app, &g, json!({"command": "end"})).await;
    games.push(g);

    // Tilechess: claims and joins bind links to seats as they act; a bot
    // joins too; left playing with no deadline.
    let g = create(
        &app,
        json!({"game": "tilechess", "seats": 3, "claim_hold_secs": 60,
               "options": {"wide": 3, "high": 3}}),
    )
    .await;
    let claim = |token: String, id: String| {
        let app = app.clone();
        async move {
            let uri = format!("/api/games/{id}/claim");
            let (status, v) = call(&app, "POST", &uri, Some(&token), None).await;
            assert!(status.is_success(), "{v}");
        }
    };
    let next = |s: &Value| s["to_act"][0].as_u64().expect("someone may act") as usize;
    claim(g.seats[1].clone(), g.id.clone()).await;
    play_first(&app, &g.id, &g.seats[1]).await;
    play_first(&app, &g.id, &g.seats[0]).await;
    let k = next(&state(&app, &g.id, None).await);
    claim(g.seats[k].clone(), g.id.clone()).await;
    play_first(&app, &g.id, &g.seats[k]).await;
    host_ok(&app, &g, json!({"command": "bot", "seat": 2, "level": 1})).await;
    wait_for(&app, &g.id, |s| history_len(s) >= 4).await;
    host_ok(&app, &g, json!({"command": "human", "seat": 2})).await;
    let k = next(&state(&app, &g.id, None).await);
    play_first(&app, &g.id, &g.seats[k]).await;
    let k = next(&state(&app, &g.id, None).await);
    claim(g.seats[k].clone(), g.id.clone()).await;
    games.push(g);

    // Knight Control, 3 seats, 2 rounds: bids, a trade, a communal grant,
    // each step by the first legal action, one step closed by its
    // deadline, an extension; left paused in round 2.
    let g = create(
        &app,
        json!({"game": "knight-control", "seats": 3, "options": {"rules": {"rounds": 2}}}),
    )
    .await;
    for (token, bid) in g.seats.iter().zip(["bid ABCDE", "bid DEFGH", "bid GHIJK"]) {
        act_ok(&app, &g.id, token, bid).await;
    }
    act_ok(&app, &g.id, &g.seats[0], "offer P2 2").await;
    act_ok(&app, &g.id, &g.seats[1], "accept P1").await;
    host_ok(
        &app,
        &g,
        json!({"command": "game", "action": "communal P1 P3"}),
    )
    .await;
    act_ok(&app, &g.id, &g.seats[0], "communal 1").await;
    act_ok(&app, &g.id, &g.seats[2], "communal 1").await;
    host_ok(&app, &g, json!({"command": "extend", "seconds": 30})).await;
    // Orders: two seats submit, the third lets the deadline close the step.
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["view"]["stage"], "orders", "{s}");
    play_first(&app, &g.id, &g.seats[0]).await;
    play_first(&app, &g.id, &g.seats[1]).await;
    clock.advance(331_000);
    let s = state(&app, &g.id, None).await;
    let last = s["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["action"], "deadline", "{s}");
    // The rest of round 1, by first legal actions, until round 2 bids.
    for _ in 0..40 {
        let s = state(&app, &g.id, None).await;
        if s["view"]["round"] == 2 || s["status"] != "playing" {
            break;
        }
        for k in 0..3 {
            let mine = state(&app, &g.id, Some(&g.seats[k])).await;
            if mine["legal"].as_array().is_some_and(|l| !l.is_empty())
                && mine["to_act"].as_array().unwrap().contains(&Value::from(k))
            {
                play_first(&app, &g.id, &g.seats[k]).await;
            }
        }
    }
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["view"]["round"], 2, "{s}");
    play_first(&app, &g.id, &g.seats[1]).await;
    host_ok(&app, &g, json!({"command": "pause"})).await;
    games.push(g);

    // Progressive Chess with step clocks: whole turns, a move step and its
    // upgrade step, pause and resume, an extension, then a flag fall.
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2,
               "options": {"clock": {"step_secs": 60, "reserve_secs": 120}}}),
    )
    .await;
    act_ok(&app, &g.id, &g.seats[0], "b1b2+b2=F").await;
    clock.advance(70_000);
    act_ok(&app, &g.id, &g.seats[1], "c7c6+?").await;
    clock.advance(3_000);
    act_ok(&app, &g.id, &g.seats[1], "c7c6").await;
    pause_for(&app, &g, &clock, 20_000).await;
    host_ok(&app, &g, json!({"command": "extend", "seconds": 15})).await;
    play_first(&app, &g.id, &g.seats[0]).await;
    clock.advance(400_000);
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["status"], "over", "{s}");
    games.push(g);

    // A Progressive Chess match without clocks, with the draw rules.
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2,
               "options": {"match": true, "draw_rules": true}}),
    )
    .await;
    for (seat, turn) in [(0, "d1d2"), (1, "d7d6"), (0, "d2d1")] {
        act_ok(&app, &g.id, &g.seats[seat], turn).await;
    }
    games.push(g);

    // Whatever is due by now is applied before the file is taken.
    for g in &games {
        state(&app, &g.id, None).await;
    }
    let now_ms = clock.now_ms();
    let db = data("v1-games.db");
    let _ = std::fs::remove_file(&db);
    let store = Store::open(&url).await.unwrap();
    let Store::Sqlite(pool) = &store else {
        unreachable!()
    };
    sqlx::query(&format!("VACUUM INTO '{}'", db.display()))
        .execute(pool)
        .await
        .unwrap();
    drop(app);
    remove_db(&path);

    // What that server shows after a restart on the file.
    let (views, logs) = views_of(&db, now_ms, &games).await;
    assert!(
        logs.iter().all(|(a, b)| a == b),
        "nothing may be due: {logs:?}"
    );
    let expected = json!({
        "now_ms": now_ms,
        "games": games.iter().zip(views).map(|(g, v)| json!({
            "id": g.id, "host": g.host, "seats": g.seats, "views": v,
        })).collect::<Vec<_>>(),
    });
    std::fs::write(
        data("v1-views.json"),
        serde_json::to_string(&expected).unwrap() + "\n",
    )
    .unwrap();
}

/// Opens a copy of `db` with the clock at `now_ms` and bots asleep, and
/// returns every viewer's state and replays for each game, and the number
/// of events each game's log held before and after (nothing may be due).
async fn views_of(db: &Path, now_ms: i64, games: &[Created]) -> (Vec<Value>, Vec<(usize, usize)>) {
    let (url, path) = temp_db("fixture-copy");
    std::fs::copy(db, &path).unwrap();
    let seen = views_at(&url, now_ms, games).await;
    remove_db(&path);
    seen
}

/// [`views_of`] on the database at `url`.
async fn views_at(url: &str, now_ms: i64, games: &[Created]) -> (Vec<Value>, Vec<(usize, usize)>) {
    let clock = Clock::stopped();
    clock.advance(now_ms - clock.now_ms());
    let store = Store::open(url).await.unwrap();
    let settings = Settings {
        clock,
        bot_delay: Duration::from_secs(3600),
        ..settings()
    };
    let app = router(AppState::new(store.clone(), settings));
    let mut out = Vec::new();
    let mut logs = Vec::new();
    for g in games {
        let before = store.events(&g.id).await.unwrap().len();
        let mut viewers: Vec<(String, Option<&str>)> =
            vec![("host".into(), Some(&g.host)), ("spectator".into(), None)];
        for (k, t) in g.seats.iter().enumerate() {
            viewers.push((format!("seat {k}"), Some(t)));
        }
        let mut views = serde_json::Map::new();
        for (name, token) in viewers {
            let mut now = state(&app, &g.id, token).await;
            // Newer than the fixture: what passed between the players. These
            // old games have none of it, and the rest must be as it was.
            if let Some(social) = now.as_object_mut().unwrap().remove("social") {
                assert_eq!(social["resigned"], json!([]), "{social}");
                assert_eq!(social["chat"], json!([]), "{social}");
                assert_eq!(social["draw_offer"], Value::Null, "{social}");
                assert_eq!(social["rematch"], Value::Null, "{social}");
            }
            let mut replays = Vec::new();
            for n in 0..=history_len(&now) {
                let uri = format!("/api/games/{}/replay/{n}", g.id);
                let (status, r) = get(&app, &uri, token).await;
                assert!(status.is_success(), "{r}");
                replays.push(r["view"].clone());
            }
            views.insert(name, json!({ "state": now, "replays": replays }));
        }
        out.push(Value::Object(views));
        logs.push((before, store.events(&g.id).await.unwrap().len()));
    }
    (out, logs)
}

/// The fixture's expected views, its games and the time they were seen at.
fn expected() -> (Value, Vec<Created>, i64) {
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(data("v1-views.json")).unwrap()).unwrap();
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let games = expected["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| Created {
            id: g["id"].as_str().unwrap().into(),
            host: g["host"].as_str().unwrap().into(),
            seats: strings(&g["seats"]),
        })
        .collect();
    let now_ms = expected["now_ms"].as_i64().unwrap();
    (expected, games, now_ms)
}

/// `value` without what was added to snapshots and replays after the
/// fixture was made and is drawn from the view that is compared: the board
/// description (`scene`) and Knight Control's public log in words (the
/// hints' `log`, from the view's `log`).
fn without_derived(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| k.as_str() != "scene")
                .map(|(k, v)| match (k.as_str(), v) {
                    ("hints", Value::Object(hints)) => {
                        let mut hints = hints.clone();
                        hints.remove("log");
                        (k.clone(), without_derived(&Value::Object(hints)))
                    }
                    _ => (k.clone(), without_derived(v)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_derived).collect()),
        other => other.clone(),
    }
}

fn same_views(expected: &Value, games: &[Created], seen: (Vec<Value>, Vec<(usize, usize)>)) {
    let (views, logs) = seen;
    let views: Vec<Value> = views.iter().map(without_derived).collect();
    for (g, got) in expected["games"].as_array().unwrap().iter().zip(&views) {
        for (viewer, want) in g["views"].as_object().unwrap() {
            assert_eq!(
                got[viewer]["state"], want["state"],
                "game {} ({}), {viewer}: state",
                g["id"], want["state"]["game"]
            );
            assert_eq!(
                got[viewer]["replays"], want["replays"],
                "game {} ({}), {viewer}: replays",
                g["id"], want["state"]["game"]
            );
        }
    }
    assert_eq!(views.len(), games.len());
    for (g, (before, after)) in games.iter().zip(logs) {
        assert_eq!(before, after, "game {}: opening it logged new events", g.id);
    }
}

#[tokio::test]
async fn a_database_from_the_first_event_log_replays_to_the_same_views() {
    let (expected, games, now_ms) = expected();
    let seen = views_of(&data("v1-games.db"), now_ms, &games).await;
    same_views(&expected, &games, seen);
}

/// The same games on PostgreSQL: a database at migration 0001 holding the
/// fixture's rows, opened by today's server, replays to the same views.
#[tokio::test]
async fn a_postgres_database_from_the_first_event_log_replays_to_the_same_views() {
    let Some(url) = postgres_db("fixture").await else {
        eprintln!("ARBITER_TEST_POSTGRES is unset; PostgreSQL skipped");
        return;
    };
    let (expected, games, now_ms) = expected();
    copy_v1_to_postgres(&url).await;
    let seen = views_at(&url, now_ms, &games).await;
    same_views(&expected, &games, seen);
}

/// Migrates the PostgreSQL database at `url` to 0001 only and copies the
/// fixture's rows into it, as the server of that time would have left them.
async fn copy_v1_to_postgres(url: &str) {
    use Column::*;
    let only_first = std::env::temp_dir().join(format!(
        "arbiter-test-migrations-{}-{}",
        std::process::id(),
        arbiter_server::host::now_ms()
    ));
    std::fs::create_dir_all(&only_first).unwrap();
    let first = "0001_games.sql";
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
    std::fs::copy(source.join(first), only_first.join(first)).unwrap();
    let pg = sqlx::PgPool::connect(url).await.unwrap();
    sqlx::migrate::Migrator::new(only_first.as_path())
        .await
        .unwrap()
        .run(&pg)
        .await
        .unwrap();
    std::fs::remove_dir_all(&only_first).unwrap();
    let lite = sqlx::SqlitePool::connect(&format!(
        "sqlite://{}?mode=ro",
        data("v1-games.db").display()
    ))
    .await
    .unwrap();
    let games = [
        ("id", Text),
        ("kind", Text),
        ("config", Text),
        ("seed", Text),
        ("commitment", Text),
        ("host_hash", Bytes),
        ("created_ms", Int),
    ];
    copy_rows(&lite, &pg, "games", &games).await;
    let seats = [("game_id", Text), ("seat", Int), ("token_hash", Bytes)];
    copy_rows(&lite, &pg, "seats", &seats).await;
    let events = [
        ("game_id", Text),
        ("seq", Int),
        ("at_ms", Int),
        ("kind", Text),
        ("seat", MaybeInt),
        ("body", Text),
    ];
    copy_rows(&lite, &pg, "events", &events).await;
    pg.close().await;
}

/// The type of a column of the fixture's tables, as it is read and bound.
#[derive(Clone, Copy)]
enum Column {
    Text,
    Int,
    MaybeInt,
    Bytes,
}

/// Copies every row of `table` from the SQLite fixture to PostgreSQL, the
/// `columns` named and typed.
async fn copy_rows(
    lite: &sqlx::SqlitePool,
    pg: &sqlx::PgPool,
    table: &str,
    columns: &[(&str, Column)],
) {
    use sqlx::Row;
    let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
    let places: Vec<String> = (1..=columns.len()).map(|k| format!("${k}")).collect();
    let insert = format!(
        "INSERT INTO {table} ({}) VALUES ({})",
        names.join(", "),
        places.join(", ")
    );
    let select = format!("SELECT * FROM {table}");
    for row in sqlx::query(&select).fetch_all(lite).await.unwrap() {
        let mut query = sqlx::query(&insert);
        for &(name, column) in columns {
            query = match column {
                Column::Text => query.bind(row.get::<String, _>(name)),
                Column::Int => query.bind(row.get::<i64, _>(name)),
                Column::MaybeInt => query.bind(row.get::<Option<i64>, _>(name)),
                Column::Bytes => query.bind(row.get::<Vec<u8>, _>(name)),
            };
        }
        query.execute(pg).await.unwrap();
    }
}
