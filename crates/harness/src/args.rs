//! Command-line arguments shared by several subcommands.

use crate::units::{parse_bytes, parse_duration};
use clap::Args;
use std::time::Duration;
use sudoku_core::{Limits, Shape};
use sudoku_input::ReadOptions;

/// `--format` of a command whose result is one table of rows (`ladder`,
/// `scaling`): the table, or the same rows for a program to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RowsFormat {
    /// The table, fitted to the terminal
    #[default]
    Table,
    /// The rows as a JSON array, one object per row, with every field
    Json,
    /// The rows as CSV with a header line, the same fields as the JSON
    Csv,
}

/// A time budget, `none` for no budget.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget(pub Option<Duration>);

/// A memory budget, `none` for no budget.
#[derive(Clone, Copy, Debug)]
pub struct MemoryBudget(pub Option<u64>);

fn time_budget(s: &str) -> Result<TimeBudget, String> {
    parse_duration(s).map(TimeBudget)
}

fn memory_budget(s: &str) -> Result<MemoryBudget, String> {
    parse_bytes(s).map(MemoryBudget)
}

/// Per-puzzle budgets, so no strategy can hang a run or exhaust memory.
#[derive(Args, Clone, Debug)]
pub struct BudgetArgs {
    /// Stop a puzzle's search after entering N search states [default: no limit]
    #[arg(long, value_name = "N")]
    pub node_budget: Option<u64>,

    /// Stop a puzzle's search after this long (2s, 500ms, 1m, or none); checked every 4096 nodes
    #[arg(long, value_name = "TIME", default_value = "2s", value_parser = time_budget)]
    pub time_budget: TimeBudget,

    /// Cap on search-state memory per puzzle (256MB, 64MiB, 1GB, or none); binds bfs and dfs
    #[arg(long, value_name = "SIZE", default_value = "256MB", value_parser = memory_budget)]
    pub memory_budget: MemoryBudget,
}

impl BudgetArgs {
    /// The limits for a search that looks for `max_solutions` solutions.
    pub fn limits(&self, max_solutions: Option<u64>, keep: usize) -> Limits {
        Limits {
            max_solutions,
            keep_solutions: keep,
            node_budget: self.node_budget,
            time_budget: self.time_budget.0,
            memory_budget: self.memory_budget.0,
        }
    }
}

fn shape(s: &str) -> Result<Shape, String> {
    s.parse::<Shape>().map_err(|e| e.to_string())
}

/// How to read puzzle files.
#[derive(Args, Clone, Debug, Default)]
pub struct ReadArgs {
    /// Box shape ROWSxCOLS (e.g. 3x2). A side that fits two box shapes (6, 8, 10, 12, 20)
    /// otherwise takes a `# shape: 3x2` line (or generate's header) above its puzzles, else
    /// the default (2x3, 2x4, ...) with a note. After a puzzle, a space and a number from 1.0
    /// to 12.0 is its rating; a word as long as the puzzle, its solution
    #[arg(long, value_name = "RxC", value_parser = shape)]
    pub shape: Option<Shape>,
}

impl ReadArgs {
    pub fn options(&self) -> ReadOptions {
        ReadOptions { shape: self.shape }
    }
}

/// How a measurement is run (`compare`, `ladder`, `scaling`): see
/// `sudoku_engine::protocol`.
#[derive(Args, Clone, Debug)]
pub struct ProtocolArgs {
    /// Rounds after the warm-up pass: each times every (puzzle, strategy) once, a strategy's
    /// rounds over a block back to back as passes over a file; a puzzle's time is the fastest of
    /// its rounds. Budget hits and solves over 100 ms (or a quarter of the time budget) are
    /// timed in the first round only
    #[arg(long, alias = "repeat", default_value_t = sudoku_engine::config::DEFAULT_ROUNDS as u16, value_name = "R", value_parser = clap::value_parser!(u16).range(1..))]
    pub rounds: u16,

    /// Seed of the rounds' shuffles, under `compare --order shuffled` (the same seed, the same
    /// order)
    #[arg(long, default_value_t = sudoku_engine::config::DEFAULT_SEED, value_name = "N")]
    pub seed: u64,

    /// Pin the run to one core (the last this process may use), where the OS allows it;
    /// the report records whether it was pinned. Not with --jobs above 1
    #[arg(long)]
    pub pin: bool,
}

/// The command line as typed, for the report.
pub fn command_line() -> String {
    let mut words: Vec<String> = std::env::args().collect();
    if let Some(first) = words.first_mut() {
        *first = "sudoku-lab".into();
    }
    words
        .iter()
        .map(|w| {
            if w.is_empty() || w.contains(char::is_whitespace) {
                format!("'{w}'")
            } else {
                w.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
