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
/// Unique loops (SE 4.6 for six cells, 4.7 for eight, 5.0 from ten): an
/// even loop of cells that all hold the same two digits, each linked to the
/// next through a unit, and each unit it crosses crossed by exactly two of
/// its cells, one in an odd and one in an even place. If every cell held
/// only the two digits, they could be swapped around the loop and the
/// puzzle would have two solutions; so the extra digits must decide it.
/// Type 1: one cell has more, so it is neither of the two. Type 2: the
/// cells with more have one more digit, the same: one of them holds it, and
/// cells seeing them all lose it. Type 4: two cells with more share a unit
/// where one digit of the pair lies only in them: one of them holds it, the
/// other must then not hold the other digit, so neither does. Among the
/// loops found the lowest rating is taken, then the lowest type, as SE
/// does; rectangles (four cells) are the unique rectangle's.
pub fn unique_loop(board: &Board) -> Option<Step> {
    let mut best: Option<(u32, u8, Step)> = None;
    let mut loop_cells = Vec::with_capacity(16);
    for start in 0..board.cand.len() {
        let pair = board.cand[start];
        if pair.count_ones() != 2 {
            continue;
        }
        loop_cells.clear();
        loop_cells.push(start);
        walk_loop(board, pair, &mut loop_cells, 2, 0, None, &mut best);
    }
    best.map(|b| b.2)
}

fn walk_loop(
    board: &Board,
    pair: u32,
    cells: &mut Vec<usize>,
    allowed_ex: usize,
    ex: u32,
    last_kind: Option<usize>,
    best: &mut Option<(u32, u8, Step)>,
) {
    let units = &board.units;
    let cell = cells[cells.len() - 1];
    for kind in [2, 0, 1] {
        if last_kind == Some(kind) {
            continue;
        }
        let u = units.of_cell[cell][kind];
        for &next in &units.cells[u] {
            if next == cells[0] && cells.len() >= 6 {
                loop_found(board, pair, cells, best);
            } else if !cells.contains(&next) && board.cand[next] & pair == pair && cells.len() < 16
            {
                let more = board.cand[next] & !pair;
                let new_ex = ex | more;
                if more == 0 || new_ex.count_ones() == 1 || allowed_ex > 0 {
                    cells.push(next);
                    let left = allowed_ex - usize::from(more != 0 && allowed_ex > 0);
                    walk_loop(board, pair, cells, left, new_ex, Some(kind), best);
                    cells.pop();
                }
            }
        }
    }
}

fn loop_found(board: &Board, pair: u32, cells: &[usize], best: &mut Option<(u32, u8, Step)>) {
    let units = &board.units;
    // Every unit crossed: once by an odd place, once by an even one.
    let mut seen: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (i, &c) in cells.iter().enumerate() {
        for u in units.of_cell[c] {
            if seen[i % 2].contains(&u) {
                return;
            }
            seen[i % 2].push(u);
        }
    }
    seen[0].sort_unstable();
    seen[1].sort_unstable();
    if seen[0] != seen[1] {
        return;
    }
    let rating = match cells.len() {
        6 => 46,
        8 => 47,
        _ => 50,
    };
    let n = board.n;
    let extras: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.cand[c] & !pair != 0)
        .collect();
    let ds: Vec<u8> = digits(pair).collect();
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let list = |cs: &[usize]| {
        cs.iter()
            .map(|&c| cell_name(n, c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let head = format!(
        "unique loop {} on {}",
        digit_set(pair),
        cells
            .iter()
            .map(|&c| cell_name(n, c))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut found: Vec<(u8, Step)> = Vec::new();
    let more: u32 = extras.iter().fold(0, |m, &c| m | (board.cand[c] & !pair));
    if extras.len() == 1 {
        let c = extras[0];
        let mut step = Step::new(
            Technique::UniqueLoop,
            rating,
            format!("{head}: {} is the one cell with more", cell_name(n, c)),
        );
        step.eliminations = ds.iter().map(|&d| (c, d)).collect();
        found.push((1, step));
    }
    if extras.len() >= 2 && more.count_ones() == 1 {
        let d = digits(more).next().unwrap();
        let removed: Vec<(usize, u8)> = (0..board.cand.len())
            .filter(|&c| {
                !extras.contains(&c) && board.has(c, d) && extras.iter().all(|&x| board.sees(c, x))
            })
            .map(|c| (c, d))
            .collect();
        if !removed.is_empty() {
            let mut step = Step::new(
                Technique::UniqueLoop,
                rating,
                format!(
                    "{head} (type 2): {} hold one digit more, {}, so one of them is {}",
                    list(&extras),
                    digit_symbol(d),
                    digit_symbol(d)
                ),
            );
            step.eliminations = removed;
            found.push((2, step));
        }
    }
    if extras.len() == 2 {
        let (c1, c2) = (extras[0], extras[1]);
        // SE's order of units (box, row, column); the last that locks a digit.
        let (mut lock1, mut lock2) = (None, None);
        for k in [2, 0, 1] {
            let u = units.of_cell[c1][k];
            if units.of_cell[c2][k] != u {
                continue;
            }
            let elsewhere = |d: u8| {
                units.cells[u]
                    .iter()
                    .any(|&c| c != c1 && c != c2 && board.has(c, d))
            };
            if !elsewhere(ds[0]) {
                lock1 = Some(u);
            }
            if !elsewhere(ds[1]) {
                lock2 = Some(u);
            }
        }
        let lock = lock1
            .map(|u| (u, ds[0], ds[1]))
            .or(lock2.map(|u| (u, ds[1], ds[0])));
        if let Some((u, locked, gone)) = lock {
            let mut step = Step::new(
                Technique::UniqueLoop,
                rating,
                format!(
                    "{head} (type 4): in {} the {} lies only in {} and {}",
                    unit_of(n, u),
                    digit_symbol(locked),
                    cell_name(n, c1),
                    cell_name(n, c2)
                ),
            );
            step.eliminations = vec![(c1, gone), (c2, gone)];
            found.push((4, step));
        }
    }
    for (t, mut step) in found {
        if best.as_ref().is_some_and(|b| (b.0, b.1) <= (rating, t)) {
            continue;
        }
        step.eliminations.sort_unstable();
        step.cells = sorted.clone();
        *best = Some((rating, t, step));
    }
}

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
            return Some(Step::placing(
                Technique::Bug,
                Technique::Bug.base(),
                format!(
                    "BUG+1: {} is the one cell with three candidates",
                    cell_name(n, cell)
                ),
                (cell, d),
                vec![cell],
            ));
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

/// Strong-link chains on one digit (SE's turbot fish, and its three- and
/// four-link versions): `links` strong links (a unit where the digit's
/// places split into two ends, one of which holds it), each link's second
/// end sharing a unit with the next link's first (a weak link: not both).
/// One end of the chain holds the digit whichever way it runs, so cells
/// seeing both ends lose it.
///
/// An end is one cell, or a group: a unit's places of the digit that lie in
/// one line and one box (Sudoku Explainer's forks call such a link
/// grouped): a line whose places lie in two boxes, or a box whose places
/// lie in one row and one column of it (an empty rectangle, the cross's
/// arms the two ends; the cross's centre counts with the arm of the other
/// end when an arm is one cell, and with both when it is a place), or in
/// two of its rows (or columns), from four places. A box's two places in
/// one line are that line's link.
///
/// The rating is SukakuExplainer v1.15.10's (the rater of
/// `puzzles/se-rated-2500.txt`): two links 4.0 when both are lines of one
/// direction, 4.1 when rows and columns mix, 4.2 with a box, 4.3 with a
/// group; three links 5.4, 5.6 (rows and columns), 5.5 (a box), 5.7 (a
/// group); four links, a link of its later versions, 5.8 up to 6.1 by the
/// same marks. Of the chains found the solver takes the lowest rating, then
/// the most removals, as SE does. The removals leave out the links' units,
/// and from three links on the weak links' units too, as SE's do.
pub fn strong_links(board: &Board, links: usize) -> Option<Step> {
    let n = board.n;
    let mut best: Option<(u32, usize, Step)> = None;
    for d in 1..=n as u8 {
        let all = digit_links(board, d, links);
        let mut chain: Vec<(usize, usize)> = Vec::with_capacity(links);
        let mut shared: Vec<usize> = Vec::with_capacity(links);
        for first in 0..all.len() {
            for o in 0..2 {
                chain.clear();
                chain.push((first, o));
                extend_links(board, d, links, &all, &mut chain, &mut shared, &mut best);
                if best.as_ref().is_some_and(|b| b.0 == chain_floor(links)) {
                    return best.map(|b| b.2);
                }
            }
        }
    }
    best.map(|b| b.2)
}

/// One strong link: the digit's places in `unit` (all of them, `places`)
/// split into two ends; each end is the cells it stands for (a group may
/// name the empty centre of its cross as well, which fixes its line).
struct Link {
    unit: usize,
    /// Sudoku Explainer's link type: 0 a box, 1 a row, 2 a column.
    kind: u8,
    grouped: bool,
    places: Vec<usize>,
    ends: [Vec<usize>; 2],
}

/// The lowest rating a chain of `links` links can have.
fn chain_floor(links: usize) -> u32 {
    match links {
        2 => 40,
        3 => 54,
        _ => 58,
    }
}

fn chain_rating(links: usize, grouped: bool, boxed: bool, mixed: bool) -> u32 {
    let base = chain_floor(links);
    match links {
        2 | 3 if grouped => base + 3,
        2 if boxed => base + 2,
        2 if mixed => base + 1,
        3 if boxed => base + 1,
        3 if mixed => base + 2,
        2 | 3 => base,
        _ if grouped => base + 3,
        _ => base + u32::from(boxed) + u32::from(mixed),
    }
}

/// Every strong link of digit `d`, plain and grouped.
fn digit_links(board: &Board, d: u8, links: usize) -> Vec<Link> {
    let n = board.n;
    let units = &board.units;
    let (row, col) = (
        |c: usize| units.of_cell[c][0],
        |c: usize| units.of_cell[c][1],
    );
    let mut out = Vec::new();
    for u in 0..3 * n {
        let places: Vec<usize> = units.cells[u]
            .iter()
            .copied()
            .filter(|&c| board.has(c, d))
            .collect();
        let p = places.len();
        let kind = match u / n {
            0 => 1,
            1 => 2,
            _ => 0,
        };
        if !(2..=6).contains(&p) || (kind == 0 && links == 2 && p > 5) {
            continue;
        }
        let link = |grouped: bool, a: Vec<usize>, b: Vec<usize>| Link {
            unit: u,
            kind,
            grouped,
            places: places.clone(),
            ends: [a, b],
        };
        if p == 2 {
            let (a, b) = (places[0], places[1]);
            if kind == 0 && (row(a) == row(b) || col(a) == col(b)) {
                continue; // the line's link
            }
            out.push(link(false, vec![a], vec![b]));
            continue;
        }
        if kind != 0 {
            // A line whose places lie in exactly two boxes.
            let first_box = units.of_cell[places[0]][2];
            let (a, b): (Vec<usize>, Vec<usize>) = places
                .iter()
                .partition(|&&c| units.of_cell[c][2] == first_box);
            let second_box = b.first().map(|&c| units.of_cell[c][2]);
            if second_box.is_some() && b.iter().all(|&c| Some(units.of_cell[c][2]) == second_box) {
                out.push(link(true, a, b));
            }
            continue;
        }
        // A box: the first centre whose cross holds every place.
        let cells = &units.cells[u];
        if let Some(&h) = cells
            .iter()
            .find(|&&h| places.iter().all(|&c| row(c) == row(h) || col(c) == col(h)))
        {
            let arm_r: Vec<usize> = places
                .iter()
                .copied()
                .filter(|&c| c != h && row(c) == row(h))
                .collect();
            let arm_c: Vec<usize> = places
                .iter()
                .copied()
                .filter(|&c| c != h && col(c) == col(h))
                .collect();
            if arm_r.is_empty() || arm_c.is_empty() {
                continue;
            }
            if arm_r.len() == 1 || arm_c.len() == 1 {
                for (x, other) in [(&arm_r, &arm_c), (&arm_c, &arm_r)] {
                    if x.len() == 1 {
                        let mut y = other.clone();
                        y.push(h);
                        out.push(link(true, x.clone(), y));
                    }
                }
            } else {
                let (mut a, mut b) = (arm_r, arm_c);
                if places.contains(&h) {
                    a.push(h);
                    b.push(h);
                }
                out.push(link(true, a, b));
            }
            continue;
        }
        // Two rows (or columns) of a box, from four places (not for two links).
        if links == 2 || p < 4 {
            continue;
        }
        for k in [0, 1] {
            let line = |c: usize| units.of_cell[c][k];
            let mut lines: Vec<usize> = places.iter().map(|&c| line(c)).collect();
            lines.sort_unstable();
            lines.dedup();
            if lines.len() == 2 {
                let (a, b): (Vec<usize>, Vec<usize>) =
                    places.iter().partition(|&&c| line(c) == lines[0]);
                out.push(link(true, a, b));
            }
        }
    }
    out
}

/// The unit holding every cell of `a` and `b`, looked for as Sudoku
/// Explainer does: column, row, then box.
fn common_unit(board: &Board, a: &[usize], b: &[usize]) -> Option<usize> {
    let of = &board.units.of_cell;
    [1, 0, 2]
        .into_iter()
        .map(|k| of[a[0]][k])
        .find(|&u| a.iter().chain(b).all(|&c| of[c].contains(&u)))
}

fn extend_links(
    board: &Board,
    d: u8,
    links: usize,
    all: &[Link],
    chain: &mut Vec<(usize, usize)>,
    shared: &mut Vec<usize>,
    best: &mut Option<(u32, usize, Step)>,
) {
    let n = board.n;
    if best.as_ref().is_some_and(|b| b.0 == chain_floor(links)) {
        return;
    }
    if chain.len() == links {
        let (l0, o0) = chain[0];
        let (lk, ok) = chain[links - 1];
        let (start, end) = (&all[l0].ends[o0], &all[lk].ends[1 - ok]);
        let of = &board.units.of_cell;
        let removed: Vec<(usize, u8)> = (0..board.cand.len())
            .filter(|&c| {
                board.has(c, d)
                    && chain.iter().all(|&(l, _)| !of[c].contains(&all[l].unit))
                    && (links == 2 || shared.iter().all(|u| !of[c].contains(u)))
                    && start.iter().chain(end).all(|&x| board.sees(c, x))
            })
            .map(|c| (c, d))
            .collect();
        if removed.is_empty() {
            return;
        }
        let grouped = chain.iter().any(|&(l, _)| all[l].grouped);
        let boxed = chain.iter().any(|&(l, _)| all[l].kind == 0);
        let mixed = chain.iter().any(|&(l, _)| all[l].kind == 1)
            && chain.iter().any(|&(l, _)| all[l].kind == 2);
        let rating = chain_rating(links, grouped, boxed, mixed);
        if best.as_ref().is_some_and(|b| {
            (b.0, std::cmp::Reverse(b.1)) <= (rating, std::cmp::Reverse(removed.len()))
        }) {
            return;
        }
        let technique = match links {
            2 => Technique::TurbotFish,
            3 => Technique::ThreeStrongLinks,
            _ => Technique::FourStrongLinks,
        };
        let name = |cells: &[usize]| {
            let mut cells: Vec<usize> =
                cells.iter().copied().filter(|&c| board.has(c, d)).collect();
            cells.sort_unstable();
            if cells.len() == 1 {
                cell_name(n, cells[0])
            } else {
                let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
                format!("{{{}}}", names.join(", "))
            }
        };
        let names: Vec<String> = chain
            .iter()
            .flat_map(|&(l, o)| [name(&all[l].ends[o]), name(&all[l].ends[1 - o])])
            .collect();
        let mut step = Step::new(
            technique,
            rating,
            format!(
                "{}{} on {}: {} (strong, weak, strong, ...)",
                if grouped { "grouped " } else { "" },
                technique.name(),
                digit_symbol(d),
                names.join(" - ")
            ),
        );
        let count = removed.len();
        step.eliminations = removed;
        step.cells = chain
            .iter()
            .flat_map(|&(l, _)| all[l].places.iter().copied())
            .collect();
        *best = Some((rating, count, step));
        return;
    }
    let (ll, ol) = chain[chain.len() - 1];
    let out = &all[ll].ends[1 - ol];
    for next in 0..all.len() {
        let taken = chain
            .iter()
            .any(|&(l, _)| l == next || all[l].places.iter().any(|c| all[next].places.contains(c)));
        if taken {
            continue;
        }
        for o in 0..2 {
            let Some(u) = common_unit(board, out, &all[next].ends[o]) else {
                continue;
            };
            chain.push((next, o));
            shared.push(u);
            extend_links(board, d, links, all, chain, shared, best);
            chain.pop();
            shared.pop();
        }
    }
}
