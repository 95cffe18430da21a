//! Counts read from setups, layouts, records and rules have documented
//! bounds (docs/rules/knight-control.md#bounds) and never wrap.

mod common;

use arbiter_core::Seed;
use arbiter_knight_control::{Item, KnightControl, Layout, Rules};
use common::*;

fn from_setup(chips: u32, garnets: u32) -> Result<KnightControl, String> {
    KnightControl::from_setup(
        Rules::default(),
        Layout::standard(),
        Seed::from_u64(1),
        &setup("AB", &[(chips, garnets), (5, 0)], &[], &[]),
    )
}

#[test]
fn a_setup_purse_above_the_bound_is_refused_with_the_bound() {
    let err = from_setup(4_294_967_295, 0).unwrap_err();
    assert!(
        err.contains("P1's chips") && err.contains("1000000"),
        "{err}"
    );
    let err = from_setup(0, 1_000_001).unwrap_err();
    assert!(
        err.contains("P1's garnets") && err.contains("1000000"),
        "{err}"
    );
    for field in ["chips_gained", "tol_pieces"] {
        let mut s = setup("AB", &[(0, 0), (0, 0)], &[], &[]);
        if field == "chips_gained" {
            s.players[1].chips_gained = 1_000_001;
        } else {
            s.players[1].tol_pieces = 1_000_001;
        }
        let err =
            KnightControl::from_setup(Rules::default(), Layout::standard(), Seed::from_u64(1), &s)
                .unwrap_err();
        assert!(
            err.contains(&format!("P2's {field}")) && err.contains("1000000"),
            "{err}"
        );
    }
}

#[test]
fn a_trade_onto_the_largest_purse_adds_up() {
    // The largest purse a setup allows, plus a trade of 5: 1,000,005 chips.
    let mut g = from_setup(1_000_000, 0).unwrap();
    play(&mut g, &[(1, "offer P1 5"), (0, "accept P2")]);
    assert_eq!(purse(&g, 1).0, 1_000_005);
    assert_eq!(purse(&g, 2).0, 0);
}

#[test]
fn chips_items_and_rules_have_bounds() {
    assert!("chips 1000".parse::<Item>().is_ok());
    let err = "chips 4294967295".parse::<Item>().unwrap_err();
    assert!(err.contains("1 to 1000"), "{err}");
    for rules in [
        Rules {
            start_chips: 4_294_967_295,
            ..Rules::default()
        },
        Rules {
            garnet_rate: 4_294_967_295,
            ..Rules::default()
        },
    ] {
        let err = KnightControl::new(2, rules, Layout::standard(), Seed::from_u64(1)).unwrap_err();
        assert!(err.contains("above the largest allowed"), "{err}");
    }
}

#[test]
fn movement_sizes_above_the_bound_are_refused_with_the_bound() {
    use arbiter_knight_control::Movement;
    assert!("1x255".parse::<Movement>().is_ok());
    for text in ["1x256", "4294967297x2", "99999999999999999999x3"] {
        let err = text.parse::<Movement>().unwrap_err();
        assert!(
            err.contains("at most 255") || err.contains("not a movement"),
            "{text}: {err}"
        );
    }
    let err = "1x256".parse::<Movement>().unwrap_err();
    assert!(err.contains("at most 255"), "{err}");
}
