//! `sudoku-lab ladder`: the pruning ladder on puzzle sets.
//!
//! The ladder is `compare` over the `prop:<branching>/<rules>` rungs asked
//! for: the same set reader (`--shape`, streaming), the same protocol (a
//! warm-up pass, then `--rounds` rounds over the file in order, the rungs
//! taking its blocks in turn), the same attempt (budgets, panic catching, verification),
//! the same cross-check and the same intervals. What it adds is the count of
//! placements by the rule that made them, its own measurement
//! ([`RuleCounter`], a [`FollowUp`]): the checked first round is traced into
//! a [`RuleCounts`] (once per puzzle, no second solve), which becomes the
//! line's follow-up record, and that round's time stands only until a later
//! round times the solve untraced.
//!
//! It prints one table per set. The default is compact, fitted to the
//! terminal (80 columns when its width cannot be known): decided, nodes
//! and guesses per puzzle, time per puzzle and per node, and the ratio to
//! the fastest rung. `--wide` adds budget hits, the share solved without a
//! guess, placements per puzzle by rule, candidates eliminated, the time's
//! 95% interval and the ratio's paired interval (the ratio is n/a, null in
//! the JSON, when there is none, as in compare: every rung's mean a lower
//! bound); `ladder.md` always has every column. `--report DIR` (checked
//! before the work) writes `ladder.md`, `ladder.json`, `ladder.csv` and
//! `ladder.svg` ([`sudoku_reports::ladder_chart`]), each atomically.
//!
//! A disagreement, a wrong solution or a crash is an error (exit status 1).

use crate::args::{BudgetArgs, ProtocolArgs, ReadArgs, RowsFormat};
use crate::output::print;
use crate::Status;
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
use sudoku_core::Limits;
use sudoku_core::Solver;
use sudoku_engine::config::{RunConfig, MAX_SOLUTIONS};
use sudoku_engine::results::Line;
use sudoku_engine::sets::expand_sets;
use sudoku_engine::{FollowUp, Solved, Traced};
use sudoku_input::Entry;
use sudoku_propagate::{Branching, Propagate, Rules};
use sudoku_reports::ladder::{self, RuleCounts, RuleTally, Rung};
use sudoku_reports::table::{Layout, NARROW_WIDTH};
use sudoku_reports::tally::Tally;

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sudoku-lab ladder --set puzzles/top95.txt --branching mrv\n  sudoku-lab ladder --set puzzles/17clue.txt --limit-puzzles 2000 --branching mrv,fewest --rules hidden,locked,subsets --report reports/ladder"
)]
pub struct LadderArgs {
    /// Puzzle files or directories, one table each [default: puzzles/top95.txt]
    #[arg(long = "set", value_name = "FILE", num_args = 1..)]
    pub sets: Vec<PathBuf>,

    /// Branching rules, comma-separated: rowmajor, mrv, fewest [default: all]
    #[arg(long, value_delimiter = ',')]
    pub branching: Vec<String>,

    /// Propagation rules, comma-separated: none, fc, naked, hidden, locked, subsets [default: all]
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<String>,

    /// Puzzles per set at most
    #[arg(long, value_name = "N")]
    pub limit_puzzles: Option<usize>,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,

    #[command(flatten)]
    pub protocol: ProtocolArgs,

    /// Never draw the progress bar (it is drawn only when stderr is a terminal)
    #[arg(long)]
    pub no_progress: bool,

    /// Every column in the text tables (budget hits, the share solved without a
    /// guess, placements by rule, eliminations, 95% intervals); by default a
    /// compact table that fits the terminal, or 80 columns
    #[arg(long)]
    pub wide: bool,

    /// What standard output shows: the table, or the rows (one per set and
    /// rung, every column) as JSON or CSV
    #[arg(long, value_enum, default_value_t = RowsFormat::Table)]
    pub format: RowsFormat,

    /// Write ladder.md, ladder.json, ladder.csv and ladder.svg here
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

/// `ladder`'s measurement besides the solve: placements by rule, from the
/// checked solve's own events (the runner traces it into the
/// [`RuleCounts`] this hands over).
#[derive(Debug, Default)]
pub struct RuleCounter;

impl FollowUp for RuleCounter {
    fn describe(&self) -> String {
        "placements by rule, from the checked solve's trace".to_string()
    }

    fn trace(&self) -> Option<Box<dyn Traced>> {
        Some(Box::new(RuleCounts::default()))
    }

    fn measure(
        &self,
        _: &dyn Solver,
        _: &Entry,
        solved: Solved<'_>,
        _: &Limits,
    ) -> Option<serde_json::Value> {
        solved.trace.map(|t| t.record())
    }
}

/// The place of `x` in `all` (a ladder's list).
fn rank<T: PartialEq>(all: &[T], x: T) -> usize {
    all.iter().position(|y| *y == x).unwrap_or(usize::MAX)
}

fn parse_list<T: Copy>(
    names: &[String],
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &str,
) -> Result<Vec<T>, Status> {
    if names.is_empty() {
        return Ok(all.to_vec());
    }
    let mut out = Vec::new();
    for n in names.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        match all.iter().find(|&&x| name(x) == n) {
            Some(&x) => out.push(x),
            None => {
                let known: Vec<&str> = all.iter().map(|&x| name(x)).collect();
                eprintln!(
                    "error: unknown {what} '{n}'; choose from {}",
                    known.join(", ")
                );
                return Err(Status::Usage);
            }
        }
    }
    Ok(out)
}

pub fn run(args: &LadderArgs) -> Status {
    let branchings = match parse_list(
        &args.branching,
        &Branching::ALL,
        Branching::as_str,
        "branching",
    ) {
        Ok(b) => b,
        Err(s) => return s,
    };
    let rules = match parse_list(&args.rules, &Rules::ALL, Rules::as_str, "rules") {
        Ok(r) => r,
        Err(s) => return s,
    };
    // Each rung with its place on the ladder, as values: the tables and the
    // chart order by them, never by reading an id back.
    let mut built: Vec<(Rung, &'static dyn Solver)> = branchings
        .iter()
        .flat_map(|&b| rules.iter().map(move |&r| (b, r)))
        .map(|(b, r)| {
            let solver: &'static dyn Solver = Propagate::rung(b, r);
            let rung = Rung {
                id: solver.id().to_string(),
                branching: b.as_str().to_string(),
                branching_rank: rank(&Branching::ALL, b),
                rules: r.as_str().to_string(),
                rules_rank: rank(&Rules::ALL, r),
            };
            (rung, solver)
        })
        .collect();
    built.sort_by_key(|(r, _)| (r.branching_rank, r.rules_rank));
    built.dedup_by(|a, b| a.0 == b.0);
    let (rungs, solvers): (Vec<Rung>, Vec<&'static dyn Solver>) = built.into_iter().unzip();
    // Checked before the work, as `compare` does: a bad path costs nothing.
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let paths = if args.sets.is_empty() {
        vec![PathBuf::from("puzzles/top95.txt")]
    } else {
        args.sets.clone()
    };
    let (sets, status) = expand_sets(&paths);
    if status != Status::Ok || sets.is_empty() {
        return status.max(Status::Usage);
    }
    let config = RunConfig {
        limits: args.budgets.limits(Some(MAX_SOLUTIONS), 1),
        limit_puzzles: args.limit_puzzles,
        read: args.read.options(),
        progress: !args.no_progress,
        rounds: args.protocol.rounds as usize,
        seed: args.protocol.seed,
        follow_up: Some(Arc::new(RuleCounter)),
        command: Some(crate::args::command_line()),
        ..crate::registry::run_config()
    };
    let pinned = sudoku_engine::pin::pin(args.protocol.pin, config.jobs);
    let mut counted = RuleTally::default();
    let (mut report, _) = sudoku_reports::tally::compare_streaming(
        &solvers,
        &sets,
        &config,
        Tally::default(),
        &mut |lines: &[Line]| counted.add(lines),
    );
    report.machine.pinned = pinned;
    let rows = counted.rows(&report, &rungs);
    let layout = Layout::detect_or(args.wide, NARROW_WIDTH);
    let text = match args.format {
        RowsFormat::Table => ladder::text(&rows, &report, layout),
        RowsFormat::Json => ladder::rows_json(&rows),
        RowsFormat::Csv => ladder::rows_csv(&rows),
    };
    // A closed pipe is a quiet stop; the report is still written.
    let mut status = print(&text).max(report.status());
    if let Some(dir) = &args.report {
        match ladder::write_report(dir, &rows, &report) {
            Ok(()) => eprintln!(
                "wrote {}/ladder.md, ladder.json, ladder.csv and ladder.svg",
                dir.display()
            ),
            Err(e) => {
                eprintln!("error: --report {}: {e}", dir.display());
                status = status.max(Status::Usage);
            }
        }
    }
    status
}
