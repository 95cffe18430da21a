//! A test message, sent from the host's panel
//! (`POST /api/games/{id}/webhooks/{hook}/test`): a webhook added to a
//! table says nothing until the table's next change, so the host can post
//! one message at once to see that the chat gets it, and hear back how it
//! went. It goes out once, now, beside the webhook's queue (no retries: the
//! host is waiting for the answer), and is not counted in the webhook's
//! delivery record, which tells of the game's own messages.

use super::{duration_words, http, payload, Webhooks};
use crate::error::{ApiError, ApiResult};
use std::time::Duration;

/// The least time between two test messages to one webhook: a host
/// pressing the button again and again must not spend the chat's limits
/// (Discord takes 5 messages in 2 s from a webhook).
pub const TEST_GAP: Duration = Duration::from_secs(10);

/// The longest a test message may take: the host is waiting, and with
/// several instances the instance that passed the request on waits at
/// most 5 s for the owner's answer (docs/instances.md).
const TEST_TIMEOUT: Duration = Duration::from_secs(4);

/// What a test message shows of the table: its title ("Knight Court,
/// table ab12"), and the spectators' picture now (SVG) after `ply` public
/// entries.
pub struct Sample {
    pub title: String,
    pub svg: String,
    pub ply: usize,
}

impl Webhooks {
    /// Posts one test message to webhook `number` of game `game_id`: how it
    /// went (`Err` says why the receiver did not take it). Refused when
    /// the game has no such webhook, or the last test went to it less
    /// than [`TEST_GAP`] ago.
    pub async fn send_test(
        &self,
        game_id: &str,
        number: i64,
        sample: Sample,
    ) -> ApiResult<Result<(), String>> {
        let hook = (self.games().get(game_id))
            .and_then(|hooks| hooks.iter().find(|h| h.stored.hook == number).cloned())
            .ok_or_else(|| ApiError::NotFound(format!("this game has no webhook {number}")))?;
        {
            let mut last = hook.last_test.lock().unwrap_or_else(|p| p.into_inner());
            let now = tokio::time::Instant::now();
            if let Some(at) = *last {
                let since = now.saturating_duration_since(at);
                if since < TEST_GAP {
                    let wait = (TEST_GAP - since).as_secs() + 1;
                    return Err(ApiError::TooManyRequests(format!(
                        "webhook {number} had a test message a moment ago: try again in {wait} s"
                    )));
                }
            }
            *last = Some(now);
        }
        let reminders = match hook.stored.lead_secs {
            Some(lead) => format!(
                ", a reminder {} before each deadline",
                duration_words(lead * 1000)
            ),
            None => String::new(),
        };
        let text = format!(
            "Test message from the table's host: this chat will get the table's moves{reminders}, and its result."
        );
        let base = self.inner.public_url.as_deref();
        let message = payload::Message::about(base, game_id, sample.title, text, sample.ply);
        let png = match hook.style {
            payload::Style::Discord => crate::pictures::png_off_thread(sample.svg)
                .await
                .map_err(ApiError::Internal)?,
            payload::Style::Slack => Vec::new(),
        };
        let (kind, body) = payload::body(hook.style, &message, &png);
        let answer = http::post(
            &hook.target,
            &kind,
            body,
            self.inner.retry.timeout.min(TEST_TIMEOUT),
            &self.inner.reach,
        )
        .await;
        Ok(match answer {
            Ok(a) if (200..300).contains(&a.status) => Ok(()),
            Ok(a) => Err(format!("the receiver answered {}", a.status)),
            Err(e) => Err(e),
        })
    }
}
