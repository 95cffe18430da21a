//! This instance's leases: which games it owns, and until when by its own
//! count (docs/instances.md#3-ownership-one-actor-per-game-across-all-instances).
//!
//! Only an instance started with an advertised address (`--advertise`,
//! several instances on one PostgreSQL) takes leases; a lone instance
//! (SQLite, or PostgreSQL without it) has none and owns every game.
//!
//! Each lease is counted from the time its take or renewal was *sent*,
//! not answered, so this instance stops writing a game before any other
//! instance may take it, however slow the database was to answer.

use crate::error::{ApiError, ApiResult};
use crate::storage::{Lease, Store};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The default lease length; each owner renews every three tenths of it.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// One held lease: until when (unix ms, by this instance's count) and
/// which take it was (an actor built on an older take has lost it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    until_ms: i64,
    epoch: u64,
}

/// This instance's identity and the leases it holds.
#[derive(Debug)]
pub struct Owners {
    /// A fresh random id per process: a restarted instance is a new owner.
    pub id: String,
    /// Where the other instances reach this one (`http://10.0.0.2:8080`).
    pub address: String,
    pub lease: Duration,
    held: Mutex<HashMap<String, Held>>,
    epochs: AtomicU64,
    /// Set when this instance stops (tests stop one as `kill -9` would):
    /// nothing is renewed or written any more.
    halted: AtomicBool,
}

/// What a lease check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// This instance holds the game (from take `epoch` on).
    Me { epoch: u64, fresh: bool },
    /// Another instance holds a lease that has not expired.
    Other(Lease),
}

/// An actor's claim to write its game: the owners and its take.
#[derive(Clone, Debug)]
pub struct Claim {
    pub owners: std::sync::Arc<Owners>,
    pub epoch: u64,
}

impl Claim {
    /// Whether the actor may still append: its take is the current one and
    /// has not run out by this instance's count.
    pub fn may_write(&self, game: &str) -> bool {
        self.owners.holds(game, self.epoch)
    }

    /// Whether its take was replaced or dropped: the actor should stop.
    pub fn lost(&self, game: &str) -> bool {
        self.owners.epoch(game) != Some(self.epoch)
    }
}

impl Owners {
    pub fn new(address: String, lease: Duration) -> ApiResult<Owners> {
        let id = crate::token::fresh().map_err(ApiError::Internal)?[..16].to_string();
        Ok(Owners {
            id,
            address,
            lease: lease.max(Duration::from_millis(300)),
            held: Mutex::new(HashMap::new()),
            epochs: AtomicU64::new(1),
            halted: AtomicBool::new(false),
        })
    }

    fn lease_ms(&self) -> i64 {
        self.lease.as_millis() as i64
    }

    /// How often the leases are renewed.
    pub fn renew_every(&self) -> Duration {
        self.lease * 3 / 10
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Held>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether take `epoch` of `game` is current and still valid now.
    pub fn holds(&self, game: &str, epoch: u64) -> bool {
        !self.halted.load(Ordering::SeqCst)
            && self
                .map()
                .get(game)
                .is_some_and(|h| h.epoch == epoch && h.until_ms > crate::clock::system_ms())
    }

    /// The current take of `game`, valid or not.
    pub fn epoch(&self, game: &str) -> Option<u64> {
        self.map().get(game).map(|h| h.epoch)
    }

    /// The current take of `game` if it is still valid now.
    pub fn valid(&self, game: &str) -> Option<u64> {
        let now = crate::clock::system_ms();
        if self.halted.load(Ordering::SeqCst) {
            return None;
        }
        self.map()
            .get(game)
            .filter(|h| h.until_ms > now)
            .map(|h| h.epoch)
    }

    /// Makes sure this instance owns `game`: the valid lease it holds, or
    /// a lease taken now (free, expired, or already ours in the database).
    /// A take made now is `fresh`: the caller builds the game anew from
    /// the log, since another owner may have written meanwhile.
    pub async fn acquire(&self, store: &Store, game: &str) -> ApiResult<Owner> {
        if self.halted.load(Ordering::SeqCst) {
            return Err(ApiError::Unavailable(
                "this instance is stopping; try again".into(),
            ));
        }
        if let Some(epoch) = self.valid(game) {
            return Ok(Owner::Me {
                epoch,
                fresh: false,
            });
        }
        let sent = crate::clock::system_ms();
        let lease = store
            .take_lease(game, &self.id, &self.address, sent, sent + self.lease_ms())
            .await?;
        if lease.owner != self.id {
            return Ok(Owner::Other(lease));
        }
        let epoch = self.epochs.fetch_add(1, Ordering::SeqCst);
        self.map().insert(
            game.to_string(),
            Held {
                until_ms: sent + self.lease_ms(),
                epoch,
            },
        );
        Ok(Owner::Me { epoch, fresh: true })
    }

    /// Renews every lease in one statement. Returns the games whose lease
    /// was lost (taken over, or released meanwhile): their actors stop.
    /// If the database does not answer nothing changes here, and each
    /// lease runs out by its own count.
    pub async fn renew(&self, store: &Store) -> ApiResult<Vec<String>> {
        if self.halted.load(Ordering::SeqCst) {
            return Ok(Vec::new());
        }
        let sent = crate::clock::system_ms();
        let kept = store.renew_leases(&self.id, sent + self.lease_ms()).await?;
        let mut map = self.map();
        let lost: Vec<String> = map
            .keys()
            .filter(|id| kept.binary_search(id).is_err())
            .cloned()
            .collect();
        for id in &lost {
            map.remove(id);
        }
        for id in &kept {
            if let Some(held) = map.get_mut(id) {
                held.until_ms = sent + self.lease_ms();
            }
        }
        Ok(lost)
    }

    /// Forgets `game` (its lease was found taken by another instance).
    pub fn forget(&self, game: &str) {
        self.map().remove(game);
    }

    /// Gives up the lease of `game` (its actor left the memory cache).
    pub async fn release(&self, store: &Store, game: &str) {
        self.forget(game);
        if let Err(e) = store.release_lease(game, &self.id).await {
            tracing::warn!("releasing the lease of game {game}: {e}");
        }
    }

    /// Stops this instance's ownership as `kill -9` would (tests): nothing
    /// is renewed or released, and no actor of it writes again.
    pub fn halt(&self) {
        self.halted.store(true, Ordering::SeqCst);
    }

    pub fn halted(&self) -> bool {
        self.halted.load(Ordering::SeqCst)
    }

    /// Hands every lease back as expired (a clean shutdown), so another
    /// instance adopts the games at once instead of after the expiry.
    pub async fn hand_back(&self, store: &Store) {
        self.halt();
        self.map().clear();
        if let Err(e) = store.expire_leases(&self.id).await {
            tracing::warn!("handing back the leases: {e}");
        }
    }
}

/// Checks an advertised address: `http://host:port`, with nothing after
/// the port (requests are passed on with their own path).
pub fn check_address(url: &str) -> Result<(), String> {
    let uri: axum::http::Uri = url
        .parse()
        .map_err(|_| format!("--advertise '{url}' is not a URL"))?;
    if uri.scheme_str() != Some("http") || uri.host().is_none_or(str::is_empty) {
        return Err(format!(
            "--advertise '{url}' must be http://host:port (the instances talk plain HTTP \
             on the internal network)"
        ));
    }
    if uri.path_and_query().is_some_and(|p| p.as_str() != "/") {
        return Err(format!("--advertise '{url}' must have no path"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_address;

    #[test]
    fn an_advertised_address_is_plain_http_with_a_host_and_no_path() {
        assert!(check_address("http://10.0.0.2:8080").is_ok());
        assert!(check_address("http://node-2:8080/").is_ok());
        for bad in [
            "https://10.0.0.2",
            "10.0.0.2:8080",
            "http://h:1/api",
            "ftp://h",
            "",
        ] {
            assert!(check_address(bad).is_err(), "{bad}");
        }
    }
}
