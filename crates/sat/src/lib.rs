//! # sat: Sudoku as SAT
//!
//! (crate documentation: see the end of this file's header, filled below)

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
        let decisions = run.stats.nodes - 1;
        run.stats.placements += decisions - shown;
        run.stats.guesses = decisions;
        run.stats.backtracks = conflicts;
        run.stats.max_depth = max_depth;
    }
}

/// The solver's events, turned into [`Run`] calls: a decision enters a node,
/// a digit set true on the trail is a placement (a guess when it is the
/// decision), a backjump undoes the placements above the level it keeps.
struct Watch<'r, T: Trace> {
    run: &'r mut Run<T>,
    n: usize,
    cell_vars: usize,
    /// The digits on the trail, in order: (cell, digit).
    path: Vec<(usize, u8)>,
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
        self.path.push((cell, digit));
        let depth = self.path.len() as u32;
        self.decisions_shown += decision as u64;
        let reason = if decision {
            Reason::Decision
        } else {
            Reason::Propagated
        };
        self.run.place(depth, cell, digit, reason);
        self.max_depth = self.max_depth.max(depth as u64);
    }

    fn backjump(&mut self, level: usize) {
        let keep = self.marks[level];
        self.marks.truncate(level);
        while self.path.len() > keep {
            let depth = self.path.len() as u32;
            let (cell, digit) = self.path.pop().expect("non-empty");
            self.run.undo(depth, cell, digit);
        }
    }
}
