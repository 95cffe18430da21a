//! UCI both ways, through the real binary: `arbiter uci GAME` as an engine
//! driven line by line, and `arbiter match --seat uci:…` playing that same
//! binary against a built-in bot.

mod common;

use common::engine::Engine;
use std::process::Command;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

fn arbiter(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(ARBITER).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn legal_moves(game: &str, position: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut args = vec!["moves", game];
    if let Some(p) = position {
        args.extend(["--position", p]);
    }
    args.extend(moves);
    let (ok, out, err) = arbiter(&args);
    assert!(ok, "{err}");
    out.lines().map(String::from).collect()
}

/// The move of the `bestmove` line that ends `lines`.
fn best_move(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace()
        .nth(1)
        .expect("bestmove names a move")
        .to_string()
}

#[test]
fn handshake_and_a_depth_limited_search() {
    let mut e = Engine::start("progressive-chess");
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello
        .iter()
        .any(|l| l == "id name Arbiter progressive-chess"));
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send("ucinewgame");
    e.send("position startpos moves d1d2 d7d6");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    // One line per completed depth, 1 then 2, each with a score, nodes and a PV.
    assert_eq!(infos.len(), 2, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(words[2], (i + 1).to_string());
        assert!(words.contains(&"score") && words.contains(&"nodes") && words.contains(&"pv"));
    }
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let legal = legal_moves("progressive-chess", None, &["d1d2", "d7d6"]);
    assert!(legal.contains(&best), "{best} is not legal");
    // The PV of the last iteration starts with the move played.
    assert_eq!(
        infos[1].split(" pv ").nth(1).unwrap().split(' ').next(),
        Some(best.as_str())
    );
    e.quit();
}

#[test]
fn a_mate_in_one_is_found_and_reported_as_mate() {
    // Black's king on g7 is walled in by its own pawns on f6 and g6 (there
    // is no h-file): a1a7 checks along rank 7, which also covers f7, and
    // nothing can block or take. White has 2 points, too few to upgrade
    // the rook (3), so the bare move is the only mate.
    let fen = "6k/5pp/7/7/7/7/R2K3 w 2 1 - - 0 1";
    let mut e = Engine::start("progressive-chess");
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove a1a7", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    // The same mate looked for as python-chess's `Limit(mate=1)` asks: a
    // search of one ply (2N - 1) that ends by itself.
    e.send("go mate 1");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove a1a7", "{lines:?}");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    assert!(
        infos.iter().all(|l| l.starts_with("info depth 1 ")),
        "{lines:?}"
    );
    assert!(infos.last().unwrap().contains("score mate 1"), "{lines:?}");
    e.send("go mate 0 depth 1");
    let lines = e.until("bestmove");
    assert!(
        lines[0].contains("go mate 0: must be at least 1 (ignored)"),
        "{lines:?}"
    );
    e.quit();
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut e = Engine::start("knight-moves");
    e.send("position startpos moves zz99");
    e.send("position fen not a position");
    // A setoption without its name is refused; the engine used to panic
    // on this one (found by the uci_sessions fuzz check).
    e.send("setoption value x");
    e.send("isready");
    let lines = e.until("readyok");
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect();
    assert_eq!(errors.len(), 3, "{lines:?}");
    assert!(
        errors[2].contains("setoption takes name N [value V]"),
        "{lines:?}"
    );
    // A `go` with words it does not know still answers (a GUI waits for
    // its bestmove): each is reported and left out, and the search runs on
    // the rest. Still the start position: the move found is legal there.
    e.send("go sideways 3 nodes 2000 depth x");
    let lines = e.until("bestmove");
    let warnings: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect();
    assert_eq!(warnings.len(), 3, "{lines:?}");
    assert!(
        warnings[0].contains("unknown word 'sideways' (ignored)"),
        "{lines:?}"
    );
    assert!(
        warnings[2].contains("go depth x: not a whole number"),
        "{lines:?}"
    );
    let mv = best_move(&lines);
    assert!(legal_moves("knight-moves", None, &[]).contains(&mv), "{mv}");
    e.quit();
}

#[test]
fn searchmoves_limits_the_choice_to_the_legal_moves_named() {
    // Knight Court's start: four legal moves (b1a2, b1c2, c1c2, c1c3).
    // With the proofs on (the default) the engine still keeps to the list.
    let mut e = Engine::start("knight-court");
    for (list, allowed) in [
        ("b1a2", vec!["b1a2"]),
        ("c1c2 b1c2", vec!["c1c2", "b1c2"]),
        ("zz c1c3 a3b1", vec!["c1c3"]),
    ] {
        e.send("position startpos");
        e.send(&format!("go depth 4 searchmoves {list}"));
        let lines = e.until("bestmove");
        let mv = best_move(&lines);
        assert!(allowed.contains(&mv.as_str()), "{list}: {lines:?}");
        for info in lines.iter().filter(|l| l.contains(" pv ")) {
            let first = info.split(" pv ").nth(1).unwrap().split_whitespace().next();
            assert!(first.is_none_or(|m| allowed.contains(&m)), "{list}: {info}");
        }
        let refused = lines
            .iter()
            .filter(|l| l.contains("is not a legal move here"))
            .count();
        assert_eq!(
            refused,
            if list.starts_with("zz") { 2 } else { 0 },
            "{lines:?}"
        );
    }
    // Naming no legal move searches them all, and says so.
    e.send("go depth 2 searchmoves a3b1");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("names no legal move")),
        "{lines:?}"
    );
    let mv = best_move(&lines);
    assert!(legal_moves("knight-court", None, &[]).contains(&mv), "{mv}");
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut e = Engine::start("knight-court");
    e.send("position startpos moves c1c3");
    e.send("go infinite");
    // The engine answers isready while it searches, then stop ends it.
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    let mv = best_move(&e.until("bestmove"));
    assert!(
        legal_moves("knight-court", None, &["c1c3"]).contains(&mv),
        "{mv}"
    );
    e.quit();
}

#[test]
fn a_ponder_search_answers_only_after_ponderhit_or_stop() {
    let mut e = Engine::start("progressive-chess");
    e.send("uci");
    let options = e.until("uciok");
    assert!(
        options.contains(&"option name Ponder type check default false".to_string()),
        "{options:?}"
    );
    // No ponder search: ponderhit is refused, and the engine goes on.
    e.send("ponderhit");
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(
        lines[0], "info string error: ponderhit: no ponder search is running",
        "{lines:?}"
    );
    e.send("position startpos moves d1d2");
    e.send("go ponder depth 2");
    // The search is done once depth 2 is reported, yet a ponder search
    // says nothing more until ponderhit: readyok comes first.
    let infos = e.until("info");
    assert!(infos[0].starts_with("info depth 1"), "{infos:?}");
    let infos = e.until("info");
    assert!(infos[0].starts_with("info depth 2"), "{infos:?}");
    // The pause only gives an engine that answers too early the time to do
    // so (the search may still be freeing its table); nothing is timed.
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send("ponderhit");
    let answer = e.until("bestmove");
    assert_eq!(answer.len(), 1, "{answer:?}");
    // `bestmove M ponder P`: the PV's first two moves, one after the other legal.
    let words: Vec<&str> = answer[0].split_whitespace().collect();
    assert_eq!(words.len(), 4, "{answer:?}");
    assert_eq!(words[2], "ponder");
    let pv: Vec<&str> = infos[0].split(" pv ").nth(1).unwrap().split(' ').collect();
    assert_eq!((words[1], words[3]), (pv[0], pv[1]), "{infos:?}");
    assert!(legal_moves("progressive-chess", None, &["d1d2"]).contains(&pv[0].to_string()));
    assert!(legal_moves("progressive-chess", None, &["d1d2", pv[0]]).contains(&pv[1].to_string()));
    // After ponderhit the `go` command's time counts: 50 ms, where a
    // ponder search alone would go on to depth 64.
    e.send("go ponder movetime 50");
    e.send("ponderhit");
    assert_ne!(best_move(&e.until("bestmove")), "0000");
    // stop ends a ponder search (the opponent played another move).
    e.send("go ponder");
    e.send("stop");
    assert_ne!(best_move(&e.until("bestmove")), "0000");
    e.quit();
}

#[test]
fn threads_is_listed_as_one_and_more_is_refused_with_a_reason() {
    let mut e = Engine::start("knight-moves");
    e.send("uci");
    let options = e.until("uciok");
    assert!(
        options.contains(&"option name Threads type spin default 1 min 1 max 1".to_string()),
        "{options:?}"
    );
    e.send("setoption name Threads value 1");
    e.send("setoption name Threads value 4");
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(
        lines,
        [
            "info string error: option Threads: the search runs on one thread, so only 1, not '4'",
            "readyok"
        ],
    );
    e.quit();
}

#[test]
fn multipv_reports_that_many_ranked_lines_at_every_depth() {
    let mut e = Engine::start("knight-court");
    e.send("uci");
    let options = e.until("uciok");
    assert!(
        options.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()),
        "{options:?}"
    );
    e.send("setoption name MultiPV value 0");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(
        lines[0],
        "info string error: option MultiPV takes a whole number from 1 to 256, not '0'"
    );
    let legal = legal_moves("knight-court", None, &[]);
    let infos: Vec<Vec<&str>> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    // Depths 1, 2, 3, each with lines 1, 2, 3 naming three different moves.
    assert_eq!(infos.len(), 9, "{lines:?}");
    for (i, words) in infos.iter().enumerate() {
        assert_eq!(words[2], (i / 3 + 1).to_string(), "{lines:?}");
        assert_eq!(
            (words[3], words[4]),
            ("multipv", (i % 3 + 1).to_string().as_str())
        );
        let first = words[words.iter().position(|&w| w == "pv").unwrap() + 1];
        assert!(legal.contains(&first.to_string()), "{first}");
    }
    for depth in infos.chunks(3) {
        let firsts: Vec<&str> = depth
            .iter()
            .map(|w| w[w.iter().position(|&x| x == "pv").unwrap() + 1])
            .collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    }
    // The best move is the first line of the last depth.
    let top = &infos[6];
    assert_eq!(
        best_move(&lines),
        top[top.iter().position(|&w| w == "pv").unwrap() + 1]
    );
    // Back to one line: the usual info lines, without multipv.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
    e.quit();
}

#[test]
fn a_clock_limits_the_search() {
    let mut e = Engine::start("progressive-chess");
    e.send("position startpos");
    // 200 ms on the clock: the search must answer (a share of it).
    e.send("go wtime 200 btime 200 winc 0 binc 0");
    let best = e.until("bestmove").last().unwrap().clone();
    assert_ne!(best, "bestmove 0000");
    e.quit();
}

#[test]
fn a_finished_game_has_no_best_move() {
    // The position after the mate above: Black to move, mated.
    let fen = "R5k/5pp/7/7/7/7/3K3 b 2 1 - - 0 1";
    assert!(legal_moves("progressive-chess", Some(fen), &[]).is_empty());
    let mut e = Engine::start("progressive-chess");
    e.send(&format!("position fen {fen}"));
    e.send("go depth 2");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove 0000");
    e.quit();
}

#[test]
fn match_plays_arbiter_over_uci_against_the_built_in_bot() {
    let dir = std::env::temp_dir().join(format!("arbiter-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings, one per side to move\n\
         pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1\n\
         pppkppp/7/7/7/7/3P3/PPPK1PP b 1 2 - - 0 1\n",
    )
    .unwrap();
    let engine = format!("uci:{ARBITER} uci progressive-chess");
    let (ok, out, err) = arbiter(&[
        "match",
        "progressive-chess",
        "--seat",
        &engine,
        "--seat",
        "greedy",
        "--games",
        "2",
        "--seed",
        "3",
        "--turn-limit",
        "40",
        "--openings",
        openings.to_str().unwrap(),
        "--uci-go",
        "nodes 300",
        "--uci-option",
        "Hash=16",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("progressive-chess: 2 games, seed 3"), "{out}");
    assert!(
        out.contains(&format!("uci:{ARBITER} uci progressive-chess")),
        "{out}"
    );
    assert!(out.contains("Elo (player 1 - player 2)"), "{out}");
    assert!(!out.contains("illegal move"), "{out}");
    // Every recorded game replays under the rules from its start.
    for n in 1..=2 {
        let text = std::fs::read_to_string(dir.join(format!("game-{n:04}.txt"))).unwrap();
        let start = text.lines().find_map(|l| l.strip_prefix("start ")).unwrap();
        let moves: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once(". ").and_then(|(_, m)| m.split_once(": ")))
            .map(|(_, mv)| mv)
            .collect();
        assert!(!moves.is_empty());
        let mut args = vec!["apply", "progressive-chess", "--position", start];
        args.extend(moves);
        let (ok, _, err) = arbiter(&args);
        assert!(ok, "game {n} does not replay: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_refuses_a_uci_seat_it_cannot_use() {
    for (line, says) in [
        (
            "match tilechess --seat uci:whatever --seat greedy --games 1",
            "alternating duels",
        ),
        (
            "match knight-moves --seat uci:/no/such/engine --seat greedy --games 1",
            "cannot start it",
        ),
    ] {
        let args: Vec<&str> = line.split_whitespace().collect();
        let (ok, _, err) = arbiter(&args);
        assert!(!ok, "{line}");
        assert!(err.contains(says), "{line}: {err}");
    }
}

/// Two workers, each with its own engine process, give the report one
/// worker gives: a game's opening, sides and seed follow from its number.
#[test]
fn match_with_uci_seats_on_two_jobs_reports_what_one_job_does() {
    let engine = format!("uci:{ARBITER} uci knight-moves");
    let report = |jobs: &str| {
        let (ok, out, err) = arbiter(&[
            "match",
            "knight-moves",
            "--seat",
            &engine,
            "--seat",
            "search:300n",
            "--games",
            "4",
            "--seed",
            "5",
            "--turn-limit",
            "30",
            "--uci-go",
            "nodes 300",
            "--jobs",
            jobs,
        ]);
        assert!(ok, "{err}");
        out
    };
    let one = report("1");
    assert!(one.contains("knight-moves: 4 games, seed 5"), "{one}");
    assert_eq!(report("2"), one);
}

/// The `info depth` lines of one search, without the fields that depend on
/// the clock (`nps`, `time`), and its `bestmove` line.
fn untimed_search(e: &mut Engine, go: &str) -> Vec<String> {
    e.send(go);
    e.until("bestmove")
        .into_iter()
        .filter(|l| l.starts_with("info depth") || l.starts_with("bestmove"))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if matches!(words[i], "nps" | "time") && !kept.contains(&"pv") {
                    i += 2;
                } else {
                    kept.push(words[i]);
                    i += 1;
                }
            }
            kept.join(" ")
        })
        .collect()
}

/// The `hashfull` of the deepest `info depth` line.
fn last_hashfull(lines: &[String]) -> u32 {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words
        .iter()
        .position(|&w| w == "hashfull")
        .expect("hashfull");
    words[at + 1].parse().unwrap()
}

#[test]
fn hash_sizes_the_table_and_clear_hash_empties_it() {
    let mut e = Engine::start("knight-moves");
    e.send("uci");
    let options = e.until("uciok");
    let hash = options
        .iter()
        .find(|l| l.starts_with("option name Hash type spin default "))
        .expect("Hash is listed");
    let usual: u32 = hash.split_whitespace().nth(6).unwrap().parse().unwrap();
    assert!(hash.ends_with(" min 1 max 65536") && usual >= 1, "{hash}");
    assert!(options.contains(&"option name Clear Hash type button".to_string()));
    e.send("setoption name Hash value 0");
    e.send("isready");
    assert_eq!(
        e.until("readyok")[0],
        "info string error: option Hash takes a whole number from 1 to 65536, not '0'"
    );
    // The usual size, asked for, is the usual table: the same search,
    // node for node.
    let go = "go depth 6";
    e.send("position startpos");
    let unset = untimed_search(&mut e, go);
    e.send("ucinewgame");
    e.send(&format!("setoption name Hash value {usual}"));
    assert_eq!(untimed_search(&mut e, go), unset);
    // One MiB is a smaller table, which the same search fills further.
    e.send("ucinewgame");
    e.send("setoption name Hash value 1");
    let small = untimed_search(&mut e, go);
    assert!(
        last_hashfull(&small) > last_hashfull(&unset),
        "{small:?} against {unset:?}"
    );
    let legal = legal_moves("knight-moves", None, &[]);
    let best = small.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(legal.contains(&best.to_string()), "{best}");
    e.quit();

    // A kept table carries the first search into the second; `Clear Hash`
    // between them makes the second search as a fresh table does.
    let second = |between: &[&str]| {
        let mut e = Engine::start("knight-moves");
        e.send("setoption name KeepTable value true");
        e.send("position startpos");
        untimed_search(&mut e, go);
        for line in between {
            e.send(line);
        }
        e.send("position startpos moves b8-c6");
        let lines = untimed_search(&mut e, "go depth 5");
        e.quit();
        lines
    };
    let kept = second(&[]);
    let cleared = second(&["setoption name Clear Hash"]);
    let fresh = second(&["setoption name KeepTable value false"]);
    assert_eq!(cleared, fresh);
    assert_ne!(kept, fresh);
}
