//! One function per subcommand.

use crate::games::{all, find};
use crate::Command;

/// The deepest `perft` the CLI runs. Every game's tree is far too big to
/// count near this depth, and a much deeper one would overflow the stack.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// A single argument naming a file that holds a server game record.
fn record_arg(moves: &[String]) -> Result<Option<arbiter_server::records::Record>, String> {
    match moves {
        [one] if std::path::Path::new(one).is_file() => crate::replay::load(one.as_ref()),
        _ => Ok(None),
    }
}

pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Serve(args) => crate::serve::run(args)?,
        Command::Doctor(args) => crate::doctor::run(args)?,
        Command::Games => {
            for game in all() {
                println!("{}", game.id);
            }
        }
        Command::Moves {
            game,
            position,
            moves,
        } => {
            for mv in find(&game)?.tools.moves(position.as_deref(), &moves)? {
                println!("{mv}");
            }
        }
        Command::Apply {
            game,
            position,
            moves,
        } => {
            println!("{}", find(&game)?.tools.apply(position.as_deref(), &moves)?);
        }
        Command::Perft {
            game,
            depth,
            position,
            divide,
        } => {
            if depth > MAX_PERFT_DEPTH {
                return Err(format!(
                    "perft depth {depth} is above the largest allowed, {MAX_PERFT_DEPTH}"
                ));
            }
            let (split, total) = find(&game)?
                .tools
                .perft(position.as_deref(), depth, divide)?;
            for (mv, n) in split {
                println!("{mv}: {n}");
            }
            println!("{total}");
        }
        Command::Show {
            game,
            position,
            moves,
            round,
            ply,
        } => match (round, record_arg(&moves)?) {
            (None, Some(record)) => print!("{}", crate::replay::show(&game, &record, ply)?),
            (_, _) if ply.is_some() => {
                return Err("--ply takes a game record (docs/records.md)".into())
            }
            (round, _) => println!(
                "{}",
                find(&game)?
                    .tools
                    .show(position.as_deref(), &moves, round)?
            ),
        },
        Command::Render {
            game,
            position,
            moves,
            ply,
            out,
        } => crate::render::run(&game, position.as_deref(), &moves, ply, &out)?,
        Command::Verify { record } => print!("{}", crate::replay::run_verify(&record)?),
        Command::Export { id, db, format } => {
            let text = match format.as_str() {
                "json" => false,
                "text" => true,
                other => return Err(format!("--format '{other}' is neither json nor text")),
            };
            print!("{}", crate::replay::export(&db, &id, text)?);
        }
        Command::Solve {
            game,
            out,
            moonshot,
            horizon,
            stalemates,
            memory,
            entries,
        } => {
            let horizon = horizon.map(|plies| crate::horizon::Horizon {
                plies,
                stalemates,
                memory_gib: memory,
                entries,
            });
            crate::solve::solve(&game, out.as_deref(), moonshot, horizon)?
        }
        Command::Analyse {
            game,
            position,
            prove,
            moves,
        } => crate::solve::analyse(&game, position.as_deref(), prove, &moves)?,
        Command::New(args) => crate::knight_control::new(args)?,
        Command::Replay(args) => {
            find(&args.game)?;
            match crate::replay::load(&args.record)? {
                Some(record) => print!("{}", crate::replay::run_replay(&args.game, &record)?),
                None if args.game == arbiter_knight_control::ID => {
                    crate::knight_control::replay(args)?
                }
                None => return Err(crate::replay::not_a_record(&args.record)),
            }
        }
        Command::Match(args) => crate::match_cmd::run(args)?,
        Command::Uci { game } => {
            find(&game)?;
            crate::uci::run(&game)?
        }
        Command::Play {
            game,
            position,
            seat,
            think_ms,
            level,
        } => {
            if !(1..=2).contains(&seat) {
                return Err(format!("--as takes 1 (first mover) or 2, not {seat}"));
            }
            let kind = find(&game)?;
            let mut engine = kind
                .matches
                .spec(&level)
                .map_err(|e| format!("--level {level}: {e}"))?;
            // A host level has its own budget; a bare name thinks for
            // --think-ms.
            let named_by_level = level.parse::<u8>().is_ok();
            if !level.contains(':') && !named_by_level {
                engine.budget =
                    arbiter_search::Budget::Time(std::time::Duration::from_millis(think_ms));
            }
            let duel = kind.tools.duel(position.as_deref())?;
            crate::play::play(duel, seat - 1, engine)?;
        }
    }
    Ok(())
}
