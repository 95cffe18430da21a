//! `arbiter match` with a seat `uci:COMMAND`: an outside UCI engine against
//! a built-in bot (or another engine), for the registry's duels. This file
//! reads the command line; the match itself is the game's
//! (`arbiter_registry::uci`).

use crate::match_cmd::MatchArgs;
use arbiter_registry::uci::{EngineSetup, Entrant, FenDialect, UciMatch};
use arbiter_registry::Kind;

/// Whether any seat is an outside engine.
pub fn wanted(args: &MatchArgs) -> bool {
    args.seats.iter().any(|s| s.starts_with("uci:"))
}

pub fn run(kind: &Kind, args: &MatchArgs) -> Result<(), String> {
    let entrants: Vec<Entrant> = args
        .seats
        .iter()
        .map(|s| match s.strip_prefix("uci:") {
            Some(command) if !command.trim().is_empty() => Ok(Entrant::Engine {
                command: command.trim().to_string(),
            }),
            Some(_) => Err(format!("--seat {s}: name the engine command after uci:")),
            None => kind
                .matches
                .spec(s)
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
    let uci = kind.uci.ok_or_else(|| {
        format!(
            "uci: seats play the alternating duels ({}), not {}",
            duel_ids(),
            kind.id
        )
    })?;
    let openings = match args.openings.as_deref() {
        None => None,
        Some(file) => {
            Some(std::fs::read_to_string(file).map_err(|e| format!("--openings {file}: {e}"))?)
        }
    };
    let plan = UciMatch {
        game: kind.id,
        entrants,
        setup,
        games: args.games,
        seed: args.seed,
        openings,
        out: args.out.clone(),
        turn_limit: args.turn_limit.unwrap_or(2000),
        jobs: args.jobs,
    };
    print!("{}", uci.play_match(&plan)?);
    Ok(())
}

/// The games with a UCI face, for messages.
pub fn duel_ids() -> String {
    let ids: Vec<&str> = arbiter_registry::KINDS
        .iter()
        .filter(|k| k.uci.is_some())
        .map(|k| k.id)
        .collect();
    ids.join(", ")
}
