//! Issue 43: the lab reads back what it writes. A shape line (`# shape:
//! 3x2`, or the header `generate` writes) sets the boxes of its side; a side
//! that fits two box shapes read without one is said so; what follows a
//! puzzle after a space is a rating only in Sudoku Explainer's range, a
//! solution when it is as long as the puzzle, and otherwise refused with
//! its column.

use sudoku_core::{Grid, Shape};
use sudoku_input::{Entry, ParseError, ParseErrorKind, PuzzleReader, ReadOptions};

fn read_with(text: &str, shape: Option<Shape>) -> Vec<(usize, Result<Entry, ParseError>)> {
    PuzzleReader::with_options(text.as_bytes(), ReadOptions { shape }).collect()
}

fn read(text: &str) -> Vec<(usize, Result<Entry, ParseError>)> {
    read_with(text, None)
}

/// A 3x2 puzzle that is no valid 2x3 puzzle: its first 2x3 box holds two 1s.
fn three_by_two() -> (Grid, String) {
    let shape = Shape::new(3, 2).unwrap();
    let mut grid = Grid::pattern(shape);
    for cell in 0..shape.cells() {
        if cell % 3 == 1 {
            grid.set(cell, 0);
        }
    }
    let line = grid.to_line();
    (grid, line)
}

/// Row 1: generate's header says 3x2, and the reader honours it.
#[test]
fn a_shape_line_sets_the_boxes_of_its_side() {
    let (grid, line) = three_by_two();
    assert!(
        line.parse::<Grid>().unwrap().shape() != grid.shape(),
        "the test needs a puzzle whose default reading differs"
    );
    for header in [
        "# sudoku-lab generate --shape 3x2 --count 1 --seed 13",
        "# shape: 3x2",
        "# shape 3x2",
        "#shape:3x2",
    ] {
        let items = read(&format!("{header}\n{line}  # clues=9\n"));
        assert_eq!(items.len(), 1, "{header}");
        let entry = items[0].1.as_ref().unwrap();
        assert_eq!(entry.puzzle, grid, "{header}");
        assert_eq!(entry.ambiguity, None, "{header}");
    }
    // The shape holds for its side only: a 9x9 after it is still 3x3.
    let nine = Grid::pattern(Shape::CLASSIC).to_line();
    let items = read(&format!("# shape: 3x2\n{line}\n{nine}\n"));
    assert_eq!(items[1].1.as_ref().unwrap().puzzle.shape(), Shape::CLASSIC);
    // In the block format too.
    let block: String = grid
        .to_line()
        .as_bytes()
        .chunks(6)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let items = read(&format!("# shape: 3x2\n{block}"));
    assert_eq!(items[0].1.as_ref().unwrap().puzzle, grid);
}

/// Row 1: without a shape line or --shape, a side with two box shapes is
/// read by the default, and the entry says so, naming the other.
#[test]
fn a_side_with_two_box_shapes_read_by_default_says_so() {
    let (_, line) = three_by_two();
    let items = read(&format!("{line}\n"));
    let note = items[0].1.as_ref().unwrap().ambiguity.clone();
    let note = note.expect("a note on the default shape");
    assert!(
        note.contains("2x3") && note.contains("--shape 3x2"),
        "{note}"
    );
    // A square side has one natural shape: no note.
    let nine = Grid::pattern(Shape::CLASSIC).to_line();
    assert_eq!(read(&nine)[0].1.as_ref().unwrap().ambiguity, None);
    // Passing the shape removes the doubt.
    let items = read_with(&line, Some(Shape::new(3, 2).unwrap()));
    assert_eq!(items[0].1.as_ref().unwrap().ambiguity, None);
}

/// A shape line that contradicts --shape, or names no shape, is an error.
#[test]
fn a_shape_line_against_the_passed_shape_is_an_error() {
    let (_, line) = three_by_two();
    let items = read_with(
        &format!("# shape: 3x2\n{line}\n"),
        Some(Shape::new(2, 3).unwrap()),
    );
    assert_eq!(items.len(), 2);
    let e = items[0].1.clone().unwrap_err();
    assert_eq!(e.line, 1);
    assert!(matches!(e.kind, ParseErrorKind::ShapeConflict { .. }));
    assert!(
        e.to_string().contains("3x2") && e.to_string().contains("2x3"),
        "{e}"
    );
    for bad in [
        "# shape: 7x0",
        "# shape: 6x6",
        "# sudoku-lab generate --shape 9x9x",
    ] {
        let items = read(&format!("{bad}\n{line}\n"));
        assert!(items[0].1.is_err(), "{bad}: {:?}", items[0].1);
    }
    // Prose that mentions shapes is a comment.
    let items = read(&format!("# shape of the boxes varies\n{line}\n"));
    assert_eq!(items.len(), 1);
    assert!(items[0].1.is_ok());
}

/// Row 2: a solution after a space or a tab is read as the solution.
#[test]
fn a_solution_after_the_puzzle_is_read_as_one() {
    let solved = "1234341221434321";
    for sep in [" ", "\t", "  \t "] {
        let items = read(&format!("..3..4.221......{sep}{solved}\n"));
        let entry = items[0].1.as_ref().unwrap();
        assert_eq!(entry.rating, None);
        assert_eq!(entry.solution.as_ref().unwrap().to_line(), solved);
    }
    let solution = Grid::pattern(Shape::CLASSIC);
    let mut puzzle = solution.clone();
    for cell in (0..81).step_by(2) {
        puzzle.set(cell, 0);
    }
    let items = read(&format!("{} {}\n", puzzle.to_line(), solution.to_line()));
    let entry = items[0].1.as_ref().unwrap();
    assert_eq!(entry.rating, None);
    assert_eq!(entry.solution.as_ref(), Some(&solution));
    // A second word as long as the puzzle that is no solution of it (a
    // second puzzle) is refused, naming its column.
    let e = read(&format!("{} {}\n", puzzle.to_line(), puzzle.to_line()))[0]
        .1
        .clone()
        .unwrap_err();
    assert!(e.to_string().contains("column 83"), "{e}");
}

/// Row 2: a rating is a number in Sudoku Explainer's range.
#[test]
fn a_rating_outside_se_range_is_refused() {
    let nine = Grid::pattern(Shape::CLASSIC).to_line();
    for (rating, ok) in [
        ("0", false),
        ("99", false),
        ("0.5", false),
        ("12.5", false),
        ("1.0", true),
        ("12", true),
    ] {
        let items = read(&format!("{nine} {rating}\n"));
        match &items[0].1 {
            Ok(entry) => {
                assert!(ok, "{rating} accepted as {:?}", entry.rating);
                assert_eq!(entry.rating, Some(rating.parse().unwrap()));
            }
            Err(e) => {
                assert!(!ok, "{rating}: {e}");
                assert!(e.to_string().contains("column 83"), "{e}");
            }
        }
    }
}

/// Row 14: fifteen symbols and a rating are not a sixteen-cell puzzle.
#[test]
fn a_short_puzzle_and_a_rating_are_not_one_puzzle() {
    let items = read("..3..4.221..... 3\n");
    let e = items[0].1.clone().unwrap_err();
    assert!(
        matches!(
            e.kind,
            ParseErrorKind::BeforeRating {
                symbols: 15,
                column: 17,
                ..
            }
        ),
        "{e:?}"
    );
    let nine = Grid::pattern(Shape::CLASSIC).to_line();
    let items = read(&format!("{} 3\n", &nine[..80]));
    assert!(items[0].1.is_err());
}

/// Row 16: an empty puzzle field before a solution names the length, not
/// "a box dimension is zero".
#[test]
fn an_empty_csv_puzzle_field_says_it_is_empty() {
    let e = read(",1234341221434321\n")[0].1.clone().unwrap_err();
    let text = e.to_string();
    assert!(!text.contains("zero"), "{text}");
    assert!(text.contains("0 symbols"), "{text}");
}

/// Row 12: a comment or blank line longer than the line limit is still a
/// comment or a blank line, not an invalid puzzle; a long puzzle line is
/// still refused.
#[test]
fn a_long_comment_or_blank_line_is_no_puzzle() {
    let nine = Grid::pattern(Shape::CLASSIC).to_line();
    let long = sudoku_input::MAX_LINE_BYTES + 10;
    let text = format!(
        "# {}\n{}\n   #{}\n{nine}\n{}\n",
        "x".repeat(long),
        " ".repeat(long),
        "y".repeat(long),
        "1".repeat(long)
    );
    let items = read(&text);
    assert_eq!(
        items.len(),
        2,
        "{:?}",
        items.iter().map(|i| i.0).collect::<Vec<_>>()
    );
    assert_eq!(items[0].0, 4);
    assert!(items[0].1.is_ok());
    assert_eq!(items[1].0, 5);
    assert!(matches!(
        items[1].1.clone().unwrap_err().kind,
        ParseErrorKind::LineTooLong
    ));
}
