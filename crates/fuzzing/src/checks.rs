//! The three checks (see the crate's documentation).

use crate::bytes::Bytes;
use arbiter_core::{Game, Phase, Seat, Seed, TextPosition, Viewer};
use arbiter_knight_control::record::Record;
use arbiter_knight_control::{KnightControl, Layout, Rules};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_tilechess::{Ruleset, Tilechess};

/// The first byte picks a game; the rest is its position string.
pub fn position_strings(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let game = bytes.byte() % 4;
    let text = bytes.rest();
    match game {
        0 => reads_back::<KnightCourt>(&text),
        1 => reads_back::<KnightMoves>(&text),
        2 => reads_back::<ProgressiveChess>(&text),
        _ => reads_back::<Tilechess>(&text),
    }
}

fn reads_back<G: TextPosition>(text: &str) {
    let Ok(game) = G::from_position(text) else {
        return;
    };
    let printed = game.position();
    let again = G::from_position(&printed)
        .unwrap_or_else(|e| panic!("{text:?} was read, but its print {printed:?} is refused: {e}"));
    assert_eq!(again.position(), printed, "{text:?} does not print stably");
}

/// The first byte picks a game; then the bytes choose up to 63 legal
/// actions to play from its start, and a seat; the rest is the action text
/// that seat tries.
pub fn actions(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    match bytes.byte() % 5 {
        0 => play_then_try(KnightCourt::start(), bytes),
        1 => play_then_try(KnightMoves::start(), bytes),
        2 => play_then_try(ProgressiveChess::start(), bytes),
        3 => play_then_try(Tilechess::new(Ruleset::default()), bytes),
        _ => {
            let players = 2 + usize::from(bytes.byte()) % 10;
            let seed = Seed::from_u64(u64::from(bytes.byte()));
            let game = KnightControl::new(players, Rules::default(), Layout::standard(), seed)
                .expect("the standard layout seats 2 to 11 players");
            play_then_try(game, bytes);
        }
    }
}

/// Every viewer's whole view, as the server would send it.
fn every_view<G: Game>(game: &G) -> Vec<String> {
    let text = |viewer| serde_json::to_string(&game.view(viewer)).expect("a view serialises");
    let mut views = vec![text(Viewer::Spectator)];
    views.extend((0..game.seat_count()).map(|k| text(Viewer::Seat(Seat(k as u8)))));
    views
}

fn play_then_try<G: Game>(mut game: G, mut bytes: Bytes) {
    let mut rng = Seed::from_u64(u64::from(bytes.byte())).rng();
    for _ in 0..bytes.byte() % 64 {
        let seat = match game.phase() {
            Phase::Over(_) => break,
            Phase::Chance => {
                game.resolve(&mut rng).expect("a chance step resolves");
                continue;
            }
            Phase::Turn(seat) => seat,
            Phase::Claim(seats) | Phase::Simultaneous(seats) => seats[bytes.below(seats.len())],
        };
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            break;
        }
        let action = &legal[bytes.below(legal.len())];
        if let Err(e) = game.act(seat, action) {
            panic!(
                "seat {} was refused its listed action {action}: {e}",
                seat.0 + 1
            );
        }
    }
    let seat = Seat((usize::from(bytes.byte()) % game.seat_count().max(1)) as u8);
    let text = bytes.rest();
    let before = every_view(&game);
    let mut tried = game.clone();
    match tried.act_text(seat, &text) {
        Err(_) => assert!(
            every_view(&tried) == before,
            "refusing {text:?} of seat {} changed what someone sees",
            seat.0 + 1
        ),
        Ok(action) => {
            let printed = action.to_string();
            match game.parse_action(seat, &printed) {
                Ok(read) => assert_eq!(read, action, "{text:?} printed as {printed:?}"),
                Err(e) => panic!("{text:?} was played, but its print {printed:?} is refused: {e}"),
            }
        }
    }
}

/// The first byte picks a layout file or a record; the rest is its JSON.
pub fn knight_control_files(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let record = bytes.byte() % 2 == 1;
    let text = bytes.rest();
    if !record {
        // A layout that is read must seat players without a panic.
        if let Ok(layout) = Layout::from_json(&text) {
            let _ = KnightControl::new(2, Rules::default(), layout, Seed::from_u64(1));
        }
        return;
    }
    let Ok(read) = Record::from_json(&text) else {
        return;
    };
    let written = read.to_json();
    let again = Record::from_json(&written)
        .unwrap_or_else(|e| panic!("a record was read, but what it writes is refused: {e}"));
    assert_eq!(again.to_json(), written, "a record does not write stably");
    // Replaying is what an import does: any record replays or is refused.
    let _ = read.replay();
}

/// The bytes are a game record of the server's, in either format.
pub fn game_records(data: &[u8]) {
    use arbiter_server::host::record::{replay, verify};
    use arbiter_server::records::Record;
    let text = String::from_utf8_lossy(data);
    let Ok(read) = Record::parse(&text) else {
        return;
    };
    for (format, written) in [("JSON", read.to_json()), ("text", read.to_text())] {
        let again = Record::parse(&written).unwrap_or_else(|e| {
            panic!("a record was read, but its {format} is refused: {e}\n{written}")
        });
        assert_eq!(
            again.to_json(),
            read.to_json(),
            "its {format} reads as another record"
        );
    }
    // What an import and `arbiter verify` do next.
    let _ = replay(&read, |_, _| {});
    let _ = verify(&read);
}
