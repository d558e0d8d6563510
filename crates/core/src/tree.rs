//! The search tree rebuilt from a trace's events: what the DOT view, the
//! animation and the HTML page draw, for any strategy.

use crate::grid::Grid;
use crate::trace::{DeadEnd, Event, Reason};
use std::collections::VecDeque;

/// A node of the search tree as rebuilt from the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Index of the parent in [`Tree::nodes`]; `None` for the root.
    pub parent: Option<usize>,
    pub depth: u32,
    /// The placement that created this state: `(cell, digit, reason)`.
    pub choice: Option<(usize, u8, Reason)>,
    /// The node's number (1 for the root, then in the order states are
    /// entered, as in the text trace); `None` for a child that was created (by
    /// a copying search) but never entered, or whose entry lies beyond the
    /// steps kept.
    pub entry: Option<u64>,
    pub dead_end: Option<DeadEnd>,
    /// The solution's number, when this state is one.
    pub solution: Option<u64>,
}

/// The search tree rebuilt from a sequence of events, for any strategy.
///
/// A placement at depth `d` is made from the state entered last at depth
/// `d - 1` (the current path); the next state entered at depth `d` is the
/// oldest placement at depth `d` not entered yet. That rule fits both kinds of
/// search: an in-place search (naive, mrv, dlx) enters each child right after
/// placing it, and a copying search (dfs, bfs) creates all the children of a
/// state and enters them later in the order it created them (dfs pops its stack
/// in that order, bfs its queue; at any time dfs has pending children at a
/// given depth from one parent only).
#[derive(Clone, Debug, Default)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    /// `path[d]`: the node entered last at depth `d`.
    path: Vec<usize>,
    /// `pending[d]`: placed, not yet entered children at depth `d`, oldest first.
    pending: Vec<VecDeque<usize>>,
    solutions: u64,
    entries: u64,
}

impl Tree {
    /// Applies one event; returns the index of the node it concerns.
    pub fn apply(&mut self, event: &Event) -> Option<usize> {
        match *event {
            Event::Enter { depth } => {
                let d = depth as usize;
                let id = match self.pending.get_mut(d).and_then(|q| q.pop_front()) {
                    Some(id) => id,
                    None => {
                        // A state no placement announced (the root, or a
                        // strategy that skips a placement event): hang it
                        // under the current path.
                        let parent = d
                            .checked_sub(1)
                            .and_then(|p| self.path.get(p).or(self.path.last()))
                            .copied();
                        self.push(TreeNode {
                            parent,
                            depth,
                            choice: None,
                            entry: None,
                            dead_end: None,
                            solution: None,
                        })
                    }
                };
                self.entries += 1;
                self.nodes[id].entry = Some(self.entries);
                self.path.truncate(d);
                self.path.push(id);
                Some(id)
            }
            Event::Place {
                depth,
                cell,
                digit,
                reason,
            } => {
                let d = depth as usize;
                let parent = d
                    .checked_sub(1)
                    .and_then(|p| self.path.get(p).or(self.path.last()))
                    .copied();
                let id = self.push(TreeNode {
                    parent,
                    depth,
                    choice: Some((cell, digit, reason)),
                    entry: None,
                    dead_end: None,
                    solution: None,
                });
                if self.pending.len() <= d {
                    self.pending.resize_with(d + 1, VecDeque::new);
                }
                self.pending[d].push_back(id);
                Some(id)
            }
            Event::Undo { depth, .. } => self.path.get(depth as usize).copied(),
            Event::Eliminate { depth, .. } => self.at(depth),
            Event::DeadEnd { depth, reason } => {
                let id = self.at(depth)?;
                self.nodes[id].dead_end = Some(reason);
                Some(id)
            }
            Event::Solution { depth } => {
                let id = self.at(depth)?;
                self.solutions += 1;
                self.nodes[id].solution = Some(self.solutions);
                Some(id)
            }
        }
    }

    fn at(&self, depth: u32) -> Option<usize> {
        self.path.get(depth as usize).or(self.path.last()).copied()
    }

    fn push(&mut self, node: TreeNode) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// The grid of a node: the puzzle plus the placements on its path.
    pub fn grid_of(&self, puzzle: &Grid, id: usize) -> Grid {
        let mut grid = puzzle.clone();
        let mut at = Some(id);
        while let Some(i) = at {
            let node = &self.nodes[i];
            if let Some((cell, digit, _)) = node.choice {
                grid.set(cell, digit);
            }
            at = node.parent;
        }
        grid
    }
}
