//! A second, deliberately naive Tilechess referee for cross-checking the
//! engine: maps keyed by coordinate pairs, pieces as characters, actions as
//! strings, and every distance worked out by brute force.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

const PALETTE: [&str; 12] = [
    "red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink", "brown", "grey", "white",
    "black",
];

#[derive(Clone, Debug)]
pub struct Naive {
    /// Block bounds, inclusive.
    pub lo: (i32, i32),
    pub hi: (i32, i32),
    pub open: BTreeSet<(i32, i32)>,
    /// Tile -> (seat, role letter).
    pub pieces: BTreeMap<(i32, i32), (usize, char)>,
    pub land: BTreeMap<(i32, i32), usize>,
    pub names: Vec<String>,
    pub out: Vec<bool>,
    pub points: Vec<u32>,
    pub last: Option<usize>,
    pub eight: bool,
    pub repeat: bool,
}

fn block_of(t: (i32, i32)) -> (i32, i32) {
    (t.0.div_euclid(4), t.1.div_euclid(4))
}

fn value(role: char) -> u32 {
    match role {
        'P' | 'K' => 1,
        'N' | 'B' => 3,
        'R' => 5,
        'Q' => 9,
        _ => panic!("no such role {role}"),
    }
}

fn tile(s: &str) -> (i32, i32) {
    let (x, y) = s.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

fn show(t: (i32, i32)) -> String {
    format!("{},{}", t.0, t.1)
}

impl Naive {
    pub fn new(wide: i32, high: i32, eight: bool, repeat: bool) -> Naive {
        Naive {
            lo: (0, 0),
            hi: (wide - 1, high - 1),
            open: BTreeSet::new(),
            pieces: BTreeMap::new(),
            land: BTreeMap::new(),
            names: Vec::new(),
            out: Vec::new(),
            points: Vec::new(),
            last: None,
            eight,
            repeat,
        }
    }

    fn all_blocks(&self) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for bx in self.lo.0..=self.hi.0 {
            for by in self.lo.1..=self.hi.1 {
                v.push((bx, by));
            }
        }
        v
    }

    pub fn unopened(&self) -> Vec<(i32, i32)> {
        self.all_blocks()
            .into_iter()
            .filter(|b| !self.open.contains(b))
            .collect()
    }

    pub fn is_open(&self, t: (i32, i32)) -> bool {
        self.open.contains(&block_of(t))
    }

    pub fn over(&self) -> bool {
        self.names.len() >= 2 && self.out.iter().filter(|o| !**o).count() == 1
    }

    pub fn claimants(&self) -> Vec<usize> {
        if self.over() {
            return vec![];
        }
        let mut v: Vec<usize> = (0..self.names.len())
            .filter(|&i| !self.out[i] && (self.repeat || self.last != Some(i)))
            .collect();
        v.push(self.names.len());
        v
    }

    /// Where the piece on `from` can go: (to, is_capture), ignoring king
    /// protection.
    fn reach(&self, from: (i32, i32)) -> Vec<((i32, i32), bool)> {
        let (owner, role) = self.pieces[&from];
        let mut out = Vec::new();
        let mut dirs = Vec::new();
        for dx in -2..=2i32 {
            for dy in -2..=2i32 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let step = dx.abs() <= 1 && dy.abs() <= 1;
                let leap = dx.abs() * dy.abs() == 2;
                let ok = match role {
                    'K' | 'P' => step,
                    'N' => leap,
                    'R' => step && (dx == 0 || dy == 0),
                    'B' => step && dx != 0 && dy != 0,
                    'Q' => step,
                    _ => false,
                };
                if ok {
                    dirs.push((dx, dy));
                }
            }
        }
        let slides = matches!(role, 'R' | 'B' | 'Q');
        for (dx, dy) in dirs {
            let mut k = 1;
            loop {
                let t = (from.0 + dx * k, from.1 + dy * k);
                if !self.is_open(t) {
                    break;
                }
                match self.pieces.get(&t) {
                    None => out.push((t, false)),
                    Some(&(o, _)) => {
                        if o != owner {
                            out.push((t, true));
                        }
                        break;
                    }
                }
                if !slides {
                    break;
                }
                k += 1;
            }
        }
        out
    }

    pub fn king_takeable(&self, owner: usize) -> bool {
        for (&t, &(o, role)) in &self.pieces {
            if o != owner || role == 'K' {
                continue;
            }
            for (to, cap) in self.reach(t) {
                if !cap || self.pieces[&to].1 != 'K' {
                    return false;
                }
            }
        }
        true
    }

    fn default_colour(&self) -> String {
        for p in PALETTE {
            if !self.names.iter().any(|n| n == p) {
                return p.to_string();
            }
        }
        (self.names.len()..)
            .map(|n| format!("p{n}"))
            .find(|c| !self.names.contains(c))
            .unwrap()
    }

    /// The legal actions of `seat` as sorted strings.
    pub fn legal(&self, seat: usize) -> Vec<String> {
        if !self.claimants().contains(&seat) {
            return vec![];
        }
        let mut v = Vec::new();
        if seat == self.names.len() {
            let arr = if self.eight {
                "RBNR/PKQP/PNBP/PPPP"
            } else {
                "RBNR/PKQP/PNBP/PPP."
            };
            let c = self.default_colour();
            for b in self.unopened() {
                v.push(format!("{c}: join {} {arr}", show((b.0 * 4, b.1 * 4))));
            }
        } else {
            let name = &self.names[seat];
            let mut breaks = BTreeSet::new();
            for (&t, &(o, role)) in &self.pieces {
                if o != seat {
                    continue;
                }
                for (to, cap) in self.reach(t) {
                    if cap {
                        let (victim, vrole) = self.pieces[&to];
                        if vrole == 'K' && !self.king_takeable(victim) {
                            continue;
                        }
                        v.push(format!("{name}: {}x{}", show(t), show(to)));
                    } else {
                        v.push(format!("{name}: {}-{}", show(t), show(to)));
                    }
                }
                let reach = match role {
                    'P' | 'N' => 1,
                    'K' => 2,
                    _ => continue,
                };
                for b in self.unopened() {
                    let mut best = i32::MAX;
                    for dx in 0..4 {
                        for dy in 0..4 {
                            let d = (b.0 * 4 + dx - t.0).abs().max((b.1 * 4 + dy - t.1).abs());
                            best = best.min(d);
                        }
                    }
                    if best <= reach {
                        breaks.insert(b);
                    }
                }
            }
            for b in breaks {
                v.push(format!("{name}: break {}", show((b.0 * 4, b.1 * 4))));
            }
            if v.is_empty() {
                v.push(format!("{name}: pass"));
            }
        }
        v.sort();
        v
    }

    fn open_block(&mut self, b: (i32, i32)) {
        assert!(self.open.insert(b));
        if self.unopened().is_empty() {
            self.lo = (self.lo.0 - 1, self.lo.1 - 1);
            self.hi = (self.hi.0 + 1, self.hi.1 + 1);
        }
    }

    /// Plays an action string for `seat` (trusted to be legal).
    pub fn apply(&mut self, seat: usize, text: &str) {
        let (name, rest) = text.split_once(": ").unwrap();
        let words: Vec<&str> = rest.split(' ').collect();
        match words[0] {
            "join" => {
                assert_eq!(seat, self.names.len());
                self.names.push(name.to_string());
                self.out.push(false);
                self.points.push(0);
                let corner = tile(words[1]);
                self.open_block(block_of(corner));
                for (r, row) in words[2].split('/').enumerate() {
                    for (c, ch) in row.chars().enumerate() {
                        if ch != '.' {
                            self.pieces
                                .insert((corner.0 + c as i32, corner.1 + 3 - r as i32), (seat, ch));
                        }
                    }
                }
            }
            "break" => self.open_block(block_of(tile(words[1]))),
            "pass" => {}
            step => {
                let b = step.as_bytes();
                let i = (1..b.len())
                    .find(|&i| (b[i] == b'-' || b[i] == b'x') && b[i - 1].is_ascii_digit())
                    .unwrap();
                let (from, to) = (tile(&step[..i]), tile(&step[i + 1..]));
                let (owner, role) = self.pieces.remove(&from).unwrap();
                assert_eq!(owner, seat);
                if role == 'N' {
                    self.land.insert(to, seat);
                } else {
                    let (dx, dy) = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
                    let mut t = from;
                    while t != to {
                        t = (t.0 + dx, t.1 + dy);
                        self.land.insert(t, seat);
                    }
                }
                if let Some((victim, vrole)) = self.pieces.insert(to, (seat, role)) {
                    self.points[seat] += value(vrole);
                    if vrole == 'K' {
                        self.out[victim] = true;
                        self.pieces.retain(|_, p| p.0 != victim);
                        self.land.retain(|_, s| *s != victim);
                    }
                }
            }
        }
        self.last = Some(seat);
    }

    pub fn scores(&self) -> Vec<u32> {
        (0..self.names.len())
            .map(|s| self.points[s] + self.land.values().filter(|&&o| o == s).count() as u32)
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for seat in self.claimants() {
            let moves = self.legal(seat);
            if depth == 1 {
                n += moves.len() as u64;
                continue;
            }
            for m in moves {
                let mut c = self.clone();
                c.apply(seat, &m);
                n += c.perft(depth - 1);
            }
        }
        n
    }
}
