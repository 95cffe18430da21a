//! Secret links: 128-bit random tokens from the operating system, stored
//! only as SHA-256 hashes and compared in constant time, and read from
//! requests by the extractors [`Bearer`] and [`SocketToken`].

use crate::error::ApiError;
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A fresh token: 16 bytes from the OS RNG, as 32 hex digits.
pub fn fresh() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("OS random source failed: {e}"))?;
    Ok(hex::encode(bytes))
}

/// The stored form of a token.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether `token` hashes to `stored`, in time independent of where they
/// differ.
pub fn matches(token: &str, stored: &[u8; 32]) -> bool {
    hash(token).ct_eq(stored).into()
}

/// The token of an HTTP request, from `Authorization: Bearer <token>` (the
/// scheme in any case), or `None`. A token in the query string is refused:
/// it would end up in logs and histories, and only the WebSocket, which a
/// browser cannot give headers, needs it there.
pub struct Bearer(pub Option<String>);

/// The token of a WebSocket upgrade: the `Authorization` header as for
/// [`Bearer`], else `?token=...`.
pub struct SocketToken(pub Option<String>);

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

fn query_token(parts: &Parts) -> Result<Option<String>, ApiError> {
    match parts.uri.query() {
        None => Ok(None),
        Some(_) => Query::<TokenQuery>::try_from_uri(&parts.uri)
            .map(|q| q.0.token)
            .map_err(|e| ApiError::BadRequest(format!("bad query string: {}", e.body_text()))),
    }
}

/// The token in `Authorization: Bearer <token>`, or `None` without the
/// header. Other schemes (a proxy's Basic credentials) are not ours and
/// are ignored.
pub fn from_headers(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| ApiError::BadRequest("the Authorization header is not plain text".into()))?;
    let value = value.trim();
    let (scheme, rest) = value.split_once([' ', '\t']).unwrap_or((value, ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Ok(None);
    }
    match rest.trim() {
        "" => Err(ApiError::BadRequest(
            "the Authorization header says Bearer but carries no token".into(),
        )),
        token => Ok(Some(token.to_string())),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Bearer, ApiError> {
        if query_token(parts)?.is_some() {
            return Err(ApiError::BadRequest(
                "send the token as 'Authorization: Bearer <token>', not in the address \
                 (only the WebSocket takes ?token=)"
                    .into(),
            ));
        }
        from_headers(&parts.headers).map(Bearer)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for SocketToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<SocketToken, ApiError> {
        match from_headers(&parts.headers)? {
            Some(token) => Ok(SocketToken(Some(token))),
            None => query_token(parts).map(SocketToken),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(value: &str) -> Result<Option<String>, ApiError> {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, value.parse().unwrap());
        from_headers(&headers)
    }

    #[test]
    fn the_bearer_scheme_is_matched_in_any_case() {
        for value in ["Bearer abc", "bearer abc", "BEARER abc", "bEaReR   abc  "] {
            assert_eq!(header(value).unwrap().as_deref(), Some("abc"), "{value}");
        }
        assert_eq!(header("Basic dXNlcjpwdw==").unwrap(), None);
        assert_eq!(header("Bearerabc").unwrap(), None);
        assert!(header("Bearer ").is_err());
        assert_eq!(from_headers(&HeaderMap::new()).unwrap(), None);
    }

    #[test]
    fn tokens_are_long_distinct_and_match_only_themselves() {
        let a = fresh().unwrap();
        let b = fresh().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(matches(&a, &hash(&a)));
        assert!(!matches(&b, &hash(&a)));
        assert!(!matches("", &hash(&a)));
    }
}
