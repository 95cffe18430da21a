//! A terminal picture of the public board.

use crate::game::KnightControl;
use crate::item::Item;
use crate::layout::CellKind;
use crate::view::Board;
use arbiter_core::Diagram;
use std::fmt::Write;

fn item_mark(item: Item) -> &'static str {
    match item {
        Item::Garnet => "g",
        Item::Chips(_) => "$",
        Item::TolPiece => "t",
        Item::ExtraMove => "m",
        Item::ExtraSpawn => "s",
        Item::Portal => "@",
        Item::Modify => "~",
    }
}

impl KnightControl {
    /// Draws a published board: grid, zones, knights (`P3` is P3's knight),
    /// items, then the knights' movements, zone owners and garnets.
    pub fn draw(&self, board: &Board) -> String {
        let layout = self.layout();
        let mut marks = vec![String::new(); layout.frame_size()];
        for cell in 0..layout.frame_size() as u16 {
            marks[cell as usize] = match layout.kind(cell) {
                CellKind::Outside => "".into(),
                CellKind::Grid => ".".into(),
                CellKind::Zone(z) => layout.zone(z).letter.to_ascii_lowercase().to_string(),
            };
        }
        for p in &board.items {
            if let Ok(cell) = layout.cell(p.cell) {
                marks[cell as usize] = item_mark(p.item).into();
            }
        }
        for k in &board.knights {
            if let Ok(cell) = layout.cell(k.cell) {
                marks[cell as usize] = k.owner.to_string();
            }
        }
        let mut out = String::new();
        let _ = writeln!(out, "Knight Control, after round {}", board.after_round);
        for y in (0..layout.frame_height()).rev() {
            let label = if y >= 1 && y <= layout.ranks() as i32 {
                format!("{y:>2}")
            } else {
                "  ".into()
            };
            out.push_str(&label);
            for x in 0..layout.frame_width() {
                let cell = (y * layout.frame_width() + x) as usize;
                let _ = write!(out, " {:<3}", marks[cell]);
            }
            out.push('\n');
        }
        out.push_str("      ");
        for f in 0..layout.files() {
            let _ = write!(out, " {:<3}", (b'a' + f) as char);
        }
        out.push_str("\nitems: g garnet, $ chips, t ToL piece, m extra move, s extra spawn, @ portal, ~ modify; zone cells in small letters\n");
        let owners: Vec<String> = board
            .zones
            .iter()
            .filter_map(|z| z.owner.as_ref().map(|o| format!("{o}={}", z.letter)))
            .collect();
        if !owners.is_empty() {
            let _ = writeln!(out, "zones: {}", owners.join(" "));
        }
        let garnets: Vec<String> = board
            .garnets
            .iter()
            .enumerate()
            .map(|(i, g)| format!("P{}={g}", i + 1))
            .collect();
        let _ = writeln!(out, "garnets: {}", garnets.join(" "));
        let knights: Vec<String> = board
            .knights
            .iter()
            .map(|k| format!("{}:{}:{}", k.owner, k.cell, k.movement))
            .collect();
        let _ = writeln!(
            out,
            "knights: {}",
            if knights.is_empty() {
                "none".into()
            } else {
                knights.join(" ")
            }
        );
        let chips: Vec<String> = board
            .items
            .iter()
            .filter_map(|p| match p.item {
                Item::Chips(n) => Some(format!("{}={n}", p.cell)),
                _ => None,
            })
            .collect();
        if !chips.is_empty() {
            let _ = writeln!(out, "chips items: {}", chips.join(" "));
        }
        out
    }
}

impl Diagram for KnightControl {
    fn diagram(&self) -> String {
        let mut out = self.draw(&self.published);
        if let Some(outcome) = self.outcome() {
            let _ = writeln!(out, "game over: {outcome}");
        }
        out
    }
}
