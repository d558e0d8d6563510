//! # search: generic full-copy depth-first and breadth-first search
//!
//! The search every algorithms textbook writes with the STL: a problem is a
//! set of *states*; each state can list its *successors* and say whether it
//! is a *goal*. Depth-first search keeps the states still to explore on a
//! stack, breadth-first search keeps them in a queue:
//!
//! ```text
//! frontier = [root]
//! while a state s can be taken from the frontier:      // stack: newest; queue: oldest
//!     if s is a goal: report s (stop, or go on to the next goal)
//!     else: put a copy of every successor of s on the frontier
//! ```
//!
//! Nothing is ever undone: every state is a whole, independent copy, and a
//! state that leads nowhere is simply dropped. That is the whole algorithm
//! and the whole point of this crate: it shows what copying costs, next to
//! `naive`, which walks the same tree by writing and erasing digits in one
//! grid.
//!
//! ## The generic search
//!
//! [`State`] is the problem (`expand` appends the successors, `is_goal`), and
//! [`dfs`] and [`bfs`] search it, calling a closure with each goal state; the
//! closure returns [`ControlFlow`](std::ops::ControlFlow) to stop at one
//! solution or go on to all of them. [`search`] takes a full [`Visitor`],
//! whose optional hooks see every state entered, every expansion and every
//! new peak of memory, and can stop the search: that is how the Sudoku
//! strategies below count nodes and keep to their budgets through
//! [`sudoku_core::Run`]. Nothing in the generic part knows about Sudoku;
//! `examples/permutations.rs` (9! = 362,880) and `examples/n_queens.rs`
//! (8 queens: 92 solutions) use it for other problems.
//!
//! ## The Sudoku strategies: [`Dfs`] (`dfs`) and [`Bfs`] (`bfs`)
//!
//! A state is a whole grid with its *used-flags* (which digits each row,
//! column and box already holds). `expand` takes the first empty cell in
//! row-major order and makes one child per legal digit, in increasing
//! order, each a full copy of the parent with that digit written; a state
//! with no empty cell is a goal.
//!
//! **Pruning: legality only.** A digit already in the cell's row, column or
//! box is never tried, and nothing else is: no look-ahead, no cell ordering.
//! So `dfs` explores exactly the tree of `naive` in exactly its order, and
//! its `nodes` equal naive's on every puzzle (the tests check this on the
//! seed puzzles and on all of top95): 49,559 for Inkala's "world's hardest",
//! 69,175,317 for the anti-brute-force puzzle. `bfs` explores the same tree
//! level by level.
//!
//! **Cost per node: a full copy.** The legal digits of a cell are
//! `!(rows[r] | cols[c] | boxes[b])`, three loads and an OR; the price of the
//! algorithm is the copy of the whole state for every child. The state is
//! kept as small as the algorithm allows so that copy is cheap: for grids up
//! to 9x9 it is 112 bytes (the digits packed two to a byte, 41 bytes; 27
//! `u16` used-flag masks; the next empty cell with its row, column and box;
//! the depth; a pointer to the per-puzzle list of empty cells), copied with a
//! few vector moves rather than a call to `memcpy`. Grids up to 16x16 take
//! 368 bytes, up to 25x25 944 bytes ([`state_bytes`]). Each child is written
//! once, straight into the stack (see [`search`]); nothing else is allocated
//! per state. On the machine this was written on, `dfs` spends about 18 ns
//! of CPU per state on 9x9 (the 69 million states of the anti-brute-force
//! puzzle in 1.24 s) where `naive` spends about 10 on the same tree, and a
//! plain C++ STL version (vectors of 9x9 `int` arrays) about 150
//! (`benches/search.rs` times both; times vary with the machine, counts don't).
//!
//! **Memory.** The DFS stack holds the states on the current path and the
//! siblings still to explore beside them: at most depth x branching copies,
//! 113 states (32 KB) at the peak of the anti-brute-force puzzle. The BFS
//! queue holds a whole level of the tree, and levels grow exponentially
//! until the rules start to bite. This is what the textbook warns about: on
//! the anti-brute-force puzzle a plain C++ BFS holds 12.5 million states,
//! 4.2 GB (1.4 GB even at 112 bytes a state). So `bfs` keeps to
//! [`Limits::memory_budget`](sudoku_core::Limits::memory_budget): before its
//! queue grows past the budget it stops with "unknown (memory budget)"
//! ([`Stop::MemoryBudget`](sudoku_core::Stop::MemoryBudget)) - never an
//! out-of-memory kill, never a wrong verdict. Under the harness's default
//! 256 MB it proves four of the five seed puzzles unique and stops on the
//! anti-brute-force one; without a budget (`None`) its queue is unbounded.
//! `dfs` keeps to the budget too, but its stack never comes near one.
//!
//! ## Mems
//!
//! Counted when asked for ([`sudoku_core::Solver::solve_counting_mems`]),
//! compiled away otherwise. One mem is one read or write of a 64-bit word of
//! the search's data, and the data here are the states: expanding one reads
//! its next empty cell, the one after it and its three used-flag words (5
//! mems); every child is a copy of the whole state, each of its words read
//! and written (2 x 14 = 28 mems for the 112-byte 9x9 state, 92 up to 16x16,
//! 236 up to 25x25), then six of its fields are written (depth, next cell,
//! the digit, three flags); entering a state reads its next cell to see
//! whether it is a goal (1). `bfs` copies each child once more, from the
//! buffer it was made in to the back of the queue. So a dfs node costs
//! about 40 mems where naive's costs about 20, on the same tree: the price
//! of copying, in a number that does not depend on the machine.
//!
//! ## Tree estimates
//!
//! [`Visitor::follow`] lets Knuth's random probes keep one child of each
//! expansion, so `sudoku-lab estimate` walks dfs and bfs down random paths
//! with their own code ([`sudoku_core::estimate`]).
//!
//! ## A worked example
//!
//! ```text
//! 1 2 | 3 4      empty cells, row-major: r3c2, r3c4, r4c2, r4c3
//! 3 4 | 1 2
//! ----+----      root: r3c2 can be 1 or 3 (its row, column and box hold 2, 4)
//! 2 . | 4 .      ├── r3c2=1: r3c4 has no legal digit (row 1 2 4, column 2 3 4): dead end
//! 4 . | . 3      └── r3c2=3: r3c4=1, then r4c2=1, then r4c3=2: no empty cell, a goal
//! ```
//!
//! Six states entered (the root, both children of the root, three more on
//! the way down), five placements, two of them guesses (made where two
//! digits were legal), one dead end and so one backtrack:
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! use sudoku_search::{Bfs, Dfs};
//!
//! let puzzle: Grid = "123434122.4.4..3".parse().unwrap();
//! let outcome = Dfs.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert_eq!(outcome.solutions[0].to_line(), "1234341223414123");
//!
//! let stats = Dfs.solve(&puzzle, &Limits::first_solution()).stats;
//! assert_eq!((stats.nodes, stats.placements, stats.guesses, stats.backtracks), (6, 5, 2, 1));
//! assert_eq!(stats.max_depth, 4);
//! // BFS enters the same six states, both children of the root before any
//! // grandchild; it cannot tell which placements failed (backtracks: n/a).
//! let stats = Bfs.solve(&puzzle, &Limits::first_solution()).stats;
//! assert_eq!((stats.nodes, stats.placements, stats.guesses, stats.peak_states), (6, 5, 2, 2));
//! assert!(!Bfs.info().reports.backtracks);
//! ```
//!
//! ## Statistics for a copying search
//!
//! The [`Stats`](sudoku_core::Stats) fields mean what they mean for every
//! strategy, read for a search that copies instead of undoing:
//!
//! | field | in `dfs` and `bfs` |
//! |---|---|
//! | `nodes` | states taken off the stack or queue (entered), the root included |
//! | `placements` | the copy's one new digit. `dfs` counts it when the copy is entered, so `placements = nodes - 1` as for naive; `bfs` when the copy is created (a queue enters a child long after its parent, among other parents' children, so that is where a trace can show whose child it is): equal to dfs's for a whole-tree search, more when stopped early (children created, not yet entered) |
//! | `guesses` | those placements made where the parent's cell had two or more legal digits |
//! | `backtracks` | `dfs`: states whose whole subtree was searched without a solution, counted when the search leaves them (the generic search's `leave` hook), exactly where naive undoes the same placement. `bfs`: not measured (n/a): a queue interleaves subtrees, so it never knows when one is finished |
//! | `max_depth` | digits placed on the deepest state entered |
//! | `peak_states` | most states held at once: the DFS stack (path and pending siblings) or the BFS queue (plus the children of the state being expanded) |
//! | `peak_bytes` | at that peak, the bytes allocated for states (slots x [`state_bytes`]) plus the list of empty cells: what the memory budget is checked against |
//!
//! So `dfs` reports exactly naive's four counts on every puzzle, and `bfs`
//! naive's nodes, placements and guesses whenever it searches the whole tree.
//! Trace events follow the same definitions: for dfs `Place` then `Enter`
//! for every state taken (bfs: `Place` for every child as it is created,
//! `Enter` when it is taken), `DeadEnd` for a state with no child, `Undo` (dfs only) when a
//! state's subtree is done, `Solution` for every goal. The time budget
//! is checked every [`TIME_CHECK_INTERVAL`](sudoku_core::TIME_CHECK_INTERVAL)
//! states, like everywhere else.
//!
//! ## Sizes
//!
//! Every shape from 1x1 to 25x25, rectangular boxes included. The state's
//! arrays have a fixed capacity per size class (9, 16 or 25 units), so a
//! state is a plain `Copy` value; the per-puzzle list of empty cells is
//! per-shape scratch reused between puzzles ([`sudoku_core::scratch`]).

mod generic;
mod packed;
mod sudoku;

pub use generic::{bfs, dfs, search, Order, State, Visitor};
pub use sudoku::{state_bytes, Bfs, Dfs};
