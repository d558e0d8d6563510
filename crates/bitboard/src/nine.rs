//! The 9x9 path: one 27-bit word per (digit, band).
//!
//! Plane `d * 3 + b` holds the cells of band `b` (rows `3b..3b+3`) where digit
//! `d + 1` may go, bit `9 * (row % 3) + column`; so cell `27 b + bit` of the
//! grid is bit `bit` of its band's word. See the crate docs for the picture.

use crate::Out;
use std::ops::ControlFlow;
use sudoku_core::{Constraint, DeadEnd, Reason, Run, Trace, Unit};

const ROW: u32 = 0x1FF;
/// Copies a 9-bit column mask to the three rows of a band.
const ROWS3: u32 = 1 | 1 << 9 | 1 << 18;

/// `MINI[row]`: which boxes (3 bits) a 9-bit row word touches.
static MINI: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 7 != 0) as u8) | ((x & 0o70 != 0) as u8) << 1 | ((x & 0o700 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// `BAND[m]` for a 9-bit set `m` of mini-rows (bit `3 * row + box`): the union
/// of the ways to give each row of the band its own box (the 6 permutations)
/// using only mini-rows of `m`. Zero when there is none: a contradiction.
static BAND: [u16; 512] = {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let set = 1 << perms[p][0] | 1 << (3 + perms[p][1]) | 1 << (6 + perms[p][2]);
            if m & set == set {
                t[m] |= set as u16;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// `EXPAND[m]`: the 27 cells of the mini-rows in `m`.
static EXPAND: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                t[m] |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// `LOCKED[cols]`: for a band's 9-bit column set, the columns that are the
/// only column of their box: the digit's place in that box is in that
/// column, so the column's other bands lose it (pointing, and the column
/// peers of a placed digit).
static LOCKED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let g = (x >> (3 * k)) & 7;
            if g != 0 && g & (g - 1) == 0 {
                t[x] |= (g << (3 * k)) as u16;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// `PEERS[bit]`: the other cells of the band in the same row or box.
static PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let box_cols = 7 << (c / 3 * 3);
        t[i] = ((ROW << (9 * r)) | (box_cols * ROWS3)) & !(1 << i);
        i += 1;
    }
    t
};

/// The whole search state: 108 bytes, `Copy`; a guess copies it.
#[derive(Clone, Copy)]
pub(crate) struct State {
    /// `cand[d * 3 + b]`: where digit `d + 1` may go in band `b`. A placed
    /// cell keeps its digit's bit, and only that one.
    cand: [u32; 27],
    /// Cells of each band not placed yet.
    free: [u32; 3],
    /// Planes to run the band step on (bit `d * 3 + b`).
    dirty: u32,
}

type Fail = DeadEnd;

impl State {
    fn new() -> State {
        State {
            cand: [0x7FF_FFFF; 27],
            free: [0x7FF_FFFF; 3],
            dirty: 0x7FF_FFFF,
        }
    }

    /// Writes digit `d` (0-based) at bit `pos` of band `b`: the cell leaves
    /// the other digits' planes and `free`, its row and box peers leave this
    /// digit's plane. (The column peers in the other bands follow from the
    /// band step: the cell's box now has one column, see [`LOCKED`].)
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, pos: usize) {
        let bit = 1u32 << pos;
        // Branch-free: which planes hold the cell is data, and mispredicts.
        for d2 in 0..9 {
            let i = d2 * 3 + b;
            let x = self.cand[i];
            self.cand[i] = x & !bit;
            self.dirty |= (x >> pos & 1) << i;
        }
        let i = d * 3 + b;
        self.cand[i] = (self.cand[i] & !PEERS[pos]) | bit;
        self.dirty |= 1 << i;
        self.free[b] &= !bit;
    }

    /// The band step on plane `i`: keep only the mini-rows that fit a
    /// row-to-box permutation (locked candidates in both directions inside
    /// the band), place hidden singles of rows, and remove the columns locked
    /// in a box from the digit's other bands.
    #[inline(always)]
    fn band_step<T: Trace>(
        &mut self,
        i: usize,
        run: &mut Run<T>,
        depth: &mut u32,
    ) -> Result<u32, Fail> {
        let (d, b) = (i / 3, i % 3);
        let mut dirty = 0u32;
        let a = self.cand[i];
        let m = MINI[(a & ROW) as usize] as usize
            | (MINI[(a >> 9 & ROW) as usize] as usize) << 3
            | (MINI[(a >> 18) as usize] as usize) << 6;
        let keep = BAND[m];
        if keep == 0 {
            return Err(DeadEnd::Constraint(Constraint::RowDigit(
                3 * b,
                d as u8 + 1,
            )));
        }
        let a = a & EXPAND[keep as usize];
        self.cand[i] = a;
        let (r0, r1, r2) = (a & ROW, a >> 9 & ROW, a >> 18);
        // Rows holding one cell: hidden singles, when the cell is free.
        let single = |x: u32| if x & (x - 1) == 0 { x } else { 0 };
        let new = (single(r0) | single(r1) << 9 | single(r2) << 18) & self.free[b];
        if new != 0 {
            self.free[b] &= !new;
            for d2 in 0..9 {
                let j = d2 * 3 + b;
                let x = self.cand[j];
                let gone = new & ((j != i) as u32).wrapping_neg();
                self.cand[j] = x & !gone;
                dirty |= ((x & gone != 0) as u32) << j;
            }
            let n = new.count_ones();
            if run.trace.enabled() {
                let mut bits = new;
                while bits != 0 {
                    let pos = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    *depth += 1;
                    let row = 3 * b + pos / 9;
                    let reason = Reason::HiddenSingle(Unit::Row(row));
                    run.place(*depth, 27 * b + pos, d as u8 + 1, reason);
                }
            } else {
                *depth += n;
                run.stats.placements += n as u64;
            }
        }
        let locked = LOCKED[(r0 | r1 | r2) as usize] as u32 * ROWS3;
        for b2 in 0..3 {
            let j = d * 3 + b2;
            let x = self.cand[j];
            let gone = locked & ((b2 != b) as u32).wrapping_neg();
            self.cand[j] = x & !gone;
            dirty |= ((x & gone != 0) as u32) << j;
        }
        Ok(dirty)
    }

    /// Runs the band step until no plane changes, then looks for naked
    /// singles and hidden singles of columns; repeats while they place
    /// digits. Returns the bivalue cell to guess on (band, bit), if any.
    fn propagate<T: Trace>(&mut self, run: &mut Run<T>, depth: &mut u32) -> Result<(), Fail> {
        loop {
            let mut dirty = std::mem::take(&mut self.dirty);
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                dirty |= self.band_step(i, run, depth)?;
            }
            let before = *depth;
            self.naked_singles(run, depth)?;
            if *depth != before {
                continue;
            }
            // The column rules are the costliest pass and the least often
            // useful: only when naked singles are stuck.
            self.column_singles(run, depth)?;
            if *depth == before && self.dirty == 0 {
                return Ok(());
            }
        }
    }

    fn naked_singles<T: Trace>(&mut self, run: &mut Run<T>, depth: &mut u32) -> Result<(), Fail> {
        for b in 0..3 {
            let free = self.free[b];
            if free == 0 {
                continue;
            }
            let (mut ones, mut twos) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[d * 3 + b];
                twos |= ones & x;
                ones |= x;
            }
            let dead = free & !ones;
            if dead != 0 {
                return Err(DeadEnd::Cell(27 * b + dead.trailing_zeros() as usize));
            }
            let singles = free & !twos;
            if singles == 0 {
                continue;
            }
            // Digit by digit: a naked single's cell is in no other plane,
            // so placing it only touches its own digit's plane.
            for d in 0..9 {
                let i = d * 3 + b;
                let mut mine = singles & self.cand[i];
                self.dirty |= ((mine != 0) as u32) << i;
                while mine != 0 {
                    let pos = mine.trailing_zeros() as usize;
                    mine &= mine - 1;
                    let bit = 1 << pos;
                    // An earlier single of this round may have taken the digit.
                    if self.cand[i] & bit == 0 {
                        return Err(DeadEnd::Cell(27 * b + pos));
                    }
                    self.cand[i] = (self.cand[i] & !PEERS[pos]) | bit;
                    self.free[b] &= !bit;
                    *depth += 1;
                    run.place(*depth, 27 * b + pos, d as u8 + 1, Reason::NakedSingle);
                }
            }
            if self.free[b] & singles != 0 {
                // A single lost its digit to another single of this round.
                let pos = (self.free[b] & singles).trailing_zeros() as usize;
                return Err(DeadEnd::Cell(27 * b + pos));
            }
        }
        Ok(())
    }

    /// Hidden singles of columns (rows and boxes are found by the band
    /// step), and columns with no place left for a digit.
    fn column_singles<T: Trace>(&mut self, run: &mut Run<T>, depth: &mut u32) -> Result<(), Fail> {
        for d in 0..9 {
            let p = &self.cand[d * 3..d * 3 + 3];
            let rows = [0, 1, 2].map(|b| [p[b] & ROW, p[b] >> 9 & ROW, p[b] >> 18]);
            let cols = rows.map(|[r0, r1, r2]| r0 | r1 | r2);
            if cols[0] | cols[1] | cols[2] != ROW {
                let c = (!(cols[0] | cols[1] | cols[2]) & ROW).trailing_zeros() as usize;
                return Err(DeadEnd::Constraint(Constraint::ColDigit(c, d as u8 + 1)));
            }
            for b in 0..3 {
                let only = cols[b] & !(cols[(b + 1) % 3] | cols[(b + 2) % 3]);
                if only == 0 {
                    continue;
                }
                // Claiming: the digit's place in column c is in this band,
                // so in the box of c; the box's other columns lose it.
                let mut strip = 0;
                for k in 0..3 {
                    let oc = only & 7 << (3 * k);
                    if oc & oc.wrapping_sub(1) != 0 {
                        let b = 3 * b + k;
                        return Err(DeadEnd::Constraint(Constraint::BoxDigit(b, d as u8 + 1)));
                    }
                    if oc != 0 {
                        strip |= 7 << (3 * k) & !oc;
                    }
                }
                let x = self.cand[d * 3 + b];
                let y = x & !(strip * ROWS3);
                if y != x {
                    self.cand[d * 3 + b] = y;
                    self.dirty |= 1 << (d * 3 + b);
                }
                let [r0, r1, r2] = [y & ROW, y >> 9 & ROW, y >> 18];
                let one = (r0 & !(r1 | r2)) | (r1 & !(r0 | r2)) << 9 | (r2 & !(r0 | r1)) << 18;
                let mut new = one & (only * ROWS3) & self.free[b];
                while new != 0 {
                    let pos = new.trailing_zeros() as usize;
                    new &= new - 1;
                    if self.cand[d * 3 + b] & (1 << pos) == 0 {
                        return Err(DeadEnd::Constraint(Constraint::ColDigit(
                            pos % 9,
                            d as u8 + 1,
                        )));
                    }
                    self.assign(d, b, pos);
                    *depth += 1;
                    let reason = Reason::HiddenSingle(Unit::Col(pos % 9));
                    run.place(*depth, 27 * b + pos, d as u8 + 1, reason);
                }
            }
        }
        Ok(())
    }

    /// The cell to branch on: the first bivalue cell, else the first with
    /// fewest candidates. `(band, bit, options)`.
    fn choose(&self) -> (usize, usize, u32) {
        let mut best = (0, 0, 0u32, u32::MAX);
        for b in 0..3 {
            let free = self.free[b];
            if free == 0 {
                continue;
            }
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[d * 3 + b];
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let bivalue = free & twos & !threes;
            let mut cells = if bivalue != 0 {
                bivalue & bivalue.wrapping_neg()
            } else {
                free
            };
            while cells != 0 {
                let pos = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let options = self.options(b, pos);
                let k = options.count_ones();
                if k < best.3 {
                    best = (b, pos, options, k);
                    if k == 2 {
                        return (b, pos, options);
                    }
                }
            }
        }
        (best.0, best.1, best.2)
    }

    #[inline]
    fn options(&self, b: usize, pos: usize) -> u32 {
        let mut options = 0;
        for d in 0..9 {
            options |= (self.cand[d * 3 + b] >> pos & 1) << d;
        }
        options
    }

    fn write(&self, cells: &mut [u8]) {
        for (i, &x) in self.cand.iter().enumerate() {
            let (d, b) = (i / 3, i % 3);
            let mut x = x;
            while x != 0 {
                cells[27 * b + x.trailing_zeros() as usize] = d as u8 + 1;
                x &= x - 1;
            }
        }
    }
}

/// Solves one 9x9 puzzle (3x3 boxes).
pub(crate) fn solve<T: Trace>(givens: &[u8], out: &mut Out, run: &mut Run<T>) {
    let mut state = State::new();
    for (cell, &g) in givens.iter().enumerate() {
        if g != 0 {
            // Givens do not conflict (Run::start checked): each digit is
            // still a candidate of its cell, and its column peers in other
            // bands go in the first band steps.
            state.assign(g as usize - 1, cell / 27, cell % 27);
        }
    }
    state.dirty = 0x7FF_FFFF;
    let bytes = std::mem::size_of::<State>() as u64;
    if run.hold(1, bytes).is_break() || run.enter(0).is_break() {
        return;
    }
    let mut peak = 1;
    let _ = search(state, 0, out, run, &mut peak, 1, bytes);
}

fn search<T: Trace>(
    mut state: State,
    mut depth: u32,
    out: &mut Out,
    run: &mut Run<T>,
    peak: &mut u64,
    held: u64,
    bytes: u64,
) -> ControlFlow<()> {
    if let Err(dead) = state.propagate(run, &mut depth) {
        run.dead_end(depth, dead);
        return ControlFlow::Continue(());
    }
    if state.free == [0; 3] {
        state.write(&mut out.cells);
        return run.solution(depth, &out.cells);
    }
    let (b, pos, options) = state.choose();
    if held + 1 > *peak {
        *peak = held + 1;
        run.hold(held + 1, (held + 1) * bytes)?;
    }
    let cell = 27 * b + pos;
    let mut rest = options;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut child = state;
        child.assign(d, b, pos);
        run.place(depth + 1, cell, d as u8 + 1, Reason::Guess { options });
        run.enter(depth + 1)?;
        search(child, depth + 1, out, run, peak, held + 1, bytes)?;
        run.undo(depth + 1, cell, d as u8 + 1);
    }
    ControlFlow::Continue(())
}
