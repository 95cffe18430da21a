//! Retrograde analysis: the exact value of every position of a finite
//! two-player game, with the distance to mate in plies.
//!
//! The method is the classic one. Every position's moves are generated once
//! (in parallel) into a compressed edge list, which is then reversed into
//! predecessor lists. Positions without moves are mates (lost in 0) or
//! stalemates (drawn). Then, level by level: every predecessor of a loss in
//! `d` is a win in `d + 1`; a position all of whose moves lead to such wins
//! is a loss in `d + 2`, because wins are found in increasing order, so the
//! last child to be settled is the longest. Whatever is never settled is a
//! draw: neither side can force a mate, so with history ignored play could
//! go on for ever.

use arbiter_core::PositionSpace;
use rayon::prelude::*;
use std::fmt;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move mates in this many plies (odd).
    Win(u16),
    /// The side to move is mated in this many plies (even) against best
    /// defence; 0 means it is mated now.
    Loss(u16),
    Draw,
}

impl Value {
    /// How good this value is for the side to move: wins beat draws beat
    /// losses, nearer wins and farther losses are better.
    pub fn goodness(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + d as i32,
        }
    }

    /// The value of the position before a move into a position of this value.
    pub fn parent(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(0) => write!(f, "mated"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// Reports the solver's progress (the CLI draws bars; tests ignore it).
pub trait Progress: Sync {
    fn begin(&self, _stage: &str, _total: u64) {}
    fn advance(&self, _n: u64) {}
    fn finish(&self) {}
}

/// No progress reporting.
pub struct Quiet;
impl Progress for Quiet {}

/// One byte per index: 0 no position, 1 draw, `d + 2` a win (odd `d`) or
/// loss (even `d`) in `d` plies.
#[derive(Clone, PartialEq, Eq)]
pub struct Table {
    pub(crate) bytes: Vec<u8>,
}

const NO_POSITION: u8 = 0;
const DRAW: u8 = 1;
/// Distances above this do not fit the one-byte encoding.
pub const MAX_DISTANCE: u16 = 253;

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Table({} entries, {:?})",
            self.bytes.len(),
            self.counts()
        )
    }
}

impl Table {
    pub fn from_bytes(bytes: Vec<u8>) -> Table {
        Table { bytes }
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The value at `index`, or `None` if the index names no position.
    #[inline]
    pub fn value(&self, index: usize) -> Option<Value> {
        decode(self.bytes[index])
    }

    /// Positions won, lost and drawn for the side to move.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &b in &self.bytes {
            match decode(b) {
                None => {}
                Some(Value::Win(d)) => {
                    counts.wins += 1;
                    counts.longest_win = counts.longest_win.max(d);
                }
                Some(Value::Loss(_)) => counts.losses += 1,
                Some(Value::Draw) => counts.draws += 1,
            }
        }
        counts
    }
}

/// How many positions fall in each class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The longest forced win, in plies.
    pub longest_win: u16,
}

impl Counts {
    pub fn positions(&self) -> u64 {
        self.wins + self.losses + self.draws
    }
}

#[inline]
fn decode(b: u8) -> Option<Value> {
    match b {
        NO_POSITION => None,
        DRAW => Some(Value::Draw),
        _ => {
            let d = (b - 2) as u16;
            Some(if d % 2 == 1 {
                Value::Win(d)
            } else {
                Value::Loss(d)
            })
        }
    }
}

#[inline]
fn encode(value: Value) -> u8 {
    match value {
        Value::Draw => DRAW,
        Value::Win(d) | Value::Loss(d) => {
            assert!(
                d <= MAX_DISTANCE,
                "distance {d} does not fit the table encoding"
            );
            d as u8 + 2
        }
    }
}

/// Marks an index that names no position in the child counts.
const ABSENT: u8 = u8::MAX;

/// Solves every position of `space`.
pub fn solve<S: PositionSpace>(space: &S, progress: &dyn Progress) -> Table {
    let size = space.size();

    // 1. Every position's children, in parallel, as a compressed edge list.
    progress.begin("generating moves", size as u64);
    const CHUNK: usize = 4096;
    let chunks: Vec<(Vec<u8>, Vec<u32>, Vec<usize>)> = (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let range = c * CHUNK..((c + 1) * CHUNK).min(size);
            let mut counts = Vec::with_capacity(range.len());
            let mut edges = Vec::with_capacity(range.len() * 8);
            let mut mates = Vec::new();
            for index in range.clone() {
                match space.position(index) {
                    None => counts.push(ABSENT),
                    Some(pos) => {
                        let before = edges.len();
                        space.for_each_child(&pos, |child| edges.push(child as u32));
                        let n = edges.len() - before;
                        assert!(n < ABSENT as usize, "too many moves");
                        counts.push(n as u8);
                        if n == 0 && space.lost_without_moves(&pos) {
                            mates.push(index);
                        }
                    }
                }
            }
            progress.advance(range.len() as u64);
            (counts, edges, mates)
        })
        .collect();
    progress.finish();

    let mut child_count = Vec::with_capacity(size);
    let mut mates = Vec::new();
    let total_edges: usize = chunks.iter().map(|(_, e, _)| e.len()).sum();
    let mut children = Vec::with_capacity(total_edges);
    for (counts, edges, m) in chunks {
        child_count.extend_from_slice(&counts);
        children.extend_from_slice(&edges);
        mates.extend_from_slice(&m);
    }

    // 2. Reverse the edges: predecessor lists in the same compressed form.
    progress.begin("reversing moves", total_edges as u64);
    let mut pred_start = vec![0u32; size + 1];
    for &child in &children {
        pred_start[child as usize + 1] += 1;
    }
    for i in 0..size {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut predecessors = vec![0u32; total_edges];
    let mut edge = 0usize;
    for (parent, &n) in child_count.iter().enumerate() {
        let n = if n == ABSENT { 0 } else { n as usize };
        for &child in &children[edge..edge + n] {
            let slot = &mut fill[child as usize];
            predecessors[*slot as usize] = parent as u32;
            *slot += 1;
        }
        edge += n;
    }
    progress.advance(total_edges as u64);
    progress.finish();
    let preds = |i: usize| &predecessors[pred_start[i] as usize..pred_start[i + 1] as usize];

    // 3. Settle values level by level.
    progress.begin("retrograde analysis", size as u64);
    let mut bytes = vec![NO_POSITION; size];
    let mut unresolved: Vec<u8> = child_count.clone();
    for (i, &n) in child_count.iter().enumerate() {
        if n == 0 {
            bytes[i] = DRAW; // stalemate, unless listed as a mate just below
        }
    }
    for &m in &mates {
        bytes[m] = encode(Value::Loss(0));
    }
    const UNKNOWN: u8 = NO_POSITION;
    let mut losses = mates;
    let mut distance = 0u16;
    while !losses.is_empty() {
        let mut wins = Vec::new();
        for &lost in &losses {
            for &p in preds(lost) {
                let p = p as usize;
                if bytes[p] == UNKNOWN {
                    bytes[p] = encode(Value::Win(distance + 1));
                    wins.push(p);
                }
            }
        }
        let mut next = Vec::new();
        for &won in &wins {
            for &p in preds(won) {
                let p = p as usize;
                if bytes[p] == UNKNOWN {
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        bytes[p] = encode(Value::Loss(distance + 2));
                        next.push(p);
                    }
                }
            }
        }
        progress.advance((losses.len() + wins.len()) as u64);
        losses = next;
        distance += 2;
    }
    for (i, b) in bytes.iter_mut().enumerate() {
        if *b == UNKNOWN && child_count[i] != ABSENT {
            *b = DRAW;
        }
    }
    progress.finish();
    Table { bytes }
}

/// Checks every position's value against its children, regenerating the
/// moves (independently of the solver's edge lists). Returns the number of
/// positions checked, or the first disagreement.
pub fn verify<S: PositionSpace>(
    space: &S,
    table: &Table,
    progress: &dyn Progress,
) -> Result<u64, String> {
    if table.len() != space.size() {
        return Err(format!(
            "the table has {} entries, the space {}",
            table.len(),
            space.size()
        ));
    }
    progress.begin("verifying", space.size() as u64);
    const CHUNK: usize = 4096;
    let result = (0..space.size().div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let range = c * CHUNK..((c + 1) * CHUNK).min(space.size());
            let mut checked = 0u64;
            for index in range.clone() {
                let stored = table.value(index);
                let Some(pos) = space.position(index) else {
                    if stored.is_some() {
                        return Err(format!("index {index} names no position but has a value"));
                    }
                    continue;
                };
                let mut best: Option<Value> = None;
                space.for_each_child(&pos, |child| {
                    let parent = table.value(child).map(Value::parent);
                    best = match (best, parent) {
                        (_, None) => Some(Value::Win(u16::MAX)), // impossible: flagged below
                        (None, Some(v)) => Some(v),
                        (Some(b), Some(v)) => Some(if v.goodness() > b.goodness() { v } else { b }),
                    };
                });
                let expected = match best {
                    None if space.lost_without_moves(&pos) => Value::Loss(0),
                    None => Value::Draw,
                    Some(v) => v,
                };
                if stored != Some(expected) {
                    return Err(format!(
                        "index {index}: stored {stored:?}, children say {expected:?}"
                    ));
                }
                checked += 1;
            }
            progress.advance(range.len() as u64);
            Ok(checked)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b));
    progress.finish();
    result
}
