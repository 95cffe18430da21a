//! `arbiter play`: a game against the engine in the terminal.

use arbiter_core::{Diagram, Game, Phase, Seat, Seed};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::{knight_court, Bots, Budget, Negamax, Spec};
use std::any::Any;
use std::io::{BufRead, Write};
use std::time::Duration;

/// The engine's move: the game's bot at `spec` (by default `max`; Knight
/// Court's `max` plays perfectly from its solved table), or plain negamax
/// for games without bots.
fn engine_move<G: Game + 'static>(game: &G, spec: Spec) -> Option<(G::Action, String)> {
    let seat = match game.phase() {
        Phase::Turn(seat) => seat,
        _ => return None,
    };
    let seed = Seed::random();
    let any = game as &dyn Any;
    let chosen: Option<Box<dyn Any>> = if let Some(kc) = any.downcast_ref::<KnightCourt>() {
        let value = knight_court::analyse(knight_court::table(), kc).first()?.1;
        let mv = KnightCourt::bot(spec).choose(kc, seat, seed)?;
        return Some((
            (&mv as &dyn Any).downcast_ref::<G::Action>()?.clone(),
            format!("table: {value}"),
        ));
    } else if let Some(km) = any.downcast_ref::<KnightMoves>() {
        KnightMoves::bot(spec)
            .choose(km, seat, seed)
            .map(|mv| Box::new(mv) as Box<dyn Any>)
    } else if let Some(pc) = any.downcast_ref::<ProgressiveChess>() {
        ProgressiveChess::bot(spec)
            .choose(pc, seat, seed)
            .map(|mv| Box::new(mv) as Box<dyn Any>)
    } else {
        None
    };
    if let Some(action) = chosen {
        let action = action.downcast_ref::<G::Action>()?.clone();
        return Some((action, spec.to_string()));
    }
    let result = Negamax {
        max_depth: 64,
        time: Some(match spec.budget {
            Budget::Time(t) => t,
            Budget::Nodes(_) | Budget::Until { .. } => Duration::from_millis(500),
        }),
    }
    .choose(game);
    Some((
        result.best?,
        format!("depth {}, {} nodes", result.depth, result.nodes),
    ))
}

pub fn play<G: Game + Diagram + 'static>(
    mut game: G,
    human: u8,
    engine: Spec,
) -> Result<(), String> {
    let human = Seat(human);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let order = if human.0 == 0 {
        "first to move"
    } else {
        "second to move"
    };
    println!(
        "You are seat {} ({order}). Type a move, 'moves' for the list, or 'quit'.",
        human.0 + 1
    );
    loop {
        println!("\n{}", game.diagram());
        let seat = match game.phase() {
            Phase::Turn(seat) => seat,
            Phase::Over(outcome) => {
                println!("Game over: {outcome}");
                return Ok(());
            }
            other => return Err(format!("this game needs the server to play ({other:?})")),
        };
        if seat != human {
            let (action, why) = engine_move(&game, engine).ok_or("the engine found no move")?;
            println!("Engine plays {action} ({why})");
            game.act(seat, &action).map_err(|e| e.to_string())?;
            continue;
        }
        print!("your move> ");
        let _ = std::io::stdout().flush();
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line.map_err(|e| e.to_string())?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "moves" => {
                let moves: Vec<String> = game
                    .legal_actions(seat)
                    .iter()
                    .map(|a| a.to_string())
                    .collect();
                println!("{}", moves.join(" "));
            }
            text => {
                if let Err(e) = game.act_text(seat, text) {
                    println!("{e}");
                }
            }
        }
    }
}
