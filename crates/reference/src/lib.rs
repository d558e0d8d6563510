//! # reference: where the state of the art is (not one of ours)
//!
//! **Reference, not one of ours.** This crate wraps the crates.io
//! [`sudoku`](https://docs.rs/sudoku/0.8.0) crate, a Rust port of JCZSolve, one of the
//! fastest known 9x9 solvers (band-oriented bitboards, naked singles, locked
//! candidates, then guessing on bivalue cells), behind the sudoku-lab
//! [`Strategy`] trait, so that every comparison table has a row showing how far a
//! heavily tuned solver is from the textbook strategies.
//!
//! ## What it can and cannot report
//!
//! * **9x9 only** (3x3 boxes): its [`Info`] says so, and `sudoku-lab compare`
//!   shows "n/a" for other shapes. Asked anyway, `solve` returns an outcome
//!   stopped by [`Stop::Unsupported`].
//! * **Verdicts are exact**: the crate counts solutions up to a limit
//!   (`solutions_up_to_buffer`), so with `max_solutions = Some(2)` (what the
//!   harness asks) the verdict none / unique / multiple is proven, and the
//!   solutions it finds are kept up to `keep_solutions`. Conflicting givens give
//!   [`Verdict::Invalid`](sudoku_core::Verdict::Invalid), as for every strategy:
//!   like every strategy it goes through the shared bookkeeping
//!   ([`Strategy`]), which checks the givens before the crate is called, so its
//!   times include the same up-front check every other row pays.
//! * **No statistics**: the crate does not expose its search, so every field of
//!   [`Stats`](sudoku_core::Stats) is zero and [`Info::reports`] says none is measured;
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
use sudoku_core::{Family, Grid, Info, Reports, Run, Shape, Shapes, Stop, Strategy, Trace};

/// The reference solver: the `sudoku` crate (JCZSolve port), 9x9 only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

sudoku_core::compiled_here!(Reference);

static INFO: Info = Info {
    id: "reference",
    summary:
        "reference, not one of ours: the `sudoku` crate (JCZSolve port); 9x9 only, no node counts",
    family: Family::Reference,
    outside: true,
    reports: Reports::NONE,
    shapes: Shapes::Only(Shape::CLASSIC),
    prunes_by: "propagating singles and locked candidates on band bitboards",
    headline: true,
    brute_force: false,
    // Outside code: no budget stops it, and it refuses large solution counts.
    capabilities: sudoku_core::Capabilities {
        interruptible: false,
        solution_cap: Some(MAX_SOLUTIONS),
        one_node_per_placement: false,
        trace_matches_stats: false,
        probeable: false,
        exact_cover: false,
        floor: false,
        copies_states: false,
    },
};

/// The largest solution limit the reference accepts (see the crate docs).
pub const MAX_SOLUTIONS: u64 = 10_000;

impl Strategy for Reference {
    type Scratch = ();
    fn info(&self) -> &'static Info {
        &INFO
    }
    /// The crate's search cannot be observed: no events, no statistics.
    fn search<T: Trace>(&self, puzzle: &Grid, _: &mut (), run: &mut Run<T>) {
        let Some(limit) = run.max_solutions().filter(|&m| m <= MAX_SOLUTIONS) else {
            run.refuse(Stop::Unsupported);
            return;
        };
        let cells: [u8; 81] = puzzle
            .cells()
            .try_into()
            .expect("a 3x3-box grid has 81 cells");
        let sudoku = Sudoku::from_bytes(cells).expect("grid digits are 0..=9");
        let limit = usize::try_from(limit.max(1)).unwrap_or(usize::MAX);
        // Harness calls look for at most 2 solutions: no allocation for those.
        let mut stack = [[0u8; 81]; 2];
        let mut heap = Vec::new();
        let buffer: &mut [[u8; 81]] = if limit <= stack.len() {
            &mut stack[..limit]
        } else {
            heap.resize(limit, [0u8; 81]);
            &mut heap
        };
        let count = sudoku.solutions_up_to_buffer(buffer, limit);
        for solution in &buffer[..count] {
            if run.solution(0, solution).is_break() {
                break;
            }
        }
    }
}
