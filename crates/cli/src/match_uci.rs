//! `arbiter match` with a seat `uci:COMMAND`: an outside UCI engine against
//! a built-in bot (or another engine), for the alternating duels.
//!
//! Games are played one at a time (each engine is one process, reused with
//! `ucinewgame`). Every opening (the standard start, or each line of the
//! `--openings` file in turn) is played twice with the players swapping
//! sides: player 1 takes the side to move in even-numbered games (counting
//! from 0), player 2 in the others. The engine is told `position fen START moves …` and
//! `go GO` (`--uci-go`, default `movetime 100`); its answer is played
//! through the game's rules, and a move the rules refuse loses the game.

use crate::match_cmd::MatchArgs;
use arbiter_core::{Outcome, Phase, Seat, Seed};
use arbiter_search::arena::{elo, Arena, Record};
use arbiter_search::uci_client::UciEngine;
use arbiter_search::{Budget, Level, Player, Spec};
use std::time::Duration;

/// How an opening is written for the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenDialect {
    /// The game's own position string.
    Native,
    /// Chess's six fields: the placement, the side to move, `- -`, then
    /// the last two fields (quiet-turn count, turn number). For engines
    /// that know a Progressive Chess position only as a chess variant.
    Chess,
}

impl FenDialect {
    pub fn parse(text: Option<&str>) -> Result<FenDialect, String> {
        match text {
            None | Some("native") => Ok(FenDialect::Native),
            Some("chess") => Ok(FenDialect::Chess),
            Some(other) => Err(format!("--uci-fen {other}: use native or chess")),
        }
    }

    pub fn write(self, position: &str) -> Result<String, String> {
        let fields: Vec<&str> = position.split_whitespace().collect();
        match self {
            FenDialect::Native => Ok(position.to_string()),
            FenDialect::Chess if fields.len() >= 4 => Ok(format!(
                "{} {} - - {} {}",
                fields[0],
                fields[1],
                fields[fields.len() - 2],
                fields[fields.len() - 1]
            )),
            FenDialect::Chess => Err(format!(
                "--uci-fen chess: '{position}' has too few fields to rewrite"
            )),
        }
    }
}

/// One match player.
enum Entrant {
    Bot(Spec),
    Engine { command: String },
}

impl Entrant {
    fn label(&self) -> String {
        match self {
            Entrant::Bot(spec) => spec.to_string(),
            Entrant::Engine { command } => format!("uci:{command}"),
        }
    }
}

/// What the outside engines are told.
struct EngineSetup {
    options: Vec<(String, String)>,
    go: String,
    dialect: FenDialect,
}

/// Whether any seat is an outside engine.
pub fn wanted(args: &MatchArgs) -> bool {
    args.seats.iter().any(|s| s.starts_with("uci:"))
}

pub fn run(args: &MatchArgs) -> Result<(), String> {
    let entrants: Vec<Entrant> = args
        .seats
        .iter()
        .map(|s| match s.strip_prefix("uci:") {
            Some(command) if !command.trim().is_empty() => Ok(Entrant::Engine {
                command: command.trim().to_string(),
            }),
            Some(_) => Err(format!("--seat {s}: name the engine command after uci:")),
            None => s
                .parse::<Spec>()
                .map(Entrant::Bot)
                .map_err(|e| format!("--seat {s}: {e}")),
        })
        .collect::<Result<_, _>>()?;
    if entrants.len() != 2 {
        return Err("a match with a uci: seat takes exactly two --seat options".into());
    }
    let options = args
        .uci_options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("--uci-option {o}: write Name=Value"))
        })
        .collect::<Result<_, _>>()?;
    let setup = EngineSetup {
        options,
        go: args.uci_go.clone().unwrap_or_else(|| "movetime 100".into()),
        dialect: FenDialect::parse(args.uci_fen.as_deref())?,
    };
    match args.game.as_str() {
        arbiter_knight_court::ID => play::<arbiter_knight_court::KnightCourt>(args, &entrants, &setup),
        arbiter_knight_moves::ID => play::<arbiter_knight_moves::KnightMoves>(args, &entrants, &setup),
        arbiter_progressive_chess::ID => {
            play::<arbiter_progressive_chess::ProgressiveChess>(args, &entrants, &setup)
        }
        other => Err(format!(
            "uci: seats play the alternating duels (knight-court, knight-moves, progressive-chess), not {other}"
        )),
    }
}

/// A seat at the table: a bot, or the engine of match player `p`.
enum Sitter<G: Arena> {
    Bot(Box<dyn Player<G>>),
    Engine(usize),
}

fn play<G>(args: &MatchArgs, entrants: &[Entrant], setup: &EngineSetup) -> Result<(), String>
where
    G: Arena,
    G::Action: std::fmt::Display,
{
    let openings: Vec<G> = match args.openings.as_deref() {
        None => vec![G::start()],
        Some(file) => std::fs::read_to_string(file)
            .map_err(|e| format!("--openings {file}: {e}"))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| G::from_position(l).map_err(|e| format!("opening '{l}': {e}")))
            .collect::<Result<_, _>>()?,
    };
    if openings.is_empty() {
        return Err("no openings given".into());
    }
    let mut engines: Vec<Option<UciEngine>> = entrants
        .iter()
        .map(|e| match e {
            Entrant::Engine { command } => UciEngine::start(command, &setup.options).map(Some),
            Entrant::Bot(_) => Ok(None),
        })
        .collect::<Result<_, _>>()?;
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    let turn_limit = args.turn_limit.unwrap_or(2000);
    let mut records = Vec::new();
    for index in 0..args.games {
        // Each opening twice, the players swapping sides: player 1 takes
        // the side to move in even games, player 2 in odd ones.
        let start = openings[(index / 2) % openings.len()].clone();
        let mover = match start.phase() {
            Phase::Turn(seat) => seat.index(),
            _ => 0,
        };
        let players: Vec<usize> = (0..2).map(|s| (s + 2 - mover + index % 2) % 2).collect();
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
        let sitters: Vec<Sitter<G>> = players
            .iter()
            .map(|&p| match &entrants[p] {
                Entrant::Bot(spec) => Sitter::Bot(G::bot(*spec)),
                Entrant::Engine { .. } => Sitter::Engine(p),
            })
            .collect();
        for engine in engines.iter_mut().flatten() {
            engine.new_game()?;
        }
        let fen = setup.dialect.write(&start.position())?;
        let (actions, outcome) = play_one(
            start.clone(),
            &sitters,
            &mut engines,
            &fen,
            setup,
            seed,
            turn_limit,
        )?;
        let record = Record {
            index,
            seed,
            start: start.position(),
            players,
            // Only the points and the Elo are read from these records; an
            // engine has no spec, so its slot holds a placeholder.
            specs: entrants
                .iter()
                .map(|e| match e {
                    Entrant::Bot(spec) => *spec,
                    Entrant::Engine { .. } => Spec::new(Level::Max, Budget::default()),
                })
                .collect(),
            actions,
            outcome,
        };
        if let Some(dir) = &args.out {
            let path = dir.join(format!("game-{:04}.txt", index + 1));
            std::fs::write(&path, record_text(&args.game, &record, entrants))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        eprintln!(
            "game {}/{}: {} ({})",
            index + 1,
            args.games,
            record.points(0),
            record.outcome.reason
        );
        records.push(record);
    }
    print!(
        "{}",
        report(&args.game, args.seed, entrants, &records, setup)
    );
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn play_one<G>(
    mut game: G,
    sitters: &[Sitter<G>],
    engines: &mut [Option<UciEngine>],
    fen: &str,
    setup: &EngineSetup,
    seed: u64,
    turn_limit: usize,
) -> Result<(Vec<(Seat, String)>, Outcome), String>
where
    G: Arena,
    G::Action: std::fmt::Display,
{
    let mut rng = Seed::from_u64(seed).rng();
    let mut actions: Vec<(Seat, String)> = Vec::new();
    let mut played: Vec<String> = Vec::new();
    loop {
        if actions.len() >= turn_limit && !game.phase().is_over() {
            return Ok((actions, Outcome::draw_because(2, "turn limit")));
        }
        let seat = match game.phase() {
            Phase::Over(outcome) => return Ok((actions, outcome)),
            Phase::Turn(seat) => seat,
            _ => return Err("uci: seats play only games of alternating turns".into()),
        };
        let decision = Seed::from_u64(rng.next_u64());
        let text = match &sitters[seat.index()] {
            Sitter::Bot(bot) => bot
                .choose(&game.seen_by(seat), seat, decision)
                .ok_or_else(|| format!("the bot at {seat} found no action"))?
                .to_string(),
            Sitter::Engine(p) => engines[*p].as_mut().expect("an engine").best_move(
                fen,
                &played,
                &setup.go,
                Duration::from_secs(60),
            )?,
        };
        if let Err(e) = game.act_text(seat, &text) {
            let other = Seat(1 - seat.0);
            let reason = format!("illegal move {text} by seat {}: {e}", seat.0 + 1);
            actions.push((seat, text));
            return Ok((actions, Outcome::win(other, 2, reason)));
        }
        actions.push((seat, text.clone()));
        played.push(text);
    }
}

fn record_text(game_id: &str, record: &Record, entrants: &[Entrant]) -> String {
    let mut out = format!(
        "game {game_id}\nindex {}\nseed {}\nstart {}\n",
        record.index, record.seed, record.start
    );
    for (seat, &p) in record.players.iter().enumerate() {
        out += &format!(
            "seat {}: player {} {}\n",
            seat + 1,
            p + 1,
            entrants[p].label()
        );
    }
    for (i, (seat, action)) in record.actions.iter().enumerate() {
        out += &format!("{}. {}: {action}\n", i + 1, seat.0 as u16 + 1);
    }
    out += &format!("result: {}\n", record.outcome);
    out
}

fn report(
    game: &str,
    seed: u64,
    entrants: &[Entrant],
    records: &[Record],
    setup: &EngineSetup,
) -> String {
    let mut out = format!(
        "{game}: {} games, seed {seed}, engines told 'go {}'\n",
        records.len(),
        setup.go
    );
    out += &format!(
        "{:<7} {:>6} {:>6} {:>6} {:>8} {:>7}  spec\n",
        "player", "wins", "draws", "losses", "points", "score%"
    );
    for (p, entrant) in entrants.iter().enumerate() {
        let points: Vec<f64> = records.iter().map(|r| r.points(p)).collect();
        let wins = points.iter().filter(|&&x| x == 1.0).count();
        let losses = points.iter().filter(|&&x| x == 0.0).count();
        let total: f64 = points.iter().sum();
        out += &format!(
            "{:<7} {:>6} {:>6} {:>6} {:>8.1} {:>6.1}%  {}\n",
            p + 1,
            wins,
            records.len() - wins - losses,
            losses,
            total,
            100.0 * total / records.len().max(1) as f64,
            entrant.label()
        );
    }
    let mut reasons = std::collections::BTreeMap::<&str, usize>::new();
    for r in records {
        *reasons.entry(r.outcome.reason.as_str()).or_default() += 1;
    }
    let endings: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    out += &format!("endings: {}\n", endings.join(", "));
    let (d, lo, hi) = elo(records);
    out += &format!("Elo (player 1 - player 2): {d:+.0}, 95% interval [{lo:+.0}, {hi:+.0}]\n");
    out
}
