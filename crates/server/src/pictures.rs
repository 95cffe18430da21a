//! Board pictures: SVG and PNG of any position of any game, drawn from the
//! game's [`Scene`], the one board description the web client draws too
//! (docs/pictures.md), so the server draws no rule of any game and a
//! picture shows what the table shows. A scene holds only what its viewer
//! may see. PNG is rendered from the SVG by resvg with a font shipped
//! inside the binary (DejaVu Sans Mono, `assets/fonts/`), so a picture
//! looks the same on every machine.

use arbiter_core::scene::{Badge, CellKind, MarkKind, Panel, Scene, Token};
use std::fmt::Write;
use std::sync::{Arc, OnceLock};

/// The one font every picture uses.
const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSansMono.ttf");
const FAMILY: &str = "DejaVu Sans Mono";
/// Text size and line height (px), and the margin round everything.
const SIZE: f32 = 15.0;
const LINE: f32 = SIZE * 1.4;
const MARGIN: f32 = 12.0;
/// The widest a board is drawn (px), and its cells' smallest and largest.
const BOARD: f32 = 520.0;
const CELL: (f32, f32) = (18.0, 72.0);

/// The colours the web client's style sheet gives the same things.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const ZONE: &str = "#cccccc";
const BLOCK: &str = "#8a8a8a";
const LAST: &str = "#42a5f5";
const PATH: &str = "#1565c0";
const RED: &str = "#b00020";

/// Escapes text for SVG, and for HTML text and double-quoted attributes
/// (the table page's head).
pub(crate) fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A text line at (x, y) in `fill`, bold if asked.
fn text(out: &mut String, x: f32, y: f32, line: &str, fill: &str, bold: bool) {
    let weight = if bold { " font-weight=\"bold\"" } else { "" };
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" fill=\"{fill}\"{weight}>{}</text>",
        xml(line)
    );
}

/// Where a scene's grid is drawn: its top-left corner and cell size.
struct Grid {
    left: f32,
    top: f32,
    cell: f32,
    width: usize,
}

impl Grid {
    fn origin(&self, i: usize) -> (f32, f32) {
        let (col, row) = (i % self.width, i / self.width);
        (
            self.left + col as f32 * self.cell,
            self.top + row as f32 * self.cell,
        )
    }
}

/// A piece drawn in a `w`-wide square at (x, y), as the web client draws
/// it: a chess glyph, or a disc in its side's colour with its letter.
/// `at` is its cell's key, or empty for a panel's piece.
fn piece(out: &mut String, scene: &Scene, t: &Token, at: &str, (x, y, w): (f32, f32, f32)) {
    let side = scene.sides.get(t.side);
    let (fill, ink) = side.map_or(("#888888", "#000000"), |s| {
        (s.fill.as_str(), s.ink.as_str())
    });
    let (cx, cy) = (x + w / 2.0, y + w / 2.0);
    let _ = write!(
        out,
        "<g data-piece=\"{}\" data-at=\"{}\">",
        xml(&t.letter),
        xml(at)
    );
    if let Some(glyph) = &t.glyph {
        let _ = write!(
            out,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" fill=\"#000000\">{}</text>",
            y + w * 0.8,
            w * 0.85,
            xml(glyph)
        );
    } else {
        let faint = if t.faint {
            " stroke-dasharray=\"4 3\" opacity=\"0.6\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"#555555\" stroke-width=\"1.5\"{faint}/>",
            w * 0.4
        );
        let (size, dy) = match (&t.sub, t.letter.chars().count()) {
            (Some(_), _) => (w * 0.26, -w * 0.02),
            (None, 1) => (w * 0.44, w * 0.15),
            (None, _) => (w * 0.3, w * 0.1),
        };
        let _ = write!(
            out,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"{ink}\">{}</text>",
            cy + dy,
            xml(&t.letter)
        );
        if let Some(sub) = &t.sub {
            let _ = write!(
                out,
                "<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                cy + w * 0.24,
                xml(sub)
            );
        }
    }
    if let Some(corner) = &t.corner {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#000000\" stroke=\"#ffffff\" stroke-width=\"2\" paint-order=\"stroke\">{}</text>",
            x + w * 0.86,
            y + w * 0.3,
            w * 0.28,
            xml(corner)
        );
    }
    match t.badge {
        Some(Badge::Ball) => {
            let _ = write!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"#e8b400\" stroke=\"#000000\"/>",
                x + w * 0.78,
                y + w * 0.22,
                w * 0.13
            );
        }
        Some(Badge::Spent) => {
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" fill=\"{RED}\">✕</text>",
                x + w * 0.86,
                y + w * 0.26,
                w * 0.24
            );
        }
        None => {}
    }
    out.push_str("</g>\n");
}

/// A panel as one line: its title, then its pieces.
fn panel(out: &mut String, scene: &Scene, p: &Panel, y: f32) {
    text(out, MARGIN, y, &p.title, "#222222", p.active);
    let w = LINE * 1.3;
    let mut x = MARGIN + (p.title.chars().count() as f32 + 1.0) * SIZE * 0.602;
    for (_, t) in &p.pieces {
        piece(out, scene, t, "", (x, y - w * 0.75, w));
        x += w;
    }
}

/// The picture of `scene` under `title` and above `caption` lines (the
/// last entry, the result), as SVG. Every cell carries its key
/// (`data-key`) and every piece its letter (`data-piece`), so a test can
/// read back what was drawn.
pub fn svg(title: &str, scene: &Scene, caption: &[String]) -> String {
    let cell = (BOARD / scene.width.max(scene.height).max(1) as f32).clamp(CELL.0, CELL.1);
    let coord = (cell * 0.45).clamp(11.0, 16.0);
    // In a duel the second side's panels sit above the board, on its side.
    let (above, below): (Vec<&Panel>, Vec<&Panel>) = scene
        .panels
        .iter()
        .partition(|p| scene.sides.len() == 2 && p.side == Some(1));
    let panel_height = |p: &Panel| {
        if p.pieces.is_empty() {
            LINE
        } else {
            LINE * 1.5
        }
    };
    let advance = SIZE * 0.602;
    let widest_text = std::iter::once(title)
        .chain(scene.status.iter().map(String::as_str))
        .chain(caption.iter().map(String::as_str))
        .map(|l| l.chars().count() as f32 * advance)
        .chain(scene.panels.iter().map(|p| {
            (p.title.chars().count() + 1) as f32 * advance + p.pieces.len() as f32 * LINE * 1.3
        }))
        .fold(0.0, f32::max);
    let board_w = scene.width as f32 * cell;
    let board_h = scene.height as f32 * cell;
    let width = (2.0 * MARGIN + widest_text.max(coord + board_w)).ceil();
    let height = (2.0 * MARGIN
        + LINE
        + scene.panels.iter().map(panel_height).sum::<f32>()
        + board_h
        + coord
        + 6.0
        + (scene.status.len() + caption.len() + 1) as f32 * LINE)
        .ceil();

    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n\
         <title>{}</title>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fbf8f1\"/>\n\
         <g font-family=\"{FAMILY}\" font-size=\"{SIZE}\">\n",
        xml(&scene.label)
    );
    let mut y = MARGIN;
    text(&mut out, MARGIN, y + SIZE, title, "#20324a", true);
    y += LINE;
    for p in &above {
        panel(&mut out, scene, p, y + SIZE + panel_height(p) - LINE);
        y += panel_height(p);
    }
    let grid = Grid {
        left: MARGIN + coord,
        top: y + 4.0,
        cell,
        width: scene.width.max(1),
    };
    board(&mut out, scene, &grid, coord);
    y = grid.top + board_h + coord + 6.0;
    for p in &below {
        panel(&mut out, scene, p, y + SIZE + panel_height(p) - LINE);
        y += panel_height(p);
    }
    for line in &scene.status {
        text(&mut out, MARGIN, y + SIZE, line, "#111111", false);
        y += LINE;
    }
    y += LINE;
    for line in caption {
        text(&mut out, MARGIN, y + SIZE, line, "#5a3d12", false);
        y += LINE;
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// The grid: cells, coordinates, the last move's marks, then pieces.
fn board(out: &mut String, scene: &Scene, grid: &Grid, coord: f32) {
    let w = grid.cell;
    let last = scene.last.clone().unwrap_or_default();
    let centre = |key: &str| {
        let i = scene.cells.iter().position(|c| c.key == key)?;
        let (x, y) = grid.origin(i);
        Some((x + w / 2.0, y + w / 2.0))
    };
    for (i, c) in scene.cells.iter().enumerate() {
        let (x, y) = grid.origin(i);
        let fill = match c.kind {
            CellKind::Off => continue,
            CellKind::Light => LIGHT,
            CellKind::Dark => DARK,
            CellKind::Zone => ZONE,
            CellKind::Block => BLOCK,
        };
        let _ = writeln!(
            out,
            "<rect data-key=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{w:.1}\" fill=\"{fill}\" stroke=\"#00000022\"><title>{}</title></rect>",
            xml(&c.key),
            xml(&c.name)
        );
        if let Some(side) = c.tint.and_then(|s| scene.sides.get(s)) {
            let _ = writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{w:.1}\" fill=\"{}\" opacity=\"0.4\"/>",
                side.fill
            );
        }
        if last.cells.contains(&c.key) {
            let _ = writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{w:.1}\" fill=\"{LAST}\" opacity=\"0.45\"/>"
            );
        }
        if let Some(label) = &c.label {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" fill=\"#333333\">{}</text>",
                x + w / 2.0,
                y + w * 0.65,
                w * 0.45,
                xml(label)
            );
        }
        if let Some(item) = &c.item {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" fill=\"#333333\">{}</text>",
                x + 2.0,
                y + w - 3.0,
                w * 0.3,
                xml(&item.mark)
            );
        }
    }
    let small = format!(
        "font-size=\"{:.1}\" fill=\"#333333\" text-anchor=\"middle\"",
        coord * 0.8
    );
    let bottom = grid.top + scene.height as f32 * w + coord * 0.85;
    for (col, label) in scene
        .files
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
    {
        let x = grid.left + (col as f32 + 0.5) * w;
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{bottom:.1}\" {small}>{}</text>",
            xml(label)
        );
    }
    for (row, label) in scene
        .ranks
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
    {
        let y = grid.top + (row as f32 + 0.5) * w + coord * 0.3;
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{y:.1}\" {small}>{}</text>",
            grid.left - coord * 0.55,
            xml(label)
        );
    }
    for path in &last.paths {
        let points: Vec<String> = path
            .keys
            .iter()
            .filter_map(|k| centre(k))
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let colour = path
            .side
            .and_then(|s| scene.sides.get(s))
            .map_or(PATH, |s| s.fill.as_str());
        let dash = if path.jump {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        if points.len() > 1 {
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" stroke-linecap=\"round\" opacity=\"0.8\"{dash}/>",
                points.join(" ")
            );
        }
    }
    for (i, c) in scene.cells.iter().enumerate() {
        if let Some(t) = &c.piece {
            let (x, y) = grid.origin(i);
            piece(out, scene, t, &c.key, (x, y, w));
        }
    }
    for mark in &last.marks {
        let Some((x, y)) = centre(&mark.key) else {
            continue;
        };
        let _ = match mark.kind {
            MarkKind::Spawn => writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
                w * 0.47
            ),
            MarkKind::Collision => writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{RED}\" stroke-width=\"3\"/><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" fill=\"{RED}\">✕</text>",
                w * 0.42,
                y + w * 0.17,
                w * 0.5
            ),
            MarkKind::Capture => writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"{RED}\">✕</text>",
                x + w * 0.3,
                y - w * 0.2,
                w * 0.45
            ),
        };
    }
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

/// [`png`] on the blocking pool, off the async threads (a picture takes
/// milliseconds to draw).
pub async fn png_off_thread(svg: String) -> Result<Vec<u8>, String> {
    tokio::task::spawn_blocking(move || png(&svg))
        .await
        .map_err(|e| format!("drawing the picture: {e}"))?
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
    use arbiter_core::scene::{self, Cell, Token};

    #[test]
    fn text_is_escaped_and_every_cell_and_piece_is_drawn() {
        let mut scene = Scene {
            sides: scene::white_and_black(["W", "B"]),
            ..Scene::checkered("test", 2, 2, |f, r| {
                (f == 0 && r == 0).then(|| (Token::disc(0, "<"), "a piece".into()))
            })
        };
        scene.cells[1] = Cell::plain("", CellKind::Off, "");
        let picture = svg("A <b> & \"c\"", &scene, &["last: x".into()]);
        assert!(picture.contains("A &lt;b&gt; &amp; &quot;c&quot;"));
        assert_eq!(picture.matches("data-key=").count(), 3);
        assert_eq!(picture.matches("data-piece=\"&lt;\"").count(), 1);
        let png = png(&picture).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(difference(&png, &png), Some(0.0));
    }
}
