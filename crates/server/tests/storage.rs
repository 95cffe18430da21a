//! The store behind both backends: every test here runs on a fresh SQLite
//! file and, when `ARBITER_TEST_POSTGRES` names a server (run the tests
//! under `scripts/with-postgres`), on a fresh PostgreSQL database too.

mod common;

use arbiter_server::host::{Event, Logged};
use arbiter_server::storage::GameRecord;
use arbiter_server::Store;
use axum::http::StatusCode;
use common::*;
use serde_json::json;

fn record(id: &str) -> GameRecord {
    stored_game(id, vec![[1; 32], [2; 32], [255; 32]], 1_795_986_010_445)
}

fn event(seq: i64, event: Event) -> Logged {
    Logged {
        seq,
        at_ms: 1_795_986_010_445 + seq * 1000,
        event,
    }
}

#[tokio::test]
async fn games_and_their_logs_read_back_exactly() {
    for (url, _db) in backends("store").await {
        let store = Store::open(&url).await.unwrap();
        assert_eq!(store.game("g1").await.unwrap().map(|g| g.id), None);
        store.insert_game(&record("g1")).await.unwrap();
        store.insert_game(&record("g2")).await.unwrap();
        let back = store.game("g1").await.unwrap().unwrap();
        let want = record("g1");
        assert_eq!(
            (back.kind, back.config, back.seed, back.commitment),
            (want.kind, want.config, want.seed, want.commitment),
            "{url}"
        );
        assert_eq!(back.host_hash, [7; 32]);
        assert_eq!(back.seat_hashes, vec![[1; 32], [2; 32], [255; 32]]);
        assert_eq!(back.created_ms, 1_795_986_010_445);
        // Written out of order, read back in log order; other games apart.
        let log = [
            event(
                0,
                Event::Act {
                    seat: 0,
                    action: "c1c3".into(),
                    timeout: false,
                },
            ),
            event(1, Event::Pause),
            event(
                2,
                Event::Act {
                    seat: 1,
                    action: "b8c6 +a1=Q".into(),
                    timeout: true,
                },
            ),
        ];
        for e in [&log[1], &log[0], &log[2]] {
            store.append("g1", e).await.unwrap();
        }
        store.append("g2", &event(0, Event::End)).await.unwrap();
        assert_eq!(store.events("g1").await.unwrap(), log.to_vec(), "{url}");
        assert_eq!(store.events("g3").await.unwrap(), vec![]);
        // The log is append-only: a second event at a taken place is refused
        // and the first stays.
        assert!(store.append("g1", &event(1, Event::Resume)).await.is_err());
        assert!(store.insert_game(&record("g1")).await.is_err());
        assert_eq!(store.events("g1").await.unwrap(), log.to_vec());
        // An event for a game that does not exist is refused.
        assert!(store.append("nope", &event(0, Event::End)).await.is_err());
        // Opening again runs no migration twice and keeps everything.
        drop(store);
        let store = Store::open(&url).await.unwrap();
        assert_eq!(store.events("g1").await.unwrap(), log.to_vec());
    }
}

/// An imported record is stored with its whole log at once: more entries
/// than one batch statement holds read back exactly, and a game that
/// cannot be stored (its id is taken) leaves nothing behind, not even the
/// first entries of its log.
#[tokio::test]
async fn a_game_and_its_whole_log_are_stored_at_once_or_not_at_all() {
    for (url, _db) in backends("whole").await {
        let store = Store::open(&url).await.unwrap();
        let log: Vec<Logged> = (0..1_201)
            .map(|seq| {
                let e = if seq % 2 == 0 {
                    Event::Pause
                } else {
                    Event::Resume
                };
                event(seq, e)
            })
            .collect();
        store
            .insert_game_with_log(&record("long"), &log)
            .await
            .unwrap();
        assert_eq!(store.events("long").await.unwrap(), log, "{url}");
        assert!(store.game("long").await.unwrap().is_some());

        store.insert_game(&record("taken")).await.unwrap();
        store.append("taken", &event(0, Event::End)).await.unwrap();
        let refused = store.insert_game_with_log(&record("taken"), &log).await;
        assert!(refused.is_err(), "{url}");
        assert_eq!(
            store.events("taken").await.unwrap(),
            vec![event(0, Event::End)],
            "{url}"
        );
        // A log that clashes with itself stores neither game nor log.
        let twice = [event(0, Event::Pause), event(0, Event::Resume)];
        assert!(store
            .insert_game_with_log(&record("clash"), &twice)
            .await
            .is_err());
        assert!(store.game("clash").await.unwrap().is_none(), "{url}");
        assert_eq!(store.events("clash").await.unwrap(), vec![]);
    }
}

#[tokio::test]
async fn unknown_database_urls_are_refused() {
    for url in ["mysql://x/y", "arbiter.db", ""] {
        let error = Store::open(url).await.unwrap_err().to_string();
        assert!(error.starts_with("unknown database URL"), "{url}: {error}");
    }
    // A file in a folder that is not there: said so, not as the server's
    // own failure.
    let url = "sqlite:///no/such/folder/arbiter.db";
    let error = Store::open(url).await.unwrap_err().to_string();
    assert!(
        error.starts_with("cannot open the SQLite database 'sqlite:///no/such/folder/arbiter.db'"),
        "{error}"
    );
}

/// A whole game on each backend: people play, bots finish a game, the host
/// pauses one; then a second server on the same database replays every log
/// to the same state.
#[tokio::test]
async fn a_full_game_flow_survives_a_restart_on_every_backend() {
    for (url, _db) in backends("flow").await {
        let (moves, bots, before_moves, before_bots, replay_before);
        {
            let app = app_on(&url).await;
            let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
            for (seat, mv) in [(0, "c8-b6"), (1, "e1-f3"), (0, "d8-b6"), (1, "d1-f1-f3")] {
                let (status, value) = act(&app, &g.id, &g.seats[seat], mv).await;
                assert_eq!(status, StatusCode::OK, "{url}: {value}");
            }
            host(&app, &g.id, &g.host, json!({"command": "pause"})).await;
            before_moves = state(&app, &g.id, Some(&g.seats[0])).await;
            let b = create(
                &app,
                json!({"game": "knight-court", "seats": 2,
                       "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]}),
            )
            .await;
            before_bots = wait_for(&app, &b.id, |s| s["status"] == "over").await;
            replay_before = get(&app, &format!("/api/games/{}/replay/3", b.id), None)
                .await
                .1;
            moves = g;
            bots = b;
        }
        let app = app_on(&url).await;
        let after = state(&app, &moves.id, Some(&moves.seats[0])).await;
        for key in ["view", "history", "version", "status", "legal"] {
            assert_eq!(after[key], before_moves[key], "{url}: {key}");
        }
        assert_eq!(after["status"], "paused");
        let after = state(&app, &bots.id, None).await;
        assert_eq!(after, before_bots, "{url}");
        let replay = get(&app, &format!("/api/games/{}/replay/3", bots.id), None)
            .await
            .1;
        assert_eq!(replay, replay_before);
        // Play goes on after the restart.
        host(&app, &moves.id, &moves.host, json!({"command": "resume"})).await;
        let legal = state(&app, &moves.id, Some(&moves.seats[0])).await["legal"][0]
            .as_str()
            .unwrap()
            .to_string();
        let (status, value) = act(&app, &moves.id, &moves.seats[0], &legal).await;
        assert_eq!(status, StatusCode::OK, "{url}: {value}");
    }
}
