//! How sure a figure is: 95% confidence intervals for a row's mean and
//! median time and for its ratios to other rows.
//!
//! # The method
//!
//! A row's times are a table, puzzles by rounds. A puzzle's time is the
//! fastest of its rounds, and the row's mean and median are taken over its
//! puzzles. The bootstrap resamples the **puzzles**: each of [`RESAMPLES`]
//! resamples draws the set's puzzles with replacement and recomputes the
//! figure; the interval is the 2.5th to 97.5th percentile of the recomputed
//! figures (Efron's percentile interval).
//!
//! Why not the rounds too: on a shared machine the difference between rounds
//! is mostly preemption, a 4 to 16 ms stop that falls on one solve and says
//! nothing about the solver. A puzzle's median over its rounds already sets
//! such a round aside; drawing rounds with replacement brings it back (a draw
//! that repeats the preempted round makes it the median) and gave intervals
//! of ±300% on a loaded machine, where the medians moved by a few percent.
//! What the rounds do add, a slow stretch of the machine, falls on every
//! strategy alike, since the strategies are interleaved block by block: it
//! cancels out of the ratios, and only a row's own mean carries it (compare
//! runs pooled with `sudoku-lab merge` for that).
//!
//! Ratios are **paired**: one resample draws the same puzzles for every row
//! of the set, so a ratio's interval reflects how the two rows differ on the
//! same puzzles, measured in the same windows of the machine, not how the
//! set's puzzles differ from each other. A ratio whose interval holds 1 does
//! not tell the two rows apart: sentences then say "level".
//!
//! The resamples are seeded, so the same lines give the same intervals.
//!
//! What the intervals do not cover: a different machine, or the same machine
//! at another time (another load, another thermal state); on this project's
//! shared VM, runs minutes apart differ by more than one run's interval now
//! and then.

use serde::{Deserialize, Serialize, Serializer};
use std::cell::Cell;
use std::time::Duration;
use sudoku_core::estimate::SplitMix;

/// Resamples per set.
pub const RESAMPLES: usize = 1000;
/// The seed of the resamples.
const SEED: u64 = 0x0b00_757a_ba11;

/// A 95% confidence interval `[lo, hi]`. JSON writes it as an array; a CSV
/// cell as the text `[lo, hi]`.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(transparent)]
pub struct Interval(pub [f64; 2]);

thread_local! {
    static CSV_CELLS: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with intervals serialized as one CSV cell each.
pub fn as_csv_cells<T>(f: impl FnOnce() -> T) -> T {
    CSV_CELLS.with(|c| c.set(true));
    let out = f();
    CSV_CELLS.with(|c| c.set(false));
    out
}

impl Serialize for Interval {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if CSV_CELLS.with(|c| c.get()) {
            s.serialize_str(&format!("[{}, {}]", self.0[0], self.0[1]))
        } else {
            self.0.serialize(s)
        }
    }
}

impl Interval {
    pub fn lo(self) -> f64 {
        self.0[0]
    }
    pub fn hi(self) -> f64 {
        self.0[1]
    }
    /// The larger distance from `point` to a bound, as a share of `point`.
    pub fn half_width_share(self, point: f64) -> f64 {
        if point > 0.0 {
            (self.hi() - point).max(point - self.lo()) / point
        } else {
            0.0
        }
    }
    /// Whether the interval (of a ratio) excludes 1.
    pub fn excludes_one(self) -> bool {
        self.hi() < 1.0 || self.lo() > 1.0
    }
}

/// How a ratio's interval reads in a sentence: "faster" or "slower" only
/// where it excludes 1, else "level".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Faster,
    Level,
    Slower,
}

impl Standing {
    /// The standing of a row whose time ratio to another (this / other) has
    /// interval `ci`.
    pub fn of(ci: Interval) -> Standing {
        if ci.hi() < 1.0 {
            Standing::Faster
        } else if ci.lo() > 1.0 {
            Standing::Slower
        } else {
            Standing::Level
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Standing::Faster => "faster",
            Standing::Level => "level",
            Standing::Slower => "slower",
        }
    }
}

/// One row's data: per puzzle, its index in the set and its rounds' times.
pub type RowTimes<'a> = &'a [(usize, Vec<u64>)];

/// The bootstrap replicates of every row of one set: `means[row][b]` and
/// `medians[row][b]`, on shared resamples of the puzzles.
pub struct Replicates {
    pub means: Vec<Vec<f64>>,
    pub medians: Vec<Vec<f64>>,
    /// Per row, each puzzle's time (the fastest of its rounds) by the
    /// puzzle's position among all the rows' puzzles; `None` where the row
    /// timed no such puzzle.
    aligned: Vec<Vec<Option<f64>>>,
}

/// Resamples every row of a set on the same draws of puzzles.
pub fn replicate(rows: &[RowTimes]) -> Replicates {
    let mut universe: Vec<usize> = rows.iter().flat_map(|r| r.iter().map(|p| p.0)).collect();
    universe.sort_unstable();
    universe.dedup();
    // Each row's puzzle times by position in the universe: the fastest of a
    // puzzle's rounds, the time its row's mean and median are made of, so
    // that each interval brackets its own figure.
    let aligned: Vec<Vec<Option<f64>>> = rows
        .iter()
        .map(|r| {
            let mut by = vec![None; universe.len()];
            for (index, times) in r.iter() {
                let at = universe.binary_search(index).expect("in the universe");
                by[at] = crate::results::fastest_time(times).map(|t| t as f64);
            }
            by
        })
        .collect();
    let n = universe.len();
    let mut means = vec![Vec::with_capacity(RESAMPLES); rows.len()];
    let mut medians = vec![Vec::with_capacity(RESAMPLES); rows.len()];
    let mut values = Vec::with_capacity(n);
    for picks in resamples(n) {
        for (row, by) in aligned.iter().enumerate() {
            values.clear();
            values.extend(picks.iter().filter_map(|&p| by[p]));
            if values.is_empty() {
                means[row].push(f64::NAN);
                medians[row].push(f64::NAN);
                continue;
            }
            means[row].push(values.iter().sum::<f64>() / values.len() as f64);
            values.sort_by(f64::total_cmp);
            let k = values.len();
            medians[row].push(if k % 2 == 1 {
                values[k / 2]
            } else {
                (values[k / 2 - 1] + values[k / 2]) / 2.0
            });
        }
    }
    Replicates {
        means,
        medians,
        aligned,
    }
}

/// The [`RESAMPLES`] draws of `n` puzzles with replacement, the same on every
/// call (seeded), so that a ratio computed later pairs with the rows' means.
fn resamples(n: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut rng = SplitMix(SEED);
    (0..RESAMPLES).map(move |_| (0..n).map(|_| rng.index(n.max(1))).collect())
}

impl Replicates {
    /// Whether rows `a` and `b` timed the same puzzles. When they did not
    /// (a strategy that does not solve every shape of a mixed set), a ratio
    /// of their means over their own puzzles would compare different
    /// puzzles: [`ratio`](Replicates::ratio) and [`ratio_interval`] take
    /// such a pair over the puzzles both timed.
    pub fn same_puzzles(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.aligned[a], &self.aligned[b]);
        x.iter().zip(y).all(|(p, q)| p.is_some() == q.is_some())
    }

    /// How many puzzles rows `a` and `b` both timed.
    pub fn shared(&self, a: usize, b: usize) -> u64 {
        self.ratio_over(a, b, 0..self.aligned[a].len()).1
    }

    /// Row `a`'s mean time over row `b`'s, over the puzzles both timed, and
    /// how many those are; `None` when they share none.
    pub fn ratio(&self, a: usize, b: usize) -> Option<(f64, u64)> {
        let (ratio, shared) = self.ratio_over(a, b, 0..self.aligned[a].len());
        (shared > 0 && ratio.is_finite()).then_some((ratio, shared))
    }

    /// Each resample's ratio of the two rows' means over the puzzles of the
    /// draw that both timed (NaN where the draw holds none).
    fn shared_ratios(&self, a: usize, b: usize) -> Vec<f64> {
        resamples(self.aligned[a].len())
            .map(|picks| self.ratio_over(a, b, picks).0)
            .collect()
    }

    /// Over `puzzles` (positions, repeats counting again), row `a`'s summed
    /// time over row `b`'s on those both timed (NaN when that sum for `b` is
    /// 0), and how many were counted.
    fn ratio_over(
        &self,
        a: usize,
        b: usize,
        puzzles: impl IntoIterator<Item = usize>,
    ) -> (f64, u64) {
        let (x, y) = (&self.aligned[a], &self.aligned[b]);
        let (mut sum_a, mut sum_b, mut shared) = (0.0, 0.0, 0);
        for p in puzzles {
            if let (Some(t), Some(u)) = (x[p], y[p]) {
                sum_a += t;
                sum_b += u;
                shared += 1;
            }
        }
        let ratio = if sum_b > 0.0 { sum_a / sum_b } else { f64::NAN };
        (ratio, shared)
    }
}

/// The 2.5th and 97.5th percentiles of some replicates (NaNs left out), or
/// none when there are too few.
pub fn percentile_interval(replicates: impl Iterator<Item = f64>) -> Option<Interval> {
    let mut values: Vec<f64> = replicates.filter(|x| x.is_finite()).collect();
    if values.len() < 20 {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |p: f64| values[((p * (values.len() - 1) as f64).round()) as usize];
    Some(Interval([at(0.025), at(0.975)]))
}

/// The interval of row `a`'s mean over row `b`'s, on the paired replicates:
/// over the puzzles both timed, when the two rows did not time the same.
pub fn ratio_interval(r: &Replicates, a: usize, b: usize) -> Option<Interval> {
    if !r.same_puzzles(a, b) {
        return percentile_interval(r.shared_ratios(a, b).into_iter());
    }
    percentile_interval(r.means[a].iter().zip(&r.means[b]).map(|(x, y)| {
        if *y > 0.0 {
            x / y
        } else {
            f64::NAN
        }
    }))
}

/// The 95% interval of `a`'s time over `b`'s on one puzzle (`explain`),
/// from the rounds (round number, time): the ratios of the rounds both timed (interleaved, so each pair
/// saw the same moment of the machine), or, when one of them was timed once
/// (over the repeat cutoff), its one time against each round of the other.
/// The interval is the distribution-free one for the median ratio (the sign
/// test's): between the k-th smallest and the k-th largest ratio, k the
/// largest with P(Binomial(n, 1/2) < k) <= 2.5%; its coverage is at least
/// 95% whatever the distribution of the rounds. `None` below 6 ratios,
/// where no such interval exists.
pub fn rounds_ratio_interval(a: &[(usize, Duration)], b: &[(usize, Duration)]) -> Option<Interval> {
    let secs = |d: Duration| d.as_secs_f64().max(1e-9);
    let mut ratios: Vec<f64> = if a.len() == 1 || b.len() == 1 {
        a.iter()
            .flat_map(|x| b.iter().map(move |y| secs(x.1) / secs(y.1)))
            .collect()
    } else {
        a.iter()
            .filter_map(|x| b.iter().find(|y| y.0 == x.0).map(|y| secs(x.1) / secs(y.1)))
            .collect()
    };
    let n = ratios.len();
    let k = order_statistic(n)?;
    ratios.sort_by(f64::total_cmp);
    Some(Interval([ratios[k - 1], ratios[n - k]]))
}

/// The largest k with P(Binomial(n, 1/2) <= k - 1) <= 0.025, if any.
fn order_statistic(n: usize) -> Option<usize> {
    let total = 2f64.powi(n as i32);
    let mut below = 0.0; // P(X <= k - 1) * 2^n
    let mut choose = 1.0; // C(n, k - 1)
    let mut best = None;
    for k in 1..=n / 2 {
        below += choose;
        if below / total > 0.025 {
            break;
        }
        best = Some(k);
        choose = choose * (n - (k - 1)) as f64 / k as f64;
    }
    best
}

/// The median of sorted values (the mean of the middle two for an even
/// count); 0 for none. Every median of the program is this one.
pub fn median(sorted: &[u64]) -> f64 {
    median_by(sorted, |x| x as f64)
}

/// [`median`] of sorted `f64`s (the passes' per-puzzle figures).
pub fn median_f64(sorted: &[f64]) -> f64 {
    median_by(sorted, |x| x)
}

fn median_by<T: Copy>(sorted: &[T], value: impl Fn(T) -> f64) -> f64 {
    let n = sorted.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => value(sorted[n / 2]),
        _ => (value(sorted[n / 2 - 1]) + value(sorted[n / 2])) / 2.0,
    }
}

/// Sets of fewer puzzles get no standing sentence: a bootstrap over a
/// handful of puzzles gives intervals, but not ones to rank by.
pub const MIN_PUZZLES_FOR_STANDING: u64 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    fn row(times: &[u64], puzzles: usize) -> Vec<(usize, Vec<u64>)> {
        (0..puzzles).map(|i| (i, times.to_vec())).collect()
    }

    #[test]
    fn a_constant_row_has_a_point_interval() {
        let a = row(&[10, 10, 10], 30);
        let r = replicate(&[&a]);
        let ci = percentile_interval(r.means[0].iter().copied()).unwrap();
        assert_eq!(ci, Interval([10.0, 10.0]));
    }

    #[test]
    fn intervals_are_made_of_the_fastest_rounds_as_the_figures_are() {
        // Every puzzle's fastest round is 10 ns, its slower rounds 100 and
        // 1000: the row's mean and median are 10, and so are the intervals
        // (they were made of each puzzle's median round, 100, and left the
        // figures outside them).
        let a = row(&[100, 10, 1000], 30);
        let r = replicate(&[&a]);
        for replicates in [&r.means[0], &r.medians[0]] {
            let ci = percentile_interval(replicates.iter().copied()).unwrap();
            assert_eq!(ci, Interval([10.0, 10.0]));
        }
    }

    #[test]
    fn paired_ratios_see_through_puzzle_spread() {
        // Puzzles from 10 to 1000 ns, b exactly twice a on each: the ratio's
        // interval is tight although each mean's is wide.
        let a: Vec<(usize, Vec<u64>)> = (0..50).map(|i| (i, vec![10 + 20 * i as u64; 3])).collect();
        let b: Vec<(usize, Vec<u64>)> = a
            .iter()
            .map(|(i, t)| (*i, t.iter().map(|x| 2 * x).collect()))
            .collect();
        let r = replicate(&[&a, &b]);
        let mean_ci = percentile_interval(r.means[0].iter().copied()).unwrap();
        assert!(mean_ci.half_width_share(500.0) > 0.1, "{mean_ci:?}");
        let ratio = ratio_interval(&r, 1, 0).unwrap();
        assert!((ratio.lo() - 2.0).abs() < 1e-9 && (ratio.hi() - 2.0).abs() < 1e-9);
        assert_eq!(Standing::of(ratio), Standing::Slower);
        assert_eq!(
            Standing::of(ratio_interval(&r, 0, 1).unwrap()),
            Standing::Faster
        );
        assert_eq!(Standing::of(Interval([0.9, 1.1])), Standing::Level);
    }

    #[test]
    fn a_preempted_round_does_not_move_a_puzzle() {
        // One round of each puzzle stopped for 8 ms: the medians stand.
        let steady = row(&[100, 100, 100, 100, 100], 40);
        let preempted = row(&[100, 8_000_000, 100, 100, 100], 40);
        let r = replicate(&[&steady, &preempted]);
        let ci = ratio_interval(&r, 1, 0).unwrap();
        assert_eq!(ci, Interval([1.0, 1.0]));
    }

    #[test]
    fn csv_cells_hold_the_interval_as_text() {
        let ci = Interval([1.5, 2.0]);
        assert_eq!(serde_json::to_string(&ci).unwrap(), "[1.5,2.0]");
        let text = as_csv_cells(|| serde_json::to_string(&ci).unwrap());
        assert_eq!(text, "\"[1.5, 2]\"");
        let back: Interval = serde_json::from_str("[1.5,2.0]").unwrap();
        assert_eq!(back, ci);
    }
}
