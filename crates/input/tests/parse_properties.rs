//! The reader accepts exactly the documented formats (issue 29): a property
//! test writes a valid puzzle in every format, changes it the way a user's
//! file goes wrong (a sign, a fraction, a value out of range, a cell or a row
//! too many or too few, a solution that contradicts the givens) or the way a
//! file may harmlessly differ (tabs, runs of spaces, `|` between boxes, CRLF,
//! comments, leading zeros), and checks that each variant is either refused
//! with an error naming its line (and column, for a fault of one symbol) or
//! read as exactly the grid it spells.

use proptest::prelude::*;
use sudoku_core::{Grid, Shape};
use sudoku_input::PuzzleReader;

/// Every inferred shape (the reader infers the shape from the side).
const SHAPES: [(usize, usize); 8] = [
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 4),
    (4, 5),
    (5, 5),
];

#[derive(Clone, Copy, Debug)]
enum Format {
    /// One line, `n²` symbols.
    Line,
    /// One line of space-separated numbers.
    Numbers,
    /// `n` lines of `n` symbols.
    Block,
    /// `n` lines of space-separated numbers.
    NumberRows,
    /// The boxed form: spaces, `|` between boxes, rule lines between bands.
    Pretty,
    /// `puzzle,solution`.
    Csv,
    /// `<puzzle> <rating>`.
    Rated,
}

const FORMATS: [Format; 7] = [
    Format::Line,
    Format::Numbers,
    Format::Block,
    Format::NumberRows,
    Format::Pretty,
    Format::Csv,
    Format::Rated,
];

#[derive(Clone, Copy, Debug)]
enum Fault {
    /// `-7` or `+7` for a given 7.
    Sign(bool),
    /// `7.5` for a given 7.
    Fraction,
    /// A given one past the side.
    PastSide,
    /// A given written as `99999999999999999999999`.
    Huge,
    /// A cell more on one row.
    ExtraCell,
    /// A cell fewer on one row.
    MissingCell,
    /// One row twice.
    ExtraRow,
    /// One row left out.
    MissingRow,
    /// (CSV) a solution cell changed where the puzzle has a given.
    Contradiction,
}

const FAULTS: [Fault; 10] = [
    Fault::Sign(true),
    Fault::Sign(false),
    Fault::Fraction,
    Fault::PastSide,
    Fault::Huge,
    Fault::ExtraCell,
    Fault::MissingCell,
    Fault::ExtraRow,
    Fault::MissingRow,
    Fault::Contradiction,
];

#[derive(Clone, Copy, Debug)]
enum Harmless {
    Nothing,
    /// Tabs, or runs of spaces, where the format has one space.
    Separators(bool),
    /// `|` between boxes of the line forms.
    Bars,
    /// CRLF line ends.
    Crlf,
    /// A comment line before and a comment after.
    Comments,
    /// `07` for 7 in the numbers forms.
    LeadingZeros,
}

const HARMLESS: [Harmless; 7] = [
    Harmless::Nothing,
    Harmless::Separators(true),
    Harmless::Separators(false),
    Harmless::Bars,
    Harmless::Crlf,
    Harmless::Comments,
    Harmless::LeadingZeros,
];

/// A puzzle of `shape`: the pattern grid with every `stride`-th cell (from
/// `offset`) emptied, so every row keeps most of its digits.
fn puzzle(shape: Shape, stride: usize, offset: usize) -> Grid {
    let mut g = Grid::pattern(shape);
    for cell in (offset % stride..shape.cells()).step_by(stride) {
        g.set(cell, 0);
    }
    g
}

fn symbol(d: u8) -> String {
    match d {
        0 => ".".into(),
        1..=9 => d.to_string(),
        _ => ((b'A' + d - 10) as char).to_string(),
    }
}

/// Rows of cells as written.
type Cells = Vec<Vec<String>>;

/// The cells of a grid as rows of written cells, in the symbol or number form.
fn rows(grid: &Grid, numbers: bool) -> Cells {
    let n = grid.shape().side();
    grid.cells()
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|&d| if numbers { d.to_string() } else { symbol(d) })
                .collect()
        })
        .collect()
}

/// Writes rows of cells in a format: the cells of a row joined by `sep`
/// (with `bar` between boxes when asked), rows on lines or on one line.
fn render(
    format: Format,
    shape: Shape,
    cells: &[Vec<String>],
    solution: &[Vec<String>],
    style: Harmless,
) -> String {
    let space = match style {
        Harmless::Separators(true) => "\t",
        Harmless::Separators(false) => "   ",
        _ => " ",
    };
    let bars = matches!(style, Harmless::Bars);
    let join_row = |row: &Vec<String>, sep: &str| -> String {
        let mut out = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                out.push_str(sep);
                if bars && c % shape.box_cols() == 0 {
                    out.push('|');
                    out.push_str(sep);
                }
            }
            out.push_str(cell);
        }
        out
    };
    let lines: Vec<String> = match format {
        Format::Line => vec![cells.iter().map(|r| join_row(r, "")).collect()],
        Format::Rated => vec![format!(
            "{} 5.0",
            cells.iter().map(|r| join_row(r, "")).collect::<String>()
        )],
        Format::Csv => vec![format!(
            "{},{}",
            cells.iter().map(|r| join_row(r, "")).collect::<String>(),
            solution.iter().map(|r| join_row(r, "")).collect::<String>()
        )],
        Format::Numbers => vec![cells
            .iter()
            .map(|r| join_row(r, space))
            .collect::<Vec<_>>()
            .join(space)],
        Format::Block => cells.iter().map(|r| join_row(r, "")).collect(),
        Format::NumberRows => cells.iter().map(|r| join_row(r, space)).collect(),
        Format::Pretty => {
            let mut out = Vec::new();
            for (r, row) in cells.iter().enumerate() {
                if r > 0 && r % shape.box_rows() == 0 {
                    out.push("-".repeat(2 * shape.side()));
                }
                let mut line = String::new();
                for (c, cell) in row.iter().enumerate() {
                    if c > 0 {
                        line.push_str(if c % shape.box_cols() == 0 {
                            " | "
                        } else {
                            space
                        });
                    }
                    line.push_str(cell);
                }
                out.push(line);
            }
            out
        }
    };
    let end = if matches!(style, Harmless::Crlf) {
        "\r\n"
    } else {
        "\n"
    };
    let mut text = String::new();
    if matches!(style, Harmless::Comments) {
        text.push_str("# a comment line");
        text.push_str(end);
    }
    for line in &lines {
        text.push_str(line);
        text.push_str(end);
    }
    if matches!(style, Harmless::Comments) {
        text.push_str("# the end");
        text.push_str(end);
    }
    text
}

fn numbers_form(format: Format) -> bool {
    matches!(format, Format::Numbers | Format::NumberRows)
}

/// The first given (non-blank) cell: (row, column).
fn first_given(grid: &Grid) -> (usize, usize) {
    let n = grid.shape().side();
    let cell = grid.cells().iter().position(|&d| d != 0).expect("a given");
    (cell / n, cell % n)
}

/// Applies a fault to the written cells; `None` when the fault has no
/// meaning in the format (a contradiction outside CSV).
fn with_fault(format: Format, grid: &Grid, fault: Fault, which: usize) -> Option<(Cells, Cells)> {
    let numbers = numbers_form(format);
    let n = grid.shape().side();
    let mut cells = rows(grid, numbers);
    let mut solution = rows(&Grid::pattern(grid.shape()), false);
    let (gr, gc) = first_given(grid);
    let row = which % n;
    match fault {
        Fault::Sign(minus) => {
            let sign = if minus { "-" } else { "+" };
            cells[gr][gc] = format!("{sign}{}", cells[gr][gc]);
        }
        Fault::Fraction => cells[gr][gc] = format!("{}.5", cells[gr][gc]),
        Fault::PastSide => {
            cells[gr][gc] = if numbers {
                (n + 1).to_string()
            } else {
                symbol(n as u8 + 1)
            }
        }
        Fault::Huge => cells[gr][gc] = "99999999999999999999999".into(),
        Fault::ExtraCell => cells[row].push("1".into()),
        Fault::MissingCell => {
            cells[row].pop();
        }
        Fault::ExtraRow => {
            let copy = cells[row].clone();
            cells.insert(row, copy);
        }
        Fault::MissingRow => {
            cells.remove(row);
        }
        Fault::Contradiction => {
            if !matches!(format, Format::Csv) {
                return None;
            }
            let given = grid.cells()[gr * n + gc];
            solution[gr][gc] = symbol(given % n as u8 + 1);
        }
    }
    Some((cells, solution))
}

/// A benign difference: leading zeros on every number in the numbers forms.
fn harmless_cells(format: Format, grid: &Grid, style: Harmless) -> Cells {
    let mut cells = rows(grid, numbers_form(format));
    if matches!(style, Harmless::LeadingZeros) && numbers_form(format) {
        for cell in cells.iter_mut().flatten() {
            *cell = format!("0{cell}");
        }
    }
    cells
}

type Read = Vec<(usize, Result<sudoku_input::Entry, sudoku_input::ParseError>)>;

fn read(text: &str) -> Read {
    PuzzleReader::new(text.as_bytes()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// A harmless variant reads as exactly the grid (and the CSV solution).
    #[test]
    fn harmless_variants_read_as_the_grid_they_spell(
        shape in 0..SHAPES.len(),
        format in 0..FORMATS.len(),
        style in 0..HARMLESS.len(),
        stride in 2usize..6,
        offset in 0usize..6,
    ) {
        let (r, c) = SHAPES[shape];
        let shape = Shape::new(r, c).unwrap();
        let (format, style) = (FORMATS[format], HARMLESS[style]);
        let grid = puzzle(shape, stride, offset);
        let cells = harmless_cells(format, &grid, style);
        let solution = rows(&Grid::pattern(shape), false);
        let text = render(format, shape, &cells, &solution, style);
        let items = read(&text);
        prop_assert_eq!(items.len(), 1, "{:?} {:?}\n{}\n{:?}", format, style, text, items);
        let entry = items[0].1.as_ref().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&entry.puzzle, &grid, "{:?} {:?}\n{}", format, style, text);
        if matches!(format, Format::Csv) {
            prop_assert_eq!(entry.solution.as_ref(), Some(&Grid::pattern(shape)));
        }
        if matches!(format, Format::Rated) {
            prop_assert_eq!(entry.rating, Some(5.0));
        }
    }

    /// A faulty variant is refused: every item an error naming a line of
    /// the text and, for a fault of one symbol, its column.
    #[test]
    fn faulty_variants_are_refused_with_their_line(
        shape in 0..SHAPES.len(),
        format in 0..FORMATS.len(),
        fault in 0..FAULTS.len(),
        style in 0..HARMLESS.len(),
        stride in 2usize..6,
        offset in 0usize..6,
        which in 0usize..25,
    ) {
        let (r, c) = SHAPES[shape];
        let shape = Shape::new(r, c).unwrap();
        let (format, fault, style) = (FORMATS[format], FAULTS[fault], HARMLESS[style]);
        let grid = puzzle(shape, stride, offset);
        let Some((cells, solution)) = with_fault(format, &grid, fault, which) else {
            return Ok(());
        };
        let text = render(format, shape, &cells, &solution, style);
        let lines = text.lines().count();
        let items = read(&text);
        prop_assert!(!items.is_empty(), "{:?} {:?}: nothing read from\n{}", format, fault, text);
        for (line, item) in &items {
            let error = match item {
                Ok(entry) => {
                    return Err(TestCaseError::fail(format!(
                        "{format:?} {fault:?} {style:?}: read as a puzzle at line {line}: {}\n{text}",
                        entry.puzzle.to_line()
                    )))
                }
                Err(e) => e,
            };
            prop_assert!((1..=lines).contains(line), "line {} of {}", line, lines);
            let message = error.to_string();
            prop_assert!(message.starts_with(&format!("line {line}: ")), "{}", message);
            let one_symbol = matches!(
                fault,
                Fault::Sign(_) | Fault::Fraction | Fault::PastSide | Fault::Huge | Fault::Contradiction
            );
            // On one line a wrong symbol is named at its column; in a block
            // it may instead make its row the wrong length (a row of `7.5`
            // holds three symbols), which names the row's line.
            let one_line = matches!(format, Format::Line | Format::Numbers | Format::Csv | Format::Rated);
            if one_symbol && one_line {
                prop_assert!(message.contains("column"), "{}", message);
            }
        }
    }
}
