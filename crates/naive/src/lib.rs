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
//! ## Mems
//!
//! Counted when asked for ([`sudoku_core::Solver::solve_counting_mems`]),
//! compiled away otherwise. One mem is one read or write of a 64-bit word of
//! the search's data: a level (16 bytes: cell, units, untried and tried
//! digits) read is 2 mems, a field of it written 1; a used-flag word (one per
//! row, column and box) read or written is 1. Opening a level costs 6 (its
//! units, three flags, two writes), placing a digit 8 (two writes, three
//! flags read and written), taking one back 9. Copying a solution out is not
//! counted (it is reporting, not search).
//!
//! ## Tree estimates
//!
//! The search sends each branch point through
//! [`Run::follow`](sudoku_core::Run::follow), so `sudoku-lab estimate` can
//! walk it down random paths with its own code ([`sudoku_core::estimate`],
//! Knuth 1975) and say how big the whole tree is before searching it.
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

use sudoku_core::bits::bit_of;
use sudoku_core::scratch::Scratch;
use sudoku_core::{
    DeadEnd, Family, Geometry, Grid, Info, Reason, Reports, Run, Shape, Shapes, Strategy, Trace,
};

/// The naive row-major backtracker. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Naive;

sudoku_core::compiled_here!(Naive);

static INFO: Info = Info {
    id: "naive",
    summary: "row-major backtracking, digits 1..n, row/col/box used-flags",
    family: Family::Backtracking,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "checking row, column and box legality",
    headline: true,
    brute_force: true,
    capabilities: sudoku_core::Capabilities::PROBED_TREE,
};

impl Strategy for Naive {
    type Scratch = Board;
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, board: &mut Board, run: &mut Run<T>) {
        board.load(puzzle);
        if run.hold(1, board.bytes() as u64).is_continue() && run.enter(0).is_continue() {
            search(board, run);
        }
    }
}

/// One level of the search: an empty cell, its three units, and the state of
/// the choice made there. Levels are visited in row-major order of their cells.
#[derive(Clone, Copy, Default)]
struct Level {
    cell: u16,
    /// Indices into [`Board::used`]: the row, `32 +` the column, `64 +` the box.
    units: [u8; 3],
    /// Legal digits not tried yet at this level.
    untried: u32,
    /// The digits that were legal when the level was opened.
    options: u32,
    /// The digit placed here now (0 while none).
    digit: u8,
}

/// The board being searched: the used-flags and the levels, built once per
/// shape and reloaded for each puzzle (naive's scratch).
pub struct Board {
    geometry: Geometry,
    all: u32,
    /// Used-flags of rows (`0..n`), columns (`32..32+n`) and boxes (`64..64+n`).
    /// 256 entries so that indexing with a `u8` needs no bounds check.
    used: [u32; 256],
    levels: Vec<Level>,
    /// The givens, to rebuild a full grid when a solution is found.
    givens: Vec<u8>,
    solution: Vec<u8>,
}

impl Scratch for Board {
    fn new(shape: Shape) -> Board {
        Board {
            geometry: Geometry::new(shape),
            all: shape.all_digits(),
            used: [0; 256],
            levels: Vec::with_capacity(shape.cells()),
            givens: vec![0; shape.cells()],
            solution: vec![0; shape.cells()],
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.geometry.shape() == shape
    }
}

impl Board {
    /// Loads the givens (already checked for conflicts) into the used-flags and
    /// lists the empty cells as levels.
    fn load(&mut self, puzzle: &Grid) {
        self.givens.copy_from_slice(puzzle.cells());
        self.used = [0; 256];
        self.levels.clear();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            let g = &self.geometry;
            let units = [
                g.row(cell) as u8,
                32 + g.col(cell) as u8,
                64 + g.box_of(cell) as u8,
            ];
            if digit == 0 {
                self.levels.push(Level {
                    cell: cell as u16,
                    units,
                    ..Level::default()
                });
            } else {
                units
                    .iter()
                    .for_each(|&u| self.used[u as usize] |= bit_of(digit));
            }
        }
    }

    #[inline(always)]
    fn legal_digits(&self, units: [u8; 3]) -> u32 {
        let [r, c, b] = units.map(|u| self.used[u as usize]);
        self.all & !(r | c | b)
    }

    /// Flips a digit's used-flag in three units: placing and undoing are the
    /// same XOR.
    #[inline(always)]
    fn toggle(&mut self, units: [u8; 3], bit: u32) {
        for u in units {
            self.used[u as usize] ^= bit;
        }
    }

    /// The full grid: the givens plus the digit of every level.
    fn grid_cells(&mut self) -> &[u8] {
        self.solution.copy_from_slice(&self.givens);
        for level in &self.levels {
            self.solution[level.cell as usize] = level.digit;
        }
        &self.solution
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Board>()
            + self.givens.len() * 2
            + self.levels.capacity() * std::mem::size_of::<Level>()
    }
}

/// The backtracking loop, written iteratively: `k` is the level (empty cell)
/// being filled. Going down places the smallest untried legal digit and opens
/// the next level; a level with no untried digit left goes up and undoes the
/// digit above. The textbook's recursion becomes the array of levels, which
/// saves a call and a return per node.
///
/// On a budget or the solution limit the loop just returns: the board is
/// reloaded from the puzzle before the next search, so nothing needs undoing.
fn search<T: Trace>(board: &mut Board, run: &mut Run<T>) {
    let depth_total = board.levels.len();
    if depth_total == 0 {
        let _ = run.solution(0, board.grid_cells());
        return;
    }
    if !board.open_level(0, run) {
        return;
    }
    let mut k = 0;
    loop {
        // A level is 16 bytes: two mems.
        run.mems(2);
        let level = board.levels[k];
        if level.untried == 0 {
            // Every digit of this cell failed: undo the placement above it.
            if k == 0 {
                return;
            }
            k -= 1;
            let above = &mut board.levels[k];
            let (cell, digit, units) = (above.cell as usize, above.digit, above.units);
            above.digit = 0;
            board.toggle(units, bit_of(digit));
            // The level above read and its digit written; three used-flags
            // read and written.
            run.mems(2 + 1 + 6);
            run.undo(k as u32 + 1, cell, digit);
            continue;
        }
        let bit = level.untried & level.untried.wrapping_neg();
        let digit = bit.trailing_zeros() as u8 + 1;
        board.levels[k].untried ^= bit;
        board.levels[k].digit = digit;
        board.toggle(level.units, bit);
        // `untried` and `digit` written; three used-flags read and written.
        run.mems(2 + 6);
        let depth = k as u32 + 1;
        run.place(
            depth,
            level.cell as usize,
            digit,
            Reason::cell_choice(level.options),
        );
        if run.enter(depth).is_break() {
            return;
        }
        if k + 1 == depth_total {
            if run.solution(depth, board.grid_cells()).is_break() {
                return;
            }
            board.toggle(level.units, bit);
            board.levels[k].digit = 0;
            run.mems(6 + 1);
            run.undo(depth, level.cell as usize, digit);
            continue;
        }
        k += 1;
        board.open_level(k, run);
    }
}

impl Board {
    /// Computes the legal digits of level `k`; `false` at a dead end.
    #[inline(always)]
    fn open_level<T: Trace>(&mut self, k: usize, run: &mut Run<T>) -> bool {
        let legal = self.legal_digits(self.levels[k].units);
        // The level's units read, three used-flags read, two words written.
        run.mems(1 + 3 + 2);
        // Every legal digit, or one under a random probe.
        let untried = run.follow(legal);
        let level = &mut self.levels[k];
        level.untried = untried;
        level.options = legal;
        if legal == 0 {
            run.dead_end(k as u32, DeadEnd::Cell(level.cell as usize));
        }
        legal != 0
    }
}
