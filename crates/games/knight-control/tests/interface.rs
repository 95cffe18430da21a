//! Knight Control through the shared `Game` interface: phases, listed
//! actions, notation round trips, views, layout files and the diagram.

use arbiter_core::{Diagram, Game, GameRng, Phase, Seat, Seed, Viewer};
use arbiter_knight_control::{Action, KnightControl, Layout, Rules, Stage};

fn check_listed_actions(g: &KnightControl) {
    for seat in Seat::all(g.players()) {
        let actions = g.legal_actions(seat);
        if !g.phase().may_act(seat) {
            assert!(actions.is_empty());
            continue;
        }
        assert!(
            !actions.is_empty(),
            "{seat} may act but has no listed action"
        );
        let texts: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(texts, sorted, "listed actions are sorted and distinct");
        for (action, text) in actions.iter().zip(&texts) {
            assert_eq!(
                &g.parse_action(seat, text).unwrap(),
                action,
                "{text} round-trips"
            );
            let mut probe = g.clone();
            probe
                .act(seat, action)
                .unwrap_or_else(|e| panic!("listed {text} refused: {e}"));
        }
    }
}

#[test]
fn listed_actions_are_sorted_and_accepted_through_a_whole_game() {
    let mut g =
        KnightControl::new(3, Rules::default(), Layout::standard(), Seed::from_u64(4)).unwrap();
    let mut rng: GameRng = Seed::from_u64(40).rng();
    let mut stages = Vec::new();
    while let Phase::Simultaneous(pending) = g.phase() {
        if stages.last() != Some(&g.stage()) {
            stages.push(g.stage());
        }
        check_listed_actions(&g);
        for viewer in Seat::all(3).map(Viewer::Seat).chain([Viewer::Spectator]) {
            serde_json::to_string(&g.view(viewer)).unwrap();
        }
        let seat = pending[0];
        let actions = g.legal_actions(seat);
        // Mostly the last listed action (moves and uses sort after "pass").
        let pick = if rng.chance(0.7) {
            actions.len() - 1
        } else {
            rng.below(actions.len())
        };
        g.act(seat, &actions[pick]).unwrap();
        if rng.chance(0.05) {
            g.resolve(&mut rng).unwrap();
        }
    }
    assert!(matches!(g.phase(), Phase::Over(_)));
    assert!(g.outcome().is_some());
    assert!(stages.contains(&Stage::Bidding) && stages.contains(&Stage::Orders));
    assert!(g.resolve(&mut rng).is_err());
    assert!(g
        .act(Seat(0), &Action::Orders(Default::default()))
        .unwrap_err()
        .to_string()
        .contains("over"));
    assert!(g.diagram().contains("game over"));
}

#[test]
fn the_documented_layout_example_loads() {
    let text = r#"{
      "files": 15, "ranks": 15,
      "zones": [
        { "letter": "A", "cells": [[1,16],[2,16],[3,16],[4,16],[5,16]] },
        { "letter": "X", "cells": [[0,11],[0,12],[0,13],[0,14],[0,15]], "claimable": false }
      ],
      "items": [ { "cell": "h8", "item": "garnet" }, { "cell": "c3", "item": "chips 2" } ]
    }"#;
    let layout = Layout::from_json(text).unwrap();
    assert_eq!(layout.claimable_letters(), vec!['A']);
    // One claimable zone seats nobody: a game needs at least two.
    assert!(
        KnightControl::new(2, Rules::default(), layout, Seed::from_u64(1))
            .unwrap_err()
            .contains("1 claimable zone")
    );
    let bad = text.replace("\"c3\"", "\"h8\"");
    assert!(Layout::from_json(&bad)
        .unwrap_err()
        .contains("two items on h8"));
}

#[test]
fn the_diagram_draws_zones_items_and_knights() {
    let mut g =
        KnightControl::new(2, Rules::default(), Layout::standard(), Seed::from_u64(9)).unwrap();
    g.act_text(Seat(0), "bid ABCDE").unwrap();
    g.act_text(Seat(1), "bid GHIJK").unwrap();
    g.act_text(Seat(0), "orders spawn A3 1x2; move A3 b14")
        .unwrap();
    g.act_text(Seat(1), "orders pass").unwrap();
    while g.stage() == Stage::Items {
        g.resolve(&mut Seed::from_u64(0).rng()).unwrap();
    }
    let text = g.diagram();
    assert!(text.contains("after round 1"), "{text}");
    assert!(text.contains("zones: P1=A P2=G"), "{text}");
    assert!(text.contains("P1:b14:1x2"), "{text}");
    let row14 = text.lines().find(|l| l.starts_with("14")).unwrap();
    // Fields: row label, zone X, a14, b14.
    assert_eq!(row14.split_whitespace().nth(3), Some("P1"), "{row14}");
}
