//! The SAT solver behind one small interface: batsat (MIT), a Rust port of
//! MiniSat. Everything solver-specific lives here, so another solver (splr)
//! could be added beside it.

use batsat::callbacks::Callbacks;
use batsat::theory::{Theory, TheoryArg};
use batsat::{lbool, Lit, SolverInterface, SolverOpts, Var};
use std::cell::Cell;
use std::rc::Rc;

/// What a solve proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Sat,
    Unsat,
    /// Interrupted (a budget ran out).
    Stopped,
}

/// Search events, reported while the solver runs: the hook through which
/// [`Run`](sudoku_core::Run) counts nodes and the trace sees the search.
pub trait Events {
    /// A decision opens level `level`. `false` stops the solver (a budget ran
    /// out); it stops before its next decision and cannot report a model.
    fn decide(&mut self, level: usize) -> bool;
    /// Formula variable `var` was set true, by a decision or by propagation.
    fn placed(&mut self, var: usize, decision: bool);
    /// Levels above `level` were taken back (a backjump or a restart).
    fn backjump(&mut self, level: usize);
}

/// The callbacks batsat asks whether to stop: a flag the event hook raises.
#[derive(Clone, Default)]
pub struct StopFlag(Rc<Cell<bool>>);

impl Callbacks for StopFlag {
    fn stop(&self) -> bool {
        self.0.get()
    }
}

/// One batsat solver, rebuilt for each puzzle (so the counts of a puzzle do
/// not depend on the puzzles solved before it).
pub struct Backend {
    solver: batsat::Solver<StopFlag>,
    stop: StopFlag,
    vars: Vec<Option<Var>>,
    /// The formula variable of each solver variable.
    formula: Vec<usize>,
    /// The event hook's state, kept between a solve and [`Backend::pop`].
    levels: Vec<usize>,
    seen: usize,
    clause: Vec<Lit>,
}

impl Default for Backend {
    fn default() -> Backend {
        let stop = StopFlag::default();
        Backend {
            solver: batsat::Solver::new(SolverOpts::default(), stop.clone()),
            stop,
            vars: Vec::new(),
            formula: Vec::new(),
            levels: Vec::new(),
            seen: 0,
            clause: Vec::new(),
        }
    }
}

impl Backend {
    /// Forgets every variable and clause.
    pub fn reset(&mut self, vars: usize) {
        self.solver.reset();
        self.stop.0.set(false);
        self.vars.clear();
        self.vars.resize(vars, None);
        self.formula.clear();
        self.levels.clear();
        self.seen = 0;
    }

    /// Creates variable `v` (an index into the formula). A decision variable
    /// is tried true first, so every decision on a cell variable writes a
    /// digit; the triad variables are never decided (propagation sets them
    /// once their cells are known).
    pub fn add_var(&mut self, v: usize, decision: bool) {
        self.vars[v] = Some(self.solver.new_var(lbool::TRUE, decision));
        self.formula.push(v);
    }

    fn lit(&self, l: i32) -> Lit {
        let var = self.vars[l.unsigned_abs() as usize - 1].expect("variable created");
        Lit::new(var, l > 0)
    }

    /// Adds a clause of formula literals; `false` once the formula is
    /// unsatisfiable at level 0.
    pub fn add_clause(&mut self, clause: &[i32]) -> bool {
        let mut lits = std::mem::take(&mut self.clause);
        lits.clear();
        lits.extend(clause.iter().map(|&l| self.lit(l)));
        let ok = self.solver.add_clause_reuse(&mut lits);
        self.clause = lits;
        ok
    }

    /// Solves, reporting to `events`. After `Sat` the model stands on the
    /// trail: read it with [`Backend::value`], then call [`Backend::pop`].
    pub fn solve<E: Events>(&mut self, events: &mut E) -> Answer {
        let mut hook = Hook {
            events,
            stop: &self.stop,
            formula: &self.formula,
            levels: &mut self.levels,
            seen: &mut self.seen,
        };
        match self
            .solver
            .solve_limited_preserving_trail_th(&mut hook, &[])
        {
            r if r == lbool::TRUE => Answer::Sat,
            r if r == lbool::FALSE => Answer::Unsat,
            _ => Answer::Stopped,
        }
    }

    /// Takes the model's trail back to level 0 (reported as a backjump).
    pub fn pop<E: Events>(&mut self, events: &mut E) {
        let mut hook = Hook {
            events,
            stop: &self.stop,
            formula: &self.formula,
            levels: &mut self.levels,
            seen: &mut self.seen,
        };
        self.solver.pop_model(&mut hook);
    }

    /// The model's value of formula variable `v` (`false` if not created).
    pub fn value(&self, v: usize) -> bool {
        self.vars[v].is_some_and(|var| self.solver.value_var(var) == lbool::TRUE)
    }

    /// `(decisions, conflicts, propagations)` since the last reset.
    pub fn counts(&self) -> (u64, u64, u64) {
        (
            self.solver.num_decisions(),
            self.solver.num_conflicts(),
            self.solver.num_propagations(),
        )
    }

    /// Problem clauses held (learnt clauses excluded).
    pub fn clauses(&self) -> u64 {
        self.solver.num_clauses()
    }
}

/// batsat's theory hook, used only to watch the search: `create_level` is a
/// decision, `pop_levels` a backjump or restart, and `partial_check` (called
/// after every propagation that ends without conflict, just before the next
/// decision) shows the trail.
struct Hook<'a, E: Events> {
    events: &'a mut E,
    stop: &'a StopFlag,
    formula: &'a [usize],
    /// Trail position where each level's decision stands.
    levels: &'a mut Vec<usize>,
    /// Trail entries already reported.
    seen: &'a mut usize,
}

impl<E: Events> Theory for Hook<'_, E> {
    /// The model is complete: the digits of the last propagation, which no
    /// partial check showed, are reported now, so the trace ends with the
    /// whole solution on the board.
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.partial_check(acts);
    }

    fn create_level(&mut self) {
        // Called just after the partial check of the trail so far, so the
        // decision will stand at `seen`.
        self.levels.push(*self.seen);
        if !self.stop.0.get() && !self.events.decide(self.levels.len()) {
            self.stop.0.set(true);
        }
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.levels.len() - n;
        *self.seen = (*self.seen).min(self.levels[keep]);
        self.levels.truncate(keep);
        self.events.backjump(keep);
    }

    fn n_levels(&self) -> usize {
        self.levels.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        let trail = acts.model();
        let decision = self.levels.last().copied().filter(|&at| at >= *self.seen);
        for (at, lit) in trail.iter().enumerate().skip(*self.seen) {
            if lit.sign() {
                let var = self.formula[lit.var().idx() as usize];
                self.events.placed(var, decision == Some(at));
            }
        }
        *self.seen = trail.len();
    }

    fn explain_propagation(&mut self, _: Lit) -> &[Lit] {
        &[]
    }
}
