//! The generic path: every shape from 1x1 to 25x25, one monomorphised copy
//! per side `N`.
//!
//! A digit plane is `N` row words of `N` bits (`cand[d][r]`, bit `c` for
//! column `c`), so a plane holds `N²` bits and the whole state is
//! `N² + N` words of 32 bits, `Copy`, copied on every guess (2.6 kB for
//! 25x25). Rows are single words, columns are a bit-sliced count over the
//! `N` row words of a plane, and a box is a mask of `box_cols` bits over
//! `box_rows` consecutive row words.
//!
//! The planes are digit-major, which suits the rules about a digit (one
//! plane, contiguous) and not those about a cell (`N` words at a stride).
//! The code is shaped around that:
//!
//! * **Naked singles** count candidates plane by plane over whole rows
//!   (`twos[r] |= ones[r] & plane[r]`), a loop the compiler vectorises, and
//!   run first, till none is left: one count of the whole grid is cheaper
//!   than a digit's unit scan. A naked single's cell holds no other digit,
//!   so placing it skips the `N` strided words of the other planes.
//! * **Hidden singles** of a digit come from one pass over its plane that
//!   tallies rows, columns and boxes without branching on the data. A
//!   placed digit keeps its bit, so a unit where it is placed looks like a
//!   single too: the pass masks those units out rather than looking each
//!   one up. A digit whose plane lost only the cells hidden singles took
//!   is checked in those cells' rows, columns and boxes instead
//!   ([`Touched`]).
//! * **Locked candidates** apply every rule of a direction at once, from
//!   bit-sliced counts of which stacks each row touches and which columns
//!   each box is confined to, instead of a branch per row and box.
//!
//! Together these took the bundled 16x16 set to 0.38 of its former time
//! per puzzle and 25x25 to 0.29, same node counts (figures in the crate
//! docs, "Every other shape").
//!
//! The guess learns from the search: [`Weights`] counts the dead ends met
//! in each row, column and box, and the guess goes to the bivalue cell
//! whose units have failed most (crate docs, "Every other shape").

use crate::narrate::{Cell, Narrator};
use crate::Out;
use std::ops::ControlFlow;
use sudoku_core::bits::ones;
use sudoku_core::{Constraint, DeadEnd, Reason, Run, Trace, Unit};

/// Box geometry of one shape, fixed for a solve. One `N` serves several
/// box shapes, so the sides are read from here, and the divisions by them
/// are done once, into tables: a division by a variable costs more than
/// the rest of a placement. `BR` and `BC`, when not zero, are the box
/// sides as constants, for the large standard shapes (3x4, 4x4, 5x5
/// boxes): the loops over a band's rows and a row's stacks then have
/// constant trips and unroll, which took a fifth to a quarter of the
/// instructions off at the same nodes.
#[derive(Clone, Copy)]
pub(crate) struct Geo<const BR: usize, const BC: usize> {
    /// Rows per box (the height of a band); read through [`Geo::br`].
    br: usize,
    /// Columns per box (the width of a stack); read through [`Geo::bc`].
    bc: usize,
    /// `N` bits.
    all: u32,
    /// `stack[s]`: the columns of stack `s` (the mask of a box in a row word).
    stack: [u32; 32],
    /// `stack_of[c]`: the stack of column `c`.
    stack_of: [u8; 32],
    /// `band_of[r]`: the first row of row `r`'s band.
    band_of: [u8; 32],
}

impl<const BR: usize, const BC: usize> Geo<BR, BC> {
    pub(crate) fn new(br: usize, bc: usize) -> Self {
        assert!(BR == 0 || (BR, BC) == (br, bc), "the constant box shape");
        let n = br * bc;
        let mut stack = [0u32; 32];
        for (s, m) in stack.iter_mut().enumerate().take(br) {
            *m = (((1u64 << bc) - 1) << (s * bc)) as u32;
        }
        Geo {
            br,
            bc,
            all: ((1u64 << n) - 1) as u32,
            stack,
            stack_of: std::array::from_fn(|c| (c / bc) as u8),
            band_of: std::array::from_fn(|r| (r / br * br) as u8),
        }
    }
    /// Rows per box: `BR` when it is a constant.
    #[inline(always)]
    fn br(&self) -> usize {
        if BR == 0 {
            self.br
        } else {
            BR
        }
    }
    /// Columns per box: `BC` when it is a constant.
    #[inline(always)]
    fn bc(&self) -> usize {
        if BC == 0 {
            self.bc
        } else {
            BC
        }
    }
    #[inline(always)]
    fn stacks(&self) -> usize {
        self.br() // n / bc
    }
    /// `touched` (stacks as column masks) if it is one stack, else zero:
    /// the box a row's candidates are confined to.
    #[inline(always)]
    fn claim(&self, touched: u32) -> u32 {
        touched & ((touched.count_ones() as usize == self.bc()) as u32).wrapping_neg()
    }
    /// The box of cell `(r, c)`, numbered row-major.
    #[inline(always)]
    fn box_index(&self, r: usize, c: usize) -> usize {
        // band_of[r] / br * stacks, with stacks == br.
        self.band_of[r] as usize + self.stack_of[c] as usize
    }
}

/// The state of a search: candidates and unsolved cells. A placed cell keeps
/// its digit's bit (and only that bit) in the planes and leaves `free`.
#[derive(Clone, Copy)]
pub(crate) struct Board<const N: usize> {
    /// `cand[d][r]`: the columns of row `r` where digit `d + 1` may go.
    cand: [[u32; N]; N],
    /// `free[r]`: the cells of row `r` not yet placed.
    free: [u32; N],
    /// Digits whose plane changed since their units were last examined.
    dirty: u32,
}

type Fail = DeadEnd;

/// A bit-sliced count of a unit's candidates, per column: one or more
/// (`ones`), two or more (`twos`), and the columns where the digit is
/// placed.
#[derive(Clone, Copy, Default)]
struct Tally {
    ones: u32,
    twos: u32,
    placed: u32,
}

impl Tally {
    #[inline(always)]
    fn add(&mut self, x: u32, placed: u32) {
        self.twos |= self.ones & x;
        self.ones |= x;
        self.placed |= placed;
    }
    /// Adds a count over other rows (counts of disjoint rows combine as
    /// bit-sliced sums do).
    #[inline(always)]
    fn merge(&mut self, other: &Tally) {
        self.twos |= other.twos | (self.ones & other.ones);
        self.ones |= other.ones;
        self.placed |= other.placed;
    }
    /// Columns with one candidate, not yet holding the digit.
    #[inline(always)]
    fn singles(&self) -> u32 {
        self.ones & !self.twos & !self.placed
    }
}

/// What one pass over a digit's plane found: rows (bit `r`) with no
/// candidate or with one unplaced, the column tally, the first box with no
/// candidate, and per band the column of each box with one unplaced.
struct Units<const N: usize> {
    empty_rows: u32,
    single_rows: u32,
    cols: Tally,
    /// Boxes with no candidate (bit `b` for box `b`).
    empty_boxes: u32,
    box_singles: [u32; N],
}

/// Per digit, the rows, columns and boxes (bit `i` for unit `i`) of the
/// cells it lost to placements (a hidden single takes its cell from every
/// other digit's plane) since its plane was last looked at whole: for a
/// digit changed only there, those units are the only places a new hidden
/// single or an emptied unit can be. A propagation's own bookkeeping,
/// outside the [`Board`] (no guess copies it).
struct Touched<const N: usize> {
    /// The digits with units noted.
    digits: u32,
    rows: [u32; N],
    cols: [u32; N],
    boxes: [u32; N],
}

impl<const N: usize> Touched<N> {
    fn new() -> Self {
        Touched {
            digits: 0,
            rows: [0; N],
            cols: [0; N],
            boxes: [0; N],
        }
    }

    /// Notes the units of cell `(r, c)` (in box `b`) for `digits`.
    #[inline(always)]
    fn note<T: Trace>(&mut self, digits: u32, r: usize, c: usize, b: usize, run: &mut Run<T>) {
        // `digits` read and written, per digit its three masks.
        run.mems(2 + 6 * digits.count_ones() as u64);
        self.digits |= digits;
        for d in ones(digits) {
            self.rows[d] |= 1 << r;
            self.cols[d] |= 1 << c;
            self.boxes[d] |= 1 << b;
        }
    }

    /// Drops what is noted for `digits` (their planes are looked at whole).
    #[inline(always)]
    fn forget<T: Trace>(&mut self, digits: u32, run: &mut Run<T>) {
        let ds = digits & self.digits;
        // `digits` read and written, per digit its three masks written.
        run.mems(2 + 3 * ds.count_ones() as u64);
        self.digits &= !digits;
        for d in ones(ds) {
            self.rows[d] = 0;
            self.cols[d] = 0;
            self.boxes[d] = 0;
        }
    }
}

impl<const N: usize> Board<N> {
    /// The state after writing the givens, built a digit plane at a time:
    /// a digit may go in the free cells outside the rows, columns and boxes
    /// of its givens. (Writing the givens one by one with [`Board::assign`]
    /// touches every plane per given: on the bundled 25x25 puzzles that was
    /// half the solve.) Givens do not conflict: `search` checked.
    fn from_givens<const BR: usize, const BC: usize, T: Trace>(
        geo: &Geo<BR, BC>,
        givens: &[u8],
        run: &mut Run<T>,
    ) -> Board<N> {
        let mut board = Board {
            cand: [[0; N]; N],
            free: [geo.all; N],
            dirty: geo.all,
        };
        // Per digit: its rows (bit r), columns, and boxes (bit b).
        let (mut rows, mut cols, mut boxes) = ([0u32; N], [0u32; N], [0u32; N]);
        // The givens read, 8 to the word.
        run.mems(givens.len().div_ceil(8) as u64);
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                // Two box tables, three unit masks and `free` read and
                // written, the plane's row written.
                run.mems(2 + 6 + 2 + 1);
                let (d, r, c) = (g as usize - 1, cell / N, cell % N);
                rows[d] |= 1 << r;
                cols[d] |= 1 << c;
                boxes[d] |= 1 << geo.box_index(r, c);
                board.free[r] &= !(1 << c);
                board.cand[d][r] = 1 << c;
            }
        }
        for r in 0..N {
            // The boxes of row r are numbered from `first` on, one per stack.
            let first = geo.box_index(r, 0);
            run.mems(2);
            for d in 0..N {
                run.mems(1);
                if rows[d] >> r & 1 != 0 {
                    continue;
                }
                // `cols` and `boxes`, a stack mask per stack, `free`, the
                // row written.
                run.mems(2 + geo.stacks() as u64 + 2);
                let mut taken = cols[d];
                for s in 0..geo.stacks() {
                    taken |= geo.stack[s] & ((boxes[d] >> (first + s)) & 1).wrapping_neg();
                }
                board.cand[d][r] = board.free[r] & !taken;
            }
        }
        board
    }

    /// Writes digit `d` (0-based) at `(r, c)`: it leaves the cell's other
    /// digits and its row, column and box peers. The caller has checked that
    /// `d` is still a candidate there. Returns the other digits that lost
    /// the cell: their planes changed only there, so only the cell's row,
    /// column and box can hold a new hidden single of theirs (the caller
    /// marks them dirty, or notes those units in a [`Touched`]).
    #[inline(always)]
    #[must_use]
    fn assign<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        d: usize,
        r: usize,
        c: usize,
        run: &mut Run<T>,
    ) -> u32 {
        // The cell's word in each plane read and written.
        run.mems(2 * N as u64);
        let bit = 1u32 << c;
        let mut lost = 0u32;
        for (d2, plane) in self.cand.iter_mut().enumerate() {
            lost |= (plane[r] >> c & 1) << d2;
            plane[r] &= !bit;
        }
        self.assign_alone(geo, d, r, c, run);
        lost & !(1 << d)
    }

    /// [`Board::assign`] for a cell whose only candidate is `d`: the other
    /// planes have nothing there to lose, and skipping their `N` strided
    /// words is most of what a naked single costs.
    #[inline(always)]
    fn assign_alone<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        d: usize,
        r: usize,
        c: usize,
        run: &mut Run<T>,
    ) {
        // `dirty`, the plane's rows read and written, three box tables,
        // the band's rows again, the cell's row written, `free`.
        run.mems(2 + 2 * N as u64 + 3 + 2 * geo.br() as u64 + 1 + 2);
        let bit = 1u32 << c;
        self.dirty |= 1 << d;
        let plane = &mut self.cand[d];
        for row in plane.iter_mut() {
            *row &= !bit;
        }
        let band = geo.band_of[r] as usize;
        let s = geo.stack[geo.stack_of[c] as usize];
        for row in &mut plane[band..band + geo.br()] {
            *row &= !s;
        }
        plane[r] = bit;
        self.free[r] &= !bit;
    }

    /// Places `d` at `(r, c)` for `reason`, or fails when `d` is no longer a
    /// candidate there (another placement of this round took it). A naked
    /// single's cell holds nothing else (cells only lose candidates), so it
    /// takes the cheaper [`Board::assign_alone`].
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn place<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
        depth: &mut u32,
        d: usize,
        r: usize,
        c: usize,
        reason: Reason,
    ) -> Result<u32, Fail> {
        run.mems(1);
        if self.cand[d][r] & (1 << c) == 0 {
            return Err(DeadEnd::Cell(r * N + c));
        }
        let lost = if reason == Reason::NakedSingle {
            self.assign_alone(geo, d, r, c, run);
            0
        } else {
            self.assign(geo, d, r, c, run)
        };
        *depth += 1;
        // Counted here; a traced run tells it afterwards (`narrate`).
        run.count_placements(1);
        Ok(lost)
    }

    /// [`Board::place`] for a hidden single found in a snapshot of `d`'s
    /// plane: an earlier placement of the same pass may have put `d` there
    /// already (the cell was the single of two units), and then there is
    /// nothing to do. Any other change to the cell since the snapshot is a
    /// contradiction, which `place` reports. The digits that lost the cell
    /// are noted in `touched`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn place_hidden<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
        depth: &mut u32,
        d: usize,
        r: usize,
        c: usize,
        unit: Unit,
        touched: &mut Touched<N>,
    ) -> Result<(), Fail> {
        run.mems(1);
        if self.free[r] & (1 << c) == 0 {
            return Ok(());
        }
        let lost = self.place(geo, run, depth, d, r, c, Reason::HiddenSingle(unit))?;
        touched.note(lost, r, c, geo.box_index(r, c), run);
        Ok(())
    }

    /// Propagates to a fixpoint: naked singles, hidden singles in rows,
    /// columns and boxes, then locked candidates (pointing and claiming, both
    /// line directions); `Err` at a contradiction.
    fn propagate<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
        depth: &mut u32,
    ) -> Result<(), Fail> {
        // Digits whose plane changed since their locked candidates were
        // last examined. Naked singles go first, till none is left (they
        // are one vectorised count of the whole grid); then hidden singles
        // for the digits changed since their last look (`dirty`); locked
        // candidates, dearer, only when no plane changes any more.
        let mut unlocked = 0u32;
        let mut touched = Touched::<N>::new();
        // Whether a candidate went since the last count of naked singles: a
        // round of rules that placed and removed nothing leaves nothing new
        // to count.
        let mut recount = true;
        loop {
            if recount && self.naked_singles(geo, run, depth)? {
                continue;
            }
            recount = false;
            let placed = *depth;
            // Hidden singles: the digits changed anywhere (`dirty`) get a
            // look at their whole planes; only when there are none, those
            // changed by hidden singles alone, in the units noted for them.
            // `dirty` read, `touched.digits` when `dirty` is clear, and the
            // one taken written.
            run.mems(1);
            let whole = self.dirty != 0;
            let todo = if whole {
                std::mem::take(&mut self.dirty)
            } else {
                run.mems(1);
                std::mem::take(&mut touched.digits)
            };
            if todo != 0 {
                run.mems(1);
                unlocked |= todo;
                if whole {
                    // A whole plane's look covers the units noted for it.
                    touched.forget(todo, run);
                }
                for d in ones(todo) {
                    if whole {
                        self.hidden_singles(d, geo, run, depth, &mut touched)?;
                    } else {
                        self.hidden_in_units(d, geo, run, depth, &mut touched)?;
                    }
                }
                recount = *depth != placed;
                continue;
            }
            if unlocked == 0 {
                // Everything cheaper is quiet: naked pairs, dearest, last.
                if self.naked_pairs(geo, run) {
                    recount = true;
                    continue;
                }
                return Ok(());
            }
            for d in ones(std::mem::take(&mut unlocked)) {
                if self.locked_candidates(d, geo, run) {
                    run.mems(2);
                    self.dirty |= 1 << d;
                    recount = true;
                }
            }
        }
    }

    /// Per row, the columns with one candidate or more (`ones`) and two or
    /// more (`twos`), counted bit-sliced across the digit planes. Plane by
    /// plane over whole rows, so that the loop vectorises: a row at a time
    /// was `N` strided loads per row.
    #[inline(always)]
    fn cell_counts(&self) -> ([u32; N], [u32; N]) {
        let (mut ones, mut twos) = ([0u32; N], [0u32; N]);
        for plane in &self.cand {
            for r in 0..N {
                twos[r] |= ones[r] & plane[r];
                ones[r] |= plane[r];
            }
        }
        (ones, twos)
    }

    /// Places every cell left with one candidate; returns whether any cell
    /// had one (`Err` for a cell with none). A single's digit is the first
    /// plane holding its cell: strided loads, but few cells need them.
    fn naked_singles<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
        depth: &mut u32,
    ) -> Result<bool, Fail> {
        // Every plane's row words, then `free`.
        run.mems((N * N + N) as u64);
        let (ones, twos) = self.cell_counts();
        // Most passes find nothing: one test for the whole grid.
        let found = (0..N).fold(0, |a, r| a | self.free[r] & !twos[r]);
        if found == 0 {
            return Ok(false);
        }
        for r in 0..N {
            run.mems(1);
            let free = self.free[r];
            let dead = free & !ones[r];
            if dead != 0 {
                return Err(DeadEnd::Cell(r * N + dead.trailing_zeros() as usize));
            }
            for c in sudoku_core::bits::ones(free & !twos[r]) {
                // The cell's one candidate: the first plane holding it
                // (its word in the planes up to that one read).
                let Some(d) = (0..N).find(|&d| self.cand[d][r] >> c & 1 != 0) else {
                    run.mems(N as u64);
                    return Err(DeadEnd::Cell(r * N + c));
                };
                run.mems(d as u64 + 1);
                self.place(geo, run, depth, d, r, c, Reason::NakedSingle)?;
            }
        }
        Ok(true)
    }

    /// Hidden singles of digit `d` in rows, columns and boxes, from one
    /// pass over its plane (a snapshot: placements made here change the
    /// plane, and [`Board::place_hidden`] sorts out what they made stale).
    /// A placed digit keeps its bit, so a unit where it is placed has one
    /// candidate too: `placed` masks those units out.
    fn hidden_singles<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        d: usize,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
        depth: &mut u32,
        touched: &mut Touched<N>,
    ) -> Result<(), Fail> {
        let digit = d as u8 + 1;
        let plane = self.cand[d];
        // The plane copied (read, written), then scanned twice with
        // `free`, and a stack mask per box.
        run.mems(2 * N as u64 + 4 * N as u64 + N as u64);
        let found = self.scan_units(&plane, geo);
        if found.empty_rows != 0 {
            let r = found.empty_rows.trailing_zeros() as usize;
            return Err(DeadEnd::Constraint(Constraint::RowDigit(r, digit)));
        }
        let missing = geo.all & !found.cols.ones;
        if missing != 0 {
            let c = missing.trailing_zeros() as usize;
            return Err(DeadEnd::Constraint(Constraint::ColDigit(c, digit)));
        }
        if found.empty_boxes != 0 {
            let b = found.empty_boxes.trailing_zeros() as usize;
            return Err(DeadEnd::Constraint(Constraint::BoxDigit(b, digit)));
        }
        for r in ones(found.single_rows) {
            let c = plane[r].trailing_zeros() as usize;
            self.place_hidden(geo, run, depth, d, r, c, Unit::Row(r), touched)?;
        }
        for c in ones(found.cols.singles()) {
            let r = (0..N).find(|&r| plane[r] >> c & 1 != 0).unwrap_or(0);
            run.mems(r as u64 + 1);
            self.place_hidden(geo, run, depth, d, r, c, Unit::Col(c), touched)?;
        }
        for (i, &singles) in found.box_singles[..N / geo.br()].iter().enumerate() {
            let band = i * geo.br();
            for c in ones(singles) {
                let r = (band..band + geo.br())
                    .find(|&r| plane[r] >> c & 1 != 0)
                    .unwrap_or(band);
                run.mems((r - band) as u64 + 1 + 2);
                let b = geo.box_index(r, c);
                self.place_hidden(geo, run, depth, d, r, c, Unit::Box(b), touched)?;
            }
        }
        Ok(())
    }

    /// Hidden singles of digit `d` in the units noted for it in `touched`
    /// (the rows, columns and boxes of cells it lost to placements since
    /// its plane was last looked at whole): each unit read from the plane
    /// as it is now, a unit where `d` is placed skipped, an empty one a
    /// dead end. What [`Board::hidden_singles`] would find, for a few
    /// units' words instead of the whole plane.
    fn hidden_in_units<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        d: usize,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
        depth: &mut u32,
        touched: &mut Touched<N>,
    ) -> Result<(), Fail> {
        let digit = d as u8 + 1;
        // The three masks read and cleared.
        run.mems(6);
        let rows = std::mem::take(&mut touched.rows[d]);
        let cols = std::mem::take(&mut touched.cols[d]);
        let boxes = std::mem::take(&mut touched.boxes[d]);
        for r in ones(rows) {
            // The row's word and `free`.
            run.mems(2);
            let x = self.cand[d][r];
            if x & !self.free[r] != 0 {
                continue;
            }
            if x == 0 {
                return Err(DeadEnd::Constraint(Constraint::RowDigit(r, digit)));
            }
            if x & (x - 1) == 0 {
                let c = x.trailing_zeros() as usize;
                self.place_hidden(geo, run, depth, d, r, c, Unit::Row(r), touched)?;
            }
        }
        for c in ones(cols) {
            // Every row's word and `free`.
            run.mems(2 * N as u64);
            let (mut places, mut placed) = (0u32, 0u32);
            for (r, (&x, &free)) in self.cand[d].iter().zip(&self.free).enumerate() {
                places |= (x >> c & 1) << r;
                placed |= (x & !free) >> c & 1;
            }
            if placed != 0 {
                continue;
            }
            if places == 0 {
                return Err(DeadEnd::Constraint(Constraint::ColDigit(c, digit)));
            }
            if places & (places - 1) == 0 {
                let r = places.trailing_zeros() as usize;
                self.place_hidden(geo, run, depth, d, r, c, Unit::Col(c), touched)?;
            }
        }
        for b in ones(boxes) {
            let (band, stack) = (b / geo.br() * geo.br(), b % geo.br());
            let m = geo.stack[stack];
            // The stack mask, the band's words and `free`.
            run.mems(1 + 2 * geo.br() as u64);
            let mut tally = Tally::default();
            for r in band..band + geo.br() {
                let x = self.cand[d][r] & m;
                tally.add(x, x & !self.free[r]);
            }
            if tally.placed != 0 {
                continue;
            }
            if tally.ones == 0 {
                return Err(DeadEnd::Constraint(Constraint::BoxDigit(b, digit)));
            }
            if tally.twos == 0 && tally.ones & (tally.ones - 1) == 0 {
                let c = tally.ones.trailing_zeros() as usize;
                let r = (band..band + geo.br())
                    .find(|&r| self.cand[d][r] >> c & 1 != 0)
                    .unwrap_or(band);
                run.mems((r - band) as u64 + 1);
                self.place_hidden(geo, run, depth, d, r, c, Unit::Box(b), touched)?;
            }
        }
        Ok(())
    }

    /// The one pass of [`Board::hidden_singles`]: written without branches
    /// on the data, so that it runs at the speed of its loads.
    #[inline(always)]
    fn scan_units<const BR: usize, const BC: usize>(
        &self,
        plane: &[u32; N],
        geo: &Geo<BR, BC>,
    ) -> Units<N> {
        let mut found = Units {
            empty_rows: 0,
            single_rows: 0,
            cols: Tally::default(),
            empty_boxes: 0,
            box_singles: [0; N],
        };
        for (r, (&x, &free)) in plane.iter().zip(&self.free).enumerate() {
            found.empty_rows |= ((x == 0) as u32) << r;
            let single = x & x.wrapping_sub(1) == 0 && x & free != 0;
            found.single_rows |= (single as u32) << r;
        }
        for (i, band) in (0..N).step_by(geo.br()).enumerate() {
            let mut tally = Tally::default();
            let rows = band..band + geo.br();
            for (&x, &free) in plane[rows.clone()].iter().zip(&self.free[rows]) {
                tally.add(x, x & !free);
            }
            found.cols.merge(&tally);
            // Per box of the band, no branch: empty boxes as bits of
            // `empty_boxes` (box `i * stacks + s`), single ones as their
            // cell's column.
            let (mut empty, mut singles) = (0u32, 0u32);
            let busy = tally.twos | tally.placed;
            for (s, &m) in geo.stack[..geo.stacks()].iter().enumerate() {
                let one = tally.ones & m;
                empty |= ((one == 0) as u32) << s;
                let single = one & one.wrapping_sub(1) == 0 && busy & m == 0;
                singles |= one & (single as u32).wrapping_neg();
            }
            found.empty_boxes |= empty << (i * geo.stacks());
            found.box_singles[i] = singles;
        }
        found
    }
    /// Locked candidates for digit `d`, both directions, for rows and
    /// columns; returns whether a candidate was removed. Each direction
    /// applies all its rules at once, every removal justified by the plane
    /// as it was: a removal that enables another is picked up by the next
    /// call (the digit is dirty again), so the fixpoint is the same as
    /// applying the rules one at a time. Two rules that contradict each
    /// other (two rows claiming one box) empty a unit, which the next
    /// [`Board::hidden_singles`] reports.
    fn locked_candidates<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        d: usize,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
    ) -> bool {
        if geo.br() == 1 || geo.bc() == 1 {
            // A box is a row or a column: nothing is ever locked.
            return false;
        }
        // The plane copied (read, written); rows: each stack mask and the
        // plane per stack, each row read and written; columns: the plane
        // read, a stack mask per box, each row read and written; the
        // plane compared with its copy (both read).
        let (n, stacks) = (N as u64, geo.stacks() as u64);
        run.mems(2 * n + stacks * (1 + n) + 2 * n + n + n + 2 * n + 2 * n);
        let before = self.cand[d];
        let plane = &mut self.cand[d];
        lock_rows(plane, geo);
        lock_columns(plane, geo);
        *plane != before
    }

    /// Naked pairs in rows, columns and boxes: two bivalue cells of a unit
    /// with the same two digits hold those two between them, so the unit's
    /// other cells lose both. Returns whether a candidate went (the digits
    /// are marked dirty). One pass per pair of digits: the bivalue cells
    /// holding both digits are one AND per row word of the two planes, and
    /// the pairs among them that share a unit are few.
    fn naked_pairs<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
    ) -> bool {
        if N < 4 {
            // Four cells or fewer to a unit: a pair leaves at most two
            // others, which the singles settle as soon.
            return false;
        }
        // `free` read. A grid with fewer than a quarter of its cells
        // free is near its end (or deep in a dead one): singles settle it
        // as soon, and there the pass cost more than it saved (an empty
        // 25x25's search, whose dense states hold many bivalue cells, ran
        // at half its speed).
        run.mems(N as u64);
        if 4 * self.free.iter().map(|f| f.count_ones()).sum::<u32>() < (N * N) as u32 {
            return false;
        }
        // The bivalue count: every plane's row words and `free`.
        run.mems((N * N + N) as u64);
        let bivalue = self.bivalue_cells();
        let mut todo = bivalue;
        let mut changed = false;
        for r in 0..N {
            while todo[r] != 0 {
                let c = todo[r].trailing_zeros() as usize;
                // The cell's two digits: the planes holding it, the loop
                // stopping at the second (the cell was bivalue when counted,
                // so it has no third); its word in the planes up to there
                // read.
                let (mut digits, mut k) = ([0usize; 2], 0);
                for d in 0..N {
                    if self.cand[d][r] >> c & 1 != 0 {
                        digits[k] = d;
                        k += 1;
                        if k == 2 {
                            break;
                        }
                    }
                }
                run.mems(if k == 2 {
                    digits[1] as u64 + 1
                } else {
                    N as u64
                });
                if k != 2 {
                    // A pair found earlier in this pass took from it.
                    todo[r] &= todo[r] - 1;
                    continue;
                }
                let [d1, d2] = digits;
                // The two planes' row words.
                run.mems(2 * N as u64);
                let same: [u32; N] =
                    std::array::from_fn(|r2| bivalue[r2] & self.cand[d1][r2] & self.cand[d2][r2]);
                for (t, &s) in todo.iter_mut().zip(&same) {
                    *t &= !s;
                }
                // Most pairs of digits are held by this cell alone: no
                // pair to look for, and no need to list the cells.
                if same.iter().map(|x| x.count_ones()).sum::<u32>() > 1 {
                    changed |= self.pairs_among(&same, [d1, d2], geo, run);
                }
            }
        }
        changed
    }

    /// The naked pairs among `same`, the bivalue cells holding exactly
    /// `digits`: every two of them that share a unit. (Three in a unit are a
    /// contradiction: the first two empty the third, which the naked
    /// singles report.)
    fn pairs_among<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        same: &[u32; N],
        digits: [usize; 2],
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
    ) -> bool {
        // The cells, in order; more than 32 holding the same pair is a grid
        // far from a solution, and looking at the first 32 is still sound.
        let mut cells = [(0usize, 0usize); 32];
        let mut k = 0;
        for (r, &row) in same.iter().enumerate() {
            let mut x = row;
            while x != 0 && k < cells.len() {
                cells[k] = (r, x.trailing_zeros() as usize);
                k += 1;
                x &= x - 1;
            }
        }
        let mut changed = false;
        for i in 0..k {
            for j in i + 1..k {
                let (a, b) = (cells[i], cells[j]);
                if a.0 == b.0 {
                    changed |= self.pair_clears(a.0..a.0 + 1, geo.all, a, b, digits, run);
                }
                if a.1 == b.1 {
                    changed |= self.pair_clears(0..N, 1 << a.1, a, b, digits, run);
                }
                let b_box = geo.box_index(b.0, b.1);
                if geo.box_index(a.0, a.1) == b_box {
                    let band = geo.band_of[a.0] as usize;
                    let stack = geo.stack_of[a.1] as usize;
                    run.mems(4);
                    changed |= self.pair_clears(
                        band..band + geo.br(),
                        geo.stack[stack],
                        a,
                        b,
                        digits,
                        run,
                    );
                }
            }
        }
        changed
    }

    /// Takes `digits` from the unplaced cells of `cols` in `rows` (one
    /// unit), but for the pair's cells `a` and `b`; returns whether any went.
    #[allow(clippy::too_many_arguments)]
    fn pair_clears<T: Trace>(
        &mut self,
        rows: std::ops::Range<usize>,
        cols: u32,
        a: (usize, usize),
        b: (usize, usize),
        digits: [usize; 2],
        run: &mut Run<T>,
    ) -> bool {
        let mut changed = false;
        for r in rows {
            let mut lose = cols & self.free[r];
            lose &= !((r == a.0) as u32 * (1 << a.1)) & !((r == b.0) as u32 * (1 << b.1));
            // `free`, then each plane's row read (and written if it loses).
            run.mems(1 + digits.len() as u64);
            for d in digits {
                let gone = self.cand[d][r] & lose;
                if gone == 0 {
                    continue;
                }
                run.mems(2);
                self.cand[d][r] &= !gone;
                self.dirty |= 1 << d;
                changed = true;
            }
        }
        changed
    }

    /// The unsolved cell to branch on: among the bivalue cells, the one
    /// whose row, column and box have met the most dead ends so far
    /// ([`Weights`]); on ties the one with the most bivalue cells in its
    /// row, column and box (a guess there leaves the most of them single),
    /// then the most placed cells there; the first in row-major order on
    /// full ties.
    /// Without a bivalue cell, the first with fewest candidates. Returns
    /// `(row, column, options)`.
    fn choose<const BR: usize, const BC: usize, T: Trace>(
        &self,
        geo: &Geo<BR, BC>,
        weights: &Weights<N>,
        run: &mut Run<T>,
    ) -> (usize, usize, u32) {
        // Placed per unit: `free`, per row two box tables and the stack
        // masks, the box counts read and written; the bivalue count:
        // every plane's row words and `free`; bivalue cells per unit as
        // placed cells, `free` aside.
        let (n, stacks) = (N as u64, geo.stacks() as u64);
        run.mems(n * (1 + 2 + 3 * stacks) + n * n + n + n * (2 + 3 * stacks));
        let placed: [u32; N] = std::array::from_fn(|r| geo.all & !self.free[r]);
        let (row_placed, col_placed, box_placed) = per_unit(&placed, geo);
        let bivalue = self.bivalue_cells();
        let (row_pairs, col_pairs, box_pairs) = per_unit(&bivalue, geo);
        // (score, row, column): the weight, then the bivalue cells in the
        // cell's units, then the placed ones (each at most 3N < 256).
        let mut best: Option<(u64, usize, usize)> = None;
        for (r, &cells) in bivalue.iter().enumerate() {
            for c in ones(cells) {
                // Three placed counts, three bivalue counts, three
                // weights, two box tables.
                run.mems(11);
                let b = geo.box_index(r, c);
                let weight =
                    weights.row[r] as u64 + weights.col[c] as u64 + weights.boxes[b] as u64;
                let pairs = row_pairs[r] + col_pairs[c] + box_pairs[b];
                let settled = row_placed[r] + col_placed[c] + box_placed[b];
                let score = weight << 16 | (pairs as u64) << 8 | settled as u64;
                if best.is_none_or(|(s, _, _)| score > s) {
                    best = Some((score, r, c));
                }
            }
        }
        if let Some((_, r, c)) = best {
            return (r, c, self.options(r, c, run));
        }
        self.fewest_options(run)
    }

    /// Per row, the unplaced cells with exactly two candidates: counted
    /// bit-sliced to three, plane by plane as in [`Board::cell_counts`].
    fn bivalue_cells(&self) -> [u32; N] {
        let (mut ones, mut twos, mut threes) = ([0u32; N], [0u32; N], [0u32; N]);
        for plane in &self.cand {
            for r in 0..N {
                threes[r] |= twos[r] & plane[r];
                twos[r] |= ones[r] & plane[r];
                ones[r] |= plane[r];
            }
        }
        std::array::from_fn(|r| self.free[r] & twos[r] & !threes[r])
    }

    /// The first unplaced cell with fewest candidates, for when no cell
    /// has two: `(row, column, options)`.
    #[cold]
    fn fewest_options<T: Trace>(&self, run: &mut Run<T>) -> (usize, usize, u32) {
        let mut fewest = (0, 0, 0u32, u32::MAX);
        for r in 0..N {
            run.mems(1);
            for c in ones(self.free[r]) {
                let options = self.options(r, c, run);
                if options.count_ones() < fewest.3 {
                    fewest = (r, c, options, options.count_ones());
                }
            }
        }
        (fewest.0, fewest.1, fewest.2)
    }

    #[inline]
    fn options<T: Trace>(&self, r: usize, c: usize, run: &mut Run<T>) -> u32 {
        // The cell's word in each plane.
        run.mems(N as u64);
        let mut options = 0;
        for (d, plane) in self.cand.iter().enumerate() {
            options |= (plane[r] >> c & 1) << d;
        }
        options
    }

    fn solved(&self) -> bool {
        self.free.iter().all(|&f| f == 0)
    }

    /// Every cell as a traced run's narrator reads it: its digit, or its
    /// candidates.
    fn cells(&self) -> Vec<Cell> {
        (0..N * N)
            .map(|cell| {
                let (r, c) = (cell / N, cell % N);
                let mask = (0..N).fold(0u32, |m, d| m | (self.cand[d][r] >> c & 1) << d);
                match (self.free[r] >> c & 1 != 0, mask) {
                    (true, _) => Cell::Candidates(mask),
                    (false, 0) => Cell::Candidates(u32::MAX),
                    (false, _) => Cell::Placed(mask.trailing_zeros() as u8 + 1),
                }
            })
            .collect()
    }

    fn write(&self, cells: &mut [u8]) {
        for (d, plane) in self.cand.iter().enumerate() {
            for (r, &row) in plane.iter().enumerate() {
                for c in ones(row) {
                    cells[r * N + c] = d as u8 + 1;
                }
            }
        }
    }
}

/// The cells of `cells` (a mask per row) per row, per column and per box.
fn per_unit<const N: usize, const BR: usize, const BC: usize>(
    cells: &[u32; N],
    geo: &Geo<BR, BC>,
) -> ([u32; N], [u32; N], [u32; N]) {
    let (mut rows, mut cols, mut boxes) = ([0u32; N], [0u32; N], [0u32; N]);
    for (r, &x) in cells.iter().enumerate() {
        rows[r] = x.count_ones();
        for (s, &m) in geo.stack[..geo.stacks()].iter().enumerate() {
            boxes[geo.box_index(r, 0) + s] += (x & m).count_ones();
        }
        // A shift per column rather than a loop over the bits: this
        // vectorises.
        for (c, n) in cols.iter_mut().enumerate() {
            *n += x >> c & 1;
        }
    }
    (rows, cols, boxes)
}

/// Locked candidates between the rows and the boxes of each band:
/// claiming (a row whose candidates lie in one box takes the digit from the
/// box's other rows) and pointing (a box whose candidates lie in one row
/// takes it from the rest of the row). Per row, `touched` is the stacks
/// (as column masks) its candidates reach, worked out for all rows at once
/// (a loop over the stacks outside, the rows inside, so that it
/// vectorises); within a band, the rows' touches are counted bit-sliced,
/// as candidates are.
fn lock_rows<const N: usize, const BR: usize, const BC: usize>(
    plane: &mut [u32; N],
    geo: &Geo<BR, BC>,
) {
    let mut touched = [0u32; N];
    for &m in &geo.stack[..geo.stacks()] {
        for (t, &x) in touched.iter_mut().zip(plane.iter()) {
            *t |= m & ((x & m != 0) as u32).wrapping_neg();
        }
    }
    let claims: [u32; N] = std::array::from_fn(|r| geo.claim(touched[r]));
    let bands = plane.chunks_exact_mut(geo.br()).zip(
        touched
            .chunks_exact(geo.br())
            .zip(claims.chunks_exact(geo.br())),
    );
    for (rows, (touched, claims)) in bands {
        // Stacks touched by one row or more, two or more; claimed likewise.
        let (mut touched1, mut touched2) = (0u32, 0u32);
        let (mut claimed1, mut claimed2) = (0u32, 0u32);
        for (&t, &claim) in touched.iter().zip(claims) {
            touched2 |= touched1 & t;
            touched1 |= t;
            claimed2 |= claimed1 & claim;
            claimed1 |= claim;
        }
        for (x, (&t, &claim)) in rows.iter_mut().zip(touched.iter().zip(claims)) {
            // Boxes claimed by another row, or by two (then by this one too).
            let lose = (claimed1 & !claim) | claimed2;
            // Boxes where this row alone has candidates: the row keeps only
            // that box, or nothing if it is alone in two.
            let alone = t & touched1 & !touched2;
            let keep = geo.claim(alone) | single_zero(alone);
            *x &= !lose & keep;
        }
    }
}

/// Locked candidates between the columns and the boxes: pointing (a box
/// whose candidates lie in one column takes the digit from the column's
/// other bands) and claiming (a column whose candidates lie in one band
/// takes it from its box's other columns). `cover[i]` is the columns where
/// band `i` has candidates.
fn lock_columns<const N: usize, const BR: usize, const BC: usize>(
    plane: &mut [u32; N],
    geo: &Geo<BR, BC>,
) {
    let bands = N / geo.br();
    let mut cover = [0u32; N];
    // Columns covered by one band or more, by two or more.
    let (mut cover1, mut cover2) = (0u32, 0u32);
    for (i, rows) in plane.chunks_exact(geo.br()).enumerate() {
        cover[i] = rows.iter().fold(0, |a, &x| a | x);
        cover2 |= cover1 & cover[i];
        cover1 |= cover[i];
    }
    // Columns pointed at by one band or more, by two or more.
    let (mut pointed1, mut pointed2) = (0u32, 0u32);
    let mut pointed = [0u32; N];
    let mut claiming = [0u32; N];
    for i in 0..bands {
        // Columns covered by another band.
        let others = cover2 | (cover1 & !cover[i]);
        for &m in &geo.stack[..geo.stacks()] {
            // No branch on the data: with the box sides constant these
            // loops unroll, and a branch per box mispredicts.
            let cols = cover[i] & m;
            pointed[i] |= cols & single(cols);
            // Columns of this box found in no other band hold the digit
            // here: the box loses its other columns (all of them if two
            // columns claim it).
            let claimed = cols & !others;
            claiming[i] |= m & !(claimed & single(claimed)) & !single_zero(claimed);
        }
        pointed2 |= pointed1 & pointed[i];
        pointed1 |= pointed[i];
    }
    for (i, rows) in plane.chunks_exact_mut(geo.br()).enumerate() {
        let lose = (pointed1 & !pointed[i]) | pointed2 | claiming[i];
        for x in rows {
            *x &= !lose;
        }
    }
}

/// All ones when `x` is zero, else zero.
#[inline(always)]
fn single_zero(x: u32) -> u32 {
    ((x == 0) as u32).wrapping_neg()
}

/// All ones when `x` has at most one bit, else zero.
#[inline(always)]
fn single(x: u32) -> u32 {
    ((x & x.wrapping_sub(1) == 0) as u32).wrapping_neg()
}

/// The size of a [`Board`] in 64-bit words: what copying it costs in mems,
/// once to read and once to write.
const fn state_words<const N: usize>() -> u64 {
    std::mem::size_of::<Board<N>>().div_ceil(8) as u64
}

/// Solves one puzzle of side `N` with boxes of `br` x `bc` (`BR` x `BC`
/// when those are not zero: see [`Geo`]).
pub(crate) fn solve<const N: usize, const BR: usize, const BC: usize, T: Trace>(
    br: usize,
    bc: usize,
    givens: &[u8],
    out: &mut Out,
    run: &mut Run<T>,
) {
    let geo = Geo::<BR, BC>::new(br, bc);
    let board = Board::<N>::from_givens(&geo, givens, run);
    let bytes = std::mem::size_of::<Board<N>>() as u64;
    if run.hold(1, bytes).is_break() || run.enter(0).is_break() {
        return;
    }
    let narrator = run.traced().then(|| {
        let shape = sudoku_core::Shape::new(br, bc).expect("the puzzle's shape");
        Narrator::new(shape, givens)
    });
    let _ = search(board, &geo, out, run, bytes, narrator);
}

/// Failure weights per unit, for the choice of the guess (the *dom/wdeg*
/// heuristic of constraint programming, Boussemart et al. 2004, with the
/// domain size fixed at two): every dead end adds one to the units it
/// names, the row, column or box of a unit-digit left with no place, or
/// the three units of a cell left with no candidate. The search then
/// branches where it has failed before: the conflicts of a hard puzzle
/// cluster, and a guess there settles them sooner. Kept outside the
/// [`Board`] (no guess copies it): it learns across the whole search.
struct Weights<const N: usize> {
    row: [u32; N],
    col: [u32; N],
    boxes: [u32; N],
}

impl<const N: usize> Weights<N> {
    fn new() -> Self {
        Weights {
            row: [0; N],
            col: [0; N],
            boxes: [0; N],
        }
    }

    /// Adds one to the units `dead` names.
    fn bump<const BR: usize, const BC: usize, T: Trace>(
        &mut self,
        dead: DeadEnd,
        geo: &Geo<BR, BC>,
        run: &mut Run<T>,
    ) {
        match dead {
            DeadEnd::Cell(cell) | DeadEnd::Constraint(Constraint::Cell(cell)) => {
                // Two box tables, three weights read and written.
                run.mems(2 + 6);
                let (r, c) = (cell / N, cell % N);
                self.row[r] += 1;
                self.col[c] += 1;
                self.boxes[geo.box_index(r, c)] += 1;
            }
            DeadEnd::Constraint(unit) => {
                // The weight read and written.
                run.mems(2);
                match unit {
                    Constraint::RowDigit(r, _) => self.row[r] += 1,
                    Constraint::ColDigit(c, _) => self.col[c] += 1,
                    Constraint::BoxDigit(b, _) => self.boxes[b] += 1,
                    Constraint::Cell(_) => unreachable!("matched above"),
                }
            }
        }
    }
}

/// A branch point: the state before the guess, the cell, the options not
/// tried yet and the digit being tried (`u8::MAX` before the first).
struct Frame<const N: usize> {
    board: Board<N>,
    depth: u32,
    r: usize,
    c: usize,
    options: u32,
    rest: u32,
    trying: u8,
}

/// Depth-first search over copies, with an explicit stack of branch points
/// on the heap: a 25x25 state is 2.6 kB and a path can hold hundreds of
/// guesses, too deep for a thread's stack if each were a recursive frame.
fn search<const N: usize, const BR: usize, const BC: usize, T: Trace>(
    mut board: Board<N>,
    geo: &Geo<BR, BC>,
    out: &mut Out,
    run: &mut Run<T>,
    bytes: u64,
    mut narrator: Option<Narrator>,
) -> ControlFlow<()> {
    let mut stack: Vec<Frame<N>> = Vec::new();
    let mut weights = Weights::<N>::new();
    let mut depth = 0u32;
    let mut peak = 1u64;
    // A traced run's narrator, and its trail's mark at each branch point.
    let mut marks: Vec<usize> = Vec::new();
    // The depth the last node settled reached: an untraced search takes its
    // placements back in one count.
    let mut last;
    loop {
        // Settle the current state: propagate, then a solution, a dead end
        // or a new branch point.
        let entered = depth;
        let propagated = board.propagate(geo, run, &mut depth);
        last = depth;
        if let Some(narrator) = narrator.as_mut().filter(|_| run.traced()) {
            let mut told = entered;
            narrator.narrate(run, &mut told, &board.cells(), propagated.err(), depth);
        }
        match propagated {
            Err(dead) => {
                weights.bump(dead, geo, run);
                if !run.traced() {
                    run.dead_end(depth, dead)
                }
            }
            Ok(()) => {
                run.mems(N as u64);
                if board.solved() {
                    board.write(&mut out.cells);
                    run.solution(depth, &out.cells)?;
                } else {
                    let (r, c, options) = board.choose(geo, &weights, run);
                    // The frame pushed: the state copied in (read and
                    // written) and its five other fields.
                    run.mems(2 * state_words::<N>() + 5);
                    let held = stack.len() as u64 + 2;
                    if held > peak {
                        peak = held;
                        run.hold(held, held * bytes)?;
                    }
                    stack.push(Frame {
                        board,
                        depth,
                        r,
                        c,
                        options,
                        rest: options,
                        trying: u8::MAX,
                    });
                }
            }
        }
        // Take the next option of the deepest branch point with one left.
        loop {
            let Some(top) = stack.last_mut() else {
                return ControlFlow::Continue(());
            };
            let cell = top.r * N + top.c;
            // The frame's cell, `trying` and `rest` read.
            run.mems(3);
            if top.trying != u8::MAX {
                // The option just searched is left: its node's placements
                // deepest first, then its own digit.
                match (narrator.as_mut(), marks.pop()) {
                    (Some(narrator), Some(mark)) if run.traced() => narrator.unwind(mark, run),
                    _ => {
                        run.take_back(top.depth + 1, last);
                        run.undo(top.depth + 1, cell, top.trying + 1);
                    }
                }
            }
            if top.rest == 0 {
                last = top.depth;
                stack.pop();
                continue;
            }
            let d = top.rest.trailing_zeros() as usize;
            top.rest &= top.rest - 1;
            top.trying = d as u8;
            // `rest` and `trying` written, the state copied out, the
            // depth and options read.
            run.mems(2 + 2 * state_words::<N>() + 2);
            board = top.board;
            // The digits that lost the cell are looked at whole (`dirty`
            // written).
            run.mems(1);
            let lost = board.assign(geo, d, top.r, top.c, run);
            board.dirty |= lost;
            depth = top.depth + 1;
            let options = top.options;
            if let Some(narrator) = narrator.as_mut().filter(|_| run.traced()) {
                marks.push(narrator.mark());
                narrator.guess(depth, cell, d as u8 + 1);
            }
            run.place(depth, cell, d as u8 + 1, Reason::Guess { options });
            run.enter(depth)?;
            break;
        }
    }
}
