//! Trace events: the search, step by step, for teaching.
//!
//! Every strategy writes its search once, generic over `T: Trace`. `solve`
//! instantiates it with [`NoTrace`], a zero-sized type whose `enabled()` is a
//! constant `false`, so the compiler removes every event and tracing costs
//! nothing when it is off; `solve_traced` instantiates it with `&mut dyn Trace`.

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

/// One step of a search. `depth` counts the search placements on the path to
/// the state (givens excluded); the root is depth 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A search state is entered (one per `nodes`).
    Enter { depth: u32 },
    /// A digit is written (one per `placements`); `options` is how many digits
    /// the strategy could choose from there, so `options >= 2` is a guess.
    Place {
        depth: u32,
        cell: usize,
        digit: u8,
        options: u32,
    },
    /// A placement is taken back because its subtree failed (one per `backtracks`).
    Undo { depth: u32, cell: usize, digit: u8 },
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
}

/// A trace that keeps every event (up to a cap) and counts all of them.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    pub events: Vec<Event>,
    /// Keep at most this many events; `None` keeps all.
    pub cap: Option<usize>,
    /// Every event seen, kept or not.
    pub seen: u64,
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
}
