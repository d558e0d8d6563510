//! # mrv: minimum remaining values, with incremental conflict counts
//!
//! (doc comment being written)

use std::cell::RefCell;
use std::ops::ControlFlow;
use sudoku_core::bits::{bit_of, digit_of};
use sudoku_core::scratch::{with_scratch, Scratch, Slot};
use sudoku_core::{DeadEnd, Geometry, Grid, Limits, NoTrace, Outcome, Run, Shape, Solver, Trace};

/// The minimum-remaining-values backtracker. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mrv;

impl Solver for Mrv {
    fn id(&self) -> &'static str {
        "mrv"
    }
    fn summary(&self) -> &'static str {
        "fewest-candidates cell first, incremental per-cell per-digit conflict counts"
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve_with(puzzle, limits, NoTrace)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        solve_with(puzzle, limits, trace)
    }
}

/// Added to the remaining count of a filled cell, so that the minimum over all
/// cells is always an empty cell when one exists (an empty cell has at most
/// 25 candidates). Peers keep adjusting a filled cell's count as usual; it
/// stays in `FILLED..FILLED + 25`.
const FILLED: u8 = 64;

/// The value of the padding cells at the end of `remaining`: never chosen.
const PAD: u8 = u8::MAX;

/// The board being searched, built once per shape and reused.
struct Board {
    geometry: Geometry,
    all: u32,
    /// `n²`: the length of one digit's plane in `counts`.
    size: usize,
    /// The digit of every cell, 0 when empty.
    cells: Vec<u8>,
    /// `counts[(d - 1) * size + cell]`: how many placed peers of `cell` hold `d`.
    counts: Vec<u8>,
    /// Per cell, the digits whose count is not zero: candidates are `all & !blocked`.
    blocked: Vec<u32>,
    /// Per cell, how many digits remain (`n - popcount(blocked)`), plus
    /// [`FILLED`] when the cell is filled; padded with [`PAD`] to a multiple of 8.
    remaining: Vec<u8>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        let size = shape.cells();
        let padded = size.div_ceil(8) * 8;
        Board {
            geometry: Geometry::new(shape),
            all: shape.all_digits(),
            size,
            cells: vec![0; size],
            counts: vec![0; size * shape.side()],
            blocked: vec![0; size],
            remaining: vec![PAD; padded],
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
    /// Loads the givens (already checked for conflicts), placing each one as
    /// the search places digits.
    fn load(&mut self, puzzle: &Grid) {
        let n = self.geometry.shape().side() as u8;
        self.cells.fill(0);
        self.counts.fill(0);
        self.blocked.fill(0);
        self.remaining[..self.size].fill(n);
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                self.place(cell, digit);
            }
        }
    }

    /// Writes `digit` in `cell` and counts it against every peer.
    #[inline(always)]
    fn place(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        self.remaining[cell] += FILLED;
        let bit = bit_of(digit);
        let start = (digit as usize - 1) * self.size;
        let plane = &mut self.counts[start..start + self.size];
        for &peer in self.geometry.peers(cell) {
            let peer = peer as usize;
            let count = plane[peer];
            plane[peer] = count + 1;
            self.blocked[peer] |= bit;
            self.remaining[peer] -= (count == 0) as u8;
        }
    }

    /// Takes `digit` back out of `cell`: the exact reverse of [`Board::place`].
    #[inline(always)]
    fn unplace(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = 0;
        self.remaining[cell] -= FILLED;
        let bit = bit_of(digit);
        let start = (digit as usize - 1) * self.size;
        let plane = &mut self.counts[start..start + self.size];
        for &peer in self.geometry.peers(cell) {
            let peer = peer as usize;
            let count = plane[peer] - 1;
            plane[peer] = count;
            let freed = (count == 0) as u32;
            self.blocked[peer] &= !(bit * freed);
            self.remaining[peer] += freed as u8;
        }
    }

    /// The cell with the fewest remaining digits (the first in row-major
    /// order on ties) and that number; `>= FILLED` when every cell is filled.
    #[inline(always)]
    fn choose(&self) -> (usize, u8) {
        let min = self.remaining.iter().copied().fold(PAD, u8::min);
        let cell = self.remaining.iter().position(|&r| r == min).unwrap_or(0);
        (cell, min)
    }
}

fn solve_with<T: Trace>(puzzle: &Grid, limits: &Limits, trace: T) -> Outcome {
    let mut run = match Run::start(puzzle, limits, trace) {
        Ok(run) => run,
        Err(outcome) => return outcome,
    };
    with_scratch(&BOARD, puzzle.shape(), |board| {
        board.load(puzzle);
        let bytes = std::mem::size_of::<Board>()
            + board.cells.len()
            + board.counts.len()
            + board.blocked.len() * 4
            + board.remaining.len();
        run.stats.peak_states = 1;
        run.stats.peak_bytes = bytes as u64;
        if run.enter(0).is_continue() {
            let _ = search(board, 0, &mut run);
        }
    });
    run.finish()
}

/// Extends the state at `depth`, which has been entered.
fn search<T: Trace>(board: &mut Board, depth: u32, run: &mut Run<T>) -> ControlFlow<()> {
    let (cell, remaining) = board.choose();
    if remaining >= FILLED {
        return run.solution(depth, &board.cells);
    }
    if remaining == 0 {
        run.dead_end(depth, DeadEnd::Cell(cell));
        return ControlFlow::Continue(());
    }
    let options = remaining as u32;
    let mut candidates = board.all & !board.blocked[cell];
    while candidates != 0 {
        let bit = candidates & candidates.wrapping_neg();
        candidates ^= bit;
        let digit = digit_of(bit);
        board.place(cell, digit);
        run.place(depth + 1, cell, digit, options);
        let flow = match run.enter(depth + 1) {
            ControlFlow::Continue(()) => search(board, depth + 1, run),
            stop => stop,
        };
        board.unplace(cell, digit);
        flow?;
        run.undo(depth + 1, cell, digit);
    }
    ControlFlow::Continue(())
}
