//! # sudoku-search (doc being written)

mod generic;
mod sudoku;

pub use generic::{bfs, dfs, search, Order, State, Visitor};
pub use sudoku::{state_bytes, Bfs, Dfs};
