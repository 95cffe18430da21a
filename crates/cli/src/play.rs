//! `arbiter play`: a game against the engine in the terminal, through the
//! registry's [`Duel`] of the game.

use arbiter_core::{Phase, Seat, Seed};
use arbiter_registry::Duel;
use arbiter_search::Spec;
use std::io::{BufRead, Write};

pub fn play(mut game: Box<dyn Duel>, human: u8, engine: Spec) -> Result<(), String> {
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
                // The diagram above says who won in the game's words; this
                // says it to the player.
                let verdict = match outcome.sole_winner() {
                    Some(winner) if winner == human => "you won",
                    Some(_) => "you lost",
                    None => "a draw",
                };
                println!("Game over: {verdict} ({})", outcome.reason);
                return Ok(());
            }
            other => return Err(format!("this game needs the server to play ({other:?})")),
        };
        if seat != human {
            let (action, why) = game.engine_move(engine, Seed::random())?;
            println!("Engine plays {action} ({why})");
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
            "moves" => println!("{}", game.legal_actions(seat).join(" ")),
            text => {
                if let Err(e) = game.act_text(seat, text) {
                    println!("{e}");
                }
            }
        }
    }
}
