//! # reference: where the state of the art is (not one of ours)
//!
//! **Reference, not one of ours.** This crate wraps the crates.io
//! [`sudoku`](https://docs.rs/sudoku/0.8.0) crate, a Rust port of JCZSolve, one of the
//! fastest known 9x9 solvers (band-oriented bitboards, naked singles, locked
//! candidates, then guessing on bivalue cells), behind the sudoku-lab [`Solver`]
//! trait, so that every comparison table has a row showing how far a
//! heavily tuned solver is from the textbook strategies.
//!
//! ## What it can and cannot report
//!
//! * **9x9 only** (3x3 boxes): [`Solver::supports`] says no to every other shape,
//!   and `sudoku-lab compare` shows "n/a" for such sets. Asked anyway, `solve`
//!   returns an outcome stopped by [`Stop::Unsupported`].
//! * **Verdicts are exact**: the crate counts solutions up to a limit
//!   (`solutions_up_to_buffer`), so with `max_solutions = Some(2)` (what the
//!   harness asks) the verdict none / unique / multiple is proven, and the
//!   solutions it finds are kept up to `keep_solutions`. Conflicting givens give
//!   [`Verdict::Invalid`](sudoku_core::Verdict::Invalid), as for every strategy;
//!   the crate itself reports them as "no solution", so [`Grid::conflicts`] is
//!   consulted only when it finds none (a grid with a solution cannot have
//!   conflicting givens). The times in the tables are therefore the crate's own,
//!   without the up-front conflict check that `Run::start` makes every other
//!   strategy pay.
//! * **No statistics**: the crate does not expose its search, so every field of
//!   [`Stats`] is zero and [`Solver::counts_nodes`] is `false`;
//!   tables show "n/a" and JSON reports `null` for nodes, guesses, backtracks,
//!   the no-guess share and peak memory. `solve_traced` records no events.
//! * **Budgets do not bind, so questions are bounded**: the crate cannot be
//!   interrupted, so node, time and memory budgets are ignored. With a solution
//!   limit of at most [`MAX_SOLUTIONS`] it finishes in milliseconds on any 9x9
//!   grid; a larger limit, or counting *all* solutions (`max_solutions =
//!   None`), could run for ever on a nearly empty grid, so it is refused with
//!   [`Stop::Unsupported`] (verdict "unknown: not supported") instead of
//!   hanging. Comparisons use the limit 2.
//!
//! ## Licence
//!
//! The `sudoku` crate is licensed AGPL-3.0; this adapter is the workspace's
//! licence, but a binary linking it (the `sudoku-lab` program does, through the
//! registry) is covered by the AGPL when distributed.
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! use sudoku_reference::Reference;
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let outcome = Reference.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! assert_eq!(outcome.stats.nodes, 0); // the reference does not count nodes
//! ```

use sudoku::Sudoku;
use sudoku_core::{Grid, Limits, Outcome, Shape, Solver, Stats, Stop, Trace};

/// The reference solver: the `sudoku` crate (JCZSolve port), 9x9 only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// Why the reference declines a shape.
pub const UNSUPPORTED: &str =
    "the reference (the `sudoku` crate) solves 9x9 grids with 3x3 boxes only";

impl Solver for Reference {
    fn id(&self) -> &'static str {
        "reference"
    }
    fn summary(&self) -> &'static str {
        "reference, not one of ours: the `sudoku` crate (JCZSolve port); 9x9 only, no node counts"
    }
    fn supports(&self, shape: Shape) -> Result<(), &'static str> {
        if shape.box_rows() == 3 && shape.box_cols() == 3 {
            Ok(())
        } else {
            Err(UNSUPPORTED)
        }
    }
    fn counts_nodes(&self) -> bool {
        false
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve(puzzle, limits)
    }
    /// The crate's search cannot be observed: no events are recorded.
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _trace: &mut dyn Trace) -> Outcome {
        solve(puzzle, limits)
    }
}

/// The largest solution limit the reference accepts (see the crate docs).
pub const MAX_SOLUTIONS: u64 = 10_000;

fn solve(puzzle: &Grid, limits: &Limits) -> Outcome {
    if Reference.supports(puzzle.shape()).is_err() {
        return Outcome::not_searched(Stop::Unsupported, None);
    }
    if limits.max_solutions.is_none_or(|m| m > MAX_SOLUTIONS) {
        return Outcome::not_searched(Stop::Unsupported, None);
    }
    let cells: [u8; 81] = puzzle
        .cells()
        .try_into()
        .expect("a 3x3-box grid has 81 cells");
    let sudoku = Sudoku::from_bytes(cells).expect("grid digits are 0..=9");
    let limit = limits.max_solutions.unwrap_or(u64::MAX).max(1);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let keep = limits.keep_solutions.min(limit);
    // Harness calls keep at most 2 solutions: no allocation for those.
    let mut stack = [[0u8; 81]; 2];
    let mut heap = Vec::new();
    let buffer: &mut [[u8; 81]] = if keep <= stack.len() {
        &mut stack[..keep]
    } else {
        heap.resize(keep, [0u8; 81]);
        &mut heap
    };
    let count = sudoku.solutions_up_to_buffer(buffer, limit);
    if count == 0 {
        // The crate reports conflicting givens as "no solution"; tell them apart.
        // Only here: a grid with a solution has no conflicting givens.
        if let Some(&conflict) = puzzle.conflicts().first() {
            return Outcome::not_searched(Stop::InvalidGivens, Some(conflict));
        }
    }
    let solutions = buffer[..count.min(keep)]
        .iter()
        .map(|cells| {
            Grid::from_cells(puzzle.shape(), cells.to_vec()).expect("the crate returns 9x9 digits")
        })
        .collect();
    Outcome {
        solutions,
        count: count as u64,
        stop: if count >= limit {
            Stop::SolutionLimit
        } else {
            Stop::Exhausted
        },
        stats: Stats::default(),
        conflict: None,
    }
}
