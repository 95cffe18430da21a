//! Knight Court's strongest player proves before it searches
//! (`games::knight_court::ProvingPlayer`). Its proofs are checked here
//! against the plain full-width mate search (`MateProof`, which keeps
//! nothing between positions), and its play against lines worked by hand.

use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_knight_court::{KnightCourt, Move};
use arbiter_search::games::knight_court::{
    prove_each_move, prove_root, prove_root_until, MoveProof, ProvingPlayer, RootProof, HORIZON,
};
use arbiter_search::knight_court::table;
use arbiter_search::no_repetition::MateProof;
use arbiter_search::{Bots, Budget, Level, Observe, Player, Spec};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

#[path = "common/knight_court_lines.rs"]
mod lines;
use lines::random_line;

fn mv(text: &str) -> Move {
    text.parse().expect("a move in Knight Court notation")
}

fn to_move(game: &KnightCourt) -> Seat {
    match game.phase() {
        Phase::Turn(seat) => seat,
        other => panic!("no side to move: {other:?}"),
    }
}

fn after(game: &KnightCourt, moves: &[&str]) -> KnightCourt {
    let mut game = game.clone();
    for text in moves {
        game.play(mv(text)).expect("a legal move");
    }
    game
}

/// The line after `mv` and the position it ends in, for the plain search
/// to start from.
fn plain_after(game: &KnightCourt, mv: Move) -> (Vec<u32>, arbiter_knight_court::Position) {
    let child = game.position().play_unchecked(mv);
    let mut line = game.history().to_vec();
    line.push(child.key());
    (line, child)
}

/// On random lines, with a horizon the plain search can afford, the root
/// proofs say exactly what the plain search says: the shortest mate and
/// every move that keeps it, or else which moves let the opponent mate
/// within the horizon.
#[test]
fn root_proofs_agree_with_the_plain_search() {
    const H: u32 = 7;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut mating, mut open, mut set_aside) = (0, 0, 0);
    for _ in 0..160 {
        let length = rng.random_range(0..26);
        let game = random_line(&mut rng, length);
        if game.legal_moves().is_empty() {
            continue;
        }
        let shortest = MateProof::new(table(), game.history()).shortest_mate(game.position(), H);
        match prove_root(&game, H, u64::MAX).0 {
            RootProof::Mates { plies, moves } => {
                assert_eq!(Some(plies), shortest, "at {}", game.position());
                let expected: Vec<Move> = game
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        let (line, child) = plain_after(&game, m);
                        MateProof::new(table(), &line).defender_mated(&child, plies - 1)
                    })
                    .collect();
                assert_eq!(moves, expected, "at {}", game.position());
                mating += 1;
            }
            RootProof::Open {
                held,
                losing,
                unknown,
            } => {
                assert_eq!(shortest, None, "at {}", game.position());
                assert!(unknown.is_empty(), "an unlimited proof always answers");
                for m in game.legal_moves() {
                    let (line, child) = plain_after(&game, m);
                    let loses = MateProof::new(table(), &line).attacker_mates(&child, H - 1);
                    let proved = losing.iter().find(|(l, _)| *l == m);
                    assert_eq!(loses, proved.is_some(), "{m} at {}", game.position());
                    assert_eq!(!loses, held.contains(&m), "{m} at {}", game.position());
                    if let Some(&(_, plies)) = proved {
                        assert!(plies < H, "{m}: a proof of {plies} plies");
                        set_aside += 1;
                    }
                }
                open += 1;
            }
        }
    }
    // The sample must hold every kind of answer, or it proves little.
    assert!(
        mating > 10 && open > 10 && set_aside > 10,
        "{mating} mating, {open} open, {set_aside} moves set aside"
    );
}

/// The line where the table's "draw" is a forced loss
/// (tests/knight_court_max.rs, worked by hand there): after 9. a1b3 Black
/// mates in five plies, R@c3 c2c3 R@c2 a2b1 c2c3, and the proofs say so.
#[test]
fn the_trap_the_table_cannot_see_is_proved_a_loss() {
    let game = after(
        &KnightCourt::new(),
        &[
            "b1c2", "c3c2", "B@b1", "c2a2", "b1a2", "b3c2", "c1c2", "B@b2",
        ],
    );
    let RootProof::Open { losing, .. } = prove_root(&game, HORIZON, u64::MAX).0 else {
        panic!("White has no forced mate here");
    };
    assert!(losing.contains(&(mv("a1b3"), 5)), "{losing:?}");
}

/// After 1. b1a2 Black forces mate in 15 plies (tests/no_repetition.rs
/// proves it with the naive rules). The proving player, with almost no
/// search behind it, mates that fast against every defender, whatever the
/// seed.
#[test]
fn after_b1a2_the_player_mates_within_fifteen_plies() {
    let start = after(&KnightCourt::new(), &["b1a2"]);
    let black = KnightCourt::bot(Spec::new(Level::Max, Budget::Nodes(100)));
    let defenders = [
        Spec::new(Level::Table, Budget::Nodes(1)),
        Spec::new(Level::Random, Budget::Nodes(1)),
        Spec::new(Level::Greedy, Budget::Nodes(1)),
        Spec::new(Level::MaxOneRound, Budget::Nodes(20_000)),
    ];
    for (k, spec) in defenders.into_iter().enumerate() {
        let white = KnightCourt::bot(spec);
        for seed in 0..3u64 {
            let mut game = start.clone();
            let mut plies = 0;
            while game.outcome().is_none() {
                let seat = to_move(&game);
                let bot = if seat == Seat(1) { &black } else { &white };
                let choice = bot
                    .choose(
                        &game.seen_by(seat),
                        seat,
                        Seed::from_u64(seed * 10 + k as u64),
                    )
                    .expect("a move");
                game.act(seat, &choice).unwrap();
                plies += 1;
            }
            assert_eq!(
                game.outcome().unwrap().sole_winner(),
                Some(Seat(1)),
                "{spec}"
            );
            assert!(plies <= 15, "{spec}, seed {seed}: {plies} plies");
        }
    }
}

/// A proof that runs out of nodes sets nothing aside: every move stays a
/// candidate for the search.
#[test]
fn a_proof_out_of_nodes_sets_nothing_aside() {
    let game = KnightCourt::new();
    let (answer, nodes) = prove_root(&game, HORIZON, 1);
    assert!(nodes <= 2, "{nodes} nodes");
    assert_eq!(answer, nothing_proved(&game));
}

/// The answer of proofs that settled nothing: every move unknown.
fn nothing_proved(game: &KnightCourt) -> RootProof {
    RootProof::Open {
        held: vec![],
        losing: vec![],
        unknown: game.legal_moves(),
    }
}

/// A deadline already past answers nothing either, without a node spent.
#[test]
fn a_deadline_already_past_sets_nothing_aside() {
    let game = after(&KnightCourt::new(), &["b1a2"]);
    let (answer, nodes) = prove_root_until(&game, HORIZON, u64::MAX, Some(Instant::now()));
    assert_eq!(nodes, 0);
    assert_eq!(answer, nothing_proved(&game));
}

/// Each move's verdict, as `arbiter analyse knight-court --prove` prints
/// it, agrees with the plain search from the position after the move.
#[test]
fn each_moves_proof_agrees_with_the_plain_search() {
    const H: u32 = 7;
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut seen = [0; 3];
    for _ in 0..60 {
        let length = rng.random_range(0..26);
        let game = random_line(&mut rng, length);
        let (verdicts, _) = prove_each_move(&game, H, u64::MAX);
        assert_eq!(
            verdicts.iter().map(|(m, _)| *m).collect::<Vec<_>>(),
            game.legal_moves()
        );
        for (m, verdict) in verdicts {
            let (line, child) = plain_after(&game, m);
            let wins = MateProof::new(table(), &line).defender_mated(&child, H - 1);
            let loses = MateProof::new(table(), &line).attacker_mates(&child, H - 1);
            let expected = match verdict {
                MoveProof::Mates(plies) => {
                    assert!(plies <= H);
                    seen[0] += 1;
                    (true, false)
                }
                MoveProof::Mated(plies) => {
                    assert!(plies <= H);
                    seen[1] += 1;
                    (false, true)
                }
                MoveProof::Neither => {
                    seen[2] += 1;
                    (false, false)
                }
                MoveProof::Unknown => panic!("an unlimited proof always answers"),
            };
            assert_eq!((wins, loses), expected, "{m} at {}", game.position());
        }
    }
    assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
}

/// The player moves as `max1` (the same search, budget and seed) except
/// where the plain search shows `max1`'s move to be a forced loss within
/// the horizon, or a forced mate to exist: then it keeps the fastest mate,
/// or plays a move the plain search shows does not lose (unless every move
/// does). A 4-node search is used so that it errs often enough to test.
#[test]
fn the_player_departs_from_max1_only_over_a_proved_loss_or_a_mate() {
    const H: u32 = 7;
    let budget = Budget::Nodes(4);
    let proving = ProvingPlayer {
        budget,
        horizon: H,
        proof_nodes: u64::MAX,
    };
    let max1 = KnightCourt::bot(Spec::new(Level::MaxOneRound, budget));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut same, mut mates, mut vetoed) = (0, 0, 0);
    for k in 0..600u64 {
        let length = rng.random_range(0..26);
        let game = random_line(&mut rng, length);
        if game.legal_moves().is_empty() {
            continue;
        }
        let seat = to_move(&game);
        let seed = Seed::from_u64(k);
        let mine = proving.choose(&game, seat, seed).expect("a move");
        let theirs = max1.choose(&game, seat, seed).expect("a move");
        let at = game.position();
        let loses = |m: Move| {
            let (line, child) = plain_after(&game, m);
            MateProof::new(table(), &line).attacker_mates(&child, H - 1)
        };
        if let Some(plies) = MateProof::new(table(), game.history()).shortest_mate(at, H) {
            let (line, child) = plain_after(&game, mine);
            assert!(
                MateProof::new(table(), &line).defender_mated(&child, plies - 1),
                "{mine} does not keep the mate in {plies} at {at}"
            );
            mates += 1;
        } else if loses(theirs) {
            let every_move_loses = game.legal_moves().into_iter().all(loses);
            if every_move_loses {
                assert_eq!(mine, theirs, "at {at}");
            } else {
                assert!(!loses(mine), "{mine} loses at {at}, as {theirs} did");
                vetoed += 1;
            }
        } else {
            assert_eq!(mine, theirs, "at {at}");
            same += 1;
        }
    }
    assert!(
        same > 60 && mates > 30 && vetoed > 5,
        "{same} alike, {mates} mates, {vetoed} vetoed"
    );
}

/// The player's ranked lines (the analysis board's) score a move as a
/// proved loss only when the plain search shows it loses that fast; where
/// every move loses, every move is so scored; each move is ranked once;
/// after the player's own choice, the scores never rise. The search has
/// enough nodes to rank every move a few plies deep, and the horizon
/// reaches mates it cannot see, so some of the scores come from the proofs
/// alone (without them the every-move-loses check fails: 297 proved
/// losses were scored, in 14 positions where every move loses).
#[test]
fn ranked_lines_score_each_proved_loss_as_the_plain_search_shows_it() {
    const H: u32 = 9;
    const DECIDED: i32 = arbiter_search::player::DECIDED;
    let proving = ProvingPlayer {
        budget: Budget::Nodes(2_000),
        horizon: H,
        proof_nodes: u64::MAX,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut proved_losses, mut all_lose) = (0, 0);
    for k in 0..400u64 {
        let length = rng.random_range(0..26);
        let game = random_line(&mut rng, length);
        let legal = game.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let seat = to_move(&game);
        let lines = proving.choose_lines(&game, seat, Seed::from_u64(k), legal.len());
        let at = game.position();
        assert_eq!(lines.len(), legal.len(), "at {at}");
        for (i, line) in lines.iter().enumerate() {
            assert!(legal.contains(&line.action), "at {at}");
            assert!(
                lines[..i].iter().all(|l| l.action != line.action),
                "at {at}"
            );
        }
        let mated_within = |m: Move, plies: u32| {
            let (line, child) = plain_after(&game, m);
            MateProof::new(table(), &line).attacker_mates(&child, plies - 1)
        };
        for line in &lines {
            match line.score {
                Some(score) if score < -(DECIDED - 10_000) => {
                    let plies = (DECIDED + score) as u32;
                    assert!(
                        mated_within(line.action, plies),
                        "{} is scored mated within {plies} at {at}",
                        line.action
                    );
                    proved_losses += 1;
                }
                _ => {}
            }
        }
        if MateProof::new(table(), game.history())
            .shortest_mate(at, H)
            .is_none()
            && legal.iter().all(|&m| mated_within(m, H))
        {
            all_lose += 1;
            for line in &lines {
                let score = line.score.expect("scored");
                assert!(
                    score <= -(DECIDED - H as i32),
                    "{} at {at}: {score}",
                    line.action
                );
            }
        }
        let rest: Vec<i32> = lines[1..]
            .iter()
            .map(|l| l.score.unwrap_or(i32::MIN))
            .collect();
        assert!(rest.windows(2).all(|p| p[0] >= p[1]), "at {at}: {lines:?}");
    }
    assert!(
        proved_losses > 50 && all_lose > 5,
        "{proved_losses} proved losses, {all_lose} all lose"
    );
}
