//! `arbiter match knight-control`: a table of bots, seats rotated, with
//! the figures the game is decided on (chips gained, EC, ToLs).

use crate::match_cmd::MatchArgs;
use arbiter_search::games::knight_control::arena;
use arbiter_search::Spec;
use indicatif::{ProgressBar, ProgressStyle};

pub fn run(args: &MatchArgs, specs: Vec<Spec>) -> Result<(), String> {
    let most = arbiter_knight_control::MAX_PLAYERS;
    if !(2..=most).contains(&specs.len()) {
        return Err(format!(
            "knight-control matches take 2 to {most} --seat options"
        ));
    }
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} {elapsed} eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message(args.game.clone());
    let write_error = std::sync::Mutex::new(None::<String>);
    let played = arena::run(
        &specs,
        args.games,
        args.seed,
        args.jobs,
        &|g: &arena::Played| {
            if let Some(dir) = &args.out {
                let path = dir.join(format!("game-{:04}.txt", g.record.index + 1));
                if let Err(e) = std::fs::write(&path, g.record.to_text(&args.game)) {
                    *write_error.lock().unwrap() = Some(format!("{}: {e}", path.display()));
                }
            }
            bar.inc(1);
        },
    )?;
    bar.finish();
    if let Some(e) = write_error.into_inner().unwrap() {
        return Err(e);
    }
    println!(
        "{}: {} games, seed {}, seats rotated",
        args.game,
        played.len(),
        args.seed
    );
    print!("{}", arena::table(&specs, &played));
    Ok(())
}
