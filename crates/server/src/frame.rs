//! A live frame: a viewer's state as JSON text, sent on a WebSocket as it
//! is or, to a client that asked for it, gzipped (docs/server.md, "GET
//! /api/games/{id}/ws"). The spectators' frame is built once per change and
//! shared by all of them, so its gzipped form is made once too, by the first
//! socket that wants it.

use axum::body::Bytes;
use axum::extract::ws::Utf8Bytes;
use std::io::Write;
use std::sync::{Arc, OnceLock};

/// Both forms are shared, not copied, by every socket that sends them.
pub struct Frame {
    text: Utf8Bytes,
    gzipped: OnceLock<Bytes>,
}

impl Frame {
    pub fn new(text: String) -> Arc<Frame> {
        Arc::new(Frame {
            text: text.into(),
            gzipped: OnceLock::new(),
        })
    }

    /// The state as JSON text.
    pub fn text(&self) -> &str {
        self.text.as_str()
    }

    /// The text for a WebSocket's text message.
    pub fn message_text(&self) -> Utf8Bytes {
        self.text.clone()
    }

    /// The text gzipped, made on first use and kept.
    pub fn gzipped(&self) -> Bytes {
        self.gzipped
            .get_or_init(|| gzip(self.text.as_bytes()))
            .clone()
    }
}

fn gzip(bytes: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::default(),
    );
    encoder.write_all(bytes).expect("writing to memory");
    Bytes::from(encoder.finish().expect("writing to memory"))
}

#[cfg(test)]
mod tests {
    use super::Frame;
    use std::io::Read;

    #[test]
    fn a_gzipped_frame_unpacks_to_its_text_and_is_made_once() {
        let text = format!("{{\"history\":[{}]}}", vec!["\"c1c3\""; 500].join(","));
        let frame = Frame::new(text.clone());
        let packed = frame.gzipped();
        assert!(packed.len() * 10 < text.len());
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_string(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, text);
        // The second socket gets the very same bytes, not a new packing.
        assert_eq!(frame.gzipped().as_ptr(), packed.as_ptr());
        assert_eq!(frame.text(), text);
    }
}
