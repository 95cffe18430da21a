//! Game leases between instances (docs/instances.md, section 3), on a fresh
//! SQLite file and, under `scripts/with-postgres`, on PostgreSQL: one
//! holder at a time, renewal, takeover only after expiry, release, and of
//! many instances asking at once exactly one is granted.

mod common;

use arbiter_server::storage::{GameRecord, Lease};
use arbiter_server::Store;
use common::*;

fn record(id: &str) -> GameRecord {
    stored_game(id, vec![[1; 32], [2; 32]], 0)
}

fn lease(owner: &str, expires_ms: i64) -> Lease {
    Lease {
        owner: owner.into(),
        address: format!("http://{owner}"),
        expires_ms,
    }
}

#[tokio::test]
async fn one_holder_at_a_time_and_takeover_only_after_expiry() {
    for (url, _db) in backends("leases").await {
        let store = Store::open(&url).await.unwrap();
        store.insert_game(&record("g")).await.unwrap();
        store.insert_game(&record("h")).await.unwrap();
        assert_eq!(store.lease("g").await.unwrap(), None);
        let take = |owner: &'static str, now: i64, until: i64| {
            let store = store.clone();
            async move {
                let address = format!("http://{owner}");
                store
                    .take_lease("g", owner, &address, now, until)
                    .await
                    .unwrap()
            }
        };
        // A free game goes to the first to ask.
        assert_eq!(take("a", 1_000, 11_000).await, lease("a", 11_000), "{url}");
        // Another instance is told who holds it, until when, and where.
        assert_eq!(take("b", 5_000, 15_000).await, lease("a", 11_000));
        // At the very moment of expiry it is still held.
        assert_eq!(take("b", 11_000, 21_000).await, lease("a", 11_000));
        // The holder renews it, alone or with all its leases at once.
        assert_eq!(take("a", 9_000, 19_000).await, lease("a", 19_000));
        store
            .take_lease("h", "a", "http://a", 9_000, 19_000)
            .await
            .unwrap();
        assert_eq!(store.renew_leases("a", 25_000).await.unwrap(), ["g", "h"]);
        assert_eq!(store.lease("h").await.unwrap(), Some(lease("a", 25_000)));
        // Expired: the next instance takes it over.
        assert_eq!(take("b", 25_001, 35_001).await, lease("b", 35_001), "{url}");
        // The old holder's renewal no longer covers it, and its release
        // leaves the new holder's lease alone.
        assert_eq!(store.renew_leases("a", 40_000).await.unwrap(), ["h"]);
        store.release_lease("g", "a").await.unwrap();
        assert_eq!(store.lease("g").await.unwrap(), Some(lease("b", 35_001)));
        // A release frees the game at once.
        store.release_lease("g", "b").await.unwrap();
        assert_eq!(store.lease("g").await.unwrap(), None);
        assert_eq!(take("c", 26_000, 36_000).await, lease("c", 36_000));
    }
}

/// Ten instances (on their own pools) ask for each of 10 free games at
/// once: each game is granted to exactly one, and all ten agree which.
#[tokio::test]
async fn instances_starting_at_once_get_one_owner_per_game() {
    for (url, _db) in backends("lease_race").await {
        let first = Store::open(&url).await.unwrap();
        let mut stores = vec![first.clone()];
        for _ in 1..4 {
            stores.push(Store::connect(&url).await.unwrap());
        }
        for game in 0..10 {
            let id = format!("g{game}");
            first.insert_game(&record(&id)).await.unwrap();
            let asks = (0..10).map(|k| {
                let store = stores[k % stores.len()].clone();
                let id = id.clone();
                async move {
                    let me = format!("i{k}");
                    let got = store
                        .take_lease(&id, &me, "http://x", 1_000, 11_000)
                        .await
                        .unwrap();
                    (me, got.owner)
                }
            });
            let answers = futures_util::future::join_all(asks).await;
            let granted: Vec<_> = answers.iter().filter(|(me, owner)| me == owner).collect();
            assert_eq!(granted.len(), 1, "{url}: {id}: {answers:?}");
            assert!(answers.iter().all(|(_, owner)| owner == &granted[0].0));
        }
    }
}
