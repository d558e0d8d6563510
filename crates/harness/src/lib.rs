//! # sudoku-harness
//!
//! The `sudoku-lab` program and the machinery behind it: the strategy
//! [`registry`], input handling, budgets, and the subcommands. The binary
//! (`src/main.rs`) only parses the command line and calls [`run`].
//!
//! ## Teaching
//!
//! Two subcommands show what the numbers of a comparison mean:
//!
//! * `sudoku-lab trace` ([`trace`]) shows one strategy's search on one puzzle,
//!   event by event: which cell and digit were chosen among how many options,
//!   dead ends, undos and solutions, as indented text, JSON lines, a Graphviz
//!   tree, or an animation in the terminal. Its event counts are the solve's
//!   statistics.
//! * `sudoku-lab explain` ([`explain`]) runs every strategy on one puzzle, sets
//!   their figures side by side and says in a few sentences, computed from
//!   those figures, how much each one pruned, how many states it held and how
//!   long it took.
//!
//! `cargo run --release --example compare_strategies` does the same with one
//! loop over the [`registry`].

// Every message to standard error goes through `stderr::write`, which
// never panics: these shadow std's macros in every module below (a macro
// defined here is in scope, by textual order, for the modules declared after
// it). See the `stderr` module.
macro_rules! eprintln {
    () => {
        $crate::stderr::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

#[allow(unused_macros)] // none uses it yet; here so that none gets std's
macro_rules! eprint {
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!($($arg)*))
    };
}

pub mod stderr;

pub mod args;
pub mod compare;
pub mod estimate;
pub mod explain;
pub mod format;
pub mod generate;
pub mod input;
pub mod jobs;
pub mod ladder;
pub mod ladder_chart;
pub mod output;
pub mod rate;
pub mod registry;
pub mod scaling;
pub mod solve;
pub mod trace;
pub mod units;

use clap::{Parser, Subcommand};

/// Exit status, ordered from best to worst; a run reports the worst it met.
///
/// | code | meaning |
/// |---|---|
/// | 0 | every puzzle got a definite verdict (unique, multiple or none) |
/// | 1 | some puzzle was invalid, hit a budget, or failed verification |
/// | 2 | usage or I/O error (unknown option or strategy, unreadable file) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    Failed = 1,
    Usage = 2,
    /// Stopped by SIGINT or SIGTERM (what finished was reported).
    Interrupted = 130,
}

const ABOUT: &str = "Classic Sudoku search strategies, side by side.";

const LONG_ABOUT: &str = "\
Classic Sudoku search strategies, side by side: naive row-major backtracking,
full-copy DFS and BFS, minimum-remaining-values with incremental counts, and
Dancing Links exact cover, each behind one interface, run on the same puzzles
with the same budgets and the same statistics.

Puzzles are read one per line (81 symbols for 9x9, `.` or `0` for blanks; for
larger sides 1-9 then A-Z), as blocks of n lines, as whitespace-separated
numbers, as `puzzle,solution` CSV, or as `<puzzle> <rating>` (a rated line). Every shape from 1x1 to 5x5 boxes works,
rectangular boxes included (6x6 infers 2x3; use --shape to say otherwise).

Exit status: 0 when every puzzle got a definite verdict, 1 when any puzzle was
invalid, hit a budget or failed verification, 2 for usage or I/O errors.";

#[derive(Parser, Debug)]
#[command(name = "sudoku-lab", version, about = ABOUT, long_about = LONG_ABOUT)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the strategies with a one-line summary of each
    List(ListArgs),
    /// Solve puzzles with one strategy and print solution(s) and verdict
    #[command(
        after_help = "Examples:\n  sudoku-lab solve puzzles/classic.txt\n  sudoku-lab solve --strategy naive --limit 1 --stats 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n  cat many.txt | sudoku-lab solve --format line -"
    )]
    Solve(solve::SolveArgs),
    /// Count the solutions of puzzles, up to a limit
    Count(solve::CountArgs),
    /// Show one strategy's search step by step: text, JSON lines, a DOT tree, or an animation
    Trace(trace::TraceArgs),
    /// Run every strategy on one puzzle and explain the differences in words
    Explain(explain::ExplainArgs),
    /// Make seeded, reproducible puzzles with a unique solution, of any shape
    Generate(generate::GenerateArgs),
    /// The scaling study: every strategy on one bundled set per side, 4x4 to 25x25, charted
    Scaling(scaling::ScalingArgs),
    /// Run strategies side by side on puzzle sets: tables, JSON/CSV, reports
    Compare(compare::CompareArgs),
    /// Build the comparison report from `compare --results` files (shards, resumed runs)
    Merge(compare::merge::MergeArgs),
    /// Estimate the size of a strategy's whole search tree from random probes (Knuth 1975)
    Estimate(estimate::EstimateArgs),
    /// The pruning ladder: every `prop:<branching>/<rules>` rung on puzzle sets, one table per set
    Ladder(ladder::LadderArgs),
    /// Rate puzzles for people on Sudoku Explainer's scale (ER/EP/ED), with the solving path on request
    #[command(
        after_help = "Examples:\n  sudoku-lab rate puzzles/se-rated-2500.txt --jobs 2\n  sudoku-lab rate --steps 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    )]
    Rate(rate::RateArgs),
    /// One strategy alone on one set, whole-set passes: the child process of
    /// `compare --protocol passes` (not for users)
    #[command(name = "pass-child", hide = true)]
    PassChild(compare::passes::PassChildArgs),
}

/// Runs a parsed command line; returns the exit status, an I/O error (2)
/// when a message could not be written to standard error.
pub fn run(cli: Cli) -> Status {
    let status = run_command(cli);
    if stderr::failed() {
        status.max(Status::Usage)
    } else {
        status
    }
}

fn run_command(cli: Cli) -> Status {
    match cli.command {
        Command::List(args) => list(&args),
        Command::Solve(args) => solve::solve(&args),
        Command::Count(args) => solve::count(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Generate(args) => generate::generate(&args),
        Command::Scaling(args) => scaling::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Merge(args) => compare::merge::merge(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Estimate(args) => estimate::run(&args),
        Command::PassChild(args) => compare::passes::child(&args),
    }
}

/// `sudoku-lab list`.
#[derive(clap::Args, Debug)]
pub struct ListArgs {
    /// Also list the rows reached only by naming them: `null`, the harness's floor (a row that
    /// returns at once, so `compare --strategies null,...` shows what the timing costs per call)
    #[arg(long)]
    pub hidden: bool,
}

fn list(args: &ListArgs) -> Status {
    let hidden = if args.hidden {
        registry::hidden()
    } else {
        Vec::new()
    };
    output::to_stdout(|out| {
        for s in registry::strategies().into_iter().chain(hidden) {
            writeln!(out, "{:<10} {}", s.id(), s.summary())?;
        }
        Ok(())
    })
}
