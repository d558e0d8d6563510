//! # tdoku: the fastest published solver, as a measuring row
//!
//! Not one of ours. [tdoku] (t-dillon/tdoku, BSD-2-Clause, by Tom Dillon) is
//! a DPLL solver over Sudoku's clauses with *triads* (the three cells where a
//! box meets a row or column) as variables of their own, its box and band
//! states in SIMD vectors, and a branch on the value with the fewest
//! configurations in the band or stack with the fewest (its write-up,
//! "Sudoku solving", docs/sudoku.md in its repository, explains each step).
//! `bitboard` is measured against it: this crate puts it in the same tables,
//! under the same protocol, as `sudoku-lab compare --strategies
//! bitboard,tdoku,reference`.
//!
//! ## Building it
//!
//! Nothing of tdoku's source is in this repository. The row exists only in a
//! build that names a checkout of tdoku:
//!
//! ```text
//! TDOKU_DIR=/path/to/tdoku cargo run --release --features tdoku -- \
//!     compare --strategies bitboard,tdoku,reference --set puzzles/field
//! ```
//!
//! `build.rs` compiles the checkout's `src/solver_dpll_triad_simd.cc` and
//! `src/util.cc` with the `cc` crate (`-O3 -march=native -std=c++14`, as
//! tdoku's own build), so the binary fits the machine that built it only.
//! The harness's `tdoku` feature fails the build with a message when
//! `TDOKU_DIR` is not set; without the feature this crate builds empty
//! ([`LINKED`] is `false`) and its tests are ignored, saying why.
//!
//! ## What it reports
//!
//! tdoku counts solutions up to a limit and calls back with each; it keeps
//! no statistics the lab could map onto `Stats` (it counts guesses, but not
//! through the call that reports solutions), so the row shows times,
//! verdicts and solutions, like the reference. It solves 9x9 puzzles only,
//! cannot be stopped by a budget, and refuses solution limits above
//! [`MAX_SOLUTIONS`]. Its solver is one static object in the C++ code, so
//! calls are serialised by a lock (`compare --jobs N` runs it one puzzle at a
//! time).
//!
//! ## Measured with it
//!
//! `TDOKU_DIR=... cargo run --release --features tdoku -- compare
//! --strategies bitboard,tdoku,reference --set puzzles/top95.txt --set
//! puzzles/field --limit-puzzles 1000 --repeat 3` (one run, AMD EPYC
//! virtual machine, 2 cores under a load of about 9; tdoku from
//! t-dillon/tdoku at commit af42618, g++ 12.2), mean µs per puzzle, each
//! solve the fastest of 3, bitboard's ratio to tdoku:
//!
//! | set | tdoku | bitboard | reference | bitboard / tdoku |
//! |---|---:|---:|---:|---:|
//! | top95 | 15.9 | 12.1 | 18.8 | 0.76 |
//! | top1465, first 1,000 | 15.8 | 14.5 | 19.2 | 0.92 |
//! | forum hardest 1905, sample of 1,000 | 78.7 | 88.6 | 102 | 1.13 |
//! | forum hardest 1106 | 127 | 187 | 198 | 1.47 |
//! | serg, first 1,000 of the sample | 4.51 | 4.50 | 4.03 | 1.00 |
//!
//! The best of 3 back to back on one puzzle flatters whichever solver
//! gains most from warm caches and predictors; whole-file passes in one
//! process (the bitboard crate's docs, "Against tdoku") put bitboard
//! further behind on the hard and the multiple-solution sets.
//!
//! [tdoku]: https://github.com/t-dillon/tdoku

/// Whether this build has tdoku in it (`TDOKU_DIR` was set at build time).
pub const LINKED: bool = cfg!(tdoku_linked);

/// The largest solution limit the row accepts: tdoku cannot be stopped by a
/// budget, and every solution is kept until the call returns.
pub const MAX_SOLUTIONS: u64 = 10_000;

#[cfg(tdoku_linked)]
mod linked {
    use super::MAX_SOLUTIONS;
    use std::ffi::{c_char, c_void};
    use std::sync::Mutex;
    use sudoku_core::{Family, Grid, Info, Reports, Run, Shape, Shapes, Stop, Strategy, Trace};

    extern "C" {
        /// tdoku's enumerator: counts the solutions of `puzzle` (81 bytes,
        /// `1`-`9` or `.`, then a NUL) up to `limit`, calling `callback`
        /// with each (81 bytes) and `arg`.
        fn TdokuEnumerate(
            puzzle: *const c_char,
            limit: usize,
            callback: extern "C" fn(*const c_char, *mut c_void),
            arg: *mut c_void,
        ) -> usize;
    }

    /// tdoku's solver is a static object: one call at a time.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    /// tdoku, 9x9 only.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Tdoku;

    static INFO: Info = Info {
        id: "tdoku",
        summary: "tdoku, not one of ours: Dillon's DPLL solver with SIMD triads (C++, built from TDOKU_DIR); 9x9 only, no node counts",
        family: Family::Reference,
        outside: true,
        reports: Reports::NONE,
        shapes: Shapes::Only(Shape::CLASSIC),
        prunes_by: "unit propagation over cell, triad and band-configuration clauses",
        headline: false,
        brute_force: false,
        // Outside code: no budget stops it, and it refuses large solution counts.
        capabilities: sudoku_core::Capabilities {
            interruptible: false,
            solution_cap: Some(MAX_SOLUTIONS),
            one_node_per_placement: false,
            trace_matches_stats: false,
            probeable: false,
            copies_states: false,
        },
    };

    /// The solutions of one call, as digits 1-9: the first two in place
    /// (the harness asks for two), any more on the heap.
    struct Found {
        first: [[u8; 81]; 2],
        count: usize,
        more: Vec<[u8; 81]>,
    }

    impl Found {
        fn push(&mut self, grid: [u8; 81]) {
            match self.first.get_mut(self.count) {
                Some(slot) => *slot = grid,
                None => self.more.push(grid),
            }
            self.count += 1;
        }
        fn iter(&self) -> impl Iterator<Item = &[u8; 81]> {
            self.first[..self.count.min(2)].iter().chain(&self.more)
        }
    }

    /// Keeps each solution tdoku reports.
    extern "C" fn keep(solution: *const c_char, arg: *mut c_void) {
        // SAFETY: `arg` is the `&mut Found` that `search` passed to
        // `TdokuEnumerate`, alive and not otherwise borrowed for the whole
        // call; `solution` points at tdoku's 81-byte solution buffer.
        let (found, cells) = unsafe {
            (
                &mut *arg.cast::<Found>(),
                std::slice::from_raw_parts(solution.cast::<u8>(), 81),
            )
        };
        let mut grid = [0u8; 81];
        for (g, &c) in grid.iter_mut().zip(cells) {
            *g = c.wrapping_sub(b'0');
        }
        found.push(grid);
    }

    impl Strategy for Tdoku {
        type Scratch = ();
        fn info(&self) -> &'static Info {
            &INFO
        }
        /// tdoku's search cannot be observed: no events, no statistics.
        fn search<T: Trace>(&self, puzzle: &Grid, _: &mut (), run: &mut Run<T>) {
            let Some(limit) = run.max_solutions().filter(|&m| m <= MAX_SOLUTIONS) else {
                run.refuse(Stop::Unsupported);
                return;
            };
            // 81 cells, then a NUL: tdoku reads byte 81 to tell a plain
            // puzzle from a pencil-mark one.
            let mut input = [0u8; 82];
            for (byte, &digit) in input.iter_mut().zip(puzzle.cells()) {
                *byte = if digit == 0 { b'.' } else { b'0' + digit };
            }
            let mut found = Found {
                first: [[0; 81]; 2],
                count: 0,
                more: Vec::new(),
            };
            let limit = usize::try_from(limit.max(1)).unwrap_or(usize::MAX);
            {
                let _lock = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
                // SAFETY: `input` is 82 bytes (81 cells and a NUL), as tdoku
                // reads; `keep` is the callback's only user of `arg`, which
                // points at `found` for the whole call; the lock keeps tdoku's
                // static solver to one caller.
                unsafe {
                    TdokuEnumerate(
                        input.as_ptr().cast(),
                        limit,
                        keep,
                        (&mut found as *mut Found).cast(),
                    );
                }
            }
            for solution in found.iter() {
                if run.solution(0, solution).is_break() {
                    break;
                }
            }
        }
    }
}

#[cfg(tdoku_linked)]
pub use linked::Tdoku;
