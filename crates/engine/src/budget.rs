//! The note a budget hit gets: what the whole search would have cost, from
//! a few hundred random probes (Knuth 1975), so a row stopped by a budget
//! says how far from finishing it was.

use std::time::Duration;
use sudoku_core::estimate::Estimate;
use sudoku_core::{Grid, Solver, Stop};

/// Walks `probes` random paths of `solver`'s search on a puzzle, seeded, within
/// an optional time: Knuth's estimate of the whole tree, or `None` when it
/// could not finish.
pub type Estimator = fn(&dyn Solver, &Grid, u64, u64, Option<Duration>) -> Option<Estimate>;

/// How to probe a strategy: its [`Estimator`], `None` for one that cannot be
/// probed. The command line's registry is the one that knows.
pub type EstimatorFor = fn(&dyn Solver) -> Option<Estimator>;

/// The most probes a budget note makes, and the time they may take: a few
/// hundred random paths give the order of magnitude, which is what a note
/// needs, in well under a second.
const NOTE_PROBES: u64 = 300;
const NOTE_TIME: Duration = Duration::from_millis(500);

/// What the whole search would have cost, for a strategy `stop`ped by a
/// budget after `nodes` nodes in `took`: "budget hit after 20 M nodes; an
/// estimate of the whole tree is 3.1 x 10^13 nodes (about 5 days at this
/// speed)", `speed` naming whose speed that is; `estimator` says how to
/// probe `solver` (the registry knows). `None` when the stop is not a budget's or the strategy cannot
/// be probed. The estimate is of the tree that counts every solution: the
/// whole tree a proof of uniqueness searches, an upper bound for a search
/// that stops at the first solution.
pub fn budget_note(
    estimator: EstimatorFor,
    solver: &dyn Solver,
    puzzle: &Grid,
    stop: Stop,
    nodes: u64,
    took: Duration,
    speed: &str,
) -> Option<String> {
    if !stop.is_budget() {
        return None;
    }
    let probe = estimator(solver)?;
    let e = probe(solver, puzzle, NOTE_PROBES, 1, Some(NOTE_TIME))?;
    let entered = (solver.info().reports.nodes && nodes > 0).then_some((nodes, took));
    Some(note_sentence(
        solver.id(),
        stop,
        entered,
        e.nodes,
        e.probes,
        speed,
    ))
}

/// The sentence of [`budget_note`]: `entered` is the nodes the stopped
/// search had entered and the time it took (`None` when the strategy does
/// not count nodes), `estimate` the probes' estimate of the whole tree.
///
/// Random probes follow the branches uniformly, so on a lopsided tree (a
/// few huge subtrees among many small ones) a few hundred of them can miss
/// the huge ones and estimate less than the search has already entered.
/// Such an estimate is not shown as the size of the tree: the sentence says
/// the probes fell short and gives the one bound that is certain, the nodes
/// already entered.
pub fn note_sentence(
    id: &str,
    stop: Stop,
    entered: Option<(u64, Duration)>,
    estimate: f64,
    probes: u64,
    speed: &str,
) -> String {
    let budget = stop.as_str().replace('-', " ");
    let Some((nodes, took)) = entered else {
        return format!(
            "{id}: {budget} hit; an estimate of the whole tree is {} nodes ({probes} random probes)",
            approx(estimate)
        );
    };
    if estimate < nodes as f64 {
        return format!(
            "{id}: {budget} hit after {} nodes; the whole tree is larger than that, but {probes} \
             random probes estimate only {} nodes: the tree is lopsided and the probes missed \
             its largest subtrees (`sudoku-lab estimate --probes` with more probes narrows it)",
            approx(nodes as f64),
            approx(estimate)
        );
    }
    let whole = took.as_secs_f64() / nodes as f64 * estimate;
    format!(
        "{id}: {budget} hit after {} nodes; an estimate of the whole tree is {} nodes \
         (about {} at {speed}, from {probes} random probes)",
        approx(nodes as f64),
        approx(estimate),
        long_time(whole)
    )
}

/// What an estimate past a double's range says (the probes' products of
/// branching factors overflow: an empty 25x25 has about 10^600 paths), in
/// place of `inf` or `NaN`.
pub const BEYOND_DOUBLES: &str = "more than 10^308";

/// A count for a sentence: `12,345`, `20 M`, `3.1 x 10^13`.
pub fn approx(x: f64) -> String {
    if !x.is_finite() {
        BEYOND_DOUBLES.to_string()
    } else if x < 1e6 {
        crate::format::thousands(x.round() as u64)
    } else if x < 1e9 {
        let m = x / 1e6;
        if m < 10.0 {
            format!("{m:.1} M")
        } else {
            format!("{m:.0} M")
        }
    } else {
        let exp = x.log10().floor();
        format!("{:.1} x 10^{exp}", x / 10f64.powf(exp))
    }
}

/// A duration in the largest unit that keeps it readable: `40 ms`, `3.2 s`,
/// `5 minutes`, `7 hours`, `5 days`, `12 years`.
pub fn long_time(seconds: f64) -> String {
    if !seconds.is_finite() {
        return format!("{BEYOND_DOUBLES} years");
    }
    const UNITS: [(f64, &str); 4] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
    ];
    for (size, name) in UNITS {
        if seconds >= 2.0 * size {
            return format!("{} {name}", approx(seconds / size));
        }
    }
    if seconds >= 1.0 {
        format!("{seconds:.1} s")
    } else {
        format!("{:.0} ms", seconds * 1e3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_gives_the_estimate_and_the_time_it_would_take() {
        let note = note_sentence(
            "s",
            Stop::NodeBudget,
            Some((2_000, Duration::from_millis(1))),
            4e6,
            300,
            "this run's speed",
        );
        assert_eq!(
            note,
            "s: node budget hit after 2,000 nodes; an estimate of the whole tree is 4.0 M \
             nodes (about 2.0 s at this run's speed, from 300 random probes)"
        );
    }

    #[test]
    fn an_estimate_below_the_nodes_entered_is_not_shown_as_the_tree() {
        // The anti-brute-force seed: the copying DFS had entered 62 M nodes
        // when its time budget ran out, and 300 probes estimated 3.3 M (its
        // tree is 69 M).
        let note = note_sentence(
            "s",
            Stop::TimeBudget,
            Some((62_000_000, Duration::from_secs(2))),
            3.3e6,
            300,
            "this speed",
        );
        assert!(
            note.starts_with("s: time budget hit after 62 M nodes; the whole tree is larger"),
            "{note}"
        );
        assert!(note.contains("estimate only 3.3 M nodes"), "{note}");
        assert!(!note.contains("an estimate of the whole tree is"), "{note}");
    }

    #[test]
    fn without_a_node_count_the_note_gives_the_estimate_alone() {
        let note = note_sentence("x", Stop::MemoryBudget, None, 1e10, 300, "s");
        assert_eq!(
            note,
            "x: memory budget hit; an estimate of the whole tree is 1.0 x 10^10 nodes (300 random probes)"
        );
    }
}
