//! [`Info`]: what a strategy says about itself (its id, its shapes, the
//! statistics it keeps and its [`Capabilities`]), asked by the harness, the
//! test kit and the tests instead of matching names. A module of its own so
//! that [`Solver`](crate::Solver) (which returns it) and
//! [`Strategy`](crate::Strategy) (which implements `Solver`) do not import
//! each other.

use crate::shape::Shape;

/// What a strategy is, for tables, `list`, `explain`, benches and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// Short id used on the command line: `naive`, `dfs`, `prop:mrv/hidden`.
    pub id: &'static str,
    /// One line for tables and `--help`.
    pub summary: &'static str,
    pub family: Family,
    /// `true` for code that is not ours (the reference row): tables mark it.
    pub outside: bool,
    /// Which statistics the strategy measures; the others are shown as n/a.
    pub reports: Reports,
    pub shapes: Shapes,
    /// What cuts its tree, as a phrase that reads in "... pruned 95% of the
    /// tree": "choosing the most constrained cell first".
    pub prunes_by: &'static str,
    /// Shown first in tables and default runs (the headline strategies).
    pub headline: bool,
    /// Cells in a fixed order with legality as the only pruning (naive, dfs,
    /// bfs): hard puzzles take it seconds to hours, so benches and quick
    /// runs leave it out of their hard samples.
    pub brute_force: bool,
    /// What it can do, stated, so that nothing decides it from the family or
    /// the id.
    pub capabilities: Capabilities,
}

/// What a strategy can do, said by the strategy itself: the harness, the
/// test kit and the tests ask these flags, never a [`Family`] or an id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capabilities {
    /// A node, time or memory budget stops it mid-search (the reference
    /// cannot be stopped: it runs to its answer).
    pub interruptible: bool,
    /// The largest solution limit it accepts, when it has one.
    pub solution_cap: Option<u64>,
    /// Every placement enters a new state, so stopping at the first solution
    /// gives `nodes = placements + 1` (not so for strategies that place forced
    /// digits inside a node, nor for SAT solvers).
    pub one_node_per_placement: bool,
    /// Its trace events count its statistics one for one, and a search
    /// without a solution ends in dead ends of a tree (SAT's statistics come
    /// from the solver's own counters, and a conflict backjumps).
    pub trace_matches_stats: bool,
    /// Its search sends every branch point through
    /// [`Run::follow`](crate::Run::follow), so Knuth's random probes
    /// ([`crate::estimate::estimate`]) can walk it one path at a time.
    pub probeable: bool,
    /// It searches Knuth's exact-cover tree of the puzzle (a column of least
    /// size chosen at each node), so that tree's estimator probes it.
    pub exact_cover: bool,
    /// It does not search: it returns at once without a verdict, by design
    /// (the harness's floor row, whose time is the measuring's own cost per
    /// call). A missing verdict is then no protocol problem.
    pub floor: bool,
    /// It keeps whole states and enters them later (bfs's queue): entering a
    /// node may put back a board saved earlier, so a trace checker lets an
    /// `Enter` change the board. Every other strategy changes the board only
    /// by its placement and undo events.
    pub copies_states: bool,
}

impl Capabilities {
    /// A search through [`Run`](crate::Run) that propagates inside a node: interruptible,
    /// no solution cap, trace and statistics in step.
    pub const SEARCH: Capabilities = Capabilities {
        interruptible: true,
        solution_cap: None,
        one_node_per_placement: false,
        trace_matches_stats: true,
        probeable: false,
        exact_cover: false,
        floor: false,
        copies_states: false,
    };
    /// A search whose every placement is a node of its tree (naive, dfs,
    /// mrv, dlx).
    pub const TREE: Capabilities = Capabilities {
        one_node_per_placement: true,
        ..Capabilities::SEARCH
    };
    /// [`Capabilities::TREE`] that can be probed.
    pub const PROBED_TREE: Capabilities = Capabilities {
        probeable: true,
        ..Capabilities::TREE
    };
    /// [`Capabilities::TREE`] of an exact-cover search (dlx, dcells).
    pub const EXACT_COVER: Capabilities = Capabilities {
        exact_cover: true,
        ..Capabilities::TREE
    };
    /// [`Capabilities::SEARCH`] that can be probed.
    pub const PROBED_SEARCH: Capabilities = Capabilities {
        probeable: true,
        ..Capabilities::SEARCH
    };
}

/// The kind of algorithm, for grouping rows and choosing defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Backtracking in place, no inference beyond legality (naive, mrv).
    Backtracking,
    /// Generic search over whole-state copies (dfs, bfs).
    Copying,
    /// Exact cover (dlx).
    ExactCover,
    /// Search plus constraint propagation (the pruning ladder).
    Propagation,
    /// Propagation on digit bitboards (bitboard).
    Bitboard,
    /// A general-purpose SAT solver on a CNF encoding.
    Sat,
    /// Outside code, shown for reference.
    Reference,
}

impl Family {
    pub fn as_str(self) -> &'static str {
        match self {
            Family::Backtracking => "backtracking",
            Family::Copying => "copying search",
            Family::ExactCover => "exact cover",
            Family::Propagation => "propagation",
            Family::Bitboard => "bitboard",
            Family::Sat => "SAT",
            Family::Reference => "reference",
        }
    }
}

/// Which [`Stats`](crate::Stats) fields a strategy measures. A quantity it
/// cannot know is reported as none (n/a), never as a different number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reports {
    pub nodes: bool,
    pub placements: bool,
    pub guesses: bool,
    pub backtracks: bool,
    pub max_depth: bool,
    pub peak_states: bool,
    pub peak_bytes: bool,
    /// Knuth's mems ([`Stats::mems`](crate::Stats::mems)), counted by the
    /// strategy's own code where the accesses happen.
    pub mems: bool,
}

impl Reports {
    /// Every statistic: a search that goes through [`Run`](crate::Run) for all of them.
    pub const ALL: Reports = Reports {
        nodes: true,
        placements: true,
        guesses: true,
        backtracks: true,
        max_depth: true,
        peak_states: true,
        peak_bytes: true,
        mems: true,
    };
    /// Every statistic but mems: a search not (yet) instrumented for them.
    pub const ALL_BUT_MEMS: Reports = Reports {
        mems: false,
        ..Reports::ALL
    };
    /// None: outside code that only answers.
    pub const NONE: Reports = Reports {
        nodes: false,
        placements: false,
        guesses: false,
        backtracks: false,
        max_depth: false,
        peak_states: false,
        peak_bytes: false,
        mems: false,
    };
}

/// The shapes a strategy solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shapes {
    /// Every shape from 1x1 to 25x25, rectangular boxes included.
    All,
    /// Only this one.
    Only(Shape),
}

impl Shapes {
    /// `Err(reason)` for a shape the strategy does not solve.
    pub fn check(self, shape: Shape) -> Result<(), String> {
        match self {
            Shapes::All => Ok(()),
            Shapes::Only(only) if only == shape => Ok(()),
            Shapes::Only(only) => Err(format!(
                "solves {only} boxes ({side}x{side} grids) only",
                side = only.side()
            )),
        }
    }
}
