//! The trace of a traced run, told from the board a reader sees.
//!
//! bitboard's rules work on whole planes at once and lazily (a placed
//! digit's column peers in other bands leave its plane at the next band
//! step; a band step applies locked candidates in both directions, hidden
//! singles of boxes and rows and pointing in one look-up), so events
//! emitted where the rules act would name reasons the pencil marks do not
//! show yet. Instead, a traced run keeps a *shadow*: the board and the
//! candidates exactly as the replay shows them (the digits no peer holds,
//! less the eliminations traced). After each propagation the narrator
//! compares the state with the shadow and tells the difference as a proof:
//! each placement as a naked or hidden single, each removed candidate by a
//! rule that holds on the shadow (locked candidates, a naked or hidden
//! subset), in an order where each follows from those before; a failed
//! propagation ends in a dead end visible on the shadow (a cell with no
//! candidate, a unit with no place for a digit). Leaving a node takes back
//! its placements one by one, deepest first, as every strategy does.
//!
//! Only the traced instantiation builds a narrator: with `NoTrace` none
//! of this code runs, and the search is what it was.

use sudoku_core::{bits, Constraint, DeadEnd, Geometry, Reason, Rule, Run, Shape, Trace, Unit};

/// A change the shadow made, to be taken back when its node is left.
#[derive(Clone, Copy)]
enum Change {
    Place { depth: u32, cell: usize, digit: u8 },
    Eliminate { cell: usize, digit: u8 },
}

/// What a propagation left in one cell: its digit, or its candidates.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cell {
    Placed(u8),
    Candidates(u32),
}

pub(crate) struct Narrator {
    geo: Geometry,
    n: usize,
    board: Vec<u8>,
    removed: Vec<u32>,
    trail: Vec<Change>,
}

impl Narrator {
    pub(crate) fn new(shape: Shape, givens: &[u8]) -> Narrator {
        Narrator {
            geo: Geometry::new(shape),
            n: shape.side(),
            board: givens.to_vec(),
            removed: vec![0; givens.len()],
            trail: Vec::new(),
        }
    }

    /// The trail's length: [`Narrator::unwind`] to it takes back everything after.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Takes back the changes after `mark`, deepest first: each placement
    /// an `Undo` (through [`Run::undo`], which counts the backtracks).
    pub(crate) fn unwind<T: Trace>(&mut self, mark: usize, run: &mut Run<T>) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than the mark") {
                Change::Place { depth, cell, digit } => {
                    self.board[cell] = 0;
                    run.undo(depth, cell, digit);
                }
                Change::Eliminate { cell, digit } => self.removed[cell] &= !(1 << (digit - 1)),
            }
        }
    }

    /// A branch's placement (a guess): recorded for the unwind; the caller
    /// reports it with [`Run::place`].
    pub(crate) fn guess(&mut self, depth: u32, cell: usize, digit: u8) {
        self.board[cell] = digit;
        self.trail.push(Change::Place { depth, cell, digit });
    }

    /// The candidates of `cell` on the shadow.
    fn cands(&self, cell: usize) -> u32 {
        if self.board[cell] != 0 {
            return 0;
        }
        let mut used = self.removed[cell];
        for &p in self.geo.peers(cell) {
            let d = self.board[p as usize];
            if d != 0 {
                used |= 1 << (d - 1);
            }
        }
        self.geo.shape().all_digits() & !used
    }

    fn units(&self, cell: usize) -> [Unit; 3] {
        [
            Unit::Row(self.geo.row(cell)),
            Unit::Col(self.geo.col(cell)),
            Unit::Box(self.geo.box_of(cell)),
        ]
    }

    fn places(&self, unit: Unit, digit: u8) -> Vec<usize> {
        self.geo
            .unit_cells(unit)
            .into_iter()
            .filter(|&c| self.cands(c) & (1 << (digit - 1)) != 0)
            .collect()
    }

    fn holds(&self, unit: Unit, digit: u8) -> bool {
        self.geo
            .unit_cells(unit)
            .into_iter()
            .any(|c| self.board[c] == digit)
    }

    fn in_unit(&self, cell: usize, unit: Unit) -> bool {
        match unit {
            Unit::Row(r) => self.geo.row(cell) == r,
            Unit::Col(c) => self.geo.col(cell) == c,
            Unit::Box(b) => self.geo.box_of(cell) == b,
        }
    }

    fn place_reason(&self, cell: usize, digit: u8) -> Option<Reason> {
        let bit = 1 << (digit - 1);
        let cands = self.cands(cell);
        if cands & bit == 0 {
            return None;
        }
        if cands == bit {
            return Some(Reason::NakedSingle);
        }
        self.units(cell)
            .into_iter()
            .find(|&u| self.places(u, digit) == [cell])
            .map(Reason::HiddenSingle)
    }

    /// A rule that removes `digit` from `cell` on the shadow now.
    fn elimination_rule(&self, cell: usize, digit: u8) -> Option<Rule> {
        let shape = self.geo.shape();
        let (r, c, b) = (
            self.geo.row(cell),
            self.geo.col(cell),
            self.geo.box_of(cell),
        );
        let confined = |unit: Unit, line: Unit| {
            let places = self.places(unit, digit);
            !places.is_empty() && places.iter().all(|&p| self.in_unit(p, line))
        };
        // Pointing: a box on the cell's row or column with the digit only there.
        for line in [Unit::Row(r), Unit::Col(c)] {
            let mut boxes: Vec<usize> = self
                .geo
                .unit_cells(line)
                .into_iter()
                .map(|p| self.geo.box_of(p))
                .filter(|&bx| bx != b)
                .collect();
            boxes.dedup();
            for bx in boxes {
                if confined(Unit::Box(bx), line) {
                    return Some(Rule::Locked {
                        unit: Unit::Box(bx),
                        line,
                    });
                }
            }
        }
        // Claiming: a row or column through the cell's box with the digit
        // only in the box.
        let origin = shape.box_origin(b);
        let (r0, c0) = (origin / self.n, origin % self.n);
        let lines = (r0..r0 + shape.box_rows())
            .filter(|&rr| rr != r)
            .map(Unit::Row)
            .chain(
                (c0..c0 + shape.box_cols())
                    .filter(|&cc| cc != c)
                    .map(Unit::Col),
            );
        for unit in lines {
            if confined(unit, Unit::Box(b)) {
                return Some(Rule::Locked {
                    unit,
                    line: Unit::Box(b),
                });
            }
        }
        // A triad: the cells where the cell's row (column) meets its box
        // must hold as many certain digits, and this is none of them.
        for line in [Unit::Row(r), Unit::Col(c)] {
            let mini: Vec<usize> = self
                .geo
                .unit_cells(line)
                .into_iter()
                .filter(|&p| self.geo.box_of(p) == b)
                .collect();
            let certain = (1..=self.n as u8).filter(|&e| {
                let fits = |q: usize| self.board[q] == e || self.cands(q) & (1 << (e - 1)) != 0;
                e != digit && sudoku_core::certain_in(&self.geo, line, b, fits)
            });
            let digits = certain.fold(0u32, |m, e| m | 1 << (e - 1));
            if digits.count_ones() as usize == mini.len() {
                return Some(Rule::Triad {
                    line,
                    within: Unit::Box(b),
                    digits,
                });
            }
        }
        let bit = 1u32 << (digit - 1);
        for unit in self.units(cell) {
            let cells = self.geo.unit_cells(unit);
            // Naked subsets of two or three cells (bit i: the unit's i-th cell).
            let small: Vec<(usize, u32)> = cells
                .iter()
                .enumerate()
                .filter(|&(_, &p)| p != cell && self.board[p] == 0)
                .map(|(i, &p)| (i, self.cands(p)))
                .filter(|&(_, m)| m != 0 && m.count_ones() <= 3)
                .collect();
            for x in 0..small.len() {
                for y in x + 1..small.len() {
                    let (i, j) = (small[x].0, small[y].0);
                    let two = small[x].1 | small[y].1;
                    if two.count_ones() == 2 && two & bit != 0 {
                        return Some(Rule::NakedSubset {
                            unit,
                            cells: 1 << i | 1 << j,
                        });
                    }
                    for &(k, mk) in &small[y + 1..] {
                        let three = two | mk;
                        if three.count_ones() == 3 && three & bit != 0 {
                            return Some(Rule::NakedSubset {
                                unit,
                                cells: 1 << i | 1 << j | 1 << k,
                            });
                        }
                    }
                }
            }
            // Hidden subsets of two or three digits holding the cell.
            let digits: Vec<(u8, Vec<usize>)> = bits::digits(self.cands(cell) & !bit)
                .filter(|&e| !self.holds(unit, e))
                .map(|e| (e, self.places(unit, e)))
                .filter(|(_, p)| p.len() <= 3)
                .collect();
            let others: Vec<(u8, Vec<usize>)> = (1..=self.n as u8)
                .filter(|&e| e != digit && !self.holds(unit, e))
                .map(|e| (e, self.places(unit, e)))
                .filter(|(_, p)| !p.is_empty() && p.len() <= 3)
                .collect();
            for (e, pe) in &digits {
                for (f, pf) in &others {
                    if f == e {
                        continue;
                    }
                    let mut union: Vec<usize> = pe.iter().chain(pf).copied().collect();
                    union.sort_unstable();
                    union.dedup();
                    if union.len() == 2 {
                        return Some(Rule::HiddenSubset {
                            unit,
                            digits: 1 << (e - 1) | 1 << (f - 1),
                        });
                    }
                    for (g, pg) in &others {
                        if g == e || g <= f {
                            continue;
                        }
                        let mut all = union.clone();
                        all.extend(pg);
                        all.sort_unstable();
                        all.dedup();
                        if all.len() == 3 {
                            return Some(Rule::HiddenSubset {
                                unit,
                                digits: 1 << (e - 1) | 1 << (f - 1) | 1 << (g - 1),
                            });
                        }
                    }
                }
            }
        }
        None
    }

    /// A dead end visible on the shadow: `named` if it is one, else the
    /// first empty cell with no candidate or unit-digit with no place.
    fn visible_dead_end(&self, named: Option<DeadEnd>) -> Option<DeadEnd> {
        let shows = |dead: DeadEnd| match dead {
            DeadEnd::Cell(c) | DeadEnd::Constraint(Constraint::Cell(c)) => {
                self.board[c] == 0 && self.cands(c) == 0
            }
            DeadEnd::Constraint(con) => {
                let (unit, d) = match con {
                    Constraint::RowDigit(r, d) => (Unit::Row(r), d),
                    Constraint::ColDigit(c, d) => (Unit::Col(c), d),
                    Constraint::BoxDigit(b, d) => (Unit::Box(b), d),
                    Constraint::Cell(_) => unreachable!("matched above"),
                };
                !self.holds(unit, d) && self.places(unit, d).is_empty()
            }
        };
        if let Some(dead) = named.filter(|&d| shows(d)) {
            return Some(dead);
        }
        if let Some(c) = (0..self.board.len()).find(|&c| self.board[c] == 0 && self.cands(c) == 0) {
            return Some(DeadEnd::Cell(c));
        }
        for i in 0..self.n {
            for d in 1..=self.n as u8 {
                for con in [
                    Constraint::RowDigit(i, d),
                    Constraint::ColDigit(i, d),
                    Constraint::BoxDigit(i, d),
                ] {
                    if shows(DeadEnd::Constraint(con)) {
                        return Some(DeadEnd::Constraint(con));
                    }
                }
            }
        }
        None
    }

    fn eliminate<T: Trace>(
        &mut self,
        run: &mut Run<T>,
        depth: u32,
        cell: usize,
        digit: u8,
        rule: Rule,
    ) {
        self.removed[cell] |= 1 << (digit - 1);
        self.trail.push(Change::Eliminate { cell, digit });
        run.eliminate(depth, cell, digit, rule);
    }

    /// Every candidate the shadow has and `after` lacks, removed for the
    /// branch `rule` (a configuration: not an inference).
    pub(crate) fn branch<T: Trace>(
        &mut self,
        run: &mut Run<T>,
        depth: u32,
        after: &[Cell],
        digit: u8,
        rule: Rule,
    ) {
        let Rule::Configuration { lines, boxes } = rule else {
            return;
        };
        let bit = 1 << (digit - 1);
        for (cell, &a) in after.iter().enumerate() {
            let line = match lines {
                Unit::Row(r) => self.geo.row(cell).checked_sub(r),
                Unit::Col(c) => self.geo.col(cell).checked_sub(c),
                Unit::Box(_) => None,
            };
            let outside = line.is_some_and(|k| k < 3 && boxes[k] as usize != self.geo.box_of(cell));
            if let Cell::Candidates(m) = a {
                if outside && self.cands(cell) & !m & bit != 0 {
                    self.eliminate(run, depth, cell, digit, rule);
                }
            }
        }
    }

    /// Tells how the shadow becomes `after` (a propagation's result) as
    /// placements and eliminations, each justified on the shadow; `failed`:
    /// the propagation found a contradiction (its own name for it), which
    /// ends the story with a dead end the shadow shows. `depth` counts the
    /// placements as they are told. Returns the placements it could not
    /// justify (none, unless the rules above do not cover the state's).
    pub(crate) fn narrate<T: Trace>(
        &mut self,
        run: &mut Run<T>,
        depth: &mut u32,
        after: &[Cell],
        failed: Option<DeadEnd>,
        dead_depth: u32,
    ) -> usize {
        let mut places: Vec<(usize, u8)> = Vec::new();
        let mut elims: Vec<(usize, u8)> = Vec::new();
        for (cell, &a) in after.iter().enumerate() {
            if self.board[cell] != 0 {
                continue;
            }
            // A cell the state placed lost its other digits on the way:
            // told as eliminations where a rule shows it before the
            // placement does, they make the singles the state found.
            let keep = match a {
                Cell::Placed(d) => {
                    places.push((cell, d));
                    1 << (d - 1)
                }
                Cell::Candidates(m) => m,
            };
            elims.extend(bits::digits(self.cands(cell) & !keep).map(|d| (cell, d)));
        }
        loop {
            let mut progress = false;
            let mut k = 0;
            while k < places.len() {
                let (cell, d) = places[k];
                if let Some(reason) = self.place_reason(cell, d) {
                    places.swap_remove(k);
                    *depth += 1;
                    self.board[cell] = d;
                    self.trail.push(Change::Place {
                        depth: *depth,
                        cell,
                        digit: d,
                    });
                    run.tell_place(*depth, cell, d, reason);
                    progress = true;
                    // Placements first: they make the eliminations they imply.
                    k = 0;
                    continue;
                }
                k += 1;
            }
            let mut k = 0;
            while k < elims.len() {
                let (cell, d) = elims[k];
                if self.cands(cell) & (1 << (d - 1)) == 0 {
                    // A placement told since took the cell or a peer has the digit.
                    elims.swap_remove(k);
                    continue;
                }
                if let Some(rule) = self.elimination_rule(cell, d) {
                    elims.swap_remove(k);
                    self.eliminate(run, *depth, cell, d, rule);
                    progress = true;
                    break;
                }
                k += 1;
            }
            if !progress {
                break;
            }
        }
        // A placement the rules above cannot derive from the shadow (none
        // is known on the cell search; the triad pass may leave some) is
        // still a digit the state wrote: told as propagated, the one
        // reason that names no rule, so the trace counts every placement.
        let untold = places.len();
        for (cell, d) in places {
            if self.cands(cell) & (1 << (d - 1)) == 0 {
                continue;
            }
            *depth += 1;
            self.board[cell] = d;
            self.trail.push(Change::Place {
                depth: *depth,
                cell,
                digit: d,
            });
            run.tell_place(*depth, cell, d, Reason::Propagated);
        }
        if failed.is_some() {
            let mut dead = self.visible_dead_end(failed);
            // The state's contradiction may rest on a band-wide count (no
            // row-to-box arrangement fits): locked candidates on the shadow
            // make it a unit with no place.
            let mut rounds = 0;
            while dead.is_none() && rounds < 4 * self.board.len() {
                rounds += 1;
                let next = (0..self.board.len()).find_map(|cell| {
                    bits::digits(self.cands(cell))
                        .find_map(|d| self.elimination_rule(cell, d).map(|r| (cell, d, r)))
                });
                match next {
                    Some((cell, d, rule)) => {
                        self.eliminate(run, *depth, cell, d, rule);
                        dead = self.visible_dead_end(failed);
                    }
                    None => break,
                }
            }
            run.dead_end(dead_depth, dead.or(failed).expect("a failed propagation"));
        }
        untold
    }
}
