//! Knight Court's whole game graph, with the table's value of every
//! position (the ban ignored).
use arbiter_core::PositionSpace;
use arbiter_knight_court::{Color, KnightCourtSpace};
use arbiter_search::knight_court::table;
use arbiter_search::retrograde::Value;
use std::collections::HashMap;

pub struct Graph {
    pub exists: Vec<bool>,
    pub in_check: Vec<bool>,
    pub turn: Vec<Color>,
    pub value: Vec<Option<Value>>,
    pub children: Vec<Vec<u32>>,
}

impl Graph {
    pub fn build() -> Graph {
        let space = KnightCourtSpace;
        let size = space.size();
        let mut graph = Graph {
            exists: vec![false; size],
            in_check: vec![false; size],
            turn: vec![Color::White; size],
            value: vec![None; size],
            children: vec![Vec::new(); size],
        };
        for i in 0..size {
            if let Some(position) = space.position(i) {
                graph.exists[i] = true;
                graph.in_check[i] = position.is_check();
                graph.turn[i] = position.turn();
                graph.value[i] = table().value(i);
                space.for_each_child(&position, |c| graph.children[i].push(c as u32));
            }
        }
        graph
    }

    pub fn size(&self) -> usize {
        self.exists.len()
    }

    /// `defender` is to move at `i` and the table calls it drawn.
    pub fn drawn(&self, i: usize, defender: Color) -> bool {
        self.exists[i] && self.turn[i] == defender && self.value[i] == Some(Value::Draw)
    }

    /// `defender` is to move at `i` and the table calls it won for it.
    pub fn won(&self, i: usize, defender: Color) -> bool {
        self.exists[i] && self.turn[i] == defender && matches!(self.value[i], Some(Value::Win(_)))
    }
}

/// A defence without memory: the drawn positions it holds (besides every
/// position won for the defender), the move each reserves, and which need
/// none (free: not in check, every move safe and reserved by nobody).
pub struct Defence {
    pub held: Vec<bool>,
    pub reserve: HashMap<usize, usize>,
    pub free: Vec<bool>,
}
