//! Grid shapes and the geometry every strategy needs.

use std::fmt;
use std::str::FromStr;

/// The largest side sudoku-lab accepts. Candidate sets are `u32` bitmasks with
/// digit `d` at bit `d - 1`, and the line format has 35 symbols, so 25 leaves room.
pub const MAX_SIDE: usize = 25;

/// The shape of a Sudoku: boxes of `box_rows x box_cols` cells, side
/// `n = box_rows * box_cols`, `n` rows, `n` columns, `n` boxes.
///
/// A 9x9 Sudoku is `3x3`; a 6x6 Sudoku with boxes two rows tall is `2x3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// Why a shape cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A box dimension is zero.
    Zero,
    /// The side would exceed [`MAX_SIDE`].
    TooLarge { side: usize },
    /// The side has no box factorisation we infer (a prime side above 3); name
    /// the shape explicitly (`--shape 1x7`) to play a Latin square.
    NoBoxShape { side: usize },
    /// The text is not of the form `RxC`.
    Syntax(String),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Zero => write!(f, "a box dimension is zero"),
            ShapeError::TooLarge { side } => {
                write!(f, "side {side} is larger than the maximum {MAX_SIDE}")
            }
            ShapeError::NoBoxShape { side } => write!(
                f,
                "side {side} has no box shape (it is prime); give the shape explicitly, e.g. 1x{side}"
            ),
            ShapeError::Syntax(s) => {
                write!(f, "'{s}' is not a shape: write box rows x box columns, e.g. 3x3 or 2x3")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// The classic 9x9 Sudoku.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape with boxes of `box_rows x box_cols` cells.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows == 0 || box_cols == 0 {
            return Err(ShapeError::Zero);
        }
        let side = box_rows.saturating_mul(box_cols);
        if side > MAX_SIDE {
            return Err(ShapeError::TooLarge { side });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The shape inferred from a side: a square side gets square boxes; any other
    /// side gets its most square factorisation with fewer rows than columns
    /// (6 -> 2x3, 8 -> 2x4, 12 -> 3x4, 20 -> 4x5). Prime sides above 1 are refused.
    pub fn for_side(side: usize) -> Result<Shape, ShapeError> {
        if side == 0 {
            return Err(ShapeError::Zero);
        }
        if side > MAX_SIDE {
            return Err(ShapeError::TooLarge { side });
        }
        let mut rows = (side as f64).sqrt() as usize;
        while rows > 1 && !side.is_multiple_of(rows) {
            rows -= 1;
        }
        if rows == 1 && side > 1 {
            return Err(ShapeError::NoBoxShape { side });
        }
        Shape::new(rows, side / rows)
    }

    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }
    /// `n`: the number of rows, columns, boxes and digits.
    pub fn side(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }
    /// `n²`.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }
    /// The candidate mask with every digit `1..=n` set.
    pub fn all_digits(self) -> u32 {
        if self.side() == 32 {
            u32::MAX
        } else {
            (1u32 << self.side()) - 1
        }
    }
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.side()
    }
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.side()
    }
    /// Boxes are numbered row-major: box `b` covers box-row `b / (n / box_cols)`.
    pub fn box_of(self, cell: usize) -> usize {
        let (r, c) = (self.row_of(cell), self.col_of(cell));
        let boxes_per_band = self.side() / self.box_cols();
        (r / self.box_rows()) * boxes_per_band + c / self.box_cols()
    }
    /// The first cell of box `b`.
    pub fn box_origin(self, b: usize) -> usize {
        let boxes_per_band = self.side() / self.box_cols();
        let r = (b / boxes_per_band) * self.box_rows();
        let c = (b % boxes_per_band) * self.box_cols();
        r * self.side() + c
    }
    /// `(row, column)` of a cell, 0-based.
    pub fn coords(self, cell: usize) -> (usize, usize) {
        (self.row_of(cell), self.col_of(cell))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;
    /// `RxC` (box rows x box columns), or a bare side such as `9` or `6`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax(s.to_string());
        let t = s.trim();
        match t.split_once(['x', 'X', '*']) {
            Some((r, c)) => {
                let r: usize = r.trim().parse().map_err(|_| syntax())?;
                let c: usize = c.trim().parse().map_err(|_| syntax())?;
                Shape::new(r, c)
            }
            None => Shape::for_side(t.parse().map_err(|_| syntax())?),
        }
    }
}

/// One of the `3n` units (a row, a column or a box), or a `(unit, digit)` pair.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unit {
    Row(usize),
    Col(usize),
    Box(usize),
}

impl fmt::Display for Unit {
    /// 1-based, as people count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Geometry computed once per shape: the row, column and box of every cell, the
/// cells of every unit and the peers of every cell (the cells that share a unit
/// with it, itself excluded), so search loops index flat arrays instead of dividing.
#[derive(Clone, Debug)]
pub struct Geometry {
    shape: Shape,
    row: Vec<u8>,
    col: Vec<u8>,
    boxes: Vec<u8>,
    peers: Vec<u16>,
    peer_count: usize,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        let cells = shape.cells();
        let row = (0..cells).map(|c| shape.row_of(c) as u8).collect();
        let col = (0..cells).map(|c| shape.col_of(c) as u8).collect();
        let boxes: Vec<u8> = (0..cells).map(|c| shape.box_of(c) as u8).collect();
        let n = shape.side();
        let peer_count = 2 * (n - 1) + (shape.box_rows() - 1) * (shape.box_cols() - 1);
        let mut peers = Vec::with_capacity(cells * peer_count);
        for cell in 0..cells {
            let start = peers.len();
            for other in 0..cells {
                let shares = shape.row_of(other) == shape.row_of(cell)
                    || shape.col_of(other) == shape.col_of(cell)
                    || boxes[other] == boxes[cell];
                if other != cell && shares {
                    peers.push(other as u16);
                }
            }
            debug_assert_eq!(peers.len() - start, peer_count);
        }
        Geometry {
            shape,
            row,
            col,
            boxes,
            peers,
            peer_count,
        }
    }
    pub fn shape(&self) -> Shape {
        self.shape
    }
    #[inline]
    pub fn row(&self, cell: usize) -> usize {
        self.row[cell] as usize
    }
    #[inline]
    pub fn col(&self, cell: usize) -> usize {
        self.col[cell] as usize
    }
    #[inline]
    pub fn box_of(&self, cell: usize) -> usize {
        self.boxes[cell] as usize
    }
    /// The `2(n-1) + (r-1)(c-1)` peers of a cell, in increasing order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
    /// The cells of a unit in increasing order.
    pub fn unit_cells(&self, unit: Unit) -> Vec<usize> {
        let n = self.shape.side();
        match unit {
            Unit::Row(r) => (0..n).map(|c| r * n + c).collect(),
            Unit::Col(c) => (0..n).map(|r| r * n + c).collect(),
            Unit::Box(b) => {
                let o = self.shape.box_origin(b);
                let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
                (0..br)
                    .flat_map(|i| (0..bc).map(move |j| o + i * n + j))
                    .collect()
            }
        }
    }
}

/// Whether a digit must sit where `line` (a row or column) meets box
/// `within`, by the arrangements of its band (or stack): each line of the
/// band takes the digit in its own box, so the digit's arrangement is a
/// matching of the band's lines to its boxes, using only the line-box
/// meetings where `fits` holds (the digit placed or a candidate in one of
/// their cells). `true` when every such matching uses this meeting (and at
/// least one exists): the triad rule's "certain". The trace checker and
/// bitboard's narrator share it.
pub fn certain_in(
    geometry: &Geometry,
    line: Unit,
    within: usize,
    fits: impl Fn(usize) -> bool,
) -> bool {
    use Unit;
    let shape = geometry.shape();
    let n = shape.side();
    // The band's lines and boxes, and which line-box meetings fit.
    let (lines, boxes): (Vec<Unit>, Vec<usize>) = match line {
        Unit::Row(r) => {
            let first = r / shape.box_rows() * shape.box_rows();
            let lines = (first..first + shape.box_rows()).map(Unit::Row).collect();
            let boxes = (0..n)
                .step_by(shape.box_cols())
                .map(|c| geometry.box_of(first * n + c))
                .collect();
            (lines, boxes)
        }
        Unit::Col(c) => {
            let first = c / shape.box_cols() * shape.box_cols();
            let lines = (first..first + shape.box_cols()).map(Unit::Col).collect();
            let boxes = (0..n)
                .step_by(shape.box_rows())
                .map(|r| geometry.box_of(r * n + first))
                .collect();
            (lines, boxes)
        }
        Unit::Box(_) => return false,
    };
    if lines.len() != boxes.len() || lines.len() > 8 {
        return false;
    }
    let k = lines.len();
    let Some(me) = lines.iter().position(|&l| l == line) else {
        return false;
    };
    let Some(mine) = boxes.iter().position(|&b| b == within) else {
        return false;
    };
    let edge: Vec<Vec<bool>> = lines
        .iter()
        .map(|&l| {
            boxes
                .iter()
                .map(|&b| {
                    geometry
                        .unit_cells(l)
                        .into_iter()
                        .any(|c| geometry.box_of(c) == b && fits(c))
                })
                .collect()
        })
        .collect();
    // Matchings of lines to boxes, depth first: is there one, and one
    // avoiding (me, mine)?
    fn search(i: usize, used: u32, edge: &[Vec<bool>], skip: (usize, usize)) -> bool {
        if i == edge.len() {
            return true;
        }
        (0..edge.len()).any(|j| {
            used & (1 << j) == 0
                && edge[i][j]
                && (i, j) != skip
                && search(i + 1, used | 1 << j, edge, skip)
        })
    }
    let _ = k;
    search(0, 0, &edge, (usize::MAX, 0)) && !search(0, 0, &edge, (me, mine))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inferred_shapes_are_the_most_square_factorisation() {
        let cases = [
            (1, "1x1"),
            (4, "2x2"),
            (6, "2x3"),
            (8, "2x4"),
            (9, "3x3"),
            (10, "2x5"),
        ];
        for (side, want) in cases {
            assert_eq!(Shape::for_side(side).unwrap().to_string(), want);
        }
        for (side, want) in [(12, "3x4"), (16, "4x4"), (20, "4x5"), (25, "5x5")] {
            assert_eq!(Shape::for_side(side).unwrap().to_string(), want);
        }
        assert_eq!(Shape::for_side(7), Err(ShapeError::NoBoxShape { side: 7 }));
        assert_eq!(Shape::for_side(26), Err(ShapeError::TooLarge { side: 26 }));
        assert_eq!(Shape::for_side(0), Err(ShapeError::Zero));
    }

    #[test]
    fn shapes_parse_from_text() {
        assert_eq!("3x2".parse::<Shape>().unwrap(), Shape::new(3, 2).unwrap());
        assert_eq!("16".parse::<Shape>().unwrap(), Shape::new(4, 4).unwrap());
        assert!("3by3".parse::<Shape>().is_err());
        assert!("6x5".parse::<Shape>().is_err());
    }

    #[test]
    fn boxes_of_rectangular_shapes() {
        let s = Shape::new(2, 3).unwrap();
        // Row 0: cells 0-2 are box 0, cells 3-5 box 1; rows 2-3 hold boxes 2 and 3.
        assert_eq!(s.box_of(0), 0);
        assert_eq!(s.box_of(4), 1);
        assert_eq!(s.box_of(2 * 6 + 5), 3);
        assert_eq!(s.box_origin(3), 2 * 6 + 3);
        let g = Geometry::new(s);
        assert_eq!(g.peers(0).len(), 2 * 5 + 2);
        assert_eq!(g.unit_cells(Unit::Box(1)), vec![3, 4, 5, 9, 10, 11]);
    }
}
