//! # dlx: exact cover with Dancing Links
//!
//! Knuth's Algorithm X on Dancing Links ("Dancing Links", 2000; TAOCP
//! 7.2.2.1), as a generic exact-cover library ([`exact_cover`]) and as the
//! Sudoku strategy [`Dlx`].
//!
//! ## Exact cover
//!
//! Take a 0/1 matrix. Its columns are constraints, its rows are choices, and a
//! `1` says "this choice satisfies that constraint". An *exact cover* is a set
//! of rows with exactly one `1` in every column: every constraint satisfied,
//! none twice. Many puzzles are exact-cover problems once you name the
//! constraints: Sudoku, N-queens, polyomino tilings, Langford pairs
//! (see the crate's `examples/`).
//!
//! ## Algorithm X
//!
//! Backtracking, with one rule for what to try next:
//!
//! 1. If no column is left, the rows chosen so far are a solution.
//! 2. Otherwise pick a column `c`: the one with the fewest rows left (the
//!    *minimum remaining values* heuristic; on a tie, the first one). If it has
//!    none, this branch is a dead end.
//! 3. For each row `r` with a `1` in `c`: choose `r`; for every column `j` of
//!    `r`, delete `j` and every row that has a `1` in `j` (they would cover `j`
//!    twice); search the smaller matrix; then put it all back and try the next `r`.
//!
//! Step 3 is the whole cost: the matrix shrinks and grows back at every node.
//!
//! ## Dancing Links: why deleting and restoring is O(1)
//!
//! Store only the `1`s, as nodes in circular doubly linked lists: each node is
//! linked to the nodes above and below it in its column (`up`, `down`) and to
//! its neighbours in its row (`left`, `right`); each column has a header node
//! at the top of its list, and a count of its nodes. Deleting node `x` from
//! its column is two writes:
//!
//! ```text
//! down[up[x]] = down[x];   up[down[x]] = up[x];
//! ```
//!
//! Nothing is freed, and `x` itself is not touched: it still remembers its old
//! neighbours. So putting it back is two writes too, with no search for where
//! it belongs:
//!
//! ```text
//! down[up[x]] = x;         up[down[x]] = x;
//! ```
//!
//! This works as long as deletions are undone in the reverse order, last
//! deleted first restored, and a depth-first search undoes things in exactly
//! that order. Each deletion and restoration is O(1), independent of the size
//! of the lists; covering a column costs one O(1) unlink per `1` of the rows
//! it removes, and uncovering costs exactly the same. No matrix is ever
//! copied, and nothing is allocated during the search. The links "dance" out
//! and back in.
//!
//! Covering column `c` deletes, for each row `r` of `c`, the other nodes of
//! `r` from their columns (`hide`), so no other column offers `r` any more;
//! `c` itself is marked covered. Uncovering walks the same rows bottom to
//! top and puts the nodes back (`unhide`).
//!
//! In this crate the nodes live in one flat vector and the links are `u32` or
//! `u16` indices into it (no pointers, no reference counting, no `unsafe`):
//! [`exact_cover`] explains the layout, and its private `cover`, `uncover`,
//! `hide` and `unhide` read like Knuth's. The search is his iterative
//! Algorithm X, steps X1 to X8, with an explicit stack of chosen rows
//! instead of recursion.
//!
//! ## Sudoku as exact cover
//!
//! For side `n`: `4n²` columns, "cell `c` is filled", "row `r` has digit `d`",
//! "column `c` has digit `d`", "box `b` has digit `d`"; `n³` rows, one per
//! candidate "digit `d` in cell `c`", each with four `1`s ([`sudoku`] has the
//! numbering). The givens are rows chosen before the search: their columns
//! are covered up front, so a given that clashes with another is refused before
//! any search. Algorithm X's "column with fewest rows" then picks, at every
//! node, the constraint with the fewest candidates left: a cell with one digit
//! left (a naked single) or a digit with one place left in a unit (a hidden
//! single) is found without any special code, and a constraint with no
//! candidate is a dead end at once.
//!
//! ## Statistics
//!
//! Counted through [`sudoku_core::Run`] as in every strategy: `nodes` are the
//! search levels entered (the root, after the givens, included), `placements`
//! the rows chosen, with `options` the size of the chosen column (so `guesses`
//! are choices in a column of two or more rows), `backtracks` the rows taken
//! back to try the next, and dead ends name the empty column as a
//! [`sudoku_core::Constraint`].
//!
//! ## Cost
//!
//! The matrix for a shape (`4n²` headers and `4n³` nodes: 3,241 in all for
//! 9x9, 65,001 for 25x25, which `u16` links just address) is built once per
//! thread and shape and kept in the thread-local scratch
//! ([`sudoku_core::scratch`]). A solve selects the givens, searches, and
//! unselects the givens, so the matrix is pristine for the next puzzle; a
//! search that is stopped (solution limit, budget) unwinds and restores it too.
//!
//! Per node the work is: choose a column (the minimum of the `4n²` column
//! size keys, one vectorised pass), then cover the four columns of the chosen row, and
//! later uncover them; covering a column hides each of its remaining rows,
//! three O(1) unlinks per row. Nothing is allocated during a solve except
//! the solutions kept.
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! let outcome = sudoku_dlx::Dlx.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! ```

pub mod exact_cover;
pub mod sudoku;

use exact_cover::{Matrix, Visitor};
use std::cell::RefCell;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use sudoku_core::scratch::{with_scratch, Scratch, Slot};
use sudoku_core::{DeadEnd, Grid, Limits, NoTrace, Outcome, Run, Shape, Solver, Stop, Trace};

/// Algorithm X with Dancing Links on the Sudoku exact-cover matrix.
/// Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dlx;

impl Solver for Dlx {
    fn id(&self) -> &'static str {
        "dlx"
    }
    fn summary(&self) -> &'static str {
        "Knuth's Algorithm X on Dancing Links, 4n² constraint columns, smallest column first"
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve_with(puzzle, limits, NoTrace)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        solve_with(puzzle, limits, trace)
    }
}

/// The Sudoku matrix of one shape, and a grid to write solutions into.
struct Board {
    shape: Shape,
    matrix: Matrix<u16>,
    cells: Vec<u8>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        Board {
            shape,
            matrix: sudoku::matrix(shape),
            cells: vec![0; shape.cells()],
        }
    }
    fn shape(&self) -> Shape {
        self.shape
    }
}

thread_local! {
    static BOARD: Slot<Board> = const { RefCell::new(None) };
}

fn solve_with<T: Trace>(puzzle: &Grid, limits: &Limits, trace: T) -> Outcome {
    let mut run = match Run::start(puzzle, limits, trace) {
        Ok(run) => run,
        Err(outcome) => return outcome,
    };
    let refused = with_scratch(&BOARD, puzzle.shape(), |board| {
        board.solve(puzzle, &mut run)
    });
    match refused {
        Ok(()) => run.finish(),
        // Run::start already refuses clashing givens; this is the matrix's own check.
        Err(()) => Outcome::not_searched(Stop::InvalidGivens, puzzle.conflicts().first().copied()),
    }
}

impl Board {
    /// Selects the givens, searches, and restores the matrix. `Err` when a
    /// given clashes with an earlier one (nothing searched).
    fn solve<T: Trace>(&mut self, puzzle: &Grid, run: &mut Run<T>) -> Result<(), ()> {
        let shape = self.shape;
        self.cells.copy_from_slice(puzzle.cells());
        let mut refused = false;
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 && self.matrix.select(sudoku::row(shape, cell, digit)).is_err() {
                refused = true;
                break;
            }
        }
        if !refused {
            run.stats.peak_states = 1;
            run.stats.peak_bytes = (self.matrix.bytes() + self.cells.len()) as u64;
            let n = NonZeroUsize::new(shape.side()).expect("a shape has a side");
            let mut bridge = Bridge {
                run,
                cells: &mut self.cells,
                n,
                shape,
            };
            let _ = self.matrix.search(&mut bridge);
        }
        self.matrix.unselect_all();
        if refused {
            Err(())
        } else {
            Ok(())
        }
    }
}

/// Connects the generic search to the Sudoku bookkeeping: levels are depths,
/// rows are `(cell, digit)` candidates, columns are constraints.
struct Bridge<'a, T: Trace> {
    run: &'a mut Run<T>,
    cells: &'a mut [u8],
    n: NonZeroUsize,
    shape: Shape,
}

impl<T: Trace> Bridge<'_, T> {
    /// `(cell, digit)` of a row id; dividing by a `NonZeroUsize` cannot panic,
    /// so the compiler drops it where only a trace would use it.
    #[inline(always)]
    fn candidate(&self, row: usize) -> (usize, u8) {
        (row / self.n, (row % self.n) as u8 + 1)
    }
}

impl<T: Trace> Visitor for Bridge<'_, T> {
    fn solution(&mut self, rows: &[usize]) -> ControlFlow<()> {
        for &row in rows {
            let (cell, digit) = self.candidate(row);
            self.cells[cell] = digit;
        }
        self.run.solution(rows.len() as u32, self.cells)
    }
    #[inline(always)]
    fn enter(&mut self, level: usize) -> ControlFlow<()> {
        self.run.enter(level as u32)
    }
    #[inline(always)]
    fn choose(&mut self, level: usize, row: usize, options: usize) {
        let (cell, digit) = self.candidate(row);
        self.run.place(level as u32, cell, digit, options as u32);
    }
    #[inline(always)]
    fn undo(&mut self, level: usize, row: usize) {
        let (cell, digit) = self.candidate(row);
        self.run.undo(level as u32, cell, digit);
    }
    #[inline(always)]
    fn dead_end(&mut self, level: usize, column: usize) {
        if self.run.trace.enabled() {
            let reason = DeadEnd::Constraint(sudoku::constraint(self.shape, column));
            self.run.dead_end(level as u32, reason);
        }
    }
}
