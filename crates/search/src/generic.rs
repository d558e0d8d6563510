//! The generic search: [`State`], [`Visitor`], [`dfs`], [`bfs`] and [`search`].
//!
//! Nothing in this module knows about Sudoku; see the crate documentation for
//! the algorithm and `examples/` for two small problems solved with it.

use std::collections::VecDeque;
use std::mem::size_of;
use std::ops::ControlFlow;

/// A state of a search problem: it can list its successor states and say
/// whether it is a goal. The search works on whole copies of states, so a
/// state should be a compact value (`Copy` arrays, bitmasks), not a handle.
pub trait State: Sized {
    /// Appends every successor of `self` to `children` (empty when called),
    /// in the order they should be explored; none makes `self` a dead end.
    /// The vector is reused from state to state, so pushing allocates nothing
    /// once it has grown to the largest branching factor.
    fn expand(&self, children: &mut Vec<Self>);

    /// `true` for a solution. Goal states are reported to the visitor and
    /// never expanded.
    fn is_goal(&self) -> bool;
}

/// Receives what a search does. Only [`Visitor::goal`] is required; the other
/// hooks let a caller count, trace and bound the search (the Sudoku strategies
/// use them for nodes, placements and the node, time and memory budgets).
///
/// Every hook that returns [`ControlFlow`] can stop the search with `Break`,
/// which the search then returns at once.
pub trait Visitor<S> {
    /// A goal state was taken off the stack or queue. `Break` stops (one
    /// solution is enough), `Continue` goes on to the next one.
    fn goal(&mut self, state: &S) -> ControlFlow<()>;

    /// A state was taken off the stack or queue and is about to be tested
    /// and expanded (called once per state, goals included).
    fn enter(&mut self, _state: &S) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// `parent` (not a goal) has just been expanded into `children`; an
    /// empty `children` means `parent` is a dead end.
    fn expanded(&mut self, _parent: &S, _children: &[S]) {}

    /// Knuth's random probe: the state just expanded has `children`
    /// children; `Some(i)` keeps child `i` alone, so the search walks one
    /// random path (see `sudoku_core::estimate`), `None` (the default)
    /// keeps them all.
    fn follow(&mut self, _children: usize) -> Option<usize> {
        None
    }

    /// Depth-first only: everything below `state` has been searched (it is
    /// called for goals and dead ends too, but not after a `Break`). This is
    /// where an in-place search would undo the move that made `state`; a
    /// breadth-first search never finishes a subtree before the next begins,
    /// so [`bfs`] does not call it.
    fn leave(&mut self, _state: &S) {}

    /// The search holds more than ever before: `states` states in `bytes`
    /// bytes of storage (slots allocated, `size_of::<S>()` bytes each).
    ///
    /// * [`bfs`] asks before its queue grows, so `Break` stops it without
    ///   allocating; only its buffer for one state's children grows unasked.
    /// * [`dfs`] expands each state straight into its stack, so it reports
    ///   right after the stack grew by one state's children (a DFS stack
    ///   holds at most depth x branching states, and grows slowly).
    fn hold(&mut self, _states: usize, _bytes: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// The most bytes the search should plan to use for states. The BFS queue
    /// grows by doubling, but never past this while its states still fit, so
    /// a budget enforced in [`Visitor::hold`] can be used to the full.
    fn memory_limit(&self) -> usize {
        usize::MAX
    }
}

/// Which state the search explores next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// The newest (a stack): the first child of the state just expanded, so
    /// the search goes as deep as it can before it tries a sibling.
    DepthFirst,
    /// The oldest (a queue): the search goes level by level.
    BreadthFirst,
}

/// Depth-first search from `root`, calling `on_goal` with each goal state in
/// the order reached; children are explored in the order `expand` lists them.
/// Returns `Break` when `on_goal` stopped the search.
///
/// ```
/// use std::ops::ControlFlow;
/// use sudoku_search::{dfs, State};
///
/// /// Binary strings of length 3, built one bit at a time.
/// #[derive(Clone, Copy)]
/// struct Bits { len: u32, value: u32 }
///
/// impl State for Bits {
///     fn expand(&self, children: &mut Vec<Bits>) {
///         for bit in 0..2 {
///             children.push(Bits { len: self.len + 1, value: self.value << 1 | bit });
///         }
///     }
///     fn is_goal(&self) -> bool {
///         self.len == 3
///     }
/// }
///
/// let mut seen = Vec::new();
/// let flow = dfs(Bits { len: 0, value: 0 }, |b: &Bits| {
///     seen.push(b.value);
///     ControlFlow::Continue(())
/// });
/// assert!(flow.is_continue());
/// assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7]);
/// ```
pub fn dfs<S: State>(root: S, mut on_goal: impl FnMut(&S) -> ControlFlow<()>) -> ControlFlow<()> {
    search(Order::DepthFirst, root, &mut on_goal)
}

/// Breadth-first search from `root`, calling `on_goal` with each goal state in
/// the order reached (shallowest first, then in the order `expand` lists
/// them). Returns `Break` when `on_goal` stopped the search. The queue holds
/// about a whole level of the tree at once: see the crate documentation.
pub fn bfs<S: State>(root: S, mut on_goal: impl FnMut(&S) -> ControlFlow<()>) -> ControlFlow<()> {
    search(Order::BreadthFirst, root, &mut on_goal)
}

/// The search with every hook. Until no state is left or a hook returns
/// `Break`: take the next state (in `order`), report it to
/// [`Visitor::enter`]; if it is a goal report it to [`Visitor::goal`], else
/// expand it, report the children to [`Visitor::expanded`] and keep them.
///
/// Where the states live:
///
/// * depth-first, a stack of levels: level `d + 1` holds the children of the
///   state being explored at depth `d`, and is emptied when all of them are
///   explored. `expand` writes each child straight into its level, so a child
///   is copied once, and states are read where they lie. The stack holds the
///   current path and the siblings still to explore: at most depth x
///   branching states.
/// * breadth-first, a queue ([`VecDeque`]): `expand` writes into a reused
///   buffer, the queue grows (after [`Visitor::hold`] agreed) if the children
///   do not fit, and they move to its back. The queue holds about one level
///   of the tree.
pub fn search<S: State, V: Visitor<S> + ?Sized>(
    order: Order,
    root: S,
    visitor: &mut V,
) -> ControlFlow<()> {
    match order {
        Order::DepthFirst => run_dfs(root, visitor),
        Order::BreadthFirst => run_bfs(root, visitor),
    }
}

/// A closure is a visitor of goals: `search(order, root, &mut |goal: &S| ...)`.
impl<S, F: FnMut(&S) -> ControlFlow<()>> Visitor<S> for F {
    fn goal(&mut self, state: &S) -> ControlFlow<()> {
        self(state)
    }
}

/// Depth-first search on a stack of levels: `levels[d]` holds the children
/// of the state being explored at depth `d - 1` (the root alone at depth 0),
/// and `next[d]` is the next of them to explore. A state is expanded straight
/// into the level below it, so each child is written once, in place, and the
/// search reads every state where it lies. A level is cleared when all its
/// states are explored, so the stack holds at most depth x branching states.
fn run_dfs<S: State, V: Visitor<S> + ?Sized>(root: S, visitor: &mut V) -> ControlFlow<()> {
    let slot = size_of::<S>().max(1);
    visitor.hold(1, slot)?;
    let mut room = Room {
        held: 1,
        bytes: slot,
        peak_held: 1,
        peak_bytes: slot,
    };
    let mut levels: Vec<Vec<S>> = vec![vec![root]];
    let mut next = vec![0];
    let mut d = 0;
    loop {
        let i = next[d];
        if i > 0 {
            // Back at level d: the subtree of its state i - 1 is finished.
            visitor.leave(&levels[d][i - 1]);
        }
        if i == levels[d].len() {
            // Every state of this level is explored: back to the level above.
            room.held -= levels[d].len();
            levels[d].clear();
            if d == 0 {
                return ControlFlow::Continue(());
            }
            d -= 1;
            continue;
        }
        next[d] += 1;
        let state = &levels[d][i];
        visitor.enter(state)?;
        if state.is_goal() {
            visitor.goal(state)?;
            continue;
        }
        if levels.len() == d + 1 {
            levels.push(Vec::new());
            next.push(0);
        }
        let (above, below) = levels.split_at_mut(d + 1);
        let (parent, children) = (&above[d][i], &mut below[0]);
        let capacity = children.capacity();
        parent.expand(children);
        visitor.expanded(parent, children);
        keep_followed(visitor, children);
        room.held += children.len();
        room.bytes += (children.capacity() - capacity) * slot;
        room.report(visitor)?;
        d += 1;
        next[d] = 0;
    }
}

/// Under a random probe ([`Visitor::follow`]), keeps only the child followed.
#[inline(always)]
fn keep_followed<S, V: Visitor<S> + ?Sized>(visitor: &mut V, children: &mut Vec<S>) {
    if let Some(i) = visitor.follow(children.len()) {
        children.swap(0, i);
        children.truncate(1);
    }
}

/// What the DFS stack holds (states, and bytes of slots allocated), and the
/// peaks already reported.
struct Room {
    held: usize,
    bytes: usize,
    peak_held: usize,
    peak_bytes: usize,
}

impl Room {
    /// Reports a new peak to the visitor.
    #[inline(always)]
    fn report<S, V: Visitor<S> + ?Sized>(&mut self, visitor: &mut V) -> ControlFlow<()> {
        if self.held > self.peak_held || self.bytes > self.peak_bytes {
            self.peak_held = self.peak_held.max(self.held);
            self.peak_bytes = self.peak_bytes.max(self.bytes);
            return visitor.hold(self.held, self.bytes);
        }
        ControlFlow::Continue(())
    }
}

/// Breadth-first search with a queue: a state is expanded into a buffer of
/// children, the queue is grown (after asking the visitor) if they do not
/// fit, and they are moved to its back.
fn run_bfs<S: State, V: Visitor<S> + ?Sized>(root: S, visitor: &mut V) -> ControlFlow<()> {
    let mut queue = VecDeque::new();
    let mut children: Vec<S> = Vec::new();
    let mut peak = 0;
    make_room(&mut queue, &children, 1, &mut peak, visitor)?;
    queue.push_back(root);
    while let Some(state) = queue.front() {
        visitor.enter(state)?;
        if state.is_goal() {
            visitor.goal(state)?;
            queue.pop_front();
            continue;
        }
        state.expand(&mut children);
        visitor.expanded(state, &children);
        keep_followed(visitor, &mut children);
        queue.pop_front();
        let held = queue.len() + children.len();
        if held > peak {
            make_room(&mut queue, &children, held, &mut peak, visitor)?;
        }
        // A plain loop: `extend(drain(..))` compiles to a slower copy.
        for child in children.drain(..) {
            queue.push_back(child);
        }
    }
    ControlFlow::Continue(())
}

/// Before the queue holds `held` states (more than ever before): plan its
/// capacity (doubling, clamped to the visitor's memory limit), ask the
/// visitor, and only then grow it.
fn make_room<S, V: Visitor<S> + ?Sized>(
    queue: &mut VecDeque<S>,
    children: &Vec<S>,
    held: usize,
    peak: &mut usize,
    visitor: &mut V,
) -> ControlFlow<()> {
    let slot = size_of::<S>().max(1);
    let capacity = queue.capacity();
    let mut target = capacity;
    if held > capacity {
        target = held.max(capacity.saturating_mul(2)).max(16);
        let limit = visitor
            .memory_limit()
            .saturating_sub(children.capacity() * slot)
            / slot;
        if target > limit && held <= limit {
            target = limit;
        }
    }
    let bytes = target
        .saturating_add(children.capacity())
        .saturating_mul(slot);
    visitor.hold(held, bytes)?;
    if target > capacity {
        queue.reserve_exact(target - queue.len());
    }
    *peak = held;
    ControlFlow::Continue(())
}
