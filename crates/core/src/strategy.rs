//! [`Strategy`]: what a strategy crate writes (its algorithm, nothing else),
//! [`Info`]: what it says about itself, and the blanket [`Solver`] impl that
//! does the bookkeeping once for every strategy.
//!
//! The shape follows regex-automata, where each engine pairs an immutable
//! configuration with a reusable cache, and tdoku, where every solver has one
//! signature and its capabilities sit in one registry: a strategy is a plain
//! value (its configuration), its `Scratch` is built once per shape and reused
//! from puzzle to puzzle, and its [`Info`] answers every question the harness,
//! the tables and the tests would otherwise ask by matching names.

use crate::grid::Grid;
use crate::info::Info;
use crate::scratch::{with_scratch, Scratch};
use crate::solver::{Limits, Outcome, Run, Solver, Stop};
use crate::trace::{CountMems, NoTrace, Trace};

/// A strategy's algorithm. Implement this; [`Solver`] comes for free.
///
/// `search` is written once, generic over the trace: `solve` instantiates it
/// with the zero-sized [`NoTrace`] (every trace call compiles away) and
/// `solve_traced` with `&mut dyn Trace`. The blanket impl has already checked
/// the givens (no conflict) and the shape ([`Info::shapes`]) and handed over
/// this thread's scratch for the puzzle's shape; `search` enters the root with
/// [`Run::enter`] and reports through [`Run`] until it is done or `Run` says stop.
///
/// ## Where a strategy's search is compiled
///
/// The blanket impl makes `search`, for every trace, generic code, which rustc
/// compiles in each crate that calls it: each test, example and the program
/// would compile the whole search again (bitboard's, one copy per grid side,
/// took 55 s in each of its six test and example binaries). A strategy crate
/// therefore names its rows once with [`compiled_here!`](crate::compiled_here),
/// and unoptimised test builds compile its searches in that crate only, where
/// every crate that uses them finds them. Optimised builds leave it out: they
/// compile a search where it is called, and inline it there.
pub trait Strategy: Send + Sync {
    /// Per-shape working memory, reused from puzzle to puzzle on a thread.
    type Scratch: Scratch;
    /// `true` when `search` finds clashing givens itself, on its way to
    /// building its state and before it enters the root, and reports them
    /// with [`Run::invalid_givens`]: the blanket impl then skips
    /// [`Grid::has_conflict`], which would read every cell a second time.
    /// The outcome is the same either way.
    const CHECKS_GIVENS: bool = false;
    fn info(&self) -> &'static Info;
    fn search<T: Trace>(&self, puzzle: &Grid, scratch: &mut Self::Scratch, run: &mut Run<T>);
}

impl<S: Strategy> Solver for S {
    fn info(&self) -> &'static Info {
        Strategy::info(self)
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve_with(self, puzzle, limits, NoTrace)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        solve_with(self, puzzle, limits, trace)
    }
    fn solve_counting_mems(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve_with(self, puzzle, limits, CountMems)
    }
}

/// The bookkeeping every strategy shares: refuse what it cannot do, start the
/// run (which checks the givens, unless the strategy does), lend the
/// scratch, finish.
fn solve_with<S: Strategy + ?Sized, T: Trace>(
    strategy: &S,
    puzzle: &Grid,
    limits: &Limits,
    trace: T,
) -> Outcome {
    if strategy.info().shapes.check(puzzle.shape()).is_err() {
        return Outcome::not_searched(Stop::Unsupported, None);
    }
    let mut run = if S::CHECKS_GIVENS {
        Run::start_unchecked(puzzle, limits, trace)
    } else {
        match Run::start(puzzle, limits, trace) {
            Ok(run) => run,
            Err(outcome) => return outcome,
        }
    };
    with_scratch(puzzle.shape(), |scratch: &mut S::Scratch| {
        strategy.search(puzzle, scratch, &mut run)
    });
    let mut outcome = run.finish();
    if !strategy.info().reports.mems {
        // A count the strategy's code does not keep is n/a, not zero.
        outcome.stats.mems = None;
    }
    outcome
}

/// Compiles the searches of the strategies named (each a `static` or unit
/// value) in the crate that invokes it, once; see "Where a strategy's search
/// is compiled" on [`Strategy`]. Every strategy crate invokes it for its rows:
///
/// ```ignore
/// sudoku_core::compiled_here!(Bitboard, BitboardConfigs);
/// ```
///
/// It takes each row's `Solver` vtable in a kept static, which makes rustc
/// compile the row's `solve`, `solve_traced` and `solve_counting_mems` here;
/// crates built without full optimisation then share these copies. Only in
/// builds with debug assertions (tests, `cargo build`): optimised builds
/// would compile them twice.
#[macro_export]
macro_rules! compiled_here {
    ($($row:expr),+ $(,)?) => {
        #[cfg(debug_assertions)]
        #[used]
        static COMPILED_HERE: &[&dyn $crate::Solver] = &[$(&$row),+];
    };
}
