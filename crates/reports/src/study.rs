//! The rating study: do people and machines find the same puzzles hard?
//!
//! A set whose lines carry a rating (`<puzzle> <rating>`, read as
//! `Entry::rating`, such as `puzzles/se-rated-2500.txt` with its Sudoku
//! Explainer ratings) lets `compare` ask, for every strategy, how well its
//! cost ranks the puzzles the way the rating does: the Spearman rank
//! correlation between the rating and the strategy's nodes, guesses,
//! backtracks and time per puzzle. Ranks, not values, because the question
//! is "is a harder puzzle for people a costlier one for the machine?", not
//! whether the cost grows linearly with the rating; ties (many puzzles share
//! a rating, many share a node count) take their average rank.
//!
//! What the figures mean for each kind of strategy, with the definitions of
//! `sudoku_core::Stats`: for a backtracking search, guesses are branch
//! points taken and backtracks the wrong ones undone; for the SAT rows,
//! guesses are the solver's decisions and backtracks its conflicts (each a
//! backjump), which is the count tdoku's author expected to follow Sudoku
//! Explainer's rating more closely than a backtracking solver's.
//!
//! The puzzles counted are those the strategy ran to an outcome (timed),
//! as in the tables; a puzzle stopped by a budget counts at the figures it
//! had when it stopped, so its rank is a lower bound (`stopped` says how
//! many). A correlation is `null` when fewer than two puzzles are counted or
//! one of the columns is constant (a strategy that never guesses).
//!
//! The [`Collector`] here is what the tally feeds with each results line;
//! the JSON records ([`StudyRecord`], the report's `study` array) come from
//! it, and the views read them: the section of the tables
//! ([`table::study_section`](crate::table::study_section)), the page's
//! tables ([`html::study_tables`](crate::html::study_tables)) and the chart
//! `rating_vs_nodes*.svg` ([`rating_chart`](crate::rating_chart)).

use crate::report::StudyRecord;
pub use sudoku_core::stats::{ranks, spearman};
use sudoku_engine::results::{Line, StopReason};

/// One rated puzzle as one strategy ran it.
#[derive(Clone, Copy, Debug)]
struct Sample {
    rating: f64,
    nodes: Option<u64>,
    guesses: Option<u64>,
    backtracks: Option<u64>,
    time_ns: u64,
    stopped: bool,
}

/// The rated puzzles of one set, per strategy, as the tally adds lines.
#[derive(Default)]
pub struct Collector {
    rows: Vec<(String, Vec<Sample>)>,
}

impl Collector {
    /// Keeps the line when its puzzle is rated and the strategy ran it to an
    /// outcome (it has a time).
    pub fn add(&mut self, line: &Line) {
        let (Some(rating), Some(time_ns)) = (line.rating, line.time_ns) else {
            return;
        };
        if line.parse_error || !rating.is_finite() {
            return;
        }
        let sample = Sample {
            rating,
            nodes: line.stats.nodes,
            guesses: line.stats.guesses,
            backtracks: line.stats.backtracks,
            time_ns,
            stopped: matches!(
                line.stop,
                StopReason::NodeBudget | StopReason::TimeBudget | StopReason::MemoryBudget
            ),
        };
        match self.rows.iter_mut().find(|r| r.0 == line.strategy) {
            Some(row) => row.1.push(sample),
            None => self.rows.push((line.strategy.clone(), vec![sample])),
        }
    }

    /// One record per strategy that ran a rated puzzle, in `order` (the
    /// table's rows); none when the set carries no ratings.
    pub fn records(&self, set: &str, order: &[&str]) -> Vec<StudyRecord> {
        order
            .iter()
            .filter_map(|id| self.rows.iter().find(|r| r.0 == *id))
            .map(|(id, samples)| record(set, id, samples))
            .collect()
    }
}

/// The correlations of one strategy's samples.
fn record(set: &str, strategy: &str, samples: &[Sample]) -> StudyRecord {
    let ratings: Vec<f64> = samples.iter().map(|s| s.rating).collect();
    // A figure the strategy does not measure on some puzzle: no correlation.
    let against = |figure: fn(&Sample) -> Option<u64>| -> Option<f64> {
        let values: Option<Vec<f64>> = samples
            .iter()
            .map(|s| figure(s).map(|v| v as f64))
            .collect();
        spearman(&ratings, &values?).map(round3)
    };
    let times: Vec<f64> = samples.iter().map(|s| s.time_ns as f64).collect();
    StudyRecord {
        set: set.to_string(),
        strategy: strategy.to_string(),
        puzzles: samples.len() as u64,
        stopped: samples.iter().filter(|s| s.stopped).count() as u64,
        spearman_nodes: against(|s| s.nodes),
        spearman_guesses: against(|s| s.guesses),
        spearman_backtracks: against(|s| s.backtracks),
        spearman_time: spearman(&ratings, &times).map(round3),
        points: samples
            .iter()
            .filter_map(|s| s.nodes.map(|n| (s.rating, n)))
            .collect(),
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
