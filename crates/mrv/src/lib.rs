//! # mrv: minimum remaining values, with incremental conflict counts
//!
//! (doc comment being written)

use std::cell::RefCell;
use std::ops::ControlFlow;
use sudoku_core::bits::bit_of;
use sudoku_core::scratch::{with_scratch, Scratch, Slot};
use sudoku_core::{DeadEnd, Geometry, Grid, Limits, NoTrace, Outcome, Run, Shape, Solver, Trace, MAX_SIDE};

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
/// cells is an empty cell whenever one exists (an empty cell has at most 25
/// candidates). Peers keep adjusting a filled cell's count as usual, so it
/// stays in `FILLED..=FILLED + 25`.
const FILLED: u8 = 64;

/// The value of the slots after the last cell in `remaining`: never chosen.
const PAD: u8 = u8::MAX;

/// Room for every cell of the largest shape (625), a power of two so that
/// `cell & CELL_MASK` is an index the compiler knows to be in bounds.
const CELL_SLOTS: usize = 1024;
const CELL_MASK: usize = CELL_SLOTS - 1;

/// Cells per chunk of the vectorised loops: one 16-byte vector of counts.
const LANES: usize = 16;

/// The byte a peer has in a cell's peer mask; the cell itself has [`FILLED`].
const PEER: u8 = 1;

/// One branch point on the explicit search stack.
#[derive(Clone, Copy, Default)]
struct Frame {
    cell: u16,
    /// The digit currently placed in `cell` by this frame, 0 before the first.
    digit: u8,
    /// How many candidates the cell had when it was chosen.
    options: u8,
    /// Candidates not tried yet.
    untried: u32,
}

/// The board being searched, built once per shape and reused.
struct Board {
    geometry: Geometry,
    side: usize,
    /// `n²`.
    size: usize,
    /// `size` rounded up to a multiple of [`LANES`]: the length of every
    /// per-cell array the loops read.
    scan: usize,
    /// The digit of every cell, 0 when empty.
    cells: Vec<u8>,
    /// `counts[d - 1][cell]`: how many placed peers of `cell` hold digit `d`.
    /// One plane per digit, so a placement touches a single plane.
    counts: Box<[[u8; CELL_SLOTS]; MAX_SIDE]>,
    /// Per cell, how many digits have a zero count, plus [`FILLED`] when the
    /// cell is filled; [`PAD`] from `size` on.
    remaining: Box<[u8; CELL_SLOTS]>,
    /// `masks[cell * scan + other]`: [`PEER`] if `other` is a peer of `cell`,
    /// [`FILLED`] if it is `cell`, else 0.
    masks: Vec<u8>,
    stack: Vec<Frame>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        let size = shape.cells();
        let scan = size.div_ceil(LANES) * LANES;
        let geometry = Geometry::new(shape);
        let mut masks = vec![0; size * scan];
        for cell in 0..size {
            let mask = &mut masks[cell * scan..(cell + 1) * scan];
            for &peer in geometry.peers(cell) {
                mask[peer as usize] = PEER;
            }
            mask[cell] = FILLED;
        }
        Board {
            geometry,
            side: shape.side(),
            size,
            scan,
            cells: vec![0; size],
            counts: vec![[0; CELL_SLOTS]; MAX_SIDE].into_boxed_slice().try_into().expect("MAX_SIDE planes"),
            remaining: Box::new([PAD; CELL_SLOTS]),
            masks,
            stack: Vec::with_capacity(size + 1),
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
    /// the search places its digits.
    fn load(&mut self, puzzle: &Grid) {
        for plane in &mut self.counts[..self.side] {
            plane[..self.scan].fill(0);
        }
        self.remaining[..self.size].fill(self.side as u8);
        self.cells.fill(0);
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                self.place(cell, digit);
            }
        }
    }

    /// Writes `digit` in `cell` and counts it against every peer: a peer whose
    /// count for `digit` goes from 0 to 1 loses a remaining digit.
    ///
    /// The peers are the cells where the cell's mask holds [`PEER`], so the
    /// update is a masked add over the digit's plane, 16 cells per step,
    /// without a branch; the cell's own mask byte marks it [`FILLED`].
    #[inline(always)]
    fn place(&mut self, cell: usize, digit: u8) -> u8 {
        self.cells[cell] = digit;
        let scan = self.scan;
        let plane = &mut self.counts[digit as usize - 1][..scan];
        let remaining = &mut self.remaining[..scan];
        let mask = &self.masks[cell * scan..(cell + 1) * scan];
        count_in(plane, remaining, mask)
    }

    /// Takes `digit` back out of `cell`, the exact reverse of [`Board::place`]:
    /// a peer whose count goes from 1 to 0 gets a remaining digit back.
    #[inline(always)]
    fn unplace(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = 0;
        let scan = self.scan;
        let plane = &mut self.counts[digit as usize - 1][..scan];
        let remaining = &mut self.remaining[..scan];
        let mask = &self.masks[cell * scan..(cell + 1) * scan];
        count_out(plane, remaining, mask);
    }

    /// The digits of `cell` whose count is zero, as a mask.
    #[inline(always)]
    fn candidates(&self, cell: usize) -> u32 {
        let cell = cell & CELL_MASK;
        let planes = &self.counts[..self.side];
        planes.iter().enumerate().fold(0, |mask, (d, plane)| mask | ((plane[cell] == 0) as u32) << d)
    }

    /// The smallest remaining count, `>= FILLED` when every cell is filled.
    fn lowest(&self) -> u8 {
        self.remaining[..self.scan].iter().copied().fold(PAD, u8::min)
    }

    /// The first cell in row-major order whose remaining count is `lowest`.
    #[inline(always)]
    fn first_with(&self, lowest: u8) -> usize {
        const ONES: u64 = u64::from_le_bytes([0x01; 8]);
        const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
        // The lowest zero byte of `word ^ pattern` (the classic has-zero-byte
        // test is exact for the lowest one).
        let pattern = ONES * lowest as u64;
        for (i, chunk) in self.remaining[..self.scan].chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes")) ^ pattern;
            let zero = x.wrapping_sub(ONES) & !x & HIGHS;
            if zero != 0 {
                return i * 8 + zero.trailing_zeros() as usize / 8;
            }
        }
        unreachable!("the lowest count is in the scanned slots")
    }
}

/// Adds a placement to a digit's plane of counts: `+1` at every peer, and a
/// peer whose count was 0 loses a remaining digit; the placed cell itself gets
/// [`FILLED`]. Each chunk is read into registers before it is written, so the
/// compiler turns the lane loop into a few vector instructions.
#[inline(always)]
fn count_in(counts: &mut [u8], remaining: &mut [u8], mask: &[u8]) -> u8 {
    let mut lowest = [PAD; LANES];
    let chunks = counts.chunks_exact_mut(LANES).zip(remaining.chunks_exact_mut(LANES)).zip(mask.chunks_exact(LANES));
    for ((counts, remaining), mask) in chunks {
        let (c, r, m) = (lanes(counts), lanes(remaining), lanes(mask));
        let mut new_c = [0; LANES];
        let mut new_r = [0; LANES];
        for i in 0..LANES {
            let peer = m[i] & PEER;
            new_c[i] = c[i] + peer;
            new_r[i] = r[i] - ((c[i] == 0) as u8 & peer) + (m[i] & FILLED);
            lowest[i] = lowest[i].min(new_r[i]);
        }
        counts.copy_from_slice(&new_c);
        remaining.copy_from_slice(&new_r);
    }
    lowest.iter().copied().fold(PAD, u8::min)
}

/// The exact reverse of [`count_in`].
#[inline(always)]
fn count_out(counts: &mut [u8], remaining: &mut [u8], mask: &[u8]) {
    let chunks = counts.chunks_exact_mut(LANES).zip(remaining.chunks_exact_mut(LANES)).zip(mask.chunks_exact(LANES));
    for ((counts, remaining), mask) in chunks {
        let (c, r, m) = (lanes(counts), lanes(remaining), lanes(mask));
        let mut new_c = [0; LANES];
        let mut new_r = [0; LANES];
        for i in 0..LANES {
            let peer = m[i] & PEER;
            new_c[i] = c[i] - peer;
            new_r[i] = r[i] + ((new_c[i] == 0) as u8 & peer) - (m[i] & FILLED);
        }
        counts.copy_from_slice(&new_c);
        remaining.copy_from_slice(&new_r);
    }
}

#[inline(always)]
fn lanes(chunk: &[u8]) -> [u8; LANES] {
    chunk.try_into().expect("a chunk of LANES bytes")
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
            + (MAX_SIDE + 1) * CELL_SLOTS
            + board.masks.len()
            + board.stack.capacity() * std::mem::size_of::<Frame>();
        run.stats.peak_states = 1;
        run.stats.peak_bytes = bytes as u64;
        if run.enter(0).is_continue() {
            let _ = search(board, &mut run);
        }
    });
    run.finish()
}

/// Depth-first search from the loaded board (the root has been entered), with
/// an explicit stack of branch points instead of recursion.
fn search<T: Trace>(board: &mut Board, run: &mut Run<T>) -> ControlFlow<()> {
    board.stack.clear();
    // The number of search placements on the path to the current state.
    let mut depth: u32 = 0;
    // The smallest remaining count of the current state.
    let mut remaining = board.lowest();
    loop {
        // A state at `depth` has just been entered: choose its cell.
        let cell = board.first_with(remaining);
        if remaining >= FILLED {
            run.solution(depth, &board.cells)?;
        } else if remaining == 0 {
            run.dead_end(depth, DeadEnd::Cell(cell));
        } else {
            let untried = board.candidates(cell);
            debug_assert_eq!(untried.count_ones(), remaining as u32);
            board.stack.push(Frame { cell: cell as u16, digit: 0, options: remaining, untried });
        }
        // Take the next candidate of the innermost branch point that has one,
        // undoing placements on the way up.
        loop {
            let Some(frame) = board.stack.last_mut() else {
                return ControlFlow::Continue(());
            };
            let cell = frame.cell as usize;
            if frame.digit != 0 {
                let digit = frame.digit;
                frame.digit = 0;
                board.unplace(cell, digit);
                run.undo(depth, cell, digit);
                depth -= 1;
                continue;
            }
            if frame.untried == 0 {
                board.stack.pop();
                continue;
            }
            let bit = frame.untried & frame.untried.wrapping_neg();
            frame.untried ^= bit;
            let digit = bit.trailing_zeros() as u8 + 1;
            debug_assert_eq!(bit_of(digit), bit);
            frame.digit = digit;
            let options = frame.options as u32;
            remaining = board.place(cell, digit);
            depth += 1;
            run.place(depth, cell, digit, options);
            run.enter(depth)?;
            break;
        }
    }
}
