//! The board as a [`Scene`] (docs/pictures.md): the web client's board and
//! the pictures, with each side's points and captured pool, and the clocks
//! and the match of a session. Everything in Progressive Chess is public.

use crate::game::ProgressiveChess;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::square::Square;
use crate::timed::Session;
use arbiter_core::scene::{self, Badge, Panel, Scene, Token};
use arbiter_core::{Depict, Viewer};

fn token(piece: Piece) -> Token {
    Token::disc(piece.color.index(), piece.char())
}

impl Depict for ProgressiveChess {
    fn seat_name(&self, seat: arbiter_core::Seat) -> String {
        Color::seat_name(seat)
    }

    fn scene(&self, _viewer: Viewer) -> Scene {
        let pos = self.position();
        let spent = pos.spent_shields();
        let board = Scene::checkered("Progressive Chess board", 7, 7, |f, r| {
            let sq = Square::at(f, r);
            let piece = pos.piece_at(sq)?;
            let mut t = token(piece);
            let mut name = format!("{} {}", piece.color, piece.role.name());
            if spent.contains(sq) {
                t.badge = Some(Badge::Spent);
                name.push_str(" (shield spent)");
            }
            Some((t, name))
        });
        let outcome = self.outcome();
        let mover = outcome.is_none().then(|| pos.turn());
        let panels = [Color::Black, Color::White]
            .into_iter()
            .map(|color| {
                let points = pos.points(color);
                Panel {
                    side: Some(color.index()),
                    title: format!(
                        "{color}: {points} point{} · captured",
                        if points == 1 { "" } else { "s" }
                    ),
                    pieces: pos
                        .pool(color)
                        .map(|role| (None, token(Piece::new(color, role))))
                        .collect(),
                    active: mover == Some(color),
                }
            })
            .collect();
        // The last turn's move (its upgrade changes a piece in place).
        let serial = self.turns_played().len();
        let last = self.turns_played().last().map(|turn| match turn.mv {
            Move::Normal { from, to } => scene::slide(serial, &from.to_string(), &to.to_string()),
            Move::Raise { from, .. } => scene::appear(serial, &from.to_string()),
        });
        let mut status = scene::duel_status(
            outcome.as_ref(),
            Color::seat_name,
            pos.turn().name(),
            pos.is_check(),
        );
        status.push(format!(
            "turn {}, {} since a capture or upgrade",
            pos.turn_number(),
            pos.quiet_turns()
        ));
        Scene {
            sides: scene::white_and_black(["White", "Black"]),
            last,
            panels,
            status,
            ..board
        }
    }
}

impl Session {
    /// The board the last turn left, when that turn ended game 1 of a
    /// match and game 2 has no turn yet: game 1's final position, with the
    /// referee's announcement as its status. A history stepped back to
    /// that turn shows how game 1 ended, not game 2's empty start.
    pub fn closing_scene(&self, viewer: Viewer) -> Option<Scene> {
        let m = self.match_play()?;
        let ended = m.game_index().checked_sub(1)?;
        if !self.current().turns_played().is_empty() {
            return None;
        }
        let mut scene = m.games()[ended].scene(viewer);
        scene.status = m.reports().get(ended).cloned().into_iter().collect();
        Some(scene)
    }
}

/// A session's scene: its current game's, with the step clocks' reserves
/// and the match score.
impl Depict for Session {
    /// A player is named by the colour it has in the current game (in a
    /// match the colours swap for the second game).
    fn seat_name(&self, seat: arbiter_core::Seat) -> String {
        if seat.0 > 1 {
            return scene::plain_seat_name(seat);
        }
        self.colour_of(seat.0).name().to_string()
    }

    fn scene(&self, viewer: Viewer) -> Scene {
        let mut scene = self.current().scene(viewer);
        if let Some(clock) = self.clock_view() {
            let time = |ms: i64| {
                let s = ms.max(0) / 1000;
                format!("{}:{:02}", s / 60, s % 60)
            };
            for color in [Color::Black, Color::White] {
                let i = color.index();
                let running = clock.running == Some(i as u8);
                scene.panels.push(Panel {
                    side: Some(i),
                    title: format!(
                        "{color}'s clock: reserve {}{}",
                        time(clock.reserve_ms[i]),
                        if running { " (running)" } else { "" }
                    ),
                    pieces: Vec::new(),
                    active: running,
                });
            }
        }
        if let Some(m) = self.match_view() {
            scene.status.push(format!(
                "match game {} of 2, score {}–{}",
                m.game, m.score[0], m.score[1]
            ));
        }
        if let Some(outcome) = self.result() {
            scene.status[0] = scene::game_over(outcome);
        }
        scene
    }
}
