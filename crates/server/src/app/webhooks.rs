//! The host's webhook routes (docs/server.md#webhooks, docs/webhooks.md):
//! `GET|POST /api/games/{id}/webhooks`, `DELETE …/webhooks/{hook}` and
//! `POST …/webhooks/{hook}/test`.
//! Only the host's token opens them: a webhook URL is a secret.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::host::Role;
use crate::storage::StoredWebhook;
use crate::token::Bearer;
use crate::webhooks::{NewHook, Sample, Webhooks, MAX_HOOKS};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

/// The host's webhook routes.
pub(super) fn routes() -> axum::Router<AppState> {
    use axum::routing::{delete, get, post};
    axum::Router::new()
        .route("/api/games/{id}/webhooks", get(list).post(add))
        .route("/api/games/{id}/webhooks/{hook}", delete(remove))
        .route("/api/games/{id}/webhooks/{hook}/test", post(test))
}

/// A webhook as the host gives it, at creation or later.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HookBody {
    url: String,
    /// `discord` or `slack`; may be left out for those services' own URLs.
    #[serde(default)]
    style: Option<String>,
    /// Post a reminder this long before each deadline.
    #[serde(default)]
    deadline_lead_secs: Option<u64>,
}

impl HookBody {
    fn new_hook(&self) -> NewHook<'_> {
        NewHook {
            url: &self.url,
            style: self.style.as_deref(),
            deadline_lead_secs: self.deadline_lead_secs,
        }
    }

    /// Checks it and stores it for game `id`; the stored webhook.
    pub async fn store(&self, state: &AppState, id: &str) -> ApiResult<StoredWebhook> {
        let webhooks = state.webhooks();
        let style = self
            .new_hook()
            .check(webhooks.allow_private())
            .map_err(ApiError::BadRequest)?;
        webhooks
            .check_resolved(&self.url)
            .await
            .map_err(ApiError::BadRequest)?;
        let lead_secs = self.deadline_lead_secs.map(|s| s as i64);
        let hook = state
            .store()
            .add_webhook(id, &self.url, style.name(), lead_secs)
            .await?;
        Ok(StoredWebhook {
            hook,
            url: self.url.clone(),
            style: style.name().into(),
            lead_secs,
            delivery: Default::default(),
        })
    }
}

/// Checks a creation's webhooks before anything is stored, their host
/// names resolved too.
pub async fn check_all(hooks: &[HookBody], webhooks: &Webhooks) -> ApiResult<()> {
    if hooks.len() > MAX_HOOKS {
        return Err(ApiError::BadRequest(format!(
            "a game takes at most {MAX_HOOKS} webhooks"
        )));
    }
    for (k, hook) in hooks.iter().enumerate() {
        let refused = |e| ApiError::BadRequest(format!("webhook {}: {e}", k + 1));
        // Two webhooks to one URL would post every message twice.
        if let Some(first) = hooks[..k].iter().position(|h| h.url == hook.url) {
            return Err(refused(format!(
                "the same URL as webhook {}; give each URL once",
                first + 1
            )));
        }
        hook.new_hook()
            .check(webhooks.allow_private())
            .map_err(refused)?;
        webhooks.check_resolved(&hook.url).await.map_err(refused)?;
    }
    Ok(())
}

/// Opens game `id` for its host, or refuses; the game's actor.
async fn as_host(
    state: &AppState,
    id: &str,
    token: Option<String>,
) -> ApiResult<crate::host::GameHandle> {
    let handle = state.game(id).await?;
    let token = token.ok_or_else(|| {
        ApiError::Forbidden("a game's webhooks need the host link's token".into())
    })?;
    match state.role(&handle, Some(token)).await? {
        Role::Host => Ok(handle),
        _ => Err(ApiError::Forbidden(
            "only the host sees or changes a game's webhooks".into(),
        )),
    }
}

fn listing(state: &AppState, id: &str) -> Json<Value> {
    Json(json!({ "webhooks": state.webhooks().states(id) }))
}

/// `GET /api/games/{id}/webhooks`: each webhook with its delivery state.
pub async fn list(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
) -> ApiResult<Json<Value>> {
    as_host(&state, &id, token).await?;
    Ok(listing(&state, &id))
}

/// `POST /api/games/{id}/webhooks`: adds one (`{"url", "style",
/// "deadline_lead_secs"}`); answers the list.
pub async fn add(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let body = body?;
    as_host(&state, &id, token).await?;
    let hook: HookBody = serde_json::from_slice(&body)
        .map_err(|e| ApiError::BadRequest(format!("bad request body: {e}")))?;
    hook.new_hook()
        .check(state.webhooks().allow_private())
        .map_err(ApiError::BadRequest)?;
    if let Some(number) = state.webhooks().posting_to(&id, &hook.url) {
        return Err(ApiError::Conflict(format!(
            "webhook {number} already posts to that URL"
        )));
    }
    if state.webhooks().count(&id) >= MAX_HOOKS {
        return Err(ApiError::Conflict(format!(
            "this game has {MAX_HOOKS} webhooks already: remove one first"
        )));
    }
    let stored = hook.store(&state, &id).await?;
    state.webhooks().add(&id, stored)?;
    Ok(listing(&state, &id))
}

/// `DELETE /api/games/{id}/webhooks/{hook}`: removes one; answers the list.
pub async fn remove(
    State(state): State<AppState>,
    Path((id, hook)): Path<(String, String)>,
    Bearer(token): Bearer,
) -> ApiResult<Json<Value>> {
    as_host(&state, &id, token).await?;
    let number = hook_number(&hook)?;
    if !state.store().remove_webhook(&id, number).await? {
        return Err(ApiError::NotFound(format!(
            "this game has no webhook {number}"
        )));
    }
    state.webhooks().remove(&id, number);
    Ok(listing(&state, &id))
}

/// A webhook's number in a path.
fn hook_number(hook: &str) -> ApiResult<i64> {
    hook.parse()
        .map_err(|_| ApiError::BadRequest(format!("'{hook}' is not a webhook number")))
}

/// `POST /api/games/{id}/webhooks/{hook}/test`: posts one test message to
/// the webhook now, with the spectators' picture of the table, and answers
/// how it went (`{"hook", "delivered", "error"}`); at most one a webhook
/// every 10 s (429).
pub async fn test(
    State(state): State<AppState>,
    Path((id, hook)): Path<(String, String)>,
    Bearer(token): Bearer,
) -> ApiResult<Json<Value>> {
    let handle = as_host(&state, &id, token).await?;
    let number = hook_number(&hook)?;
    // Only what a spectator sees: the chat is public.
    let picture = handle
        .ask(|r| crate::host::Command::Picture(Role::Spectator, None, r))
        .await??;
    let name = crate::adapter::kind(&picture.kind).map_or("Game", |k| k.name);
    let sample = Sample {
        title: format!("{name}, table {id}"),
        svg: crate::pictures::svg(&picture.title, &picture.scene, &picture.caption),
        ply: picture.shown,
    };
    let sent = state.webhooks().send_test(&id, number, sample).await?;
    Ok(Json(json!({
        "hook": number,
        "delivered": sent.is_ok(),
        "error": sent.err(),
    })))
}
