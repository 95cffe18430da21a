//! What the `/api/games/{id}/…` routes start with, read once here: the
//! game the path names and the request's link token ([`GameRequest`],
//! opened into an [`Asker`]), the body's bytes ([`RawBody`]) and a query
//! string refused with what the route takes ([`Parsed`]).
//!
//! A request is refused for the first of these that is wrong, in this
//! order: a bad `Authorization` header, an unreadable or oversized body,
//! an unknown game, a missing or unknown token, then a bad body. So
//! [`GameRequest`] only reads the path and the token: the game is looked
//! up when the handler opens it, after the body has been read.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::host::{Command, GameHandle, Role};
use crate::token::Bearer;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::request::Parts;
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;
use tokio::sync::oneshot;

/// A request to one game: its id (the path's `{id}`) and the bearer
/// token, if any.
pub(crate) struct GameRequest {
    state: AppState,
    id: String,
    token: Option<String>,
}

impl FromRequestParts<AppState> for GameRequest {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<GameRequest> {
        // A map, not `Path<String>`: some routes name more than the game.
        let Path(mut params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::BadRequest(format!("bad path: {}", e.body_text())))?;
        let id = params
            .remove("id")
            .ok_or_else(|| ApiError::Internal("a game route without {id}".into()))?;
        let Bearer(token) = Bearer::from_request_parts(parts, state).await?;
        Ok(GameRequest {
            state: state.clone(),
            id,
            token,
        })
    }
}

impl GameRequest {
    pub(crate) fn state(&self) -> &AppState {
        &self.state
    }

    /// The game and who asks: the token's seat or the host, or a
    /// spectator without a token.
    pub(crate) async fn open(self) -> ApiResult<Asker> {
        let handle = self.state.game(&self.id).await?;
        let role = self.state.role(&handle, self.token).await?;
        Ok(Asker { handle, role })
    }

    /// The same for a request that must carry a link's token: without one
    /// it is refused with `missing` (what the request needs).
    pub(crate) async fn open_with_token(self, missing: &str) -> ApiResult<Asker> {
        let handle = self.state.game(&self.id).await?;
        let token = self
            .token
            .ok_or_else(|| ApiError::Forbidden(missing.into()))?;
        let role = self.state.role(&handle, Some(token)).await?;
        Ok(Asker { handle, role })
    }
}

/// An opened game request: the game's actor and the asker's role.
pub(crate) struct Asker {
    pub handle: GameHandle,
    pub role: Role,
}

impl Asker {
    /// Asks the actor `make(role, reply)`: a command on the asker's behalf.
    pub(crate) async fn ask<T>(
        &self,
        make: impl FnOnce(Role, oneshot::Sender<T>) -> Command,
    ) -> ApiResult<T> {
        let role = self.role;
        self.handle.ask(|reply| make(role, reply)).await
    }

    /// The asker's snapshot: what every route that changes the game
    /// answers.
    pub(crate) async fn snapshot(&self) -> ApiResult<Json<Value>> {
        Ok(Json(self.ask(Command::Snapshot).await?))
    }
}

/// The request body's bytes; an unreadable or oversized body is refused
/// in our JSON error shape.
pub(crate) struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> ApiResult<RawBody> {
        Ok(RawBody(Bytes::from_request(request, state).await?))
    }
}

/// A query string a route reads into `T`; one that does not parse is
/// refused (400) with what the route takes.
pub(crate) struct Parsed<T>(pub T);

/// What a route's query string may hold, said when it is refused.
pub(crate) trait QueryHelp {
    /// "the record takes ?format=json or ?format=text".
    const TAKES: &'static str;
}

impl<T, S> FromRequestParts<S> for Parsed<T>
where
    T: DeserializeOwned + QueryHelp,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<Parsed<T>> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(query)) => Ok(Parsed(query)),
            Err(e) => Err(ApiError::BadRequest(format!(
                "bad query string: {} ({})",
                e.body_text(),
                T::TAKES
            ))),
        }
    }
}
