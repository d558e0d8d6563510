//! Branching: which cell (or, for `fewest`, which unit and digit) a stuck
//! state branches on.

use super::*;

impl Board {
    /// The branch point of the current state, or why there is none.
    #[inline]
    pub(super) fn choose<T: Trace>(
        &self,
        branching: Branching,
        rules: Rules,
        from: usize,
        run: &mut Run<T>,
    ) -> Choice {
        // The count of empty cells read.
        run.mems(1);
        if self.empties == 0 {
            return Choice::Solved;
        }
        // The fewest candidates any empty cell can have after propagation:
        // reaching it ends the search for the minimum early.
        let floor = match rules {
            Rules::None => 0,
            Rules::Fc => 1,
            _ => 2,
        };
        let (cell, options) = match branching {
            Branching::RowMajor => {
                let cell = (from..self.size)
                    .find(|&c| self.placed[c] == 0)
                    .expect("an empty cell");
                // The digits of the cells passed and the candidates read.
                run.mems((cell - from + 2) as u64);
                (cell, self.cand[cell])
            }
            Branching::Mrv | Branching::Fewest => {
                let (cell, options, scanned) = self.fewest_cell(floor);
                // Candidates and digit of each cell scanned, the winner's
                // candidates again.
                run.mems(2 * scanned as u64 + 1);
                (cell, options)
            }
        };
        if options == 0 {
            return Choice::Dead(DeadEnd::Cell(cell));
        }
        let cell_frame = Frame {
            trail: self.trail.len() as u32,
            path: self.path.len() as u32,
            cell: cell as u16,
            digit: 0,
            options,
            untried: options,
        };
        let count = options.count_ones();
        if branching != Branching::Fewest || count <= 1 {
            return Choice::Branch(cell_frame);
        }
        // Fewest: a unit-and-digit with fewer places than the cell has
        // candidates wins (ties go to the cell, as in dlx's column order).
        let (place, mems) = self.fewest_place(count);
        run.mems(mems);
        match place {
            Some((u, digit, 0)) => Choice::Dead(unit_digit(self.n, u, digit)),
            Some((u, digit, places)) => Choice::Branch(Frame {
                cell: u as u16,
                digit,
                options: places,
                untried: places,
                ..cell_frame
            }),
            None => Choice::Branch(cell_frame),
        }
    }

    /// The empty cell with the fewest candidates, the first in row-major
    /// order on ties, its candidates, and how many cells were looked at.
    #[inline]
    fn fewest_cell(&self, floor: u32) -> (usize, u32, usize) {
        let mut best = u32::MAX;
        let mut best_cell = 0;
        let mut scanned = self.size;
        for (cell, (&m, &p)) in self.cand.iter().zip(&self.placed).enumerate() {
            // A filled cell counts 64: never below an empty one.
            let count = m.count_ones() | (((p != 0) as u32) << 6);
            if count < best {
                best = count;
                best_cell = cell;
                if count <= floor {
                    scanned = cell + 1;
                    break;
                }
            }
        }
        (best_cell, self.cand[best_cell], scanned)
    }

    /// The unit-and-digit (not placed) with the fewest places, if fewer than
    /// `limit`: `(unit, digit, positions)`, with the mems spent. Counts below
    /// `limit` are kept as bit-sliced "at least k places" masks, one per k.
    fn fewest_place(&self, limit: u32) -> (Option<(usize, u8, u32)>, u64) {
        let n = self.n as u64;
        // Finding the places of the winner, when there is one: the unit's
        // cells (four to a word) and their candidates.
        let places_mems = |found: &Option<(usize, u8, u32)>| {
            if found.is_some() {
                n.div_ceil(4) + n
            } else {
                0
            }
        };
        if self.tracked {
            // The counts of every unit, eight to a word.
            let found = self.fewest_counted(limit);
            let mems = 3 * n * n.div_ceil(8) + places_mems(&found);
            return (found, mems);
        }
        // The cells of each unit scanned (it stops at a digit with no
        // place), their candidates and digits.
        let (found, units) = self.fewest_uncounted(limit);
        let mems = units as u64 * (n.div_ceil(4) + 2 * n) + places_mems(&found);
        (found, mems)
    }

    /// [`Board::fewest_place`] from the counts kept (forward checking up).
    fn fewest_counted(&self, limit: u32) -> Option<(usize, u8, u32)> {
        let n = self.n;
        // The counts are kept: the smallest below `limit`, first unit and
        // digit on ties.
        let mut best = (limit as u8, 0);
        for u in 0..3 * n {
            for (d, &c) in self.counts[u * 32..u * 32 + n].iter().enumerate() {
                if c < best.0 {
                    best = (c, u * 32 + d);
                }
            }
        }
        if best.0 as u32 >= limit {
            return None;
        }
        let (u, d) = (best.1 / 32, best.1 % 32);
        let bit = 1 << d;
        let places = cells_with(&self.units[u * n..(u + 1) * n], &self.cand, bit);
        Some((u, d as u8 + 1, places))
    }

    /// [`Board::fewest_place`] without counts (`none`): bit-sliced "at least
    /// k places" masks per unit; with how many units it scanned.
    fn fewest_uncounted(&self, limit: u32) -> (Option<(usize, u8, u32)>, usize) {
        let n = self.n;
        let limit = limit as usize;
        let mut best: Option<(usize, usize, u32)> = None; // (count, unit, digit bit)
        let mut at_least = [0u32; 27];
        let mut scanned = 0;
        for u in 0..3 * n {
            scanned += 1;
            let cells = &self.units[u * n..(u + 1) * n];
            at_least[1..=limit].fill(0);
            let mut used = 0;
            for &c in cells {
                let m = self.cand[c as usize];
                used |= self.placed[c as usize];
                for k in (2..=limit).rev() {
                    at_least[k] |= at_least[k - 1] & m;
                }
                at_least[1] |= m;
            }
            at_least[0] = self.all;
            let top = best.map_or(limit, |(count, _, _)| count);
            for k in 0..top {
                let exact = at_least[k] & !at_least[k + 1] & !used;
                if exact != 0 {
                    best = Some((k, u, exact & exact.wrapping_neg()));
                    break;
                }
            }
            if best.is_some_and(|(count, _, _)| count == 0) {
                break;
            }
        }
        let found = best.map(|(_, u, bit)| {
            let places = cells_with(&self.units[u * n..(u + 1) * n], &self.cand, bit);
            (u, digit_of(bit), places)
        });
        (found, scanned)
    }
}
