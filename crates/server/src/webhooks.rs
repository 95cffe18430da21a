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
mod http;
mod payload;

pub use http::Target;
pub use payload::{Message, Style};

use crate::clock::Clock;
use crate::error::{ApiError, ApiResult};
use crate::storage::{Store, StoredDelivery, StoredWebhook};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, OnceCell};

/// How many notices wait for a webhook before new ones are dropped.
const QUEUE: usize = 256;
/// The longest wait between two attempts at one message.
const MAX_BACKOFF: Duration = Duration::from_secs(5 * 60);
/// The most history entries one message lists.
const MAX_LINES: usize = 10;
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
}

impl Default for Retry {
    fn default() -> Retry {
        Retry {
            attempts: 6,
            backoff: Duration::from_secs(2),
            timeout: Duration::from_secs(10),
        }
    }
}

/// What a game's actor hands over after a change; all of it public.
pub struct Notice {
    /// "Knight Moves, table ab12".
    pub title: String,
    /// The public history entries since the last notice, as text.
    pub lines: Vec<String>,
    /// The result, when this change ended the game.
    pub ended: Option<String>,
    /// Who is to act now (public), as "P1" labels.
    pub to_act: Vec<String>,
    /// The current deadline (unix ms), if any.
    pub deadline_ms: Option<i64>,
    /// The public history's length: the picture's `?ply=`.
    pub ply: usize,
    /// The spectators' board picture as SVG.
    pub svg: String,
    /// The PNG, rendered once by the first webhook that needs it.
    png: OnceCell<Arc<Vec<u8>>>,
}

impl Notice {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        title: String,
        lines: Vec<String>,
        ended: Option<String>,
        to_act: Vec<String>,
        deadline_ms: Option<i64>,
        ply: usize,
        svg: String,
    ) -> Notice {
        Notice {
            title,
            lines,
            ended,
            to_act,
            deadline_ms,
            ply,
            svg,
            png: OnceCell::new(),
        }
    }

    /// Whether this notice is worth a message (else it only moves the
    /// deadline reminder).
    fn says_something(&self) -> bool {
        !self.lines.is_empty() || self.ended.is_some()
    }

    async fn png(&self) -> Arc<Vec<u8>> {
        self.png
            .get_or_init(|| async {
                let svg = self.svg.clone();
                let png = tokio::task::spawn_blocking(move || crate::pictures::png(&svg))
                    .await
                    .map_err(|e| e.to_string())
                    .and_then(|r| r);
                Arc::new(png.unwrap_or_else(|e| {
                    tracing::error!("webhook picture: {e}");
                    Vec::new()
                }))
            })
            .await
            .clone()
    }

    /// The message text: what happened and who is next.
    fn turn_text(&self) -> String {
        let mut text: Vec<String> = self.lines.iter().take(MAX_LINES).cloned().collect();
        if self.lines.len() > MAX_LINES {
            text.push(format!("… and {} more", self.lines.len() - MAX_LINES));
        }
        match &self.ended {
            Some(result) => text.push(format!("Game over: {result}")),
            None if !self.to_act.is_empty() => {
                text.push(format!("To act: {}", self.to_act.join(", ")))
            }
            None => {}
        }
        text.join("\n")
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
    /// (`--allow-private-webhooks`; [`address`]).
    allow_private: bool,
    /// Where delivery states are kept.
    store: Store,
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
        allow_private: bool,
    ) -> Webhooks {
        Webhooks {
            inner: Arc::new(Inner {
                games: Mutex::new(HashMap::new()),
                clock,
                retry,
                public_url,
                allow_private,
                store,
            }),
        }
    }

    /// Whether webhooks may post to loopback and private addresses.
    pub fn allow_private(&self) -> bool {
        self.inner.allow_private
    }

    /// Resolves a new webhook's host name and refuses one that names a
    /// forbidden address; a name that does not resolve now is let be (its
    /// deliveries will say so).
    pub async fn check_resolved(&self, url: &str) -> Result<(), String> {
        let target = Target::parse(url)?;
        match target.resolve(self.inner.allow_private).await {
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
        });
        let courier = Courier {
            game_id: game_id.to_string(),
            hook: Arc::downgrade(&hook),
            clock: self.inner.clock.clone(),
            retry: self.inner.retry,
            public_url: self.inner.public_url.clone(),
            allow_private: self.inner.allow_private,
            store: self.inner.store.clone(),
        };
        tokio::spawn(courier.run(rx));
        Ok(hook)
    }
}

/// One webhook's delivery task. It holds its hook weakly: a removed hook's
/// task ends with its queue.
struct Courier {
    game_id: String,
    hook: std::sync::Weak<Hook>,
    clock: Clock,
    retry: Retry,
    public_url: Option<String>,
    allow_private: bool,
    store: Store,
}

impl Courier {
    async fn run(self, mut rx: mpsc::Receiver<Arc<Notice>>) {
        // A message a stopped server was retrying goes first, its attempts
        // counted on.
        if let Some(hook) = self.hook.upgrade() {
            let left = hook.delivery();
            if let Some((kind, body)) = left.pending {
                let from = (left.attempts as u32).saturating_add(1);
                self.post(&hook, &kind, body, from).await;
            }
        }
        let mut latest: Option<Arc<Notice>> = None;
        // The deadline a reminder is armed for, and the last one reminded.
        let mut armed: Option<i64> = None;
        let mut reminded: Option<i64> = None;
        loop {
            let lead_ms = self
                .hook
                .upgrade()
                .and_then(|h| h.stored.lead_secs)
                .map(|s| s * 1000);
            let wait = match (armed, lead_ms) {
                (Some(deadline), Some(lead)) => Some(Duration::from_millis(
                    (deadline - lead - self.clock.now_ms()).max(0) as u64,
                )),
                _ => None,
            };
            tokio::select! {
                notice = rx.recv() => {
                    let Some(notice) = notice else { return };
                    let Some(hook) = self.hook.upgrade() else { return };
                    hook.waiting.fetch_sub(1, Ordering::Relaxed);
                    armed = notice.deadline_ms.filter(|&d| reminded != Some(d));
                    latest = Some(notice.clone());
                    if notice.says_something() {
                        let message = self.message(&notice, notice.turn_text());
                        self.deliver(&hook, message, &notice).await;
                    }
                }
                _ = sleep_for(wait), if wait.is_some() => {
                    let (Some(deadline), Some(notice)) = (armed.take(), latest.clone()) else {
                        continue;
                    };
                    reminded = Some(deadline);
                    let left_ms = deadline - self.clock.now_ms();
                    let Some(hook) = self.hook.upgrade() else { return };
                    if left_ms <= 0 || notice.to_act.is_empty() {
                        continue;
                    }
                    let text = format!(
                        "Deadline near: {} to act within {}",
                        notice.to_act.join(", "),
                        duration_words(left_ms)
                    );
                    let message = self.message(&notice, text);
                    self.deliver(&hook, message, &notice).await;
                }
            }
        }
    }

    fn message(&self, notice: &Notice, text: String) -> Message {
        let base = self.public_url.as_deref();
        Message {
            title: notice.title.clone(),
            text,
            link: base.map(|b| format!("{b}/table/{}", self.game_id)),
            image_url: base.map(|b| {
                format!(
                    "{b}/api/games/{}/board.png?ply={}",
                    self.game_id, notice.ply
                )
            }),
        }
    }

    /// Posts one message, retrying with backoff; records how it went.
    async fn deliver(&self, hook: &Hook, mut message: Message, notice: &Notice) {
        let dropped = hook.dropped.swap(0, Ordering::Relaxed);
        if dropped > 0 {
            message.text = format!(
                "({dropped} earlier updates were not posted: this webhook fell behind)\n{}",
                message.text
            );
        }
        let png = match hook.style {
            Style::Discord => notice.png().await,
            Style::Slack => Arc::new(Vec::new()),
        };
        let (kind, body) = payload::body(hook.style, &message, &png);
        self.post(hook, &kind, body, 1).await;
    }

    /// Posts one body, attempts `first` on to the last, with backoff (or
    /// the receiver's `Retry-After`); records and stores how it went.
    async fn post(&self, hook: &Hook, kind: &str, body: Vec<u8>, first: u32) {
        let mut backoff = self.retry.backoff;
        for _ in 1..first.min(self.retry.attempts) {
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
        let pending = Some((kind.to_string(), body.clone()));
        for attempt in first..=self.retry.attempts.max(first) {
            self.update(hook, |d| {
                d.attempts = attempt as i64;
                d.pending = pending.clone();
            })
            .await;
            let answer = http::post(
                &hook.target,
                kind,
                body.clone(),
                self.retry.timeout,
                self.allow_private,
            )
            .await;
            let now = self.clock.now_ms();
            // A receiver's Retry-After (a 429 or 503) sets the next wait,
            // capped like the backoff.
            let asked = answer
                .as_ref()
                .ok()
                .and_then(|a| a.retry_after.as_deref())
                .and_then(|v| http::retry_after(v, now));
            let error = match answer {
                Ok(a) if (200..300).contains(&a.status) => {
                    self.update(hook, |d| {
                        d.delivered += 1;
                        d.last_delivery_ms = Some(now);
                        d.pending = None;
                    })
                    .await;
                    return;
                }
                Ok(a) => format!("the receiver answered {}", a.status),
                Err(e) => e,
            };
            // The URL is a secret: the log names the game and the number.
            tracing::warn!(
                "game {} webhook {}: attempt {attempt}: {error}",
                self.game_id,
                hook.stored.hook
            );
            let last = attempt >= self.retry.attempts;
            self.update(hook, |d| {
                d.last_error = Some(error);
                d.last_error_ms = Some(now);
                if last {
                    d.failed += 1;
                    d.pending = None;
                }
            })
            .await;
            if !last {
                tokio::time::sleep(next_wait(backoff, asked)).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        }
    }

    /// Changes the delivery record: stored first, shown after, so that what
    /// the host's panel shows is what a restarted server reads back. Only
    /// this hook's courier changes it, one change at a time.
    async fn update(&self, hook: &Hook, change: impl FnOnce(&mut StoredDelivery)) {
        let mut next = hook.delivery();
        change(&mut next);
        self.save(hook, &next).await;
        hook.show(next);
    }

    /// Stores the delivery record; a failure to is logged, not fatal (the
    /// record in memory goes on).
    async fn save(&self, hook: &Hook, d: &StoredDelivery) {
        if let Err(e) = self
            .store
            .save_delivery(&self.game_id, hook.stored.hook, d)
            .await
        {
            tracing::error!(
                "game {} webhook {}: storing its delivery state: {e:?}",
                self.game_id,
                hook.stored.hook
            );
        }
    }
}

/// The wait before the next attempt: what the receiver asked for
/// (`Retry-After`), else the backoff; never more than [`MAX_BACKOFF`].
fn next_wait(backoff: Duration, asked: Option<Duration>) -> Duration {
    asked.unwrap_or(backoff).min(MAX_BACKOFF)
}

async fn sleep_for(wait: Option<Duration>) {
    match wait {
        Some(wait) => tokio::time::sleep(wait).await,
        None => std::future::pending().await,
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
    fn a_receivers_retry_after_sets_the_wait_within_the_cap() {
        let backoff = Duration::from_secs(2);
        assert_eq!(next_wait(backoff, None), backoff);
        assert_eq!(
            next_wait(backoff, Some(Duration::from_secs(30))),
            Duration::from_secs(30)
        );
        assert_eq!(next_wait(backoff, Some(Duration::ZERO)), Duration::ZERO);
        assert_eq!(
            next_wait(backoff, Some(Duration::from_secs(86_400))),
            MAX_BACKOFF
        );
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
