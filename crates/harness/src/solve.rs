//! `sudoku-lab solve` and `sudoku-lab count`: one strategy, puzzle by puzzle.

use crate::args::{BudgetArgs, ReadArgs};
use crate::inputs::{for_each_puzzle, pick_strategy};
use crate::{registry, Status};
use clap::{Args, ValueEnum};
use std::io::{self, IsTerminal, Write};
use std::time::Instant;
use sudoku_core::{Outcome, Solver, Verdict};
use sudoku_input::Entry;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// One line per puzzle: `<solution or -> <verdict>`, for scripts
    Line,
    /// The boxed grid and the verdict in words, for people
    Pretty,
    /// One JSON object per puzzle and line (JSON Lines): file, line, shape, givens,
    /// strategy, verdict, solution (null when none), solutions found, why the search
    /// stopped, time in µs, and with --stats the statistics
    Json,
}

/// `count --format`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    /// `<count> exactly` or `<count> at least (why)`, one line per puzzle
    Text,
    /// One JSON object per puzzle and line: file, line, count, exact, stopped
    Json,
}

/// A puzzle's answer as `solve --format json` writes it.
#[derive(serde::Serialize)]
struct SolveRecord<'a> {
    file: &'a str,
    line: usize,
    shape: String,
    givens: usize,
    strategy: &'a str,
    verdict: &'a str,
    solution: Option<String>,
    solutions_found: u64,
    stopped: String,
    time_us: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<std::collections::BTreeMap<String, Option<u64>>>,
}

/// A line that could not be read, in `--format json`.
#[derive(serde::Serialize)]
struct InvalidRecord<'a> {
    file: &'a str,
    line: usize,
    verdict: &'static str,
    error: String,
}

impl<'a> InvalidRecord<'a> {
    fn of(file: &'a str, line: usize, problem: &impl std::fmt::Display) -> Self {
        InvalidRecord {
            file,
            line,
            verdict: "invalid",
            error: problem.to_string(),
        }
    }
}

/// A puzzle's count as `count --format json` writes it.
#[derive(serde::Serialize)]
struct CountRecord<'a> {
    file: &'a str,
    line: usize,
    count: u64,
    /// `true` when the search ran to its end: the count is the number of solutions.
    exact: bool,
    stopped: String,
}

/// `record` as one line of JSON Lines, through the reports' exporter.
fn json_line(out: &mut impl Write, record: &impl serde::Serialize) -> io::Result<()> {
    writeln!(out, "{}", sudoku_reports::export::json_line(record))
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzles: files (one puzzle per line, blocks, or puzzle,solution CSV), `-` for
    /// standard input, or a puzzle written out (e.g. 53..7....6..195....98....6.8...)
    #[arg(required = true, value_name = "PUZZLE_OR_FILE")]
    pub inputs: Vec<String>,

    /// Strategy id (see `sudoku-lab list`) [default: the fastest registered]
    #[arg(long, short)]
    pub strategy: Option<String>,

    /// Solutions to look for: 1 stops at the first, 2 proves uniqueness
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Count every solution (no solution limit; the budgets still apply)
    #[arg(long, conflicts_with = "limit")]
    pub count: bool,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,

    /// Output format [default: pretty on a terminal, line otherwise]
    #[arg(long, value_enum)]
    pub format: Option<SolveFormat>,

    /// After each puzzle, print its statistics as `name: value` lines
    #[arg(long)]
    pub stats: bool,
}

/// `count`: how many solutions a puzzle has, up to a limit.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Puzzles: files, `-` for standard input, or a puzzle written out
    #[arg(required = true, value_name = "PUZZLE_OR_FILE")]
    pub inputs: Vec<String>,

    /// Strategy id [default: the fastest registered]
    #[arg(long, short)]
    pub strategy: Option<String>,

    /// Stop counting at N solutions [default: count them all]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,

    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: CountFormat,
}

/// Checks every reported solution and the file's expected solution, if any.
fn verify(strategy: &str, name: &str, line: usize, entry: &Entry, outcome: &Outcome) -> Status {
    let mut status = Status::Ok;
    for solution in &outcome.solutions {
        if let Err(e) = solution.verify_solution_of(&entry.puzzle) {
            eprintln!(
                "error: {name}:{line}: {strategy} reported a solution that fails verification: {e}"
            );
            status = Status::Failed;
        }
    }
    if let (Some(expected), Some(found)) = (&entry.solution, outcome.solutions.first()) {
        if outcome.verdict() == Verdict::Unique && expected != found {
            eprintln!("error: {name}:{line}: the solution differs from the one the file gives");
            status = Status::Failed;
        }
    }
    status
}

fn verdict_status(verdict: Verdict) -> Status {
    match verdict {
        Verdict::Unique | Verdict::Multiple | Verdict::None | Verdict::Found => Status::Ok,
        Verdict::Invalid | Verdict::Unknown(_) => Status::Failed,
    }
}

/// One `name: value` line per statistic; `n/a` where the strategy does not
/// measure it (bfs's backtracks, every count of the reference).
fn print_stats(
    out: &mut impl Write,
    solver: &dyn Solver,
    outcome: &Outcome,
    micros: u128,
) -> io::Result<()> {
    for (name, value) in outcome.stats.reported(&solver.info().reports) {
        match value {
            Some(v) => writeln!(out, "{name}: {v}")?,
            None => writeln!(out, "{name}: n/a")?,
        }
    }
    writeln!(out, "solutions: {}", outcome.count)?;
    writeln!(out, "stopped: {}", outcome.stop)?;
    writeln!(out, "time_us: {micros}")
}

pub fn solve(args: &SolveArgs) -> Status {
    let solver = match pick_strategy(args.strategy.as_deref()) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let max = if args.count { None } else { Some(args.limit) };
    if let Err(status) = within_solution_cap(solver, max, "--limit") {
        return status;
    }
    let limits = args.budgets.limits(max, 1);
    let format = args.format.unwrap_or(if io::stdout().is_terminal() {
        SolveFormat::Pretty
    } else {
        SolveFormat::Line
    });
    let pretty = format == SolveFormat::Pretty;
    let mut out = io::stdout().lock();
    let mut shape_lines = sudoku_input::ShapeLines::default();
    let status = for_each_puzzle(&args.inputs, &args.read, |name, line, item| {
        let entry = match item {
            Ok(entry) => entry,
            Err(problem) => {
                match format {
                    SolveFormat::Pretty => {
                        writeln!(out, "{name}:{line}: invalid input: {problem}\n")?
                    }
                    SolveFormat::Line => writeln!(out, "- invalid")?,
                    SolveFormat::Json => {
                        json_line(&mut out, &InvalidRecord::of(name, line, &problem))?
                    }
                }
                return Ok(Status::Failed);
            }
        };
        if let Err(why) = solver.supports(entry.puzzle.shape()) {
            eprintln!(
                "error: {name}:{line}: {} cannot solve a {} grid: {why}",
                solver.id(),
                entry.puzzle.shape()
            );
        }
        let started = Instant::now();
        let outcome = solver.solve(&entry.puzzle, &limits);
        let micros = started.elapsed().as_micros();
        let verdict = outcome.verdict();
        if let Some(conflict) = outcome.conflict {
            eprintln!("error: {name}:{line}: conflicting givens: {conflict}");
        }
        // Why there is no verdict (a budget), said where `- unknown` is not.
        if matches!(verdict, Verdict::Unknown(stop) if stop != sudoku_core::Stop::Unsupported) {
            eprintln!(
                "note: {name}:{line}: {} ({})",
                verdict.describe(),
                solver.id()
            );
        }
        let status = verify(solver.id(), name, line, &entry, &outcome).max(verdict_status(verdict));
        if format == SolveFormat::Json {
            let stats = args.stats.then(|| {
                outcome
                    .stats
                    .reported(&solver.info().reports)
                    .into_iter()
                    .map(|(name, value)| (name.to_string(), value))
                    .collect()
            });
            json_line(
                &mut out,
                &SolveRecord {
                    file: name,
                    line,
                    shape: entry.puzzle.shape().to_string(),
                    givens: entry.puzzle.givens(),
                    strategy: solver.id(),
                    verdict: verdict.as_str(),
                    solution: outcome.solutions.first().map(|g| g.to_line()),
                    solutions_found: outcome.count,
                    stopped: outcome.stop.to_string(),
                    time_us: micros,
                    stats,
                },
            )?;
            return Ok(status);
        }
        if pretty {
            writeln!(
                out,
                "{name}:{line} ({}, {} givens, solved by {})",
                entry.puzzle.shape(),
                entry.puzzle.givens(),
                solver.id()
            )?;
            match outcome.solutions.first() {
                Some(solution) => write!(out, "{}", solution.pretty())?,
                None => write!(out, "{}", entry.puzzle.pretty())?,
            }
            let count = if verdict == Verdict::Multiple && args.count {
                format!(" ({} found)", outcome.count)
            } else {
                String::new()
            };
            writeln!(out, "{}{count}", verdict.describe())?;
        } else {
            if let Some(shape_line) = shape_lines.before(entry.puzzle.shape()) {
                writeln!(out, "{shape_line}")?;
            }
            let first = outcome
                .solutions
                .first()
                .map(|g| g.to_line())
                .unwrap_or_else(|| "-".into());
            writeln!(out, "{first} {}", verdict.as_str())?;
        }
        if args.stats {
            print_stats(&mut out, solver, &outcome, micros)?;
        }
        if pretty {
            writeln!(out)?;
        }
        Ok(status)
    });
    flushed(status, &mut out)
}

/// `status`, made worse by a failed flush of standard output.
fn flushed(status: Status, out: &mut impl Write) -> Status {
    match out.flush() {
        Ok(()) => status,
        Err(e) => status.max(crate::output::write_failed(&e)),
    }
}

/// A strategy that cannot be stopped counts only up to its cap: a search for
/// more solutions (`max`, `None` for all) is refused before it starts, with
/// the reason, rather than answered "unknown" after.
fn within_solution_cap(solver: &dyn Solver, max: Option<u64>, flag: &str) -> Result<(), Status> {
    let Some(cap) = registry::solution_cap(solver) else {
        return Ok(());
    };
    if max.is_some_and(|m| m <= cap) {
        return Ok(());
    }
    eprintln!(
        "error: {} counts at most {} solutions: the code it wraps cannot be stopped by a \
         budget, so a larger count could run for ever on a nearly empty grid.\n\
         Use {flag} {} (or less), or a strategy of ours, which budgets stop.",
        solver.id(),
        crate::format::thousands(cap),
        cap
    );
    Err(Status::Usage)
}

pub fn count(args: &CountArgs) -> Status {
    let solver = match pick_strategy(args.strategy.as_deref()) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let limits = args.budgets.limits(args.limit, 0);
    if let Err(status) = within_solution_cap(solver, args.limit, "--limit") {
        return status;
    }
    let mut out = io::stdout().lock();
    let status = for_each_puzzle(&args.inputs, &args.read, |name, line, item| {
        let entry = match item {
            Ok(entry) => entry,
            Err(problem) => {
                match args.format {
                    CountFormat::Text => writeln!(out, "- invalid")?,
                    CountFormat::Json => {
                        json_line(&mut out, &InvalidRecord::of(name, line, &problem))?
                    }
                }
                return Ok(Status::Failed);
            }
        };
        let outcome = solver.solve(&entry.puzzle, &limits);
        let status = match outcome.stop {
            sudoku_core::Stop::Exhausted | sudoku_core::Stop::SolutionLimit => Status::Ok,
            _ => Status::Failed,
        };
        let qualifier = match outcome.stop {
            sudoku_core::Stop::Exhausted => "exactly".to_string(),
            sudoku_core::Stop::SolutionLimit => "at least (solution limit)".to_string(),
            sudoku_core::Stop::InvalidGivens => match outcome.conflict {
                Some(conflict) => {
                    eprintln!("error: {name}:{line}: conflicting givens: {conflict}");
                    format!("invalid (conflicting givens: {conflict})")
                }
                None => "invalid givens".to_string(),
            },
            sudoku_core::Stop::Unsupported => match solver.supports(entry.puzzle.shape()) {
                Err(why) => format!("unknown ({} cannot count on this grid: {why})", solver.id()),
                Ok(()) => format!("at least ({} refused this count)", solver.id()),
            },
            stop => format!("at least (stopped by {stop})"),
        };
        match args.format {
            CountFormat::Text => writeln!(out, "{} {qualifier}", outcome.count)?,
            CountFormat::Json => json_line(
                &mut out,
                &CountRecord {
                    file: name,
                    line,
                    count: outcome.count,
                    exact: outcome.stop == sudoku_core::Stop::Exhausted,
                    stopped: outcome.stop.to_string(),
                },
            )?,
        }
        Ok(status)
    });
    flushed(status, &mut out)
}
