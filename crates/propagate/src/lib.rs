//! # propagate: the pruning ladder
//!
//! One search engine with two independent settings, so that the idea which
//! separates the textbook backtracker from every fast solver, *propagation*
//! (placing what is forced before guessing), can be switched on rule by rule
//! and measured on the same code:
//!
//! * **branching** (where to guess when propagation is stuck): `rowmajor`
//!   (the first empty cell, digits ascending), `mrv` (the cell with the fewest
//!   candidates, the first in row-major order on ties) or `fewest` (the cell
//!   *or the unit-and-digit* with the fewest options, as dlx chooses its
//!   column);
//! * **rules**, each including the ones before it, applied to a fixpoint after
//!   every placement: `none`, `fc`, `naked`, `hidden`, `locked`, `subsets`.
//!
//! The 18 combinations are the strategies `prop:<branching>/<rules>`
//! ([`LADDER`], [`by_id`]); `norvig` is `prop:mrv/hidden` under its own name
//! (Peter Norvig's essay is exactly "propagation + MRV"). Every shape from 1x1
//! to 25x25 is accepted, rectangular boxes included.
//!
//! ## The bottom rungs are the classic strategies
//!
//! `prop:rowmajor/none` searches naive's tree and `prop:mrv/none` mrv's: the
//! same nodes, placements, guesses and backtracks on every puzzle (the tests
//! check it on the seeds, top95 and random puzzles of nine shapes). So the
//! ladder starts from figures the rest of the lab already reports, and every
//! rung above is measured against them.
//!
//! ## Nodes
//!
//! A node is a state the branching rule enters: the root and one per
//! option it takes at a branch point, whether the point has one option or
//! several. Under `none` and `fc` that is every placement (`nodes =
//! placements + 1` at the first solution, the classic count): forward
//! checking only finds dead ends sooner, so a cell left with one candidate
//! is still chosen by the branching rule and entered, as mrv does. From
//! `naked` up a digit a rule forces (a naked or hidden single) is a
//! placement inside the current node, not a new node, so each rung differs
//! from the one below in exactly its rule. `guesses` (branch points with
//! two or more options) is the number to watch up the ladder; `placements`
//! still counts every digit written, forced or not, and every one is undone
//! (and counted as a backtrack if no solution lay below) when its state is
//! abandoned.
//!
//! ## The rules, with a worked example each
//!
//! Positions are written `rXcY` (1-based); a cell's *candidates* are the
//! digits no peer (a cell sharing its row, column or box) holds.
//!
//! ### `none`: legality only
//!
//! A digit is never written where a peer holds it, and nothing else is
//! checked: a cell with no candidate is found only when branching reaches it.
//! On the 4x4 `....|2...|..2.|.3..` (rows), row-major search places 1 in
//! r1c1, 3 in r1c2 ... and discovers at r2c2 (whose column holds 3 and row 2,
//! box 1, 3) that nothing fits, levels later than the placement that caused
//! it. *Cost*: one AND-NOT per peer per placement (20 on 9x9). *Saves*:
//! nothing beyond legality; naive needs 9.8 million states per top95 puzzle.
//!
//! ### `fc`: forward checking
//!
//! After each placement, a peer left with no candidate, or a unit where a
//! digit it does not hold has no place left, is a dead end *at once*. Placing
//! 1 in r1c1 of the 4x4 above leaves r1c2 ∈ {3, 4}, r2c2 ∈ {4}: fine; but
//! with 4 in r1c2 as well, r2c2 has nothing, and the state is abandoned
//! before any further cell is tried. *Cost*: the peer check is free (the
//! candidate word is already in hand); the unit check is the per-unit,
//! per-digit place counts, three decrements per removed candidate (see
//! below). *Saves*: whole subtrees below a doomed placement.
//!
//! ### `naked`: naked singles
//!
//! A cell with one candidate left gets that digit, without a guess, and the
//! consequences propagate in turn. Say row 5 holds 1, 2, 3, 4, column 5
//! holds 5, 6, 7 and box 5 holds 8: r5c5 can only be 9. It is written ("naked
//! single"), 9 leaves its twenty peers, and any peer left with one digit joins
//! a queue of cells placed the same way, until no cell has a single left.
//! *Cost*: a popcount per changed peer (the queue push is rare).
//! *Saves*: on easy puzzles, every guess.
//!
//! ### `hidden`: hidden singles
//!
//! A digit with one place left in a unit goes there, even if that cell has
//! other candidates. If, in row 6, digit 5 is excluded from every cell but
//! r6c4 (by 5s in the columns and boxes around), then r6c4 is 5: "hidden
//! single: 5 in row 6". The counts of `fc` find these for free: a count
//! falling to one queues its unit and digit. *Cost*: finding the one cell of
//! the unit per single. *Saves*: most of what is left. With
//! mrv branching this is Norvig's solver, which solves most 17-clue puzzles
//! without a single guess.
//!
//! ### `locked`: locked candidates (pointing and claiming)
//!
//! Where a box meets a row (or column), the *segment* of `box_cols` cells
//! (or `box_rows`) belongs to both units. If inside box 4 digit 3 appears only
//! in the segment on row 5, then row 5's 3 is in box 4, so 3 leaves the rest
//! of row 5 ("pointing": "locked candidates: 3 in box 4 confined to row 5
//! removes r5c7"). Conversely, if in row 5 digit 3 appears only inside box 4,
//! it leaves box 4's other rows ("claiming"). *Cost*: one OR per cell to build
//! the segment masks, then a few mask operations per box-line pair (a few
//! hundred operations per pass on 9x9). *Saves*: the guesses that singles
//! cannot avoid on hard puzzles (tdoku's notes put this rung near 0.8
//! guesses per 17-clue puzzle).
//!
//! ### `subsets`: naked and hidden pairs and triples
//!
//! If two cells of a unit hold only {4, 7} between them (a naked pair), 4 and
//! 7 go to those two, and leave every other cell of the unit; three cells with
//! only three digits between them likewise (a naked triple). If digits 2 and 9
//! fit only in the same two cells of a unit (a hidden pair), those cells hold
//! nothing else. *Cost*: per unit, every pair and triple of cells with two or
//! three candidates and of digits with two or three places: more work per
//! node than all the rules below together. *Saves*: a few more guesses on the
//! hardest puzzles; on most puzzles it costs more than it saves, which is the
//! lesson at the top of the ladder.
//!
//! ## Cost per node and memory
//!
//! The state is one `u32` candidate mask per cell, the placed digit of each
//! cell, and (from `fc` up) one count per unit and digit: how many cells of
//! the unit can still take the digit (a placed digit counts 64, so it never
//! looks missing or single). Removing a candidate decrements three counts; a
//! count reaching 0 is a dead end, reaching 1 queues a hidden single. So
//! forward checking and hidden singles cost a few operations per removed
//! candidate, and no unit is ever rescanned.
//!
//! Undo differs by rung. Under `none` every change of a candidate mask is
//! pushed on a *trail* (cell, old mask) and popped back, as in the classic
//! strategies: a placement changes about ten masks, and copying the board at
//! every one of millions of nodes would cost more. From `fc` up, nodes are
//! guesses only and each carries many forced placements, so a branch point
//! keeps a copy of the masks and counts (1.2 kB on 9x9, 7 kB on 25x25)
//! and restoring is one copy. Measured on top95 (release, this machine,
//! shared): `prop:mrv/hidden` makes 856 placements per puzzle (116 nodes) in
//! about 100 µs, some 120 ns per placement, undo included.
//!
//! Everything (masks, counts, trail, copies, unit tables, the stack of branch
//! points) lives in the per-shape scratch ([`Board`]) and is reused from
//! puzzle to puzzle; the search does not recurse.
//!
//! ## Mems
//!
//! Counted when asked for ([`sudoku_core::Solver::solve_counting_mems`]),
//! compiled away otherwise, on every rung. One mem is one read or write of
//! a 64-bit word of the search's data, counted where it happens:
//!
//! * a cell's candidate word or placed digit, a unit-and-digit count, a
//!   trail entry (cell and old mask), a path entry, a queued single: 1 each;
//!   a frame (20 bytes) read or written: 3;
//! * the peer list and a unit's cell list are `u16`s, four to a word: a
//!   placement reads `peers / 4` words of its list and every peer's
//!   candidates (20 and 20 on 9x9); taking a digit out of a cell's counts
//!   reads the cell's units (1) and reads and writes three counts (6);
//! * a branch point above `none` copies the candidates and counts
//!   (`(4n² + 96n) / 8` words, 76 on 9x9), each word read and written, and
//!   restoring them costs the same;
//! * choosing: row-major reads the digits of the cells it passes; mrv the
//!   candidates and digit of every cell it scans (it stops early at the
//!   fewest possible); `fewest` also reads every unit's counts (eight to a
//!   word) or, under `none`, the cells, candidates and digits of each unit
//!   it scans (it stops at a digit with no place left), and the winning
//!   unit's cells and candidates once more to list the places;
//! * locked candidates read every cell's candidates twice, write every
//!   segment and read the segments each box-line comparison looks at;
//!   subsets read each unit's cells and candidates twice; the lists of
//!   pairs and triples they build live in registers and on the stack, not
//!   in the search's data, and are not counted.
//!
//! Copying a solution out is not counted (it is reporting, not search).
//! Under `none` a rung counts its own mems, not naive's or mrv's: the same
//! tree, another data structure.
//!
//! ## Tree estimates
//!
//! Every rung sends its branch points through
//! [`Run::follow`](sudoku_core::Run::follow), so `sudoku-lab estimate` can
//! walk it down random paths ([`sudoku_core::estimate`]).
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! use sudoku_propagate::{by_id, Branching, Propagate, Rules, NORVIG};
//! let puzzle: Grid =
//!     "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
//!         .parse()
//!         .unwrap();
//! let classic = Propagate::rung(Branching::Mrv, Rules::None).solve(&puzzle, &Limits::default());
//! let norvig = NORVIG.solve(&puzzle, &Limits::default());
//! let locked = by_id("prop:mrv/locked").unwrap().solve(&puzzle, &Limits::default());
//! assert_eq!(norvig.verdict(), Verdict::Unique);
//! assert_eq!(norvig.solutions, locked.solutions);
//! // Each rule buys a smaller tree.
//! assert!(norvig.stats.guesses < classic.stats.guesses / 10);
//! assert!(locked.stats.guesses <= norvig.stats.guesses);
//! ```

mod engine;

pub use engine::Board;
use sudoku_core::{Family, Grid, Info, Reports, Run, Shapes, Strategy, Trace};

/// Where the search branches when propagation has done what it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Branching {
    /// The first empty cell in row-major order, digits ascending (naive's order).
    RowMajor,
    /// The empty cell with the fewest candidates, the first in row-major
    /// order on ties, digits ascending (mrv's order).
    Mrv,
    /// The cell or the unit-and-digit with the fewest options, as dlx chooses
    /// its column (the cell on ties).
    Fewest,
}

impl Branching {
    pub const ALL: [Branching; 3] = [Branching::RowMajor, Branching::Mrv, Branching::Fewest];
    pub fn as_str(self) -> &'static str {
        match self {
            Branching::RowMajor => "rowmajor",
            Branching::Mrv => "mrv",
            Branching::Fewest => "fewest",
        }
    }
}

/// The propagation rules, each including the ones before it, applied to a
/// fixpoint after every placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rules {
    /// Legality only: a digit is never written where a peer holds it.
    None,
    /// Forward checking: a cell left with no candidate, or a digit left with
    /// no place in a unit, is a dead end at once.
    Fc,
    /// + naked singles are placed.
    Naked,
    /// + hidden singles are placed.
    Hidden,
    /// + locked candidates (pointing and claiming).
    Locked,
    /// + naked and hidden pairs and triples.
    Subsets,
}

impl Rules {
    pub const ALL: [Rules; 6] = [
        Rules::None,
        Rules::Fc,
        Rules::Naked,
        Rules::Hidden,
        Rules::Locked,
        Rules::Subsets,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            Rules::None => "none",
            Rules::Fc => "fc",
            Rules::Naked => "naked",
            Rules::Hidden => "hidden",
            Rules::Locked => "locked",
            Rules::Subsets => "subsets",
        }
    }
}

/// One rung of the ladder: a branching rule and a set of propagation rules.
#[derive(Clone, Copy, Debug)]
pub struct Propagate {
    pub branching: Branching,
    pub rules: Rules,
    info: &'static Info,
}

impl Strategy for Propagate {
    type Scratch = Board;
    fn info(&self) -> &'static Info {
        self.info
    }
    fn search<T: Trace>(&self, puzzle: &Grid, board: &mut Board, run: &mut Run<T>) {
        engine::solve(board, puzzle, self.branching, self.rules, run);
    }
}

impl Propagate {
    /// The rung with these settings.
    pub fn rung(branching: Branching, rules: Rules) -> &'static Propagate {
        &LADDER[branching as usize * Rules::ALL.len() + rules as usize]
    }
}

const fn info(id: &'static str, summary: &'static str, prunes_by: &'static str) -> Info {
    Info {
        id,
        summary,
        family: Family::Propagation,
        outside: false,
        reports: Reports::ALL,
        shapes: Shapes::All,
        prunes_by,
        headline: false,
        brute_force: false,
        capabilities: sudoku_core::Capabilities::PROBED_SEARCH,
    }
}

macro_rules! ladder {
    ($( $b:ident $bs:literal { $( $r:ident $rs:literal $what:literal ),* } )*) => {
        /// The 18 rungs' [`Info`]s, in the order of [`LADDER`].
        pub static INFOS: [Info; 18] = [ $( $(
            info(
                concat!("prop:", $bs, "/", $rs),
                concat!("pruning ladder: ", $bs, " branching, ", $what),
                $what,
            ),
        )* )* ];
        /// Every rung: branching `rowmajor`, `mrv`, `fewest` (outer) times
        /// rules `none` .. `subsets` (inner).
        pub static LADDER: [Propagate; 18] = {
            let mut i = 0;
            [ $( $(
                Propagate {
                    branching: Branching::$b,
                    rules: Rules::$r,
                    info: &INFOS[{ i += 1; i - 1 }],
                },
            )* )* ]
        };
    };
}

ladder! {
    RowMajor "rowmajor" {
        None "none" "legality only",
        Fc "fc" "forward checking",
        Naked "naked" "forward checking, naked singles",
        Hidden "hidden" "forward checking, naked and hidden singles",
        Locked "locked" "singles, locked candidates",
        Subsets "subsets" "singles, locked candidates, pairs and triples"
    }
    Mrv "mrv" {
        None "none" "legality only",
        Fc "fc" "forward checking",
        Naked "naked" "forward checking, naked singles",
        Hidden "hidden" "forward checking, naked and hidden singles",
        Locked "locked" "singles, locked candidates",
        Subsets "subsets" "singles, locked candidates, pairs and triples"
    }
    Fewest "fewest" {
        None "none" "legality only",
        Fc "fc" "forward checking",
        Naked "naked" "forward checking, naked singles",
        Hidden "hidden" "forward checking, naked and hidden singles",
        Locked "locked" "singles, locked candidates",
        Subsets "subsets" "singles, locked candidates, pairs and triples"
    }
}

static NORVIG_INFO: Info = Info {
    id: "norvig",
    summary: "Norvig's solver: naked and hidden singles propagated, fewest-candidates cell (prop:mrv/hidden)",
    headline: true,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::PROBED_SEARCH,
    ..info(
        "norvig",
        "",
        "naked and hidden singles, then the cell with the fewest candidates",
    )
};

/// `norvig`: the alias of `prop:mrv/hidden` (Norvig's essay is exactly
/// "propagation + MRV"), shown with the headline strategies.
pub static NORVIG: Propagate = Propagate {
    branching: Branching::Mrv,
    rules: Rules::Hidden,
    info: &NORVIG_INFO,
};

sudoku_core::compiled_here!(NORVIG);

/// Looks a rung up by id (`prop:mrv/hidden`), or `norvig`.
pub fn by_id(id: &str) -> Option<&'static Propagate> {
    if id == NORVIG_INFO.id {
        return Some(&NORVIG);
    }
    LADDER.iter().find(|p| p.info.id == id)
}
