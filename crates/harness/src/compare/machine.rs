//! Where and how a comparison ran: the `machine` section of a report. This
//! module reads the machine (CPU, load, compiler, git); how the run was set
//! is filled in by [`super::config::RunConfig::machine`].

use serde::{Deserialize, Serialize};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// The `machine` object of `results.json` (documented field by field in
/// `reports/README.md`). Figures are read at the start of the run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// CPU model from /proc/cpuinfo (`model name`), or the architecture.
    pub cpu: String,
    /// Logical CPUs available to this process.
    pub cores: usize,
    /// `linux x86_64` and the like.
    pub os: String,
    /// Load average over 1, 5 and 15 minutes at the start (/proc/loadavg), or null.
    pub load_avg: Option<[f64; 3]>,
    /// `rustc --version` at run time (the compiler on PATH, normally the one
    /// that built the binary), or `unknown`.
    pub rustc: String,
    /// `release` or `debug`: debug-build timings are not representative.
    pub profile: String,
    pub sudoku_lab_version: String,
    /// `git rev-parse --short HEAD` in the current directory, or null.
    pub git_commit: Option<String>,
    /// Whether tracked files outside `reports/` had uncommitted changes
    /// (`git status --porcelain`; a report being rewritten in place is not a
    /// change to what was measured), or null.
    pub git_dirty: Option<bool>,
    /// Start of the run, UTC, ISO 8601 (`2025-01-31T12:34:56Z`).
    pub date: String,
    /// The command line, when known.
    pub command: Option<String>,
    /// Worker threads (`--jobs`); above 1 the timings are disturbed.
    pub jobs: usize,
    /// `--limit-puzzles`: puzzles read per set at most, or null for all.
    pub limit_puzzles: Option<usize>,
    /// Solutions looked for per puzzle: always 2 (proves uniqueness).
    pub max_solutions: u64,
    /// Per-puzzle time budget in milliseconds, or null for none.
    pub time_budget_ms: Option<f64>,
    /// Per-puzzle node budget (search states entered), or null for none.
    pub node_budget: Option<u64>,
    /// Per-puzzle memory budget for search states in bytes, or null for none.
    pub memory_budget_bytes: Option<u64>,
    /// Untimed solves per strategy and set before timing starts.
    pub warmup_puzzles: usize,
    /// Runs of each solve at most (`--repeat`); the fastest is kept.
    pub repeat: usize,
    /// A solve that took longer than this (ms) is not repeated.
    pub repeat_cutoff_ms: f64,
    /// Load average at the end of the run, or null.
    pub load_avg_end: Option<[f64; 3]>,
}

impl Machine {
    /// This machine now; the run's settings are left at their defaults.
    pub fn collect() -> Machine {
        Machine {
            cpu: cpu_model(),
            cores: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            load_avg: load_avg(),
            rustc: output("rustc", &["--version"]).unwrap_or_else(|| "unknown".into()),
            profile: if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            }
            .into(),
            sudoku_lab_version: env!("CARGO_PKG_VERSION").into(),
            git_commit: output("git", &["rev-parse", "--short", "HEAD"]),
            git_dirty: output(
                "git",
                &[
                    "status",
                    "--porcelain",
                    "--untracked-files=no",
                    "--",
                    ".",
                    ":(exclude)reports",
                ],
            )
            .map(|s| !s.is_empty()),
            date: utc_now(),
            ..Machine::default()
        }
    }

    /// Records the load average at the end of the run.
    pub fn finish(&mut self) {
        self.load_avg_end = load_avg();
    }

    /// The highest 1-minute load average seen (start or end), when it exceeds
    /// the logical cores: other processes then compete for the CPU and the
    /// timings are disturbed.
    pub fn overload(&self) -> Option<f64> {
        let worst = [self.load_avg, self.load_avg_end]
            .iter()
            .flatten()
            .map(|l| l[0])
            .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))))?;
        (worst > self.cores as f64).then_some(worst)
    }
}

/// A command's trimmed standard output, when it runs and succeeds.
fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    for key in ["model name", "Hardware", "Processor", "cpu model", "cpu"] {
        for line in info.lines() {
            if let Some((k, v)) = line.split_once(':') {
                if k.trim() == key && !v.trim().is_empty() {
                    return v.trim().to_string();
                }
            }
        }
    }
    std::env::consts::ARCH.to_string()
}

fn load_avg() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<f64>().ok());
    Some([fields.next()??, fields.next()??, fields.next()??])
}

/// The current time, UTC, ISO 8601.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    crate::format::format_utc(secs)
}
