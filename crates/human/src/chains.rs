//! Chains: implications between candidates followed from an assumption.
//!
//! A *potential* is a candidate (cell, digit) assumed true ("on") or false
//! ("off"). From an on potential, the cell's other digits and the digit's
//! other places in the cell's units are off (weak links); from an off
//! potential, a cell left with one other digit or a unit left with one other
//! place for the digit makes that one on (strong links). Following these
//! links breadth first from an assumption, and keeping for each potential
//! the potentials that implied it, gives every chain technique of Sudoku
//! Explainer:
//!
//! * forcing chains: an assumption implies its own negation (X-chains use
//!   only units; full chains also cells);
//! * cycles: a loop of alternating strong and weak links holds one way
//!   round or the other, so a candidate weakly linked to an "on" of each
//!   reading is false (X-cycles: one digit's units; Y-cycles: bivalue
//!   cells; bidirectional cycles: both);
//! * Nishio: assuming a digit, unit links alone reach a contradiction;
//! * multiple forcing chains: every digit of a cell (or every place of a
//!   digit in a unit) implies the same potential;
//! * dynamic forcing chains: the same, but each off potential is removed
//!   from the working grid as the chain goes, so later links see the
//!   reduced grid (and a contradiction, or both states of a candidate
//!   implying the same potential, decides it).
//!
//! The rating adds to the technique's base a tenth for each step the
//! chain's *complexity* (the number of potentials it uses) passes in the
//! sequence 4, 6, 8, 12, 16, 24, 32, ... (each 3/2 then 4/3 of the last),
//! counted from complexity - 2: SE's length rule.

use crate::board::digits;
use crate::board::{bit, cell_name, Board};
use crate::closure::Closure;
use crate::nested::{Advanced, Rules};
use crate::step::{Step, Technique, Tenths};
use sudoku_core::digit_symbol;

/// A potential: `((cell * n) + digit - 1) * 2 + on`.
type Pot = u32;

fn pot(n: usize, cell: usize, digit: u8, on: bool) -> Pot {
    (((cell * n) + digit as usize - 1) * 2 + on as usize) as Pot
}
fn pot_cell(n: usize, p: Pot) -> usize {
    p as usize / 2 / n
}
fn pot_digit(n: usize, p: Pot) -> u8 {
    (p as usize / 2 % n) as u8 + 1
}
fn is_on(p: Pot) -> bool {
    p & 1 == 1
}
fn conj(p: Pot) -> Pot {
    p ^ 1
}

/// SE's length rule: tenths added for a chain of `complexity` potentials.
pub fn length_tenths(complexity: usize) -> Tenths {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0, 4i64, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// How links are followed.
#[derive(Clone, Copy)]
struct Mode {
    /// Links inside a cell (other digits off; last digit on): SE's Y links.
    cells: bool,
    /// Strong links in units (a digit's last place in a unit on): SE's X
    /// links. Weak unit links (a digit's other places off) are always used.
    units: bool,
    /// Remove off potentials from the working grid as they are found.
    dynamic: bool,
    /// Stop at the first potential implied both on and off.
    contradictions: bool,
    /// SE's nesting level (dynamic chains only): once the links run out,
    /// 1 applies locked candidates, hidden and naked pairs and X-wings to
    /// the working grid, 2 also forcing chains, 3 multiple forcing chains,
    /// 4 dynamic forcing chains; 0 nothing.
    level: u8,
}

/// The potentials implied by an assumption, each with the potentials that
/// implied it (kept in one pool: `spans[i]` is the slice of `pool` holding
/// the parents of `order[i]`).
struct Implications {
    slot: Vec<u32>,
    spans: Vec<(u32, u32)>,
    pool: Vec<Pot>,
    order: Vec<Pot>,
    /// Per entry: why an on potential holds ([`CELL`], a unit, or
    /// [`NO_CAUSE`]), which SE's nested chains need for their parents.
    cause: Vec<u16>,
    /// Per entry: the nested conclusion it came from (an index into
    /// `nested`), or `u32::MAX`.
    from: Vec<u32>,
    /// The complexity of each nested conclusion the set used.
    nested: Vec<usize>,
}

/// The cause of an on potential implied by its cell's last digit.
const CELL: u16 = u16::MAX;
/// No cause: an assumption, an off potential.
const NO_CAUSE: u16 = u16::MAX - 1;

impl Implications {
    fn new(size: usize) -> Implications {
        // Sized for a typical chain of a 9x9 grid: growing them one
        // doubling at a time cost more than following the links.
        Implications {
            slot: vec![0; size],
            spans: Vec::with_capacity(256),
            pool: Vec::with_capacity(512),
            order: Vec::with_capacity(256),
            cause: Vec::with_capacity(256),
            from: Vec::with_capacity(256),
            nested: Vec::new(),
        }
    }
    fn has(&self, p: Pot) -> bool {
        self.slot[p as usize] != 0
    }
    fn add(&mut self, p: Pot, parents: &[Pot]) {
        self.add_caused(p, parents, NO_CAUSE);
    }
    fn add_caused(&mut self, p: Pot, parents: &[Pot], cause: u16) {
        self.spans
            .push((self.pool.len() as u32, parents.len() as u32));
        self.pool.extend_from_slice(parents);
        self.order.push(p);
        self.cause.push(cause);
        self.from.push(u32::MAX);
        self.slot[p as usize] = self.spans.len() as u32;
    }
    fn cause_of(&self, p: Pot) -> u16 {
        self.cause[self.slot[p as usize] as usize - 1]
    }
    /// Adds an off potential a nested rule gave, with the complexity of the
    /// nested chain that found it (if any).
    fn add_nested(&mut self, p: Pot, parents: &[Pot], nested: Option<usize>) {
        self.add(p, parents);
        if let Some(complexity) = nested {
            self.nested.push(complexity);
            *self.from.last_mut().expect("just added") = self.nested.len() as u32 - 1;
        }
    }
    fn parents_of(&self, p: Pot) -> &[Pot] {
        let (start, len) = self.spans[self.slot[p as usize] as usize - 1];
        &self.pool[start as usize..(start + len) as usize]
    }
    /// The potentials `p` rests on, itself included: SE's complexity.
    fn ancestors(&self, p: Pot) -> usize {
        self.ancestors_within(p, usize::MAX)
            .expect("no limit to pass")
    }
    /// [`Self::ancestors`], or `None` as soon as the count passes `limit`:
    /// a conclusion that cannot beat the easiest found so far is not
    /// counted to its end.
    fn ancestors_within(&self, p: Pot, limit: usize) -> Option<usize> {
        self.ancestors_sharing(p, limit, &mut Vec::new())
    }
    /// [`Self::ancestors_within`] for one of several chains of a conclusion
    /// (both halves of a contradiction, every branch of a multiple chain):
    /// SE counts a nested chain's complexity once for the whole conclusion
    /// (`ChainingHint.getNestedComplexity`, which skips a nested hint it
    /// has met), so `nested_seen` carries the nested conclusions already
    /// counted, as (the set's address, the conclusion's index in it), from
    /// one chain to the next: the two halves of a contradiction, found in
    /// one set, share them; chains of different sets do not (SE finds
    /// their nested chains apart, on different grids).
    fn ancestors_sharing(
        &self,
        p: Pot,
        limit: usize,
        nested_seen: &mut Vec<(usize, u32)>,
    ) -> Option<usize> {
        let mut seen = vec![0u64; self.slot.len().div_ceil(64)];
        let mut todo = vec![p];
        let mut count = 0;
        while let Some(q) = todo.pop() {
            let (word, mask) = (q as usize / 64, 1u64 << (q % 64));
            if seen[word] & mask == 0 {
                seen[word] |= mask;
                count += 1;
                if self.has(q) {
                    // SE adds each nested chain's own complexity once.
                    let from = self.from[self.slot[q as usize] as usize - 1];
                    if from != u32::MAX {
                        let key = (self as *const Implications as usize, from);
                        if !nested_seen.contains(&key) {
                            nested_seen.push(key);
                            count += self.nested[from as usize];
                        }
                    }
                    todo.extend_from_slice(self.parents_of(q));
                }
                if count > limit {
                    return None;
                }
            }
        }
        Some(count)
    }
    /// The complexity of a conclusion reached at each of `ends`, a
    /// potential in a set: the sum of their ancestors, each nested chain
    /// counted once (see [`Self::ancestors_sharing`]); `None` past `limit`.
    fn ancestors_of_all(ends: &[(&Implications, Pot)], limit: usize) -> Option<usize> {
        let mut nested_seen = Vec::new();
        ends.iter().try_fold(0, |sum: usize, &(set, p)| {
            set.ancestors_sharing(p, limit.checked_sub(sum)?, &mut nested_seen)
                .map(|count| sum + count)
        })
    }
    /// The first-parent path from the assumption to `p`, in words.
    fn path(&self, n: usize, p: Pot) -> String {
        let mut links = vec![p];
        let mut q = p;
        while self.has(q) && !self.parents_of(q).is_empty() && links.len() < 64 {
            q = self.parents_of(q)[0];
            links.push(q);
        }
        links
            .iter()
            .rev()
            .map(|&q| {
                let sign = if is_on(q) { "=" } else { "≠" };
                format!(
                    "{}{}{}",
                    cell_name(n, pot_cell(n, q)),
                    sign,
                    digit_symbol(pot_digit(n, q))
                )
            })
            .collect::<Vec<_>>()
            .join(" → ")
    }
}

/// What following an assumption gives: the implications, and a potential
/// implied both ways when the mode looks for contradictions.
type Followed = (Implications, Result<(), (Pot, Pot)>);

/// Nested conclusions by (level, working grid).
type Memo = std::collections::HashMap<(u8, Vec<u32>), std::rc::Rc<[Advanced]>>;

/// The chain engine for one board.
pub(crate) struct Chainer<'a> {
    board: &'a Board,
    n: usize,
    work: Vec<u32>,
    /// `places[u * n + d - 1]`: the places of digit `d` in unit `u` in
    /// `work` (a bit per position), kept with `work`, so a unit's last
    /// place is a mask away.
    places: Vec<u32>,
    /// The same in the board.
    source_places: Vec<u32>,
    /// Buffers of [`Self::propagate`], kept between calls.
    scratch: Scratch,
    /// The nested conclusions of each working grid met so far (they depend
    /// on the working grid alone, the board and level being fixed): an on
    /// and the off of its cell's other digit, or the two places of a digit
    /// in a unit, reduce the grid alike (on the forum's hardest puzzles 5
    /// to 7% of the nested searches were such repeats).
    memo: std::cell::RefCell<Memo>,
}

#[derive(Default)]
struct Scratch {
    offs: Vec<Pot>,
    ons: Vec<(Pot, usize, u16)>,
    parents: Vec<Pot>,
}

impl<'a> Chainer<'a> {
    pub(crate) fn new(board: &'a Board) -> Chainer<'a> {
        let n = board.n;
        let mut source_places = vec![0u32; 3 * n * n];
        for (c, &cand) in board.cand.iter().enumerate() {
            for d in digits(cand) {
                for k in 0..3 {
                    let u = board.units.of_cell[c][k];
                    source_places[u * n + d as usize - 1] |= 1 << board.units.pos[c][k];
                }
            }
        }
        Chainer {
            board,
            n,
            work: board.cand.clone(),
            places: source_places.clone(),
            source_places,
            scratch: Scratch::default(),
            memo: Default::default(),
        }
    }

    fn size(&self) -> usize {
        self.board.cand.len() * self.n * 2
    }

    /// Units of a cell in SE's order (box, row, column), each with the
    /// cell's place in it.
    fn units(&self, cell: usize) -> [(usize, u8); 3] {
        let (u, pos) = (self.board.units.of_cell[cell], self.board.units.pos[cell]);
        [(u[2], pos[2]), (u[0], pos[0]), (u[1], pos[1])]
    }

    /// Removes `d` from `cell` in the working grid.
    fn remove(&mut self, cell: usize, d: u8) {
        self.work[cell] &= !bit(d);
        for k in 0..3 {
            let u = self.board.units.of_cell[cell][k];
            self.places[u * self.n + d as usize - 1] &= !(1 << self.board.units.pos[cell][k]);
        }
    }

    fn on_to_off(&self, p: Pot, mode: Mode, out: &mut Vec<Pot>) {
        let (n, cell, d) = (self.n, pot_cell(self.n, p), pot_digit(self.n, p));
        if mode.cells {
            for e in digits(self.work[cell] & !bit(d)) {
                out.push(pot(n, cell, e, false));
            }
        }
        // A cell in two of the units comes twice: the caller adds it once.
        for (u, at) in self.units(cell) {
            let cells = &self.board.units.cells[u];
            for i in crate::basic::ones(self.places[u * n + d as usize - 1] & !(1 << at)) {
                out.push(pot(n, cells[i], d, false));
            }
        }
    }

    /// The potentials `p` (off) makes on, each with its parents and cause:
    /// `out` gets (potential, end of its parents in `parents`, cause), so
    /// no link allocates.
    fn off_to_on(
        &self,
        p: Pot,
        mode: Mode,
        out: &mut Vec<(Pot, usize, u16)>,
        parents: &mut Vec<Pot>,
    ) {
        let (n, cell, d) = (self.n, pot_cell(self.n, p), pot_digit(self.n, p));
        let source = &self.board.cand;
        if mode.cells && self.work[cell].count_ones() == 2 {
            let other = (self.work[cell] & !bit(d)).trailing_zeros() as u8 + 1;
            parents.push(p);
            for e in digits(source[cell] & !self.work[cell]) {
                parents.push(pot(n, cell, e, false));
            }
            out.push((pot(n, cell, other, true), parents.len(), CELL));
        }
        if !mode.units {
            return;
        }
        for (u, at) in self.units(cell) {
            let k = u * n + d as usize - 1;
            let others = self.places[k] & !(1 << at);
            if others.count_ones() == 1 {
                let cells = &self.board.units.cells[u];
                parents.push(p);
                for i in crate::basic::ones(self.source_places[k] & !self.places[k]) {
                    parents.push(pot(n, cells[i], d, false));
                }
                let other = cells[others.trailing_zeros() as usize];
                out.push((pot(n, other, d, true), parents.len(), u as u16));
            }
        }
    }

    /// Follows the links from the potentials already in `set`. `Err` holds
    /// a potential implied both on and off (both now in the set) when
    /// `mode.contradictions`. With a `goal`, stops once the goal is in the
    /// set: its parents, so its chain, are fixed when it is added.
    fn propagate(
        &mut self,
        set: &mut Implications,
        mode: Mode,
        goal: Option<Pot>,
    ) -> Result<(), (Pot, Pot)> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let result = self.propagate_with(set, mode, goal, &mut scratch);
        self.scratch = scratch;
        result
    }

    fn propagate_with(
        &mut self,
        set: &mut Implications,
        mode: Mode,
        goal: Option<Pot>,
        scratch: &mut Scratch,
    ) -> Result<(), (Pot, Pot)> {
        self.work.copy_from_slice(&self.board.cand);
        self.places.copy_from_slice(&self.source_places);
        // Potentials are handled in the order they were added, ons before
        // offs: two cursors into `set.order` replace two queues.
        let (mut next_on, mut next_off) = (0, 0);
        let Scratch { offs, ons, parents } = scratch;
        loop {
            if goal.is_some_and(|g| set.has(g)) {
                return Ok(());
            }
            let on = (next_on..set.order.len()).find(|&i| is_on(set.order[i]));
            // Nothing on left to scan: the next on will be added after the end.
            next_on = on.map_or(set.order.len(), |at| at + 1);
            if let Some(at) = on {
                let p = set.order[at];
                offs.clear();
                self.on_to_off(p, mode, offs);
                for &q in offs.iter() {
                    if mode.contradictions && set.has(conj(q)) {
                        if !set.has(q) {
                            set.add(q, &[p]);
                        }
                        return Err((conj(q), q));
                    }
                    if !set.has(q) {
                        set.add(q, &[p]);
                    }
                }
            } else if let Some(at) = (next_off..set.order.len()).find(|&i| !is_on(set.order[i])) {
                next_off = at + 1;
                let p = set.order[at];
                ons.clear();
                parents.clear();
                self.off_to_on(p, mode, ons, parents);
                if mode.dynamic {
                    let (cell, d) = (pot_cell(self.n, p), pot_digit(self.n, p));
                    self.remove(cell, d);
                }
                let mut from = 0;
                for &(q, end, cause) in ons.iter() {
                    let links = &parents[from..end];
                    from = end;
                    if mode.contradictions && set.has(conj(q)) {
                        if !set.has(q) {
                            set.add_caused(q, links, cause);
                        }
                        return Err((q, conj(q)));
                    }
                    if !set.has(q) {
                        set.add_caused(q, links, cause);
                    }
                }
            } else if mode.level > 0 {
                // SE's plus levels: the plain links ran out, so the rules of
                // the level run on the working grid (every off so far is in
                // it: offs are removed as they are handled).
                let found = self.advanced(mode.level);
                let mut added = false;
                let mut links = Vec::new();
                for a in found.iter() {
                    let q = pot(self.n, a.off.0, a.off.1, false);
                    if set.has(q) {
                        continue;
                    }
                    links.clear();
                    links.extend(a.parents.iter().map(|&(c, d)| pot(self.n, c, d, false)));
                    set.add_nested(q, &links, a.nested);
                    added = true;
                    if mode.contradictions && set.has(conj(q)) {
                        return Err((conj(q), q));
                    }
                }
                if !added {
                    return Ok(());
                }
            } else {
                return Ok(());
            }
        }
    }

    /// The potentials `start` implies under `mode` (level 0), as a bit per
    /// potential in `bits`, without their parents; `false` when they reach
    /// a potential both on and off. The links are [`Self::propagate`]'s and
    /// the result does not depend on the order they are followed in (a
    /// cell's or unit's last candidate turns on when the one before it is
    /// removed, whichever that is), so the set is the one `propagate` gives
    /// whenever neither meets a contradiction, and both meet one or
    /// neither: a cheap test of which assumptions can conclude anything.
    fn reach(&mut self, start: Pot, mode: Mode, bits: &mut [u64], queue: &mut Vec<Pot>) -> bool {
        self.work.copy_from_slice(&self.board.cand);
        self.places.copy_from_slice(&self.source_places);
        bits.fill(0);
        queue.clear();
        let has = |bits: &[u64], p: Pot| bits[p as usize / 64] & (1 << (p % 64)) != 0;
        bits[start as usize / 64] |= 1 << (start % 64);
        queue.push(start);
        let mut next = 0;
        let n = self.n;
        let mut found: Vec<Pot> = Vec::with_capacity(32);
        while next < queue.len() {
            let p = queue[next];
            next += 1;
            let (cell, d) = (pot_cell(n, p), pot_digit(n, p));
            let (units, pos) = (self.board.units.of_cell[cell], self.board.units.pos[cell]);
            found.clear();
            if is_on(p) {
                if mode.cells {
                    found.extend(digits(self.work[cell] & !bit(d)).map(|e| pot(n, cell, e, false)));
                }
                for k in 0..3 {
                    let others = self.places[units[k] * n + d as usize - 1] & !(1 << pos[k]);
                    let cells = &self.board.units.cells[units[k]];
                    found.extend(crate::basic::ones(others).map(|i| pot(n, cells[i], d, false)));
                }
            } else {
                if mode.cells && self.work[cell].count_ones() == 2 {
                    let other = (self.work[cell] & !bit(d)).trailing_zeros() as u8 + 1;
                    found.push(pot(n, cell, other, true));
                }
                if mode.units {
                    for k in 0..3 {
                        let others = self.places[units[k] * n + d as usize - 1] & !(1 << pos[k]);
                        if others.count_ones() == 1 {
                            let x =
                                self.board.units.cells[units[k]][others.trailing_zeros() as usize];
                            found.push(pot(n, x, d, true));
                        }
                    }
                }
                if mode.dynamic {
                    self.remove(cell, d);
                }
            }
            for &q in &found {
                if has(bits, conj(q)) {
                    return false;
                }
                if !has(bits, q) {
                    bits[q as usize / 64] |= 1 << (q % 64);
                    queue.push(q);
                }
            }
        }
        true
    }

    fn implications(&mut self, start: Pot, mode: Mode) -> Followed {
        self.implications_until(start, mode, None)
    }

    /// [`Self::implications`], stopped once `goal` is implied.
    fn implications_until(&mut self, start: Pot, mode: Mode, goal: Option<Pot>) -> Followed {
        let mut set = Implications::new(self.size());
        set.add(start, &[]);
        let result = self.propagate(&mut set, mode, goal);
        (set, result)
    }

    /// The shortest loop through `start` (on) under `mode`'s static links
    /// that removes something, rated from `base`. Following the links from
    /// `start`, an off potential `p` four or more links on whose strong
    /// link makes `start` on again closes a loop of alternating links. The
    /// loop holds as found (`start` on) or with every potential flipped
    /// (`start` off: each strong link is a conjugate pair and each weak link
    /// forbids two ons, so both are read backwards too), so a candidate off
    /// the loop that an on of each reading weakly links to is false.
    fn cycle(&mut self, start: Pot, mode: Mode, base: Tenths) -> Option<Cycle> {
        let n = self.n;
        let (set, _) = self.implications(start, mode);
        let (cell, d) = (pot_cell(n, start), pot_digit(n, start));
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        let mut parents = Vec::new();
        // The loop closes from an on `q` of the chain through an off `x`
        // (weakly linked to `q`) whose strong link makes `start` on. The
        // off may already be in the set by a shorter way (every peer of
        // `start` is, one link away), so it is looked for from each on.
        for &q in set.order.iter().filter(|&&q| is_on(q) && q != start) {
            offs.clear();
            self.on_to_off(q, mode, &mut offs);
            for &x in &offs {
                let (c, e) = (pot_cell(n, x), pot_digit(n, x));
                let linked = if c == cell {
                    mode.cells && e != d
                } else {
                    e == d && mode.units && self.sees(c, cell)
                };
                if !linked {
                    continue;
                }
                ons.clear();
                parents.clear();
                self.off_to_on(x, mode, &mut ons, &mut parents);
                if !ons.iter().any(|&(p, _, _)| p == start) {
                    continue;
                }
                // The loop: x, q, ..., start by first parents.
                let mut looped = vec![x, q];
                while let Some(&p) = set.parents_of(*looped.last().unwrap()).first() {
                    looped.push(p);
                }
                let simple = looped[1..]
                    .iter()
                    .all(|&p| pot_cell(n, p) != c || pot_digit(n, p) != e);
                if !simple || looped.len() < 4 {
                    continue;
                }
                let removed = self.loop_removes(&looped, mode);
                if removed.is_empty() {
                    continue;
                }
                let complexity = looped.len();
                let mut cells: Vec<usize> = looped.iter().map(|&p| pot_cell(n, p)).collect();
                cells.sort_unstable();
                cells.dedup();
                return Some(Cycle {
                    rating: base + length_tenths(complexity),
                    complexity,
                    removed,
                    cells,
                    path: format!(
                        "{} → {}≠{} → {}={}",
                        set.path(n, q),
                        cell_name(n, c),
                        digit_symbol(e),
                        cell_name(n, cell),
                        digit_symbol(d)
                    ),
                });
            }
        }
        None
    }

    /// The eliminations SE's rules of `level` make in the working grid,
    /// each with the removed candidates it rests on (see [`Mode::level`]).
    fn advanced(&self, level: u8) -> std::rc::Rc<[Advanced]> {
        if level < 2 {
            return self.advanced_anew(level).into();
        }
        let key = (level, self.work.clone());
        if let Some(found) = self.memo.borrow().get(&key) {
            return found.clone();
        }

        let found: std::rc::Rc<[Advanced]> = self.advanced_anew(level).into();
        self.memo.borrow_mut().insert(key, found.clone());
        found
    }

    fn advanced_anew(&self, level: u8) -> Vec<Advanced> {
        let mut grid = self.board.clone();
        grid.cand.copy_from_slice(&self.work);
        let rules = Rules {
            source: &self.board.cand,
            board: &grid,
            places: &self.places,
        };
        let plain = rules.plain();
        if !plain.is_empty() || level < 2 {
            return plain;
        }
        nested_conclusions(&grid, &self.board.cand, level)
    }

    /// Whether two cells share a unit.
    fn sees(&self, a: usize, b: usize) -> bool {
        let (ua, ub) = (self.board.units.of_cell[a], self.board.units.of_cell[b]);
        ua.iter().any(|u| ub.contains(u))
    }

    /// The candidates off the loop that an on of each reading weakly
    /// links to (see [`Self::cycle`]).
    fn loop_removes(&self, looped: &[Pot], mode: Mode) -> Vec<(usize, u8)> {
        let n = self.n;
        let mut seen_by = std::collections::HashMap::<Pot, u8>::new();
        let mut offs = Vec::new();
        for &q in looped {
            // An on of one reading; its conjugate is the on of the other.
            let (on, reading) = if is_on(q) { (q, 1) } else { (conj(q), 2) };
            offs.clear();
            self.on_to_off(on, mode, &mut offs);
            for &x in &offs {
                *seen_by.entry(x).or_default() |= reading;
            }
        }
        let in_loop = |x: Pot| looped.iter().any(|&q| q == x || q == conj(x));
        let mut removed: Vec<(usize, u8)> = seen_by
            .into_iter()
            .filter(|&(x, readings)| readings == 3 && !in_loop(x))
            .filter(|&(x, _)| self.board.cand[pot_cell(n, x)] & bit(pot_digit(n, x)) != 0)
            .map(|(x, _)| (pot_cell(n, x), pot_digit(n, x)))
            .collect();
        removed.sort_unstable();
        removed.dedup();
        removed
    }

    fn candidates(&self, min: u32) -> Vec<(usize, u8)> {
        (0..self.board.cand.len())
            .filter(|&c| self.board.cand[c].count_ones() >= min)
            .flat_map(|c| crate::board::digits(self.board.cand[c]).map(move |d| (c, d)))
            .collect()
    }

    /// The step a potential's truth makes: a placement for on, an
    /// elimination for off; `None` when it changes nothing.
    fn effect(&self, p: Pot) -> Option<(bool, usize, u8)> {
        let (cell, d) = (pot_cell(self.n, p), pot_digit(self.n, p));
        (self.board.cand[cell] & bit(d) != 0).then_some((is_on(p), cell, d))
    }
}

/// A candidate conclusion of a chain technique, kept while looking for the
/// easiest.
struct Found {
    rating: Tenths,
    complexity: usize,
    target: (bool, usize, u8),
    finding: String,
    cells: Vec<usize>,
}

/// The largest complexity that can still beat `best` among conclusions of
/// one base rating (the length rule never lowers a rating as complexity
/// grows, so only a smaller complexity can).
fn limit(best: &Option<Found>) -> usize {
    best.as_ref()
        .map_or(usize::MAX, |b| b.complexity.saturating_sub(1))
}

/// Keeps the conclusion `make` builds when its (rating, complexity) beats
/// the best so far; the sentence and cells are built only then (building
/// them for every conclusion a dynamic step sees cost more than finding them).
fn offer(
    best: &mut Option<Found>,
    rating: Tenths,
    complexity: usize,
    make: impl FnOnce() -> Found,
) {
    if best
        .as_ref()
        .is_none_or(|b| (rating, complexity) < (b.rating, b.complexity))
    {
        *best = Some(make());
    }
}

fn into_step(technique: Technique, found: Found) -> Step {
    let (on, cell, d) = found.target;
    let mut step = Step::new(technique, found.rating, found.finding);
    if on {
        step.placements.push((cell, d));
    } else {
        step.eliminations.push((cell, d));
    }
    step.cells = found.cells;
    step
}

fn chain_cells(n: usize, set: &Implications, p: Pot) -> Vec<usize> {
    let mut cells: Vec<usize> = Vec::new();
    let mut todo = vec![p];
    let mut seen = std::collections::HashSet::new();
    while let Some(q) = todo.pop() {
        if seen.insert(q) {
            cells.push(pot_cell(n, q));
            if set.has(q) {
                todo.extend_from_slice(set.parents_of(q));
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Forcing chains and cycles (static links). A forcing chain is an
/// assumption that implies its own negation; a cycle is a loop of
/// alternating strong and weak links, which holds one way round or the
/// other, so a candidate weakly linked to an "on" of each way is false. X
/// chains and cycles use one digit's unit links, Y chains and cycles the
/// links of bivalue cells (with weak unit links between them); full ones
/// use both. Ratings (SE): X- and Y-cycles 6.5, forcing X-chains 6.6,
/// full cycles and chains 7.0, each plus the length rule; the easiest
/// wins. As in SE, Y links alone make cycles, not forcing chains.
pub fn forcing_chain(board: &Board) -> Option<Step> {
    let mut chainer = Chainer::new(board);
    let n = board.n;
    let mut best: Option<(Technique, Found)> = None;
    let mut best_cycle: Option<(Technique, Cycle)> = None;
    for (cells, units, base, technique) in [
        (false, true, 66, Technique::ForcingXChain),
        // Y links give cycles only (as in SE): no forcing Y-chains.
        (true, false, 66, Technique::ForcingXChain),
        (true, true, 70, Technique::ForcingChain),
    ] {
        // X and Y cycles rate 6.5 and up, full ones 7.0: a step found
        // below what this mode can give stands.
        let cycle_base = if cells && units { 70 } else { 65 };
        if best.as_ref().is_some_and(|(_, b)| b.rating < cycle_base)
            || best_cycle
                .as_ref()
                .is_some_and(|(_, c)| c.rating < cycle_base)
        {
            break;
        }
        let mode = Mode {
            cells,
            units,
            dynamic: false,
            contradictions: false,
            level: 0,
        };
        let cycle_technique = match (cells, units) {
            (false, _) => Technique::XCycle,
            (_, false) => Technique::YCycle,
            _ => Technique::Cycle,
        };
        for (cell, d) in chainer.candidates(2) {
            let Some(cycle) = chainer.cycle(pot(n, cell, d, true), mode, cycle_base) else {
                continue;
            };
            if best_cycle
                .as_ref()
                .is_none_or(|(_, b)| (cycle.rating, cycle.complexity) < (b.rating, b.complexity))
            {
                best_cycle = Some((cycle_technique, cycle));
            }
        }
        for (cell, d) in chainer.candidates(2) {
            for on in [true, false].into_iter().filter(|_| units) {
                let start = pot(n, cell, d, on);
                let target = conj(start);
                let (set, _) = chainer.implications_until(start, mode, Some(target));
                if !set.has(target) {
                    continue;
                }
                let complexity = set.ancestors(target);
                let rating = base + length_tenths(complexity);
                if best
                    .as_ref()
                    .is_some_and(|(_, b)| (b.rating, b.complexity) <= (rating, complexity))
                {
                    continue;
                }
                if best_cycle
                    .as_ref()
                    .is_some_and(|(_, b)| (b.rating, b.complexity) <= (rating, complexity))
                {
                    continue;
                }
                let verdict = if on { "it cannot be" } else { "it must be" };
                let found = Found {
                    rating,
                    complexity,
                    target: (!on, cell, d),
                    finding: format!("{}: {} ({verdict})", technique.name(), set.path(n, target)),
                    cells: chain_cells(n, &set, target),
                };
                best = Some((technique, found));
            }
        }
    }
    match (best, best_cycle) {
        (Some((t, chain)), Some((_, cycle)))
            if (chain.rating, chain.complexity) < (cycle.rating, cycle.complexity) =>
        {
            Some(into_step(t, chain))
        }
        (_, Some((technique, cycle))) => {
            let name = technique.name();
            let mut step = Step::new(
                technique,
                cycle.rating,
                format!(
                    "{name}: {} (a loop: it holds one way round or the other)",
                    cycle.path
                ),
            );
            step.eliminations = cycle.removed;
            step.cells = cycle.cells;
            Some(step)
        }
        (chain, None) => chain.map(|(t, f)| into_step(t, f)),
    }
}

/// A loop found from one assumption: its rating and complexity, what it
/// removes, its cells, and the loop in words.
struct Cycle {
    rating: Tenths,
    complexity: usize,
    removed: Vec<(usize, u8)>,
    cells: Vec<usize>,
    path: String,
}

/// Contradiction chains: an assumption whose implications hold a potential
/// both on and off is false. Nishio (SE 7.5 + length) follows unit links
/// only, dynamically.
pub fn nishio(board: &Board) -> Option<Step> {
    contradictions(
        board,
        Mode {
            cells: false,
            units: true,
            dynamic: true,
            contradictions: true,
            level: 0,
        },
        75,
        Technique::Nishio,
        2,
    )
}

/// Offers the contradiction `pair` that `start` implies: `start` is false.
fn offer_contradiction(
    best: &mut Option<Found>,
    n: usize,
    set: &Implications,
    start: Pot,
    pair: (Pot, Pot),
    base: Tenths,
    technique: Technique,
) {
    let Some(complexity) =
        Implications::ancestors_of_all(&[(set, pair.0), (set, pair.1)], limit(best))
    else {
        return;
    };
    let rating = base + length_tenths(complexity);
    offer(best, rating, complexity, || {
        let (cell, d) = (pot_cell(n, start), pot_digit(n, start));
        let mut cells = chain_cells(n, set, pair.0);
        cells.extend(chain_cells(n, set, pair.1));
        cells.sort_unstable();
        cells.dedup();
        Found {
            rating,
            complexity,
            target: (!is_on(start), cell, d),
            finding: format!(
                "{}: {} and {} (a contradiction)",
                technique.name(),
                set.path(n, pair.0),
                set.path(n, pair.1)
            ),
            cells,
        }
    });
}

fn contradictions(
    board: &Board,
    mode: Mode,
    base: Tenths,
    technique: Technique,
    min: u32,
) -> Option<Step> {
    let mut chainer = Chainer::new(board);
    let n = board.n;
    let mut best = None;
    for (cell, d) in chainer.candidates(min) {
        for on in [true, false] {
            let start = pot(n, cell, d, on);
            if let (set, Err(pair)) = chainer.implications(start, mode) {
                offer_contradiction(&mut best, n, &set, start, pair, base, technique);
            }
        }
    }
    best.map(|f| into_step(technique, f))
}

/// Multiple forcing chains (SE 8.0 + length, static links, cells with three
/// or more digits) and dynamic forcing chains (8.5 + length, dynamic links,
/// every cell): every digit of a cell, or every place of a digit in a unit,
/// implies the same potential; dynamic chains also use contradictions and a
/// candidate whose truth and falsehood imply the same potential.
pub fn multiple_chains(board: &Board, dynamic: bool) -> Option<Step> {
    let technique = if dynamic {
        Technique::DynamicForcingChain
    } else {
        Technique::MultipleForcingChain
    };
    chains_of(board, dynamic, 0, technique)
}

/// SE's dynamic forcing chains of nesting `level` (1 to 4): when a chain's
/// links run out, the rules of its level are applied to its working grid
/// (see `Mode::level`), and the nested chains' own complexity counts in
/// the chain's. Ratings: 9.0, 9.5, 10.0 and 10.5, plus the length rule.
pub fn nested_chains(board: &Board, level: u8) -> Option<Step> {
    let technique = match level {
        1 => Technique::DynamicForcingChainPlus,
        2 => Technique::NestedForcingChain,
        3 => Technique::NestedMultipleForcingChain,
        _ => Technique::NestedDynamicForcingChain,
    };
    chains_of(board, true, level, technique)
}

fn chains_of(board: &Board, dynamic: bool, level: u8, technique: Technique) -> Option<Step> {
    let n = board.n;
    let mut chainer = Chainer::new(board);
    let mode = Mode {
        cells: true,
        units: true,
        dynamic,
        contradictions: true,
        level,
    };
    let base = technique.base();
    let mut best: Option<Found> = None;
    // The implications of each candidate assumed on, computed once: a
    // candidate is a branch of its cell's chains and of a chain over each of
    // its units, and computing it for each (as this did) cost three times over.
    let mut on = OnCache::new(board.cand.len() * n);
    for cell in 0..board.cand.len() {
        let count = board.cand[cell].count_ones();
        if count < 2 || (!dynamic && count < 3) {
            continue;
        }
        // The units each digit's region chains run over, the cell being the
        // unit's first place of the digit; every branch computed first.
        let mut regions: Vec<(u8, usize)> = Vec::new();
        for d in crate::board::digits(board.cand[cell]) {
            on.fill(&mut chainer, mode, pot(n, cell, d, true));
            for u in board.units.of_cell[cell] {
                let places = board.places(u, d);
                if places.count_ones() < 2
                    || board.units.cells[u][places.trailing_zeros() as usize] != cell
                {
                    continue;
                }
                for i in crate::basic::ones(places) {
                    on.fill(&mut chainer, mode, pot(n, board.units.cells[u][i], d, true));
                }
                regions.push((d, u));
            }
        }
        for d in crate::board::digits(board.cand[cell]) {
            let start_on = pot(n, cell, d, true);
            let (on_set, on_result) = on.get(start_on);
            if dynamic {
                if let Err(pair) = *on_result {
                    offer_contradiction(&mut best, n, on_set, start_on, pair, base, technique);
                }
                let start_off = conj(start_on);
                let (off_set, off_result) = chainer.implications(start_off, mode);
                if let Err(pair) = off_result {
                    offer_contradiction(&mut best, n, &off_set, start_off, pair, base, technique);
                }
                if count >= 3 {
                    both_ways(
                        n,
                        &chainer,
                        (on_set, &off_set),
                        start_on,
                        base,
                        technique,
                        &mut best,
                    );
                }
            }
            // Region chains: every place of d in a unit of this cell.
            for &(_, u) in regions.iter().filter(|r| r.0 == d) {
                // The cell is the unit's first place: its own branch first.
                let all: Vec<&Implications> = crate::basic::ones(board.places(u, d))
                    .map(|i| &on.get(pot(n, board.units.cells[u][i], d, true)).0)
                    .collect();
                common(n, &chainer, &all, base, technique, &mut best, || {
                    format!(
                        "every place of {} in {}",
                        digit_symbol(d),
                        crate::board::unit_of(n, u)
                    )
                });
            }
        }
        let all: Vec<&Implications> = crate::board::digits(board.cand[cell])
            .map(|d| &on.get(pot(n, cell, d, true)).0)
            .collect();
        common(n, &chainer, &all, base, technique, &mut best, || {
            format!("every digit of {}", cell_name(n, cell))
        });
    }
    best.map(|f| into_step(technique, f))
}

/// The implications of candidates assumed on, each computed at most once
/// per step.
struct OnCache {
    sets: Vec<Option<Followed>>,
}

impl OnCache {
    fn new(candidates: usize) -> OnCache {
        OnCache {
            sets: (0..candidates).map(|_| None).collect(),
        }
    }
    fn fill(&mut self, chainer: &mut Chainer, mode: Mode, start: Pot) {
        let slot = &mut self.sets[start as usize / 2];
        if slot.is_none() {
            *slot = Some(chainer.implications(start, mode));
        }
    }
    fn get(&self, start: Pot) -> &Followed {
        self.sets[start as usize / 2]
            .as_ref()
            .expect("filled before use")
    }
}

/// [`Implications::ancestors_of_all`] without a limit.
fn all_ancestors(ends: &[(&Implications, Pot)]) -> usize {
    Implications::ancestors_of_all(ends, usize::MAX).expect("no limit to pass")
}

/// Dynamic chains: a potential implied both by a candidate and by its
/// negation holds whatever the candidate is.
fn both_ways(
    n: usize,
    chainer: &Chainer,
    (on_set, off_set): (&Implications, &Implications),
    start_on: Pot,
    base: Tenths,
    technique: Technique,
    best: &mut Option<Found>,
) {
    for &p in &on_set.order {
        if p == start_on || !off_set.has(p) {
            continue;
        }
        let Some(target) = chainer.effect(p) else {
            continue;
        };
        let Some(complexity) =
            Implications::ancestors_of_all(&[(on_set, p), (off_set, p)], limit(best))
        else {
            continue;
        };
        let rating = base + length_tenths(complexity);
        offer(best, rating, complexity, || Found {
            rating,
            complexity,
            target,
            finding: format!(
                "{}: {} and {}",
                technique.name(),
                on_set.path(n, p),
                off_set.path(n, p)
            ),
            cells: chain_cells(n, on_set, p),
        });
    }
}

/// Potentials implied by every set (each set starting from one branch).
fn common(
    n: usize,
    chainer: &Chainer,
    sets: &[&Implications],
    base: Tenths,
    technique: Technique,
    best: &mut Option<Found>,
    what: impl Fn() -> String,
) {
    let (first, rest) = sets.split_first().expect("at least one branch");
    for &p in first.order.iter().skip(1) {
        if !rest.iter().all(|s| s.has(p)) {
            continue;
        }
        let Some(target) = chainer.effect(p) else {
            continue;
        };
        let bound = limit(best);
        let ends: Vec<(&Implications, Pot)> = sets.iter().map(|&s| (s, p)).collect();
        let Some(complexity) = Implications::ancestors_of_all(&ends, bound) else {
            continue;
        };
        let rating = base + length_tenths(complexity);
        if best
            .as_ref()
            .is_some_and(|b| (b.rating, b.complexity) <= (rating, complexity))
        {
            continue;
        }
        let mut cells: Vec<usize> = sets.iter().flat_map(|s| chain_cells(n, s, p)).collect();
        cells.sort_unstable();
        cells.dedup();
        let paths: Vec<String> = sets.iter().map(|s| s.path(n, p)).collect();
        *best = Some(Found {
            rating,
            complexity,
            target,
            finding: format!(
                "{}: {} implies it: {}",
                technique.name(),
                what(),
                paths.join("; ")
            ),
            cells,
        });
    }
}

/// The removed candidates (in `grid` against `source`) a nested chain to
/// `target` rests on: for each on potential of the chain, the removed
/// digits of its cell (a naked single) or the removed places of its digit
/// in its unit (a hidden single), as SE's `collectRuleParents`.
fn rule_parents(
    set: &Implications,
    target: Pot,
    source: &[u32],
    grid: &Board,
    out: &mut Vec<(usize, u8)>,
) {
    let n = grid.n;
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![target];
    while let Some(q) = todo.pop() {
        if !seen.insert(q) || !set.has(q) {
            continue;
        }
        todo.extend_from_slice(set.parents_of(q));
        if !is_on(q) {
            continue;
        }
        let (cell, d) = (pot_cell(n, q), pot_digit(n, q));
        match set.cause_of(q) {
            CELL => out.extend(digits(source[cell] & !grid.cand[cell]).map(|e| (cell, e))),
            NO_CAUSE => {}
            u => out.extend(
                grid.units.cells[u as usize]
                    .iter()
                    .filter(|&&c| source[c] & bit(d) != 0 && grid.cand[c] & bit(d) == 0)
                    .map(|&c| (c, d)),
            ),
        }
    }
}

/// The parents an assumption over a cell (its removed digits) or over a
/// unit's places of a digit (its removed places) adds to a multiple chain.
fn assumption_parents(grid: &Board, source: &[u32], over: Over, out: &mut Vec<(usize, u8)>) {
    match over {
        Over::Cell(cell) => {
            out.extend(digits(source[cell] & !grid.cand[cell]).map(|e| (cell, e)));
        }
        Over::Unit(u, d) => out.extend(
            grid.units.cells[u]
                .iter()
                .filter(|&&c| source[c] & bit(d) != 0 && grid.cand[c] & bit(d) == 0)
                .map(|&c| (c, d)),
        ),
        Over::One => {}
    }
}

#[derive(Clone, Copy)]
enum Over {
    Cell(usize),
    Unit(usize, u8),
    One,
}

/// Keeps, per candidate a nested chain removes, the conclusion of least
/// complexity (SE applies a nested rule's hints easiest first, and a
/// candidate already off is not added again).
struct Conclusions<'a> {
    grid: &'a Board,
    source: &'a [u32],
    best: std::collections::HashMap<(usize, u8), Advanced>,
}

impl Conclusions<'_> {
    /// Offers `target` (on: the cell's other digits go) reached by `ends`
    /// (each a set and the potential in it), with `complexity`.
    fn offer(&mut self, target: Pot, ends: &[(&Implications, Pot)], over: Over, complexity: usize) {
        let n = self.grid.n;
        let (cell, d) = (pot_cell(n, target), pot_digit(n, target));
        let offs: Vec<(usize, u8)> = if is_on(target) {
            digits(self.grid.cand[cell] & !bit(d))
                .map(|e| (cell, e))
                .collect()
        } else if self.grid.cand[cell] & bit(d) != 0 {
            vec![(cell, d)]
        } else {
            Vec::new()
        };
        let offs: Vec<(usize, u8)> = offs
            .into_iter()
            .filter(|off| {
                self.best
                    .get(off)
                    .is_none_or(|b| b.nested.unwrap_or(0) > complexity)
            })
            .collect();
        if offs.is_empty() {
            return;
        }
        let mut parents = Vec::new();
        for &(set, end) in ends {
            rule_parents(set, end, self.source, self.grid, &mut parents);
        }
        assumption_parents(self.grid, self.source, over, &mut parents);
        parents.sort_unstable();
        parents.dedup();
        if parents.is_empty() {
            return;
        }
        for off in offs {
            self.best.insert(
                off,
                Advanced {
                    off,
                    parents: parents.clone(),
                    nested: Some(complexity),
                },
            );
        }
    }
}

/// Every elimination the chains of SE's nesting `level` (2: forcing
/// chains, 3: multiple forcing chains, 4: dynamic forcing chains) find in
/// the working grid `grid` of an outer chain, with the outer removals each
/// rests on.
fn nested_conclusions(grid: &Board, source: &[u32], level: u8) -> Vec<Advanced> {
    let n = grid.n;
    let mut chainer = Chainer::new(grid);
    let mut found = Conclusions {
        grid,
        source,
        best: std::collections::HashMap::new(),
    };
    if level == 2 {
        let mode = Mode {
            cells: true,
            units: true,
            dynamic: false,
            contradictions: false,
            level: 0,
        };
        let closure = Closure::new(grid, &chainer.source_places);
        for (cell, d) in chainer.candidates(2) {
            for on in [true, false] {
                if !closure.refutes(n, cell, d, on) {
                    continue;
                }
                let start = pot(n, cell, d, on);
                let target = conj(start);
                let (set, _) = chainer.implications_until(start, mode, Some(target));
                if set.has(target) {
                    let complexity = set.ancestors(target);
                    found.offer(target, &[(&set, target)], Over::One, complexity);
                }
            }
        }
    } else {
        let dynamic = level >= 4;
        let mode = Mode {
            cells: true,
            units: true,
            dynamic,
            contradictions: true,
            level: 0,
        };
        let mut on = OnCache::new(grid.cand.len() * n);
        // Static chains: the closure says which cells and units have a
        // conclusion in common to all their branches; dynamic ones: every
        // assumption's implications, found without their chains, say it.
        // The others are not followed link by link.
        let closure = (!dynamic).then(|| Closure::new(grid, &chainer.source_places));
        let reaches = dynamic.then(|| Reaches::new(&mut chainer, mode));
        let worth = |branches: &[(usize, u8)]| match (&closure, &reaches) {
            (Some(closure), _) => closure.common(n, branches),
            (_, Some(reaches)) => reaches.common(branches),
            _ => true,
        };
        for cell in 0..grid.cand.len() {
            let count = grid.cand[cell].count_ones();
            if count < 2 || (!dynamic && count < 3) {
                continue;
            }
            let whole: Vec<(usize, u8)> = digits(grid.cand[cell]).map(|d| (cell, d)).collect();
            let cell_worth = worth(&whole);
            for d in digits(grid.cand[cell]) {
                let start_on = pot(n, cell, d, true);
                if let Some(reaches) = &reaches {
                    let on_holds = reaches.consistent(cell, d, true);
                    let off_holds = reaches.consistent(cell, d, false);
                    let both = count >= 3 && reaches.both_ways(cell, d);
                    if !on_holds || both {
                        on.fill(&mut chainer, mode, start_on);
                    }
                    if !on_holds {
                        let (on_set, on_result) = on.get(start_on);
                        if let Err((a, b)) = *on_result {
                            let c = all_ancestors(&[(on_set, a), (on_set, b)]);
                            found.offer(conj(start_on), &[(on_set, a), (on_set, b)], Over::One, c);
                        }
                    }
                    if !off_holds || both {
                        let start_off = conj(start_on);
                        let (off_set, off_result) = chainer.implications(start_off, mode);
                        if let Err((a, b)) = off_result {
                            let c = all_ancestors(&[(&off_set, a), (&off_set, b)]);
                            found.offer(start_on, &[(&off_set, a), (&off_set, b)], Over::One, c);
                        }
                        if both {
                            let on_set = &on.get(start_on).0;
                            for &p in &on_set.order {
                                if p != start_on && off_set.has(p) && chainer.effect(p).is_some() {
                                    let c = all_ancestors(&[(on_set, p), (&off_set, p)]);
                                    found.offer(p, &[(on_set, p), (&off_set, p)], Over::One, c);
                                }
                            }
                        }
                    }
                }
                for u in grid.units.of_cell[cell] {
                    let places = grid.places(u, d);
                    if places.count_ones() < 2
                        || grid.units.cells[u][places.trailing_zeros() as usize] != cell
                    {
                        continue;
                    }
                    let region: Vec<(usize, u8)> = crate::basic::ones(places)
                        .map(|i| (grid.units.cells[u][i], d))
                        .collect();
                    if !worth(&region) {
                        continue;
                    }
                    for &(c, d) in &region {
                        on.fill(&mut chainer, mode, pot(n, c, d, true));
                    }
                    let branches: Vec<Pot> = crate::basic::ones(places)
                        .map(|i| pot(n, grid.units.cells[u][i], d, true))
                        .collect();
                    common_all(&chainer, &on, &branches, Over::Unit(u, d), &mut found);
                }
            }
            if cell_worth {
                for d in digits(grid.cand[cell]) {
                    on.fill(&mut chainer, mode, pot(n, cell, d, true));
                }
                let branches: Vec<Pot> = digits(grid.cand[cell])
                    .map(|d| pot(n, cell, d, true))
                    .collect();
                common_all(&chainer, &on, &branches, Over::Cell(cell), &mut found);
            }
        }
    }
    let mut all: Vec<Advanced> = found.best.into_values().collect();
    all.sort_unstable_by_key(|a| a.off);
    all
}

/// Offers every potential all `branches` (assumptions, each in `on`) imply.
fn common_all(
    chainer: &Chainer,
    on: &OnCache,
    branches: &[Pot],
    over: Over,
    found: &mut Conclusions,
) {
    let sets: Vec<&Implications> = branches.iter().map(|&b| &on.get(b).0).collect();
    let (first, rest) = sets.split_first().expect("at least one branch");
    for &p in first.order.iter().skip(1) {
        if !rest.iter().all(|s| s.has(p)) || chainer.effect(p).is_none() {
            continue;
        }
        let ends: Vec<(&Implications, Pot)> = sets.iter().map(|&s| (s, p)).collect();
        let complexity = all_ancestors(&ends);
        found.offer(p, &ends, over, complexity);
    }
}

/// Every assumption's implications in a grid (each candidate on and off,
/// [`Chainer::reach`]), to tell which chains a dynamic search must follow
/// link by link.
struct Reaches {
    n: usize,
    words: usize,
    /// Per `cell * n + digit - 1`: its row pair in `bits`, `u32::MAX` for none.
    index: Vec<u32>,
    /// Rows `2k` (on) and `2k + 1` (off): the potentials implied.
    bits: Vec<u64>,
    /// Per row: no contradiction met.
    holds: Vec<bool>,
}

impl Reaches {
    fn new(chainer: &mut Chainer, mode: Mode) -> Reaches {
        let n = chainer.n;
        let words = chainer.size().div_ceil(64);
        let mut index = vec![u32::MAX; chainer.board.cand.len() * n];
        let candidates = chainer.candidates(2);
        let mut bits = vec![0u64; 2 * candidates.len() * words];
        let mut holds = Vec::with_capacity(2 * candidates.len());
        let mut queue = Vec::new();
        for (k, &(cell, d)) in candidates.iter().enumerate() {
            index[cell * n + d as usize - 1] = k as u32;
            for on in [true, false] {
                let row = 2 * k + !on as usize;
                let out = &mut bits[row * words..(row + 1) * words];
                holds.push(chainer.reach(pot(n, cell, d, on), mode, out, &mut queue));
            }
        }
        Reaches {
            n,
            words,
            index,
            bits,
            holds,
        }
    }

    fn row_of(&self, cell: usize, d: u8, on: bool) -> usize {
        let k = self.index[cell * self.n + d as usize - 1];
        debug_assert!(k != u32::MAX, "a candidate of a cell with two or more");
        2 * k as usize + !on as usize
    }

    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    fn consistent(&self, cell: usize, d: u8, on: bool) -> bool {
        self.holds[self.row_of(cell, d, on)]
    }

    /// Whether the candidate on and off imply some potential in common
    /// (or either meets a contradiction, where a chain stops early).
    fn both_ways(&self, cell: usize, d: u8) -> bool {
        let (on, off) = (self.row_of(cell, d, true), self.row_of(cell, d, false));
        if !self.holds[on] || !self.holds[off] {
            return true;
        }
        let start = pot(self.n, cell, d, true);
        self.row(on)
            .iter()
            .zip(self.row(off))
            .enumerate()
            .any(|(w, (a, b))| {
                let mut both = a & b;
                if w == start as usize / 64 {
                    both &= !(1 << (start % 64));
                }
                both != 0
            })
    }

    /// Whether the branches (each assumed on) imply some potential in
    /// common (or one meets a contradiction).
    fn common(&self, branches: &[(usize, u8)]) -> bool {
        let rows: Vec<usize> = branches
            .iter()
            .map(|&(c, d)| self.row_of(c, d, true))
            .collect();
        if rows.iter().any(|&r| !self.holds[r]) {
            return true;
        }
        (0..self.words).any(|w| rows.iter().fold(u64::MAX, |acc, &r| acc & self.row(r)[w]) != 0)
    }
}
