//! The field's protocol, `compare --protocol passes`: each strategy alone in
//! its own process, whole-set passes in file order, as tdoku's benchmark and
//! most solvers' authors measure.
//!
//! For each set, after the checked pass (every (puzzle, strategy) solved once
//! in the parent, verified and cross-checked as under the rounds protocol;
//! its lines and tables are the usual ones), `processes` child processes per
//! strategy run, the strategies alternating (process 1 of every strategy,
//! then process 2 of every strategy, the order turned by one each time). A
//! child is this binary again (the hidden `pass-child` subcommand): it reads
//! the set as the parent did (the same `--limit-puzzles`, `--shard` and
//! `--shape`), keeps the puzzles that parse and that the strategy supports,
//! solves them all once untimed (the warm-up pass), then times `passes`
//! whole passes over them in file order, one clock reading per pass, and
//! prints the times. A pass's figure is its time divided by its puzzles.
//!
//! # The figures
//!
//! * **µs per puzzle**: the median of every pass of every process.
//! * **spread**: the lowest and the highest process median. A process's
//!   address layout (where the allocator and the loader put things) moves
//!   some solvers by a fifth from one process to the next, and no number of
//!   passes in one process sees it: only more processes do.
//! * **interval**: a 95% interval for that median, by a two-level bootstrap
//!   (processes drawn with replacement, then passes within each drawn
//!   process), so it widens with the spread across processes and not only
//!   with the noise between passes.
//!
//! The children solve with the run's budgets, like the checked pass, and
//! keep no solution (the checked pass verified them), as the rounds' retimed
//! solves ([`super::config::RunConfig::retime_limits`]). A pass
//! is timed by the thread's CPU time where the system has one ([`CLOCK`]):
//! the same as the wall clock on a quiet machine, and on a shared one
//! without the waits for a core that no whole-pass figure could set aside.

pub use super::config::{PassesConfig, DEFAULT_PASSES, DEFAULT_PROCESSES};
use super::config::{RunConfig, Shard};
use super::input::Source;
use super::interval::Interval;
use super::protocol::rotation;
use super::sets::PuzzleSet;
use serde::{Deserialize, Serialize};
use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::Instant;
use sudoku_core::estimate::SplitMix;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_input::ReadOptions;
/// Resamples of the two-level bootstrap.
const RESAMPLES: usize = 2000;

/// The name of the hidden subcommand a child runs.
pub const CHILD_COMMAND: &str = "pass-child";

/// One strategy on one set under the passes protocol.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PassesRecord {
    pub set: String,
    pub strategy: String,
    /// The strategy is the harness's floor row
    /// ([`sudoku_core::Capabilities::floor`]): its time is the measuring's
    /// own cost per call.
    #[serde(default)]
    pub floor: bool,
    /// Puzzles in each pass (those that parse and that the strategy supports).
    pub puzzles: usize,
    /// Each process's passes, µs per puzzle, in the order they ran.
    pub passes_us: Vec<Vec<f64>>,
    /// The median of every pass of every process, µs per puzzle.
    pub median_us: f64,
    /// A 95% interval for `median_us` (processes, then passes, resampled).
    pub interval: Interval,
    /// The lowest and the highest process median, µs per puzzle.
    pub spread: [f64; 2],
    /// The fastest pass of all.
    pub best_us: f64,
}

impl PassesRecord {
    /// The record of `passes_us` (each process's passes, µs per puzzle);
    /// `None` when no pass ran.
    pub fn of(
        set: &str,
        strategy: &str,
        puzzles: usize,
        passes_us: Vec<Vec<f64>>,
    ) -> Option<PassesRecord> {
        let pooled: Vec<f64> = passes_us.iter().flatten().copied().collect();
        if pooled.is_empty() {
            return None;
        }
        let medians: Vec<f64> = passes_us
            .iter()
            .filter(|p| !p.is_empty())
            .map(|p| median(p))
            .collect();
        let spread = [
            medians.iter().copied().fold(f64::INFINITY, f64::min),
            medians.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        ];
        Some(PassesRecord {
            set: set.to_string(),
            strategy: strategy.to_string(),
            floor: false,
            puzzles,
            median_us: median(&pooled),
            interval: two_level_interval(&passes_us),
            spread,
            best_us: pooled.iter().copied().fold(f64::INFINITY, f64::min),
            passes_us,
        })
    }

    /// How far the processes spread, as a share of the median (0.1 = 10%).
    pub fn spread_share(&self) -> f64 {
        (self.spread[1] - self.spread[0]) / self.median_us
    }
}

/// The median of unsorted values, by the program's one median.
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    super::interval::median_f64(&sorted)
}

/// The 2.5th and 97.5th percentiles of the pooled median over resamples
/// that draw processes with replacement, then passes within each.
fn two_level_interval(processes: &[Vec<f64>]) -> Interval {
    let processes: Vec<&Vec<f64>> = processes.iter().filter(|p| !p.is_empty()).collect();
    let mut rng = SplitMix(0x5eed_0f9a_55e5);
    let mut figures = Vec::with_capacity(RESAMPLES);
    let mut drawn = Vec::new();
    for _ in 0..RESAMPLES {
        drawn.clear();
        for _ in 0..processes.len() {
            let p = processes[rng.index(processes.len())];
            for _ in 0..p.len() {
                drawn.push(p[rng.index(p.len())]);
            }
        }
        figures.push(median(&drawn));
    }
    figures.sort_by(f64::total_cmp);
    let at = |q: f64| figures[((q * (RESAMPLES - 1) as f64).round() as usize).min(RESAMPLES - 1)];
    Interval([at(0.025), at(0.975)])
}

/// What a child prints: its puzzles and each timed pass, ns, by [`CLOCK`]
/// and by the wall clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildReport {
    pub puzzles: usize,
    pub pass_ns: Vec<u64>,
    pub wall_ns: Vec<u64>,
}

/// The clock of a pass: the thread's CPU time where the system has one.
/// On a quiet machine it reads what the wall clock reads (tdoku's benchmark
/// uses the wall clock); on a shared one it leaves out the time the child
/// waited for a core, which a whole-pass wall time cannot set aside (a
/// per-puzzle median can, which is why the rounds protocol times by the wall
/// clock).
pub const CLOCK: &str = if cfg!(unix) {
    "the thread's CPU time (CLOCK_THREAD_CPUTIME_ID)"
} else {
    "the wall clock"
};

/// Now, by [`CLOCK`], ns.
fn clock_ns() -> u64 {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        (t.tv_sec as u64)
            .saturating_mul(1_000_000_000)
            .saturating_add(t.tv_nsec as u64)
    }
    #[cfg(not(unix))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

/// The puzzles of a set a pass solves: those read under the run's limit
/// and shard that parse and that `solver` supports, in file order.
pub fn pass_puzzles(
    solver: &dyn Solver,
    path: &Path,
    read: ReadOptions,
    limit: Option<usize>,
    shard: Option<Shard>,
) -> std::io::Result<Vec<Grid>> {
    let items = Source::File(path.to_path_buf()).open(read)?;
    Ok(items
        .take(limit.unwrap_or(usize::MAX))
        .enumerate()
        .filter(|(index, _)| shard.is_none_or(|s| s.holds(*index)))
        .filter_map(|(_, (_, item))| item.ok())
        .map(|entry| entry.puzzle)
        .filter(|g| solver.supports(g.shape()).is_ok())
        .collect())
}

/// A warm-up pass, then `passes` timed passes over `grids` in order: each
/// pass's time, ns, by [`CLOCK`] and by the wall clock.
pub fn time_passes(
    solver: &dyn Solver,
    grids: &[Grid],
    limits: &Limits,
    passes: usize,
) -> (Vec<u64>, Vec<u64>) {
    for g in grids {
        black_box(solver.solve(black_box(g), limits));
    }
    (0..passes)
        .map(|_| {
            let (wall, clock) = (Instant::now(), clock_ns());
            for g in grids {
                black_box(solver.solve(black_box(g), limits));
            }
            let clock = clock_ns().saturating_sub(clock);
            let wall = u64::try_from(wall.elapsed().as_nanos()).unwrap_or(u64::MAX);
            (clock, wall)
        })
        .unzip()
}

/// What a parent needs to start children for one set.
pub struct ChildJob<'a> {
    pub strategy: &'a str,
    pub set: &'a Path,
    pub read: ReadOptions,
    pub limit: Option<usize>,
    pub shard: Option<Shard>,
    pub limits: &'a Limits,
    pub passes: usize,
}

/// Runs one child process (this binary, `pass-child`) and reads its report.
pub fn run_child(job: &ChildJob) -> Result<ChildReport, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut cmd = Command::new(exe);
    cmd.arg(CHILD_COMMAND)
        .arg("--strategy")
        .arg(job.strategy)
        .arg("--set")
        .arg(job.set)
        .arg("--passes")
        .arg(job.passes.to_string());
    if let Some(n) = job.limit {
        cmd.arg("--limit-puzzles").arg(n.to_string());
    }
    if let Some(s) = job.shard {
        cmd.arg("--shard").arg(format!("{}/{}", s.k, s.n));
    }
    if let Some(shape) = job.read.shape {
        cmd.arg("--shape").arg(shape.to_string());
    }
    if let Some(m) = job.limits.max_solutions {
        cmd.arg("--max-solutions").arg(m.to_string());
    }
    cmd.arg("--keep-solutions")
        .arg(job.limits.keep_solutions.to_string());
    if let Some(t) = job.limits.time_budget {
        cmd.arg("--time-budget-ns").arg(t.as_nanos().to_string());
    }
    if let Some(n) = job.limits.node_budget {
        cmd.arg("--node-budget").arg(n.to_string());
    }
    if let Some(m) = job.limits.memory_budget {
        cmd.arg("--memory-budget").arg(m.to_string());
    }
    let out = cmd
        .output()
        .map_err(|e| format!("cannot start a child process: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "the child process for {} failed ({}): {}",
            job.strategy,
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "the child process for {} printed no report ({e}): {}",
            job.strategy,
            String::from_utf8_lossy(&out.stdout).trim()
        )
    })
}

/// The passes of every strategy on every set (see the module docs), and
/// what went wrong starting or reading a child. `on_child` hears of each
/// child before it starts (strategy, set, process number from 1).
pub fn measure(
    strategies: &[&dyn Solver],
    sets: &[PuzzleSet],
    config: &RunConfig,
    on_child: &mut dyn FnMut(&str, &str, usize),
) -> (Vec<PassesRecord>, Vec<String>) {
    let limits = config.retime_limits();
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for set in sets {
        let mut runs: Vec<(usize, Vec<Vec<f64>>)> = vec![(0, Vec::new()); strategies.len()];
        'processes: for process in 0..config.passes.processes.max(1) {
            for s in rotation(strategies.len(), process) {
                if config.interrupted() {
                    break 'processes;
                }
                let strategy = strategies[s].id();
                on_child(strategy, &set.name, process + 1);
                let job = ChildJob {
                    strategy,
                    set: &set.path,
                    read: config.read,
                    limit: config.limit_puzzles,
                    shard: config.shard,
                    limits: &limits,
                    passes: config.passes.passes.max(1),
                };
                match run_child(&job) {
                    Ok(report) if report.puzzles > 0 => {
                        let per_puzzle = report
                            .pass_ns
                            .iter()
                            .map(|&ns| ns as f64 / 1e3 / report.puzzles as f64)
                            .collect();
                        runs[s].0 = report.puzzles;
                        runs[s].1.push(per_puzzle);
                    }
                    Ok(_) => {}
                    Err(e) => errors.push(format!("{}: {e}", set.name)),
                }
            }
        }
        for (s, (puzzles, passes)) in runs.into_iter().enumerate() {
            records.extend(
                PassesRecord::of(&set.name, strategies[s].id(), puzzles, passes).map(|r| {
                    PassesRecord {
                        floor: strategies[s].info().capabilities.floor,
                        ..r
                    }
                }),
            );
        }
    }
    (records, errors)
}

/// Rows that differ by more than this share between the protocols are
/// flagged under `--protocol both`.
pub const DIFFER: f64 = 0.05;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_gives_the_median_the_spread_and_an_interval_around_it() {
        let r = PassesRecord::of(
            "s",
            "x",
            10,
            vec![
                vec![1.0, 1.1, 1.2],
                vec![2.0, 2.1, 2.2],
                vec![1.5, 1.6, 1.4],
            ],
        )
        .unwrap();
        assert_eq!(r.median_us, 1.5);
        assert_eq!(r.spread, [1.1, 2.1]);
        assert_eq!(r.best_us, 1.0);
        let [lo, hi] = r.interval.0;
        assert!(lo <= r.median_us && r.median_us <= hi, "{lo} {hi}");
        assert!(lo >= 1.0 && hi <= 2.2, "{lo} {hi}");
        assert!(hi - lo > 0.3, "processes that differ widen it: {lo} {hi}");
        assert!((r.spread_share() - 1.0 / 1.5).abs() < 1e-9);
        assert_eq!(PassesRecord::of("s", "x", 0, vec![vec![]]), None);
    }

    #[test]
    fn one_process_of_equal_passes_has_a_point_interval() {
        let r = PassesRecord::of("s", "x", 1, vec![vec![3.0; 4]]).unwrap();
        assert_eq!(r.interval.0, [3.0, 3.0]);
        assert_eq!(r.spread, [3.0, 3.0]);
    }

    #[test]
    fn passes_time_every_puzzle_and_skip_what_the_strategy_cannot_solve() {
        let dir = std::env::temp_dir().join(format!("sudoku-lab-passes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("set.txt");
        std::fs::write(
            &file,
            "1...............\n# a comment\n.2..............\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n....1...........\nnot a puzzle\n",
        )
        .unwrap();
        let naive: &dyn Solver = &sudoku_naive::Naive;
        let all = pass_puzzles(naive, &file, ReadOptions::default(), None, None).unwrap();
        assert_eq!(
            all.len(),
            4,
            "three 4x4s and the 9x9; the bad line is not a puzzle"
        );
        let first_two = pass_puzzles(naive, &file, ReadOptions::default(), Some(2), None).unwrap();
        assert_eq!(first_two.len(), 2);
        let odd = pass_puzzles(
            naive,
            &file,
            ReadOptions::default(),
            None,
            Some(Shard { k: 2, n: 2 }),
        )
        .unwrap();
        assert_eq!(odd.len(), 2, "indices 1 and 3");
        let (passes, wall) = time_passes(naive, &all, &Limits::default(), 3);
        assert_eq!((passes.len(), wall.len()), (3, 3));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
