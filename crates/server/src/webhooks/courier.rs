//! One webhook's delivery task: it posts the hook's notices one at a time,
//! retrying a failure with backoff, so a slow receiver delays only itself.

use super::{duration_words, http, payload, Hook, Message, Notice, Retry, Style, MAX_BACKOFF};
use crate::clock::Clock;
use crate::storage::{Store, StoredDelivery};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// One webhook's delivery task. It holds its hook weakly: a removed hook's
/// task ends with its queue.
pub(super) struct Courier {
    pub(super) game_id: String,
    pub(super) hook: std::sync::Weak<Hook>,
    pub(super) clock: Clock,
    pub(super) retry: Retry,
    pub(super) public_url: Option<String>,
    pub(super) reach: super::Reach,
    pub(super) store: Store,
    /// The pace of messages to this webhook's URL, shared with every other
    /// table's webhook to the same URL.
    pub(super) bucket: Arc<Mutex<Bucket>>,
}

impl Courier {
    pub(super) async fn run(self, mut rx: mpsc::Receiver<Arc<Notice>>) {
        // A message a stopped server was retrying goes first, its attempts
        // counted on.
        if let Some(hook) = self.hook.upgrade() {
            let left = hook.delivery();
            if let Some((kind, body)) = left.pending {
                let from = (left.attempts as u32).saturating_add(1);
                self.post(&hook, &kind, body, from).await;
            }
        }
        let mut pace = Pace::default();
        loop {
            // A notice that did not fit in the last message opens the next.
            if let Some(notice) = pace.carry.take() {
                let Some(hook) = self.hook.upgrade() else {
                    return;
                };
                self.take(&hook, notice, &mut rx, &mut pace).await;
                continue;
            }
            let lead_ms = self
                .hook
                .upgrade()
                .and_then(|h| h.stored.lead_secs)
                .map(|s| s * 1000);
            let wait = match (pace.armed, lead_ms) {
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
                    self.take(&hook, notice, &mut rx, &mut pace).await;
                }
                _ = sleep_for(wait), if wait.is_some() => {
                    let (Some(deadline), Some(notice)) = (pace.armed.take(), pace.latest.clone()) else {
                        continue;
                    };
                    pace.reminded = Some(deadline);
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

    /// Posts `first`, gathered with what follows it ([`Courier::gather`]),
    /// and arms the deadline reminder from the last of them.
    async fn take(
        &self,
        hook: &Hook,
        first: Arc<Notice>,
        rx: &mut mpsc::Receiver<Arc<Notice>>,
        pace: &mut Pace,
    ) {
        let notice = self.gather(hook, first, rx, pace).await;
        pace.armed = notice.deadline_ms.filter(|&d| pace.reminded != Some(d));
        pace.latest = Some(notice.clone());
        if notice.says_something() {
            self.bucket().spend(tokio::time::Instant::now(), self.retry);
            let message = self.message(&notice, notice.turn_text());
            self.deliver(hook, message, &notice).await;
        }
    }

    /// `first` alone while the webhook is within its pace ([`Retry::gap`],
    /// [`Retry::burst`]); beyond it, `first` and the notices queued behind
    /// it or arriving until the pace allows the next message, as one
    /// ([`Notice::merged`]), as long as every line of them fits in one
    /// message: one that would not is kept (`pace.carry`) to open the next.
    async fn gather(
        &self,
        hook: &Hook,
        first: Arc<Notice>,
        rx: &mut mpsc::Receiver<Arc<Notice>>,
        pace: &mut Pace,
    ) -> Arc<Notice> {
        let mut notices = vec![first];
        if self.retry.gap.is_zero() {
            return Notice::merged(notices);
        }
        loop {
            let now = tokio::time::Instant::now();
            let due = self.bucket().next_allowed(now, self.retry);
            let says = notices.iter().any(|n| n.says_something());
            if !says || due <= now {
                return Notice::merged(notices);
            }
            while pace.carry.is_none() {
                let Ok(more) = rx.try_recv() else { break };
                add(hook, &mut notices, more, pace);
            }
            if pace.carry.is_some() {
                // The next message is full: it waits for its turn alone.
                tokio::time::sleep_until(due).await;
                return Notice::merged(notices);
            }
            // Wait for the pace, or for the next notice to gather.
            tokio::select! {
                _ = tokio::time::sleep_until(due) => {}
                more = rx.recv() => match more {
                    Some(more) => add(hook, &mut notices, more, pace),
                    None => return Notice::merged(notices),
                },
            }
        }
    }

    fn bucket(&self) -> std::sync::MutexGuard<'_, Bucket> {
        self.bucket.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn message(&self, notice: &Notice, text: String) -> Message {
        let base = self.public_url.as_deref();
        Message::about(base, &self.game_id, notice.title.clone(), text, notice.ply)
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
                &self.reach,
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

/// Takes `more` off the hook's queue into the message being gathered, or,
/// if its lines would not all fit there, keeps it to open the next.
fn add(hook: &Hook, notices: &mut Vec<Arc<Notice>>, more: Arc<Notice>, pace: &mut Pace) {
    hook.waiting.fetch_sub(1, Ordering::Relaxed);
    if Notice::fits_with(notices, &more) {
        notices.push(more);
    } else {
        pace.carry = Some(more);
    }
}

/// A webhook's pace: the last notice (for reminders), the deadline a
/// reminder is armed for and the last one reminded, and a notice kept for
/// the next message. How many messages may go at once is its URL's
/// [`Bucket`], which every table posting to that URL shares.
#[derive(Default)]
struct Pace {
    latest: Option<Arc<Notice>>,
    armed: Option<i64>,
    reminded: Option<i64>,
    carry: Option<Arc<Notice>>,
}

/// The messages a webhook URL may take at once, as of a moment: a token
/// bucket of [`Retry::burst`], one more each [`Retry::gap`]. A chat counts
/// what one webhook receives whatever table it comes from, so the tables
/// posting to one URL (a host's several boards in one channel) share it.
#[derive(Default)]
pub(super) struct Bucket {
    tokens: f64,
    counted_at: Option<tokio::time::Instant>,
}

impl Bucket {
    /// Brings the bucket to `now`: full at first, then refilled one token
    /// a gap, up to the burst.
    fn refill(&mut self, now: tokio::time::Instant, retry: Retry) {
        let burst = f64::from(retry.burst.max(1));
        self.tokens = match self.counted_at {
            None => burst,
            Some(at) => {
                let earned =
                    now.saturating_duration_since(at).as_secs_f64() / retry.gap.as_secs_f64();
                (self.tokens + earned).min(burst)
            }
        };
        self.counted_at = Some(now);
    }

    /// When the next message may go: `now` if a token is left.
    fn next_allowed(&mut self, now: tokio::time::Instant, retry: Retry) -> tokio::time::Instant {
        self.refill(now, retry);
        if self.tokens >= 1.0 {
            now
        } else {
            now + retry.gap.mul_f64(1.0 - self.tokens)
        }
    }

    /// A message goes now.
    fn spend(&mut self, now: tokio::time::Instant, retry: Retry) {
        if retry.gap.is_zero() {
            return;
        }
        self.refill(now, retry);
        self.tokens = (self.tokens - 1.0).max(0.0);
    }
}

async fn sleep_for(wait: Option<Duration>) {
    match wait {
        Some(wait) => tokio::time::sleep(wait).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
