//! The propagation rules of the ladder's rungs: hidden singles, locked
//! candidates and naked/hidden subsets, each an `impl Board` method that
//! removes candidates through `Board::eliminate` and `Board::assign`.

use super::*;

impl Board {
    /// Places `digit` in its one place left in unit `u`, if that is still
    /// the case (the queue may hold stale entries).
    pub(super) fn hidden_single<T: Trace>(
        &mut self,
        u: usize,
        digit: u8,
        rules: Rules,
        run: &mut Run<T>,
    ) -> Result<(), DeadEnd> {
        let n = self.n;
        // The count read.
        run.mems(1);
        if self.counts[u * 32 + digit as usize - 1] != 1 {
            return Ok(());
        }
        let bit = bit_of(digit);
        let place = (0..n)
            .position(|i| self.cand[self.units[u * n + i] as usize] & bit != 0)
            .expect("a count of one is a place");
        let cell = self.units[u * n + place] as usize;
        // The unit's cells up to the place (four to a word), their
        // candidates, and the place's candidates again.
        run.mems((place as u64 + 1).div_ceil(4) + place as u64 + 2);
        let reason = if self.cand[cell] == bit {
            Reason::NakedSingle
        } else {
            Reason::HiddenSingle(unit_of(n, u))
        };
        self.assign(cell, digit, reason, rules, run)
    }

    /// Locked candidates, one pass over every box-line intersection:
    /// pointing (a digit confined to one line inside a box leaves the rest of
    /// the line) and claiming (a digit confined to one box inside a line
    /// leaves the rest of the box). Returns whether anything was removed.
    pub(super) fn locked<T: Trace>(&mut self, run: &mut Run<T>) -> Result<bool, DeadEnd> {
        let (n, br, bc) = (self.n, self.shape.box_rows(), self.shape.box_cols());
        // Every cell's candidates read twice (for its row segment and its
        // column segment) and every segment written; then, per box-line
        // pair, the segments compared (counted in the loops below).
        run.mems(2 * self.size as u64 + (n * (br + bc)) as u64);
        // Boxes across a band: n / bc = br; boxes down a stack: n / br = bc.
        for r in 0..n {
            for k in 0..br {
                let start = r * n + k * bc;
                self.row_segs[r * br + k] =
                    self.cand[start..start + bc].iter().fold(0, |a, &m| a | m);
            }
        }
        for c in 0..n {
            for k in 0..bc {
                let mut m = 0;
                for i in 0..br {
                    m |= self.cand[(k * br + i) * n + c];
                }
                self.col_segs[c * bc + k] = m;
            }
        }
        let mut changed = false;
        // Pointing along rows and claiming from rows, band by band.
        for band in 0..bc {
            for k in 0..br {
                let b = band * br + k;
                for i in 0..br {
                    let r = band * br + i;
                    let mut others = 0;
                    for j in (0..br).filter(|&j| j != i) {
                        others |= self.row_segs[(band * br + j) * br + k];
                    }
                    run.mems(br as u64);
                    let confined = self.row_segs[r * br + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let rule = Rule::Locked {
                        unit: Unit::Box(b),
                        line: Unit::Row(r),
                    };
                    for kk in (0..br).filter(|&kk| kk != k) {
                        run.mems(1);
                        if self.row_segs[r * br + kk] & confined == 0 {
                            continue;
                        }
                        for j in 0..bc {
                            changed |= self.eliminate(r * n + kk * bc + j, confined, rule, run)?;
                        }
                    }
                }
            }
            for i in 0..br {
                let r = band * br + i;
                for k in 0..br {
                    let mut others = 0;
                    for kk in (0..br).filter(|&kk| kk != k) {
                        others |= self.row_segs[r * br + kk];
                    }
                    run.mems(br as u64);
                    let confined = self.row_segs[r * br + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let b = band * br + k;
                    let rule = Rule::Locked {
                        unit: Unit::Row(r),
                        line: Unit::Box(b),
                    };
                    for ii in (0..br).filter(|&ii| ii != i) {
                        let rr = band * br + ii;
                        run.mems(1);
                        if self.row_segs[rr * br + k] & confined == 0 {
                            continue;
                        }
                        for j in 0..bc {
                            changed |= self.eliminate(rr * n + k * bc + j, confined, rule, run)?;
                        }
                    }
                }
            }
        }
        // The same along columns: stack `st` of boxes, band `k`.
        for st in 0..br {
            for k in 0..bc {
                let b = k * br + st;
                for j in 0..bc {
                    let c = st * bc + j;
                    let mut others = 0;
                    for jj in (0..bc).filter(|&jj| jj != j) {
                        others |= self.col_segs[(st * bc + jj) * bc + k];
                    }
                    run.mems(bc as u64);
                    let confined = self.col_segs[c * bc + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let rule = Rule::Locked {
                        unit: Unit::Box(b),
                        line: Unit::Col(c),
                    };
                    for kk in (0..bc).filter(|&kk| kk != k) {
                        run.mems(1);
                        if self.col_segs[c * bc + kk] & confined == 0 {
                            continue;
                        }
                        for i in 0..br {
                            changed |=
                                self.eliminate((kk * br + i) * n + c, confined, rule, run)?;
                        }
                    }
                }
            }
            for j in 0..bc {
                let c = st * bc + j;
                for k in 0..bc {
                    let mut others = 0;
                    for kk in (0..bc).filter(|&kk| kk != k) {
                        others |= self.col_segs[c * bc + kk];
                    }
                    run.mems(bc as u64);
                    let confined = self.col_segs[c * bc + k] & !others;
                    if confined == 0 {
                        continue;
                    }
                    let b = k * br + st;
                    let rule = Rule::Locked {
                        unit: Unit::Col(c),
                        line: Unit::Box(b),
                    };
                    for jj in (0..bc).filter(|&jj| jj != j) {
                        let cc = st * bc + jj;
                        run.mems(1);
                        if self.col_segs[cc * bc + k] & confined == 0 {
                            continue;
                        }
                        for i in 0..br {
                            changed |=
                                self.eliminate((k * br + i) * n + cc, confined, rule, run)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Naked and hidden pairs and triples, one pass over every unit. Returns
    /// whether anything was removed.
    pub(super) fn subsets<T: Trace>(&mut self, run: &mut Run<T>) -> Result<bool, DeadEnd> {
        let n = self.n;
        let mut changed = false;
        // Small lists on the stack: at most 25 cells or digits per unit.
        let mut pos = [0u8; 32];
        let mut masks = [0u32; 32];
        // Twice per unit (naked, then hidden), its cells (four to a word)
        // and their candidates; the lists of subsets are in registers and
        // on the stack, not the search's data.
        let per_unit = 2 * ((n as u64).div_ceil(4) + n as u64);
        run.mems(3 * n as u64 * per_unit);
        for u in 0..3 * n {
            let unit = unit_of(n, u);
            // Naked subsets: cells with 2 or 3 candidates.
            let mut len = 0;
            for i in 0..n {
                let m = self.cand[self.units[u * n + i] as usize];
                if (2..=3).contains(&m.count_ones()) {
                    pos[len] = i as u8;
                    masks[len] = m;
                    len += 1;
                }
            }
            // The lists were read before this unit's first removal: a subset
            // found after one is checked against the candidates as they are
            // now, and skipped if a removal broke it (then it is a
            // contradiction, which the singles will name as a dead end).
            let mut stale = false;
            changed |= each_subset(&pos[..len], &masks[..len], |digits, cells| {
                if stale && self.naked_union(u, cells, run) != digits {
                    return Ok(false);
                }
                let cleared = self.clear_naked(u, cells, digits, unit, run)?;
                stale |= cleared;
                Ok(cleared)
            })?;
            // Hidden subsets: digits with 2 or 3 places.
            let mut places = [0u32; 32];
            for i in 0..n {
                let mut m = self.cand[self.units[u * n + i] as usize];
                while m != 0 {
                    places[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
            let mut len = 0;
            for (d, &p) in places[..n].iter().enumerate() {
                if (2..=3).contains(&p.count_ones()) {
                    pos[len] = d as u8;
                    masks[len] = p;
                    len += 1;
                }
            }
            let mut stale = false;
            changed |= each_subset(&pos[..len], &masks[..len], |places, digits| {
                if stale && self.hidden_places(u, digits, run) != places {
                    return Ok(false);
                }
                let cleared = self.clear_hidden(u, places, digits, unit, run)?;
                stale |= cleared;
                Ok(cleared)
            })?;
        }
        Ok(changed)
    }

    /// The candidates now held by the cells at positions `cells` of unit `u`.
    fn naked_union<T: Trace>(&self, u: usize, cells: u32, run: &mut Run<T>) -> u32 {
        // The unit's cell list (four to a word), then each cell's candidates.
        run.mems((self.n as u64).div_ceil(4) + cells.count_ones() as u64);
        sudoku_core::bits::ones(cells)
            .map(|i| self.cand[self.units[u * self.n + i] as usize])
            .fold(0, |union, m| union | m)
    }

    /// The positions in unit `u` where any of `digits` can now go.
    fn hidden_places<T: Trace>(&self, u: usize, digits: u32, run: &mut Run<T>) -> u32 {
        run.mems((self.n as u64).div_ceil(4) + self.n as u64);
        (0..self.n)
            .filter(|&i| self.cand[self.units[u * self.n + i] as usize] & digits != 0)
            .fold(0, |places, i| places | 1 << i)
    }

    /// A naked subset: the cells at positions `cells` of unit `u` hold only
    /// `digits`, which leave the unit's other cells.
    fn clear_naked<T: Trace>(
        &mut self,
        u: usize,
        cells: u32,
        digits: u32,
        unit: Unit,
        run: &mut Run<T>,
    ) -> Result<bool, DeadEnd> {
        let rule = Rule::NakedSubset { unit, cells };
        run.mems((self.n as u64).div_ceil(4));
        let mut changed = false;
        for i in (0..self.n).filter(|&i| cells & (1 << i) == 0) {
            changed |= self.eliminate(self.units[u * self.n + i] as usize, digits, rule, run)?;
        }
        Ok(changed)
    }

    /// A hidden subset: `digits` fit only at positions `cells` of unit `u`,
    /// whose other candidates go.
    fn clear_hidden<T: Trace>(
        &mut self,
        u: usize,
        cells: u32,
        digits: u32,
        unit: Unit,
        run: &mut Run<T>,
    ) -> Result<bool, DeadEnd> {
        let rule = Rule::HiddenSubset { unit, digits };
        run.mems((self.n as u64).div_ceil(4));
        let mut changed = false;
        for i in (0..self.n).filter(|&i| cells & (1 << i) != 0) {
            changed |= self.eliminate(self.units[u * self.n + i] as usize, !digits, rule, run)?;
        }
        Ok(changed)
    }
}

/// Calls `found(union, members)` for every pair, and every triple, of the
/// `masks` whose union holds as many bits as the subset has members
/// (`members`: the subset's `pos` as bits), in the order pair (a, b), then
/// the triples (a, b, c) that extend it. Naked and hidden subsets differ
/// only in what the lists hold: cells with their digits, or digits with
/// their places.
fn each_subset(
    pos: &[u8],
    masks: &[u32],
    mut found: impl FnMut(u32, u32) -> Result<bool, DeadEnd>,
) -> Result<bool, DeadEnd> {
    let mut changed = false;
    let len = masks.len();
    for a in 0..len {
        for b in a + 1..len {
            let ab = masks[a] | masks[b];
            if ab.count_ones() == 2 {
                changed |= found(ab, (1 << pos[a]) | (1 << pos[b]))?;
            }
            for c in b + 1..len {
                let abc = ab | masks[c];
                if abc.count_ones() == 3 {
                    changed |= found(abc, (1 << pos[a]) | (1 << pos[b]) | (1 << pos[c]))?;
                }
            }
        }
    }
    Ok(changed)
}
