//! Wings (XY, XYZ and the bivalue-cell-plus-almost-locked-set family up to
//! TUVWXYZ) and the uniqueness techniques (unique rectangle, BUG+1).

use crate::basic::{first_combination, first_naked_subset, ones, NakedSubset};
use crate::board::{bit, cell_name, digits, unit_of, Board};
use crate::step::{Step, Technique};
use sudoku_core::{digit_set, digit_symbol};

fn bivalue_cells(board: &Board) -> Vec<usize> {
    (0..board.cand.len())
        .filter(|&c| board.cand[c].count_ones() == 2)
        .collect()
}

/// Cells outside `wing` that hold `digit` and see every cell of `wing`
/// holding it.
fn seeing_all(board: &Board, wing: &[usize], digit: u8) -> Vec<(usize, u8)> {
    let holders: Vec<usize> = wing
        .iter()
        .copied()
        .filter(|&c| board.has(c, digit))
        .collect();
    (0..board.cand.len())
        .filter(|c| !wing.contains(c) && board.has(*c, digit))
        .filter(|&c| holders.iter().all(|&h| board.sees(c, h)))
        .map(|c| (c, digit))
        .collect()
}

/// XY-wing (SE 4.2): a pivot {x, y} sees wings {x, z} and {y, z}; whichever
/// the pivot holds, one wing is z, so cells seeing both wings lose z.
/// XYZ-wing (4.4): the pivot is {x, y, z}, and the cells must see it too.
pub fn xy_wing(board: &Board, xyz: bool) -> Option<Step> {
    let bivalue = bivalue_cells(board);
    let n = board.n;
    for pivot in 0..board.cand.len() {
        let pc = board.cand[pivot];
        if pc.count_ones() != if xyz { 3 } else { 2 } {
            continue;
        }
        let wings: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&w| board.sees(pivot, w))
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (board.cand[a], board.cand[b]);
                if ca == cb {
                    continue;
                }
                let z = ca & cb;
                if z.count_ones() != 1 {
                    continue;
                }
                let shape_ok = if xyz {
                    ca | cb == pc
                } else {
                    pc & z == 0 && (ca | cb) & !z == pc
                };
                if !shape_ok {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let wing: Vec<usize> = if xyz { vec![pivot, a, b] } else { vec![a, b] };
                let mut removed = seeing_all(board, &wing, zd);
                removed.retain(|&(c, _)| c != pivot);
                if removed.is_empty() {
                    continue;
                }
                let (technique, rating) = if xyz {
                    (Technique::XYZWing, 44)
                } else {
                    (Technique::XYWing, 42)
                };
                let mut step = Step::new(
                    technique,
                    rating,
                    format!(
                        "{} with pivot {} {} and wings {} {}, {} {}: one of them is {}",
                        technique.name(),
                        cell_name(n, pivot),
                        digit_set(pc),
                        cell_name(n, a),
                        digit_set(ca),
                        cell_name(n, b),
                        digit_set(cb),
                        digit_symbol(zd)
                    ),
                );
                step.eliminations = removed;
                step.cells = vec![pivot, a, b];
                return Some(step);
            }
        }
    }
    None
}

/// The bivalue-cell wings of size 4 to 7 (WXYZ to TUVWXYZ): a bivalue cell
/// {x, z} and an almost locked set (k cells of one unit holding k + 1
/// digits, x and z among them) where every cell holding x sees the bivalue
/// cell. If the bivalue cell is not z it is x, the set loses x and is locked
/// on its other digits, z among them: either way z is in the wing, so cells
/// seeing every z of the wing lose it. When z is linked the same way, both
/// are, and each other digit of the set leaves the cells that see all its
/// places in the set.
pub fn als_wing(board: &Board, size: usize) -> Option<Step> {
    let n = board.n;
    let bivalue = bivalue_cells(board);
    if bivalue.is_empty() {
        return None;
    }
    let als_cells = size - 1;
    let mut best: Option<Step> = None;
    for u in 0..3 * n {
        let pool: Vec<usize> = board.units.cells[u]
            .iter()
            .copied()
            .filter(|&c| board.cand[c].count_ones() >= 2)
            .collect();
        first_combination(pool.len(), als_cells, &mut |pick| {
            let cells: Vec<usize> = pick.iter().map(|&i| pool[i]).collect();
            let union = cells.iter().fold(0, |m, &c| m | board.cand[c]);
            if union.count_ones() as usize != size {
                return None::<()>;
            }
            for &y in &bivalue {
                let yc = board.cand[y];
                if cells.contains(&y) || yc & union != yc {
                    continue;
                }
                let restricted = |d: u8| {
                    cells
                        .iter()
                        .filter(|&&c| board.has(c, d))
                        .all(|&c| board.sees(c, y))
                };
                let pair: Vec<u8> = digits(yc).collect();
                let (rx, rz) = (restricted(pair[0]), restricted(pair[1]));
                let mut wing = cells.clone();
                wing.push(y);
                let mut removed = Vec::new();
                if rx && rz {
                    for d in digits(union) {
                        let group: Vec<usize> = if yc & bit(d) != 0 {
                            wing.clone()
                        } else {
                            cells.clone()
                        };
                        removed.extend(
                            seeing_all(board, &group, d)
                                .into_iter()
                                .filter(|(c, _)| !wing.contains(c)),
                        );
                    }
                } else if rx || rz {
                    let z = if rx { pair[1] } else { pair[0] };
                    removed = seeing_all(board, &wing, z);
                } else {
                    continue;
                }
                if removed.is_empty() {
                    continue;
                }
                removed.sort_unstable();
                removed.dedup();
                let biggest = cells
                    .iter()
                    .map(|&c| board.cand[c].count_ones() as i32)
                    .max()
                    .unwrap_or(2);
                let (technique, rating) = match size {
                    4 => (Technique::WXYZWing, (55 + (1 - (3 - biggest).abs())) as u32),
                    5 => (
                        Technique::VWXYZWing,
                        (62 + (2 - (3 - biggest).abs())) as u32,
                    ),
                    6 => (Technique::UVWXYZWing, 66),
                    _ => (Technique::TUVWXYZWing, 75),
                };
                let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
                let mut step = Step::new(
                    technique,
                    rating,
                    format!(
                        "{}: {} {} and the set {} holding {}",
                        technique.name(),
                        cell_name(n, y),
                        digit_set(yc),
                        names.join(", "),
                        digit_set(union)
                    ),
                );
                step.eliminations = removed;
                step.cells = wing;
                // SE takes the easiest, then the one removing the most.
                let better = best.as_ref().is_none_or(|b| {
                    (step.rating, std::cmp::Reverse(step.eliminations.len()))
                        < (b.rating, std::cmp::Reverse(b.eliminations.len()))
                });
                if better {
                    best = Some(step);
                }
            }
            None
        });
    }
    best
}

/// Unique rectangle type 1 (SE 4.5): three corners of a rectangle over two
/// boxes hold only {a, b}; if the fourth were a or b too, a and b could be
/// swapped in the four cells and the puzzle would have two solutions, so
/// the fourth loses them. Sound only for puzzles with one solution.
pub fn unique_rectangle(board: &Board) -> Option<Step> {
    let n = board.n;
    let g = &board.units.geometry;
    for a in 0..board.cand.len() {
        let pair = board.cand[a];
        if pair.count_ones() != 2 {
            continue;
        }
        for b in a + 1..board.cand.len() {
            if g.row(b) != g.row(a) || board.cand[b] != pair {
                continue;
            }
            for r in 0..n {
                if r == g.row(a) {
                    continue;
                }
                let (c, d) = (r * n + g.col(a), r * n + g.col(b));
                if !two_boxes(g, &[a, b, c, d]) {
                    continue;
                }
                for (floor, roof) in [(c, d), (d, c)] {
                    if board.cand[floor] == pair
                        && board.cand[roof] & pair == pair
                        && board.cand[roof] != pair
                    {
                        let mut step = Step::new(
                            Technique::UniqueRectangle,
                            45,
                            format!(
                                "unique rectangle {} on {}, {}, {}, {}",
                                digit_set(pair),
                                cell_name(n, a),
                                cell_name(n, b),
                                cell_name(n, floor),
                                cell_name(n, roof)
                            ),
                        );
                        step.eliminations = digits(pair).map(|d| (roof, d)).collect();
                        step.cells = vec![a, b, floor, roof];
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Unique rectangle types 2 and 4 (SE 4.5, as type 1: SE rates a
/// rectangle's every type alike). Four cells on two rows, two columns and
/// two boxes all hold {a, b}, and two of them (the floor) hold nothing
/// else. The other two (the roof) must not both end as {a, b}: the four
/// cells would then take a and b in a pattern that can be swapped, and the
/// puzzle would have two solutions. Sound only for puzzles with one solution.
///
/// * Type 2: each roof cell holds one digit more, the same x. One of them
///   is x, so every cell seeing both loses x.
/// * Type 4: the roof cells share a unit in which a has no other place. One
///   of them is a, so the other must not be b; neither is b.
pub fn unique_rectangle_roof(board: &Board) -> Option<Step> {
    each_roofed_rectangle(board, |pair, corners, roof| {
        ur_type_2(board, pair, corners, roof).or_else(|| ur_type_4(board, pair, corners, roof))
    })
}

/// Calls `visit` on every rectangle of types 2 to 4, rows then columns in
/// order, until it returns something: four cells on two rows, two columns
/// and two boxes that all hold the pair, two of them (the floor) nothing
/// else; `visit` gets the pair, the corners and the roof.
fn each_roofed_rectangle<T>(
    board: &Board,
    mut visit: impl FnMut(u32, &[usize; 4], &[usize]) -> Option<T>,
) -> Option<T> {
    let n = board.n;
    let g = &board.units.geometry;
    let at = |r: usize, c: usize| r * n + c;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)];
                    let common = corners.iter().fold(u32::MAX, |m, &c| m & board.cand[c]);
                    if common.count_ones() < 2 || !two_boxes(g, &corners) {
                        continue;
                    }
                    for pair in pairs_of(common) {
                        let (floor, roof): (Vec<usize>, Vec<usize>) =
                            corners.iter().partition(|&&c| board.cand[c] == pair);
                        if floor.len() != 2 {
                            continue;
                        }
                        if let Some(found) = visit(pair, &corners, &roof) {
                            return Some(found);
                        }
                    }
                }
            }
        }
    }
    None
}

/// Unique rectangle type 3 (SE 4.5 plus a tenth per digit of the subset
/// past one: 4.6 for a pair, 4.7 for a triple): the rectangle of
/// [`unique_rectangle_roof`], whose two roof cells share a unit and hold
/// two or more extra digits between them. One roof cell holds an extra
/// (or the four cells would be the swappable pattern), so the roof acts
/// in that unit as one cell holding the extras. With other cells of the
/// unit it makes a naked subset: `k` cells, the roof among them, holding
/// `k` digits between them; those digits leave the unit's other cells.
/// As SE, the smallest subset of every rectangle is taken first, and a
/// subset is looked for only while it is at most half the unit's empty
/// cells (past that SE looks for the hidden one, which we leave out).
/// Sound only for puzzles with one solution.
pub fn unique_rectangle_3(board: &Board) -> Option<Step> {
    let mut best: Option<(u32, Step)> = None;
    each_roofed_rectangle(board, |pair, corners, roof| {
        let bound = best.as_ref().map_or(u32::MAX, |b| b.0);
        if let Some(found) = ur_type_3(board, pair, corners, roof, bound) {
            best = Some(found);
        }
        None::<()>
    });
    best.map(|(_, step)| step)
}

/// The smallest type-3 subset of one rectangle, below `bound` digits.
fn ur_type_3(
    board: &Board,
    pair: u32,
    corners: &[usize; 4],
    roof: &[usize],
    bound: u32,
) -> Option<(u32, Step)> {
    let n = board.n;
    let extras = (board.cand[roof[0]] | board.cand[roof[1]]) & !pair;
    if extras.count_ones() < 2 {
        return None;
    }
    let units = shared_units(board, roof);
    for degree in extras.count_ones()..bound.min(n as u32 - 1) {
        let degree = degree as usize;
        for &u in &units {
            let others: Vec<usize> = board.units.cells[u]
                .iter()
                .copied()
                .filter(|&c| board.value[c] == 0 && !roof.contains(&c))
                .collect();
            if 2 * degree > others.len() + 2 {
                continue;
            }
            // The roof is the subset's one member outside `others`.
            let found = first_naked_subset(board, &others, &others, extras, degree - 1);
            let Some(NakedSubset {
                cells: naked,
                digits: set,
                removed,
            }) = found
            else {
                continue;
            };
            let technique = Technique::UniqueRectangle3;
            let names: Vec<String> = naked.iter().map(|&c| cell_name(n, c)).collect();
            let why = format!(
                "{} and {} hold the extras {}, one of them at least; with {} they make a naked subset {} in {}",
                cell_name(n, roof[0]),
                cell_name(n, roof[1]),
                digit_set(extras),
                names.join(", "),
                digit_set(set),
                unit_of(n, u)
            );
            let sentence = ur_sentence(technique, pair, n, corners, why);
            let rating = technique.base() + degree as u32 - 2;
            let mut step = Step::new(technique, rating, sentence);
            step.eliminations = removed;
            step.cells = corners.iter().chain(&naked).copied().collect();
            return Some((degree as u32, step));
        }
    }
    None
}

/// Whether the rectangle `[r1c1, r1c2, r2c1, r2c2]` lies in exactly two
/// boxes: its columns share a stack or its rows share a band, not both
/// (both: one box; neither: four).
fn two_boxes(g: &sudoku_core::Geometry, corners: &[usize; 4]) -> bool {
    let columns_in_one_stack = g.box_of(corners[0]) == g.box_of(corners[1]);
    let rows_in_one_band = g.box_of(corners[0]) == g.box_of(corners[2]);
    columns_in_one_stack != rows_in_one_band
}

/// Every two-digit subset of `mask`.
fn pairs_of(mask: u32) -> impl Iterator<Item = u32> {
    digits(mask).flat_map(move |a| {
        digits(mask)
            .filter(move |&b| b > a)
            .map(move |b| bit(a) | bit(b))
    })
}

/// `unique rectangle type 2 {4, 9} on r5c1, r5c3, r7c1, r7c3; <why>`.
fn ur_sentence(
    technique: Technique,
    pair: u32,
    n: usize,
    corners: &[usize; 4],
    why: String,
) -> String {
    let names: Vec<String> = corners.iter().map(|&c| cell_name(n, c)).collect();
    format!(
        "{} {} on {}; {why}",
        technique.name(),
        digit_set(pair),
        names.join(", ")
    )
}

fn ur_type_2(board: &Board, pair: u32, corners: &[usize; 4], roof: &[usize]) -> Option<Step> {
    let extra = board.cand[roof[0]] & !pair;
    if extra.count_ones() != 1 || board.cand[roof[1]] & !pair != extra {
        return None;
    }
    let x = digits(extra).next()?;
    // The floor cells hold no x, so only the roof needs leaving out.
    let removed = seeing_all(board, roof, x);
    if removed.is_empty() {
        return None;
    }
    let technique = Technique::UniqueRectangle2;
    let why = format!(
        "{} and {} each hold one digit more, {}, so one of them is {}",
        cell_name(board.n, roof[0]),
        cell_name(board.n, roof[1]),
        digit_symbol(x),
        digit_symbol(x)
    );
    let sentence = ur_sentence(technique, pair, board.n, corners, why);
    let mut step = Step::new(technique, 45, sentence);
    step.eliminations = removed;
    step.cells = corners.to_vec();
    Some(step)
}

fn ur_type_4(board: &Board, pair: u32, corners: &[usize; 4], roof: &[usize]) -> Option<Step> {
    let (p, q) = (board.units.of_cell[roof[0]], board.units.of_cell[roof[1]]);
    for u in (0..3).filter(|&k| p[k] == q[k]).map(|k| p[k]) {
        for a in digits(pair) {
            let b = digits(pair & !bit(a)).next()?;
            if board.places(u, a).count_ones() != 2 {
                continue; // a has another place in u, beside the two roof cells
            }
            let removed: Vec<(usize, u8)> = roof
                .iter()
                .filter(|&&c| board.has(c, b))
                .map(|&c| (c, b))
                .collect();
            if removed.is_empty() {
                continue;
            }
            let technique = Technique::UniqueRectangle4;
            let why = format!(
                "in {} the {} lies only in {} and {}",
                unit_of(board.n, u),
                digit_symbol(a),
                cell_name(board.n, roof[0]),
                cell_name(board.n, roof[1])
            );
            let sentence = ur_sentence(technique, pair, board.n, corners, why);
            let mut step = Step::new(technique, 45, sentence);
            step.eliminations = removed;
            step.cells = corners.to_vec();
            return Some(step);
        }
    }
    None
}

/// BUG+1 (SE 5.6): every empty cell but one holds two candidates and the
/// other holds three. Without the extra digit every digit would have two
/// places in each unit and the puzzle two solutions; so the cell holds the
/// digit that appears three times in its units. Sound only for unique puzzles.
pub fn bug(board: &Board) -> Option<Step> {
    let n = board.n;
    let mut extra = None;
    for c in 0..board.cand.len() {
        match board.cand[c].count_ones() {
            0 | 2 => {}
            3 if extra.is_none() => extra = Some(c),
            _ => return None,
        }
    }
    let cell = extra?;
    for d in digits(board.cand[cell]) {
        let units = board.units.of_cell[cell];
        if units.iter().all(|&u| board.places(u, d).count_ones() == 3) {
            let mut step = Step::new(
                Technique::Bug,
                Technique::Bug.base(),
                format!(
                    "BUG+1: {} is the one cell with three candidates",
                    cell_name(n, cell)
                ),
            );
            step.placements.push((cell, d));
            step.cells = vec![cell];
            return Some(step);
        }
    }
    None
}

/// BUG type 2 (SE 5.7): two or more cells hold a candidate more than two,
/// and taking out each one's extras (in a unit where a digit has other
/// than two places, the one such cell among them holds an extra) leaves
/// every empty cell two candidates and every digit two places or none in
/// each unit: a bivalue graveyard, which has no solution or two. When every
/// extra is the same digit, one of those cells holds it, so the cells that
/// see them all lose it. Sound only for unique puzzles.
pub fn bug_type2(board: &Board) -> Option<Step> {
    let n = board.n;
    let (cells, extra) = bug_extras(board)?;
    let digit = extra.iter().fold(0, |all, &e| all | e);
    if cells.len() < 2 || digit.count_ones() != 1 {
        return None;
    }
    let d = digit.trailing_zeros() as u8 + 1;
    let removed: Vec<(usize, u8)> = (0..board.cand.len())
        .filter(|&c| board.has(c, d) && !cells.contains(&c))
        .filter(|&c| cells.iter().all(|&b| board.sees(b, c)))
        .map(|c| (c, d))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
    let mut step = Step::new(
        Technique::Bug2,
        Technique::Bug2.base(),
        format!(
            "BUG type 2: {} each hold {} beyond two candidates",
            names.join(", "),
            digit_symbol(d)
        ),
    );
    step.eliminations = removed;
    step.cells = cells;
    Some(step)
}

/// The cells of a bivalue graveyard with extras and each one's extra
/// digits (as a mask per cell), when the position is one: in every unit
/// where a digit has other than two places, exactly one of those places
/// holds three or more candidates, and that cell holds the digit as an
/// extra; without the extras every empty cell holds two candidates and
/// every digit has two places or none in each unit. As SE finds them.
fn bug_extras(board: &Board) -> Option<(Vec<usize>, Vec<u32>)> {
    let n = board.n;
    let mut extra = vec![0u32; board.cand.len()];
    for u in 0..3 * n {
        for d in 1..=n as u8 {
            let places = board.places(u, d);
            if places.count_ones() == 0 || places.count_ones() == 2 {
                continue;
            }
            let mut wide = ones(places)
                .map(|i| board.units.cells[u][i])
                .filter(|&c| board.cand[c].count_ones() >= 3);
            match (wide.next(), wide.next()) {
                (None, _) => return None,
                (Some(c), None) => extra[c] |= bit(d),
                // Two wide cells: another unit tells which holds the extra.
                _ => {}
            }
        }
    }
    let cells: Vec<usize> = (0..board.cand.len()).filter(|&c| extra[c] != 0).collect();
    let rest = |c: usize| board.cand[c] & !extra[c];
    if (0..board.cand.len()).any(|c| board.value[c] == 0 && rest(c).count_ones() != 2) {
        return None;
    }
    for u in 0..3 * n {
        let unit = &board.units.cells[u];
        for d in 1..=n as u8 {
            let count = unit.iter().filter(|&&c| rest(c) & bit(d) != 0).count();
            if count != 0 && count != 2 {
                return None;
            }
        }
    }
    Some((cells, extra))
}

/// The units (row, column, box) that hold every one of `cells`.
fn shared_units(board: &Board, cells: &[usize]) -> Vec<usize> {
    (0..3)
        .map(|k| board.units.of_cell[cells[0]][k])
        .filter(|&u| cells.iter().all(|&c| board.units.of_cell[c].contains(&u)))
        .collect()
}

/// BUG type 3 (SE 5.7 plus a tenth per digit of the subset past one: 5.8
/// for a pair): the graveyard's cells with extras share a unit, and their
/// extra digits, taken as one more cell, form a naked subset with other
/// cells of that unit (that see them all): one of the graveyard's cells
/// holds an extra, so the subset's digits are locked in those cells and
/// leave the rest of the unit. Sound only for unique puzzles.
pub fn bug_type3(board: &Board) -> Option<Step> {
    let n = board.n;
    let (cells, extra) = bug_extras(board)?;
    let extras = extra.iter().fold(0, |all, &e| all | e);
    if cells.len() < 2 || extras.count_ones() < 2 {
        return None;
    }
    let common: Vec<usize> = (0..board.cand.len())
        .filter(|&c| !cells.contains(&c) && cells.iter().all(|&b| board.sees(b, c)))
        .collect();
    for u in shared_units(board, &cells) {
        let unit_cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| board.value[c] == 0 && board.units.of_cell[c].contains(&u))
            .collect();
        for degree in 2..=6.min(n) {
            if unit_cells.len() < degree {
                break;
            }
            let found = first_combination(unit_cells.len(), degree - 1, &mut |pick| {
                let others = pick
                    .iter()
                    .fold(0, |all, &i| all | board.cand[unit_cells[i]]);
                let set = others | extras;
                if others.count_ones() as usize != degree || set.count_ones() as usize != degree {
                    return None;
                }
                let naked: Vec<usize> = pick.iter().map(|&i| unit_cells[i]).collect();
                let removed: Vec<(usize, u8)> = unit_cells
                    .iter()
                    .filter(|c| !naked.contains(c))
                    .flat_map(|&c| digits(board.cand[c] & set).map(move |d| (c, d)))
                    .collect();
                (!removed.is_empty()).then_some((naked, set, removed))
            });
            if let Some((naked, set, removed)) = found {
                let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
                let naked_names: Vec<String> = naked.iter().map(|&c| cell_name(n, c)).collect();
                let rating = Technique::Bug3.base() + set.count_ones() - 2;
                let mut step = Step::new(
                    Technique::Bug3,
                    rating,
                    format!(
                        "BUG type 3: {} hold the extras {}; with {} they make a naked subset {} in {}",
                        names.join(", "),
                        digit_set(extras),
                        naked_names.join(", "),
                        digit_set(set),
                        unit_of(n, u)
                    ),
                );
                step.eliminations = removed;
                step.cells = cells.iter().chain(&naked).copied().collect();
                return Some(step);
            }
        }
    }
    None
}

/// BUG type 4 (SE 5.7): two cells hold extras and share a unit, and
/// without the extras they share one digit `v`. In that unit `v` has no
/// place but these two, so one of them is `v`; one of them holds an extra
/// (or the grid is a graveyard); so neither holds its other digit. Sound
/// only for unique puzzles.
pub fn bug_type4(board: &Board) -> Option<Step> {
    let n = board.n;
    let (cells, extra) = bug_extras(board)?;
    if cells.len() != 2 {
        return None;
    }
    let (a, b) = (cells[0], cells[1]);
    let rest = |c: usize| board.cand[c] & !extra[c];
    let shared = rest(a) & rest(b);
    if shared.count_ones() != 1 {
        return None;
    }
    let u = *shared_units(board, &cells).first()?;
    let removed: Vec<(usize, u8)> = [a, b]
        .into_iter()
        .flat_map(|c| digits(rest(c) & !shared).map(move |d| (c, d)))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let v = shared.trailing_zeros() as u8 + 1;
    let mut step = Step::new(
        Technique::Bug4,
        Technique::Bug4.base(),
        format!(
            "BUG type 4: {} and {} hold extras and share {}; in {} the {} lies only in them",
            cell_name(n, a),
            cell_name(n, b),
            digit_symbol(v),
            unit_of(n, u),
            digit_symbol(v)
        ),
    );
    step.eliminations = removed;
    step.cells = cells;
    Some(step)
}

/// Strong-link chains on one digit (SE's turbot fish, 4.0, and its
/// three- and four-link versions, 5.4 and 5.8): `links` pairs of cells that
/// are the digit's only two places in a unit, each pair's second cell seeing
/// the next pair's first. One end of the chain holds the digit whichever
/// way it runs, so cells seeing both ends lose it.
pub fn strong_links(board: &Board, links: usize) -> Option<Step> {
    let n = board.n;
    for d in 1..=n as u8 {
        // Conjugate pairs: both directions.
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for u in 0..3 * n {
            let places = board.places(u, d);
            if places.count_ones() == 2 {
                let mut it = ones(places).map(|i| board.units.cells[u][i]);
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                for p in [(a, b), (b, a)] {
                    if !pairs.contains(&p) {
                        pairs.push(p);
                    }
                }
            }
        }
        let mut chain = Vec::with_capacity(2 * links);
        for &(a, b) in &pairs {
            chain.clear();
            chain.extend([a, b]);
            if let Some(step) = extend_links(board, d, links, &pairs, &mut chain) {
                return Some(step);
            }
        }
    }
    None
}

fn extend_links(
    board: &Board,
    d: u8,
    links: usize,
    pairs: &[(usize, usize)],
    chain: &mut Vec<usize>,
) -> Option<Step> {
    let n = board.n;
    if chain.len() == 2 * links {
        let (start, end) = (chain[0], chain[chain.len() - 1]);
        if board.sees(start, end) {
            return None; // a shorter pattern (or a contradiction) covers it
        }
        let removed: Vec<(usize, u8)> = (0..board.cand.len())
            .filter(|c| {
                !chain.contains(c)
                    && board.has(*c, d)
                    && board.sees(*c, start)
                    && board.sees(*c, end)
            })
            .map(|c| (c, d))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let (technique, rating) = match links {
            2 => (Technique::TurbotFish, 40),
            3 => (Technique::ThreeStrongLinks, 54),
            _ => (Technique::FourStrongLinks, 58),
        };
        let names: Vec<String> = chain.iter().map(|&c| cell_name(n, c)).collect();
        let mut step = Step::new(
            technique,
            rating,
            format!(
                "{} on {}: {} (strong, weak, strong, ...)",
                technique.name(),
                digit_symbol(d),
                names.join(" - ")
            ),
        );
        step.eliminations = removed;
        step.cells = chain.clone();
        return Some(step);
    }
    let last = chain[chain.len() - 1];
    for &(a, b) in pairs {
        if chain.contains(&a) || chain.contains(&b) || !board.sees(last, a) {
            continue;
        }
        chain.extend([a, b]);
        let found = extend_links(board, d, links, pairs, chain);
        chain.truncate(chain.len() - 2);
        if found.is_some() {
            return found;
        }
    }
    None
}
