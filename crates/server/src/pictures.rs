//! Board pictures: SVG and PNG of any position of any game, drawn from the
//! game's own board description, its terminal [`Diagram`] (which shows
//! only what everyone may see), so the server draws no rule of any game.
//! PNG is rendered from the SVG by resvg with a font shipped inside the
//! binary (DejaVu Sans Mono, `assets/fonts/`), so a picture looks the same
//! on every machine.
//!
//! [`Diagram`]: arbiter_core::Diagram

use std::sync::{Arc, OnceLock};

/// The one font every picture uses.
const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSansMono.ttf");
const FAMILY: &str = "DejaVu Sans Mono";
/// Text size, and the monospace advance and line height it gives (px).
const SIZE: f32 = 16.0;
const ADVANCE: f32 = SIZE * 0.602;
const LINE: f32 = SIZE * 1.25;
const MARGIN: f32 = 12.0;

const BOLD: &str = " font-weight=\"bold\" fill=\"#20324a\"";
const PLAIN: &str = " fill=\"#111111\"";
const NOTE: &str = " fill=\"#5a3d12\"";

/// Escapes text for SVG.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture of `diagram` (the game's own text board) under `title` and
/// above `caption` lines (the last move, the result), as SVG.
pub fn svg(title: &str, diagram: &str, caption: &[String]) -> String {
    let body: Vec<&str> = diagram.lines().collect();
    let widest = std::iter::once(title.chars().count())
        .chain(body.iter().map(|l| l.chars().count()))
        .chain(caption.iter().map(|l| l.chars().count()))
        .max()
        .unwrap_or(0);
    let rows = 1 + body.len() + caption.len() + 1;
    let width = (2.0 * MARGIN + widest as f32 * ADVANCE).ceil();
    let height = (2.0 * MARGIN + rows as f32 * LINE).ceil();
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fbf8f1\"/>\n\
         <g font-family=\"{FAMILY}\" font-size=\"{SIZE}\" xml:space=\"preserve\">\n"
    );
    // (text, style) per line, and `None` for the gap above the caption.
    let mut lines: Vec<Option<(&str, &str)>> = vec![Some((title, BOLD))];
    lines.extend(body.iter().map(|row| Some((*row, PLAIN))));
    lines.push(None);
    lines.extend(caption.iter().map(|row| Some((row.as_str(), NOTE))));
    for (i, line) in lines.iter().enumerate() {
        if let Some((text, style)) = line {
            let y = MARGIN + SIZE + i as f32 * LINE;
            out.push_str(&format!(
                "<text x=\"{MARGIN}\" y=\"{y}\"{style}>{}</text>\n",
                xml(text)
            ));
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(FONT.to_vec());
        fonts.set_monospace_family(FAMILY);
        usvg::Options {
            font_family: FAMILY.into(),
            fontdb: Arc::new(fonts),
            ..usvg::Options::default()
        }
    })
}

/// Renders an SVG picture to PNG with the shipped font.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let tree = usvg::Tree::from_str(svg, options()).map_err(|e| format!("the picture: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture has no area")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("encoding PNG: {e}"))
}

/// The share of pixels of two PNGs of one size that differ by more than a
/// little in any channel; `None` if either is unreadable or their sizes
/// differ. For golden-image tests.
pub fn difference(a: &[u8], b: &[u8]) -> Option<f64> {
    let a = tiny_skia::Pixmap::decode_png(a).ok()?;
    let b = tiny_skia::Pixmap::decode_png(b).ok()?;
    if a.width() != b.width() || a.height() != b.height() {
        return None;
    }
    let differ = a
        .data()
        .chunks(4)
        .zip(b.data().chunks(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 48))
        .count();
    Some(differ as f64 / (a.width() * a.height()) as f64)
}

use resvg::{tiny_skia, usvg};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_every_line_is_drawn() {
        let picture = svg("A <b> & \"c\"", "ab\ncd", &["last: x".into()]);
        assert!(picture.contains("A &lt;b&gt; &amp; &quot;c&quot;"));
        assert_eq!(picture.matches("<text ").count(), 4);
        let png = png(&picture).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(difference(&png, &png), Some(0.0));
    }
}
