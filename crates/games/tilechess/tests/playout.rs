//! Random playouts for 2 to 8 players, cross-checked step by step against
//! the naive referee in `naive/`, with the invariants of the issue.

mod naive;

use arbiter_core::{Game, Phase, Seat, TextPosition};
use arbiter_tilechess::{Role, Ruleset, Tilechess};
use naive::Naive;
use std::collections::{BTreeMap, BTreeSet};

type Rng = arbiter_core::GameRng;

fn random_arrangement(rng: &mut Rng, eight: bool) -> String {
    let mut cells: Vec<char> = "KQRRBBNNPPPPPPP".chars().collect();
    cells.push(if eight { 'P' } else { '.' });
    rng.shuffle(&mut cells);
    cells
        .chunks(4)
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// Checks the engine's whole state against the naive referee and the
/// test's own piece tally.
fn check_same(game: &Tilechess, naive: &Naive, alive_pieces: &[u32]) {
    let pieces: BTreeMap<(i32, i32), (usize, char)> = game
        .board()
        .pieces()
        .map(|(t, p)| ((t.x, t.y), (p.owner.index(), p.role.letter())))
        .collect();
    assert_eq!(pieces, naive.pieces, "pieces differ");
    let land: BTreeMap<(i32, i32), usize> = game
        .board()
        .lands()
        .map(|(t, s)| ((t.x, t.y), s.index()))
        .collect();
    assert_eq!(land, naive.land, "territory differs");
    let opened: BTreeSet<(i32, i32)> = game.board().opened_blocks().map(|b| (b.bx, b.by)).collect();
    assert_eq!(opened, naive.open, "opened blocks differ");
    let (lo, hi) = game.board().bounds();
    assert_eq!(
        ((lo.bx, lo.by), (hi.bx, hi.by)),
        (naive.lo, naive.hi),
        "board bounds differ"
    );
    let out: Vec<bool> = game.players().iter().map(|p| p.eliminated).collect();
    assert_eq!(out, naive.out);
    assert_eq!(game.scores(), naive.scores(), "scores differ");
    // Invariants of the issue.
    for (i, p) in game.players().iter().enumerate() {
        let mine: Vec<Role> = game
            .board()
            .pieces()
            .filter(|(_, q)| q.owner.index() == i)
            .map(|(_, q)| q.role)
            .collect();
        let kings = mine.iter().filter(|&&r| r == Role::King).count();
        assert!(kings <= 1, "{} has {kings} kings", p.colour);
        assert_eq!(
            kings == 1,
            !p.eliminated,
            "{}: a king exactly while still in",
            p.colour
        );
        assert_eq!(
            mine.len() as u32,
            alive_pieces[i],
            "{}: pieces not conserved",
            p.colour
        );
    }
    for (t, _) in game.board().lands() {
        assert!(game.board().is_open(t), "territory on unopened tile {t}");
    }
    let claim: Vec<usize> = match game.phase() {
        Phase::Claim(seats) => seats.iter().map(|s| s.index()).collect(),
        Phase::Over(_) => vec![],
        other => panic!("unexpected phase {other:?}"),
    };
    assert_eq!(claim, naive.claimants());
}

fn playout(players: usize, seed: u64, steps: usize) -> (usize, usize, bool) {
    let mut rng = arbiter_core::Seed::from_u64(seed).rng();
    let eight = rng.chance(0.3);
    let repeat = rng.chance(0.3);
    let size = 2 + rng.below(5) as u16;
    let rules = Ruleset {
        wide: size,
        high: size,
        eight_pawns: eight,
        repeat_turns: repeat,
        ..Ruleset::default()
    };
    let mut game = Tilechess::new(rules);
    let mut naive = Naive::new(size as i32, size as i32, eight, repeat);
    let mut alive: Vec<u32> = Vec::new();
    let (mut eliminations, mut growths) = (0, 0);
    for step in 0..steps {
        let Phase::Claim(seats) = game.phase() else {
            break;
        };
        let joined = game.seat_count();
        let newcomer = Seat(joined as u8);
        let movers: Vec<Seat> = seats.iter().copied().filter(|&s| s != newcomer).collect();
        let seat = if joined < players && (movers.is_empty() || rng.chance(0.3)) {
            newcomer
        } else {
            *rng.choose(&movers).expect("someone may move")
        };
        let listed: Vec<String> = game
            .legal_actions(seat)
            .iter()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(
            listed,
            naive.legal(seat.index()),
            "step {step}: legal actions of {seat} differ"
        );
        let text = if seat == newcomer {
            // Any unopened block, any arrangement, sometimes a colour of our own.
            let join = rng.choose(&listed).unwrap();
            let block = join.split(' ').nth(2).unwrap();
            let colour = if rng.chance(0.5) {
                game.default_colour().to_string()
            } else {
                format!("c{joined}x")
            };
            format!(
                "{colour}: join {block} {}",
                random_arrangement(&mut rng, eight)
            )
        } else {
            let captures: Vec<&String> = listed
                .iter()
                .filter(|a| capture_target(a).is_some())
                .collect();
            let king_hits: Vec<&&String> = captures
                .iter()
                .filter(|a| {
                    capture_target(a)
                        .and_then(|t| naive.pieces.get(&t))
                        .is_some_and(|p| p.1 == 'K')
                })
                .collect();
            if let Some(k) = king_hits.first() {
                k.to_string()
            } else if !captures.is_empty() && rng.chance(0.5) {
                rng.choose(&captures).unwrap().to_string()
            } else {
                rng.choose(&listed).unwrap().clone()
            }
        };
        // A refused action changes nothing.
        let before = game.clone();
        let bogus = format!(
            "{}: 1000,1000-1001,1001",
            game.colour_of(seat).map_or("zz".into(), |c| c.to_string())
        );
        assert!(game.act_text(seat, &bogus).is_err());
        assert_eq!(game, before);

        let bounds = game.board().bounds();
        let victim = capture_target(&text).and_then(|t| naive.pieces.get(&t).copied());
        game.act_text(seat, &text)
            .unwrap_or_else(|e| panic!("step {step}: {text} refused: {e}"));
        naive.apply(seat.index(), &text);
        if seat == newcomer {
            alive.push(if eight { 16 } else { 15 });
        }
        if let Some((v, role)) = victim {
            if role == 'K' {
                alive[v] = 0;
                eliminations += 1;
            } else {
                alive[v] -= 1;
            }
        }
        if game.board().bounds() != bounds {
            growths += 1;
        }
        check_same(&game, &naive, &alive);
        if step % 25 == 0 {
            let text = game.position();
            assert_eq!(
                Tilechess::from_position(&text).unwrap(),
                game,
                "position round trip"
            );
        }
    }
    (eliminations, growths, game.phase().is_over())
}

fn parse_tile(s: &str) -> (i32, i32) {
    let (x, y) = s.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

fn capture_target(text: &str) -> Option<(i32, i32)> {
    let step = text.split(": ").nth(1)?;
    let b = step.as_bytes();
    let i = (1..b.len()).find(|&i| b[i] == b'x' && b[i - 1].is_ascii_digit())?;
    Some(parse_tile(&step[i + 1..]))
}

#[test]
fn random_playouts_agree_with_the_naive_referee() {
    let (mut elim, mut grow, mut over) = (0, 0, 0);
    for players in 2..=8 {
        for seed in 0..4 {
            let (e, g, o) = playout(players, players as u64 * 100 + seed, 400);
            elim += e;
            grow += g;
            over += o as usize;
        }
    }
    println!("{elim} eliminations, {grow} growths, {over} games ended");
    // The playouts must actually reach the interesting rules.
    assert!(elim > 0, "no elimination happened");
    assert!(grow > 0, "the board never grew");
    assert!(over > 0, "no game ended");
}
