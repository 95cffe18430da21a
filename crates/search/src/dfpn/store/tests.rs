//! The store's tests: what a sweep drops, against a naive sweep too, and
//! which result a lookup finds.

use super::*;

fn result(unions: &mut Unions, work: u32, members: &[u32]) -> Solved {
    Solved {
        proof: None,
        depth: 3,
        work,
        touched: unions.set_of(members),
        forbidden: Box::default(),
    }
}

/// Ordering a slice at a time gives every prefix a full sort gives,
/// duplicates and all, whatever the slice.
#[test]
fn ordering_in_slices_matches_a_full_sort() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    for _ in 0..500 {
        let keys: Vec<u8> = (0..rng.random_range(0..40))
            .map(|_| rng.random_range(0..12))
            .collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        let slice = rng.random_range(1..10);
        let (mut sliced, mut ordered) = (keys.clone(), 0);
        while ordered < sliced.len() {
            let before = ordered;
            ordered = order_next(&mut sliced, ordered, slice);
            assert_eq!(ordered, (before + slice).min(keys.len()));
            assert_eq!(sliced[..ordered], sorted[..ordered], "{keys:?}, {slice}");
        }
    }
}

/// The sweep as it was first written, naively: each round collects
/// every stored result, sorts them all, drops from the cheapest until
/// their shares cover the excess, and takes them out at once. Says how
/// many rounds it took.
fn sweep_naively(store: &mut Store, target: usize, unions: &Unions) -> usize {
    let mut rounds = 0;
    while store.bytes(unions) > target {
        let mut all: Vec<(u64, u32, u32)> = Vec::new();
        for (index, entries) in store.solved.iter().enumerate() {
            for (slot, e) in entries.iter().enumerate() {
                all.push((e.priority.get(), index as u32, slot as u32));
            }
        }
        if all.is_empty() {
            break;
        }
        all.sort_unstable();
        rounds += 1;
        let mut excess = store.bytes(unions) - target;
        let mut going = Vec::new();
        for (priority, index, slot) in all {
            if excess == 0 {
                break;
            }
            store.floor = priority;
            let s = &store.solved[index as usize][slot as usize].solved;
            excess = excess.saturating_sub(s.held_bytes());
            going.push((index, slot));
        }
        going.sort_unstable();
        for &(index, slot) in going.iter().rev() {
            let entry = store.solved[index as usize].remove(slot as usize);
            store.own_bytes -= entry.solved.bytes();
            store.results -= 1;
            store.dropped += 1;
        }
    }
    rounds
}

/// A store of `results` results over 24 positions, made the same way
/// for every `seed`: most rest on a stored result's set and add a few
/// members (sharing its parts), and some are found again (raising
/// their priority).
fn store_of_shared_sets(seed: u64, results: u32, unions: &mut Unions) -> Store {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut store = Store::new(24, 6);
    for _ in 0..results {
        let added: Vec<u32> = {
            let mut a: Vec<u32> = (0..rng.random_range(1..4))
                .map(|_| rng.random_range(0..5_000))
                .collect();
            a.sort_unstable();
            a.dedup();
            a
        };
        let stored: Vec<&Rc<Solved>> = store.solved.iter().flatten().map(|e| &e.solved).collect();
        let touched = if stored.is_empty() || rng.random_range(0..10) == 0 {
            let start = rng.random_range(0..1_000);
            let spread = rng.random_range(1..9);
            let list: Vec<u32> = (0..rng.random_range(50..900))
                .map(|i| start + i * spread)
                .collect();
            unions.union_of(&list, &[])
        } else {
            let on = stored[rng.random_range(0..stored.len())];
            unions.union_of(&added, &[&on.touched])
        };
        let solved = Solved {
            proof: None,
            depth: 3,
            work: if rng.random_range(0..2) == 0 {
                rng.random_range(1..5)
            } else {
                rng.random_range(1..2_000)
            },
            touched,
            forbidden: Box::default(),
        };
        store.put(rng.random_range(0..24), solved, unions);
        if rng.random_range(0..4) == 0 {
            let index = rng.random_range(0..24);
            let _ = store.find(index, 2, &Line::new());
        }
    }
    store
}

/// The sweep, going on from round to round in one ordering, drops
/// exactly what the naive sweep drops, and leaves the same floor and
/// the same memory held.
#[test]
fn a_sweep_drops_what_the_naive_sweep_drops() {
    let mut rounds_seen = 0;
    for seed in 0..60 {
        let (mut unions, mut naive_unions) = (Unions::default(), Unions::default());
        let mut store = store_of_shared_sets(seed, 120, &mut unions);
        let mut naive = store_of_shared_sets(seed, 120, &mut naive_unions);
        assert_eq!(store.bytes(&unions), naive.bytes(&naive_unions));
        let target = store.bytes(&unions) / 100 * (20 + seed as usize);
        store.sweep(target, &unions);
        let rounds = sweep_naively(&mut naive, target, &naive_unions);
        rounds_seen = rounds_seen.max(rounds);
        let kept = |s: &Store| -> Vec<Vec<(u64, u32, usize)>> {
            (s.solved.iter())
                .map(|es| {
                    (es.iter())
                        .map(|e| (e.last_used.get(), e.solved.work, e.solved.touched.len()))
                        .collect()
                })
                .collect()
        };
        assert!(kept(&store) == kept(&naive), "seed {seed}");
        assert_eq!(store.floor, naive.floor, "seed {seed}");
        assert_eq!(store.bytes(&unions), naive.bytes(&naive_unions));
        assert_eq!(
            (store.results, store.dropped),
            (naive.results, naive.dropped)
        );
        assert!(store.counts_truly() && store.bytes(&unions) <= target);
    }
    assert!(rounds_seen >= 3, "the sweeps went round: {rounds_seen}");
}

/// Sweeps to one byte below what the store holds, so that exactly one
/// result goes, and says which (position, and work).
fn sweep_one(store: &mut Store, unions: &Unions) -> (u32, u32) {
    let before: Vec<Vec<u32>> = (store.solved.iter())
        .map(|e| e.iter().map(|e| e.solved.work).collect())
        .collect();
    let dropped = store.dropped;
    store.sweep(store.bytes(unions) - 1, unions);
    assert_eq!(store.dropped, dropped + 1, "one result at a time");
    assert!(store.counts_truly());
    let after: Vec<Vec<u32>> = (store.solved.iter())
        .map(|e| e.iter().map(|e| e.solved.work).collect())
        .collect();
    let index = (0..before.len()).find(|&i| before[i] != after[i]).unwrap();
    let gone = (before[index].iter())
        .zip(after[index].iter().chain([&u32::MAX]))
        .find(|(b, a)| b != a)
        .map(|(b, _)| *b)
        .unwrap();
    (index as u32, gone)
}

#[test]
fn a_sweep_drops_the_results_worth_least_for_their_memory() {
    let mut unions = Unions::default();
    let mut store = Store::new(16, 8);
    let few: Vec<u32> = (0..10).collect();
    // Four thousand members a few apart: a few KiB, so 100 nodes for
    // it are worth less than 10 for the few (under 100 bytes in all).
    let many: Vec<u32> = (0..4_000).map(|i| i * 3).collect();
    for (index, work, members) in [
        (5, 100, &few),
        (9, 10, &few),
        (7, 100, &many),
        (9, 10, &few),
        (5, 10, &few),
        (2, 1_000, &many),
    ] {
        let solved = result(&mut unions, work, members);
        store.put(index, solved, &unions);
    }
    assert_eq!(store.results, 6);
    // Worth, by hand: 100 nodes over about 4 KiB; then the three of 10
    // nodes and the few, by position and age; then 1,000 over 4 KiB;
    // last 100 over the few.
    let order: Vec<(u32, u32)> = (0..6).map(|_| sweep_one(&mut store, &unions)).collect();
    assert_eq!(
        order,
        [(7, 100), (5, 10), (9, 10), (9, 10), (2, 1_000), (5, 100)]
    );
    assert_eq!(store.results, 0);
    assert_eq!(store.bytes(&unions), 0, "every set freed");
}

#[test]
fn a_result_found_since_the_last_sweep_outlives_a_worthier_one() {
    let mut unions = Unions::default();
    let mut store = Store::new(16, 8);
    let few: Vec<u32> = (0..10).collect();
    // Sets of the same size, so worth goes by the nodes alone (and none
    // holds its own position, so each holds on the empty line).
    for (index, work) in [(12, 60), (13, 50), (14, 100)] {
        let solved = result(&mut unions, work, &few);
        store.put(index, solved, &unions);
    }
    assert_eq!(sweep_one(&mut store, &unions), (13, 50), "the least worth");
    // Found now, the result of 60 nodes stands at the floor (the
    // worth of 50) and its own worth: above the one of 100 nodes,
    // which was not found.
    assert_eq!(found(&store, 12, 2, &[]), Ok(60));
    assert_eq!(sweep_one(&mut store, &unions), (14, 100));
    // A result stored now starts from the floor too (the worth of
    // 100): one of 20 nodes outranks the one of 60 found earlier.
    store.put(15, result(&mut unions, 20, &few), &unions);
    assert_eq!(sweep_one(&mut store, &unions), (12, 60));
    assert_eq!(sweep_one(&mut store, &unions), (15, 20));
    assert_eq!(store.results, 0);
}

#[test]
fn a_put_over_the_budget_sweeps_to_nine_tenths_of_it() {
    let mut unions = Unions::default();
    let mut store = Store::new(64, 8);
    store.budget = Some(20_000);
    let mut most = 0;
    for n in 0..200u32 {
        let members: Vec<u32> = (0..50).map(|i| n + 7 * i).collect();
        let solved = result(&mut unions, n % 13, &members);
        store.put(n % 64, solved, &unions);
        let held = store.bytes(&unions);
        assert!(held <= 20_000, "{held} bytes after {n}");
        most = most.max(held);
        assert!(store.counts_truly());
    }
    assert!(store.dropped > 0 && most > 18_000, "the budget binds");
    // Each sweep stopped at nine tenths of the budget, or just below.
    assert!(store.bytes(&unions) >= 18_000 - 200 || store.results < 10);
}

/// Which stored result `find` answers with, by its work, or why none.
fn found(store: &Store, index: u32, depth: u32, line: &[u32]) -> Result<u32, &'static str> {
    let mut on_line = Line::new();
    on_line.reset(line.iter().copied());
    match store.find(index, depth, &on_line) {
        Ok(s) => Ok(s.work),
        Err(Refused::OnThisLine) => Err("not on this line"),
        Err(Refused::Unknown) => Err("unknown"),
    }
}

#[test]
fn a_lookup_finds_the_oldest_result_that_holds_at_the_depth_and_on_the_line() {
    let mut unions = Unions::default();
    let mut store = Store::new(16, 8);
    // Position 7: a disproof within 3 plies that found 3, 5 and 9 on
    // its line (more than an entry keeps beside it); a proof in 4
    // plies that found 5; a disproof within 6 plies that found none.
    let results = [
        (None, 3, 1, vec![2, 3, 5, 9, 11], vec![3, 5, 9]),
        (Some(4), 0, 2, vec![5, 8], vec![5]),
        (None, 6, 3, vec![1, 4], vec![]),
    ];
    for (proof, depth, work, touched, forbidden) in results {
        let solved = Solved {
            proof,
            depth,
            work,
            touched: unions.set_of(&touched),
            forbidden: forbidden.into(),
        };
        store.put(7, solved, &unions);
    }
    // By hand: the first holds at depths up to 3 on a line holding
    // exactly 3, 5 and 9 of its touched positions; the second from 4
    // up on a line holding 5 and not 8; the third up to 6 on a line
    // holding neither 1 nor 4.
    assert_eq!(found(&store, 7, 2, &[3, 5, 9]), Ok(1));
    assert_eq!(found(&store, 7, 2, &[9, 0, 5, 3]), Ok(1));
    assert_eq!(found(&store, 7, 2, &[3, 5, 9, 11]), Ok(3), "11 touched");
    assert_eq!(found(&store, 7, 2, &[3, 5]), Ok(3), "9 off the line");
    assert_eq!(found(&store, 7, 2, &[5, 9]), Ok(3), "3 off the line");
    assert_eq!(found(&store, 7, 2, &[3, 5, 9, 1]), Ok(1), "1 not touched");
    assert_eq!(found(&store, 7, 2, &[3, 5, 1]), Err("not on this line"));
    assert_eq!(found(&store, 7, 5, &[5]), Ok(2), "the proof first");
    assert_eq!(found(&store, 7, 5, &[5, 8]), Ok(3));
    assert_eq!(found(&store, 7, 4, &[]), Ok(3), "5 off the line");
    assert_eq!(found(&store, 7, 7, &[6]), Err("not on this line"), "5 off");
    assert_eq!(found(&store, 7, 7, &[5, 6]), Ok(2));
    assert_eq!(found(&store, 7, 7, &[4]), Err("not on this line"));
    assert_eq!(found(&store, 3, 2, &[]), Err("unknown"));
}

#[test]
fn what_results_remember_of_one_line_is_forgotten_on_another() {
    let mut unions = Unions::default();
    let mut store = Store::new(16, 4);
    // Position 7, a disproof that touched 1 and 2 and found neither on
    // its line: made on the line 5, 6, 8, and found again there.
    let mut line = Line::new();
    line.reset([5, 6, 8]);
    store.put_made_on(7, result(&mut unions, 1, &[1, 2]), &unions, &line);
    assert!(store.find(7, 3, &line).is_ok());
    // By hand: a new line holding 1 fails it, though it entered 1 as
    // early as the first line entered 5 (its own moments start again).
    let mut other = Line::new();
    other.reset([1]);
    assert!(matches!(store.find(7, 3, &other), Err(Refused::OnThisLine)));
    // The first line, grown by a touched position and by another, and
    // shrunk back.
    line.enter(2);
    assert!(matches!(store.find(7, 3, &line), Err(Refused::OnThisLine)));
    line.leave();
    line.enter(9);
    assert!(store.find(7, 3, &line).is_ok());
    line.leave();
    line.leave();
    line.enter(1);
    assert!(matches!(store.find(7, 3, &line), Err(Refused::OnThisLine)));
}

#[test]
fn a_full_position_may_drop_the_result_used_longest_ago() {
    let mut unions = Unions::default();
    let mut store = Store::new(4, 3);
    store.when_full = WhenFull::DropLeastRecentlyUsed;
    for (work, depth) in [(1, 3), (2, 5), (3, 7)] {
        let mut solved = result(&mut unions, work, &[1, 2]);
        solved.depth = depth;
        store.put(3, solved, &unions);
    }
    let works = |store: &Store| -> Vec<u32> { store.of(3).iter().map(|e| e.solved.work).collect() };
    // Found at 4 plies (only the disproof within 5 holds there): the
    // first is now the one used longest ago, and goes for the fourth.
    assert_eq!(found(&store, 3, 4, &[]), Ok(2));
    store.put(3, result(&mut unions, 4, &[1, 2]), &unions);
    assert_eq!(works(&store), [2, 3, 4]);
    // Found at 6 plies, the third; then at 1 the second (the first in
    // the list that holds). The fourth, stored before both, goes for
    // the fifth, then the third for the sixth (the oldest first would
    // have kept 4, 5 and 6).
    assert_eq!(found(&store, 3, 6, &[]), Ok(3));
    assert_eq!(found(&store, 3, 1, &[]), Ok(2));
    store.put(3, result(&mut unions, 5, &[1, 2]), &unions);
    assert_eq!(works(&store), [2, 3, 5]);
    store.put(3, result(&mut unions, 6, &[1, 2]), &unions);
    assert_eq!(works(&store), [2, 5, 6]);
    assert_eq!((store.results, store.dropped), (3, 3));
    assert!(store.counts_truly());
}

#[test]
fn a_full_position_drops_its_oldest() {
    let mut unions = Unions::default();
    let mut store = Store::new(4, 2);
    for work in [1, 2, 3] {
        let solved = result(&mut unions, work, &[1, 2]);
        store.put(3, solved, &unions);
    }
    let works: Vec<u32> = store.of(3).iter().map(|e| e.solved.work).collect();
    assert_eq!(works, [2, 3]);
    assert_eq!((store.results, store.dropped), (2, 1));
}
