//! The one search engine behind every rung: candidate masks, a trail of
//! changes for undo, branching and the propagation rules.

use crate::{Branching, Rules};
use std::ops::ControlFlow;
use sudoku_core::bits::{bit_of, digit_of};
use sudoku_core::scratch::Scratch;
use sudoku_core::{Constraint, DeadEnd, Grid, Reason, Rule, Run, Shape, Trace, Unit};

/// A placed digit's weight in its units' counts: more than any number of
/// candidate places (at most 25), so a placed digit never looks missing or
/// single. Counts are `u8` with wrapping arithmetic; undo restores them exactly.
const PLACED: u8 = 64;

/// One branch point on the explicit search stack.
#[derive(Clone, Copy)]
struct Frame {
    /// Trail and path lengths when the branch point was opened: undoing to
    /// them restores its state exactly.
    trail: u32,
    path: u32,
    /// The cell branched on, or for a unit-and-digit branch the unit.
    cell: u16,
    /// 0 for a cell branch; the digit for a unit-and-digit branch.
    digit: u8,
    /// The options when the branch point was opened (digits of the cell, or
    /// positions in the unit), and those not tried yet.
    options: u32,
    untried: u32,
}

/// The board being searched, built once per shape and reused (the scratch of
/// every rung).
pub struct Board {
    shape: Shape,
    n: usize,
    size: usize,
    all: u32,
    /// `units[u * n + i]`: the i-th cell of unit `u`.
    units: Vec<u16>,
    peers: Vec<u16>,
    peer_count: usize,
    /// Candidates of each empty cell (bit `d - 1` for digit `d`); 0 once filled.
    cand: Vec<u32>,
    /// The placed digit's bit of each cell, 0 while empty.
    placed: Vec<u32>,
    empties: usize,
    /// `(cell, candidates before)` for every change of `cand`, undone in reverse.
    trail: Vec<(u32, u32)>,
    /// The search's placements on the current path, `(cell, digit)`.
    path: Vec<(u16, u8)>,
    frames: Vec<Frame>,
    /// Cells left with one candidate, waiting for the naked-single rule.
    queue: Vec<u16>,
    /// Per unit and digit (`u * 32 + d - 1`): 1 for every cell of the unit
    /// with the digit as a candidate, [`PLACED`] for the cell holding it.
    /// Kept from forward checking up (a zero is a digit with no place left,
    /// a one a hidden single), not under `none`.
    counts: Vec<u8>,
    /// The three units of each cell, as indices into `counts` (`u * 32`).
    cell_units: Vec<[u16; 3]>,
    /// Copies of `cand` and `counts` at each branch point (above `none`).
    saved_cand: Vec<u32>,
    saved_counts: Vec<u8>,
    /// Whether `counts` is kept in this search.
    tracked: bool,
    /// Unit-and-digit pairs whose count fell to one, for the hidden-single rule.
    hidden: Vec<(u16, u8)>,
    /// Locked candidates: the candidates of each row segment (a row's cells
    /// in one box) and column segment.
    row_segs: Vec<u32>,
    col_segs: Vec<u32>,
    /// Where a solution grid is assembled.
    grid: Vec<u8>,
    givens: Vec<u8>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        let n = shape.side();
        let size = shape.cells();
        let geometry = sudoku_core::Geometry::new(shape);
        let mut units = Vec::with_capacity(3 * n * n);
        for u in 0..3 * n {
            units.extend(
                geometry
                    .unit_cells(unit_of(n, u))
                    .into_iter()
                    .map(|c| c as u16),
            );
        }
        let cell_units = (0..size)
            .map(|c| {
                let (r, col, b) = (geometry.row(c), geometry.col(c), geometry.box_of(c));
                [r, n + col, 2 * n + b].map(|u| (u * 32) as u16)
            })
            .collect();
        let peer_count = if size > 0 { geometry.peers(0).len() } else { 0 };
        let peers = (0..size).flat_map(|c| geometry.peers(c).to_vec()).collect();
        Board {
            shape,
            n,
            size,
            all: shape.all_digits(),
            units,
            peers,
            peer_count,
            cand: vec![0; size],
            placed: vec![0; size],
            empties: 0,
            trail: Vec::with_capacity(n * n * n + size),
            path: Vec::with_capacity(size),
            frames: Vec::with_capacity(size),
            queue: Vec::with_capacity(size),
            counts: vec![0; 3 * n * 32],
            cell_units,
            tracked: false,
            saved_cand: Vec::new(),
            saved_counts: Vec::new(),
            hidden: Vec::with_capacity(3 * n * n),
            row_segs: vec![0; n * shape.box_rows()],
            col_segs: vec![0; n * shape.box_cols()],
            grid: vec![0; size],
            givens: vec![0; size],
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

/// The [`Unit`] of a unit index.
pub(crate) fn unit_of(n: usize, u: usize) -> Unit {
    match u / n.max(1) {
        0 => Unit::Row(u),
        1 => Unit::Col(u - n),
        _ => Unit::Box(u - 2 * n),
    }
}

/// The constraint "unit `u` must hold digit `d`", for dead-end events.
fn unit_digit(n: usize, u: usize, digit: u8) -> DeadEnd {
    DeadEnd::Constraint(match unit_of(n, u) {
        Unit::Row(r) => Constraint::RowDigit(r, digit),
        Unit::Col(c) => Constraint::ColDigit(c, digit),
        Unit::Box(b) => Constraint::BoxDigit(b, digit),
    })
}

/// What branching chose in a state.
enum Choice {
    /// Every cell is filled.
    Solved,
    /// A cell with no candidate, or a unit-and-digit with no place.
    Dead(DeadEnd),
    /// A branch point.
    Branch(Frame),
}

impl Board {
    /// An estimate of the memory the search holds.
    pub(crate) fn bytes(&self) -> u64 {
        (std::mem::size_of::<Board>()
            + self.units.len() * 2
            + self.cell_units.len() * 6
            + self.counts.len()
            + self.peers.len() * 2
            + self.size * (4 + 4 + 1 + 1 + 2 + 2)
            + self.trail.capacity() * 8
            + self.path.capacity() * 4
            + self.frames.capacity() * std::mem::size_of::<Frame>()
            + (self.row_segs.len() + self.col_segs.len()) * 4) as u64
    }

    /// Loads the givens (already checked for conflicts): every cell starts
    /// with every digit, and each given removes its digit from its peers.
    fn load(&mut self, puzzle: &Grid, rules: Rules) {
        self.cand.fill(self.all);
        self.placed.fill(0);
        self.givens.copy_from_slice(puzzle.cells());
        self.empties = self.size;
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                let bit = bit_of(digit);
                self.cand[cell] = 0;
                self.placed[cell] = bit;
                self.empties -= 1;
                for &p in &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count] {
                    self.cand[p as usize] &= !bit;
                }
            }
        }
        self.trail.clear();
        self.path.clear();
        self.frames.clear();
        self.queue.clear();
        self.hidden.clear();
        self.tracked = rules >= Rules::Fc;
        if self.tracked {
            self.counts.fill(0);
            for cell in 0..self.size {
                let units = self.cell_units[cell];
                let mut m = self.cand[cell];
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    for u in units {
                        self.counts[u as usize + d] += 1;
                    }
                }
                if self.placed[cell] != 0 {
                    let d = self.placed[cell].trailing_zeros() as usize;
                    for u in units {
                        self.counts[u as usize + d] += PLACED;
                    }
                }
            }
        }
    }

    /// Removes `removed` from the counts of `cell`'s units. A count falling to
    /// one queues a hidden single; to zero, a dead end (the unit cannot hold
    /// the digit any more).
    #[inline(always)]
    fn uncount(&mut self, cell: usize, mut removed: u32, dead: &mut Option<DeadEnd>) {
        let units = self.cell_units[cell];
        while removed != 0 {
            let d = removed.trailing_zeros() as usize;
            removed &= removed - 1;
            for u in units {
                let k = u as usize + d;
                let c = self.counts[k].wrapping_sub(1);
                self.counts[k] = c;
                if c <= 1 {
                    if c == 1 {
                        self.hidden.push((u / 32, d as u8 + 1));
                    } else {
                        *dead = Some(unit_digit(self.n, u as usize / 32, d as u8 + 1));
                    }
                }
            }
        }
    }

    /// The root's own checks: under forward checking a cell with no
    /// candidate is a dead end, and under the naked-single rule every cell
    /// with one candidate waits in the queue.
    fn check_root(&mut self, rules: Rules) -> Result<(), DeadEnd> {
        if rules == Rules::None {
            return Ok(());
        }
        for cell in 0..self.size {
            let m = self.cand[cell];
            if self.placed[cell] == 0 {
                if m == 0 {
                    return Err(DeadEnd::Cell(cell));
                }
                if rules >= Rules::Naked && m & (m - 1) == 0 {
                    self.queue.push(cell as u16);
                }
            }
        }
        for k in 0..3 * self.n * 32 {
            if k % 32 >= self.n {
                continue;
            }
            match self.counts[k] {
                0 => return Err(unit_digit(self.n, k / 32, (k % 32) as u8 + 1)),
                1 => self.hidden.push(((k / 32) as u16, (k % 32) as u8 + 1)),
                _ => {}
            }
        }
        Ok(())
    }

    /// Writes `digit` in `cell` (reported to `run` with `reason`) and removes
    /// it from the peers. Under forward checking a peer left with nothing is
    /// a dead end; under the naked-single rule a peer left with one digit
    /// joins the queue.
    #[inline(always)]
    fn assign<T: Trace>(
        &mut self,
        cell: usize,
        digit: u8,
        reason: Reason,
        rules: Rules,
        run: &mut Run<T>,
    ) -> Result<(), DeadEnd> {
        let bit = bit_of(digit);
        let old = self.cand[cell];
        if !self.tracked {
            self.trail.push((cell as u32, old));
        }
        self.cand[cell] = 0;
        self.placed[cell] = bit;
        self.empties -= 1;
        self.path.push((cell as u16, digit));
        run.place(self.path.len() as u32, cell, digit, reason);
        if rules == Rules::None {
            // Legality only: keep the candidates exact, check nothing.
            for &p in &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count] {
                let p = p as usize;
                let m = self.cand[p];
                if m & bit != 0 {
                    self.trail.push((p as u32, m));
                    self.cand[p] = m & !bit;
                }
            }
            return Ok(());
        }
        let naked = rules >= Rules::Naked;
        let mut dead = None;
        for u in self.cell_units[cell] {
            let k = u as usize + digit as usize - 1;
            self.counts[k] = self.counts[k].wrapping_add(PLACED);
        }
        self.uncount(cell, old, &mut dead);
        // First the peers that lose the digit, in a tight read-only loop
        // (at most 64 peers, on 25x25), then the updates.
        let mut hits = [0u16; 64];
        let mut k = 0;
        for &p in &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count] {
            hits[k] = p;
            k += (self.cand[p as usize] & bit != 0) as usize;
        }
        for &p in &hits[..k] {
            let p = p as usize;
            let m = self.cand[p];
            {
                let left = m & !bit;
                self.cand[p] = left;
                self.uncount(p, bit, &mut dead);
                if left & left.wrapping_sub(1) == 0 {
                    if left == 0 {
                        dead = Some(DeadEnd::Cell(p));
                    } else if naked {
                        self.queue.push(p as u16);
                    }
                }
            }
        }
        match dead {
            Some(dead) => Err(dead),
            None => Ok(()),
        }
    }

    /// Removes `digits` from the candidates of `cell` for `rule`.
    #[inline]
    fn eliminate<T: Trace>(
        &mut self,
        cell: usize,
        digits: u32,
        rule: Rule,
        run: &mut Run<T>,
    ) -> Result<bool, DeadEnd> {
        let m = self.cand[cell];
        let gone = m & digits;
        if gone == 0 {
            return Ok(false);
        }
        if run.trace.enabled() {
            for d in sudoku_core::bits::digits(gone) {
                run.eliminate(self.path.len() as u32, cell, d, rule);
            }
        }

        let left = m & !gone;
        self.cand[cell] = left;
        let mut dead = None;
        self.uncount(cell, gone, &mut dead);
        if left == 0 {
            return Err(DeadEnd::Cell(cell));
        }
        if let Some(dead) = dead {
            return Err(dead);
        }
        if left & (left - 1) == 0 {
            self.queue.push(cell as u16);
        }
        Ok(true)
    }

    /// Undoes placements and candidate changes back to a branch point's marks,
    /// the deepest placement first.
    #[inline]
    fn undo_to<T: Trace>(&mut self, path: u32, trail: u32, run: &mut Run<T>) {
        let restore = self.path.len() > path as usize;
        while self.path.len() > path as usize {
            let depth = self.path.len() as u32;
            let (cell, digit) = self.path.pop().expect("a placement");
            self.placed[cell as usize] = 0;
            self.empties += 1;
            run.undo(depth, cell as usize, digit);
        }
        if self.tracked {
            // Candidates and counts come back from the branch point's copy.
            if restore {
                let f = self.frames.len() - 1;
                let (size, width) = (self.size, self.counts.len());
                self.cand
                    .copy_from_slice(&self.saved_cand[f * size..(f + 1) * size]);
                self.counts
                    .copy_from_slice(&self.saved_counts[f * width..(f + 1) * width]);
            }
        } else {
            while self.trail.len() > trail as usize {
                let (cell, old) = self.trail.pop().expect("a change");
                self.cand[cell as usize] = old;
            }
        }
        // The state at a branch point's marks was propagated to a fixpoint.
        self.queue.clear();
        self.hidden.clear();
    }

    /// Opens a branch point. Above `none` it keeps a copy of the candidates
    /// and counts (under a kilobyte and a half on 9x9): restoring them is one
    /// copy, cheaper than undoing every change one by one.
    fn push_frame(&mut self, frame: Frame) {
        if self.tracked {
            let f = self.frames.len();
            let (size, width) = (self.size, self.counts.len());
            if self.saved_cand.len() < (f + 1) * size {
                self.saved_cand.resize((f + 1) * size, 0);
                self.saved_counts.resize((f + 1) * width, 0);
            }
            self.saved_cand[f * size..(f + 1) * size].copy_from_slice(&self.cand);
            self.saved_counts[f * width..(f + 1) * width].copy_from_slice(&self.counts);
        }
        self.frames.push(frame);
    }

    fn pop_frame(&mut self) {
        self.frames.pop();
    }

    /// Applies the rules to a fixpoint. `Err` at a contradiction.
    fn propagate<T: Trace>(&mut self, rules: Rules, run: &mut Run<T>) -> Result<(), DeadEnd> {
        if rules < Rules::Hidden {
            // Forward checking needs no more than the counts kept on the way.
            self.hidden.clear();
        }
        if rules < Rules::Naked {
            return Ok(());
        }
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let m = self.cand[cell];
                if self.placed[cell] != 0 {
                    continue;
                }
                if m == 0 {
                    return Err(DeadEnd::Cell(cell));
                }
                debug_assert!(m.is_power_of_two());
                self.assign(cell, digit_of(m), Reason::NakedSingle, rules, run)?;
            }
            if rules >= Rules::Hidden {
                if let Some((u, digit)) = self.hidden.pop() {
                    self.hidden_single(u as usize, digit, rules, run)?;
                    continue;
                }
            }
            if rules >= Rules::Locked && self.locked(run)? {
                continue;
            }
            if rules >= Rules::Subsets && self.subsets(run)? {
                continue;
            }
            return Ok(());
        }
    }

    /// Places `digit` in its one place left in unit `u`, if that is still
    /// the case (the queue may hold stale entries).
    fn hidden_single<T: Trace>(
        &mut self,
        u: usize,
        digit: u8,
        rules: Rules,
        run: &mut Run<T>,
    ) -> Result<(), DeadEnd> {
        let n = self.n;
        if self.counts[u * 32 + digit as usize - 1] != 1 {
            return Ok(());
        }
        let bit = bit_of(digit);
        let cell = (0..n)
            .map(|i| self.units[u * n + i] as usize)
            .find(|&c| self.cand[c] & bit != 0)
            .expect("a count of one is a place");
        let reason = if self.cand[cell] == bit {
            Reason::NakedSingle
        } else {
            Reason::HiddenSingle(unit_of(n, u))
        };
        self.assign(cell, digit, reason, rules, run)
    }

    /// Locked candidates, one pass over every box-line intersection:
    /// pointing (a digit confined to one line inside a box leaves the rest of
    /// the line) and claiming (a digit confined to one box inside a line
    /// leaves the rest of the box). Returns whether anything was removed.
    fn locked<T: Trace>(&mut self, run: &mut Run<T>) -> Result<bool, DeadEnd> {
        let (n, br, bc) = (self.n, self.shape.box_rows(), self.shape.box_cols());
        // Boxes across a band: n / bc = br; boxes down a stack: n / br = bc.
        for r in 0..n {
            for k in 0..br {
                let start = r * n + k * bc;
                self.row_segs[r * br + k] =
                    self.cand[start..start + bc].iter().fold(0, |a, &m| a | m);
            }
        }
        for c in 0..n {
            for k in 0..bc {
                let mut m = 0;
                for i in 0..br {
                    m |= self.cand[(k * br + i) * n + c];
                }
                self.col_segs[c * bc + k] = m;
            }
        }
        let mut changed = false;
        // Pointing along rows and claiming from rows, band by band.
        for band in 0..bc {
            for k in 0..br {
                let b = band * br + k;
                for i in 0..br {
                    let r = band * br + i;
                    let mut others = 0;
                    for j in (0..br).filter(|&j| j != i) {
                        others |= self.row_segs[(band * br + j) * br + k];
                    }
                    let confined = self.row_segs[r * br + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let rule = Rule::Locked {
                        unit: Unit::Box(b),
                        line: Unit::Row(r),
                    };
                    for kk in (0..br).filter(|&kk| kk != k) {
                        if self.row_segs[r * br + kk] & confined == 0 {
                            continue;
                        }
                        for j in 0..bc {
                            changed |= self.eliminate(r * n + kk * bc + j, confined, rule, run)?;
                        }
                    }
                }
            }
            for i in 0..br {
                let r = band * br + i;
                for k in 0..br {
                    let mut others = 0;
                    for kk in (0..br).filter(|&kk| kk != k) {
                        others |= self.row_segs[r * br + kk];
                    }
                    let confined = self.row_segs[r * br + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let b = band * br + k;
                    let rule = Rule::Locked {
                        unit: Unit::Row(r),
                        line: Unit::Box(b),
                    };
                    for ii in (0..br).filter(|&ii| ii != i) {
                        let rr = band * br + ii;
                        if self.row_segs[rr * br + k] & confined == 0 {
                            continue;
                        }
                        for j in 0..bc {
                            changed |= self.eliminate(rr * n + k * bc + j, confined, rule, run)?;
                        }
                    }
                }
            }
        }
        // The same along columns: stack `st` of boxes, band `k`.
        for st in 0..br {
            for k in 0..bc {
                let b = k * br + st;
                for j in 0..bc {
                    let c = st * bc + j;
                    let mut others = 0;
                    for jj in (0..bc).filter(|&jj| jj != j) {
                        others |= self.col_segs[(st * bc + jj) * bc + k];
                    }
                    let confined = self.col_segs[c * bc + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let rule = Rule::Locked {
                        unit: Unit::Box(b),
                        line: Unit::Col(c),
                    };
                    for kk in (0..bc).filter(|&kk| kk != k) {
                        if self.col_segs[c * bc + kk] & confined == 0 {
                            continue;
                        }
                        for i in 0..br {
                            changed |=
                                self.eliminate((kk * br + i) * n + c, confined, rule, run)?;
                        }
                    }
                }
            }
            for j in 0..bc {
                let c = st * bc + j;
                for k in 0..bc {
                    let mut others = 0;
                    for kk in (0..bc).filter(|&kk| kk != k) {
                        others |= self.col_segs[c * bc + kk];
                    }
                    let confined = self.col_segs[c * bc + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let b = k * br + st;
                    let rule = Rule::Locked {
                        unit: Unit::Col(c),
                        line: Unit::Box(b),
                    };
                    for jj in (0..bc).filter(|&jj| jj != j) {
                        let cc = st * bc + jj;
                        if self.col_segs[cc * bc + k] & confined == 0 {
                            continue;
                        }
                        for i in 0..br {
                            changed |=
                                self.eliminate((k * br + i) * n + cc, confined, rule, run)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Naked and hidden pairs and triples, one pass over every unit. Returns
    /// whether anything was removed.
    fn subsets<T: Trace>(&mut self, run: &mut Run<T>) -> Result<bool, DeadEnd> {
        let n = self.n;
        let mut changed = false;
        // Small lists on the stack: at most 25 cells or digits per unit.
        let mut pos = [0u8; 32];
        let mut masks = [0u32; 32];
        for u in 0..3 * n {
            let unit = unit_of(n, u);
            // Naked subsets: cells with 2 or 3 candidates.
            let mut len = 0;
            for i in 0..n {
                let m = self.cand[self.units[u * n + i] as usize];
                if (2..=3).contains(&m.count_ones()) {
                    pos[len] = i as u8;
                    masks[len] = m;
                    len += 1;
                }
            }
            for a in 0..len {
                for b in a + 1..len {
                    let ab = masks[a] | masks[b];
                    if ab.count_ones() == 2 {
                        let cells = (1 << pos[a]) | (1 << pos[b]);
                        changed |= self.clear_naked(u, cells, ab, unit, run)?;
                    }
                    for c in b + 1..len {
                        let abc = ab | masks[c];
                        if abc.count_ones() == 3 {
                            let cells = (1 << pos[a]) | (1 << pos[b]) | (1 << pos[c]);
                            changed |= self.clear_naked(u, cells, abc, unit, run)?;
                        }
                    }
                }
            }
            // Hidden subsets: digits with 2 or 3 places.
            let mut places = [0u32; 32];
            for i in 0..n {
                let mut m = self.cand[self.units[u * n + i] as usize];
                while m != 0 {
                    places[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
            let mut len = 0;
            for (d, &p) in places[..n].iter().enumerate() {
                if (2..=3).contains(&p.count_ones()) {
                    pos[len] = d as u8;
                    masks[len] = p;
                    len += 1;
                }
            }
            for a in 0..len {
                for b in a + 1..len {
                    let ab = masks[a] | masks[b];
                    if ab.count_ones() == 2 {
                        let digits = (1 << pos[a]) | (1 << pos[b]);
                        changed |= self.clear_hidden(u, ab, digits, unit, run)?;
                    }
                    for c in b + 1..len {
                        let abc = ab | masks[c];
                        if abc.count_ones() == 3 {
                            let digits = (1 << pos[a]) | (1 << pos[b]) | (1 << pos[c]);
                            changed |= self.clear_hidden(u, abc, digits, unit, run)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// A naked subset: the cells at positions `cells` of unit `u` hold only
    /// `digits`, which leave the unit's other cells.
    fn clear_naked<T: Trace>(
        &mut self,
        u: usize,
        cells: u32,
        digits: u32,
        unit: Unit,
        run: &mut Run<T>,
    ) -> Result<bool, DeadEnd> {
        let rule = Rule::NakedSubset { unit, cells };
        let mut changed = false;
        for i in (0..self.n).filter(|&i| cells & (1 << i) == 0) {
            changed |= self.eliminate(self.units[u * self.n + i] as usize, digits, rule, run)?;
        }
        Ok(changed)
    }

    /// A hidden subset: `digits` fit only at positions `cells` of unit `u`,
    /// whose other candidates go.
    fn clear_hidden<T: Trace>(
        &mut self,
        u: usize,
        cells: u32,
        digits: u32,
        unit: Unit,
        run: &mut Run<T>,
    ) -> Result<bool, DeadEnd> {
        let rule = Rule::HiddenSubset { unit, digits };
        let mut changed = false;
        for i in (0..self.n).filter(|&i| cells & (1 << i) != 0) {
            changed |= self.eliminate(self.units[u * self.n + i] as usize, !digits, rule, run)?;
        }
        Ok(changed)
    }

    /// The branch point of the current state, or why there is none.
    #[inline]
    fn choose(&self, branching: Branching, rules: Rules, from: usize) -> Choice {
        if self.empties == 0 {
            return Choice::Solved;
        }
        // The fewest candidates any empty cell can have after propagation:
        // reaching it ends the search for the minimum early.
        let floor = match rules {
            Rules::None => 0,
            Rules::Fc => 1,
            _ => 2,
        };
        let (cell, options) = match branching {
            Branching::RowMajor => {
                let cell = (from..self.size)
                    .find(|&c| self.placed[c] == 0)
                    .expect("an empty cell");
                (cell, self.cand[cell])
            }
            Branching::Mrv | Branching::Fewest => self.fewest_cell(floor),
        };
        if options == 0 {
            return Choice::Dead(DeadEnd::Cell(cell));
        }
        let cell_frame = Frame {
            trail: self.trail.len() as u32,
            path: self.path.len() as u32,
            cell: cell as u16,
            digit: 0,
            options,
            untried: options,
        };
        let count = options.count_ones();
        if branching != Branching::Fewest || count <= 1 {
            return Choice::Branch(cell_frame);
        }
        // Fewest: a unit-and-digit with fewer places than the cell has
        // candidates wins (ties go to the cell, as in dlx's column order).
        match self.fewest_place(count) {
            Some((u, digit, 0)) => Choice::Dead(unit_digit(self.n, u, digit)),
            Some((u, digit, places)) => Choice::Branch(Frame {
                cell: u as u16,
                digit,
                options: places,
                untried: places,
                ..cell_frame
            }),
            None => Choice::Branch(cell_frame),
        }
    }

    /// The empty cell with the fewest candidates, the first in row-major
    /// order on ties, and its candidates.
    #[inline]
    fn fewest_cell(&self, floor: u32) -> (usize, u32) {
        let mut best = u32::MAX;
        let mut best_cell = 0;
        for (cell, (&m, &p)) in self.cand.iter().zip(&self.placed).enumerate() {
            // A filled cell counts 64: never below an empty one.
            let count = m.count_ones() | (((p != 0) as u32) << 6);
            if count < best {
                best = count;
                best_cell = cell;
                if count <= floor {
                    break;
                }
            }
        }
        (best_cell, self.cand[best_cell])
    }

    /// The unit-and-digit (not placed) with the fewest places, if fewer than
    /// `limit`: `(unit, digit, positions)`. Counts below `limit` are kept as
    /// bit-sliced "at least k places" masks, one per k.
    fn fewest_place(&self, limit: u32) -> Option<(usize, u8, u32)> {
        let n = self.n;
        if self.tracked {
            // The counts are kept: the smallest below `limit`, first unit and
            // digit on ties.
            let mut best = (limit as u8, 0);
            for u in 0..3 * n {
                for (d, &c) in self.counts[u * 32..u * 32 + n].iter().enumerate() {
                    if c < best.0 {
                        best = (c, u * 32 + d);
                    }
                }
            }
            if best.0 as u32 >= limit {
                return None;
            }
            let (u, d) = (best.1 / 32, best.1 % 32);
            let bit = 1 << d;
            let places = cells_with(&self.units[u * n..(u + 1) * n], &self.cand, bit);
            return Some((u, d as u8 + 1, places));
        }
        let limit = limit as usize;
        let mut best: Option<(usize, usize, u32)> = None; // (count, unit, digit bit)
        let mut at_least = [0u32; 27];
        for u in 0..3 * n {
            let cells = &self.units[u * n..(u + 1) * n];
            at_least[1..=limit].fill(0);
            let mut used = 0;
            for &c in cells {
                let m = self.cand[c as usize];
                used |= self.placed[c as usize];
                for k in (2..=limit).rev() {
                    at_least[k] |= at_least[k - 1] & m;
                }
                at_least[1] |= m;
            }
            at_least[0] = self.all;
            let top = best.map_or(limit, |(count, _, _)| count);
            for k in 0..top {
                let exact = at_least[k] & !at_least[k + 1] & !used;
                if exact != 0 {
                    best = Some((k, u, exact & exact.wrapping_neg()));
                    break;
                }
            }
            if best.is_some_and(|(count, _, _)| count == 0) {
                break;
            }
        }
        let (_, u, bit) = best?;
        let places = cells_with(&self.units[u * n..(u + 1) * n], &self.cand, bit);
        Some((u, digit_of(bit), places))
    }

    /// The complete grid: the givens and the digits on the path.
    fn solution(&mut self) -> &[u8] {
        self.grid.copy_from_slice(&self.givens);
        for &(cell, digit) in &self.path {
            self.grid[cell as usize] = digit;
        }
        &self.grid
    }
}

/// The positions in a unit of the cells that have `bit` as a candidate.
fn cells_with(cells: &[u16], cand: &[u32], bit: u32) -> u32 {
    cells.iter().enumerate().fold(0, |m, (i, &c)| {
        m | (((cand[c as usize] & bit != 0) as u32) << i)
    })
}

/// Loads the puzzle and runs the search; the root has not been entered yet.
pub(crate) fn solve<T: Trace>(
    board: &mut Board,
    puzzle: &Grid,
    branching: Branching,
    rules: Rules,
    run: &mut Run<T>,
) {
    board.load(puzzle, rules);
    if run.hold(1, board.bytes()).is_break() || run.enter(0).is_break() {
        return;
    }
    let _ = search(board, branching, rules, run);
}

/// Depth-first search with an explicit stack of branch points.
///
/// Under `none` every placement enters a new state (the classic tree, so
/// the counts equal naive's and mrv's); above it only guesses do, and the
/// digits propagation forces are placements inside the state.
fn search<T: Trace>(
    board: &mut Board,
    branching: Branching,
    rules: Rules,
    run: &mut Run<T>,
) -> ControlFlow<()> {
    let mut state = board.check_root(rules);
    if state.is_ok() {
        state = board.propagate(rules, run);
    }
    // Row-major search starts looking for the first empty cell here.
    let mut from = 0;
    loop {
        let depth = board.path.len() as u32;
        if depth as u64 > run.stats.max_depth {
            run.stats.max_depth = depth as u64;
        }
        match state {
            Err(dead) => run.dead_end(depth, dead),
            Ok(()) => match board.choose(branching, rules, from) {
                Choice::Solved => run.solution(depth, board.solution())?,
                Choice::Dead(dead) => run.dead_end(depth, dead),
                Choice::Branch(frame) => board.push_frame(frame),
            },
        }
        // The next option of the innermost branch point that has one.
        loop {
            let Some(&frame) = board.frames.last() else {
                return ControlFlow::Continue(());
            };
            board.undo_to(frame.path, frame.trail, run);
            if frame.untried == 0 {
                board.pop_frame();
                continue;
            }
            let untried = frame.untried;
            let option = untried.trailing_zeros();
            board.frames.last_mut().expect("a frame").untried = untried & (untried - 1);
            let (cell, digit, reason) = if frame.digit == 0 {
                let cell = frame.cell as usize;
                (cell, option as u8 + 1, Reason::cell_choice(frame.options))
            } else {
                let u = frame.cell as usize;
                let cell = board.units[u * board.n + option as usize] as usize;
                let unit = unit_of(board.n, u);
                let places = frame.options.count_ones();
                let reason = if places == 1 {
                    Reason::HiddenSingle(unit)
                } else {
                    Reason::GuessPlace { unit, places }
                };
                (cell, frame.digit, reason)
            };
            from = if frame.digit == 0 { cell + 1 } else { 0 };
            state = board.assign(cell, digit, reason, rules, run);
            if rules == Rules::None || reason.is_guess() {
                run.enter(board.path.len() as u32)?;
            }
            if state.is_ok() {
                state = board.propagate(rules, run);
            }
            break;
        }
    }
}
