//! Exact cover by dancing cells, for any problem.
//!
//! The interface is the one of dlx's `exact_cover`: a [`Matrix`] has
//! *columns* (Knuth's items), `0..primary` that every cover must cover
//! exactly once and `primary..primary + secondary` at most once, and *rows*
//! (options), each a set of columns; [`Matrix::search`] reports every exact
//! cover to a [`Visitor`] as the row ids chosen, in order.
//!
//! ```
//! use sudoku_dcells::exact_cover::Matrix;
//! use std::ops::ControlFlow;
//! // Knuth's example: columns a..g, six rows; the only cover is rows 0, 3, 4.
//! let mut m = Matrix::new(7, 0);
//! for row in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
//!     m.add_row(row);
//! }
//! let mut found = Vec::new();
//! let _ = m.search(&mut |rows: &[usize]| {
//!     let mut rows = rows.to_vec();
//!     rows.sort();
//!     found.push(rows);
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(found, vec![vec![0, 3, 4]]);
//! ```
//!
//! ## Layout
//!
//! * `nodes`: the rows one after another, one node per `1`, each node
//!   `{item, loc}`: its column and its position in that column's set. A
//!   *spacer* node sits before every row and after the last; its `item` has
//!   the top bit set and names the last node of the row after it, its `loc`
//!   the first node of the row before it, so walking a row right or left
//!   wraps around at a spacer (Knuth's trick in DLX and SSXCC).
//! * `set`: one stretch per column holding the nodes of the rows that may
//!   still cover it: `set[start .. start + size]` is the column's live part;
//!   `items[c] = {start, size}`.
//! * `active`: the primary and secondary columns still to cover, a sparse
//!   set of column ids with `active_pos` its inverse; the first `live` are
//!   live.
//!
//! The crate docs explain why this makes undoing nearly free.

use std::ops::ControlFlow;
pub use sudoku_core::cover::Visitor;

/// The top bit of a node's `item`: the node is a spacer between rows.
const SPACER: u32 = 1 << 31;

/// A `1` of a row (or a spacer): 8 bytes, one mem to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    /// The column; for a spacer, `SPACER | last node of the next row`.
    item: u32,
    /// The position of the node in its column's stretch of `set`; for a
    /// spacer, the first node of the row before it.
    loc: u32,
}

/// A column's stretch of `set`: 8 bytes, one mem to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Item {
    start: u32,
    /// How many rows may still cover the column: `set[start .. start + size]`.
    size: u32,
}

/// An exact-cover matrix in dancing cells, reusable from search to search.
///
/// Columns are numbered `0..primary` (primary) then
/// `primary..primary + secondary` (secondary); rows in the order they are
/// added. A search leaves the matrix as it found it as far as what can be
/// observed (which rows each column offers); the order of a column's rows
/// inside its set may differ, and is never relied on.
#[derive(Clone, Debug)]
pub struct Matrix {
    primary: usize,
    secondary: usize,
    nodes: Vec<Node>,
    /// The first node of each row, and one past the spacer after the last.
    row_first: Vec<u32>,
    /// The row id of each node (`u32::MAX` for spacers).
    node_row: Vec<u32>,
    items: Vec<Item>,
    set: Vec<u32>,
    /// The columns not yet covered, live ones first (a sparse set).
    active: Vec<u32>,
    /// Where each column stands in `active`.
    active_pos: Vec<u32>,
    live: usize,
    /// `false` after rows are added, until the sets are laid out again.
    built: bool,
    selected: Vec<u32>,
    /// Search scratch: the position in `set` chosen at each level, and its row.
    x: Vec<u32>,
    rows: Vec<usize>,
}

impl Matrix {
    /// A matrix with `primary` columns that must be covered exactly once,
    /// `secondary` columns that may be covered at most once, and no rows.
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        let n = primary + secondary;
        assert!(n < SPACER as usize, "too many columns");
        Matrix {
            primary,
            secondary,
            // The spacer before the first row.
            nodes: vec![Node {
                item: SPACER,
                loc: 0,
            }],
            row_first: vec![1],
            node_row: vec![u32::MAX],
            items: vec![Item::default(); n],
            set: Vec::new(),
            active: (0..n as u32).collect(),
            active_pos: (0..n as u32).collect(),
            live: n,
            built: false,
            selected: Vec::new(),
            x: Vec::with_capacity(primary + 1),
            rows: Vec::with_capacity(primary + 1),
        }
    }

    /// Appends a row covering `columns` (any order, no repeats) and returns
    /// its id. Panics if a column is out of range or repeated, if the row is
    /// empty, or if rows are selected.
    pub fn add_row(&mut self, columns: &[usize]) -> usize {
        assert!(!columns.is_empty(), "a row must cover at least one column");
        assert!(self.selected.is_empty(), "add rows before selecting any");
        let n = self.columns();
        for (k, &c) in columns.iter().enumerate() {
            assert!(c < n, "column {c} out of range (the matrix has {n})");
            assert!(!columns[..k].contains(&c), "column {c} repeated in a row");
        }
        let id = self.rows();
        let first = self.nodes.len() as u32;
        let last = first + columns.len() as u32 - 1;
        assert!(last + 1 < SPACER, "too many nodes");
        // The spacer before this row names its last node.
        self.nodes[first as usize - 1].item = SPACER | last;
        for &c in columns {
            self.nodes.push(Node {
                item: c as u32,
                loc: 0,
            });
            self.node_row.push(id as u32);
            self.items[c].size += 1;
        }
        // The spacer after it names its first node.
        self.nodes.push(Node {
            item: SPACER,
            loc: first,
        });
        self.node_row.push(u32::MAX);
        self.row_first.push(self.nodes.len() as u32);
        self.built = false;
        id
    }

    /// Lays the column sets out in `set`, each in increasing row order.
    fn build(&mut self) {
        if self.built {
            return;
        }
        let mut start = 0u32;
        for item in &mut self.items {
            item.start = start;
            start += item.size;
            item.size = 0;
        }
        self.set = vec![0; start as usize];
        for q in 0..self.nodes.len() {
            let Node { item, .. } = self.nodes[q];
            if item & SPACER == 0 {
                let Item { start, size } = &mut self.items[item as usize];
                let loc = *start + *size;
                self.set[loc as usize] = q as u32;
                self.nodes[q].loc = loc;
                *size += 1;
            }
        }
        self.built = true;
    }

    /// How many primary columns.
    pub fn primary(&self) -> usize {
        self.primary
    }
    /// How many secondary columns.
    pub fn secondary(&self) -> usize {
        self.secondary
    }
    /// How many columns, primary and secondary.
    pub fn columns(&self) -> usize {
        self.primary + self.secondary
    }
    /// How many rows.
    pub fn rows(&self) -> usize {
        self.row_first.len() - 1
    }
    /// How many `1`s.
    pub fn ones(&self) -> usize {
        // Every node but the spacers, one before each row and one after the last.
        self.nodes.len() - self.rows() - 1
    }
    /// The columns a row covers, in the order given to [`Matrix::add_row`].
    pub fn row(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes[self.row_nodes(row)]
            .iter()
            .map(|node| node.item as usize)
    }
    /// How many rows of a column are still available (all of them, between
    /// searches, unless rows are selected).
    pub fn column_size(&self, column: usize) -> usize {
        self.items[column].size as usize
    }

    /// Bytes held by the matrix and the search stack (at most one level per
    /// primary column).
    pub fn bytes(&self) -> usize {
        self.nodes.len() * 8
            + self.items.len() * 8
            + (self.ones() + self.active.len() + self.active_pos.len()) * 4
            + (self.node_row.len() + self.row_first.len()) * 4
            + (self.primary + 1) * (4 + std::mem::size_of::<usize>())
    }

    /// The nodes of a row: consecutive.
    fn row_nodes(&self, row: usize) -> std::ops::Range<usize> {
        self.row_first[row] as usize..self.row_first[row + 1] as usize - 1
    }

    fn cells<const MEMS: bool>(&mut self) -> Cells<'_, MEMS> {
        let Matrix {
            primary,
            nodes,
            node_row,
            items,
            set,
            active,
            active_pos,
            live,
            ..
        } = self;
        Cells {
            primary: *primary as u32,
            nodes,
            node_row,
            items,
            set,
            active,
            active_pos,
            live,
            mems: 0,
        }
    }

    /// Puts `row` into every cover before searching: covers its columns, as
    /// if the search had chosen it (Sudoku givens). Fails, changing nothing,
    /// with the first column of the row that an earlier selected row covers.
    pub fn select(&mut self, row: usize) -> Result<(), usize> {
        self.build();
        for q in self.row_nodes(row) {
            let c = self.nodes[q].item;
            if self.active_pos[c as usize] as usize >= self.live {
                return Err(c as usize);
            }
        }
        // Covering the first column kills the row in the others (it is one
        // of the first column's rows), so each column is covered whole.
        for q in self.row_nodes(row) {
            let c = self.nodes[q].item;
            self.cells::<false>().cover(c);
        }
        self.selected.push(row as u32);
        Ok(())
    }

    /// The selected rows, in order.
    pub fn selected(&self) -> impl Iterator<Item = usize> + '_ {
        self.selected.iter().map(|&r| r as usize)
    }

    /// Takes back every selection, last first, restoring the matrix.
    pub fn unselect_all(&mut self) {
        while let Some(row) = self.selected.pop() {
            for q in self.row_nodes(row as usize).rev() {
                let c = self.nodes[q].item;
                self.cells::<false>().uncover(c);
            }
        }
    }

    /// Counts the exact covers (of the matrix with its selections), stopping at `limit`.
    pub fn count_solutions(&mut self, limit: Option<u64>) -> u64 {
        let limit = limit.unwrap_or(u64::MAX);
        let mut count = 0;
        if limit > 0 {
            let _ = self.search(&mut |_: &[usize]| {
                count += 1;
                if count >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        count
    }

    /// Every exact cover, each as its rows in increasing order.
    pub fn solutions(&mut self) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        let _ = self.search(&mut |rows: &[usize]| {
            let mut rows = rows.to_vec();
            rows.sort_unstable();
            all.push(rows);
            ControlFlow::Continue(())
        });
        all
    }

    /// Searches for every exact cover of the matrix (with its selected rows
    /// already in), reporting each to `visitor`; `Break` when the visitor
    /// stopped the search. The matrix is restored before this returns.
    ///
    /// Algorithm X with dlx's steps and choices: the live primary column
    /// with the fewest rows (the first on a tie), its rows tried in
    /// increasing order, so the search enters exactly dlx's nodes.
    pub fn search<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> ControlFlow<()> {
        self.build();
        if visitor.counts_mems() {
            let (flow, mems) = self.search_with::<V, true>(visitor);
            visitor.mems(mems);
            flow
        } else {
            self.search_with::<V, false>(visitor).0
        }
    }

    fn search_with<V: Visitor + ?Sized, const MEMS: bool>(
        &mut self,
        visitor: &mut V,
    ) -> (ControlFlow<()>, u64) {
        let mut x = std::mem::take(&mut self.x);
        let mut rows = std::mem::take(&mut self.rows);
        x.clear();
        rows.clear();
        let mut cells = self.cells::<MEMS>();
        let mut stopped = false;
        'enter: loop {
            let level = x.len();
            if visitor.enter(level).is_break() {
                stopped = true;
            } else {
                match cells.choose() {
                    None => stopped = visitor.solution(&rows).is_break(),
                    Some((i, 0)) => visitor.dead_end(level, i as usize),
                    Some((i, options)) => {
                        // Cover i, then try its rows in increasing order
                        // (i is no longer live, so its set stays as sorted).
                        cells.cover(i);
                        cells.sort_set(i);
                        let p = cells.items[i as usize].start;
                        let row = cells.cover_others(p);
                        x.push(p);
                        rows.push(row);
                        visitor.choose(level + 1, row, i as usize, options as usize);
                        continue 'enter;
                    }
                }
            }
            // Back up: undo the row tried at each level, try the next.
            while let Some(p) = x.pop() {
                let row = rows.pop().expect("one row per level");
                let level = x.len();
                let i = cells.uncover_others(p);
                if !stopped {
                    visitor.undo(level + 1, row);
                }
                cells.mem(1);
                let Item { start, size } = cells.items[i as usize];
                if !stopped && p + 1 < start + size {
                    let row = cells.cover_others(p + 1);
                    x.push(p + 1);
                    rows.push(row);
                    visitor.choose(level + 1, row, i as usize, size as usize);
                    continue 'enter;
                }
                cells.uncover(i);
            }
            let flow = if stopped {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
            let mems = cells.mems;
            self.x = x;
            self.rows = rows;
            return (flow, mems);
        }
    }
}

/// Knuth's estimate of a search tree, shared with the other strategies.
pub use sudoku_core::estimate::Estimate;
use sudoku_core::estimate::SplitMix;

impl Matrix {
    /// Estimates the tree [`Matrix::search`] would walk to find every cover
    /// (dlx's tree too: the two choose alike), from `probes` random paths:
    /// each goes from the root, at every node multiplying the number of
    /// children `d` so far into `D` and adding `D` to its estimate, and
    /// takes one child at random, until a cover or a dead end. The mean of
    /// the estimates is unbiased; its spread is large when the tree is
    /// lopsided. `seed` makes it reproducible.
    pub fn estimate(&mut self, probes: u64, seed: u64) -> Estimate {
        self.build();
        let mut rng = SplitMix(seed);
        Estimate::from_probes(probes, || self.probe(&mut rng))
    }

    /// One random root-to-leaf path: (nodes estimate, mems estimate).
    fn probe(&mut self, rng: &mut SplitMix) -> (f64, f64) {
        let mut path: Vec<(u32, u32)> = Vec::new();
        let mut cells = self.cells::<true>();
        let (mut degrees, mut nodes, mut mems) = (1.0f64, 1.0f64, 0.0f64);
        loop {
            let before = cells.mems;
            let Some((i, d)) = cells.choose() else { break };
            if d == 0 {
                mems += degrees * (cells.mems - before) as f64;
                break;
            }
            cells.cover(i);
            let item = cells.items[i as usize];
            let p = item.start + rng.below(d as u64) as u32;
            let here = cells.mems;
            cells.cover_others(p);
            let branch = cells.mems - here;
            // Undoing costs about what doing did (counted on the way back).
            let node_cost = (here - before) as f64 * 2.0 + branch as f64 * 2.0 * d as f64;
            mems += degrees * node_cost;
            degrees *= d as f64;
            nodes += degrees;
            path.push((i, p));
        }
        while let Some((i, p)) = path.pop() {
            cells.uncover_others(p);
            cells.uncover(i);
        }
        (nodes, mems)
    }
}

impl PartialEq for Matrix {
    /// Two matrices are equal when they have the same rows and selections
    /// and every column offers the same rows: the order of the rows within a
    /// column's set is not observable.
    fn eq(&self, other: &Matrix) -> bool {
        let offers = |m: &Matrix, c: usize| {
            let Item { start, size } = m.items[c];
            let mut rows: Vec<u32> = m.set[start as usize..(start + size) as usize]
                .iter()
                .map(|&q| m.node_row[q as usize])
                .collect();
            rows.sort_unstable();
            rows
        };
        self.primary == other.primary
            && self.secondary == other.secondary
            && self.row_first == other.row_first
            && self.node_row == other.node_row
            && self.selected == other.selected
            && self.live == other.live
            && self.built == other.built
            && (0..self.columns()).all(|c| {
                self.items[c].size == other.items[c].size
                    && (!self.built || offers(self, c) == offers(other, c))
            })
            && (0..self.rows()).all(|r| self.row(r).eq(other.row(r)))
            && {
                let mut a = self.active[..self.live].to_vec();
                let mut b = other.active[..other.live].to_vec();
                a.sort_unstable();
                b.sort_unstable();
                a == b
            }
    }
}

/// The arrays the cells dance in, with the operations of the search, and
/// the mems they make when `MEMS` (see the crate docs, "Mems").
struct Cells<'a, const MEMS: bool> {
    primary: u32,
    nodes: &'a mut [Node],
    node_row: &'a [u32],
    items: &'a mut [Item],
    set: &'a mut [u32],
    active: &'a mut [u32],
    active_pos: &'a mut [u32],
    live: &'a mut usize,
    mems: u64,
}

impl<const MEMS: bool> Cells<'_, MEMS> {
    /// Counts `n` mems; compiled away when `MEMS` is false.
    #[inline(always)]
    fn mem(&mut self, n: u64) {
        if MEMS {
            self.mems += n;
        }
    }

    /// The node after `q` in its row, wrapping at the spacer.
    #[inline(always)]
    fn next(&mut self, q: u32) -> (u32, Node) {
        self.mem(1);
        let node = self.nodes[q as usize + 1];
        if node.item & SPACER == 0 {
            (q + 1, node)
        } else {
            self.mem(1);
            (node.loc, self.nodes[node.loc as usize])
        }
    }

    /// The node before `q` in its row, wrapping at the spacer.
    #[inline(always)]
    fn prev(&mut self, q: u32) -> (u32, Node) {
        self.mem(1);
        let node = self.nodes[q as usize - 1];
        if node.item & SPACER == 0 {
            (q - 1, node)
        } else {
            let last = node.item & !SPACER;
            self.mem(1);
            (last, self.nodes[last as usize])
        }
    }

    /// Takes column `c` out of the live sparse set: swap it with the last
    /// live column, shrink the live part. Undone by growing it back.
    #[inline(always)]
    fn deactivate(&mut self, c: u32) {
        self.mem(5);
        let last = *self.live - 1;
        let at = self.active_pos[c as usize] as usize;
        let other = self.active[last];
        self.active[at] = other;
        self.active_pos[other as usize] = at as u32;
        self.active[last] = c;
        self.active_pos[c as usize] = last as u32;
        *self.live = last;
    }

    /// Removes node `q` (with its `node`) from its column's live set: swap it
    /// with the last live entry, shrink the size. Nothing is lost: `q` now
    /// sits just past the live part, where growing the size finds it again.
    #[inline(always)]
    fn remove(&mut self, q: u32, node: Node) {
        // The item, the last entry read; two set entries and two locs
        // written; the size written.
        self.mem(7);
        let item = &mut self.items[node.item as usize];
        item.size -= 1;
        let last = item.start + item.size;
        let other = self.set[last as usize];
        self.set[node.loc as usize] = other;
        self.nodes[other as usize].loc = node.loc;
        self.set[last as usize] = q;
        self.nodes[q as usize].loc = last;
    }

    /// Removes every row of column `c`'s live set from its other columns,
    /// and takes `c` out of the live columns (Knuth's cover). `c`'s own set
    /// is not touched, and stays as it is while `c` is covered: no live
    /// column's row remains in it.
    #[inline(always)]
    fn cover(&mut self, c: u32) {
        self.deactivate(c);
        self.mem(1);
        let Item { start, size } = self.items[c as usize];
        for p in start..start + size {
            self.mem(1);
            let q0 = self.set[p as usize];
            let (mut q, mut node) = self.next(q0);
            while q != q0 {
                self.remove(q, node);
                (q, node) = self.next(q);
            }
        }
    }

    /// Undoes [`Cells::cover`]: the rows removed from other columns are just
    /// past their live parts, so growing each size by one brings them back;
    /// no set entry moves. Covers must be undone last first.
    #[inline(always)]
    fn uncover(&mut self, c: u32) {
        self.mem(1);
        let Item { start, size } = self.items[c as usize];
        for p in start..start + size {
            self.mem(1);
            let q0 = self.set[p as usize];
            let (mut q, mut node) = self.next(q0);
            while q != q0 {
                // The size read and written.
                self.mem(2);
                self.items[node.item as usize].size += 1;
                (q, node) = self.next(q);
            }
        }
        // `c` is just past the live part: growing it brings `c` back.
        self.mem(1);
        *self.live += 1;
    }

    /// Sorts column `c`'s live set into increasing node (so row) order, so
    /// its rows are tried in dlx's order. Sets are tiny at a branch (Sudoku:
    /// mostly 1 to 3), so an insertion sort; each entry's `loc` follows.
    #[inline(always)]
    fn sort_set(&mut self, c: u32) {
        let Item { start, size } = self.items[c as usize];
        let (start, end) = (start as usize, (start + size) as usize);
        self.mem(size as u64);
        for k in start + 1..end {
            let q = self.set[k];
            let mut j = k;
            while j > start && self.set[j - 1] > q {
                self.mem(3);
                let moved = self.set[j - 1];
                self.set[j] = moved;
                self.nodes[moved as usize].loc = j as u32;
                j -= 1;
            }
            if j != k {
                self.mem(2);
                self.set[j] = q;
                self.nodes[q as usize].loc = j as u32;
            }
        }
    }

    /// Chooses the row at `set[p]` for its column: covers its other columns,
    /// going right; returns the row id.
    #[inline(always)]
    fn cover_others(&mut self, p: u32) -> usize {
        self.mem(2);
        let q0 = self.set[p as usize];
        let (mut q, mut node) = self.next(q0);
        while q != q0 {
            self.cover(node.item);
            (q, node) = self.next(q);
        }
        self.node_row[q0 as usize] as usize
    }

    /// Undoes [`Cells::cover_others`] for the row at `set[p]`, going left (the
    /// reverse order); returns the column the row was chosen for.
    #[inline(always)]
    fn uncover_others(&mut self, p: u32) -> u32 {
        self.mem(2);
        let q0 = self.set[p as usize];
        let (mut q, mut node) = self.prev(q0);
        while q != q0 {
            self.uncover(node.item);
            (q, node) = self.prev(q);
        }
        self.nodes[q0 as usize].item
    }

    /// The live primary column with the fewest rows, the lowest-numbered on
    /// a tie (dlx's choice), with its size; `None` when none is live.
    /// Scans only the live columns (the sparse set's first `live` entries).
    #[inline(always)]
    fn choose(&mut self) -> Option<(u32, u32)> {
        let live = *self.live;
        let mut best = u64::MAX;
        for &c in &self.active[..live] {
            if c < self.primary {
                let key = (self.items[c as usize].size as u64) << 32 | c as u64;
                best = best.min(key);
            }
        }
        // Each live column: its id, its item.
        self.mem(2 * live as u64);
        (best != u64::MAX).then_some(((best & 0xFFFF_FFFF) as u32, (best >> 32) as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth() -> Matrix {
        let mut m = Matrix::new(7, 0);
        for row in [
            &[2, 4][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ] {
            m.add_row(row);
        }
        m
    }

    #[test]
    fn knuths_example_has_one_cover() {
        let mut m = knuth();
        m.build();
        let pristine = m.clone();
        assert_eq!(m.solutions(), vec![vec![0, 3, 4]]);
        assert_eq!(m, pristine);
        assert_eq!(m.row(3).collect::<Vec<_>>(), vec![0, 3, 5]);
        assert_eq!(m.column_size(3), 3);
    }

    #[test]
    fn stopping_early_restores_the_matrix() {
        let mut m = Matrix::new(3, 0);
        for c in 0..3 {
            m.add_row(&[c]);
            m.add_row(&[c]);
        }
        m.build();
        let pristine = m.clone();
        assert_eq!(m.count_solutions(None), 8);
        assert_eq!(m, pristine);
        for limit in 1..=8 {
            assert_eq!(m.count_solutions(Some(limit)), limit);
            assert_eq!(m, pristine, "after stopping at {limit}");
        }
    }

    #[test]
    fn selected_rows_are_in_every_cover_and_conflicts_are_refused() {
        let mut m = knuth();
        m.build();
        let pristine = m.clone();
        m.select(3).unwrap();
        assert_eq!(m.solutions(), vec![vec![0, 4]]);
        let before = m.clone();
        assert_eq!(m.select(1), Err(0));
        assert_eq!(m, before, "a refused selection changes nothing");
        m.select(4).unwrap();
        assert_eq!(m.selected().collect::<Vec<_>>(), vec![3, 4]);
        assert_eq!(m.solutions(), vec![vec![0]]);
        m.unselect_all();
        assert_eq!(m, pristine);
        m.select(1).unwrap();
        assert_eq!(m.count_solutions(None), 0);
        m.unselect_all();
        assert_eq!(m, pristine);
    }

    #[test]
    fn secondary_columns_are_covered_at_most_once() {
        let mut m = Matrix::new(2, 1);
        for row in [&[0, 2][..], &[1, 2], &[0], &[1]] {
            m.add_row(row);
        }
        assert_eq!(m.solutions(), vec![vec![0, 3], vec![1, 2], vec![2, 3]]);
    }

    #[test]
    fn rows_walk_both_ways_and_wrap() {
        let m = knuth();
        let mut m = m;
        m.build();
        let mut cells = m.cells::<true>();
        // Row 1 is nodes 4, 5, 6 (spacers at 0, 3, 7).
        assert_eq!(cells.next(6).0, 4);
        assert_eq!(cells.prev(4).0, 6);
        assert_eq!(cells.next(4).0, 5);
        assert_eq!(cells.mems, 5, "one mem a step, two at a wrap");
    }
}
