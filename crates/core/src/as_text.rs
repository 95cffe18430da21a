//! Types that serialise as their notation: a cell `h8`, a movement `1x2`.
//! Written once so every such type reads and writes the same way, and a bad
//! string is refused with the type's own parse error.

/// Implements `Serialize` (as the `Display` text) and `Deserialize` (a
/// string read with `FromStr`, whose error becomes the serde error) for each
/// type named. The crate must depend on `serde`.
#[macro_export]
macro_rules! serde_as_text {
    ($($kind:ty),+ $(,)?) => {$(
        impl ::serde::Serialize for $kind {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $kind {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<$kind, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    )+};
}
