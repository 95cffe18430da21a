//! `arbiter doctor`: checks a database without serving it. Its schema
//! version against the migrations this server knows, then every stored
//! game replayed twice from its log through the same path as a restart:
//! each replay must take every event, and both must agree on every view.

use crate::host::{self, Replayed};
use crate::storage::Store;

/// What the check found.
#[derive(Debug, Default)]
pub struct Report {
    /// The schema version found, and the newest this server knows.
    pub schema: (i64, i64),
    /// Whether the check migrated the schema first (`--migrate`).
    pub migrated: bool,
    /// One line per game that replayed cleanly.
    pub healthy: Vec<String>,
    /// One line per game that did not: its id and what is wrong.
    pub broken: Vec<String>,
}

impl Report {
    /// Healthy: the schema is current and every game replays.
    pub fn ok(&self) -> bool {
        self.schema.0 == self.schema.1 && self.broken.is_empty()
    }
}

/// Checks the database at `url`. With `migrate`, an old schema is first
/// brought up to date (as `arbiter serve` would); without it, an old schema
/// is reported and no game is replayed, since its log may be in an older
/// shape. Errors only when the database cannot be opened or read at all.
pub async fn check(url: &str, migrate: bool) -> Result<Report, String> {
    let store = Store::connect(url).await.map_err(|e| e.to_string())?;
    let mut report = Report {
        schema: store.schema().await.map_err(|e| e.to_string())?,
        ..Report::default()
    };
    if report.schema.0 > report.schema.1 {
        return Ok(report); // written by a newer server: read nothing
    }
    if report.schema.0 < report.schema.1 {
        if !migrate {
            return Ok(report);
        }
        store.migrate().await.map_err(|e| e.to_string())?;
        report.migrated = true;
        report.schema = store.schema().await.map_err(|e| e.to_string())?;
    }
    for id in store.game_ids().await.map_err(|e| e.to_string())? {
        match check_game(&store, &id).await {
            Ok(line) => report.healthy.push(format!("{id}: {line}")),
            Err(wrong) => report.broken.push(format!("{id}: {wrong}")),
        }
    }
    Ok(report)
}

async fn check_game(store: &Store, id: &str) -> Result<String, String> {
    let record =
        (store.game(id).await.map_err(|e| e.to_string())?).ok_or("listed but not found")?;
    let events = store.events(id).await.map_err(|e| e.to_string())?;
    let first = host::replay(&record, &events)?;
    let second = host::replay(&record, &events)?;
    if first != second {
        return Err("two replays of the same log disagree".into());
    }
    Ok(describe(&record.kind, &first))
}

fn describe(kind: &str, replayed: &Replayed) -> String {
    let end = match &replayed.outcome {
        Some(outcome) => format!(", {outcome}"),
        None => String::new(),
    };
    format!(
        "{kind}, {} events, {}{end}",
        replayed.events, replayed.status
    )
}
