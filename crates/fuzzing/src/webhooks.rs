//! What the server reads about a chat webhook: its URL, from the game's
//! host, and the receiver's `Retry-After` answer.

use crate::bytes::Bytes;
use arbiter_server::webhooks::{retry_after, Target};

/// The first byte picks a webhook URL or a `Retry-After` value (then eight
/// bytes of the time now, in unix ms); the rest is the text. A URL is read
/// or refused, never a panic; one that is read names a host, starts with
/// its scheme, carries no user name or password, and has its address
/// checked without a panic. A `Retry-After` value is read or ignored,
/// never a panic, whatever the time now.
pub fn webhook_inputs(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    if bytes.byte().is_multiple_of(2) {
        let url = bytes.rest();
        let Ok(target) = Target::parse(&url) else {
            return;
        };
        assert!(!target.host().is_empty(), "{url:?} was read with no host");
        let lower = url.to_ascii_lowercase();
        assert!(
            lower.starts_with("https://") || lower.starts_with("http://"),
            "{url:?} was read without its scheme"
        );
        let authority = lower.split("://").nth(1).unwrap_or("");
        let authority = authority.split(['/', '?', '#']).next().unwrap_or("");
        assert!(
            !authority.contains('@'),
            "{url:?} was read with a user name or password"
        );
        let _ = target.check_address(false);
        let _ = target.check_address(true);
    } else {
        let now = (0..8).fold(0i64, |now, _| now << 8 | i64::from(bytes.byte()));
        let _ = retry_after(&bytes.rest(), now);
    }
}
