//! # sudoku-harness
//!
//! The `sudoku-lab` program: the command line ([`cli`], [`args`]), the
//! strategy [`registry`] (the one place that names strategies), and the
//! commands, each a thin module that configures the measuring engine
//! (`sudoku-engine`) and hands its records to an aggregator and a view
//! (`sudoku-reports`); ARCHITECTURE.md at the repository root draws the
//! layers. The binary (`src/main.rs`) only parses the command line and calls
//! [`cli::run`].
//!
//! ## Teaching
//!
//! Two subcommands show what the numbers of a comparison mean:
//!
//! * `sudoku-lab trace` ([`trace`]) shows one strategy's search on one puzzle,
//!   event by event: which cell and digit were chosen among how many options,
//!   dead ends, undos and solutions, as indented text, JSON lines, a Graphviz
//!   tree, or an animation in the terminal. Its event counts are the solve's
//!   statistics.
//! * `sudoku-lab explain` ([`explain`]) runs every strategy on one puzzle, sets
//!   their figures side by side and says in a few sentences, computed from
//!   those figures, how much each one pruned, how many states it held and how
//!   long it took.
//!
//! `cargo run --release --example compare_strategies` does the same with one
//! loop over the [`registry`].

// Every message to standard error goes through `stderr::write`, which
// never panics: these shadow std's macros in every module below (a macro
// defined here is in scope, by textual order, for the modules declared after
// it). See the `stderr` module.
macro_rules! eprintln {
    () => {
        $crate::stderr::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

#[allow(unused_macros)] // none uses it yet; here so that none gets std's
macro_rules! eprint {
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!($($arg)*))
    };
}

// The engine's plumbing, under the names the commands use.
pub use sudoku_engine::{format, input, jobs, output, stderr, units, Status};

pub mod args;
pub mod catalog;
pub mod cli;
pub mod compare;
pub mod estimate;
pub mod explain;
pub mod generate;
pub mod human;
pub mod inputs;
pub mod ladder;
pub mod palette;
pub mod rate;
pub mod registry;
pub mod scaling;
pub mod solve;
pub mod trace;
