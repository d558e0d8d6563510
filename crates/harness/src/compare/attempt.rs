//! One strategy on one puzzle: the timed, panic-safe solve, its repeats,
//! and the checks of what came back, giving an `Attempt` and its results
//! line.
//!
//! Only `solver.solve` is timed (an `Instant` around the call); verification
//! and bookkeeping are outside the timed region. A panic is caught and
//! counted as `crashed`. With repeats, the fastest run is kept and the runs
//! must give identical counts (see [`super::runner`] for when a solve is
//! repeated).
//!
//! Every solution a strategy reports is verified against the rules and the
//! givens ([`Grid::verify_solution_of`]); a unique solution must equal the
//! file's expected solution when the file gives one. A failure is a problem
//! of kind `wrong_solution`, `expected_mismatch` or `protocol`, makes the
//! attempt `bad` (no vote in the cross-check) and counts it wrong.

use super::report::ProblemKind;
use super::results::{Line, LineProblem, Said};
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};
use sudoku_core::{Entry, Grid, Limits, Outcome, Shape, Solver, Stats, Stop, Verdict};

/// One strategy on one puzzle.
#[derive(Clone, Debug)]
pub(super) struct Attempt {
    pub(super) said: Said,
    /// Solve time, the fastest of the runs; `None` when the solve did not run
    /// to an outcome.
    pub(super) nanos: Option<u64>,
    /// (slowest - fastest) / fastest over the runs, when repeated.
    pub(super) spread: Option<f64>,
    pub(super) stats: Stats,
    /// At least one solution reported, and all of them verified.
    pub(super) solved: bool,
    /// Failed verification or broke the solver contract: no vote.
    pub(super) bad: bool,
    pub(super) wrong: bool,
    /// The first verified solution, for the cross-check.
    pub(super) solution: Option<Grid>,
    /// Problems found while checking this attempt.
    pub(super) notes: Vec<(ProblemKind, String)>,
    /// Why the search stopped, and the solutions it counted.
    pub(super) stop: String,
    pub(super) count: u64,
    /// Every run of the solve together.
    pub(super) wall: Duration,
}

impl Attempt {
    pub(super) fn without_outcome(said: Said) -> Attempt {
        Attempt {
            said,
            nanos: None,
            spread: None,
            stats: Stats::default(),
            solved: false,
            bad: false,
            wrong: false,
            solution: None,
            notes: Vec::new(),
            stop: said.word().to_string(),
            count: 0,
            wall: Duration::ZERO,
        }
    }

    /// The results line of this attempt, once cross-checked.
    pub(super) fn line(
        &self,
        solver: &dyn Solver,
        set: &str,
        index: usize,
        line: usize,
        entry: &Entry,
    ) -> Line {
        Line {
            puzzle: entry.puzzle.to_line(),
            shape: shape_label(entry.puzzle.shape()),
            stop: self.stop.clone(),
            count: self.count,
            time_ns: self.nanos,
            wall_ns: u64::try_from(self.wall.as_nanos()).unwrap_or(u64::MAX),
            spread: self.spread,
            solved: self.solved,
            wrong: self.wrong,
            problems: self
                .notes
                .iter()
                .map(|(kind, message)| LineProblem {
                    kind: *kind,
                    message: message.clone(),
                    strategies: Vec::new(),
                })
                .collect(),
            ..Line::new(solver, set, index, line, self.said)
        }
        .measured(&self.stats, &solver.info().reports)
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

/// One timed, panic-safe solve.
fn timed_solve(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &Limits,
) -> std::thread::Result<(Outcome, Duration)> {
    catch_unwind(AssertUnwindSafe(|| {
        let started = Instant::now();
        let outcome = solver.solve(puzzle, limits);
        (outcome, started.elapsed())
    }))
}

/// How to repeat a solve: at most `runs` runs, only below `cutoff`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Repeat {
    pub(super) runs: usize,
    pub(super) cutoff: Duration,
}

/// Runs a solve that finished in `first` again, up to `repeat.runs` runs in
/// all, while each run stays below the cutoff. Returns the fastest time, the
/// spread (when run more than once), and a message when a run's counts differ
/// from the first run's.
fn repeat_solve(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &Limits,
    first: &Outcome,
    elapsed: Duration,
    repeat: Repeat,
) -> (Duration, Option<f64>, Option<String>) {
    let (mut fastest, mut slowest, mut runs) = (elapsed, elapsed, 1u32);
    let mut mismatch = None;
    let mut last = elapsed;
    while (runs as usize) < repeat.runs && last < repeat.cutoff {
        let (outcome, took) = match timed_solve(solver, puzzle, limits) {
            Ok(done) => done,
            Err(payload) => {
                mismatch = Some(format!(
                    "run {} of the same solve panicked ({}) where run 1 did not",
                    runs + 1,
                    panic_message(payload.as_ref())
                ));
                break;
            }
        };
        // A run the clock stopped (a loaded machine) is not comparable: drop it.
        if outcome.stop == Stop::TimeBudget && first.stop != Stop::TimeBudget {
            break;
        }
        runs += 1;
        last = took;
        fastest = fastest.min(took);
        slowest = slowest.max(took);
        if (&outcome.stats, &outcome.stop, outcome.count)
            != (&first.stats, &first.stop, first.count)
        {
            mismatch = Some(format!(
                "run {runs} of the same solve gave different counts: run 1 stopped ({}) with {} \
                 solutions and {:?}; run {runs} stopped ({}) with {} solutions and {:?} \
                 (counts must be deterministic)",
                first.stop, first.count, first.stats, outcome.stop, outcome.count, outcome.stats
            ));
            break;
        }
    }
    let spread = (runs > 1).then(|| {
        let fastest = fastest.as_secs_f64();
        if fastest > 0.0 {
            (slowest.as_secs_f64() - fastest) / fastest
        } else {
            0.0
        }
    });
    (fastest, spread, mismatch)
}

/// Solves one puzzle (timed, panic-safe, repeated as `repeat` says), then
/// checks what came back.
pub(super) fn attempt(
    solver: &dyn Solver,
    entry: &Entry,
    limits: &Limits,
    repeat: Repeat,
) -> Attempt {
    if solver.supports(entry.puzzle.shape()).is_err() {
        return Attempt::without_outcome(Said::Unsupported);
    }
    let run = timed_solve(solver, &entry.puzzle, limits);
    let (outcome, elapsed) = match run {
        Ok(done) => done,
        Err(payload) => {
            let mut a = Attempt::without_outcome(Said::Crashed);
            let message = panic_message(payload.as_ref());
            a.notes.push((
                ProblemKind::Crashed,
                format!("{} crashed (panic: {message})", solver.id()),
            ));
            return a;
        }
    };
    if outcome.stop == Stop::Unsupported {
        return Attempt::without_outcome(Said::Unsupported);
    }
    let id = solver.id();
    let verdict = outcome.verdict();
    let said = match verdict {
        Verdict::Unique => Said::Unique,
        Verdict::Multiple => Said::Multiple,
        Verdict::None => Said::None,
        Verdict::Invalid => Said::Invalid,
        Verdict::Unknown(stop) if stop.is_budget() => Said::Budget,
        Verdict::Found | Verdict::Unknown(_) => Said::Undecided,
    };
    let (fastest, spread, mismatch) = if said == Said::Budget {
        (elapsed, None, None)
    } else {
        repeat_solve(solver, &entry.puzzle, limits, &outcome, elapsed, repeat)
    };
    let mut a = Attempt {
        said,
        nanos: Some(u64::try_from(fastest.as_nanos()).unwrap_or(u64::MAX)),
        spread,
        stats: outcome.stats,
        solved: false,
        bad: false,
        wrong: false,
        solution: None,
        notes: Vec::new(),
        stop: outcome.stop.to_string(),
        count: outcome.count,
        wall: Duration::ZERO,
    };
    for solution in &outcome.solutions {
        if let Err(e) = solution.verify_solution_of(&entry.puzzle) {
            a.bad = true;
            a.notes.push((
                ProblemKind::WrongSolution,
                format!(
                    "{id} reported a solution that fails verification ({e}): {}",
                    solution.to_line()
                ),
            ));
        }
    }
    if !a.bad && !outcome.solutions.is_empty() {
        a.solved = true;
        a.solution = Some(outcome.solutions[0].clone());
    }
    match said {
        Said::Unique | Said::Multiple if outcome.solutions.is_empty() => {
            a.bad = true;
            a.notes.push((
                ProblemKind::Protocol,
                format!(
                    "{id} said {} ({} solutions) but returned no solution to verify",
                    said.word(),
                    outcome.count
                ),
            ));
        }
        Said::Undecided => {
            a.bad = true;
            a.notes.push((
                ProblemKind::Protocol,
                format!(
                    "{id} stopped ({}) without a verdict although asked to look for 2 solutions",
                    outcome.stop
                ),
            ));
        }
        _ => {}
    }
    if let Some(message) = mismatch {
        a.notes
            .push((ProblemKind::Nondeterministic, format!("{id}: {message}")));
    }
    if let Some(expected) = &entry.solution {
        match (said, &a.solution) {
            (Said::Unique, Some(found)) if found != expected => a.notes.push((
                ProblemKind::ExpectedMismatch,
                format!(
                    "{id} found {} but the file gives {}",
                    found.to_line(),
                    expected.to_line()
                ),
            )),
            (Said::None, _) if expected.is_solution_of(&entry.puzzle) => a.notes.push((
                ProblemKind::ExpectedMismatch,
                format!("{id} says there is no solution but the file gives one that verifies"),
            )),
            _ => {}
        }
    }
    a.wrong = a.bad || !a.notes.is_empty();
    a
}

/// The line of a puzzle that did not parse, for one strategy: counted
/// invalid, nothing measured.
pub(super) fn parse_error_line(
    solver: &dyn Solver,
    set: &str,
    index: usize,
    line: usize,
    message: &str,
) -> Line {
    Line {
        stop: "parse error".to_string(),
        parse_error: true,
        problems: vec![LineProblem {
            kind: ProblemKind::ParseError,
            message: message.to_string(),
            strategies: Vec::new(),
        }],
        ..Line::new(solver, set, index, line, Said::Invalid)
    }
}

/// `9x9`, or `6x6 (2x3 boxes)` when the boxes are not square.
fn shape_label(shape: Shape) -> String {
    let n = shape.side();
    if shape.box_rows() == shape.box_cols() {
        format!("{n}x{n}")
    } else {
        format!("{n}x{n} ({shape} boxes)")
    }
}
