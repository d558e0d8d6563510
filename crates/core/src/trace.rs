//! Trace events: the search, step by step, for teaching.
//!
//! Every strategy writes its search once, generic over `T: Trace`. `solve`
//! instantiates it with [`NoTrace`], a zero-sized type whose `enabled()` is a
//! constant `false`, so the compiler removes every event and tracing costs
//! nothing when it is off; `solve_traced` instantiates it with `&mut dyn Trace`.

use crate::shape::Unit;

/// What a constraint column of the exact-cover view stands for (used by
/// dead-end events of `dlx`, and handy for explaining any strategy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The cell must hold a digit.
    Cell(usize),
    /// Row `.0` must hold digit `.1`.
    RowDigit(usize, u8),
    ColDigit(usize, u8),
    BoxDigit(usize, u8),
}

/// Why a search state cannot be extended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// This empty cell has no legal digit.
    Cell(usize),
    /// No candidate satisfies this constraint.
    Constraint(Constraint),
}

/// Why a digit was written: every placement event carries one, so a trace can
/// say "naked single", "hidden single: 5 in row 6" or "guess: one of {3, 9}".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The only digit left for its cell.
    NakedSingle,
    /// The only place left for the digit in this unit.
    HiddenSingle(Unit),
    /// One of several digits for this cell: `options` has bit `d - 1` for
    /// every digit `d` the cell could take.
    Guess { options: u32 },
    /// One of `places` cells for the digit in this unit (a strategy that
    /// branches on a unit-and-digit, as dlx may).
    GuessPlace { unit: Unit, places: u32 },
    /// A general-purpose solver's decision (SAT): a guess whose other options
    /// the solver does not list.
    Decision,
    /// Forced by a propagation engine that does not name its rule (SAT unit
    /// propagation).
    Propagated,
    /// The cell the branching rule chose had one legal digit left: a branch
    /// point with one option, entered as a node like any other, not a guess
    /// and not a rule (a strategy that does not propagate, or a rung whose
    /// rules do not place naked singles, says this, never "naked single").
    OnlyOption,
    /// The unit-and-digit the branching rule chose had one place left: as
    /// [`Reason::OnlyOption`], for a search that branches on places (dlx,
    /// `prop:fewest/*`).
    OnlyPlace(Unit),
}

impl Reason {
    /// The reason for placing one of the digits in `options` (the
    /// candidates of the cell a branching rule chose): the only option when
    /// there is one, else a guess. Never "naked single": that is a rule's
    /// name, and the search that branches has not applied it.
    #[inline(always)]
    pub fn cell_choice(options: u32) -> Reason {
        if options & options.wrapping_sub(1) == 0 {
            Reason::OnlyOption
        } else {
            Reason::Guess { options }
        }
    }
    /// `true` for a placement made by the branching rule (a node's own
    /// choice, one option or several); `false` for a placement a rule forced
    /// inside the current node (naked or hidden single, unit propagation).
    /// Replays tell nodes from forced moves by it.
    #[inline(always)]
    pub fn is_branch(self) -> bool {
        !matches!(
            self,
            Reason::NakedSingle | Reason::HiddenSingle(_) | Reason::Propagated
        )
    }
    /// `true` for a placement made at a branch point with two or more options:
    /// what the `guesses` statistic counts.
    #[inline(always)]
    pub fn is_guess(self) -> bool {
        matches!(
            self,
            Reason::Guess { .. } | Reason::GuessPlace { .. } | Reason::Decision
        )
    }
    /// In words, for a trace line about placing `digit`: "naked single" (the
    /// only digit left for its cell), "hidden single: 5 in row 6" (the only
    /// place left for 5 in row 6), "guess: one of {3, 9}".
    pub fn describe(self, digit: u8) -> String {
        let d = crate::grid::digit_symbol(digit);
        match self {
            Reason::NakedSingle => "naked single: the only digit left for its cell".into(),
            Reason::HiddenSingle(unit) => {
                format!("hidden single: the only place for {d} in {unit}")
            }
            Reason::Guess { options } => format!("guess: one of {}", digit_set(options)),
            Reason::GuessPlace { unit, places } => {
                format!("guess: one of {places} places for {d} in {unit}")
            }
            Reason::Decision => "guess: a SAT solver's decision".into(),
            Reason::Propagated => "forced by unit propagation".into(),
            Reason::OnlyOption => "only option: the one digit left for the chosen cell".into(),
            Reason::OnlyPlace(unit) => format!("only place: the one place left for {d} in {unit}"),
        }
    }

    /// A short label: `naked single`, `hidden single`, `guess`, `decision`,
    /// `propagated` (for JSON and tallies).
    pub fn kind(self) -> &'static str {
        match self {
            Reason::NakedSingle => "naked single",
            Reason::HiddenSingle(_) => "hidden single",
            Reason::Guess { .. } | Reason::GuessPlace { .. } => "guess",
            Reason::Decision => "decision",
            Reason::Propagated => "propagated",
            Reason::OnlyOption => "only option",
            Reason::OnlyPlace(_) => "only place",
        }
    }

    /// How many options the search had where it placed this digit (1 for a
    /// forced placement; 0 when a SAT decision does not say).
    pub fn options(self) -> u32 {
        match self {
            Reason::NakedSingle
            | Reason::HiddenSingle(_)
            | Reason::Propagated
            | Reason::OnlyOption
            | Reason::OnlyPlace(_) => 1,
            Reason::Guess { options } => options.count_ones(),
            Reason::GuessPlace { places, .. } => places,
            Reason::Decision => 0,
        }
    }
}

/// Why a candidate is removed without placing a digit: an inference of
/// the propagation rules above singles, or the choice of a branch that
/// places no digit ([`Rule::Configuration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Locked candidates: in `unit` the digit can only go where it meets
    /// `line` (pointing: a box confined to a row or column; claiming: a row or
    /// column confined to a box), so it is removed from the rest of `line`.
    Locked { unit: Unit, line: Unit },
    /// A naked subset: `cells` cells of `unit` (bit i for the i-th cell of the
    /// unit) hold only these digits between them, which leave its other cells.
    NakedSubset { unit: Unit, cells: u32 },
    /// A hidden subset: `digits` (bit d - 1 for digit d) fit only in as many
    /// cells of `unit`, whose other candidates go.
    HiddenSubset { unit: Unit, digits: u32 },
    /// A branch on a digit's *configuration* in a band (three rows) or a
    /// stack (three columns): which box holds the digit in each of the three
    /// lines. `lines` is the band's first row or the stack's first column,
    /// `boxes[k]` the box (0-based) the digit takes in the band's `k`-th
    /// line. The digit leaves the cells of those lines outside those boxes.
    /// Not an inference: a guess, one option of several (the node it opens
    /// is a child with no placement of its own).
    Configuration { lines: Unit, boxes: [u8; 3] },
    /// A triad (tdoku's rule, bitboard-configs): the cells where `line` meets
    /// box `within` (a mini-row or mini-column) must hold the `digits` (bit
    /// `d - 1` for digit `d`), as many as the cells: each is placed there,
    /// or its places in the line or in the box all lie there. Every other
    /// digit leaves those cells.
    Triad {
        line: Unit,
        within: Unit,
        digits: u32,
    },
}

impl Rule {
    /// In words, for a trace line about removing `digit`: "locked candidates:
    /// 3 in box 4 confined to row 5".
    pub fn describe(self, digit: u8) -> String {
        let d = crate::grid::digit_symbol(digit);
        match self {
            Rule::Locked { unit, line } => {
                format!("locked candidates: {d} in {unit} confined to {line}")
            }
            Rule::NakedSubset { unit, cells } => format!(
                "naked subset: {} cells of {unit} hold only {} digits between them",
                cells.count_ones(),
                cells.count_ones()
            ),
            Rule::HiddenSubset { unit, digits } => format!(
                "hidden subset: {} fit only in {} cells of {unit}",
                digit_set(digits),
                digits.count_ones()
            ),
            Rule::Configuration { lines, boxes } => {
                let (first, line) = match lines {
                    Unit::Row(r) => (r, "row"),
                    Unit::Col(c) => (c, "column"),
                    Unit::Box(b) => (b, "box"),
                };
                let each: Vec<String> = (0..3)
                    .map(|k| format!("box {} in {line} {}", boxes[k] + 1, first + k + 1))
                    .collect();
                format!("guess: {d} takes {}", each.join(", "))
            }
            Rule::Triad {
                line,
                within,
                digits,
            } => format!(
                "triad: the cells where {line} meets {within} hold {}, so not {d}",
                digit_set(digits)
            ),
        }
    }

    /// `true` for the choice of a branch ([`Rule::Configuration`]), `false`
    /// for an inference.
    pub fn is_branch(self) -> bool {
        matches!(self, Rule::Configuration { .. })
    }

    /// A short label: `locked candidates`, `naked subset`, `hidden subset`,
    /// `configuration guess`.
    pub fn kind(self) -> &'static str {
        match self {
            Rule::Locked { .. } => "locked candidates",
            Rule::NakedSubset { .. } => "naked subset",
            Rule::HiddenSubset { .. } => "hidden subset",
            Rule::Configuration { .. } => "configuration guess",
            Rule::Triad { .. } => "triad",
        }
    }
}

/// `{3, 9}`: the digits of a mask, for people.
pub fn digit_set(mask: u32) -> String {
    let digits: Vec<String> = crate::bits::digits(mask)
        .map(|d| crate::grid::digit_symbol(d).to_string())
        .collect();
    format!("{{{}}}", digits.join(", "))
}

/// One step of a search. `depth` counts the search placements on the path to
/// the state (givens excluded); the root is depth 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A search state is entered (one per `nodes`).
    Enter { depth: u32 },
    /// A digit is written (one per `placements`), for `reason` (a guess is
    /// one per `guesses`).
    Place {
        depth: u32,
        cell: usize,
        digit: u8,
        reason: Reason,
    },
    /// A candidate is removed by a propagation rule (no digit is written).
    Eliminate {
        depth: u32,
        cell: usize,
        digit: u8,
        rule: Rule,
    },
    /// A placement is taken back. `backtrack` is `true` (one per
    /// `backtracks`) when no solution lay
    /// below it, `false` when the search takes back a solution's path to look
    /// for another.
    Undo {
        depth: u32,
        cell: usize,
        digit: u8,
        backtrack: bool,
    },
    /// The state at `depth` cannot be extended.
    DeadEnd { depth: u32, reason: DeadEnd },
    /// The state at `depth` is a complete solution.
    Solution { depth: u32 },
}

/// A receiver of search events.
pub trait Trace {
    /// `false` lets the search skip building events; only [`NoTrace`] says so.
    #[inline(always)]
    fn enabled(&self) -> bool {
        true
    }
    fn event(&mut self, event: Event);
    /// A reason to stop the search now: a recording that is full at a budget
    /// (see [`Recorder::budget`]). Asked when a state is entered.
    #[inline(always)]
    fn stop(&self) -> Option<crate::Stop> {
        None
    }
    /// `true` to count mems ([`crate::Stats::mems`]). `false` unless a trace
    /// says otherwise: [`NoTrace`] says a constant `false`, so every count
    /// compiles away; [`CountMems`] says `true`.
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        false
    }
    /// Mems the search just counted (only called when the trace
    /// [`Trace::counts_mems`]): a [`Probe`](crate::estimate::Probe) weighs
    /// them by the node they are spent on.
    #[inline(always)]
    fn add_mems(&mut self, _n: u64) {}
    /// Knuth's random probe ([`crate::estimate`]): the search is about to
    /// branch into `degree` children. `Some(i)` follows child `i` alone;
    /// `None`, what every trace but the probe says (a constant for
    /// [`NoTrace`], so it compiles away), follows all of them.
    #[inline(always)]
    fn follow(&mut self, _degree: u32) -> Option<u32> {
        None
    }
}

/// The trace that records nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn enabled(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        false
    }
}

/// The trace that records nothing but counts mems: the instantiation behind
/// [`crate::Solver::solve_counting_mems`]. Like [`NoTrace`], every event
/// compiles away; only the mem counts stay.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountMems;

impl Trace for CountMems {
    #[inline(always)]
    fn enabled(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        true
    }
}

impl<T: Trace + ?Sized> Trace for &mut T {
    #[inline(always)]
    fn enabled(&self) -> bool {
        (**self).enabled()
    }
    #[inline(always)]
    fn event(&mut self, event: Event) {
        (**self).event(event)
    }
    #[inline(always)]
    fn stop(&self) -> Option<crate::Stop> {
        (**self).stop()
    }
    #[inline(always)]
    fn counts_mems(&self) -> bool {
        (**self).counts_mems()
    }
    #[inline(always)]
    fn add_mems(&mut self, n: u64) {
        (**self).add_mems(n)
    }
    #[inline(always)]
    fn follow(&mut self, degree: u32) -> Option<u32> {
        (**self).follow(degree)
    }
}

/// A trace that keeps every event (up to a cap) and counts all of them.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    pub events: Vec<Event>,
    /// Keep at most this many events; `None` keeps all.
    pub cap: Option<usize>,
    /// Every event seen, kept or not.
    pub seen: u64,
    /// A cap set by a budget, and which: once this many events are kept, the
    /// recorder stops the search with that [`crate::Stop`] (its verdict is
    /// unknown), so a recording never outgrows the time or memory budget.
    /// Unlike [`Recorder::cap`], which keeps the first steps and lets the
    /// search run on for exact statistics.
    pub budget: Option<(usize, crate::Stop)>,
}

impl Recorder {
    pub fn with_cap(cap: usize) -> Recorder {
        Recorder {
            cap: Some(cap),
            ..Recorder::default()
        }
    }
    /// How many events matched a predicate among those kept.
    pub fn count(&self, pred: impl Fn(&Event) -> bool) -> u64 {
        self.events.iter().filter(|e| pred(e)).count() as u64
    }
}

impl Trace for Recorder {
    fn event(&mut self, event: Event) {
        self.seen += 1;
        if self.cap.is_none_or(|cap| self.events.len() < cap) {
            self.events.push(event);
        }
    }
    fn stop(&self) -> Option<crate::Stop> {
        match self.budget {
            Some((cap, stop)) if self.events.len() >= cap => Some(stop),
            _ => None,
        }
    }
}
