//! # naive: the textbook backtracker
//!
//! The algorithm every course starts with. Visit the empty cells in row-major
//! order. At each one, try the digits `1, 2, ..., n` in increasing order; a digit
//! is legal when its row, column and box do not already hold it. Write the first
//! legal digit and move to the next empty cell; when a cell has no legal digit
//! left, go back to the previous cell, erase it and try its next digit. When
//! the last cell is filled, the grid is a solution.
//!
//! ## Pruning
//!
//! Only the rules themselves: an illegal digit is never written, so no subtree
//! below it is explored. The order of cells never changes; that is the point.
//! This strategy is the baseline the others are measured against, and its node
//! counts match any plain C backtracker (stopping at the first solution,
//! `nodes = placements + 1`): 49,558 placements for Inkala's "world's hardest"
//! puzzle, 69,175,316 for the anti-brute-force puzzle whose first row is empty
//! and whose solution starts `987654321`.
//!
//! ## Cost
//!
//! Three arrays of `n` bitmasks say which digits each row, column and box
//! already holds (the *used-flags*). The legal digits of a cell are
//! `!(rows[r] | cols[c] | boxes[b])`, one OR per unit: O(1) per node, and
//! enumerating them in increasing order is a `trailing_zeros` per digit.
//! Placing and undoing a digit set and clear one bit in each of the three masks.
//! Memory: the grid, `3n` masks and the list of empty cells, allocated once per
//! shape and reused (see [`sudoku_core::scratch`]); the recursion is at most
//! one frame per empty cell deep.
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! let outcome = sudoku_naive::Naive.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! ```

use std::cell::RefCell;
use std::ops::ControlFlow;
use sudoku_core::bits::{bit_of, digits};
use sudoku_core::scratch::{with_scratch, Scratch, Slot};
use sudoku_core::{DeadEnd, Geometry, Grid, Limits, NoTrace, Outcome, Run, Shape, Solver, Trace};

/// The naive row-major backtracker. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Naive;

impl Solver for Naive {
    fn id(&self) -> &'static str {
        "naive"
    }
    fn summary(&self) -> &'static str {
        "row-major backtracking, digits 1..n, row/col/box used-flags"
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve_with(puzzle, limits, NoTrace)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        solve_with(puzzle, limits, trace)
    }
}

/// An empty cell with its units, precomputed so the search loop never divides.
#[derive(Clone, Copy)]
struct EmptyCell {
    cell: u16,
    row: u8,
    col: u8,
    boxx: u8,
}

/// The board being searched: digits and used-flags, built once per shape.
struct Board {
    geometry: Geometry,
    all: u32,
    cells: Vec<u8>,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    empties: Vec<EmptyCell>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        let n = shape.side();
        Board {
            geometry: Geometry::new(shape),
            all: shape.all_digits(),
            cells: vec![0; shape.cells()],
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            empties: Vec::with_capacity(shape.cells()),
        }
    }
    fn shape(&self) -> Shape {
        self.geometry.shape()
    }
}

thread_local! {
    static BOARD: Slot<Board> = const { RefCell::new(None) };
}

impl Board {
    /// Loads the givens (already checked for conflicts) into the used-flags.
    fn load(&mut self, puzzle: &Grid) {
        self.cells.copy_from_slice(puzzle.cells());
        self.rows.fill(0);
        self.cols.fill(0);
        self.boxes.fill(0);
        self.empties.clear();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            let g = &self.geometry;
            let (row, col, boxx) = (g.row(cell), g.col(cell), g.box_of(cell));
            if digit == 0 {
                let e = EmptyCell { cell: cell as u16, row: row as u8, col: col as u8, boxx: boxx as u8 };
                self.empties.push(e);
            } else {
                self.rows[row] |= bit_of(digit);
                self.cols[col] |= bit_of(digit);
                self.boxes[boxx] |= bit_of(digit);
            }
        }
    }

    #[inline(always)]
    fn legal_digits(&self, e: EmptyCell) -> u32 {
        self.all & !(self.rows[e.row as usize] | self.cols[e.col as usize] | self.boxes[e.boxx as usize])
    }

    /// Flips the digit's used-flag in the cell's row, column and box: placing
    /// and undoing are the same XOR.
    #[inline(always)]
    fn toggle(&mut self, e: EmptyCell, bit: u32) {
        self.rows[e.row as usize] ^= bit;
        self.cols[e.col as usize] ^= bit;
        self.boxes[e.boxx as usize] ^= bit;
    }
}

fn solve_with<T: Trace>(puzzle: &Grid, limits: &Limits, trace: T) -> Outcome {
    let mut run = match Run::start(puzzle, limits, trace) {
        Ok(run) => run,
        Err(outcome) => return outcome,
    };
    with_scratch(&BOARD, puzzle.shape(), |board| {
        board.load(puzzle);
        let bytes = std::mem::size_of::<Board>() + board.cells.len() * 3 + board.rows.len() * 12;
        run.stats.peak_states = 1;
        run.stats.peak_bytes = bytes as u64;
        if run.enter(0).is_continue() {
            let _ = search(board, 0, &mut run);
        }
    });
    run.finish()
}

/// Fills `board.empties[k..]`. The state with `k` cells filled has been entered.
fn search<T: Trace>(board: &mut Board, k: usize, run: &mut Run<T>) -> ControlFlow<()> {
    let depth = k as u32;
    let Some(&empty) = board.empties.get(k) else {
        return run.solution(depth, &board.cells);
    };
    let legal = board.legal_digits(empty);
    if legal == 0 {
        run.dead_end(depth, DeadEnd::Cell(empty.cell as usize));
        return ControlFlow::Continue(());
    }
    let options = legal.count_ones();
    let cell = empty.cell as usize;
    for digit in digits(legal) {
        board.cells[cell] = digit;
        board.toggle(empty, bit_of(digit));
        run.place(depth + 1, cell, digit, options);
        let flow = match run.enter(depth + 1) {
            ControlFlow::Continue(()) => search(board, k + 1, run),
            stop => stop,
        };
        board.toggle(empty, bit_of(digit));
        board.cells[cell] = 0;
        flow?;
        run.undo(depth + 1, cell, digit);
    }
    ControlFlow::Continue(())
}
