//! Where and how a comparison ran: the `machine` section of a report. This
//! module reads the machine (CPU, load, compiler, the commit the binary was
//! built from and the checkout the run was started in); how the run was set
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
    /// The checkout the run was started in, not necessarily the one the
    /// binary was built from (see `build_commit`): `git rev-parse --short
    /// HEAD` in the current directory at run time, or null (not in a git
    /// checkout, or no git).
    pub git_commit: Option<String>,
    /// Whether, at run time, tracked files under the current directory
    /// outside `reports/` had uncommitted changes (`git status --porcelain`;
    /// a report being rewritten in place is not a change to what was
    /// measured), or null. Like `git_commit`, about the checkout the run was
    /// started in.
    pub git_dirty: Option<bool>,
    /// The commit the binary was built from: `git rev-parse --short HEAD` in
    /// the workspace at build time (recorded by `crates/harness/build.rs`),
    /// or null when it was not built from a git checkout (or by a
    /// sudoku-lab older than this field).
    #[serde(default)]
    pub build_commit: Option<String>,
    /// Whether the sources the binary was built from (`crates/`,
    /// `Cargo.toml`, `Cargo.lock`, `.cargo/`) had uncommitted changes
    /// against `build_commit` at build time, or null when it is null.
    #[serde(default)]
    pub build_dirty: Option<bool>,
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
    /// Puzzles each strategy solves untimed (the warm-up pass) before its
    /// rounds over them: a block (0: no warm-up).
    pub warmup_puzzles: usize,
    /// Rounds over each set (`--rounds`): each times every (puzzle,
    /// strategy) once; a puzzle's time is the fastest of its rounds.
    pub rounds: usize,
    /// The seed of the rounds' shuffles (`--seed`).
    pub seed: u64,
    /// Puzzles a strategy solves in a row before the next takes them.
    pub block: usize,
    /// The order rule of the rounds, in words.
    pub order: String,
    /// A solve that took longer than this (ms) is timed in the first round only.
    pub repeat_cutoff_ms: f64,
    /// The run was pinned to one core (`--pin`).
    #[serde(default)]
    pub pinned: bool,
    /// The instruction-set features the binary was compiled for
    /// (`-C target-cpu`), of those that matter to bit tricks.
    #[serde(default)]
    pub target_features: Vec<String>,
    /// The cargo features of the harness in this build.
    #[serde(default)]
    pub cargo_features: Vec<String>,
    /// FNV-1a 64 of the running binary's bytes (hex), or null: runs of one
    /// binary share it.
    #[serde(default)]
    pub binary_hash: Option<String>,
    /// Load average at the end of the run, or null.
    pub load_avg_end: Option<[f64; 3]>,
    /// How the run was timed (`--protocol`): `rounds` (per-puzzle rounds),
    /// `passes` (each strategy alone in its own processes, whole-set
    /// passes) or `both`. Reports written before this field were `rounds`.
    #[serde(default = "rounds")]
    pub protocol: String,
    /// Timed passes per process (`--passes`), under `passes` and `both`.
    #[serde(default)]
    pub passes: Option<usize>,
    /// Processes per strategy (`--processes`), under `passes` and `both`.
    #[serde(default)]
    pub processes: Option<usize>,
}

fn rounds() -> String {
    "rounds".to_string()
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
            build_commit: build_commit().map(String::from),
            build_dirty: build_commit().and(build_dirty()),
            date: utc_now(),
            target_features: target_features(),
            binary_hash: binary_hash(),
            protocol: rounds(),
            ..Machine::default()
        }
    }

    /// Records the load average at the end of the run.
    pub fn finish(&mut self) {
        self.load_avg_end = load_avg();
    }

    /// The commit the binary was built from, in words for the report's
    /// `commit` row, with the checkout the run was started in when that is
    /// another commit or has uncommitted changes the build did not:
    /// `abc1234`, `abc1234 with uncommitted changes`, `built from abc1234,
    /// run in a checkout at def5678`. `quote` wraps each hash (backticks in
    /// report.md's first line).
    pub fn commit_words(&self, quote: impl Fn(&str) -> String) -> String {
        let changes = |dirty: Option<bool>| {
            if dirty == Some(true) {
                " with uncommitted changes"
            } else {
                ""
            }
        };
        let (bd, cd) = (changes(self.build_dirty), changes(self.git_dirty));
        match (&self.build_commit, &self.git_commit) {
            (Some(b), Some(c)) if self.ran_elsewhere() => format!(
                "built from {}{bd}, run in a checkout at {}{cd}",
                quote(b),
                quote(c)
            ),
            (Some(b), Some(_))
                if self.git_dirty == Some(true) && self.build_dirty != Some(true) =>
            {
                format!("{}, run in a checkout with uncommitted changes", quote(b))
            }
            (Some(b), _) => format!("{}{bd}", quote(b)),
            // Not built in a checkout, or a report older than build_commit.
            (None, Some(c)) => format!("unknown build, run in a checkout at {}{cd}", quote(c)),
            (None, None) => "unknown".into(),
        }
    }

    /// Whether the run was started in a checkout at another commit than the
    /// one the binary was built from (both known). Short hashes may differ
    /// in length, so one being a prefix of the other is the same commit.
    pub fn ran_elsewhere(&self) -> bool {
        match (&self.build_commit, &self.git_commit) {
            (Some(b), Some(c)) => !(b.starts_with(c.as_str()) || c.starts_with(b.as_str())),
            _ => false,
        }
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

impl Machine {
    /// The whole record as (label, value) rows, in the order report.md and
    /// the HTML page show it: where it ran (CPU, instruction-set features,
    /// cargo features, binary, compiler), the load before and after and
    /// whether other processes competed, pinning, and the protocol (rounds,
    /// seed, order).
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        let load = |l: Option<[f64; 3]>| {
            l.map(|l| format!("{:.2} {:.2} {:.2}", l[0], l[1], l[2]))
                .unwrap_or_else(|| "unknown".into())
        };
        let none = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" ")
            }
        };
        let mut rows = Vec::new();
        if let Some(command) = &self.command {
            rows.push(("command", command.clone()));
        }
        rows.extend([
            (
                "CPU",
                format!("{} ({} logical cores)", self.cpu, self.cores),
            ),
            ("OS", self.os.clone()),
            ("instruction-set features", none(&self.target_features)),
            ("cargo features", none(&self.cargo_features)),
            (
                "binary (FNV-1a 64)",
                self.binary_hash.clone().unwrap_or_else(|| "unknown".into()),
            ),
            ("compiler", self.rustc.clone()),
            ("build", self.profile.clone()),
            ("sudoku-lab", self.sudoku_lab_version.clone()),
            ("commit", self.commit_words(|h| h.to_string())),
            ("load average at start (1, 5, 15 min)", load(self.load_avg)),
            ("load average at end", load(self.load_avg_end)),
            (
                "load warning",
                match self.overload() {
                    Some(l) => format!(
                        "yes: load {l:.2} above the {} logical cores, other processes \
                         competed for the CPU",
                        self.cores
                    ),
                    None => "no".into(),
                },
            ),
            (
                "pinned",
                if self.pinned {
                    "yes: the run was pinned to one core (--pin)".into()
                } else {
                    "no".to_string()
                },
            ),
            (
                "protocol",
                format!(
                    "{} (blocks of {} puzzles; solves over {} ms and budget hits timed once)",
                    self.order, self.block, self.repeat_cutoff_ms
                ),
            ),
            ("rounds", self.rounds.to_string()),
            ("seed", self.seed.to_string()),
            ("jobs", self.jobs.to_string()),
            (
                "puzzles per set",
                self.limit_puzzles
                    .map_or("all".into(), |n| format!("at most {n}")),
            ),
            ("date (UTC)", self.date.clone()),
        ]);
        rows
    }
}

/// The commit this binary was built from (`crates/harness/build.rs`), when
/// it was built in a git checkout.
fn build_commit() -> Option<&'static str> {
    option_env!("SUDOKU_LAB_BUILD_COMMIT").filter(|c| !c.is_empty())
}

/// Whether the sources this binary was built from had uncommitted changes.
fn build_dirty() -> Option<bool> {
    match option_env!("SUDOKU_LAB_BUILD_DIRTY") {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
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

/// The features this binary was compiled with, of those that matter here.
fn target_features() -> Vec<String> {
    let mut found = Vec::new();
    macro_rules! feature {
        ($($name:tt),*) => {$(
            if cfg!(target_feature = $name) {
                found.push($name.to_string());
            }
        )*};
    }
    feature!(
        "sse2", "ssse3", "sse4.1", "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "lzcnt",
        "avx512f", "neon"
    );
    found
}

/// FNV-1a 64 of the running binary, hex.
pub fn binary_hash() -> Option<String> {
    let bytes = std::fs::read(std::env::current_exe().ok()?).ok()?;
    Some(format!("{:016x}", fnv1a(&bytes)))
}

/// FNV-1a 64 of some bytes: a content fingerprint (not a cryptographic hash).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(build: Option<(&str, bool)>, checkout: Option<(&str, bool)>) -> Machine {
        Machine {
            build_commit: build.map(|b| b.0.to_string()),
            build_dirty: build.map(|b| b.1),
            git_commit: checkout.map(|c| c.0.to_string()),
            git_dirty: checkout.map(|c| c.1),
            ..Machine::default()
        }
    }

    #[test]
    fn the_commit_row_names_the_build_and_any_other_checkout() {
        let words = |m: Machine| m.commit_words(|h| format!("`{h}`"));
        let (b, c) = ("abc1234", "def5678");
        assert_eq!(words(at(Some((b, false)), Some((b, false)))), "`abc1234`");
        assert_eq!(words(at(Some((b, false)), None)), "`abc1234`");
        assert_eq!(
            words(at(Some((b, true)), Some((b, true)))),
            "`abc1234` with uncommitted changes"
        );
        assert_eq!(
            words(at(Some((b, false)), Some((b, true)))),
            "`abc1234`, run in a checkout with uncommitted changes"
        );
        assert_eq!(
            words(at(Some((b, false)), Some((c, true)))),
            "built from `abc1234`, run in a checkout at `def5678` with uncommitted changes"
        );
        assert_eq!(
            words(at(None, Some((c, false)))),
            "unknown build, run in a checkout at `def5678`"
        );
        assert_eq!(words(at(None, None)), "unknown");
    }

    #[test]
    fn short_hashes_of_other_lengths_are_one_commit() {
        assert!(!at(Some(("abc1234", false)), Some(("abc12345", false))).ran_elsewhere());
        assert!(!at(Some(("abc12345", false)), Some(("abc1234", false))).ran_elsewhere());
        assert!(at(Some(("abc1234", false)), Some(("abc1235", false))).ran_elsewhere());
        assert!(!at(None, Some(("abc1235", false))).ran_elsewhere());
    }
}
