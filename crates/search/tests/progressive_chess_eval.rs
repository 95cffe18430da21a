//! Progressive Chess evaluation and levels on hand-analysed positions: the
//! greedy level takes a mate in one and never walks into one, the
//! evaluation pushes a lone king and counts only material that can mate,
//! and the search player converts a won ending.

use arbiter_core::{Game, Seat, Seed};
use arbiter_progressive_chess::{Color, Position, ProgressiveChess, Ruleset, Turn};
use arbiter_search::games::progressive_chess::{
    can_force_mate, can_spend, evaluate, hanging, has_mate_in_one, king_danger, king_escapes,
    mop_up, CAGE, EDGE_PUSH, HUNTER, KING_CLOSE, POINT, SAFE_CHECK, ZONE_HIT,
};
use arbiter_search::{Bots, Observe};

fn game(text: &str) -> ProgressiveChess {
    ProgressiveChess::from_text(text, Ruleset::default()).unwrap()
}

/// Where the random walks begin: the full game's start (upgrades, pools,
/// necromancers) and two king, cannon and pincer openings (no upgrade
/// left).
const STARTS: [Option<&str>; 3] = [
    None,
    Some("1c2k2/x6/x3c2/7/2C3X/6X/2K2C1 w 2 1 - - 0 1"),
    Some("2k3c/7/2cx1x1/7/1X1XC2/7/C3K2 w 2 1 - - 0 1"),
];

fn pos(text: &str) -> Position {
    *game(text).position()
}

/// The legal turn written `text`.
fn turn(game: &ProgressiveChess, text: &str) -> Turn {
    let seat = game.position().turn().seat();
    game.legal_actions(seat)
        .into_iter()
        .find(|t| t.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal"))
}

fn after(game: &ProgressiveChess, text: &str) -> ProgressiveChess {
    let mut next = game.clone();
    let seat = game.position().turn().seat();
    next.act(seat, &turn(game, text)).unwrap();
    next
}

/// Calls `visit` at every position of `games` random games of up to
/// `plies` turns from each start (`None`: the full game's), the turns
/// drawn from `seed`.
fn random_walks(
    starts: &[Option<&str>],
    games: usize,
    plies: usize,
    seed: u64,
    mut visit: impl FnMut(&ProgressiveChess),
) {
    let mut rng = Seed::from_u64(seed).rng();
    for start in starts {
        for _ in 0..games {
            let mut g = start.map_or_else(|| ProgressiveChess::new(Ruleset::default()), game);
            for _ in 0..plies {
                visit(&g);
                let seat = g.position().turn().seat();
                let moves = g.legal_actions(seat);
                if moves.is_empty() {
                    break;
                }
                let t = moves[rng.below(moves.len())];
                if g.act(seat, &t).is_err() {
                    break;
                }
            }
        }
    }
}

/// White: king g5, rook a1; Black: king g7. Ra1-a7 is the only mate (the
/// rook covers rank 7, the king f6 and g6; Ra1-g1 is blocked by the white
/// king). White holds 1 point, so no upgrade comes with it.
const MATE_IN_ONE: &str = "6k/7/6K/7/7/7/R6 w 1 0 - - 0 30";

/// What the greedy bot plays for White from `g` with seeds `0..seeds`.
fn greedy_choices(g: &ProgressiveChess, seeds: u64) -> Vec<String> {
    let bot = ProgressiveChess::bot("greedy".parse().unwrap());
    (0..seeds)
        .map(|seed| {
            let seen = g.seen_by(Seat(0));
            let chosen = bot.choose(&seen, Seat(0), Seed::from_u64(seed));
            chosen.unwrap().to_string()
        })
        .collect()
}

#[test]
fn greedy_takes_a_mate_in_one() {
    let g = game(MATE_IN_ONE);
    assert!(has_mate_in_one(g.position()));
    for chosen in greedy_choices(&g, 6) {
        assert_eq!(chosen, "a1a7");
    }
}

/// White: king a1, cannon d4; Black: king c2, rook g5, bishop d7. The
/// cannon can take the bishop (d5, d6 empty), but then Rg5-a5 mates: the
/// rook checks down the a-file and covers a2, the black king covers b1 and
/// b2, and a cannon on d7 can neither take a5 nor block on a2-a4. Cd4-a4
/// instead blocks the file; then no black turn mates (Rg1+ leaves a2, and
/// at 2 points Black can afford no upgrade).
const TRAP: &str = "3b3/7/6r/3C3/7/2k4/K6 w 1 1 - - 0 30";

#[test]
fn mate_in_one_is_seen_after_the_trap() {
    let g = game(TRAP);
    let greedy_trap = after(&g, "d4d7");
    assert!(has_mate_in_one(greedy_trap.position()));
    let mated = after(&greedy_trap, "g5a5");
    assert_eq!(mated.outcome().unwrap().sole_winner(), Some(Seat(1)));
    assert!(!has_mate_in_one(after(&g, "d4a4").position()));
}

#[test]
fn greedy_does_not_walk_into_a_mate_in_one() {
    let g = game(TRAP);
    // The bait is real: the capture is what the plain evaluation likes
    // best (a bishop more, nothing left hanging).
    let plain = |text: &str| {
        let p = *after(&g, text).position();
        evaluate(&p, Color::White) - hanging(&p, Color::White)
    };
    assert!(plain("d4d7") > plain("d4a4"));
    for chosen in greedy_choices(&g, 8) {
        assert_ne!(chosen, "d4d7");
        assert!(!has_mate_in_one(after(&g, &chosen).position()));
    }
}

/// White: king c5, rook g1; Black: king a7 alone. By hand: the black king
/// is 6 steps from d4 (3 files, 3 ranks); of its squares a6, b6, b7 only
/// b6 is taken (by the white king), so 2 escapes remain and 6 of 8 count
/// as taken; the kings stand 2 apart; the rook is 6 from a7 (no hunter
/// bonus). Black has no attacker, so it has no mop-up.
#[test]
fn mop_up_by_hand() {
    let p = pos("k6/7/2K4/7/7/7/6R w 5 5 - - 0 30");
    assert_eq!(king_escapes(p.board(), Color::Black), 2);
    assert_eq!(
        mop_up(&p, Color::White),
        6 * EDGE_PUSH + 6 * CAGE + 4 * KING_CLOSE
    );
    assert_eq!(mop_up(&p, Color::Black), 0);
}

/// Same pieces, the black king on e3 instead of in the corner. By hand:
/// e3 is 2 steps from d4; of its 8 neighbours (files d-f, ranks 2-4) the
/// rook on g1 covers none and the white king on c5 covers d4, so 7
/// escapes remain (1 taken); the kings stand 2 apart; the rook is 2 from
/// e3 (hunter bonus 3 × 4). The cornered king is worth more to White.
#[test]
fn a_cornered_king_is_worth_more_to_the_attacker() {
    let open = pos("7/7/2K4/7/4k2/7/6R w 5 5 - - 0 30");
    assert_eq!(king_escapes(open.board(), Color::Black), 7);
    assert_eq!(
        mop_up(&open, Color::White),
        2 * EDGE_PUSH + CAGE + 4 * KING_CLOSE + 4 * HUNTER
    );
    let corner = pos("k6/7/2K4/7/7/7/6R w 5 5 - - 0 30");
    assert!(mop_up(&corner, Color::White) > mop_up(&open, Color::White));
    assert!(evaluate(&corner, Color::White) > evaluate(&open, Color::White));
}

/// Which sides can force mate, by hand: a rook, a pawn (it can be upgraded
/// into a rook) or two weak pieces can; a lone protector (it never leaves
/// its rank), a lone colour-bound pincer or zigzag, or a supernaturalist
/// (it never raises) cannot; a swapper with a rook in its pool can (it
/// becomes a necromancer and raises it).
#[test]
fn who_can_force_mate() {
    let white = |text: &str| can_force_mate(&pos(text), Color::White);
    assert!(white("3k3/7/7/7/7/7/R2K3 w 5 5 - - 0 30"));
    assert!(white("3k3/7/7/7/7/7/P2K3 w 5 5 - - 0 30"));
    assert!(white("3k3/7/7/7/7/7/TX1K3 w 5 5 - - 0 30"));
    assert!(!white("3k3/7/7/7/7/7/T2K3 w 5 5 - - 0 30"));
    assert!(!white("3k3/7/7/7/7/7/X2K3 w 5 5 - - 0 30"));
    assert!(!white("3k3/7/7/7/7/7/Z2K3 w 5 5 - - 0 30"));
    assert!(!white("3k3/7/7/7/7/7/U2K3 w 5 5 - R 0 30"));
    assert!(white("3k3/7/7/7/7/7/S2K3 w 5 5 - R 0 30"));
    assert!(!white("3k3/7/7/7/7/7/S2K3 w 5 5 - - 0 30"));
}

/// Points buy upgrades, so they count only for a side that can still buy
/// one (a side to move holds at least the point its turn paid). With a
/// king, a cannon and a pincer (both at the top of the tree) 9 points are
/// worth no more than 1; with a rook (it may become a cannon) 8 points are
/// worth 7 [`POINT`]s more than 1.
#[test]
fn points_count_only_while_something_can_be_bought() {
    let eval = |text: &str| evaluate(&pos(text), Color::White);
    let top = "3k3/7/7/7/7/7/CX1K3 w";
    assert!(!can_spend(
        pos(&format!("{top} 1 0 - - 0 30")).board(),
        Color::White
    ));
    assert_eq!(
        eval(&format!("{top} 9 0 - - 0 30")),
        eval(&format!("{top} 1 0 - - 0 30"))
    );
    let rook = "3k3/7/7/7/7/7/RX1K3 w";
    assert!(can_spend(
        pos(&format!("{rook} 1 0 - - 0 30")).board(),
        Color::White
    ));
    assert_eq!(
        eval(&format!("{rook} 8 0 - - 0 30")) - eval(&format!("{rook} 1 0 - - 0 30")),
        7 * POINT
    );
}

/// White has three supernaturalists (330 in material) against one black
/// pawn (100), but only Black can ever mate: the evaluation sides with
/// Black.
#[test]
fn material_that_cannot_mate_counts_little() {
    let p = pos("3k3/3p3/7/7/7/7/K1UUU2 w 5 5 - - 0 30");
    assert!(!can_force_mate(&p, Color::White));
    assert!(can_force_mate(&p, Color::Black));
    assert!(evaluate(&p, Color::White) < 0);
}

/// Plays king and rook against a lone king from the centre: `attacker`
/// chooses White's turns (given the game and the ply), `greedy` defends,
/// for at most 30 turns each; asserts that White mated.
fn mates_with_king_and_rook(mut attacker: impl FnMut(&ProgressiveChess, u64) -> Turn) {
    let mut g = game("7/7/7/3k3/7/7/R2K3 w 5 5 - - 0 30");
    let greedy = ProgressiveChess::bot("greedy".parse().unwrap());
    for ply in 0..60 {
        if g.outcome().is_some() {
            break;
        }
        let seat = g.position().turn().seat();
        let chosen = if seat == Seat(0) {
            attacker(&g, ply)
        } else {
            greedy
                .choose(&g.seen_by(seat), seat, Seed::from_u64(ply))
                .unwrap()
        };
        g.act(seat, &chosen).unwrap();
    }
    let outcome = g.outcome().expect("the game ended");
    assert_eq!(outcome.sole_winner(), Some(Seat(0)), "{}", outcome.reason);
    assert_eq!(outcome.reason, "checkmate");
}

/// King and rook against a lone king is a win; the search player (a fixed
/// node budget, so the test is deterministic) mates the greedy defender
/// well inside 30 of its turns from the centre.
#[test]
fn max_mates_with_king_and_rook() {
    let max = ProgressiveChess::bot("max:20000n".parse().unwrap());
    mates_with_king_and_rook(|g, ply| {
        max.choose(&g.seen_by(Seat(0)), Seat(0), Seed::from_u64(ply))
            .unwrap()
    });
}

/// With every search switch on at once (the selective pruning of `Prune`,
/// null move, PVS, deeper reductions, quiet checks), the searcher still
/// mates the greedy defender with king and rook: pruning away from the
/// principal variation must not lose the mating lines, and the checks
/// that drive the king to the edge are never pruned.
#[test]
fn every_switch_on_still_mates_with_king_and_rook() {
    use arbiter_search::alphabeta::{Features, Searcher};
    use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
    use arbiter_search::Budget;
    let mut all = Features::default();
    for name in Features::NAMES {
        all.set(name, true);
    }
    mates_with_king_and_rook(|g, ply| {
        Searcher::<ProgressiveChessDuel>::new(g, Budget::Nodes(20_000))
            .with_features(all)
            .run(64, Seed::from_u64(ply))
            .best
            .expect("a move")
    });
}

/// The evaluation's attack sets agree with `Board::is_attacked` on every
/// square, over random games from the start and from cannon-and-pincer
/// positions (the cannon's screens are the tricky part).
#[test]
fn attack_sets_match_is_attacked() {
    use arbiter_progressive_chess::Square;
    use arbiter_search::games::progressive_chess::attacked_squares;
    random_walks(&STARTS, 20, 60, 7, |g| {
        let board = *g.position().board();
        for side in [Color::White, Color::Black] {
            let set = attacked_squares(&board, side);
            for i in 0..49 {
                let sq = Square::new(i);
                assert_eq!(set.contains(sq), board.is_attacked(sq, side), "{sq}");
            }
        }
    });
}

/// The search lists a node's turns without their positions and builds a
/// child only when it searches it: the turns must be exactly the eager
/// list's, in its order, and each built child exactly the eager one. Over
/// random games from the full start (upgrades, pools, necromancers) and
/// from two king, cannon and pincer openings (no upgrade left: the short
/// path that never plays a move to list its upgrades).
#[test]
fn lazy_turns_and_children_match_the_eager_list() {
    use arbiter_search::games::progressive_chess::{
        play_search_turn, search_children, search_turns,
    };
    let mut checked = 0;
    random_walks(&STARTS, 12, 80, 11, |g| {
        let here = *g.position();
        let mut eager = Vec::new();
        search_children(&here, &mut eager);
        let mut lazy = Vec::new();
        search_turns(&here, &mut lazy);
        let turns: Vec<Turn> = eager.iter().map(|(t, _)| *t).collect();
        assert_eq!(lazy, turns, "the turns of {here:?}");
        for (t, child) in &eager {
            assert_eq!(&play_search_turn(&here, t), child, "{t} from {here:?}");
        }
        checked += eager.len();
    });
    assert!(checked > 10_000, "only {checked} children checked");
}

/// Quiet checks (the `QuietChecks` switch) are exactly the legal bare
/// turns that capture nothing and leave the other side in check, each
/// with its position: checked against the game's own list of legal turns
/// over random games, and by hand in the opening where a ladder of cannon
/// checks starts with 1. g2g7+ (the g-file is open, and from g7 the
/// cannon sees along rank 7 through the empty f7 to the king on e7).
#[test]
fn quiet_checks_are_the_bare_turns_that_give_check() {
    use arbiter_search::alphabeta::Duel;
    use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
    let ladder = pos("cx2k2/c3x2/7/7/7/2X3C/2K2XC w 2 1 - - 0 1");
    let mut out = Vec::new();
    ProgressiveChessDuel::quiet_checks(&ladder, &mut out);
    let named: Vec<String> = out.iter().map(|(t, _)| t.to_string()).collect();
    assert!(named.contains(&"g2g7".to_string()), "{named:?}");
    let starts = [None, Some("cx2k2/c3x2/7/7/7/2X3C/2K2XC w 2 1 - - 0 1")];
    random_walks(&starts, 10, 60, 5, |g| {
        let here = *g.position();
        let mut expected: Vec<(String, Position)> = g
            .legal_actions(here.turn().seat())
            .iter()
            .filter(|t| t.upgrade.is_none() && !hits_an_enemy(&here, t))
            .map(|t| (t.to_string(), here.play_unchecked(*t)))
            .filter(|(_, after)| after.is_check())
            .collect();
        let mut found = Vec::new();
        ProgressiveChessDuel::quiet_checks(&here, &mut found);
        let mut found: Vec<(String, Position)> =
            found.into_iter().map(|(t, p)| (t.to_string(), p)).collect();
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        found.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(found, expected, "{here:?}");
    });
}

/// Whether `turn`'s move lands on an enemy piece to take it (a swap lands
/// on a piece without taking it).
fn hits_an_enemy(pos: &Position, turn: &Turn) -> bool {
    use arbiter_progressive_chess::{Move, Role};
    let Move::Normal { from, to } = turn.mv else {
        return false;
    };
    let mover = pos.piece_at(from).expect("a move starts on a piece");
    let swaps = matches!(mover.role, Role::Swapper | Role::Supernaturalist);
    !swaps && pos.piece_at(to).is_some_and(|p| p.color != mover.color)
}

/// King danger by hand. White: king a1 alone; Black: king g7, cannon c3,
/// and in the second position a pincer b5.
///
/// The cannon reaches neither a2, b1 nor b2 (nor a1), so it is no zone
/// attacker. From a1 the open a-file and first rank are the squares a
/// cannon checks from; the cannon can move to a3 and c1 among them, and
/// White's king guards neither (it covers a2, b1, b2): one safe check,
/// danger 400, penalty 400² / 4096 + 400 / 16 = 39 + 25 = 64.
///
/// The pincer on b5 leaps to a2, c2, e4 and e6: one attacker (weight 45)
/// hitting one zone square (a2). From a1 a pincer checks from b4 and d2,
/// which it cannot reach. Danger 45 + 40 + 400 = 485, penalty
/// 485² / 4096 + 485 / 16 = 57 + 30 = 87.
///
/// White has no piece but the king, so Black's king is in no danger.
/// A check from a guarded square counts far less (below).
#[test]
fn king_danger_by_hand() {
    assert_eq!(SAFE_CHECK, 400);
    assert_eq!(ZONE_HIT, 40);
    let cannon = pos("6k/7/7/7/2c4/7/K6 w 2 1 - - 0 1");
    assert_eq!(king_danger(cannon.board(), Color::White), 64);
    assert_eq!(king_danger(cannon.board(), Color::Black), 0);
    let both = pos("6k/7/1x5/7/2c4/7/K6 w 2 1 - - 0 1");
    assert_eq!(king_danger(both.board(), Color::White), 87);
    assert_eq!(king_danger(both.board(), Color::Black), 0);
    // A white rook on f1 guards c1, a white pincer on b6 guards a3 (a
    // camel leap): both checks are now unsafe, 70, and the cannon still
    // reaches no zone square. Danger 70, penalty 4900 / 4096 + 70 / 16 =
    // 1 + 4 = 5.
    let guarded = pos("6k/1X5/7/7/2c4/7/K4R1 w 2 1 - - 0 1");
    assert_eq!(king_danger(guarded.board(), Color::White), 5);
}

/// [`king_danger`] finds a piece's checking squares as its own attacks
/// from the king's square. That holds only for symmetric patterns: over
/// random games, every piece that attacks the enemy king must be on a
/// square its pattern reaches from the king, and the other way round.
#[test]
fn checking_squares_are_the_attacks_from_the_king() {
    use arbiter_search::games::progressive_chess::{is_swapper_family, piece_attacks};
    let mut checked = 0;
    random_walks(&STARTS, 20, 60, 11, |g| {
        let board = *g.position().board();
        let occ = board.occupied();
        for side in [Color::White, Color::Black] {
            let king = board.king(side.other());
            for sq in board.pieces(side) {
                let role = board.piece_at(sq).unwrap().role;
                if role == arbiter_progressive_chess::Role::Pawn || is_swapper_family(role) {
                    continue;
                }
                let attacks_king = piece_attacks(role, side, sq, occ).contains(king);
                let from_king = piece_attacks(role, side.other(), king, occ).contains(sq);
                assert_eq!(attacks_king, from_king, "{role:?} on {sq}, king {king}");
                checked += 1;
            }
        }
    });
    assert!(checked > 1000);
}
