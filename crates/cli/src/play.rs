//! `arbiter play`: a game against the engine in the terminal.

use arbiter_core::{Diagram, Game, Phase, Seat};
use arbiter_knight_court::KnightCourt;
use arbiter_search::{knight_court, Negamax};
use std::any::Any;
use std::io::{BufRead, Write};
use std::time::Duration;

/// The engine's move: Knight Court plays perfectly from its solved table,
/// other games search.
fn engine_move<G: Game + 'static>(game: &G, think_ms: u64) -> Option<(G::Action, String)> {
    if let Some(kc) = (game as &dyn Any).downcast_ref::<KnightCourt>() {
        let table = knight_court::table();
        let analysis = knight_court::analyse(table, kc);
        let (mv, value) = analysis.first()?;
        let action = (mv as &dyn Any).downcast_ref::<G::Action>()?.clone();
        return Some((action, format!("table: {value}")));
    }
    let result = Negamax {
        max_depth: 64,
        time: Some(Duration::from_millis(think_ms)),
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
    think_ms: u64,
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
            let (action, why) = engine_move(&game, think_ms).ok_or("the engine found no move")?;
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
