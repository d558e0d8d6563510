//! Every static implication of a grid at once, as bitsets: for each
//! potential (a candidate on or off), the set of potentials it implies
//! through cells and units, with no removal on the way. A nested chain
//! search asks it first which assumptions can conclude anything, and
//! follows links one by one (for the chain's complexity and parents) only
//! from those.

use crate::board::{bit, digits, Board};

pub(crate) struct Closure {
    /// Candidate index per `cell * n + digit - 1`, `u32::MAX` for none.
    index: Vec<u32>,
    words: usize,
    /// Row `2k + on` (candidate `k`): the potentials it implies, itself
    /// included, a bit per node.
    reach: Vec<u64>,
    /// The nodes whose truth changes the grid: every off, and the on of a
    /// candidate whose cell has another.
    useful: Vec<u64>,
}

impl Closure {
    /// `places[u * n + d - 1]`: the places of `d` in unit `u` of `grid`.
    pub fn new(grid: &Board, places: &[u32]) -> Closure {
        let n = grid.n;
        let cells = grid.cand.len();
        let mut index = vec![u32::MAX; cells * n];
        let mut count = 0u32;
        for (c, &cand) in grid.cand.iter().enumerate() {
            for d in digits(cand) {
                index[c * n + d as usize - 1] = count;
                count += 1;
            }
        }
        let nodes = 2 * count as usize;
        let words = nodes.div_ceil(64).max(1);
        let at = |c: usize, d: u8| index[c * n + d as usize - 1] as usize;
        // Successors of every node, in one pool.
        let mut start = Vec::with_capacity(nodes + 1);
        let mut succ: Vec<u32> = Vec::with_capacity(nodes * 8);
        let mut useful = vec![0u64; words];
        for (c, &cand) in grid.cand.iter().enumerate() {
            for d in digits(cand) {
                let k = at(c, d);
                // Off: the cell's last other digit, or the digit's last
                // other place in a unit, is on.
                start.push(succ.len());
                useful[(2 * k) / 64] |= 1 << ((2 * k) % 64);
                if cand.count_ones() == 2 {
                    let e = (cand & !bit(d)).trailing_zeros() as u8 + 1;
                    succ.push(2 * at(c, e) as u32 + 1);
                }
                for (u, pos) in grid.units.of_cell[c].into_iter().zip(grid.units.pos[c]) {
                    let others = places[u * n + d as usize - 1] & !(1 << pos);
                    if others.count_ones() == 1 {
                        let x = grid.units.cells[u][others.trailing_zeros() as usize];
                        succ.push(2 * at(x, d) as u32 + 1);
                    }
                }
                // On: the cell's other digits and the digit's other places
                // are off.
                start.push(succ.len());
                if cand.count_ones() >= 2 {
                    useful[(2 * k + 1) / 64] |= 1 << ((2 * k + 1) % 64);
                }
                for e in digits(cand & !bit(d)) {
                    succ.push(2 * at(c, e) as u32);
                }
                for &x in grid.units.geometry.peers(c) {
                    let x = x as usize;
                    if grid.cand[x] & bit(d) != 0 {
                        succ.push(2 * at(x, d) as u32);
                    }
                }
            }
        }
        start.push(succ.len());
        let reach = transitive_closure(nodes, words, &start, &succ);
        Closure {
            index,
            words,
            reach,
            useful,
        }
    }

    fn node(&self, n: usize, cell: usize, d: u8, on: bool) -> Option<usize> {
        let k = self.index[cell * n + d as usize - 1];
        (k != u32::MAX).then_some(2 * k as usize + on as usize)
    }

    fn row(&self, v: usize) -> &[u64] {
        &self.reach[v * self.words..(v + 1) * self.words]
    }

    fn holds(&self, v: usize, w: usize) -> bool {
        self.row(v)[w / 64] & (1 << (w % 64)) != 0
    }

    /// Whether assuming `(cell, d)` `on` implies its negation.
    pub fn refutes(&self, n: usize, cell: usize, d: u8, on: bool) -> bool {
        match (self.node(n, cell, d, on), self.node(n, cell, d, !on)) {
            (Some(v), Some(w)) => self.holds(v, w),
            _ => false,
        }
    }

    /// Whether the candidates `branches` (each assumed on) imply in common
    /// a potential that changes the grid (other than a branch itself).
    pub fn common(&self, n: usize, branches: &[(usize, u8)]) -> bool {
        let mut acc = self.useful.clone();
        for &(c, d) in branches {
            let Some(v) = self.node(n, c, d, true) else {
                return false;
            };
            for (a, b) in acc.iter_mut().zip(self.row(v)) {
                *a &= *b;
            }
        }
        acc.iter().any(|&w| w != 0)
    }
}

/// The reach of every node (itself included) in the graph `succ` (node
/// `v`'s successors are `succ[start[v]..start[v + 1]]`), row `v` of `words`
/// words. Tarjan's algorithm finds the strongly connected components in an
/// order where a component comes after every component it reaches, so one
/// pass over them builds each reach from its successors' finished ones.
fn transitive_closure(nodes: usize, words: usize, start: &[usize], succ: &[u32]) -> Vec<u64> {
    const NONE: u32 = u32::MAX;
    let mut reach = vec![0u64; nodes * words];
    let mut order = vec![NONE; nodes];
    let mut low = vec![0u32; nodes];
    let mut component = vec![NONE; nodes];
    let mut stack: Vec<u32> = Vec::new();
    // (node, next successor to look at)
    let mut calls: Vec<(u32, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut row = vec![0u64; words];
    for root in 0..nodes {
        if order[root] != NONE {
            continue;
        }
        calls.push((root as u32, start[root]));
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            let v = v as usize;
            if *next < start[v + 1] {
                let w = succ[*next] as usize;
                *next += 1;
                if order[w] == NONE {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    calls.push((w as u32, start[w]));
                } else if component[w] == NONE {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] != order[v] {
                continue;
            }
            // v roots a component: its members are on the stack down to v.
            let from = stack
                .iter()
                .rposition(|&x| x as usize == v)
                .expect("the root is on the stack");
            row.iter_mut().for_each(|w| *w = 0);
            for &x in &stack[from..] {
                let x = x as usize;
                component[x] = v as u32;
                row[x / 64] |= 1 << (x % 64);
            }
            for &x in &stack[from..] {
                let x = x as usize;
                for &w in &succ[start[x]..start[x + 1]] {
                    let w = w as usize;
                    if component[w] != v as u32 {
                        let r = component[w] as usize;
                        for (a, b) in row.iter_mut().zip(&reach[r * words..(r + 1) * words]) {
                            *a |= *b;
                        }
                    }
                }
            }
            for &x in &stack[from..] {
                let x = x as usize;
                reach[x * words..(x + 1) * words].copy_from_slice(&row);
            }
            stack.truncate(from);
        }
    }
    reach
}
