//! The one list of strategies. A new strategy joins sudoku-lab by adding one
//! line here; every subcommand, table and report picks it up from this list.

use sudoku_core::{
    Capabilities, Family, Grid, Info, Limits, Outcome, Reports, Shape, Shapes, Solver, Stop, Trace,
};

/// Every registered strategy, in teaching order (simplest first).
pub fn strategies() -> Vec<&'static dyn Solver> {
    let ours: [&'static dyn Solver; 9] = [
        &sudoku_naive::Naive,
        &sudoku_search::Dfs,
        &sudoku_search::Bfs,
        &sudoku_mrv::Mrv,
        &sudoku_dlx::Dlx,
        &sudoku_dcells::Dcells,
        &sudoku_bitboard::Bitboard,
        &sudoku_bitboard::BitboardConfigs,
        &sudoku_propagate::NORVIG,
    ];
    // The 18 prop:<branching>/<rules> rungs follow norvig, then the general
    // purpose rows and the human solver.
    let ladder = sudoku_propagate::LADDER
        .iter()
        .map(|p| p as &'static dyn Solver);
    let rest: [&'static dyn Solver; 5] = [
        &sudoku_sat::SAT_MINIMAL,
        &sudoku_sat::SAT_NATURAL,
        &sudoku_sat::SAT_COMPLETE,
        &sudoku_sat::SAT_AUGMENTED,
        &sudoku_human::Human,
    ];
    #[allow(unused_mut)] // without the optional rows, nothing is pushed
    let mut list: Vec<&'static dyn Solver> = ours.into_iter().chain(ladder).chain(rest).collect();
    // Keep last: the reference row, not one of ours (AGPL; `reference` feature).
    #[cfg(feature = "reference")]
    list.push(&sudoku_reference::Reference);
    // tdoku (C++, built from TDOKU_DIR; `tdoku` feature), for measuring.
    #[cfg(feature = "tdoku")]
    list.push(&sudoku_tdoku::Tdoku);
    list
}

/// The strategies reached only by naming them (`--strategies null`): not in
/// [`strategies`], so `all`, `list` (without `--hidden`) and every default
/// leave them out.
pub fn hidden() -> Vec<&'static dyn Solver> {
    vec![&Null]
}

/// The id of the harness-floor row ([`Null`]): it returns at once, so its
/// time is the measuring's own cost per call. Views find the row by
/// [`Capabilities::floor`](sudoku_core::Capabilities::floor), not by this id.
pub const FLOOR_ID: &str = "null";

/// The harness's floor: a row that returns at once without reading the
/// puzzle. Its time in a comparison is what the measuring itself costs per
/// call (the timer, the call through `dyn Solver`, the outcome), the part of
/// every row's figure that is not its solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Null;

static NULL_INFO: Info = Info {
    id: FLOOR_ID,
    summary: "not a solver: returns at once without reading the puzzle; its time is the \
              harness's own cost per timed call (hidden from list)",
    family: Family::Reference,
    outside: false,
    reports: Reports::NONE,
    shapes: Shapes::All,
    prunes_by: "nothing (it does not search)",
    headline: false,
    brute_force: false,
    capabilities: Capabilities {
        trace_matches_stats: false,
        floor: true,
        ..Capabilities::SEARCH
    },
};

impl Solver for Null {
    fn info(&self) -> &'static Info {
        &NULL_INFO
    }
    fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
        Outcome::not_searched(Stop::SolutionLimit, None)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _: &mut dyn Trace) -> Outcome {
        self.solve(puzzle, limits)
    }
}

/// The largest solution limit a strategy accepts, when it has one (as its
/// `Info::capabilities` says): the reference cannot be stopped by a budget,
/// so it refuses larger counts.
pub fn solution_cap(solver: &dyn Solver) -> Option<u64> {
    solver.info().capabilities.solution_cap
}

/// The strategy `solve` uses when none is named: the fastest of ours.
pub const DEFAULT_STRATEGY: &str = "bitboard";

/// The strategy `trace` shows when none is named: the textbook backtracker,
/// whose tree a student can follow line by line.
pub const TEACHING_STRATEGY: &str = "naive";

/// The tree `explain` measures pruning against: the textbook backtracker.
pub const BASELINE_STRATEGY: &str = "naive";

/// `generate`'s uniqueness checker by grid side: each entry holds from its
/// side up, the first registered one that supports the shape is the default.
/// The fastest at `generate --minimal --seed 1` (s, one thread): 9x9 x2000
/// bitboard 0.5, mrv 1.1, dlx 2.3; 12x12 x50 bitboard 0.4, dlx 0.7, mrv 8.7;
/// 16x16 x10 bitboard 2.5, dlx 8.0; 20x20 x2 bitboard 21.8 (both puzzles
/// proven minimal), dlx 58.4 (both not-proven-minimal: a check ran out of
/// its node budget); 25x25 x2 dlx 8.7, bitboard 111 (all four
/// not-proven-minimal).
const CHECKERS: [(usize, &str); 3] = [(25, "dlx"), (1, "bitboard"), (1, "mrv")];

/// The default checker of `generate` for this shape: the fastest registered
/// one that supports it (else the first, which `generate` then refuses).
pub fn uniqueness_checker(shape: Shape) -> &'static dyn Solver {
    let mut candidates = CHECKERS
        .iter()
        .filter(|(from, _)| shape.side() >= *from)
        .map(|(_, id)| *id)
        .chain([DEFAULT_STRATEGY])
        .filter_map(find)
        .peekable();
    let first = *candidates.peek().expect("a strategy is registered");
    candidates
        .find(|s| s.supports(shape).is_ok())
        .unwrap_or(first)
}

/// The uniqueness check as one strategy for a run over puzzles of any
/// shape (`rate`): each solve goes to [`uniqueness_checker`] of the
/// puzzle's shape. Not in any list: only `rate` runs it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Checker;

static CHECKER_INFO: Info = Info {
    id: "checker",
    summary: "the uniqueness check of rate and generate: bitboard, dlx from side 25 up",
    family: Family::Reference,
    outside: false,
    // Counts of different strategies by shape: none is reported.
    reports: Reports::NONE,
    shapes: Shapes::All,
    prunes_by: "its strategy's rules",
    headline: false,
    brute_force: false,
    capabilities: Capabilities {
        trace_matches_stats: false,
        ..Capabilities::SEARCH
    },
};

impl Solver for Checker {
    fn info(&self) -> &'static Info {
        &CHECKER_INFO
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        uniqueness_checker(puzzle.shape()).solve(puzzle, limits)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        uniqueness_checker(puzzle.shape()).solve_traced(puzzle, limits, trace)
    }
    fn supports(&self, shape: Shape) -> Result<(), String> {
        uniqueness_checker(shape).supports(shape)
    }
}

/// Looks a strategy up by id, the hidden ones too.
pub fn find(id: &str) -> Option<&'static dyn Solver> {
    strategies()
        .into_iter()
        .chain(hidden())
        .find(|s| s.id() == id)
}

/// The ids, comma-separated, for error messages and help.
pub fn ids() -> String {
    strategies()
        .iter()
        .map(|s| s.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a strategy name given on the command line picks nothing. The message
/// lists the registered ids, so the user can pick again; the command line
/// prints it and exits with [`crate::Status::Usage`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickError {
    /// No strategy has this id.
    Unknown(String),
    /// A `--strategies` list of nothing but blanks.
    Empty,
}

impl std::fmt::Display for PickError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PickError::Unknown(id) => {
                write!(f, "unknown strategy '{id}'; the strategies are: {}", ids())
            }
            PickError::Empty => write!(
                f,
                "--strategies names no strategy; the strategies are: {}",
                ids()
            ),
        }
    }
}

impl std::error::Error for PickError {}

/// Resolves one id given on the command line.
pub fn pick(id: &str) -> Result<&'static dyn Solver, PickError> {
    find(id).ok_or_else(|| PickError::Unknown(id.to_string()))
}

/// Resolves a `--strategies` list: no ids or `all` mean every strategy;
/// otherwise each id once, in the order given. Blank ids are ignored, and a
/// list of nothing but blanks is an error.
pub fn pick_list(names: &[String]) -> Result<Vec<&'static dyn Solver>, PickError> {
    if names.is_empty() || names.iter().any(|id| id.trim() == "all") {
        return Ok(strategies());
    }
    let mut picked: Vec<&'static dyn Solver> = Vec::new();
    for id in names.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        let solver = pick(id)?;
        if !picked.iter().any(|p| p.id() == solver.id()) {
            picked.push(solver);
        }
    }
    if picked.is_empty() {
        return Err(PickError::Empty);
    }
    Ok(picked)
}

/// A strategy's tree estimator: random probes of the tree it searches to
/// count every solution (`None` for invalid givens).
/// Its arguments: the strategy, the puzzle, the most probes, the seed, and
/// the time after which no more probes are made.
pub use sudoku_engine::budget::Estimator;

/// The estimator of a strategy, when it can be probed: the exact-cover
/// ones through dcells' matrix, every strategy whose search sends its branch
/// points through `Run::follow` ([`Capabilities::probeable`]) by running
/// that search down random paths ([`sudoku_core::estimate::estimate`]).
/// The exact-cover probes are quick and take no time bound.
///
/// [`Capabilities::probeable`]: sudoku_core::Capabilities::probeable
pub fn estimator(solver: &dyn Solver) -> Option<Estimator> {
    if solver.info().capabilities.exact_cover {
        return Some(|_, puzzle, probes, seed, _| sudoku_dcells::estimate(puzzle, probes, seed));
    }
    let generic: Estimator = sudoku_core::estimate::estimate_within;
    solver.info().capabilities.probeable.then_some(generic)
}

/// The ids of the strategies that can be probed, comma-separated.
pub fn probeable_ids() -> String {
    strategies()
        .iter()
        .filter(|s| estimator(**s).is_some())
        .map(|s| s.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The strategies of `--strategies`: the ids named, `all`, or, when none is
/// named, the headline strategies (`Info::headline`: one row per family, so
/// plain `compare` stays short; `all` adds the rest, such as the SAT encodings).
pub fn pick_strategies(names: &[String]) -> Result<Vec<&'static dyn Solver>, PickError> {
    if names.is_empty() {
        let headline: Vec<&'static dyn Solver> = strategies()
            .into_iter()
            .filter(|s| s.info().headline)
            .collect();
        if !headline.is_empty() {
            return Ok(headline);
        }
    }
    pick_list(names)
}

/// The program's cargo features in this build, for the report's machine
/// section.
pub fn cargo_features() -> Vec<String> {
    let mut found = Vec::new();
    if cfg!(feature = "reference") {
        found.push("reference".to_string());
    }
    if cfg!(feature = "tdoku") {
        found.push("tdoku".to_string());
    }
    found
}

/// The engine's run settings with what only the program knows: how to probe
/// each strategy (for budget notes) and its cargo features.
pub fn run_config() -> sudoku_engine::RunConfig {
    sudoku_engine::RunConfig {
        estimator: Some(estimator),
        cargo_features: cargo_features(),
        ..sudoku_engine::RunConfig::default()
    }
}
