//! The proof-number search under the true rule, checked against the plain
//! full-width mate search (`MateProof`, which keeps no results between
//! positions and so cannot be fooled by the line a position was reached
//! on). One store serves many different lines here, which is where reusing
//! a result across lines could go wrong.

use arbiter_knight_court::{for_each_legal, Color, KnightCourt, Move, MoveList, Position};
use arbiter_search::dfpn::{HorizonProof, Verdict, LONG_SEARCH_ENTRIES, NEAR_ROOT};
use arbiter_search::knight_court::{table, value};
use arbiter_search::no_repetition::MateProof;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "common/knight_court_lines.rs"]
mod lines;
use lines::random_line;

/// Whether `attacker` forces mate within `plies` from the line's last
/// position, by the plain search.
fn plain(history: &[u32], pos: &Position, attacker: Color, plies: u32) -> bool {
    let mut proof = MateProof::new(table(), history);
    if pos.turn() == attacker {
        proof.attacker_mates(pos, plies)
    } else {
        proof.defender_mated(pos, plies)
    }
}

#[test]
fn agrees_with_the_plain_search_on_many_lines_sharing_one_store() {
    agrees_on_many_lines(|attacker| HorizonProof::new(table(), attacker));
}

/// The long searches' larger store, and a store of one result per
/// position, where a new result always drops the old: what is kept
/// changes what is searched, never the answer.
#[test]
fn the_size_of_the_store_never_changes_an_answer() {
    agrees_on_many_lines(|attacker| {
        HorizonProof::new(table(), attacker).keeping(LONG_SEARCH_ENTRIES)
    });
    agrees_on_many_lines(|attacker| HorizonProof::new(table(), attacker).keeping(1));
}

/// A store with a memory budget drops its oldest results to stay within
/// it, and answers as every other store does.
#[test]
fn a_store_within_a_budget_stays_within_it_and_answers_the_same() {
    const BUDGET: usize = 50_000;
    let searches = agrees_on_many_lines(|attacker| {
        HorizonProof::new(table(), attacker)
            .keeping(LONG_SEARCH_ENTRIES)
            .within_bytes(BUDGET)
    });
    for search in &searches {
        let held = search.stored_bytes();
        // Full, or nearly: the budget binds.
        assert!(held <= BUDGET && held > BUDGET / 2, "{held} bytes");
    }
    // And it binds because the same lines, unbounded, store more.
    let unbounded = agrees_on_many_lines(|attacker| {
        HorizonProof::new(table(), attacker).keeping(LONG_SEARCH_ENTRIES)
    });
    let most = unbounded.iter().map(|s| s.stored_bytes()).max().unwrap();
    assert!(most > 2 * BUDGET, "unbounded, the store holds {most} bytes");
}

/// Checks both attackers' searches against the plain search on 300 lines,
/// one store each for all of them, and gives the searches back.
fn agrees_on_many_lines(
    search_for: impl Fn(Color) -> HorizonProof<'static>,
) -> [HorizonProof<'static>; 2] {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut searches = [search_for(Color::White), search_for(Color::Black)];
    let (mut mates, mut checked) = (0, 0);
    for _ in 0..300 {
        let length = rng.random_range(0..24);
        let game = random_line(&mut rng, length);
        let horizon = rng.random_range(0..=7);
        for (search, attacker) in searches.iter_mut().zip([Color::White, Color::Black]) {
            let verdict = search.prove(game.history(), game.position(), horizon);
            let expected = plain(game.history(), game.position(), attacker, horizon);
            assert_eq!(
                matches!(verdict, Verdict::Mates(_)),
                expected,
                "{attacker:?} attacking within {horizon} plies at {} after {} plies",
                game.position(),
                game.history().len() - 1
            );
            if let Verdict::Mates(plies) = verdict {
                assert!(plies <= horizon);
                mates += 1;
            }
            checked += 1;
        }
    }
    // The sample must hold both answers, or it proves little.
    assert!(
        mates > 30 && mates < checked - 30,
        "{mates} mates of {checked}"
    );
    let reused: u64 = searches.iter().map(|s| s.reused).sum();
    let refused: u64 = searches.iter().map(|s| s.refused).sum();
    assert!(
        reused > 0 && refused > 0,
        "reused {reused}, refused {refused}"
    );
    searches
}

#[test]
fn after_b1a2_black_mates_in_fifteen_and_not_sooner() {
    let mut game = KnightCourt::new();
    game.play("b1a2".parse::<Move>().unwrap()).unwrap();
    let mut search = HorizonProof::new(table(), Color::Black);
    assert_eq!(
        search.prove(game.history(), game.position(), 13),
        Verdict::NoMate
    );
    assert!(matches!(
        search.prove(game.history(), game.position(), 15),
        Verdict::Mates(15)
    ));
    // The table, which ignores the ban, calls the position a draw.
    assert!(matches!(
        value(table(), game.position()),
        arbiter_search::retrograde::Value::Draw
    ));
}

#[test]
fn a_mate_made_by_the_ban_is_found() {
    // Every position along a line is forbidden afterwards, so a defender
    // whose only escapes were visited earlier is mated by the ban. Check
    // that at every position of a long table-guided line, one ply deep,
    // the search and the plain search agree on "mated now".
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut search = HorizonProof::new(table(), Color::White);
    for _ in 0..200 {
        let game = random_line(&mut rng, 30);
        if game.turn() != Color::Black {
            continue;
        }
        let mut moves = MoveList::new();
        for_each_legal(game.position(), |mv| moves.push(mv));
        let verdict = search.prove(game.history(), game.position(), 0);
        let expected = plain(game.history(), game.position(), Color::White, 0);
        assert_eq!(matches!(verdict, Verdict::Mates(0)), expected);
    }
}

#[test]
fn every_first_move_agrees_with_the_plain_search_at_fifteen_plies() {
    let start = KnightCourt::new();
    let mut searches = [
        HorizonProof::new(table(), Color::White),
        HorizonProof::new(table(), Color::Black),
    ];
    for mv in start.legal_moves() {
        let mut game = start.clone();
        game.play(mv).unwrap();
        for (search, attacker) in searches.iter_mut().zip([Color::White, Color::Black]) {
            for horizon in [14, 15] {
                let verdict = search.prove(game.history(), game.position(), horizon);
                let expected = plain(game.history(), game.position(), attacker, horizon);
                assert_eq!(
                    matches!(verdict, Verdict::Mates(_)),
                    expected,
                    "1. {mv}, {attacker:?} within {horizon}"
                );
            }
        }
    }
}

/// A search that runs out of nodes answers nothing, and what it solved on
/// the way stays exact: the same store then answers as a fresh one does.
#[test]
fn a_search_out_of_nodes_gives_up_and_leaves_its_store_sound() {
    let mut game = KnightCourt::new();
    game.play("b1a2".parse::<Move>().unwrap()).unwrap();
    let mut search = HorizonProof::new(table(), Color::Black);
    assert_eq!(
        search.prove_within(game.history(), game.position(), 15, 50),
        None
    );
    assert!(search.nodes >= 50 && search.nodes < 60, "{}", search.nodes);
    let spent = search.nodes;
    assert!(matches!(
        search.prove_within(game.history(), game.position(), 15, 1_000_000),
        Some(Verdict::Mates(15))
    ));
    assert!(search.nodes > spent);
    assert_eq!(
        search.prove_within(game.history(), game.position(), 13, u64::MAX),
        Some(Verdict::NoMate)
    );
}

/// A raised stop flag (a UCI `stop`) ends a proof as a deadline does: it
/// answers "unknown" where the same search without it proves the mate.
#[test]
fn a_raised_flag_stops_the_search() {
    let mut game = KnightCourt::new();
    game.play("b1a2".parse::<Move>().unwrap()).unwrap();
    let flag = std::sync::atomic::AtomicBool::new(true);
    let mut stopped = HorizonProof::new(table(), Color::Black);
    stopped.stop_on(&flag);
    assert_eq!(
        stopped.prove_within(game.history(), game.position(), 15, u64::MAX),
        None
    );
    let mut search = HorizonProof::new(table(), Color::Black);
    assert!(matches!(
        search.prove_within(game.history(), game.position(), 15, u64::MAX),
        Some(Verdict::Mates(15))
    ));
}

/// Whether `attacker` forces the game to end within `plies` without
/// losing (the defender mated, or either side stalemated), by a plain
/// full-width search over the line `path` (`pos`'s key last). Written apart
/// from both searches under test.
fn plain_end(path: &mut Vec<u32>, pos: &Position, attacker: Color, plies: u32) -> bool {
    let mut children = Vec::new();
    for_each_legal(pos, |mv| {
        let child = pos.play_unchecked(mv);
        if !path.contains(&child.key()) {
            children.push(child);
        }
    });
    if children.is_empty() {
        // Mated loses for the side to move; a stalemate is a draw.
        return !pos.is_check() || pos.turn() != attacker;
    }
    if plies == 0 {
        return false;
    }
    let attacking = pos.turn() == attacker;
    for child in children {
        path.push(child.key());
        let ends = plain_end(path, &child, attacker, plies - 1);
        path.pop();
        if ends == attacking {
            // The attacker found a way, or the defender a way out.
            return attacking;
        }
    }
    !attacking
}

/// A line of up to `plies` plies from the start that seeks stalemates:
/// each move leaves the opponent as few legal moves as it can (the ban
/// counted) without giving check, or is random a third of the time; it
/// stops one ply before the game ends, so that the end is left to prove.
fn squeezing_line(rng: &mut ChaCha8Rng, plies: usize) -> KnightCourt {
    let mut game = KnightCourt::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        let after = |mv: Move| {
            let mut next = game.clone();
            next.play(mv).unwrap();
            next
        };
        let mv = if rng.random_bool(1.0 / 3.0) {
            moves[rng.random_range(0..moves.len())]
        } else {
            *moves
                .iter()
                .min_by_key(|&&mv| {
                    let next = after(mv);
                    (next.position().is_check(), next.legal_moves().len())
                })
                .unwrap()
        };
        if after(mv).legal_moves().is_empty() {
            break;
        }
        game.play(mv).unwrap();
    }
    game
}

/// The line of the rules' stalemate test (crates/games/knight-court): after
/// it, White's a3a2 leaves Black no legal move, not in check (its one safe
/// bishop move recreates the position after move 6).
const STALEMATE_LINE: [&str; 8] = [
    "c1c2", "a3b1", "c2a2", "c3c2", "B@b2", "c2c1", "a2a3", "b3c2",
];

#[test]
fn counting_stalemates_finds_the_ends_a_plain_search_finds() {
    let mut game = KnightCourt::new();
    for text in STALEMATE_LINE {
        game.play(text.parse::<Move>().unwrap()).unwrap();
    }
    // Worked by hand (above): White ends the game in one ply by stalemate.
    let mut ends = HorizonProof::new(table(), Color::White).counting_stalemates();
    assert_eq!(
        ends.prove(game.history(), game.position(), 1),
        Verdict::Mates(1)
    );
    // Asking for mate only, the stalemate does not count.
    let mut mates = HorizonProof::new(table(), Color::White);
    assert_eq!(
        mates.prove(game.history(), game.position(), 1),
        Verdict::NoMate
    );
    assert!(!plain(game.history(), game.position(), Color::White, 1));
    // Many lines, one store per attacker, against the plain search.
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut searches = [
        HorizonProof::new(table(), Color::White).counting_stalemates(),
        HorizonProof::new(table(), Color::Black).counting_stalemates(),
    ];
    let (mut proved, mut by_stalemate, mut checked) = (0, 0, 0);
    for _ in 0..2000 {
        let length = rng.random_range(10..80);
        let game = if rng.random_bool(0.5) {
            random_line(&mut rng, length)
        } else {
            squeezing_line(&mut rng, length)
        };
        let horizon = rng.random_range(0..=5);
        for (search, attacker) in searches.iter_mut().zip([Color::White, Color::Black]) {
            let verdict = search.prove(game.history(), game.position(), horizon);
            let mut path = game.history().to_vec();
            let expected = plain_end(&mut path, game.position(), attacker, horizon);
            assert_eq!(
                matches!(verdict, Verdict::Mates(_)),
                expected,
                "{attacker:?} ending within {horizon} plies at {} after {} plies",
                game.position(),
                game.history().len() - 1
            );
            if expected {
                proved += 1;
                if !plain(game.history(), game.position(), attacker, horizon) {
                    by_stalemate += 1;
                }
            }
            checked += 1;
        }
    }
    // Both answers, and ends only a stalemate gives (23 of 4,000 with this
    // seed), or the sample proves little.
    assert!(
        proved > 100 && proved < checked - 100 && by_stalemate >= 10,
        "{proved} ends of {checked}, {by_stalemate} only by stalemate"
    );
}

/// A search that reports how it is getting on reports every so many nodes,
/// in order, while the root is still open, and searches exactly what the
/// same search without reports does. (Debug builds also check, at every
/// report, the count of stored results against the store itself; the
/// budgeted search drops results, the default one replaces them.)
#[test]
fn reports_come_every_so_many_nodes_and_change_nothing() {
    let mut game = KnightCourt::new();
    game.play("b1c2".parse::<Move>().unwrap()).unwrap();
    let (history, pos) = (game.history(), game.position());
    for budget in [None, Some(20_000)] {
        let mut silent = within(HorizonProof::new(table(), Color::Black), budget);
        let expected = silent.prove(history, pos, 19);
        let reports = std::cell::RefCell::new(Vec::new());
        let mut told = within(HorizonProof::new(table(), Color::Black), budget)
            .reporting(250, |r| reports.borrow_mut().push(r.clone()));
        assert_eq!(told.prove(history, pos, 19), expected);
        assert_eq!(told.nodes, silent.nodes);
        let nodes = told.nodes;
        drop(told);
        let reports = reports.into_inner();
        assert!(nodes > 2_000, "{nodes} nodes: too few to test reports");
        assert_eq!(reports.len() as u64, nodes / 250);
        for (i, report) in reports.iter().enumerate() {
            assert_eq!(report.nodes, 250 * (i as u64 + 1));
            let near = &report.numbers_near_root;
            assert_eq!(near.len(), report.plies_deep.min(NEAR_ROOT));
            for &(pn, dn) in near {
                assert!(pn > 0 && dn > 0, "the path is open while it is searched");
            }
            assert!(report.plies_deep <= 19);
            assert_eq!(report.bytes_stored == 0, report.results_stored == 0);
            if let Some(bytes) = budget {
                assert!(report.bytes_stored <= bytes);
            }
            // A result is stored only once its node is solved, and only
            // a stored result is dropped.
            assert!(report.results_stored as u64 + report.dropped <= report.nodes);
        }
        // The budget binds: it has dropped more than it keeps.
        let last = reports.last().expect("reports");
        if budget.is_some() {
            assert!(last.dropped > last.results_stored as u64, "{last:?}");
        }
        assert!(reports.iter().any(|r| r.plies_deep >= 10));
        // The numbers above the ply a report says were updated from are
        // the ones the report before gave; and that says something: some
        // reports keep the root's numbers, and some change numbers near it.
        let (mut kept, mut changed) = (0, 0);
        for pair in reports.windows(2) {
            let (before, now) = (&pair[0], &pair[1]);
            assert!(now.updated_from <= now.plies_deep, "{now:?}");
            let shared = (before.numbers_near_root.len()).min(now.numbers_near_root.len());
            for ply in 0..shared {
                let same = before.numbers_near_root[ply] == now.numbers_near_root[ply];
                if ply < now.updated_from {
                    assert!(same, "ply {ply} not updated: {before:?} then {now:?}");
                    kept += 1;
                } else if !same {
                    changed += 1;
                }
            }
        }
        assert!(kept > 0 && changed > 0, "kept {kept}, changed {changed}");
    }
}

fn within(search: HorizonProof<'_>, budget: Option<usize>) -> HorizonProof<'_> {
    match budget {
        Some(bytes) => search.within_bytes(bytes),
        None => search,
    }
}

/// The keys of the positions `pos`'s legal moves lead to (the ban aside).
fn children_keys(pos: &Position) -> Vec<u32> {
    let mut keys = Vec::new();
    for_each_legal(pos, |mv| keys.push(pos.play_unchecked(mv).key()));
    keys
}

/// The line up to `before` with every move from it but the one to
/// `after` played already: `before` has that one move.
fn line_leaving_one_move(before: &Position, after: &Position) -> Vec<u32> {
    let mut line = children_keys(before);
    line.retain(|&k| k != after.key());
    line.push(before.key());
    line
}

/// The same line with every move from `after` played too: `after` has
/// none.
fn line_banning_all_but(before: &Position, after: &Position) -> Vec<u32> {
    let mut line = children_keys(after);
    line.extend(line_leaving_one_move(before, after));
    line
}

/// The positions one move from the positions of short random lines, and
/// the position each was reached from, for the tests below.
fn pairs(seed: u64, lines: usize) -> impl Iterator<Item = (Position, Position)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..lines).flat_map(move |_| {
        let plies = rng.random_range(2..16);
        let before = *random_line(&mut rng, plies).position();
        let mut after = Vec::new();
        for_each_legal(&before, |mv| {
            after.push((before, before.play_unchecked(mv)))
        });
        after
    })
}

/// The pairs of [`pairs`] where the line that bans every move from
/// `after` (and all but that one from `before`) stalemates `after`: it is
/// not in check, has moves, and none of them leads back to `before`.
fn pairs_to_stalemate(seed: u64, lines: usize) -> impl Iterator<Item = (Position, Position)> {
    pairs(seed, lines).filter(|(before, after)| {
        let banned = children_keys(after);
        !after.is_check() && !banned.is_empty() && !banned.contains(&before.key())
    })
}

/// A result must not be reused on a line that takes every move from the
/// side the result is against, where running out of moves ends the game
/// the other way. Built by hand: the attacker, not in check, cannot force
/// an end within `plies` from `after` with its moves free (the first
/// answer, stored); on the line that bans them all it is stalemated, an
/// end, and the defender at `before` has no other move. At the horizon
/// (`plies` 0) and one move before it, where the attacker's node rests on
/// every move.
#[test]
fn no_result_is_reused_where_the_ban_stalemates_the_attacker() {
    for plies in [0, 1] {
        let mut tried = 0;
        for (before, after) in pairs_to_stalemate(5, 400) {
            let attacker = after.turn();
            let mut search = HorizonProof::new(table(), attacker).counting_stalemates();
            let alone = [before.key(), after.key()];
            if search.prove(&alone, &after, plies) != Verdict::NoMate {
                continue;
            }
            let line = line_banning_all_but(&before, &after);
            assert!(plain_end(&mut line.clone(), &before, attacker, plies + 1));
            assert_eq!(
                search.prove(&line, &before, plies + 1),
                Verdict::Mates(1),
                "{attacker:?} stalemated at {after}, {plies} plies left"
            );
            tried += 1;
            if tried == 20 {
                break;
            }
        }
        assert_eq!(tried, 20, "cases at {plies} plies");
    }
}

/// The other way round, asking for mate only: a defender, not in check,
/// mated within `plies` from `after` whatever it plays (the first answer,
/// stored), is stalemated instead on the line that bans all its moves,
/// which is a draw; the attacker at `before` has no other move.
#[test]
fn no_result_is_reused_where_the_ban_stalemates_the_defender() {
    let mut tried = 0;
    for (before, after) in pairs_to_stalemate(6, 3000) {
        let attacker = before.turn();
        let mut search = HorizonProof::new(table(), attacker);
        let alone = [before.key(), after.key()];
        let Verdict::Mates(plies) = search.prove(&alone, &after, 6) else {
            continue;
        };
        let line = line_banning_all_but(&before, &after);
        assert!(!plain(&line, &before, attacker, plies + 1));
        assert_eq!(
            search.prove(&line, &before, plies + 1),
            Verdict::NoMate,
            "{attacker:?} stalemating at {after}"
        );
        tried += 1;
        if tried == 20 {
            return;
        }
    }
    panic!("only {tried} cases found");
}

/// A result that relied on a move being forbidden must not be reused on a
/// line that allows it. Built by hand, asking for mate: at `after`, one
/// move `freed` was forbidden when the result was made (the line then
/// held it), and the plain search says that forbidding it is what decides
/// (a mate found or missed because of it); the second line does not hold
/// it, and leaves `before` no move but to `after`.
#[test]
fn no_result_is_reused_where_a_move_it_relied_on_is_allowed() {
    let (mut proofs, mut disproofs) = (0, 0);
    for (before, after) in pairs(8, 3000) {
        let attacker = if proofs < disproofs {
            before.turn()
        } else {
            after.turn()
        };
        for freed in children_keys(&after) {
            if freed == before.key() {
                continue;
            }
            let then = [freed, before.key(), after.key()];
            let mates_then = plain(&then, &after, attacker, 3);
            if mates_then == plain(&[before.key(), after.key()], &after, attacker, 3) {
                continue;
            }
            let mut search = HorizonProof::new(table(), attacker);
            assert_eq!(
                matches!(search.prove(&then, &after, 3), Verdict::Mates(_)),
                mates_then
            );
            let line = line_leaving_one_move(&before, &after);
            let mates_now = plain(&line, &before, attacker, 4);
            assert_eq!(
                matches!(search.prove(&line, &before, 4), Verdict::Mates(_)),
                mates_now,
                "{attacker:?} at {after} with {freed} allowed again"
            );
            if mates_then {
                proofs += 1;
            } else {
                disproofs += 1;
            }
            break;
        }
        if proofs >= 10 && disproofs >= 10 {
            return;
        }
    }
    panic!("only {proofs} proofs and {disproofs} disproofs found");
}
