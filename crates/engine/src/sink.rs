//! Where a run's records go as they are made.
//!
//! The [`runner`](crate::runner) pushes every cross-checked puzzle's lines,
//! and every problem it finds, into a [`Sink`], as ripgrep's searcher pushes
//! matches into the printer's sink: a report's tally, a results file and a
//! view each implement it, and the engine knows none of them.

use crate::problem::Problem;
use crate::results::Line;

/// Receives a run as it happens: the sets and strategies first, then each
/// puzzle's lines once they are cross-checked, the problems, and the sets
/// `--limit-puzzles` cut short.
pub trait Sink {
    /// A set the run will go through, before any line of it.
    fn begin_set(&mut self, _name: &str, _path: &str) {}
    /// A strategy that runs on `set` (`outside`: not one of ours).
    fn strategy(&mut self, _set: &str, _id: &str, _outside: bool) {}
    /// One puzzle's lines, one per strategy, cross-checked.
    fn lines(&mut self, lines: &[Line]);
    /// A problem that is not in any line (an unreadable set, a parse error).
    fn problem(&mut self, _problem: Problem) {}
    /// A set cut short by `--limit-puzzles`.
    fn truncated(&mut self, _set: &str) {}
}

/// A closure over each puzzle's lines is a sink that ignores the rest.
impl<F: FnMut(&[Line])> Sink for F {
    fn lines(&mut self, lines: &[Line]) {
        self(lines)
    }
}

/// Two sinks fed the same run, in order.
pub struct Both<'a, A: ?Sized, B: ?Sized>(pub &'a mut A, pub &'a mut B);

impl<A: Sink + ?Sized, B: Sink + ?Sized> Sink for Both<'_, A, B> {
    fn begin_set(&mut self, name: &str, path: &str) {
        self.0.begin_set(name, path);
        self.1.begin_set(name, path);
    }
    fn strategy(&mut self, set: &str, id: &str, outside: bool) {
        self.0.strategy(set, id, outside);
        self.1.strategy(set, id, outside);
    }
    fn lines(&mut self, lines: &[Line]) {
        self.0.lines(lines);
        self.1.lines(lines);
    }
    fn problem(&mut self, problem: Problem) {
        self.0.problem(problem.clone());
        self.1.problem(problem);
    }
    fn truncated(&mut self, set: &str) {
        self.0.truncated(set);
        self.1.truncated(set);
    }
}
