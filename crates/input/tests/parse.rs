//! The reader: every format round-trips, every kind of bad input is reported
//! with its line and its problem, and nothing panics.

use sudoku_core::{Grid, Shape, ShapeError};
use sudoku_input::{ParseErrorKind, PuzzleReader, ReadOptions};

fn read(text: &str) -> Vec<(usize, Result<Grid, ParseErrorKind>)> {
    PuzzleReader::new(text.as_bytes())
        .map(|(line, r)| (line, r.map(|e| e.puzzle).map_err(|e| e.kind)))
        .collect()
}

/// Every third cell emptied.
fn with_holes(mut g: Grid) -> Grid {
    for cell in (0..g.shape().cells()).step_by(3) {
        g.set(cell, 0);
    }
    g
}

const SHAPES: [(usize, usize); 8] = [
    (1, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 4),
    (5, 5),
];

#[test]
fn every_format_round_trips_for_every_shape() {
    for (r, c) in SHAPES {
        let shape = Shape::new(r, c).unwrap();
        let grid = with_holes(Grid::pattern(shape));
        let opts = ReadOptions { shape: Some(shape) };
        for text in [
            grid.to_line(),
            grid.to_numbers(),
            grid.to_block(),
            grid.pretty(),
        ] {
            let parsed: Vec<_> = PuzzleReader::with_options(text.as_bytes(), opts).collect();
            assert_eq!(parsed.len(), 1, "{shape}: {text}");
            assert_eq!(
                parsed[0].1.as_ref().unwrap().puzzle,
                grid,
                "{shape}: {text}"
            );
        }
        // Inferred shapes: every shape whose side infers to it.
        if Shape::for_side(shape.side()) == Ok(shape) {
            assert_eq!(grid.to_line().parse::<Grid>().unwrap(), grid);
            let p = grid.pretty();
            assert_eq!(
                p.parse::<Grid>().unwrap_or_else(|e| panic!("{p}: {e}")),
                grid,
                "{shape}"
            );
        }
    }
}

#[test]
fn a_file_mixes_formats_comments_and_blank_lines() {
    let nine = with_holes(Grid::pattern(Shape::CLASSIC));
    let text = format!(
        "\u{feff}# a comment\r\n{}\r\n\n{}\n{}  # with a note\n5 3 0 0 7 0 0 0 0 6 0 0 1 9 5 0 0 0 0 9 8 0 0 0 0 6 0 8 0 0 0 6 0 0 0 3 4 0 0 8 0 3 0 0 1 7 0 0 0 2 0 0 0 6 0 6 0 0 0 0 2 8 0 0 0 0 4 1 9 0 0 5 0 0 0 0 8 0 0 7 9\n",
        nine.to_line(),
        nine.pretty(),
        nine.to_line()
    );
    let items = read(&text);
    let lines: Vec<usize> = items.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![2, 4, 16, 17]);
    assert!(items.iter().all(|(_, r)| r.is_ok()));
    let entries: Vec<_> = PuzzleReader::new(text.as_bytes())
        .map(|(_, e)| e.unwrap())
        .collect();
    assert_eq!(entries[2].note.as_deref(), Some("with a note"));
}

#[test]
fn sixteen_symbol_lines_are_4x4_puzzles_unless_they_form_a_16x16_block() {
    let four = Grid::pattern(Shape::new(2, 2).unwrap()).to_line();
    let items = read(&format!("{four}\n{four}\n"));
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].1.as_ref().unwrap().shape().side(), 4);
    let big = Grid::pattern(Shape::new(4, 4).unwrap());
    let items = read(&format!("{}\n{four}\n", big.to_block()));
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].1.as_ref().unwrap(), &big);
    assert_eq!(items[1].0, 18);
    // Sixteen 4x4 lines ending a file are not a block when they don't open a paragraph.
    let many: String = (0..20).map(|_| format!("{four}\n")).collect();
    assert_eq!(read(&many).len(), 20);
    let commented: String = (0..16).map(|_| format!("{four}  # clues=16\n")).collect();
    assert_eq!(read(&commented).len(), 16);
}

#[test]
fn csv_form_gives_puzzle_solution_and_note() {
    let text = "puzzle,solution,note\n..3..4.221......,1234341221434321,\"quoted, note\"\n";
    let entries: Vec<_> = PuzzleReader::new(text.as_bytes())
        .map(|(l, e)| (l, e.unwrap()))
        .collect();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].0, 2);
    assert_eq!(
        entries[0].1.solution.as_ref().unwrap().to_line(),
        "1234341221434321"
    );
    assert_eq!(entries[0].1.note.as_deref(), Some("quoted, note"));
}

#[test]
fn each_bad_input_names_its_line_and_problem() {
    let good = Grid::pattern(Shape::CLASSIC).to_line();
    let text = format!(
        "{good}\n{}\n{}?\n{}\n{}\n7777777777777777777777777777777777777777777777777\n{good}\n",
        &good[..80],
        &good[..80],
        "1".repeat(26 * 26),
        "1234567890".repeat(5),
    );
    let items = read(&text);
    let kinds: Vec<String> = items
        .iter()
        .map(|(l, r)| {
            format!(
                "{l}: {}",
                r.as_ref()
                    .map(|_| "ok".to_string())
                    .unwrap_or_else(|e| e.to_string())
            )
        })
        .collect();
    assert!(items[0].1.is_ok());
    assert!(
        matches!(
            items[1].1,
            Err(ParseErrorKind::WrongLength { symbols: 80, .. })
        ),
        "{kinds:?}"
    );
    assert!(
        matches!(
            items[2].1,
            Err(ParseErrorKind::UnknownSymbol {
                symbol: '?',
                column: 81
            })
        ),
        "{kinds:?}"
    );
    assert!(
        matches!(
            items[3].1,
            Err(ParseErrorKind::Shape(ShapeError::TooLarge { side: 26 }))
        ),
        "{kinds:?}"
    );
    assert!(
        matches!(
            items[4].1,
            Err(ParseErrorKind::WrongLength {
                symbols: 50,
                expected: None,
                column: 50
            })
        ),
        "{kinds:?}"
    );
    assert!(
        matches!(
            items[5].1,
            Err(ParseErrorKind::Shape(ShapeError::NoBoxShape { side: 7 }))
        ),
        "{kinds:?}"
    );
    assert_eq!(items[6].0, 7);
    assert!(items[6].1.is_ok(), "one bad line does not stop the rest");
    assert!(kinds[1].contains("wrong length: 80 symbols"), "{kinds:?}");
}

#[test]
fn out_of_range_digits_and_short_blocks() {
    let items = read("1.3.\n..5.\n.1..\n...4\n");
    assert_eq!(
        items[0].1,
        Err(ParseErrorKind::OutOfRange {
            value: "5".to_string(),
            side: 4,
            column: 3
        })
    );
    let items = read("1.3.\n..1.\n\n12.4..1..1....4.\n");
    assert_eq!(
        items[0].1,
        Err(ParseErrorKind::ShortBlock { rows: 2, side: 4 })
    );
    assert!(items[1].1.is_ok());
    let items = read("1.3.\n..1.\n..1\n...4\n\n12.4..1..1....4.\n");
    assert!(matches!(
        items[0].1,
        Err(ParseErrorKind::BlockRow {
            row_line: 3,
            symbols: 3,
            side: 4
        })
    ));
    assert_eq!(
        items.len(),
        2,
        "the reader resynchronises after the broken block"
    );
}

#[test]
fn empty_files_and_binary_garbage() {
    assert!(read("").is_empty());
    assert!(read("# only a comment\n\n").is_empty());
    let garbage: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8)
        .collect();
    for (line, item) in PuzzleReader::new(&garbage[..]) {
        assert!(line >= 1);
        assert!(item.is_err());
    }
}

#[test]
fn huge_lines_are_refused_without_being_stored() {
    let mut text = "1".repeat(sudoku_input::MAX_LINE_BYTES * 3);
    text.push('\n');
    text.push_str("..3..4.221......\n");
    let items = read(&text);
    assert_eq!(items[0].1, Err(ParseErrorKind::LineTooLong));
    assert_eq!(items[1].0, 2);
    assert!(items[1].1.is_ok());
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A cheap deterministic fuzz: many short random byte strings.
    let mut state = 12345u64;
    for _ in 0..3000 {
        let len = (state >> 58) as usize * 8;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                b".0123456789ABCabc|-+ \n\n#,\"\xff"[(state >> 59) as usize % 26]
            })
            .collect();
        for (_, item) in PuzzleReader::new(&bytes[..]) {
            if let Ok(entry) = item {
                assert_eq!(entry.puzzle.cells().len(), entry.puzzle.shape().cells());
            }
        }
    }
}

/// Issue 13, defect 8: an error in a block names the bad line.
#[test]
fn block_errors_name_the_bad_line_not_the_first() {
    let lines = |text: &str| -> Vec<usize> {
        PuzzleReader::new(text.as_bytes())
            .map(|(line, r)| {
                let e = r.unwrap_err();
                assert_eq!(e.line, line);
                line
            })
            .collect()
    };
    // A symbol out of range on the third row, an unknown one on the fourth,
    // a short row on the second, a block cut by a blank line on line 3.
    assert_eq!(lines("1.3.\n..1.\n.5..\n...4\n"), vec![3]);
    assert_eq!(lines("1.3.\n..1.\n.1..\n..?4\n"), vec![4]);
    assert_eq!(lines("1.3.\n..1\n.1..\n...4\n"), vec![2]);
    assert_eq!(lines("1.3.\n..1.\n\n"), vec![3]);
    // The first row of a block is its own line.
    assert_eq!(lines("\n1.5.\n..1.\n.1..\n...4\n"), vec![2]);
}

/// A letter beyond the side is an unknown symbol, named as written; a
/// number beyond it is a digit out of range.
#[test]
fn a_letter_past_the_side_is_an_unknown_symbol() {
    let mut line = "x".to_string();
    line.push_str(&".".repeat(80));
    let items = read(&line);
    assert_eq!(
        items[0].1,
        Err(ParseErrorKind::UnknownSymbol {
            symbol: 'x',
            column: 1
        })
    );
    let text = items[0].1.clone().unwrap_err().to_string();
    assert!(text.contains("unknown symbol 'x'"), "{text}");
    assert!(!text.contains("33"), "{text}");
    // In a block too, and in a 4x4 line.
    assert!(matches!(
        read("1.3.\n..G.\n.1..\n...4\n")[0].1,
        Err(ParseErrorKind::UnknownSymbol { symbol: 'G', .. })
    ));
    assert!(matches!(
        read("1.3...5.........\n")[0].1,
        Err(ParseErrorKind::OutOfRange { ref value, .. }) if value == "5"
    ));
}

/// Input with no line break (`/dev/zero`) stops at the line cap instead of
/// reading for ever.
#[test]
fn endless_input_without_a_line_break_stops() {
    let zeros = std::io::BufReader::new(std::io::repeat(0));
    let start = std::time::Instant::now();
    let items: Vec<_> = PuzzleReader::new(zeros).take(10).collect();
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
    assert!(!items.is_empty() && items.len() < 10, "{}", items.len());
    let last = items.last().unwrap().1.clone().unwrap_err().to_string();
    assert!(last.contains("no line break"), "{last}");
}

#[test]
fn a_rated_line_is_a_puzzle_with_its_rating() {
    let nine = with_holes(Grid::pattern(Shape::CLASSIC));
    let four = with_holes(Grid::pattern(Shape::new(2, 2).unwrap()));
    let text = format!(
        "# puzzle, a space, the SE rating\n{} 5.0\n{} 11.9  # a note\n{} 7\n{}\n",
        nine.to_line(),
        nine.to_line(),
        four.to_line(),
        nine.to_line()
    );
    let entries: Vec<_> = PuzzleReader::new(text.as_bytes())
        .map(|(l, e)| (l, e.unwrap()))
        .collect();
    let got: Vec<_> = entries
        .iter()
        .map(|(l, e)| (*l, e.puzzle.clone(), e.rating))
        .collect();
    assert_eq!(
        got,
        vec![
            (2, nine.clone(), Some(5.0)),
            (3, nine.clone(), Some(11.9)),
            (4, four.clone(), Some(7.0)),
            (5, nine.clone(), None),
        ]
    );
    assert_eq!(entries[1].1.note.as_deref(), Some("a note"));
    // With a forced shape too.
    let opts = ReadOptions {
        shape: Some(Shape::CLASSIC),
    };
    let line = format!("{} 2.3\n", nine.to_line());
    let rated: Vec<_> = PuzzleReader::with_options(line.as_bytes(), opts).collect();
    assert_eq!(rated[0].1.as_ref().unwrap().rating, Some(2.3));
}

#[test]
fn a_rated_line_never_hides_a_bad_puzzle_or_a_bad_rating() {
    let nine = with_holes(Grid::pattern(Shape::CLASSIC)).to_line();
    // 80 cells and a rating: still the wrong length, not a puzzle.
    for text in [
        format!("{} 5.0", &nine[..80]),
        format!("{nine} 5.0.1"),
        format!("{nine} -5.0"),
        format!("{nine} 5.0 6.0"),
        format!("{nine} .5"),
    ] {
        let items = read(&text);
        assert_eq!(items.len(), 1, "{text}");
        assert!(items[0].1.is_err(), "{text} read as {:?}", items[0].1);
    }
    // A word one cell short of a puzzle, then a rating-like number, is
    // refused: the number is not taken for the puzzle's last cell (issue 43
    // row 14). A 4x4 in several words is still one puzzle.
    let items = read("12.4..1..1....4 2");
    assert!(items[0].1.is_err(), "{:?}", items[0].1);
    let items = read("12.4 ..1. .1.. ..42");
    assert_eq!(items[0].1.as_ref().unwrap().to_line(), "12.4..1..1....42");
}

/// A bad line that might open a block (here ten symbols: a 10x10 block's
/// first row) must not take the puzzles after it down with it: a whole puzzle
/// on one line is never a row of a block, so the reader stops the block
/// there and reads that line as a puzzle of its own.
#[test]
fn a_bad_line_never_swallows_the_puzzles_after_it() {
    let p = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
    for bad in ["not a puzzle", "x234567890", "1234567890"] {
        let text = format!("{p}\n{bad}\n{p}\n..3..4.221......\n");
        let got = read(&text);
        let puzzles = got.iter().filter(|(_, r)| r.is_ok()).count();
        assert_eq!(puzzles, 3, "{bad:?}: {got:?}");
        assert!(
            got.iter().any(|(line, r)| *line == 2 && r.is_err()),
            "{bad:?}: {got:?}"
        );
    }
}
