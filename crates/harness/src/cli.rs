//! The command line: the subcommands and their arguments ([`Cli`]), and
//! [`run`], which hands each to its command.

use crate::{
    catalog, compare, estimate, explain, generate, ladder, output, rate, registry, scaling, solve,
    stderr, trace, Status,
};
use clap::{Parser, Subcommand};

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
    /// List the puzzle files of a folder (default: the bundled sets): puzzles, sizes, ratings
    Sets(catalog::SetsArgs),
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
    sudoku_reports::palette::set_order(&registry::strategies());
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
        Command::Sets(args) => catalog::run(&args),
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

    /// Output format: text (id and summary, one strategy a line) or json (an array of
    /// objects: id, summary, prunes_by, outside, headline, and the capabilities)
    #[arg(long, value_enum, default_value = "text")]
    pub format: ListFormat,
}

/// `list --format`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ListFormat {
    /// `<id> <summary>`, one strategy a line
    Text,
    /// A JSON array, one object per strategy
    Json,
}

/// A strategy as `list --format json` writes it: what its `Info` declares.
#[derive(serde::Serialize)]
struct Listed {
    id: &'static str,
    summary: &'static str,
    prunes_by: &'static str,
    /// Not one of ours (the reference row, tdoku).
    outside: bool,
    /// Run by `compare` when no `--strategies` is given.
    headline: bool,
    interruptible: bool,
    solution_cap: Option<u64>,
    exact_cover: bool,
    probeable: bool,
    copies_states: bool,
    floor: bool,
}

fn list(args: &ListArgs) -> Status {
    let hidden = if args.hidden {
        registry::hidden()
    } else {
        Vec::new()
    };
    let strategies = registry::strategies().into_iter().chain(hidden);
    output::to_stdout(|out| match args.format {
        ListFormat::Text => {
            for s in strategies {
                writeln!(out, "{:<10} {}", s.id(), s.summary())?;
            }
            Ok(())
        }
        ListFormat::Json => {
            let listed: Vec<Listed> = strategies
                .map(|s| {
                    let info = s.info();
                    let can = info.capabilities;
                    Listed {
                        id: info.id,
                        summary: info.summary,
                        prunes_by: info.prunes_by,
                        outside: info.outside,
                        headline: info.headline,
                        interruptible: can.interruptible,
                        solution_cap: can.solution_cap,
                        exact_cover: can.exact_cover,
                        probeable: can.probeable,
                        copies_states: can.copies_states,
                        floor: can.floor,
                    }
                })
                .collect();
            serde_json::to_writer_pretty(&mut *out, &listed).map_err(std::io::Error::other)?;
            writeln!(out)
        }
    })
}
