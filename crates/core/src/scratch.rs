//! Reusable per-shape scratch space, kept per thread.
//!
//! The harness solves thousands of puzzles in a row; building a strategy's
//! tables (the DLX matrix, conflict counts) for each would cost more than many
//! searches. Like regex-automata's `Cache`, each strategy keeps its scratch
//! between solves; sudoku-lab keeps it in a thread-local slot, so the `Solver`
//! trait stays `&self`, works from any number of threads, and every strategy
//! uses this one pattern.

use crate::shape::Shape;
use std::cell::RefCell;
use std::thread::LocalKey;

/// Scratch space built for one shape.
pub trait Scratch: Sized {
    fn new(shape: Shape) -> Self;
    fn shape(&self) -> Shape;
}

/// A thread-local slot holding a strategy's scratch.
pub type Slot<S> = RefCell<Option<S>>;

/// Runs `f` with this thread's scratch for `shape`, building it when the slot
/// is empty or holds another shape.
///
/// The scratch is taken out of the slot while `f` runs: if `f` panics, the
/// half-updated scratch is dropped instead of being reused, and a re-entrant
/// call builds a fresh one instead of failing.
pub fn with_scratch<S: Scratch, R>(
    slot: &'static LocalKey<Slot<S>>,
    shape: Shape,
    f: impl FnOnce(&mut S) -> R,
) -> R {
    let mut scratch = match slot.with(|cell| cell.borrow_mut().take()) {
        Some(s) if s.shape() == shape => s,
        _ => S::new(shape),
    };
    let result = f(&mut scratch);
    slot.with(|cell| *cell.borrow_mut() = Some(scratch));
    result
}
