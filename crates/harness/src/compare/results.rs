//! Results files: `compare --results FILE` streams one JSON line per
//! (puzzle, strategy) as each puzzle finishes; `--resume` skips what the file
//! already holds; `--shard K/N` runs the K-th of N slices; `sudoku-lab merge`
//! builds the report from any number of such files.
//!
//! # The line
//!
//! One [`Line`] per (set, puzzle, strategy): the set's name as given to
//! `--set`, the puzzle's index in the set (0-based, counting every puzzle read,
//! unparseable ones included) and its file line, the puzzle, the strategy, what
//! it said (`verdict`: unique, multiple, none, invalid, budget hit, crashed,
//! unsupported, undecided), why it stopped, the solutions it counted, its time
//! in nanoseconds (the fastest of its runs), every statistic, and whether the
//! answer verified (`solved`) and was counted wrong after the cross-check. A
//! puzzle's lines are written together and flushed once it is cross-checked,
//! so a crash or a kill loses at most the puzzle in flight. The report of a
//! `compare` is computed from these lines ([`super::runner::Tally`]), so
//! merging the files of N shards gives the counts of one run over all.
//!
//! # Shards
//!
//! `--shard K/N` takes the puzzles whose index `i` (after `--limit-puzzles`)
//! has `i % N == K - 1`: the same slices on every machine, whatever the order
//! the shards run in.

use super::report::ProblemKind;
use super::runner::Tally;
use super::{CompareFormat, StrategyInfo};
use crate::registry;
use crate::Status;
use clap::Args;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::{self, BufRead, Seek, Write};
use std::path::{Path, PathBuf};

/// A problem met on one attempt (or, for `disagreement`, one puzzle).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineProblem {
    pub kind: ProblemKind,
    pub message: String,
    /// The strategies counted wrong (disagreements only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strategies: Vec<String>,
}

/// One strategy on one puzzle of one set: a line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    pub set: String,
    /// 0-based, counting every puzzle read from the set.
    pub index: usize,
    /// The line of the file the puzzle starts on.
    pub line: usize,
    /// The puzzle on one line (empty when it did not parse).
    pub puzzle: String,
    pub shape: String,
    pub strategy: String,
    pub reference: bool,
    pub counts_nodes: bool,
    pub verdict: String,
    pub stop: String,
    pub count: u64,
    /// The fastest run, in ns; absent when the solve did not run to an outcome.
    pub time_ns: Option<u64>,
    /// Every run of this solve together, in ns.
    pub wall_ns: u64,
    /// (slowest - fastest) / fastest over the runs, when repeated.
    pub spread: Option<f64>,
    pub nodes: u64,
    pub placements: u64,
    pub guesses: u64,
    /// `null` for a strategy that does not measure backtracks (bfs).
    pub backtracks: Option<u64>,
    pub max_depth: u64,
    pub peak_states: u64,
    pub peak_bytes: u64,
    /// At least one solution reported, all of them verified.
    pub solved: bool,
    /// Counted wrong (failed a check, or lost the cross-check).
    pub wrong: bool,
    /// The puzzle did not parse (counted invalid for every strategy).
    #[serde(default)]
    pub parse_error: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<LineProblem>,
    /// The puzzle's disagreement, repeated on each of its lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disagreement: Option<LineProblem>,
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

/// Reads a results file. A last line cut short (a kill in the middle of a
/// write) is dropped and, with `repair`, cut off the file so appending goes on
/// from a whole line; any other line that is not a record is an error.
pub fn read(path: &Path, repair: bool) -> Result<Vec<Line>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut reader = io::BufReader::new(file);
    let mut lines = Vec::new();
    let (mut whole, mut number) = (0u64, 0usize);
    let mut buf = String::new();
    loop {
        buf.clear();
        let n = reader.read_line(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        number += 1;
        if !buf.ends_with('\n') {
            break; // cut short: never flushed whole
        }
        if !buf.trim().is_empty() {
            let line = serde_json::from_str(buf.trim())
                .map_err(|e| format!("line {number} is not a results record: {e}"))?;
            lines.push(line);
        }
        whole += n as u64;
    }
    if repair {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| e.to_string())?;
        if file.metadata().map_err(|e| e.to_string())?.len() > whole {
            file.set_len(whole).map_err(|e| e.to_string())?;
        }
    }
    Ok(lines)
}

/// The puzzles `held` covers for every one of `strategies`: what `--resume` skips.
pub fn done(held: &[Line], strategies: &[String]) -> HashSet<(String, usize)> {
    let mut by_puzzle: HashMap<(String, usize), HashSet<&str>> = HashMap::new();
    for l in held {
        by_puzzle
            .entry((l.set.clone(), l.index))
            .or_default()
            .insert(&l.strategy);
    }
    by_puzzle
        .into_iter()
        .filter(|(_, have)| strategies.iter().all(|s| have.contains(s.as_str())))
        .map(|(key, _)| key)
        .collect()
}

/// An open results file that lines are appended to, flushed puzzle by puzzle.
pub struct Writer {
    file: std::fs::File,
    buf: Vec<u8>,
}

impl Writer {
    pub fn append(path: &Path) -> io::Result<Writer> {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        file.seek(io::SeekFrom::End(0))?;
        Ok(Writer {
            file,
            buf: Vec::new(),
        })
    }

    /// Writes one puzzle's lines with one write, so a kill leaves whole lines
    /// or a cut last line (which [`read`] drops), never a mix.
    pub fn write(&mut self, lines: &[Line]) -> io::Result<()> {
        self.buf.clear();
        for line in lines {
            serde_json::to_writer(&mut self.buf, line)?;
            self.buf.push(b'\n');
        }
        self.file.write_all(&self.buf)?;
        self.file.flush()
    }
}

/// Strategy infos for lines whose strategies may not be registered here.
pub fn strategy_infos(lines: &[Line]) -> Vec<StrategyInfo> {
    let mut infos: Vec<StrategyInfo> = Vec::new();
    for l in lines {
        if infos.iter().any(|i| i.id == l.strategy) || l.strategy.is_empty() {
            continue;
        }
        let summary = registry::strategies()
            .into_iter()
            .find(|s| s.id() == l.strategy)
            .map(|s| s.summary().to_string())
            .unwrap_or_default();
        infos.push(StrategyInfo {
            id: l.strategy.clone(),
            summary,
            reference: l.reference,
            counts_nodes: l.counts_nodes,
        });
    }
    infos
}

/// `sudoku-lab merge`.
#[derive(Args, Debug)]
#[command(
    after_help = "The report has the counts of one run over all the puzzles the files hold \
(a puzzle held twice counts once). Times are what each machine measured.\n\n\
Example:\n  sudoku-lab merge shard-*.jsonl --format md --report reports/17clue-all"
)]
pub struct MergeArgs {
    /// Results files written by `compare --results`
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Output format on stdout
    #[arg(long, value_enum, default_value_t = CompareFormat::Table)]
    pub format: CompareFormat,

    /// Also write report.md, results.json, results.csv and SVG charts into DIR
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

pub fn merge(args: &MergeArgs) -> Status {
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let mut lines = Vec::new();
    for file in &args.files {
        match read(file, false) {
            Ok(more) => lines.extend(more),
            Err(message) => {
                eprintln!("error: {}: {message}", file.display());
                return Status::Usage;
            }
        }
    }
    if lines.is_empty() {
        eprintln!("error: the results files hold no records");
        return Status::Usage;
    }
    let mut tally = Tally::default();
    for line in &lines {
        tally.add(line);
    }
    let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
    let config = super::RunConfig {
        command: Some(super::command_line()),
        ..super::RunConfig::default()
    };
    let mut report = tally.into_report(
        super::machine::Machine::collect(&config),
        strategy_infos(&lines),
    );
    report.notes.push(format!(
        "merged from {} results file{} ({}); the machine section is where the merge ran",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        names.join(", ")
    ));
    super::print_report(&report, args.format, args.report.as_deref())
}
