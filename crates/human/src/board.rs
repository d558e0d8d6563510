//! The candidate grid every technique reads: the digits placed so far and,
//! for each empty cell, the digits still possible, with the units (rows,
//! columns, boxes) listed once per shape.

use sudoku_core::{Geometry, Grid, Shape, Unit};

/// A position: placed digits and the candidates of every empty cell.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) shape: Shape,
    pub(crate) n: usize,
    /// Placed digit per cell, 0 when empty.
    pub(crate) value: Vec<u8>,
    /// Candidates per cell (bit `d - 1` for digit `d`), 0 for a placed cell.
    pub(crate) cand: Vec<u32>,
    pub(crate) units: std::sync::Arc<Units>,
}

/// Units of a shape: `units[u]` lists the cells of unit `u` (rows first,
/// then columns, then boxes) and `of_cell[c]` the three units of cell `c`.
#[derive(Debug)]
pub struct Units {
    pub cells: Vec<Vec<usize>>,
    pub of_cell: Vec<[usize; 3]>,
    /// `pos[c][k]`: the place of cell `c` in its unit `of_cell[c][k]`.
    pub pos: Vec<[u8; 3]>,
    pub geometry: Geometry,
}

impl Units {
    pub fn new(shape: Shape) -> Units {
        let n = shape.side();
        let geometry = Geometry::new(shape);
        let mut cells = Vec::with_capacity(3 * n);
        for i in 0..n {
            cells.push(geometry.unit_cells(Unit::Row(i)));
        }
        for i in 0..n {
            cells.push(geometry.unit_cells(Unit::Col(i)));
        }
        for i in 0..n {
            cells.push(geometry.unit_cells(Unit::Box(i)));
        }
        let of_cell: Vec<[usize; 3]> = (0..shape.cells())
            .map(|c| {
                [
                    geometry.row(c),
                    n + geometry.col(c),
                    2 * n + geometry.box_of(c),
                ]
            })
            .collect();
        let pos = (0..shape.cells())
            .map(|c: usize| {
                let units: &[usize; 3] = &of_cell[c];
                units.map(|u| {
                    cells[u]
                        .iter()
                        .position(|&x| x == c)
                        .expect("a cell is in its units") as u8
                })
            })
            .collect();
        Units {
            cells,
            of_cell,
            pos,
            geometry,
        }
    }
}

/// The unit `u` of the `3n` as a core [`Unit`], for sentences.
pub fn unit_of(n: usize, u: usize) -> Unit {
    match u / n {
        0 => Unit::Row(u % n),
        1 => Unit::Col(u % n),
        _ => Unit::Box(u % n),
    }
}

/// `r3c5`, 1-based, as players write cells.
pub fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// What makes a position impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell without candidates.
    Cell(usize),
    /// A digit with no place left in a unit.
    Unit(usize, u8),
}

impl Board {
    /// The board of a puzzle (whose givens do not conflict): candidates are
    /// the digits no peer holds.
    pub fn new(puzzle: &Grid) -> Board {
        let shape = puzzle.shape();
        let units = std::sync::Arc::new(Units::new(shape));
        Board::with_units(puzzle, units)
    }

    pub(crate) fn with_units(puzzle: &Grid, units: std::sync::Arc<Units>) -> Board {
        let shape = puzzle.shape();
        let cells = shape.cells();
        let mut board = Board {
            shape,
            n: shape.side(),
            value: vec![0; cells],
            cand: vec![shape.all_digits(); cells],
            units,
        };
        for cell in 0..cells {
            let d = puzzle.get(cell);
            if d != 0 {
                board.place(cell, d);
            }
        }
        board
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }
    pub fn side(&self) -> usize {
        self.n
    }
    pub fn value(&self, cell: usize) -> u8 {
        self.value[cell]
    }
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cand[cell] & bit(digit) != 0
    }
    pub fn is_solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }
    /// The placed digits as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.shape, self.value.clone()).expect("cells of the shape")
    }

    /// Writes `digit` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.value[cell] = digit;
        self.cand[cell] = 0;
        let b = bit(digit);
        let units = self.units.clone();
        for &peer in units.geometry.peers(cell) {
            self.cand[peer as usize] &= !b;
        }
    }
    pub fn remove(&mut self, cell: usize, digit: u8) {
        self.cand[cell] &= !bit(digit);
    }

    /// Cells of unit `u` where `digit` is still a candidate, as a bit mask
    /// over the unit's positions.
    pub fn places(&self, u: usize, digit: u8) -> u32 {
        let b = bit(digit);
        let mut mask = 0;
        for (i, &c) in self.units.cells[u].iter().enumerate() {
            if self.cand[c] & b != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Whether `digit` is placed in unit `u`.
    pub fn placed_in(&self, u: usize, digit: u8) -> bool {
        self.units.cells[u].iter().any(|&c| self.value[c] == digit)
    }

    /// Whether two distinct cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && {
            let (ua, ub) = (self.units.of_cell[a], self.units.of_cell[b]);
            ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]
        }
    }

    /// The first reason the position has no solution, if any is visible
    /// without search: an empty cell with no candidate, or an unplaced digit
    /// with no place in a unit.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(cell) = (0..self.cand.len()).find(|&c| self.value[c] == 0 && self.cand[c] == 0)
        {
            return Some(Contradiction::Cell(cell));
        }
        for u in 0..self.units.cells.len() {
            let mut seen = 0u32;
            for &c in &self.units.cells[u] {
                seen |= self.cand[c];
                if self.value[c] != 0 {
                    seen |= bit(self.value[c]);
                }
            }
            let missing = self.shape.all_digits() & !seen;
            if missing != 0 {
                return Some(Contradiction::Unit(u, missing.trailing_zeros() as u8 + 1));
            }
        }
        None
    }
}

#[inline]
pub fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first.
pub fn digits(mask: u32) -> impl Iterator<Item = u8> {
    sudoku_core::bits::digits(mask)
}
