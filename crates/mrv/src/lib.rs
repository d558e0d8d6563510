//! # mrv: minimum remaining values, with incremental conflict counts
//!
//! A backtracker that always branches where it has the least choice. In every
//! search state it looks at the empty cells, counts the digits still legal in
//! each (its *remaining values*), and branches on the cell with the fewest,
//! the first in row-major order on ties, trying its digits in increasing
//! order. A cell with one remaining digit is filled without a real choice; a
//! cell with none makes the state a dead end.
//!
//! ## What makes it this strategy: incremental counts
//!
//! Nothing is recomputed from scratch. For every cell `c` and digit `d` the
//! board keeps `counts[d][c]`, how many *placed peers* of `c` hold `d` (0 to 3:
//! at most one in each of its row, column and box), and for every cell
//! `remaining[c]`, how many digits have a zero count there. Digit `d` is legal
//! in `c` exactly when `counts[d][c] == 0`.
//!
//! * Placing `d` in `x` adds 1 to `counts[d][p]` for every peer `p` of `x` (only
//!   its row, column and box change); a peer whose count goes from 0 to 1
//!   loses a remaining digit.
//! * Undoing it is the exact reverse: subtract 1, and a peer whose count goes
//!   from 1 to 0 gets the digit back.
//!
//! A filled cell carries `FILLED` (64) on top of its remaining count, so the
//! smallest count over all cells belongs to an empty cell while one exists,
//! and is `>= 64` once the grid is complete.
//!
//! ## Nodes
//!
//! `nodes` counts the states entered: the root, and the child state after
//! every placement. A child whose fewest-remaining cell has no digit left is
//! still entered (it is counted) and is found dead when its cell is chosen.
//! Stopping at the first solution this gives the figures other MRV
//! implementations with the same tie rule report: 10,374 nodes for the puzzle
//! built against MRV, 10,102 for Inkala's "world's hardest", 543 for the
//! classic competition example and 45,268 for the anti-brute-force puzzle
//! (which takes the naive backtracker 69 million).
//!
//! ## Pruning
//!
//! This is the *fail-first* principle: the cell most likely to fail is
//! tried first, so a hopeless branch is cut at once instead of many levels
//! later, and forced cells (one remaining digit, `options == 1`, not a guess)
//! are filled without branching. The order of cells changes from state to
//! state; the order of digits does not.
//!
//! ## Cost per node
//!
//! * **Place and undo.** Every cell has a *peer mask*, one byte per cell of
//!   the grid: 1 at its peers, `FILLED` at itself, 0 elsewhere. Placing `d`
//!   in `x` is then a masked add over digit `d`'s plane of counts:
//!   `counts[d] += mask[x]` and `remaining -= (counts[d] was 0) & mask[x]`,
//!   written so the compiler turns it into 16-cell SSE2 steps: six steps for a
//!   9x9 grid (81 cells, padded to 96), 40 for 25x25, with no branch. The
//!   mask is zero away from the peers, so only their counts change. Against a
//!   loop over the 20 peers (40 scattered byte updates) this measured about
//!   1.6 times faster.
//! * **Choose.** The smallest remaining count is gathered lane by lane during
//!   the placement's own loop; the first cell holding it is then found eight
//!   cells at a time with the has-zero-byte test. (At a dead end nothing
//!   needs the cell unless a trace is attached, so it is not looked for.)
//! * **Candidates** of the chosen cell: its count in each of the `n` planes.
//!
//! So a node costs a few dozen vector steps and no allocation: about 40 to
//! 45 ns on 9x9 on the machine this was written on, where a plain C rescan of
//! all 81 cells takes about 150 ns (`benches/mrv.rs` measures it).
//!
//! ## Mems
//!
//! Counted when asked for ([`sudoku_core::Solver::solve_counting_mems`]),
//! compiled away otherwise. One mem is one read or write of a 64-bit word:
//! placing or taking back a digit reads and writes its plane of counts and
//! the remaining counts and reads the peer mask, `5 x slots / 8` mems (60 on
//! 9x9, whose 81 cells are padded to 96 slots), though the vector unit does
//! them 16 bytes at a time; choosing reads the remaining counts up to the
//! chosen cell (a word per 8 cells) and its count in each digit's plane (one
//! mem per digit); a stack frame (12 bytes) read or pushed is 2 mems, a field
//! written 1. The smallest count is gathered during the placement's own
//! loop, at no extra mem; copying a solution out is not counted.
//!
//! ## Tree estimates
//!
//! The search sends each branch point through
//! [`Run::follow`](sudoku_core::Run::follow), so `sudoku-lab estimate` can
//! walk it down random paths with its own code ([`sudoku_core::estimate`],
//! Knuth 1975) and say how big the whole tree is before searching it.
//!
//! ## Memory
//!
//! The counts (25 planes of 1,024 bytes), the remaining counts (1,024
//! bytes), the peer masks (`n²` bytes per cell: 7.8 KB for 9x9, 65 KB for
//! 16x16, 400 KB for 25x25) and an explicit stack of branch points (8 bytes
//! each, at most `n²`), built once per shape and thread and reused from
//! puzzle to puzzle (see [`sudoku_core::scratch`]). The search does not
//! recurse.
//!
//! ## Worked example
//!
//! A 4x4 puzzle whose givens break no rule but which has no solution. The
//! remaining counts at the root:
//!
//! ```text
//! . . | . .      3 2 3 4
//! 2 . | . .      . 2 3 3
//! ----+----      2 2 . 3
//! . . | 2 .      2 . 2 2
//! . 3 | . .
//! ```
//!
//! The fewest is 2, first at r1c2, whose digits are {1, 4}. Placing 1 there
//! adds 1 to the counts of digit 1 in row 1, column 2 and the top-left box:
//! r2c2 loses its 1 and has one digit left, 4. That placement is forced; it
//! makes column 2 hold 1, 4 and 3, so r3c2 (whose row holds 2) has no digit
//! left: the state is entered and is a dead end. Undo 4, undo 1 (the counts
//! go back exactly), try 4 at r1c2: r2c2 is forced to 1 and r3c2 is dead
//! again. No solution, in 5 nodes: the root, two guesses, two forced
//! placements.
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! use sudoku_mrv::Mrv;
//! let puzzle: Grid = "....2.....2..3..".parse().unwrap();
//! let outcome = Mrv.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::None);
//! let stats = outcome.stats;
//! assert_eq!((stats.nodes, stats.guesses, stats.backtracks), (5, 2, 4));
//!
//! let competition: Grid =
//!     "005300000800000020070010500400005300010070006003200080060500009004000030000009700".parse().unwrap();
//! let outcome = Mrv.solve(&competition, &Limits::first_solution());
//! assert_eq!(outcome.stats.nodes, 543);
//! assert!(outcome.solutions[0].is_solution_of(&competition));
//! ```

use std::ops::ControlFlow;
use sudoku_core::{DeadEnd, Family, Grid, Info, Reason, Reports, Run, Shapes, Strategy, Trace};

/// The minimum-remaining-values backtracker. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mrv;

sudoku_core::compiled_here!(Mrv);

static INFO: Info = Info {
    id: "mrv",
    summary: "fewest-candidates cell first, incremental per-cell per-digit conflict counts",
    family: Family::Backtracking,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "choosing the most constrained cell first",
    headline: true,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::PROBED_TREE,
};

impl Strategy for Mrv {
    type Scratch = Board;
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, board: &mut Board, run: &mut Run<T>) {
        board.load(puzzle);
        if run.hold(1, board.bytes()).is_continue() && run.enter(0).is_continue() {
            let _ = search(board, run);
        }
    }
}

mod counts;

pub use counts::Board;
use counts::FILLED;

/// One branch point on the explicit search stack.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    cell: u16,
    /// The digit this frame has placed in `cell`, 0 while none is.
    digit: u8,
    /// The digits the cell had when it was chosen.
    options: u32,
    /// The cell's digits not tried yet, as a mask (digit `d` is bit `d - 1`).
    untried: u32,
}

/// Depth-first search from the loaded board, whose root has been entered,
/// with an explicit stack of branch points instead of recursion.
fn search<T: Trace>(board: &mut Board, run: &mut Run<T>) -> ControlFlow<()> {
    // The number of search placements on the path to the current state.
    let mut depth: u32 = 0;
    // The smallest remaining count of the current state.
    let mut lowest = board.lowest();
    loop {
        // A state at `depth` has just been entered: choose its cell.
        if lowest >= FILLED {
            run.solution(depth, board.solution())?;
        } else if lowest == 0 {
            // Only a trace needs to know which cell is empty-handed.
            if run.traced() {
                run.dead_end(depth, DeadEnd::Cell(board.first_with(0)));
            }
        } else {
            let cell = board.first_with(lowest);
            let untried = board.candidates(cell);
            // The frame pushed is 12 bytes: two mems.
            run.mems(Board::find_mems(cell) + board.candidates_mems() + 2);
            debug_assert_eq!(
                untried.count_ones(),
                lowest as u32,
                "remaining count of cell {cell}"
            );
            board.stack.push(Frame {
                cell: cell as u16,
                digit: 0,
                options: untried,
                // Every digit, or one under a random probe.
                untried: run.follow(untried),
            });
        }
        // Take the next digit of the innermost branch point that has one,
        // undoing placements on the way up.
        loop {
            let Some(frame) = board.stack.last_mut() else {
                return ControlFlow::Continue(());
            };
            let cell = frame.cell as usize;
            // The frame read.
            run.mems(2);
            if frame.digit != 0 {
                let digit = frame.digit;
                frame.digit = 0;
                board.unplace(cell, digit);
                run.mems(1 + board.update_mems());
                run.undo(depth, cell, digit);
                depth -= 1;
                continue;
            }
            if frame.untried == 0 {
                board.stack.pop();
                continue;
            }
            let digit = frame.untried.trailing_zeros() as u8 + 1;
            frame.untried &= frame.untried - 1;
            frame.digit = digit;
            let reason = Reason::cell_choice(frame.options);
            lowest = board.place(cell, digit);
            run.mems(2 + board.update_mems());
            depth += 1;
            run.place(depth, cell, digit, reason);
            run.enter(depth)?;
            break;
        }
    }
}
