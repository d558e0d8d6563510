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
    use crate::shape::Shape;
    use crate::trace::Constraint;

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
        let reason = if self.run.trace.enabled() {
            self.reason(column, options)
        } else if options >= 2 {
            // Without a trace only the count of guesses is kept.
            Reason::Decision
        } else {
            Reason::OnlyOption
        };
        if self.run.trace.enabled() {
            self.cells[cell] = digit;
        }
        self.run.place(level as u32, cell, digit, reason);
    }
    #[inline(always)]
    fn undo(&mut self, level: usize, row: usize) {
        let (cell, digit) = self.candidate(row);
        if self.run.trace.enabled() {
            self.cells[cell] = 0;
        }
        self.run.undo(level as u32, cell, digit);
    }
    #[inline(always)]
    fn dead_end(&mut self, level: usize, column: usize) {
        if self.run.trace.enabled() {
            let reason = DeadEnd::Constraint(sudoku::constraint(self.shape, column));
            self.run.dead_end(level as u32, reason);
        }
    }
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        self.run.trace.counts_mems()
    }
    #[inline(always)]
    fn mems(&mut self, mems: u64) {
        self.run.mems(mems);
    }
}
