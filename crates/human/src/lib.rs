//! # sudoku-human
//!
//! A step-by-step logical solver that uses the techniques people use, in
//! Sudoku Explainer's (SE's) order, and rates a puzzle on SE's scale.
//!
//! ## Algorithm
//!
//! Each step tries the techniques from easiest to hardest and applies the
//! first that makes progress, recording what it found ([`Step`]): the
//! technique, its rating, the cells it looked at, the placements and
//! eliminations, and a sentence. The order and ratings are SE's (tenths of
//! a point):
//!
//! | technique | SE | | technique | SE |
//! |---|---|---|---|---|
//! | last value in a unit | 1.0 | | XY-wing / XYZ-wing | 4.2 / 4.4 |
//! | hidden single (box / line) | 1.2 / 1.5 | | unique rectangle (type 1) | 4.5 |
//! | naked single | 2.3 | | naked quad, jellyfish, hidden quad | 5.0, 5.2, 5.4 |
//! | pointing / claiming | 2.6 / 2.8 | | WXYZ-wing / BUG+1 | 5.5-5.6 / 5.6 |
//! | naked pair, X-wing, hidden pair | 3.0, 3.2, 3.4 | | VWXYZ / UVWXYZ-wing | 6.2-6.4 / 6.6 |
//! | naked triple, swordfish, hidden triple | 3.6, 3.8, 4.0 | | forcing X-chain / chain | 6.6+ / 7.0+ |
//! | TUVWXYZ-wing | 7.5 | | Nishio forcing chain | 7.5+ |
//! | multiple forcing chain | 8.0+ | | dynamic forcing chain | 8.5+ |
//!
//! Chain ratings add SE's length rule ([`chains::length_tenths`]): a tenth
//! for each step the chain's size passes in 4, 6, 8, 12, 16, 24, 32, ...
//! Among chains the solver takes the easiest (lowest rating, then
//! shortest), as SE does.
//!
//! The rating of a puzzle ([`Rating`]) is SE's triple: ER, the hardest
//! step; EP, the hardest step up to the first placement; ED, the first
//! step. A puzzle the techniques cannot finish gets no ER.
//!
//! ## Worked example: X-wing
//!
//! In rows 1 and 2 the digit 1 fits only in columns 1 and 2: whichever
//! way round, columns 1 and 2 get their 1 in rows 1 and 2, so 1 leaves the
//! rest of both columns.
//!
//! ## Pruning and cost
//!
//! Singles and subsets scan units; fish and wings enumerate small subsets of
//! units; chains follow implications breadth first from every candidate
//! (static chains) or with the grid reduced as they go (dynamic chains), so
//! one chain step costs a few thousand implications per candidate. Most
//! puzzles rated up to 7.x take milliseconds; dynamic chains take tens.
//!
//! ## Shapes
//!
//! Every technique is defined on units, so it runs on every shape (4x4 to
//! 25x25, rectangular boxes included). SE's scale is defined for 9x9; on
//! other shapes the same numbers are used, which keeps the order of
//! techniques, but the numbers are not calibrated against people there.
//!
//! ## What it leaves out
//!
//! SE's direct variants (direct pointing, direct hidden pair/triple, which
//! only matter for ratings below 2.6), unique rectangles other than type 1,
//! BUG types 2-4, aligned pair/triple exclusion, X/Y-cycles (a cycle's
//! eliminations are found as forcing chains, rated 0.1 higher), strong-link
//! fish of SE's forks and nested forcing chains (SE 9.0 and up): a puzzle
//! that needs them is reported as not finished by logic.
//!
//! ## As a strategy
//!
//! [`Human`] (`human`) solves with logic first and guesses only where logic
//! runs out, on a cell with the fewest candidates. Its logic is singles
//! and locked candidates only (naked singles from 16x16 up): budgets are checked every few thousand search
//! states, and with subsets, fish and wings in every state counting the empty
//! 9x9 overran a 150 ms budget by seconds; uniqueness techniques would be
//! unsound on puzzles with several solutions; and chains: a chain step tries
//! every candidate of the grid, which costs more than the few guesses it
//! saves, and it would make budgets (checked between search states) coarse.
//! The rating ([`rate`]) uses every technique.

pub mod basic;
pub mod board;
pub mod chains;
pub mod step;
pub mod wings;

pub use board::{Board, Contradiction};
pub use step::{format_rating, Step, Technique, Tenths};

use std::ops::ControlFlow;
use sudoku_core::{
    Constraint, DeadEnd, Family, Grid, Info, Reason, Reports, Run, Shapes, Strategy, Trace,
};

/// Which techniques the solver may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Unique rectangles and BUG+1: sound only on puzzles with one solution.
    pub uniqueness: bool,
    /// Forcing chains, Nishio, multiple and dynamic chains (the costly end).
    pub chains: bool,
    /// Only techniques whose rating starts at or below this (tenths).
    pub up_to: Tenths,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            uniqueness: true,
            chains: true,
            up_to: Tenths::MAX,
        }
    }
}

/// A technique's search, with the lowest rating it can give.
type Search = (Tenths, fn(&Board, Options) -> Option<Step>);

/// Every technique in SE's order (the order of the first hint found).
const LADDER: [Search; 28] = [
    (10, |b, _| basic::hidden_single(b)),
    (23, |b, _| basic::naked_single(b)),
    (26, |b, _| basic::locked_candidates(b, true)),
    (28, |b, _| basic::locked_candidates(b, false)),
    (30, |b, _| basic::naked_subset(b, 2)),
    (32, |b, _| basic::fish(b, 2)),
    (34, |b, _| basic::hidden_subset(b, 2)),
    (36, |b, _| basic::naked_subset(b, 3)),
    (38, |b, _| basic::fish(b, 3)),
    (40, |b, _| basic::hidden_subset(b, 3)),
    (40, |b, _| wings::strong_links(b, 2)),
    (42, |b, _| wings::xy_wing(b, false)),
    (44, |b, _| wings::xy_wing(b, true)),
    (45, |b, o| {
        o.uniqueness.then(|| wings::unique_rectangle(b)).flatten()
    }),
    (50, |b, _| basic::naked_subset(b, 4)),
    (52, |b, _| basic::fish(b, 4)),
    (54, |b, _| basic::hidden_subset(b, 4)),
    (54, |b, _| wings::strong_links(b, 3)),
    (55, |b, _| wings::als_wing(b, 4)),
    (56, |b, o| o.uniqueness.then(|| wings::bug(b)).flatten()),
    (58, |b, _| wings::strong_links(b, 4)),
    (62, |b, _| wings::als_wing(b, 5)),
    (66, |b, _| wings::als_wing(b, 6)),
    (66, |b, o| {
        o.chains.then(|| chains::forcing_chain(b)).flatten()
    }),
    (75, |b, _| wings::als_wing(b, 7)),
    (75, |b, o| o.chains.then(|| chains::nishio(b)).flatten()),
    (80, |b, o| {
        o.chains
            .then(|| chains::multiple_chains(b, false))
            .flatten()
    }),
    (85, |b, o| {
        o.chains.then(|| chains::multiple_chains(b, true)).flatten()
    }),
];

/// The easiest step that makes progress, or `None` when no technique does.
pub fn next_step(board: &Board, options: Options) -> Option<Step> {
    LADDER
        .iter()
        .filter(|(base, _)| *base <= options.up_to)
        .find_map(|(_, search)| search(board, options))
}

/// SE's three numbers for a puzzle, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step; `None` when logic could not finish.
    pub er: Option<Tenths>,
    /// The hardest step up to and including the first placement.
    pub ep: Option<Tenths>,
    /// The first step.
    pub ed: Option<Tenths>,
}

/// The solving path of a puzzle.
#[derive(Clone, Debug)]
pub struct Path {
    pub steps: Vec<Step>,
    /// The board where the path ends (solved, stuck or impossible).
    pub board: Board,
    /// The board became impossible (the puzzle has no solution).
    pub contradiction: Option<Contradiction>,
    /// A step or time limit ended the path early.
    pub stopped: bool,
}

impl Path {
    pub fn solved(&self) -> bool {
        self.contradiction.is_none() && self.board.is_solved()
    }
    /// ER / EP / ED as SE computes them.
    pub fn rating(&self) -> Rating {
        let mut hardest = 0;
        let (mut ep, mut ed) = (None, None);
        for step in &self.steps {
            hardest = hardest.max(step.rating);
            if ed.is_none() {
                ed = Some(hardest);
            }
            if ep.is_none() && !step.placements.is_empty() {
                ep = Some(hardest);
            }
        }
        Rating {
            er: self.solved().then_some(hardest),
            ep,
            ed,
        }
    }
}

/// Solves `puzzle` step by step until it is solved, stuck, impossible, or
/// `max_steps` steps were taken.
pub fn solve_path(puzzle: &Grid, options: Options, max_steps: usize) -> Path {
    solve_path_until(puzzle, options, max_steps, None)
}

/// [`solve_path`] that also stops (with [`Path::stopped`]) once `deadline`
/// has passed, checked between steps.
pub fn solve_path_until(
    puzzle: &Grid,
    options: Options,
    max_steps: usize,
    deadline: Option<std::time::Instant>,
) -> Path {
    let mut board = Board::new(puzzle);
    let mut steps = Vec::new();
    let mut contradiction = board.contradiction();
    let mut stopped = false;
    while contradiction.is_none() && !board.is_solved() {
        if steps.len() >= max_steps || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            stopped = true;
            break;
        }
        let Some(step) = next_step(&board, options) else {
            break;
        };
        if !step.apply(&mut board) {
            contradiction = Some(Contradiction::Cell(step.placements[0].0));
        } else {
            contradiction = board.contradiction();
        }
        steps.push(step);
    }
    Path {
        steps,
        board,
        contradiction,
        stopped,
    }
}

/// The first step of `path` that contradicts `solution` (removes a digit
/// the solution has in that cell, or places one it does not have), as its
/// index: a bug in a technique, or a puzzle with another solution.
pub fn first_unsound(path: &Path, solution: &Grid) -> Option<usize> {
    path.steps.iter().position(|step| {
        step.eliminations.iter().any(|&(c, d)| solution.get(c) == d)
            || step.placements.iter().any(|&(c, d)| solution.get(c) != d)
    })
}

/// The rating of a puzzle (see [`Rating`]).
pub fn rate(puzzle: &Grid) -> Rating {
    solve_path(puzzle, Options::default(), usize::MAX).rating()
}

/// The strategy: human techniques first, a guess where they run out.
pub struct Human;

pub static INFO: Info = Info {
    id: "human",
    summary: "human techniques in Sudoku Explainer's order (singles to dynamic forcing chains), guessing only where they run out",
    family: Family::Propagation,
    outside: false,
    reports: Reports::ALL_BUT_MEMS,
    shapes: Shapes::All,
    prunes_by: "applying human solving techniques before every guess",
    headline: false,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::SEARCH,
};

impl Strategy for Human {
    type Scratch = ();
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, _: &mut (), run: &mut Run<T>) {
        let board = Board::new(puzzle);
        let bytes = (board.cand.len() * 5) as u64;
        if run.hold(1, bytes).is_continue() && run.enter(0).is_continue() {
            let _ = search(board, run, 0);
        }
    }
}

fn reason_of(step: &Step, board: &Board) -> Reason {
    match step.technique {
        Technique::NakedSingle => Reason::NakedSingle,
        Technique::HiddenSingle | Technique::LastValue => {
            // The unit is the one whose cells the step looked at.
            let cell = step.placements[0].0;
            let units = board.units.of_cell[cell];
            let u = units
                .into_iter()
                .find(|&u| board.units.cells[u] == step.cells)
                .unwrap_or(units[2]);
            Reason::HiddenSingle(board::unit_of(board.n, u))
        }
        _ => Reason::Propagated,
    }
}

fn search<T: Trace>(mut board: Board, run: &mut Run<T>, depth: u32) -> ControlFlow<()> {
    // Every state the search enters runs this logic, and budgets are
    // checked only every few thousand states: singles and locked
    // candidates keep a state cheap (subsets and fish made counting the
    // empty 9x9 overrun its time budget by seconds; from 16x16 up, naked
    // singles, the only rule cheap enough there).
    let options = Options {
        uniqueness: false,
        chains: false,
        up_to: 28,
    };
    loop {
        if let Some(c) = board.contradiction() {
            if run.trace.enabled() {
                // A digit with no place in a unit is that unit's dead end, not
                // a cell's: the unit's cells may all be filled.
                let dead = match c {
                    Contradiction::Cell(cell) => DeadEnd::Cell(cell),
                    Contradiction::Unit(u, d) => {
                        DeadEnd::Constraint(match board::unit_of(board.n, u) {
                            sudoku_core::Unit::Row(r) => Constraint::RowDigit(r, d),
                            sudoku_core::Unit::Col(c) => Constraint::ColDigit(c, d),
                            sudoku_core::Unit::Box(b) => Constraint::BoxDigit(b, d),
                        })
                    }
                };
                run.dead_end(depth, dead);
            }
            return ControlFlow::Continue(());
        }
        if board.is_solved() {
            return run.solution(depth, &board.value);
        }
        let step = if board.n > 12 {
            basic::naked_single(&board)
        } else {
            next_step(&board, options)
        };
        let Some(step) = step else { break };
        for &(cell, digit) in &step.placements {
            run.place(depth, cell, digit, reason_of(&step, &board));
        }
        if !step.apply(&mut board) {
            return ControlFlow::Continue(());
        }
    }
    let cell = (0..board.cand.len())
        .filter(|&c| board.value[c] == 0)
        .min_by_key(|&c| board.cand[c].count_ones())
        .expect("an unsolved board has an empty cell");
    let options = board.cand[cell];
    for digit in board::digits(options) {
        let mut child = board.clone();
        child.place(cell, digit);
        run.place(depth + 1, cell, digit, Reason::Guess { options });
        run.enter(depth + 1)?;
        search(child, run, depth + 1)?;
        run.undo(depth + 1, cell, digit);
    }
    ControlFlow::Continue(())
}
