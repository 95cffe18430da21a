//! A full 10-round game for six players, played into a record, written as
//! JSON, read back and replayed, through every end-of-game step: a gift, a
//! nullification (by the default at the deadline) and an EC vote.
//!
//! Expected values are worked out by hand (see the comments).

mod common;

use common::zone_letters;

use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_knight_control::record::{Entry, Record, Recorder};
use arbiter_knight_control::{Event, ItemPlacement, Rules, Stage};

const P1_PATH: [&str; 10] = [
    "b14", "c12", "d10", "e8", "f6", "g4", "h2", "i4", "j6", "k8",
];
const P2_PATH: [&str; 10] = [
    "n2", "m4", "n6", "m8", "n10", "m12", "l14", "k12", "j10", "i12",
];

fn layout() -> arbiter_knight_control::LayoutFile {
    let mut items: Vec<ItemPlacement> = P1_PATH
        .iter()
        .chain(P2_PATH.iter())
        .map(|c| ItemPlacement {
            cell: c.parse().unwrap(),
            item: "tol-piece".parse().unwrap(),
        })
        .collect();
    items.push(ItemPlacement {
        cell: "b4".parse().unwrap(),
        item: "chips 1".parse().unwrap(),
    });
    arbiter_knight_control::LayoutFile {
        items: Some(items),
        ..arbiter_knight_control::standard_file()
    }
}

/// Orders per round, P1..P6; `None` = never submitted (the deadline closes).
fn round_orders(r: usize) -> [Option<String>; 6] {
    let pass = || Some("orders pass".to_string());
    let mv = |from: &str, to: &str| Some(format!("orders move {from} {to}"));
    let p1 = if r == 0 {
        Some("orders spawn A3 1x2; move A3 b14".into())
    } else {
        mv(P1_PATH[r - 1], P1_PATH[r])
    };
    let p2 = if r == 0 {
        Some("orders spawn G3 1x2; move G3 n2".into())
    } else {
        mv(P2_PATH[r - 1], P2_PATH[r])
    };
    let p3 = if r == 0 {
        Some("orders spawn J3 1x2; move J3 b4".into())
    } else {
        pass()
    };
    let p4_path = ["D3", "n12", "m10", "l8", "m6", "n4"];
    let p4 = match r {
        0 => Some("orders spawn D3 1x2".into()),
        1..=5 => mv(p4_path[r - 1], p4_path[r]),
        _ => pass(),
    };
    let p5 = if r == 1 { None } else { pass() };
    let p6 = match r {
        0 => Some("orders spawn F1 1x2".into()),
        1 => mv("F1", "n4"),
        3 => None,
        _ => pass(),
    };
    [p1, p2, p3, p4, p5, p6]
}

fn play_game() -> Recorder {
    let record = Record::new(6, Rules::default(), layout(), Seed::from_u64(2026)).unwrap();
    let mut rec = Recorder::new(record).unwrap();
    for (s, bid) in ["ABCDE", "GHIJK", "JKABC", "DEFGH", "EFGHI", "FGHIJ"]
        .iter()
        .enumerate()
    {
        rec.act(Seat(s as u8), &format!("bid {bid}")).unwrap();
    }
    for r in 0..10 {
        assert_eq!(
            (rec.game.round(), rec.game.stage()),
            (r as u8 + 1, Stage::Orders)
        );
        if r == 2 {
            rec.grant_communal(Seat(0), Seat(1)).unwrap();
            rec.act(Seat(0), "communal 1").unwrap();
            rec.act(Seat(1), "communal 1").unwrap();
        }
        if r == 3 {
            rec.act(Seat(3), "offer P5 2").unwrap();
            rec.act(Seat(4), "accept P4").unwrap();
        }
        let orders = round_orders(r);
        for (s, o) in orders.iter().enumerate() {
            if let Some(o) = o {
                rec.act(Seat(s as u8), o)
                    .unwrap_or_else(|e| panic!("round {} P{}: {e}", r + 1, s + 1));
            }
        }
        if orders.iter().any(Option::is_none) {
            rec.close().unwrap();
        }
    }
    // The end-of-game step waits for everyone; P4 holds the garnet from its
    // capture and does not answer: no exchange.
    assert_eq!(rec.game.stage(), Stage::FinalExchange);
    assert_eq!(rec.game.pending().len(), 6);
    rec.close().unwrap();
    // Step 1 needs no decision (nobody has 20 pieces); step 2: P1 and P2 tie
    // on 2 chips gained and both hold a ToL already.
    assert_eq!(rec.game.stage(), Stage::ChipGifts);
    assert_eq!(rec.game.pending(), vec![Seat(0), Seat(1)]);
    rec.act(Seat(0), "gifts P3").unwrap();
    rec.close().unwrap(); // P2 does not answer: nullified by default
                          // Step 3: P4, P5, P6 have 0 chips gained and no ToL; P1 and P2 won theirs
                          // themselves and vote; P3's came as a gift.
    assert_eq!(rec.game.stage(), Stage::Vote);
    assert_eq!(rec.game.pending(), vec![Seat(0), Seat(1)]);
    let why = rec.act(Seat(0), "vote P3").unwrap_err();
    assert!(why.contains("not a candidate"), "{why}");
    rec.act(Seat(0), "vote P5").unwrap();
    rec.act(Seat(1), "vote abstain").unwrap();
    rec
}

const RECORD_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/six_players.json");

#[test]
fn the_record_file_is_this_script() {
    let rec = play_game();
    if std::env::var("KC_WRITE_RECORD").is_ok() {
        std::fs::write(RECORD_FILE, rec.record.to_json() + "\n").unwrap();
    }
    let record = Record::from_json(&std::fs::read_to_string(RECORD_FILE).unwrap()).unwrap();
    assert_eq!(record, rec.record);
}

#[test]
fn six_player_game_from_a_record() {
    let record = Record::from_json(&std::fs::read_to_string(RECORD_FILE).unwrap()).unwrap();
    let g = record.replay().unwrap();

    // Zones by first-choice bids.
    let letters = zone_letters(&g);
    assert_eq!(letters, vec!['A', 'G', 'J', 'D', 'E', 'F']);

    // Knights: P6's was captured by P4 on n4 in round 6.
    let mut knights: Vec<String> = g
        .state()
        .knights
        .iter()
        .map(|k| {
            format!(
                "{} P{} {}",
                g.layout().name(k.cell),
                k.owner.0 + 1,
                k.movement
            )
        })
        .collect();
    knights.sort();
    assert_eq!(
        knights,
        vec!["b4 P3 1x2", "i12 P2 1x2", "k8 P1 1x2", "n4 P4 1x2"]
    );
    let round6 = &g.log()[6];
    assert_eq!(round6.round, 6);
    assert!(round6.events.iter().any(|e| matches!(e, Event::Captured { by, captured, garnet: true, .. } if by == "P4" && captured == "P6")));

    // Purses (chips, garnets, gained, pieces), by hand:
    // P1, P2: 5 - 1 spawn + 2 communal; 10 pieces each.
    // P3: 5 - 1 spawn + 1 chips item. P4: 5 - 1 spawn - 2 traded, 1 garnet.
    // P5: 5 + 2 traded. P6: 5 - 1 spawn.
    let purses: Vec<(u32, u32, u32, u32)> = g
        .state()
        .purses
        .iter()
        .map(|p| (p.chips, p.garnets, p.gained, p.tol_pieces))
        .collect();
    assert_eq!(
        purses,
        vec![
            (6, 0, 2, 10),
            (6, 0, 2, 10),
            (5, 0, 1, 0),
            (2, 1, 0, 0),
            (7, 0, 0, 0),
            (4, 0, 0, 0)
        ]
    );
    // Every item was taken.
    assert!(g.state().items.iter().all(Option::is_none));

    // Awards: P1 and P2 keep their piece ToLs; P1 gifts the most-chips ToL to
    // P3, P2's is nullified; the EC is P5 by one vote to none.
    let a = g.awards();
    assert_eq!(a.piece_tols, vec![1, 1, 0, 0, 0, 0]);
    assert_eq!(a.tols, vec![1, 1, 1, 0, 0, 0]);
    assert_eq!(a.most_gained, vec![Seat(0), Seat(1)]);
    assert_eq!(a.nullified, 1);
    assert_eq!(a.gifts, vec![(Seat(0), Seat(2), 2)]);
    assert_eq!(a.candidates, vec![Seat(3), Seat(4), Seat(5)]);
    assert_eq!(a.voters, vec![Seat(0), Seat(1)]);
    assert_eq!(a.tally, vec![0, 0, 0, 0, 1, 0]);
    assert_eq!(a.ec, Some(Seat(4)));
    assert!(!a.ec_drawn);
    let Phase::Over(outcome) = g.phase() else {
        panic!("the game should be over")
    };
    let scores: Vec<i64> = outcome.results.iter().map(|r| r.score).collect();
    assert_eq!(scores, vec![1, 1, 1, 0, -1, 0]);
    assert_eq!(outcome.reason, "most ToLs (1); the EC is P5");
    // The pictures and the chat say who came first, in players' names.
    let scene = arbiter_core::Depict::scene(&g, arbiter_core::Viewer::Spectator);
    assert_eq!(
        scene.result(),
        Some("P1, P2 and P3 share first place: most ToLs (1); the EC is P5")
    );
}

#[test]
fn replay_is_deterministic_and_refuses_illegal_entries_by_round_and_player() {
    let rec = play_game();
    let a = rec.record.replay().unwrap();
    let b = rec.record.replay().unwrap();
    assert_eq!(a.state(), b.state());
    assert_eq!(a.log(), b.log());
    assert_eq!(a.state(), rec.game.state());

    // Round 5's P1 move rewritten to an impossible leap.
    let mut bad = rec.record.clone();
    let i = bad
        .entries
        .iter()
        .position(|e| matches!(e, Entry::Act { action, .. } if action == "orders move e8 f6"))
        .unwrap();
    bad.entries[i] = Entry::Act {
        player: "P1".into(),
        action: "orders move e8 f9".into(),
    };
    let err = bad.replay().unwrap_err();
    assert!(
        err.contains("round 5") && err.contains("P1") && err.contains("cannot leap"),
        "{err}"
    );

    let mut bad = rec.record.clone();
    bad.entries[0] = Entry::Act {
        player: "P7".into(),
        action: "bid ABCDE".into(),
    };
    assert!(bad.replay().unwrap_err().contains("P1 to P6"));

    let mut bad = rec.record.clone();
    bad.seed = Some(Seed::from_u64(1));
    assert!(bad.replay().unwrap_err().contains("commitment"));

    assert!(Record::from_json("{\"game\": 3}")
        .unwrap_err()
        .contains("malformed record"));
}

#[test]
fn a_record_can_start_from_a_setup() {
    let setup: arbiter_knight_control::Setup = serde_json::from_str(
        r#"{
          "round": 9,
          "players": [
            { "zone": "A", "chips": 3, "garnets": 1, "chips_gained": 3, "tol_pieces": 9 },
            { "zone": "K", "chips": 0, "garnets": 0, "chips_gained": 0, "tol_pieces": 0 }
          ],
          "knights": [ { "owner": "P1", "cell": "h8", "movement": "1x2" }, { "owner": "P2", "cell": "K2", "movement": "2x3" } ],
          "items": [ { "cell": "i10", "item": "tol-piece" } ]
        }"#,
    )
    .unwrap();
    let record = Record::from_setup(
        Rules::default(),
        arbiter_knight_control::standard_file(),
        Seed::from_u64(3),
        setup,
    )
    .unwrap();
    let mut rec = Recorder::new(record).unwrap();
    assert_eq!((rec.game.round(), rec.game.stage()), (9, Stage::Orders));
    rec.act(Seat(0), "orders move h8 i10").unwrap();
    // K2 sits just left of a7: (+3, +3) to c10 is no 2x3 leap; (+2, +3) to b10 is.
    assert!(rec
        .act(Seat(1), "orders move K2 c10")
        .unwrap_err()
        .contains("cannot leap"));
    rec.act(Seat(1), "orders move K2 b10").unwrap();
    rec.act(Seat(0), "orders pass").unwrap();
    rec.act(Seat(1), "orders pass").unwrap();
    // Round 10 done: the end-of-game step waits for both; P1 exchanges its
    // garnet, both are done.
    assert_eq!(rec.game.pending(), vec![Seat(0), Seat(1)]);
    rec.act(Seat(0), "exchange 1").unwrap();
    rec.act(Seat(0), "done").unwrap();
    rec.act(Seat(1), "").unwrap();
    let g = Record::from_json(&rec.record.to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(g.state(), rec.game.state());
    // P1: 10 pieces (a ToL) and 6 chips gained (most): gifts or nullifies
    // the second; it says nothing, so it is nullified. P2 is the EC.
    assert_eq!(g.state().purses[0].tol_pieces, 10);
    assert_eq!(g.state().purses[0].gained, 6);
    assert_eq!(g.stage(), Stage::ChipGifts);
    let mut g = g;
    g.close_step().unwrap();
    assert_eq!(g.awards().tols, vec![1, 0]);
    assert_eq!(g.awards().ec, Some(Seat(1)));
}
