//! A measurement a command makes of each puzzle besides the solve, inside
//! the run: `rate` rates a unique puzzle for people, `estimate` probes a
//! strategy's whole tree. The runner calls it once per (puzzle, strategy),
//! right after the checked first-round solve and outside its timed region,
//! under `catch_unwind`; what it returns is the results line's `follow_up`,
//! a typed record of the command's own, serialized (a results file keeps
//! it, and `--resume` reads it back with the same type).
//!
//! A follow-up that reads the solve's own events (`ladder` counts
//! placements by rule) hands the runner a trace ([`FollowUp::trace`]): the
//! checked solve runs traced into it (so nothing is solved twice; its time is
//! provisional, as a mems count's is, and a plain round replaces it), and
//! `measure` finds it in [`Solved::trace`].
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
    /// The trace the checked solve ran into, when the follow-up asked for
    /// one ([`FollowUp::trace`]) and the solve ran.
    pub trace: Option<&'a dyn Traced>,
}

/// A trace the checked solve runs into, for a follow-up that reads the
/// solve's events (see the module docs).
pub trait Traced: sudoku_core::Trace + Send + Debug {
    /// What the events made, serialized.
    fn record(&self) -> serde_json::Value;
}

/// A measurement after the checked solve (see the module docs).
pub trait FollowUp: Send + Sync + Debug {
    /// What it measures and how, in words: part of the run's settings, so a
    /// resumed run measures the same (`rate --steps` against `rate`).
    fn describe(&self) -> String;

    /// A fresh trace for one checked solve, when the measurement reads the
    /// solve's events; none (the default) for a plain checked solve.
    fn trace(&self) -> Option<Box<dyn Traced>> {
        None
    }

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
