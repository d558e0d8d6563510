//! A row of a table from the lines of one strategy on one set: counts,
//! times, search figures, and the rank of the rows.
//!
//! # Censored figures
//!
//! A puzzle stopped by a budget is timed at the time it took, so every figure
//! that includes it is a **lower bound** on what a complete search would
//! cost: the mean and max time, the search statistics and the peak memory of
//! the row (and the throughput is an upper bound). The median and the 90th
//! percentile are lower bounds only when a stopped puzzle ranks at or below
//! them. [`ResultRecord`] carries these marks (`lower_bound`,
//! `median_lower_bound`, ...), and tables and charts show them (`>=`).
//!
//! # Ranking
//!
//! Rows rank by puzzles **decided** first (a definite verdict that survived
//! verification and the cross-check), then by mean time, so a strategy that
//! stopped on more puzzles never ranks above one that finished them; the ratio
//! to the fastest is taken against the fastest mean that is not a lower bound.
//!
//! # What a strategy does not measure
//!
//! A search figure (nodes, guesses, backtracks, peak memory, mems) is shown only
//! when every timed line of the row measured it; otherwise it is `null`
//! (n/a), as the lines say for each statistic alike.

use crate::report::{ResultRecord, SetInfo};
use std::time::Duration;
use sudoku_engine::interval::median;
use sudoku_engine::results::{Line, Said};

/// One statistic of a row, summed over its timed puzzles. The row shows it
/// only if every timed puzzle measured it: a mean over some puzzles would
/// read as a mean over all.
#[derive(Clone, Debug, Default)]
pub(super) struct Figure {
    sum: u128,
    max: u64,
    /// Some timed puzzle did not measure it (`null` in its line).
    unmeasured: bool,
}

impl Figure {
    fn add(&mut self, value: Option<u64>) {
        match value {
            Some(v) => {
                self.sum += v as u128;
                self.max = self.max.max(v);
            }
            None => self.unmeasured = true,
        }
    }
    fn mean(&self, timed: f64) -> Option<f64> {
        (!self.unmeasured).then(|| round3(self.sum as f64 / timed))
    }
    fn max(&self) -> Option<u64> {
        (!self.unmeasured).then_some(self.max)
    }
}

/// Statistics of one strategy on one set, accumulated line by line.
#[derive(Clone, Debug, Default)]
pub(super) struct Acc {
    supported: u64,
    unsupported: u64,
    unique: u64,
    multiple: u64,
    none: u64,
    invalid: u64,
    budget_hit: u64,
    crashed: u64,
    undecided: u64,
    wrong: u64,
    /// A definite verdict that was not counted wrong.
    decided: u64,
    solved: u64,
    solved_no_guess: u64,
    /// Per timed puzzle: (time in ns, nodes, stopped by a budget).
    times: Vec<(u64, Option<u64>, bool)>,
    /// Per timed puzzle: its index in the set and every round's time, ns
    /// (the intervals' data).
    pub(super) rounds: Vec<(usize, Vec<u64>)>,
    /// Per decided puzzle with a time: its time in ns (the cactus plot).
    decided_times: Vec<u64>,
    /// Solves run more than once, and their spreads.
    spreads: Vec<f64>,
    nodes: Figure,
    guesses: Figure,
    backtracks: Figure,
    peak_bytes: Figure,
    mems: Figure,
    wall: Duration,
    /// The budget hits' estimate notes: how many, and the first in set
    /// order, with its line.
    budget_notes: u64,
    first_budget_note: Option<(usize, usize, String)>,
}

impl Acc {
    pub(super) fn add(&mut self, a: &Line) {
        self.wall += Duration::from_nanos(a.wall_ns);
        let said = a.verdict;
        if said == Said::Unsupported {
            self.unsupported += 1;
            return;
        }
        self.supported += 1;
        if let Some(note) = &a.budget_note {
            self.budget_notes += 1;
            if self
                .first_budget_note
                .as_ref()
                .is_none_or(|f| a.index < f.0)
            {
                self.first_budget_note = Some((a.index, a.line, note.clone()));
            }
        }
        match said {
            Said::Unique => self.unique += 1,
            Said::Multiple => self.multiple += 1,
            Said::None => self.none += 1,
            Said::Invalid => self.invalid += 1,
            Said::Budget => self.budget_hit += 1,
            Said::Crashed => self.crashed += 1,
            Said::Undecided => self.undecided += 1,
            Said::Unsupported => unreachable!(),
        }
        self.wrong += a.wrong as u64;
        self.decided += (said.definite() && !a.wrong) as u64;
        if let Some(spread) = a.spread() {
            self.spreads.push(spread);
        }
        if a.solved {
            self.solved += 1;
            self.solved_no_guess += (a.stats.guesses == Some(0)) as u64;
        }
        if let Some(nanos) = a.time_ns {
            if said.definite() && !a.wrong {
                self.decided_times.push(nanos);
            }
            self.times
                .push((nanos, a.stats.nodes, said == Said::Budget));
            let rounds = if a.times_ns.is_empty() {
                vec![nanos]
            } else {
                a.times_ns.clone()
            };
            self.rounds.push((a.index, rounds));
            self.nodes.add(a.stats.nodes);
            self.guesses.add(a.stats.guesses);
            self.backtracks.add(a.stats.backtracks);
            self.peak_bytes.add(a.stats.peak_bytes);
            self.mems.add(a.stats.mems);
        }
    }
}

fn micros(nanos: f64) -> f64 {
    (nanos / 1e3 * 1000.0).round() / 1000.0
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[u64], p: f64) -> u64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Whether an order statistic `value` of a sample is a lower bound: some
/// puzzle stopped by a budget (whose true figure is larger) ranks at or below it.
fn bounded_by(value: u64, min_censored: Option<u64>) -> bool {
    min_censored.is_some_and(|c| c <= value)
}

/// The median of `values` and whether it is a lower bound, given the
/// smallest censored value.
fn censored_median(sorted: &[u64], min_censored: Option<u64>) -> (f64, bool) {
    // For an even count the upper middle value matters too: raising it raises
    // the median.
    (
        median(sorted),
        bounded_by(sorted[sorted.len() / 2], min_censored),
    )
}

/// The row of strategy `id` on `set` from what its lines added up to.
pub(super) fn finish_row(
    id: &str,
    reference: bool,
    set: &str,
    acc: &Acc,
    info: &SetInfo,
) -> ResultRecord {
    let supported = !(acc.supported == 0 && acc.unsupported > 0);
    let parse_errors = if supported { info.parse_errors } else { 0 };
    let mut row = ResultRecord {
        set: set.to_string(),
        strategy: id.to_string(),
        reference,
        supported,
        attempted: acc.supported + parse_errors,
        decided: acc.decided + parse_errors,
        solved: acc.solved,
        unique: acc.unique,
        multiple: acc.multiple,
        none: acc.none,
        invalid: acc.invalid + parse_errors,
        budget_hit: acc.budget_hit,
        crashed: acc.crashed,
        wrong: acc.wrong,
        undecided: acc.undecided,
        unsupported: acc.unsupported,
        repeated: acc.spreads.len() as u64,
        wall_ms: round3(acc.wall.as_secs_f64() * 1e3),
        budget_notes: acc.budget_notes,
        budget_note: acc
            .first_budget_note
            .as_ref()
            .map(|(_, line, note)| format!("line {line}: {note}")),
        ..ResultRecord::default()
    };
    if !acc.spreads.is_empty() {
        let mut spreads = acc.spreads.clone();
        spreads.sort_by(f64::total_cmp);
        let n = spreads.len();
        let mid = if n % 2 == 1 {
            spreads[n / 2]
        } else {
            (spreads[n / 2 - 1] + spreads[n / 2]) / 2.0
        };
        row.repeat_spread_median_pct = Some(round3(100.0 * mid));
        row.repeat_spread_max_pct = Some(round3(100.0 * spreads[n - 1]));
    }
    if acc.times.is_empty() {
        return row;
    }
    let censored = acc.times.iter().any(|t| t.2);
    let mut sorted: Vec<u64> = acc.times.iter().map(|t| t.0).collect();
    sorted.sort_unstable();
    let min_time = acc.times.iter().filter(|t| t.2).map(|t| t.0).min();
    let n = sorted.len() as f64;
    let total: u128 = sorted.iter().map(|&t| t as u128).sum();
    let mean = total as f64 / n;
    row.timed = sorted.len() as u64;
    let mut decided = acc.decided_times.clone();
    decided.sort_unstable();
    row.decided_us = decided.into_iter().map(|t| micros(t as f64)).collect();
    row.lower_bound = censored;
    row.mean_us = Some(micros(mean));
    row.min_us = Some(micros(sorted[0] as f64));
    row.min_lower_bound = bounded_by(sorted[0], min_time);
    let (med, med_bound) = censored_median(&sorted, min_time);
    row.median_us = Some(micros(med));
    row.median_lower_bound = med_bound;
    let p90 = percentile(&sorted, 90.0);
    row.p90_us = Some(micros(p90 as f64));
    row.p90_lower_bound = bounded_by(p90, min_time);
    row.max_us = Some(micros(*sorted.last().expect("non-empty") as f64));
    row.puzzles_per_sec = Some(round3(if total == 0 {
        f64::INFINITY
    } else {
        n * 1e9 / total as f64
    }))
    .filter(|x| x.is_finite());
    row.nodes_mean = acc.nodes.mean(n);
    if !acc.nodes.unmeasured {
        let mut nodes: Vec<u64> = acc.times.iter().filter_map(|t| t.1).collect();
        nodes.sort_unstable();
        let min_nodes = acc.times.iter().filter(|t| t.2).filter_map(|t| t.1).min();
        let (med, med_bound) = censored_median(&nodes, min_nodes);
        row.nodes_median = Some(med);
        row.nodes_median_lower_bound = med_bound;
    }
    row.nodes_max = acc.nodes.max();
    row.guesses_mean = acc.guesses.mean(n);
    row.guesses_max = acc.guesses.max();
    row.backtracks_mean = acc.backtracks.mean(n);
    row.backtracks_max = acc.backtracks.max();
    row.peak_bytes = acc.peak_bytes.max();
    row.mems_mean = acc.mems.mean(n);
    row.mems_max = acc.mems.max();
    if !acc.guesses.unmeasured && acc.solved > 0 {
        row.no_guess_pct = Some(round3(
            100.0 * acc.solved_no_guess as f64 / acc.solved as f64,
        ));
    }
    row
}

/// Sorts a set's rows by puzzles decided (most first), then by mean time
/// (rows without one last; registry order otherwise), and fills in the ratio
/// to the fastest mean that is not a lower bound (none when every mean is),
/// and the ratio of mems to the fewest mean mems that is not a lower bound.
///
/// The fastest is chosen among the rows that timed the most puzzles: on a
/// mixed set, a strategy that solves only its 9x9 puzzles has a mean over
/// those alone, which is no rival to a mean over the whole set. The
/// intervals ([`super::tally`]) then take each ratio between rows that timed
/// different puzzles over the puzzles both timed. Returns the fastest row's
/// index (the first on a tie), which the intervals pair with.
pub(super) fn rank(rows: &mut [ResultRecord]) -> Option<usize> {
    rows.sort_by(|a, b| {
        b.decided
            .cmp(&a.decided)
            .then(match (a.mean_us, b.mean_us) {
                (Some(x), Some(y)) => x.total_cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            })
    });
    let most_timed = rows
        .iter()
        .filter(|r| !r.lower_bound && r.mean_us.is_some())
        .map(|r| r.timed)
        .max()
        .unwrap_or(0);
    let fastest_row = rows
        .iter()
        .enumerate()
        // A row that decided nothing (the harness's floor, or a row whose
        // every solve failed) is quick at doing no work: not the fastest.
        .filter(|(_, r)| !r.lower_bound && r.timed == most_timed && r.decided > 0)
        .filter_map(|(i, r)| Some((i, r.mean_us?)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let fastest = fastest_row.map_or(f64::INFINITY, |(_, mean)| mean);
    // Mems are not kept per puzzle, so a row that timed fewer puzzles has
    // no mems ratio: it would compare different puzzles.
    let fewest_mems = rows
        .iter()
        .filter(|r| !r.lower_bound && r.timed == most_timed)
        .filter_map(|r| r.mems_mean)
        .fold(f64::INFINITY, f64::min);
    for row in rows {
        row.ratio_to_fastest = row.mean_us.filter(|_| fastest.is_finite()).map(|m| {
            if fastest > 0.0 {
                round3(m / fastest)
            } else {
                1.0
            }
        });
        row.mems_ratio = row
            .mems_mean
            .filter(|_| fewest_mems.is_finite() && fewest_mems > 0.0 && row.timed == most_timed)
            .map(|m| round3(m / fewest_mems));
    }
    fastest_row.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles() {
        let v: Vec<u64> = (1..=10).collect();
        assert_eq!(percentile(&v, 90.0), 9);
        assert_eq!(percentile(&v, 100.0), 10);
        assert_eq!(percentile(&[7], 90.0), 7);
        assert_eq!(median(&v), 5.5);
        assert_eq!(median(&[1, 2, 9]), 2.0);
    }

    #[test]
    fn censored_order_statistics() {
        // No stopped puzzle: nothing is a bound.
        assert_eq!(censored_median(&[1, 2, 9], None), (2.0, false));
        // A stopped puzzle at the top leaves the median exact ...
        assert_eq!(censored_median(&[1, 2, 9], Some(9)), (2.0, false));
        // ... but not when it is the upper middle of an even count,
        assert_eq!(censored_median(&[1, 2, 3, 9], Some(3)), (2.5, true));
        // or below the median (a memory budget can stop a search early).
        assert_eq!(censored_median(&[1, 2, 9], Some(1)), (2.0, true));
        assert!(bounded_by(9, Some(9)));
        assert!(!bounded_by(8, Some(9)));
    }

    fn ranked(rows: &[(&str, u64, f64, bool)]) -> Vec<ResultRecord> {
        let mut rows: Vec<ResultRecord> = rows
            .iter()
            .map(|&(id, decided, mean, lower_bound)| ResultRecord {
                strategy: id.into(),
                decided,
                mean_us: Some(mean),
                lower_bound,
                ..ResultRecord::default()
            })
            .collect();
        rank(&mut rows);
        rows
    }

    #[test]
    fn rows_rank_by_puzzles_decided_then_time() {
        // top95 as measured before this rule (rows named by letter): the row
        // with 18 budget hits (c) had the smallest mean of the three
        // textbook strategies (a, b, c); d decided every puzzle.
        let rows = ranked(&[
            ("a", 94, 116_514.0, true),
            ("c", 77, 125_810.0, true),
            ("b", 91, 176_104.0, true),
            ("d", 95, 136.0, false),
        ]);
        let order: Vec<&str> = rows.iter().map(|r| r.strategy.as_str()).collect();
        assert_eq!(order, ["d", "a", "b", "c"]);
        assert_eq!(rows[0].ratio_to_fastest, Some(1.0));
        assert_eq!(rows[1].ratio_to_fastest, Some(round3(116_514.0 / 136.0)));
        // Every mean a lower bound: no ratio.
        let rows = ranked(&[("a", 4, 10.0, true), ("b", 3, 20.0, true)]);
        assert!(rows.iter().all(|r| r.ratio_to_fastest.is_none()));
    }

    #[test]
    fn a_row_that_decided_nothing_is_not_the_fastest() {
        // The floor row (`null`) returns at once and decides nothing.
        let rows = ranked(&[("a", 95, 6.0, false), ("null", 0, 0.02, false)]);
        assert_eq!(rows[0].strategy, "a");
        assert_eq!(rows[0].ratio_to_fastest, Some(1.0));
        assert_eq!(rows[1].ratio_to_fastest, Some(round3(0.02 / 6.0)));
    }
}
