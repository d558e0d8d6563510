//! # sat: Sudoku as SAT
//!
//! The general-purpose row. Write the rules as a formula in conjunctive
//! normal form over one boolean variable per (cell, digit), "cell r,c holds
//! d", hand it to a CDCL SAT solver, and read the grid off the model. The
//! solver knows nothing about Sudoku: it propagates unit clauses, decides,
//! learns a clause from every conflict and backjumps. What it can infer
//! without guessing depends only on which clauses the encoding gives it.
//!
//! ## The four encodings (9x9 counts, before the givens)
//!
//! Each is a strategy and each adds one family to the one before
//! ([`encoding_size`] gives the counts for any shape; the tests pin these):
//!
//! | id | adds | variables | clauses |
//! |---|---|---:|---:|
//! | `sat-minimal` | every cell holds a digit (81 clauses of 9); no row, column or box repeats a digit (3·9·9·36 = 8,748 binary clauses) | 729 | 8,829 |
//! | `sat-natural` | no cell holds two digits (81·36 = 2,916 binary clauses) | 729 | 11,745 |
//! | `sat-complete` | every row, column and box holds every digit (243 clauses of 9) | 729 | 11,988 |
//! | `sat-augmented` | a variable per box/line intersection (triad) and digit, defined as "one of its 3 cells holds d", and exactly one triad per row, column and box holds d (tdoku's augmented encoding, on top of complete) | 1,215 | 16,686 |
//!
//! What each family buys, in unit propagation terms:
//!
//! * **minimal** is already exact: with n cells in a unit and each digit at
//!   most once, the pigeonhole forces one digit per cell, so its models are
//!   the solutions. But propagation only removes a digit from the peers of a
//!   placed cell; it never concludes that a cell holds a digit until all its
//!   other digits are gone *and* it never learns that a placed cell holds no
//!   other digit. Everything else is found by deciding and failing.
//! * **natural** adds the cell's at-most-one: placing a digit empties the
//!   cell, so naked singles follow by propagation. On the 17-clue set this
//!   barely helps (the measured decisions drop about 10%).
//! * **complete** adds "digit d is somewhere in this unit": when all places
//!   but one are false, the last one is propagated. These are the *hidden
//!   singles*, and they are what makes 17-clue puzzles easy: decisions per
//!   puzzle fall from ~260 to ~3, and the time about 5x (below).
//! * **augmented** adds locked candidates (pointing and claiming) as
//!   propagation through the triad variables: decisions fall to under 1 per
//!   puzzle, but the 40% larger formula costs more to build than it saves.
//!
//! Measured on the first 2,000 17-clue puzzles, proving uniqueness, in one
//! `compare` run (release build, shared 2-core machine at load average 7.3,
//! so every time is inflated; the ratios are from the same run):
//!
//! ```text
//! cargo run --release -- compare --strategies sat-minimal,sat-natural,sat-complete,sat-augmented,reference \
//!     --set puzzles/17clue.txt --limit-puzzles 2000
//! ```
//!
//! | strategy | mean | ratio to reference | guesses (decisions) / puzzle | backtracks (conflicts) / puzzle | tdoku's MiniSat, guesses |
//! |---|---:|---:|---:|---:|---:|
//! | reference (`sudoku` crate) | 3.55 µs | 1x | n/a | n/a | |
//! | sat-complete | 591 µs | 166x | 3.2 | 2.5 | 5.0 |
//! | sat-augmented | 833 µs | 234x | 0.72 | 0.60 | 1.06 |
//! | sat-natural | 2.61 ms | 734x | 235 | 185 | 646 |
//! | sat-minimal | 2.95 ms | 830x | 262 | 207 | 705 |
//!
//! The guesses tell the story as in tdoku's table: the encoding, not the
//! solver, decides how much is searched. The time of the complete encodings
//! is mostly building the formula for each puzzle (below), not searching.
//!
//! Every shape: `sat-complete` decides the bundled 16x16 set (10 puzzles,
//! mean 1.66 ms, 6.9 nodes) and 25x25 set (5 puzzles, mean 10.1 ms, no
//! decision at all: propagation alone solves them) within the default
//! budgets (`compare --strategies sat-complete,dlx --set puzzles/16x16.txt
//! puzzles/25x25.txt`, same loaded machine).
//!
//! ## Givens
//!
//! Givens are unit clauses, applied before the solver sees the formula: a
//! given's variable is true, and every variable sharing a binary clause with
//! its negation is false (one round of unit propagation, what the solver
//! would do first). Satisfied clauses are dropped, false literals removed,
//! and only the variables still free are created in the solver. A 17-clue
//! 9x9 puzzle under the complete encoding goes to the solver with about 260
//! variables and 2,300 clauses instead of 729 and 11,988. These level-0
//! consequences of the givens are not counted as placements.
//!
//! ## The solver
//!
//! [batsat](https://crates.io/crates/batsat) (MIT), a Rust port of MiniSat:
//! the solver of tdoku's rows, so the comparison is like for like. It is
//! incremental (a blocking clause is added after a model, keeping what was
//! learnt), has an interrupt callback, and its theory hook reports every
//! decision level, backjump and the trail, which is how the statistics and
//! the trace are made. splr (MPL-2.0, a modern CDCL solver) was tried on the
//! same top95 run: about 10x slower per puzzle (it preprocesses every
//! formula, which pays off on large industrial instances, not on Sudoku),
//! with a time limit in whole seconds and no per-decision hook. The solver
//! sits behind `backend.rs` (a handful of calls), so another can be added.
//!
//! The solver is rebuilt for each puzzle from the shape's clause set (built
//! once per shape and encoding, and kept in the scratch): keeping one solver
//! with the givens as assumptions, as tdoku does, is faster but makes a
//! puzzle's counts depend on the puzzles solved before it, and sudoku-lab's
//! counts are deterministic.
//!
//! Decision variables are tried true first (MiniSat's default is false), so
//! every decision writes a digit; the triad variables are never decided,
//! propagation sets them.
//!
//! ## Uniqueness, counting, budgets
//!
//! After a model, the clause "not this solution" (the negation of the
//! digits placed in the empty cells) is added and the solver runs again; a
//! count repeats this until the limit or unsatisfiability.
//!
//! Budgets go through [`Run::enter`], called once per decision: the node
//! budget is a decision budget, and the time budget is checked every 4,096
//! decisions. When either runs out, the solver's interrupt (its `stop`
//! callback) is raised; batsat checks it before its next decision, so it
//! cannot report a model after the budget hit: the verdict is `unknown`,
//! never a wrong one. Building the formula is not interruptible (about a
//! millisecond for 9x9, a fraction of a second for 25x25). The memory budget
//! is checked once against an estimate of the clause memory.
//!
//! ## Statistics and trace
//!
//! * nodes: the root, and one per decision;
//! * guesses: the decisions (each writes a digit);
//! * placements: digits set true on the trail, by decisions and by unit
//!   propagation (givens excluded);
//! * backtracks: the solver's conflicts (each is one backjump, possibly over
//!   many placements);
//! * max_depth: most digits on the trail at once;
//! * peak_states 1, peak_bytes: the clause-memory estimate.
//!
//! The trace shows each decision (a node entered and a placement with reason
//! "decision"), each digit fixed by propagation ("forced by unit
//! propagation"), and each backjump or restart as the undo of every digit
//! above the level kept. A decision whose own propagation ends in a conflict
//! is taken back before the solver shows its trail: it appears as a node
//! with no placement (it is still counted as a guess and a placement).
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! let outcome = sudoku_sat::SAT_COMPLETE.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! ```

mod backend;
mod encode;

pub use encode::{encoding_size, Encoding};

use backend::{Answer, Backend, Events};
use encode::{apply_givens, simplify, Clauses};
use sudoku_core::scratch::Scratch;
use sudoku_core::{Family, Grid, Info, Reason, Reports, Run, Shape, Shapes, Stop, Strategy, Trace};

/// A SAT strategy: one [`Encoding`] handed to the batsat solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sat {
    pub encoding: Encoding,
}

/// `sat-minimal`: every cell has a digit, no unit repeats one.
pub static SAT_MINIMAL: Sat = Sat {
    encoding: Encoding::Minimal,
};
/// `sat-natural`: + at most one digit per cell.
pub static SAT_NATURAL: Sat = Sat {
    encoding: Encoding::Natural,
};
/// `sat-complete`: + every unit holds every digit.
pub static SAT_COMPLETE: Sat = Sat {
    encoding: Encoding::Complete,
};
/// `sat-augmented`: + the box/line intersections.
pub static SAT_AUGMENTED: Sat = Sat {
    encoding: Encoding::Augmented,
};

sudoku_core::compiled_here!(SAT_MINIMAL);

/// What the SAT rows measure. Nodes: the root and one per solver decision;
/// placements: digits set true on the solver's trail (decisions and unit
/// propagations); guesses: decisions; backtracks: conflicts; max_depth: most
/// digits on the trail at once; peak_bytes: an estimate of the clause memory.
const REPORTS: Reports = Reports {
    nodes: true,
    placements: true,
    guesses: true,
    backtracks: true,
    max_depth: true,
    peak_states: true,
    peak_bytes: true,
    // The solver's internals (clause watching, the trail) are another
    // crate's code: mems are n/a.
    mems: false,
};

const fn info(id: &'static str, summary: &'static str, prunes_by: &'static str) -> Info {
    Info {
        id,
        summary,
        family: Family::Sat,
        outside: false,
        reports: REPORTS,
        shapes: Shapes::All,
        prunes_by,
        headline: false,
        brute_force: false,
        // Statistics from the solver's counters: a conflict backjumps over
        // many digits, so the trace does not count them one for one.
        capabilities: sudoku_core::Capabilities {
            trace_matches_stats: false,
            ..sudoku_core::Capabilities::SEARCH
        },
    }
}

static INFOS: [Info; 4] = [
    info(
        "sat-minimal",
        "CDCL SAT (batsat) on the minimal encoding: a digit per cell, none repeated in a unit",
        "unit propagation and learnt clauses over cell and unit at-most-one clauses",
    ),
    info(
        "sat-natural",
        "CDCL SAT (batsat) on the natural encoding: + at most one digit per cell",
        "unit propagation (naked singles) and learnt clauses",
    ),
    info(
        "sat-complete",
        "CDCL SAT (batsat) on the complete encoding: + every unit holds every digit",
        "unit propagation (naked and hidden singles) and learnt clauses",
    ),
    info(
        "sat-augmented",
        "CDCL SAT (batsat) on the complete encoding + box/line intersection variables",
        "unit propagation (singles, locked candidates) and learnt clauses",
    ),
];

impl Strategy for Sat {
    type Scratch = SatScratch;
    fn info(&self) -> &'static Info {
        &INFOS[self.encoding.index()]
    }
    fn search<T: Trace>(&self, puzzle: &Grid, scratch: &mut SatScratch, run: &mut Run<T>) {
        scratch.search(self.encoding, puzzle, run);
    }
}

/// Per-shape scratch: each encoding's clause set (built on first use and
/// kept), and the solver, rebuilt from them for every puzzle.
pub struct SatScratch {
    shape: Shape,
    formulas: [Option<Clauses>; 4],
    values: Vec<i8>,
    backend: Backend,
    solution: Vec<u8>,
    block: Vec<i32>,
}

impl Scratch for SatScratch {
    fn new(shape: Shape) -> SatScratch {
        SatScratch {
            shape,
            formulas: [None, None, None, None],
            values: Vec::new(),
            backend: Backend::default(),
            solution: Vec::new(),
            block: Vec::new(),
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

impl SatScratch {
    fn search<T: Trace>(&mut self, encoding: Encoding, puzzle: &Grid, run: &mut Run<T>) {
        let shape = puzzle.shape();
        let n = shape.side();
        let formula =
            self.formulas[encoding.index()].get_or_insert_with(|| Clauses::build(shape, encoding));
        let values = &mut self.values;
        let backend = &mut self.backend;
        apply_givens(formula, puzzle, values);
        backend.reset(formula.vars);
        for (v, _) in values.iter().enumerate().filter(|(_, &x)| x == 0) {
            backend.add_var(v, v < formula.cell_vars);
        }
        let (mut ok, mut literals) = (true, 0);
        simplify(formula, values, |clause| {
            literals += clause.len() as u64;
            ok = ok && backend.add_clause(clause);
        });
        // Clause memory, as MiniSat lays it out: a header and the literals
        // (4 bytes each), two watchers (8 bytes each) per clause; per variable
        // about 64 bytes of assignment, activity and heap.
        let clauses = backend.clauses();
        let bytes = 4 * literals + 24 * clauses + 64 * formula.vars as u64;
        if run.hold(1, bytes).is_break() || run.enter(0).is_break() {
            return;
        }
        let mut watch = Watch {
            run,
            n,
            cell_vars: formula.cell_vars,
            path: Vec::new(),
            filled: puzzle.cells().iter().map(|&d| d != 0).collect(),
            marks: Vec::new(),
            max_depth: 0,
            decisions_shown: 0,
        };
        self.solution.clear();
        self.solution.extend_from_slice(puzzle.cells());
        while ok {
            match backend.solve(&mut watch) {
                Answer::Sat => {
                    self.block.clear();
                    for cell in 0..shape.cells() {
                        if puzzle.get(cell) != 0 {
                            continue;
                        }
                        let var = (0..n)
                            .map(|d| cell * n + d)
                            .find(|&v| values[v] == 1 || backend.value(v))
                            .expect("a model gives every cell a digit");
                        self.solution[cell] = (var % n) as u8 + 1;
                        if values[var] == 0 {
                            self.block.push(-(var as i32 + 1));
                        }
                    }
                    let flow = watch.run.solution(watch.path.len() as u32, &self.solution);
                    backend.pop(&mut watch);
                    if flow.is_break() {
                        break;
                    }
                    // Uniqueness and counting: forbid this solution, solve again.
                    ok = backend.add_clause(&self.block);
                }
                Answer::Unsat => break,
                Answer::Stopped => {
                    backend.pop(&mut watch);
                    if !watch.run.stopped() {
                        watch.run.refuse(Stop::TimeBudget);
                    }
                    break;
                }
            }
        }
        // Guesses are the solver's decisions. A decision whose own
        // propagation ends in a conflict is taken back before the trail is
        // shown, so it has no Place event: it is counted here.
        // The decision that ran into a budget is not entered, so not counted.
        let (_, conflicts, _) = backend.counts();
        let (max_depth, shown) = (watch.max_depth, watch.decisions_shown);
        let decisions = run.stats().nodes - 1;
        run.settle_decisions(decisions, decisions - shown, conflicts, max_depth);
    }
}

/// The solver's events, turned into [`Run`] calls: a decision enters a node,
/// a digit set true on the trail is a placement (a guess when it is the
/// decision), a backjump undoes the placements above the level it keeps.
struct Watch<'r, T: Trace> {
    run: &'r mut Run<T>,
    n: usize,
    cell_vars: usize,
    /// The digits on the trail that are shown, in order: (cell, digit).
    path: Vec<(usize, u8)>,
    /// Whether a cell holds a given or a shown digit. An encoding without
    /// at-most-one clauses (sat-minimal) may set a second digit of a cell
    /// true on the trail; the board shows a cell's first digit only, so
    /// that every event is one a board of one digit per cell can show.
    filled: Vec<bool>,
    /// `path` length when each decision level opened.
    marks: Vec<usize>,
    max_depth: u64,
    decisions_shown: u64,
}

impl<T: Trace> Events for Watch<'_, T> {
    fn decide(&mut self, level: usize) -> bool {
        self.marks.push(self.path.len());
        !self.run.stopped() && self.run.enter(level as u32).is_continue()
    }

    fn placed(&mut self, var: usize, decision: bool) {
        if var >= self.cell_vars {
            return;
        }
        let (cell, digit) = (var / self.n, (var % self.n) as u8 + 1);
        if self.filled[cell] {
            return;
        }
        self.filled[cell] = true;
        self.path.push((cell, digit));
        self.decisions_shown += decision as u64;
        let reason = if decision {
            Reason::Decision
        } else {
            Reason::Propagated
        };
        // Events carry the decision level, the depth of the node entered at
        // the decision: a replay attaches a propagated digit to the node of
        // its level (after a backjump, a level below the last one entered).
        self.run.place(self.marks.len() as u32, cell, digit, reason);
        self.max_depth = self.max_depth.max(self.path.len() as u64);
    }

    fn backjump(&mut self, level: usize) {
        let keep = self.marks[level];
        while self.path.len() > keep {
            // The level of the digit: the decisions at or before it.
            let at = self.path.len() - 1;
            let depth = self.marks.partition_point(|&m| m <= at) as u32;
            let (cell, digit) = self.path.pop().expect("non-empty");
            self.filled[cell] = false;
            self.run.undo(depth, cell, digit);
        }
        self.marks.truncate(level);
    }
}
