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
//! The plain solve calls tdoku bare (`Tdoku::solve`): asked to keep no
//! solution, as `compare` times every solve after the checked one, it calls
//! the entry point tdoku's own benchmark times. On the project's 2-core AMD
//! EPYC VM, tdoku in its own driver against this row in `compare`, µs per
//! puzzle over two runs: 17-clue (first 2,000) 2.81-2.87 alone, 2.94-2.99
//! under the rounds, 2.91-3.07 under the passes; serg (2,000) 2.01-2.04,
//! 2.22-2.23 and 2.09-2.12. README.md, "Protocols", has every set.
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
    use sudoku_core::{
        Family, Grid, Info, Limits, Outcome, Reports, Run, Shape, Shapes, Solver, Stats, Stop,
        Strategy, Trace,
    };

    extern "C" {
        /// tdoku's enumerator: counts the solutions of `puzzle` (81 bytes,
        /// `1`-`9` or `.`, then a NUL) up to `limit`, calling `callback`
        /// with each (81 bytes) and `arg`.
        /// tdoku's solver as its benchmark calls it: counts the solutions
        /// of `puzzle` up to `limit`; writes one to `solution` only when
        /// `limit` is 1.
        fn TdokuSolverDpllTriadSimd(
            puzzle: *const c_char,
            limit: usize,
            configuration: u32,
            solution: *mut c_char,
            num_guesses: *mut usize,
        ) -> usize;
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
            exact_cover: false,
            floor: false,
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

    /// One call into tdoku: the solutions it reports, up to `limit`.
    fn enumerate(puzzle: &Grid, limit: u64) -> Found {
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
        found
    }

    /// One call into tdoku's benchmarked entry point: the solutions'
    /// count, up to `limit`, none kept.
    fn count(puzzle: &Grid, limit: u64) -> u64 {
        let mut input = [0u8; 82];
        for (byte, &digit) in input.iter_mut().zip(puzzle.cells()) {
            *byte = if digit == 0 { b'.' } else { b'0' + digit };
        }
        let mut solution = [0u8; 82];
        let mut guesses = 0usize;
        let limit = usize::try_from(limit.max(1)).unwrap_or(usize::MAX);
        let _lock = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: `input` is 82 bytes (81 cells and a NUL), as tdoku reads;
        // `solution` has the 81 bytes tdoku may write (limit 1) and more;
        // `guesses` is a live usize; the lock keeps tdoku's static solvers
        // to one caller.
        let found = unsafe {
            TdokuSolverDpllTriadSimd(
                input.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        found as u64
    }

    /// The traced and counting solves: through [`Run`], like every row.
    struct Traced;

    sudoku_core::compiled_here!(Traced);

    impl Strategy for Traced {
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
            let found = enumerate(puzzle, limit);
            for solution in found.iter() {
                if run.solution(0, solution).is_break() {
                    break;
                }
            }
        }
    }

    impl Solver for Tdoku {
        fn info(&self) -> &'static Info {
            &INFO
        }

        /// The plain solve, the one compare times, calls tdoku and builds
        /// the outcome with nothing else around the call (asked to keep no
        /// solution, through the very entry point tdoku's benchmark times):
        /// tdoku's own benchmark calls it bare, and going through [`Run`] (the givens'
        /// conflict check, the deadline's clock reading, the scratch) cost
        /// it 7% on the 17-clue set (the `alone` example against tdoku's
        /// own driver). Conflicting givens have no solution, so they are
        /// looked for only when tdoku finds none, and then reported as
        /// [`Run::start`] reports them.
        fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
            if puzzle.shape() != Shape::CLASSIC {
                return Outcome::not_searched(Stop::Unsupported, None);
            }
            let limit = limits.max_solutions.unwrap_or(u64::MAX).max(1);
            if limit > MAX_SOLUTIONS {
                return Outcome::not_searched(Stop::Unsupported, None);
            }
            if limits.keep_solutions == 0 {
                // Counting only, as tdoku's benchmark times it.
                let count = count(puzzle, limit);
                if count == 0 && puzzle.has_conflict() {
                    let conflict = puzzle.conflicts().first().copied();
                    return Outcome::not_searched(Stop::InvalidGivens, conflict);
                }
                return Outcome {
                    solutions: Vec::new(),
                    count,
                    stop: if count >= limit {
                        Stop::SolutionLimit
                    } else {
                        Stop::Exhausted
                    },
                    stats: Stats::default(),
                    conflict: None,
                };
            }
            let found = enumerate(puzzle, limit);
            if found.count == 0 && puzzle.has_conflict() {
                let conflict = puzzle.conflicts().first().copied();
                return Outcome::not_searched(Stop::InvalidGivens, conflict);
            }
            let count = (found.count as u64).min(limit);
            Outcome {
                solutions: found
                    .iter()
                    .take(limits.keep_solutions)
                    .map(|cells| {
                        Grid::from_cells(Shape::CLASSIC, cells.to_vec()).expect("a 9x9 grid")
                    })
                    .collect(),
                count,
                stop: if count >= limit {
                    Stop::SolutionLimit
                } else {
                    Stop::Exhausted
                },
                stats: Stats::default(),
                conflict: None,
            }
        }

        fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
            Traced.solve_traced(puzzle, limits, trace)
        }
    }
}

#[cfg(tdoku_linked)]
pub use linked::Tdoku;
