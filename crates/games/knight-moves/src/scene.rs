//! The board as a [`Scene`] (docs/pictures.md): the web client's board and
//! the pictures. Everything in Knight Moves is public.

use crate::game::KnightMoves;
use crate::moves::Move;
use crate::side::Side;
use crate::square::{Square, FILES, RANKS};
use arbiter_core::scene::{self, Arrival, Badge, Last, Path, Scene, Token};
use arbiter_core::{Depict, Viewer};

impl Depict for KnightMoves {
    fn seat_name(&self, seat: arbiter_core::Seat) -> String {
        Side::seat_name(seat)
    }

    fn scene(&self, _viewer: Viewer) -> Scene {
        let pos = self.position();
        let board = Scene::checkered("Knight Moves board", FILES, RANKS, |f, r| {
            let cell = pos.cell_at(Square::at(f, r))?;
            let mut token = Token::disc(cell.side.index(), cell.side.letter().to_ascii_uppercase());
            token.badge = cell.ball.then_some(Badge::Ball);
            token.faint = cell.ineligible;
            let mut name = format!("{} knight", cell.side.name());
            if cell.ball {
                name.push_str(" holding the ball");
            }
            if cell.ineligible {
                name.push_str(" (cannot receive a pass until it moves)");
            }
            Some((token, name))
        });
        let serial = self.moves_played().len();
        let last = self.moves_played().last().map(|mv| match mv {
            Move::Jump { from, to } => scene::slide(serial, &from.to_string(), &to.to_string()),
            // A pass chain leaves every piece where it stood: the ball
            // travels along the chain.
            Move::Pass(chain) => {
                let keys: Vec<String> = chain.squares().iter().map(Square::to_string).collect();
                Last {
                    serial,
                    cells: keys.clone(),
                    arrivals: vec![Arrival {
                        to: keys[keys.len() - 1].clone(),
                        from: Some(keys[0].clone()),
                        badge_only: true,
                    }],
                    paths: vec![Path {
                        keys,
                        side: None,
                        jump: false,
                    }],
                    marks: Vec::new(),
                }
            }
        });
        let outcome = self.outcome();
        let mut status =
            scene::duel_status(outcome.as_ref(), Side::seat_name, pos.turn().name(), false);
        if let (None, Some(sq)) = (&outcome, pos.forcing()) {
            status.push(format!(
                "must pass if possible: {}'s piece on {sq} is next to the ball",
                pos.turn().other()
            ));
        }
        Scene {
            // Eks are the dark pieces, Ohs the light ones.
            sides: vec![
                scene::side(Side::Eks.name(), "#222222"),
                scene::side(Side::Ohs.name(), "#fafafa"),
            ],
            last,
            status,
            ..board
        }
    }
}
