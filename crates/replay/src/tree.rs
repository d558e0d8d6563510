//! The replay model: the search tree and the board at every step, rebuilt
//! from a trace's events in one place, so every view (text, JSON lines, DOT,
//! the HTML page, the animation, explain) draws what the search did.
//!
//! ## Nodes and forced moves
//!
//! A *node* is a search state entered: the root, and one per option the
//! branching rule takes at a branch point (a placement whose
//! [`Reason::is_branch`] is true: a guess, or a branch with one option). A
//! digit a rule forces (a naked or hidden single, unit propagation) is a
//! placement *inside* the node it was made in: it belongs to that node's
//! forced chain, never a child. A search with no guess is one node.
//!
//! ## Which node a placement makes
//!
//! A branch placement at depth `d` makes a child of the deepest node on the
//! current path entered at a depth below `d`; the next node entered at depth
//! `d` is the oldest such child not entered yet. That fits every search: an
//! in-place search (naive, mrv, dlx, the ladder, bitboard) enters each child
//! right after placing it; a copying search (bfs) creates all the children
//! of a state and enters them later, in the order it created them; a search
//! that enters its decision level before it writes the decision (SAT) has
//! the decision adopted by the node just entered.
//!
//! ## The board
//!
//! The board after each event is the givens plus the choices and the live
//! forced placements of the nodes on the current path. An undo finds its
//! placement on the path: every strategy undoes placement by placement,
//! deepest first (undoing a node's choice would return to its parent's
//! state, forced placements included, but no strategy leaves them to it:
//! the trace checker, sudoku-replay, fails a board that changes without an
//! event); undoing a forced placement takes back it and anything placed
//! after it. A forced
//! placement belongs to the deepest node on the path entered at its depth or
//! above (SAT's events carry decision levels, and a backjump leaves levels
//! whose digits it never reported). A solution
//! event shows the solution. A branch placement shows the parent's board
//! with the new digit, until the next event.

use std::collections::VecDeque;
use sudoku_core::{DeadEnd, Event, Geometry, Grid, Reason, Rule};

/// A digit written by the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub cell: usize,
    pub digit: u8,
    pub reason: Reason,
}

/// A candidate a rule removed inside a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elimination {
    pub cell: usize,
    pub digit: u8,
    pub rule: Rule,
}

/// A node of the search tree as rebuilt from the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Index of the parent in [`Replay::nodes`]; `None` for the root.
    pub parent: Option<usize>,
    /// The depth of the events that made it (search placements on its path,
    /// as the strategy counts them).
    pub depth: u32,
    /// Nodes above it on its path: the root is level 0, its children 1.
    pub level: u32,
    /// The branch placement that created it (`None` for the root).
    pub choice: Option<Placement>,
    /// The placements rules forced inside it, in order (kept when undone:
    /// the tree shows what the node did).
    pub forced: Vec<Placement>,
    /// The candidates rules removed inside it.
    pub eliminated: Vec<Elimination>,
    /// The node's number (1 for the root, then in the order nodes are
    /// entered, as in the text trace); `None` for a child that was created (by
    /// a copying search) but never entered, or whose entry lies beyond the
    /// steps kept.
    pub entry: Option<u64>,
    pub dead_end: Option<DeadEnd>,
    /// The solution's number, when this state is one.
    pub solution: Option<u64>,
}

impl TreeNode {
    /// The choice of a node its branch entered without placing a digit (a
    /// configuration, bitboard-configs): the first candidate it removed,
    /// whose rule names the branch. `None` for every other node.
    pub fn branch_elimination(&self) -> Option<&Elimination> {
        self.eliminated
            .first()
            .filter(|e| self.choice.is_none() && e.rule.is_branch())
    }
}

/// One step of a replay: the event, the node it concerns, and (through
/// [`Replay::board`]) the board after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayStep {
    /// The node the event concerns: the node entered, the node a forced
    /// placement, elimination, dead end or solution belongs to, the child a
    /// branch placement creates, the node an undo leaves.
    pub node: usize,
    /// The cell the event names, if any (placements, undos, eliminations,
    /// a dead-end cell).
    pub cell: Option<usize>,
}

/// The replay model: apply the events of a trace in order; after each,
/// [`Replay::board`] is the board the search had.
#[derive(Clone, Debug)]
pub struct Replay {
    geometry: Geometry,
    givens: Vec<u8>,
    pub nodes: Vec<TreeNode>,
    /// The current path, root first: `(node, forced placements still live)`.
    path: Vec<(usize, usize)>,
    /// Branch placements not entered yet, oldest first.
    pending: VecDeque<usize>,
    board: Vec<u8>,
    /// A branch placement shown for one step (bfs creates children it
    /// enters later): the cell to clear at the next event.
    shown: Option<usize>,
    entries: u64,
    solutions: u64,
    /// Nodes entered at each level of the tree.
    levels: Vec<u64>,
}

impl Replay {
    /// A replay of a search of `puzzle`, before any event.
    pub fn new(puzzle: &Grid) -> Replay {
        Replay {
            geometry: Geometry::new(puzzle.shape()),
            givens: puzzle.cells().to_vec(),
            nodes: Vec::new(),
            path: Vec::new(),
            pending: VecDeque::new(),
            board: puzzle.cells().to_vec(),
            shown: None,
            entries: 0,
            solutions: 0,
            levels: Vec::new(),
        }
    }

    /// The board after the events applied so far (0: empty).
    pub fn board(&self) -> &[u8] {
        &self.board
    }

    /// The givens of the puzzle.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The node the search is in: the last entered on the current path.
    pub fn current(&self) -> Option<usize> {
        self.path.last().map(|&(id, _)| id)
    }

    /// The current path, root first.
    pub fn path(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        self.path.iter().map(|&(id, _)| id)
    }

    /// Nodes entered so far.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// The candidates of `cell` now, bit `d - 1` for digit `d`: the digits
    /// its row, column and box allow, less those rules removed in the nodes
    /// on the current path (0 for a filled cell).
    pub fn candidates(&self, cell: usize) -> u32 {
        if self.board[cell] != 0 {
            return 0;
        }
        let mut used = 0u32;
        for &peer in self.geometry.peers(cell) {
            let d = self.board[peer as usize];
            if d != 0 {
                used |= 1 << (d - 1);
            }
        }
        for &(id, _) in &self.path {
            for e in &self.nodes[id].eliminated {
                if e.cell == cell {
                    used |= 1 << (e.digit - 1);
                }
            }
        }
        self.geometry.shape().all_digits() & !used
    }

    /// Applies one event; returns the step it makes.
    pub fn apply(&mut self, event: &Event) -> ReplayStep {
        if let Some(cell) = self.shown.take() {
            self.board[cell] = 0;
        }
        match *event {
            Event::Enter { depth } => ReplayStep {
                node: self.enter(depth),
                cell: None,
            },
            Event::Place {
                depth,
                cell,
                digit,
                reason,
            } => {
                let placement = Placement {
                    cell,
                    digit,
                    reason,
                };
                let node = if reason.is_branch() {
                    self.branch(depth, placement)
                } else {
                    self.forced(depth, placement)
                };
                ReplayStep {
                    node,
                    cell: Some(cell),
                }
            }
            Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            } => {
                let node = self.here(depth);
                self.nodes[node]
                    .eliminated
                    .push(Elimination { cell, digit, rule });
                ReplayStep {
                    node,
                    cell: Some(cell),
                }
            }
            Event::Undo { cell, digit, .. } => ReplayStep {
                node: self.undo(cell, digit),
                cell: Some(cell),
            },
            Event::DeadEnd { depth, reason } => {
                let node = self.here(depth);
                self.nodes[node].dead_end = Some(reason);
                let cell = match reason {
                    DeadEnd::Cell(c) | DeadEnd::Constraint(sudoku_core::Constraint::Cell(c)) => {
                        Some(c)
                    }
                    _ => None,
                };
                ReplayStep { node, cell }
            }
            Event::Solution { depth } => {
                let node = self.here(depth);
                self.solutions += 1;
                self.nodes[node].solution = Some(self.solutions);
                ReplayStep { node, cell: None }
            }
        }
    }

    /// The node the current event happens in; a root made up when a trace
    /// starts with no `Enter` (it always has one).
    fn here(&mut self, depth: u32) -> usize {
        match self.current() {
            Some(id) => id,
            None => {
                let id = self.push(None, depth, None);
                self.path.push((id, 0));
                id
            }
        }
    }

    fn push(&mut self, parent: Option<usize>, depth: u32, choice: Option<Placement>) -> usize {
        let level = parent.map_or(0, |p| self.nodes[p].level + 1);
        self.nodes.push(TreeNode {
            parent,
            depth,
            level,
            choice,
            forced: Vec::new(),
            eliminated: Vec::new(),
            entry: None,
            dead_end: None,
            solution: None,
        });
        self.nodes.len() - 1
    }

    /// The deepest node on the path entered below `depth`.
    fn parent_at(&self, depth: u32) -> Option<usize> {
        self.path
            .iter()
            .rev()
            .map(|&(id, _)| id)
            .find(|&id| self.nodes[id].depth < depth)
            .or_else(|| self.current())
    }

    fn enter(&mut self, depth: u32) -> usize {
        let at = self
            .pending
            .iter()
            .position(|&id| self.nodes[id].depth == depth);
        let id = match at.and_then(|k| self.pending.remove(k)) {
            Some(id) => id,
            None => {
                // A node no branch placement announced: the root, or a
                // search that writes its decision after entering (SAT).
                let parent = if self.nodes.is_empty() {
                    None
                } else {
                    self.parent_at(depth)
                };
                self.push(parent, depth, None)
            }
        };
        self.entries += 1;
        self.nodes[id].entry = Some(self.entries);
        let level = self.nodes[id].level as usize;
        if self.levels.len() <= level {
            self.levels.resize(level + 1, 0);
        }
        self.levels[level] += 1;
        self.go_to(id);
        id
    }

    /// A placement the branching rule made: a new child (or, right after an
    /// entry with no choice, the choice of the node just entered).
    fn branch(&mut self, depth: u32, placement: Placement) -> usize {
        if let Some(id) = self.current() {
            let node = &self.nodes[id];
            // Only a decision at the level just entered (SAT's): a node a
            // branch entered without a digit (a configuration) branches
            // again one level deeper, into a child of its own.
            if node.parent.is_some()
                && node.choice.is_none()
                && node.forced.is_empty()
                && node.depth == depth
            {
                self.nodes[id].choice = Some(placement);
                self.board[placement.cell] = placement.digit;
                return id;
            }
        }
        let parent = self.parent_at(depth);
        if let Some(p) = parent {
            self.go_to(p);
        }
        let id = self.push(parent, depth, Some(placement));
        self.pending.push_back(id);
        if self.board[placement.cell] == 0 {
            self.board[placement.cell] = placement.digit;
            self.shown = Some(placement.cell);
        }
        id
    }

    /// A placement a rule forced: inside the deepest node on the path
    /// entered at its depth or above (the current node, except in a search
    /// that backjumps over levels it reports no placement for, SAT: the
    /// nodes left behind are left here).
    fn forced(&mut self, depth: u32, placement: Placement) -> usize {
        self.here(depth);
        if let Some(k) = self
            .path
            .iter()
            .rposition(|&(id, _)| self.nodes[id].depth <= depth)
        {
            self.truncate_path(k + 1);
        }
        let id = self.current().expect("a node");
        let (_, live) = self.path.last_mut().expect("a node");
        let node = &mut self.nodes[id];
        // Forced placements undone one by one and made again are recorded
        // once more: the list is what the node did, in order.
        node.forced.truncate(*live);
        node.forced.push(placement);
        *live += 1;
        self.board[placement.cell] = placement.digit;
        id
    }

    /// Takes back `digit` in `cell`: returns the node it leaves (whose
    /// choice or forced placement it was).
    fn undo(&mut self, cell: usize, digit: u8) -> usize {
        for k in (0..self.path.len()).rev() {
            let (id, live) = self.path[k];
            let node = &self.nodes[id];
            if let Some(f) = node.forced[..live]
                .iter()
                .rposition(|p| p.cell == cell && p.digit == digit)
            {
                self.truncate_path(k + 1);
                self.take_back(k, f);
                return id;
            }
            if node
                .choice
                .is_some_and(|p| p.cell == cell && p.digit == digit)
            {
                self.truncate_path(k);
                return id;
            }
        }
        // Not on the path (a recording cut short): clear the cell.
        if self.board[cell] == digit && self.givens[cell] == 0 {
            self.board[cell] = 0;
        }
        self.current().unwrap_or(0)
    }

    /// Keeps the first `keep` forced placements of the path's node `k`.
    fn take_back(&mut self, k: usize, keep: usize) {
        let (id, live) = self.path[k];
        for p in &self.nodes[id].forced[keep..live] {
            self.board[p.cell] = 0;
        }
        self.path[k].1 = keep;
    }

    /// Leaves the nodes of the path from position `len` on.
    fn truncate_path(&mut self, len: usize) {
        while self.path.len() > len {
            let k = self.path.len() - 1;
            self.take_back(k, 0);
            let (id, _) = self.path.pop().expect("a node");
            if let Some(p) = self.nodes[id].choice {
                self.board[p.cell] = 0;
            }
        }
    }

    /// Makes `id` the current node: the path up to it, its board.
    fn go_to(&mut self, id: usize) {
        if let Some(k) = self.path.iter().position(|&(n, _)| n == id) {
            self.truncate_path(k + 1);
            return;
        }
        let parent = self.nodes[id].parent;
        match parent.and_then(|p| self.path.iter().position(|&(n, _)| n == p)) {
            Some(k) => self.truncate_path(k + 1),
            None => {
                // Another branch of the tree (a queue's next state): rebuild
                // the path and the board from the root, forced moves included.
                self.truncate_path(0);
                self.board.copy_from_slice(&self.givens);
                let mut chain = Vec::new();
                let mut at = parent;
                while let Some(i) = at {
                    chain.push(i);
                    at = self.nodes[i].parent;
                }
                for &i in chain.iter().rev() {
                    let node = &self.nodes[i];
                    if let Some(p) = node.choice {
                        self.board[p.cell] = p.digit;
                    }
                    for p in &node.forced {
                        self.board[p.cell] = p.digit;
                    }
                    self.path.push((i, node.forced.len()));
                }
            }
        }
        if let Some(p) = self.nodes[id].choice {
            self.board[p.cell] = p.digit;
        }
        self.path.push((id, 0));
    }

    /// Nodes entered at each level of the tree (the root is level 0): where
    /// the tree is widest.
    pub fn profile(&self) -> &[u64] {
        &self.levels
    }

    /// The board recomputed from the current path: the givens, and the
    /// choice and live forced placements of each node on it. [`Replay::board`]
    /// keeps it up to date event by event; this is the slow check.
    pub fn path_board(&self) -> Vec<u8> {
        let mut board = self.givens.clone();
        for &(id, live) in &self.path {
            let node = &self.nodes[id];
            if let Some(p) = node.choice {
                board[p.cell] = p.digit;
            }
            for p in &node.forced[..live] {
                board[p.cell] = p.digit;
            }
        }
        if let Some(cell) = self.shown {
            board[cell] = self.board[cell];
        }
        board
    }

    /// The board of a node when it was left complete: the givens, the
    /// choices and every forced placement on its path.
    pub fn grid_of(&self, id: usize) -> Vec<u8> {
        let mut board = self.givens.clone();
        let mut at = Some(id);
        while let Some(i) = at {
            let node = &self.nodes[i];
            if let Some(p) = node.choice {
                board[p.cell] = p.digit;
            }
            for p in &node.forced {
                board[p.cell] = p.digit;
            }
            at = node.parent;
        }
        board
    }
}
