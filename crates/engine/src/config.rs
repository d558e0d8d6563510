//! How a comparison runs: [`RunConfig`] (budgets, jobs, repeats, which
//! puzzles) and the constants of the measuring rules. Everything above it
//! (the runner, the progress bar, the machine section of a report) reads the
//! run's settings from here, and nothing here knows how a run goes.

use super::budget::EstimatorFor;
use super::follow_up::FollowUp;
use super::machine::Machine;
use super::protocol::Order;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use sudoku_core::Limits;
use sudoku_input::ReadOptions;

/// Puzzles read at a time: every round runs over them, then they are
/// cross-checked and their lines handed on.
pub const CHUNK: usize = 2048;

/// `rate`'s chunk when ratings stream to a results file: a kill loses at
/// most this many puzzles. (`compare` writes its results file a
/// `--checkpoint` at a time, by default a whole chunk: its rounds need
/// blocks that large to time solvers as their own benchmarks do.)
pub const RESULTS_CHUNK: usize = 16;

/// Puzzles one strategy takes through its warm-up pass and all its rounds
/// before the next strategy takes the same puzzles (`--block`): by default
/// the whole chunk, so that on a set of up to [`CHUNK`] puzzles each
/// strategy makes whole-set passes back to back, as a solver's own
/// benchmark does. Smaller blocks are not the field's protocol: a branch
/// predictor learns a few dozen puzzles repeated back to back, and times
/// read low (tdoku by a fifth on 17-clue with blocks of 64, AMD EPYC).
pub const BLOCK: usize = CHUNK;

/// A solve that took longer than this is timed in the first round only (see
/// [`super::runner`]).
pub const REPEAT_CUTOFF: Duration = Duration::from_millis(100);

/// Rounds by default (`--rounds`): as many as the passes of a solver's own
/// benchmark (a warm-up pass, then the best of 7). A solver can get faster
/// pass after pass on a small set, as the branch predictor learns it
/// (tdoku by a third over ten passes of top95, AMD EPYC): fewer rounds
/// would read it slower than its own benchmark does.
pub const DEFAULT_ROUNDS: usize = 7;

/// The seed of the rounds' shuffles by default (`--seed`).
pub const DEFAULT_SEED: u64 = 1;

/// How a comparison is timed (`compare --protocol`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// Per-puzzle rounds: a warm-up pass, then rounds over a seeded
    /// shuffle, strategies interleaved block by block, each solve timed on
    /// its own ([`super::protocol`]).
    #[default]
    Rounds,
    /// The field's protocol: the checked pass, then each strategy alone in
    /// its own processes, whole-set passes in file order ([`super::passes`]).
    Passes,
    /// Both, side by side, with the rows where they differ flagged.
    Both,
}

impl Protocol {
    /// The name the command line, reports and results files use.
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Rounds => "rounds",
            Protocol::Passes => "passes",
            Protocol::Both => "both",
        }
    }

    /// Child processes run whole-set passes.
    pub fn runs_passes(self) -> bool {
        self != Protocol::Rounds
    }
}

/// How to run a comparison.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The budgets of every solve (node, time, memory), as the command line's
    /// `BudgetArgs` give them. Its solution fields are overruled: a comparison
    /// always looks for 2 solutions (proves uniqueness) and keeps 1 to verify
    /// ([`RunConfig::timed_limits`]), since the cross-check needs verdicts.
    pub limits: Limits,
    /// Read at most this many puzzles (lines that parse or not) from each set.
    pub limit_puzzles: Option<usize>,
    /// Worker threads; 1 solves on the calling thread.
    pub jobs: usize,
    pub read: ReadOptions,
    /// Show a progress bar on stderr (only drawn when stderr is a terminal).
    pub progress: bool,
    /// Print problems on stderr as they are found.
    pub loud: bool,
    pub warmup: bool,
    /// Rounds over the whole chunk: each times every (puzzle, strategy) once
    /// (1: the checked solve only).
    pub rounds: usize,
    /// The seed of the rounds' shuffles.
    pub seed: u64,
    /// The command line, recorded in the report's `machine` section.
    pub command: Option<String>,
    /// Puzzles read and solved per round; 1 cross-checks (and streams) each
    /// puzzle as soon as every strategy has solved it.
    pub chunk: usize,
    /// Only this slice of each set (see [`super::results`]).
    pub shard: Option<Shard>,
    /// Puzzles (set name, index) already done: not run again.
    pub skip: Arc<HashSet<(String, usize)>>,
    /// Set from outside (a signal): no new puzzle is started.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// How the run is timed.
    pub protocol: Protocol,
    /// The puzzles' order within a round.
    pub order: Order,
    /// Puzzles a strategy solves in a row within a round.
    pub block: usize,
    /// Passes and processes of the passes protocol.
    pub passes: PassesConfig,
    /// How to probe a strategy that hit a budget, for its note (`None`: no
    /// notes).
    pub estimator: Option<EstimatorFor>,
    /// The program's cargo features, for the report's machine section.
    pub cargo_features: Vec<String>,
    /// A measurement of each puzzle after its checked solve (`rate`,
    /// `estimate`, `ladder`'s rule counts from the solve's trace): its record
    /// is the line's `follow_up`.
    pub follow_up: Option<Arc<dyn FollowUp>>,
}

impl Default for RunConfig {
    /// The command-line budgets: 2 s and 256 MB per puzzle, no node budget;
    /// one job, no progress bar, problems printed, warm-up on, one round.
    fn default() -> RunConfig {
        RunConfig {
            limits: Limits {
                time_budget: Some(Duration::from_secs(2)),
                memory_budget: Some(256_000_000),
                ..Limits::default()
            },
            limit_puzzles: None,
            jobs: 1,
            read: ReadOptions::default(),
            progress: false,
            loud: true,
            warmup: true,
            rounds: 1,
            seed: DEFAULT_SEED,
            command: None,
            chunk: CHUNK,
            shard: None,
            skip: Arc::default(),
            interrupt: None,
            protocol: Protocol::Rounds,
            passes: PassesConfig::default(),
            order: Order::File,
            block: BLOCK,
            estimator: None,
            cargo_features: Vec::new(),
            follow_up: None,
        }
    }
}

/// The order rule of the rounds, as the report records it.
pub fn order_rule(order: Order) -> String {
    let puzzles = match order {
        Order::File => "the puzzles in file order",
        Order::Shuffled => "the puzzles in a fresh shuffle (SplitMix64 from seed + round)",
    };
    format!(
        "the puzzles cut into blocks; each strategy in turn takes a block through a warm-up \
         pass and then all its rounds back to back, {puzzles}, the order of the strategies \
         rotated by one each block; a puzzle's time is the fastest of its rounds"
    )
}

/// Solutions every timed solve looks for: two prove uniqueness.
pub const MAX_SOLUTIONS: u64 = 2;

impl RunConfig {
    /// The limits of every timed solve: the budgets, looking for
    /// [`MAX_SOLUTIONS`] solutions and keeping one to verify.
    pub fn timed_limits(&self) -> Limits {
        Limits {
            max_solutions: Some(MAX_SOLUTIONS),
            keep_solutions: 1,
            ..self.limits.clone()
        }
    }

    /// The limits of a solve timed again (the later rounds, the passes): as
    /// [`RunConfig::timed_limits`] but keeping no solution. The checked solve
    /// kept one and verified it; proving uniqueness without handing back a
    /// grid is what solvers' own benchmarks time (tdoku's counts to 2), and
    /// the grid's allocation is not the solver's work.
    pub fn retime_limits(&self) -> Limits {
        Limits {
            keep_solutions: 0,
            ..self.timed_limits()
        }
    }

    /// The limits of a warm-up solve: the same, with small budgets.
    pub fn warmup_limits(&self) -> Limits {
        let mut limits = self.timed_limits();
        limits.node_budget = Some(limits.node_budget.unwrap_or(u64::MAX).min(20_000));
        limits.time_budget = Some(
            limits
                .time_budget
                .unwrap_or(Duration::MAX)
                .min(Duration::from_millis(10)),
        );
        limits
    }

    /// A signal asked the run to stop.
    pub fn interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the puzzle of index `index` is this run's (its shard's).
    pub fn takes(&self, index: usize) -> bool {
        self.shard.is_none_or(|s| s.holds(index))
    }

    /// A solve is timed again in later rounds only below this.
    pub fn repeat_cutoff(&self) -> Duration {
        match self.limits.time_budget {
            Some(budget) => REPEAT_CUTOFF.min(budget / 4),
            None => REPEAT_CUTOFF,
        }
    }

    /// The puzzles a strategy takes through its warm-up and rounds at a
    /// time: `--block`, at least one, and never more than a chunk (a block
    /// never spans two chunks).
    pub fn block_size(&self) -> usize {
        self.block.min(self.chunk).max(1)
    }

    /// The report's `machine` section: this machine, and how the run was set.
    pub fn machine(&self) -> Machine {
        Machine {
            command: self.command.clone(),
            jobs: self.jobs,
            limit_puzzles: self.limit_puzzles,
            max_solutions: MAX_SOLUTIONS,
            time_budget_ms: self.limits.time_budget.map(|d| d.as_secs_f64() * 1e3),
            node_budget: self.limits.node_budget,
            memory_budget_bytes: self.limits.memory_budget,
            warmup_puzzles: if self.warmup { self.block_size() } else { 0 },
            rounds: self.rounds.max(1),
            seed: self.seed,
            block: self.block_size(),
            order: order_rule(self.order),
            repeat_cutoff_ms: self.repeat_cutoff().as_secs_f64() * 1e3,
            protocol: self.protocol.as_str().to_string(),
            passes: self.protocol.runs_passes().then_some(self.passes.passes),
            processes: self.protocol.runs_passes().then_some(self.passes.processes),
            cargo_features: self.cargo_features.clone(),
            ..Machine::collect()
        }
    }
}

/// `--shard K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub k: usize,
    pub n: usize,
}

impl Shard {
    /// Whether the puzzle of index `index` belongs to this shard.
    pub fn holds(self, index: usize) -> bool {
        index % self.n == self.k - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// Parses `K/N` with 1 <= K <= N.
pub fn shard(s: &str) -> Result<Shard, String> {
    let bad = || format!("'{s}' is not a shard: write K/N with 1 <= K <= N, e.g. 2/8");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n) = (
        k.trim().parse::<usize>().map_err(|_| bad())?,
        n.trim().parse::<usize>().map_err(|_| bad())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok(Shard { k, n })
}

/// Timed passes per process by default (`--passes`), as
/// [`DEFAULT_ROUNDS`].
pub const DEFAULT_PASSES: usize = DEFAULT_ROUNDS;

/// Processes per strategy by default (`--processes`).
pub const DEFAULT_PROCESSES: usize = 3;

/// How many passes and processes (`--passes`, `--processes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassesConfig {
    pub passes: usize,
    pub processes: usize,
}

impl Default for PassesConfig {
    fn default() -> PassesConfig {
        PassesConfig {
            passes: DEFAULT_PASSES,
            processes: DEFAULT_PROCESSES,
        }
    }
}
