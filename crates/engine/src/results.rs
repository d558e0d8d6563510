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
//! `compare` is computed from these lines (`sudoku_reports::tally::Tally`), so
//! merging the files of N shards gives the counts of one run over all.
//!
//! Each statistic (`nodes`, `placements`, `guesses`, `backtracks`,
//! `max_depth`, `peak_states`, `peak_bytes`) is a number where the strategy
//! measures it and `null` where it does not, as its `Info::reports` says
//! ([`sudoku_core::Stats::reported`]): bfs's backtracks, every statistic of
//! the reference. `mems` (Knuth's mems, [`Stats::mems`]) likewise: counted in
//! the checked first round by the strategy's counting instantiation, `null`
//! where it cannot count them (the reference, SAT's internals).
//! `counts_nodes` repeats whether `nodes` is measured. A line
//! that did not parse measured nothing: every statistic is `null`. Lines
//! written before each statistic carried its own `null` are read as they
//! meant (see [`upgrade_v1`]).
//!
//! # Shards
//!
//! `--shard K/N` takes the puzzles whose index `i` (after `--limit-puzzles`)
//! has `i % N == K - 1`: the same slices on every machine, whatever the order
//! the shards run in.

pub use super::config::{shard, Shard};
use super::problem::ProblemKind;
use super::settings::{Header, Settings};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::{self, BufRead, Seek, Write};
use std::path::Path;
use sudoku_core::{Reports, Shape, Solver, Stats, Stop};

/// The version of the results-line format this sudoku-lab writes. Version 1
/// (lines without a `version` field) wrote the shape as a word and one time
/// per line; [`read`] upgrades such lines ([`upgrade_v1`]).
pub const RESULTS_VERSION: u32 = 2;

/// A problem met on one attempt (or, for `disagreement`, one puzzle).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineProblem {
    pub kind: ProblemKind,
    pub message: String,
    /// The strategies counted wrong (disagreements only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strategies: Vec<String>,
}

/// A puzzle's shape in a record: its box, rows by columns (`9x9` has 3x3
/// boxes, `6x6` 2x3 ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineShape {
    pub box_rows: usize,
    pub box_cols: usize,
}

impl LineShape {
    pub fn of(shape: Shape) -> LineShape {
        LineShape {
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
        }
    }
    /// `9x9`, or `6x6 (2x3 boxes)` when the boxes are not square.
    pub fn label(self) -> String {
        let n = self.box_rows * self.box_cols;
        if self.box_rows == self.box_cols {
            format!("{n}x{n}")
        } else {
            format!("{n}x{n} ({}x{} boxes)", self.box_rows, self.box_cols)
        }
    }
}

/// Why a search stopped, as a line records it: [`Stop`]'s reasons, and the
/// two the harness adds (the solve panicked, the puzzle did not parse).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StopReason {
    #[serde(rename = "exhausted")]
    Exhausted,
    #[serde(rename = "solution-limit")]
    SolutionLimit,
    #[serde(rename = "node-budget")]
    NodeBudget,
    #[serde(rename = "time-budget")]
    TimeBudget,
    #[serde(rename = "memory-budget")]
    MemoryBudget,
    #[serde(rename = "invalid-givens")]
    InvalidGivens,
    #[serde(rename = "unsupported")]
    Unsupported,
    #[serde(rename = "crashed")]
    Crashed,
    #[serde(rename = "parse error")]
    ParseError,
}

impl StopReason {
    /// How messages write it (the name the results file uses).
    pub fn word(self) -> &'static str {
        match self {
            StopReason::Exhausted => "exhausted",
            StopReason::SolutionLimit => "solution-limit",
            StopReason::NodeBudget => "node-budget",
            StopReason::TimeBudget => "time-budget",
            StopReason::MemoryBudget => "memory-budget",
            StopReason::InvalidGivens => "invalid-givens",
            StopReason::Unsupported => "unsupported",
            StopReason::Crashed => "crashed",
            StopReason::ParseError => "parse error",
        }
    }
}

impl From<Stop> for StopReason {
    fn from(stop: Stop) -> StopReason {
        match stop {
            Stop::Exhausted => StopReason::Exhausted,
            Stop::SolutionLimit => StopReason::SolutionLimit,
            Stop::NodeBudget => StopReason::NodeBudget,
            Stop::TimeBudget => StopReason::TimeBudget,
            Stop::MemoryBudget => StopReason::MemoryBudget,
            Stop::InvalidGivens => StopReason::InvalidGivens,
            Stop::Unsupported => StopReason::Unsupported,
        }
    }
}

/// The statistics of one solve ([`Stats`]), each `null` where the strategy
/// does not measure it. Written flat into the line; a new statistic is one
/// more optional field here (older lines read it as `null`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineStats {
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default)]
    pub placements: Option<u64>,
    #[serde(default)]
    pub guesses: Option<u64>,
    #[serde(default)]
    pub backtracks: Option<u64>,
    #[serde(default)]
    pub max_depth: Option<u64>,
    #[serde(default)]
    pub peak_states: Option<u64>,
    #[serde(default)]
    pub peak_bytes: Option<u64>,
    /// Knuth's mems ([`Stats::mems`]), counted in the checked first round
    /// only (by the strategy's counting instantiation,
    /// [`Solver::solve_counting_mems`]); `null` where the strategy cannot
    /// count them (the reference, the SAT solver's internals).
    #[serde(default)]
    pub mems: Option<u64>,
}

impl LineStats {
    /// The counts in words, for messages: `nodes 3, guesses 1, ...`, the
    /// ones the strategy reports.
    pub fn words(&self) -> String {
        let named = [
            ("nodes", self.nodes),
            ("placements", self.placements),
            ("guesses", self.guesses),
            ("backtracks", self.backtracks),
            ("max depth", self.max_depth),
            ("peak states", self.peak_states),
            ("peak bytes", self.peak_bytes),
            ("mems", self.mems),
        ];
        let words: Vec<String> = named
            .iter()
            .filter_map(|(name, v)| v.map(|v| format!("{name} {v}")))
            .collect();
        if words.is_empty() {
            "no counts".into()
        } else {
            words.join(", ")
        }
    }
}

impl LineStats {
    /// `stats`, each one only where `reports` says it is measured.
    pub fn of(stats: &Stats, reports: &Reports) -> LineStats {
        let [nodes, placements, guesses, backtracks, max_depth, peak_states, peak_bytes] =
            stats.reported(reports).map(|(_, value)| value);
        LineStats {
            nodes,
            placements,
            guesses,
            backtracks,
            max_depth,
            peak_states,
            peak_bytes,
            mems: stats.mems.filter(|_| reports.mems),
        }
    }
}

/// One strategy on one puzzle of one set: a line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// [`RESULTS_VERSION`] of the sudoku-lab that wrote it.
    pub version: u32,
    pub set: String,
    /// 0-based, counting every puzzle read from the set.
    pub index: usize,
    /// The line of the file the puzzle starts on.
    pub line: usize,
    /// The puzzle on one line (empty when it did not parse).
    pub puzzle: String,
    /// `null` when the puzzle did not parse.
    pub shape: Option<LineShape>,
    pub strategy: String,
    pub reference: bool,
    /// `nodes` is measured (not `null`).
    pub counts_nodes: bool,
    /// What the strategy said.
    pub verdict: Said,
    pub stop: StopReason,
    pub count: u64,
    /// The puzzle's time, ns: the median of `times_ns`; absent when the
    /// solve did not run to an outcome.
    pub time_ns: Option<u64>,
    /// The time of each round that timed this solve, ns, in round order (the
    /// first is the checked solve). One time only for a budget hit or a solve
    /// above the repeat cutoff.
    #[serde(default)]
    pub times_ns: Vec<u64>,
    /// Every run of this solve together, in ns.
    pub wall_ns: u64,
    /// The statistics of `sudoku_core::Stats`; `null` where the strategy
    /// does not measure one (see the module docs).
    #[serde(flatten)]
    pub stats: LineStats,
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
    /// The rating its set gives the puzzle (a rated line, `<puzzle>
    /// <rating>`), for the rating study (`sudoku_reports::study`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// When a budget stopped a strategy that can be probed: what the whole
    /// search would have cost, from Knuth's random probes made outside the
    /// timed solve ([`budget_note`](crate::budget::budget_note)); e.g. "naive: node
    /// budget hit after 2,000 nodes; an estimate of the whole tree is 3.3 M
    /// nodes (about 645 ms at this speed, from 300 random probes)".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_note: Option<String>,
    /// The record of the run's follow-up measurement
    /// ([`FollowUp`](crate::follow_up::FollowUp): `rate`'s rating,
    /// `estimate`'s probes), in the command's own type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_up: Option<serde_json::Value>,
    /// The fingerprint of the settings the line was measured under
    /// ([`Settings::fingerprint`]), stamped when it is written; absent in
    /// files written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// `--shard K/N` of the run that measured it, when sharded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// FNV-1a 64 (hex) of the set, index and puzzle text ([`puzzle_hash`]):
    /// a line whose puzzle was changed after it was written is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle_hash: Option<String>,
}

/// The hash a line carries of where its puzzle is and what it says.
pub fn puzzle_hash(set: &str, index: usize, puzzle: &str) -> String {
    let text = format!("{set}\n{index}\n{puzzle}");
    format!("{:016x}", super::machine::fnv1a(text.as_bytes()))
}

/// What a strategy said about one puzzle: a line's `verdict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Said {
    #[serde(rename = "unique")]
    Unique,
    #[serde(rename = "multiple")]
    Multiple,
    #[serde(rename = "none")]
    None,
    #[serde(rename = "invalid")]
    Invalid,
    #[serde(rename = "budget hit")]
    Budget,
    #[serde(rename = "crashed")]
    Crashed,
    #[serde(rename = "unsupported")]
    Unsupported,
    /// Stopped without a definite verdict for no budget reason (a protocol error).
    #[serde(rename = "undecided")]
    Undecided,
}

impl Said {
    /// A verdict about the puzzle, as opposed to no verdict.
    pub fn definite(self) -> bool {
        matches!(
            self,
            Said::Unique | Said::Multiple | Said::None | Said::Invalid
        )
    }
    /// How messages write it.
    pub fn word(self) -> &'static str {
        match self {
            Said::Unique => "unique",
            Said::Multiple => "multiple",
            Said::None => "none",
            Said::Invalid => "invalid",
            Said::Budget => "budget hit",
            Said::Crashed => "crashed",
            Said::Unsupported => "unsupported",
            Said::Undecided => "undecided",
        }
    }
}

impl Line {
    /// The line of `solver` on the puzzle of index `index` (file line `line`)
    /// of `set`, saying `said`; nothing measured yet (see [`Line::measured`]).
    pub fn new(
        solver: &dyn Solver,
        set: &str,
        index: usize,
        line: usize,
        said: Said,
        stop: StopReason,
    ) -> Line {
        Line {
            version: RESULTS_VERSION,
            set: set.to_string(),
            index,
            line,
            puzzle: String::new(),
            shape: None,
            strategy: solver.id().to_string(),
            reference: solver.info().outside,
            counts_nodes: solver.info().reports.nodes,
            verdict: said,
            stop,
            count: 0,
            time_ns: None,
            times_ns: Vec::new(),
            wall_ns: 0,
            stats: LineStats::default(),
            solved: false,
            wrong: false,
            parse_error: false,
            problems: Vec::new(),
            disagreement: None,
            rating: None,
            budget_note: None,
            follow_up: None,
            run: None,
            shard: None,
            puzzle_hash: None,
        }
    }

    /// The line with `stats` written in, each one only where `reports` says
    /// it is measured.
    pub fn measured(self, stats: &Stats, reports: &Reports) -> Line {
        let stats = LineStats::of(stats, reports);
        Line {
            counts_nodes: stats.nodes.is_some(),
            stats,
            ..self
        }
    }

    /// (slowest - fastest) / fastest over the rounds, when timed more than once.
    pub fn spread(&self) -> Option<f64> {
        let fastest = *self.times_ns.iter().min()?;
        let slowest = *self.times_ns.iter().max()?;
        (self.times_ns.len() > 1).then(|| {
            if fastest > 0 {
                (slowest - fastest) as f64 / fastest as f64
            } else {
                0.0
            }
        })
    }
}

/// The fastest of a solve's round times: the puzzle's time, as a solver's
/// own benchmark takes its best pass. The rounds run back to back over a
/// block, so a preempted or cold round is one of several and drops out.
pub fn fastest_time(times: &[u64]) -> Option<u64> {
    times.iter().min().copied()
}

/// A line as sudoku-lab wrote it before the format had a version (format
/// 1), as JSON, made a version-2 line: its shape word (`9x9`, `6x6 (2x3
/// boxes)`) becomes the typed shape, its one time (the fastest of its back
/// to back repeats) the one round, and a statistic written 0 beside
/// `counts_nodes: false` (before each statistic carried its own `null`) is
/// `null`. This is the one place a word of a record is read back, and only
/// for files of the old format.
pub fn upgrade_v1(mut value: serde_json::Value) -> Result<Line, String> {
    let object = value
        .as_object_mut()
        .ok_or("not a JSON object".to_string())?;
    let label = object
        .get("shape")
        .and_then(|s| s.as_str())
        .unwrap_or("")
        .to_string();
    let shape = v1_shape(&label);
    object.insert("shape".into(), serde_json::to_value(shape).expect("json"));
    object.insert("version".into(), RESULTS_VERSION.into());
    let time = object.get("time_ns").cloned().unwrap_or_default();
    let times = if time.is_u64() { vec![time] } else { vec![] };
    object.insert("times_ns".into(), times.into());
    let line: Line = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let old_zeros = !line.counts_nodes && line.stats.nodes.is_some();
    Ok(if old_zeros {
        line.measured(&Stats::default(), &Reports::NONE)
    } else {
        line
    })
}

/// Format 1's shape word.
fn v1_shape(label: &str) -> Option<LineShape> {
    let side: usize = label.split('x').next()?.trim().parse().ok()?;
    if let Some(boxes) = label.split('(').nth(1) {
        let mut dims = boxes.trim_end_matches(" boxes)").split('x');
        let box_rows = dims.next()?.trim().parse().ok()?;
        let box_cols = dims.next()?.trim().parse().ok()?;
        return Some(LineShape { box_rows, box_cols });
    }
    let root = (1..=side).find(|r| r * r >= side)?;
    (root * root == side).then_some(LineShape {
        box_rows: root,
        box_cols: root,
    })
}

/// What a results file holds: its settings record (none in files written
/// before there was one) and its lines.
#[derive(Clone, Debug, Default)]
pub struct Held {
    pub settings: Option<Settings>,
    /// The header's `--shard`, when the run that wrote the file was sharded.
    pub shard: Option<Shard>,
    pub lines: Vec<Line>,
    /// Lines that an identical key (set, puzzle, strategy) written later in
    /// the file replaced: a puzzle in flight when a run stopped, run again
    /// by `--resume`.
    pub replaced: usize,
}

/// Reads a results file. A last line cut short (a kill in the middle of a
/// write) is dropped and, with `repair`, cut off the file so appending goes on
/// from a whole line; any other line that is not a record is an error.
pub fn read(path: &Path, repair: bool) -> Result<Held, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut reader = io::BufReader::new(file);
    let mut lines: Vec<(usize, Line)> = Vec::new();
    let mut settings = None;
    let mut shard = None;
    let (mut whole, mut number) = (0u64, 0usize);
    let mut buf = String::new();
    loop {
        buf.clear();
        let n = reader
            .read_line(&mut buf)
            .map_err(|e| format!("line {}: {e} (is this a results file?)", number + 1))?;
        if n == 0 {
            break;
        }
        number += 1;
        if !buf.ends_with('\n') {
            break; // cut short: never flushed whole
        }
        let text = buf.trim();
        if text.starts_with(r#"{"settings""#) {
            let header: Header = serde_json::from_str(text)
                .map_err(|e| format!("line {number} is not a settings record: {e}"))?;
            if settings.is_some() {
                return Err(format!("line {number}: a second settings record"));
            }
            settings = Some(header.settings);
            shard = match header.shard {
                Some(s) => Some(self::shard(&s).map_err(|e| format!("line {number}: {e}"))?),
                None => None,
            };
        } else if !text.is_empty() {
            lines.push((
                number,
                parse_line(text)
                    .map_err(|e| format!("line {number} is not a results record: {e}"))?,
            ));
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
    check(&lines, settings.as_ref(), shard)?;
    // A later line of the same (set, puzzle, strategy) replaces the earlier:
    // the puzzle was in flight when a run stopped, and `--resume` ran it again.
    let mut last: HashMap<(&str, usize, &str), usize> = HashMap::new();
    for (i, (_, l)) in lines.iter().enumerate() {
        last.insert((&l.set, l.index, &l.strategy), i);
    }
    let keep: HashSet<usize> = last.into_values().collect();
    let replaced = lines.len() - keep.len();
    let lines = lines
        .into_iter()
        .enumerate()
        .filter(|(i, _)| keep.contains(i))
        .map(|(_, (_, l))| l)
        .collect();
    Ok(Held {
        settings,
        shard,
        lines,
        replaced,
    })
}

/// Each record against its file's header: measured under the header's
/// settings (the fingerprint it carries, the budgets its stop names, a
/// strategy the header lists), in the header's shard, its puzzle as it was
/// written (the hash it carries), and one puzzle text per (set, index).
/// The first record that fails is named by its line.
pub fn check(
    lines: &[(usize, Line)],
    settings: Option<&Settings>,
    shard: Option<Shard>,
) -> Result<(), String> {
    let fingerprint = settings.map(Settings::fingerprint);
    let mut texts: HashMap<(&str, usize), (&str, usize)> = HashMap::new();
    for (number, l) in lines {
        let at = format!(
            "line {number} ({} on puzzle {} of {})",
            l.strategy, l.index, l.set
        );
        if let Some(hash) = &l.puzzle_hash {
            if *hash != puzzle_hash(&l.set, l.index, &l.puzzle) {
                return Err(format!(
                    "{at}: its puzzle is not the one it was measured on (the record's puzzle \
                     hash does not match its text): the record was altered"
                ));
            }
        }
        match texts.get(&(l.set.as_str(), l.index)) {
            Some((text, first)) if *text != l.puzzle => {
                return Err(format!(
                    "{at}: puzzle {} of {} reads {} here and {} on line {first}: two puzzles \
                     under one index",
                    l.index, l.set, l.puzzle, text
                ))
            }
            Some(_) => {}
            None => {
                texts.insert((&l.set, l.index), (&l.puzzle, *number));
            }
        }
        let record_shard = l.shard.as_deref();
        let header_shard = shard.map(|s| s.to_string());
        if l.shard.is_some() && record_shard != header_shard.as_deref() {
            return Err(format!(
                "{at}: measured in shard {}, but the file is {}",
                record_shard.unwrap_or("-"),
                header_shard.map_or("not sharded".to_string(), |s| format!("shard {s}"))
            ));
        }
        if let Some(shard) = shard {
            if !shard.holds(l.index) {
                return Err(format!(
                    "{at}: puzzle {} is not in shard {shard}, the file's",
                    l.index
                ));
            }
        }
        let Some(settings) = settings else {
            continue;
        };
        if let (Some(run), Some(fingerprint)) = (&l.run, &fingerprint) {
            if run != fingerprint {
                return Err(format!(
                    "{at}: measured under other settings than the file's settings record (its \
                     settings fingerprint {run}, the record's {fingerprint}: another budget, \
                     protocol, --jobs, --pin, set or binary); it belongs to another run"
                ));
            }
        }
        if !l.strategy.is_empty() && !settings.strategies.contains(&l.strategy) {
            return Err(format!(
                "{at}: strategy {} is not among the run's ({})",
                l.strategy,
                settings.strategies.join(", ")
            ));
        }
        let no_budget = match l.stop {
            StopReason::NodeBudget => settings.node_budget.is_none().then_some("node"),
            StopReason::TimeBudget => settings.time_budget_ms.is_none().then_some("time"),
            StopReason::MemoryBudget => settings.memory_budget_bytes.is_none().then_some("memory"),
            _ => None,
        };
        if let Some(kind) = no_budget {
            return Err(format!(
                "{at}: stopped by a {kind} budget, but the run it is filed under had none: it \
                 was measured by another run"
            ));
        }
    }
    Ok(())
}

/// One line of a results file, of this format or an older one.
fn parse_line(text: &str) -> Result<Line, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    match value.get("version").and_then(|v| v.as_u64()) {
        None => upgrade_v1(value),
        Some(v) if v == RESULTS_VERSION as u64 => {
            serde_json::from_value(value).map_err(|e| e.to_string())
        }
        Some(v) => Err(format!(
            "format version {v}, which this sudoku-lab (format {RESULTS_VERSION}) does not \
             read: use the sudoku-lab that wrote it"
        )),
    }
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

/// Opens `path` for appending (creating it) and locks it, so no other run
/// reads, repairs or appends to it while this one does; the lock lasts as
/// long as the file stays open. Another run holding it is an error that says
/// so, before any work.
pub fn open_locked(path: &Path) -> Result<std::fs::File, String> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write: {e}"))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(
            "another sudoku-lab run is writing to this file (a run or a --resume of it): let \
             it finish, or name another file"
                .into(),
        ),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("cannot lock it: {e}")),
    }
}

/// An open results file that lines are appended to, flushed puzzle by puzzle.
pub struct Writer {
    file: std::fs::File,
    buf: Vec<u8>,
    /// The settings' fingerprint and the shard, stamped on every line.
    run: String,
    shard: Option<String>,
}

impl Writer {
    /// Appends to `file` (opened by [`open_locked`]); an empty file gets
    /// `settings` and `shard` as its first record, written and flushed now,
    /// so a file that cannot be written is known before the work.
    pub fn append(
        mut file: std::fs::File,
        settings: &Settings,
        shard: Option<Shard>,
    ) -> io::Result<Writer> {
        file.seek(io::SeekFrom::End(0))?;
        let shard = shard.map(|s| s.to_string());
        if file.metadata()?.len() == 0 {
            let header = Header {
                settings: settings.clone(),
                shard: shard.clone(),
            };
            let mut text = serde_json::to_vec(&header)?;
            text.push(b'\n');
            file.write_all(&text)?;
            file.flush()?;
        }
        Ok(Writer {
            file,
            buf: Vec::new(),
            run: settings.fingerprint(),
            shard,
        })
    }

    /// Writes one puzzle's lines with one write, so a kill leaves whole lines
    /// or a cut last line (which [`read`] drops), never a mix.
    pub fn write(&mut self, lines: &[Line]) -> io::Result<()> {
        self.buf.clear();
        for line in lines {
            let stamped = Line {
                run: Some(self.run.clone()),
                shard: self.shard.clone(),
                puzzle_hash: Some(puzzle_hash(&line.set, line.index, &line.puzzle)),
                ..line.clone()
            };
            serde_json::to_writer(&mut self.buf, &stamped)?;
            self.buf.push(b'\n');
        }
        self.file.write_all(&self.buf)?;
        self.file.flush()
    }
}

/// `--results FILE` and `--resume` (compare, rate): the lines FILE holds
/// (resuming) and the file opened for appending, its settings record written
/// first when it is new. A FILE that holds results is refused without
/// `resume`, so two runs never mix by accident, and with `resume` when it was
/// written with other settings (each difference named) or as another shard.
/// A puzzle only some of whose lines were written (in flight when the run
/// stopped) is left out: the run does it again.
pub fn open(
    path: &Path,
    resume: bool,
    shard: Option<Shard>,
    settings: &Settings,
) -> Result<(Vec<Line>, Writer), String> {
    if path.is_dir() {
        return Err("is a directory; --results names the file to write the results to".into());
    }
    let exists = path.metadata().is_ok_and(|m| m.len() > 0);
    // Locked before it is read (and maybe repaired): two runs on one file
    // would both redo the rest and write each line twice.
    let file = open_locked(path)?;
    let held = if resume && exists {
        let held = read(path, true)?;
        if held.shard != shard {
            let say = |s: Option<Shard>| s.map_or("not sharded".into(), |s| format!("shard {s}"));
            return Err(format!(
                "holds {} and this run is {}: resume each shard with its own file",
                say(held.shard),
                say(shard)
            ));
        }
        match &held.settings {
            None => {
                return Err(
                    "holds no settings record (written by an older sudoku-lab), so a resumed \
                     run cannot be checked against it: finish it with that sudoku-lab, or \
                     start a new file"
                        .into(),
                )
            }
            Some(theirs) => {
                let differ = theirs.differences(settings);
                if !differ.is_empty() {
                    return Err(format!(
                        "was written with other settings, so its lines and this run's would \
                         not be one experiment; they differ in {} (the file's first, this \
                         run's second): run with the file's settings, or name a new file",
                        differ.join("; ")
                    ));
                }
            }
        }
        let done = done(&held.lines, &settings.strategies);
        held.lines
            .into_iter()
            .filter(|l| done.contains(&(l.set.clone(), l.index)))
            .collect()
    } else if exists {
        return Err(
            "already holds results: add --resume to finish that run, or name a new file".into(),
        );
    } else {
        Vec::new()
    };
    let writer = Writer::append(file, settings, shard).map_err(|e| format!("cannot write: {e}"))?;
    Ok((held, writer))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of an outside strategy as sudoku-lab wrote it in format 1:
    /// no version, a word for the shape, one time, 0s beside
    /// `counts_nodes: false`.
    fn older() -> String {
        let mut v = serde_json::json!({
            "set": "s", "index": 0, "line": 1, "puzzle": "", "shape": "6x6 (2x3 boxes)",
            "strategy": "r", "counts_nodes": false, "verdict": "budget hit",
            "stop": "time-budget", "count": 1, "time_ns": 10, "wall_ns": 12, "spread": null,
            "nodes": 0, "placements": 0, "guesses": 0, "backtracks": null, "max_depth": 0,
            "peak_states": 0, "peak_bytes": 0, "solved": true, "wrong": false
        });
        v.as_object_mut()
            .unwrap()
            .insert(["refer", "ence"].concat(), true.into());
        v.to_string()
    }

    #[test]
    fn older_lines_read_typed_and_unmeasured() {
        let line = parse_line(&older()).unwrap();
        assert_eq!(line.version, RESULTS_VERSION);
        assert_eq!(
            line.shape,
            Some(LineShape {
                box_rows: 2,
                box_cols: 3
            })
        );
        assert_eq!(
            (line.verdict, line.stop),
            (Said::Budget, StopReason::TimeBudget)
        );
        assert_eq!(line.times_ns, vec![10]);
        assert_eq!(line.stats, LineStats::default());
        assert_eq!(
            v1_shape("9x9").map(LineShape::label).as_deref(),
            Some("9x9")
        );
        assert_eq!(v1_shape(""), None);
        // A newer line reads back as written, typed, nulls and all.
        let text = serde_json::to_string(&line).unwrap();
        assert!(text.contains(r#""nodes":null"#), "{text}");
        assert!(
            text.contains(r#""shape":{"box_rows":2,"box_cols":3}"#),
            "{text}"
        );
        assert_eq!(parse_line(&text).unwrap(), line);
        // A line a `ladder` of before wrote, with its rule counts in the
        // record (they are ladder's follow-up record now), reads as the line.
        let with_rules = text.replacen(
            r#""solved""#,
            r#""rules":{"naked_singles":3,"hidden_singles":1,"guesses":2,"eliminations":0},"solved""#,
            1,
        );
        assert!(with_rules.contains(r#""rules""#), "{with_rules}");
        assert_eq!(parse_line(&with_rules).unwrap(), line);
        // A format from the future is refused, saying which.
        let future = text.replace(r#""version":2"#, r#""version":9"#);
        assert!(parse_line(&future).unwrap_err().contains("version 9"));
    }
}
