//! Server game records in the CLI (docs/records.md): `arbiter replay`,
//! `show` at any entry, `verify` and `export`, for every game. Knight
//! Control's own referee records (`arbiter new knight-control`) keep their
//! commands in `knight_control.rs`.

use arbiter_server::host::record::{replay, verify};
use arbiter_server::records::Record;
use std::path::Path;

/// The server record in `path`, or `None` when the file is some other
/// kind of record (Knight Control's referee records).
pub fn load(path: &Path) -> Result<Option<Record>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let trimmed = text.trim_start();
    let ours = trimmed.starts_with('[')
        || (trimmed.starts_with('{')
            && serde_json::from_str::<serde_json::Value>(trimmed)
                .is_ok_and(|v| v.get("format").is_some()));
    if !ours {
        return Ok(None);
    }
    Record::parse(&text)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn check_game(record: &Record, game: &str) -> Result<(), String> {
    if record.game == game {
        Ok(())
    } else {
        Err(format!(
            "this is a record of {} ('{}'), not of '{game}'",
            record.variant, record.game
        ))
    }
}

/// `arbiter replay GAME RECORD`: every entry, then the result and the
/// final picture.
pub fn run_replay(game: &str, record: &Record) -> Result<String, String> {
    check_game(record, game)?;
    let replayed = replay(record, |_, _| {}).map_err(|e| e.to_string())?;
    let mut out = format!(
        "{} game {} as {} saw it ({} entries)\n",
        record.variant,
        record.id,
        record.viewer.words(),
        record.entries.len()
    );
    for n in 1..=record.entries.len() {
        out.push_str(&record.entry_line(n));
        out.push('\n');
    }
    out.push_str(&replayed.game.diagram());
    match replayed.game.outcome() {
        Some(outcome) => out.push_str(&format!(
            "result: {} ({outcome}); the game is {}\n",
            record.result_tag(),
            replayed.status.name()
        )),
        None => out.push_str(&format!(
            "no result yet; the game is {}\n",
            replayed.status.name()
        )),
    }
    Ok(out)
}

/// `arbiter show GAME RECORD [--ply N]`: the picture after entry N (0: the
/// start; default: the last).
pub fn show(game: &str, record: &Record, ply: Option<usize>) -> Result<String, String> {
    at_entry(game, record, ply, |g| g.diagram())
}

/// The scene of a record at `ply` (default: the end), for `arbiter
/// render`: as its viewer saw it. A seat's record shows that seat's own
/// secrets (it was made for that seat); the full record, like a
/// spectator's, shows only what everyone may see.
pub fn scene(
    game: &str,
    record: &Record,
    ply: Option<usize>,
) -> Result<arbiter_core::Scene, String> {
    let seat = record.viewer.seat();
    at_entry(game, record, ply, |g| g.scene(seat))
}

/// `draw` of the game replayed to entry `ply` (default: the end).
fn at_entry<T>(
    game: &str,
    record: &Record,
    ply: Option<usize>,
    draw: impl Fn(&dyn arbiter_server::adapter::LiveGame) -> T,
) -> Result<T, String> {
    check_game(record, game)?;
    let n = ply.unwrap_or(record.entries.len());
    if n > record.entries.len() {
        return Err(format!(
            "--ply {n}: the record has {} entries",
            record.entries.len()
        ));
    }
    let mut picture = None;
    let result = replay(record, |k, g| {
        if k == n {
            picture = Some(draw(g));
        }
    });
    match (picture, result) {
        (Some(p), _) => Ok(p),
        (None, Err(e)) => Err(e.to_string()),
        (None, Ok(_)) => Err(format!("entry {n} was not reached")),
    }
}

/// What `verify`, and `replay` of any game but Knight Control (whose
/// referee records are another kind), say of a file that is no server
/// record: a `match --out` record, say.
pub fn not_a_record(path: &Path) -> String {
    format!(
        "{} is not a game record of this format (docs/records.md)",
        path.display()
    )
}

/// `arbiter verify RECORD`: what was checked, or the first wrong entry.
pub fn run_verify(path: &Path) -> Result<String, String> {
    let record = load(path)?.ok_or_else(|| not_a_record(path))?;
    let verified = verify(&record).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = format!(
        "{}: the seed matches the commitment; the start and {} of {} entries give the \
         positions the record states, every draw following from the seed\n",
        path.display(),
        verified.checked,
        record.entries.len()
    );
    if let Some(n) = verified.sealed_at {
        out.push_str(&format!(
            "entry {n} is sealed for this record's viewer ({}): the entries from it on can be \
             checked only from the full record (`arbiter export`)\n",
            record.viewer.words()
        ));
    }
    Ok(out)
}

/// `arbiter export --db URL GAME_ID`: the full record, every entry in
/// full, straight from the database (for the server's operator).
pub fn export(db: &str, id: &str, text: bool) -> Result<String, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let store = arbiter_server::Store::open(db)
            .await
            .map_err(|e| format!("opening {db}: {e}"))?;
        let record = arbiter_server::host::full_record(&store, id)
            .await
            .map_err(|e| e.to_string())?;
        Ok(if text {
            record.to_text()
        } else {
            record.to_json() + "\n"
        })
    })
}
