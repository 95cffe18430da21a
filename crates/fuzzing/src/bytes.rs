//! Reading choices out of the fuzzer's bytes.

/// The fuzzer's bytes, read from the front: small numbers for choices,
/// then whatever is left as text.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte, or 0 once they are used up.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// A choice among `n` (> 0) things.
    pub fn below(&mut self, n: usize) -> usize {
        let wide = u16::from(self.byte()) << 8 | u16::from(self.byte());
        usize::from(wide) % n
    }

    /// Everything left, as text (invalid UTF-8 replaced, as a server
    /// receiving bytes would refuse them before any game saw them).
    pub fn rest(self) -> String {
        String::from_utf8_lossy(self.data).into_owned()
    }
}
