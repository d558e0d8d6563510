//! The harness's default integration tests, one binary: each module was a
//! test file of its own, and each such file linked the whole program again
//! (about twenty links of the harness per `cargo test`). The tests CI runs by
//! name with `--ignored` (browser, guide, nothing_lost) and the checker's
//! stay binaries of their own beside this one.
//!
//! Run one theme with `cargo test -p sudoku-harness --test suite compare::`.

mod common;

mod cli;
mod compare;
mod corpus;
mod estimate;
mod generate;
mod input_limits;
mod ladder;
mod layout;
mod mems;
mod messages;
mod protocols;
mod provenance;
mod rate;
mod reading_back;
mod reliability;
mod replay;
mod sets;
mod settings;
mod streaming;
mod teaching;
mod trace_budgets;
