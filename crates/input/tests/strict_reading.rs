//! Issue 29: input that used to be read as a different puzzle is refused
//! with its line, its column and what is wrong; the ambiguous layout is
//! decided by the documented rule and said so; a long line is skipped and
//! the rest of the file read.

use sudoku_core::{Grid, Shape};
use sudoku_input::{ParseError, ParseErrorKind, PuzzleReader, ReadOptions};

fn read(text: &str) -> Vec<(usize, Result<sudoku_input::Entry, ParseError>)> {
    PuzzleReader::new(text.as_bytes()).collect()
}

fn only_error(text: &str) -> ParseError {
    let items = read(text);
    assert_eq!(items.len(), 1, "{text:?}: {items:?}");
    items[0].1.clone().unwrap_err()
}

/// Row 1: a sign is not decoration: `-3` and `+3` are refused, not read as 3.
#[test]
fn a_signed_given_is_refused_not_read_as_the_digit() {
    for sign in ["-", "+"] {
        let text = format!("1 {sign}3 . .\n. . . .\n. . . .\n. . . .\n");
        let e = only_error(&text);
        assert_eq!(e.line, 1);
        assert_eq!(
            e.kind,
            ParseErrorKind::Sign {
                number: format!("{sign}3"),
                column: 3
            }
        );
        assert!(
            e.to_string().contains(&format!("{sign}3 at column 3")),
            "{e}"
        );
        // In the line format and in a line of numbers too.
        let line = format!("1.{sign}3.............");
        assert!(matches!(
            only_error(&line).kind,
            ParseErrorKind::Sign { column: 3, .. }
        ));
        let numbers = format!("10 {sign}3 {}", "0 ".repeat(254));
        assert!(matches!(
            only_error(&numbers).kind,
            ParseErrorKind::Sign { column: 4, .. }
        ));
    }
    // Decoration without a digit after it is still decoration.
    let pretty = Grid::pattern(Shape::new(2, 2).unwrap()).pretty();
    assert!(pretty.contains("-+-"));
    assert!(read(&pretty)[0].1.is_ok());
}

/// A fraction in a line of numbers is refused, quoted as written.
#[test]
fn a_fraction_is_refused() {
    let text = "1 2 3.5 4\n. . . .\n. . . .\n. . . .\n";
    let e = only_error(text);
    assert_eq!(
        e.kind,
        ParseErrorKind::Fraction {
            number: "3.5".into(),
            column: 5
        }
    );
}

/// Row 2: 36 rows of 36 zeros (or 64 of 64) are one grid larger than
/// 25x25, refused once with a message that says which rule decided it; not
/// 36 silent 6x6 puzzles.
#[test]
fn a_whitespace_grid_past_side_25_is_refused_by_the_rule_and_says_so() {
    for side in [36usize, 64] {
        let row = vec!["0"; side].join(" ");
        let text: String = (0..side).map(|_| format!("{row}\n")).collect();
        let e = only_error(&text);
        assert_eq!(e.line, 1);
        assert!(matches!(e.kind, ParseErrorKind::GridTooLarge { side: s, .. } if s == side));
        let message = e.to_string();
        assert!(
            message.contains(&format!("side {side} is larger than 25")),
            "{message}"
        );
        assert!(message.contains("one grid"), "{message}");
        // Told the shape, the reader reads each line as a puzzle.
        let small = Shape::for_side((side as f64).sqrt() as usize).unwrap();
        let opts = ReadOptions { shape: Some(small) };
        let items: Vec<_> = PuzzleReader::with_options(text.as_bytes(), opts).collect();
        assert_eq!(items.len(), side);
        assert!(items.iter().all(|(_, r)| r.is_ok()));
    }
    // One fewer row: the paragraph is not a grid, so each line is a 6x6
    // puzzle by the rule; so are 36 lines of 36 symbols written as words.
    let row = vec!["0"; 36].join(" ");
    let text: String = (0..35).map(|_| format!("{row}\n")).collect();
    assert_eq!(read(&text).len(), 35);
    let words: String = (0..36).map(|_| format!("{}\n", "0".repeat(36))).collect();
    let items = read(&words);
    assert_eq!(items.len(), 36);
    assert!(items
        .iter()
        .all(|(_, r)| r.as_ref().unwrap().puzzle.shape().side() == 6));
}

/// The 16x16 reading of sixteen lines of 16 symbols is said, not silent.
#[test]
fn sixteen_lines_of_sixteen_read_as_one_grid_say_so() {
    let big = Grid::pattern(Shape::new(4, 4).unwrap());
    let items = read(&big.to_block());
    assert_eq!(items.len(), 1);
    let entry = items[0].1.as_ref().unwrap();
    assert_eq!(entry.puzzle, big);
    let said = entry
        .ambiguity
        .as_deref()
        .expect("the ambiguity is reported");
    assert!(said.contains("one 16x16 grid"), "{said}");
    // A block that is not ambiguous says nothing.
    let nine = read(&Grid::pattern(Shape::CLASSIC).to_block());
    assert_eq!(nine[0].1.as_ref().unwrap().ambiguity, None);
}

/// Row 3: a CSV solution that contradicts its givens is an input error at
/// the cell where it does, not a reason to mark every strategy wrong.
#[test]
fn a_solution_contradicting_its_givens_is_refused() {
    let e = only_error("....3..22..31...,1234341221434321\n");
    assert_eq!(e.line, 1);
    let message = e.to_string();
    assert!(message.contains("contradicts the givens"), "{message}");
    // The 13th cell: the puzzle gives 1 at column 13, the solution holds 4 at 30.
    assert!(message.contains("column 30"), "{message}");
    assert!(message.contains("holds 4"), "{message}");
    assert!(message.contains("(column 13) gives 1"), "{message}");
    // A solution with a blank, or breaking a rule, is no solution either.
    let blank = only_error("....3..22..31...,123434122143432.\n").to_string();
    assert!(blank.contains("blank at column 33"), "{blank}");
    let broken = only_error("................,1234341221434312\n").to_string();
    assert!(broken.contains("not a solution"), "{broken}");
    // A true solution is kept.
    let ok = read("..3..4.221......,1234341221434321\n");
    assert!(ok[0].1.as_ref().unwrap().solution.is_some());
}

/// Row 15: a number too large for any integer type is quoted as written.
#[test]
fn an_overflowing_number_is_quoted_as_written() {
    let text = "99999999999999999999999 10 . .\n. . . .\n. . . .\n. . . .\n";
    let e = only_error(text);
    assert_eq!(
        e.kind,
        ParseErrorKind::OutOfRange {
            value: "99999999999999999999999".into(),
            side: 4,
            column: 1
        }
    );
    let message = e.to_string();
    assert!(
        message.contains("99999999999999999999999 at column 1"),
        "{message}"
    );
    assert!(!message.contains("18446744073709551615"), "{message}");
    // Leading zeros are quoted too.
    let e = only_error("0005 10 . .\n. . . .\n. . . .\n. . . .\n");
    assert!(e.to_string().contains("digit 0005 at column 1"), "{e}");
}

/// The row count must match the row length: a block with a row too many
/// or too few is refused at the line that shows it.
#[test]
fn a_block_with_a_row_too_many_or_too_few_is_refused() {
    let five = "1.3.\n..1.\n.1..\n...4\n2...\n";
    let e = only_error(five);
    assert_eq!(
        (e.line, e.kind.clone()),
        (5, ParseErrorKind::ExtraRow { side: 4 })
    );
    // And the reader goes on after the paragraph.
    let items = read(&format!("{five}\n12.4..1..1....4.\n"));
    assert_eq!(items.len(), 2);
    assert!(items[1].1.is_ok());
    let three = "1.3.\n..1.\n.1..\n\n";
    assert!(matches!(
        only_error(three).kind,
        ParseErrorKind::ShortBlock { rows: 3, side: 4 }
    ));
    // A row too many in a 9x9, decorated.
    let mut pretty = Grid::pattern(Shape::CLASSIC).pretty();
    pretty.push_str("1 2 3 | 4 5 6 | 7 8 9\n");
    let e = only_error(&pretty);
    assert_eq!(e.kind, ParseErrorKind::ExtraRow { side: 9 });
    // A block followed straight away by a line puzzle is two puzzles.
    let items = read("1.3.\n..1.\n.1..\n...4\n12.4..1..1....4.\n");
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|(_, r)| r.is_ok()));
}

/// Wrong lengths name a column: the first symbol too many, or the last.
#[test]
fn wrong_lengths_name_a_column() {
    let nine = Grid::pattern(Shape::CLASSIC).to_line();
    let e = only_error(&format!("{nine}1"));
    assert!(e.to_string().contains("the last at column 82"), "{e}");
    let opts = ReadOptions {
        shape: Some(Shape::CLASSIC),
    };
    let long = format!("{nine}12");
    let items: Vec<_> = PuzzleReader::with_options(long.as_bytes(), opts).collect();
    let e = items[0].1.clone().unwrap_err();
    assert!(
        e.to_string().contains("first one too many at column 82"),
        "{e}"
    );
    let short = &nine[..80];
    let items: Vec<_> = PuzzleReader::with_options(short.as_bytes(), opts).collect();
    let e = items[0].1.clone().unwrap_err();
    assert!(e.to_string().contains("the last at column 80"), "{e}");
    // Columns count from the start of the line, indentation included.
    let e = only_error(&format!("   {}", &nine[..80]));
    assert!(e.to_string().contains("column 83"), "{e}");
}

/// Row 13: a 100 MB line is skipped (not stored) and the puzzle after it read.
#[test]
fn a_100_mb_line_is_skipped_and_the_rest_read() {
    use std::io::Read;
    let long = std::io::repeat(b'7').take(100 << 20);
    let rest = &b"\n..3..4.221......\n"[..];
    let source = std::io::BufReader::new(long.chain(rest));
    let items: Vec<_> = PuzzleReader::new(source).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[0].1.clone().unwrap_err().kind,
        ParseErrorKind::LineTooLong
    );
    assert_eq!(items[1].0, 2);
    assert_eq!(
        items[1].1.as_ref().unwrap().puzzle.to_line(),
        "..3..4.221......"
    );
}

/// Binary data with no line break stops the reading at once, with a reason.
#[test]
fn binary_data_without_a_line_break_stops_the_reading() {
    use std::io::Read;
    let text = std::io::repeat(b'1')
        .take(100_000)
        .chain(std::io::repeat(0));
    let items: Vec<_> = PuzzleReader::new(std::io::BufReader::new(text))
        .take(5)
        .collect();
    assert_eq!(items.len(), 1);
    let message = items[0].1.clone().unwrap_err().to_string();
    assert!(message.contains("binary data"), "{message}");
}
