//! What every duel whose players may end it ([`Concedes`]) must do when
//! they resign or agree a draw, checked from the game's start.

use crate::duel::Duel;
use crate::{Concedes, Game, Phase, Seat};

/// Runs every check below on fresh games from `D`'s start.
pub fn check<D: Concedes>() {
    resigning_loses_whoever_is_to_move::<D>();
    nothing_more_happens_after_the_end::<D>();
    a_third_seat_cannot_resign::<D>();
}

fn resigning_loses_whoever_is_to_move<D: Concedes>() {
    for seat in [Seat(0), Seat(1)] {
        let mut game = D::default();
        game.resign(seat).unwrap();
        let outcome = game.result().expect("over");
        assert_eq!(outcome.sole_winner(), Some(Seat(1 - seat.0)));
        assert_eq!(outcome.reason, "resignation");
        assert!(matches!(game.phase(), Phase::Over(_)));
        assert!(game.legal_actions(Seat(0)).is_empty());
    }
}

fn nothing_more_happens_after_the_end<D: Concedes>() {
    let mut game = D::default();
    let first = Duel::moves(&game)[0].clone();
    game.agree_draw().unwrap();
    assert!(game.result().unwrap().is_draw());
    assert_eq!(game.result().unwrap().reason, "agreement");
    // Neither a move, a resignation nor a second agreement changes it.
    assert!(game.act(Seat(0), &first).is_err());
    assert!(game.resign(Seat(0)).is_err());
    assert!(game.agree_draw().is_err());
    assert_eq!(game.result().unwrap().reason, "agreement");
    assert!(game.played().is_empty());
}

fn a_third_seat_cannot_resign<D: Concedes>() {
    let mut game = D::default();
    assert!(game.resign(Seat(2)).is_err());
    assert_eq!(game.result(), None);
}
