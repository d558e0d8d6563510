//! `sudoku-lab scaling`: how each strategy's cost grows with the grid.
//!
//! Runs the comparison on the scaling sets, `puzzles/scaling/NxN.txt`, one
//! per side from 4x4 to 25x25, all built the same way: 25 puzzles each, made
//! by `sudoku-lab generate` with half the cells given (`ceil(n²/2)` clues, no
//! symmetry, uniqueness checked by dlx; see `puzzles/README.md`), so the side
//! is the only thing that changes from set to set. It draws `scaling.svg`: the
//! **median** time per puzzle (left) and the **median** nodes per puzzle
//! (right), log scales, against the side n, one line per strategy.
//!
//! A median is a lower bound when puzzles stopped by a budget rank at or
//! below it (see `compare`): such a point is drawn hollow, its line stops
//! there, and the table writes it `>= `. Fewer than half the puzzles hitting a
//! budget leaves the median exact.

use crate::args::{BudgetArgs, RowsFormat};
use crate::Status;
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use sudoku_engine::{PuzzleSet, RunConfig};
use sudoku_reports::compare;
use sudoku_reports::scaling::{self, SideOfSet};

/// The set used for each side, smallest first, under `--puzzles`.
pub const SHAPE_SETS: [(usize, &str); 8] = [
    (4, "scaling/4x4.txt"),
    (6, "scaling/6x6.txt"),
    (8, "scaling/8x8.txt"),
    (9, "scaling/9x9.txt"),
    (12, "scaling/12x12.txt"),
    (16, "scaling/16x16.txt"),
    (20, "scaling/20x20.txt"),
    (25, "scaling/25x25.txt"),
];

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sudoku-lab scaling --report reports/scaling\n  sudoku-lab scaling --strategies mrv,dlx --limit-puzzles 5 --report /tmp/scaling"
)]
pub struct ScalingArgs {
    /// Strategies, comma-separated, or `all` [default: the headline strategies]
    #[arg(long, value_delimiter = ',')]
    pub strategies: Vec<String>,

    /// Draw no progress bar on standard error (it is drawn only on a terminal)
    #[arg(long)]
    pub no_progress: bool,

    /// Directory holding the shape sets
    #[arg(long, default_value = "puzzles")]
    pub puzzles: PathBuf,

    /// Puzzles per set at most [default: all 25]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit_puzzles: Option<u64>,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub protocol: crate::args::ProtocolArgs,

    /// What standard output shows: the Markdown table, or the points (one per
    /// strategy and side) as JSON or CSV
    #[arg(long, value_enum, default_value_t = RowsFormat::Table)]
    pub format: RowsFormat,

    /// Write scaling.svg, scaling.json and scaling.md here
    #[arg(long, value_name = "DIR", default_value = "reports/scaling")]
    pub report: PathBuf,
}

pub fn run(args: &ScalingArgs) -> Status {
    let solvers = match crate::registry::pick_strategies(&args.strategies) {
        Ok(s) => s,
        Err(e) => return crate::output::usage_error(e),
    };
    let sets: Vec<PuzzleSet> = SHAPE_SETS
        .iter()
        .map(|(_, f)| PuzzleSet::new(args.puzzles.join(f)))
        .collect();
    let sides: Vec<SideOfSet> = SHAPE_SETS
        .iter()
        .zip(&sets)
        .map(|(&(side, _), set)| SideOfSet {
            set: set.name.clone(),
            side,
        })
        .collect();
    if let Some(missing) = sets.iter().find(|s| !s.path.exists()) {
        eprintln!(
            "error: {}: missing; run from the project root, or give --puzzles DIR",
            missing.path.display()
        );
        return Status::Usage;
    }
    if let Err(message) = crate::output::report_dir(&args.report) {
        eprintln!("error: --report {}: {message}", args.report.display());
        return Status::Usage;
    }
    let config = RunConfig {
        limits: args
            .budgets
            .limits(Some(sudoku_engine::config::MAX_SOLUTIONS), 1),
        limit_puzzles: args.limit_puzzles.map(|n| n as usize),
        progress: !args.no_progress && std::io::stderr().is_terminal(),
        rounds: args.protocol.rounds as usize,
        seed: args.protocol.seed,
        command: Some(crate::args::command_line()),
        ..crate::registry::run_config()
    };
    let pinned = sudoku_engine::pin::pin(args.protocol.pin, config.jobs);
    let mut report = compare(&solvers, &sets, &config);
    report.machine.pinned = pinned;
    let points = scaling::points(&report, &sides);
    let table = scaling::markdown_table(&points, &report);
    let text = match args.format {
        RowsFormat::Table => format!("{table}\n"),
        RowsFormat::Json => scaling::points_json(&report, &points),
        RowsFormat::Csv => scaling::points_csv(&points),
    };
    // The report is written even when standard output is gone.
    let printed = crate::output::print(&text);
    if let Err(e) = scaling::write(&args.report, &report, &points, &table) {
        eprintln!("error: {}: {e}", args.report.display());
        return Status::Usage;
    }
    eprintln!(
        "wrote {}/scaling.svg, scaling.md and scaling.json",
        args.report.display()
    );
    report.status().max(printed)
}
