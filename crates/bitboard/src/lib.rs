//! # bitboard: propagation on digit bitboards
//!
//! sudoku-lab's fastest strategy of its own, in the manner of JCZSolve and
//! tdoku (read, not copied: the code here is written from the ideas). Where
//! naive asks "which digit fits this cell?" one cell at a time, bitboard keeps,
//! for every digit, the set of cells where it may still go, as bits, and
//! applies whole rules to whole planes with a few word operations. It guesses
//! only when the rules are stuck, on a cell with two candidates, and a guess
//! copies the whole state (it is small and `Copy`).
//!
//! ## The representation (9x9)
//!
//! A *band* is three rows of boxes. For each digit `d` and band `b` one
//! 27-bit word (`cand[d * 3 + b]`) holds the cells of the band where `d` may
//! go, bit `9 * (row % 3) + column`, so cell `27 b + bit` of the grid is bit
//! `bit` of its band's word. 27 words, 3 words of unplaced cells and a
//! dirty mask make the whole state: 116 bytes.
//!
//! ```text
//!  digit 5, band 0 (rows 1-3)           the word, bit 26 ... bit 0
//!          box 1   box 2   box 3
//!  row 1   . 5 .   . . .   5 . 5        row 3     row 2     row 1
//!  row 2   . . .   5 5 .   . . .        000000000 000011000 101000010
//!  row 3   . . .   . . .   . . .   ->   (a placed 5 keeps its bit: row 3
//!                                         here has none, a contradiction)
//!  mini-rows (row x box), 9 bits:  row1: box1 box3, row2: box2
//! ```
//!
//! A *mini-row* is where a row meets a box (three cells, tdoku's triad).
//!
//! ## The propagation step
//!
//! **The band step** (one plane, a handful of table look-ups):
//!
//! 1. squeeze each 9-bit row to the 3 boxes it touches (`MINI`), giving the
//!    9-bit set of mini-rows where `d` may be;
//! 2. in a band, `d` sits once in each row and once in each box: its three
//!    mini-rows form one of the 6 row-to-box permutations. `BAND[m]` is the
//!    union of the permutations that fit in `m` (zero: a contradiction); the
//!    plane keeps only those mini-rows. This one look-up is locked candidates
//!    inside the band in both directions (a box confined to a row, a row
//!    confined to a box) and hidden singles of boxes;
//! 3. a row left with one cell is a hidden single of that row: the cell is
//!    placed (it leaves the other digits' planes);
//! 4. a box left with one column (`LOCKED`) holds `d` in that column, so the
//!    column's cells in the two other bands lose `d`: pointing, and the
//!    column peers of every placed `d`.
//!
//! A plane is re-run only when one of its bits changed (the dirty mask).
//!
//! **When every plane is quiet**: naked singles by bit-sliced counting across
//! the 9 planes of a band (`twos |= ones & x; ones |= x`: a free cell in
//! `ones & !twos` has one candidate, one outside `ones` has none), then hidden
//! singles of columns and claiming for columns (a column whose `d` lies in one
//! band confines `d` to that column of its box). Placements go back to the
//! band step; when nothing moves, the search guesses.
//!
//! **The guess**: the first cell with two candidates (counted with a third
//! accumulator, `threes`), else the first with fewest. Each option is tried
//! on a copy of the state.
//!
//! ## Every other shape
//!
//! The same ideas, generic over the side `N` (a const generic, so each side
//! from 1 to 25 gets its own monomorphised code with constant-trip loops): a
//! digit plane is `N` row words of `N` bits (`cand[d][r]`), so rows are one
//! word, columns a bit-sliced count over the plane's row words, and a box a
//! mask of `box_cols` bits over `box_rows` consecutive words. The rules are
//! naked singles, hidden singles of rows, columns and boxes, and locked
//! candidates (pointing and claiming, rows and columns), run per digit only
//! for digits whose plane changed; the guess is the same bivalue cell.
//!
//! ## Why it is fast (measured)
//!
//! Mean µs per puzzle proving uniqueness, from
//! `cargo run --release -- compare --strategies bitboard,dlx,reference --set <set>`
//! (`--limit-puzzles 2000` for the 17-clue set), one thread, on this
//! project's 2-core machine shared with other jobs (ratios matter more than
//! absolutes):
//!
//! | set | bitboard | reference (JCZSolve port) | dlx | bitboard nodes / puzzle |
//! |---|---:|---:|---:|---:|
//! | top95 | 26.1 | 16.6 | 128 | 41.3 |
//! | 17-clue, first 2,000 | 5.77 | 5.12 | 28.5 | 3.25 |
//! | hardest (11) | 20.0 | 9.34 | 63.8 | 23 |
//! | 9x9-hard | 7.34 | 4.02 | 25.2 | 4.48 |
//! | 9x9-minimal | 6.69 | 3.88 | 23.6 | 4.26 |
//! | 9x9-medium | 4.78 | 2.50 | 18.0 | 1.44 |
//! | 9x9-easy | 3.84 | 2.48 | 17.5 | 1 |
//! | 16x16 | 306 | n/a | 235 | 27.4 |
//! | 25x25 | 144 | n/a | 518 | 1 |
//!
//! The figures for each trick below come from a private loop timing the
//! best of 10 runs of each 50-puzzle chunk (steadier under load).
//!
//! What each trick buys:
//!
//! * **Planes instead of cells.** One band step decides locked candidates
//!   and hidden singles for 27 cells at once in about 40 instructions; dlx
//!   covers and uncovers hundreds of list nodes per placement. bitboard
//!   enters 41 nodes per top95 puzzle where dlx enters 690, and each costs
//!   about 0.7 µs against dlx's 0.3 µs.
//! * **Branch-free updates.** Whether a plane held a cleared cell is data the
//!   branch predictor cannot guess; writing `dirty |= (x >> pos & 1) << i`
//!   instead of an `if` took 9x9-hard from 12.3 to 9.3 µs per puzzle and
//!   top95 from 47 to 42.
//! * **Cheap rules first.** The column pass (hidden singles and claiming in
//!   columns) costs more than the band steps it feeds; running it only when
//!   naked singles are stuck took 9x9-hard from 9.3 to 7.7 µs and top95 from
//!   42 to 33, with the same node counts (the fixpoint is the same).
//! * **Dirty planes and dirty digits.** Only changed planes are re-run; on
//!   16x16, running the unit rules only for digits whose plane changed took
//!   the mean from 375 to 250 µs.
//! * **Copy on guess.** The 9x9 state is 116 bytes: copying it is cheaper
//!   than recording what to undo, and a failed branch costs nothing to
//!   clean up.
//!
//! Where it still loses: on 9x9 the reference is 1.1x (17-clue) to 2.1x
//! (hardest) faster. bitboard guesses on the first bivalue cell, and even a
//! puzzle solved without a guess (9x9-easy) costs it 1.5x the reference:
//! its rounds of band steps and naked-single scans are not yet squeezed as
//! hard. On 16x16 the generic path's per-node cost (about 11 µs: every unit
//! rule rescans the changed digits' planes) loses to dlx on the mean, though
//! it wins the median (76 against 145 µs) and enters 20 times fewer nodes;
//! on 25x25, where propagation alone solves the bundled puzzles, it takes
//! 28% of dlx's time.
//!
//! ## On the pruning ladder
//!
//! Above forward checking and mrv (which see cells only), at the level of
//! "singles + locked candidates": every rule sees both cells and
//! unit-digits, as dlx's exact-cover columns do, and it adds locked
//! candidates, which dlx cannot see; it stops short of subsets (pairs,
//! triples) and of tdoku's band-configuration guessing.
//!
//! ## Statistics
//!
//! * `nodes`: the root plus one per guess branch entered.
//! * `placements`: every digit written by the search, forced or guessed
//!   (in untraced runs, hidden singles of rows are counted in batches by
//!   popcount: the same number).
//! * `guesses`: guess placements (both options of a bivalue cell count).
//! * `backtracks`: guess placements taken back with no solution below them.
//!   Only guesses are undone: a failed branch's forced placements vanish
//!   with its copy and are not counted.
//! * depth: placements on the path (forced and guessed); a node is entered
//!   at the depth of its guess, so `max_depth` is the number of placements
//!   on the path to the deepest guess (as every strategy: the deepest state
//!   entered), not counting the forced placements below it.
//! * `peak_states`: copies held at once (the guess depth plus one);
//!   `peak_bytes` that times the state size.
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! let outcome = sudoku_bitboard::Bitboard.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! ```

mod generic;
mod nine;

use sudoku_core::scratch::Scratch;
use sudoku_core::{Family, Grid, Info, Reports, Run, Shape, Shapes, Strategy, Trace};

/// The bitboard strategy. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitboard;

static INFO: Info = Info {
    id: "bitboard",
    summary:
        "bitboard propagation (singles, locked candidates) with bivalue guesses; 9x9 band path",
    family: Family::Bitboard,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "naked and hidden singles, locked candidates, on digit bitboards",
    headline: true,
    brute_force: false,
};

/// Per-shape scratch: the buffer a solution grid is written into.
pub struct Out {
    shape: Shape,
    cells: Vec<u8>,
}

impl Scratch for Out {
    fn new(shape: Shape) -> Out {
        Out {
            shape,
            cells: vec![0; shape.cells()],
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

impl Strategy for Bitboard {
    type Scratch = Out;
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, out: &mut Out, run: &mut Run<T>) {
        let shape = puzzle.shape();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let givens = puzzle.cells();
        if shape == Shape::CLASSIC {
            return nine::solve(givens, out, run);
        }
        macro_rules! sides {
            ($($n:literal)*) => {
                match shape.side() {
                    $($n => generic::solve::<$n, T>(br, bc, givens, out, run),)*
                    side => unreachable!("side {side} is larger than MAX_SIDE"),
                }
            };
        }
        sides!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25);
    }
}
