//! The fuzz targets' checks over a fixed set of inputs, so that the
//! harness is built and run on every test run (docs/fuzzing.md): real
//! position strings and actions of each game, each mutated in a few
//! hundred seeded ways (a byte changed, a piece cut out, a part doubled, a
//! letter of several bytes put in), and seeded random bytes.

use arbiter_fuzzing::{
    actions, game_records, http_requests, knight_control_files, position_strings, uci_sessions,
    webhook_inputs,
};

/// Real position strings: the selector byte, then the text.
const POSITIONS: [(u8, &str); 8] = [
    (0, "nbr/3/NBR[] w"),
    (0, "1n1/3/1N1[BRbr] w"),
    (1, "1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -"),
    (1, "1x1Xxx1/7/1x5/7/7/7/7/1ooOoo1 o -"),
    (2, "pppkppp/7/7/7/7/P6/1PPKPPP b 2 2 - - 1 1"),
    (2, "6k/5pp/7/7/7/7/R2K3 w 2 1 - - 0 1"),
    (3, "tilechess board 0,0 23,23 open 0,0 / pawns 7 repeat no start 6x6 last red / red +0 K1,2 Q2,2 R0,3 R3,3 B2,1 B1,3 N1,1 N2,3 P0,0 P1,0 P2,0 P0,1 P3,1 P0,2 P3,2"),
    (3, ""),
];

/// Real actions, each after a few plies chosen by the bytes before it.
const ACTIONS: [(u8, &str); 10] = [
    (0, "c1c3"),
    (0, "R@b2"),
    (1, "c8-b6"),
    (1, "d1-f1-f3"),
    (2, "a1a2+a2=F"),
    (2, "c3@R"),
    (3, "red: join 0,0 RBNR/PKQP/PNBP/PPP."),
    (4, "bid ABCDE"),
    (4, "orders spawn A3 2x3"),
    (4, "items extra i10 j12"),
];

/// A small seeded generator (xorshift), so the inputs are the same on
/// every run.
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `input` changed in one of several ways a fuzzer would try.
fn mutate(input: &[u8], s: &mut Stream) -> Vec<u8> {
    let mut out = input.to_vec();
    if out.is_empty() {
        return vec![s.next() as u8];
    }
    let at = s.below(out.len());
    match s.below(7) {
        0 => out[at] = s.next() as u8,
        1 => out[at] = b"0123456789/[]@-+=,. wbxoRNBKQPrnbkqp9"[s.below(37)],
        2 => {
            out.remove(at);
        }
        3 => out.truncate(at),
        4 => {
            let tail = out[at..].to_vec();
            out.extend_from_slice(&tail);
        }
        5 => out.insert(at, b"0123456789"[s.below(10)]),
        // A letter of two, three or four bytes: readers that cut text by
        // bytes break on these.
        _ => {
            let wide = ["é", "€", "😀"][s.below(3)];
            out.splice(at..at, wide.bytes());
        }
    }
    out
}

/// An input: the bytes that make the check's choices, then the text.
fn input(choices: &[u8], text: &str) -> Vec<u8> {
    [choices, text.as_bytes()].concat()
}

fn inputs(seeds: &[Vec<u8>], count: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut s = Stream(seed);
    let mut all: Vec<Vec<u8>> = seeds.to_vec();
    for _ in 0..count {
        let mut input = seeds[s.below(seeds.len())].clone();
        for _ in 0..=s.below(3) {
            input = mutate(&input, &mut s);
        }
        all.push(input);
    }
    for _ in 0..count / 4 {
        let len = s.below(64);
        all.push((0..len).map(|_| s.next() as u8).collect());
    }
    all
}

#[test]
fn position_strings_read_back_or_are_refused() {
    let seeds: Vec<Vec<u8>> = POSITIONS
        .iter()
        .map(|&(game, text)| input(&[game], text))
        .collect();
    for input in inputs(&seeds, 2000, 1) {
        position_strings(&input);
    }
}

#[test]
fn actions_are_played_or_refused_without_a_trace() {
    let mut seeds = Vec::new();
    for (game, text) in ACTIONS {
        for plies in [0u8, 3, 9] {
            // game, (Knight Control: players, seed), chance seed, plies,
            // choices, seat, text
            let head: Vec<u8> = if game == 4 {
                vec![game, 1, 7, 5, plies, 0, 1, 0, 2, 1, 0, 0]
            } else {
                vec![game, 5, plies, 0, 1, 0, 2, 1, 0, 0, 3, 0, 0]
            };
            seeds.push(input(&head, text));
        }
    }
    for input in inputs(&seeds, 600, 2) {
        actions(&input);
    }
}

#[test]
fn knight_control_files_are_read_or_refused() {
    let layout = arbiter_knight_control::standard_file();
    let layout = serde_json::to_string(&layout).unwrap();
    let record = arbiter_knight_control::record::Record::new(
        3,
        arbiter_knight_control::Rules::default(),
        arbiter_knight_control::standard_file(),
        arbiter_core::Seed::from_u64(5),
    )
    .unwrap()
    .to_json();
    let seeds = vec![input(&[0], &layout), input(&[1], &record)];
    for input in inputs(&seeds, 300, 3) {
        knight_control_files(&input);
    }
}

#[test]
fn game_records_are_read_or_refused() {
    // Spectators' records of games the host's bots played, in both formats.
    let seeds: Vec<Vec<u8>> = ["knight-court", "tilechess", "knight-control"]
        .iter()
        .flat_map(|game| ["json", "txt"].map(|ext| format!("tests/data/{game}.{ext}")))
        .map(|path| std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect();
    for input in inputs(&seeds, 300, 4) {
        game_records(&input);
    }
}

#[test]
fn uci_sessions_are_read_without_a_panic() {
    // Sessions a GUI would send, one per game, each with a few slips.
    let sessions: [(u8, &str); 3] = [
        (
            0,
            "uci\nsetoption name Proofs value false\nisready\nucinewgame\n\
             position startpos moves c1c3 b3a2\ngo movetime 50\nstop\n\
             position fen nbr/3/NBR[] w\ngo infinite searchmoves c1c3\nstop\n",
        ),
        (
            1,
            "uci\nsetoption name PVS value true\nsetoption value x\nsetoption name MultiPV value 3\n\
             position startpos moves c8-b6\n\
             go wtime 1000 btime 1000 winc 10 binc 10\nisready\ngo depth 2\nstop\n\
             go wtime 99999999999999999999 btime 9223372036854775807 \
             winc 9223372036854775807 binc 9223372036854775807\nstop\nquit\n",
        ),
        (
            2,
            "uci\nsetoption name KeepTable value maybe\n\
             position fen 6k/5pp/7/7/7/7/R2K3 w 2 1 - - 0 1\ngo mate 1\n\
             position startpos moves a1a2\ngo nodes 30\n\
             ponderhit\ngo ponder movetime 20\nponderhit\nponderhit\ngo ponder\nstop\n",
        ),
    ];
    let seeds: Vec<Vec<u8>> = sessions
        .iter()
        .map(|&(game, text)| input(&[game], text))
        .collect();
    for input in inputs(&seeds, 150, 5) {
        uci_sessions(&input);
    }
}

#[test]
fn webhook_inputs_are_read_or_refused() {
    let mut seeds: Vec<Vec<u8>> = [
        "https://discord.com/api/webhooks/1/abc",
        "http://127.0.0.1:8080/hook?x=1",
        "https://[::1]:8443/x",
        "https://user:secret@example.org/x",
        "https://discord.com:99999/x",
    ]
    .iter()
    .map(|url| input(&[0], url))
    .collect();
    // Retry-After values, after eight bytes of the time now.
    for value in [
        "120",
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 9999999999 08:49:37 GMT",
    ] {
        seeds.push(input(&[1, 0, 0, 1, 0x8c, 0, 0, 0, 0], value));
    }
    for input in inputs(&seeds, 1000, 6) {
        webhook_inputs(&input);
    }
}

#[test]
fn http_requests_are_answered_and_refusals_change_nothing() {
    // game, route, asker, then the text: bodies a page or a bot sends.
    let requests: [(u8, u8, u8, &str); 18] = [
        (0, 0, 1, r#"{"action":"c1c3"}"#),
        (1, 0, 2, r#"{"action":"c8-b6"}"#),
        (2, 1, 1, r#"{"action":"a1a2+a2=F"}"#),
        (3, 6, 1, ""),
        (4, 0, 1, r#"{"action":"bid ABCDE"}"#),
        (0, 2, 0, r#"{"command":"pause"}"#),
        (1, 2, 0, r#"{"command":"bot","seat":1,"level":3}"#),
        (2, 2, 0, r#"{"command":"extend","seconds":60}"#),
        (0, 3, 3, r#"{"text":"good luck","name":"Ann"}"#),
        (1, 4, 1, r#"{"step":"offer"}"#),
        (2, 8, 3, "1"),
        (3, 9, 3, "ply=0"),
        (
            4,
            11,
            3,
            r#"{"game":"knight-control","seats":4,"bots":[{"seat":1,"level":2}]}"#,
        ),
        (0, 12, 3, r#"{"format":"arbiter-record/1"}"#),
        // Webhooks: the host adds one; a private address, and a seat
        // asking, are refused; a game is created with one.
        (
            0,
            14,
            0,
            r#"{"url":"https://discord.com/api/webhooks/1/abc"}"#,
        ),
        (
            1,
            14,
            0,
            r#"{"url":"https://intranet.example/hook","style":"slack"}"#,
        ),
        (
            2,
            14,
            1,
            r#"{"url":"https://hooks.slack.com/services/T/B/x"}"#,
        ),
        (
            3,
            11,
            3,
            r#"{"game":"knight-court","seats":2,"webhooks":[{"url":"https://hooks.slack.com/services/T/B/x"}]}"#,
        ),
    ];
    let seeds: Vec<Vec<u8>> = requests
        .iter()
        .map(|&(game, route, asker, text)| input(&[game, route, asker], text))
        .collect();
    for input in inputs(&seeds, 150, 7) {
        http_requests(&input);
    }
}
