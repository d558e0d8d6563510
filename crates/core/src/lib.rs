//! # sudoku-core
//!
//! What every sudoku-lab strategy shares, and nothing else:
//!
//! * [`Shape`] and [`Geometry`]: grids of any box shape from 1x1 to 25x25,
//!   rectangular boxes included, with the row, column, box and peers of every
//!   cell computed once;
//! * [`Grid`]: cells, givens, [`Grid::conflicts`] and
//!   [`Grid::verify_solution_of`], the check applied to every reported solution;
//! * `str::parse::<Grid>` for a puzzle written in code (one line, or rows);
//!   files and user input are read by the `sudoku-input` crate;
//! * [`Solver`], [`Limits`], [`Outcome`], [`Verdict`] and [`Stats`]: the one
//!   interface all strategies implement, with statistics defined once;
//! * [`Run`]: the bookkeeping (counts, budgets, solutions, trace events) a
//!   search loop calls, so `nodes` means the same thing in every strategy;
//! * [`Trace`] and [`Event`]: the search step by step, free when off;
//! * [`Strategy`] and [`Info`]: what a strategy crate writes (its algorithm and
//!   a description of itself); [`Solver`] comes with it;
//! * [`scratch`]: the per-thread, per-shape scratch every strategy reuses;
//! * [`cover`]: what the exact-cover strategies (dlx, dcells) share.
//!
//! ## Mems
//!
//! [`Stats::mems`] is Knuth's machine-free cost: one mem per read or write
//! of a 64-bit word of the solve's data, counted in each strategy's code
//! where the access happens (each crate's docs say what one mem is there; a
//! scan of consecutive small entries counts one per word). It is counted
//! only by [`Solver::solve_counting_mems`], a second instantiation of the
//! search: with [`NoTrace`], [`Trace::counts_mems`] is the constant `false`
//! and [`Run::mems`] compiles to nothing.
//!
//! **Cost when off, measured.** The same strategy built from the commit
//! before its mems were added and from today's tree, in one process, each
//! puzzle solved 5 times (3 on 17-clue) by each build alternately, the
//! fastest kept; 9 passes; now/before, the median pass and the range of the
//! passes (AMD EPYC, 2 cores shared with other builds, load 4 to 9):
//!
//! | strategy (before: commit) | set | before µs | now µs | now/before (passes) |
//! |---|---|---:|---:|---:|
//! | mrv (3623a1c^) | top95 | 4,538 | 4,441 | 0.977 (0.918–1.025) |
//! | prop:mrv/hidden (c4868ac^) | top95 | 128.8 | 124.0 | 0.963 (0.956–0.969) |
//! | prop:fewest/subsets (c4868ac^) | top95 | 183.8 | 181.4 | 0.988 (0.981–0.992) |
//! | prop:rowmajor/locked (c4868ac^) | top95 | 114.5 | 109.3 | 0.953 (0.947–0.967) |
//! | prop:mrv/none (c4868ac^) | top95 | 52,975 | 48,710 | 0.923 (0.889–0.939) |
//! | prop:mrv/hidden (c4868ac^) | 17-clue, first 2,000 | 26.9 | 25.3 | 0.851 (0.748–1.267) |
//! | prop:fewest/subsets (c4868ac^) | 17-clue, first 2,000 | 22.1 | 22.7 | 1.024 (1.010–1.097) |
//! | prop:rowmajor/locked (c4868ac^) | 17-clue, first 2,000 | 54.3 | 48.8 | 0.916 (0.678–1.109) |
//!
//! No slowdown beyond noise, except perhaps 2% on prop:fewest/subsets'
//! 17-clue solves (its passes 1.010–1.097); today's builds are mostly a
//! little faster (other changes since, in core and in code layout). The
//! measuring program was a scratch crate outside the repository depending
//! on both trees by path (the old tree's packages renamed), so it is not
//! runnable from here; its method is the one above.
//!
//! **Mems follow time.** Spearman's rank correlation between a puzzle's mems
//! and its time, per strategy that counts mems, proving uniqueness
//! (`cargo run --release -p sudoku-harness --example mems_and_estimates --
//! spearman 200000 9`: a puzzle's time the fastest of 9 interleaved rounds,
//! each a batch of plain solves of about 20 µs; searches over 200,000 nodes
//! left out). Beside it, the clock's own repeatability: Spearman between
//! the fastest of the odd rounds and the fastest of the even rounds, two
//! independent timings of the same work, the ceiling any count can reach
//! (AMD EPYC, 2 cores shared with two builds, load 4 to 6; 22 minutes):
//!
//! | strategy | set | puzzles timed | left out (over 200,000 nodes) | Spearman(mems, time) | Spearman(time, time) |
//! |---|---|---:|---:|---:|---:|
//! | naive | top95 | 26 | 69 | 0.993 | 0.996 |
//! | naive | 17-clue (first 2,000) | 0 | 2000 | n/a | n/a |
//! | dfs | top95 | 26 | 69 | 0.995 | 0.911 |
//! | dfs | 17-clue (first 2,000) | 0 | 2000 | n/a | n/a |
//! | bfs | top95 | 26 | 69 | 0.999 | 0.985 |
//! | bfs | 17-clue (first 2,000) | 0 | 2000 | n/a | n/a |
//! | mrv | top95 | 90 | 5 | 0.999 | 1.000 |
//! | mrv | 17-clue (first 2,000) | 1707 | 293 | 1.000 | 1.000 |
//! | dlx | top95 | 95 | 0 | 0.999 | 0.999 |
//! | dlx | 17-clue (first 2,000) | 2000 | 0 | 0.933 | 0.970 |
//! | dcells | top95 | 95 | 0 | 0.978 | 0.955 |
//! | dcells | 17-clue (first 2,000) | 2000 | 0 | 0.882 | 0.993 |
//! | bitboard | top95 | 95 | 0 | 0.998 | 1.000 |
//! | bitboard | 17-clue (first 2,000) | 2000 | 0 | 0.992 | 0.996 |
//! | norvig | top95 | 95 | 0 | 0.984 | 1.000 |
//! | norvig | 17-clue (first 2,000) | 2000 | 0 | 0.904 | 0.997 |
//! | prop:rowmajor/none | top95 | 26 | 69 | 0.973 | 0.957 |
//! | prop:rowmajor/none | 17-clue (first 2,000) | 0 | 2000 | n/a | n/a |
//! | prop:rowmajor/fc | top95 | 74 | 21 | 0.997 | 0.993 |
//! | prop:rowmajor/fc | 17-clue (first 2,000) | 109 | 1891 | 0.977 | 0.840 |
//! | prop:rowmajor/naked | top95 | 95 | 0 | 0.997 | 0.999 |
//! | prop:rowmajor/naked | 17-clue (first 2,000) | 1615 | 385 | 0.993 | 0.985 |
//! | prop:rowmajor/hidden | top95 | 95 | 0 | 0.992 | 1.000 |
//! | prop:rowmajor/hidden | 17-clue (first 2,000) | 2000 | 0 | 0.914 | 0.998 |
//! | prop:rowmajor/locked | top95 | 95 | 0 | 0.995 | 1.000 |
//! | prop:rowmajor/locked | 17-clue (first 2,000) | 2000 | 0 | 0.861 | 0.998 |
//! | prop:rowmajor/subsets | top95 | 95 | 0 | 0.979 | 1.000 |
//! | prop:rowmajor/subsets | 17-clue (first 2,000) | 2000 | 0 | 0.848 | 0.997 |
//! | prop:mrv/none | top95 | 90 | 5 | 0.998 | 0.999 |
//! | prop:mrv/none | 17-clue (first 2,000) | 1707 | 293 | 0.986 | 0.969 |
//! | prop:mrv/fc | top95 | 95 | 0 | 0.999 | 1.000 |
//! | prop:mrv/fc | 17-clue (first 2,000) | 1978 | 22 | 1.000 | 1.000 |
//! | prop:mrv/naked | top95 | 95 | 0 | 0.996 | 1.000 |
//! | prop:mrv/naked | 17-clue (first 2,000) | 2000 | 0 | 0.998 | 0.999 |
//! | prop:mrv/hidden | top95 | 95 | 0 | 0.984 | 1.000 |
//! | prop:mrv/hidden | 17-clue (first 2,000) | 2000 | 0 | 0.909 | 0.997 |
//! | prop:mrv/locked | top95 | 95 | 0 | 0.996 | 1.000 |
//! | prop:mrv/locked | 17-clue (first 2,000) | 2000 | 0 | 0.866 | 0.996 |
//! | prop:mrv/subsets | top95 | 95 | 0 | 0.985 | 1.000 |
//! | prop:mrv/subsets | 17-clue (first 2,000) | 2000 | 0 | 0.847 | 0.997 |
//! | prop:fewest/none | top95 | 95 | 0 | 0.992 | 0.999 |
//! | prop:fewest/none | 17-clue (first 2,000) | 2000 | 0 | 0.986 | 0.993 |
//! | prop:fewest/fc | top95 | 95 | 0 | 0.996 | 1.000 |
//! | prop:fewest/fc | 17-clue (first 2,000) | 2000 | 0 | 0.955 | 0.999 |
//! | prop:fewest/naked | top95 | 95 | 0 | 0.989 | 1.000 |
//! | prop:fewest/naked | 17-clue (first 2,000) | 2000 | 0 | 0.964 | 0.999 |
//! | prop:fewest/hidden | top95 | 95 | 0 | 0.983 | 1.000 |
//! | prop:fewest/hidden | 17-clue (first 2,000) | 2000 | 0 | 0.911 | 0.998 |
//! | prop:fewest/locked | top95 | 95 | 0 | 0.997 | 1.000 |
//! | prop:fewest/locked | 17-clue (first 2,000) | 2000 | 0 | 0.868 | 0.998 |
//! | prop:fewest/subsets | top95 | 95 | 0 | 0.987 | 1.000 |
//! | prop:fewest/subsets | 17-clue (first 2,000) | 2000 | 0 | 0.842 | 0.997 |
//!
//! The target, at least 0.9 everywhere, is met on top95 by every strategy
//! (0.973 to 0.999) and on the 17-clue puzzles by mrv, bitboard, dlx,
//! norvig, and the none, fc, naked and hidden rungs (0.904 to 1.000); it is
//! missed there by dcells (0.882) and by every locked and subsets rung
//! (0.842 to 0.868). The clock is not the cause: its own repeatability on
//! those rows is 0.993 to 0.998. The count is: a mem is a 64-bit word read
//! or written, and the locked-candidates and subsets passes do many bit
//! operations per word they read (masks, popcounts, combinations of a
//! unit's words), so on puzzles solved with no guess, where those passes
//! are most of the work, time grows faster than mems. Knuth's measure
//! leaves arithmetic out on purpose; for bit-parallel rules it under-weighs
//! them, and counting them would need a second measure (operations), not a
//! different mem. dcells' sparse-set updates are the same kind of case:
//! cheap in words, dearer in instructions (its time per mem is 1.2 to 1.4
//! times dlx's, see the exact-cover lesson). The earlier reading of these
//! misses as timer noise was wrong: the repeatability column rules it out.
//!
//! ```
//! use sudoku_core::{Grid, Shape};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! assert_eq!(puzzle.shape(), Shape::new(2, 2).unwrap());
//! assert_eq!(puzzle.givens(), 5);
//! assert!(puzzle.conflicts().is_empty());
//! ```

pub mod bits;
pub mod cover;
pub mod estimate;
mod grid;
mod info;
pub mod scratch;
mod shape;
mod solver;
pub mod stats;
mod strategy;
mod trace;

pub use grid::{digit_symbol, symbol_digit, Conflict, Grid, GridTextError, VerifyError};
pub use info::{Capabilities, Family, Info, Reports, Shapes};
pub use shape::{certain_in, Geometry, Shape, ShapeError, Unit, MAX_SIDE};
pub use solver::{Limits, Outcome, Run, Solver, Stats, Stop, Verdict, TIME_CHECK_INTERVAL};
pub use strategy::Strategy;
pub use trace::{
    digit_set, Constraint, CountMems, DeadEnd, Event, NoTrace, Reason, Recorder, Rule, Trace,
};
