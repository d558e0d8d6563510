//! The one search engine behind every rung: candidate masks, a trail of
//! changes for undo, and the search. The propagation rules are in
//! [`rules`], the choice of a branch point in [`choose`]: each a part of
//! `Board` that reads alone.

mod choose;
mod rules;

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

    /// The mems of [`Board::uncount`] for `removed`: the cell's units read,
    /// and three counts read and written per digit.
    #[inline(always)]
    fn uncount_mems(removed: u32) -> u64 {
        1 + 6 * removed.count_ones() as u64
    }

    /// Words of the copy a branch point keeps (candidates and counts).
    fn saved_words(&self) -> u64 {
        ((self.size * 4 + self.counts.len()) as u64).div_ceil(8)
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
        // The candidates read and written, the digit and the path written,
        // the trail pushed (under `none`); the peer list read (four to a
        // word) and each peer's candidates.
        let peers = self.peer_count as u64;
        run.mems(4 + !self.tracked as u64 + peers.div_ceil(4) + peers);
        run.place(self.path.len() as u32, cell, digit, reason);
        if rules == Rules::None {
            // Legality only: keep the candidates exact, check nothing.
            let mut hits = 0;
            for &p in &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count] {
                let p = p as usize;
                let m = self.cand[p];
                if m & bit != 0 {
                    self.trail.push((p as u32, m));
                    self.cand[p] = m & !bit;
                    hits += 1;
                }
            }
            // A trail entry pushed and the candidates written per hit.
            run.mems(2 * hits);
            return Ok(());
        }
        let naked = rules >= Rules::Naked;
        let mut dead = None;
        for u in self.cell_units[cell] {
            let k = u as usize + digit as usize - 1;
            self.counts[k] = self.counts[k].wrapping_add(PLACED);
        }
        self.uncount(cell, old, &mut dead);
        // Three counts read and written, then the old candidates uncounted.
        run.mems(6 + Board::uncount_mems(old));
        // First the peers that lose the digit, in a tight read-only loop
        // (at most 64 peers, on 25x25), then the updates.
        let mut hits = [0u16; 64];
        let mut k = 0;
        for &p in &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count] {
            hits[k] = p;
            k += (self.cand[p as usize] & bit != 0) as usize;
        }
        // Per peer hit: its candidates read and written, one digit uncounted.
        run.mems(k as u64 * (2 + Board::uncount_mems(bit)));
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
        // The candidates read; written and uncounted when any go.
        run.mems(1);
        if gone == 0 {
            return Ok(false);
        }
        run.mems(1 + Board::uncount_mems(gone));
        if run.traced() {
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
        // The path read and the digit cleared per placement undone.
        run.mems(2 * (self.path.len() as u64).saturating_sub(path as u64));
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
                // The branch point's copy read, the board's words written.
                run.mems(2 * self.saved_words());
                let f = self.frames.len() - 1;
                let (size, width) = (self.size, self.counts.len());
                self.cand
                    .copy_from_slice(&self.saved_cand[f * size..(f + 1) * size]);
                self.counts
                    .copy_from_slice(&self.saved_counts[f * width..(f + 1) * width]);
            }
        } else {
            // A trail entry read and the candidates written per change.
            run.mems(2 * (self.trail.len() as u64).saturating_sub(trail as u64));
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
    fn push_frame<T: Trace>(&mut self, frame: Frame, run: &mut Run<T>) {
        // The frame written (20 bytes), and the copy read and written.
        run.mems(
            3 + if self.tracked {
                2 * self.saved_words()
            } else {
                0
            },
        );
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
                // The queue read, the cell's candidates and digit.
                run.mems(3);
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
                    run.mems(1);
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
        match state {
            Err(dead) => run.dead_end(depth, dead),
            Ok(()) => match board.choose(branching, rules, from, run) {
                Choice::Solved => run.solution(depth, board.solution())?,
                Choice::Dead(dead) => run.dead_end(depth, dead),
                Choice::Branch(frame) => {
                    board.push_frame(frame, run);
                    // Every option, or one under a random probe.
                    let top = board.frames.last_mut().expect("just pushed");
                    top.untried = run.follow(top.options);
                }
            },
        }
        // The next option of the innermost branch point that has one.
        loop {
            let Some(&frame) = board.frames.last() else {
                return ControlFlow::Continue(());
            };
            // The frame read.
            run.mems(3);
            board.undo_to(frame.path, frame.trail, run);
            if frame.untried == 0 {
                board.pop_frame();
                continue;
            }
            let untried = frame.untried;
            let option = untried.trailing_zeros();
            board.frames.last_mut().expect("a frame").untried = untried & (untried - 1);
            // `untried` written; a unit branch reads the unit's cell.
            run.mems(1 + (frame.digit != 0) as u64);
            let (cell, digit, reason) = if frame.digit == 0 {
                let cell = frame.cell as usize;
                (cell, option as u8 + 1, Reason::cell_choice(frame.options))
            } else {
                let u = frame.cell as usize;
                let cell = board.units[u * board.n + option as usize] as usize;
                let unit = unit_of(board.n, u);
                let places = frame.options.count_ones();
                let reason = if places == 1 {
                    Reason::OnlyPlace(unit)
                } else {
                    Reason::GuessPlace { unit, places }
                };
                (cell, frame.digit, reason)
            };
            from = if frame.digit == 0 { cell + 1 } else { 0 };
            // Every option the branching rule takes enters a node, one
            // option or several: a rung's rules decide what is forced before
            // branching (from `naked` up a one-candidate cell never reaches
            // it), not whether a branch is a node.
            state = board.assign(cell, digit, reason, rules, run);
            run.enter(board.path.len() as u32)?;
            if state.is_ok() {
                state = board.propagate(rules, run);
            }
            break;
        }
    }
}
