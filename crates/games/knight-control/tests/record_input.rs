//! Records and layouts that are refused in plain words rather than half
//! read, and item lists in any order.

use arbiter_core::Seed;
use arbiter_knight_control::record::Record;
use arbiter_knight_control::{standard_file, Layout, LayoutFile, Rules};

/// A record of a fresh two-player game whose items are `items` (JSON).
fn record_with_items(items: serde_json::Value) -> serde_json::Value {
    let layout = LayoutFile {
        items: Some(Vec::new()),
        ..standard_file()
    };
    let record = Record::new(2, Rules::default(), layout, Seed::from_u64(4)).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    json["items"] = items;
    json
}

fn replay(json: &serde_json::Value) -> Result<(), String> {
    Record::from_json(&json.to_string())?.replay().map(|_| ())
}

#[test]
fn explicit_items_may_be_listed_in_any_order() {
    let items = serde_json::json!([
        { "cell": "h8", "item": "garnet" },
        { "cell": "c3", "item": "chips 2" },
    ]);
    let json = record_with_items(items);
    replay(&json).unwrap();
    let game = Record::from_json(&json.to_string())
        .unwrap()
        .start()
        .unwrap();
    let layout = game.layout();
    let c3 = layout.cell("c3".parse().unwrap()).unwrap();
    assert_eq!(
        game.state().items[c3 as usize].map(|i| i.to_string()),
        Some("chips 2".into())
    );
}

#[test]
fn a_setup_record_with_top_level_items_is_refused() {
    let mut json = record_with_items(serde_json::json!([]));
    json["setup"] = serde_json::json!({
        "round": 3,
        "players": [
            { "zone": "A", "chips": 3, "garnets": 0, "chips_gained": 0, "tol_pieces": 0 },
            { "zone": "B", "chips": 3, "garnets": 0, "chips_gained": 0, "tol_pieces": 0 },
        ],
        "knights": [],
        "items": [ { "cell": "c3", "item": "garnet" } ],
    });
    replay(&json).unwrap();
    let mut with_items = json.clone();
    with_items["items"] = serde_json::json!([{ "cell": "h8", "item": "garnet" }]);
    let err = replay(&with_items).unwrap_err();
    assert!(
        err.contains("must not also carry top-level 'items'"),
        "{err}"
    );
    let mut from_seed = json.clone();
    from_seed["items_from_seed"] = serde_json::json!(true);
    let err = replay(&from_seed).unwrap_err();
    assert!(err.contains("items_from_seed"), "{err}");
}

#[test]
fn a_layout_without_zones_is_refused_in_plain_words() {
    for text in [
        r#"{"files": 15, "ranks": 15, "zones": []}"#,
        r#"{"files": 15, "ranks": 15}"#,
    ] {
        let err = Layout::from_json(text).unwrap_err();
        assert!(err.contains("no spawning zones"), "{text}: {err}");
    }
}
