//! `estimate`: Knuth's random-probe estimate of a search tree before the
//! search ("Estimating the efficiency of backtrack programs", 1975). Each
//! probe follows one random path from the root, multiplying the branching
//! degrees; the mean over the probes estimates the nodes (and mems) of the
//! whole search that counts every solution, and their spread says how far to
//! trust it.
//!
//! Only strategies whose search can be walked one random path at a time can
//! be probed ([`registry::estimator`]): those whose search loop sends its
//! branch points through `Run::follow` (naive, dfs, bfs, mrv and every rung
//! of the propagation ladder), run down random paths by
//! [`sudoku_core::estimate`], and the exact-cover ones (dlx and dcells,
//! whose trees are the same) through dcells' matrix. The others (bitboard,
//! the SAT solvers, human, the reference) are refused with a message saying
//! so: their search loops have no such hook.

use crate::args::ReadArgs;
use crate::registry;
use crate::solve::{for_each_puzzle, pick_strategy};
use crate::Status;
use clap::Args;
use std::io::{self, Write};
use std::time::Duration;
use sudoku_core::{Grid, Solver, Stop};

/// `estimate`: how big a strategy's whole search tree is, from random probes.
#[derive(Args, Debug)]
pub struct EstimateArgs {
    /// Puzzles: files, `-` for standard input, or a puzzle written out
    #[arg(required = true, value_name = "PUZZLE_OR_FILE")]
    pub inputs: Vec<String>,

    /// Strategy id (one that can be probed: see `estimate --help`)
    #[arg(long, short)]
    pub strategy: Option<String>,

    /// Random root-to-leaf paths per puzzle
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub probes: u64,

    /// Seed of the random paths (the same seed gives the same estimate)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// Runs `estimate`.
pub fn run(args: &EstimateArgs) -> Status {
    let solver = match pick_strategy(args.strategy.as_deref()) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let Some(probe) = registry::estimator(solver) else {
        eprintln!(
            "error: {} cannot be probed: the estimate walks one random path through a \
             strategy's search, which needs a hook in its search loop that this one does not \
             have; the strategies that can be probed are: {}",
            solver.id(),
            registry::probeable_ids()
        );
        return Status::Usage;
    };
    let mut out = io::stdout().lock();
    for_each_puzzle(&args.inputs, &args.read, |_, _, item| {
        let Ok(entry) = item else {
            writeln!(out, "- invalid")?;
            return Ok(Status::Failed);
        };
        let Some(e) = probe(solver, &entry.puzzle, args.probes, args.seed, None) else {
            writeln!(out, "- invalid givens: no search")?;
            return Ok(Status::Failed);
        };
        let se = |sd: f64| sd / (e.probes as f64).sqrt();
        // Past a double's range (an empty 25x25) the mean is no number and
        // its spread none either: the sentence says "more than 10^308".
        let spread = |mean: f64, sd: f64, long: bool| {
            if !mean.is_finite() {
                String::new()
            } else if long {
                format!(
                    " (± {} standard error; one probe's sd {})",
                    sci(se(sd)),
                    sci(sd)
                )
            } else {
                format!(" (± {})", sci(se(sd)))
            }
        };
        writeln!(
            out,
            "{}: whole tree (every solution) about {} nodes{}, {} mems{}; {} probes, seed {}",
            solver.id(),
            sci(e.nodes),
            spread(e.nodes, e.nodes_sd, true),
            sci(e.mems),
            spread(e.mems, e.mems_sd, false),
            e.probes,
            args.seed
        )?;
        Ok(Status::Ok)
    })
}

/// `3.1e13`, or the integer below a million.
pub fn sci(x: f64) -> String {
    if !x.is_finite() {
        BEYOND_DOUBLES.to_string()
    } else if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}

/// The most probes a budget note makes, and the time they may take: a few
/// hundred random paths give the order of magnitude, which is what a note
/// needs, in well under a second.
const NOTE_PROBES: u64 = 300;
const NOTE_TIME: Duration = Duration::from_millis(500);

/// What the whole search would have cost, for a strategy `stop`ped by a
/// budget after `nodes` nodes in `took`: "budget hit after 20 M nodes; an
/// estimate of the whole tree is 3.1 x 10^13 nodes (about 5 days at this
/// speed)", `speed` naming whose speed that is. `None` when the stop is not a budget's or the strategy cannot
/// be probed. The estimate is of the tree that counts every solution: the
/// whole tree a proof of uniqueness searches, an upper bound for a search
/// that stops at the first solution.
pub fn budget_note(
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
    let probe = registry::estimator(solver)?;
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
