//! One test (or more) for every ruling in docs/rules/knight-moves.md.
//! Expected values come from hand analysis of the positions.

use arbiter_core::{ActionError, Diagram, Game, Phase, Seat, TextPosition, Viewer};
use arbiter_knight_moves::{
    Cell, KnightMoves, Move, Position, Side, Square, Status, FILES, RANKS, SQUARES,
};

const START: &str = "1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -";

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn game_at(text: &str) -> KnightMoves {
    KnightMoves::from_text(text).unwrap_or_else(|e| panic!("{e}"))
}

fn play(game: &mut KnightMoves, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game
            .read_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv)
            .unwrap_or_else(|e| panic!("{text}: {}", e.reason));
    }
}

fn after(moves: &str) -> KnightMoves {
    let mut game = KnightMoves::new();
    play(&mut game, moves);
    game
}

/// Plays `text`, expects a refusal, checks nothing changed, and returns
/// the reason.
fn refuse(game: &mut KnightMoves, text: &str) -> String {
    let before = game.position().to_string();
    let history = game.history().len();
    let mv = game
        .read_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let err = game.play(mv).expect_err(text);
    assert_eq!(
        game.position().to_string(),
        before,
        "a refused move changed the position"
    );
    assert_eq!(game.history().len(), history);
    err.reason
}

fn legal(game: &KnightMoves) -> Vec<String> {
    game.legal_moves().iter().map(Move::to_string).collect()
}

fn cell(game: &KnightMoves, name: &str) -> Option<Cell> {
    game.position().cell_at(sq(name))
}

// --- The board and the start --------------------------------------------

#[test]
fn the_board_has_files_a_to_g_and_ranks_1_to_8() {
    assert_eq!((FILES, RANKS, SQUARES), (7, 8, 56));
    assert!(Square::parse("g8").is_ok());
    assert!(Square::parse("h1")
        .unwrap_err()
        .contains("files run from a to g"));
    assert!(Square::parse("a9")
        .unwrap_err()
        .contains("ranks run from 1 to 8"));
    let game = KnightMoves::new();
    assert!(game
        .read_move("h8-g6")
        .unwrap_err()
        .contains("files run from a to g"));
    let diagram = game.diagram();
    assert!(diagram.contains("8 |") && diagram.contains("1 |") && !diagram.contains("9 |"));
    assert!(diagram.contains("a   b   c   d   e   f   g"));
}

#[test]
fn each_side_starts_with_five_pieces_on_its_back_rank_and_the_ball_on_the_d_file() {
    let game = KnightMoves::new();
    assert_eq!(game.position().to_string(), START);
    for (side, rank) in [(Side::Ohs, '1'), (Side::Eks, '8')] {
        for file in ['b', 'c', 'd', 'e', 'f'] {
            let name = format!("{file}{rank}");
            let c = cell(&game, &name).unwrap_or_else(|| panic!("{name} is empty"));
            assert_eq!(c.side, side, "{name}");
            assert_eq!(c.ball, file == 'd', "{name}");
            assert!(!c.ineligible);
        }
        for file in ['a', 'g'] {
            assert_eq!(cell(&game, &format!("{file}{rank}")), None);
        }
    }
    assert_eq!(game.position().occupied().count(), 10);
    assert_eq!(game.position().holder(Side::Ohs), sq("d1"));
    assert_eq!(game.position().holder(Side::Eks), sq("d8"));
}

#[test]
fn eks_moves_first_from_seat_zero() {
    let mut game = KnightMoves::new();
    assert_eq!(game.turn(), Side::Eks);
    assert_eq!(game.phase(), Phase::Turn(Seat(0)));
    assert!(game.legal_actions(Seat(1)).is_empty());
    let mv = game.parse_action(Seat(1), "e1-f3").unwrap();
    assert!(matches!(
        game.act(Seat(1), &mv),
        Err(ActionError::NotYourTurn { .. })
    ));
    assert_eq!(game.position().to_string(), START);
}

#[test]
fn the_first_turn_has_eighteen_choices() {
    assert_eq!(
        legal(&KnightMoves::new()),
        [
            "b8-a6", "b8-c6", "b8-d7", "c8-a7", "c8-b6", "c8-d6", "c8-e7", "d8-c8", "d8-c8-b8",
            "d8-e8", "d8-e8-f8", "e8-c7", "e8-d6", "e8-f6", "e8-g7", "f8-d7", "f8-e6", "f8-g6"
        ]
    );
}

// --- Piece moves ---------------------------------------------------------

#[test]
fn bad_first_turns_are_refused_with_the_rule_they_break() {
    let mut game = KnightMoves::new();
    let refused = [
        // Piece moves: a knight's leap to an empty square, by the side to
        // move.
        ("c8-c6", "not a knight's move"),
        ("a8-b6", "no piece on a8"),
        ("e1-f3", "Ohs's, and Eks is to move"),
        // Passes: along a line over empty squares to the first piece, one
        // of the passer's own.
        ("d8-b8", "blocked by the piece on c8"),
        ("d8-d1", "d1 holds an Ohs piece"),
        ("d8-d5", "no piece on d5"),
        ("d8-b7", "not along a rank, file or diagonal"),
        // A turn is a piece move or a chain, never both: a chain starts on
        // the holder.
        ("c8-b6-b8", "Eks's ball is on d8, so a pass starts there"),
    ];
    for (text, says) in refused {
        let why = refuse(&mut game, text);
        assert!(why.contains(says), "{text}: {why}");
    }
}

#[test]
fn a_piece_leaps_like_a_knight_to_an_empty_square() {
    let mut game = KnightMoves::new();
    // A knight leaps over whatever is between.
    play(&mut game, "e8-c7");
    play(&mut game, "e1-f3");
    let mut game = after("c8-d6 e1-f3");
    assert!(refuse(&mut game, "d6-e8").contains("e8 is occupied by an Eks piece"));
    let mut game = game_at("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o -");
    assert!(refuse(&mut game, "b1-d2").contains("d2 is occupied by an Eks piece"));
}

#[test]
fn the_ball_holder_may_not_move() {
    let mut game = KnightMoves::new();
    let jump = Move::Jump {
        from: sq("d8"),
        to: sq("c6"),
    };
    let err = game.play(jump).unwrap_err();
    assert!(err.reason.contains("holds the ball"), "{}", err.reason);
    // Typed as text, two squares from the holder are a pass, and d8 to c6
    // is no line.
    assert!(refuse(&mut game, "d8-c6").contains("not along a rank, file or diagonal"));
    assert!(legal(&game)
        .iter()
        .all(|m| !m.starts_with("d8-") || game.read_move(m).unwrap().is_pass()));
}

// --- Passing -----------------------------------------------------------------

#[test]
fn a_pass_goes_along_a_line_over_empty_squares_to_the_first_piece() {
    // The refusals from the start: bad_first_turns_are_refused_with_the_rule_they_break.
    let mut game = after("c8-b6 e1-f3");
    play(&mut game, "d8-b6"); // diagonal, through c7
    assert_eq!(game.position().holder(Side::Eks), sq("b6"));
}

#[test]
fn a_pass_cannot_cross_an_opponents_piece() {
    // Eks's d8 and d3 are on one file, with Ohs's d5 between them.
    let mut game = game_at("1xxXx2/7/7/3o3/7/3x3/7/1ooO1o1 x -");
    assert!(refuse(&mut game, "d8-d3").contains("blocked by the piece on d5"));
    assert!(!legal(&game)
        .iter()
        .any(|m| m.starts_with("d8") && m.contains("d3")));
}

#[test]
fn a_chain_may_stop_after_any_pass_and_continue_any_number_of_times() {
    let moves = legal(&KnightMoves::new());
    for chain in ["d8-c8", "d8-c8-b8", "d8-e8", "d8-e8-f8"] {
        assert!(moves.contains(&chain.to_string()), "{chain}");
    }
    // Four passes in one turn: d1 to b1, up to b4, across to e4, up to e7.
    let mut game = game_at("1xxX1xx/4o2/7/7/1o2o2/7/7/1o1O3 o -");
    play(&mut game, "d1-b1-b4-e4-e7");
    let p = game.position();
    assert_eq!(p.holder(Side::Ohs), sq("e7"));
    for passer in ["d1", "b1", "b4", "e4"] {
        assert!(p.ineligible().contains(sq(passer)), "{passer}");
    }
    assert!(!p.ineligible().contains(sq("e7")));
    assert_eq!(game.status(), Status::Ongoing, "e7 is not the back rank");
}

#[test]
fn no_piece_touches_the_ball_twice_in_a_turn() {
    let mut game = KnightMoves::new();
    // The starting holder counts as having touched the ball.
    assert!(refuse(&mut game, "d8-c8-d8").contains("d8 has already touched the ball"));
    assert!(refuse(&mut game, "d8-e8-d8").contains("d8 has already touched the ball"));
    // A triangle of Ohs pieces: b1, d1 (ball) and d3. Round and round is
    // refused at the first return.
    let mut game = game_at("1xxXxx1/7/7/7/7/3o3/7/1o1O1oo o -");
    play(&mut game.clone(), "d1-d3-b1");
    assert!(refuse(&mut game, "d1-d3-b1-d1").contains("d1 has already touched the ball"));
    assert!(refuse(&mut game, "d1-b1-d3-b1").contains("b1 has already touched the ball"));
}

// --- Ineligible receivers ------------------------------------------------

#[test]
fn passers_are_ineligible_until_they_make_a_piece_move() {
    let mut game = after("d8-c8-b8 e1-f3");
    let p = game.position();
    assert!(p.ineligible().contains(sq("d8")) && p.ineligible().contains(sq("c8")));
    assert_eq!(p.holder(Side::Eks), sq("b8"));
    assert!(cell(&game, "c8").unwrap().ineligible);
    assert!(
        !cell(&game, "b8").unwrap().ineligible,
        "the receiver stays eligible"
    );
    // c8 is the first piece to b8's right, and it may not receive.
    assert!(refuse(&mut game, "b8-c8").contains("c8 passed the ball earlier"));
    assert!(!legal(&game).iter().any(|m| m.starts_with("b8-")));
    // An ineligible piece may still move, and moving makes it eligible.
    play(&mut game, "c8-d6 f3-e1");
    assert!(!game.position().ineligible().contains(sq("d6")));
    assert!(
        game.position().ineligible().contains(sq("d8")),
        "d8 has not moved"
    );
    assert!(refuse(&mut game, "b8-d8").contains("d8 passed the ball earlier"));
    play(&mut game, "b8-d6"); // diagonal through c7 to the piece that moved
    assert_eq!(game.position().holder(Side::Eks), sq("d6"));
}

#[test]
fn ineligibility_follows_the_piece_not_the_square() {
    // d8 passes and is marked; it then leaps away and back, and is eligible.
    let mut game = after("d8-e8 e1-f3 d8-c6 f3-e1 c6-d8 b1-a3");
    assert!(!game.position().ineligible().contains(sq("d8")));
    play(&mut game, "e8-d8");
    assert!(game.position().ineligible().contains(sq("e8")));
}

// --- Forced pass ---------------------------------------------------------

/// Eks has just leapt to d2, next to Ohs's ball on d1.
const FORCED: &str = "1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o d2";

#[test]
fn a_piece_move_ending_next_to_the_ball_forces_a_pass() {
    let mut game = game_at(FORCED);
    assert!(game.position().must_pass());
    assert_eq!(legal(&game), ["d1-c1", "d1-c1-b1", "d1-e1", "d1-e1-f1"]);
    let reason = refuse(&mut game, "b1-a3");
    assert!(reason.contains("must pass"), "{reason}");
    assert!(reason.contains("d2"), "{reason}");

    // The same situation reached by play.
    let mut game = after("c8-d6 e1-f3 d6-e4 f3-g5 e4-d2");
    assert_eq!(game.position().forcing(), Some(sq("d2")));
    assert_eq!(legal(&game), ["d1-c1", "d1-c1-b1", "d1-f1"]);
    // After the pass, Eks leaps elsewhere: d2 is still next to Ohs's ball
    // (now on c1) but did not just move there, so Ohs may move freely.
    play(&mut game, "d1-c1 b8-a6");
    assert!(!game.position().must_pass());
    assert!(legal(&game).contains(&"b1-a3".to_string()));
}

#[test]
fn a_piece_move_next_to_your_own_ball_or_far_away_forces_nothing() {
    let game = after("c8-b6");
    assert!(!game.position().must_pass());
    let game = after("e8-c7 e1-f3 c7-e6"); // e6 is nowhere near d1
    assert!(!game.position().must_pass());
    let game = after("c8-d6 b1-a3 d6-e4 a3-b1 e4-c3"); // c3 is two ranks from d1
    assert!(!game.position().must_pass());
}

#[test]
fn a_forced_side_that_cannot_pass_may_move_any_piece() {
    // c1 and e1 are ineligible and d2 blocks the file: no pass exists.
    let game = game_at("1xxX3/7/4x2/7/7/7/3x3/1o~oO~oo1 o d2");
    assert!(game.position().must_pass());
    assert_eq!(
        legal(&game),
        [
            "b1-a3", "b1-c3", "c1-a2", "c1-b3", "c1-d3", "c1-e2", "e1-c2", "e1-d3", "e1-f3",
            "e1-g2", "f1-e3", "f1-g3"
        ]
    );
}

#[test]
fn a_pass_that_would_repeat_a_position_does_not_force() {
    let forced = pos(FORCED);
    let chains: Vec<Position> = ["d1-c1", "d1-c1-b1", "d1-e1", "d1-e1-f1"]
        .iter()
        .map(|text| forced.play_unchecked(&Move::read(text, sq("d1")).unwrap()))
        .collect();
    let game = KnightMoves::resumed(forced, &chains);
    let moves = legal(&game);
    assert_eq!(moves.len(), 2 + 4 + 4 + 2, "every piece move: {moves:?}");
    assert!(moves.iter().all(|m| !m.starts_with("d1")));
}

// --- Repetition ----------------------------------------------------------

#[test]
fn a_turn_may_not_recreate_an_earlier_position() {
    let mut game = after("c8-b6 e1-f3 b6-c8");
    assert!(refuse(&mut game, "f3-e1").contains("recreates an earlier position"));
    assert!(!legal(&game).contains(&"f3-e1".to_string()));
    assert_eq!(legal(&game).len(), 21);
    // The position a game starts from counts as seen.
    let mut game = game_at("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o -");
    play(&mut game, "b1-a3 e6-c5 a3-b1");
    assert!(refuse(&mut game, "c5-e6").contains("recreates an earlier position"));
}

#[test]
fn a_position_is_pieces_ball_holders_ineligible_marks_and_side_to_move() {
    let base = pos("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o -");
    let variants = [
        "1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 x -",  // side to move
        "1xxX3/7/4x2/7/7/7/3x3/1oOooo1 o -",  // ball holder
        "1xxX3/7/4x2/7/7/7/3x3/1o~oOoo1 o -", // an ineligible mark
        "1xxX3/7/5x1/7/7/7/3x3/1ooOoo1 o -",  // a piece
    ];
    for text in variants {
        assert_ne!(pos(text).key(), base.key(), "{text}");
    }
    // Whether the side to move is forced is not part of the position.
    assert_eq!(pos("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o d2").key(), base.key());

    // So in play: a turn to a position seen before only with other marks
    // is legal, and one seen before only without the forcing square is not.
    let start = pos("1xxX3/7/7/7/7/4x2/3x3/1ooOoo1 x -");
    let jump = Move::read("e3-c2", sq("d8")).unwrap();
    let child = start.play_unchecked(&jump);
    assert_eq!(child.forcing(), Some(sq("c2")));
    let marked = pos(&child.to_string().replace("1ooOoo1", "1o~oOoo1"));
    assert!(KnightMoves::resumed(start, &[marked]).play(jump).is_ok());
    let unforced = pos(&child.to_string().replace(" o c2", " o -"));
    let err = KnightMoves::resumed(start, &[unforced])
        .play(jump)
        .unwrap_err();
    assert!(err.reason.contains("recreates an earlier position"));
}

// --- Winning and losing --------------------------------------------------

#[test]
fn a_ball_on_the_opponents_back_rank_at_the_end_of_a_turn_wins() {
    let mut game = game_at("1x2xx1/7/7/Oo2ooo/2X4/7/7/2x4 x -");
    play(&mut game, "c4-c1");
    assert_eq!(game.status(), Status::BallHome(Side::Eks));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.sole_winner(), Some(Seat(0)));
    assert_eq!(outcome.reason, "ball on the back rank");
    assert!(game.legal_moves().is_empty());
    assert!(matches!(game.phase(), Phase::Over(_)));
    let mv = game.parse_action(Seat(1), "a5-b5").unwrap();
    assert!(matches!(
        game.act(Seat(1), &mv),
        Err(ActionError::GameOver { .. })
    ));

    // Ohs wins on rank 8.
    let mut game = game_at("4o2/7/4O2/7/xxX1x1x/7/7/1ooo3 o -");
    play(&mut game, "e6-e8");
    assert_eq!(game.status(), Status::BallHome(Side::Ohs));
    assert_eq!(game.outcome().unwrap().sole_winner(), Some(Seat(1)));
}

#[test]
fn only_where_the_ball_ends_the_turn_counts() {
    // The ball passes through c1, on rank 1, and ends on e3.
    let mut game = game_at("1x2x2/7/7/Oo2ooo/2X4/4x2/7/2x4 x -");
    play(&mut game, "c4-c1-e3");
    assert_eq!(game.status(), Status::Ongoing);
    // A piece move onto the back rank wins nothing; the ball must get there.
    let mut game = game_at("7/2x2~o1/1o5/3Oo2/2X3x/7/x2o~x2/7 x -");
    play(&mut game, "a2-c1");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "b6-a4 c4-c1");
    assert_eq!(game.status(), Status::BallHome(Side::Eks));
}

#[test]
fn a_side_with_no_legal_turn_loses() {
    let forced = pos(FORCED);
    let mut earlier = Vec::new();
    arbiter_knight_moves::for_each_chain(&forced, |mv| earlier.push(forced.play_unchecked(&mv)));
    arbiter_knight_moves::for_each_jump(&forced, |mv| earlier.push(forced.play_unchecked(&mv)));
    let game = KnightMoves::resumed(forced, &earlier);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.status(), Status::NoLegalTurn(Side::Ohs));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.sole_winner(), Some(Seat(0)));
    assert_eq!(outcome.reason, "no legal turn");
}

// --- Notation, position strings, the sample game ---------------------------

#[test]
fn the_rulebook_sample_opening_plays_legally_and_leaves_the_described_board() {
    let mut game = KnightMoves::new();
    for text in ["c8-b6", "e1-f3", "d8-b6", "d1-f1-f3"] {
        assert!(
            legal(&game).contains(&text.to_string()),
            "{text} should be legal"
        );
        game.act_text(game.turn().seat(), text).unwrap();
    }
    let notation: Vec<String> = game.moves_played().iter().map(Move::to_string).collect();
    assert_eq!(notation, ["c8-b6", "e1-f3", "d8-b6", "d1-f1-f3"]);
    assert!(!game.moves_played()[0].is_pass() && !game.moves_played()[1].is_pass());
    assert!(game.moves_played()[2].is_pass() && game.moves_played()[3].is_pass());
    // Eks: knight moved c8 to b6, then the ball went d8 to b6. Ohs: knight
    // moved e1 to f3, then the ball went d1 to f1 to f3.
    let p = game.position();
    assert_eq!(p.holder(Side::Eks), sq("b6"));
    assert_eq!(p.holder(Side::Ohs), sq("f3"));
    let eks: Vec<String> = p.pieces(Side::Eks).map(|s| s.to_string()).collect();
    let ohs: Vec<String> = p.pieces(Side::Ohs).map(|s| s.to_string()).collect();
    assert_eq!(eks, ["b6", "b8", "d8", "e8", "f8"]);
    assert_eq!(ohs, ["b1", "c1", "d1", "f1", "f3"]);
    let marked: Vec<String> = p.ineligible().map(|s| s.to_string()).collect();
    assert_eq!(marked, ["d1", "f1", "d8"]);
    assert_eq!(p.to_string(), "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -");
    assert_eq!(game.turn(), Side::Eks);
    let diagram = game.diagram();
    assert!(
        diagram.contains("(X)")
            && diagram.contains("(O)")
            && diagram.contains("~x~")
            && diagram.contains("~o~")
    );
}

#[test]
fn position_strings_round_trip_through_the_game_interface() {
    for text in [
        START,
        FORCED,
        "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -",
        "7/2x2~o1/1o5/3Oo2/2X3x/7/x2o~x2/7 x -",
    ] {
        let game = <KnightMoves as TextPosition>::from_position(text).unwrap();
        assert_eq!(TextPosition::position(&game), text);
    }
    let game = after("c8-d6 e1-f3 d6-e4 f3-g5 e4-d2");
    let text = game.position().to_string();
    assert!(text.ends_with(" o d2"), "{text}");
    assert_eq!(pos(&text), *game.position());
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut game = KnightMoves::new();
    let err = game.act_text(Seat(0), "zz").unwrap_err();
    assert!(matches!(err, ActionError::Malformed { .. }));
    assert!(err.to_string().contains("'zz' is not a move"), "{err}");
    let err = game.act_text(Seat(0), "d8-d1").unwrap_err();
    assert!(matches!(err, ActionError::Illegal { .. }));
    assert!(
        err.to_string()
            .contains("d8-d1 is illegal: d1 holds an Ohs piece"),
        "{err}"
    );
    assert_eq!(game.position().to_string(), START);
    assert!(game.moves_played().is_empty());
    assert!(KnightMoves::from_text("1xxXxx1/7/7/7/7/7/7/1ooOoo1").is_err());
}

#[test]
fn the_view_shows_everything_to_everyone() {
    let game = game_at(FORCED);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view, game.view(Viewer::Seat(Seat(0))));
    assert_eq!(view.position, FORCED);
    assert!(view.must_pass);
    assert_eq!(view.to_move, Some(Seat(1)));
    assert_eq!(view.legal_moves, ["d1-c1", "d1-c1-b1", "d1-e1", "d1-e1-f1"]);
}

#[test]
fn undo_restores_the_previous_position() {
    let mut game = after("c8-b6 e1-f3 d8-b6");
    let before = game.position().to_string();
    play(&mut game, "d1-f1-f3");
    assert_eq!(game.undo().unwrap().to_string(), "d1-f1-f3");
    assert_eq!(game.position().to_string(), before);
    play(&mut game, "d1-f1-f3");
}

#[test]
fn chains_to_the_same_receiver_are_different_turns() {
    // d1-f3 and d1-f1-f3 both end on f3, but only the second marks f1.
    let game = after("c8-b6 e1-f3 b6-c8");
    let moves = legal(&game);
    for chain in ["d1-f3", "d1-f1-f3", "d1-f1", "d1-f3-f1"] {
        assert!(moves.contains(&chain.to_string()), "{chain}");
    }
    let p = game.position();
    let short = p.play_unchecked(&game.read_move("d1-f3").unwrap());
    let long = p.play_unchecked(&game.read_move("d1-f1-f3").unwrap());
    assert_eq!(short.holder(Side::Ohs), long.holder(Side::Ohs));
    assert_ne!(short, long);

    // d1-c2-e2-e4 and d1-e2-c2-e4 even leave the same position; they are
    // still two turns, and perft counts both.
    let game = game_at("1xxXxx1/7/7/7/4o2/7/2o1o2/1o1O3 o -");
    let a = game.read_move("d1-c2-e2-e4").unwrap();
    let b = game.read_move("d1-e2-c2-e4").unwrap();
    assert!(game.legal_moves().contains(&a) && game.legal_moves().contains(&b));
    assert_ne!(a, b);
    assert_eq!(
        game.position().play_unchecked(&a),
        game.position().play_unchecked(&b)
    );
    assert_eq!(game.perft(1), game.legal_moves().len() as u64);
    let mut after_a = game.clone();
    after_a.play(a).unwrap();
    assert_eq!(
        after_a.position().to_string(),
        "1xxXxx1/7/7/7/4O2/7/2~o1~o2/1o1~o3 x -"
    );
}
