//! # dcells: exact cover with Dancing Cells
//!
//! Knuth's Algorithm X on *dancing cells*: the sparse-set representation of
//! his SSXC and SSXCC programs (TAOCP 7.2.2.3, after Christine Solnon's
//! sparse-set XCC), as a generic exact-cover library ([`exact_cover`]) and as
//! the Sudoku strategy [`Dcells`]. It is the twin of the `dlx` crate: the
//! same matrix (the Sudoku encoding of [`sudoku_core::cover::sudoku`]), the
//! same choice of column (the fewest rows left, the first on a tie) and the
//! same order of rows, so on every puzzle it enters exactly dlx's nodes. Only
//! the data structure differs, which is what Knuth asked about: dancing links
//! against dancing cells, "no clear winner".
//!
//! ## A sparse set
//!
//! A set of small integers kept as an array `set` and a count `size`: the
//! members are `set[0 .. size]`, in no particular order, and an inverse array
//! `loc` says where each member stands. Deleting member `x` is a swap and a
//! decrement:
//!
//! ```text
//! y = set[size - 1];  set[loc[x]] = y;  loc[y] = loc[x];
//! set[size - 1] = x;  loc[x] = size - 1;  size -= 1;
//! ```
//!
//! `x` is not thrown away: it now sits just past the members. Delete more,
//! and they pile up past the members, last deleted nearest.
//!
//! ## Why undo is nearly free
//!
//! To undo those deletions in reverse order, it is enough to put `size`
//! back: the deleted members are exactly the entries past it, in the right
//! places. Nothing else is written, no entry moves. Dancing links restore a
//! node with two link writes (`down[up[x]] = x; up[down[x]] = x`); dancing
//! cells restore a deleted row with one increment of its column's size.
//!
//! ## The matrix as sparse sets
//!
//! Each column keeps the rows that may still cover it as a sparse set (its
//! stretch of one shared array, the entries being the row's node for that
//! column); the live columns form one more sparse set. Choosing a row for
//! column `c` *covers* each of the row's columns `j`: take `j` out of the
//! live columns, and delete each row still in `j`'s set from its *other*
//! columns' sets. `j`'s own set is left alone, frozen while `j` is covered
//! (no live column shares a row with it any more), so it still lists the
//! rows to restore when the cover is undone: walk them and grow their other
//! columns' sizes back by one.
//!
//! ## Cost per update, against dlx
//!
//! | step | dlx (links) | dcells (sets) |
//! |---|---|---|
//! | delete one row node from its column | read the node, 2 link writes, size key read and written: 5 mems | read the node, the item, the last entry; 2 entries and 2 `loc`s written, the size written: 8 mems |
//! | restore it | the same 5 mems | the size read and written, with the node read: 3 mems |
//! | choose a column | scan all `4n²` size keys, two to a word, vectorised: `2n²` mems | scan the live primary columns' ids (two to a word) and read each one's item: 1.5 mems per live column, plus 1 |
//! | cover a column | its header, its key read and written: 3 mems | its item, 5 mems for the live sparse set, its set's entries two to a word |
//!
//! Deleting costs more, restoring less; and the choice shrinks with the
//! search. dcells also sorts the chosen column's set (a few entries) so that
//! its rows are tried in dlx's order: a cost dlx does not have, paid for the
//! node-for-node comparison.
//!
//! Both are built with the same care, so that the comparison is of the data
//! structures: no bounds checks in the inner loops (dlx indexes 2^16-entry
//! arrays with `u16` links; dcells pads its arrays to powers of two and masks
//! each index, see [`exact_cover`]), the same flat minimum for the choice
//! (dlx's size keys are `rows · 2^16 + column`; a dcells item read as one
//! 64-bit word is `size · 2^32 + start`, and the starts grow with the
//! column), and mems counted by the same rule.
//!
//! ## Measured: who wins on Sudoku
//!
//! `cargo run --release -p sudoku-dcells --example links_vs_cells 5` (AMD
//! EPYC, 2 cores shared with other builds, load 6 to 9; per puzzle, proving
//! uniqueness; time the fastest of 5 solves, dlx's and dcells' alternating;
//! mems include selecting the givens and taking them back):
//!
//! | set | puzzles | nodes | dlx mems | dcells mems | dlx µs | dcells µs | dlx ns/mem | dcells ns/mem | dcells/dlx per mem |
//! |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
//! | top95 | 95 | 690 | 269,039 | 322,836 | 139.3 | 205.6 | 0.518 | 0.637 | 1.23 |
//! | 17clue (first 2,000) | 2,000 | 126 | 60,696 | 70,009 | 30.5 | 41.8 | 0.503 | 0.597 | 1.19 |
//! | 9x9-hard | 50 | 98 | 50,916 | 57,067 | 29.0 | 38.3 | 0.570 | 0.672 | 1.18 |
//! | 16x16 | 10 | 559 | 510,449 | 470,614 | 230.1 | 300.7 | 0.451 | 0.639 | 1.42 |
//! | 25x25 | 5 | 256 | 872,780 | 815,539 | 433.5 | 503.8 | 0.497 | 0.618 | 1.24 |
//!
//! dlx wins in time everywhere, by 1.16x (25x25) to 1.48x (top95). In mems
//! dlx wins on 9x9 and dcells on 16x16 and 25x25: deleting a row costs sets
//! more (8 mems against 5), and a Sudoku search deletes far more than it
//! restores before the next choice; but dlx's choice scans every column's
//! key at every node, where dcells scans only the live ones, and with
//! `4n²` columns (1,024 on 16x16, 2,500 on 25x25) that scan dominates. A
//! dcells mem costs 1.2 to 1.4 times a dlx mem: its choice reads each live
//! column's item through the sparse set (a gather), where dlx's reads flat
//! keys that the compiler vectorises, and its deletions write more.
//!
//! ## Mems
//!
//! One mem is one read or one write of a 64-bit word of the solve's data
//! (Knuth's rule): a node `{item, loc}` (two `u32`), an item
//! `{start, size}`, a set entry, an entry of the live-column set or of its
//! inverse, a row id. A scan of consecutive 32-bit entries (the live
//! columns' ids at a choice, a column's set when it is covered, uncovered
//! or sorted) counts one mem per 64-bit word, two entries, the rule dlx's
//! scan of its size keys follows. Counted where the access happens: in the
//! search, and in selecting the givens before it and taking them back after
//! (work every solve does; dlx counts them too); counted only when asked for
//! ([`sudoku_core::Solver::solve_counting_mems`]), and compiled away
//! otherwise (the search is instantiated with and without counting).
//!
//! ## Statistics
//!
//! Exactly dlx's, through [`sudoku_core::cover::SudokuVisitor`]: `nodes`,
//! `placements` (rows chosen), `guesses` (rows chosen from a column of two or
//! more), `backtracks`, dead ends naming the empty column.
//!
//! ## Cost
//!
//! The matrix for a shape (`4n²` columns and `n³` rows of four nodes, plus a
//! spacer per row: 3,645 nodes for 9x9, 78,126 for 25x25) is built once per
//! thread and shape and kept in the thread-local scratch; a solve selects the
//! givens, searches, and unselects them. Nothing is allocated during a solve
//! except the solutions kept.
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! let outcome = sudoku_dcells::Dcells.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! ```

pub mod exact_cover;

use exact_cover::Matrix;
use sudoku_core::cover::{sudoku, CoverBoard};
use sudoku_core::{Family, Grid, Info, Reports, Run, Shape, Shapes, Strategy, Trace};

/// Algorithm X with Dancing Cells on the Sudoku exact-cover matrix.
/// Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dcells;

sudoku_core::compiled_here!(Dcells);

static INFO: Info = Info {
    id: "dcells",
    summary: "Knuth's dancing cells (sparse sets): dlx's Algorithm X and choices, sets for links",
    family: Family::ExactCover,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "choosing the constraint with the fewest candidates first",
    headline: false,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::EXACT_COVER,
};

impl Strategy for Dcells {
    type Scratch = Board;
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, board: &mut Board, run: &mut Run<T>) {
        board.solve(puzzle, run);
    }
}

/// The exact-cover matrix of the empty grid of a shape, in dancing cells:
/// `4n²` primary columns, `n³` rows in row-id order.
pub fn matrix(shape: Shape) -> Matrix {
    sudoku::matrix(shape)
}

/// Knuth's random-probe estimate of the tree dcells (and dlx: the same
/// tree) would search to count every solution of `puzzle`: `None` when the
/// givens clash. See [`Matrix::estimate`].
pub fn estimate(puzzle: &Grid, probes: u64, seed: u64) -> Option<exact_cover::Estimate> {
    if puzzle.has_conflict() {
        return None;
    }
    let shape = puzzle.shape();
    let mut m = matrix(shape);
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            m.select(sudoku::row(shape, cell, digit)).ok()?;
        }
    }
    Some(m.estimate(probes, seed))
}

/// The Sudoku matrix of one shape, and a grid to write solutions into
/// (the scratch, shared with the other exact-cover strategy).
pub type Board = CoverBoard<Matrix>;
