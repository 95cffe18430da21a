//! The heuristic that writes orders: per knight, the few best places to
//! end the round, then a combination within the chips at hand
//! (docs/ai.md#knight-control).
//!
//! Everything is valued in chips gained, the measure the game ends on:
//! a Chips item is worth its chips, a garnet 3 (it is exchanged), a ToL
//! piece a little (more near ten), usable items a little. A place to end
//! on is worth its item, plus a share of a capture, plus a third of the
//! best item one leap further (next round's prospects), minus the risk of
//! being captured or colliding there (cells other players' knights can
//! reach, and other players' spawn-and-move reach).

use arbiter_core::Seat;
use arbiter_knight_control::{
    Cell, CellKind, Item, Layout, Move, Movement, Orders, Rules, Spawn, State,
};

/// What an item is worth to a player holding `pieces` ToL pieces.
pub fn item_value(item: Item, pieces: u32) -> f64 {
    match item {
        Item::Garnet => 3.0,
        Item::Chips(n) => n as f64,
        Item::TolPiece => {
            if pieces % 10 >= 6 {
                1.5
            } else {
                0.7
            }
        }
        Item::ExtraMove => 0.6,
        Item::ExtraSpawn => 1.0,
        Item::Portal => 0.3,
        Item::Modify => 0.3,
    }
}

/// A knight's way to a final landing (1 to 3 landings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    pub cells: [Cell; 3],
    pub len: u8,
}

impl Path {
    pub fn end(&self) -> Cell {
        self.cells[self.len as usize - 1]
    }
}

/// Every distinct final landing of a knight of `seat` with `movement` on
/// `from`, with a shortest path to it, in breadth-first order.
pub fn reach(
    layout: &Layout,
    state: &State,
    seat: Seat,
    from: Cell,
    movement: Movement,
) -> Vec<Path> {
    let mut out: Vec<Path> = Vec::new();
    let mut frontier: Vec<Path> = Vec::new();
    for to in state.landings(layout, seat, from, movement) {
        let p = Path {
            cells: [to, 0, 0],
            len: 1,
        };
        out.push(p);
        frontier.push(p);
    }
    for depth in 1..3u8 {
        let mut next = Vec::new();
        for p in &frontier {
            let at = p.end();
            if !state.grants_bonus(layout, seat, at) {
                continue;
            }
            for to in state.landings(layout, seat, at, movement) {
                if to == from || out.iter().any(|q| q.end() == to) {
                    continue;
                }
                let mut cells = p.cells;
                cells[depth as usize] = to;
                let q = Path {
                    cells,
                    len: depth + 1,
                };
                out.push(q);
                next.push(q);
            }
        }
        frontier = next;
    }
    out
}

/// The board as one seat weighs it.
#[derive(Clone)]
pub struct Weigh<'a> {
    pub layout: &'a Layout,
    pub state: &'a State,
    pub rules: &'a Rules,
    pub seat: Seat,
    /// Per frame cell: how many other players' knights (or fresh spawns)
    /// could end the round there.
    pub threat: Vec<u8>,
    /// Cells of this seat's own knights.
    pub own: Vec<Cell>,
    /// The chance an enemy knight is still there to be captured.
    pub capture_chance: f64,
}

impl<'a> Weigh<'a> {
    pub fn new(layout: &'a Layout, state: &'a State, rules: &'a Rules, seat: Seat) -> Weigh<'a> {
        let mut threat = vec![0u8; layout.frame_size()];
        for k in state.knights.iter().filter(|k| k.owner != seat) {
            for p in reach(layout, state, k.owner, k.cell, k.movement) {
                let t = &mut threat[p.end() as usize];
                *t = t.saturating_add(1);
            }
        }
        for (s, zone) in state.zones.iter().enumerate() {
            let owner = Seat(s as u8);
            let Some(z) = zone else { continue };
            if owner == seat || state.purses[s].chips + state.purses[s].garnets == 0 {
                continue;
            }
            // A fresh 1×2 from the zone's middle cell stands for what a
            // spawn-and-move could reach.
            let cells = &layout.zone(*z).cells;
            let mid = cells[cells.len() / 2];
            for to in state.landings(layout, owner, mid, Movement::KNIGHT) {
                let t = &mut threat[to as usize];
                *t = t.saturating_add(1);
            }
        }
        let own = state
            .knights
            .iter()
            .filter(|k| k.owner == seat)
            .map(|k| k.cell)
            .collect();
        Weigh {
            layout,
            state,
            rules,
            seat,
            threat,
            own,
            capture_chance: 0.4,
        }
    }

    fn pieces(&self) -> u32 {
        self.state.purses[self.seat.index()].tol_pieces
    }

    /// The item on `cell`, valued.
    pub fn item_at(&self, cell: Cell) -> f64 {
        match self.state.items[cell as usize] {
            Some(item) => item_value(item, self.pieces()),
            None => 0.0,
        }
    }

    fn in_own_zone(&self, cell: Cell) -> bool {
        matches!(self.layout.kind(cell), CellKind::Zone(z) if self.state.zones[self.seat.index()] == Some(z))
    }

    /// The best item one move from `cell` (not counting `cell` itself).
    pub fn prospect(&self, cell: Cell, movement: Movement) -> f64 {
        reach(self.layout, self.state, self.seat, cell, movement)
            .iter()
            .map(|p| self.item_at(p.end()))
            .fold(0.0, f64::max)
    }

    fn risk(&self, cell: Cell, movement: Movement, item: f64) -> f64 {
        if self.in_own_zone(cell) {
            return 0.0;
        }
        let t = self.threat[cell as usize] as f64;
        if t == 0.0 {
            return 0.0;
        }
        let p = (0.2 * t).min(0.6);
        p * (1.0 + 0.5 * movement.cost() as f64 + 0.5 * item)
    }

    /// The value of ending the round on `cell` after moving there.
    pub fn end_value(&self, cell: Cell, movement: Movement, risk_weight: f64) -> f64 {
        let item = self.item_at(cell);
        let capture = match self.state.knight_at(cell) {
            Some(k) if k.owner != self.seat => self.capture_chance * 3.0,
            _ => 0.0,
        };
        item + capture - risk_weight * self.risk(cell, movement, item)
            + 0.35 * self.prospect(cell, movement)
    }

    /// The value of a knight staying where it is (items there are gone).
    pub fn stay_value(&self, cell: Cell, movement: Movement, risk_weight: f64) -> f64 {
        -risk_weight * self.risk(cell, movement, 0.0) + 0.35 * self.prospect(cell, movement)
    }

    /// A knight's best few moves, best first: (path, value).
    pub fn options(
        &self,
        from: Cell,
        movement: Movement,
        risk_weight: f64,
        keep: usize,
    ) -> Vec<(Path, f64)> {
        let mut list: Vec<(Path, f64)> = reach(self.layout, self.state, self.seat, from, movement)
            .into_iter()
            .filter(|p| !self.own.contains(&p.end()))
            .map(|p| (p, self.end_value(p.end(), movement, risk_weight)))
            .collect();
        list.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.end().cmp(&b.0.end())));
        list.truncate(keep);
        list
    }
}

/// Knobs that turn the heuristic into different candidate orders.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub risk_weight: f64,
    /// What a chip spent on an extra move must buy.
    pub chip_value: f64,
    pub spawn: bool,
    /// (rank of the knight by gain, rank of the option it takes instead of
    /// its best).
    pub forced: Option<(usize, usize)>,
}

impl Style {
    pub const GREEDY: Style = Style {
        risk_weight: 1.0,
        chip_value: 0.6,
        spawn: true,
        forced: None,
    };
}

/// One knight under consideration: where it starts, how it leaps, and its
/// stay value and options.
struct Piece {
    start: Cell,
    movement: Movement,
    stay: f64,
    options: Vec<(Path, f64)>,
}

/// Orders for `seat` in `style`, exchanging every garnet first. Orders are
/// always well formed; they may still be void if a purse sample was wrong.
pub fn plan(w: &Weigh, style: Style) -> Orders {
    let layout = w.layout;
    let state = w.state;
    let seat = w.seat;
    let purse = state.purses[seat.index()];
    let mut budget = purse.chips + purse.garnets * w.rules.garnet_rate;
    let mut orders = Orders {
        exchange: purse.garnets,
        ..Orders::default()
    };
    let rounds_left = (w.rules.rounds + 1).saturating_sub(state.round) as f64;
    let mut pieces: Vec<Piece> = state
        .knights
        .iter()
        .filter(|k| k.owner == seat)
        .map(|k| Piece {
            start: k.cell,
            movement: k.movement,
            stay: w.stay_value(k.cell, k.movement, style.risk_weight),
            options: w.options(k.cell, k.movement, style.risk_weight, 4),
        })
        .collect();
    let mut spawn_cell = None;
    // A spawn: the free zone cell with the best first move, if a knight is
    // worth its chip (it keeps collecting in later rounds).
    if style.spawn && budget >= 1 {
        if let Some(z) = state.zones[seat.index()] {
            let mut best: Option<Piece> = None;
            for &cell in &layout.zone(z).cells {
                if state.knight_at(cell).is_some() {
                    continue;
                }
                let options = w.options(cell, Movement::KNIGHT, style.risk_weight, 4);
                let first = options.first().map_or(0.0, |o| o.1);
                if best
                    .as_ref()
                    .is_none_or(|b| first > b.options.first().map_or(0.0, |o| o.1))
                {
                    best = Some(Piece {
                        start: cell,
                        movement: Movement::KNIGHT,
                        stay: 0.35 * w.prospect(cell, Movement::KNIGHT),
                        options,
                    });
                }
            }
            let mine = pieces.len() as f64;
            if let Some(p) = best {
                let first = p.options.first().map_or(0.0, |o| o.1).max(p.stay);
                let future = 0.5 * (rounds_left - 1.0).clamp(0.0, 4.0) / (1.0 + 0.3 * mine);
                if first + future > 1.0 {
                    orders.spawn = Some(Spawn {
                        cell: layout.place(p.start),
                        movement: p.movement,
                    });
                    budget -= 1;
                    spawn_cell = Some(p.start);
                    pieces.push(p);
                }
            }
        }
    }
    // Knights by what moving gains over staying, best first.
    let gain = |p: &Piece, rank: usize| {
        p.options
            .get(rank)
            .map_or(f64::NEG_INFINITY, |o| o.1 - p.stay)
    };
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by(|&a, &b| {
        gain(&pieces[b], 0)
            .total_cmp(&gain(&pieces[a], 0))
            .then(a.cmp(&b))
    });
    // No knight may end on the fresh spawn (it would capture it) unless
    // the spawn itself moves away; keeping it simple, never.
    let mut ends: Vec<Cell> = spawn_cell.into_iter().collect();
    let mut moves = 0u32;
    for (rank, &i) in order.iter().enumerate() {
        let p = &pieces[i];
        let first_choice = match style.forced {
            Some((r, option)) if r == rank => option,
            _ => 0,
        };
        // A knight hemmed in may have fewer options than the forced rank:
        // then it takes its best free one, as without the force.
        let first_choice = first_choice.min(p.options.len());
        let pick = (first_choice..p.options.len())
            .chain(0..first_choice)
            .find(|&o| !ends.contains(&p.options[o].0.end()));
        let Some(o) = pick else { continue };
        let (path, value) = p.options[o];
        let price = if moves == 0 { 0.0 } else { style.chip_value };
        let forced_here = matches!(style.forced, Some((r, _)) if r == rank);
        if !forced_here && value - p.stay <= price {
            continue;
        }
        if moves > 0 && budget == 0 {
            continue;
        }
        if moves > 0 {
            budget -= 1;
        }
        moves += 1;
        ends.push(path.end());
        orders.moves.push(Move {
            knight: layout.place(p.start),
            landings: path.cells[..path.len as usize]
                .iter()
                .map(|&c| layout.place(c))
                .collect(),
        });
    }
    orders
}

/// The candidates a narrow search considers: [`candidates`] lists the
/// same ones, in the same order, for any count up to this.
pub const OWN_NARROW: usize = 8;

/// A handful of distinct candidate orders for `seat`: the greedy ones
/// first, a bold one (captures counted as likely), then the second and
/// third choices of the two most eager knights, a cautious plan, a plan
/// without spawning, an eager one, and passing; for more than
/// [`OWN_NARROW`], more knights' other choices.
pub fn candidates(w: &Weigh, count: usize) -> Vec<Orders> {
    let mut styles = vec![Style::GREEDY];
    for knight in 0..2 {
        for option in 1..3 {
            styles.push(Style {
                forced: Some((knight, option)),
                ..Style::GREEDY
            });
        }
    }
    styles.push(Style {
        risk_weight: 3.0,
        ..Style::GREEDY
    });
    styles.push(Style {
        spawn: false,
        ..Style::GREEDY
    });
    styles.push(Style {
        chip_value: 0.0,
        ..Style::GREEDY
    });
    // Past the first eight, a wide search also tries the first two
    // knights' fourth choices, then the third and fourth knights' second
    // and third.
    if count > OWN_NARROW {
        for forced in [(0, 3), (1, 3), (2, 1), (2, 2), (3, 1), (3, 2)] {
            styles.push(Style {
                forced: Some(forced),
                ..Style::GREEDY
            });
        }
    }
    // A bold plan that counts on enemy knights staying put to be captured.
    let bold = Weigh {
        capture_chance: 0.9,
        ..w.clone()
    };
    let mut out: Vec<Orders> = vec![plan(w, Style::GREEDY)];
    let bold_plan = plan(&bold, Style::GREEDY);
    if !out.contains(&bold_plan) {
        out.push(bold_plan);
    }
    for style in styles {
        let o = plan(w, style);
        if !out.contains(&o) {
            out.push(o);
        }
        if out.len() + 1 >= count {
            break;
        }
    }
    let pass = Orders {
        exchange: w.state.purses[w.seat.index()].garnets,
        ..Orders::default()
    };
    if !out.contains(&pass) {
        out.push(pass);
    }
    out
}

/// How good the state is for `seat`, in chips gained: what it has gained,
/// its garnets (worth their exchange), its ToL pieces, a little for chips
/// and for each knight still able to collect.
pub fn evaluate(layout: &Layout, state: &State, rules: &Rules, seat: Seat) -> f64 {
    let p = state.purses[seat.index()];
    let rounds_left = (rules.rounds + 1).saturating_sub(state.round) as f64;
    let pieces = p.tol_pieces as f64 * if p.tol_pieces >= 10 { 1.0 } else { 0.7 };
    let mut value =
        p.gained as f64 + (p.garnets * rules.garnet_rate) as f64 + pieces + 0.3 * p.chips as f64;
    if rounds_left > 0.0 {
        let w = Weigh {
            layout,
            state,
            rules,
            seat,
            threat: Vec::new(),
            own: Vec::new(),
            capture_chance: 0.0,
        };
        for k in state.knights.iter().filter(|k| k.owner == seat) {
            value += 0.4 + 0.35 * w.prospect(k.cell, k.movement);
        }
    }
    value
}
