//! Knuth's estimate of a search tree from random probes ("Estimating the
//! efficiency of backtrack programs", 1975), for every strategy whose search
//! loop offers its branch points to [`Run::follow`](crate::Run::follow).
//!
//! A probe runs the strategy's own search with the [`Probe`] trace, which
//! answers every branch point of `d` children with one child taken at
//! random: the search then walks a single path from the root to a solution
//! or a dead end, with its real code. Each node on that path stands for
//! `D` nodes of the whole tree, `D` the product of the degrees above it, so
//! the sum of the `D`s is an unbiased estimate of the tree's nodes (every
//! solution counted); the mean over many probes is the estimate, and its
//! spread says how far to trust it (large when the tree is lopsided).
//!
//! Mems are estimated the same way: each mem the probe's search counts is
//! weighed by the `D` of the node it is spent on. The work a node spends on
//! one of its children (placing the child's digit, copying it, undoing it)
//! is charged at the child's weight: the real search does it for every
//! child, the probe for one.

use crate::grid::Grid;
use crate::solver::{Limits, Solver};
use crate::trace::{Event, Trace};

/// The estimate of a whole search tree, from random probes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub probes: u64,
    /// The mean of the probes' estimates of the nodes: an unbiased estimate
    /// of the nodes of the whole search (every solution counted).
    pub nodes: f64,
    /// The standard deviation of one probe's node estimate (divide by
    /// `sqrt(probes)` for the standard error of the mean).
    pub nodes_sd: f64,
    /// The same for mems.
    pub mems: f64,
    pub mems_sd: f64,
}

impl Estimate {
    /// The mean and spread of `probes` calls of `probe`, each returning one
    /// path's (nodes, mems) estimate.
    pub fn from_probes(probes: u64, probe: impl FnMut() -> (f64, f64)) -> Estimate {
        Estimate::from_probes_while(probes, probe, |_| true)
    }

    /// [`Estimate::from_probes`], stopping early when `go_on(probes done)`
    /// says so (a time bound): at least one probe is made.
    pub fn from_probes_while(
        probes: u64,
        mut probe: impl FnMut() -> (f64, f64),
        mut go_on: impl FnMut(u64) -> bool,
    ) -> Estimate {
        let (mut sum, mut sq, mut msum, mut msq) = (0.0, 0.0, 0.0, 0.0);
        let mut done = 0;
        while done < probes.max(1) && (done == 0 || go_on(done)) {
            let (nodes, mems) = probe();
            sum += nodes;
            sq += nodes * nodes;
            msum += mems;
            msq += mems * mems;
            done += 1;
        }
        let probes = done;
        let n = probes as f64;
        let sd = |s: f64, q: f64| ((q / n - (s / n).powi(2)).max(0.0)).sqrt();
        Estimate {
            probes,
            nodes: sum / n,
            nodes_sd: sd(sum, sq),
            mems: msum / n,
            mems_sd: sd(msum, msq),
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood): a small, fast generator with a fixed
/// definition, so a seed gives the same probes, shuffles and resamples with
/// every build. The probes here and the harness's measuring protocol share it.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..d` (`d > 0`).
    pub fn below(&mut self, d: u64) -> u64 {
        self.next_u64() % d
    }
    /// An index in `0..n` (`n > 0`), by Lemire's multiply-shift (the bias is
    /// below 2^-32 for the sizes the harness uses).
    pub fn index(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// The trace of one random probe: it follows one random child at every
/// branch point and adds up the weights of the nodes entered and of the
/// mems counted.
#[derive(Clone, Debug)]
pub struct Probe {
    rng: SplitMix,
    /// The nodes on the current path: the depth each was entered at and its
    /// weight (the product of the degrees above it).
    path: Vec<(u32, f64)>,
    /// The weight of the next node entered (the child just chosen).
    next: f64,
    /// The weight mems are charged at now.
    charge: f64,
    /// This probe's estimate of the nodes of the whole tree.
    pub nodes: f64,
    /// This probe's estimate of the mems of the whole search.
    pub mems: f64,
}

impl Probe {
    pub fn new(rng: SplitMix) -> Probe {
        Probe {
            rng,
            path: Vec::new(),
            next: 1.0,
            charge: 1.0,
            nodes: 0.0,
            mems: 0.0,
        }
    }

    /// Ready for the next probe, with the generator where it is.
    fn reset(&mut self) {
        self.path.clear();
        (self.next, self.charge, self.nodes, self.mems) = (1.0, 1.0, 0.0, 0.0);
    }

    /// The weight of the node being searched (the last one entered).
    fn current(&self) -> f64 {
        self.path.last().map_or(1.0, |&(_, w)| w)
    }
}

impl Trace for Probe {
    fn event(&mut self, event: Event) {
        match event {
            Event::Enter { depth } => {
                self.nodes += self.next;
                self.path.push((depth, self.next));
                self.charge = self.next;
            }
            Event::Undo { depth, .. } => {
                // Back in the node that made this placement (or above it).
                while self.path.last().is_some_and(|&(d, _)| d >= depth) {
                    self.path.pop();
                }
                self.charge = self.current();
                self.next = self.charge;
            }
            _ => {}
        }
    }
    fn counts_mems(&self) -> bool {
        true
    }
    fn add_mems(&mut self, n: u64) {
        self.mems += self.charge * n as f64;
    }
    fn follow(&mut self, degree: u32) -> Option<u32> {
        if degree == 0 {
            return None;
        }
        self.next = self.current() * degree as f64;
        // The work on the chosen child (its placement, its copy, its undo)
        // stands for the same work on each of its siblings.
        self.charge = self.next;
        Some(self.rng.below(degree as u64) as u32)
    }
}

/// Knuth's estimate of the whole tree `solver` searches to count every
/// solution of `puzzle`, from `probes` random paths seeded by `seed`.
/// `None` when the strategy cannot be probed
/// ([`Capabilities::probeable`](crate::Capabilities::probeable)), does not
/// solve the shape, or the givens clash.
pub fn estimate(solver: &dyn Solver, puzzle: &Grid, probes: u64, seed: u64) -> Option<Estimate> {
    estimate_within(solver, puzzle, probes, seed, None)
}

/// [`estimate`] making at most `probes` probes, and none more once `time`
/// has passed (at least one is made): for a quick estimate whose cost must
/// stay bounded (a note beside a budget hit).
pub fn estimate_within(
    solver: &dyn Solver,
    puzzle: &Grid,
    probes: u64,
    seed: u64,
    time: Option<std::time::Duration>,
) -> Option<Estimate> {
    if !solver.info().capabilities.probeable
        || solver.supports(puzzle.shape()).is_err()
        || puzzle.has_conflict()
    {
        return None;
    }
    let mut probe = Probe::new(SplitMix(seed));
    let limits = Limits::count_all();
    let started = std::time::Instant::now();
    Some(Estimate::from_probes_while(
        probes,
        || {
            probe.reset();
            solver.solve_traced(puzzle, &limits, &mut probe);
            (probe.nodes, probe.mems)
        },
        |_| time.is_none_or(|t| started.elapsed() < t),
    ))
}
