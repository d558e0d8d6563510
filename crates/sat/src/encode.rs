//! The CNF encodings: clause sets per shape, built once and cached in the
//! scratch, and the givens applied to them for one puzzle.

use sudoku_core::{Grid, Shape};

/// Which clause families a formula has (each includes the one before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Every cell holds a digit; no row, column or box repeats a digit.
    Minimal,
    /// + every cell holds at most one digit.
    Natural,
    /// + every row, column and box holds every digit.
    Complete,
    /// + the box/line intersections (triads) as auxiliary variables.
    Augmented,
}

impl Encoding {
    pub const ALL: [Encoding; 4] = [
        Encoding::Minimal,
        Encoding::Natural,
        Encoding::Complete,
        Encoding::Augmented,
    ];
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A CNF formula over variables `0..vars`: literal `v + 1` says variable `v`
/// is true, `-(v + 1)` false. Variable `cell * n + d - 1` says "cell holds
/// digit d"; the augmented encoding's triad variables follow the `n³` cell
/// variables.
#[derive(Clone, Debug)]
pub struct Clauses {
    pub vars: usize,
    /// The cell variables, `n³`: the first `cell_vars` variables.
    pub cell_vars: usize,
    lits: Vec<i32>,
    /// Clause `i` is `lits[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
}

impl Clauses {
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }
    pub fn iter(&self) -> impl Iterator<Item = &[i32]> {
        self.starts
            .windows(2)
            .map(|w| &self.lits[w[0] as usize..w[1] as usize])
    }
    fn push(&mut self, clause: impl IntoIterator<Item = i32>) {
        self.lits.extend(clause);
        self.starts.push(self.lits.len() as u32);
    }
    /// At least one of `lits`.
    fn at_least_one(&mut self, lits: &[i32]) {
        self.push(lits.iter().copied());
    }
    /// At most one of `lits`: one binary clause per pair (the pairwise encoding).
    fn at_most_one(&mut self, lits: &[i32]) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                self.push([-a, -b]);
            }
        }
    }
    fn exactly_one(&mut self, lits: &[i32]) {
        self.at_least_one(lits);
        self.at_most_one(lits);
    }

    /// The formula of `encoding` for `shape`, without givens.
    pub fn build(shape: Shape, encoding: Encoding) -> Clauses {
        let n = shape.side();
        let cells = shape.cells();
        let mut f = Clauses {
            vars: cells * n,
            cell_vars: cells * n,
            lits: Vec::new(),
            starts: vec![0],
        };
        let x = |r: usize, c: usize, d: usize| ((r * n + c) * n + d + 1) as i32;
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        // The units, each as its list of (row, column).
        let mut units: Vec<Vec<(usize, usize)>> = Vec::with_capacity(3 * n);
        units.extend((0..n).map(|r| (0..n).map(|c| (r, c)).collect()));
        units.extend((0..n).map(|c| (0..n).map(|r| (r, c)).collect()));
        units.extend((0..n).map(|b| {
            let (r0, c0) = (b / br * br, b % br * bc);
            (0..n).map(|k| (r0 + k / bc, c0 + k % bc)).collect()
        }));
        let mut lits = Vec::with_capacity(n + 1);
        // Every cell holds a digit.
        for r in 0..n {
            for c in 0..n {
                lits.clear();
                lits.extend((0..n).map(|d| x(r, c, d)));
                f.at_least_one(&lits);
            }
        }
        // No unit repeats a digit.
        for unit in &units {
            for d in 0..n {
                lits.clear();
                lits.extend(unit.iter().map(|&(r, c)| x(r, c, d)));
                f.at_most_one(&lits);
            }
        }
        if encoding == Encoding::Minimal {
            return f;
        }
        // Every cell holds at most one digit.
        for r in 0..n {
            for c in 0..n {
                lits.clear();
                lits.extend((0..n).map(|d| x(r, c, d)));
                f.at_most_one(&lits);
            }
        }
        if encoding == Encoding::Natural {
            return f;
        }
        // Every unit holds every digit.
        for unit in &units {
            for d in 0..n {
                lits.clear();
                lits.extend(unit.iter().map(|&(r, c)| x(r, c, d)));
                f.at_least_one(&lits);
            }
        }
        if encoding == Encoding::Complete {
            return f;
        }
        // Triads: a row meets br boxes in segments of bc cells (horizontal
        // triads), a column meets bc boxes in segments of br cells (vertical).
        let h0 = f.vars;
        let h = |r: usize, s: usize, d: usize| (h0 + (r * br + s) * n + d + 1) as i32;
        let v0 = h0 + n * br * n;
        let v = |c: usize, t: usize, d: usize| (v0 + (c * bc + t) * n + d + 1) as i32;
        f.vars = v0 + n * bc * n;
        for d in 0..n {
            // Definitions: the triad holds d exactly when one of its cells does.
            for r in 0..n {
                for s in 0..br {
                    lits.clear();
                    lits.extend((0..bc).map(|k| x(r, s * bc + k, d)));
                    lits.push(-h(r, s, d));
                    f.exactly_one(&lits);
                }
            }
            for c in 0..n {
                for t in 0..bc {
                    lits.clear();
                    lits.extend((0..br).map(|k| x(t * br + k, c, d)));
                    lits.push(-v(c, t, d));
                    f.exactly_one(&lits);
                }
            }
            // Exactly one triad of each row, column and box holds d.
            for r in 0..n {
                lits.clear();
                lits.extend((0..br).map(|s| h(r, s, d)));
                f.exactly_one(&lits);
            }
            for c in 0..n {
                lits.clear();
                lits.extend((0..bc).map(|t| v(c, t, d)));
                f.exactly_one(&lits);
            }
            for b in 0..n {
                let (band, stack) = (b / br, b % br);
                lits.clear();
                lits.extend((0..br).map(|k| h(band * br + k, stack, d)));
                f.exactly_one(&lits);
                lits.clear();
                lits.extend((0..bc).map(|k| v(stack * bc + k, band, d)));
                f.exactly_one(&lits);
            }
        }
        f
    }
}

/// `(variables, clauses)` of an encoding for a shape, before the givens.
///
/// ```
/// use sudoku_sat::{encoding_size, Encoding};
/// use sudoku_core::Shape;
/// assert_eq!(encoding_size(Shape::CLASSIC, Encoding::Complete), (729, 11_988));
/// ```
pub fn encoding_size(shape: Shape, encoding: Encoding) -> (usize, usize) {
    let f = Clauses::build(shape, encoding);
    (f.vars, f.len())
}

/// Level-0 values of the variables once the givens are applied:
/// `1` true, `-1` false, `0` free.
///
/// The givens are unit clauses; instead of handing them to the solver with
/// every clause, they are applied here: each given's variable is true, and
/// every variable that shares a binary clause with its negation is false
/// (one round of unit propagation, exactly what the solver would do first).
/// [`simplify`] then drops the satisfied clauses and the false literals.
pub fn apply_givens(f: &Clauses, puzzle: &Grid, values: &mut Vec<i8>) {
    let n = puzzle.shape().side();
    values.clear();
    values.resize(f.vars, 0);
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            values[cell * n + digit as usize - 1] = 1;
        }
    }
    for clause in f.iter() {
        if let [a, b] = *clause {
            let value = |l: i32| values[l.unsigned_abs() as usize - 1] * l.signum() as i8;
            // A false literal forces the other one.
            if value(a) == -1 && value(b) == 0 {
                values[b.unsigned_abs() as usize - 1] = b.signum() as i8;
            } else if value(b) == -1 && value(a) == 0 {
                values[a.unsigned_abs() as usize - 1] = a.signum() as i8;
            }
        }
    }
}

/// Calls `emit` with each clause not satisfied by `values`, without its false
/// literals (an empty clause means the puzzle has no solution).
pub fn simplify(f: &Clauses, values: &[i8], mut emit: impl FnMut(&[i32])) {
    let mut kept: Vec<i32> = Vec::with_capacity(64);
    'clauses: for clause in f.iter() {
        kept.clear();
        for &l in clause {
            match values[l.unsigned_abs() as usize - 1] * l.signum() as i8 {
                1 => continue 'clauses,
                0 => kept.push(l),
                _ => {}
            }
        }
        emit(&kept);
    }
}
