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
//! ## Mems
//!
//! One mem is one read or one write of a 64-bit word of the solve's data
//! (Knuth's rule, as dlx and dcells both count it): a node (8 bytes with the
//! `u16` links the Sudoku matrix uses, so 1 mem; 16 bytes, 2 mems, with
//! `u32`), a size key read or written, a `left` link, a row id. A scan of
//! consecutive keys counts one mem per 64-bit word: choosing a column reads
//! all `4n²` keys, two to a word with `u16` links. Hiding a row node is 5
//! mems (the node, two link writes, its column's key read and written), as
//! in Knuth's DLX1. Counted in the search and in selecting the givens and
//! taking them back (work every solve does); counted only when asked for
//! ([`sudoku_core::Solver::solve_counting_mems`]) and compiled away
//! otherwise (the search is instantiated with and without counting). dcells'
//! crate docs compare the two, mem for mem.
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
mod link;
pub mod sudoku;

use exact_cover::Matrix;
use sudoku_core::cover::CoverBoard;
use sudoku_core::{Family, Grid, Info, Reports, Run, Shapes, Strategy, Trace};

/// Algorithm X with Dancing Links on the Sudoku exact-cover matrix.
/// Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dlx;

sudoku_core::compiled_here!(Dlx);

static INFO: Info = Info {
    id: "dlx",
    summary: "Knuth's Algorithm X on Dancing Links, 4n² constraint columns, smallest column first",
    family: Family::ExactCover,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "choosing the constraint with the fewest candidates first",
    headline: true,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::EXACT_COVER,
};

impl Strategy for Dlx {
    type Scratch = Board;
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, board: &mut Board, run: &mut Run<T>) {
        board.solve(puzzle, run);
    }
}

/// The Sudoku matrix of one shape, and a grid to write solutions into
/// (the scratch, shared with the other exact-cover strategy).
pub type Board = CoverBoard<Matrix<u16>>;
