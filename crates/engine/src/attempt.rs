//! One strategy on one puzzle: the timed, panic-safe solve and the checks of
//! what came back, giving an `Attempt` and its results line; and the later
//! rounds' timings of the same solve (`retime`).
//!
//! Only `solver.solve` is timed (an `Instant` around the call); verification
//! and bookkeeping are outside the timed region. A panic is caught and
//! counted as `crashed`. Every round must give identical counts (see
//! [`super::runner`] for the rounds and which solves they time again).
//!
//! # Mems, and the time of an instrumented solve
//!
//! The first round is the checked solve, and it is the only one that counts:
//! a strategy that counts mems ([`sudoku_core::Reports::mems`]) solves it
//! with [`Solver::solve_counting_mems`] (its separate counting
//! instantiation), and a follow-up that reads the solve's events (`ladder`'s
//! rule counts, [`crate::follow_up`]) has it traced (its trace may count
//! mems too). That time is **provisional**: an instrumented solve is
//! not the solve being measured. The next round times the plain solve (even
//! above the repeat cutoff, once), and its time replaces the provisional one;
//! with one round only, an extra plain solve is timed for it
//! ([`super::runner`]). So every time comes from a plain solve that counts
//! nothing, except a budget hit's (its time is the budget's anyway).
//!
//! Every solution a strategy reports is verified against the rules and the
//! givens ([`Grid::verify_solution_of`]); a unique solution must equal the
//! file's expected solution when the file gives one. A failure is a problem
//! of kind `wrong_solution`, `expected_mismatch` or `protocol`, makes the
//! attempt `bad` (no vote in the cross-check) and counts it wrong.

use super::problem::ProblemKind;
use super::results::{fastest_time, Line, LineProblem, LineShape, Said, StopReason};
use crate::budget::{budget_note, EstimatorFor};
use crate::follow_up::Traced;
use crate::format::stats_words;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};
use sudoku_core::{Grid, Limits, Outcome, Solver, Stats, Stop, Verdict};
use sudoku_input::Entry;

/// One strategy on one puzzle.
#[derive(Clone, Debug)]
pub(super) struct Attempt {
    pub(super) said: Said,
    /// Solve time of each round that timed it, ns (the first is the checked
    /// solve); empty when the solve did not run to an outcome.
    pub(super) times: Vec<u64>,
    /// Later rounds time it again (it ran to an outcome below the cutoff
    /// without a budget hit, and no round disagreed).
    pub(super) repeatable: bool,
    /// A later round has timed it.
    pub(super) retimed: bool,
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
    pub(super) stop: StopReason,
    pub(super) count: u64,
    /// Every run of the solve together.
    pub(super) wall: Duration,
    /// `times` holds only the first round's time, from an instrumented
    /// solve (counting mems, or traced): a plain round must replace it.
    pub(super) provisional: bool,
    /// After a budget hit, what the whole search would have cost (a quick
    /// random-probe estimate, [`crate::budget::budget_note`]).
    pub(super) budget_note: Option<String>,
    /// The run's follow-up record ([`crate::follow_up`]).
    pub(super) follow_up: Option<serde_json::Value>,
}

impl Attempt {
    pub(super) fn without_outcome(said: Said, stop: StopReason) -> Attempt {
        Attempt {
            said,
            times: Vec::new(),
            repeatable: false,
            retimed: false,
            stats: Stats::default(),
            solved: false,
            bad: false,
            wrong: false,
            solution: None,
            notes: Vec::new(),
            stop,
            count: 0,
            wall: Duration::ZERO,
            provisional: false,
            budget_note: None,
            follow_up: None,
        }
    }

    /// Its only time is an instrumented solve's, and a plain round may
    /// still time it.
    pub(super) fn wants_plain_time(&self) -> bool {
        self.provisional && self.repeatable
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
            shape: Some(LineShape::of(entry.puzzle.shape())),
            count: self.count,
            time_ns: fastest_time(&self.times),
            times_ns: self.times.clone(),
            wall_ns: u64::try_from(self.wall.as_nanos()).unwrap_or(u64::MAX),
            rating: entry.rating,
            budget_note: self.budget_note.clone(),
            follow_up: self.follow_up.clone(),
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
            ..Line::new(solver, set, index, line, self.said, self.stop)
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

/// How a solve runs: plain (the timed one), counting mems, or traced for a
/// follow-up (which may count mems as well).
enum Instrument<'a> {
    Plain,
    CountMems,
    Traced(&'a mut dyn Traced),
}

/// One timed, panic-safe solve.
fn timed_solve(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &Limits,
    how: Instrument,
) -> std::thread::Result<(Outcome, Duration)> {
    catch_unwind(AssertUnwindSafe(|| {
        let started = Instant::now();
        let outcome = match how {
            Instrument::Plain => solver.solve(puzzle, limits),
            Instrument::CountMems => solver.solve_counting_mems(puzzle, limits),
            Instrument::Traced(trace) => solver.solve_traced(puzzle, limits, trace),
        };
        (outcome, started.elapsed())
    }))
}

/// The counts a later round must repeat: the statistics but mems (a plain
/// solve counts none), the stop reason and the solutions.
fn counts(stats: &Stats, stop: StopReason, count: u64) -> (Stats, StopReason, u64) {
    (
        Stats {
            mems: None,
            ..*stats
        },
        stop,
        count,
    )
}

/// Times a solve again in a later round (under `limits` that keep no
/// solution: the first round verified it), when its first round allows
/// ([`Attempt::repeatable`]) and the last round took less than `cutoff`.
/// The round must give the first round's counts (statistics, stop reason,
/// solutions): a difference, or a panic, is a `nondeterministic` problem and
/// ends the rounds of this solve. A round the clock stopped (a loaded machine
/// made the time budget run out) is dropped, and ends them too.
pub(super) fn retime(
    solver: &dyn Solver,
    entry: &Entry,
    limits: &Limits,
    a: &mut Attempt,
    cutoff: Duration,
) {
    let last = a.times.last().copied().unwrap_or(u64::MAX);
    if !a.repeatable || (Duration::from_nanos(last) >= cutoff && !a.provisional) {
        return;
    }
    let round = a.times.len() + 1;
    let id = solver.id();
    let run = timed_solve(solver, &entry.puzzle, limits, Instrument::Plain);
    let (outcome, took) = match run {
        Ok(done) => done,
        Err(payload) => {
            a.repeatable = false;
            a.notes.push((
                ProblemKind::Nondeterministic,
                format!(
                    "{id}: round {round} of the same solve panicked ({}) where round 1 did not",
                    panic_message(payload.as_ref())
                ),
            ));
            a.wrong = true;
            return;
        }
    };
    // The solve's own clock readings are its wall time: two more around
    // it would only add work between two timed solves.
    a.wall += took;
    if outcome.stop == Stop::TimeBudget {
        a.repeatable = false;
        return;
    }
    if counts(&outcome.stats, outcome.stop.into(), outcome.count)
        != counts(&a.stats, a.stop, a.count)
    {
        a.repeatable = false;
        a.notes.push((
            ProblemKind::Nondeterministic,
            format!(
                "{id}: round {round} of the same solve gave different counts: round 1 stopped \
                 ({}) with {} solutions and {}; round {round} stopped ({}) with {} solutions \
                 and {} (counts must be deterministic)",
                a.stop.word(),
                a.count,
                stats_words(&a.stats),
                outcome.stop,
                outcome.count,
                stats_words(&outcome.stats)
            ),
        ));
        a.wrong = true;
        return;
    }
    // An instrumented first round counted; its time is not the solve's.
    if a.provisional {
        a.times.clear();
        a.provisional = false;
    }
    a.retimed = true;
    a.times
        .push(u64::try_from(took.as_nanos()).unwrap_or(u64::MAX));
}

/// Solves one puzzle (timed, panic-safe), then checks what came back. The
/// solve counts mems when the strategy can; given a follow-up's `trace`, it
/// runs traced into it instead. Either way its time is provisional (see the
/// module docs).
pub(super) fn attempt(
    solver: &dyn Solver,
    entry: &Entry,
    limits: &Limits,
    trace: Option<&mut dyn Traced>,
    estimator: Option<EstimatorFor>,
) -> Attempt {
    if solver.supports(entry.puzzle.shape()).is_err() {
        return Attempt::without_outcome(Said::Unsupported, StopReason::Unsupported);
    }
    let how = match trace {
        Some(trace) => Instrument::Traced(trace),
        None if solver.info().reports.mems => Instrument::CountMems,
        None => Instrument::Plain,
    };
    let provisional = !matches!(how, Instrument::Plain);
    let run = timed_solve(solver, &entry.puzzle, limits, how);
    let (outcome, elapsed) = match run {
        Ok(done) => done,
        Err(payload) => {
            let mut a = Attempt::without_outcome(Said::Crashed, StopReason::Crashed);
            let message = panic_message(payload.as_ref());
            a.notes.push((
                ProblemKind::Crashed,
                format!("{} crashed (panic: {message})", solver.id()),
            ));
            return a;
        }
    };
    if outcome.stop == Stop::Unsupported {
        return Attempt::without_outcome(Said::Unsupported, StopReason::Unsupported);
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
    let mut a = Attempt {
        said,
        times: vec![u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX)],
        repeatable: said != Said::Budget,
        retimed: false,
        stats: outcome.stats,
        solved: false,
        bad: false,
        wrong: false,
        solution: None,
        notes: Vec::new(),
        stop: outcome.stop.into(),
        count: outcome.count,
        wall: Duration::ZERO,
        provisional,
        budget_note: None,
        follow_up: None,
    };
    if let (Said::Budget, Some(estimator)) = (said, estimator) {
        // Outside the timed region, and bounded (a few hundred probes).
        let (stop, nodes) = (outcome.stop, outcome.stats.nodes);
        a.budget_note = budget_note(
            estimator,
            solver,
            &entry.puzzle,
            stop,
            nodes,
            elapsed,
            "this speed",
        );
    }
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
        // The floor row answers nothing by design.
        Said::Undecided if !solver.info().capabilities.floor => {
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
        parse_error: true,
        problems: vec![LineProblem {
            kind: ProblemKind::ParseError,
            message: message.to_string(),
            strategies: Vec::new(),
        }],
        ..Line::new(
            solver,
            set,
            index,
            line,
            Said::Invalid,
            StopReason::ParseError,
        )
    }
}

/// The run's follow-up measurement of a finished attempt, outside the timed
/// solve and panic-safe: a panic is a `crashed` problem and no record.
pub(super) fn follow_up(
    a: &mut Attempt,
    solver: &dyn Solver,
    entry: &Entry,
    measure: &dyn crate::follow_up::FollowUp,
    limits: &Limits,
    trace: Option<&dyn Traced>,
) {
    let solved = crate::follow_up::Solved {
        unique: a.said == Said::Unique,
        solution: a.solution.as_ref(),
        // A solve that never ran (an unsupported shape) traced nothing.
        trace: trace.filter(|_| !a.times.is_empty()),
    };
    match catch_unwind(AssertUnwindSafe(|| {
        measure.measure(solver, entry, solved, limits)
    })) {
        Ok(record) => a.follow_up = record,
        Err(payload) => a.notes.push((
            ProblemKind::Crashed,
            format!(
                "{}: the follow-up measurement crashed (panic: {})",
                solver.id(),
                panic_message(payload.as_ref())
            ),
        )),
    }
}
