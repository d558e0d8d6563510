//! A measurement a command makes of each puzzle besides the solve, inside
//! the run: `rate` rates a unique puzzle for people, `estimate` probes a
//! strategy's whole tree. The runner calls it once per (puzzle, strategy),
//! right after the checked first-round solve and outside its timed region,
//! under `catch_unwind`; what it returns is the results line's `follow_up`,
//! a typed record of the command's own, serialized (a results file keeps
//! it, and `--resume` reads it back with the same type).
//!
//! The engine knows no such record: it names no strategy and no technique,
//! and hands the follow-up what the solve found.

use std::fmt::Debug;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_input::Entry;

/// What the checked solve found, as a follow-up sees it.
#[derive(Clone, Copy, Debug)]
pub struct Solved<'a> {
    /// The strategy said the puzzle has one solution. (A flag, not the
    /// results line's verdict: this module stays below the records.)
    pub unique: bool,
    /// Its verified solution (a unique or multiple verdict).
    pub solution: Option<&'a Grid>,
}

/// A measurement after the checked solve (see the module docs).
pub trait FollowUp: Send + Sync + Debug {
    /// What it measures and how, in words: part of the run's settings, so a
    /// resumed run measures the same (`rate --steps` against `rate`).
    fn describe(&self) -> String;

    /// Measures `entry` after `solver`'s checked solve under `limits` (the
    /// run's budgets); the record, serialized, or none when there is nothing
    /// to measure (`rate` on a puzzle without one solution).
    fn measure(
        &self,
        solver: &dyn Solver,
        entry: &Entry,
        solved: Solved<'_>,
        limits: &Limits,
    ) -> Option<serde_json::Value>;
}
