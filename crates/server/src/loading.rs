//! One loader per game: building a game's actor from the database (its
//! record, lease and log), or handing back the lease of one the sweep
//! dropped, happens under that game's own lock, never under the lock of
//! the whole cache. A slow database answer for one game so holds up that
//! game only, not every request the instance serves (the long fault test
//! found a request left waiting 15 s behind other games' loads).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::OwnedMutexGuard;

/// The games being loaded or dropped just now, each with its lock.
#[derive(Default)]
pub(crate) struct Loading {
    slots: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// Held while one game is loaded or dropped; the slot is forgotten when
/// its last holder or waiter lets go.
pub(crate) struct LoadSlot<'a> {
    loading: &'a Loading,
    id: String,
    guard: Option<OwnedMutexGuard<()>>,
}

impl Loading {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<tokio::sync::Mutex<()>>>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until no one else loads or drops game `id`, then holds it.
    pub(crate) async fn hold(&self, id: &str) -> LoadSlot<'_> {
        // Cloned under the map's lock, so a count of one (the map's own)
        // means nobody holds or waits for the slot.
        let slot = self.map().entry(id.to_string()).or_default().clone();
        let guard = slot.lock_owned().await;
        LoadSlot {
            loading: self,
            id: id.to_string(),
            guard: Some(guard),
        }
    }

    /// How many games have a slot now (tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.map().len()
    }
}

impl Drop for LoadSlot<'_> {
    fn drop(&mut self) {
        let mut map = self.loading.map();
        drop(self.guard.take());
        if map.get(&self.id).is_some_and(|s| Arc::strong_count(s) == 1) {
            map.remove(&self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Loading;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[tokio::test]
    async fn one_game_is_held_by_one_loader_at_a_time_and_others_wait_for_it_only() {
        let loading = Arc::new(Loading::default());
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let (loading, inside, most) = (loading.clone(), inside.clone(), most.clone());
            tasks.push(tokio::spawn(async move {
                let _slot = loading.hold("a").await;
                let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(2)).await;
                inside.fetch_sub(1, Ordering::SeqCst);
            }));
        }
        // Another game is not held up by the eight loaders of "a".
        let other = tokio::time::timeout(Duration::from_millis(5), loading.hold("b")).await;
        assert!(other.is_ok(), "game b waited for game a");
        drop(other);
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(
            most.load(Ordering::SeqCst),
            1,
            "two loaders of one game at once"
        );
        assert_eq!(loading.len(), 0, "a slot outlived its holders");
    }
}
