//! `arbiter play`: a game against the engine in the terminal.

use arbiter_core::{Diagram, Game, Phase, Seat};
use arbiter_search::Negamax;
use std::io::{BufRead, Write};
use std::time::Duration;

pub fn play<G: Game + Diagram>(mut game: G, human: u8, think_ms: u64) -> Result<(), String> {
    let human = Seat(human);
    let engine = Negamax { max_depth: 64, time: Some(Duration::from_millis(think_ms)) };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("You are seat {} ({}). Type a move, 'moves' for the list, or 'quit'.", human.0 + 1, if human.0 == 0 { "first to move" } else { "second to move" });
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
            let result = engine.choose(&game);
            let action = result.best.ok_or("the engine found no move")?;
            println!("Engine plays {action} (depth {}, {} nodes)", result.depth, result.nodes);
            game.act(seat, &action).map_err(|e| e.to_string())?;
            continue;
        }
        print!("your move> ");
        let _ = std::io::stdout().flush();
        let Some(line) = lines.next() else { return Ok(()) };
        let line = line.map_err(|e| e.to_string())?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "moves" => {
                let moves: Vec<String> = game.legal_actions(seat).iter().map(|a| a.to_string()).collect();
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
