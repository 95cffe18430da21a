//! Secret links: 128-bit random tokens from the operating system, stored
//! only as SHA-256 hashes and compared in constant time.

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

#[cfg(test)]
mod tests {
    use super::*;

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
