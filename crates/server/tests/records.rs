//! Game records (docs/records.md): for each of the five games, play a
//! game, download its record, replay it and find the same final state and
//! outcome; the text record reads back to the same record; verification
//! accepts honest records and names the entry of a tampered one; an
//! import makes a finished read-only table.

mod common;

use arbiter_core::Seed;
use arbiter_server::host::record::{replay, verify, RecordError};
use arbiter_server::host::{full_record, Event};
use arbiter_server::records::{Entry, Record, Scope};
use arbiter_server::{router, AppState, Store};
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};

async fn app_and_store() -> (Router, Store) {
    let store = test_store().await;
    (router(AppState::new(store.clone(), settings())), store)
}

/// People in every seat play pseudo-random legal actions (picked by a
/// stream of their own, seeded by `seed`, apart from the game's); after
/// `cap` actions the host ends the game.
async fn play(app: &Router, g: &Created, cap: usize, seed: u64) {
    let mut rng = Seed::from_u64(seed).rng();
    let mut played = 0;
    'outer: while played < cap {
        let mut acted = false;
        for token in &g.seats {
            let s = state(app, &g.id, Some(token)).await;
            if s["status"] != "playing" {
                break 'outer;
            }
            let legal = s["legal"].as_array().unwrap();
            if legal.is_empty() {
                continue;
            }
            let action = legal[rng.below(legal.len())].as_str().unwrap().to_string();
            act_ok(app, &g.id, token, &action).await;
            played += 1;
            acted = true;
        }
        assert!(acted, "nobody could act: {}", state(app, &g.id, None).await);
    }
    if state(app, &g.id, None).await["status"] == "playing" {
        host_ok(app, g, json!({"command": "end"})).await;
    }
}

async fn download(app: &Router, id: &str, token: Option<&str>, format: &str) -> String {
    let uri = format!("/api/games/{id}/record?format={format}");
    let (status, _, bytes) = get_raw(app, &uri, token).await;
    let text = String::from_utf8(bytes).unwrap();
    assert_eq!(status, StatusCode::OK, "{text}");
    text
}

fn as_json(record: &Record) -> Value {
    serde_json::to_value(record).unwrap()
}

/// Downloads the record of `g` as `token` sees it in both formats, checks
/// they agree, replays it and compares the final view with the live one.
async fn round_trip(app: &Router, g: &Created, token: Option<&str>) -> Record {
    let record = Record::parse(&download(app, &g.id, token, "json").await).unwrap();
    let text = download(app, &g.id, token, "text").await;
    if std::env::var("SHOW_RECORD").is_ok() {
        eprintln!("{text}");
    }
    let from_text = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(as_json(&from_text), as_json(&record), "{text}");
    let live = state(app, &g.id, token).await;
    let seat = record.viewer.seat();
    let replayed = replay(&record, |_, _| {}).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(replayed.game.view(seat), live["view"], "{text}");
    assert_eq!(
        serde_json::to_value(replayed.game.outcome()).unwrap(),
        live["outcome"]
    );
    assert_eq!(replayed.status.name(), live["status"]);
    assert_eq!(record.seed.is_some(), !live["seed"].is_null());
    let verified = verify(&record).unwrap();
    assert_eq!(verified.checked, record.entries.len());
    record
}

/// The first entry that is a seat's action.
fn first_act(record: &Record) -> usize {
    record
        .entries
        .iter()
        .position(|e| matches!(e.event, Some(Event::Act { .. })))
        .expect("the game has an action")
}

/// Tampering is found, at the right entry.
fn refuses_tampering(record: &Record) {
    // A changed move: the first action becomes a later one's text (one
    // that differs from it: two seats may send the same text), which is
    // either refused or gives another position.
    let mut changed = record.clone();
    let i = first_act(&changed);
    let first = match &changed.entries[i].event {
        Some(Event::Act { action, .. }) => action.clone(),
        _ => unreachable!("first_act finds an action"),
    };
    let other = changed.entries[i + 1..]
        .iter()
        .find_map(|e| match &e.event {
            Some(Event::Act { action, .. }) if *action != first => Some(action.clone()),
            _ => None,
        })
        .unwrap_or_else(|| "nonsense".into());
    if let Some(Event::Act { action, .. }) = &mut changed.entries[i].event {
        *action = other;
    }
    let e = verify(&changed).unwrap_err();
    assert_eq!(e.entry, Some(i + 1), "{e}");
    // A changed seed no longer matches the commitment.
    let mut changed = record.clone();
    changed.seed = Some(arbiter_core::Seed::from_u64(99));
    let e = verify(&changed).unwrap_err();
    assert!(e.message.contains("commitment"), "{e}");
    // A changed result of the position after an entry.
    let mut changed = record.clone();
    let last = changed.entries.len() - 1;
    changed.entries[last].digest = Some("0000000000000000".into());
    let e = verify(&changed).unwrap_err();
    assert_eq!(e.entry, Some(last + 1), "{e}");
}

/// `POST /api/games/import` of `record` as text.
async fn import(app: &Router, record: &Record) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        "/api/games/import",
        None,
        Some(record.to_text()),
    )
    .await
}

/// Imports `record` and checks the new table shows the same end.
async fn imports(app: &Router, record: &Record, live: &Value) {
    let (status, body) = import(app, record).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["id"].as_str().unwrap();
    let s = state(app, id, None).await;
    assert_eq!(s["view"], live["view"]);
    assert_eq!(s["outcome"], live["outcome"]);
    assert!(["over", "ended"].contains(&s["status"].as_str().unwrap()));
    assert_eq!(
        s["history"].as_array().unwrap().len(),
        live["history"].as_array().unwrap().len()
    );
}

async fn duel(game: &str, options: Value, cap: usize) {
    let (app, _) = app_and_store().await;
    let g = create(&app, json!({"game": game, "seats": 2, "options": options})).await;
    play(&app, &g, cap, 7).await;
    let spectator = round_trip(&app, &g, None).await;
    for seat in &g.seats {
        round_trip(&app, &g, Some(seat)).await;
    }
    refuses_tampering(&spectator);
    imports(&app, &spectator, &state(&app, &g.id, None).await).await;
}

#[tokio::test]
async fn knight_court_records_round_trip() {
    duel("knight-court", json!({}), 40).await;
}

#[tokio::test]
async fn knight_moves_records_round_trip() {
    duel("knight-moves", json!({}), 30).await;
}

#[tokio::test]
async fn progressive_chess_records_round_trip() {
    duel("progressive-chess", json!({}), 12).await;
}

#[tokio::test]
async fn tilechess_records_round_trip() {
    duel(
        "tilechess",
        json!({"wide": 2, "high": 2, "turn_limit": 12}),
        40,
    )
    .await;
}

#[tokio::test]
async fn knight_control_records_keep_secrets_and_the_full_record_verifies_its_draws() {
    let (app, store) = app_and_store().await;
    let mut body = knight_control(2, 1);
    body["bots"] = bots(&[0, 1], 2);
    let g = create(&app, body).await;
    let live = wait_for(&app, &g.id, |s| s["status"] == "over").await;
    // A seat's record holds its own actions and only sealed words of the
    // other's; it replays up to the first sealed entry.
    let full = full_record(&store, &g.id).await.unwrap();
    for (k, token) in g.seats.iter().enumerate() {
        let text = download(&app, &g.id, Some(token), "text").await;
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.viewer, Scope::Seat(k));
        let acts = |mine: bool| -> Vec<String> {
            full.entries
                .iter()
                .filter_map(|e| match &e.event {
                    Some(Event::Act { seat, action, .. }) if (*seat == k) == mine => {
                        Some(action.clone())
                    }
                    _ => None,
                })
                .collect()
        };
        let own = acts(true);
        for action in acts(false) {
            if !own.contains(&action) {
                assert!(
                    !text.contains(&format!(": {action}\n")),
                    "{action} in\n{text}"
                );
            }
        }
        assert!(record.entries.iter().any(|e| e.sealed.is_some()), "{text}");
        let checked = verify(&record).unwrap();
        assert!(checked.sealed_at.is_some());
    }
    let spectator = Record::parse(&download(&app, &g.id, None, "json").await).unwrap();
    assert!(spectator
        .entries
        .iter()
        .all(|e| !matches!(e.event, Some(Event::Act { .. }))));
    // The operator's full record replays to the live game and verifies.
    let replayed = replay(&full, |_, _| {}).unwrap();
    assert_eq!(replayed.game.view(None), live["view"]);
    for (k, token) in g.seats.iter().enumerate() {
        assert_eq!(
            replayed.game.view(Some(k)),
            state(&app, &g.id, Some(token)).await["view"]
        );
    }
    assert_eq!(verify(&full).unwrap().checked, full.entries.len());
    assert_eq!(
        as_json(&Record::parse(&full.to_text()).unwrap()),
        as_json(&full)
    );
    refuses_tampering(&full);
    // A changed draw: another seed with its own commitment lays other
    // items, so the start is not the recorded one.
    let mut changed = full.clone();
    let other = arbiter_core::Seed::from_u64(5);
    changed.seed = Some(other);
    changed.commitment = other.commitment();
    let e = verify(&changed).unwrap_err();
    assert_eq!(e.entry, None, "{e}");
    assert!(e.message.contains("start"), "{e}");
    imports(&app, &full, &live).await;
}

#[tokio::test]
async fn bad_records_and_formats_are_refused_with_reasons() {
    let (app, _) = app_and_store().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let pgn = format!("/api/games/{}/record?format=pgn", g.id);
    let (status, body) = get(&app, &pgn, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("pgn"), "{body}");
    for (body, says) in [
        ("{}", "malformed record"),
        ("hello", "tag"),
        (r#"{"format":"x"}"#, "malformed"),
    ] {
        let (status, answer) =
            call(&app, "POST", "/api/games/import", None, Some(body.into())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(says), "{answer}");
    }
    // A record whose move was changed is not imported, and says where.
    let text = download(&app, &g.id, None, "text").await;
    assert!(text.contains("[Result \"*\"]"), "{text}");
    act_ok(&app, &g.id, &g.seats[0], "c1c3").await;
    let text = download(&app, &g.id, None, "text").await;
    let tampered = text.replace("seat 1: c1c3", "seat 1: c1b3");
    assert_ne!(tampered, text);
    let (status, answer) = call(&app, "POST", "/api/games/import", None, Some(tampered)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("entry 1"),
        "{answer}"
    );
}

/// Progressive Chess with its clocks: every entry carries each seat's
/// reserve after it, in JSON and in the text (`{clock 4:30.000 5:00.000}`),
/// reads back, and a changed clock time is a tampered record.
#[tokio::test]
async fn progressive_chess_records_carry_the_clock_times() {
    let clock = arbiter_server::Clock::stopped();
    let settings = arbiter_server::Settings {
        clock: clock.clone(),
        ..settings()
    };
    let store = test_store().await;
    let app = router(AppState::new(store, settings));
    // 120 s a step and a 300 s reserve.
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2, "options": {"clock": true}}),
    )
    .await;
    // White's first turn is untimed; Black's step starts with it.
    play_first(&app, &g.id, &g.seats[0]).await;
    // Black thinks 150 s over its 120 s step: 30 s of its reserve.
    clock.advance(150_000);
    let reply = play_first(&app, &g.id, &g.seats[1]).await;
    host_ok(&app, &g, json!({"command": "end"})).await;

    let record = round_trip(&app, &g, None).await;
    let text = download(&app, &g.id, None, "text").await;
    let acts: Vec<&arbiter_server::records::Entry> = record
        .entries
        .iter()
        .filter(|e| matches!(e.event, Some(Event::Act { .. })))
        .collect();
    // By hand, from the entries' own times: untouched after White's move;
    // then Black's reserve less what its step took beyond 120 s (150 s on
    // the test clock, plus the few ms the requests took).
    assert_eq!(acts[0].clocks, Some(vec![300_000, 300_000]), "{text}");
    let over = acts[1].at_ms - acts[0].at_ms - 120_000;
    assert!(over >= 30_000, "{over}");
    let black = 300_000 - over;
    assert_eq!(acts[1].clocks, Some(vec![300_000, black]), "{text}");
    let words = format!(
        "{}:{:02}.{:03}",
        black / 60_000,
        black / 1000 % 60,
        black % 1000
    );
    assert!(
        text.contains(&format!("seat 2: {reply} {{clock 5:00.000 {words}}}")),
        "{text}"
    );
    // A changed clock time is found at its entry.
    let mut changed = record.clone();
    let i = changed
        .entries
        .iter()
        .position(|e| e.clocks.is_some())
        .unwrap();
    changed.entries[i].clocks = Some(vec![300_000, 299_000]);
    let e = verify(&changed).unwrap_err();
    assert_eq!(e.entry, Some(i + 1), "{e}");
    assert!(e.message.contains("clock"), "{e}");
    // A game without clocks writes none.
    let plain = create(&app, json!({"game": "progressive-chess", "seats": 2})).await;
    let text = download(&app, &plain.id, None, "text").await;
    assert!(!text.contains("{clock"), "{text}");
}

/// Who the host muted is shown to the host only (a muted seat learns it
/// was muted): so a seat's record holds only its own mutes, a spectator's
/// none, and the operator's full record all of them. Closing the
/// spectators' channel is public and in every record.
#[tokio::test]
async fn records_show_mutes_only_to_whom_the_snapshot_shows_them() {
    let (app, store) = app_and_store().await;
    let g = create(&app, json!({ "game": "knight-control", "seats": 3 })).await;
    let uri = format!("/api/games/{}/mute", g.id);
    for body in [
        json!({"seat": 1}),
        json!({"spectator": "Zoe"}),
        json!({"spectators": true}),
    ] {
        let (st, v) = post(&app, &uri, Some(&g.host), body).await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let events = |record: &Record| -> Vec<Value> {
        record
            .entries
            .iter()
            .filter_map(|e| e.event.as_ref())
            .map(|e| serde_json::to_value(e).unwrap())
            .collect()
    };
    let seat_1 = json!({"type": "mute", "who": {"seat": 1}, "muted": true});
    let zoe = json!({"type": "mute", "who": {"spectator": "Zoe"}, "muted": true});
    let closed = json!({"type": "mute_spectators", "muted": true});
    let record_of = |token: Option<String>| {
        let app = app.clone();
        let id = g.id.clone();
        async move { Record::parse(&download(&app, &id, token.as_deref(), "json").await).unwrap() }
    };
    let cases = [
        (Some(g.seats[0].clone()), vec![closed.clone()]),
        (
            Some(g.seats[1].clone()),
            vec![seat_1.clone(), closed.clone()],
        ),
        (None, vec![closed.clone()]),
        (Some(g.host.clone()), vec![closed.clone()]),
    ];
    for (token, want) in cases {
        assert_eq!(events(&record_of(token.clone()).await), want, "{token:?}");
    }
    let full = full_record(&store, &g.id).await.unwrap();
    assert_eq!(events(&full), vec![seat_1, zoe, closed]);
}

/// A record's times and extensions are read from outside: an extension no
/// host could have asked for (none, backwards, or past a week), or a time
/// the server's clock cannot show (before 1970, after the year 9999), is
/// refused at its entry with its reason, on replay and on import. (An
/// extension of `i64::MAX` ms once overflowed the deadline's arithmetic.)
#[tokio::test]
async fn extensions_and_times_out_of_range_are_refused_at_their_entry() {
    let (app, store) = app_and_store().await;
    let mut body = knight_control(2, 1);
    body["bots"] = bots(&[0, 1], 2);
    let g = create(&app, body).await;
    wait_for(&app, &g.id, |s| s["status"] == "over").await;
    let full = full_record(&store, &g.id).await.unwrap();
    let first = full.entries[0].clone();
    let week_ms = 7 * 24 * 3600 * 1000;
    let extension = "an extension is 1 to 604800000 ms (a week)";
    let cases = [
        (
            "extend i64::MAX",
            vec![extend(&first, i64::MAX)],
            1,
            extension,
        ),
        (
            "extend past a week",
            vec![extend(&first, week_ms + 1)],
            1,
            extension,
        ),
        ("extend by nothing", vec![extend(&first, 0)], 1, extension),
        (
            "extend backwards",
            vec![extend(&first, -5_000)],
            1,
            extension,
        ),
        (
            "an entry at the end of time",
            vec![at(&first, i64::MAX, first.event.clone().unwrap())],
            1,
            "is not a time the server writes",
        ),
        (
            "a resume at the end of time",
            vec![at(&first, i64::MAX, Event::Resume)],
            1,
            "is not a time the server writes",
        ),
    ];
    for (label, entries, wrong, said) in cases {
        let mut changed = full.clone();
        changed.entries.splice(0..0, entries);
        let (e, _) = refused_by_replay_and_import(&app, &changed, label).await;
        assert_eq!(e.entry, Some(wrong), "{label}: {e}");
        assert!(e.message.contains(said), "{label}: {e}");
    }
    // A creation time before 1970: the whole record is refused.
    let mut changed = full.clone();
    changed.created_ms = -1;
    let Err(e) = replay(&changed, |_, _| {}) else {
        panic!("a record made before 1970 replayed");
    };
    assert_eq!(e.entry, None, "{e}");
    assert!(e.message.contains("creation time -1 is not a time"), "{e}");
    // A configuration out of the lobby's bounds: refused by replay (and so
    // by `arbiter verify`) as by the import, before anything is counted
    // from it (a deadline of i64::MAX / 1000 seconds once overflowed).
    for (deadline, claim, level, said) in [
        (
            Some(9_223_372_036_854_775),
            None,
            1,
            "deadline_secs is not 1 to 604800",
        ),
        (Some(u64::MAX), None, 1, "deadline_secs is not 1 to 604800"),
        (Some(0), None, 1, "deadline_secs is not 1 to 604800"),
        (None, Some(86_401), 1, "claim_hold_secs is over 24 hours"),
        (None, None, 9, "the bot levels are 1 to 5, not 9"),
    ] {
        let mut changed = full.clone();
        changed.config.deadline_secs = deadline;
        changed.config.claim_hold_secs = claim;
        changed.config.bots[0] = Some(level);
        let (e, answer) = refused_by_replay_and_import(&app, &changed, said).await;
        assert_eq!(e.entry, None, "{e}");
        assert!(e.message.contains(said), "{said}: {e}");
        assert!(answer.to_string().contains(said), "{said}: {answer}");
    }
}

/// Replays `record` and imports it as text: both must refuse it. Gives
/// the replay's error and the import's answer.
async fn refused_by_replay_and_import(
    app: &Router,
    record: &Record,
    label: &str,
) -> (RecordError, Value) {
    let Err(e) = replay(record, |_, _| {}) else {
        panic!("{label}: replayed");
    };
    let (status, answer) = import(app, record).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{label}: {answer}");
    (e, answer)
}

fn at(template: &Entry, at_ms: i64, event: Event) -> Entry {
    let mut entry = template.clone();
    entry.at_ms = at_ms;
    entry.event = Some(event);
    entry.sealed = None;
    entry
}

fn extend(template: &Entry, ms: i64) -> Entry {
    at(template, template.at_ms, Event::Extend { ms })
}
