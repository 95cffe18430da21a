//! A deliberately naive second implementation of Progressive Chess, for
//! checking the engine's perft numbers. It shares no code with the crate:
//! the board is a 2-D array of chars, pools are strings, attacks are found
//! by generating the enemy's captures, and every turn is played out.
#![allow(dead_code)]

#[derive(Clone, Debug)]
pub struct Naive {
    /// `b[rank][file]`, '.' for empty, uppercase White.
    pub b: [[char; 7]; 7],
    /// `spent[rank][file]`: a protector there has used its shield.
    pub spent: [[bool; 7]; 7],
    pub white: bool,
    pub pts: [u32; 2],
    /// Captured pieces by side, as uppercase letters.
    pub pools: [String; 2],
}

#[derive(Clone, Debug, PartialEq)]
pub enum NMove {
    Go((i32, i32), (i32, i32)),
    Swap((i32, i32), (i32, i32)),
    Raise((i32, i32), char),
}

fn is_white(c: char) -> bool {
    c.is_ascii_uppercase()
}

fn on(f: i32, r: i32) -> bool {
    (0..7).contains(&f) && (0..7).contains(&r)
}

fn children(c: char) -> &'static str {
    match c {
        'P' => "WFS",
        'W' => "RL",
        'F' => "BL",
        'S' => "UN",
        'R' => "CT",
        'L' => "TX",
        'B' => "XZ",
        _ => "",
    }
}

fn price(c: char) -> u32 {
    if "WFS".contains(c) {
        1
    } else if "RBLUN".contains(c) {
        2
    } else {
        3
    }
}

impl Naive {
    pub fn parse(text: &str) -> Naive {
        let f: Vec<&str> = text.split(' ').collect();
        let mut b = [['.'; 7]; 7];
        for (i, row) in f[0].split('/').enumerate() {
            let r = 6 - i;
            let mut file = 0;
            for c in row.chars() {
                if c.is_ascii_digit() {
                    file += c as usize - '0' as usize;
                } else {
                    b[r][file] = c;
                    file += 1;
                }
            }
        }
        let mut spent = [[false; 7]; 7];
        if f[4] != "-" {
            let cs: Vec<char> = f[4].chars().collect();
            for pair in cs.chunks(2) {
                spent[pair[1] as usize - '1' as usize][pair[0] as usize - 'a' as usize] = true;
            }
        }
        let mut pools = [String::new(), String::new()];
        if f[5] != "-" {
            for c in f[5].chars() {
                pools[if is_white(c) { 0 } else { 1 }].push(c.to_ascii_uppercase());
            }
        }
        Naive {
            b,
            spent,
            white: f[1] == "w",
            pts: [f[2].parse().unwrap(), f[3].parse().unwrap()],
            pools,
        }
    }

    fn at(&self, f: i32, r: i32) -> char {
        self.b[r as usize][f as usize]
    }

    fn mine(&self, c: char, white: bool) -> bool {
        c != '.' && is_white(c) == white
    }

    /// Every move of `white`'s pieces by their movement rules, king safety
    /// ignored.
    pub fn pseudo(&self, white: bool) -> Vec<NMove> {
        let mut out = Vec::new();
        for r in 0..7 {
            for f in 0..7 {
                let c = self.at(f, r);
                if !self.mine(c, white) {
                    continue;
                }
                self.piece_moves(f, r, c.to_ascii_uppercase(), white, &mut out);
            }
        }
        out
    }

    fn piece_moves(&self, f: i32, r: i32, kind: char, white: bool, out: &mut Vec<NMove>) {
        let from = (f, r);
        let enemy = |c: char| c != '.' && is_white(c) != white;
        let free_or_enemy = |c: char| c == '.' || enemy(c);
        let steps = |deltas: &[(i32, i32)], out: &mut Vec<NMove>| {
            for &(df, dr) in deltas {
                let (nf, nr) = (f + df, r + dr);
                if on(nf, nr) && free_or_enemy(self.at(nf, nr)) {
                    out.push(NMove::Go(from, (nf, nr)));
                }
            }
        };
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let all8 = [orth, diag].concat();
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<NMove>| {
            for &(df, dr) in dirs {
                let (mut nf, mut nr) = (f + df, r + dr);
                while on(nf, nr) {
                    let c = self.at(nf, nr);
                    if c == '.' {
                        out.push(NMove::Go(from, (nf, nr)));
                    } else {
                        if enemy(c) {
                            out.push(NMove::Go(from, (nf, nr)));
                        }
                        break;
                    }
                    nf += df;
                    nr += dr;
                }
            }
        };
        match kind {
            'P' => {
                let fwd = if white { 1 } else { -1 };
                if on(f, r + fwd) && self.at(f, r + fwd) == '.' {
                    out.push(NMove::Go(from, (f, r + fwd)));
                }
                for df in [-1, 1] {
                    if on(f + df, r + fwd) && enemy(self.at(f + df, r + fwd)) {
                        out.push(NMove::Go(from, (f + df, r + fwd)));
                    }
                }
            }
            'K' | 'L' => steps(&all8, out),
            'W' => steps(&orth, out),
            'F' => steps(&diag, out),
            'X' => steps(&arbiter_core::geometry::wide_leaper(1, 3), out),
            'R' => slide(&orth, out),
            'B' => slide(&diag, out),
            'T' => slide(&[(1, 0), (-1, 0)], out),
            'C' => {
                // Walk each line counting the pieces met: any empty square
                // before the second piece is a stop, the first or the second
                // piece is a capture if it is an enemy, and nothing past the
                // second piece is reached.
                for (df, dr) in orth {
                    let (mut nf, mut nr) = (f + df, r + dr);
                    let mut met = 0;
                    while on(nf, nr) && met < 2 {
                        let c = self.at(nf, nr);
                        if c == '.' || enemy(c) {
                            out.push(NMove::Go(from, (nf, nr)));
                        }
                        if c != '.' {
                            met += 1;
                        }
                        nf += df;
                        nr += dr;
                    }
                }
            }
            'Z' => {
                let mut seen: Vec<(i32, i32)> = Vec::new();
                for a in diag {
                    for b in diag {
                        // perpendicular diagonals: dot product zero
                        if a.0 * b.0 + a.1 * b.1 != 0 {
                            continue;
                        }
                        let (mut nf, mut nr) = (f, r);
                        let mut n = 0;
                        loop {
                            let d = if n % 2 == 0 { a } else { b };
                            nf += d.0;
                            nr += d.1;
                            n += 1;
                            if !on(nf, nr) {
                                break;
                            }
                            let c = self.at(nf, nr);
                            if free_or_enemy(c) && !seen.contains(&(nf, nr)) {
                                seen.push((nf, nr));
                                out.push(NMove::Go(from, (nf, nr)));
                            }
                            if c != '.' {
                                break;
                            }
                        }
                    }
                }
            }
            'S' => {
                for rr in 0..7 {
                    for ff in 0..7 {
                        if (ff, rr) != from && self.mine(self.at(ff, rr), white) {
                            out.push(NMove::Swap(from, (ff, rr)));
                        }
                    }
                }
            }
            'U' => {
                for &(df, dr) in &all8 {
                    let (nf, nr) = (f + df, r + dr);
                    if on(nf, nr) {
                        let c = self.at(nf, nr);
                        if c != '.' && !c.eq_ignore_ascii_case(&'K') {
                            out.push(NMove::Swap(from, (nf, nr)));
                        }
                    }
                }
            }
            'N' => {
                let pool = &self.pools[if white { 0 } else { 1 }];
                let mut kinds: Vec<char> = pool.chars().collect();
                kinds.sort();
                kinds.dedup();
                for k in kinds {
                    out.push(NMove::Raise(from, k));
                }
            }
            _ => {}
        }
    }

    fn king(&self, white: bool) -> (i32, i32) {
        let k = if white { 'K' } else { 'k' };
        for r in 0..7 {
            for f in 0..7 {
                if self.at(f, r) == k {
                    return (f, r);
                }
            }
        }
        panic!("no king")
    }

    /// Whether `white`'s king could be captured by one of the enemy's moves.
    pub fn in_check(&self, white: bool) -> bool {
        let k = self.king(white);
        self.pseudo(!white)
            .iter()
            .any(|m| matches!(m, NMove::Go(_, to) if *to == k))
    }

    fn shield_hit(&self, m: &NMove) -> bool {
        match m {
            NMove::Go(_, (f, r)) => {
                let c = self.at(*f, *r);
                c != '.' && c.eq_ignore_ascii_case(&'T') && !self.spent[*r as usize][*f as usize]
            }
            _ => false,
        }
    }

    /// Plays the move step; returns whether it captured a piece.
    pub fn do_move(&mut self, m: &NMove) -> bool {
        let side = if self.white { 0 } else { 1 };
        match *m {
            NMove::Go((ff, fr), (tf, tr)) => {
                let (ff, fr, tf, tr) = (ff as usize, fr as usize, tf as usize, tr as usize);
                let victim = self.b[tr][tf];
                if self.shield_hit(m) {
                    self.spent[tr][tf] = true;
                    return false;
                }
                self.b[tr][tf] = self.b[fr][ff];
                self.spent[tr][tf] = self.spent[fr][ff];
                self.b[fr][ff] = '.';
                self.spent[fr][ff] = false;
                if victim != '.' {
                    self.pools[side].push(victim.to_ascii_uppercase());
                    self.pts[side] += 2;
                    return true;
                }
                false
            }
            NMove::Swap((ff, fr), (tf, tr)) => {
                let (ff, fr, tf, tr) = (ff as usize, fr as usize, tf as usize, tr as usize);
                let c = self.b[fr][ff];
                self.b[fr][ff] = self.b[tr][tf];
                self.b[tr][tf] = c;
                let s = self.spent[fr][ff];
                self.spent[fr][ff] = self.spent[tr][tf];
                self.spent[tr][tf] = s;
                false
            }
            NMove::Raise((f, r), k) => {
                let i = self.pools[side].find(k).unwrap();
                self.pools[side].remove(i);
                self.b[r as usize][f as usize] = if self.white {
                    k
                } else {
                    k.to_ascii_lowercase()
                };
                self.spent[r as usize][f as usize] = false;
                false
            }
        }
    }

    /// Every legal turn, as the position after it.
    pub fn children(&self) -> Vec<Naive> {
        let mut out = Vec::new();
        let side = if self.white { 0 } else { 1 };
        for m in self.pseudo(self.white) {
            let mut mid = self.clone();
            mid.do_move(&m);
            // A shield hit leaves the board as it was, so this test is the
            // same as judging on the unchanged board.
            if mid.in_check(self.white) {
                continue;
            }
            let mut end = |mut p: Naive| {
                p.white = !p.white;
                let next = if p.white { 0 } else { 1 };
                p.pts[next] += 1;
                out.push(p);
            };
            end(mid.clone());
            for r in 0..7 {
                for f in 0..7 {
                    let c = mid.b[r][f];
                    if !mid.mine(c, self.white) {
                        continue;
                    }
                    for up in children(c.to_ascii_uppercase()).chars() {
                        if price(up) <= mid.pts[side] {
                            let mut p = mid.clone();
                            p.b[r][f] = if self.white {
                                up
                            } else {
                                up.to_ascii_lowercase()
                            };
                            p.spent[r][f] = false;
                            p.pts[side] -= price(up);
                            end(p);
                        }
                    }
                }
            }
        }
        out
    }

    /// Placement, side, points, spent shields and pools (letters sorted),
    /// for comparing child positions with the engine's.
    pub fn key(&self) -> String {
        let mut spent = String::new();
        for r in 0..7 {
            for f in 0..7 {
                if self.spent[r][f] {
                    spent.push((b'a' + f as u8) as char);
                    spent.push((b'1' + r as u8) as char);
                }
            }
        }
        let mut pools: Vec<char> = self.pools[0].chars().collect();
        pools.extend(self.pools[1].chars().map(|c| c.to_ascii_lowercase()));
        pools.sort();
        let pools: String = pools.into_iter().collect();
        format!(
            "{} {} {} {} {} {}",
            placement(&self.b),
            if self.white { "w" } else { "b" },
            self.pts[0],
            self.pts[1],
            if spent.is_empty() {
                "-".to_string()
            } else {
                spent
            },
            if pools.is_empty() {
                "-".to_string()
            } else {
                pools
            }
        )
    }

    pub fn perft(&self, depth: u32) -> u64 {
        arbiter_core::testing::naive::perft(self, depth, &Naive::children)
    }
}

/// The board `b` (`b[rank][file]`, '.' for empty) as a position string's
/// placement, rank 7 first.
pub fn placement(b: &[[char; 7]; 7]) -> String {
    arbiter_core::testing::naive::placement(b.iter().rev().map(|rank| &rank[..]))
}

/// The engine's position string reduced to what [`Naive::key`] holds:
/// placement, side, points, spent shields and pools (letters sorted).
pub fn engine_key(text: &str) -> String {
    let f: Vec<&str> = text.split(' ').collect();
    let mut pools: Vec<char> = if f[5] == "-" {
        Vec::new()
    } else {
        f[5].chars().collect()
    };
    pools.sort();
    let pools: String = pools.into_iter().collect();
    format!(
        "{} {} {} {} {} {}",
        f[0],
        f[1],
        f[2],
        f[3],
        f[4],
        if pools.is_empty() { "-" } else { &pools }
    )
}
