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
//! | choose a column | scan all `4n²` size keys (vectorised) | scan the live columns only, through the sparse set |
//! | cover a column | 2 mems and its header | 5 mems for the live sparse set |
//!
//! Deleting costs more, restoring less; and the choice shrinks with the
//! search. dcells also sorts the chosen column's set (a few entries) so that
//! its rows are tried in dlx's order: a cost dlx does not have, paid for the
//! node-for-node comparison.
//!
//! ## Measured: who wins on Sudoku
//!
//! `cargo run --release -p sudoku-dcells --example links_vs_cells 3` (AMD EPYC;
//! per puzzle, proving uniqueness; the README has the whole table):
//!
//! | set | nodes | dlx mems | dcells mems | dlx µs | dcells µs | dcells/dlx time per mem |
//! |---|---:|---:|---:|---:|---:|---:|
//! | top95 | 690 | 252,555 | 356,345 | 147.8 | 259.1 | 1.24 |
//! | 17clue (2,000) | 126 | 45,933 | 62,332 | 34.9 | 54.1 | 1.14 |
//! | 16x16 | 559 | 387,297 | 407,989 | 231.7 | 418.4 | 1.72 |
//! | 25x25 | 256 | 358,916 | 306,884 | 521.4 | 669.1 | 1.50 |
//!
//! dlx wins in time everywhere and in mems except on 25x25: a Sudoku search
//! deletes far more rows than it restores before the next choice, and
//! deletion is where sets cost more; dlx's choice is one vectorised scan of
//! flat keys, dcells' a walk of the live set through an index (fewer mems on
//! 25x25, where most columns are covered, but slower ones).
//!
//! ## Mems
//!
//! One mem is one read or one write of a 64-bit word of the search's data
//! (Knuth's rule): a node `{item, loc}` (two `u32`), an item
//! `{start, size}`, a set entry, an entry of the live-column set or of its
//! inverse, a row id. Counted where the access happens, in the search only
//! (selecting the givens before it and unselecting them after are not
//! counted, as in dlx); counted only when asked for
//! ([`sudoku_core::Solver::solve_counting_mems`]), and compiled away
//! otherwise (the search is instantiated twice, with and without counting).
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
use sudoku_core::cover::{sudoku, SudokuVisitor};
use sudoku_core::scratch::Scratch;
use sudoku_core::{Family, Geometry, Grid, Info, Reports, Run, Shape, Shapes, Strategy, Trace};

/// Algorithm X with Dancing Cells on the Sudoku exact-cover matrix.
/// Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dcells;

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
    capabilities: sudoku_core::Capabilities::TREE,
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
    let n = shape.side();
    let mut m = Matrix::new(4 * n * n, 0);
    for cell in 0..n * n {
        for digit in 1..=n as u8 {
            let id = m.add_row(&sudoku::columns(shape, cell, digit));
            debug_assert_eq!(id, sudoku::row(shape, cell, digit));
        }
    }
    m
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
/// (dcells' scratch).
pub struct Board {
    shape: Shape,
    geometry: Geometry,
    matrix: Matrix,
    cells: Vec<u8>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        Board {
            shape,
            geometry: Geometry::new(shape),
            matrix: matrix(shape),
            cells: vec![0; shape.cells()],
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

impl Board {
    /// Selects the givens, searches, and restores the matrix.
    fn solve<T: Trace>(&mut self, puzzle: &Grid, run: &mut Run<T>) {
        let shape = self.shape;
        self.cells.copy_from_slice(puzzle.cells());
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            // `Run::start` has refused clashing givens, so every given's row is free.
            if digit != 0 {
                let selected = self.matrix.select(sudoku::row(shape, cell, digit));
                debug_assert!(selected.is_ok(), "givens were checked");
            }
        }
        let bytes = (self.matrix.bytes() + self.cells.len()) as u64;
        if run.hold(1, bytes).is_continue() {
            let mut visitor = SudokuVisitor::new(run, &mut self.cells, &self.geometry, puzzle);
            let _ = self.matrix.search(&mut visitor);
        }
        self.matrix.unselect_all();
    }
}
