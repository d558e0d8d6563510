//! Aligned pair exclusion (SE 6.2): two cells and the bivalue cells that
//! see both. A pair of digits for the two cells is ruled out when the two
//! cells see each other and the digits are equal, or when a bivalue cell
//! seeing both would lose both its digits. A digit of either cell that
//! appears in no pair left is removed.

use crate::board::{bit, cell_name, digits, Board};
use crate::step::{Step, Technique};

/// SE's aligned pair exclusion, searched as SE does: base cells in
/// row-major order (empty cells with at least one bivalue peer), every
/// pair of them with two or more bivalue cells seeing both; the first pair
/// that removes a digit is the step.
pub fn aligned_pair_exclusion(board: &Board) -> Option<Step> {
    let n = board.n;
    let cells = board.cand.len();
    let peers = |c: usize| board.units.geometry.peers(c).iter().map(|&p| p as usize);
    // Base cells and, for each, its bivalue peers (the possible excluders).
    let mut base: Vec<(usize, Vec<usize>)> = Vec::new();
    for c in 0..cells {
        if board.value[c] != 0 || board.cand[c].count_ones() < 2 {
            continue;
        }
        if peers(c).any(|p| board.value[p] == 0 && board.cand[p].count_ones() == 1) {
            continue;
        }
        let mut excluders: Vec<usize> = peers(c)
            .filter(|&p| board.value[p] == 0 && board.cand[p].count_ones() == 2)
            .collect();
        excluders.sort_unstable();
        if !excluders.is_empty() {
            base.push((c, excluders));
        }
    }
    for (i, (c0, ex0)) in base.iter().enumerate() {
        for (c1, ex1) in &base[i + 1..] {
            let common: Vec<usize> = ex0
                .iter()
                .copied()
                .filter(|e| ex1.binary_search(e).is_ok())
                .collect();
            if common.len() < 2 {
                continue;
            }
            let aligned = board.sees(*c0, *c1);
            // Digits of each cell that appear in an allowed pair.
            let (mut ok0, mut ok1) = (0u32, 0u32);
            for d0 in digits(board.cand[*c0]) {
                for d1 in digits(board.cand[*c1]) {
                    if d0 == d1 && aligned {
                        continue;
                    }
                    let pair = bit(d0) | bit(d1);
                    if common.iter().any(|&e| board.cand[e] & !pair == 0) {
                        continue;
                    }
                    ok0 |= bit(d0);
                    ok1 |= bit(d1);
                }
            }
            let mut removed: Vec<(usize, u8)> = Vec::new();
            for (c, ok) in [(*c0, ok0), (*c1, ok1)] {
                removed.extend(digits(board.cand[c] & !ok).map(|d| (c, d)));
            }
            if removed.is_empty() {
                continue;
            }
            let names: Vec<String> = common.iter().map(|&e| cell_name(n, e)).collect();
            let mut step = Step::new(
                Technique::AlignedPairExclusion,
                Technique::AlignedPairExclusion.base(),
                format!(
                    "aligned pair exclusion on {} and {}: the bivalue cells {} see both, \
                     and no pair of digits for the two may empty one of them{}",
                    cell_name(n, *c0),
                    cell_name(n, *c1),
                    names.join(", "),
                    if aligned { ", nor repeat a digit" } else { "" }
                ),
            );
            step.eliminations = removed;
            step.cells = [*c0, *c1].into_iter().chain(common).collect();
            return Some(step);
        }
    }
    None
}
