//! # sudoku-replay: a trace is a proof a reader can check
//!
//! A search's trace ([`sudoku_core::Event`]s) is replayed from the puzzle
//! with the replay model every view draws from ([`Replay`], the search
//! tree and the board at every step, in [`tree`]),
//! and every event is checked against the board and the candidates (the
//! pencil marks: the digits no peer holds, less those rules removed on the
//! current path) as they stood just before it:
//!
//! * **placements**: the cell was empty and the digit one of its
//!   candidates; a naked single or an only option is the cell's only
//!   candidate; a hidden single or an only place is the only cell of its
//!   unit left for the digit (and the cell lies in that unit); a guess's
//!   options are exactly the cell's candidates, two or more; a guess among
//!   places names as many places as the unit has left for the digit;
//! * **eliminations**: the cell was empty and had the candidate; locked
//!   candidates: every candidate of the digit in the unit lies in the line,
//!   and the cell is in the line outside the unit; a naked subset: its cells
//!   of the unit are empty and hold only as many digits between them,
//!   among them this one, and the cell is another cell of the unit; a hidden
//!   subset: its digits fit in only as many cells of the unit, the cell is
//!   one of them and the digit not one of the subset; a configuration (a
//!   branch): the cell lies in one of the band's (or stack's) three lines,
//!   outside the box the configuration gives the digit there; a triad:
//!   the cells where a line meets a box hold as many digits, each placed
//!   there or with all its places of the line or the box there, and the
//!   digit removed is none of them;
//! * **dead ends**: the cell named is empty with no candidate left, or the
//!   unit named lacks the digit and has no cell left for it;
//! * **undo**: the cell held that digit, and it was not a given;
//! * **the board**: it changes only as the event says (a placement writes
//!   its one cell, an undo clears its one cell, nothing else writes; a
//!   strategy that copies whole states may jump to a saved state when it
//!   enters one, [`sudoku_core::Capabilities::copies_states`]), it keeps the
//!   givens, no unit ever holds a digit twice, and a solution is complete.
//!
//! What the checker cannot re-derive it checks for legality only: a SAT
//! solver's decisions and unit propagations (the reason is the solver's,
//! not a Sudoku rule).
//!
//! The first event that fails stops the check with a [`Failure`] naming the
//! step, the event and what is wrong.
//!
//! ```
//! use sudoku_core::{Event, Grid, Reason};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! // r1c1 of this 4x4 can only take 1 (its row holds 3, its column 2,
//! // its box 4): a naked single.
//! let place = |digit| Event::Place { depth: 1, cell: 0, digit, reason: Reason::NakedSingle };
//! assert!(sudoku_replay::check(&puzzle, &[Event::Enter { depth: 0 }, place(1)], false).is_ok());
//! // 4 is no candidate there: its box holds a 4.
//! let bad = [Event::Enter { depth: 0 }, place(4)];
//! let failure = sudoku_replay::check(&puzzle, &bad, false).unwrap_err();
//! assert_eq!(failure.step, 1);
//! ```

use std::fmt;
pub mod tree;
pub use tree::{Elimination, Placement, Replay, ReplayStep, TreeNode};

use sudoku_core::{digit_set, Constraint, DeadEnd, Event, Geometry, Grid, Reason, Rule, Unit};

/// What a checked trace held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub events: u64,
    pub placements: u64,
    pub eliminations: u64,
    pub undos: u64,
    pub dead_ends: u64,
    pub solutions: u64,
    /// Placements whose reason the checker could only check for legality
    /// (a SAT decision or unit propagation).
    pub legal_only: u64,
}

/// The first event a trace got wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Its index in the event stream (0-based).
    pub step: usize,
    pub event: Event,
    /// What is wrong, in words.
    pub what: String,
    /// The board before the event, as a line.
    pub board: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "step {} ({:?}): {}\n  board before it: {}",
            self.step, self.event, self.what, self.board
        )
    }
}

impl std::error::Error for Failure {}

/// `rXcY`, 1-based, for messages.
fn at(geometry: &Geometry, cell: usize) -> String {
    format!("r{}c{}", geometry.row(cell) + 1, geometry.col(cell) + 1)
}

fn sym(d: u8) -> char {
    sudoku_core::digit_symbol(d)
}

/// Checks the events of a search of `puzzle`, in order. `copies_states`:
/// the strategy enters saved states (bfs), so an `Enter` may change the
/// board. Stops at the first event that fails.
pub fn check(puzzle: &Grid, events: &[Event], copies_states: bool) -> Result<Summary, Failure> {
    let mut checker = Checker::new(puzzle, copies_states);
    for event in events {
        checker.step(event)?;
    }
    Ok(checker.summary)
}

/// The checker, one event at a time (for a caller that streams events).
pub struct Checker {
    geometry: Geometry,
    replay: Replay,
    /// The board the event is checked against: the replay's, except that a
    /// copying search's branch placement (a child created, entered later)
    /// is shown for one step only, so the next event sees its parent's board.
    view: Vec<u8>,
    copies_states: bool,
    /// The candidates of every cell, while no event since changed them
    /// otherwise than an elimination.
    cache: Option<Vec<u32>>,
    step: usize,
    pub summary: Summary,
}

impl Checker {
    pub fn new(puzzle: &Grid, copies_states: bool) -> Checker {
        Checker {
            geometry: Geometry::new(puzzle.shape()),
            replay: Replay::new(puzzle),
            view: puzzle.cells().to_vec(),
            copies_states,
            cache: None,
            step: 0,
            summary: Summary::default(),
        }
    }

    /// The replay after the events checked so far.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Every cell's candidates now (0 for a filled cell).
    fn candidates(&mut self) -> &[u32] {
        if self.cache.is_none() {
            let n = self.geometry.shape().side();
            let board = self.view.as_slice();
            let (mut rows, mut cols, mut boxes) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
            for (cell, &d) in board.iter().enumerate() {
                if d != 0 {
                    let bit = 1 << (d - 1);
                    rows[self.geometry.row(cell)] |= bit;
                    cols[self.geometry.col(cell)] |= bit;
                    boxes[self.geometry.box_of(cell)] |= bit;
                }
            }
            let all = self.geometry.shape().all_digits();
            let mut cands: Vec<u32> = (0..board.len())
                .map(|cell| {
                    if board[cell] != 0 {
                        0
                    } else {
                        all & !(rows[self.geometry.row(cell)]
                            | cols[self.geometry.col(cell)]
                            | boxes[self.geometry.box_of(cell)])
                    }
                })
                .collect();
            for id in self.replay.path() {
                for e in &self.replay.nodes[id].eliminated {
                    cands[e.cell] &= !(1 << (e.digit - 1));
                }
            }
            self.cache = Some(cands);
        }
        self.cache.as_deref().expect("just built")
    }

    fn unit_holds(&self, unit: Unit, digit: u8) -> Option<usize> {
        let board = self.view.as_slice();
        self.geometry
            .unit_cells(unit)
            .into_iter()
            .find(|&c| board[c] == digit)
    }

    /// The cells of `unit` where `digit` is a candidate.
    fn places(&mut self, unit: Unit, digit: u8) -> Vec<usize> {
        let cells = self.geometry.unit_cells(unit);
        let cands = self.candidates();
        cells
            .into_iter()
            .filter(|&c| cands[c] & (1 << (digit - 1)) != 0)
            .collect()
    }

    fn in_unit(&self, cell: usize, unit: Unit) -> bool {
        match unit {
            Unit::Row(r) => self.geometry.row(cell) == r,
            Unit::Col(c) => self.geometry.col(cell) == c,
            Unit::Box(b) => self.geometry.box_of(cell) == b,
        }
    }

    fn unit_ok(&self, unit: Unit) -> bool {
        let n = self.geometry.shape().side();
        match unit {
            Unit::Row(i) | Unit::Col(i) | Unit::Box(i) => i < n,
        }
    }

    /// Checks one event and applies it.
    pub fn step(&mut self, event: &Event) -> Result<(), Failure> {
        let before = self.view.clone();
        let step = self.step;
        let fail = |what: String, board: &[u8]| Failure {
            step,
            event: *event,
            what,
            board: board
                .iter()
                .map(|&d| if d == 0 { '.' } else { sym(d) })
                .collect(),
        };
        if let Err(what) = self.reason_holds(event) {
            return Err(fail(what, &before));
        }
        self.replay.apply(event);
        let after = self.replay.board();
        if let Err(what) = self.board_changes(event, &before, after) {
            return Err(fail(what, &before));
        }
        let clash = match *event {
            Event::Place { cell, .. } => self.clash_at(cell),
            Event::Enter { .. } if self.copies_states => self.clash(),
            _ => None,
        };
        if let Some(what) = clash {
            return Err(fail(what, &before));
        }
        self.view.copy_from_slice(self.replay.board());
        if let Event::Place { cell, reason, .. } = *event {
            if self.copies_states && reason.is_branch() && before[cell] == 0 {
                self.view[cell] = 0;
            }
        }
        match *event {
            Event::Eliminate { cell, digit, .. } => {
                if let Some(c) = self.cache.as_mut() {
                    c[cell] &= !(1 << (digit - 1));
                }
            }
            _ => self.cache = None,
        }
        self.step += 1;
        self.summary.events += 1;
        Ok(())
    }

    /// The reason of `event` re-derived from the board and candidates
    /// before it.
    fn reason_holds(&mut self, event: &Event) -> Result<(), String> {
        let n = self.geometry.shape().side();
        let cells = self.geometry.shape().cells();
        let g = self.geometry.clone();
        let bad_cell = |cell: usize| cell >= cells;
        match *event {
            Event::Enter { .. } => Ok(()),
            Event::Place {
                cell,
                digit,
                reason,
                ..
            } => {
                self.summary.placements += 1;
                if bad_cell(cell) || digit == 0 || digit as usize > n {
                    return Err(format!("no such cell or digit ({cell}, {digit})"));
                }
                let here = at(&g, cell);
                let d = sym(digit);
                if self.view.as_slice()[cell] != 0 {
                    return Err(format!(
                        "places {d} in {here}, which holds {} already",
                        sym(self.view.as_slice()[cell])
                    ));
                }
                let cands = self.candidates()[cell];
                let bit = 1 << (digit - 1);
                if cands & bit == 0 {
                    return Err(format!(
                        "places {d} in {here}, whose candidates are {}: a peer holds {d} or a rule removed it",
                        digit_set(cands)
                    ));
                }
                match reason {
                    Reason::NakedSingle | Reason::OnlyOption => {
                        if cands != bit {
                            return Err(format!(
                                "{}: {here} has the candidates {}",
                                reason.kind(),
                                digit_set(cands)
                            ));
                        }
                    }
                    Reason::HiddenSingle(unit) | Reason::OnlyPlace(unit) => {
                        if !self.unit_ok(unit) || !self.in_unit(cell, unit) {
                            return Err(format!("{}: {here} is not in {unit}", reason.kind()));
                        }
                        let places = self.places(unit, digit);
                        if places != [cell] {
                            let list: Vec<String> = places.iter().map(|&c| at(&g, c)).collect();
                            return Err(format!(
                                "{}: {d} has the places {{{}}} in {unit}",
                                reason.kind(),
                                list.join(", ")
                            ));
                        }
                    }
                    Reason::Guess { options } => {
                        if options != cands {
                            return Err(format!(
                                "guess: one of {} in {here}, whose candidates are {}",
                                digit_set(options),
                                digit_set(cands)
                            ));
                        }
                        if options.count_ones() < 2 {
                            return Err(format!("a guess with one option in {here}"));
                        }
                    }
                    Reason::GuessPlace { unit, places } => {
                        if !self.unit_ok(unit) || !self.in_unit(cell, unit) {
                            return Err(format!("guess: {here} is not in {unit}"));
                        }
                        let left = self.places(unit, digit).len() as u32;
                        if left != places || places < 2 {
                            return Err(format!(
                                "guess: one of {places} places for {d} in {unit}, which has {left}"
                            ));
                        }
                    }
                    Reason::Decision | Reason::Propagated => self.summary.legal_only += 1,
                }
                Ok(())
            }
            Event::Eliminate {
                cell, digit, rule, ..
            } => {
                self.summary.eliminations += 1;
                if bad_cell(cell) || digit == 0 || digit as usize > n {
                    return Err(format!("no such cell or digit ({cell}, {digit})"));
                }
                let here = at(&g, cell);
                let d = sym(digit);
                if self.view.as_slice()[cell] != 0 {
                    return Err(format!("removes {d} from {here}, which is filled"));
                }
                let cands = self.candidates()[cell];
                let bit = 1u32 << (digit - 1);
                if cands & bit == 0 {
                    return Err(format!(
                        "removes {d} from {here}, whose candidates {} lack it already",
                        digit_set(cands)
                    ));
                }
                self.rule_holds(cell, digit, rule)
            }
            Event::Undo { cell, digit, .. } => {
                self.summary.undos += 1;
                if bad_cell(cell) {
                    return Err(format!("no such cell ({cell})"));
                }
                let shown = self.view.as_slice()[cell];
                if shown != digit {
                    return Err(format!(
                        "undoes {} in {}, which holds {}",
                        sym(digit),
                        at(&g, cell),
                        if shown == 0 { '.' } else { sym(shown) }
                    ));
                }
                if self.replay.givens()[cell] != 0 {
                    return Err(format!("undoes the given in {}", at(&g, cell)));
                }
                Ok(())
            }
            Event::DeadEnd { reason, .. } => {
                self.summary.dead_ends += 1;
                match reason {
                    DeadEnd::Cell(cell) | DeadEnd::Constraint(Constraint::Cell(cell)) => {
                        if bad_cell(cell) {
                            return Err(format!("no such cell ({cell})"));
                        }
                        let here = at(&g, cell);
                        if self.view.as_slice()[cell] != 0 {
                            return Err(format!("dead end: {here} is filled"));
                        }
                        let cands = self.candidates()[cell];
                        if cands != 0 {
                            return Err(format!(
                                "dead end: {here} still has the candidates {}",
                                digit_set(cands)
                            ));
                        }
                        Ok(())
                    }
                    DeadEnd::Constraint(c) => {
                        let (unit, digit) = match c {
                            Constraint::RowDigit(r, d) => (Unit::Row(r), d),
                            Constraint::ColDigit(c, d) => (Unit::Col(c), d),
                            Constraint::BoxDigit(b, d) => (Unit::Box(b), d),
                            Constraint::Cell(_) => unreachable!("matched above"),
                        };
                        if !self.unit_ok(unit) || digit == 0 || digit as usize > n {
                            return Err(format!("no such unit or digit ({unit}, {digit})"));
                        }
                        let d = sym(digit);
                        if let Some(c) = self.unit_holds(unit, digit) {
                            return Err(format!(
                                "dead end: {unit} needs a {d}, but {} holds it",
                                at(&g, c)
                            ));
                        }
                        let places = self.places(unit, digit);
                        if !places.is_empty() {
                            let list: Vec<String> = places.iter().map(|&c| at(&g, c)).collect();
                            return Err(format!(
                                "dead end: {unit} has the places {{{}}} for {d}",
                                list.join(", ")
                            ));
                        }
                        Ok(())
                    }
                }
            }
            Event::Solution { .. } => {
                self.summary.solutions += 1;
                if self.view.as_slice().contains(&0) {
                    return Err("a solution with empty cells".into());
                }
                Ok(())
            }
        }
    }

    fn rule_holds(&mut self, cell: usize, digit: u8, rule: Rule) -> Result<(), String> {
        let g = self.geometry.clone();
        let here = at(&g, cell);
        let d = sym(digit);
        let bit = 1u32 << (digit - 1);
        match rule {
            Rule::Locked { unit, line } => {
                if !self.unit_ok(unit) || !self.unit_ok(line) {
                    return Err(format!("locked candidates: no such unit ({unit}, {line})"));
                }
                if !self.in_unit(cell, line) || self.in_unit(cell, unit) {
                    return Err(format!(
                        "locked candidates: {here} is not in {line} outside {unit}"
                    ));
                }
                let places = self.places(unit, digit);
                if places.is_empty() || places.iter().any(|&c| !self.in_unit(c, line)) {
                    let list: Vec<String> = places.iter().map(|&c| at(&g, c)).collect();
                    return Err(format!(
                        "locked candidates: {d} has the places {{{}}} in {unit}, not all in {line}",
                        list.join(", ")
                    ));
                }
                Ok(())
            }
            Rule::NakedSubset { unit, cells } => {
                if !self.unit_ok(unit) {
                    return Err(format!("naked subset: no such unit ({unit})"));
                }
                let unit_cells = g.unit_cells(unit);
                if cells >> unit_cells.len().min(31) != 0 && unit_cells.len() < 32 {
                    return Err(format!("naked subset: no such cells of {unit}"));
                }
                let members: Vec<usize> = sudoku_core::bits::ones(cells)
                    .map(|i| unit_cells[i])
                    .collect();
                if members.contains(&cell) || !self.in_unit(cell, unit) {
                    return Err(format!(
                        "naked subset: {here} is not another cell of {unit}"
                    ));
                }
                let board = self.view.as_slice().to_vec();
                let cands = self.candidates();
                let union = members.iter().fold(0, |u, &c| u | cands[c]);
                if members.iter().any(|&c| board[c] != 0)
                    || union.count_ones() as usize != members.len()
                    || union & bit == 0
                {
                    return Err(format!(
                        "naked subset: {} cells of {unit} hold {} between them",
                        members.len(),
                        digit_set(union)
                    ));
                }
                Ok(())
            }
            Rule::HiddenSubset { unit, digits } => {
                if !self.unit_ok(unit) {
                    return Err(format!("hidden subset: no such unit ({unit})"));
                }
                if digits & bit != 0 {
                    return Err(format!("hidden subset: removes {d}, one of its own digits"));
                }
                if !self.in_unit(cell, unit) {
                    return Err(format!("hidden subset: {here} is not in {unit}"));
                }
                let unit_cells = g.unit_cells(unit);
                let board = self.view.as_slice().to_vec();
                let placed = unit_cells
                    .iter()
                    .any(|&c| board[c] != 0 && digits & (1 << (board[c] - 1)) != 0);
                let cands = self.candidates();
                let holding: Vec<usize> = unit_cells
                    .into_iter()
                    .filter(|&c| cands[c] & digits != 0)
                    .collect();
                if placed
                    || holding.len() != digits.count_ones() as usize
                    || !holding.contains(&cell)
                {
                    return Err(format!(
                        "hidden subset: {} fit in {} cells of {unit}",
                        digit_set(digits),
                        holding.len()
                    ));
                }
                Ok(())
            }
            Rule::Triad {
                line,
                within,
                digits,
            } => {
                if !self.unit_ok(line) || !self.unit_ok(within) {
                    return Err(format!("triad: no such unit ({line}, {within})"));
                }
                let mini: Vec<usize> = g
                    .unit_cells(line)
                    .into_iter()
                    .filter(|&c| self.in_unit(c, within))
                    .collect();
                if !mini.contains(&cell) || digits & bit != 0 {
                    return Err(format!(
                        "triad: {here} is not where {line} meets {within}, or {d} is one of its digits"
                    ));
                }
                let board = self.view.as_slice().to_vec();
                let Unit::Box(b) = within else {
                    return Err(format!("triad: {within} is not a box"));
                };
                for e in sudoku_core::bits::digits(digits) {
                    let cands = self.candidates().to_vec();
                    let fits = |c: usize| board[c] == e || cands[c] & (1 << (e - 1)) != 0;
                    if !sudoku_core::certain_in(&g, line, b, fits) {
                        return Err(format!(
                            "triad: {} may go outside the cells where {line} meets {within}",
                            sym(e)
                        ));
                    }
                }
                if digits.count_ones() as usize != mini.len() {
                    return Err(format!(
                        "triad: {} digits for {} cells",
                        digits.count_ones(),
                        mini.len()
                    ));
                }
                Ok(())
            }
            Rule::Configuration { lines, boxes } => {
                // A branch: the digit leaves the three lines' cells outside
                // the boxes the configuration gives it (`boxes[k]` for the
                // `k`-th line, numbered as the grid's boxes).
                let k = match lines {
                    Unit::Row(r) => g.row(cell).checked_sub(r),
                    Unit::Col(c) => g.col(cell).checked_sub(c),
                    Unit::Box(_) => return Err("configuration: lines named by a box".into()),
                };
                match k {
                    Some(k) if k < 3 && boxes[k] as usize != g.box_of(cell) => Ok(()),
                    _ => Err(format!(
                        "configuration: {here} is not outside the boxes the branch gives {d}"
                    )),
                }
            }
        }
    }

    /// The board changed only as the event says.
    fn board_changes(&self, event: &Event, before: &[u8], after: &[u8]) -> Result<(), String> {
        for (cell, (&g, &a)) in self.replay.givens().iter().zip(after).enumerate() {
            if g != 0 && a != g {
                return Err(format!("the given in {} changed", at(&self.geometry, cell)));
            }
        }
        let changed: Vec<usize> = (0..before.len())
            .filter(|&c| before[c] != after[c])
            .collect();
        let expected: Option<usize> = match *event {
            Event::Place { cell, .. } | Event::Undo { cell, .. } => Some(cell),
            Event::Enter { .. } if self.copies_states => return Ok(()),
            _ => None,
        };
        let unexpected: Vec<String> = changed
            .iter()
            .filter(|&&c| Some(c) != expected)
            .map(|&c| {
                let show = |d: u8| if d == 0 { '.' } else { sym(d) };
                format!(
                    "{} {} to {}",
                    at(&self.geometry, c),
                    show(before[c]),
                    show(after[c])
                )
            })
            .collect();
        if !unexpected.is_empty() {
            return Err(format!(
                "the board changed without an event: {}",
                unexpected.join(", ")
            ));
        }
        Ok(())
    }

    /// A peer of `cell` holding its digit, in words.
    fn clash_at(&self, cell: usize) -> Option<String> {
        let board = self.replay.board();
        let d = board[cell];
        let peer = self
            .geometry
            .peers(cell)
            .iter()
            .map(|&p| p as usize)
            .find(|&p| d != 0 && board[p] == d)?;
        Some(format!(
            "{} and {} both hold {}",
            at(&self.geometry, peer),
            at(&self.geometry, cell),
            sym(d)
        ))
    }

    /// Two equal digits in one unit, in words.
    fn clash(&self) -> Option<String> {
        let n = self.geometry.shape().side();
        let board = self.replay.board();
        for unit in (0..n).flat_map(|i| [Unit::Row(i), Unit::Col(i), Unit::Box(i)]) {
            let mut seen = vec![usize::MAX; n + 1];
            for c in self.geometry.unit_cells(unit) {
                let d = board[c] as usize;
                if d != 0 {
                    if seen[d] != usize::MAX {
                        return Some(format!(
                            "{unit} holds {} twice, in {} and {}",
                            sym(d as u8),
                            at(&self.geometry, seen[d]),
                            at(&self.geometry, c)
                        ));
                    }
                    seen[d] = c;
                }
            }
        }
        None
    }
}
