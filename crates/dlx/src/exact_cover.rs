//! Exact cover by Algorithm X on Dancing Links, for any problem.
//!
//! A [`Matrix`] has *columns* (Knuth calls them items) and *rows* (options);
//! each row covers a set of columns. An exact cover is a set of rows that
//! covers every *primary* column exactly once and every *secondary* column at
//! most once. [`Matrix::search`] finds them all, one by one, and hands each to
//! a [`Visitor`] as the list of its row ids, in the order they were chosen.
//! Adding rows, selecting them and searching are the methods of
//! [`ExactCover`], the trait dcells' matrix has too, so it is imported with
//! the matrix; the steps they are made of (`cover`, `uncover`, `hide`,
//! `unhide`) are below, on the private `Links`.
//!
//! ```
//! use sudoku_dlx::exact_cover::{ExactCover, Matrix};
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
//! The crate documentation explains how the links dance and why each step is O(1).
//!
//! ## Layout
//!
//! The nodes live in one flat vector and point at each other by index:
//!
//! * node `0` is unused (Knuth's root); nodes `1..=N` are the column headers,
//!   whose `up`/`down` links start the circular vertical list of the column's
//!   nodes, and `len[i]` counts those nodes;
//! * then come the rows, each as consecutive nodes: `top` names the node's
//!   column header, `up`/`down` link it into that column, and `right` and
//!   `left` lead to the next and previous node of the row, circularly. Rows
//!   never change; only the vertical links dance. (`left` is only needed when
//!   the search takes a row back, so it sits in an array of its own, out of
//!   the way of the nodes the inner loops read.)
//!
//! The links are `u32` by default. A `Matrix<u16>` halves the memory of the
//! nodes (8 bytes each) and keeps its arrays at 65,536 entries, so that no
//! `u16` index can be out of range and the compiler drops the bounds checks
//! from the inner loops. It holds up to 65,536 nodes and 32,767 rows per
//! column: enough for Sudoku up to 25x25 (65,001 nodes). See [`Link`].
//!
//! One departure from Knuth: he keeps the columns still to cover in a doubly
//! linked list of headers, and choosing a column walks that list, comparing
//! sizes. Here each column has a *size key*, `rows · 2^16 + column` (`2^32`
//! for `u32` links), with the top bit set while the column is covered. The
//! smallest key is the uncovered column with the fewest rows, the first one
//! on a tie, so choosing is the minimum of one flat array: no list to walk,
//! no branch to mispredict, and a loop the compiler turns into a few vector
//! instructions. Covering and uncovering set and clear the top bit, O(1) like
//! the two link writes they replace, and hiding a row subtracts `2^16` from
//! the keys of its columns.

pub use crate::link::Link;
use std::ops::ControlFlow;

/// A node of the matrix: a column header or a `1` of a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node<L> {
    /// The column header of a row node (unused for headers).
    top: L,
    up: L,
    down: L,
    /// The next node of the row, circularly (unused for headers).
    right: L,
}

/// An exact-cover matrix with its dancing links, reusable from search to search.
///
/// Columns are numbered `0..primary` (primary) then
/// `primary..primary + secondary` (secondary); rows are numbered in the order
/// they are added. A search always leaves the matrix as it found it, so one
/// matrix serves any number of searches (the Sudoku solver builds one per
/// shape and keeps it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix<L: Link = u32> {
    primary: usize,
    secondary: usize,
    /// Nodes in use (the arrays may be longer, see [`Link::view`]).
    used: usize,
    nodes: Vec<Node<L>>,
    /// The size key of each column, indexed by header node: how many rows
    /// the column still has, times `2^SHIFT`, plus the header's own index,
    /// plus `COVERED` while it is covered (`len[0]` is unused). The smallest
    /// key is then the smallest column, the first one on a tie.
    len: Vec<L::Key>,
    /// The previous node of the row, circularly (unused for headers). Only
    /// the search's step back walks rows leftwards, so these links live
    /// apart from the nodes the inner loops touch.
    left: Vec<L>,
    /// The row id of each row node (`u32::MAX` for the headers).
    node_row: Vec<u32>,
    /// The first node of each row, and one past the last node.
    row_first: Vec<u32>,
    /// Rows selected with [`Matrix::select`], in order.
    selected: Vec<u32>,
    /// Search scratch: the node chosen at each level (Knuth's `x_l`), and its row.
    x: Vec<L>,
    rows: Vec<usize>,
}

/// Receives what [`Matrix::search`] finds: the trait is
/// [`sudoku_core::cover::Visitor`], shared with dcells' exact cover, and a
/// closure `FnMut(&[usize]) -> ControlFlow<()>` is one.
pub use sudoku_core::cover::{ExactCover, Visitor};

impl Matrix {
    /// A matrix with `u32` links, `primary` columns that must be covered
    /// exactly once, `secondary` columns that may be covered at most once,
    /// and no rows yet: [`ExactCover::with_columns`] with the default links.
    /// (Rust does not fill in a default type parameter when it infers one,
    /// so `Matrix::with_columns(p, s)` alone would not know its links.)
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        Self::with_columns(primary, secondary)
    }
}

/// Building the matrix, selecting rows and searching: the steps that depend
/// on the dancing links. [`ExactCover`] writes the rest (counting and
/// listing covers, the Sudoku matrix and board) once on top of them, for
/// dlx and dcells alike.
impl<L: Link> ExactCover for Matrix<L> {
    /// A matrix with links of type `L`, `primary` columns that must be
    /// covered exactly once, `secondary` columns that may be covered at most
    /// once, and no rows yet: `Matrix::<u16>::with_columns(p, s)`
    /// ([`Matrix::new`] for `u32` links).
    fn with_columns(primary: usize, secondary: usize) -> Self {
        let n = primary + secondary;
        assert!(
            n < L::MAX_NODES,
            "too many columns for {}-bit links",
            8 * std::mem::size_of::<L>()
        );
        // Headers point at themselves: every column starts empty.
        let mut nodes: Vec<Node<L>> = (0..=n)
            .map(|i| Node {
                top: L::default(),
                up: L::new(i),
                down: L::new(i),
                right: L::default(),
            })
            .collect();
        nodes.resize(nodes.len().max(L::ARRAY_LEN), Node::default());
        let mut len = vec![L::Key::default(); (n + 1).max(L::ARRAY_LEN)];
        for (i, key) in len.iter_mut().enumerate().take(n + 1) {
            *key = L::key(i);
        }
        let left = vec![L::default(); (n + 1).max(L::ARRAY_LEN)];
        Matrix {
            primary,
            secondary,
            used: n + 1,
            nodes,
            len,
            left,
            node_row: vec![u32::MAX; n + 1],
            row_first: vec![n as u32 + 1],
            selected: Vec::new(),
            x: Vec::with_capacity(primary + 1),
            rows: Vec::with_capacity(primary + 1),
        }
    }

    /// Appends a row covering `columns` (any order, no repeats) and returns
    /// its id. Panics if a column is out of range or repeated, if the row is
    /// empty, if the nodes would not fit the links, or if rows are selected.
    fn add_row(&mut self, columns: &[usize]) -> usize {
        assert!(!columns.is_empty(), "a row must cover at least one column");
        assert!(self.selected.is_empty(), "add rows before selecting any");
        let n = self.columns();
        for (k, &c) in columns.iter().enumerate() {
            assert!(c < n, "column {c} out of range (the matrix has {n})");
            assert!(!columns[..k].contains(&c), "column {c} repeated in a row");
        }
        let bits = 8 * std::mem::size_of::<L>();
        assert!(
            self.used + columns.len() <= L::MAX_NODES,
            "too many nodes for {bits}-bit links"
        );
        let id = self.rows();
        let first = self.used;
        for (k, &c) in columns.iter().enumerate() {
            // Append the node at the bottom of its column: up is the old last node.
            let header = c + 1;
            let q = self.used;
            let last = self.nodes[header].up;
            let right = if k + 1 == columns.len() { first } else { q + 1 };
            let left = if k == 0 {
                first + columns.len() - 1
            } else {
                q - 1
            };
            let node = Node {
                top: L::new(header),
                up: last,
                down: L::new(header),
                right: L::new(right),
            };
            if q < self.nodes.len() {
                self.nodes[q] = node;
                self.left[q] = L::new(left);
            } else {
                self.nodes.push(node);
                self.left.push(L::new(left));
            }
            self.nodes[last.get()].down = L::new(q);
            self.nodes[header].up = L::new(q);
            self.len[header] = self.len[header] + L::ONE_ROW;
            assert!(
                self.len[header] < L::COVERED,
                "too many rows in column {c} for {bits}-bit links"
            );
            self.node_row.push(id as u32);
            self.used += 1;
        }
        self.row_first.push(self.used as u32);
        id
    }

    /// [`Matrix::select`], returning the mems it made when `count` (0
    /// otherwise): the covers, counted as in the search.
    fn select_counting_mems(&mut self, row: usize, count: bool) -> Result<u64, usize> {
        for q in self.row_nodes(row) {
            let c = self.nodes[q].top.get();
            if self.len[c] >= L::COVERED {
                return Err(c - 1);
            }
        }
        self.selected.push(row as u32);
        Ok(if count {
            self.cover_row::<true>(row)
        } else {
            self.cover_row::<false>(row)
        })
    }

    /// [`Matrix::unselect_all`], returning the mems it made when `count`.
    fn unselect_all_counting_mems(&mut self, count: bool) -> u64 {
        let mut mems = 0;
        while let Some(row) = self.selected.pop() {
            // Uncover in the reverse order of covering.
            mems += if count {
                self.uncover_row::<true>(row as usize)
            } else {
                self.uncover_row::<false>(row as usize)
            };
        }
        mems
    }

    /// The memory the matrix uses, in bytes (the arrays a `u16` matrix keeps
    /// at 65,536 entries are counted as far as they are used).
    fn bytes(&self) -> usize {
        let stack = (self.primary + 1) * (std::mem::size_of::<L>() + std::mem::size_of::<usize>());
        std::mem::size_of::<Self>()
            + self.used * (std::mem::size_of::<Node<L>>() + std::mem::size_of::<L>())
            + (self.columns() + 1) * std::mem::size_of::<L::Key>()
            + (self.node_row.len() + self.row_first.len()) * 4
            + stack
    }

    /// Searches for every exact cover of the matrix (with its selected rows
    /// already in), reporting each to `visitor`; `Break` when the visitor
    /// stopped the search. The matrix is restored before this returns, whether
    /// the search ran to the end or was stopped.
    ///
    /// This is Knuth's Algorithm X (TAOCP 7.2.2.1), with his step names, and
    /// iterative: the levels are an explicit stack `x`, not recursion.
    fn search<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> ControlFlow<()> {
        // Two instantiations: mems are counted only in the one that is asked
        // for, so a search that does not count them pays nothing.
        if visitor.counts_mems() {
            let (flow, mems) = self.search_with::<V, true>(visitor);
            visitor.mems(mems);
            flow
        } else {
            self.search_with::<V, false>(visitor).0
        }
    }
}

impl<L: Link> Matrix<L> {
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
    /// How many nodes: the `1`s, plus one header per column and the unused node 0.
    pub fn nodes(&self) -> usize {
        self.used
    }
    /// The columns a row covers, in the order given to [`Matrix::add_row`].
    pub fn row(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes[self.row_nodes(row)]
            .iter()
            .map(|node| node.top.get() - 1)
    }
    /// How many rows of a column are still available (all of them, between
    /// searches, unless rows are selected).
    pub fn column_size(&self, column: usize) -> usize {
        L::key_get((self.len[column + 1] & !L::COVERED) >> L::SHIFT)
    }

    /// The nodes of a row: consecutive.
    #[inline(always)]
    fn row_nodes(&self, row: usize) -> std::ops::Range<usize> {
        self.row_first[row] as usize..self.row_first[row + 1] as usize
    }

    /// The arrays the links dance in, counting mems when `MEMS`.
    #[inline(always)]
    fn links<const MEMS: bool>(&mut self) -> Links<'_, L, MEMS> {
        let Matrix {
            nodes,
            len,
            left,
            node_row,
            ..
        } = self;
        Links {
            nodes: L::view(nodes),
            len: L::view(len),
            left: L::view(left),
            node_row,
            mems: 0,
        }
    }

    /// Puts `row` into every cover before searching: covers its columns, as if
    /// the search had chosen it (Sudoku givens). Fails, changing nothing, with
    /// the first column of the row that an earlier selected row already covers.
    pub fn select(&mut self, row: usize) -> Result<(), usize> {
        self.select_counting_mems(row, false).map(|_| ())
    }

    /// Covers the columns of `row`, left to right; the mems when `MEMS`.
    fn cover_row<const MEMS: bool>(&mut self, row: usize) -> u64 {
        let nodes = self.row_nodes(row);
        let mut links = self.links::<MEMS>();
        for q in nodes {
            links.mem(Links::<L, MEMS>::NODE);
            let c = links.nodes[q].top;
            links.cover(c);
        }
        links.mems
    }

    /// Uncovers the columns of `row`, right to left; the mems when `MEMS`.
    fn uncover_row<const MEMS: bool>(&mut self, row: usize) -> u64 {
        let nodes = self.row_nodes(row);
        let mut links = self.links::<MEMS>();
        for q in nodes.rev() {
            links.mem(Links::<L, MEMS>::NODE);
            let c = links.nodes[q].top;
            links.uncover(c);
        }
        links.mems
    }

    /// The selected rows, in order.
    pub fn selected(&self) -> impl Iterator<Item = usize> + '_ {
        self.selected.iter().map(|&r| r as usize)
    }

    /// Takes back every selection, last first, restoring the matrix.
    pub fn unselect_all(&mut self) {
        self.unselect_all_counting_mems(false);
    }

    /// [`Matrix::search`], counting mems when `MEMS` (returned with the flow).
    fn search_with<V: Visitor + ?Sized, const MEMS: bool>(
        &mut self,
        visitor: &mut V,
    ) -> (ControlFlow<()>, u64) {
        let primary = self.primary;
        let Matrix {
            nodes,
            len,
            left,
            node_row,
            x,
            rows,
            ..
        } = self;
        let mut links = Links::<L, MEMS> {
            nodes: L::view(nodes),
            len: L::view(len),
            left: L::view(left),
            node_row,
            mems: 0,
        };
        x.clear();
        rows.clear();
        let mut stopped = false;
        // X1 [Initialize]: level 0, nothing chosen.
        'enter: loop {
            // X2 [Enter level l].
            let level = x.len();
            if visitor.enter(level).is_break() {
                stopped = true;
            } else {
                match links.choose(primary) {
                    // Every primary column is covered: x_0 .. x_{l-1} is a solution.
                    None => stopped = visitor.solution(rows).is_break(),
                    // X3 [Choose i]: a column with no rows left is a dead end.
                    Some((i, 0)) => visitor.dead_end(level, i.get() - 1),
                    Some((i, options)) => {
                        // X4 [Cover i]; X5 [Try x_l] with x_l = DLINK(i), the first row of i.
                        links.cover(i);
                        links.mem(1);
                        let xl = links.nodes[i.get()].down;
                        let row = links.cover_others(xl);
                        x.push(xl);
                        rows.push(row);
                        visitor.choose(level + 1, row, i.get() - 1, options);
                        continue 'enter;
                    }
                }
            }
            // X8 [Leave level l]: back to level l - 1, where X6 [Try again].
            while let Some(xl) = x.pop() {
                let row = rows.pop().expect("one row per level");
                let level = x.len();
                links.uncover_others(xl);
                if !stopped {
                    visitor.undo(level + 1, row);
                }
                links.mem(Links::<L, MEMS>::NODE);
                let Node {
                    top: i, down: next, ..
                } = links.nodes[xl.get()];
                if !stopped && next != i {
                    // X5 again with x_l = DLINK(x_l), the next row of i.
                    let row = links.cover_others(next);
                    x.push(next);
                    rows.push(row);
                    links.mem(1);
                    let options = L::key_get((links.len[i.get()] & !L::COVERED) >> L::SHIFT);
                    visitor.choose(level + 1, row, i.get() - 1, options);
                    continue 'enter;
                }
                // X7 [Backtrack]: the rows of i are exhausted.
                links.uncover(i);
            }
            // X8 at level 0: done.
            let flow = if stopped {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
            return (flow, links.mems);
        }
    }
}

/// The arrays the links dance in, with Knuth's operations on them, and the
/// mems they make when `MEMS` (see the crate docs, "Mems").
struct Links<'a, L: Link, const MEMS: bool = false> {
    nodes: &'a mut [Node<L>],
    len: &'a mut [L::Key],
    left: &'a [L],
    node_row: &'a [u32],
    mems: u64,
}

impl<L: Link, const MEMS: bool> Links<'_, L, MEMS> {
    /// Mems to read one node: 1 with `u16` links (8 bytes), 2 with `u32`.
    const NODE: u64 = std::mem::size_of::<Node<L>>().div_ceil(8) as u64;
    /// Mems to scan `n` size keys (4 bytes each with `u16` links, 8 with `u32`).
    fn keys_mems(n: usize) -> u64 {
        (n * std::mem::size_of::<L::Key>()).div_ceil(8) as u64
    }

    /// Counts `n` mems; compiled away when `MEMS` is false.
    #[inline(always)]
    fn mem(&mut self, n: u64) {
        if MEMS {
            self.mems += n;
        }
    }

    /// Removes a row from every column but the one it was reached through
    /// (Knuth's `hide`): two link writes per node, O(1) each.
    #[inline(always)]
    fn hide(&mut self, p: L) {
        self.mem(Self::NODE);
        let mut q = self.nodes[p.get()].right;
        while q != p {
            // The node, two link writes, the size key read and written.
            self.mem(Self::NODE + 4);
            let Node {
                top: x,
                up: u,
                down: d,
                right,
            } = self.nodes[q.get()];
            self.nodes[u.get()].down = d;
            self.nodes[d.get()].up = u;
            self.len[x.get()] = self.len[x.get()] - L::ONE_ROW;
            q = right;
        }
    }

    /// Puts back what [`Links::hide`] removed: each node still knows its old
    /// neighbours, so they point at it again. (Knuth walks the row leftwards
    /// here; the nodes of one row lie in different columns, so their order
    /// does not matter, only the order of the rows; see [`Links::uncover`].)
    #[inline(always)]
    fn unhide(&mut self, p: L) {
        self.mem(Self::NODE);
        let mut q = self.nodes[p.get()].right;
        while q != p {
            self.mem(Self::NODE + 4);
            let Node {
                top: x,
                up: u,
                down: d,
                right,
            } = self.nodes[q.get()];
            self.nodes[u.get()].down = q;
            self.nodes[d.get()].up = q;
            self.len[x.get()] = self.len[x.get()] + L::ONE_ROW;
            q = right;
        }
    }

    /// Covers column `i` (a header node): hides every row that has a `1` in
    /// it, top to bottom, so no other column offers those rows any more, and
    /// marks `i` covered (Knuth unlinks it from the list of live columns).
    #[inline(always)]
    fn cover(&mut self, i: L) {
        // The header, one node per row for its down link, the key read and written.
        self.mem(Self::NODE + 2);
        let mut p = self.nodes[i.get()].down;
        while p != i {
            self.hide(p);
            self.mem(Self::NODE);
            p = self.nodes[p.get()].down;
        }
        self.len[i.get()] = self.len[i.get()] | L::COVERED;
    }

    /// Undoes [`Links::cover`] in exactly the reverse order, bottom to top:
    /// the last row hidden is the first restored, so every node's remembered
    /// neighbours are back in place when it returns.
    #[inline(always)]
    fn uncover(&mut self, i: L) {
        self.mem(Self::NODE + 2);
        self.len[i.get()] = self.len[i.get()] & !L::COVERED;
        let mut p = self.nodes[i.get()].up;
        while p != i {
            self.unhide(p);
            self.mem(Self::NODE);
            p = self.nodes[p.get()].up;
        }
    }

    /// Covers the columns of node `p`'s row other than `p`'s own, going
    /// right (the search has just covered `p`'s column); returns the row.
    #[inline(always)]
    fn cover_others(&mut self, p: L) -> usize {
        // The node, and its row id at the end.
        self.mem(Self::NODE + 1);
        let mut q = self.nodes[p.get()].right;
        while q != p {
            self.mem(Self::NODE);
            let Node { top: j, right, .. } = self.nodes[q.get()];
            self.cover(j);
            q = right;
        }
        self.node_row[p.get()] as usize
    }

    /// Undoes [`Links::cover_others`]: the same columns going left, so in
    /// the reverse order.
    #[inline(always)]
    fn uncover_others(&mut self, p: L) {
        self.mem(1);
        let mut q = self.left[p.get()];
        while q != p {
            // The node for its column, its left link.
            self.mem(Self::NODE + 1);
            self.uncover(self.nodes[q.get()].top);
            q = self.left[q.get()];
        }
    }

    /// The uncovered primary column with the fewest rows, the first in column
    /// order on a tie (Knuth's "minimum remaining values"), with its size; or
    /// `None` when every primary column is covered.
    ///
    /// The minimum of the size keys: a covered column's key has the top bit
    /// set, so it is never the smallest while a column is uncovered; among
    /// the uncovered ones the smallest key has the fewest rows and, on a
    /// tie, the lowest index. One branch-free pass that the compiler
    /// vectorises.
    #[inline(always)]
    fn choose(&mut self, primary: usize) -> Option<(L, usize)> {
        self.mem(Self::keys_mems(primary));
        let keys = &self.len[1..=primary];
        let min = keys.iter().copied().fold(!L::Key::default(), L::Key::min);
        if min >= L::COVERED {
            return None;
        }
        let header = L::key_get(min & (L::ONE_ROW - L::key(1)));
        Some((L::new(header), L::key_get(min >> L::SHIFT)))
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
        let pristine = m.clone();
        assert_eq!(m.solutions(), vec![vec![0, 3, 4]]);
        assert_eq!(m, pristine);
        assert_eq!(m.row(3).collect::<Vec<_>>(), vec![0, 3, 5]);
        assert_eq!(m.column_size(3), 3);
    }

    #[test]
    fn stopping_early_restores_the_matrix() {
        // Three columns, each offered by two one-column rows: 2^3 = 8 covers.
        let mut m = Matrix::new(3, 0);
        for c in 0..3 {
            m.add_row(&[c]);
            m.add_row(&[c]);
        }
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
        let pristine = m.clone();
        m.select(3).unwrap();
        assert_eq!(m.solutions(), vec![vec![0, 4]]);
        // Row 1 shares column 0 with row 3.
        let before = m.clone();
        assert_eq!(m.select(1), Err(0));
        assert_eq!(m, before, "a refused selection changes nothing");
        m.select(4).unwrap();
        assert_eq!(m.selected().collect::<Vec<_>>(), vec![3, 4]);
        assert_eq!(m.solutions(), vec![vec![0]]);
        m.unselect_all();
        assert_eq!(m, pristine);
        // A selection that leaves no cover.
        m.select(1).unwrap();
        assert_eq!(m.count_solutions(None), 0);
        m.unselect_all();
        assert_eq!(m, pristine);
    }

    #[test]
    fn secondary_columns_are_covered_at_most_once() {
        // Primary 0, 1; secondary 2. Rows {0,2}, {1,2}, {0}, {1}.
        let mut m = Matrix::new(2, 1);
        for row in [&[0, 2][..], &[1, 2], &[0], &[1]] {
            m.add_row(row);
        }
        assert_eq!(m.solutions(), vec![vec![0, 3], vec![1, 2], vec![2, 3]]);
    }

    #[test]
    fn u16_links_find_the_same_covers() {
        let mut wide = knuth();
        let mut narrow = Matrix::<u16>::with_columns(7, 0);
        for r in 0..wide.rows() {
            let columns: Vec<usize> = wide.row(r).collect();
            narrow.add_row(&columns);
        }
        assert_eq!(narrow.solutions(), wide.solutions());
        assert_eq!(narrow.nodes(), wide.nodes());
    }

    #[test]
    #[should_panic(expected = "too many nodes for 16-bit links")]
    fn u16_links_refuse_too_many_nodes() {
        let mut m = Matrix::<u16>::with_columns(2, 0);
        for _ in 0..40_000 {
            m.add_row(&[0, 1]);
        }
    }

    #[derive(Default)]
    struct Counter {
        enters: usize,
        chooses: usize,
        undos: usize,
        dead: Vec<(usize, usize)>,
        found: usize,
    }

    impl Visitor for Counter {
        fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
            self.found += 1;
            ControlFlow::Continue(())
        }
        fn enter(&mut self, _: usize) -> ControlFlow<()> {
            self.enters += 1;
            ControlFlow::Continue(())
        }
        fn choose(&mut self, _: usize, _: usize, _: usize, _: usize) {
            self.chooses += 1;
        }
        fn undo(&mut self, _: usize, _: usize) {
            self.undos += 1;
        }
        fn dead_end(&mut self, level: usize, column: usize) {
            self.dead.push((level, column));
        }
    }

    #[test]
    fn hooks_see_the_whole_tree() {
        let mut m = knuth();
        let mut v = Counter::default();
        assert!(m.search(&mut v).is_continue());
        // Every chosen row leads to an entered level; every one is undone at the end.
        assert_eq!(v.enters, v.chooses + 1);
        assert_eq!(v.undos, v.chooses);
        assert_eq!(v.found, 1);
        // Column a (0) is the first with 2 rows; its row 1 {a,d,g} leaves b
        // with only row 2 {b,c,f}, after which e (4) has no row: level 2.
        assert_eq!(v.dead.first(), Some(&(2, 4)));
    }
}
