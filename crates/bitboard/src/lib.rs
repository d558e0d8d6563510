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
//! `bit` of its band's word. 27 words, a copy of each as its last band step
//! left it (`stepped`), 3 words of unplaced cells and 3 of bivalue cells
//! make the whole state: 240 bytes.
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
//!    mini-rows form one of the 6 row-to-box permutations. `KEEP[m]` is the
//!    cells of the union of the permutations that fit in `m` (zero: a
//!    contradiction); the plane keeps only those. This one look-up is
//!    locked candidates inside the band in both directions (a box confined
//!    to a row, a row confined to a box) and hidden singles of boxes;
//! 3. a box left with one column (`LOCKED`) holds `d` in that column, so the
//!    column's cells in the two other bands lose `d`: pointing, and the
//!    column peers of every placed `d`;
//! 4. a row left with one cell holds `d` there (a hidden single of the row,
//!    or a digit placed before): the cell leaves the other digits' planes.
//!    No bit of the row is tested for this: a row left with one fitting
//!    mini-row, in a box left with one column, has one cell, and
//!    conversely. `KEEP` and `LOCKED` carry those mini-rows in their upper
//!    halves, so the rows' cells are one AND and one look-up away.
//!
//! A plane is stepped again when it differs from its `stepped` copy: some
//! step or placement took a candidate from it since. The 27 steps are
//! written out in a fixed order (a macro), each with its plane index a
//! constant, and the pass repeats until no plane changed.
//!
//! **When every plane is quiet**: naked singles by bit-sliced counting across
//! the 9 planes of a band (`twos |= ones & x; ones |= x`: a free cell in
//! `ones & !twos` has one candidate, one outside `ones` has none; a third
//! accumulator gives the bivalue cells, kept for the guess). Placements go
//! back to the band steps; when nothing moves, the search guesses. Hidden
//! singles of columns and claiming for columns are not looked for: the
//! band step cannot see a column whole, and a separate column pass cost
//! more than the nodes it saved (see below).
//!
//! **The guess**: the bivalue cell with the fewest placed peers minus
//! bivalue peers (of its 20); without a bivalue cell, the cell with fewest
//! candidates. Each option but the last is tried on a copy of the state,
//! the last on the state itself.
//!
//! ## Every other shape
//!
//! The same ideas, generic over the side `N` (a const generic, so each side
//! from 1 to 25 gets its own monomorphised code with constant-trip loops): a
//! digit plane is `N` row words of `N` bits (`cand[d][r]`), so rows are one
//! word, columns a bit-sliced count over the plane's row words, and a box a
//! mask of `box_cols` bits over `box_rows` consecutive words (boxes are
//! counted bit-sliced too, a band at a time). Propagation runs naked
//! singles till none is left, then hidden singles of rows, columns and
//! boxes for the digits whose plane changed since their last look, and
//! locked candidates (pointing and claiming, rows and columns) once both
//! kinds of singles are quiet; the guess is the bivalue cell with the
//! fewest placed cells in its row, column and box.
//!
//! Digit-major planes make a digit's rules cheap (one plane, contiguous)
//! and a cell's dear (its candidates lie `N` words apart), so the work about
//! cells is done plane by plane over whole rows, in loops the compiler
//! vectorises: counting candidates per cell for naked singles and for the
//! guess's bivalue cells. A naked single's cell holds no other digit, so
//! placing it skips the other planes. A digit's hidden singles come from one
//! pass over its plane with no branch on the data, the units where the
//! digit is placed masked out (a placed digit keeps its bit, so they look
//! like singles); locked candidates apply each direction's rules at once,
//! from bit-sliced counts of the stacks each row touches and the columns
//! each box is confined to. The rules reach the same fixpoint in any order,
//! so none of this moved a node: each of the 345 puzzles of other shapes in
//! `puzzles/` and `puzzles/scaling` enters the nodes it entered before, with
//! the same verdict (`PER_PUZZLE=1`); placements in failed branches are
//! fewer, as contradictions show sooner.
//!
//! What that bought, in the private loop (`cargo run --release -p
//! sudoku-bitboard --example timeloop -- <set>`), the builds before and
//! after run alternately, median of 5 runs each, µs per puzzle:
//!
//! | set | before | after | after / before |
//! |---|---:|---:|---:|
//! | 4x4 | 0.90 | 0.84 | 0.93 |
//! | 6x6 | 3.59 | 2.04 | 0.57 |
//! | 8x8 | 11.1 | 4.70 | 0.42 |
//! | 12x12 | 25.9 | 8.92 | 0.34 |
//! | 16x16 | 93.7 | 35.8 | 0.38 |
//! | 20x20 | 65.8 | 19.7 | 0.30 |
//! | 25x25 | 94.4 | 27.2 | 0.29 |
//! | scaling/16x16 | 41.4 | 16.4 | 0.40 |
//! | scaling/25x25 | 12,164 | 3,639 | 0.30 |
//!
//! And against dlx, `sudoku-lab compare --strategies bitboard,dlx --set
//! puzzles/16x16.txt --set puzzles/25x25.txt --set puzzles/scaling/16x16.txt
//! --set puzzles/scaling/25x25.txt --repeat 5`, eight runs (five with the
//! machine shared, three not), the median ratio of mean times and its range;
//! before, three runs of the code as it was:
//!
//! | set | bitboard µs | dlx µs | bitboard / dlx | before |
//! |---|---:|---:|---:|---:|
//! | 16x16 | 32.5 | 163 | 0.21 (0.18-0.25) | 0.32 (0.31-0.33) |
//! | 25x25 | 29.2 | 362 | 0.081 (0.071-0.093) | 0.17 (0.17-0.18) |
//! | scaling/16x16 | 17.0 | 97.0 | 0.17 (0.13-0.20) | 0.22 (0.21-0.22) |
//! | scaling/25x25 | 4,015 | 40,350 | 0.10 (0.085-0.14) | 0.36 (0.32-0.36) |
//!
//! ## Why it is fast (measured)
//!
//! Mean µs per puzzle proving uniqueness, release build, one thread, the
//! median of three runs of `sudoku-lab compare --strategies
//! bitboard,dlx,reference --set <set>... --limit-puzzles 2000 --repeat 5`
//! back to back (each solve the fastest of 5), with the lowest and highest
//! ratio of the three in brackets: this project's 2-core machine was shared
//! with other jobs, and on the small sets a ratio moves by up to 0.5 from
//! run to run. `multiple` and `no-solution` are their 9x9 puzzles only (the
//! reference solves no other shape):
//!
//! | set | bitboard | reference (JCZSolve port) | dlx | bitboard / reference (3 runs) | bitboard / dlx (3 runs) | bitboard nodes / puzzle |
//! |---|---:|---:|---:|---:|---:|---:|
//! | top95 | 13.4 | 16.9 | 134 | 0.79x (0.77-0.82) | 0.10x (0.10-0.11) | 19 |
//! | 17-clue, first 2,000 | 4.25 | 4.85 | 27.4 | 0.81x (0.79-0.95) | 0.15x (0.14-0.16) | 2.11 |
//! | hardest (11) | 11.7 | 9.62 | 63.6 | 1.25x (1.14-1.68) | 0.18x (0.17-0.22) | 16.5 |
//! | 9x9-easy | 2.20 | 2.43 | 15.6 | 0.89x (0.63-0.93) | 0.14x (0.11-0.14) | 1 |
//! | 9x9-medium | 2.79 | 2.63 | 16.9 | 1.20x (0.99-1.34) | 0.17x (0.16-0.17) | 1.28 |
//! | 9x9-hard | 4.91 | 4.01 | 24.3 | 1.22x (0.72-1.25) | 0.21x (0.12-0.21) | 4.16 |
//! | 9x9-minimal | 4.40 | 3.66 | 23.3 | 1.20x (1.19-1.20) | 0.19x (0.19-0.20) | 3.84 |
//! | classic (6 famous puzzles) | 26.2 | 21.7 | 167 | 1.21x (1.16-1.22) | 0.16x (0.16-0.17) | 43.3 |
//! | multiple (two 9x9) | 10.8 | 5.11 | 24.9 | 2.12x (2.06-2.26) | 0.45x (0.41-0.48) | 18 |
//! | no-solution (two 9x9) | 13.3 | 21.0 | 101 | 0.66x (0.63-0.68) | 0.13x (0.13-0.14) | 18 |
//! | 16x16 | 92.4 | n/a | 225 | n/a | 0.41x (0.41-0.46) | 5 |
//! | 25x25 | 103 | n/a | 516 | n/a | 0.20x (0.20-0.21) | 1 |
//!
//! What each trick buys (the private loop `examples/timeloop.rs`: every
//! puzzle of a set in chunks of 50, best of 10 runs per chunk):
//!
//! * **Planes instead of cells.** One band step decides locked candidates
//!   and hidden singles for 27 cells at once in about 40 instructions; dlx
//!   covers and uncovers hundreds of list nodes per placement.
//! * **Compare, don't track.** Keeping a dirty bit per plane up to date at
//!   every write (a shift, a mask and an OR per plane touched) cost more
//!   than it saved. Comparing each plane with its copy from its last step,
//!   in 27 written-out steps with constant indices, and clearing a solved
//!   cell from the other planes unconditionally (no branch to mispredict),
//!   took the same node counts from 31.9 to 18.0 µs on top95 and from 5.7
//!   to 2.3 on the 17-clue set; merging the two look-ups of step 2 into one
//!   table (`KEEP`) and skipping placed columns in the column rules are in
//!   those figures.
//! * **Where to guess.** JCZSolve guesses on the first bivalue cell. The
//!   bivalue cell with the fewest placed peers is in the least settled part
//!   of the grid, where an option has the most to propagate: top95 needs
//!   19.0 nodes per puzzle instead of 41.3 (JCZSolve, instrumented: 50.4
//!   guesses), the 17-clue set 2.11 instead of 3.25, and 16x16 5 instead
//!   of 27.4.
//! * **Cheap rules first.** The column pass costs more than the band steps
//!   it feeds; it runs only when naked singles are stuck.
//! * **Copy on guess.** The 9x9 state is 348 bytes: copying it is cheaper
//!   than recording what to undo, and a failed branch costs nothing to
//!   clean up.
//! * **Givens a plane at a time.** Both paths build the starting planes
//!   from the givens' rows, columns and boxes instead of writing each given
//!   (which touches every plane); on the generic path the box arithmetic's
//!   divisions are done once per shape, into tables.
//!
//! Where it still loses:
//!
//! * **9x9, per node.** On top95 and the 17-clue set bitboard beats the
//!   reference by guessing less; on Norvig's hardest, 9x9-hard, 9x9-minimal
//!   and the famous puzzles of `classic` it enters fewer nodes too (hardest:
//!   16.5 against about 22 guesses), but each costs it about 0.7 µs against
//!   the reference's 0.45: the column pass at stuck points and the scan for
//!   the best bivalue cell are the difference. (Running the column rules
//!   only for digits with a plane changed since their last pass, in the
//!   table above, took hardest from about 13.1 to 11.0 µs and 9x9-hard from
//!   7.0 to 5.1 in the timing loop, same node counts.) A cheaper column pass
//!   (columns as bands, by transposing the planes once per node) is the next
//!   cut.
//! * **Several solutions.** On the two 9x9 puzzles of `multiple.txt` it
//!   takes about twice the reference's time (18 nodes each); why its guess
//!   order finds a second solution later there is not yet studied.
//! * **16x16, per node.** The generic path stores planes digit-major, so a
//!   cell's candidates lie `N` words apart: a hidden single or a guess still
//!   clears its cell from `N` planes at a stride, and the digit-wise scans
//!   are most of the time (perf on the bundled 16x16 set: hidden singles
//!   36%, naked singles 20%, locked candidates 20%, placements 10%, the
//!   givens 6%). That is about 6.5 µs per node there (5 nodes per puzzle,
//!   most of the work in the root's propagation) where dlx spends 0.3 (559
//!   nodes); bitboard takes 0.21 of dlx's time on the set ("Every other
//!   shape"), inside the third the project aims at. Tried and dropped: the
//!   hidden-singles pass reporting empty and single rows as two flags
//!   instead of a bit per row (no change); a naked single's digit found
//!   plane by plane instead of by gathering the cell's options (25x25 10%
//!   slower); the 4x4 and 5x5 box geometries made constants in the unit
//!   scans so that their loops unroll (25x25 25% slower). A row-major copy
//!   of the candidates (a word per cell, beside the planes) would make those
//!   placements one store, at the price of keeping two layouts in step: not
//!   tried.
//! * **Hard 25x25.** On half-given 25x25 puzzles (`puzzles/scaling`) its mean
//!   is less than half of dlx's but its median is twice dlx's, and as
//!   `generate --minimal`'s uniqueness checker on 25x25 it is 50 times slower
//!   than dlx: propagation costs tens of µs per node there, and near-minimal
//!   25x25 puzzles need many nodes whatever the strategy.
//!
//! ## On the pruning ladder
//!
//! Above forward checking and mrv (which see cells only), at the level of
//! "singles + locked candidates": its rules see both cells and
//! unit-digits, as dlx's exact-cover columns do, and it adds locked
//! candidates, which dlx cannot see; it stops short of subsets (pairs,
//! triples) and of tdoku's band-configuration guessing. One gap, chosen
//! for speed: the 9x9 path finds hidden singles of rows and boxes but not
//! of columns (a column's digit with one place left is found when the
//! other candidates of its cell run out, or by a guess); the generic path
//! finds all three.
//!
//! ## Statistics
//!
//! * `nodes`: the root plus one per guess branch entered.
//! * `placements`: every digit written by the search, forced or guessed
//!   (on the 9x9 path, untraced runs count them once per propagation, as
//!   the cells that left the unplaced set; traced runs emit an event per
//!   placement: the same number).
//! * `guesses`: guess placements (both options of a bivalue cell count).
//! * `backtracks`: guess placements taken back with no solution below them.
//!   Only guesses are undone: a failed branch's forced placements vanish
//!   with its copy and are not counted.
//! * depth: placements on the path (forced and guessed); a node is entered
//!   at the depth of its guess, so `max_depth` is the number of placements
//!   on the path to the deepest guess (as every strategy: the deepest state
//!   entered), not counting the forced placements below it.
//! * `peak_states`: states held at once (on the 9x9 path, one plus the
//!   guesses on the path still trying a non-last option: the last option
//!   runs on its parent's state); `peak_bytes` that times the state size.
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
