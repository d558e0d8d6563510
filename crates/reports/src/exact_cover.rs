//! A figure of Sudoku as exact cover: part of a 4x4's matrix drawn as
//! dancing links (the guide's `exact-cover-4x4.svg`).
//!
//! The matrix has a row per placement "digit d in row r, column c" (64 for
//! a 4x4) and a column per constraint (64: 16 cells, 16 row-digits, 16
//! column-digits, 16 box-digits). The figure draws the eight rows of the
//! first two cells (r1c1 and r1c2, digits 1 to 4) and the 18 columns they
//! meet, each 1 a node: a row's four nodes in a circular list (left and
//! right), a column's nodes in a circular list through its header (up and
//! down; the wrap-arounds are not drawn), each header with its column's size
//! in the whole matrix. Plain SVG, the kinds of constraint in the palette's
//! categorical colours, text no smaller than [`TEXT_MIN`].

use crate::palette::{CATEGORIES, TEXT_AXIS, TEXT_MIN, TEXT_TITLE};
use plotters::style::RGBColor;
use std::fmt::Write as _;

/// The side of the grid and of its boxes.
const N: usize = 4;
const BOX: usize = 2;
/// The cells whose rows are drawn (0-based row, column): r1c1 and r1c2.
const CELLS: [(usize, usize); 2] = [(0, 0), (0, 1)];

/// The kinds of constraint, in the matrix's order, with their names.
const KINDS: [&str; 4] = ["cell", "row-digit", "column-digit", "box-digit"];

/// A constraint: its kind (an index into [`KINDS`]) and its label.
type Column = (usize, String);

/// The four constraints placement (r, c, d) meets.
fn columns_of(r: usize, c: usize, d: usize) -> [Column; 4] {
    let b = (r / BOX) * BOX + c / BOX;
    [
        (0, format!("r{}c{}", r + 1, c + 1)),
        (1, format!("r{}#{d}", r + 1)),
        (2, format!("c{}#{d}", c + 1)),
        (3, format!("b{}#{d}", b + 1)),
    ]
}

fn css(RGBColor(r, g, b): RGBColor) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The figure as SVG text.
pub fn svg() -> String {
    let rows: Vec<(usize, usize, usize)> = CELLS
        .iter()
        .flat_map(|&(r, c)| (1..=N).map(move |d| (r, c, d)))
        .collect();
    // The columns the rows meet, grouped by kind, each once.
    let mut cols: Vec<Column> = Vec::new();
    for kind in 0..KINDS.len() {
        for &(r, c, d) in &rows {
            for col in columns_of(r, c, d) {
                if col.0 == kind && !cols.contains(&col) {
                    cols.push(col);
                }
            }
        }
    }
    let colour = |kind: usize| css(CATEGORIES[[0, 4, 2, 6][kind]]);
    // Every constraint of a 4x4 is met by N placements before any given
    // is covered.
    let size = N;
    let (x0, y0, dx, dy, r) = (200.0, 170.0, 78.0, 62.0, 17.0);
    let width = x0 + dx * cols.len() as f64 + 30.0;
    let height = y0 + dy * rows.len() as f64 + 110.0;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"##
    );
    let _ = write!(
        s,
        r##"<rect width="{width}" height="{height}" fill="white"/><defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>"##
    );
    let _ = write!(
        s,
        r##"<text x="{}" y="34" font-size="{TEXT_TITLE}" text-anchor="middle" font-weight="bold">Exact cover of a 4x4 Sudoku as dancing links: the rows of r1c1 and r1c2</text>"##,
        width / 2.0
    );
    // The kinds of column, and each column's header with its size.
    for (kind, name) in KINDS.iter().enumerate() {
        let at: Vec<usize> = (0..cols.len()).filter(|&i| cols[i].0 == kind).collect();
        let (Some(&first), Some(&last)) = (at.first(), at.last()) else {
            continue;
        };
        let x1 = x0 + dx * first as f64 - dx / 2.0 + 4.0;
        let x2 = x0 + dx * last as f64 + dx / 2.0 - 4.0;
        let _ = write!(
            s,
            r##"<rect x="{x1}" y="52" width="{}" height="32" rx="4" fill="{c}" fill-opacity="0.15"/><text x="{}" y="75" font-size="{TEXT_AXIS}" text-anchor="middle" fill="{c}">{name}</text>"##,
            x2 - x1,
            (x1 + x2) / 2.0,
            c = colour(kind),
        );
    }
    let header_bottom = 148.0;
    for (i, (kind, label)) in cols.iter().enumerate() {
        let x = x0 + dx * i as f64;
        let _ = write!(
            s,
            r##"<rect x="{}" y="92" width="{}" height="56" fill="white" stroke="{}" stroke-width="2"/><text x="{x}" y="114" font-size="{TEXT_MIN}" text-anchor="middle">{label}</text><text x="{x}" y="139" font-size="{TEXT_MIN}" text-anchor="middle" fill="#555">size {size}</text>"##,
            x - dx / 2.0 + 3.0,
            dx - 6.0,
            colour(*kind),
        );
    }
    // Row labels, and the 0s (light) under the nodes.
    for (j, &(row, col, d)) in rows.iter().enumerate() {
        let y = y0 + dy * j as f64 + dy / 2.0;
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="{TEXT_AXIS}" text-anchor="end">r{}c{} = {d}</text>"##,
            x0 - 44.0,
            y + 7.0,
            row + 1,
            col + 1
        );
        for i in 0..cols.len() {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="{TEXT_MIN}" fill="#bbb" text-anchor="middle">0</text>"##,
                x0 + dx * i as f64,
                y + 7.0
            );
        }
    }
    let link = |s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)| {
        let _ = write!(
            s,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#555" stroke-width="1.5" marker-start="url(#a)" marker-end="url(#a)"/>"##
        );
    };
    // Up and down: each column's header and nodes.
    for (i, column) in cols.iter().enumerate() {
        let x = x0 + dx * i as f64;
        let mut prev = header_bottom;
        for (j, &(row, col, d)) in rows.iter().enumerate() {
            if columns_of(row, col, d).contains(column) {
                let y = y0 + dy * j as f64 + dy / 2.0;
                link(&mut s, (x, prev), (x, y - r));
                prev = y + r;
            }
        }
    }
    // Left and right: each row's four nodes.
    for (j, &(row, col, d)) in rows.iter().enumerate() {
        let y = y0 + dy * j as f64 + dy / 2.0;
        let meets = columns_of(row, col, d);
        let xs: Vec<f64> = meets
            .iter()
            .map(|m| x0 + dx * cols.iter().position(|c| c == m).unwrap_or(0) as f64)
            .collect();
        for pair in xs.windows(2) {
            link(&mut s, (pair[0] + r, y), (pair[1] - r, y));
        }
        for (x, (kind, _)) in xs.iter().zip(&meets) {
            let _ = write!(
                s,
                r##"<circle cx="{x}" cy="{y}" r="{r}" fill="{}"/><text x="{x}" y="{}" font-size="{TEXT_MIN}" fill="white" text-anchor="middle">1</text>"##,
                colour(*kind),
                y + 7.0
            );
        }
    }
    let words = [
        "Each placement meets four constraints: four 1s, one per kind, linked left and right. \
         Each constraint's 1s are linked up and down through its header",
        "(every list is circular: the last node links back to the first). Choosing r1c1 = 1 \
         covers its four columns and every row that meets one of them",
        "(of the rows drawn: r1c1 = 2, 3, 4 and r1c2 = 1); the sizes are of the whole matrix, \
         before any given is covered.",
    ];
    for (k, line) in words.iter().enumerate() {
        let _ = write!(
            s,
            r##"<text x="24" y="{}" font-size="{TEXT_MIN}">{line}</text>"##,
            height - 82.0 + 28.0 * k as f64
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eight rows of four nodes; 18 columns, each with a header: 2 cells,
    /// 4 row-digits and 4 box-digits (the two cells share row 1 and box 1),
    /// 8 column-digits.
    #[test]
    fn the_rows_of_two_cells_and_the_columns_they_meet() {
        let svg = svg();
        assert_eq!(svg.matches("<circle").count(), 8 * 4, "{svg}");
        assert_eq!(svg.matches(">size 4<").count(), 18, "{svg}");
        // r1c1 = 1 and r1c2 = 1 share the row-digit r1#1 and box-digit b1#1.
        assert!(svg.contains(">r1#1<") && svg.contains(">b1#1<"), "{svg}");
        for size in svg.split("font-size=\"").skip(1) {
            let px: u32 = size.split('"').next().unwrap().parse().unwrap();
            assert!(px >= TEXT_MIN, "text of {px} px");
        }
    }
}
