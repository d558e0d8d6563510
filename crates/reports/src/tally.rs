//! The tally: results lines in, a [`Report`] out. `compare` feeds it the
//! lines it streams and `merge` the lines it reads back, so a report is
//! always computed from lines, and the shards of a run merge into the counts
//! of one run.

use super::summary::{finish_row, rank, Acc};
use crate::report::{Report, ResultRecord, SetInfo};
use std::collections::HashSet;
use sudoku_core::Solver;
use sudoku_engine::interval::MIN_PUZZLES_FOR_STANDING;
use sudoku_engine::interval::{
    percentile_interval, ratio_interval, replicate, Interval, Replicates,
};
use sudoku_engine::machine::Machine;
use sudoku_engine::results::{Line, LineProblem, LineShape};
use sudoku_engine::runner::{self, Progress};
use sudoku_engine::sink::{Both, Sink};
use sudoku_engine::{Problem, StrategyInfo};
use sudoku_engine::{PuzzleSet, RunConfig};

/// The report's figures, tallied from results lines: what
/// [`compare`] streams, and what `sudoku-lab merge`
/// reads back. A (set, puzzle, strategy)
/// seen twice counts once.
#[derive(Default)]
pub struct Tally {
    sets: Vec<SetTally>,
    seen: HashSet<(String, usize, String)>,
    problems: Vec<Problem>,
}

#[derive(Default)]
struct SetTally {
    name: String,
    path: String,
    truncated: bool,
    shapes: Vec<LineShape>,
    /// (strategy id, reference, figures)
    rows: Vec<(String, bool, Acc)>,
    puzzles: HashSet<usize>,
    parse_errors: HashSet<usize>,
    disagreements: HashSet<usize>,
    study: super::study::Collector,
}

impl Tally {
    fn set(&mut self, name: &str) -> &mut SetTally {
        match self.sets.iter().position(|s| s.name == name) {
            Some(i) => &mut self.sets[i],
            None => {
                self.begin_set(name, name);
                self.sets.last_mut().expect("just added")
            }
        }
    }

    /// Declares a set (its rows appear even with no puzzle tallied).
    pub fn begin_set(&mut self, name: &str, path: &str) {
        if !self.sets.iter().any(|s| s.name == name) {
            self.sets.push(SetTally {
                name: name.to_string(),
                path: path.to_string(),
                ..SetTally::default()
            });
        }
    }

    /// Declares a strategy's row on a set.
    pub fn strategy(&mut self, set: &str, id: &str, reference: bool) {
        let set = self.set(set);
        if !set.rows.iter().any(|r| r.0 == id) {
            set.rows.push((id.to_string(), reference, Acc::default()));
        }
    }

    /// A problem that belongs to no puzzle.
    pub fn problem(&mut self, p: Problem) {
        self.problems.push(p);
    }

    /// `--limit-puzzles` stopped the reading of `set` before its end.
    pub fn truncated(&mut self, set: &str) {
        self.set(set).truncated = true;
    }

    /// Adds one line; a (set, puzzle, strategy) already tallied is ignored.
    pub fn add(&mut self, l: &Line) {
        if !self
            .seen
            .insert((l.set.clone(), l.index, l.strategy.clone()))
        {
            return;
        }
        self.strategy(&l.set, &l.strategy, l.reference);
        let mut found = Vec::new();
        let set = self.set(&l.set);
        let problem = |p: &LineProblem, strategies: Vec<String>| Problem {
            kind: p.kind,
            set: l.set.clone(),
            line: Some(l.line),
            strategies,
            message: p.message.clone(),
        };
        if l.parse_error {
            if set.parse_errors.insert(l.index) {
                found.extend(l.problems.iter().map(|p| problem(p, vec![])));
            }
        } else {
            set.puzzles.insert(l.index);
            if let Some(shape) = l.shape.filter(|s| !set.shapes.contains(s)) {
                set.shapes.push(shape);
            }
            set.study.add(l);
            let row = set.rows.iter_mut().find(|r| r.0 == l.strategy);
            row.expect("declared above").2.add(l);
            found.extend(
                l.problems
                    .iter()
                    .map(|p| problem(p, vec![l.strategy.clone()])),
            );
            if let Some(d) = &l.disagreement {
                if set.disagreements.insert(l.index) {
                    found.push(problem(d, d.strategies.clone()));
                }
            }
        }
        self.problems.extend(found);
    }

    /// The report: one ranked row per set and strategy.
    pub fn into_report(self, machine: Machine, strategies: Vec<StrategyInfo>) -> Report {
        let mut report = Report {
            machine,
            strategies,
            sets: Vec::new(),
            results: Vec::new(),
            problems: self.problems,
            notes: Vec::new(),
            study: Vec::new(),
            passes: Vec::new(),
        };
        for mut set in self.sets {
            set.shapes
                .sort_by_key(|s| (s.box_rows * s.box_cols, s.box_rows));
            let info = SetInfo {
                name: set.name.clone(),
                path: set.path.clone(),
                puzzles: set.puzzles.len() as u64,
                parse_errors: set.parse_errors.len() as u64,
                truncated: set.truncated,
                shapes: set.shapes.iter().map(|s| s.label()).collect(),
                disagreements: set.disagreements.len() as u64,
            };
            let mut rows: Vec<ResultRecord> = set
                .rows
                .iter()
                .map(|(id, reference, acc)| finish_row(id, *reference, &set.name, acc, &info))
                .collect();
            let fastest = rank(&mut rows);
            let order: Vec<&str> = rows.iter().map(|r| r.strategy.as_str()).collect();
            report.study.extend(set.study.records(&set.name, &order));
            intervals(&mut rows, &set.rows, fastest);
            report.results.extend(rows);
            report.sets.push(info);
        }
        report
    }
}

/// Fills in the 95% intervals of a set's ranked rows (see
/// [`super::interval`]), from the rounds their lines hold; `fastest` is the
/// row [`rank`] chose.
fn intervals(rows: &mut [ResultRecord], accs: &[(String, bool, Acc)], fastest: Option<usize>) {
    let data: Vec<&[(usize, Vec<u64>)]> = rows
        .iter()
        .map(|r| {
            accs.iter()
                .find(|a| a.0 == r.strategy)
                .map_or(&[][..], |a| a.2.rounds.as_slice())
        })
        .collect();
    if data.iter().all(|d| d.is_empty()) {
        return;
    }
    let reps = replicate(&data);
    let micros = |ci: Interval| Interval([ci.lo() / 1e3, ci.hi() / 1e3].map(round3));
    let reference = rows.iter().position(|r| r.reference && r.mean_us.is_some());
    let reference_mean = reference.and_then(|i| rows[i].mean_us);
    // The mean of the row just above, when it is a measurement.
    let mut previous_mean: Option<f64> = None;
    for (i, row) in rows.iter_mut().enumerate() {
        if row.mean_us.is_none() {
            previous_mean = None;
            continue;
        }
        row.mean_us_ci95 = percentile_interval(reps.means[i].iter().copied()).map(micros);
        row.median_us_ci95 = percentile_interval(reps.medians[i].iter().copied()).map(micros);
        row.shared_with_fastest = fastest.map(|f| reps.shared(i, f));
        // Two rows that timed different puzzles (a strategy that does not
        // solve every shape of a mixed set) are compared on the puzzles both
        // timed: a ratio of means over different puzzles says nothing. An
        // interval over fewer than MIN_PUZZLES_FOR_STANDING shared puzzles
        // would rank the two by a puzzle or two: none is given.
        // The ratio to row `other` (`of_means` when the two timed the same
        // puzzles) and its interval.
        let paired = |other: usize, of_means: f64| {
            let (point, enough) = if reps.same_puzzles(i, other) {
                (Some(of_means), true)
            } else {
                match reps.ratio(i, other) {
                    Some((r, shared)) => (Some(round3(r)), shared >= MIN_PUZZLES_FOR_STANDING),
                    None => (None, false),
                }
            };
            let interval = ratio_interval(&reps, i, other)
                .filter(|_| enough)
                .map(|c| Interval(c.0.map(round3)));
            (point, interval)
        };
        // A row's ratio to itself is 1 exactly: no interval.
        if let Some(f) = fastest.filter(|&f| f != i) {
            if let Some(r) = row.ratio_to_fastest {
                (row.ratio_to_fastest, row.ratio_ci95) = paired(f, r);
            }
        }
        // A row that decided nothing has no standing: its time is no solver's.
        let standing = !row.lower_bound && row.decided > 0;
        if let Some(previous) = previous_mean.filter(|&m| m > 0.0 && standing) {
            if let Some(mean) = row.mean_us {
                (row.ratio_to_previous, row.ratio_to_previous_ci95) =
                    paired(i - 1, round3(mean / previous));
            }
        }
        previous_mean = row.mean_us.filter(|_| standing);
        if let (Some(r), Some(m), Some(mean)) = (reference, reference_mean, row.mean_us) {
            if m > 0.0 {
                let (point, interval) = paired(r, round3(mean / m));
                row.ratio_to_reference = point;
                row.ratio_to_reference_ci95 = interval.filter(|_| r != i);
            }
        }
    }
    if let Some(f) = fastest {
        mems_ratios_on_the_fastests_puzzles(rows, &reps, f);
    }
}

/// Mems are not kept per puzzle, so a mems ratio only holds between rows
/// that timed the very puzzles the fastest row timed. [`rank`] could only
/// compare counts: where a row timed as many puzzles but other ones, its
/// mems ratio goes, and the fewest mems are taken again among the rows
/// that timed the fastest's puzzles. Sets where every row timed the same
/// puzzles keep [`rank`]'s ratios.
fn mems_ratios_on_the_fastests_puzzles(rows: &mut [ResultRecord], reps: &Replicates, f: usize) {
    let same: Vec<bool> = (0..rows.len()).map(|i| reps.same_puzzles(i, f)).collect();
    if same.iter().all(|&s| s) {
        return;
    }
    let fewest = rows
        .iter()
        .zip(&same)
        .filter(|(r, &s)| s && !r.lower_bound)
        .filter_map(|(r, _)| r.mems_mean)
        .fold(f64::INFINITY, f64::min);
    for (row, &s) in rows.iter_mut().zip(&same) {
        row.mems_ratio = row
            .mems_mean
            .filter(|_| s && fewest.is_finite() && fewest > 0.0)
            .map(|m| round3(m / fewest));
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The tally is the sink a report is made from.
impl Sink for Tally {
    fn begin_set(&mut self, name: &str, path: &str) {
        Tally::begin_set(self, name, path);
    }
    fn strategy(&mut self, set: &str, id: &str, outside: bool) {
        Tally::strategy(self, set, id, outside);
    }
    fn lines(&mut self, lines: &[Line]) {
        for line in lines {
            self.add(line);
        }
    }
    fn problem(&mut self, problem: Problem) {
        Tally::problem(self, problem);
    }
    fn truncated(&mut self, set: &str) {
        Tally::truncated(self, set);
    }
}

/// Runs `strategies` over `sets` on the engine and returns the report.
pub fn compare(strategies: &[&dyn Solver], sets: &[PuzzleSet], config: &RunConfig) -> Report {
    compare_streaming(
        strategies,
        sets,
        config,
        Tally::default(),
        &mut |_: &[Line]| {},
    )
    .0
}

/// [`compare`], handing each cross-checked puzzle's lines to `sink` as it
/// finishes. The report is tallied from the same lines, on top of `tally`
/// (lines a resumed run already holds).
pub fn compare_streaming(
    strategies: &[&dyn Solver],
    sets: &[PuzzleSet],
    config: &RunConfig,
    mut tally: Tally,
    sink: &mut dyn Sink,
) -> (Report, Progress) {
    let finished = runner::run(strategies, sets, config, &mut Both(&mut tally, sink));
    let report = tally.into_report(finished.machine, finished.strategies);
    (report, finished.progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Solver;
    use sudoku_engine::results::{Said, StopReason};

    /// A line of `solver` on puzzle `index`, unique, timed at `ns` each round
    /// (or unsupported when `ns` is `None`).
    fn line(solver: &dyn Solver, index: usize, ns: Option<u64>) -> Line {
        let said = if ns.is_some() {
            Said::Unique
        } else {
            Said::Unsupported
        };
        let mut l = Line::new(
            solver,
            "mixed",
            index,
            index + 1,
            said,
            StopReason::Exhausted,
        );
        if let Some(ns) = ns {
            l.time_ns = Some(ns);
            l.times_ns = vec![ns; 3];
            l.solved = true;
            // Mems as many as the time in ns, so each row's mems follow its
            // times.
            l.stats.mems = Some(ns);
        }
        l
    }

    /// The rows of a report on one set where row `a` (dlx) timed every
    /// puzzle and row `b` (naive) some: per puzzle, `a`'s time and `b`'s (ns).
    fn mixed_report(times: &[(u64, Option<u64>)]) -> Report {
        let times: Vec<_> = times
            .iter()
            .map(|&(a_ns, b_ns)| (Some(a_ns), b_ns))
            .collect();
        two_rows(&times)
    }

    /// The rows of a report on one set where rows `a` (dlx) and `b` (naive)
    /// each timed some puzzles: per puzzle, `a`'s time and `b`'s (ns).
    fn two_rows(times: &[(Option<u64>, Option<u64>)]) -> Report {
        let (a, b) = (&sudoku_dlx::Dlx, &sudoku_naive::Naive);
        let mut tally = Tally::default();
        for (index, &(a_ns, b_ns)) in times.iter().enumerate() {
            tally.add(&line(a, index, a_ns));
            tally.add(&line(b, index, b_ns));
        }
        tally.into_report(Machine::default(), Vec::new())
    }

    /// The two rows of [`mixed_report`]: `a`'s, then `b`'s.
    fn rows(report: &Report) -> (&ResultRecord, &ResultRecord) {
        let row = |id: &str| {
            report
                .results
                .iter()
                .find(|r| r.strategy == id)
                .expect("a row")
        };
        (row(sudoku_dlx::Dlx.id()), row(sudoku_naive::Naive.id()))
    }

    /// A mixed set as `puzzles/multiple.txt` is: two small puzzles only `a`
    /// solves, slowly, and two 9x9 ones both solve, `b` a little faster. Over
    /// its own puzzles `b`'s mean is far below `a`'s; on the puzzles both
    /// timed it is 0.8 of `a`'s. The report must say 0.8, and keep `a`, which
    /// timed every puzzle, as the fastest.
    #[test]
    fn rows_that_timed_different_puzzles_are_compared_on_the_shared_ones() {
        let report = mixed_report(&[
            (50_000, None),
            (50_000, None),
            (1_000, Some(800)),
            (2_000, Some(1_600)),
        ]);
        let (ra, rb) = rows(&report);
        assert_eq!((ra.timed, rb.timed), (4, 2));
        // `b`'s two puzzles are among the fastest's four.
        assert_eq!(
            (ra.shared_with_fastest, rb.shared_with_fastest),
            (Some(4), Some(2))
        );
        // The means stay each row's own, over its own puzzles.
        assert_eq!(rb.mean_us, Some(1.2));
        // So are the fastest puzzles, and none of them was stopped.
        assert_eq!((ra.min_us, rb.min_us), (Some(1.0), Some(0.8)));
        assert!(!ra.min_lower_bound && !rb.min_lower_bound);
        assert_eq!(ra.ratio_to_fastest, Some(1.0));
        assert_eq!(rb.ratio_to_fastest, Some(0.8));
        assert_eq!(rb.ratio_to_previous, Some(0.8));
        // Two shared puzzles are too few to rank the rows by: no interval.
        assert_eq!(rb.ratio_ci95, None);
        // Mems are not kept per puzzle: no mems ratio for the row that timed
        // fewer, and the fewest mems among the rows that timed the most.
        assert_eq!((ra.mems_ratio, rb.mems_ratio), (Some(1.0), None));
        let note = super::super::notes::footnotes(&report).join("\n");
        assert!(
            note.contains(&format!("{} on mixed (2 of 4)", rb.strategy)),
            "{note}"
        );
        assert!(!note.contains(&format!("{} on", ra.strategy)), "{note}");
    }

    /// Two rows that timed as many puzzles, but not the same ones (here each
    /// left out one the other timed): `b`'s mean, over its own three, is
    /// twice `a`'s, its ratio over the two both timed 0.8. The footnote
    /// names `b`, which timed a puzzle the fastest (`a`) did not, though its
    /// count is the most.
    #[test]
    fn rows_that_timed_as_many_but_other_puzzles_are_named() {
        let report = two_rows(&[
            (Some(1_000), None),
            (Some(1_000), Some(800)),
            (Some(1_000), Some(800)),
            (None, Some(4_400)),
        ]);
        let (ra, rb) = rows(&report);
        assert_eq!((ra.timed, rb.timed), (3, 3));
        assert_eq!((ra.mean_us, rb.mean_us), (Some(1.0), Some(2.0)));
        assert_eq!(
            (ra.ratio_to_fastest, rb.ratio_to_fastest),
            (Some(1.0), Some(0.8))
        );
        assert_eq!(
            (ra.shared_with_fastest, rb.shared_with_fastest),
            (Some(3), Some(2))
        );
        // Mems are not kept per puzzle: `b`'s mems are over other puzzles
        // than `a`'s, so it has no mems ratio.
        assert_eq!((ra.mems_ratio, rb.mems_ratio), (Some(1.0), None));
        let note = super::super::notes::footnotes(&report).join("\n");
        assert!(
            note.contains(&format!(
                "{} on mixed (3 of 3, 1 not timed by the fastest)",
                rb.strategy
            )),
            "{note}"
        );
        assert!(!note.contains(&format!("{} on", ra.strategy)), "{note}");
    }

    /// With enough shared puzzles the ratio has its interval, over those
    /// puzzles only: `b` takes 0.8 of `a`'s time on each of the twelve it
    /// timed, whatever `a` took on the two it timed alone.
    #[test]
    fn a_ratio_over_enough_shared_puzzles_has_its_interval() {
        let mut times = vec![(90_000, None); 2];
        times.extend((3..=14).map(|k| (1_000 * k, Some(800 * k))));
        let report = mixed_report(&times);
        let (_, rb) = rows(&report);
        assert_eq!(rb.timed, 12);
        assert_eq!(rb.ratio_to_fastest, Some(0.8));
        assert_eq!(rb.ratio_ci95, Some(Interval([0.8, 0.8])));
    }
}
