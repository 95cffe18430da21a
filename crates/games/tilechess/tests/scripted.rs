//! A scripted game of four players: joins, an elimination, captures, breaks,
//! one growth of the board. The expected state was worked out by hand
//! (see the comments at each step).

use arbiter_core::{Diagram, Game, Phase, Seat, TextPosition};
use arbiter_tilechess::{Ruleset, Tile, Tilechess};
use std::collections::BTreeSet;

/// Plays `text` as whichever seat its colour names.
fn play(game: &mut Tilechess, text: &str) {
    let seat = game.actor(text).unwrap();
    game.act_text(seat, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn land_of(game: &Tilechess, seat: u8) -> BTreeSet<(i32, i32)> {
    game.board()
        .lands()
        .filter(|&(_, s)| s == Seat(seat))
        .map(|(t, _)| (t.x, t.y))
        .collect()
}

#[test]
fn four_player_game() {
    // 3×2 blocks (tiles 0..11 × 0..7), eight pawns, so every army fills
    // its block.
    let rules = Ruleset {
        wide: 3,
        high: 2,
        eight_pawns: true,
        repeat_turns: false,
        ..Ruleset::default()
    };
    let mut game = Tilechess::new(rules);
    play(&mut game, "red: join 0,0 RNBP/QKBP/PPNR/PPPP");
    play(&mut game, "blue: join 4,0 PPPK/PPNB/QRNB/PPPR");
    play(&mut game, "green: join 0,4 PPPP/PNBR/KQBP/RNPP");
    // Yellow's block 8,4 touches the opened world only at the corner point
    // between 7,3 (blue's king) and 8,4 (yellow's king); blocks 4,4 and 8,0
    // are unopened. Yellow's only possible captures are of blue's king, which
    // do not count, so every yellow piece but the king is trapped.
    play(&mut game, "yellow: join 8,4 RNBQ/PPPP/PPPP/KNBR");
    assert!(game.king_exposed(Seat(3)));
    assert!(!game.king_exposed(Seat(1)));
    // Blue's king takes yellow's king diagonally across the corner point.
    play(&mut game, "blue: 7,3x8,4");
    assert!(game.players()[3].eliminated);
    assert_eq!(
        game.board()
            .pieces()
            .filter(|(_, p)| p.owner == Seat(3))
            .count(),
        0
    );
    play(&mut game, "red: 3,1x4,1"); // rook takes queen: +9, land 4,1
    play(&mut game, "blue: 5,1x4,1"); // rook takes rook: +5, 4,1 becomes blue
    play(&mut game, "green: break 4,4"); // pawn on 3,5 is 1 tile from the block
    assert_eq!(
        game.board().bounds().1.bx,
        2,
        "not grown yet: 8,0 is still unopened"
    );
    play(&mut game, "blue: break 8,0"); // king on 8,4, 1 tile away; the last block
    let (lo, hi) = game.board().bounds();
    assert_eq!(
        ((lo.bx, lo.by), (hi.bx, hi.by)),
        ((-1, -1), (3, 2)),
        "grown by one ring"
    );
    play(&mut game, "green: 3,6-7,6"); // rook slide: 4,6 5,6 6,6 7,6
    play(&mut game, "red: 2,1x4,2"); // knight takes pawn: +1, only 4,2 claimed
    play(&mut game, "blue: 8,4-9,5"); // king step; 8,4 stays blue's
    play(&mut game, "green: 2,4x1,3"); // pawn takes knight: +3
    play(&mut game, "red: 0,3x0,4"); // rook takes rook: +5
    play(&mut game, "blue: 7,2-11,6"); // bishop slide: 8,3 9,4 10,5 11,6

    let header = "      -4      0       4       8       12      \n";
    let expected = header.to_string()
        + "   11 ########################################
   10 ########################################
    9 ########################################
    8 ########################################
    7 ########P2P2P2P2 . . . . . . . .########
    6 ########P2N2B2 ..2.2.2R2 . . .B1########
    5 ########K2Q2B2P2 . . . . .K1.1 .########
    4 ########R0N2 .P2 . . . ..1.1 . .########
    3 ######## .P2B0P0P1P1P1 ..1 . . .########
    2 ########Q0K0B0P0N0P1N1 . . . . .########
    1 ########P0P0 . .R1 .N1B1 . . . .########
    0 ########P0P0P0P0P1P1P1R1 . . . .########
   -1 ########################################
   -2 ########################################
   -3 ########################################
   -4 ########################################
Players: 0=red 1=blue 2=green 3=yellow (eliminated)
Leaderboard (score = destroyed-piece points + territory):
  1. red [0] 17 = 15 + 2
  2. blue [1] 13 = 6 + 7
  3. green [2] 8 = 3 + 5
May claim the next turn: red, green, a new player
";
    let diagram = game.diagram();
    let board_part = &diagram[..diagram.find("Position:").unwrap()];
    assert_eq!(board_part, expected, "\n{diagram}");

    // Territory, including tiles hidden under pieces in the diagram.
    let set = |v: &[(i32, i32)]| v.iter().copied().collect::<BTreeSet<_>>();
    assert_eq!(land_of(&game, 0), set(&[(4, 2), (0, 4)]));
    assert_eq!(
        land_of(&game, 1),
        set(&[(8, 4), (4, 1), (9, 5), (8, 3), (9, 4), (10, 5), (11, 6)])
    );
    assert_eq!(
        land_of(&game, 2),
        set(&[(4, 6), (5, 6), (6, 6), (7, 6), (1, 3)])
    );
    assert_eq!(land_of(&game, 3), set(&[]));
    assert_eq!(game.scores(), vec![17, 13, 8, 0]);
    let points: Vec<u32> = game.players().iter().map(|p| p.points).collect();
    assert_eq!(points, vec![15, 6, 3, 0]);
    let board: Vec<(String, u32)> = game
        .leaderboard()
        .into_iter()
        .map(|r| (r.colour, r.score))
        .collect();
    assert_eq!(
        board,
        vec![("red".into(), 17), ("blue".into(), 13), ("green".into(), 8)]
    );
    assert_eq!(game.board().piece(Tile::new(8, 4)), None);
    assert_eq!(game.phase(), Phase::Claim(vec![Seat(0), Seat(2), Seat(4)]));

    // The position string reads back to the same game.
    let text = game.position();
    assert_eq!(Tilechess::from_position(&text).unwrap(), game);
    assert!(text.contains("/ yellow out +0"), "{text}");

    // The host ends it: ranked by score, the eliminated player last.
    game.end_by_host();
    let outcome = game.outcome().unwrap();
    let ranks: Vec<u16> = outcome.results.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![1, 2, 3, 4]);
}
