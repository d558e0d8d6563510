//! Test fixtures shared by every sudoku-lab crate, so no two test suites
//! locate files or check verdicts their own way.
//!
//! Every file they read is inside the repository: the public research sets
//! (top95, hardest, the 17-clue set, the seeds) are bundled in `puzzles/`
//! (see `puzzles/README.md`); tests fail loudly, never skip, when one is
//! missing.

pub mod browser;

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use sudoku_core::{Grid, Limits, Outcome, Shape, Solver, Stop, Verdict};
use sudoku_input::{Entry, PuzzleReader};

/// The project root (the workspace directory): the nearest directory above
/// the package under test that holds `puzzles/` and `crates/`.
///
/// The package is found from `CARGO_MANIFEST_DIR` as cargo sets it when it
/// runs a test, not as it was when this crate was compiled: one target
/// directory can hold this crate built from another checkout of the
/// repository (CI builds a fresh clone into the checkout's target
/// directory), and a compile-time path would then point at that clone.
pub fn project_root() -> PathBuf {
    let package = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    package
        .ancestors()
        .find(|dir| dir.join("puzzles").is_dir() && dir.join("crates").is_dir())
        .map(PathBuf::from)
        .unwrap_or_else(|| package.join("../.."))
}

/// A bundled file of `puzzles/`, panicking with a clear message if absent.
pub fn puzzle_path(name: &str) -> PathBuf {
    let path = project_root().join("puzzles").join(name);
    assert!(
        path.exists(),
        "missing {}: every puzzle set the tests read is bundled in puzzles/ (see puzzles/README.md)",
        path.display()
    );
    path
}

/// A rated set of `puzzles/` (`<81 cells> <SE rating>` a line, `#`
/// comments) as (puzzle, rating in tenths).
pub fn rated_set(name: &str) -> Vec<(Grid, u32)> {
    read_entries(&puzzle_path(name))
        .into_iter()
        .map(|e| {
            let rating = e
                .rating
                .unwrap_or_else(|| panic!("{name}: a line without a rating"));
            (e.puzzle, (rating * 10.0).round() as u32)
        })
        .collect()
}

/// Every entry of a puzzle file; panics on a parse error (fixtures are clean).
pub fn read_entries(path: &std::path::Path) -> Vec<Entry> {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PuzzleReader::new(BufReader::new(file))
        .map(|(line, entry)| entry.unwrap_or_else(|e| panic!("{}:{line}: {e}", path.display())))
        .collect()
}

/// `puzzles/seeds.csv`: the classic puzzles with their solutions.
pub fn seeds() -> Vec<(Grid, Grid)> {
    read_entries(&puzzle_path("seeds.csv"))
        .into_iter()
        .map(|e| (e.puzzle, e.solution.expect("seeds.csv gives solutions")))
        .collect()
}

/// The first `limit` puzzles of a bundled set of `puzzles/` (`top95.txt`,
/// `hardest.txt`, `17clue.txt`, `16x16.txt`, ...); only those are parsed.
pub fn shared_set(name: &str, limit: usize) -> Vec<Grid> {
    read_puzzles(&puzzle_path(name), limit)
}

/// The first `limit` puzzles of the file at `path` (the tuning loops take
/// any file); only those are parsed; panics on a parse error.
pub fn read_puzzles(path: &std::path::Path, limit: usize) -> Vec<Grid> {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PuzzleReader::new(BufReader::new(file))
        .take(limit)
        .map(|(line, e)| {
            e.unwrap_or_else(|e| panic!("{}:{line}: {e}", path.display()))
                .puzzle
        })
        .collect()
}

/// The seconds of the fastest of `runs` passes of `solver` over `puzzles`
/// (default limits): what the tuning loops (`examples/timeloop.rs` in
/// bitboard, `examples/versus.rs` in reference) time, the fastest pass
/// being the one a busy machine disturbed least.
pub fn fastest_pass(runs: usize, puzzles: &[Grid], solver: &dyn Solver) -> f64 {
    let limits = Limits::default();
    (0..runs)
        .map(|_| {
            let start = std::time::Instant::now();
            for p in puzzles {
                std::hint::black_box(solver.solve(p, &limits));
            }
            start.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

pub mod contract;

/// Famous 9x9 puzzles used across the test suites.
pub mod famous {
    /// Inkala's "world's hardest" (2012): naive makes 49,558 placements.
    pub const INKALA: &str =
        "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
    /// Built against row-major brute force: naive makes 69,175,316 placements.
    pub const ANTI_BRUTE_FORCE: &str =
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    pub const COMPETITION: &str =
        "005300000800000020070010500400005300010070006003200080060500009004000030000009700";
    pub const EASY_7844: &str =
        "600087000000905706040000080030002000004000690000410023500030170080090200001076300";
    pub const MRV_10374: &str =
        "000000012000035000000600070700000300000400800100000000000120000080000040050000600";
}

pub fn grid(text: &str) -> Grid {
    text.parse()
        .unwrap_or_else(|e| panic!("fixture {text}: {e}"))
}

/// A 16x16 puzzle with a unique solution (see [`unique_puzzle`]).
pub fn puzzle_16x16(solver: &dyn Solver) -> (Grid, Grid) {
    unique_puzzle(Shape::new(4, 4).unwrap(), 0.55, solver)
}

/// A 25x25 puzzle with a unique solution.
pub fn puzzle_25x25(solver: &dyn Solver) -> (Grid, Grid) {
    unique_puzzle(Shape::new(5, 5).unwrap(), 0.6, solver)
}

/// A 6x6 (2x3 boxes) puzzle with a unique solution.
pub fn puzzle_6x6(solver: &dyn Solver) -> (Grid, Grid) {
    unique_puzzle(Shape::new(2, 3).unwrap(), 0.4, solver)
}

/// A deterministic puzzle of any shape with a unique solution: a pattern
/// solution with holes, then, while `solver` finds two solutions, the first
/// cell where they differ is given back. `solver` must be able to prove
/// uniqueness quickly at this density; the result is checked by the caller.
pub fn unique_puzzle(shape: Shape, keep: f64, solver: &dyn Solver) -> (Grid, Grid) {
    let (mut puzzle, solution) = patterned_puzzle(shape, keep);
    let limits = Limits {
        keep_solutions: 2,
        ..Limits::default()
    };
    loop {
        let outcome = solver.solve(&puzzle, &limits);
        match outcome.verdict() {
            Verdict::Unique => return (puzzle, solution),
            Verdict::Multiple => {
                let [a, b] = [&outcome.solutions[0], &outcome.solutions[1]];
                let cell = (0..shape.cells()).find(|&c| a.get(c) != b.get(c)).unwrap();
                puzzle.set(cell, solution.get(cell));
            }
            other => panic!("{} cannot settle a {shape} fixture: {other:?}", solver.id()),
        }
    }
}

/// The standard pattern solution `(r·box_cols + r/box_rows + c) mod n` with
/// digits relabelled, and a deterministic choice of holes (an LCG, so the
/// fixtures do not depend on a random crate). Uniqueness is not guaranteed by
/// construction; tests using these check the verdict against another strategy.
pub fn patterned_puzzle(shape: Shape, keep: f64) -> (Grid, Grid) {
    let n = shape.side();
    // Relabel the digits so fixtures don't start 1, 2, 3, ...
    let mut cells: Vec<u8> = Grid::pattern(shape)
        .cells()
        .iter()
        .map(|&d| (((d as usize - 1) * 7 + 3) % n) as u8 + 1)
        .collect();
    let solution = Grid::from_cells(shape, cells.clone()).unwrap();
    assert!(
        solution.conflicts().is_empty(),
        "pattern for {shape} is not a solution"
    );
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for cell in cells.iter_mut() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if (state >> 33) as f64 / (1u64 << 31) as f64 >= keep {
            *cell = 0;
        }
    }
    (Grid::from_cells(shape, cells).unwrap(), solution)
}

/// Two bad puzzles made from the competition puzzle, decided by `decider`:
/// givens removed until it has several solutions, and one wrong extra clue
/// that breaks no rule (no solution). Every strategy's suite checks its
/// verdicts on these against another strategy.
pub fn bad_puzzles(decider: &dyn Solver) -> (Grid, Grid) {
    let mut loose = grid(famous::COMPETITION);
    for cell in 0..81 {
        if loose.get(cell) != 0 {
            loose.set(cell, 0);
            if decider.solve(&loose, &Limits::default()).verdict() == Verdict::Multiple {
                break;
            }
        }
    }
    let solution = decider
        .solve(&grid(famous::COMPETITION), &Limits::default())
        .solutions[0]
        .clone();
    let mut wrong = grid(famous::COMPETITION);
    let cell = (0..81).find(|&c| wrong.get(c) == 0).unwrap();
    let digit = (1..=9).find(|&d| {
        let mut g = wrong.clone();
        g.set(cell, d);
        d != solution.get(cell) && g.conflicts().is_empty()
    });
    wrong.set(cell, digit.expect("some digit breaks no rule"));
    (loose, wrong)
}

/// The node budget check every strategy's suite makes: the search stops at
/// exactly `budget` nodes with "unknown (node budget)", never a wrong verdict,
/// and keeps no solution. Returns the outcome for further checks.
pub fn assert_node_budget_stops(solver: &dyn Solver, puzzle: &Grid, budget: u64) -> Outcome {
    let limits = Limits {
        node_budget: Some(budget),
        ..Limits::default()
    };
    let outcome = solver.solve(puzzle, &limits);
    assert_eq!(outcome.stop, Stop::NodeBudget, "{}", solver.id());
    assert_eq!(
        outcome.verdict(),
        Verdict::Unknown(Stop::NodeBudget),
        "{}",
        solver.id()
    );
    assert_eq!(outcome.stats.nodes, budget, "{}", solver.id());
    assert!(outcome.solutions.is_empty(), "{}", solver.id());
    outcome
}

/// Counts every solution of the empty 9x9 grid (which would never end) with
/// a 20 ms time budget and the given memory budget, and checks that the
/// search stopped well within 10 s. The callers check how it stopped.
pub fn count_empty_9x9_under_budget(solver: &dyn Solver, memory_budget: Option<u64>) -> Outcome {
    let limits = Limits {
        time_budget: Some(std::time::Duration::from_millis(20)),
        memory_budget,
        ..Limits::count_all()
    };
    let started = std::time::Instant::now();
    let outcome = solver.solve(&Grid::empty(Shape::CLASSIC), &limits);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{}: the budget did not stop the search",
        solver.id()
    );
    outcome
}

/// The time budget check every strategy's suite makes: counting all solutions
/// of the empty 9x9 grid stops at a 20 ms budget (well within 10 s), and the
/// verdict is what the solutions found before it prove: "multiple" from two
/// on. How many a strategy finds in 20 ms depends on the machine's load (a
/// SAT row's encoding alone can take that long in a debug build on a busy
/// machine), so the count is not asserted, only the verdict's honesty.
pub fn assert_time_budget_stops(solver: &dyn Solver) {
    let outcome = count_empty_9x9_under_budget(solver, None);
    assert_eq!(outcome.stop, Stop::TimeBudget, "{}", solver.id());
    let expected = if outcome.count >= 2 {
        Verdict::Multiple
    } else {
        Verdict::Unknown(Stop::TimeBudget)
    };
    assert_eq!(
        outcome.verdict(),
        expected,
        "{}: {} found",
        solver.id(),
        outcome.count
    );
}

/// The differential oracle: every solver's verdict must equal `expected`
/// (or each other's), and every solution each reports must verify.
pub fn assert_agree(solvers: &[&dyn Solver], puzzle: &Grid, limits: &Limits) -> Verdict {
    let mut first: Option<(&str, Verdict, u64)> = None;
    for solver in solvers {
        let outcome = solver.solve(puzzle, limits);
        for s in &outcome.solutions {
            if let Err(e) = s.verify_solution_of(puzzle) {
                panic!(
                    "{} reported a wrong solution for {puzzle}: {e}",
                    solver.id()
                );
            }
        }
        let verdict = outcome.verdict();
        match first {
            None => first = Some((solver.id(), verdict, outcome.count)),
            Some((id, v, count)) => assert!(
                v == verdict && count == outcome.count,
                "verdicts disagree on {puzzle}: {id} says {v:?} ({count}), {} says {verdict:?} ({})",
                solver.id(),
                outcome.count
            ),
        }
    }
    first.expect("at least one solver").1
}
