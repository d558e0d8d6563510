//! Sudoku as an exact-cover problem: the encoding is
//! [`sudoku_core::cover::sudoku`]'s (shared with dcells), re-exported here,
//! and [`matrix`] builds it with dancing links.
//!
//! The columns (constraints) and rows (candidates) are numbered as that
//! module's docs say.

use crate::exact_cover::Matrix;
pub use sudoku_core::cover::sudoku::{candidate, column, columns, constraint, row};
#[cfg(test)]
use sudoku_core::Constraint;
use sudoku_core::Shape;

/// The exact-cover matrix of the empty grid: `4n²` primary columns, `n³` rows
/// in row-id order. `u16` links: 25x25 has `1 + 4·625 + 4·15,625 = 65,001`
/// nodes, just under the 65,536 they can address.
pub fn matrix(shape: Shape) -> Matrix<u16> {
    sudoku_core::cover::sudoku::matrix(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_and_constraints_round_trip() {
        for shape in [
            Shape::new(2, 3).unwrap(),
            Shape::CLASSIC,
            Shape::new(5, 5).unwrap(),
        ] {
            let n = shape.side();
            for col in 0..4 * n * n {
                assert_eq!(column(shape, constraint(shape, col)), col);
            }
            assert_eq!(candidate(shape, row(shape, 7, 2)), (7, 2));
        }
        let s = Shape::CLASSIC;
        assert_eq!(constraint(s, 80), Constraint::Cell(80));
        assert_eq!(constraint(s, 81), Constraint::RowDigit(0, 1));
        assert_eq!(
            constraint(s, 2 * 81 + 9 * 2 + 4),
            Constraint::ColDigit(2, 5)
        );
        assert_eq!(constraint(s, 4 * 81 - 1), Constraint::BoxDigit(8, 9));
    }

    #[test]
    fn the_largest_matrix_fits_u16_links() {
        assert_eq!(matrix(Shape::new(5, 5).unwrap()).nodes(), 65_001);
    }

    #[test]
    fn the_matrix_has_four_ones_per_row_and_n_per_column() {
        let shape = Shape::new(2, 3).unwrap();
        let m = matrix(shape);
        assert_eq!((m.primary(), m.secondary(), m.rows()), (4 * 36, 0, 216));
        assert!((0..m.columns()).all(|c| m.column_size(c) == 6));
        assert_eq!(m.nodes(), 1 + 4 * 36 + 4 * 216);
        // Digit 4 in cell 15 (row 2, column 3, box 3).
        let want = [15, 36 + 2 * 6 + 3, 72 + 3 * 6 + 3, 108 + 3 * 6 + 3];
        assert_eq!(m.row(row(shape, 15, 4)).collect::<Vec<_>>(), want);
    }
}
