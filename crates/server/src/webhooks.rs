//! Chat webhooks (docs/webhooks.md): a game's host gives it webhook URLs,
//! and Arbiter posts there when a turn is made or a round resolves, when a
//! deadline is near, and when the game ends.
//!
//! Deliveries run off the game's path. The game's actor hands each change
//! to [`Webhooks::notify`], which never waits: every webhook has its own
//! task and a bounded queue, and a full queue drops the notice (the next
//! message says how many were dropped) instead of holding up play. A task
//! posts one message at a time and retries a failure with backoff, so a
//! slow or dead receiver delays only its own messages. Everything posted
//! is public: the spectators' history, picture, deadline and result.

mod address;
mod courier;
mod http;
mod notice;
mod payload;
mod trial;

use courier::Courier;

pub use address::{Names, Reach};
pub use http::{retry_after, Target};
pub use notice::Notice;
pub use payload::{Message, Style};
pub use trial::{Sample, TEST_GAP};

use crate::clock::Clock;
use crate::error::{ApiError, ApiResult};
use crate::storage::{Store, StoredDelivery, StoredWebhook};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::mpsc;

/// How many notices wait for a webhook before new ones are dropped.
const QUEUE: usize = 256;
/// The longest wait between two attempts at one message.
const MAX_BACKOFF: Duration = Duration::from_secs(5 * 60);
/// The most webhooks one game may have.
pub const MAX_HOOKS: usize = 8;

/// How deliveries are retried.
#[derive(Clone, Copy, Debug)]
pub struct Retry {
    /// Tries per message, the first included.
    pub attempts: u32,
    /// The wait after the first failure; each later one doubles it.
    pub backoff: Duration,
    /// How long one attempt may take.
    pub timeout: Duration,
    /// The pace of messages to one webhook URL (shared by every table that
    /// posts to it): `burst` at once, then one per `gap` (a token bucket).
    /// While a webhook is at its pace, what comes (bots moving fast, a
    /// Tilechess table all moving at once) goes out together in the next
    /// message. Discord takes 5 messages in 2 s from
    /// a webhook and some 30 a minute in a channel, Slack about one a
    /// second. A zero gap sets no pace: each notice is its own message.
    pub gap: Duration,
    pub burst: u32,
}

impl Default for Retry {
    fn default() -> Retry {
        Retry {
            attempts: 6,
            backoff: Duration::from_secs(2),
            timeout: Duration::from_secs(10),
            gap: Duration::from_secs(2),
            burst: 5,
        }
    }
}

struct Hook {
    stored: StoredWebhook,
    target: Target,
    style: Style,
    queue: mpsc::Sender<Arc<Notice>>,
    waiting: AtomicU64,
    dropped: AtomicU64,
    /// The delivery record, shown to the host only, and stored after each
    /// change so that it survives a restart (with the message being
    /// retried, which a restarted server sends again).
    delivery: Mutex<StoredDelivery>,
    /// When the host last sent this webhook a test message.
    last_test: Mutex<Option<tokio::time::Instant>>,
}

impl Hook {
    fn state(&self) -> Value {
        let d = self.delivery();
        json!({
            "hook": self.stored.hook,
            "url": self.stored.url,
            "style": self.style.name(),
            "deadline_lead_secs": self.stored.lead_secs,
            "delivered": d.delivered,
            "failed": d.failed,
            "last_delivery_ms": d.last_delivery_ms,
            "last_error": d.last_error,
            "last_error_ms": d.last_error_ms,
            "attempts": d.attempts,
            "retrying": d.pending.is_some(),
            "waiting": self.waiting.load(Ordering::Relaxed),
            "dropped": self.dropped.load(Ordering::Relaxed),
        })
    }

    /// The delivery record as it stands.
    fn delivery(&self) -> StoredDelivery {
        self.delivery.lock().map(|d| d.clone()).unwrap_or_default()
    }

    /// Shows `d` as the delivery record (after it was stored).
    fn show(&self, d: StoredDelivery) {
        if let Ok(mut shown) = self.delivery.lock() {
            *shown = d;
        }
    }
}

/// Every game's webhooks, loaded from the store when a game is first
/// opened; shared by the routes and the game actors.
#[derive(Clone)]
pub struct Webhooks {
    inner: Arc<Inner>,
}

struct Inner {
    /// Game id -> its webhooks (a loaded game with none has an empty list).
    games: Mutex<HashMap<String, Vec<Arc<Hook>>>>,
    clock: Clock,
    retry: Retry,
    /// The server's public address: links and Slack's picture URL need it.
    public_url: Option<String>,
    /// Whether webhooks may post to loopback and private addresses
    /// (`--allow-private-webhooks`), and how names are found ([`address`]).
    reach: Reach,
    /// Where delivery states are kept.
    store: Store,
    /// Each webhook URL's pace, shared by every table posting to it (held
    /// weakly: a URL no webhook uses any more is forgotten).
    buckets: Mutex<HashMap<String, Weak<Mutex<courier::Bucket>>>>,
}

/// A webhook as the host gives it.
pub struct NewHook<'a> {
    pub url: &'a str,
    pub style: Option<&'a str>,
    pub deadline_lead_secs: Option<u64>,
}

impl NewHook<'_> {
    /// Checks the URL (and the address written in it: `allow_private`),
    /// the style (given, or known from the URL's host) and the lead time;
    /// returns the style.
    pub fn check(&self, allow_private: bool) -> Result<Style, String> {
        let target = Target::parse(self.url)?;
        target.check_address(allow_private)?;
        if let Some(lead) = self.deadline_lead_secs {
            if !(1..=crate::host::MAX_DEADLINE_SECS).contains(&lead) {
                return Err("a webhook's deadline_lead_secs is 1 to 604800 (a week)".into());
            }
        }
        match self.style {
            Some(name) => Style::parse(name),
            None => Style::of_host(&target.host()).ok_or_else(|| {
                "say which shape this webhook takes: \"style\": \"discord\" or \"slack\"".into()
            }),
        }
    }
}

impl Webhooks {
    pub fn new(
        store: Store,
        clock: Clock,
        retry: Retry,
        public_url: Option<String>,
        reach: Reach,
    ) -> Webhooks {
        Webhooks {
            inner: Arc::new(Inner {
                games: Mutex::new(HashMap::new()),
                clock,
                retry,
                public_url,
                reach,
                store,
                buckets: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// The pace of messages to `url`, shared by every webhook posting to it.
    fn bucket(&self, url: &str) -> Arc<Mutex<courier::Bucket>> {
        let mut buckets = (self.inner.buckets.lock()).unwrap_or_else(|p| p.into_inner());
        if let Some(bucket) = buckets.get(url).and_then(Weak::upgrade) {
            return bucket;
        }
        buckets.retain(|_, b| b.strong_count() > 0);
        let bucket = Arc::new(Mutex::new(courier::Bucket::default()));
        buckets.insert(url.to_string(), Arc::downgrade(&bucket));
        bucket
    }

    /// Whether webhooks may post to loopback and private addresses.
    pub fn allow_private(&self) -> bool {
        self.inner.reach.allow_private
    }

    /// Resolves a new webhook's host name and refuses one that names a
    /// forbidden address; a name that does not resolve now is let be (its
    /// deliveries will say so).
    pub async fn check_resolved(&self, url: &str) -> Result<(), String> {
        let target = Target::parse(url)?;
        match target.resolve(&self.inner.reach).await {
            Err(e) if e.contains("--allow-private-webhooks") => Err(e),
            _ => Ok(()),
        }
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Arc<Hook>>>> {
        self.inner
            .games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Loads a game's webhooks from the store and starts their tasks,
    /// unless they are loaded already.
    pub async fn load(&self, game_id: &str) -> ApiResult<()> {
        if self.games().contains_key(game_id) {
            return Ok(());
        }
        let stored = self.inner.store.webhooks(game_id).await?;
        let hooks = stored
            .into_iter()
            .filter_map(|s| match self.start(game_id, s) {
                Ok(hook) => Some(hook),
                Err(e) => {
                    tracing::error!("game {game_id}: a stored webhook is unusable: {e}");
                    None
                }
            })
            .collect();
        self.games().entry(game_id.to_string()).or_insert(hooks);
        Ok(())
    }

    /// Adds a checked webhook (already stored under `stored.hook`).
    pub fn add(&self, game_id: &str, stored: StoredWebhook) -> ApiResult<()> {
        let hook = self.start(game_id, stored).map_err(ApiError::BadRequest)?;
        self.games()
            .entry(game_id.to_string())
            .or_default()
            .push(hook);
        Ok(())
    }

    /// Stops webhook `hook` of a game (a message under way finishes).
    pub fn remove(&self, game_id: &str, hook: i64) {
        if let Some(hooks) = self.games().get_mut(game_id) {
            hooks.retain(|h| h.stored.hook != hook);
        }
    }

    /// How many webhooks a loaded game has.
    pub fn count(&self, game_id: &str) -> usize {
        self.games().get(game_id).map_or(0, Vec::len)
    }

    /// The number of the game's webhook that posts to `url`, if one does.
    pub fn posting_to(&self, game_id: &str, url: &str) -> Option<i64> {
        self.games()
            .get(game_id)?
            .iter()
            .find(|h| h.stored.url == url)
            .map(|h| h.stored.hook)
    }

    /// Every webhook of a game with its delivery state: for the host only.
    pub fn states(&self, game_id: &str) -> Vec<Value> {
        self.games()
            .get(game_id)
            .map(|hooks| hooks.iter().map(|h| h.state()).collect())
            .unwrap_or_default()
    }

    /// Hands a change to each of the game's webhooks; never waits. The
    /// notice is built only if the game has any.
    pub fn notify(&self, game_id: &str, notice: impl FnOnce() -> Notice) {
        let hooks = match self.games().get(game_id) {
            Some(hooks) if !hooks.is_empty() => hooks.clone(),
            _ => return,
        };
        let notice = Arc::new(notice());
        for hook in hooks {
            match hook.queue.try_send(notice.clone()) {
                Ok(()) => {
                    hook.waiting.fetch_add(1, Ordering::Relaxed);
                }
                Err(_) => {
                    hook.dropped.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }

    fn start(&self, game_id: &str, stored: StoredWebhook) -> Result<Arc<Hook>, String> {
        let target = Target::parse(&stored.url)?;
        let style = Style::parse(&stored.style)?;
        let (queue, rx) = mpsc::channel(QUEUE);
        let delivery = Mutex::new(stored.delivery.clone());
        let hook = Arc::new(Hook {
            stored,
            target,
            style,
            queue,
            waiting: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            delivery,
            last_test: Mutex::new(None),
        });
        let courier = Courier {
            game_id: game_id.to_string(),
            hook: Arc::downgrade(&hook),
            clock: self.inner.clock.clone(),
            retry: self.inner.retry,
            public_url: self.inner.public_url.clone(),
            reach: self.inner.reach.clone(),
            store: self.inner.store.clone(),
            bucket: self.bucket(&hook.stored.url),
        };
        tokio::spawn(courier.run(rx));
        Ok(hook)
    }
}

/// "45 s", "3 min", "2 h 5 min".
fn duration_words(ms: i64) -> String {
    let secs = (ms + 999) / 1000;
    if secs <= 90 {
        format!("{secs} s")
    } else if secs < 5400 {
        format!("{} min", (secs + 30) / 60)
    } else {
        format!("{} h {} min", secs / 3600, (secs % 3600) / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration_words(45_000), "45 s");
        assert_eq!(duration_words(44_001), "45 s");
        assert_eq!(duration_words(180_000), "3 min");
        assert_eq!(duration_words(7_500_000), "2 h 5 min");
    }

    #[test]
    fn a_new_hook_needs_a_known_shape() {
        let hook = |url, style| {
            Checked(NewHook {
                url,
                style,
                deadline_lead_secs: None,
            })
        };
        assert_eq!(
            hook("https://discord.com/api/webhooks/1/x", None).check(),
            Ok(Style::Discord)
        );
        assert_eq!(
            hook("https://hooks.slack.com/services/T/B/x", None).check(),
            Ok(Style::Slack)
        );
        assert_eq!(
            hook("http://127.0.0.1:9/x", Some("slack")).check(),
            Ok(Style::Slack)
        );
        assert!(hook("http://127.0.0.1:9/x", None)
            .check()
            .unwrap_err()
            .contains("style"));
        assert!(hook("http://127.0.0.1:9/x", Some("teams")).is_err_style());
    }

    /// A new hook checked on a server that allows private addresses.
    struct Checked<'a>(NewHook<'a>);

    impl Checked<'_> {
        fn check(&self) -> Result<Style, String> {
            self.0.check(true)
        }
        fn is_err_style(&self) -> bool {
            self.check().is_err_and(|e| e.contains("'teams'"))
        }
    }

    #[test]
    fn a_private_address_is_refused_unless_allowed() {
        let hook = NewHook {
            url: "http://10.0.0.5/hook",
            style: Some("slack"),
            deadline_lead_secs: None,
        };
        let e = hook.check(false).unwrap_err();
        assert!(
            e.contains("private") && e.contains("--allow-private-webhooks"),
            "{e}"
        );
        assert!(!e.contains("10.0.0.5"), "the URL is a secret: {e}");
        assert_eq!(hook.check(true), Ok(Style::Slack));
    }
}
