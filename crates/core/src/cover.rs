//! What the two exact-cover strategies (`dlx`, `dcells`) share: the
//! [`Visitor`] an exact-cover search reports to, the Sudoku encoding
//! ([`sudoku`]), and [`SudokuVisitor`], the bridge from a cover search to
//! [`Run`]'s bookkeeping. With these in one place the two strategies differ
//! only in their data structure (dancing links against dancing cells): the
//! same matrix, the same choice of item, the same counts.

use crate::grid::Grid;
use crate::shape::{Geometry, Shape, Unit};
use crate::solver::Run;
use crate::trace::{Constraint, DeadEnd, Reason, Trace};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

/// Receives what an exact-cover search finds. Only [`Visitor::solution`] is
/// required; the other hooks let a caller count and trace the search.
///
/// A closure `FnMut(&[usize]) -> ControlFlow<()>` is a visitor.
///
/// Levels: the search starts at level 0 with nothing chosen; choosing a row
/// at level `l` leads to level `l + 1`, so a level is also the number of rows
/// chosen so far.
pub trait Visitor {
    /// An exact cover: the rows chosen, in order. `Break` stops the search.
    fn solution(&mut self, rows: &[usize]) -> ControlFlow<()>;
    /// The search enters a level (the root is level 0). `Break` stops it.
    #[inline(always)]
    fn enter(&mut self, _level: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// `row` is chosen to cover `column`, the column the search picked, which
    /// had `options` rows; the search then enters `level`.
    #[inline(always)]
    fn choose(&mut self, _level: usize, _row: usize, _column: usize, _options: usize) {}
    /// `row`, chosen on the way to `level`, is taken back: everything below it
    /// has been searched.
    #[inline(always)]
    fn undo(&mut self, _level: usize, _row: usize) {}
    /// At `level`, `column` has no row left: this branch has no cover.
    #[inline(always)]
    fn dead_end(&mut self, _level: usize, _column: usize) {}
    /// `true` when the search should count its mems (see
    /// [`Trace::counts_mems`]); the search then reports them with
    /// [`Visitor::mems`] before it returns.
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        false
    }
    /// The mems the search made (called once, at its end, when
    /// [`Visitor::counts_mems`]).
    #[inline(always)]
    fn mems(&mut self, _mems: u64) {}
}

impl<F: FnMut(&[usize]) -> ControlFlow<()>> Visitor for F {
    #[inline]
    fn solution(&mut self, rows: &[usize]) -> ControlFlow<()> {
        self(rows)
    }
}

/// An exact-cover matrix with Algorithm X's search over it: what dlx's
/// dancing links and dcells' dancing cells both are. Each implements the
/// steps that depend on its data structure; counting covers, listing them,
/// the Sudoku matrix ([`sudoku::matrix`]) and the board a Sudoku solve runs
/// on ([`CoverBoard`]) are written once, here.
pub trait ExactCover: Sized {
    /// An empty matrix: `primary` columns every cover hits exactly once,
    /// then `secondary` ones it hits at most once.
    fn with_columns(primary: usize, secondary: usize) -> Self;
    /// Adds a row with a 1 in each of `columns`; returns its id (rows are
    /// numbered from 0 in the order added).
    fn add_row(&mut self, columns: &[usize]) -> usize;
    /// Puts `row` in every cover from now on, returning the mems it made
    /// when `count` (0 otherwise); `Err(column)` when the row clashes with
    /// a row selected before, at that column.
    fn select_counting_mems(&mut self, row: usize, count: bool) -> Result<u64, usize>;
    /// Takes every selected row back (the last first), returning the mems
    /// it made when `count`.
    fn unselect_all_counting_mems(&mut self, count: bool) -> u64;
    /// The matrix's memory, in bytes.
    fn bytes(&self) -> usize;
    /// Reports every exact cover of the matrix (with its selected rows
    /// already in) to `visitor`; `Break` when the visitor stopped the
    /// search. The matrix is restored before this returns.
    fn search<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> ControlFlow<()>;

    /// Counts the exact covers (of the matrix with its selections),
    /// stopping at `limit`.
    fn count_solutions(&mut self, limit: Option<u64>) -> u64 {
        let limit = limit.unwrap_or(u64::MAX);
        let mut count = 0;
        if limit > 0 {
            let _ = self.search(&mut |_: &[usize]| {
                count += 1;
                if count >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        count
    }

    /// Every exact cover, each as its rows in increasing order.
    fn solutions(&mut self) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        let _ = self.search(&mut |rows: &[usize]| {
            let mut rows = rows.to_vec();
            rows.sort_unstable();
            all.push(rows);
            ControlFlow::Continue(())
        });
        all
    }
}

/// The Sudoku matrix of one shape and a grid to write solutions into: the
/// scratch both cover strategies solve in (`dlx::Board` and
/// `dcells::Board` are this with their matrices).
pub struct CoverBoard<M> {
    shape: Shape,
    geometry: Geometry,
    matrix: M,
    cells: Vec<u8>,
}

impl<M: ExactCover + 'static> crate::scratch::Scratch for CoverBoard<M> {
    fn new(shape: Shape) -> CoverBoard<M> {
        CoverBoard {
            shape,
            geometry: Geometry::new(shape),
            matrix: sudoku::matrix(shape),
            cells: vec![0; shape.cells()],
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

impl<M: ExactCover> CoverBoard<M> {
    /// Selects the givens, searches, and restores the matrix.
    pub fn solve<T: Trace>(&mut self, puzzle: &Grid, run: &mut Run<T>) {
        let shape = self.shape;
        self.cells.copy_from_slice(puzzle.cells());
        // Selecting the givens and taking them back are work of the solve
        // too: their mems are counted (only when asked for).
        let count = run.counts_mems();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            // `Run::start` has refused clashing givens, so every given's row is free.
            if digit != 0 {
                let selected = self
                    .matrix
                    .select_counting_mems(sudoku::row(shape, cell, digit), count);
                debug_assert!(selected.is_ok(), "givens were checked");
                run.mems(selected.unwrap_or(0));
            }
        }
        let bytes = (self.matrix.bytes() + self.cells.len()) as u64;
        if run.hold(1, bytes).is_continue() {
            let mut visitor = SudokuVisitor::new(run, &mut self.cells, &self.geometry, puzzle);
            let _ = self.matrix.search(&mut visitor);
        }
        let mems = self.matrix.unselect_all_counting_mems(count);
        run.mems(mems);
    }
}

/// Sudoku as an exact-cover problem.
///
/// For side `n` the matrix has `4n²` primary columns, in this order:
///
/// | columns | constraint | meaning |
/// |---|---|---|
/// | `0 .. n²` | `Cell(c)` | cell `c` holds a digit |
/// | `n² .. 2n²` | `RowDigit(r, d)` | row `r` holds digit `d` |
/// | `2n² .. 3n²` | `ColDigit(c, d)` | column `c` holds digit `d` |
/// | `3n² .. 4n²` | `BoxDigit(b, d)` | box `b` holds digit `d` |
///
/// and `n³` rows, one per candidate "digit `d` in cell `c`" (row id
/// `c·n + d - 1`), each with exactly four `1`s: its cell, its row-digit, its
/// column-digit and its box-digit column. An exact cover picks one candidate
/// per cell such that every row, column and box holds every digit exactly
/// once: a solved grid. The givens are rows selected before the search.
///
/// The order of the columns decides ties in the "fewest rows" choice: with
/// the cell columns first, a cell with one digit left is taken before a
/// digit with one place left. That order needs the fewest nodes of those
/// tried: on the 17-clue sample, putting the digit columns first costs about
/// 45% more nodes (186 instead of 126 per puzzle).
pub mod sudoku {
    use super::ExactCover;
    use crate::shape::Shape;
    use crate::trace::Constraint;

    /// The Sudoku matrix of `shape`, in the matrix type `M`: every
    /// candidate's row, in row-id order.
    pub fn matrix<M: ExactCover>(shape: Shape) -> M {
        let n = shape.side();
        let mut m = M::with_columns(4 * n * n, 0);
        for cell in 0..n * n {
            for digit in 1..=n as u8 {
                let id = m.add_row(&columns(shape, cell, digit));
                debug_assert_eq!(id, row(shape, cell, digit));
            }
        }
        m
    }

    /// The row id of the candidate "`digit` in `cell`" (`digit` in `1..=n`).
    pub fn row(shape: Shape, cell: usize, digit: u8) -> usize {
        cell * shape.side() + digit as usize - 1
    }

    /// The `(cell, digit)` of a row id.
    pub fn candidate(shape: Shape, row: usize) -> (usize, u8) {
        let n = shape.side();
        (row / n, (row % n) as u8 + 1)
    }

    /// The column of a constraint.
    pub fn column(shape: Shape, constraint: Constraint) -> usize {
        let n = shape.side();
        let at = |kind: usize, unit: usize, digit: u8| kind * n * n + unit * n + digit as usize - 1;
        match constraint {
            Constraint::Cell(cell) => cell,
            Constraint::RowDigit(r, d) => at(1, r, d),
            Constraint::ColDigit(c, d) => at(2, c, d),
            Constraint::BoxDigit(b, d) => at(3, b, d),
        }
    }

    /// The constraint a column stands for.
    pub fn constraint(shape: Shape, column: usize) -> Constraint {
        let n = shape.side();
        let (kind, rest) = (column / (n * n), column % (n * n));
        let (unit, digit) = (rest / n, (rest % n) as u8 + 1);
        match kind {
            0 => Constraint::Cell(rest),
            1 => Constraint::RowDigit(unit, digit),
            2 => Constraint::ColDigit(unit, digit),
            3 => Constraint::BoxDigit(unit, digit),
            _ => panic!("column {column} out of range for {shape}"),
        }
    }

    /// The four columns of a candidate's row, in the order the row stores them.
    pub fn columns(shape: Shape, cell: usize, digit: u8) -> [usize; 4] {
        let (r, c, b) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
        [
            column(shape, Constraint::Cell(cell)),
            column(shape, Constraint::RowDigit(r, digit)),
            column(shape, Constraint::ColDigit(c, digit)),
            column(shape, Constraint::BoxDigit(b, digit)),
        ]
    }
}

/// Connects a generic exact-cover search to the Sudoku bookkeeping: levels
/// are depths, rows are `(cell, digit)` candidates, columns are constraints.
pub struct SudokuVisitor<'a, T: Trace> {
    run: &'a mut Run<T>,
    /// The givens, and the digits of the rows chosen so far.
    cells: &'a mut [u8],
    geometry: &'a Geometry,
    n: NonZeroUsize,
    shape: Shape,
}

impl<'a, T: Trace> SudokuVisitor<'a, T> {
    /// A visitor for a search of `puzzle`, whose givens `cells` already holds.
    pub fn new(
        run: &'a mut Run<T>,
        cells: &'a mut [u8],
        geometry: &'a Geometry,
        puzzle: &Grid,
    ) -> SudokuVisitor<'a, T> {
        let shape = puzzle.shape();
        SudokuVisitor {
            run,
            cells,
            geometry,
            n: NonZeroUsize::new(shape.side()).expect("a shape has a side"),
            shape,
        }
    }

    /// `(cell, digit)` of a row id; dividing by a `NonZeroUsize` cannot panic,
    /// so the compiler drops it where only a trace would use it.
    #[inline(always)]
    fn candidate(&self, row: usize) -> (usize, u8) {
        (row / self.n, (row % self.n) as u8 + 1)
    }

    /// Why the search writes a digit after choosing `column` with `options`
    /// rows: in words only a trace reads, so it is built only for a trace.
    fn reason(&self, column: usize, options: usize) -> Reason {
        let places = options as u32;
        let unit = match sudoku::constraint(self.shape, column) {
            // The rows left in a cell's column are its legal digits: an
            // exact-cover search removes nothing else.
            Constraint::Cell(cell) => return Reason::cell_choice(self.legal_digits(cell)),
            Constraint::RowDigit(r, _) => Unit::Row(r),
            Constraint::ColDigit(c, _) => Unit::Col(c),
            Constraint::BoxDigit(b, _) => Unit::Box(b),
        };
        if places == 1 {
            // The search chose this column for its one row: a branch with
            // one option, not a hidden-single rule (exact cover applies none).
            Reason::OnlyPlace(unit)
        } else {
            Reason::GuessPlace { unit, places }
        }
    }

    fn legal_digits(&self, cell: usize) -> u32 {
        let used = self.geometry.peers(cell).iter().fold(0u32, |used, &peer| {
            match self.cells[peer as usize] {
                0 => used,
                d => used | 1 << (d - 1),
            }
        });
        self.shape.all_digits() & !used
    }
}

impl<T: Trace> Visitor for SudokuVisitor<'_, T> {
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
    fn choose(&mut self, level: usize, row: usize, column: usize, options: usize) {
        let (cell, digit) = self.candidate(row);
        let reason = if self.run.traced() {
            self.reason(column, options)
        } else if options >= 2 {
            // Without a trace only the count of guesses is kept.
            Reason::Decision
        } else {
            Reason::OnlyOption
        };
        if self.run.traced() {
            self.cells[cell] = digit;
        }
        self.run.place(level as u32, cell, digit, reason);
    }
    #[inline(always)]
    fn undo(&mut self, level: usize, row: usize) {
        let (cell, digit) = self.candidate(row);
        if self.run.traced() {
            self.cells[cell] = 0;
        }
        self.run.undo(level as u32, cell, digit);
    }
    #[inline(always)]
    fn dead_end(&mut self, level: usize, column: usize) {
        if self.run.traced() {
            let reason = DeadEnd::Constraint(sudoku::constraint(self.shape, column));
            self.run.dead_end(level as u32, reason);
        }
    }
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        self.run.counts_mems()
    }
    #[inline(always)]
    fn mems(&mut self, mems: u64) {
        self.run.mems(mems);
    }
}
