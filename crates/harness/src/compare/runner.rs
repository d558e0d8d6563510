//! The comparison itself, as a library: [`compare`] runs strategies over puzzle
//! sets and returns a [`Report`]. It takes the strategies explicitly (not from
//! the registry) so tests can pass a deliberately broken one.
//!
//! # What is measured, and how
//!
//! * Each set is read as a stream, [`CHUNK`](super::config::CHUNK) puzzles at a time. Every strategy
//!   solves the whole chunk before the next strategy starts (so caches stay
//!   warm for the strategy being timed), then the chunk's verdicts are
//!   cross-checked and the next chunk is read.
//! * Each solve uses `Limits { max_solutions: Some(2), keep_solutions: 1 }`
//!   (prove uniqueness, keep one solution to verify) and the budgets of the
//!   [`RunConfig`] ([`RunConfig::timed_limits`]).
//! * Only `solver.solve` is timed (an `Instant` around the call; see
//!   [`super::attempt`]); parsing, verification and bookkeeping are outside
//!   the timed region. Before the first chunk of each set, each strategy
//!   solves up to [`WARMUP_PUZZLES`] puzzles untimed, under a small budget, to
//!   build its scratch space and warm the caches.
//! * Every solve runs under `catch_unwind`: a panic is counted as `crashed` for
//!   that puzzle and the run goes on.
//! * With `repeat` above 1, each solve runs up to that many times in a row and
//!   the **fastest** time is kept: one preemption of the machine then no longer
//!   decides a mean. The repeats must give identical counts (statistics, stop
//!   reason and solution count): a difference breaks the rule that counts are
//!   deterministic, and is a `nondeterministic` problem (exit status 1). Not
//!   repeated: a solve that hit a budget (its time is the budget's, and a
//!   stopped search's counts depend on the clock), and a solve that took longer
//!   than [`REPEAT_CUTOFF`](super::config::REPEAT_CUTOFF) or a quarter of the time budget (a preemption of a
//!   few milliseconds is a small share of it, and repeating it would multiply
//!   the run's length). The spread between repeats is kept per row.
//!
//! Then every puzzle's verdicts are cross-checked ([`super::cross_check`]),
//! each strategy's results line is handed on, and the report is tallied from
//! those lines ([`super::tally`]; its figures and their bounds:
//! [`super::summary`]).
//!
//! # Exit status
//!
//! See [`Report::status`]: 1 for wrong answers, crashes and disagreements, 2
//! for unreadable or empty sets. Budget hits, unparseable lines and puzzles
//! that are invalid, unsolvable or have several solutions are *results* of a
//! comparison, not failures of it, and leave the status at 0.

use super::attempt::{attempt, parse_error_line, Attempt, Repeat};
use super::config::{RunConfig, WARMUP_PUZZLES};
use super::cross_check::cross_check;
use super::progress::Out;
use super::report::{Problem, ProblemKind, Report, StrategyInfo};
use super::results::{Line, LineProblem};
use super::sets::PuzzleSet;
use super::tally::Tally;
use crate::input::Source;
use rayon::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;
use sudoku_core::{Entry, Limits, Solver};

/// How a run ended: whether a signal stopped it, and how far it got.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub interrupted: bool,
    /// Puzzles finished by this run, and skipped as already done.
    pub finished: u64,
    pub skipped: u64,
    /// Sets `--limit-puzzles` cut short.
    truncated: Vec<String>,
}

/// Runs `strategies` over `sets` and returns the report. Problems are printed
/// on stderr as they are found when `config.loud` is set, and always recorded.
pub fn compare(strategies: &[&dyn Solver], sets: &[PuzzleSet], config: &RunConfig) -> Report {
    compare_streaming(strategies, sets, config, Tally::default(), &mut |_| {}).0
}

/// [`compare`], handing each cross-checked puzzle's lines to `sink` as it
/// finishes. The report is tallied from the same lines, on top of `tally`
/// (lines a resumed run already holds).
pub fn compare_streaming(
    strategies: &[&dyn Solver],
    sets: &[PuzzleSet],
    config: &RunConfig,
    mut tally: Tally,
    sink: &mut dyn FnMut(&[Line]),
) -> (Report, Progress) {
    let out = Out::new(strategies.len(), sets, config);
    let pool = (config.jobs > 1).then(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(config.jobs)
            .build()
            .expect("a thread pool for --jobs")
    });
    let machine = config.machine();
    let infos = strategies.iter().map(|s| StrategyInfo::of(*s)).collect();
    for set in sets {
        tally.begin_set(&set.name, &set.path.display().to_string());
        for s in strategies {
            tally.strategy(&set.name, s.id(), s.info().outside);
        }
    }
    let mut progress = Progress::default();
    for set in sets {
        if progress.interrupted {
            break;
        }
        let mut emit = |lines: &[Line]| {
            for line in lines {
                tally.add(line);
            }
            sink(lines);
        };
        let problems = run_set(
            strategies,
            set,
            config,
            pool.as_ref(),
            &out,
            &mut emit,
            &mut progress,
        );
        for p in problems {
            tally.problem(p);
        }
    }
    for set in &progress.truncated {
        tally.truncated(set);
    }
    let mut report = tally.into_report(machine, infos);
    report.machine.finish();
    out.finish();
    (report, progress)
}

fn run_strategy(
    solver: &dyn Solver,
    chunk: &[(usize, usize, Entry)],
    limits: &Limits,
    repeat: Repeat,
    pool: Option<&rayon::ThreadPool>,
    out: &Out,
    config: &RunConfig,
) -> Vec<Attempt> {
    let one = |(_, _, entry): &(usize, usize, Entry)| {
        if config.interrupted() {
            return None;
        }
        let started = Instant::now();
        let mut a = attempt(solver, entry, limits, repeat);
        a.wall = started.elapsed();
        out.inc(1);
        Some(a)
    };
    let done: Vec<Option<Attempt>> = match pool {
        Some(pool) => pool.install(|| chunk.par_iter().map(one).collect()),
        None => chunk.iter().map(one).take_while(Option::is_some).collect(),
    };
    // Interrupted: the puzzles before the first one not started.
    done.into_iter().map_while(|a| a).collect()
}

fn warm_up(solver: &dyn Solver, chunk: &[(usize, usize, Entry)], limits: &Limits) {
    let supported = chunk
        .iter()
        .filter(|(_, _, e)| solver.supports(e.puzzle.shape()).is_ok());
    for (_, _, entry) in supported.take(WARMUP_PUZZLES) {
        // A panic here is reported by the timed solve of the same puzzle.
        let _ = catch_unwind(AssertUnwindSafe(|| solver.solve(&entry.puzzle, limits)));
    }
}

/// Runs one set, handing each finished puzzle's lines to `emit`; returns the
/// problems that belong to no puzzle (an unreadable or empty set).
fn run_set(
    strategies: &[&dyn Solver],
    set: &PuzzleSet,
    config: &RunConfig,
    pool: Option<&rayon::ThreadPool>,
    out: &Out,
    emit: &mut dyn FnMut(&[Line]),
    progress: &mut Progress,
) -> Vec<Problem> {
    let problem = |kind, line, strategies: Vec<String>, message| Problem {
        kind,
        set: set.name.clone(),
        line,
        strategies,
        message,
    };
    let mut items = match Source::File(set.path.clone()).open(config.read) {
        Ok(items) => items,
        Err(e) => {
            let p = problem(
                ProblemKind::Unreadable,
                None,
                vec![],
                format!("cannot read the set: {e}"),
            );
            out.say(&p.to_string());
            return vec![p];
        }
    };
    let limits = config.timed_limits();
    let warmup_limits = config.warmup_limits();
    let repeat = Repeat {
        runs: config.repeat.max(1),
        cutoff: config.repeat_cutoff(),
    };
    let limit = config.limit_puzzles.unwrap_or(usize::MAX);
    let size = config.chunk.max(1);
    let mut taken = 0usize;
    let mut first_chunk = true;
    loop {
        if config.interrupted() {
            progress.interrupted = true;
            break;
        }
        // (index in the set, file line, puzzle)
        let mut chunk: Vec<(usize, usize, Entry)> = Vec::with_capacity(size.min(limit - taken));
        while chunk.len() < size && taken < limit {
            let Some((line, item)) = items.next() else {
                break;
            };
            let index = taken;
            taken += 1;
            if !config.takes(index) {
                continue;
            }
            if config.skip.contains(&(set.name.clone(), index)) {
                progress.skipped += 1;
                out.inc(strategies.len() as u64);
                continue;
            }
            match item {
                Ok(entry) => chunk.push((index, line, entry)),
                Err(e) => {
                    out.inc(strategies.len() as u64);
                    let message = format!("{} (counted as invalid for every strategy)", e.kind);
                    out.say(
                        &problem(ProblemKind::ParseError, Some(line), vec![], message.clone())
                            .to_string(),
                    );
                    let lines: Vec<Line> = strategies
                        .iter()
                        .map(|s| parse_error_line(*s, &set.name, index, line, &message))
                        .collect();
                    emit(&lines);
                    progress.finished += 1;
                }
            }
        }
        if chunk.is_empty() {
            break;
        }
        let mut results = Vec::with_capacity(strategies.len());
        for solver in strategies {
            out.stage(solver.id(), &set.name);
            if first_chunk && config.warmup {
                warm_up(*solver, &chunk, &warmup_limits);
            }
            let attempts = run_strategy(*solver, &chunk, &limits, repeat, pool, out, config);
            for (a, (_, line, _)) in attempts.iter().zip(&chunk) {
                for (kind, message) in &a.notes {
                    let p = problem(
                        *kind,
                        Some(*line),
                        vec![solver.id().to_string()],
                        message.clone(),
                    );
                    out.say(&p.to_string());
                }
            }
            results.push(attempts);
        }
        first_chunk = false;
        // Interrupted: keep the puzzles every strategy finished.
        let done = results.iter().map(Vec::len).min().unwrap_or(0);
        if done < chunk.len() {
            progress.interrupted = true;
            chunk.truncate(done);
        }
        for (i, (index, line, entry)) in chunk.iter().enumerate() {
            let mut column: Vec<&mut Attempt> = results.iter_mut().map(|r| &mut r[i]).collect();
            let disagreement =
                cross_check(strategies, entry, &mut column).map(|(wrong, message)| {
                    out.say(
                        &problem(
                            ProblemKind::Disagreement,
                            Some(*line),
                            wrong.clone(),
                            message.clone(),
                        )
                        .to_string(),
                    );
                    LineProblem {
                        kind: ProblemKind::Disagreement,
                        message,
                        strategies: wrong,
                    }
                });
            let lines: Vec<Line> = strategies
                .iter()
                .zip(&results)
                .map(|(solver, attempts)| {
                    let mut l = attempts[i].line(*solver, &set.name, *index, *line, entry);
                    l.disagreement = disagreement.clone();
                    l
                })
                .collect();
            emit(&lines);
            progress.finished += 1;
        }
        if progress.interrupted {
            return Vec::new();
        }
    }
    let mut problems = Vec::new();
    if taken == 0 {
        let p = problem(
            ProblemKind::Empty,
            None,
            vec![],
            "no puzzles found (empty, or only comments)".into(),
        );
        out.say(&p.to_string());
        problems.push(p);
    }
    if taken == limit && items.next().is_some() {
        tally_truncated(set, progress);
    }
    problems
}

/// `--limit-puzzles` stopped the reading of `set` before its end.
fn tally_truncated(set: &PuzzleSet, progress: &mut Progress) {
    progress.truncated.push(set.name.clone());
}
