//! A deliberately naive second implementation of Knight Court, written
//! from the rulebook without any of the engine's code: a 2-D array of
//! characters, pieces found by scanning, attacks found by walking rays, and
//! history kept as strings. It is slow and obviously right, which is the
//! point: perft counts must agree with the engine's.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    /// `board[rank][file]`, rank 0 is rank 1; '.' is empty.
    pub board: [[char; 3]; 3],
    /// Pieces in hand, as letters ('B', 'r', ...).
    pub hand: Vec<char>,
    pub white_to_move: bool,
}

/// The knight's leaps.
const KNIGHT: [(i32, i32); 8] = arbiter_core::geometry::wide_leaper(1, 2);
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..3).contains(&f) && (0..3).contains(&r)
}

fn is_white(c: char) -> bool {
    c.is_ascii_uppercase()
}

fn square(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Naive {
    /// Reads the rulebook's position format. Trusts its input (test data).
    pub fn parse(text: &str) -> Naive {
        let (board_part, rest) = text.split_once('[').unwrap();
        let (hand_part, side) = rest.split_once("] ").unwrap();
        let mut board = [['.'; 3]; 3];
        for (i, row) in board_part.split('/').enumerate() {
            let r = 2 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else {
                    board[r][f] = c;
                    f += 1;
                }
            }
        }
        Naive {
            board,
            hand: hand_part.chars().collect(),
            white_to_move: side == "w",
        }
    }

    /// A canonical text of the position, for the repetition history.
    pub fn key(&self) -> String {
        let mut hand = self.hand.clone();
        hand.sort();
        let rows: String = self.board.iter().flatten().collect();
        format!(
            "{rows}|{}|{}",
            hand.iter().collect::<String>(),
            self.white_to_move
        )
    }

    fn mine(&self, c: char) -> bool {
        c != '.' && is_white(c) == self.white_to_move
    }

    /// Squares attacked by the piece on (f, r).
    fn attacked_from(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let c = self.board[r as usize][f as usize].to_ascii_uppercase();
        let mut out = Vec::new();
        match c {
            'N' => {
                for (df, dr) in KNIGHT {
                    if on_board(f + df, r + dr) {
                        out.push((f + df, r + dr));
                    }
                }
            }
            'B' | 'R' => {
                let dirs = if c == 'B' { BISHOP } else { ROOK };
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while on_board(x, y) {
                        out.push((x, y));
                        if self.board[y as usize][x as usize] != '.' {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
            _ => unreachable!(),
        }
        out
    }

    /// Whether the knight of the given colour is attacked by the other side.
    pub fn knight_attacked(&self, white: bool) -> bool {
        let knight = if white { 'N' } else { 'n' };
        let mut target = None;
        for r in 0..3 {
            for f in 0..3 {
                if self.board[r as usize][f as usize] == knight {
                    target = Some((f, r));
                }
            }
        }
        let target = target.expect("a knight is always on the board");
        for r in 0..3 {
            for f in 0..3 {
                let c = self.board[r as usize][f as usize];
                if c != '.' && is_white(c) != white && self.attacked_from(f, r).contains(&target) {
                    return true;
                }
            }
        }
        false
    }

    /// Moves that do not leave the mover's knight attacked, with the
    /// positions they lead to (repetition not considered).
    pub fn moves(&self) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        for r in 0..3 {
            for f in 0..3 {
                let c = self.board[r as usize][f as usize];
                if !self.mine(c) {
                    continue;
                }
                for (x, y) in self.attacked_from(f, r) {
                    let target = self.board[y as usize][x as usize];
                    if self.mine(target) {
                        continue;
                    }
                    let mut next = self.clone();
                    next.board[r as usize][f as usize] = '.';
                    next.board[y as usize][x as usize] = c;
                    if target != '.' {
                        next.hand.push(target);
                    }
                    next.white_to_move = !self.white_to_move;
                    if !next.knight_attacked(self.white_to_move) {
                        out.push((format!("{}{}", square(f, r), square(x, y)), next));
                    }
                }
            }
        }
        let mut droppable: Vec<char> = self
            .hand
            .iter()
            .copied()
            .filter(|&c| self.mine(c))
            .collect();
        droppable.sort();
        droppable.dedup();
        for c in droppable {
            for r in 0..3 {
                for f in 0..3 {
                    if self.board[r as usize][f as usize] != '.' {
                        continue;
                    }
                    let mut next = self.clone();
                    next.board[r as usize][f as usize] = c;
                    let at = next.hand.iter().position(|&h| h == c).unwrap();
                    next.hand.remove(at);
                    next.white_to_move = !self.white_to_move;
                    if !next.knight_attacked(self.white_to_move) {
                        out.push((format!("{}@{}", c.to_ascii_uppercase(), square(f, r)), next));
                    }
                }
            }
        }
        out
    }

    /// Legal moves given the keys of every position seen so far.
    pub fn legal(&self, history: &[String]) -> Vec<(String, Naive)> {
        self.moves()
            .into_iter()
            .filter(|(_, next)| !history.contains(&next.key()))
            .collect()
    }

    /// Perft counting history from this position (which counts as seen).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut history = vec![self.key()];
        self.perft_with(depth, &mut history)
    }

    /// Perft counting `history`, the keys of the game's earlier
    /// positions, this one last.
    pub fn perft_with(&self, depth: u32, history: &mut Vec<String>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for (_, next) in self.legal(history) {
            history.push(next.key());
            total += next.perft_with(depth - 1, history);
            history.pop();
        }
        total
    }
}
