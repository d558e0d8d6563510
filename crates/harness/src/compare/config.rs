//! How a comparison runs: [`RunConfig`] (budgets, jobs, repeats, which
//! puzzles) and the constants of the measuring rules. Everything above it
//! (the runner, the progress bar, the machine section of a report) reads the
//! run's settings from here, and nothing here knows how a run goes.

use super::machine::Machine;
use super::results::Shard;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use sudoku_core::{Limits, ReadOptions};

/// Puzzles read and solved per round (every strategy, then the cross-check).
pub const CHUNK: usize = 2048;

/// Puzzles each strategy solves untimed before its first timed solve on a set.
pub const WARMUP_PUZZLES: usize = 3;

/// A solve that took longer than this is not repeated (see [`super::runner`]).
pub const REPEAT_CUTOFF: Duration = Duration::from_millis(100);

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
    /// Runs of each solve at most; the fastest is kept (1: no repeat).
    pub repeat: usize,
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
}

impl Default for RunConfig {
    /// The command-line budgets: 2 s and 256 MB per puzzle, no node budget;
    /// one job, no progress bar, problems printed, warm-up on, no repeat.
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
            repeat: 1,
            command: None,
            chunk: CHUNK,
            shard: None,
            skip: Arc::default(),
            interrupt: None,
        }
    }
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

    /// A solve that took `elapsed` is repeated only below this.
    pub fn repeat_cutoff(&self) -> Duration {
        match self.limits.time_budget {
            Some(budget) => REPEAT_CUTOFF.min(budget / 4),
            None => REPEAT_CUTOFF,
        }
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
            warmup_puzzles: if self.warmup { WARMUP_PUZZLES } else { 0 },
            repeat: self.repeat.max(1),
            repeat_cutoff_ms: self.repeat_cutoff().as_secs_f64() * 1e3,
            ..Machine::collect()
        }
    }
}
