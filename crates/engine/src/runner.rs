//! The comparison itself, as a library: [`run`] runs strategies over puzzle
//! sets and hands every record to a [`Sink`]. It takes the strategies
//! explicitly (not from the registry) so tests can pass a deliberately broken
//! one.
//!
//! # What is measured, and how
//!
//! * Each set is read as a stream, [`CHUNK`](super::config::CHUNK) puzzles at a
//!   time ([`RESULTS_CHUNK`](super::config::RESULTS_CHUNK) when lines are
//!   streamed to a results file). Every round runs over the whole chunk, then
//!   the chunk's verdicts are cross-checked and the next chunk is read.
//! * **The protocol** ([`super::protocol`]): the chunk is cut into blocks
//!   (by default one block: the whole chunk); each strategy in turn takes a
//!   block through a warm-up pass (every puzzle solved once, untimed, under
//!   small budgets) and then `rounds` rounds back to back, each round timing
//!   every puzzle of the block once, in file order (or a seeded shuffle,
//!   `--order shuffled`). So on a set of up to [`CHUNK`](super::config::CHUNK)
//!   puzzles each strategy makes whole-set passes in a row, as a solver's own
//!   benchmark does (tdoku's: a warm-up pass, then the best of its passes),
//!   and the order of the strategies turns by one from block to block. A
//!   puzzle's time is the fastest of its rounds, the per-puzzle form of a
//!   best pass: a preempted round drops out. Every round's time is kept (the
//!   results lines hold them).
//! * The first round is the checked one: its outcome is verified and
//!   cross-checked, and it counts mems (for the strategies that can) or,
//!   for a follow-up that reads its events (`ladder`'s rules used), runs
//!   traced; its time is then provisional, replaced by
//!   the next round's plain solve ([`super::attempt`]). The later rounds time the same solve again and must give
//!   identical counts (statistics, stop reason and solution count): a
//!   difference breaks the rule that counts are deterministic, and is a
//!   `nondeterministic` problem (exit status 1). Timed in the first round
//!   only: a solve that hit a budget (its time is the budget's, and a stopped
//!   search's counts depend on the clock), and a solve that took longer than
//!   [`REPEAT_CUTOFF`](super::config::REPEAT_CUTOFF) or a quarter of the time
//!   budget (a preemption of a few milliseconds is a small share of it, and
//!   timing it again would multiply the run's length).
//! * The checked solve uses `Limits { max_solutions: Some(2), keep_solutions:
//!   1 }` (prove uniqueness, keep one solution to verify) and the budgets of
//!   the [`RunConfig`] ([`RunConfig::timed_limits`]); the later rounds keep no
//!   solution ([`RunConfig::retime_limits`]), as solvers' own benchmarks time
//!   a proof of uniqueness.
//! * Only `solver.solve` is timed (an `Instant` around the call; see
//!   [`super::attempt`]); parsing, verification and bookkeeping are outside
//!   the timed region.
//! * Every solve runs under `catch_unwind`: a panic is counted as `crashed` for
//!   that puzzle and the run goes on.
//!
//! Then every puzzle's verdicts are cross-checked ([`super::cross_check`]),
//! and each strategy's results line is handed to the sink (a report is
//! tallied from those lines by `sudoku-reports`).
//!
//! # Exit status
//!
//! See [`ProblemKind::status`](crate::ProblemKind::status) and the report's
//! `status` (`sudoku_reports::report`): 1 for wrong answers, crashes and disagreements, 2
//! for unreadable or empty sets. Budget hits, unparseable lines and puzzles
//! that are invalid, unsolvable or have several solutions are *results* of a
//! comparison, not failures of it, and leave the status at 0.

use super::attempt::{attempt, follow_up, parse_error_line, retime, Attempt};
use super::config::RunConfig;
use super::cross_check::cross_check;
use super::machine::Machine;
use super::problem::{Problem, ProblemKind};
use super::progress::Out;
use super::protocol::{ordered, rotation};
use super::results::{Line, LineProblem};
use super::sets::PuzzleSet;
use super::sink::Sink;
use super::strategy_info::StrategyInfo;
use crate::follow_up::Traced;
use rayon::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;
use sudoku_core::{Limits, Solver};
use sudoku_input::Entry;

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

/// What a run leaves besides its records: where it ran, which strategies
/// ran, and how it ended.
#[derive(Clone, Debug)]
pub struct Finished {
    pub machine: Machine,
    pub strategies: Vec<StrategyInfo>,
    pub progress: Progress,
}

/// Runs `strategies` over `sets`, handing each cross-checked puzzle's lines
/// and every problem to `sink` as they come. Problems are also printed on
/// stderr as they are found when `config.loud` is set.
pub fn run(
    strategies: &[&dyn Solver],
    sets: &[PuzzleSet],
    config: &RunConfig,
    sink: &mut dyn Sink,
) -> Finished {
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
        sink.begin_set(&set.name, &set.path.display().to_string());
        for s in strategies {
            sink.strategy(&set.name, s.id(), s.info().outside);
        }
    }
    let mut progress = Progress::default();
    for set in sets {
        if progress.interrupted {
            break;
        }
        let mut emit = |lines: &[Line]| sink.lines(lines);
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
            sink.problem(p);
        }
    }
    for set in &progress.truncated {
        sink.truncated(set);
    }
    let mut machine = machine;
    machine.finish();
    out.finish();
    Finished {
        machine,
        strategies: infos,
        progress,
    }
}

/// One slot per puzzle of the chunk: its attempt, once the first round
/// has solved it.
type Slots = Vec<Option<Attempt>>;

/// Runs `work` on each slot of `block` (indices into `slots`), on the pool
/// when there is one; a slot taken out and put back, so workers own theirs.
fn each_slot(
    slots: &mut Slots,
    block: &[usize],
    pool: Option<&rayon::ThreadPool>,
    work: &(dyn Fn(usize, &mut Option<Attempt>) + Sync),
) {
    let mut taken: Vec<(usize, Option<Attempt>)> =
        block.iter().map(|&i| (i, slots[i].take())).collect();
    match pool {
        Some(pool) => pool.install(|| taken.par_iter_mut().for_each(|(i, a)| work(*i, a))),
        None => taken.iter_mut().for_each(|(i, a)| work(*i, a)),
    }
    for (i, a) in taken {
        slots[i] = a;
    }
}

/// The warm-up pass over a block: `solver` solves each of its puzzles
/// once, untimed, under small budgets, as a solver's own benchmark makes a
/// pass over its file before the timed ones (caches, tables and branch
/// history then hold what the timed rounds will find there).
fn warm_up(solver: &dyn Solver, chunk: &[(usize, usize, Entry)], block: &[usize], limits: &Limits) {
    for &i in block {
        let puzzle = &chunk[i].2.puzzle;
        if solver.supports(puzzle.shape()).is_ok() {
            // A panic here is reported by the timed solve of the same puzzle.
            let _ = catch_unwind(AssertUnwindSafe(|| solver.solve(puzzle, limits)));
        }
    }
}

/// The rounds over one chunk (see the module docs): `slots[s][i]` is
/// strategy `s` on puzzle `i`, `None` where an interrupt came first. The
/// chunk is cut into blocks; each strategy in turn takes a block through all
/// its rounds back to back, as a solver's own benchmark makes its passes
/// over a file back to back.
fn rounds(
    strategies: &[&dyn Solver],
    chunk: &[(usize, usize, Entry)],
    config: &RunConfig,
    pool: Option<&rayon::ThreadPool>,
    out: &Out,
    set: &str,
    first_round: usize,
) -> Vec<Slots> {
    let limits = config.timed_limits();
    let again = config.retime_limits();
    let warmup = config.warmup_limits();
    let cutoff = config.repeat_cutoff();
    let mut slots: Vec<Slots> = vec![vec![None; chunk.len()]; strategies.len()];
    let total = config.rounds.max(1);
    let order = ordered(chunk.len(), config.order, config.seed, first_round);
    'blocks: for (b, block) in order.chunks(config.block_size()).enumerate() {
        for s in rotation(strategies.len(), b) {
            let solver = strategies[s];
            out.stage(solver.id(), set);
            if config.warmup {
                warm_up(solver, chunk, block, &warmup);
            }
            for round in 0..total {
                if config.interrupted() {
                    break 'blocks;
                }
                let block = round_order(block, config, first_round + round);
                if round == 0 {
                    each_slot(&mut slots[s], &block, pool, &|i, a| {
                        *a = Some(checked_attempt(solver, &chunk[i].2, config, &limits));
                        out.inc(1);
                    });
                } else {
                    each_slot(&mut slots[s], &block, pool, &|i, a| {
                        if let Some(a) = a {
                            retime(solver, &chunk[i].2, &again, a, cutoff);
                        }
                    });
                }
            }
        }
    }
    plain_pass(
        strategies,
        chunk,
        config,
        pool,
        &mut slots,
        usize::MAX - first_round,
    );
    slots
}

/// A block's puzzles in the order of one round: the block's own order, or
/// under `--order shuffled` a fresh seeded shuffle of it each round.
fn round_order(block: &[usize], config: &RunConfig, round: usize) -> Vec<usize> {
    ordered(block.len(), config.order, config.seed, round)
        .into_iter()
        .map(|k| block[k])
        .collect()
}

/// The first round's solve of one puzzle: verified, counting mems or traced
/// for a follow-up, then the follow-up's own measure.
fn checked_attempt(
    solver: &dyn Solver,
    entry: &Entry,
    config: &RunConfig,
    limits: &Limits,
) -> Attempt {
    let started = Instant::now();
    let measure = config.follow_up.as_deref();
    let mut trace = measure.and_then(|m| m.trace());
    let mut done = attempt(
        solver,
        entry,
        limits,
        trace.as_deref_mut().map(|t| t as &mut dyn Traced),
        config.estimator,
    );
    done.wall = started.elapsed();
    // The later rounds push their times with no allocation between two
    // timed solves (an allocation there disturbs the next solve's caches).
    done.times.reserve(config.rounds);
    if let Some(measure) = measure {
        follow_up(
            &mut done,
            solver,
            entry,
            measure,
            &config.limits,
            trace.as_deref().map(|t| t as &dyn Traced),
        );
    }
    done
}

/// With one round, a solve whose only time is an instrumented one (it
/// counted mems, or was traced) is timed once more, plainly, in the same
/// block order: every time comes from a plain solve ([`super::attempt`]).
/// With more rounds the second round has done it already.
fn plain_pass(
    strategies: &[&dyn Solver],
    chunk: &[(usize, usize, Entry)],
    config: &RunConfig,
    pool: Option<&rayon::ThreadPool>,
    slots: &mut [Slots],
    round: usize,
) {
    let pending = |slots: &[Slots]| {
        slots
            .iter()
            .flatten()
            .flatten()
            .any(Attempt::wants_plain_time)
    };
    if !pending(slots) {
        return;
    }
    let limits = config.retime_limits();
    let cutoff = config.repeat_cutoff();
    let order = ordered(chunk.len(), config.order, config.seed, round);
    for (b, block) in order.chunks(config.block_size()).enumerate() {
        if config.interrupted() {
            return;
        }
        for s in rotation(strategies.len(), b) {
            let solver = strategies[s];
            each_slot(&mut slots[s], block, pool, &|i, a| {
                if let Some(a) = a.as_mut().filter(|a| a.wants_plain_time()) {
                    retime(solver, &chunk[i].2, &limits, a, cutoff);
                }
            });
        }
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
    let mut items = match set.source().open(config.read) {
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
    let limit = config.limit_puzzles.unwrap_or(usize::MAX);
    let size = config.chunk.max(1);
    let mut taken = 0usize;
    let mut chunk_no = 0usize;
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
        let slots = rounds(
            strategies,
            &chunk,
            config,
            pool,
            out,
            &set.name,
            chunk_no * config.rounds.max(1),
        );
        chunk_no += 1;
        // Interrupted: keep the puzzles every strategy finished in the first round.
        let finished: Vec<usize> = (0..chunk.len())
            .filter(|&i| slots.iter().all(|s| s[i].is_some()))
            .collect();
        if finished.len() < chunk.len() {
            progress.interrupted = true;
        }
        let mut results: Vec<Vec<Attempt>> = slots
            .into_iter()
            .map(|s| {
                finished
                    .iter()
                    .map(|&i| s[i].clone().expect("finished"))
                    .collect()
            })
            .collect();
        let chunk: Vec<&(usize, usize, Entry)> = finished.iter().map(|&i| &chunk[i]).collect();
        for (solver, attempts) in strategies.iter().zip(&results) {
            for (a, (_, line, _)) in attempts.iter().zip(&chunk) {
                if let Some(note) = &a.budget_note {
                    out.say(&format!("note: {}:{line}: {note}", set.name));
                }
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
        }
        for (i, &&(index, line, ref entry)) in chunk.iter().enumerate() {
            let mut column: Vec<&mut Attempt> = results.iter_mut().map(|r| &mut r[i]).collect();
            let disagreement =
                cross_check(strategies, entry, &mut column).map(|(wrong, message)| {
                    out.say(
                        &problem(
                            ProblemKind::Disagreement,
                            Some(line),
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
                    let mut l = attempts[i].line(*solver, &set.name, index, line, entry);
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
