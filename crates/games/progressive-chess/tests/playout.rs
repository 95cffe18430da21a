//! Random playouts from the start: the invariants hold after every turn.
//! Seeded, so failures replay.

mod common;
use arbiter_core::{Game, Seat, Seed};
use arbiter_progressive_chess::{tree, Color, Move, Position, ProgressiveChess, Role, Ruleset};

fn board_count(p: &Position) -> u32 {
    p.board().occupied().count()
}

fn pool_count(p: &Position) -> u32 {
    Color::BOTH.iter().map(|&c| p.pool(c).count() as u32).sum()
}

#[test]
fn random_playouts_keep_the_invariants() {
    let mut seen_roles = [false; Role::COUNT];
    let mut finished = 0;
    for seed in 0..120u64 {
        let mut rng = Seed::from_u64(seed).rng();
        let mut g = ProgressiveChess::new(Ruleset::with_draw_rules());
        let mut raises = 0;
        for _ in 0..160 {
            if g.outcome().is_some() {
                finished += 1;
                break;
            }
            let p = *g.position();
            let us = p.turn();
            let them = us.other();
            // Kings are never capturable: the side not to move is not in
            // check, and no legal move lands on a king (a swapper may swap
            // with its own king).
            assert!(
                !p.board().is_attacked(p.board().king(them), us),
                "seed {seed}: {p}"
            );
            let turns = g.legal_actions(us.seat());
            assert!(!turns.is_empty());
            for t in &turns {
                if let Move::Normal { from, to } = t.mv {
                    let swapper = p.piece_at(from).unwrap().role == Role::Swapper;
                    assert!(
                        to != p.board().king(them),
                        "seed {seed}: {t} captures a king in {p}"
                    );
                    assert!(
                        swapper || to != p.board().king(us),
                        "seed {seed}: {t} in {p}"
                    );
                }
            }
            let t = turns[rng.below(turns.len())];
            let text = t.to_string();
            g.act_text(us.seat(), &text).unwrap();
            let q = g.position();
            // Points: the mover pays only what it has; nothing goes
            // negative.
            let captured =
                matches!(t.mv, Move::Normal { .. }) && board_count(q) + 1 == board_count(&p);
            let price = t.upgrade.map_or(0, |u| tree::price(u.role)) as i64;
            let expected = p.points(us) as i64 + if captured { 2 } else { 0 } - price;
            assert!(expected >= 0, "seed {seed}: {text} overspends in {p}");
            assert_eq!(q.points(us) as i64, expected, "seed {seed}: {text} in {p}");
            assert_eq!(q.points(them), p.points(them) + 1);
            // Pieces are conserved: on the board, in a pool, or gone with a
            // raising necromancer.
            if matches!(t.mv, Move::Raise { .. }) {
                raises += 1;
            }
            assert_eq!(
                board_count(q) + pool_count(q) + raises,
                14,
                "seed {seed}: {text} in {p}"
            );
            assert_eq!(q.to_string().parse::<Position>().unwrap(), *q, "round trip");
            for sq in q.board().occupied() {
                seen_roles[q.piece_at(sq).unwrap().role.index()] = true;
            }
        }
        assert!(g.legal_actions(Seat(0)).len() + g.legal_actions(Seat(1)).len() < 100_000);
    }
    for role in Role::ALL {
        assert!(seen_roles[role.index()], "playouts never produced a {role}");
    }
    assert!(finished > 0, "some playouts end");
}
