//! The hidden `pass-child` subcommand, the child process of `compare
//! --protocol passes`; the protocol itself is `sudoku_engine::passes`.

pub use sudoku_engine::passes::*;

use crate::{registry, Status};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;
use sudoku_core::{Limits, Shape};
use sudoku_engine::config::Shard;
use sudoku_input::ReadOptions;

/// The hidden `pass-child` subcommand: one strategy alone on one set (see
/// the module docs). Not for users; `compare --protocol passes` runs it.
#[derive(Args, Debug)]
pub struct PassChildArgs {
    #[arg(long)]
    pub strategy: String,
    #[arg(long)]
    pub set: PathBuf,
    #[arg(long)]
    pub limit_puzzles: Option<usize>,
    #[arg(long, value_parser = super::results::shard)]
    pub shard: Option<Shard>,
    #[arg(long)]
    pub shape: Option<String>,
    #[arg(long, default_value_t = DEFAULT_PASSES)]
    pub passes: usize,
    #[arg(long)]
    pub time_budget_ns: Option<u64>,
    #[arg(long)]
    pub node_budget: Option<u64>,
    #[arg(long)]
    pub memory_budget: Option<u64>,
    #[arg(long, default_value_t = super::config::MAX_SOLUTIONS)]
    pub max_solutions: u64,
    /// Solutions kept per solve (the parent's checked pass kept one).
    #[arg(long, default_value_t = 0)]
    pub keep_solutions: usize,
}

/// `sudoku-lab pass-child`: prints one [`ChildReport`] as JSON.
pub fn child(args: &PassChildArgs) -> Status {
    let Some(solver) = registry::find(&args.strategy) else {
        eprintln!("error: pass-child: unknown strategy '{}'", args.strategy);
        return Status::Usage;
    };
    let shape = match args.shape.as_deref().map(str::parse::<Shape>).transpose() {
        Ok(shape) => shape,
        Err(e) => {
            eprintln!("error: pass-child: --shape: {e}");
            return Status::Usage;
        }
    };
    let grids = match pass_puzzles(
        solver,
        &args.set,
        ReadOptions { shape },
        args.limit_puzzles,
        args.shard,
    ) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: pass-child: {}: {e}", args.set.display());
            return Status::Usage;
        }
    };
    let limits = Limits {
        max_solutions: Some(args.max_solutions),
        keep_solutions: args.keep_solutions,
        node_budget: args.node_budget,
        time_budget: args.time_budget_ns.map(Duration::from_nanos),
        memory_budget: args.memory_budget,
    };
    let (pass_ns, wall_ns) = if grids.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        time_passes(solver, &grids, &limits, args.passes.max(1))
    };
    let report = ChildReport {
        puzzles: grids.len(),
        pass_ns,
        wall_ns,
    };
    crate::output::print(&format!(
        "{}\n",
        serde_json::to_string(&report).expect("a child report serialises")
    ))
}
