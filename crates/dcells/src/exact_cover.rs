//! Exact cover by dancing cells, for any problem.
//!
//! The interface is the one of dlx's `exact_cover`, the [`ExactCover`]
//! trait both matrices implement (import it with the matrix): a [`Matrix`]
//! has *columns* (Knuth's items), `0..primary` that every cover must cover
//! exactly once and `primary..primary + secondary` at most once, and *rows*
//! (options), each a set of columns; [`Matrix::search`] reports every exact
//! cover to a [`Visitor`] as the row ids chosen, in order.
//!
//! ```
//! use sudoku_dcells::exact_cover::{ExactCover, Matrix};
//! use std::ops::ControlFlow;
//! // Knuth's example: columns a..g, six rows; the only cover is rows 0, 3, 4.
//! let mut m = Matrix::with_columns(7, 0);
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
//!   `items[c] = {start, size}`. Every stretch is at least one entry long, so
//!   the starts increase with the column and an item read as one 64-bit
//!   word, `size · 2^32 + start`, is a *size key*: the smallest is the
//!   column with the fewest rows, the first on a tie (dlx's choice);
//!   `column_at` maps a start back to its column.
//! * `active`: the columns still to cover, two sparse sets of column ids
//!   with `active_pos` their inverse: the primary columns in
//!   `active[..primary]`, the first `live` of them live, and the secondary
//!   ones after them. Choosing scans the live primary ids only.
//!
//! Up to 2^17 nodes, 2^16 set entries and 2^16 columns (every Sudoku to
//! 25x25), the arrays are padded to exactly those lengths and the search
//! masks each index to the length (a no-op on a valid index): the compiler
//! then knows every index is in range and drops the bounds checks from the
//! inner loops, as dlx's `u16` links do. A larger matrix is searched with
//! checked indexing.
//!
//! The crate docs explain why this makes undoing nearly free.

use std::ops::ControlFlow;
pub use sudoku_core::cover::{ExactCover, Visitor};

/// The top bit of a node's `item`: the node is a spacer between rows.
const SPACER: u32 = 1 << 31;

/// A *narrow* matrix (every Sudoku up to 25x25) has at most `NODES`
/// nodes, `SET` ones and `COLUMNS` columns; its arrays are then padded to
/// exactly those lengths, and the search indexes them with the index masked
/// to the length (`q & (NODES - 1)`, a no-op on a valid index), which the
/// compiler knows is in range: no bounds checks in the inner loops, as dlx's
/// `u16` links get by indexing 2^16-entry arrays with a `u16`.
const NODES: usize = 1 << 17;
/// See [`NODES`].
const SET: usize = 1 << 16;
/// See [`NODES`].
const COLUMNS: usize = 1 << 16;

/// A `1` of a row (or a spacer): 8 bytes, one mem to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    /// The column; for a spacer, `SPACER | last node of the next row`.
    item: u32,
    /// The position of the node in its column's stretch of `set`; for a
    /// spacer, the first node of the row before it.
    loc: u32,
}

/// A column's stretch of `set`: 8 bytes, one mem to read. Laid out so that
/// the two words read as one `u64` are its *size key*, `size · 2^32 +
/// start` (see [`Cells::choose`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
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
    /// The column whose stretch each entry of `set` belongs to.
    column_at: Vec<u32>,
    /// The columns not yet covered, as two sparse sets: the primary columns
    /// in `active[..primary]`, live ones first, and the secondary ones in
    /// `active[primary..]`, live ones first (so choosing a column scans
    /// live primaries only, as dlx scans only primary keys).
    active: Vec<u32>,
    /// Where each column stands in `active`.
    active_pos: Vec<u32>,
    /// How many primary columns are live: `active[..live]`.
    live: usize,
    /// How many secondary columns are live: `active[primary..primary + live_secondary]`.
    live_secondary: usize,
    /// `false` after rows are added, until the sets are laid out again.
    built: bool,
    /// Whether the arrays are padded for the search's narrow indexing
    /// (see [`NODES`]); decided when the sets are laid out.
    narrow: bool,
    selected: Vec<u32>,
    /// Search scratch: the position in `set` chosen at each level, and its row.
    x: Vec<u32>,
    rows: Vec<usize>,
}

/// Building the matrix, selecting rows and searching: the steps that depend
/// on the dancing cells. [`ExactCover`] writes the rest (counting and
/// listing covers, the Sudoku matrix and board) once on top of them, for
/// dcells and dlx alike.
impl ExactCover for Matrix {
    /// A matrix with `primary` columns that must be covered exactly once,
    /// `secondary` columns that may be covered at most once, and no rows.
    fn with_columns(primary: usize, secondary: usize) -> Self {
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
            items: vec![Item::default(); n.max(COLUMNS)],
            set: Vec::new(),
            column_at: Vec::new(),
            active: (0..n.max(COLUMNS) as u32).collect(),
            active_pos: (0..n.max(COLUMNS) as u32).collect(),
            live: primary,
            live_secondary: secondary,
            built: false,
            narrow: false,
            selected: Vec::new(),
            x: Vec::with_capacity(primary + 1),
            rows: Vec::with_capacity(primary + 1),
        }
    }

    /// Appends a row covering `columns` (any order, no repeats) and returns
    /// its id. Panics if a column is out of range or repeated, if the row is
    /// empty, or if rows are selected.
    fn add_row(&mut self, columns: &[usize]) -> usize {
        assert!(!columns.is_empty(), "a row must cover at least one column");
        assert!(self.selected.is_empty(), "add rows before selecting any");
        let n = self.columns();
        for (k, &c) in columns.iter().enumerate() {
            assert!(c < n, "column {c} out of range (the matrix has {n})");
            assert!(!columns[..k].contains(&c), "column {c} repeated in a row");
        }
        let id = self.rows();
        // Drop the narrow padding, if any: nodes are appended.
        self.nodes.truncate(self.used_nodes());
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

    /// [`Matrix::select`], returning the mems it made when `count` (0
    /// otherwise): the covers, counted as in the search.
    fn select_counting_mems(&mut self, row: usize, count: bool) -> Result<u64, usize> {
        self.build();
        for q in self.row_nodes(row) {
            let c = self.nodes[q].item;
            if !self.is_live(c) {
                return Err(c as usize);
            }
        }
        let nodes = self.row_nodes(row);
        self.selected.push(row as u32);
        // Covering the first column kills the row in the others (it is one
        // of the first column's rows), so each column is covered whole.
        Ok(with_cells!(self, count, |cells| for q in nodes.clone() {
            let c = cells.nodes[q].item;
            cells.mem(1);
            cells.cover(c);
        }))
    }

    /// [`Matrix::unselect_all`], returning the mems it made when `count`.
    fn unselect_all_counting_mems(&mut self, count: bool) -> u64 {
        let mut mems = 0;
        while let Some(row) = self.selected.pop() {
            let nodes = self.row_nodes(row as usize);
            mems += with_cells!(self, count, |cells| for q in nodes.clone().rev() {
                let c = cells.nodes[q].item;
                cells.mem(1);
                cells.uncover(c);
            });
        }
        mems
    }

    /// Bytes held by the matrix and the search stack (at most one level per
    /// primary column).
    fn bytes(&self) -> usize {
        self.used_nodes() * 8
            + self.columns() * 8
            + (self.ones() + 2 * self.columns()) * 4
            + (self.node_row.len() + self.row_first.len()) * 4
            + (self.primary + 1) * (4 + std::mem::size_of::<usize>())
    }

    /// Searches for every exact cover of the matrix (with its selected rows
    /// already in), reporting each to `visitor`; `Break` when the visitor
    /// stopped the search. The matrix is restored before this returns.
    ///
    /// Algorithm X with dlx's steps and choices: the live primary column
    /// with the fewest rows (the first on a tie), its rows tried in
    /// increasing order, so the search enters exactly dlx's nodes.
    fn search<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> ControlFlow<()> {
        self.build();
        // Four instantiations: counting mems or not (a search that does not
        // count pays nothing), narrow indexing or not.
        let (flow, mems) = match (visitor.counts_mems(), self.narrow) {
            (false, false) => self.search_with::<V, false, false>(visitor),
            (false, true) => self.search_with::<V, false, true>(visitor),
            (true, false) => self.search_with::<V, true, false>(visitor),
            (true, true) => self.search_with::<V, true, true>(visitor),
        };
        if visitor.counts_mems() {
            visitor.mems(mems);
        }
        flow
    }
}

impl Matrix {
    /// Lays the column sets out in `set`, each in increasing row order.
    fn build(&mut self) {
        if self.built {
            return;
        }
        // Each column's stretch is at least one entry long, so the starts
        // increase strictly with the column: see [`Cells::choose`].
        let mut start = 0u32;
        self.column_at.clear();
        for (c, item) in self.items[..self.primary + self.secondary]
            .iter_mut()
            .enumerate()
        {
            item.start = start;
            let len = item.size.max(1);
            start += len;
            item.size = 0;
            self.column_at
                .extend(std::iter::repeat_n(c as u32, len as usize));
        }
        let slots = start as usize;
        self.narrow = self.used_nodes() <= NODES && slots <= SET && self.columns() <= COLUMNS;
        self.set = vec![0; if self.narrow { SET } else { slots }];
        if self.narrow {
            self.nodes.resize(NODES, Node::default());
        }
        for q in 0..self.used_nodes() {
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
        self.used_nodes() - self.rows() - 1
    }

    /// The nodes in use, spacers included (the arrays may be padded).
    fn used_nodes(&self) -> usize {
        *self
            .row_first
            .last()
            .expect("row_first starts with one entry") as usize
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

    /// The nodes of a row: consecutive.
    fn row_nodes(&self, row: usize) -> std::ops::Range<usize> {
        self.row_first[row] as usize..self.row_first[row + 1] as usize - 1
    }

    /// The search's view of the arrays; `NARROW` only when [`Matrix::narrow`]
    /// (the views are then cut to exactly the padded lengths).
    #[inline(always)]
    fn cells<const MEMS: bool, const NARROW: bool>(&mut self) -> Cells<'_, MEMS, NARROW> {
        debug_assert!(self.narrow || !NARROW);
        let Matrix {
            primary,
            nodes,
            node_row,
            items,
            set,
            column_at,
            active,
            active_pos,
            live,
            live_secondary,
            ..
        } = self;
        let view = |len: usize| NARROW.then_some(len);
        Cells {
            primary: *primary as u32,
            nodes: cut(nodes, view(NODES)),
            node_row,
            items: cut(items, view(COLUMNS)),
            set: cut(set, view(SET)),
            column_at,
            active: cut(active, view(COLUMNS)),
            active_pos: cut(active_pos, view(COLUMNS)),
            live,
            live_secondary,
            mems: 0,
        }
    }

    /// Puts `row` into every cover before searching: covers its columns, as
    /// if the search had chosen it (Sudoku givens). Fails, changing nothing,
    /// with the first column of the row that an earlier selected row covers.
    pub fn select(&mut self, row: usize) -> Result<(), usize> {
        self.select_counting_mems(row, false).map(|_| ())
    }

    /// Whether column `c` is not yet covered.
    fn is_live(&self, c: u32) -> bool {
        let pos = self.active_pos[c as usize] as usize;
        if (c as usize) < self.primary {
            pos < self.live
        } else {
            pos < self.primary + self.live_secondary
        }
    }

    /// The selected rows, in order.
    pub fn selected(&self) -> impl Iterator<Item = usize> + '_ {
        self.selected.iter().map(|&r| r as usize)
    }

    /// Takes back every selection, last first, restoring the matrix.
    pub fn unselect_all(&mut self) {
        self.unselect_all_counting_mems(false);
    }

    fn search_with<V: Visitor + ?Sized, const MEMS: bool, const NARROW: bool>(
        &mut self,
        visitor: &mut V,
    ) -> (ControlFlow<()>, u64) {
        let mut x = std::mem::take(&mut self.x);
        let mut rows = std::mem::take(&mut self.rows);
        x.clear();
        rows.clear();
        let mut cells = self.cells::<MEMS, NARROW>();
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
        let mut cells = self.cells::<true, false>();
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
            && self.live_secondary == other.live_secondary
            && self.built == other.built
            && (0..self.columns()).all(|c| {
                self.items[c].size == other.items[c].size
                    && (!self.built || offers(self, c) == offers(other, c))
            })
            && (0..self.rows()).all(|r| self.row(r).eq(other.row(r)))
            && {
                let live = |m: &Matrix| {
                    let secondary = m.primary..m.primary + m.live_secondary;
                    let mut live = m.active[..m.live].to_vec();
                    live.extend_from_slice(&m.active[secondary]);
                    live
                };
                let (mut a, mut b) = (live(self), live(other));
                a.sort_unstable();
                b.sort_unstable();
                a == b
            }
    }
}

/// Runs `$body` on the matrix's cells, counting mems when `$count`, with
/// narrow indexing when the matrix is narrow; the mems counted.
macro_rules! with_cells {
    ($matrix:expr, $count:expr, |$cells:ident| $body:expr) => {
        match ($count, $matrix.narrow) {
            (false, false) => {
                let mut $cells = $matrix.cells::<false, false>();
                $body;
                $cells.mems
            }
            (false, true) => {
                let mut $cells = $matrix.cells::<false, true>();
                $body;
                $cells.mems
            }
            (true, false) => {
                let mut $cells = $matrix.cells::<true, false>();
                $body;
                $cells.mems
            }
            (true, true) => {
                let mut $cells = $matrix.cells::<true, true>();
                $body;
                $cells.mems
            }
        }
    };
}
use with_cells;

/// The first `len` entries of an array, or all of it when `len` is `None`.
#[inline(always)]
fn cut<T>(array: &mut [T], len: Option<usize>) -> &mut [T] {
    match len {
        Some(len) => &mut array[..len],
        None => array,
    }
}

/// The arrays the cells dance in, with the operations of the search, and
/// the mems they make when `MEMS` (see the crate docs, "Mems"). When
/// `NARROW`, the arrays are exactly `NODES`, `SET` and `COLUMNS` long and
/// every index is masked to that length (see [`NODES`]).
struct Cells<'a, const MEMS: bool, const NARROW: bool> {
    primary: u32,
    nodes: &'a mut [Node],
    node_row: &'a [u32],
    items: &'a mut [Item],
    set: &'a mut [u32],
    column_at: &'a [u32],
    active: &'a mut [u32],
    active_pos: &'a mut [u32],
    live: &'a mut usize,
    live_secondary: &'a mut usize,
    mems: u64,
}

impl<const MEMS: bool, const NARROW: bool> Cells<'_, MEMS, NARROW> {
    /// Counts `n` mems; compiled away when `MEMS` is false.
    #[inline(always)]
    fn mem(&mut self, n: u64) {
        if MEMS {
            self.mems += n;
        }
    }

    /// An index into `nodes`: when narrow, masked to the array's length (a
    /// no-op on a valid index; it lets the compiler drop the bounds check).
    #[inline(always)]
    fn nd(q: u32) -> usize {
        if NARROW {
            q as usize & (NODES - 1)
        } else {
            q as usize
        }
    }

    /// An index into `set`, as [`Cells::nd`].
    #[inline(always)]
    fn st(p: u32) -> usize {
        if NARROW {
            p as usize & (SET - 1)
        } else {
            p as usize
        }
    }

    /// An index into `items`, `active` or `active_pos`, as [`Cells::nd`].
    #[inline(always)]
    fn col(c: u32) -> usize {
        if NARROW {
            c as usize & (COLUMNS - 1)
        } else {
            c as usize
        }
    }

    /// The node after `q` in its row, wrapping at the spacer.
    #[inline(always)]
    fn next(&mut self, q: u32) -> (u32, Node) {
        self.mem(1);
        let node = self.nodes[Self::nd(q + 1)];
        if node.item & SPACER == 0 {
            (q + 1, node)
        } else {
            self.mem(1);
            (node.loc, self.nodes[Self::nd(node.loc)])
        }
    }

    /// The node before `q` in its row, wrapping at the spacer.
    #[inline(always)]
    fn prev(&mut self, q: u32) -> (u32, Node) {
        self.mem(1);
        let node = self.nodes[Self::nd(q - 1)];
        if node.item & SPACER == 0 {
            (q - 1, node)
        } else {
            let last = node.item & !SPACER;
            self.mem(1);
            (last, self.nodes[Self::nd(last)])
        }
    }

    /// Takes column `c` out of its live sparse set (primary or secondary):
    /// swap it with the last live column, shrink the live part. Undone by
    /// growing it back.
    #[inline(always)]
    fn deactivate(&mut self, c: u32) {
        // Its position read, the last entry read, two entries and two
        // positions written (the live count stays in a register).
        self.mem(5);
        let (base, live) = if c < self.primary {
            (0, &mut *self.live)
        } else {
            (self.primary as usize, &mut *self.live_secondary)
        };
        *live -= 1;
        let last = (base + *live) as u32;
        let at = self.active_pos[Self::col(c)];
        let other = self.active[Self::col(last)];
        self.active[Self::col(at)] = other;
        self.active_pos[Self::col(other)] = at;
        self.active[Self::col(last)] = c;
        self.active_pos[Self::col(c)] = last;
    }

    /// Removes node `q` (with its `node`) from its column's live set: swap it
    /// with the last live entry, shrink the size. Nothing is lost: `q` now
    /// sits just past the live part, where growing the size finds it again.
    #[inline(always)]
    fn remove(&mut self, q: u32, node: Node) {
        // The item, the last entry read; two set entries and two locs
        // written; the size written.
        self.mem(7);
        let item = &mut self.items[Self::col(node.item)];
        item.size -= 1;
        let last = item.start + item.size;
        let other = self.set[Self::st(last)];
        self.set[Self::st(node.loc)] = other;
        self.nodes[Self::nd(other)].loc = node.loc;
        self.set[Self::st(last)] = q;
        self.nodes[Self::nd(q)].loc = last;
    }

    /// Removes every row of column `c`'s live set from its other columns,
    /// and takes `c` out of the live columns (Knuth's cover). `c`'s own set
    /// is not touched, and stays as it is while `c` is covered: no live
    /// column's row remains in it.
    #[inline(always)]
    fn cover(&mut self, c: u32) {
        self.deactivate(c);
        // The item, and the set's entries read two to a 64-bit word.
        let Item { start, size } = self.items[Self::col(c)];
        self.mem(1 + scan_mems(size as usize));
        for p in start..start + size {
            let q0 = self.set[Self::st(p)];
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
        let Item { start, size } = self.items[Self::col(c)];
        self.mem(1 + scan_mems(size as usize));
        for p in start..start + size {
            let q0 = self.set[Self::st(p)];
            let (mut q, mut node) = self.next(q0);
            while q != q0 {
                // The size read and written.
                self.mem(2);
                self.items[Self::col(node.item)].size += 1;
                (q, node) = self.next(q);
            }
        }
        // `c` is just past its live part: growing it brings `c` back.
        if c < self.primary {
            *self.live += 1;
        } else {
            *self.live_secondary += 1;
        }
    }

    /// Sorts column `c`'s live set into increasing node (so row) order, so
    /// its rows are tried in dlx's order. Sets are tiny at a branch (Sudoku:
    /// mostly 1 to 3), so an insertion sort; each entry's `loc` follows.
    #[inline(always)]
    fn sort_set(&mut self, c: u32) {
        let Item { start, size } = self.items[Self::col(c)];
        self.mem(scan_mems(size as usize));
        for k in start + 1..start + size {
            let q = self.set[Self::st(k)];
            let mut j = k;
            while j > start && self.set[Self::st(j - 1)] > q {
                self.mem(3);
                let moved = self.set[Self::st(j - 1)];
                self.set[Self::st(j)] = moved;
                self.nodes[Self::nd(moved)].loc = j;
                j -= 1;
            }
            if j != k {
                self.mem(2);
                self.set[Self::st(j)] = q;
                self.nodes[Self::nd(q)].loc = j;
            }
        }
    }

    /// Chooses the row at `set[p]` for its column: covers its other columns,
    /// going right; returns the row id.
    #[inline(always)]
    fn cover_others(&mut self, p: u32) -> usize {
        // The set entry, and the row id at the end.
        self.mem(2);
        let q0 = self.set[Self::st(p)];
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
        // The set entry, and its node's column at the end.
        self.mem(2);
        let q0 = self.set[Self::st(p)];
        let (mut q, mut node) = self.prev(q0);
        while q != q0 {
            self.uncover(node.item);
            (q, node) = self.prev(q);
        }
        self.nodes[Self::nd(q0)].item
    }

    /// The live primary column with the fewest rows, the lowest-numbered on
    /// a tie (dlx's choice), with its size; `None` when none is live.
    ///
    /// Scans only the live primary columns (the sparse set's first `live`
    /// entries), comparing *size keys* as dlx does: an item read as one
    /// 64-bit word is `size · 2^32 + start`, and the starts increase with the
    /// column, so the smallest key is the column wanted. Its column is then
    /// read from `column_at[start]`.
    #[inline(always)]
    fn choose(&mut self) -> Option<(u32, u32)> {
        let live = &self.active[..*self.live];
        let items = &*self.items;
        let best = live
            .iter()
            .map(|&c| {
                let Item { start, size } = items[Self::col(c)];
                (size as u64) << 32 | start as u64
            })
            .fold(u64::MAX, u64::min);
        // The live ids, read two to a 64-bit word (the rule dlx's scan of
        // its keys follows), and each one's item.
        self.mem(scan_mems(live.len()) + live.len() as u64);
        if best == u64::MAX {
            return None;
        }
        self.mem(1);
        let column = self.column_at[best as u32 as usize];
        Some((column, (best >> 32) as u32))
    }
}

/// Mems to scan `n` consecutive 32-bit entries: one per 64-bit word.
#[inline(always)]
fn scan_mems(n: usize) -> u64 {
    n.div_ceil(2) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth() -> Matrix {
        let mut m = Matrix::with_columns(7, 0);
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
        let mut m = Matrix::with_columns(3, 0);
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
        let mut m = Matrix::with_columns(2, 1);
        for row in [&[0, 2][..], &[1, 2], &[0], &[1]] {
            m.add_row(row);
        }
        assert_eq!(m.solutions(), vec![vec![0, 3], vec![1, 2], vec![2, 3]]);
    }

    #[test]
    fn narrow_and_wide_indexing_search_alike() {
        // Every matrix here is narrow; force the wide instantiation on a
        // copy and compare covers and mems on Langford-like pairs.
        let mut m = Matrix::with_columns(8, 0);
        for a in 0..8 {
            for b in 0..8 {
                if a != b && (a + b) % 3 != 0 {
                    m.add_row(&[a, b]);
                }
            }
        }
        m.build();
        assert!(m.narrow);
        let mut wide = m.clone();
        wide.narrow = false;
        let count = |m: &mut Matrix| {
            let mut mems = 0;
            let mut found = Vec::new();
            struct Count<'a>(&'a mut Vec<Vec<usize>>, &'a mut u64);
            impl Visitor for Count<'_> {
                fn solution(&mut self, rows: &[usize]) -> ControlFlow<()> {
                    self.0.push(rows.to_vec());
                    ControlFlow::Continue(())
                }
                fn counts_mems(&self) -> bool {
                    true
                }
                fn mems(&mut self, mems: u64) {
                    *self.1 = mems;
                }
            }
            let _ = m.search(&mut Count(&mut found, &mut mems));
            (found, mems)
        };
        let (narrow, wide_found) = (count(&mut m), count(&mut wide));
        assert!(!narrow.0.is_empty());
        assert_eq!(narrow, wide_found);
        assert_eq!(
            m.select_counting_mems(0, true),
            wide.select_counting_mems(0, true)
        );
        assert_eq!(m.solutions(), wide.solutions());
        assert_eq!(
            m.unselect_all_counting_mems(true),
            wide.unselect_all_counting_mems(true)
        );
    }

    #[test]
    fn rows_added_after_a_search_are_searched() {
        let mut m = knuth();
        assert_eq!(m.solutions(), vec![vec![0, 3, 4]]);
        // The arrays are padded for the narrow search now; a new row must
        // still land after the last one.
        let id = m.add_row(&[0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(m.row(id).count(), 7);
        assert_eq!(m.solutions(), vec![vec![0, 3, 4], vec![6]]);
    }

    #[test]
    fn rows_walk_both_ways_and_wrap() {
        let m = knuth();
        let mut m = m;
        m.build();
        let mut cells = m.cells::<true, false>();
        // Row 1 is nodes 4, 5, 6 (spacers at 0, 3, 7).
        assert_eq!(cells.next(6).0, 4);
        assert_eq!(cells.prev(4).0, 6);
        assert_eq!(cells.next(4).0, 5);
        assert_eq!(cells.mems, 5, "one mem a step, two at a wrap");
    }
}
