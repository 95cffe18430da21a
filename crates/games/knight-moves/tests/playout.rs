//! Random playouts: thousands of seeded games, checking the invariants of
//! the rules after every turn.

use arbiter_core::{Game, Phase, Seed};
use arbiter_knight_moves::{
    count_chains, count_jumps, for_each_chain, for_each_jump, KnightMoves, Move, Position, Side,
    Square, Status, PIECES_PER_SIDE,
};
use std::collections::HashSet;

const GAMES: u64 = 3000;
/// Random games rarely end by themselves; most are cut off here.
const PLY_CAP: usize = 300;

fn check_position(p: &Position) {
    for side in Side::BOTH {
        assert_eq!(
            p.pieces(side).count(),
            PIECES_PER_SIDE,
            "{p}: {side}'s pieces"
        );
        let balls = Square::ALL
            .iter()
            .filter_map(|&s| p.cell_at(s))
            .filter(|c| c.side == side && c.ball)
            .count();
        assert_eq!(balls, 1, "{p}: {side} has exactly one ball holder");
        assert!(p.pieces(side).contains(p.holder(side)));
        assert!(
            !p.ineligible().contains(p.holder(side)),
            "{p}: a holder is never ineligible"
        );
    }
    assert!((p.pieces(Side::Eks) & p.pieces(Side::Ohs)).is_empty());
    assert_eq!(
        p.ineligible() & !p.occupied(),
        arbiter_knight_moves::Bitboard::EMPTY,
        "{p}: marks sit on pieces"
    );
    assert_eq!(
        p.to_string().parse::<Position>().as_ref(),
        Ok(p),
        "position string round trip"
    );
}

fn check_turn(before: &Position, mv: &Move, after: &Position) {
    let us = before.turn();
    let them = us.other();
    assert_eq!(after.turn(), them);
    assert_eq!(
        after.pieces(them),
        before.pieces(them),
        "{before} {mv}: the opponent's pieces stay put"
    );
    assert_eq!(after.holder(them), before.holder(them));
    match *mv {
        Move::Jump { from, to } => {
            assert_ne!(
                from,
                before.holder(us),
                "{before} {mv}: the holder never moves"
            );
            assert_eq!(after.holder(us), before.holder(us));
            assert_eq!(
                after.pieces(us),
                (before.pieces(us) & !from.bit()) | to.bit()
            );
            assert!(
                !after.ineligible().contains(to),
                "a piece that moved is eligible"
            );
            assert_eq!(
                after.forcing().is_some(),
                arbiter_knight_moves::neighbours(before.holder(them)).contains(to)
            );
        }
        Move::Pass(chain) => {
            assert_eq!(
                after.pieces(us),
                before.pieces(us),
                "{before} {mv}: passing moves no piece"
            );
            assert_eq!(chain.holder(), before.holder(us));
            assert_eq!(after.holder(us), chain.receiver());
            let squares: HashSet<Square> = chain.squares().iter().copied().collect();
            assert_eq!(
                squares.len(),
                chain.squares().len(),
                "{mv}: no piece touches the ball twice"
            );
            for &sq in &chain.squares()[1..] {
                assert!(
                    !before.ineligible().contains(sq),
                    "{before} {mv}: {sq} was ineligible"
                );
            }
            assert_eq!(after.ineligible(), before.ineligible() | chain.passers());
            assert_eq!(after.forcing(), None);
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let mut ended = [0u32; 3];
    for n in 0..GAMES {
        let mut rng = Seed::from_u64(n).rng();
        let mut game = KnightMoves::new();
        let mut seen = HashSet::from([game.position().key()]);
        for _ in 0..PLY_CAP {
            let p = *game.position();
            check_position(&p);
            let moves = game.legal_moves();
            let (mut chains, mut jumps) = (0, 0);
            for_each_chain(&p, |_| chains += 1);
            for_each_jump(&p, |_| jumps += 1);
            assert_eq!(
                (count_chains(&p), count_jumps(&p)),
                (chains, jumps),
                "{p}: bulk counts"
            );
            let mut sorted = moves.clone();
            sorted.sort_by_key(Move::to_string);
            assert_eq!(moves, sorted, "legal moves come sorted by notation");
            if p.must_pass() && moves.iter().any(Move::is_pass) {
                assert!(
                    moves.iter().all(Move::is_pass),
                    "{p}: a forced side only passes"
                );
            }
            match game.status() {
                Status::Ongoing => {
                    assert!(!moves.is_empty());
                    assert_eq!(p.winner(), None);
                    assert!(
                        !Side::BOTH.iter().any(|s| s.goal().contains(p.holder(*s))),
                        "{p}: no ball home yet"
                    );
                }
                Status::BallHome(side) => {
                    assert_eq!(side, p.turn().other(), "the side that just moved won");
                    assert!(side.goal().contains(p.holder(side)));
                    assert!(moves.is_empty());
                    assert!(
                        matches!(game.phase(), Phase::Over(ref o) if o.sole_winner() == Some(side.seat()))
                    );
                    ended[0] += 1;
                    break;
                }
                Status::NoLegalTurn(side) => {
                    assert_eq!(side, p.turn());
                    assert!(moves.is_empty());
                    assert!(
                        matches!(game.phase(), Phase::Over(ref o) if o.sole_winner() == Some(side.other().seat()))
                    );
                    ended[1] += 1;
                    break;
                }
            }
            let mv = *rng.choose(&moves).expect("an ongoing game has a move");
            assert_eq!(
                game.read_move(&mv.to_string()),
                Ok(mv),
                "notation round trip"
            );
            game.play(mv).unwrap();
            check_turn(&p, &mv, game.position());
            assert!(
                seen.insert(game.position().key()),
                "{}: a position repeated",
                game.position()
            );
        }
        if game.status() == Status::Ongoing {
            ended[2] += 1;
        }
    }
    println!(
        "ball home: {}, no legal turn: {}, cut off: {}",
        ended[0], ended[1], ended[2]
    );
    assert!(
        ended[0] > 0,
        "some random games should end with a ball home"
    );
}
