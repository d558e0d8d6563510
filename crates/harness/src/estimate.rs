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
use crate::inputs::{for_each_puzzle, pick_strategy};
use crate::registry;
use crate::Status;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::{self, Write};
use sudoku_engine::budget::BEYOND_DOUBLES;
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

/// One puzzle's estimate, as `--format json` and `csv` write it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Estimated {
    /// The input it came from, and its line there.
    pub source: String,
    pub line: usize,
    pub strategy: String,
    /// The estimated nodes of the whole tree (every solution), its standard
    /// error and one probe's standard deviation; absent for invalid givens.
    pub nodes: Option<f64>,
    pub nodes_se: Option<f64>,
    pub nodes_sd: Option<f64>,
    /// The same for mems.
    pub mems: Option<f64>,
    pub mems_se: Option<f64>,
    pub probes: u64,
    pub seed: u64,
    /// Why there is no estimate (an unreadable line, invalid givens).
    pub error: Option<String>,
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

/// Runs `estimate`.
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
    let mut out = io::stdout().lock();
    if args.format == EstimateFormat::Csv {
        if let Err(e) = out.write_all(csv_header::<Estimated>().as_bytes()) {
            return crate::output::write_failed(&e);
        }
    }
    for_each_puzzle(&args.inputs, &args.read, |source, line, item| {
        let mut record = Estimated {
            source: source.to_string(),
            line,
            strategy: solver.id().to_string(),
            probes: args.probes,
            seed: args.seed,
            ..Estimated::default()
        };
        let status = match item {
            Err(e) => {
                record.error = Some(e);
                Status::Failed
            }
            Ok(entry) => match probe(solver, &entry.puzzle, args.probes, args.seed, None) {
                None => {
                    record.error = Some("invalid givens: no search".into());
                    Status::Failed
                }
                Some(e) => {
                    let se = |sd: f64| sd / (e.probes as f64).sqrt();
                    record.nodes = Some(e.nodes);
                    record.nodes_se = Some(se(e.nodes_sd));
                    record.nodes_sd = Some(e.nodes_sd);
                    record.mems = Some(e.mems);
                    record.mems_se = Some(se(e.mems_sd));
                    record.probes = e.probes;
                    Status::Ok
                }
            },
        };
        write(&mut out, &record, args.format)?;
        Ok(status)
    })
}

/// One puzzle's estimate in the chosen format.
fn write(out: &mut dyn Write, r: &Estimated, format: EstimateFormat) -> io::Result<()> {
    match format {
        EstimateFormat::Json => writeln!(out, "{}", json_line(r)),
        EstimateFormat::Csv => out.write_all(csv_row(r).as_bytes()),
        EstimateFormat::Text => match (&r.error, r.nodes, r.mems) {
            (Some(e), _, _) if e.starts_with("invalid givens") => {
                writeln!(out, "- invalid givens: no search")
            }
            (Some(_), _, _) | (None, None, _) | (None, _, None) => writeln!(out, "- invalid"),
            (None, Some(nodes), Some(mems)) => {
                // Past a double's range (an empty 25x25) a mean is no number
                // and its spread none either: "more than 10^308", no ±.
                let spread = |mean: f64, text: String| {
                    if mean.is_finite() {
                        text
                    } else {
                        String::new()
                    }
                };
                let se = |x: Option<f64>| sci(x.unwrap_or_default());
                writeln!(
                    out,
                    "{}: whole tree (every solution) about {} nodes{}, {} mems{}; {} probes, seed {}",
                    r.strategy,
                    sci(nodes),
                    spread(
                        nodes,
                        format!(
                            " (± {} standard error; one probe's sd {})",
                            se(r.nodes_se),
                            se(r.nodes_sd)
                        )
                    ),
                    sci(mems),
                    spread(mems, format!(" (± {})", se(r.mems_se))),
                    r.probes,
                    r.seed
                )
            }
        },
    }
}

/// `3.1e13`, or the integer below a million.
pub fn sci(x: f64) -> String {
    if !x.is_finite() {
        BEYOND_DOUBLES.to_string()
    } else if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}
