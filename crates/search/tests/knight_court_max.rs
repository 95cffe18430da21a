//! Knight Court's `max` under the repetition ban. The solved table was
//! solved without the ban, so some positions it calls drawn are lost under
//! it; `max` searches with the ban and asks the table only at its leaves
//! (docs/ai.md#knight-court).

use arbiter_core::{Game, Phase, Seat, Seed, TextPosition};
use arbiter_knight_court::{KnightCourt, Move};
use arbiter_search::knight_court::{analyse, table};
use arbiter_search::retrograde::Value;
use arbiter_search::{Bots, Budget, Level, Observe, Spec};

fn mv(text: &str) -> Move {
    text.parse().expect("a move in Knight Court notation")
}

fn to_move(game: &KnightCourt) -> Seat {
    match game.phase() {
        Phase::Turn(seat) => seat,
        other => panic!("no side to move: {other:?}"),
    }
}

fn play(moves: &[&str]) -> KnightCourt {
    let mut game = KnightCourt::start();
    for text in moves {
        let seat = to_move(&game);
        game.act(seat, &mv(text)).expect("a legal move");
    }
    game
}

/// A line from a real game of the table against a small search: both sides
/// dropped and moved, and the repetition ban now bites.
const LINE: [&str; 8] = [
    "b1c2", "c3c2", "B@b1", "c2a2", "b1a2", "b3c2", "c1c2", "B@b2",
];

/// White to move after [`LINE`]. Worked by hand: after 9. a1b3 Black drops
/// a rook on c3 (check); c2c3 is then White's only legal move (every other
/// one repeats a position or leaves the knight attacked); Black drops the
/// other rook on c2; a2b1 is White's only move; c2c3 mates. The table,
/// blind to the ban, calls 9. a1b3 a draw.
#[test]
fn a_table_draw_can_be_a_forced_loss_under_the_repetition_ban() {
    let game = play(&LINE);
    let values = analyse(table(), &game);
    assert!(values.contains(&(mv("a1b3"), Value::Draw)), "{values:?}");

    let mut after = game.clone();
    for (i, text) in ["a1b3", "R@c3", "c2c3", "R@c2", "a2b1", "c2c3"]
        .iter()
        .enumerate()
    {
        let seat = to_move(&after);
        if i % 2 == 0 && i > 0 {
            // White's replies are forced.
            assert_eq!(after.legal_actions(seat), vec![mv(text)], "ply {i}");
        }
        after.act(seat, &mv(text)).expect("a legal move");
    }
    assert_eq!(after.outcome().unwrap().sole_winner(), Some(Seat(1)));
}

/// The table player may walk into that loss (it values a1b3 as well as
/// c2b2); `max` never does, whatever the seed.
#[test]
fn max_steps_around_the_loss_the_table_cannot_see() {
    let game = play(&LINE);
    let max = KnightCourt::bot(Spec::new(Level::Max, Budget::Nodes(20_000)));
    for seed in 0..6 {
        let choice = max.choose(&game.seen_by(Seat(0)), Seat(0), Seed::from_u64(seed));
        assert_ne!(choice, Some(mv("a1b3")), "seed {seed}");
        assert!(choice.is_some());
    }
}

/// Where the table knows a win, `max` takes it: from a position the table
/// marks as won in a few plies, it mates exactly as fast.
#[test]
fn max_converts_a_table_win_at_the_tables_speed() {
    let positions = arbiter_search::games::knight_court::won_positions(12, Seed::from_u64(5));
    let max = KnightCourt::bot(Spec::new(Level::Max, Budget::Nodes(20_000)));
    for start in positions {
        let Value::Win(plies) = arbiter_search::knight_court::value(table(), &start) else {
            unreachable!("a won position")
        };
        if plies > 9 {
            continue;
        }
        let mut game = KnightCourt::from_text(&start.to_string()).expect("a table position");
        let winner = to_move(&game);
        let defender = KnightCourt::bot(Spec::new(Level::Table, Budget::Nodes(1)));
        let mut played = 0;
        while game.outcome().is_none() {
            let seat = to_move(&game);
            let bot = if seat == winner { &max } else { &defender };
            let choice = bot
                .choose(&game.seen_by(seat), seat, Seed::from_u64(played))
                .expect("a move");
            game.act(seat, &choice).unwrap();
            played += 1;
        }
        assert_eq!(game.outcome().unwrap().sole_winner(), Some(winner));
        assert!(
            played <= u64::from(plies),
            "{played} plies for a win in {plies}"
        );
    }
}

/// White to move, in check. Worked by hand: White has two moves; after
/// b3a1 a bishop dropped on b2 mates (it attacks a1, the rook on c3 covers
/// b3 and c2), and c1c3 takes the checking rook.
const CHECKED: [&str; 4] = ["b1c2", "c3c2", "a1b3", "c2c3"];

/// The veto under a deadline, as a host's clock gives it: `max` shares the
/// time out between the proofs and its search, and still refuses the move
/// proved to lose. The search is held to three nodes, too few to see the
/// mate, so that without the proofs it walks into it (checked first).
#[test]
fn under_a_deadline_max_still_refuses_a_move_proved_to_lose() {
    let game = play(&CHECKED);
    let mut after = game.clone();
    after.act(Seat(0), &mv("b3a1")).unwrap();
    after.act(Seat(1), &mv("B@b2")).unwrap();
    assert_eq!(after.outcome().unwrap().sole_winner(), Some(Seat(1)));

    let seeds = 0..8;
    let plain = KnightCourt::bot(Spec::new(Level::MaxOneRound, Budget::Nodes(3)));
    let walks_in = seeds
        .clone()
        .filter(|&s| plain.choose(&game, Seat(0), Seed::from_u64(s)) == Some(mv("b3a1")))
        .count();
    assert!(walks_in > 0, "the bare search never chose b3a1");
    for seed in seeds {
        // Generous, so that a slow machine still reaches the check.
        let at = std::time::Instant::now() + std::time::Duration::from_secs(4);
        let max = KnightCourt::bot(Spec::new(Level::Max, Budget::Until { nodes: 3, at }));
        let choice = max.choose(&game, Seat(0), Seed::from_u64(seed));
        assert_eq!(choice, Some(mv("c1c3")), "seed {seed}");
    }
}
