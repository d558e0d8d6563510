//! `estimate`: Knuth's random-probe estimate of a search tree before the
//! search ("Estimating the efficiency of backtrack programs", 1975). Each
//! probe follows one random path from the root, multiplying the branching
//! degrees; the mean over the probes estimates the nodes (and mems) of the
//! whole search that counts every solution, and their spread says how far to
//! trust it.
//!
//! Only strategies whose search can be walked one random path at a time can
//! be probed ([`registry::estimator`]): those whose search loop sends its
//! branch points through `Run::follow` (naive, dfs, bfs, mrv and every rung
//! of the propagation ladder), run down random paths by
//! [`sudoku_core::estimate`], and the exact-cover ones (dlx and dcells,
//! whose trees are the same) through dcells' matrix. The others (bitboard,
//! the SAT solvers, human, the reference) are refused with a message saying
//! so: their search loops have no such hook.

use crate::args::ReadArgs;
use crate::inputs::{pick_strategy, sets_of};
use crate::registry;
use crate::Status;
use clap::{Args, ValueEnum};
use std::io::{self, Write};
use std::sync::Arc;
use sudoku_core::{Limits, Solver};
use sudoku_engine::budget::Estimator;
use sudoku_engine::results::Line;
use sudoku_engine::{FollowUp, Problem, ProblemKind, RunConfig, Sink, Solved};
use sudoku_input::Entry;
use sudoku_reports::estimate::{Estimated, Probes};
use sudoku_reports::export::{csv_header, csv_row, json_line};

/// `estimate --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EstimateFormat {
    /// One sentence per puzzle
    Text,
    /// One JSON object per puzzle (JSON lines)
    Json,
    /// CSV with a header
    Csv,
}

/// `estimate`: how big a strategy's whole search tree is, from random probes.
#[derive(Args, Debug)]
pub struct EstimateArgs {
    /// Puzzles: files, `-` for standard input, or a puzzle written out
    #[arg(required = true, value_name = "PUZZLE_OR_FILE")]
    pub inputs: Vec<String>,

    /// Strategy id (one that can be probed: see `estimate --help`)
    #[arg(long, short)]
    pub strategy: Option<String>,

    /// Random root-to-leaf paths per puzzle
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub probes: u64,

    /// Seed of the random paths (the same seed gives the same estimate)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Output format
    #[arg(long, value_enum, default_value_t = EstimateFormat::Text)]
    pub format: EstimateFormat,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// The follow-up of an `estimate` run: the random probes of each puzzle.
#[derive(Debug)]
struct Prober {
    probe: Estimator,
    probes: u64,
    seed: u64,
}

impl FollowUp for Prober {
    fn describe(&self) -> String {
        format!("{} random probes, seed {}", self.probes, self.seed)
    }

    fn measure(
        &self,
        solver: &dyn Solver,
        entry: &Entry,
        _: Solved<'_>,
        _: &Limits,
    ) -> Option<serde_json::Value> {
        let e = (self.probe)(solver, &entry.puzzle, self.probes, self.seed, None)?;
        let record = Probes {
            probes: e.probes,
            nodes: e.nodes,
            nodes_sd: e.nodes_sd,
            mems: e.mems,
            mems_sd: e.mems_sd,
        };
        Some(serde_json::to_value(record).expect("probes serialize"))
    }
}

/// Runs `estimate`: a run of the engine whose checked solve stops at the
/// root (a node budget of one: the givens are checked, panics caught) and
/// whose follow-up walks the random paths.
pub fn run(args: &EstimateArgs) -> Status {
    let solver = match pick_strategy(args.strategy.as_deref()) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let Some(probe) = registry::estimator(solver) else {
        eprintln!(
            "error: {} cannot be probed: the estimate walks one random path through a \
             strategy's search, which needs a hook in its search loop that this one does not \
             have; the strategies that can be probed are: {}",
            solver.id(),
            registry::probeable_ids()
        );
        return Status::Usage;
    };
    let (sets, status) = sets_of(&args.inputs, &args.read);
    if sets.is_empty() {
        return status.max(Status::Usage);
    }
    let config = RunConfig {
        limits: Limits {
            node_budget: Some(1),
            ..Limits::default()
        },
        read: args.read.options(),
        warmup: false,
        chunk: ESTIMATE_CHUNK,
        command: Some(crate::args::command_line()),
        follow_up: Some(Arc::new(Prober {
            probe,
            probes: args.probes,
            seed: args.seed,
        })),
        ..RunConfig::default()
    };
    let mut out = io::stdout().lock();
    let mut failed: Option<io::Error> = None;
    let mut status = status;
    let mut write = |text: &str, failed: &mut Option<io::Error>| {
        if failed.is_none() {
            if let Err(e) = out.write_all(text.as_bytes()) {
                *failed = Some(e);
            }
        }
    };
    if args.format == EstimateFormat::Csv {
        write(&csv_header::<Estimated>(), &mut failed);
    }
    let mut problems = Status::Ok;
    {
        let mut sink = Printer {
            each: |lines: &[Line]| {
                for line in lines {
                    let record = Estimated::of(line, args.probes, args.seed);
                    if record.missing.is_some() {
                        status = status.max(Status::Failed);
                    }
                    let text = match args.format {
                        EstimateFormat::Json => json_line(&record) + "\n",
                        EstimateFormat::Csv => csv_row(&record),
                        EstimateFormat::Text => record.text(),
                    };
                    write(&text, &mut failed);
                }
            },
            status: &mut problems,
        };
        sudoku_engine::runner::run(&[solver], &sets, &config, &mut sink);
    }
    if let Some(e) = &failed {
        return status.max(crate::output::write_failed(e));
    }
    status.max(problems)
}

/// Puzzles probed before their lines are printed.
const ESTIMATE_CHUNK: usize = 16;

/// Prints each puzzle's lines; an unreadable or empty input is an I/O error.
struct Printer<'a, F: FnMut(&[Line])> {
    each: F,
    status: &'a mut Status,
}

impl<F: FnMut(&[Line])> Sink for Printer<'_, F> {
    fn lines(&mut self, lines: &[Line]) {
        (self.each)(lines)
    }
    fn problem(&mut self, problem: Problem) {
        let status = match problem.kind {
            ProblemKind::Unreadable | ProblemKind::Empty => Status::Usage,
            _ => Status::Failed,
        };
        *self.status = (*self.status).max(status);
    }
}
