//! The position string (docs/rules/tilechess.md#position-format).
//!
//! ```text
//! tilechess board 0,0 23,23 open 8,4 12,4 / pawns 7 repeat no start 6x6 last blue / red +5 K9,6 Q10,6 … land 9,7..11,7 13,5 / blue out +1
//! ```
//!
//! Sections are separated by `/`: the board (its south-west and north-east
//! tiles, then the corner tiles of the opened blocks), the rules and turn
//! state (the ruleset, including the board size the game started with), then one section per player in seat order: colour, `out` if
//! eliminated, `+points` for destroyed pieces, pieces as a role letter and
//! tile, and after `land` the territory as tiles or west-to-east runs
//! `x0,y..x1,y`. Reading parses the text, then validates every rule a
//! position must obey, so a `Tilechess` built from text can be trusted.

use crate::board::Board;
use crate::coord::{Block, Tile, BLOCK};
use crate::game::{Player, Ruleset, Tilechess, MAX_PLAYERS, MAX_POINTS};
use crate::piece::{Colour, Piece, Role};
use arbiter_core::{PositionError, Seat};
use std::fmt::Write;

impl Tilechess {
    /// The position string; [`Tilechess::from_text`] reads it back.
    pub fn to_text(&self) -> String {
        let (sw, ne) = self.board.tile_bounds();
        let mut out = format!("tilechess board {sw} {ne} open");
        let opened: Vec<Block> = self.board.opened_blocks().collect();
        if opened.is_empty() {
            out.push_str(" -");
        }
        for b in opened {
            let _ = write!(out, " {b}");
        }
        let last = self.last.map_or("-".to_string(), |s| {
            self.players[s.index()].colour.to_string()
        });
        let _ = write!(
            out,
            " / pawns {} repeat {} start {}x{} last {last}{}",
            if self.rules.eight_pawns { 8 } else { 7 },
            if self.rules.repeat_turns { "yes" } else { "no" },
            self.rules.wide,
            self.rules.high,
            if self.ended { " ended" } else { "" }
        );
        let mut pieces: Vec<(Tile, Piece)> = self.board.pieces().collect();
        pieces.sort_by_key(|&(t, p)| (p.owner, p.role, t.y, t.x));
        for (i, player) in self.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let _ = write!(out, " / {}", player.colour);
            if player.eliminated {
                out.push_str(" out");
            }
            let _ = write!(out, " +{}", player.points);
            for (t, p) in pieces.iter().filter(|(_, p)| p.owner == seat) {
                let _ = write!(out, " {}{t}", p.role.letter());
            }
            let land: Vec<Tile> = self
                .board
                .lands()
                .filter(|&(_, s)| s == seat)
                .map(|(t, _)| t)
                .collect();
            if !land.is_empty() {
                out.push_str(" land");
                let mut i = 0;
                while i < land.len() {
                    let mut j = i;
                    while j + 1 < land.len() && land[j + 1] == land[j].offset(1, 0) {
                        j += 1;
                    }
                    if j == i {
                        let _ = write!(out, " {}", land[i]);
                    } else {
                        let _ = write!(out, " {}..{}", land[i], land[j]);
                    }
                    i = j + 1;
                }
            }
        }
        out
    }

    /// Reads and validates a position string.
    pub fn from_text(text: &str) -> Result<Tilechess, PositionError> {
        let err = |reason: String| PositionError::new(text, reason);
        let sections: Vec<Vec<&str>> = text
            .split('/')
            .map(|s| s.split_whitespace().collect())
            .collect();
        if sections.len() < 2 {
            return Err(err(
                "expected 'tilechess board … / pawns … / <one section per player>'".into(),
            ));
        }
        // The board.
        let board_words = &sections[0];
        let (sw, ne, opened) = match board_words.as_slice() {
            ["tilechess", "board", sw, ne, "open", opened @ ..] => (sw, ne, opened),
            _ => return Err(err("the first section is 'tilechess board <sw tile> <ne tile> open <block corners or ->'".into())),
        };
        let sw = Block::parse(sw).map_err(|e| err(format!("board: {e}")))?;
        let ne = Tile::parse(ne).map_err(&err)?;
        let ne_block = ne.block();
        if ne != ne_block.corner().offset(BLOCK - 1, BLOCK - 1)
            || ne_block.bx < sw.bx
            || ne_block.by < sw.by
        {
            return Err(err(format!(
                "board: {ne} is not the north-east tile of a block north-east of {}",
                sw.corner()
            )));
        }
        if (ne_block.bx as i64 - sw.bx as i64 + 1) * (ne_block.by as i64 - sw.by as i64 + 1)
            > 1 << 16
        {
            return Err(err("board: more than 65536 blocks".into()));
        }
        let mut board = Board::with_bounds(sw, ne_block);
        if opened != ["-"] {
            for word in opened {
                let b = Block::parse(word).map_err(|e| err(format!("open: {e}")))?;
                if !board.is_unopened(b) {
                    let why = if board.contains_block(b) {
                        "is listed twice"
                    } else {
                        "is off the board"
                    };
                    return Err(err(format!("open: block {b} {why}")));
                }
                // Opened directly, never growing: growth is checked below.
                board.open_block_exact(b);
            }
        }
        if board.unopened_count() == 0 {
            return Err(err(
                "every block is open, but the board grows a ring as soon as none is left".into(),
            ));
        }
        // Rules and turn state.
        let (pawns, repeat, start, last, ended) = match sections[1].as_slice() {
            ["pawns", p, "repeat", r, "start", s, "last", l] => (p, r, s, l, false),
            ["pawns", p, "repeat", r, "start", s, "last", l, "ended"] => (p, r, s, l, true),
            _ => {
                return Err(err(
                    "the second section is 'pawns 7|8 repeat yes|no start <W>x<H> last <colour or -> [ended]'".into()
                ))
            }
        };
        let size = |n: &str| n.parse::<u16>().ok().filter(|&n| n >= 1);
        let (wide, high) = match start.split_once('x').map(|(w, h)| (size(w), size(h))) {
            Some((Some(w), Some(h))) => (w, h),
            _ => {
                return Err(err(format!(
                    "start: '{start}' is not a board size such as 6x6"
                )))
            }
        };
        let eight_pawns = match *pawns {
            "7" => false,
            "8" => true,
            _ => return Err(err(format!("pawns: '{pawns}' is neither 7 nor 8"))),
        };
        let repeat_turns = match *repeat {
            "yes" => true,
            "no" => false,
            _ => return Err(err(format!("repeat: '{repeat}' is neither yes nor no"))),
        };
        let rules = Ruleset {
            wide,
            high,
            eight_pawns,
            repeat_turns,
        };
        // Players.
        let mut players: Vec<Player> = Vec::new();
        if sections.len() - 2 > MAX_PLAYERS {
            return Err(err(format!("more than {MAX_PLAYERS} players")));
        }
        for (i, words) in sections[2..].iter().enumerate() {
            let seat = Seat(i as u8);
            let mut words = words.iter().copied().peekable();
            let colour = words
                .next()
                .ok_or_else(|| err(format!("player section {} is empty", i + 1)))?;
            let colour = Colour::parse(colour).map_err(&err)?;
            if players.iter().any(|p| p.colour == colour) {
                return Err(err(format!("two players are {colour}; colours are unique")));
            }
            let eliminated = words.next_if_eq(&"out").is_some();
            let points = words
                .next()
                .and_then(|w| w.strip_prefix('+'))
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| err(format!("{colour}: expected +<points> after the colour")))?;
            if points > MAX_POINTS {
                return Err(err(format!(
                    "{colour}: +{points} points is above the largest allowed, {MAX_POINTS}"
                )));
            }
            let mut counts = [0u8; 6];
            let mut in_land = false;
            for word in words {
                if word == "land" && !in_land {
                    in_land = true;
                    continue;
                }
                if eliminated {
                    return Err(err(format!(
                        "{colour} is out, so has no pieces or territory, but '{word}' is listed"
                    )));
                }
                if in_land {
                    let (a, b) = match word.split_once("..") {
                        Some((a, b)) => {
                            (Tile::parse(a).map_err(&err)?, Tile::parse(b).map_err(&err)?)
                        }
                        None => {
                            let t = Tile::parse(word).map_err(&err)?;
                            (t, t)
                        }
                    };
                    if a.y != b.y || b.x < a.x {
                        return Err(err(format!(
                            "land: '{word}' is not a west-to-east run along one row"
                        )));
                    }
                    for x in a.x..=b.x {
                        let t = Tile::new(x, a.y);
                        if !board.is_open(t) {
                            return Err(err(format!(
                                "land: {colour}'s territory {t} is not on an opened block"
                            )));
                        }
                        if let Some(other) = board.land(t) {
                            return Err(err(format!(
                                "land: {t} is listed for {} and {colour}",
                                players_or(&players, other, colour)
                            )));
                        }
                        board.set_land(t, Some(seat));
                    }
                } else {
                    let mut chars = word.chars();
                    let role = chars.next().and_then(Role::from_letter).ok_or_else(|| {
                        err(format!("{colour}: '{word}' is not a piece (a role letter K Q R B N P and a tile, e.g. K5,3)"))
                    })?;
                    let t = Tile::parse(chars.as_str()).map_err(&err)?;
                    if !board.is_open(t) {
                        return Err(err(format!(
                            "{colour}'s {} on {t} is not on an opened block",
                            role.name()
                        )));
                    }
                    if board.piece(t).is_some() {
                        return Err(err(format!("two pieces stand on {t}")));
                    }
                    counts[role as usize] += 1;
                    if counts[role as usize] > role.army_count(eight_pawns) {
                        return Err(err(format!(
                            "{colour} has more {}s than an army holds",
                            role.name()
                        )));
                    }
                    board.set_piece(t, Some(Piece { owner: seat, role }));
                }
            }
            if !eliminated && counts[Role::King as usize] != 1 {
                return Err(err(format!("{colour} is still in but has no king")));
            }
            players.push(Player {
                colour,
                eliminated,
                points,
            });
        }
        let last = match *last {
            "-" => None,
            name => {
                let c = Colour::parse(name).map_err(&err)?;
                let i = players
                    .iter()
                    .position(|p| p.colour == c)
                    .ok_or_else(|| err(format!("last: {c} is not a player")))?;
                Some(Seat(i as u8))
            }
        };
        Ok(Tilechess {
            rules,
            board,
            players,
            last,
            ended,
        })
    }
}

fn players_or(players: &[Player], seat: Seat, fallback: Colour) -> Colour {
    players.get(seat.index()).map_or(fallback, |p| p.colour)
}
