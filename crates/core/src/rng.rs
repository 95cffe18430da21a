//! Seeded, reproducible, committable randomness.
//!
//! Every random draw of a game comes from one ChaCha20 stream seeded by a
//! 32-byte [`Seed`]. When a game starts the host publishes the seed's
//! [`SeedCommitment`] (its SHA-256 hash); when it ends the seed itself is
//! revealed, so every player can check with [`SeedCommitment::verify`] that
//! the draws were fixed before play began.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// The 32 secret bytes a game's random stream starts from.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seed(#[serde(with = "hex_bytes")] pub [u8; 32]);

impl Seed {
    /// A seed derived from a small number, for tests and `--seed N` flags.
    /// Distinct numbers give unrelated streams.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        let digest = Sha256::digest(n.to_le_bytes());
        bytes.copy_from_slice(&digest);
        Seed(bytes)
    }

    /// A fresh seed from the operating system's entropy.
    pub fn random() -> Seed {
        Seed(rand::random())
    }

    /// The public commitment to this seed.
    pub fn commitment(&self) -> SeedCommitment {
        let mut hash = [0u8; 32];
        hash.copy_from_slice(&Sha256::digest(self.0));
        SeedCommitment(hash)
    }

    /// The game's random stream.
    pub fn rng(&self) -> GameRng {
        GameRng(ChaCha20Rng::from_seed(self.0))
    }
}

/// Seeds are secrets until the game ends: Debug never prints the bytes, so a
/// stray log line cannot reveal one.
impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(<secret>)")
    }
}

impl fmt::Display for Seed {
    /// The seed in hex, for revealing it at the end of a game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl FromStr for Seed {
    type Err = String;
    fn from_str(s: &str) -> Result<Seed, String> {
        if let Ok(n) = s.parse::<u64>() {
            return Ok(Seed::from_u64(n));
        }
        let bytes = hex::decode(s).map_err(|_| format!("seed '{s}' is neither a number nor 64 hex digits"))?;
        let bytes: [u8; 32] = bytes
            .try_into()
            .map_err(|_| format!("seed '{s}' must be 64 hex digits (32 bytes)"))?;
        Ok(Seed(bytes))
    }
}

/// The SHA-256 hash of a [`Seed`], published when a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedCommitment(#[serde(with = "hex_bytes")] pub [u8; 32]);

impl SeedCommitment {
    /// Whether `seed` is the seed this commitment was made to.
    pub fn verify(&self, seed: &Seed) -> bool {
        seed.commitment() == *self
    }
}

impl fmt::Display for SeedCommitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

/// A game's random stream. Draws are reproducible from the seed, so
/// replaying a game's actions gives the same draws.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha20Rng);

impl GameRng {
    /// A uniform index in `0..n`. Panics if `n` is zero.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "GameRng::below(0)");
        self.0.random_range(0..n)
    }

    /// A uniformly chosen element, or `None` from an empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }

    /// Shuffles in place (Fisher–Yates), reproducibly.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniform 64-bit word.
    pub fn next_u64(&mut self) -> u64 {
        self.0.random()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.0.random_bool(p.clamp(0.0, 1.0))
    }

    /// A sub-stream for an independent purpose (one bot's thinking, say),
    /// derived reproducibly from this stream.
    pub fn fork(&mut self) -> GameRng {
        let mut bytes = [0u8; 32];
        self.0.fill(&mut bytes);
        GameRng(ChaCha20Rng::from_seed(bytes))
    }
}

mod hex_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8; 32], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 32], D::Error> {
        let text = String::deserialize(d)?;
        let bytes = hex::decode(&text).map_err(serde::de::Error::custom)?;
        bytes
            .try_into()
            .map_err(|_| serde::de::Error::custom("expected 32 bytes of hex"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let seed = Seed::from_u64(7);
        let a: Vec<u64> = (0..5).map({
            let mut r = seed.rng();
            move |_| r.next_u64()
        }).collect();
        let mut r = seed.rng();
        let b: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
        assert_eq!(a, b);
        assert_ne!(Seed::from_u64(8).rng().next_u64(), a[0]);
    }

    #[test]
    fn commitment_verifies_only_its_seed() {
        let seed = Seed::from_u64(1);
        let commitment = seed.commitment();
        assert!(commitment.verify(&seed));
        assert!(!commitment.verify(&Seed::from_u64(2)));
    }

    #[test]
    fn seed_text_round_trip_and_secret_debug() {
        let seed = Seed::from_u64(3);
        let text = seed.to_string();
        assert_eq!(text.len(), 64);
        assert_eq!(text.parse::<Seed>().unwrap(), seed);
        assert_eq!("3".parse::<Seed>().unwrap(), seed);
        assert!(!format!("{seed:?}").contains(&text[..8]));
        assert!("xyz".parse::<Seed>().is_err());
        assert!("abcd".parse::<Seed>().is_err());
    }

    #[test]
    fn below_and_shuffle_stay_in_range() {
        let mut rng = Seed::from_u64(9).rng();
        for n in 1..20 {
            assert!(rng.below(n) < n);
        }
        let mut items: Vec<u32> = (0..30).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..30).collect::<Vec<_>>());
    }

    #[test]
    fn commitment_serialises_as_hex() {
        let c = Seed::from_u64(4).commitment();
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, format!("\"{c}\""));
        assert_eq!(serde_json::from_str::<SeedCommitment>(&json).unwrap(), c);
    }
}
