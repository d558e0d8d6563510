//! Reusable per-shape scratch space, kept per thread.
//!
//! The harness solves thousands of puzzles in a row; building a strategy's
//! tables (the DLX matrix, conflict counts) for each would cost more than many
//! searches. Like regex-automata's `Cache`, each strategy keeps its scratch
//! between solves. sudoku-lab keeps it in one thread-local shelf keyed by the
//! scratch type, so the [`Solver`](crate::Solver) trait stays `&self`, works
//! from any number of threads, and no strategy writes a `thread_local!` of its
//! own: the blanket `Solver` impl of every [`Strategy`](crate::Strategy) calls
//! [`with_scratch`].

use crate::shape::Shape;
use std::any::{Any, TypeId};
use std::cell::RefCell;

/// Scratch space built for one shape.
pub trait Scratch: 'static {
    fn new(shape: Shape) -> Self;
    /// `true` when this scratch can serve a puzzle of `shape` as it is.
    fn fits(&self, shape: Shape) -> bool;
}

/// For strategies that need no scratch.
impl Scratch for () {
    fn new(_: Shape) {}
    fn fits(&self, _: Shape) -> bool {
        true
    }
}

thread_local! {
    /// One scratch per type, at most: a handful of entries, so a linear scan
    /// is faster than hashing.
    static SHELF: RefCell<Vec<(TypeId, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's scratch of type `S` for `shape`, building it
/// when there is none or it does not fit.
///
/// The scratch is taken off the shelf while `f` runs: if `f` panics, the
/// half-updated scratch is dropped instead of being reused, and a re-entrant
/// call builds a fresh one instead of failing.
pub fn with_scratch<S: Scratch, R>(shape: Shape, f: impl FnOnce(&mut S) -> R) -> R {
    let key = TypeId::of::<S>();
    let taken = SHELF.with(|shelf| {
        let mut shelf = shelf.borrow_mut();
        let i = shelf.iter().position(|(k, _)| *k == key)?;
        shelf.swap_remove(i).1.downcast::<S>().ok()
    });
    let mut scratch = match taken {
        Some(s) if s.fits(shape) => s,
        _ => Box::new(S::new(shape)),
    };
    let result = f(&mut scratch);
    SHELF.with(|shelf| shelf.borrow_mut().push((key, scratch)));
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Counted(Shape);
    impl Scratch for Counted {
        fn new(shape: Shape) -> Counted {
            BUILT.with(|b| b.set(b.get() + 1));
            Counted(shape)
        }
        fn fits(&self, shape: Shape) -> bool {
            self.0 == shape
        }
    }
    thread_local! { static BUILT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) }; }

    #[test]
    fn scratch_is_built_once_per_shape_and_reused() {
        let s3 = Shape::new(3, 3).unwrap();
        let s2 = Shape::new(2, 2).unwrap();
        for _ in 0..3 {
            with_scratch(s3, |_: &mut Counted| ());
        }
        assert_eq!(BUILT.with(|b| b.get()), 1);
        with_scratch(s2, |c: &mut Counted| assert_eq!(c.0, s2));
        assert_eq!(BUILT.with(|b| b.get()), 2);
    }
}
