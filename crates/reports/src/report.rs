//! The report of a comparison, made by the [`tally`](crate::tally) from the
//! engine's results lines: serde records (the stable JSON and CSV schema).
//! (`--report DIR` writes it with the tables and charts:
//! [`report_files`](crate::report_files).)
//!
//! # JSON schema (`--format json`, `results.json`)
//!
//! ```text
//! {
//!   "machine":    { see Machine: cpu, cores, os, load_avg, rustc, profile,
//!                   sudoku_lab_version, git_commit, git_dirty, build_commit,
//!                   build_dirty, date, command, jobs, limit_puzzles,
//!                   max_solutions, time_budget_ms, node_budget,
//!                   memory_budget_bytes, warmup_puzzles, repeat,
//!                   repeat_cutoff_ms, load_avg_end },
//!   "strategies": [ { id, summary, reference, counts_nodes, counts_mems } ],
//!   "sets":       [ { name, path, puzzles, parse_errors, truncated, shapes, disagreements } ],
//!   "results":    [ ResultRecord, one per set x strategy, sets in order,
//!                   rows of a set in table order: most puzzles decided
//!                   first, then fastest mean ],
//!   "problems":   [ { kind, set, line, strategies, message } ],
//!   "notes":      [ "default sets ..." ],
//!   "study":      [ StudyRecord, one per rated set x strategy (absent
//!                   when no set carries ratings) ]
//! }
//! ```
//!
//! `--format csv` (`results.csv`) holds the `results` records, one per line,
//! with a header naming the fields; `null` is an empty field. Field meanings
//! and units are documented on [`ResultRecord`] and in `reports/README.md`.

use serde::{Deserialize, Serialize};
use sudoku_engine::interval::Interval;
use sudoku_engine::machine::Machine;
use sudoku_engine::passes::PassesRecord;
use sudoku_engine::{Problem, Status, StrategyInfo};

/// One strategy on one set: the row of a table, a record of the JSON
/// `results` array and a line of the CSV.
///
/// Counts are puzzles. Times are microseconds per puzzle, measured around
/// `Solver::solve` alone, over the `timed` puzzles (every puzzle the strategy
/// ran to an outcome: budget hits count at the time they took; crashes,
/// unparseable lines and unsupported shapes are not timed). Search figures
/// (`nodes_*`, `guesses_*`, `backtracks_*`) are per puzzle over the same timed
/// puzzles, with the definitions of `sudoku_core::Stats`; they are `null` for
/// a strategy that does not count nodes (the reference), and every figure is
/// `null` when nothing was timed.
///
/// **Lower bounds.** A puzzle stopped by a budget counts at the time (and the
/// counts) it had when it stopped, so when `lower_bound` is true the mean and
/// max time, `ratio_to_fastest`, the search figures and `peak_bytes` are lower
/// bounds on what complete searches would cost, and `puzzles_per_sec` an upper
/// bound. The median, the 90th percentile and the median node count carry
/// their own flag: they are lower bounds only when a stopped puzzle ranks at
/// or below them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// The set's name (its path as given).
    pub set: String,
    /// The strategy id.
    pub strategy: String,
    /// A reference row, not one of ours (the `sudoku` crate).
    pub reference: bool,
    /// `false` when the strategy supports none of the set's shapes: the row
    /// is "n/a" and every count but `unsupported` is 0.
    pub supported: bool,
    /// Puzzles the strategy was given: every supported puzzle plus every
    /// unparseable line of the set.
    pub attempted: u64,
    /// Puzzles it gave a definite verdict for (unique, multiple, none,
    /// invalid) that was not counted wrong; tables rank rows by it first.
    pub decided: u64,
    /// Puzzles for which it reported a solution and every solution it
    /// reported verified.
    pub solved: u64,
    /// Verdict counts: what the strategy said (a wrong verdict is counted
    /// here and in `wrong`).
    pub unique: u64,
    pub multiple: u64,
    pub none: u64,
    /// Conflicting givens, plus the set's unparseable lines.
    pub invalid: u64,
    /// Stopped by the node, time or memory budget: verdict unknown.
    pub budget_hit: u64,
    /// The solve panicked.
    pub crashed: u64,
    /// Failed verification, differed from the file's solution, broke the
    /// solver contract, or lost a verdict cross-check.
    pub wrong: u64,
    /// Stopped without a verdict for no budget reason (a contract violation,
    /// also counted in `wrong`).
    pub undecided: u64,
    /// Puzzles of a shape the strategy does not support (not attempted).
    pub unsupported: u64,
    /// Puzzles with a time (the base of every time and search figure).
    pub timed: u64,
    /// Of those, how many the fastest row (the one `ratio_to_fastest`
    /// divides by) timed too: the puzzles that ratio is over. Below `timed`
    /// when the row timed puzzles the fastest did not, though it may have
    /// timed as many. `None` when the set has no fastest row or the row
    /// timed nothing. Not in the JSON or CSV: the footnote under the tables
    /// names the rows it sets apart (`sudoku_reports::notes::timed_apart`).
    #[serde(skip)]
    pub shared_with_fastest: Option<u64>,
    /// Some timed puzzle was stopped by a budget (`budget_hit` > 0 with a
    /// time): the figures listed above are bounds, not measurements.
    pub lower_bound: bool,
    /// Time per puzzle, µs: mean, min, median, 90th percentile (nearest
    /// rank), max. Each puzzle's time is the fastest of its rounds.
    pub mean_us: Option<f64>,
    /// The fastest puzzle: what the strategy costs at the least, its floor
    /// of setup and checks.
    #[serde(default)]
    pub min_us: Option<f64>,
    /// `min_us` is a lower bound (the fastest puzzle was stopped by a budget).
    #[serde(default)]
    pub min_lower_bound: bool,
    pub median_us: Option<f64>,
    /// `median_us` is a lower bound (a stopped puzzle ranks at or below it).
    pub median_lower_bound: bool,
    pub p90_us: Option<f64>,
    /// `p90_us` is a lower bound.
    pub p90_lower_bound: bool,
    pub max_us: Option<f64>,
    /// Timed puzzles / total solve time (one thread's throughput).
    pub puzzles_per_sec: Option<f64>,
    /// `mean_us` / the smallest `mean_us` on this set that is not a lower
    /// bound (1.0 for that row); null when every mean on the set is one.
    pub ratio_to_fastest: Option<f64>,
    /// 95% confidence intervals (see `compare::interval`: a bootstrap over
    /// puzzles and rounds) of `mean_us` and `median_us`, µs.
    pub mean_us_ci95: Option<Interval>,
    pub median_us_ci95: Option<Interval>,
    /// 95% interval of `ratio_to_fastest`, paired (the same puzzles in the
    /// same rounds for both rows).
    pub ratio_ci95: Option<Interval>,
    /// `mean_us` / the reference row's `mean_us` on this set, when the
    /// reference ran and supports the set, and its paired 95% interval.
    pub ratio_to_reference: Option<f64>,
    pub ratio_to_reference_ci95: Option<Interval>,
    /// `mean_us` / the mean of the row ranked just above on this set, and
    /// its paired 95% interval: what the standing sentences ("faster",
    /// "slower", "level") are made from. Null for the first row, and where
    /// either mean is a lower bound.
    #[serde(default)]
    pub ratio_to_previous: Option<f64>,
    #[serde(default)]
    pub ratio_to_previous_ci95: Option<Interval>,
    /// Search states entered per puzzle, mean, median and max.
    pub nodes_mean: Option<f64>,
    pub nodes_median: Option<f64>,
    /// `nodes_median` is a lower bound.
    pub nodes_median_lower_bound: bool,
    pub nodes_max: Option<u64>,
    /// Placements at a branch point with two or more options, mean and max.
    pub guesses_mean: Option<f64>,
    pub guesses_max: Option<u64>,
    /// Placements undone because their subtree failed, mean and max.
    pub backtracks_mean: Option<f64>,
    pub backtracks_max: Option<u64>,
    /// Share of the `solved` puzzles solved without a single guess, percent.
    pub no_guess_pct: Option<f64>,
    /// Largest per-puzzle estimate of peak search memory, bytes.
    pub peak_bytes: Option<u64>,
    /// Knuth's mems per puzzle (64-bit reads and writes of the search's
    /// data, counted in the checked first round), mean and max; `null` for
    /// a strategy that cannot count them (the reference, the SAT solver's
    /// internals). Exact, like nodes: the same on every machine.
    #[serde(default)]
    pub mems_mean: Option<f64>,
    #[serde(default)]
    pub mems_max: Option<u64>,
    /// `mems_mean` / the smallest `mems_mean` on this set that is not a
    /// lower bound (1.0 for that row): the ratio of mems between rows.
    #[serde(default)]
    pub mems_ratio: Option<f64>,
    /// Solves timed in more than one round (`--rounds`; budget hits and
    /// solves above the repeat cutoff are timed in the first round only).
    pub repeated: u64,
    /// Spread between the rounds of one solve, (slowest - fastest) / fastest
    /// in percent: the median and the largest over the repeated solves; null
    /// when no solve was repeated.
    pub repeat_spread_median_pct: Option<f64>,
    pub repeat_spread_max_pct: Option<f64>,
    /// Wall-clock time of this strategy on this set, ms, verification included
    /// (with `--jobs` above 1, the parallel elapsed time).
    pub wall_ms: f64,
    /// How many of its budget hits carry an estimate of the whole search
    /// (the results lines' `budget_note`; a strategy that cannot be probed
    /// has none).
    #[serde(default)]
    pub budget_notes: u64,
    /// The first of those notes in set order, "line L: ..."; null when none.
    #[serde(default)]
    pub budget_note: Option<String>,
    /// The times of the decided puzzles, µs, fastest first: the cactus plot's
    /// data. Not in the JSON or CSV (one figure per puzzle); a report read
    /// back from `results.json` has none and draws no cactus plot.
    #[serde(skip)]
    pub decided_us: Vec<f64>,
}

/// One set as read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SetInfo {
    pub name: String,
    pub path: String,
    /// Puzzles that parsed.
    pub puzzles: u64,
    /// Lines that did not parse (each counted invalid for every strategy).
    pub parse_errors: u64,
    /// `--limit-puzzles` stopped the reading before the end of the file.
    pub truncated: bool,
    /// The grid sizes of its puzzles: `9x9`, `6x6 (2x3 boxes)`, ...
    pub shapes: Vec<String>,
    /// Puzzles whose verdicts disagreed across strategies.
    pub disagreements: u64,
}

/// The whole result of a comparison.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub machine: Machine,
    pub strategies: Vec<StrategyInfo>,
    pub sets: Vec<SetInfo>,
    pub results: Vec<ResultRecord>,
    pub problems: Vec<Problem>,
    /// What the command line chose on the user's behalf (the default sets).
    pub notes: Vec<String>,
    /// The rating study of each rated set (`sudoku_reports::study`); absent when
    /// no set carries ratings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub study: Vec<StudyRecord>,
    /// Under `--protocol passes` or `both`: each strategy alone in its own
    /// processes, whole-set passes ([`sudoku_engine::passes`]); absent otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<PassesRecord>,
}

impl Report {
    /// 0 when nothing went wrong; 1 for a wrong answer, a crash or a
    /// disagreement; 2 for an unreadable or empty set. Budget hits, parse
    /// errors and invalid / unsolvable / multiple-solution puzzles are results,
    /// not failures.
    pub fn status(&self) -> Status {
        let worst = self
            .problems
            .iter()
            .map(|p| p.kind.status())
            .max()
            .unwrap_or(Status::Ok);
        let counted = self.results.iter().any(|r| r.wrong > 0 || r.crashed > 0);
        worst.max(if counted { Status::Failed } else { Status::Ok })
    }

    /// The records of one set, in table order.
    pub fn rows<'a>(&'a self, set: &'a str) -> impl Iterator<Item = &'a ResultRecord> + 'a {
        self.results.iter().filter(move |r| r.set == set)
    }

    /// The record of one strategy on one set.
    pub fn row(&self, set: &str, strategy: &str) -> Option<&ResultRecord> {
        self.results
            .iter()
            .find(|r| r.set == set && r.strategy == strategy)
    }
}

/// One strategy on one rated set: how its figures rank the puzzles against
/// their ratings. A record of the report's `study` array.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StudyRecord {
    /// The set's name (its path as given).
    pub set: String,
    /// The strategy id.
    pub strategy: String,
    /// Rated puzzles the strategy ran to an outcome (the base of the
    /// correlations).
    pub puzzles: u64,
    /// Of them, puzzles stopped by a budget (counted at the figures they had).
    pub stopped: u64,
    /// Spearman correlation of the rating with nodes per puzzle.
    pub spearman_nodes: Option<f64>,
    /// ... with guesses (decisions, for the SAT rows).
    pub spearman_guesses: Option<f64>,
    /// ... with backtracks (conflicts, for the SAT rows).
    pub spearman_backtracks: Option<f64>,
    /// ... with the time per puzzle.
    pub spearman_time: Option<f64>,
    /// (rating, nodes) of each counted puzzle: the chart's data. Not in the
    /// JSON (one figure per puzzle).
    #[serde(skip)]
    pub points: Vec<(f64, u64)>,
}
