//! `arbiter render GAME [MOVE…|--position POS|RECORD] [--ply N] --out
//! FILE.png|FILE.svg`: the board picture the server draws
//! (`arbiter_server::pictures`), from a move list or a game record.

use crate::games::find;
use std::path::Path;

/// The picture of a record: a title, the board's scene, a caption.
fn from_record(game: &str, path: &Path, ply: Option<usize>) -> Result<Option<String>, String> {
    let Some(record) = crate::replay::load(path)? else {
        return Ok(None);
    };
    let board = crate::replay::scene(game, &record, ply)?;
    let n = ply.unwrap_or(record.entries.len());
    // The result, once there is one, is the scene's first status line.
    let caption: Vec<String> = (n > 0)
        .then(|| format!("last: {}", record.entry_line(n)))
        .into_iter()
        .collect();
    let title = format!(
        "{}, after {n} of {} entries",
        record.variant,
        record.entries.len()
    );
    Ok(Some(arbiter_server::pictures::svg(
        &title, &board, &caption,
    )))
}

pub fn run(
    game: &str,
    position: Option<&str>,
    moves: &[String],
    ply: Option<usize>,
    out: &Path,
) -> Result<(), String> {
    let record = match moves {
        [one] if Path::new(one).is_file() => from_record(game, Path::new(one), ply)?,
        _ => None,
    };
    let svg = match record {
        Some(svg) => svg,
        None => {
            if ply.is_some() {
                return Err("--ply takes a game record (docs/records.md)".into());
            }
            let kind = arbiter_server::adapter::kind(game)?;
            let board = find(game)?.tools.scene(position, moves, None)?;
            let caption: Vec<String> = moves
                .last()
                .filter(|m| !Path::new(m).is_file())
                .map(|m| vec![format!("last: {m}")])
                .unwrap_or_default();
            let title = if caption.is_empty() {
                kind.name.to_string()
            } else {
                format!("{}, after {} moves", kind.name, moves.len())
            };
            arbiter_server::pictures::svg(&title, &board, &caption)
        }
    };
    let bytes = match out.extension().and_then(|e| e.to_str()) {
        Some("svg") => svg.into_bytes(),
        Some("png") => arbiter_server::pictures::png(&svg)?,
        _ => {
            return Err(format!(
                "--out {}: the file must end in .png or .svg",
                out.display()
            ))
        }
    };
    std::fs::write(out, bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))
}
