//! Arbiter's duels over UCI, both ways: a duel served as a UCI engine
//! (`arbiter uci GAME`), and matches of built-in bots against outside UCI
//! engines (`arbiter match --seat uci:COMMAND`). The registry's duels carry
//! a [`Uci`] (`Kind::uci`), so the CLI dispatches through it and a new duel
//! gains both commands with its entry.
//!
//! In a match, `jobs` workers play the games, each game on one worker; a
//! worker starts its own process of each engine and reuses it with
//! `ucinewgame`. Every opening (the standard start, or each
//! line of the openings in turn) is played twice with the players swapping
//! sides: player 1 takes the side to move in even-numbered games (counting
//! from 0), player 2 in the others. The engine is told `position fen START
//! moves …` and `go GO`; its answer is played through the game's rules, and
//! a move the rules refuse loses the game.

use arbiter_core::{Game, Outcome, Phase, Seat, Seed, TextPosition};
use arbiter_search::alphabeta::Duel;
use arbiter_search::arena::{elo, Arena, Record};
use arbiter_search::uci::Referee;
use arbiter_search::uci_client::UciEngine;
use arbiter_search::{Budget, Level, Player, Spec};
use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// A duel's UCI face.
pub trait Uci: Sync {
    /// Plays the engine side of UCI over `input` and `output` until `quit`
    /// or the end of the input; `name` names the game in `id name`.
    fn serve(&self, name: &str, input: Box<dyn BufRead>, output: Box<dyn Write + Send>);
    /// Plays the match `plan` and returns its report.
    fn play_match(&self, plan: &UciMatch) -> Result<String, String>;
}

/// The [`Uci`] of the search crate's duel `D`, with the game's referee
/// around the engine's search if it has one.
pub struct UciDuel<D: Duel> {
    referee: Option<&'static dyn Referee<D>>,
    duel: PhantomData<fn() -> D>,
}

impl<D: Duel> UciDuel<D> {
    pub const fn new() -> Self {
        UciDuel {
            referee: None,
            duel: PhantomData,
        }
    }

    /// The engine with `referee` around its search (switched by the UCI
    /// option `Proofs`).
    pub const fn refereed(referee: &'static dyn Referee<D>) -> Self {
        UciDuel {
            referee: Some(referee),
            duel: PhantomData,
        }
    }
}

impl<D: Duel> Default for UciDuel<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D> Uci for UciDuel<D>
where
    D: Duel,
    D::Game: Arena + TextPosition + 'static,
    <D::Game as Game>::Action: std::fmt::Display,
{
    fn serve(&self, name: &str, input: Box<dyn BufRead>, output: Box<dyn Write + Send>) {
        arbiter_search::uci::serve_with::<D, _, _>(name, self.referee, input, output)
    }
    fn play_match(&self, plan: &UciMatch) -> Result<String, String> {
        play::<D::Game>(plan)
    }
}

/// A match with at least one outside engine.
pub struct UciMatch<'a> {
    /// The game's id, for the report and the game files.
    pub game: &'a str,
    /// The two match players.
    pub entrants: Vec<Entrant>,
    pub setup: EngineSetup,
    pub games: usize,
    pub seed: u64,
    /// Openings, a position string a line (`#` starts a comment); none:
    /// the standard start.
    pub openings: Option<String>,
    /// A folder for one file a game.
    pub out: Option<PathBuf>,
    /// Moves after which a game is a draw.
    pub turn_limit: usize,
    /// Games played at once, each worker with its own engine processes.
    pub jobs: usize,
}

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
    /// `native` (the default) or `chess`.
    pub fn parse(text: Option<&str>) -> Result<FenDialect, String> {
        match text {
            None | Some("native") => Ok(FenDialect::Native),
            Some("chess") => Ok(FenDialect::Chess),
            Some(other) => Err(format!("--uci-fen {other}: use native or chess")),
        }
    }

    /// `position` as this dialect writes it.
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
pub enum Entrant {
    /// A built-in bot.
    Bot(Spec),
    /// An outside engine, started with this shell command.
    Engine { command: String },
}

impl Entrant {
    pub fn label(&self) -> String {
        match self {
            Entrant::Bot(spec) => spec.to_string(),
            Entrant::Engine { command } => format!("uci:{command}"),
        }
    }
}

/// What the outside engines are told.
pub struct EngineSetup {
    /// `setoption` for each (name, value).
    pub options: Vec<(String, String)>,
    /// What follows `go`.
    pub go: String,
    pub dialect: FenDialect,
}

/// A seat at the table: a bot, or the engine of match player `p`.
enum Sitter<G: Arena> {
    Bot(Box<dyn Player<G>>),
    Engine(usize),
}

fn play<G>(plan: &UciMatch) -> Result<String, String>
where
    G: Arena,
    G::Action: std::fmt::Display,
{
    let (entrants, setup) = (&plan.entrants, &plan.setup);
    let openings: Vec<G> = match plan.openings.as_deref() {
        None => vec![G::start()],
        Some(text) => text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| G::from_position(l).map_err(|e| format!("opening '{l}': {e}")))
            .collect::<Result<_, _>>()?,
    };
    if openings.is_empty() {
        return Err("no openings given".into());
    }
    if let Some(dir) = &plan.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    // Workers take the next game number until none is left; each keeps
    // its own engine processes, so games never share an engine.
    let next = AtomicUsize::new(0);
    let records = Mutex::new(Vec::new());
    let play_games = || -> Result<(), String> {
        let mut engines: Vec<Option<UciEngine>> = entrants
            .iter()
            .map(|e| match e {
                Entrant::Engine { command } => UciEngine::start(command, &setup.options).map(Some),
                Entrant::Bot(_) => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= plan.games {
                return Ok(());
            }
            let record = play_numbered(plan, &openings, &mut engines, index)?;
            eprintln!(
                "game {}/{}: {} ({})",
                index + 1,
                plan.games,
                record.points(0),
                record.outcome.reason
            );
            records.lock().expect("no worker panicked").push(record);
        }
    };
    // A worker that fails loses the match: the others start no new game.
    let worker = || play_games().inspect_err(|_| next.store(plan.games, Ordering::Relaxed));
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..plan.jobs.clamp(1, plan.games.max(1)))
            .map(|_| scope.spawn(worker))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a match worker panicked".into()))
            })
            .collect()
    });
    results.into_iter().collect::<Result<(), String>>()?;
    let mut records = records.into_inner().expect("no worker panicked");
    records.sort_by_key(|r| r.index);
    Ok(report(plan.game, plan.seed, entrants, &records, setup))
}

/// Game number `index` of `plan`: its opening, sides and seed follow from
/// the number alone, so the match's result does not depend on which worker
/// played which game.
fn play_numbered<G>(
    plan: &UciMatch,
    openings: &[G],
    engines: &mut [Option<UciEngine>],
    index: usize,
) -> Result<Record, String>
where
    G: Arena,
    G::Action: std::fmt::Display,
{
    let (entrants, setup) = (&plan.entrants, &plan.setup);
    // Each opening twice, the players swapping sides: player 1 takes the
    // side to move in even games, player 2 in odd ones.
    let start = openings[(index / 2) % openings.len()].clone();
    let mover = match start.phase() {
        Phase::Turn(seat) => seat.index(),
        _ => 0,
    };
    let players: Vec<usize> = (0..2).map(|s| (s + 2 - mover + index % 2) % 2).collect();
    let seed = plan.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
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
        engines,
        &fen,
        setup,
        seed,
        plan.turn_limit,
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
    if let Some(dir) = &plan.out {
        let path = dir.join(format!("game-{:04}.txt", index + 1));
        std::fs::write(&path, record_text(plan.game, &record, entrants))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(record)
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
