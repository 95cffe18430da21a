//! Random playouts for 2 to 11 players, checking invariants after every
//! step: purses never negative, knights only on the grid or in their
//! owner's zone, one knight per cell, costs charged exactly, void only when
//! unaffordable, chips gained consistent with what the log and the
//! submissions say, and replays from the JSON record identical.
//!
//! The accounting here is the test's own, from its submissions and the
//! public log, not the engine's.

mod common;

use common::{knights, zone_letters};

use arbiter_core::{GameRng, Seat, Seed};
use arbiter_knight_control::record::{Record, Recorder};
use arbiter_knight_control::{
    Action, CellKind, Event, Item, ItemChoices, KnightControl, Move, Movement, Orders, Rules,
    Spawn, Stage,
};

#[derive(Clone, Copy, Default, Debug)]
struct Books {
    costs: i64,
    refunds: i64,
    trades: i64,
    communal: i64,
}

/// What a pending submission will cost: (costs, refunds).
#[derive(Clone, Copy, Default)]
struct Due(i64, i64);

fn landings(g: &KnightControl, seat: Seat, from: u16, movement: Movement) -> Vec<u16> {
    let layout = g.layout();
    let (fx, fy) = layout.xy(from);
    (0..layout.frame_size() as u16)
        .filter(|&c| {
            let (x, y) = layout.xy(c);
            g.state().may_stand(layout, seat, c) && movement.leaps(x - fx, y - fy)
        })
        .collect()
}

fn random_movement(rng: &mut GameRng) -> Movement {
    if rng.chance(0.6) {
        return Movement::KNIGHT;
    }
    let m = 1 + rng.below(3) as u8;
    let n = (m.max(2)) + rng.below(3) as u8;
    Movement::new(m, n).unwrap()
}

fn random_orders(g: &KnightControl, seat: Seat, rng: &mut GameRng) -> (Orders, Due) {
    let layout = g.layout();
    let state = g.state();
    let mut orders = Orders::default();
    if rng.chance(0.1) {
        orders.exchange = rng.below(state.purses[seat.index()].garnets as usize + 1) as u32;
    }
    let zone = state.zones[seat.index()].unwrap();
    let free: Vec<u16> = layout
        .zone(zone)
        .cells
        .iter()
        .copied()
        .filter(|&c| state.knight_at(c).is_none())
        .collect();
    let mut starts: Vec<(u16, Movement)> = state
        .knights
        .iter()
        .filter(|k| k.owner == seat)
        .map(|k| (k.cell, k.movement))
        .collect();
    if !free.is_empty() && rng.chance(0.5) {
        let cell = free[rng.below(free.len())];
        let movement = random_movement(rng);
        orders.spawn = Some(Spawn {
            cell: layout.place(cell),
            movement,
        });
        starts.push((cell, movement));
    }
    for (start, movement) in starts {
        if !rng.chance(0.5) {
            continue;
        }
        let mut path = Vec::new();
        let mut at = start;
        loop {
            let options = landings(g, seat, at, movement);
            if options.is_empty() {
                break;
            }
            at = options[rng.below(options.len())];
            path.push(layout.place(at));
            if path.len() == 3 || !state.grants_bonus(layout, seat, at) || rng.chance(0.3) {
                break;
            }
        }
        if !path.is_empty() {
            orders.moves.push(Move {
                knight: layout.place(start),
                landings: path,
            });
        }
    }
    let cost = orders
        .spawn
        .map_or(0, |s| s.movement.m as i64 + s.movement.n as i64 - 2)
        + (orders.moves.len() as i64 - 1).max(0);
    (orders, Due(cost, 0))
}

fn random_choices(g: &KnightControl, seat: Seat, rng: &mut GameRng) -> (ItemChoices, Due) {
    let uses = g.single_item_uses(seat);
    let mut choices = ItemChoices::default();
    if uses.is_empty() {
        return (choices, Due::default());
    }
    let mut knights_used: Vec<arbiter_knight_control::Place> = Vec::new();
    for _ in 0..3 {
        let u = &uses[rng.below(uses.len())];
        if let Some(&(k, to)) = u.extra_moves.first() {
            if !knights_used.contains(&k) {
                knights_used.push(k);
                choices.extra_moves.push((k, to));
            }
        }
        if let Some((k, to)) = u.teleport {
            if choices.teleport.is_none() && !knights_used.contains(&k) {
                knights_used.push(k);
                choices.teleport = Some((k, to));
            }
        }
        if let Some(&(k, _)) = u.modifies.first() {
            if !knights_used.contains(&k) {
                knights_used.push(k);
                choices.modifies.push((k, random_movement(rng)));
            }
        }
        if let Some(&s) = u.spawns.first() {
            let held = g.held(seat).extra_spawns as usize;
            if choices.spawns.len() < held && !choices.spawns.iter().any(|x| x.cell == s.cell) {
                choices.spawns.push(Spawn {
                    cell: s.cell,
                    movement: random_movement(rng),
                });
            }
        }
    }
    let layout = g.layout();
    let mut due = Due::default();
    for s in &choices.spawns {
        due.0 += s.movement.m as i64 + s.movement.n as i64 - 3;
    }
    for &(k, m) in &choices.modifies {
        let old = g
            .state()
            .knight_at(layout.cell(k).unwrap())
            .unwrap()
            .movement;
        let delta = (m.m as i64 + m.n as i64) - (old.m as i64 + old.n as i64);
        if delta > 0 {
            due.0 += delta;
        } else {
            due.1 -= delta;
        }
    }
    (choices, due)
}

struct Run {
    rec: Recorder,
    rng: GameRng,
    books: Vec<Books>,
    due: Vec<Option<Due>>,
    /// This step's submissions, in notation.
    texts: Vec<Option<String>>,
}

/// A deliberately naive referee for one orders or item step: knights as
/// (cell name, owner, movement, moved) strings, looked up by name; a knight
/// that did not move is removed when any mover ends on its cell, a mover
/// when another mover ends on its cell too.
fn naive_step(pre: &KnightControl, texts: &[Option<String>], void: &[bool]) -> Vec<String> {
    let layout = pre.layout();
    let mut knights: Vec<(String, usize, String, bool)> = pre
        .state()
        .knights
        .iter()
        .map(|k| {
            (
                layout.name(k.cell),
                k.owner.index(),
                k.movement.to_string(),
                false,
            )
        })
        .collect();
    let actions: Vec<(usize, Action)> = texts
        .iter()
        .enumerate()
        .filter(|(s, _)| !void[*s])
        .filter_map(|(s, t)| {
            t.as_ref()
                .map(|t| (s, Action::parse(t, pre.players()).unwrap()))
        })
        .collect();
    let find = |knights: &Vec<(String, usize, String, bool)>, cell: String| {
        knights
            .iter()
            .position(|k| !k.3 && k.0 == cell)
            .expect("a named knight")
    };
    for (s, a) in &actions {
        match a {
            Action::Orders(o) => {
                if let Some(sp) = o.spawn {
                    knights.push((sp.cell.to_string(), *s, sp.movement.to_string(), false));
                }
            }
            Action::Items(c) => {
                for sp in &c.spawns {
                    knights.push((sp.cell.to_string(), *s, sp.movement.to_string(), false));
                }
            }
            _ => {}
        }
    }
    let mut modifies = Vec::new();
    let mut moves: Vec<(usize, String)> = Vec::new();
    for (_, a) in &actions {
        match a {
            Action::Orders(o) => {
                for m in &o.moves {
                    let i = find(&knights, m.knight.to_string());
                    moves.push((i, m.landings.last().unwrap().to_string()));
                }
            }
            Action::Items(c) => {
                for (k, to) in c.extra_moves.iter().chain(c.teleport.iter()) {
                    moves.push((find(&knights, k.to_string()), to.to_string()));
                }
                for (k, m) in &c.modifies {
                    modifies.push((find(&knights, k.to_string()), m.to_string()));
                }
            }
            _ => {}
        }
    }
    for (i, to) in moves {
        knights[i].0 = to;
        knights[i].3 = true;
    }
    for (i, m) in modifies {
        knights[i].2 = m;
    }
    let movers_on = |cell: &str| knights.iter().filter(|k| k.3 && k.0 == cell).count();
    let mut out: Vec<String> = knights
        .iter()
        .filter(|k| {
            if k.3 {
                movers_on(&k.0) == 1
            } else {
                movers_on(&k.0) == 0
            }
        })
        .map(|k| format!("{} P{} {}", k.0, k.1 + 1, k.2))
        .collect();
    out.sort();
    out
}

/// A deliberately naive check of the bidding, on strings: a bid is valid
/// when it is five distinct letters of "ABCDEFGHIJK" (anything else counts
/// as no bid); position by position, a letter not yet taken that exactly
/// one still-unplaced bidder asks for goes to that bidder. The rest must get
/// distinct letters that nobody took by bid, never X.
fn naive_bidding(g: &KnightControl, texts: &[Option<String>]) {
    let players = g.players();
    let bids: Vec<Option<Vec<char>>> = (0..players)
        .map(|s| {
            let text = texts.get(s)?.as_ref()?;
            let letters: Vec<char> = text.strip_prefix("bid ")?.chars().collect();
            let distinct = (0..letters.len()).all(|i| !letters[..i].contains(&letters[i]));
            (letters.len() == 5 && distinct && letters.iter().all(|c| "ABCDEFGHIJK".contains(*c)))
                .then_some(letters)
        })
        .collect();
    let mut got: Vec<Option<char>> = vec![None; players];
    let mut taken = String::new();
    for k in 0..5 {
        let asks: Vec<(usize, char)> = (0..players)
            .filter(|&s| got[s].is_none())
            .filter_map(|s| bids[s].as_ref().map(|b| (s, b[k])))
            .collect();
        for &(s, l) in &asks {
            if asks.iter().filter(|a| a.1 == l).count() == 1 && !taken.contains(l) {
                got[s] = Some(l);
                taken.push(l);
            }
        }
    }
    let letters = zone_letters(g);
    for s in 0..players {
        match got[s] {
            Some(l) => assert_eq!(letters[s], l, "P{} by bid", s + 1),
            None => {
                assert!(!taken.contains(letters[s]) && letters[s] != 'X');
                assert!(!letters[..s].contains(&letters[s]), "zone given twice");
            }
        }
        let invalid = texts.get(s).is_some_and(|t| t.is_some()) && bids[s].is_none();
        assert_eq!(
            g.notices(Seat(s as u8)).len(),
            usize::from(invalid),
            "P{}: an invalid bid is told, a valid one not",
            s + 1
        );
    }
}

impl Run {
    /// Checks the step that just closed, given the purses before it.
    fn settle(&mut self, pre: &KnightControl, stage: Stage) {
        let before = &pre.state().purses;
        let notices_before: Vec<usize> = (0..pre.players())
            .map(|s| pre.notices(Seat(s as u8)).len())
            .collect();
        let g = &self.rec.game;
        let void: Vec<bool> = (0..g.players())
            .map(|s| g.notices(Seat(s as u8)).len() > notices_before[s])
            .collect();
        let texts = std::mem::take(&mut self.texts);
        if stage == Stage::Bidding {
            naive_bidding(g, &texts);
        }
        if matches!(stage, Stage::Orders | Stage::Items) {
            assert_eq!(
                knights(g),
                naive_step(pre, &texts, &void),
                "{stage:?} step of round {}",
                pre.round()
            );
        }
        let rate = g.rules().garnet_rate as i64;
        for s in 0..g.players() {
            let Some(due) = self.due[s].take() else {
                continue;
            };
            let void = g.notices(Seat(s as u8)).len() > notices_before[s];
            let p = before[s];
            let can_pay = p.chips as i64 + rate * p.garnets as i64 + due.1 >= due.0;
            assert_eq!(
                void,
                !can_pay,
                "P{} {stage:?}: void must mean unaffordable ({due:?}, {p:?})",
                s + 1,
                due = (due.0, due.1)
            );
            if !void {
                self.books[s].costs += due.0;
                self.books[s].refunds += due.1;
            }
        }
    }

    fn check(&self) {
        let g = &self.rec.game;
        let layout = g.layout();
        let state = g.state();
        let mut cells: Vec<u16> = state.knights.iter().map(|k| k.cell).collect();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), state.knights.len(), "two knights on one cell");
        for k in &state.knights {
            match layout.kind(k.cell) {
                CellKind::Grid => {}
                CellKind::Zone(z) => assert_eq!(
                    state.zones[k.owner.index()],
                    Some(z),
                    "knight in a foreign zone"
                ),
                CellKind::Outside => panic!("knight outside"),
            }
        }
        if g.stage() == Stage::Bidding {
            return;
        }
        let rate = g.rules().garnet_rate as i64;
        let mut garnets_in = vec![0i64; g.players()];
        let mut chip_items = vec![0i64; g.players()];
        let seat_of = |p: &arbiter_knight_control::Player| p.0.index();
        for log in g.log() {
            for e in &log.events {
                match e {
                    Event::Took {
                        player,
                        item: Item::Garnet,
                        ..
                    } => garnets_in[seat_of(player)] += 1,
                    Event::Took {
                        player,
                        item: Item::Chips(n),
                        ..
                    } => chip_items[seat_of(player)] += *n as i64,
                    Event::Captured {
                        by, garnet: true, ..
                    } => garnets_in[seat_of(by)] += 1,
                    _ => {}
                }
            }
        }
        if g.stage() == Stage::Items {
            return; // this round's events are published at its end
        }
        for (s, p) in state.purses.iter().enumerate() {
            let b = self.books[s];
            let exchanged = garnets_in[s] - p.garnets as i64;
            assert!(
                exchanged >= 0,
                "P{}: more garnets than ever received",
                s + 1
            );
            assert_eq!(
                p.gained as i64,
                rate * exchanged + chip_items[s] + 2 * b.communal + b.refunds,
                "P{}: chips gained",
                s + 1
            );
            assert_eq!(
                p.chips as i64,
                g.rules().start_chips as i64 + p.gained as i64 - b.costs + b.trades,
                "P{}: chips",
                s + 1
            );
        }
    }

    fn submit(&mut self, seat: Seat, text: String, due: Option<Due>) {
        let pre = self.rec.game.clone();
        let closes = pre.pending() == vec![seat];
        self.rec
            .act(seat, &text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        self.due[seat.index()] = due;
        self.texts.resize(pre.players(), None);
        self.texts[seat.index()] = Some(text);
        if closes {
            self.settle(&pre, pre.stage());
        }
    }

    fn close(&mut self) {
        let pre = self.rec.game.clone();
        self.rec.close().unwrap();
        self.settle(&pre, pre.stage());
    }

    fn side_deals(&mut self) {
        let players = self.rec.game.players();
        if self.rng.chance(0.2) {
            let a = Seat(self.rng.below(players) as u8);
            let b = Seat(((a.index() + 1 + self.rng.below(players - 1)) % players) as u8);
            let chips = self.rec.game.state().purses[a.index()].chips;
            if chips > 0 {
                let n = 1 + self.rng.below(chips as usize) as u32;
                self.rec.act(a, &format!("offer P{} {n}", b.0 + 1)).unwrap();
                if self.rng.chance(0.7) {
                    self.rec.act(b, &format!("accept P{}", a.0 + 1)).unwrap();
                    self.books[a.index()].trades -= n as i64;
                    self.books[b.index()].trades += n as i64;
                }
            }
        }
        if self.rng.chance(0.1) {
            let a = Seat(self.rng.below(players) as u8);
            let garnets = self.rec.game.state().purses[a.index()].garnets;
            if garnets > 0 {
                self.rec
                    .act(
                        a,
                        &format!("exchange {}", 1 + self.rng.below(garnets as usize)),
                    )
                    .unwrap();
            }
        }
        if self.rng.chance(0.1) {
            let a = Seat(self.rng.below(players) as u8);
            let b = Seat(((a.index() + 1 + self.rng.below(players - 1)) % players) as u8);
            self.rec.grant_communal(a, b).unwrap();
            let k = self
                .rec
                .game
                .view_for(arbiter_core::Viewer::Seat(a))
                .me
                .unwrap()
                .communal
                .len();
            let number = self
                .rec
                .game
                .view_for(arbiter_core::Viewer::Seat(a))
                .me
                .unwrap()
                .communal[k - 1]
                .number;
            self.rec.act(a, &format!("communal {number}")).unwrap();
            if self.rng.chance(0.6) {
                self.rec.act(b, &format!("communal {number}")).unwrap();
                self.books[a.index()].communal += 1;
                self.books[b.index()].communal += 1;
            }
        }
    }

    fn step(&mut self) {
        let g = self.rec.game.clone();
        let pending = g.pending();
        let stage = g.stage();
        match stage {
            Stage::Bidding => {
                for s in pending {
                    if self.rng.chance(0.8) {
                        let mut letters: Vec<char> = "ABCDEFGHIJKX".chars().collect();
                        self.rng.shuffle(&mut letters[..11]);
                        let mut bid: String = letters[..5].iter().collect();
                        let first = letters[0].to_string();
                        // Some bids are invalid: they count as no bid.
                        match self.rng.below(8) {
                            0 => bid.replace_range(4..5, &first),
                            1 => bid.replace_range(2..3, "X"),
                            2 => bid.truncate(4),
                            _ => {}
                        }
                        self.submit(s, format!("bid {bid}"), None);
                    }
                }
            }
            Stage::Orders | Stage::Items => {
                if stage == Stage::Orders {
                    self.side_deals();
                }
                for s in pending {
                    if self.rng.chance(0.9) {
                        let g = self.rec.game.clone();
                        let (text, due) = if stage == Stage::Orders {
                            let (orders, due) = random_orders(&g, s, &mut self.rng);
                            (orders.to_string(), due)
                        } else {
                            let (choices, due) = random_choices(&g, s, &mut self.rng);
                            (choices.to_string(), due)
                        };
                        self.submit(s, text, Some(due));
                    }
                }
            }
            Stage::FinalExchange => {
                // Exchanges, trades and communal garnets, then `done` (or
                // an empty submission) from most players.
                self.side_deals();
                for s in pending {
                    let garnets = self.rec.game.state().purses[s.index()].garnets;
                    if garnets > 0 && self.rng.chance(0.5) {
                        let n = 1 + self.rng.below(garnets as usize);
                        self.rec.act(s, &format!("exchange {n}")).unwrap();
                    }
                    if self.rng.chance(0.9) {
                        let text = if self.rng.chance(0.5) { "done" } else { "" };
                        self.submit(s, text.into(), None);
                    }
                }
            }
            Stage::PieceGifts | Stage::ChipGifts => {
                for s in pending {
                    let other = (s.index() + 1 + self.rng.below(g.players() - 1)) % g.players();
                    let text = if self.rng.chance(0.5) {
                        format!("gifts P{}", other + 1)
                    } else {
                        "gifts nullify".into()
                    };
                    self.submit(s, text, None);
                }
            }
            Stage::Vote => {
                for s in pending {
                    let c = &g.awards().candidates;
                    let text = if self.rng.chance(0.8) {
                        format!("vote P{}", c[self.rng.below(c.len())].0 + 1)
                    } else {
                        "vote abstain".into()
                    };
                    self.submit(s, text, None);
                }
            }
            Stage::Over => return,
        }
        if self.rec.game.stage() == g.stage()
            && self.rec.game.round() == g.round()
            && !self.rec.game.pending().is_empty()
        {
            self.close();
        }
        self.check();
    }
}

/// How often each kind of happening occurred, so the test can insist the
/// playouts reached every rule.
#[derive(Default, Debug)]
struct Seen {
    void: usize,
    captures: usize,
    collisions: usize,
    teleports: usize,
    extra_moves: usize,
    extra_spawns: usize,
    modifies: usize,
    votes: usize,
}

fn playout(players: usize, seed: u64, seen: &mut Seen) {
    let rules = Rules {
        garnet_rate: if seed.is_multiple_of(2) { 3 } else { 1 },
        ..Rules::default()
    };
    let mut layout = arbiter_knight_control::standard_file();
    if seed % 3 == 2 {
        // A board rich in ToL pieces.
        let mut items = Vec::new();
        for file in 0..15u8 {
            for rank in 0..15u8 {
                if (file + rank) % 7 != 3 {
                    let cell = arbiter_knight_control::Place::Grid { file, rank };
                    items.push(arbiter_knight_control::ItemPlacement {
                        cell,
                        item: Item::TolPiece,
                    });
                }
            }
        }
        layout.items = Some(items);
    }
    let record = Record::new(players, rules, layout, Seed::from_u64(seed)).unwrap();
    let mut run = Run {
        rec: Recorder::new(record).unwrap(),
        rng: Seed::from_u64(seed ^ 0xdead).rng(),
        books: vec![Books::default(); players],
        due: vec![None; players],
        texts: vec![None; players],
    };
    let mut steps = 0;
    while run.rec.game.stage() != Stage::Over {
        run.step();
        steps += 1;
        assert!(steps < 200, "the game does not end");
    }
    let outcome = run.rec.game.outcome().unwrap();
    assert_eq!(outcome.results.len(), players);
    let awards = run.rec.game.awards();
    if let Some(ec) = awards.ec {
        assert_eq!(awards.tols[ec.index()], 0, "the EC holds no ToL");
    } else {
        assert!(
            awards.tols.iter().all(|&t| t > 0),
            "no EC only when everyone holds a ToL"
        );
    }
    let g = &run.rec.game;
    seen.void += (0..players)
        .map(|s| g.notices(Seat(s as u8)).len())
        .sum::<usize>();
    for e in g.log().iter().flat_map(|l| &l.events) {
        match e {
            Event::Captured { .. } => seen.captures += 1,
            Event::Collision { .. } => seen.collisions += 1,
            Event::Teleported { .. } => seen.teleports += 1,
            Event::ExtraMoved { .. } => seen.extra_moves += 1,
            Event::ExtraSpawned { .. } => seen.extra_spawns += 1,
            Event::Modified { .. } => seen.modifies += 1,
            _ => {}
        }
    }
    seen.votes += awards.voters.len() * usize::from(!awards.candidates.is_empty());
    let json = run.rec.record.to_json();
    let replayed = Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replayed.state(), run.rec.game.state());
    assert_eq!(replayed.log(), run.rec.game.log());
    assert_eq!(replayed.awards(), run.rec.game.awards());
}

#[test]
fn random_playouts_keep_the_invariants() {
    let mut seen = Seen::default();
    for players in 2..=11 {
        for seed in 0..3 {
            playout(players, players as u64 * 100 + seed, &mut seen);
        }
    }
    let counts = [
        seen.void,
        seen.captures,
        seen.collisions,
        seen.teleports,
        seen.extra_moves,
        seen.extra_spawns,
        seen.modifies,
        seen.votes,
    ];
    assert!(
        counts.iter().all(|&n| n > 0),
        "some rule was never reached: {seen:?}"
    );
}

#[test]
fn item_uses_are_all_accepted() {
    // Every single item use listed is accepted on its own.
    for seed in 0..20 {
        let record = Record::new(
            4,
            Rules::default(),
            arbiter_knight_control::standard_file(),
            Seed::from_u64(seed),
        )
        .unwrap();
        let mut rec = Recorder::new(record).unwrap();
        let mut rng = Seed::from_u64(seed + 77).rng();
        for s in 0..4 {
            rec.act(Seat(s), "bid pass").unwrap();
        }
        while rec.game.stage() != Stage::Over && rec.game.round() <= 10 {
            let g = rec.game.clone();
            match g.stage() {
                Stage::Orders => {
                    for s in g.pending() {
                        let (o, _) = random_orders(&g, s, &mut rng);
                        rec.act(s, &o.to_string()).unwrap();
                    }
                }
                Stage::Items => {
                    for s in g.pending() {
                        for u in g.single_item_uses(s) {
                            let mut probe = g.clone();
                            let action = arbiter_knight_control::Action::Items(u.clone());
                            probe
                                .submit(s, &action)
                                .unwrap_or_else(|e| panic!("{u}: {e}"));
                        }
                    }
                    rec.close().unwrap();
                }
                _ => rec.close().unwrap(),
            }
        }
    }
}
