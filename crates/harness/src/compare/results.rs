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
//! `compare` is computed from these lines ([`super::tally::Tally`]), so
//! merging the files of N shards gives the counts of one run over all.
//!
//! Each statistic (`nodes`, `placements`, `guesses`, `backtracks`,
//! `max_depth`, `peak_states`, `peak_bytes`) is a number where the strategy
//! measures it and `null` where it does not, as its `Info::reports` says
//! ([`sudoku_core::Stats::reported`]): bfs's backtracks, every statistic of
//! the reference. `counts_nodes` repeats whether `nodes` is measured. A line
//! that did not parse measured nothing: every statistic is `null`. Lines
//! written before each statistic carried its own `null` are read as they
//! meant (see [`Line::upgrade`]).
//!
//! # Shards
//!
//! `--shard K/N` takes the puzzles whose index `i` (after `--limit-puzzles`)
//! has `i % N == K - 1`: the same slices on every machine, whatever the order
//! the shards run in.

use super::report::ProblemKind;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::{self, BufRead, Seek, Write};
use std::path::Path;
use sudoku_core::{Reports, Solver, Stats};

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
    /// `nodes` is measured (not `null`).
    pub counts_nodes: bool,
    /// What the strategy said: [`Said::word`].
    pub verdict: String,
    pub stop: String,
    pub count: u64,
    /// The fastest run, in ns; absent when the solve did not run to an outcome.
    pub time_ns: Option<u64>,
    /// Every run of this solve together, in ns.
    pub wall_ns: u64,
    /// (slowest - fastest) / fastest over the runs, when repeated.
    pub spread: Option<f64>,
    /// The statistics of `sudoku_core::Stats`; `null` where the strategy
    /// does not measure one (see the module docs).
    pub nodes: Option<u64>,
    pub placements: Option<u64>,
    pub guesses: Option<u64>,
    pub backtracks: Option<u64>,
    pub max_depth: Option<u64>,
    pub peak_states: Option<u64>,
    pub peak_bytes: Option<u64>,
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

/// What a strategy said about one puzzle: a line's `verdict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    Unique,
    Multiple,
    None,
    Invalid,
    Budget,
    Crashed,
    Unsupported,
    /// Stopped without a definite verdict for no budget reason (a protocol error).
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
    /// The verdict of a line (an unknown word is `Undecided`).
    pub fn from_word(word: &str) -> Said {
        [
            Said::Unique,
            Said::Multiple,
            Said::None,
            Said::Invalid,
            Said::Budget,
            Said::Crashed,
            Said::Unsupported,
        ]
        .into_iter()
        .find(|s| s.word() == word)
        .unwrap_or(Said::Undecided)
    }
    /// How a line writes it.
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
    pub fn new(solver: &dyn Solver, set: &str, index: usize, line: usize, said: Said) -> Line {
        Line {
            set: set.to_string(),
            index,
            line,
            puzzle: String::new(),
            shape: String::new(),
            strategy: solver.id().to_string(),
            reference: solver.info().outside,
            counts_nodes: solver.info().reports.nodes,
            verdict: said.word().to_string(),
            stop: said.word().to_string(),
            count: 0,
            time_ns: None,
            wall_ns: 0,
            spread: None,
            nodes: None,
            placements: None,
            guesses: None,
            backtracks: None,
            max_depth: None,
            peak_states: None,
            peak_bytes: None,
            solved: false,
            wrong: false,
            parse_error: false,
            problems: Vec::new(),
            disagreement: None,
        }
    }

    /// The line with `stats` written in, each one only where `reports` says
    /// it is measured.
    pub fn measured(self, stats: &Stats, reports: &Reports) -> Line {
        let [nodes, placements, guesses, backtracks, max_depth, peak_states, peak_bytes] =
            stats.reported(reports).map(|(_, value)| value);
        Line {
            counts_nodes: nodes.is_some(),
            nodes,
            placements,
            guesses,
            backtracks,
            max_depth,
            peak_states,
            peak_bytes,
            ..self
        }
    }

    /// A line as an older sudoku-lab wrote it, read as it meant: before each
    /// statistic carried its own `null`, the one flag `counts_nodes` said
    /// whether the strategy measured any, and its figures were 0 when it did
    /// not. Such a line is known by `counts_nodes: false` with a number for
    /// `nodes`, which no newer line has.
    pub fn upgrade(self) -> Line {
        if self.counts_nodes || self.nodes.is_none() {
            return self;
        }
        self.measured(&Stats::default(), &Reports::NONE)
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
        if !buf.trim().is_empty() {
            let line: Line = serde_json::from_str(buf.trim())
                .map_err(|e| format!("line {number} is not a results record: {e}"))?;
            lines.push(line.upgrade());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of the reference as sudoku-lab wrote it before each statistic
    /// carried its own null: 0s beside `counts_nodes: false`.
    fn older() -> Line {
        Line {
            set: "s".into(),
            index: 0,
            line: 1,
            puzzle: String::new(),
            shape: "4x4".into(),
            strategy: "r".into(),
            reference: true,
            counts_nodes: false,
            verdict: Said::Unique.word().into(),
            stop: "exhausted".into(),
            count: 1,
            time_ns: Some(10),
            wall_ns: 12,
            spread: None,
            nodes: Some(0),
            placements: Some(0),
            guesses: Some(0),
            backtracks: None,
            max_depth: Some(0),
            peak_states: Some(0),
            peak_bytes: Some(0),
            solved: true,
            wrong: false,
            parse_error: false,
            problems: Vec::new(),
            disagreement: None,
        }
    }

    #[test]
    fn older_lines_read_as_unmeasured() {
        let text = serde_json::to_string(&older()).unwrap();
        assert!(text.contains(r#""nodes":0"#), "{text}");
        let line: Line = serde_json::from_str(&text).unwrap();
        let line = line.upgrade();
        assert_eq!(
            (line.nodes, line.guesses, line.peak_bytes, line.backtracks),
            (None, None, None, None)
        );
        // A line that measured its statistics keeps them.
        let measured = Line {
            counts_nodes: true,
            ..older()
        };
        assert_eq!(measured.clone().upgrade(), measured);
        // And a newer line reads back as written, nulls and all.
        let text = serde_json::to_string(&line).unwrap();
        assert!(text.contains(r#""nodes":null"#), "{text}");
        let back: Line = serde_json::from_str(&text).unwrap();
        assert_eq!(back.upgrade(), line);
    }
}
