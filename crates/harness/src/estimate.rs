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
use clap::Args;
use std::io::{self, Write};

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
    for_each_puzzle(&args.inputs, &args.read, |_, _, item| {
        let Ok(entry) = item else {
            writeln!(out, "- invalid")?;
            return Ok(Status::Failed);
        };
        let Some(e) = probe(solver, &entry.puzzle, args.probes, args.seed, None) else {
            writeln!(out, "- invalid givens: no search")?;
            return Ok(Status::Failed);
        };
        let se = |sd: f64| sd / (e.probes as f64).sqrt();
        writeln!(
            out,
            "{}: whole tree (every solution) about {} nodes (± {} standard error; one probe's sd {}), \
             {} mems (± {}); {} probes, seed {}",
            solver.id(),
            sci(e.nodes),
            sci(se(e.nodes_sd)),
            sci(e.nodes_sd),
            sci(e.mems),
            sci(se(e.mems_sd)),
            e.probes,
            args.seed
        )?;
        Ok(Status::Ok)
    })
}

/// `3.1e13`, or the integer below a million.
pub fn sci(x: f64) -> String {
    if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}
