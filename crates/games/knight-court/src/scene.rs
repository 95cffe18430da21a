//! The board as a [`Scene`] (docs/pictures.md): the web client's board and
//! the pictures. Everything in Knight Court is public.

use crate::game::KnightCourt;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::square::Square;
use arbiter_core::scene::{self, Panel, Scene, Token};
use arbiter_core::{Depict, Viewer};

fn token(piece: Piece) -> Token {
    let white = piece.color == Color::White;
    Token {
        glyph: scene::chess_glyph(piece.role.letter(), white),
        ..Token::disc(piece.color.index(), piece.role.letter())
    }
}

fn name(piece: Piece) -> String {
    let role = match piece.role.letter() {
        'N' => "knight (royal)",
        _ => piece.role.name(),
    };
    format!("{} {role}", piece.color)
}

impl Depict for KnightCourt {
    fn seat_name(&self, seat: arbiter_core::Seat) -> String {
        Color::seat_name(seat)
    }

    fn scene(&self, _viewer: Viewer) -> Scene {
        let pos = self.position();
        let board = Scene::checkered("Knight Court board", 3, 3, |f, r| {
            pos.piece_at(Square::at(f, r)).map(|p| (token(p), name(p)))
        });
        let outcome = self.outcome();
        let mover = outcome.is_none().then(|| pos.turn());
        // A hand piece is a click key only for the side to move: both
        // hands name their pieces by role alone.
        let panels = [Color::Black, Color::White]
            .into_iter()
            .map(|color| Panel {
                side: Some(color.index()),
                title: format!("{color}'s hand"),
                pieces: pos
                    .hand(color)
                    .map(|role| {
                        let key = (mover == Some(color)).then(|| format!("hand:{}", role.letter()));
                        (key, token(Piece::new(color, role)))
                    })
                    .collect(),
                active: mover == Some(color),
            })
            .collect();
        let serial = self.moves_played().len();
        let last = self.moves_played().last().map(|mv| match *mv {
            Move::Normal { from, to } => scene::slide(serial, &from.to_string(), &to.to_string()),
            Move::Drop { to, .. } => scene::appear(serial, &to.to_string()),
        });
        Scene {
            sides: scene::white_and_black(["White", "Black"]),
            last,
            panels,
            status: scene::duel_status(
                outcome.as_ref(),
                Color::seat_name,
                pos.turn().name(),
                pos.is_check(),
            ),
            ..board
        }
    }
}
