//! # sudoku-core
//!
//! What every sudoku-lab strategy shares, and nothing else:
//!
//! * [`Shape`] and [`Geometry`]: grids of any box shape from 1x1 to 25x25,
//!   rectangular boxes included, with the row, column, box and peers of every
//!   cell computed once;
//! * [`Grid`]: cells, givens, [`Grid::conflicts`] and
//!   [`Grid::verify_solution_of`], the check applied to every reported solution;
//! * [`PuzzleReader`]: a streaming reader of the line, block, number and CSV
//!   formats that yields `(line, Result<Entry, ParseError>)`;
//! * [`Solver`], [`Limits`], [`Outcome`], [`Verdict`] and [`Stats`]: the one
//!   interface all strategies implement, with statistics defined once;
//! * [`Run`]: the bookkeeping (counts, budgets, solutions, trace events) a
//!   search loop calls, so `nodes` means the same thing in every strategy;
//! * [`Trace`] and [`Event`]: the search step by step, free when off;
//! * [`Strategy`] and [`Info`]: what a strategy crate writes (its algorithm and
//!   a description of itself); [`Solver`] comes with it;
//! * [`scratch`]: the per-thread, per-shape scratch every strategy reuses;
//! * [`cover`]: what the exact-cover strategies (dlx, dcells) share.
//!
//! ```
//! use sudoku_core::{Grid, Shape};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! assert_eq!(puzzle.shape(), Shape::new(2, 2).unwrap());
//! assert_eq!(puzzle.givens(), 5);
//! assert!(puzzle.conflicts().is_empty());
//! ```

pub mod bits;
pub mod cover;
pub mod estimate;
mod grid;
mod parse;
pub mod scratch;
mod shape;
mod solver;
pub mod stats;
mod strategy;
mod trace;
mod tree;

pub use grid::{digit_symbol, symbol_digit, Conflict, Grid, VerifyError};
pub use parse::{
    parse_puzzle, Entry, ParseError, ParseErrorKind, PuzzleReader, ReadOptions, MAX_LINE_BYTES,
};
pub use shape::{Geometry, Shape, ShapeError, Unit, MAX_SIDE};
pub use solver::{Limits, Outcome, Run, Solver, Stats, Stop, Verdict, TIME_CHECK_INTERVAL};
pub use strategy::{Capabilities, Family, Info, Reports, Shapes, Strategy};
pub use trace::{
    digit_set, Constraint, CountMems, DeadEnd, Event, NoTrace, Reason, Recorder, Rule, Trace,
};
pub use tree::{Elimination, Placement, Replay, ReplayStep, TreeNode};
