//! The grid: cells, givens, conflicts and verification.

use crate::shape::{Geometry, Shape, Unit};
use std::fmt;

/// A Sudoku grid of any [`Shape`]: `n²` cells in row-major order, each `0`
/// (empty) or a digit `1..=n`. A puzzle is a grid whose filled cells are its givens.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Two givens that break a rule: the same digit twice in one unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    pub unit: Unit,
    pub digit: u8,
    /// The two cells (row-major indices), the first occurrence first.
    pub cells: (usize, usize),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "digit {} appears twice in {}", self.digit, self.unit)
    }
}

/// Why a candidate solution is not a solution of a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VerifyError {
    ShapeMismatch,
    Incomplete { cell: usize },
    GivenChanged { cell: usize, given: u8, found: u8 },
    Conflict(Conflict),
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::ShapeMismatch => write!(f, "solution and puzzle have different shapes"),
            VerifyError::Incomplete { cell } => write!(f, "cell {cell} is empty"),
            VerifyError::GivenChanged { cell, given, found } => {
                write!(f, "cell {cell} holds {found} but the puzzle gives {given}")
            }
            VerifyError::Conflict(c) => write!(f, "{c}"),
        }
    }
}

/// The symbol of a digit in the line format: `.` for empty, `1-9`, then `A-Z` for 10-35.
pub fn digit_symbol(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => (b'0' + digit) as char,
        _ => (b'A' + digit - 10) as char,
    }
}

/// The digit of a line-format symbol (`.` and `0` are empty, letters either case),
/// or `None` for a character that is not a symbol.
pub fn symbol_digit(symbol: char) -> Option<u8> {
    match symbol {
        '.' | '0' => Some(0),
        '1'..='9' => Some(symbol as u8 - b'0'),
        'A'..='Z' => Some(symbol as u8 - b'A' + 10),
        'a'..='z' => Some(symbol as u8 - b'a' + 10),
        _ => None,
    }
}

impl Grid {
    /// The empty grid of a shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// The standard pattern solution of a shape: row `r` is the row `1..=n`
    /// shifted by `(r mod box_rows)·box_cols + r / box_rows`, which is valid
    /// for every shape. Generators scramble it; tests use it as a full grid.
    pub fn pattern(shape: Shape) -> Grid {
        let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
        let cells = (0..n * n)
            .map(|i| ((i / n % br * bc + i / n / br + i % n) % n) as u8 + 1)
            .collect();
        Grid { shape, cells }
    }

    /// A grid from `n²` cell values, `0` for empty. Returns `None` if the length is
    /// wrong or a value exceeds the side.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        // The largest value, with no early exit: a loop the compiler turns
        // into vector code (`all` stops at the first miss and tests each
        // cell in turn; every kept solution passes through here).
        let largest = cells.iter().fold(0u8, |m, &d| m.max(d));
        let ok = cells.len() == shape.cells() && largest as usize <= shape.side();
        ok.then_some(Grid { shape, cells })
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }
    /// Writes a digit (or `0` to clear). Panics if the digit exceeds the side.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(
            digit as usize <= self.shape.side(),
            "digit {digit} out of range"
        );
        self.cells[cell] = digit;
    }
    /// How many cells are filled.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// `true` when some digit appears twice in a row, column or box. One pass
    /// with a bitmask per unit, no allocation: every solve starts with it.
    pub fn has_conflict(&self) -> bool {
        let (n, br, bc) = (
            self.shape.side(),
            self.shape.box_rows(),
            self.shape.box_cols(),
        );
        // 9x9 gets a copy of its own with the sides as constants: its loops
        // unroll and the unit masks stay in registers (a warm loop over the
        // serg sample, AMD EPYC: 137 to 96 ns a grid).
        if (n, br, bc) == (9, 3, 3) {
            conflict_in(&self.cells, 9, 3, 3)
        } else {
            conflict_in(&self.cells, n, br, bc)
        }
    }

    /// Every pair of equal digits sharing a unit, units in the order rows,
    /// columns, boxes. Empty when the givens are consistent.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if !self.has_conflict() {
            return Vec::new();
        }
        let geometry = Geometry::new(self.shape);
        let n = self.shape.side();
        let mut found = Vec::new();
        let units = (0..n)
            .map(Unit::Row)
            .chain((0..n).map(Unit::Col))
            .chain((0..n).map(Unit::Box));
        for unit in units {
            let mut seen = [usize::MAX; crate::shape::MAX_SIDE + 1];
            for cell in geometry.unit_cells(unit) {
                let d = self.cells[cell];
                if d == 0 {
                    continue;
                }
                if seen[d as usize] != usize::MAX {
                    found.push(Conflict {
                        unit,
                        digit: d,
                        cells: (seen[d as usize], cell),
                    });
                } else {
                    seen[d as usize] = cell;
                }
            }
        }
        found
    }

    /// Checks that `self` is a complete, rule-abiding grid that keeps every
    /// given of `puzzle`. This is the verification the harness applies to every
    /// solution any strategy reports.
    pub fn verify_solution_of(&self, puzzle: &Grid) -> Result<(), VerifyError> {
        if self.shape != puzzle.shape {
            return Err(VerifyError::ShapeMismatch);
        }
        if let Some(cell) = self.cells.iter().position(|&d| d == 0) {
            return Err(VerifyError::Incomplete { cell });
        }
        for (cell, (&given, &found)) in puzzle.cells.iter().zip(&self.cells).enumerate() {
            if given != 0 && given != found {
                return Err(VerifyError::GivenChanged { cell, given, found });
            }
        }
        if !self.has_conflict() {
            return Ok(());
        }
        Err(VerifyError::Conflict(self.conflicts()[0]))
    }

    /// `true` when [`Grid::verify_solution_of`] succeeds.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.verify_solution_of(puzzle).is_ok()
    }

    /// The line format: `n²` symbols, `.` for empty.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&d| digit_symbol(d)).collect()
    }

    /// Whitespace-separated numbers, `0` for empty: the format for any size.
    pub fn to_numbers(&self) -> String {
        let parts: Vec<String> = self.cells.iter().map(|d| d.to_string()).collect();
        parts.join(" ")
    }

    /// The block format: `n` lines of `n` symbols, no decoration.
    pub fn to_block(&self) -> String {
        let n = self.shape.side();
        let mut out = String::new();
        for row in self.cells.chunks(n) {
            out.extend(row.iter().map(|&d| digit_symbol(d)));
            out.push('\n');
        }
        out
    }

    /// A boxed grid for people, with `|` and `-+-` between boxes.
    pub fn pretty(&self) -> String {
        let (n, br, bc) = (
            self.shape.side(),
            self.shape.box_rows(),
            self.shape.box_cols(),
        );
        let rows: Vec<String> = self
            .cells
            .chunks(n)
            .map(|row| {
                let mut line = String::new();
                for (c, &d) in row.iter().enumerate() {
                    if c > 0 {
                        line.push_str(if c % bc == 0 { " | " } else { " " });
                    }
                    line.push(digit_symbol(d));
                }
                line
            })
            .collect();
        // The rule between bands mirrors a row: `+` under each `|`, `-` elsewhere.
        let rule: String = rows[0]
            .chars()
            .map(|ch| if ch == '|' { '+' } else { '-' })
            .collect();
        let mut out = String::new();
        for (r, line) in rows.iter().enumerate() {
            if r > 0 && r % br == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

/// Why text is not one puzzle (`str::parse::<Grid>`), in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridTextError(pub String);

impl fmt::Display for GridTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GridTextError {}

/// One puzzle written in a program or a test: a line of `n²` symbols (`.` or
/// `0` blank, `1-9` then `A-Z`), the same spread over rows with `|`, `-`,
/// `+` and spaces as decoration, or whitespace-separated numbers (for sides
/// past 35); `#` starts a comment. The box shape is the side's
/// ([`Shape::for_side`]). Files and what a user types are read by the
/// `sudoku-input` crate, which knows every format, a shape line, ratings and
/// solutions, and says where a line goes wrong.
impl std::str::FromStr for Grid {
    type Err = GridTextError;
    fn from_str(text: &str) -> Result<Grid, GridTextError> {
        let text: String = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n");
        let words: Vec<&str> = text.split_whitespace().collect();
        let numbers = words.len() > 1
            && words.iter().any(|w| w.len() > 1)
            && words
                .iter()
                .all(|w| *w == "." || w.bytes().all(|b| b.is_ascii_digit()));
        let cells: Vec<usize> = if numbers {
            words
                .iter()
                .map(|w| w.parse::<usize>().unwrap_or(0))
                .collect()
        } else {
            text.chars()
                .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '-' | '+'))
                .map(|c| {
                    symbol_digit(c)
                        .map(usize::from)
                        .ok_or_else(|| GridTextError(format!("{c:?} is no cell symbol")))
                })
                .collect::<Result<_, _>>()?
        };
        let side = (cells.len() as f64).sqrt().round() as usize;
        if side * side != cells.len() || cells.is_empty() {
            return Err(GridTextError(format!(
                "{} cells make no square grid",
                cells.len()
            )));
        }
        let shape = Shape::for_side(side).map_err(|e| GridTextError(e.to_string()))?;
        if let Some(d) = cells.iter().find(|&&d| d > side) {
            return Err(GridTextError(format!(
                "{d} is no digit of a {side}x{side} grid"
            )));
        }
        Ok(Grid {
            shape,
            cells: cells.into_iter().map(|d| d as u8).collect(),
        })
    }
}

impl fmt::Display for Grid {
    /// The line format, so `to_string()` round-trips through the parser.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// [`Grid::has_conflict`] on the cells of an `n`-sided grid with
/// `br` x `bc` boxes. Every solve of every strategy starts here (a 9x9 solve
/// can take a microsecond), so it avoids what costs most on a small grid: a
/// division per cell, a branch per cell on whether it is empty (an empty
/// cell has the bit 0 and changes nothing), and a test per cell. Each unit
/// gathers the set of its digits; a unit holds a digit twice exactly when
/// its set has fewer members than the unit has givens, and every given is
/// in one row, one column and one box, so the grid is free of conflicts
/// exactly when the rows', columns' and boxes' sets together count three
/// times the givens. A row's cells in one box are gathered in a register
/// and meet the box's set once.
#[inline(always)]
fn conflict_in(cells: &[u8], n: usize, br: usize, bc: usize) -> bool {
    let mut cols = [0u32; crate::shape::MAX_SIDE];
    let mut boxes = [0u32; crate::shape::MAX_SIDE];
    let (mut members, mut givens) = (0, 0);
    for (r, row) in cells.chunks_exact(n).enumerate() {
        let first_box = r / br * br;
        let mut in_row = 0u32;
        for (k, part) in row.chunks_exact(bc).enumerate() {
            let mut in_part = 0u32;
            for (j, &d) in part.iter().enumerate() {
                let bit = (1u32 << d) >> 1;
                givens += (d != 0) as u32;
                cols[k * bc + j] |= bit;
                in_part |= bit;
            }
            in_row |= in_part;
            boxes[first_box + k] |= in_part;
        }
        members += in_row.count_ones();
    }
    for unit in cols[..n].iter().chain(&boxes[..n]) {
        members += unit.count_ones();
    }
    members != 3 * givens
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "145327698839654127672918543496185372218473956753296481367542819984761235521839764";
    const PUZZLE: &str =
        "005300000800000020070010500400005300010070006003200080060500009004000030000009700";

    fn grid(s: &str) -> Grid {
        let cells = s.chars().map(|c| symbol_digit(c).unwrap()).collect();
        Grid::from_cells(Shape::CLASSIC, cells).unwrap()
    }

    #[test]
    fn a_true_solution_verifies() {
        assert_eq!(grid(SOLVED).verify_solution_of(&grid(PUZZLE)), Ok(()));
        assert!(grid(PUZZLE).conflicts().is_empty());
    }

    #[test]
    fn verification_catches_each_kind_of_fault() {
        let puzzle = grid(PUZZLE);
        let mut swapped = grid(SOLVED);
        swapped.set(0, 4);
        swapped.set(1, 1);
        assert!(matches!(
            swapped.verify_solution_of(&grid(&"0".repeat(81))),
            Err(VerifyError::Conflict(_))
        ));
        let mut changed = grid(SOLVED);
        changed.set(2, 9);
        assert!(matches!(
            changed.verify_solution_of(&puzzle),
            Err(VerifyError::GivenChanged { cell: 2, .. })
        ));
        let mut hole = grid(SOLVED);
        hole.set(40, 0);
        assert_eq!(
            hole.verify_solution_of(&puzzle),
            Err(VerifyError::Incomplete { cell: 40 })
        );
    }

    #[test]
    fn conflicts_name_unit_and_digit() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(0, 5);
        g.set(10, 5);
        let c = g.conflicts();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].to_string(), "digit 5 appears twice in box 1");
        assert_eq!(c[0].cells, (0, 10));
    }

    #[test]
    fn pattern_grids_are_solutions_of_every_shape() {
        for (r, c) in [(1, 1), (1, 5), (2, 3), (3, 2), (3, 3), (4, 5), (5, 5)] {
            let g = Grid::pattern(Shape::new(r, c).unwrap());
            assert!(g.is_complete() && g.conflicts().is_empty(), "{r}x{c}");
        }
    }

    /// Two equal digits conflict exactly when their cells share a row, a
    /// column or a box: every pair of cells, on shapes with square and with
    /// rectangular boxes (both ways round, one-row and one-column boxes, a
    /// digit above 9), the box found by arithmetic here.
    #[test]
    fn a_pair_of_equal_digits_conflicts_exactly_when_they_share_a_unit() {
        for (br, bc) in [(1, 3), (3, 1), (2, 3), (3, 2), (3, 3), (2, 5), (4, 3)] {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side();
            let digit = n as u8;
            for a in 0..n * n {
                for b in a + 1..n * n {
                    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                    let peers = ra == rb || ca == cb || (ra / br == rb / br && ca / bc == cb / bc);
                    let mut g = Grid::empty(shape);
                    g.set(a, digit);
                    g.set(b, digit);
                    assert_eq!(g.has_conflict(), peers, "{br}x{bc}, cells {a} and {b}");
                    // A different digit in the second cell never conflicts.
                    g.set(b, 1);
                    assert!(!g.has_conflict(), "{br}x{bc}, cells {a} and {b}");
                }
            }
        }
    }

    #[test]
    fn pretty_draws_box_borders() {
        let g = Grid::empty(Shape::new(2, 3).unwrap());
        let text = g.pretty();
        assert_eq!(text.lines().next().unwrap(), ". . . | . . .");
        assert_eq!(text.lines().nth(2).unwrap(), "------+------");
        assert_eq!(text.lines().count(), 8);
    }
}
