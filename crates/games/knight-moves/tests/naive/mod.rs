//! A deliberately naive second implementation of Knight Moves, for checking
//! the engine. It shares no code with the crate: the board is a 2-D array
//! of characters, moves are strings, the history is a list of strings, and
//! every rule is written out the slow, obvious way.
//!
//! Board characters: '.' empty, 'x'/'o' a piece, 'X'/'O' the piece holding
//! that side's ball. Ineligible marks live in a second 2-D array.

#![allow(dead_code)]

pub const FILES: i32 = 7;
pub const RANKS: i32 = 8;

/// The knight's leaps.
const KNIGHT: [(i32, i32); 8] = arbiter_core::geometry::wide_leaper(1, 2);
/// The eight lines a pass may follow: ranks, files and diagonals.
const LINES: [(i32, i32); 8] = arbiter_core::geometry::widen(arbiter_core::geometry::KING_STEPS);

#[derive(Clone, Debug)]
pub struct Naive {
    /// board[rank][file], rank 0 = rank 1.
    pub board: [[char; 7]; 8],
    pub ineligible: [[bool; 7]; 8],
    /// 'x' or 'o'.
    pub to_move: char,
    /// Where the last turn's piece move ended, if the last turn was a piece
    /// move (only known from a position string when it mattered).
    pub last_jump: Option<(i32, i32)>,
    /// Every position so far as text, the current one included.
    pub history: Vec<String>,
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn square(text: &str) -> (i32, i32) {
    let b = text.as_bytes();
    ((b[0] - b'a') as i32, text[1..].parse::<i32>().unwrap() - 1)
}

fn on_board(f: i32, r: i32) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r)
}

impl Naive {
    /// Reads the crate's position string format, independently.
    pub fn parse(text: &str) -> Naive {
        let parts: Vec<&str> = text.split(' ').collect();
        assert_eq!(parts.len(), 3, "{text}");
        let mut board = [['.'; 7]; 8];
        let mut ineligible = [[false; 7]; 8];
        for (i, row) in parts[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            let mut mark = false;
            for c in row.chars() {
                if c == '~' {
                    mark = true;
                } else if c.is_ascii_digit() {
                    f += c.to_digit(10).unwrap() as usize;
                } else {
                    board[r][f] = c;
                    ineligible[r][f] = mark;
                    mark = false;
                    f += 1;
                }
            }
            assert_eq!(f, 7, "{text}");
        }
        let to_move = parts[1].chars().next().unwrap();
        let last_jump = if parts[2] == "-" {
            None
        } else {
            Some(square(parts[2]))
        };
        let mut game = Naive {
            board,
            ineligible,
            to_move,
            last_jump,
            history: Vec::new(),
        };
        game.history.push(game.key());
        game
    }

    /// The position as the repetition rule sees it.
    pub fn key(&self) -> String {
        let mut s = String::new();
        for r in 0..8 {
            for f in 0..7 {
                s.push(self.board[r][f]);
                s.push(if self.ineligible[r][f] { '~' } else { ' ' });
            }
        }
        s.push(self.to_move);
        s
    }

    fn other(side: char) -> char {
        if side == 'x' {
            'o'
        } else {
            'x'
        }
    }

    fn holder(&self, side: char) -> (i32, i32) {
        let big = side.to_ascii_uppercase();
        for r in 0..RANKS {
            for f in 0..FILES {
                if self.board[r as usize][f as usize] == big {
                    return (f, r);
                }
            }
        }
        panic!("no ball for {side}")
    }

    fn at(&self, f: i32, r: i32) -> char {
        self.board[r as usize][f as usize]
    }

    /// The side that has won, if any: the side that just moved, with its
    /// ball on the far rank.
    pub fn winner(&self) -> Option<char> {
        let mover = Naive::other(self.to_move);
        let (_, r) = self.holder(mover);
        let goal = if mover == 'x' { 0 } else { 7 };
        (r == goal).then_some(mover)
    }

    fn must_pass(&self) -> bool {
        match self.last_jump {
            None => false,
            Some((f, r)) => {
                let (hf, hr) = self.holder(self.to_move);
                (f - hf).abs() <= 1 && (r - hr).abs() <= 1
            }
        }
    }

    fn jumps(&self) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..RANKS {
            for f in 0..FILES {
                if self.at(f, r) != self.to_move {
                    continue;
                }
                for (df, dr) in KNIGHT {
                    let (tf, tr) = (f + df, r + dr);
                    if on_board(tf, tr) && self.at(tf, tr) == '.' {
                        out.push(format!("{}-{}", name(f, r), name(tf, tr)));
                    }
                }
            }
        }
        out
    }

    fn chains(&self) -> Vec<String> {
        let mut out = Vec::new();
        let start = self.holder(self.to_move);
        let mut path = vec![start];
        self.grow(&mut path, &mut out);
        out
    }

    fn grow(&self, path: &mut Vec<(i32, i32)>, out: &mut Vec<String>) {
        let (f, r) = *path.last().unwrap();
        for (df, dr) in LINES {
            let (mut tf, mut tr) = (f + df, r + dr);
            while on_board(tf, tr) && self.at(tf, tr) == '.' {
                tf += df;
                tr += dr;
            }
            if !on_board(tf, tr) {
                continue;
            }
            let ok = self.at(tf, tr) == self.to_move
                && !self.ineligible[tr as usize][tf as usize]
                && !path.contains(&(tf, tr));
            if ok {
                path.push((tf, tr));
                let text: Vec<String> = path.iter().map(|&(a, b)| name(a, b)).collect();
                out.push(text.join("-"));
                self.grow(path, out);
                path.pop();
            }
        }
    }

    /// The position after `mv` (a string), without checking anything.
    pub fn after(&self, mv: &str) -> Naive {
        let mut next = self.clone();
        let squares: Vec<(i32, i32)> = mv.split('-').map(square).collect();
        let (f0, r0) = squares[0];
        let first = self.at(f0, r0);
        if first == self.to_move.to_ascii_uppercase() {
            for &(f, r) in &squares[..squares.len() - 1] {
                next.board[r as usize][f as usize] = self.to_move;
                next.ineligible[r as usize][f as usize] = true;
            }
            let (f, r) = squares[squares.len() - 1];
            next.board[r as usize][f as usize] = self.to_move.to_ascii_uppercase();
            next.last_jump = None;
        } else {
            let (f1, r1) = squares[1];
            next.board[r0 as usize][f0 as usize] = '.';
            next.ineligible[r0 as usize][f0 as usize] = false;
            next.board[r1 as usize][f1 as usize] = first;
            next.last_jump = Some((f1, r1));
        }
        next.to_move = Naive::other(self.to_move);
        next.history.push(next.key());
        next
    }

    /// The legal turns, sorted as text.
    pub fn legal(&self) -> Vec<String> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let fresh = |mv: &String| {
            let key = self.after(mv).key();
            !self.history.contains(&key)
        };
        let passes: Vec<String> = self.chains().into_iter().filter(fresh).collect();
        let mut all = if self.must_pass() && !passes.is_empty() {
            passes
        } else {
            let mut all = passes;
            all.extend(self.jumps().into_iter().filter(fresh));
            all
        };
        all.sort();
        all
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let children = |n: &Self| -> Vec<Self> { n.legal().iter().map(|mv| n.after(mv)).collect() };
        arbiter_core::testing::naive::perft(self, depth, &children)
    }
}
