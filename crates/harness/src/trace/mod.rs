//! `sudoku-lab trace`: the search of one strategy on one puzzle, step by step.
//!
//! Every strategy reports its search as [`Event`]s through `sudoku_core::Run`
//! (enter a state, place a digit, undo it, dead end, solution), so the counts
//! of a trace are the statistics of the solve by construction: `Enter` events
//! are `nodes`, `Place` events `placements` (those with two or more options
//! are `guesses`), `Undo` events `backtracks`.
//!
//! Four views of the same events:
//!
//! * `text` (default): one line per event, indented by depth, then a summary;
//! * `json`: one JSON object per line ([`JsonEvent`]), then a summary object;
//! * `dot`: the search tree as Graphviz DOT ([`dot`]);
//! * `html`: one self-contained page to step through in a browser ([`html`]);
//! * `--animate`: the grid redrawn in place in the terminal ([`animate`]).
//!
//! One file per view, as grep-printer has one per output format.
//!
//! The text and JSON views stream the events as they happen and stop printing
//! after `--max-steps`, so memory stays bounded whatever the search does; the
//! summary is exact because it comes from the solve's [`Stats`]. The DOT view
//! and the animation keep at most `--max-steps` events.

use crate::args::{BudgetArgs, ReadArgs};
use crate::format::thousands;
use crate::inputs::first_puzzle;
use crate::{registry, Status};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;
use sudoku_core::{
    digit_set, digit_symbol, Constraint, DeadEnd, Event, Grid, Info, Outcome, Reason, Recorder,
    Shape, Solver, Stats, Stop, Trace,
};

/// Steps shown by default: a 4x4 puzzle fits in full, a 9x9 is cut short.
pub const DEFAULT_MAX_STEPS: u64 = 200;

/// Steps an HTML page holds unless `--max-steps` says otherwise: about 10 MB
/// of page, still quick to step through (the page says when it is capped).
pub const DEFAULT_HTML_STEPS: u64 = 100_000;
/// Steps kept by default for `--animate`: minutes of animation at 50 ms a step.
pub const DEFAULT_ANIMATE_STEPS: u64 = 10_000;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// One line per event, indented by depth, then a summary
    Text,
    /// One JSON object per line (`"event"`: enter, place, undo, dead_end,
    /// solution; then summary); `cell` is the 0-based row-major index, `row`
    /// and `col` are 1-based as in the text
    Json,
    /// The search tree as Graphviz DOT (render with `dot -Tsvg`); for small puzzles
    Dot,
    /// One self-contained page to step through in a browser: the grid with
    /// pencil marks, a slider and keys, the reason of every step, the tree
    /// (redirect to a file: `> trace.html`)
    Html,
}

/// A cap on the steps shown: a number, or `all`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MaxSteps(pub Option<u64>);

fn max_steps(s: &str) -> Result<MaxSteps, String> {
    if s.eq_ignore_ascii_case("all") || s.eq_ignore_ascii_case("none") {
        return Ok(MaxSteps(None));
    }
    s.parse::<u64>()
        .map(|n| MaxSteps(Some(n)))
        .map_err(|_| format!("'{s}' is not a number of steps (or `all`)"))
}

fn delay(s: &str) -> Result<Duration, String> {
    crate::units::parse_duration(s)?
        .ok_or_else(|| "the delay cannot be `none`; write e.g. 50ms".to_string())
}

#[derive(Args, Debug)]
#[command(after_help = "\
By default the search stops at the first solution (--limit 1), which keeps
the trace short; --limit 2 also shows the search that proves uniqueness.

Examples:
  sudoku-lab trace ..3..4.221......
  sudoku-lab trace --strategy naive --limit 2 ..3..4.221......
  sudoku-lab trace --format dot ..3..4.221...... | dot -Tsvg > tree.svg
  sudoku-lab trace --format json --max-steps all puzzles/classic.txt > steps.jsonl
  sudoku-lab trace --animate --delay 100ms ..3..4.221......
  sudoku-lab trace --human --format html puzzles/classic.txt > path.html

--human traces how a person would solve the puzzle instead of a strategy's
search: the human solver's steps (those of `explain --human`), each the
easiest technique that makes progress, with its rating on Sudoku
Explainer's scale. As a page (--format html), each step highlights the
cells its technique looks at (its pattern, chain or unit), the candidates
it removes and the digit it places; step through with the arrow keys.")]
pub struct TraceArgs {
    /// The puzzle: written out (e.g. ..3..4.221......), a file (its first
    /// puzzle is traced), or `-` for standard input
    #[arg(value_name = "PUZZLE_OR_FILE")]
    pub input: String,

    /// Strategy id (see `sudoku-lab list`)
    #[arg(long, short, default_value = registry::TEACHING_STRATEGY)]
    pub strategy: String,

    /// Trace the human solving path instead of a search: the steps of
    /// `explain --human`, as text or (--format html) a page highlighting
    /// each technique's cells; the puzzle must have one solution
    #[arg(long, conflicts_with_all = ["strategy", "limit", "max_steps", "animate", "expand", "boards", "check"])]
    pub human: bool,

    /// Solutions to look for: 1 stops at the first (the default, for
    /// readability), 2 also proves uniqueness
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Show at most N steps (events), or `all`; the summary always counts
    /// the whole search [default: 200; 10000 with --animate; 100000 for html]
    #[arg(long, value_name = "N|all", value_parser = max_steps)]
    pub max_steps: Option<MaxSteps>,

    /// Output format
    #[arg(long, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,

    /// Redraw the grid in place in the terminal, step by step (keys: + faster,
    /// - slower, space pause, q quit)
    #[arg(long, conflicts_with = "format")]
    pub animate: bool,

    /// With --format dot: draw every state, instead of one box per chain of
    /// forced moves
    #[arg(long)]
    pub expand: bool,

    /// With --format json: add the board after each event (`"board"`: the
    /// grid in line format, `.` for an empty cell) and its pencil marks
    /// (`"marks"`: per cell, the symbols of its candidates, empty for a
    /// filled cell), from the replay model every view draws from, so a
    /// trace can be checked without reimplementing the rules
    #[arg(long)]
    pub boards: bool,

    /// Check the trace instead of showing it: replay every event from the
    /// puzzle and re-derive its reason from the board and candidates before
    /// it (sudoku-replay); prints what was checked, or the first event that
    /// fails and why, and exits 1 on a failure
    #[arg(long, conflicts_with_all = ["animate", "format", "max_steps", "expand", "boards"])]
    pub check: bool,

    /// Time between two steps of --animate (e.g. 50ms, 0.5s)
    #[arg(long, value_name = "TIME", default_value = "50ms", value_parser = delay, requires = "animate")]
    pub delay: Duration,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,
}

pub mod animate;
mod dot;
pub mod html;
mod human;
mod json;
mod text;
mod words;

use dot::dot_command;
pub use dot::{dot, write_dot};
use html::html_command;
use json::json;
pub use json::JsonEvent;
pub use sudoku_replay::{Replay, ReplayStep, TreeNode};
use text::text;
use words::Counter;
pub use words::{cell_name, dead_end_text, describe, indent, summary_text};
// ---------------------------------------------------------------------------
// The command

/// Resolves a strategy that can be traced, or says politely why not.
pub fn traceable(id: &str) -> Result<&'static dyn Solver, Status> {
    let solver = registry::pick(id).map_err(crate::output::usage_error)?;
    if !solver.info().reports.nodes {
        let others: Vec<&str> = registry::strategies()
            .iter()
            .filter(|s| s.info().reports.nodes)
            .map(|s| s.id())
            .collect();
        eprintln!(
            "sorry: {} cannot be traced: its search runs inside another library that reports no steps.\n\
             The strategies that can be traced are: {}",
            solver.id(),
            others.join(", ")
        );
        return Err(Status::Usage);
    }
    Ok(solver)
}

fn header(solver: &dyn Solver, puzzle: &Grid, limit: u64) -> String {
    let shape = puzzle.shape();
    let side = shape.side();
    let stop = match limit {
        1 => "stopping at the first solution".to_string(),
        2 => "looking for 2 solutions (proves uniqueness)".to_string(),
        n => format!("looking for up to {n} solutions"),
    };
    format!(
        "trace of {} on a {side}x{side} puzzle ({shape} boxes, {} givens, {} empty cells), {stop}",
        solver.id(),
        puzzle.givens(),
        shape.cells() - puzzle.givens()
    )
}

/// What the solve found, in words, for the end of the text trace.
fn result_text(outcome: &Outcome) -> String {
    let mut text = format!("result: {}", outcome.verdict().describe());
    if let Some(conflict) = &outcome.conflict {
        let _ = write!(text, " ({conflict})");
    }
    text
}

pub fn run(args: &TraceArgs) -> Status {
    if args.human {
        return human::run(args);
    }
    let solver = match traceable(&args.strategy) {
        Ok(s) => s,
        Err(status) => return status,
    };
    if args.animate && !io::stdout().is_terminal() {
        eprintln!(
            "error: --animate redraws the grid in a terminal, and standard output is not one.\n\
             Run it in a terminal, or use --format text, json or dot to write the trace to a file or a pipe."
        );
        return Status::Usage;
    }
    let (_name, entry) = match first_puzzle(&args.input, &args.read) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let puzzle = entry.puzzle;
    if let Err(why) = solver.supports(puzzle.shape()) {
        eprintln!(
            "error: {} cannot solve a {} grid: {why}",
            solver.id(),
            puzzle.shape()
        );
        return Status::Usage;
    }
    if args.boards && (args.animate || args.format != TraceFormat::Json) {
        eprintln!("error: --boards adds the board to each line of --format json; it goes with that format only");
        return Status::Usage;
    }
    let limits = args.budgets.limits(Some(args.limit), 1);
    let default_steps = if args.animate {
        DEFAULT_ANIMATE_STEPS
    } else if args.format == TraceFormat::Html {
        DEFAULT_HTML_STEPS
    } else {
        DEFAULT_MAX_STEPS
    };
    let max = args.max_steps.map_or(Some(default_steps), |m| m.0);
    if args.check {
        return check(solver, &puzzle, &limits);
    }
    if args.animate {
        return animate::run(solver, &puzzle, &limits, max, args.delay);
    }
    let result = match args.format {
        TraceFormat::Text => text(solver, &puzzle, &limits, max, args.limit),
        TraceFormat::Json => json(solver, &puzzle, &limits, max, args.boards),
        TraceFormat::Dot => dot_command(solver, &puzzle, &limits, max, args.expand),
        TraceFormat::Html => html_command(solver, &puzzle, &limits, max),
    };
    match result {
        Ok(outcome) => match outcome.verdict() {
            sudoku_core::Verdict::Invalid | sudoku_core::Verdict::Unknown(_) => Status::Failed,
            _ => Status::Ok,
        },
        Err(e) => crate::output::write_failed(&e),
    }
}

/// Nodes `trace --check` replays at most: the checker keeps every node it
/// has seen (a few hundred bytes each with its placements), so at this
/// bound it stops the search, and a search of any length is checked in
/// bounded memory up to there.
pub const CHECK_NODES: usize = 1 << 16;

/// The events fed to the checker as the search makes them (none kept): the
/// first failure, or the node bound, stops the search.
struct Checking {
    checker: sudoku_replay::Checker,
    failure: Option<sudoku_replay::Failure>,
}

impl Trace for Checking {
    fn event(&mut self, event: Event) {
        if self.failure.is_none() {
            if let Err(failure) = self.checker.step(&event) {
                self.failure = Some(failure);
            }
        }
    }
    fn stop(&self) -> Option<sudoku_core::Stop> {
        let full = self.checker.replay().nodes.len() >= CHECK_NODES;
        (self.failure.is_some() || full).then_some(sudoku_core::Stop::MemoryBudget)
    }
}

/// `trace --check`: the trace through the checker, event by event.
fn check(solver: &dyn Solver, puzzle: &Grid, limits: &sudoku_core::Limits) -> Status {
    let copies = solver.info().capabilities.copies_states;
    let mut checking = Checking {
        checker: sudoku_replay::Checker::new(puzzle, copies),
        failure: None,
    };
    solver.solve_traced(puzzle, limits, &mut checking);
    let full = checking.checker.replay().nodes.len() >= CHECK_NODES;
    match checking.failure.map_or(Ok(checking.checker.summary), Err) {
        Ok(s) => {
            println!(
                "{}: {} events checked ({} placements, {} eliminations, {} undos, {} dead ends, {} solutions): every reason holds on the board before it",
                solver.id(),
                s.events,
                s.placements,
                s.eliminations,
                s.undos,
                s.dead_ends,
                s.solutions
            );
            if s.legal_only > 0 {
                println!(
                    "  {} placements name no rule (a SAT solver's decisions and propagations): checked as legal only",
                    s.legal_only
                );
            }
            if full {
                println!(
                    "  the check stopped the search at {} nodes, the most it replays: what ran \
                     until then is checked",
                    thousands(CHECK_NODES as u64)
                );
            }
            Status::Ok
        }
        Err(failure) => {
            println!("{}: the trace fails the check at {failure}", solver.id());
            Status::Failed
        }
    }
}

/// A board of the replay in line format (`.` for an empty cell, the
/// symbols of the puzzle's side), as `--boards` and the tests write it.
pub fn board_line(shape: Shape, board: &[u8]) -> String {
    Grid::from_cells(shape, board.to_vec())
        .map(|g| g.to_line())
        .unwrap_or_default()
}

/// The replay of recorded events: the model, and the step each event made.
pub fn replay(puzzle: &Grid, events: &[Event]) -> (Replay, Vec<ReplayStep>) {
    let mut replay = Replay::new(puzzle);
    let steps = events.iter().map(|e| replay.apply(e)).collect();
    (replay, steps)
}

/// What keeping one event costs a view that records the search before it
/// draws it (DOT, HTML, the animation): memory, and time to draw.
#[derive(Copy, Clone, Debug)]
pub(super) struct Cost {
    /// Bytes of memory per event kept, drawing included (measured on an
    /// empty 25x25 with `--max-steps all`, then rounded up).
    pub bytes: u64,
    /// Events drawn per second on a slow machine; `None` when drawing is not
    /// part of the run (the animation plays for as long as the user watches).
    pub per_second: Option<u64>,
}

/// The events a view may keep within the budgets: half the memory budget
/// for the recording (the other half is the search's), half the time
/// budget for drawing; with the budget that sets it.
pub(super) fn budget_cap(limits: &sudoku_core::Limits, cost: Cost) -> Option<(u64, Stop)> {
    let memory = limits
        .memory_budget
        .map(|b| (b / 2 / cost.bytes.max(1), Stop::MemoryBudget));
    let time = limits.time_budget.zip(cost.per_second).map(|(t, rate)| {
        let events = t.as_secs_f64() / 2.0 * rate as f64;
        (events as u64, Stop::TimeBudget)
    });
    match (memory, time) {
        (Some(m), Some(t)) => Some(if t.0 < m.0 { t } else { m }),
        (m, t) => m.or(t),
    }
}

/// Records the search for a view that draws it afterwards. `max` (from
/// `--max-steps`) keeps the first steps and lets the search run on, so the
/// summary is exact; a budget cap below it stops the search when the
/// recording is full, and takes its share of the budgets (the search gets
/// the rest of the time and half the memory), so recording and drawing
/// together stay within the time and memory budgets.
fn record(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
    cost: Cost,
) -> (Outcome, Recorder) {
    let to_usize = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let mut limits = limits.clone();
    let mut recorder = Recorder {
        cap: max.map(to_usize),
        ..Recorder::default()
    };
    if let Some((cap, stop)) = budget_cap(&limits, cost) {
        if max.is_none_or(|m| cap < m) {
            recorder.cap = Some(to_usize(cap));
            recorder.budget = Some((to_usize(cap), stop));
            limits.memory_budget = limits.memory_budget.map(|b| b / 2);
        }
        // Drawing what is kept takes its share of the time budget.
        let kept = recorder.cap.map_or(u64::MAX, |c| c as u64);
        if let (Some(t), Some(rate)) = (limits.time_budget, cost.per_second) {
            let drawing = Duration::from_secs_f64(kept as f64 / rate as f64);
            limits.time_budget = Some(t.saturating_sub(drawing).max(t / 2));
        }
    }
    let outcome = solver.solve_traced(puzzle, &limits, &mut recorder);
    (outcome, recorder)
}

/// The line that says why a recording stopped early, if a budget cut it.
pub(super) fn budget_note(recorder: &Recorder, outcome: &Outcome) -> Option<String> {
    let (cap, stop) = recorder.budget?;
    let what = if stop == Stop::TimeBudget {
        "time"
    } else {
        "memory"
    };
    (recorder.events.len() >= cap && outcome.stop == stop).then(|| {
        format!(
            "the recording stopped the search at {} steps: keeping more would exceed the {} budget \
             (raise --{}-budget, or lower --max-steps)",
            thousands(cap as u64),
            what,
            what
        )
    })
}
