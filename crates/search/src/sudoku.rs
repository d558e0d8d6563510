//! The Sudoku state and the two strategies, [`Dfs`] and [`Bfs`].

use crate::generic::{search, Order, State, Visitor};
use crate::packed::{Bytes, Cells, Mask, Nibbles};
use std::mem::size_of;
use std::ops::ControlFlow;
use sudoku_core::bits::digit_of;
use sudoku_core::scratch::Scratch;
use sudoku_core::{
    DeadEnd, Family, Grid, Info, Reason, Reports, Run, Shape, Shapes, Strategy, Trace, MAX_SIDE,
};

/// Full-copy depth-first search: a stack of grid copies, the first empty cell
/// in row-major order, digits `1..n`. Walks exactly the tree `naive` walks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dfs;

/// Full-copy breadth-first search: a queue of grid copies, level by level,
/// the frontier bounded by [`Limits::memory_budget`](sudoku_core::Limits::memory_budget).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bfs;

sudoku_core::compiled_here!(Dfs, Bfs);

static DFS: Info = Info {
    id: "dfs",
    summary:
        "generic depth-first search over whole-grid copies (a stack), cells row-major, digits 1..n",
    family: Family::Copying,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "checking legality, like naive, on copies",
    headline: true,
    brute_force: true,
    capabilities: sudoku_core::Capabilities::PROBED_TREE,
};

/// A queue finishes no subtree before starting the next, so bfs cannot tell
/// which placements had no solution below them: no backtracks.
static BFS: Info = Info {
    id: "bfs",
    summary: "generic breadth-first search over whole-grid copies (a queue), frontier bounded by the memory budget",
    family: Family::Copying,
    outside: false,
    reports: Reports {
        backtracks: false,
        ..Reports::ALL
    },
    shapes: Shapes::All,
    prunes_by: "checking legality, like naive, level by level",
    headline: true,
    brute_force: true,
    capabilities: sudoku_core::Capabilities {
        copies_states: true,
        ..sudoku_core::Capabilities::PROBED_SEARCH
    },
};

impl Strategy for Dfs {
    type Scratch = Tables;
    fn info(&self) -> &'static Info {
        &DFS
    }
    fn search<T: Trace>(&self, puzzle: &Grid, tables: &mut Tables, run: &mut Run<T>) {
        solve_with(Order::DepthFirst, puzzle, tables, run)
    }
}

impl Strategy for Bfs {
    type Scratch = Tables;
    fn info(&self) -> &'static Info {
        &BFS
    }
    fn search<T: Trace>(&self, puzzle: &Grid, tables: &mut Tables, run: &mut Run<T>) {
        solve_with(Order::BreadthFirst, puzzle, tables, run)
    }
}

/// An empty cell of the puzzle with its units, so `expand` never divides.
#[derive(Clone, Copy, Debug)]
struct Empty {
    cell: u16,
    row: u8,
    col: u8,
    boxx: u8,
}

/// What every state of one puzzle shares (read-only during the search): the
/// empty cells in row-major order. Per-shape scratch, reused between puzzles.
pub struct Tables {
    shape: Shape,
    empties: Vec<Empty>,
}

impl Scratch for Tables {
    fn new(shape: Shape) -> Tables {
        Tables {
            shape,
            empties: Vec::with_capacity(shape.cells()),
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

impl Empty {
    /// Past the last empty cell: the state is a goal.
    const NONE: Empty = Empty {
        cell: u16::MAX,
        row: 0,
        col: 0,
        boxx: 0,
    };
}

impl Tables {
    /// The `k`-th empty cell, or [`Empty::NONE`] past the last.
    #[inline(always)]
    fn empty_after(&self, k: usize) -> Empty {
        self.empties.get(k).copied().unwrap_or(Empty::NONE)
    }

    fn load(&mut self, puzzle: &Grid) {
        let shape = self.shape;
        self.empties.clear();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                let (row, col, boxx) = (
                    shape.row_of(cell) as u8,
                    shape.col_of(cell) as u8,
                    shape.box_of(cell) as u8,
                );
                self.empties.push(Empty {
                    cell: cell as u16,
                    row,
                    col,
                    boxx,
                });
            }
        }
    }

    fn bytes(&self) -> usize {
        size_of::<Tables>() + self.empties.capacity() * size_of::<Empty>()
    }
}

/// One search state: a whole grid with its used-flags, copied for every child.
///
/// `K` cells and `N` units of `M` masks are the capacity of a size class
/// (81 nibbles and 9 `u16` for sides up to 9, 256 bytes and 16 `u16` up to 16,
/// 625 bytes and 25 `u32` up to 25); the puzzle uses the first `n²` cells and
/// `n` units. Mask bits above `n` are set from the start, so `!used` holds
/// only digits `1..=n`.
#[derive(Clone, Copy)]
struct Board<'t, K: Cells, const N: usize, M: Mask> {
    tables: &'t Tables,
    /// Empty cells filled so far: the depth, and the index of the next one.
    k: u16,
    /// `tables.empties[k]`, kept in the state so `expand` does not chase
    /// pointers; [`Empty::NONE`] once every cell is filled (a goal).
    next: Empty,
    rows: [M; N],
    cols: [M; N],
    boxes: [M; N],
    cells: K,
}

impl<'t, K: Cells, const N: usize, M: Mask> Board<'t, K, N, M> {
    fn root(tables: &'t Tables, puzzle: &Grid) -> Self {
        let shape = puzzle.shape();
        let pad = M::from_bits(!shape.all_digits());
        let next = tables.empty_after(0);
        let mut board = Board {
            tables,
            k: 0,
            next,
            rows: [pad; N],
            cols: [pad; N],
            boxes: [pad; N],
            cells: K::empty(),
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                board.cells.set(cell, digit);
                let bit = 1 << (digit - 1);
                let (r, c, b) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
                board.rows[r] = M::from_bits(board.rows[r].bits() | bit);
                board.cols[c] = M::from_bits(board.cols[c].bits() | bit);
                board.boxes[b] = M::from_bits(board.boxes[b].bits() | bit);
            }
        }
        board
    }

    #[inline(always)]
    fn depth(&self) -> u32 {
        self.k as u32
    }

    /// The digits the last placement's cell could take in the parent: the
    /// child's flags of its three units, less the digit it wrote. Recomputed
    /// (only when entering) instead of stored, so a state stays 112 bytes.
    #[inline(always)]
    fn last_options(&self) -> u32 {
        let e = self.tables.empties[self.k as usize - 1];
        let (r, c, b) = (e.row as usize, e.col as usize, e.boxx as usize);
        let digit = self.cells.get(e.cell as usize);
        let used = self.rows[r].bits() | self.cols[c].bits() | self.boxes[b].bits();
        (M::ALL & !used) | 1 << (digit - 1)
    }

    /// The cell and digit this state wrote (not for the root).
    #[inline(always)]
    fn last_placement(&self) -> (usize, u8) {
        let cell = self.tables.empties[self.k as usize - 1].cell as usize;
        (cell, self.cells.get(cell))
    }
}

impl<K: Cells, const N: usize, M: Mask> State for Board<'_, K, N, M> {
    /// One child per legal digit of the first empty cell, in increasing
    /// order: a copy of `self` with the digit written and its flags set.
    #[inline]
    fn expand(&self, children: &mut Vec<Self>) {
        let e = self.next;
        let after = self.tables.empty_after(self.k as usize + 1);
        let (cell, r, c, b) = (
            e.cell as usize,
            e.row as usize,
            e.col as usize,
            e.boxx as usize,
        );
        let mut legal =
            M::ALL & !(self.rows[r].bits() | self.cols[c].bits() | self.boxes[b].bits());
        while legal != 0 {
            let bit = legal & legal.wrapping_neg();
            legal ^= bit;
            // Copy straight into the children's storage, then edit the copy there.
            children.push(*self);
            let child = children.last_mut().expect("just pushed");
            child.k += 1;
            child.next = after;
            child.cells.set(cell, digit_of(bit));
            child.rows[r] = M::from_bits(child.rows[r].bits() | bit);
            child.cols[c] = M::from_bits(child.cols[c].bits() | bit);
            child.boxes[b] = M::from_bits(child.boxes[b].bits() | bit);
        }
    }

    #[inline(always)]
    fn is_goal(&self) -> bool {
        self.next.cell == Empty::NONE.cell
    }
}

/// The generic search's hooks, wired to [`Run`] so the statistics, budgets
/// and trace events mean what they mean for every strategy.
struct Bookkeeping<'r, T: Trace> {
    run: &'r mut Run<T>,
    /// `n²` bytes to unpack a solution into.
    solution: Vec<u8>,
    /// Scratch outside the frontier, counted in every `hold`.
    scratch_bytes: usize,
    /// The memory budget left for the frontier.
    limit: usize,
    /// Breadth-first: placements are counted as children are created (see
    /// [`Bookkeeping::expanded`]), not as they are entered.
    place_on_creation: bool,
}

impl<T: Trace, K: Cells, const N: usize, M: Mask> Visitor<Board<'_, K, N, M>>
    for Bookkeeping<'_, T>
{
    /// Entering a state other than the root is the placement that made it,
    /// counted here (not when the child was created) so that nodes and
    /// placements mean what they mean for naive.
    #[inline(always)]
    fn enter(&mut self, state: &Board<'_, K, N, M>) -> ControlFlow<()> {
        let depth = state.depth();
        if depth > 0 && !self.place_on_creation {
            let (cell, digit) = state.last_placement();
            let reason = Reason::cell_choice(state.last_options());
            self.run.place(depth, cell, digit, reason);
        }
        self.run.enter(depth)?;
        // `is_goal` reads the state's next empty cell.
        self.run.mems(1);
        ControlFlow::Continue(())
    }

    fn goal(&mut self, state: &Board<'_, K, N, M>) -> ControlFlow<()> {
        state.cells.unpack(&mut self.solution);
        self.run.solution(state.depth(), &self.solution)
    }

    /// A queue enters a state long after its parent, among states of other
    /// parents, so bfs counts (and traces) each placement here, when the copy
    /// is made: the trace then shows the frontier growing, and a reader can
    /// tell every state's parent. A whole-tree search enters every child, so
    /// the count equals dfs's; stopped early, it includes children created
    /// and not yet entered.
    #[inline(always)]
    fn expanded(&mut self, parent: &Board<'_, K, N, M>, children: &[Board<'_, K, N, M>]) {
        let cell = parent.next.cell as usize;
        self.run.mems(expand_mems::<Board<'_, K, N, M>>(
            children.len(),
            self.place_on_creation,
        ));
        if children.is_empty() {
            self.run.dead_end(parent.depth(), DeadEnd::Cell(cell));
        } else if self.place_on_creation {
            let reason = Reason::cell_choice(children[0].last_options());
            for child in children {
                self.run
                    .place(child.depth(), cell, child.cells.get(cell), reason);
            }
        }
    }

    /// The subtree below `state` is searched: its placement is taken back,
    /// as naive would undo it (dfs only; the copy is simply dropped).
    #[inline(always)]
    fn leave(&mut self, state: &Board<'_, K, N, M>) {
        let depth = state.depth();
        if depth > 0 {
            let (cell, digit) = state.last_placement();
            self.run.undo(depth, cell, digit);
        }
    }

    #[inline(always)]
    fn follow(&mut self, children: usize) -> Option<usize> {
        self.run.follow_one(children)
    }

    #[inline]
    fn hold(&mut self, states: usize, bytes: usize) -> ControlFlow<()> {
        self.run.hold(
            states as u64,
            bytes.saturating_add(self.scratch_bytes) as u64,
        )
    }

    fn memory_limit(&self) -> usize {
        self.limit
    }
}

/// The mems of expanding a state of type `S` into `children` copies (see
/// the crate docs): the parent's next empty cell, the one after it and its
/// three used-flag words read (5); per child the whole state copied, each
/// 64-bit word read and written, and six fields written (depth, next cell,
/// the digit, three flags); breadth-first, each child is copied once more,
/// from the buffer it was made in to the back of the queue.
#[inline(always)]
fn expand_mems<S>(children: usize, queued: bool) -> u64 {
    let words = size_of::<S>().div_ceil(8) as u64;
    let copies = if queued { 2 } else { 1 };
    5 + children as u64 * (copies * 2 * words + 6)
}

fn solve_with<T: Trace>(order: Order, puzzle: &Grid, tables: &mut Tables, run: &mut Run<T>) {
    let shape = puzzle.shape();
    tables.load(puzzle);
    match shape.side() {
        0..=9 => search_board::<Nibbles<41>, 9, u16, T>(order, tables, puzzle, run),
        10..=16 => search_board::<Bytes<256>, 16, u16, T>(order, tables, puzzle, run),
        side => {
            assert!(
                side <= MAX_SIDE,
                "shape {shape} is larger than sudoku-core allows"
            );
            search_board::<Bytes<625>, 25, u32, T>(order, tables, puzzle, run)
        }
    }
}

fn search_board<K: Cells, const N: usize, M: Mask, T: Trace>(
    order: Order,
    tables: &Tables,
    puzzle: &Grid,
    run: &mut Run<T>,
) {
    let scratch_bytes = tables.bytes();
    let limit = run
        .memory_budget()
        .map_or(usize::MAX, |b| usize::try_from(b).unwrap_or(usize::MAX));
    let mut hooks = Bookkeeping {
        run,
        solution: vec![0; puzzle.shape().cells()],
        scratch_bytes,
        limit: limit.saturating_sub(scratch_bytes),
        place_on_creation: order == Order::BreadthFirst,
    };
    let root = Board::<K, N, M>::root(tables, puzzle);
    // A `Break` is recorded in `run` (budget or solution limit); nothing to add.
    let _ = search(order, root, &mut hooks);
}

/// Bytes of one search state for a shape: what every copy costs.
pub fn state_bytes(shape: Shape) -> usize {
    match shape.side() {
        0..=9 => size_of::<Board<'static, Nibbles<41>, 9, u16>>(),
        10..=16 => size_of::<Board<'static, Bytes<256>, 16, u16>>(),
        _ => size_of::<Board<'static, Bytes<625>, 25, u32>>(),
    }
}
