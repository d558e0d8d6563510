//! The second way to branch on 9x9: tdoku's model, written for these planes.
//!
//! A digit's *configuration* in a band is which box holds it in each of the
//! band's three rows: one of the six row-to-box permutations ([`PERMS`]). A
//! stack has the same six, column to band. The band step already keeps a
//! digit to the mini-rows of the configurations that fit; this module adds
//!
//! * the **triad rule** in both directions: a mini-row (the three cells where
//!   a row meets a box; a mini-column likewise) holds exactly three digits.
//!   Where only three digits fit a mini-row, each must be there, so it leaves
//!   the rest of its row and of its box; where three digits are *certain*
//!   (every configuration left to them uses that mini-row), no other digit
//!   goes there; fewer than three, or four certain, is a dead end;
//! * the **branch on a configuration**: in the band or stack with the fewest
//!   configurations left over its nine digits, the digit with the fewest
//!   (two if any, else three, ...), one child per configuration. A child
//!   places no digit: the digit leaves the cells of its lines outside the
//!   configuration's boxes, which the trace shows as eliminations for
//!   [`Rule::Configuration`] right after the child's `Enter`.
//!
//! Together they are the tree tdoku searches: on the forum's hardest sets
//! the branch points per puzzle match its guesses (crate docs, "Branching on
//! configurations"). Neither pays alone: the triad pass with the cell branch
//! finds something in one pass of ten, and the configuration branch without
//! triads leaves a third more nodes. The pass, with the band steps its
//! removals set off, makes a node cost about 1.4 times one of the cell
//! search, more than the smaller tree saves on every set measured but the
//! 17-clue puzzles (crate docs).

use super::{minis_of, Fail, State, Tally, CELLS, FITS, PERMS, ROW, ROWS3};
use sudoku_core::{DeadEnd, Rule, Run, Trace, Unit};

/// The mini-rows every configuration in the 6-bit set `c` uses (none for
/// the empty set).
const fn inter(c: usize) -> u32 {
    if c == 0 {
        return 0;
    }
    let mut x = 0o777;
    let mut p = 0;
    while p < 6 {
        if c & (1 << p) != 0 {
            x &= 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        }
        p += 1;
    }
    x
}

/// `FIT_CERTAIN[m]`: for a digit's mini-rows `m` (bit `3 * row + box`),
/// the configurations that fit them (`FITS`, low 6 bits) and, above, the
/// mini-rows every one of those uses: the digit is certainly there.
static FIT_CERTAIN: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = FITS[m] as u16 | (inter(FITS[m] as usize) as u16) << 6;
        m += 1;
    }
    t
};

/// `STACK_CERTAIN[m]`: for a digit's mini-columns `m` in a stack (bit
/// `3 b + k` for column `k` of the stack in band `b`), those every
/// configuration that fits them uses, as bits `9 b + k`: the layout of a
/// digit's columns over the three bands (see [`State::triads`]), at the
/// stack's first column.
static STACK_CERTAIN: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let certain = inter(FITS[m] as usize);
        let mut b = 0;
        while b < 3 {
            t[m] |= (certain >> (3 * b) & 7) << (9 * b);
            b += 1;
        }
        m += 1;
    }
    t
};

/// `SHADOW[x]`: for a set `x` of mini-rows a digit is confined to, the other
/// mini-rows of their rows and boxes, which the digit leaves.
static SHADOW: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 9 {
            if x & (1 << j) != 0 {
                let row = 7 << (3 * (j / 3));
                let column = 0o111 << (j % 3);
                t[x] |= ((row | column) & !(1 << j)) as u16;
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// The configurations left, as the last triad pass counted them at the
/// fixpoint: per plane `d * 3 + b` (bit `p` for `PERMS[p]`, row `r` of band
/// `b` in box `PERMS[p][r]`) and per digit and stack `d * 3 + s` (band `b`
/// in column `PERMS[p][b]` of the stack).
#[derive(Clone, Copy, Default)]
pub(super) struct Configurations {
    bands: [u8; 27],
    stacks: [u8; 27],
}

/// A branch on a configuration: digit `d` in band (or stack) `x`, one child
/// per configuration of `options`.
#[derive(Clone, Copy)]
pub(super) struct Choice {
    pub(super) stack: bool,
    pub(super) x: usize,
    pub(super) d: usize,
    pub(super) options: u8,
}

impl Configurations {
    /// The band or stack with the fewest configurations left, over those
    /// with a digit not fixed (nine is all fixed), bands first on a tie; in
    /// it, the first digit with the fewest, counting four or more as one
    /// class (tdoku's rule). `None` when every digit is fixed everywhere,
    /// which leaves one cell per digit and box: a solved grid.
    pub(super) fn choose(&self) -> Option<Choice> {
        let total = |sets: &[u8; 27], x: usize| -> u32 {
            (0..9).map(|d| sets[3 * d + x].count_ones()).sum()
        };
        let (mut best, mut fewest) = (None, u32::MAX);
        for (stack, sets) in [(false, &self.bands), (true, &self.stacks)] {
            for x in 0..3 {
                let t = total(sets, x);
                if t > 9 && t < fewest {
                    (best, fewest) = (Some((stack, x)), t);
                }
            }
        }
        let (stack, x) = best?;
        let sets = if stack { &self.stacks } else { &self.bands };
        let d = (0..9)
            .filter(|&d| sets[3 * d + x].count_ones() > 1)
            .min_by_key(|&d| sets[3 * d + x].count_ones().min(4))?;
        Some(Choice {
            stack,
            x,
            d,
            options: sets[3 * d + x],
        })
    }
}

impl State {
    /// The triad rule both ways (module docs), run when the band steps,
    /// naked singles and column claims are quiet; counts the configurations
    /// left on the way. `true` when a plane lost a candidate.
    pub(super) fn triads<T: Trace>(
        &mut self,
        run: &mut Run<T>,
        configs: &mut Configurations,
    ) -> Result<bool, Fail> {
        // Per plane: read, one FIT_CERTAIN look-up, its sets written (2);
        // per digit and stack a FITS and a STACK_CERTAIN look-up; per plane
        // its certain columns written and its two sets read for the tally.
        run.mems(27 * 4 + 27 * 2 + 27 * 3);
        // Per plane, side by side in one word: its mini-rows (bits 0-8, bit
        // `3 row + box`), those where the digit is certain (9-17) and its
        // columns (18-26). The columns where it is certain (from the stacks
        // below) join them at bit 27 in the band's tally: one tally per
        // band counts all four.
        let mut packed = [0u32; 27];
        let mut columns = [0u32; 27];
        for (i, &a) in self.cand.iter().enumerate() {
            let minis = minis_of(a);
            let both = FIT_CERTAIN[minis as usize & 511] as u32;
            configs.bands[i] = (both & 63) as u8;
            columns[i] = (a | a >> 9 | a >> 18) & ROW;
            packed[i] = minis | (both >> 6) << 9 | columns[i] << 18;
        }
        // A digit's columns in the three bands side by side, bit `9 b + c`
        // for column `c` in band `b`: per stack, its mini-columns (bit `3 b
        // + k` for column `k` of the stack in band `b`, the band step's
        // layout turned a quarter) are three shifts away, and the columns
        // where it is certain come back in the same layout.
        let mut certain_columns = [0u32; 27];
        for d in 0..9 {
            let word = columns[3 * d] | columns[3 * d + 1] << 9 | columns[3 * d + 2] << 18;
            let mut certain = 0;
            for s in 0..3 {
                let w = word >> (3 * s);
                let m = ((w & 7) | (w >> 6 & 0o70) | (w >> 12 & 0o700)) as usize;
                configs.stacks[3 * d + s] = FITS[m & 511];
                certain |= STACK_CERTAIN[m & 511] << (3 * s);
            }
            for b in 0..3 {
                certain_columns[3 * d + b] = certain >> (9 * b) & ROW;
            }
        }
        let mut changed = 0;
        for b in 0..3 {
            // Beside the tally, the mini-rows (columns) where some digit
            // fits but is not certain: only there can the rule remove
            // anything.
            let mut tally = Tally::<u64>::default();
            let (mut loose_rows, mut loose_columns) = (0, 0);
            for d in 0..9 {
                let i = 3 * d + b;
                tally.add(packed[i] as u64 | (certain_columns[i] as u64) << 27);
                loose_rows |= packed[i] & !(packed[i] >> 9) & 0o777;
                loose_columns |= columns[i] & !certain_columns[i];
            }
            self.check_triads(b, &tally)?;
            // Mini-rows (columns) that exactly three digits fit, and those
            // with three certain digits.
            let only = tally.three & !tally.four;
            let only_rows = only as u32 & 0o777;
            let only_columns = (only >> 18) as u32 & ROW;
            let full_rows = (tally.three >> 9) as u32 & 0o777;
            let full_columns = (tally.three >> 27) as u32 & ROW;
            // A digit confined to a mini-row it is not certain in leaves
            // the others of its row and box, which some configuration of
            // it used; one not certain in a full mini-row leaves it. Where
            // every digit fitting those mini-rows is certain there,
            // nothing moves, and the nine digits need not be walked: most
            // bands, at the fixpoint the pass runs at.
            if loose_rows & (only_rows | full_rows) | loose_columns & (only_columns | full_columns)
                == 0
            {
                continue;
            }
            for d in 0..9 {
                let i = 3 * d + b;
                let minis = packed[i] & 0o777;
                let certain_rows = packed[i] >> 9 & 0o777;
                let certain_columns = certain_columns[i];
                let confined = minis & only_rows;
                let rows = minis
                    & !(SHADOW[confined as usize & 511] as u32)
                    & !(full_rows & !certain_rows);
                let alone = columns[i] & only_columns;
                let stacks = (alone | alone >> 1 | alone >> 2) & 0o111;
                let keep = (alone | !(stacks * 7)) & ROW & !(full_columns & !certain_columns);
                let new = self.cand[i] & CELLS[rows as usize & 511] & (keep * ROWS3);
                changed |= self.cand[i] ^ new;
                self.cand[i] = new;
                // A digit confined to a column here leaves it in the other
                // bands.
                for other in [(b + 1) % 3, (b + 2) % 3] {
                    let j = 3 * d + other;
                    let new = self.cand[j] & !(alone * ROWS3);
                    changed |= self.cand[j] ^ new;
                    self.cand[j] = new;
                }
            }
        }
        Ok(changed != 0)
    }

    /// The dead ends of the triad rule in band `b`, from its tally of the
    /// four sets: a mini-row or mini-column fewer than three digits fit,
    /// or four are certain in. It names the first free cell there (one is
    /// free: three placed cells keep their three digits).
    fn check_triads(&self, b: usize, tally: &Tally<u64>) -> Result<(), Fail> {
        let bad_rows = (!tally.three as u32 & 0o777) | ((tally.four >> 9) as u32 & 0o777);
        let bad_columns = ((!tally.three >> 18) as u32 & ROW) | ((tally.four >> 27) as u32 & ROW);
        if bad_rows | bad_columns == 0 {
            return Ok(());
        }
        let cells = if bad_rows != 0 {
            CELLS[1 << bad_rows.trailing_zeros()]
        } else {
            ROWS3 << bad_columns.trailing_zeros()
        };
        let free = cells & self.free[b];
        let cell = if free != 0 { free } else { cells }.trailing_zeros() as usize;
        Err(DeadEnd::Cell(27 * b + cell))
    }

    /// Enters configuration `p` of `choice` on this state: the digit leaves
    /// the cells of the band's rows (the stack's columns) outside the boxes
    /// `p` gives them (a traced run tells each removal as the child's
    /// choice, [`configuration_rule`]).
    pub(super) fn take_configuration<T: Trace>(
        &mut self,
        choice: Choice,
        p: usize,
        run: &mut Run<T>,
    ) {
        let Choice { stack, x, d, .. } = choice;
        // The planes read and written.
        run.mems(if stack { 6 } else { 2 });
        for (b, &column) in PERMS[p].iter().enumerate() {
            if !stack && b != x {
                continue;
            }
            let keep = if stack {
                // Band `b` keeps the stack's column `column` and the other
                // stacks' columns.
                ((ROW & !(7 << (3 * x))) | (1 << (3 * x + column))) * ROWS3
            } else {
                let minis = (0..3).fold(0, |m, r| m | 1 << (3 * r + PERMS[p][r]));
                CELLS[minis]
            };
            self.cand[3 * d + b] &= keep;
        }
    }
}

/// Configuration `p` of `choice` as the trace names it: the three lines
/// and, for each, the box (numbered as the grid's) that holds the digit.
pub(super) fn configuration_rule(choice: Choice, p: usize) -> Rule {
    let Choice { stack, x, .. } = choice;
    let mut boxes = [0u8; 3];
    for (k, &to) in PERMS[p].iter().enumerate() {
        if stack {
            // Band `k` holds the digit in column `to` of stack `x`: the
            // box of column `to` is the band's.
            boxes[to] = (3 * k + x) as u8;
        } else {
            boxes[k] = (3 * x + to) as u8;
        }
    }
    Rule::Configuration {
        lines: if stack {
            Unit::Col(3 * x)
        } else {
            Unit::Row(3 * x)
        },
        boxes,
    }
}
