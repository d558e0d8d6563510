//! The rules a dynamic forcing chain of SE's "plus" levels applies to its
//! working grid once its plain links run out (SE's `getAdvancedPotentials`):
//! locked candidates, hidden pairs, naked pairs and X-wings, each giving
//! every elimination it finds with its *parents*, the candidates the chain
//! removed that the rule needs (an elimination the rule makes without them
//! would have been made before the chain, so it is not offered).

use crate::basic::ones;
use crate::board::{bit, digits, Board};

/// An elimination a rule makes in a chain's working grid: the candidate
/// removed, the removed candidates it rests on, and the complexity of the
/// nested chain that found it (`None` for the four plain rules).
#[derive(Clone, Debug)]
pub(crate) struct Advanced {
    pub off: (usize, u8),
    pub parents: Vec<(usize, u8)>,
    pub nested: Option<usize>,
}

/// The working grid `board` (its candidates are the chain's) against the
/// grid the chain started from.
pub(crate) struct Rules<'a> {
    pub source: &'a [u32],
    pub board: &'a Board,
    /// `places[u * n + d - 1]`: the places of `d` in unit `u` in `board`.
    pub places: &'a [u32],
}

impl Rules<'_> {
    fn places(&self, u: usize, d: u8) -> u32 {
        self.places[u * self.board.n + d as usize - 1]
    }

    fn removed(&self, cell: usize, d: u8) -> bool {
        self.source[cell] & bit(d) != 0 && self.board.cand[cell] & bit(d) == 0
    }

    /// The first of SE's four rules that gives anything, all it gives.
    pub fn plain(&self) -> Vec<Advanced> {
        for rule in [
            Self::locking,
            Self::hidden_pairs,
            Self::naked_pairs,
            Self::x_wings,
        ] {
            let found = rule(self);
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// Pointing and claiming: in unit `u` the digit lies in unit `v` too, so
    /// it leaves `v`'s other cells. Parents: the digit's removed places in
    /// `u` outside `v`.
    fn locking(&self) -> Vec<Advanced> {
        let b = self.board;
        let n = b.n;
        let mut out = Vec::new();
        // Boxes then lines as `u`: kind 2 (box) points into kinds 0 and 1.
        for (from, kinds) in [(2 * n..3 * n, &[0, 1][..]), (0..2 * n, &[2][..])] {
            for u in from {
                let unit = &b.units.cells[u];
                for d in 1..=n as u8 {
                    let places = self.places(u, d);
                    if places.count_ones() < 2 {
                        continue;
                    }
                    let first = unit[places.trailing_zeros() as usize];
                    for &kind in kinds {
                        let v = b.units.of_cell[first][kind];
                        if v == u
                            || !crate::basic::ones(places)
                                .all(|i| b.units.of_cell[unit[i]][kind] == v)
                        {
                            continue;
                        }
                        let targets = self.places(v, d) & !places_in(b, v, u);
                        if targets == 0 {
                            continue;
                        }
                        let parents: Vec<(usize, u8)> = unit
                            .iter()
                            .filter(|&&c| b.units.of_cell[c][kind] != v && self.removed(c, d))
                            .map(|&c| (c, d))
                            .collect();
                        if parents.is_empty() {
                            continue;
                        }
                        for i in crate::basic::ones(targets) {
                            out.push(Advanced {
                                off: (b.units.cells[v][i], d),
                                parents: parents.clone(),
                                nested: None,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Two digits with the same two places in a unit: the two cells lose
    /// their other digits. Parents: the two digits' removed places in the
    /// unit's other cells.
    fn hidden_pairs(&self) -> Vec<Advanced> {
        let b = self.board;
        let n = b.n;
        let mut out = Vec::new();
        for u in 0..3 * n {
            let unit = &b.units.cells[u];
            let pool: Vec<(u8, u32)> = (1..=n as u8)
                .map(|d| (d, self.places(u, d)))
                .filter(|&(_, p)| p.count_ones() == 2)
                .collect();
            for i in 0..pool.len() {
                for j in i + 1..pool.len() {
                    if pool[i].1 != pool[j].1 {
                        continue;
                    }
                    let keep = bit(pool[i].0) | bit(pool[j].0);
                    let cells: Vec<usize> = ones(pool[i].1).map(|k| unit[k]).collect();
                    let parents: Vec<(usize, u8)> = unit
                        .iter()
                        .filter(|c| !cells.contains(c))
                        .flat_map(|&c| {
                            [pool[i].0, pool[j].0]
                                .into_iter()
                                .filter(move |&d| self.source[c] & bit(d) != 0)
                                .map(move |d| (c, d))
                        })
                        .collect();
                    if parents.is_empty() {
                        continue;
                    }
                    for &c in &cells {
                        for d in digits(b.cand[c] & !keep) {
                            out.push(Advanced {
                                off: (c, d),
                                parents: parents.clone(),
                                nested: None,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Two cells of a unit holding the same two digits only: the unit's
    /// other cells lose them. Parents: the two cells' removed digits.
    fn naked_pairs(&self) -> Vec<Advanced> {
        let b = self.board;
        let n = b.n;
        let mut out = Vec::new();
        for u in 0..3 * n {
            let unit = &b.units.cells[u];
            let pool: Vec<usize> = unit
                .iter()
                .copied()
                .filter(|&c| b.value[c] == 0 && b.cand[c].count_ones() == 2)
                .collect();
            for i in 0..pool.len() {
                for j in i + 1..pool.len() {
                    let (x, y) = (pool[i], pool[j]);
                    if b.cand[x] != b.cand[y] {
                        continue;
                    }
                    let pair = b.cand[x];
                    let parents: Vec<(usize, u8)> = [x, y]
                        .into_iter()
                        .flat_map(|c| digits(self.source[c] & !pair).map(move |d| (c, d)))
                        .collect();
                    if parents.is_empty() {
                        continue;
                    }
                    for &c in unit {
                        if c == x || c == y {
                            continue;
                        }
                        for d in digits(b.cand[c] & pair) {
                            out.push(Advanced {
                                off: (c, d),
                                parents: parents.clone(),
                                nested: None,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// X-wings: in two lines the digit fits only in the same two cross
    /// lines, which lose it elsewhere. Parents: the digit's removed places
    /// in the two base lines off the cross lines.
    fn x_wings(&self) -> Vec<Advanced> {
        let b = self.board;
        let n = b.n;
        let mut out = Vec::new();
        for (base, cover) in [(0, n), (n, 0)] {
            for d in 1..=n as u8 {
                let pool: Vec<(usize, u32)> = (base..base + n)
                    .map(|u| (u, self.places(u, d)))
                    .filter(|&(_, p)| p.count_ones() == 2)
                    .collect();
                for i in 0..pool.len() {
                    for j in i + 1..pool.len() {
                        if pool[i].1 != pool[j].1 {
                            continue;
                        }
                        let lines = pool[i].1;
                        let parents: Vec<(usize, u8)> = [pool[i].0, pool[j].0]
                            .into_iter()
                            .flat_map(|u| {
                                b.units.cells[u]
                                    .iter()
                                    .enumerate()
                                    .filter(move |&(k, _)| lines & (1 << k) == 0)
                                    .map(|(_, &c)| c)
                            })
                            .filter(|&c| self.removed(c, d))
                            .map(|c| (c, d))
                            .collect();
                        if parents.is_empty() {
                            continue;
                        }
                        for line in ones(lines) {
                            for &c in &b.units.cells[cover + line] {
                                let u = b.units.of_cell[c][if base == 0 { 0 } else { 1 }];
                                if b.has(c, d) && u != pool[i].0 && u != pool[j].0 {
                                    out.push(Advanced {
                                        off: (c, d),
                                        parents: parents.clone(),
                                        nested: None,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// The positions in unit `v` of the cells it shares with unit `u`.
fn places_in(b: &Board, v: usize, u: usize) -> u32 {
    b.units.cells[v]
        .iter()
        .enumerate()
        .filter(|&(_, &c)| b.units.of_cell[c].contains(&u))
        .fold(0, |m, (i, _)| m | 1 << i)
}
