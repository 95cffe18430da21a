//! A player leaves the game: resigning is elimination by choice
//! (docs/rules/tilechess.md#resigning). Their army leaves the board without
//! scoring for anyone, their territory becomes neutral, and they may not
//! claim turns again or rejoin, exactly as when their king is destroyed.

use crate::game::Tilechess;
use arbiter_core::{ActionError, Seat};

impl Tilechess {
    /// `seat` resigns. Refused, changing nothing, once the game is over,
    /// for a seat that has not joined, and for a player already out.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        if let Some(outcome) = self.outcome() {
            return Err(ActionError::GameOver {
                outcome: outcome.to_string(),
            });
        }
        let Some(player) = self.players.get(seat.index()) else {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: "this seat has not joined the game, so it has nothing to resign".into(),
            });
        };
        if player.eliminated {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("{} is already out of the game", player.colour),
            });
        }
        self.board.clear_player(seat);
        self.players[seat.index()].eliminated = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Ruleset;
    use arbiter_core::{Game, TextPosition};

    const ARMY: &str = "RBNR/PKQP/PNBP/PPP.";

    fn play(game: &mut Tilechess, text: &str) {
        let seat = game.actor(text).unwrap();
        game.act_text(seat, text).unwrap();
    }

    /// Red, blue and green side by side on a 3×1 board, each on its own
    /// block.
    fn three_players() -> Tilechess {
        let mut game = Tilechess::new(Ruleset {
            wide: 3,
            high: 1,
            ..Ruleset::default()
        });
        for (colour, corner) in [("red", "0,0"), ("blue", "4,0"), ("green", "8,0")] {
            play(&mut game, &format!("{colour}: join {corner} {ARMY}"));
        }
        game
    }

    fn owned_by(game: &Tilechess, seat: Seat) -> (usize, usize) {
        let pieces = game
            .board()
            .pieces()
            .filter(|(_, p)| p.owner == seat)
            .count();
        let land = game.board().lands().filter(|(_, s)| *s == seat).count();
        (pieces, land)
    }

    #[test]
    fn a_resigning_player_leaves_with_army_and_territory() {
        let mut game = three_players();
        assert_eq!(owned_by(&game, Seat(1)), (15, 0));
        let before_others = (owned_by(&game, Seat(0)), owned_by(&game, Seat(2)));
        game.resign(Seat(1)).unwrap();
        assert_eq!(owned_by(&game, Seat(1)), (0, 0));
        assert_eq!(
            (owned_by(&game, Seat(0)), owned_by(&game, Seat(2))),
            before_others,
            "nobody else gains or loses anything"
        );
        assert!(game.players()[1].eliminated);
        assert!(!game.claimants().contains(&Seat(1)));
        assert_eq!(game.outcome(), None, "two players are still in");
        // The position string writes the seat as out, and reads it back.
        let back = Tilechess::from_position(&game.position()).unwrap();
        assert!(back.players()[1].eliminated);
    }

    #[test]
    fn the_last_player_left_wins_and_the_leavers_share_the_next_rank() {
        let mut game = three_players();
        game.resign(Seat(1)).unwrap();
        game.resign(Seat(0)).unwrap();
        let outcome = game.outcome().expect("one player left");
        assert_eq!(outcome.reason, "one player left");
        let ranks: Vec<u16> = outcome.results.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![2, 2, 1]);
        // The pictures and the chat name the winner by colour.
        let scene = arbiter_core::Depict::scene(&game, arbiter_core::Viewer::Spectator);
        assert_eq!(scene.result(), Some("green wins: one player left"));
        assert!(game.resign(Seat(2)).is_err(), "the game is over");
    }

    #[test]
    fn refusals_change_nothing() {
        let mut game = three_players();
        assert!(game.resign(Seat(3)).is_err(), "seat 4 never joined");
        game.resign(Seat(2)).unwrap();
        let before = game.position();
        assert!(game.resign(Seat(2)).is_err(), "already out");
        assert_eq!(game.position(), before);
    }
}
