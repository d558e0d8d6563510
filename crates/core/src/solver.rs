//! The shared interface: [`Solver`], [`Limits`], [`Outcome`], [`Stats`], and
//! [`Run`], the bookkeeping every strategy's search loop goes through so that
//! the statistics mean the same thing everywhere.

use crate::grid::{Conflict, Grid};
use crate::info::Info;
use crate::shape::Shape;
use crate::trace::{DeadEnd, Event, Reason, Trace};
use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// How far a search may go. Plain data, like a regex-automata `Config`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions: 1 finds any, 2 proves uniqueness,
    /// `None` counts them all.
    pub max_solutions: Option<u64>,
    /// How many solution grids to keep in the [`Outcome`] (the rest are counted).
    pub keep_solutions: usize,
    /// Stop after entering this many search states.
    pub node_budget: Option<u64>,
    /// Stop after this much time, checked every [`TIME_CHECK_INTERVAL`] nodes.
    pub time_budget: Option<Duration>,
    /// Upper bound on the bytes a strategy may hold for search states (the BFS
    /// frontier, the DFS stack of copies); fixed-size scratch is not counted.
    pub memory_budget: Option<u64>,
}

/// The time budget is checked once per this many nodes: often enough to stop
/// within microseconds of the budget, rarely enough to cost nothing.
pub const TIME_CHECK_INTERVAL: u32 = 4096;

impl Default for Limits {
    /// Prove uniqueness (look for 2 solutions), keep 1, no budgets.
    fn default() -> Limits {
        Limits {
            max_solutions: Some(2),
            keep_solutions: 1,
            node_budget: None,
            time_budget: None,
            memory_budget: None,
        }
    }
}

impl Limits {
    /// Stop at the first solution, as textbook node counts assume.
    pub fn first_solution() -> Limits {
        Limits {
            max_solutions: Some(1),
            ..Limits::default()
        }
    }
    /// Count every solution, keeping none.
    pub fn count_all() -> Limits {
        Limits {
            max_solutions: None,
            keep_solutions: 0,
            ..Limits::default()
        }
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The whole tree was searched.
    Exhausted,
    /// `max_solutions` solutions were found.
    SolutionLimit,
    NodeBudget,
    TimeBudget,
    MemoryBudget,
    /// The givens break a rule; no search was done.
    InvalidGivens,
    /// The strategy cannot answer this question: a shape it does not handle
    /// (the reference is 9x9 only), or a request it cannot bound (the
    /// reference refuses to count all solutions).
    Unsupported,
}

impl Stop {
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Exhausted => "exhausted",
            Stop::SolutionLimit => "solution-limit",
            Stop::NodeBudget => "node-budget",
            Stop::TimeBudget => "time-budget",
            Stop::MemoryBudget => "memory-budget",
            Stop::InvalidGivens => "invalid-givens",
            Stop::Unsupported => "unsupported",
        }
    }
    /// A budget ran out: the verdict is unknown.
    pub fn is_budget(self) -> bool {
        matches!(
            self,
            Stop::NodeBudget | Stop::TimeBudget | Stop::MemoryBudget
        )
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a search proved about a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The givens conflict: not a puzzle.
    Invalid,
    /// No solution exists.
    None,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions: not a valid Sudoku.
    Multiple,
    /// A solution was found, but the search stopped before it could say whether
    /// it is the only one (`max_solutions = 1`).
    Found,
    /// A budget ran out, or the strategy does not support the shape.
    Unknown(Stop),
}

impl Verdict {
    /// The word used in line output: `unique`, `multiple`, `none`, `invalid`,
    /// and `unknown` for both `Found` and `Unknown` (uniqueness not established).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Invalid => "invalid",
            Verdict::None => "none",
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Found | Verdict::Unknown(_) => "unknown",
        }
    }
    /// A verdict that a complete search of the puzzle would not change.
    pub fn is_definite(self) -> bool {
        matches!(
            self,
            Verdict::Invalid | Verdict::None | Verdict::Unique | Verdict::Multiple
        )
    }
    /// In words, for people.
    pub fn describe(self) -> String {
        match self {
            Verdict::Invalid => "invalid: the givens break a rule".into(),
            Verdict::None => "no solution".into(),
            Verdict::Unique => "unique solution".into(),
            Verdict::Multiple => "multiple solutions (not a valid Sudoku)".into(),
            Verdict::Found => "solved; uniqueness not checked (solution limit 1)".into(),
            Verdict::Unknown(Stop::Unsupported) => {
                "unknown: shape not supported by this strategy".into()
            }
            Verdict::Unknown(stop) => format!(
                "unknown: stopped by the {}",
                stop.as_str().replace('-', " ")
            ),
        }
    }
}

/// Search statistics, defined once for every strategy so tables compare.
///
/// | field | meaning |
/// |---|---|
/// | `nodes` | search states entered, the root included (dead ends too) |
/// | `placements` | digits written by the search, forced or not (givens excluded) |
/// | `guesses` | placements made at a branch point with two or more options |
/// | `backtracks` | placements undone because no solution lay below them |
/// | `max_depth` | most search placements on one path from the root |
/// | `peak_states` | most search states held at once (1 for in-place searches) |
/// | `peak_bytes` | estimate of peak search memory: states held plus scratch |
/// | `mems` | Knuth's mems: 64-bit reads and writes of the search's data (`None` unless asked for) |
///
/// Checked by hand on the 4x4 `....3..22..31...` (unique), proving uniqueness
/// with naive: the root is entered (1 node); every digit written by the search
/// is a placement and enters a new state (so an in-place search has
/// `nodes = placements + 1`); a placement is a guess when its cell (or unit)
/// had two or more options at that moment; it is a backtrack when it is taken
/// back with no solution found below it. Taking back the placements of a
/// solution path, to look for a second solution, is not a backtrack, so a
/// search that never guesses has no backtrack. Strategies that search the
/// same tree (naive, dfs, bfs, `prop:rowmajor/none`) report the same counts.
///
/// A strategy that cannot know a quantity says so in its
/// [`Info::reports`](crate::Info::reports), and tables print n/a.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    pub nodes: u64,
    pub placements: u64,
    pub guesses: u64,
    pub backtracks: u64,
    pub max_depth: u64,
    pub peak_states: u64,
    pub peak_bytes: u64,
    /// Knuth's mems: one per read or write of a 64-bit word of the data the
    /// search keeps, counted where the access happens. `None` unless the
    /// solve asked for them ([`Solver::solve_counting_mems`]), and for a
    /// strategy that cannot count them (the reference, the SAT solver's
    /// internals): each crate's docs say what one mem is there.
    pub mems: Option<u64>,
}

impl Stats {
    /// Every statistic by name, in the order of the table above, with `None`
    /// where the strategy does not measure it (shown as n/a).
    pub fn reported(&self, reports: &crate::Reports) -> [(&'static str, Option<u64>); 7] {
        let only = |on: bool, v: u64| on.then_some(v);
        [
            ("nodes", only(reports.nodes, self.nodes)),
            ("placements", only(reports.placements, self.placements)),
            ("guesses", only(reports.guesses, self.guesses)),
            ("backtracks", only(reports.backtracks, self.backtracks)),
            ("max_depth", only(reports.max_depth, self.max_depth)),
            ("peak_states", only(reports.peak_states, self.peak_states)),
            ("peak_bytes", only(reports.peak_bytes, self.peak_bytes)),
        ]
    }
}

/// The result of one solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Up to `keep_solutions` solutions, in the order found.
    pub solutions: Vec<Grid>,
    /// Solutions found (at most `max_solutions`).
    pub count: u64,
    pub stop: Stop,
    pub stats: Stats,
    /// The first conflict among the givens, when `stop` is `InvalidGivens`.
    pub conflict: Option<Conflict>,
}

impl Outcome {
    /// The outcome of a search that never started.
    pub fn not_searched(stop: Stop, conflict: Option<Conflict>) -> Outcome {
        Outcome {
            solutions: Vec::new(),
            count: 0,
            stop,
            stats: Stats::default(),
            conflict,
        }
    }

    pub fn verdict(&self) -> Verdict {
        match (self.stop, self.count) {
            (Stop::InvalidGivens, _) => Verdict::Invalid,
            (_, c) if c >= 2 => Verdict::Multiple,
            (Stop::Exhausted, 0) => Verdict::None,
            (Stop::Exhausted, _) => Verdict::Unique,
            (Stop::SolutionLimit, _) => Verdict::Found,
            (stop, _) => Verdict::Unknown(stop),
        }
    }
}

/// A strategy as the harness sees it: object-safe, so the registry can hold
/// every strategy in one list. Strategy crates do not implement this by hand:
/// they implement [`Strategy`](crate::Strategy), whose blanket impl does the
/// bookkeeping once.
pub trait Solver: Send + Sync {
    fn info(&self) -> &'static Info;
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome;
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome;
    /// [`Solver::solve`] with mems counted ([`Stats::mems`] is `Some` when the
    /// strategy counts them). A separate instantiation of the search, so
    /// `solve` pays nothing for the counting.
    fn solve_counting_mems(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.solve(puzzle, limits)
    }

    /// Short id used on the command line: `naive`, `dfs`, `bfs`, `mrv`, `dlx`.
    fn id(&self) -> &'static str {
        self.info().id
    }
    /// One line for tables and `--help`.
    fn summary(&self) -> &'static str {
        self.info().summary
    }
    /// `Err(reason)` when the strategy cannot solve this shape.
    fn supports(&self, shape: Shape) -> Result<(), String> {
        self.info().shapes.check(shape)
    }
}

/// The bookkeeping of one search: statistics, budgets, solutions and trace,
/// in one place so every strategy counts the same way.
///
/// A search calls [`Run::enter`] for each state it enters (and stops when it
/// returns `Break`), [`Run::place`] for each digit it writes, [`Run::undo`]
/// when it takes one back because the subtree failed, [`Run::dead_end`], and
/// [`Run::solution`] with each complete grid (and stops when it returns `Break`).
pub struct Run<T: Trace> {
    stats: Stats,
    trace: T,
    node_budget: u64,
    deadline: Option<Instant>,
    /// Nodes that may be entered before the budgets are checked again: at
    /// most [`TIME_CHECK_INTERVAL`], and never past the node budget, so the
    /// hot path is one decrement.
    countdown: u64,
    memory_budget: u64,
    max_solutions: u64,
    keep: usize,
    count: u64,
    solutions: Vec<Grid>,
    shape: Shape,
    stop: Option<Stop>,
    /// Placements at depths `1..=protected` on the current path have a
    /// solution below them: undoing them is not a backtrack.
    protected: u32,
    /// Mems counted so far (only when the trace [`Trace::counts_mems`]).
    mems: u64,
    /// The first clash among the givens, when the strategy found one
    /// ([`Run::invalid_givens`]).
    conflict: Option<Conflict>,
}

impl<T: Trace> Run<T> {
    /// Starts a run, or returns the finished outcome when the givens conflict
    /// or the shape is unsupported, so no strategy searches an invalid puzzle.
    // The error is the finished outcome itself, returned once per solve: boxing
    // it would add an allocation for nothing.
    #[allow(clippy::result_large_err)]
    pub fn start(puzzle: &Grid, limits: &Limits, trace: T) -> Result<Run<T>, Outcome> {
        if puzzle.has_conflict() {
            let conflict = puzzle.conflicts().first().copied();
            return Err(Outcome::not_searched(Stop::InvalidGivens, conflict));
        }
        Ok(Run::start_unchecked(puzzle, limits, trace))
    }

    /// Starts a run without checking the givens: for a strategy that
    /// finds clashing givens itself ([`Strategy::CHECKS_GIVENS`]) and
    /// reports them with [`Run::invalid_givens`] before it enters the root.
    ///
    /// [`Strategy::CHECKS_GIVENS`]: crate::Strategy::CHECKS_GIVENS
    pub fn start_unchecked(puzzle: &Grid, limits: &Limits, trace: T) -> Run<T> {
        Run {
            stats: Stats::default(),
            trace,
            node_budget: limits.node_budget.unwrap_or(u64::MAX),
            deadline: limits.time_budget.map(|d| Instant::now() + d),
            countdown: 0,
            memory_budget: limits.memory_budget.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX).max(1),
            keep: limits.keep_solutions,
            count: 0,
            solutions: Vec::new(),
            shape: puzzle.shape(),
            stop: None,
            protected: 0,
            mems: 0,
            conflict: None,
        }
    }

    /// The givens clash (the strategy found it while reading them, before
    /// entering the root): the run stops, and its outcome is the one
    /// [`Run::start`] gives such a puzzle, naming the first conflict.
    #[cold]
    pub fn invalid_givens(&mut self, puzzle: &Grid) {
        self.conflict = puzzle.conflicts().first().copied();
        self.stop = Some(Stop::InvalidGivens);
    }

    /// Enters a search state at `depth`. `Break` means a budget ran out and
    /// the search must unwind without doing more work.
    #[inline(always)]
    pub fn enter(&mut self, depth: u32) -> ControlFlow<()> {
        if self.countdown == 0 {
            self.check_budgets()?;
        }
        if self.trace.enabled() {
            if let Some(stop) = self.trace.stop() {
                self.stop = Some(stop);
                return ControlFlow::Break(());
            }
        }
        self.countdown -= 1;
        self.stats.nodes += 1;
        self.deepest(depth);
        if self.trace.enabled() {
            self.trace.event(Event::Enter { depth });
        }
        ControlFlow::Continue(())
    }

    /// `max_depth` is the most search placements on one path, forced ones
    /// included: a path ends in a solution or a dead end (or is cut by a
    /// budget below its last node), so entering, a dead end and a solution
    /// report their depth here, and a strategy that places forced digits
    /// inside a node counts them the same as one that enters a node for each.
    #[inline(always)]
    fn deepest(&mut self, depth: u32) {
        if depth as u64 > self.stats.max_depth {
            self.stats.max_depth = depth as u64;
        }
    }

    #[cold]
    #[inline(never)]
    fn check_budgets(&mut self) -> ControlFlow<()> {
        if self.stats.nodes >= self.node_budget {
            self.stop = Some(Stop::NodeBudget);
            return ControlFlow::Break(());
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop = Some(Stop::TimeBudget);
            return ControlFlow::Break(());
        }
        self.countdown = (TIME_CHECK_INTERVAL as u64).min(self.node_budget - self.stats.nodes);
        ControlFlow::Continue(())
    }

    /// Adds `n` mems (see [`Stats::mems`]); nothing at all, not even the
    /// addition, unless the trace [`Trace::counts_mems`]: with [`NoTrace`]
    /// the call compiles away.
    ///
    /// [`NoTrace`]: crate::NoTrace
    #[inline(always)]
    pub fn mems(&mut self, n: u64) {
        if self.trace.counts_mems() {
            self.mems += n;
            self.trace.add_mems(n);
        }
    }

    /// A branch point with the children `options` (one bit each): the
    /// options to search. All of them, except under Knuth's random probe
    /// ([`crate::estimate`]), which keeps one. A search that sends its branch
    /// points through here (or [`Run::follow_one`]) can be estimated; with
    /// [`NoTrace`] the call compiles to `options`.
    ///
    /// [`NoTrace`]: crate::NoTrace
    #[inline(always)]
    pub fn follow(&mut self, options: u32) -> u32 {
        match self.trace.follow(options.count_ones()) {
            None => options,
            Some(i) => {
                let mut rest = options;
                for _ in 0..i {
                    rest &= rest - 1;
                }
                rest & rest.wrapping_neg()
            }
        }
    }

    /// [`Run::follow`] for `degree` children in a list: `Some(i)` when only
    /// child `i` is to be searched.
    #[inline(always)]
    pub fn follow_one(&mut self, degree: usize) -> Option<usize> {
        self.trace.follow(degree as u32).map(|i| i as usize)
    }

    /// `true` when this run counts mems: a search that keeps its own count
    /// (in a local, for speed) asks this once and reports with [`Run::mems`].
    #[inline(always)]
    pub fn counts_mems(&self) -> bool {
        self.trace.counts_mems()
    }

    /// Records a digit written for `reason`; `depth` is its position on the
    /// path from the root (the first placement is depth 1), the depth of the
    /// state it creates in an in-place search.
    #[inline(always)]
    pub fn place(&mut self, depth: u32, cell: usize, digit: u8, reason: Reason) {
        self.stats.placements += 1;
        // Branch-free: a data-dependent branch here mispredicts often.
        self.stats.guesses += reason.is_guess() as u64;
        if self.trace.enabled() {
            self.trace.event(Event::Place {
                depth,
                cell,
                digit,
                reason,
            });
        }
    }

    /// Records that the placement at `depth` on the current path is taken
    /// back. It is a backtrack unless a solution was found below it.
    ///
    /// Placements are undone deepest first, so one number says which of
    /// those on the path have a solution below: [`Run::solution`] protects
    /// the whole path, and undoing a protected placement lowers the mark.
    #[inline(always)]
    pub fn undo(&mut self, depth: u32, cell: usize, digit: u8) {
        let backtrack = depth > self.protected;
        if backtrack {
            self.stats.backtracks += 1;
        } else {
            self.protected = depth - 1;
        }
        if self.trace.enabled() {
            self.trace.event(Event::Undo {
                depth,
                cell,
                digit,
                backtrack,
            });
        }
    }

    /// Records that the placements at depths `lo + 1 ..= hi` on the current
    /// path are taken back together, deepest first, with no event: what an
    /// untraced search that drops a copy of its state calls where a traced
    /// one reports each placement with [`Run::undo`]. The counts are those
    /// [`Run::undo`] would keep, placement by placement.
    #[inline(always)]
    pub fn take_back(&mut self, lo: u32, hi: u32) {
        if hi > lo {
            self.stats.backtracks += hi.saturating_sub(lo.max(self.protected)) as u64;
            self.protected = self.protected.min(lo);
        }
    }

    /// Records a candidate removed by a propagation rule (trace only).
    #[inline(always)]
    pub fn eliminate(&mut self, depth: u32, cell: usize, digit: u8, rule: crate::trace::Rule) {
        if self.trace.enabled() {
            self.trace.event(Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            });
        }
    }

    /// Records that the state cannot be extended; `depth` is the number of
    /// search placements on its path, forced ones included (it counts for
    /// `max_depth`, as a solution's does).
    #[inline(always)]
    pub fn dead_end(&mut self, depth: u32, reason: DeadEnd) {
        self.deepest(depth);
        if self.trace.enabled() {
            self.trace.event(Event::DeadEnd { depth, reason });
        }
    }

    /// `true` when the next solution is one the outcome keeps
    /// ([`Limits::keep_solutions`]): only then does [`Run::solution`] read
    /// its cells, so a search may skip writing out the others (proving
    /// uniqueness finds a second solution that nobody reads).
    #[inline(always)]
    pub fn keeps_solution(&self) -> bool {
        self.solutions.len() < self.keep
    }

    /// Records a solution found with `depth` placements on its path.
    /// `Break` when the solution limit is reached. `cells` is read only when
    /// [`Run::keeps_solution`] says so (any slice will do otherwise).
    pub fn solution(&mut self, depth: u32, cells: &[u8]) -> ControlFlow<()> {
        self.deepest(depth);
        self.protected = depth;
        if self.trace.enabled() {
            self.trace.event(Event::Solution { depth });
        }
        self.count += 1;
        if self.solutions.len() < self.keep {
            self.keep_solution(cells);
        }
        if self.count >= self.max_solutions {
            self.stop = Some(Stop::SolutionLimit);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// A copy of `cells` into the outcome. The first kept solution sizes
    /// the list for the solutions kept (at most 4 ahead: `keep` may be
    /// `usize::MAX`), which spares the growth path its calls.
    #[inline(never)]
    fn keep_solution(&mut self, cells: &[u8]) {
        let grid = Grid::from_cells(self.shape, cells.to_vec()).expect("a solution is a grid");
        if self.solutions.capacity() == 0 {
            self.solutions = Vec::with_capacity(self.keep.min(4));
        }
        self.solutions.push(grid);
    }

    /// Records how many states (and bytes) the search holds now. `Break` when
    /// that exceeds the memory budget: the caller must not allocate them.
    #[inline]
    pub fn hold(&mut self, states: u64, bytes: u64) -> ControlFlow<()> {
        if bytes > self.memory_budget {
            self.stop = Some(Stop::MemoryBudget);
            return ControlFlow::Break(());
        }
        self.stats.peak_states = self.stats.peak_states.max(states);
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes);
        ControlFlow::Continue(())
    }

    /// Stops the search for a reason the strategy found itself (the reference
    /// refusing a question it cannot bound).
    pub fn refuse(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }

    /// How many solutions the search looks for (`None`: all).
    pub fn max_solutions(&self) -> Option<u64> {
        (self.max_solutions != u64::MAX).then_some(self.max_solutions)
    }

    /// The memory budget for search states, if any.
    pub fn memory_budget(&self) -> Option<u64> {
        (self.memory_budget != u64::MAX).then_some(self.memory_budget)
    }

    /// The shape of the puzzle being solved.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `true` when the events are wanted: a search that builds a reason
    /// only to tell it asks this first, so an untraced run pays nothing.
    #[inline(always)]
    pub fn traced(&self) -> bool {
        self.trace.enabled()
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Counts `n` placements a search made in bulk without telling each (a
    /// traced run tells them afterwards with [`Run::tell_place`]).
    #[inline(always)]
    pub fn count_placements(&mut self, n: u64) {
        self.stats.placements += n;
    }

    /// Tells a placement already counted by [`Run::count_placements`]: the
    /// event only, for a search that works out its reasons after the fact.
    pub fn tell_place(&mut self, depth: u32, cell: usize, digit: u8, reason: Reason) {
        if self.trace.enabled() {
            self.trace.event(Event::Place {
                depth,
                cell,
                digit,
                reason,
            });
        }
    }

    /// Settles the search figures of a solver whose decisions are not
    /// [`Run::place`] calls (a SAT solver): its `decisions` are the guesses
    /// (each a placement, `untold` of them not placed through `Run`), its
    /// `conflicts` the backtracks, and `max_depth` its deepest decision level.
    pub fn settle_decisions(
        &mut self,
        decisions: u64,
        untold: u64,
        conflicts: u64,
        max_depth: u64,
    ) {
        self.stats.placements += untold;
        self.stats.guesses = decisions;
        self.stats.backtracks = conflicts;
        self.stats.max_depth = max_depth;
    }

    /// `true` once a budget or the solution limit has stopped the search.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// The outcome; a search that ended without being stopped was exhausted.
    pub fn finish(mut self) -> Outcome {
        if self.stop == Some(Stop::InvalidGivens) {
            return Outcome::not_searched(Stop::InvalidGivens, self.conflict);
        }
        if self.trace.counts_mems() {
            self.stats.mems = Some(self.mems);
        }
        Outcome {
            solutions: self.solutions,
            count: self.count,
            stop: self.stop.unwrap_or(Stop::Exhausted),
            stats: self.stats,
            conflict: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoTrace;

    /// The outcome keeps as many solutions as asked, in the order found,
    /// and counts the rest: none, one, and every one (`usize::MAX`).
    #[test]
    fn solutions_kept_as_asked() {
        let puzzle: Grid = "....3..22..31...".parse().unwrap();
        let found: Vec<Vec<u8>> = (1..=5u8)
            .map(|k| (0..16).map(|c| (c as u8 + k) % 4 + 1).collect())
            .collect();
        for keep in [0, 1, 3, usize::MAX] {
            let limits = Limits {
                max_solutions: None,
                keep_solutions: keep,
                ..Limits::default()
            };
            let mut run = Run::start_unchecked(&puzzle, &limits, NoTrace);
            for cells in &found {
                assert!(run.solution(16, cells).is_continue());
            }
            let outcome = run.finish();
            assert_eq!(outcome.count, 5);
            let kept: Vec<&[u8]> = outcome.solutions.iter().map(Grid::cells).collect();
            let expected: Vec<&[u8]> = found.iter().take(keep).map(Vec::as_slice).collect();
            assert_eq!(kept, expected, "keep {keep}");
        }
    }
}
