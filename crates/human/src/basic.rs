//! Singles, locked candidates, naked and hidden subsets, fish: the
//! techniques defined on one or two kinds of unit.

use crate::board::{bit, cell_name, digits, unit_of, Board};
use crate::step::{Step, Technique, Tenths};
use sudoku_core::{digit_set, digit_symbol};

/// Calls `f` with every `k`-subset of `0..len` (indices ascending) until it
/// returns `Some`.
pub(crate) fn first_combination<T>(
    len: usize,
    k: usize,
    f: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        start: usize,
        len: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..len {
            if len - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            let found = go(i + 1, len, k, chosen, f);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k > len {
        return None;
    }
    go(0, len, k, &mut Vec::with_capacity(k), f)
}

/// The last empty cell of a unit (SE 1.0), else a digit with one place in a
/// box (1.2), else in a row or column (1.5).
pub fn hidden_single(board: &Board) -> Option<Step> {
    let n = board.n;
    for u in 0..3 * n {
        let empty: Vec<usize> = board.units.cells[u]
            .iter()
            .copied()
            .filter(|&c| board.value[c] == 0)
            .collect();
        if let [cell] = empty[..] {
            if board.cand[cell].count_ones() == 1 {
                let d = board.cand[cell].trailing_zeros() as u8 + 1;
                return Some(Step::placing(
                    Technique::LastValue,
                    10,
                    format!(
                        "last value: {} is the only empty cell of {}",
                        cell_name(n, cell),
                        unit_of(n, u)
                    ),
                    (cell, d),
                    board.units.cells[u].clone(),
                ));
            }
        }
    }
    let boxes_first = (2 * n..3 * n).chain(0..2 * n);
    for u in boxes_first {
        for d in 1..=n as u8 {
            let places = board.places(u, d);
            if places.count_ones() == 1 {
                let cell = board.units.cells[u][places.trailing_zeros() as usize];
                let rating = if u >= 2 * n { 12 } else { 15 };
                return Some(Step::placing(
                    Technique::HiddenSingle,
                    rating,
                    format!(
                        "hidden single: {} is the only place for {} in {}",
                        cell_name(n, cell),
                        digit_symbol(d),
                        unit_of(n, u)
                    ),
                    (cell, d),
                    board.units.cells[u].clone(),
                ));
            }
        }
    }
    None
}

/// A cell with one candidate left (SE 2.3).
pub fn naked_single(board: &Board) -> Option<Step> {
    let cell = (0..board.cand.len()).find(|&c| board.cand[c].count_ones() == 1)?;
    let d = board.cand[cell].trailing_zeros() as u8 + 1;
    Some(Step::placing(
        Technique::NakedSingle,
        23,
        format!(
            "naked single: {} is the only digit left for {}",
            digit_symbol(d),
            cell_name(board.n, cell)
        ),
        (cell, d),
        vec![cell],
    ))
}

/// Every locked set of one kind in SE's order, until `found` returns
/// `Some`: a digit `d` whose places in a unit `u` (at least two) all lie in
/// a unit `v` of the other kind, as `found(u, d, places, v)`. Pointing: `u`
/// a box and `v` a column, then a row; claiming: `u` a column, then a row,
/// and `v` a box. SE goes digit by digit within each pair of kinds.
fn first_locked<T>(
    board: &Board,
    pointing: bool,
    mut found: impl FnMut(usize, u8, &[usize], usize) -> Option<T>,
) -> Option<T> {
    let n = board.n;
    // Each pair as the units `u` run over and the kind of `v` (0 row, 1
    // column, 2 box: the index into `of_cell`).
    let (rows, columns, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
    let kinds = if pointing {
        [(boxes.clone(), 1), (boxes, 0)]
    } else {
        [(columns, 2), (rows, 2)]
    };
    for (first, kind) in kinds {
        for d in 1..=n as u8 {
            for u in first.clone() {
                let places = board.places(u, d);
                if places.count_ones() < 2 {
                    continue;
                }
                let cells: Vec<usize> = ones(places).map(|i| board.units.cells[u][i]).collect();
                // The one unit of that kind that can hold them all: the first's.
                let v = board.units.of_cell[cells[0]][kind];
                if cells.iter().all(|&c| board.units.of_cell[c][kind] == v) {
                    if let Some(t) = found(u, d, &cells, v) {
                        return Some(t);
                    }
                }
            }
        }
    }
    None
}

/// Locked candidates: in a box the digit lies on one line (pointing, SE
/// 2.6), or in a line it lies in one box (claiming, 2.8); it leaves the rest
/// of the other unit.
pub fn locked_candidates(board: &Board, pointing: bool) -> Option<Step> {
    let n = board.n;
    first_locked(board, pointing, |u, d, cells, v| {
        let removed: Vec<(usize, u8)> = board.units.cells[v]
            .iter()
            .filter(|&&c| board.has(c, d) && !cells.contains(&c))
            .map(|&c| (c, d))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let (technique, rating) = if pointing {
            (Technique::Pointing, 26)
        } else {
            (Technique::Claiming, 28)
        };
        let mut step = Step::new(technique, rating, locked_finding(technique, n, u, d, v));
        step.eliminations = removed;
        step.cells = cells.to_vec();
        Some(step)
    })
}

/// "pointing: in box 5 the 3 lies in column 5".
fn locked_finding(technique: Technique, n: usize, u: usize, d: u8, v: usize) -> String {
    format!(
        "{}: in {} the {} lies in {}",
        technique.name(),
        unit_of(n, u),
        digit_symbol(d),
        unit_of(n, v)
    )
}

/// Whether units `a` and `b` share a cell.
fn crosses(board: &Board, a: usize, b: usize) -> bool {
    board.units.cells[a]
        .iter()
        .any(|c| board.units.of_cell[*c].contains(&b))
}

/// SE's direct locked candidates: a digit locked from one unit into a
/// second (a box's places on one line: pointing; a line's in one box:
/// claiming) would leave one place for it in a third unit, of the first
/// one's kind, crossing the second. SE rates that placement 1.7 after
/// pointing and 1.9 after claiming, and makes only the placement: the
/// eliminations wait for a later step, so the path is SE's.
pub fn direct_locked(board: &Board) -> Option<Step> {
    [true, false].into_iter().find_map(|pointing| {
        first_locked(board, pointing, |u, d, cells, v| {
            let n = board.n;
            // The units of `u`'s kind: rows, columns and boxes are each `n`
            // consecutive unit indices.
            let kind = u / n * n..(u / n + 1) * n;
            let (w, cell) = kind
                .filter(|&w| w != u && crosses(board, w, v))
                .find_map(|w| {
                    let places = board.places(w, d);
                    let left: Vec<usize> = ones(places)
                        .map(|i| board.units.cells[w][i])
                        .filter(|c| !board.units.of_cell[*c].contains(&v))
                        .collect();
                    match left[..] {
                        [cell] if places.count_ones() >= 2 => Some((w, cell)),
                        _ => None,
                    }
                })?;
            let technique = if pointing {
                Technique::DirectPointing
            } else {
                Technique::DirectClaiming
            };
            let finding = format!(
                "{}, so {} is the only place left for it in {}",
                locked_finding(technique, n, u, d, v),
                cell_name(n, cell),
                unit_of(n, w)
            );
            Some(Step::placing(
                technique,
                technique.base(),
                finding,
                (cell, d),
                cells.to_vec(),
            ))
        })
    })
}

/// SE's direct hidden pair (2.0) and triple (2.5): `size` digits that fit
/// only in `size` cells of a unit leave another digit one place in the
/// rest of the unit. Only that placement is made, as SE makes it.
pub fn direct_hidden_subset(board: &Board, size: usize) -> Option<Step> {
    let n = board.n;
    // SE's order: boxes, columns, rows; units with more empty cells than
    // the subset has.
    let units = (2 * n..3 * n).chain(n..2 * n).chain(0..n).filter(|&u| {
        let empty = board.units.cells[u]
            .iter()
            .filter(|&&c| board.value[c] == 0);
        empty.count() > size
    });
    first_hidden_subset(board, units, size, |u, keep, places| {
        let unit = &board.units.cells[u];
        let (d, rest) = (1..=n as u8)
            .filter(|&d| keep & bit(d) == 0)
            .map(|d| (d, board.places(u, d)))
            .find(|&(_, p)| p.count_ones() > 1 && (p & !places).count_ones() == 1)?;
        let cell = unit[(rest & !places).trailing_zeros() as usize];
        let technique = if size == 2 {
            Technique::DirectHiddenPair
        } else {
            Technique::DirectHiddenTriple
        };
        let finding = format!(
            "{}, so {} is the only place left for {}",
            subset_finding(technique, board, u, keep, places),
            cell_name(n, cell),
            digit_symbol(d)
        );
        Some(Step::placing(
            technique,
            technique.base(),
            finding,
            (cell, d),
            ones(places).map(|i| unit[i]).collect(),
        ))
    })
}

/// The first hidden subset among `units` (in their order) that `found`
/// takes: `size` digits (`keep`) whose places in unit `u`, at least two
/// each, are `size` cells (`places`, a mask of the unit's positions).
fn first_hidden_subset<T>(
    board: &Board,
    units: impl Iterator<Item = usize>,
    size: usize,
    mut found: impl FnMut(usize, u32, u32) -> Option<T>,
) -> Option<T> {
    for u in units {
        let pool: Vec<(u8, u32)> = (1..=board.n as u8)
            .map(|d| (d, board.places(u, d)))
            .filter(|&(_, p)| p.count_ones() >= 2 && p.count_ones() as usize <= size)
            .collect();
        let hit = first_combination(pool.len(), size, &mut |pick| {
            let places = pick.iter().fold(0, |m, &i| m | pool[i].1);
            if places.count_ones() as usize != size {
                return None;
            }
            let keep = pick.iter().fold(0, |m, &i| m | bit(pool[i].0));
            found(u, keep, places)
        });
        if hit.is_some() {
            return hit;
        }
    }
    None
}

/// "hidden pair {1, 6} in column 2: r4c2, r6c2".
fn subset_finding(technique: Technique, board: &Board, u: usize, keep: u32, places: u32) -> String {
    let n = board.n;
    let names: Vec<String> = ones(places)
        .map(|i| cell_name(n, board.units.cells[u][i]))
        .collect();
    format!(
        "{} {} in {}: {}",
        technique.name(),
        digit_set(keep),
        unit_of(n, u),
        names.join(", ")
    )
}

pub(crate) use sudoku_core::bits::ones;

fn subset_technique(size: usize, hidden: bool) -> (Technique, Tenths) {
    match (size, hidden) {
        (2, false) => (Technique::NakedPair, 30),
        (3, false) => (Technique::NakedTriple, 36),
        (_, false) => (Technique::NakedQuad, 50),
        (2, true) => (Technique::HiddenPair, 34),
        (3, true) => (Technique::HiddenTriple, 40),
        (_, true) => (Technique::HiddenQuad, 54),
    }
}

/// A naked subset: `size` cells of a unit hold `size` digits between them,
/// which leave the unit's other cells.
pub fn naked_subset(board: &Board, size: usize) -> Option<Step> {
    let n = board.n;
    for u in 0..3 * n {
        let unit = &board.units.cells[u];
        let pool: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&c| board.value[c] == 0 && (board.cand[c].count_ones() as usize) <= size)
            .collect();
        let found = first_naked_subset(board, &pool, unit, 0, size).map(|subset| {
            let NakedSubset {
                cells,
                digits: union,
                removed,
            } = subset;
            let (technique, rating) = subset_technique(size, false);
            let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
            let mut step = Step::new(
                technique,
                rating,
                format!(
                    "{} {} in {}: {}",
                    technique.name(),
                    digit_set(union),
                    unit_of(n, u),
                    names.join(", ")
                ),
            );
            step.eliminations = removed;
            step.cells = cells;
            step
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first naked subset among `pool`: `picks` of its cells that, with the
/// digits `seed` (one more member of the subset outside the pool, as a
/// unique rectangle's roof; none for `0`), hold as many digits as the
/// subset has members, and whose digits some cell of `among` outside the
/// picks still holds.
pub(crate) fn first_naked_subset(
    board: &Board,
    pool: &[usize],
    among: &[usize],
    seed: u32,
    picks: usize,
) -> Option<NakedSubset> {
    let members = picks + usize::from(seed != 0);
    first_combination(pool.len(), picks, &mut |pick| {
        let union = pick.iter().fold(seed, |m, &i| m | board.cand[pool[i]]);
        if union.count_ones() as usize != members {
            return None;
        }
        let cells: Vec<usize> = pick.iter().map(|&i| pool[i]).collect();
        let removed: Vec<(usize, u8)> = among
            .iter()
            .filter(|c| !cells.contains(c))
            .flat_map(|&c| digits(board.cand[c] & union).map(move |d| (c, d)))
            .collect();
        (!removed.is_empty()).then_some(NakedSubset {
            cells,
            digits: union,
            removed,
        })
    })
}

/// What [`first_naked_subset`] found.
pub(crate) struct NakedSubset {
    /// The picked cells of the pool.
    pub cells: Vec<usize>,
    /// The subset's digits.
    pub digits: u32,
    /// The subset's digits in the other cells it was asked about.
    pub removed: Vec<(usize, u8)>,
}

/// A hidden subset: `size` digits fit only in `size` cells of a unit, whose
/// other candidates go.
pub fn hidden_subset(board: &Board, size: usize) -> Option<Step> {
    first_hidden_subset(board, 0..3 * board.n, size, |u, keep, places| {
        let cells: Vec<usize> = ones(places).map(|i| board.units.cells[u][i]).collect();
        let removed: Vec<(usize, u8)> = cells
            .iter()
            .flat_map(|&c| digits(board.cand[c] & !keep).map(move |d| (c, d)))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let (technique, rating) = subset_technique(size, true);
        let finding = subset_finding(technique, board, u, keep, places);
        let mut step = Step::new(technique, rating, finding);
        step.eliminations = removed;
        step.cells = cells;
        Some(step)
    })
}

/// A fish of `size` (2 X-wing, 3 swordfish, 4 jellyfish): in `size` rows the
/// digit fits only in the same `size` columns, so it leaves those columns'
/// other rows (or rows and columns swapped).
pub fn fish(board: &Board, size: usize) -> Option<Step> {
    let n = board.n;
    for base_rows in [true, false] {
        let (base, cover) = if base_rows { (0, n) } else { (n, 0) };
        for d in 1..=n as u8 {
            let pool: Vec<(usize, u32)> = (base..base + n)
                .map(|u| (u, board.places(u, d)))
                .filter(|&(_, p)| p.count_ones() >= 2 && p.count_ones() as usize <= size)
                .collect();
            let found = first_combination(pool.len(), size, &mut |pick| {
                let lines = pick.iter().fold(0, |m, &i| m | pool[i].1);
                if lines.count_ones() as usize != size {
                    return None;
                }
                let bases: Vec<usize> = pick.iter().map(|&i| pool[i].0).collect();
                let mut removed = Vec::new();
                let mut cells = Vec::new();
                for line in ones(lines) {
                    for &c in &board.units.cells[cover + line] {
                        let in_base =
                            bases.contains(&board.units.of_cell[c][if base_rows { 0 } else { 1 }]);
                        if board.has(c, d) {
                            if in_base {
                                cells.push(c);
                            } else {
                                removed.push((c, d));
                            }
                        }
                    }
                }
                if removed.is_empty() {
                    return None;
                }
                let (technique, rating) = match size {
                    2 => (Technique::XWing, 32),
                    3 => (Technique::Swordfish, 38),
                    _ => (Technique::Jellyfish, 52),
                };
                let name = |u: usize| unit_of(n, u).to_string();
                let b: Vec<String> = bases.iter().map(|&u| name(u)).collect();
                let c: Vec<String> = ones(lines).map(|l| name(cover + l)).collect();
                let mut step = Step::new(
                    technique,
                    rating,
                    format!(
                        "{} on {} in {}; {}",
                        technique.name(),
                        digit_symbol(d),
                        b.join(", "),
                        c.join(", ")
                    ),
                );
                step.eliminations = removed;
                step.cells = cells;
                Some(step)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
