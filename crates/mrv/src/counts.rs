//! The incremental conflict counts: what makes mrv's choice of cell cheap.
//!
//! For every digit and every cell, the number of placed peers holding that
//! digit; per cell, how many digits still have a zero count (its remaining
//! values). Placing a digit adds one along the cell's peers in that digit's
//! plane, undoing subtracts it, and the cell with the fewest remaining values
//! is the minimum of one byte array.
//!
//! The tuning lives here, away from the search: the planes are byte arrays
//! padded to a multiple of 16 cells and updated with a peer mask, so a
//! placement is a few 16-byte vector steps (SSE2) instead of a loop over the
//! peer list; 9x9 gets a copy of the loop with a constant trip count; the
//! first cell with the lowest count is found eight bytes at a time (SWAR).
//! What it buys is measured by `benches/mrv.rs` (about 45 ns per node on
//! top95 on this project's machine, the figure the README quotes); the plain
//! rescan in `tests/mrv.rs` is the readable version it is checked against,
//! event for event.

use crate::Frame;
use sudoku_core::scratch::Scratch;
use sudoku_core::{Geometry, Grid, Shape, MAX_SIDE};

/// Added to the remaining count of a filled cell. An empty cell has at most 25
/// remaining digits, so the smallest count over all cells belongs to an empty
/// cell while one exists. A filled cell's own count stays exact underneath, in
/// `FILLED..=FILLED + 25`.
pub(crate) const FILLED: u8 = 64;

/// The remaining count of the padding slots after the last cell: never chosen.
const PAD: u8 = u8::MAX;

/// Room for every cell of the largest shape (625 cells), a power of two so
/// that `cell & CELL_MASK` is an index the compiler knows to be in bounds.
const CELL_SLOTS: usize = 1024;
const CELL_MASK: usize = CELL_SLOTS - 1;

/// Cells per step of the vector loops: one 16-byte SSE2 register of counts.
const LANES: usize = 16;

/// A peer's byte in a cell's peer mask (the cell itself has [`FILLED`]).
const PEER: u8 = 1;

/// The board being searched, built once per shape and reused (mrv's scratch).
pub struct Board {
    geometry: Geometry,
    side: usize,
    /// `n²`.
    size: usize,
    /// `size` rounded up to a multiple of [`LANES`]: the length of every
    /// per-cell array the loops read.
    scan: usize,
    /// The puzzle's cells (0 for empty); the search's own digits are on the stack.
    givens: Vec<u8>,
    /// Where a solution grid is assembled.
    grid: Vec<u8>,
    /// `counts[d - 1][cell]`: how many placed peers of `cell` hold digit `d`.
    /// One plane per digit, so a placement touches a single plane.
    counts: Box<[[u8; CELL_SLOTS]; MAX_SIDE]>,
    /// Per cell, how many digits have a zero count, plus [`FILLED`] when the
    /// cell is filled; [`PAD`] after the last cell.
    remaining: Box<[u8; CELL_SLOTS]>,
    /// `masks[cell * scan + other]`: [`PEER`] if `other` is a peer of `cell`,
    /// [`FILLED`] if it is `cell`, 0 otherwise.
    masks: Vec<u8>,
    /// The branch points of the search, innermost last.
    pub(crate) stack: Vec<Frame>,
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
            givens: vec![0; size],
            grid: vec![0; size],
            counts: vec![[0; CELL_SLOTS]; MAX_SIDE]
                .into_boxed_slice()
                .try_into()
                .expect("MAX_SIDE planes"),
            remaining: Box::new([PAD; CELL_SLOTS]),
            masks,
            stack: Vec::with_capacity(size),
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.geometry.shape() == shape
    }
}

impl Board {
    /// Loads the givens (already checked for conflicts), placing each one as
    /// the search places its digits.
    pub(crate) fn load(&mut self, puzzle: &Grid) {
        for plane in &mut self.counts[..self.side] {
            plane[..self.scan].fill(0);
        }
        self.remaining[..self.size].fill(self.side as u8);
        self.givens.copy_from_slice(puzzle.cells());
        self.stack.clear();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                self.place(cell, digit);
            }
        }
    }

    /// Writes `digit` in `cell` and counts it against every peer; returns the
    /// smallest remaining count afterwards.
    #[inline(always)]
    pub(crate) fn place(&mut self, cell: usize, digit: u8) -> u8 {
        let scan = self.scan;
        let plane = &mut self.counts[digit as usize - 1];
        let mask = &self.masks[cell * scan..(cell + 1) * scan];
        // 9x9 (96 slots) gets its own copy of the loop, with a constant trip count.
        if scan == 96 {
            count_in(&mut plane[..96], &mut self.remaining[..96], &mask[..96])
        } else {
            count_in(&mut plane[..scan], &mut self.remaining[..scan], mask)
        }
    }

    /// Takes `digit` back out of `cell`: the exact reverse of [`Board::place`].
    #[inline(always)]
    pub(crate) fn unplace(&mut self, cell: usize, digit: u8) {
        let scan = self.scan;
        let plane = &mut self.counts[digit as usize - 1];
        let mask = &self.masks[cell * scan..(cell + 1) * scan];
        if scan == 96 {
            count_out(&mut plane[..96], &mut self.remaining[..96], &mask[..96]);
        } else {
            count_out(&mut plane[..scan], &mut self.remaining[..scan], mask);
        }
    }

    /// The digits of `cell` with a zero count, as a mask.
    #[inline(always)]
    pub(crate) fn candidates(&self, cell: usize) -> u32 {
        // The common sides get a fully unrolled loop with constant shifts.
        match self.side {
            9 => zero_counts::<9>(&self.counts, cell),
            16 => zero_counts::<16>(&self.counts, cell),
            25 => zero_counts::<25>(&self.counts, cell),
            side => {
                let cell = cell & CELL_MASK;
                let planes = &self.counts[..side];
                planes.iter().enumerate().fold(0, |mask, (d, plane)| {
                    mask | ((plane[cell] == 0) as u32) << d
                })
            }
        }
    }

    /// Mems of one [`Board::place`] or [`Board::unplace`]: the digit's plane
    /// of counts read and written, the remaining counts read and written,
    /// the peer mask read, 8 bytes to the mem.
    #[inline(always)]
    pub(crate) fn update_mems(&self) -> u64 {
        5 * (self.scan / 8) as u64
    }

    /// Mems of [`Board::first_with`] finding `cell`: the 8-byte words read.
    #[inline(always)]
    pub(crate) fn find_mems(cell: usize) -> u64 {
        cell as u64 / 8 + 1
    }

    /// Mems of [`Board::candidates`]: one count read per digit.
    #[inline(always)]
    pub(crate) fn candidates_mems(&self) -> u64 {
        self.side as u64
    }

    /// The smallest remaining count over all cells.
    pub(crate) fn lowest(&self) -> u8 {
        self.remaining[..self.scan]
            .iter()
            .copied()
            .fold(PAD, u8::min)
    }

    /// The first cell in row-major order whose remaining count is `lowest`.
    #[inline(always)]
    pub(crate) fn first_with(&self, lowest: u8) -> usize {
        const ONES: u64 = u64::from_le_bytes([0x01; 8]);
        const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
        // The lowest zero byte of `word ^ pattern`: the classic has-zero-byte
        // test is exact for the lowest one (a borrow only runs upwards).
        let pattern = ONES * lowest as u64;
        for (i, chunk) in self.remaining[..self.scan].chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes")) ^ pattern;
            let zero = x.wrapping_sub(ONES) & !x & HIGHS;
            if zero != 0 {
                return i * 8 + zero.trailing_zeros() as usize / 8;
            }
        }
        unreachable!("the lowest count belongs to a cell")
    }

    /// The complete grid: the givens and the digits on the stack.
    pub(crate) fn solution(&mut self) -> &[u8] {
        self.grid.copy_from_slice(&self.givens);
        for frame in &self.stack {
            self.grid[frame.cell as usize] = frame.digit;
        }
        &self.grid
    }
}

/// Adds a placement to one digit's plane: `+1` at every peer, and a peer whose
/// count was 0 loses a remaining digit; the placed cell gets [`FILLED`].
/// Returns the smallest remaining count, gathered lane by lane.
///
/// Each chunk is read into arrays before it is written, so the compiler sees
/// no aliasing and turns the lane loop into a handful of SSE2 instructions.
#[inline(always)]
fn count_in(counts: &mut [u8], remaining: &mut [u8], mask: &[u8]) -> u8 {
    let mut lowest = [PAD; LANES];
    let chunks = counts
        .chunks_exact_mut(LANES)
        .zip(remaining.chunks_exact_mut(LANES))
        .zip(mask.chunks_exact(LANES));
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

/// The exact reverse of [`count_in`]: `-1` at every peer, and a peer whose
/// count drops to 0 gets its digit back.
#[inline(always)]
fn count_out(counts: &mut [u8], remaining: &mut [u8], mask: &[u8]) {
    let chunks = counts
        .chunks_exact_mut(LANES)
        .zip(remaining.chunks_exact_mut(LANES))
        .zip(mask.chunks_exact(LANES));
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

/// The digits `1..=N` whose count at `cell` is zero, as a mask.
#[inline(always)]
fn zero_counts<const N: usize>(planes: &[[u8; CELL_SLOTS]; MAX_SIDE], cell: usize) -> u32 {
    let cell = cell & CELL_MASK;
    let mut mask = 0;
    for (d, plane) in planes[..N].iter().enumerate() {
        mask |= ((plane[cell] == 0) as u32) << d;
    }
    mask
}

impl Board {
    /// An estimate of the memory the search holds: the board and its tables.
    pub(crate) fn bytes(&self) -> u64 {
        (std::mem::size_of::<Board>()
            + self.givens.len() * 2
            + (MAX_SIDE + 1) * CELL_SLOTS
            + self.masks.len()
            + self.stack.capacity() * std::mem::size_of::<Frame>()) as u64
    }
}
