//! # sudoku-input
//!
//! Reading puzzles: the line format, the block format, whitespace-separated
//! numbers and the `puzzle,solution[,note]` CSV form, from a stream.
//!
//! # Formats
//!
//! * **Line**: one puzzle per line, `n²` symbols. `.` or `0` is a blank; the
//!   digits are `1-9`, then `A-Z` for 10-35 (either case), so a 16x16 uses
//!   `1-9A-G`. Spaces and the decoration characters `|`, `-`, `+` are ignored,
//!   except that `-` or `+` right before a digit is a sign, and an error.
//! * **Numbers**: whitespace-separated decimal numbers, `0` or `.` for a blank.
//!   A line is read as numbers when it has several words, every word is a
//!   number or `.`, and some word is longer than one character (`12`, `07`,
//!   or `3.5`, which is then refused as a fraction: write groups of cells as
//!   `1.5|3.7` or without spaces). Works for any size; a number too large is
//!   quoted as written.
//! * **Block**: `n` lines of `n` symbols (or numbers) each, optionally decorated
//!   with `|`, `-`, `+` and spaces; decoration-only lines are skipped; puzzles are
//!   separated by blank lines. A row more than `n` in the same paragraph is an
//!   error (the row count must match the row length), as is a row fewer.
//! * **CSV**: `puzzle,solution[,note]`, the form of `seeds.csv`; a header line
//!   whose first field is `puzzle` is skipped; the solution may be empty, and
//!   when given must be a solution of the puzzle (complete, keeping every
//!   given, breaking no rule), or the line is an error.
//! * **Rated line**: a line puzzle (one word, no spaces inside, at least 16
//!   symbols), a space or tab, and a rating of one or two digits with an
//!   optional fraction (`5.0`, `11.9`, `7`): the form of Sudoku Explainer
//!   ratings, as in `puzzles/se-rated-2500.txt`. The rating is kept on the
//!   [`Entry`] and must lie in [`RATING_RANGE`] (1.0 to 12.0); `0` or `99`
//!   is refused with its column. A word that is not a whole puzzle before
//!   such a number (`..3..4.221..... 3`) is refused too: the number is never
//!   taken for a last cell.
//! * **Puzzle and solution**: a line puzzle, a space or tab, and a word of
//!   as many symbols: its solution, checked as in the CSV form.
//!
//! # The box shape
//!
//! A side that is a square gets square boxes. A side that fits other boxes
//! (6: 2x3 or 3x2; 8, 10, 12, 20 ...) takes its shape from, in order: the
//! shape passed in [`ReadOptions`]; the last shape line above the puzzle, a
//! whole-line comment `# shape: 3x2` or the header the lab's `generate`
//! writes (`# sudoku-lab generate --shape 3x2 ...`), which holds for puzzles
//! of its side until the next; else the most square factorisation with
//! fewer rows than columns, and then [`Entry::ambiguity`] says so. A shape
//! line that contradicts the passed shape, or names no shape (`# shape:
//! 7x0`), is an error item at its line.
//!
//! `#` starts a comment, on a line of its own or after a puzzle. A UTF-8 byte
//! order mark and CRLF line ends are accepted.
//!
//! ## The one ambiguous layout
//!
//! A line of `k = n²` symbols is a puzzle of side `n`, or the first row of a
//! `k x k` grid (16 symbols: a 4x4 puzzle or a 16x16 row; 36 numbers: a 6x6
//! puzzle or a row of a 36x36 grid). The rule: it starts a grid only when it
//! opens a paragraph (at the start of the file or after a blank or comment
//! line), carries no trailing comment, and the paragraph holds exactly `k`
//! rows of `k` symbols; past side 25 also only when every row writes its
//! cells apart (`0 0 0 ...`, not `000...`). Such a grid of side 16 is read
//! and [`Entry::ambiguity`] says so; one past 25 is an error that says so
//! (`ParseErrorKind::GridTooLarge`). Pass a shape to remove the doubt.
//!
//! # Errors
//!
//! The reader yields `(line number, Result<Entry, ParseError>)`: one bad puzzle
//! is one error item, and reading goes on with the next. Each error names
//! what is wrong and, for a fault of one symbol or number, its column. Only
//! the lines of the current puzzle are held in memory, and a line longer than
//! [`MAX_LINE_BYTES`] is reported and skipped (up to its line break, however
//! far) without being stored, so any file streams in bounded memory.
//!
//! One file, longer than most here, because it is one decision: which format
//! a line is in and what error it gets are settled by the same tests (a line
//! of numbers, a block row, a CSV record, a line puzzle), and a reader of one
//! format split from the others would not see why they reject a line.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, ErrorKind};
use sudoku_core::{digit_symbol, symbol_digit, Grid, Shape, ShapeError, VerifyError};

/// Sudoku Explainer's scale: a number after a puzzle is its rating only in
/// this range (the same bounds `generate --rating` accepts).
pub const RATING_RANGE: std::ops::RangeInclusive<f64> = 1.0..=12.0;

/// Lines longer than this are reported as errors and skipped, not stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// An overlong line is skipped up to its line break however far that is (a
/// 100 MB line costs the time to read it, not the memory), but no further
/// than this, and not past a NUL byte: input with no line break in sight
/// (`/dev/zero`, a binary file) stops the reading instead of running for ever.
pub const MAX_SKIP_BYTES: usize = 1 << 30;

/// What is wrong with one puzzle, and on which line of its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number: the line of the puzzle, or in a block the bad
    /// row (or the line where the block ended too soon).
    pub line: usize,
    pub kind: ParseErrorKind,
}

/// What is wrong, with the 1-based column (in characters) where the line
/// shows it, and any number quoted as it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The symbol count is neither `n²` (a line puzzle) nor `n` (a block
    /// row). `column`: the first symbol too many, or the last one when
    /// symbols are missing.
    WrongLength {
        symbols: usize,
        expected: Option<usize>,
        column: usize,
    },
    /// A character that is not a symbol, a blank or decoration.
    UnknownSymbol {
        symbol: char,
        column: usize,
    },
    /// A digit larger than the side allows, as written (`5`, `0099`,
    /// `99999999999999999999999`).
    OutOfRange {
        value: String,
        side: usize,
        column: usize,
    },
    /// A number with a sign (`-3`, `+3`): a cell is never signed, and `-`
    /// or `+` before a digit is not decoration.
    Sign {
        number: String,
        column: usize,
    },
    /// A number with a fraction (`3.5`) in a line of numbers.
    Fraction {
        number: String,
        column: usize,
    },
    /// The side has no shape.
    Shape(ShapeError),
    /// A paragraph of `side` lines of `side` cells each (`side` = n², the
    /// cells written apart) is one grid of that side by the documented rule,
    /// and that side is larger than the largest shape.
    GridTooLarge {
        side: usize,
        small: Shape,
    },
    /// A block stopped before its `n` rows.
    ShortBlock {
        rows: usize,
        side: usize,
    },
    /// A row of a block (at `line`) has the wrong number of symbols.
    BlockRow {
        row_line: usize,
        symbols: usize,
        side: usize,
    },
    /// A block went on past its `n` rows: a row more in the same paragraph.
    ExtraRow {
        side: usize,
    },
    /// The CSV solution field does not fit the puzzle (what, and where).
    Csv(String),
    /// A number after a line puzzle, where a rating goes, outside Sudoku
    /// Explainer's scale ([`RATING_RANGE`]).
    RatingOutOfRange {
        rating: String,
        column: usize,
    },
    /// A word of symbols, then a rating-like number (`..3..4.221..... 3`):
    /// the word is not a whole puzzle, and the number is not read as its
    /// last cell.
    BeforeRating {
        symbols: usize,
        rating: String,
        column: usize,
    },
    /// A `# shape: RxC` line (or a lab header naming `--shape RxC`) names
    /// boxes other than the shape passed to the reader, for the same side.
    ShapeConflict {
        file: Shape,
        option: Shape,
    },
    LineTooLong,
    InvalidUtf8,
    Io(String),
}

impl ParseErrorKind {
    /// An input/output failure (the source could not be read at all, such as
    /// a directory on standard input), not a fault of the text.
    pub fn is_io(&self) -> bool {
        matches!(self, ParseErrorKind::Io(_))
    }

    /// The same error with its column moved `by` characters to the right:
    /// a field of a CSV line starts past column 1.
    fn shifted(mut self, by: usize) -> Self {
        use ParseErrorKind::*;
        match &mut self {
            WrongLength { column, .. }
            | UnknownSymbol { column, .. }
            | OutOfRange { column, .. }
            | Sign { column, .. }
            | Fraction { column, .. }
            | RatingOutOfRange { column, .. }
            | BeforeRating { column, .. } => *column += by,
            _ => {}
        }
        self
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        let plural = |k: usize| if k == 1 { "" } else { "s" };
        match self {
            WrongLength {
                symbols,
                expected: Some(e),
                column,
            } => {
                write!(
                    f,
                    "wrong length: {symbols} symbol{} where {e} were expected",
                    plural(*symbols)
                )?;
                if symbols > e {
                    write!(f, " (the first one too many at column {column})")
                } else {
                    write!(f, " (the last at column {column})")
                }
            }
            WrongLength {
                symbols,
                expected: None,
                column,
            } => write!(
                f,
                "wrong length: {symbols} symbol{} (the last at column {column}); a puzzle line \
                 holds n² symbols (16, 36, 64, 81, ... 625) and a block row n symbols",
                plural(*symbols)
            ),
            UnknownSymbol { symbol, column } => write!(
                f,
                "unknown symbol {:?} at column {column}; digits are 1-9 (then A-Z past 9 on \
                 grids larger than 9x9), and . or 0 for a blank",
                symbol
            ),
            OutOfRange {
                value,
                side,
                column,
            } => write!(
                f,
                "digit {value} at column {column} is out of range for side {side} (1-{side})"
            ),
            Sign { number, column } => write!(
                f,
                "signed number {number} at column {column}: a cell is a digit without a sign \
                 (1-n, or . or 0 for a blank)"
            ),
            Fraction { number, column } => write!(
                f,
                "fraction {number} at column {column}: a cell is a whole number (in a line of \
                 numbers each space-separated token is one cell)"
            ),
            Shape(e) => write!(f, "{e}"),
            GridTooLarge { side, small } => write!(
                f,
                "{side} lines of {side} cells make one {side}x{side} grid (a paragraph of n² \
                 lines of n² cells is one grid), and side {side} is larger than 25; to read each \
                 line as a {n}x{n} puzzle, pass its shape (--shape {small}) or put a blank or \
                 comment line among them",
                n = small.side(),
            ),
            ShortBlock { rows, side } => {
                write!(
                    f,
                    "block ended after {rows} rows; a {side}x{side} block needs {side}"
                )
            }
            BlockRow {
                row_line,
                symbols,
                side,
            } => write!(
                f,
                "block row at line {row_line} has {symbols} symbols where the block's first row \
                 has {side}: every row of a block has as many symbols as the first"
            ),
            ExtraRow { side } => write!(
                f,
                "a row more after the {side} rows of a {side}x{side} block: its rows hold {side} \
                 symbols, so it has {side} rows (separate puzzles by a blank line)"
            ),
            Csv(msg) => write!(f, "{msg}"),
            RatingOutOfRange { rating, column } => write!(
                f,
                "{rating} at column {column} is not a rating: a rating after a puzzle is a \
                 number from {} to {} (Sudoku Explainer's scale)",
                RATING_RANGE.start(),
                RATING_RANGE.end()
            ),
            BeforeRating {
                symbols,
                rating,
                column,
            } => write!(
                f,
                "{symbols} symbols, then {rating} at column {column}: a puzzle before a rating \
                 holds n² symbols (16, 36, 64, 81, ... 625); if {rating} is the puzzle's last \
                 cell, write it without the space"
            ),
            ShapeConflict { file, option } => write!(
                f,
                "this line says the boxes are {file}, the shape passed (--shape) says {option}; \
                 the puzzles are read as {option}: drop one of the two"
            ),
            LineTooLong => write!(f, "line longer than {MAX_LINE_BYTES} bytes; skipped"),
            InvalidUtf8 => write!(
                f,
                "line is not text (invalid UTF-8); is this a puzzle file?"
            ),
            Io(msg) => write!(f, "read error: {msg}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// One puzzle read from a file, with what the file says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub puzzle: Grid,
    /// The expected solution, when the file gives one (CSV form).
    pub solution: Option<Grid>,
    /// The CSV note, or the comment after a line puzzle.
    pub note: Option<String>,
    /// The rating written after the puzzle (rated-line form,
    /// `<puzzle> <rating>`), e.g. a Sudoku Explainer rating.
    pub rating: Option<f64>,
    /// How the reader settled an ambiguous layout, when it had to (sixteen
    /// lines of 16 symbols read as one 16x16 grid rather than sixteen 4x4
    /// puzzles), so that a program can say so.
    pub ambiguity: Option<String>,
}

/// A word a rating may be: one or two digits, then an optional fraction
/// (`5`, `7.5`, `11.9`, `99`), never a word long enough to be cells.
fn is_rating_word(word: &str) -> bool {
    let (whole, fraction) = word.split_once('.').unwrap_or((word, "0"));
    (1..=2).contains(&whole.len()) && all_digits(whole) && all_digits(fraction)
}

/// What follows a line puzzle after a space: a rating, or its solution.
enum Trailing {
    Rating(f64),
    Solution(Grid),
}

/// A symbol as read: its value (`0` blank), its 1-based column, and how it
/// was written.
#[derive(Clone, Debug)]
struct Symbol {
    value: u64,
    column: usize,
    written: Written,
}

#[derive(Clone, Debug)]
enum Written {
    /// One character of the line format.
    Char(char),
    /// A token of the numbers format, as written (`0099`, `99999999999999999999`).
    Number(String),
}

/// A line's symbols, and whether each was written apart (a space between
/// every two cells), as rows of a grid in the numbers format are.
struct Tokens {
    symbols: Vec<Symbol>,
    spaced: bool,
}

fn is_decoration(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

/// The whitespace-separated words of a line that are not decoration only,
/// with their 1-based columns.
fn words(text: &str) -> Vec<(usize, &str)> {
    text.split(|c: char| c.is_whitespace())
        .scan(1usize, |col, word| {
            let start = *col;
            *col += word.chars().count() + 1;
            Some((start, word))
        })
        .filter(|(_, w)| !w.is_empty() && !w.chars().all(is_decoration))
        .collect()
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `3.5`: digits, a point, digits.
fn is_fraction(word: &str) -> bool {
    word.split_once('.')
        .is_some_and(|(whole, part)| all_digits(whole) && all_digits(part))
}

/// A `+` or `-` right before a digit is a sign, never decoration: `-3` is
/// not read as 3. Quoted as written, through the number's last digit.
fn find_sign(text: &str) -> Option<ParseErrorKind> {
    let chars: Vec<char> = text.chars().collect();
    let at = chars
        .windows(2)
        .position(|w| matches!(w[0], '+' | '-') && w[1].is_ascii_digit())?;
    let end = (at + 1..chars.len())
        .find(|&i| !(chars[i].is_ascii_digit() || chars[i] == '.'))
        .unwrap_or(chars.len());
    Some(ParseErrorKind::Sign {
        number: chars[at..end].iter().collect(),
        column: at + 1,
    })
}

/// Splits a line (comment already removed) into symbols.
///
/// A line is in the numbers format when it has two words or more, every word
/// is a number or `.`, and some word is longer than one character (`12`, or
/// a fraction, which is then an error); otherwise every character that is
/// not decoration is one symbol.
fn tokenize(text: &str) -> Result<Tokens, ParseErrorKind> {
    if let Some(sign) = find_sign(text) {
        return Err(sign);
    }
    let words = words(text);
    let numeric = words.len() >= 2
        && words.iter().any(|(_, w)| w.len() >= 2)
        && words
            .iter()
            .all(|(_, w)| *w == "." || all_digits(w) || is_fraction(w));
    if numeric {
        let mut symbols = Vec::with_capacity(words.len());
        for &(column, word) in &words {
            if is_fraction(word) {
                return Err(ParseErrorKind::Fraction {
                    number: word.to_string(),
                    column,
                });
            }
            symbols.push(Symbol {
                value: if word == "." {
                    0
                } else {
                    word.parse().unwrap_or(u64::MAX)
                },
                column,
                written: Written::Number(word.to_string()),
            });
        }
        return Ok(Tokens {
            symbols,
            spaced: true,
        });
    }
    let mut symbols = Vec::with_capacity(text.len());
    for (i, ch) in text.chars().enumerate() {
        if is_decoration(ch) {
            continue;
        }
        match symbol_digit(ch) {
            Some(d) => symbols.push(Symbol {
                value: d as u64,
                column: i + 1,
                written: Written::Char(ch),
            }),
            None => {
                return Err(ParseErrorKind::UnknownSymbol {
                    symbol: ch,
                    column: i + 1,
                })
            }
        }
    }
    let spaced = words.len() >= 2
        && words
            .iter()
            .all(|(_, w)| w.chars().filter(|c| !is_decoration(*c)).count() == 1);
    Ok(Tokens { symbols, spaced })
}

/// The column a wrong count points at: the first symbol too many, or the
/// last one there is.
fn length_column(symbols: &[Symbol], expected: usize) -> usize {
    symbols
        .get(expected)
        .or(symbols.last())
        .map_or(1, |s| s.column)
}

fn grid_from_symbols(shape: Shape, symbols: &[Symbol]) -> Result<Grid, ParseErrorKind> {
    let side = shape.side();
    if symbols.len() != shape.cells() {
        return Err(ParseErrorKind::WrongLength {
            symbols: symbols.len(),
            expected: Some(shape.cells()),
            column: length_column(symbols, shape.cells()),
        });
    }
    check_range(side, symbols)?;
    let cells = symbols.iter().map(|s| s.value as u8).collect();
    Ok(Grid::from_cells(shape, cells).expect("length and range checked"))
}

/// Every symbol fits the side: a letter past it (`x` in a 9x9) is an
/// unknown symbol, a number past it (`10` in a 9x9) a digit out of range,
/// quoted as written.
fn check_range(side: usize, symbols: &[Symbol]) -> Result<(), ParseErrorKind> {
    let Some(bad) = symbols.iter().find(|s| s.value > side as u64) else {
        return Ok(());
    };
    let column = bad.column;
    Err(match &bad.written {
        Written::Char(symbol) if !symbol.is_ascii_digit() => ParseErrorKind::UnknownSymbol {
            symbol: *symbol,
            column,
        },
        Written::Char(digit) => ParseErrorKind::OutOfRange {
            value: digit.to_string(),
            side,
            column,
        },
        Written::Number(number) => ParseErrorKind::OutOfRange {
            value: number.clone(),
            side,
            column,
        },
    })
}

/// `k` symbols make a puzzle on one line: `k = n²` for a side `n` with a shape.
fn is_line_puzzle(k: usize) -> bool {
    integer_sqrt(k).is_some_and(|n| Shape::for_side(n).is_ok())
}

fn integer_sqrt(k: usize) -> Option<usize> {
    let r = (k as f64).sqrt().round() as usize;
    (r * r == k).then_some(r)
}

/// One line's bytes as read (at most [`MAX_LINE_BYTES`]), whether the line
/// was longer, and whether it is a comment or blank line.
type RawLine = (Vec<u8>, bool, bool);

/// A line read from the stream, before interpretation.
enum Raw {
    /// Blank or comment-only: ends a block.
    Blank,
    /// Text with the comment removed, and the comment.
    Content(String, Option<String>),
    Bad(ParseErrorKind),
    /// A comment line naming the box shape (`# shape: 3x2`, or a lab
    /// header with `--shape 3x2`): ends a block like a blank line, and sets
    /// the shape of the puzzles of its side that follow.
    Shape(Result<Shape, ParseErrorKind>),
}

/// The line a writer of puzzles puts before puzzles of `shape` so that a
/// reader reads them back with the same boxes (`# shape: 3x2`), when the
/// boxes are not square; `None` for square boxes, never in doubt.
pub fn shape_line(shape: Shape) -> Option<String> {
    (shape.box_rows() != shape.box_cols()).then(|| format!("# shape: {shape}"))
}

/// For a writer of puzzles, one after another: the shape line to write
/// before the next puzzle, when the reader would not otherwise read it with
/// its boxes (the first puzzle of boxes that are not square, or a change of
/// boxes for a side already declared).
#[derive(Clone, Debug, Default)]
pub struct ShapeLines {
    declared: Vec<Shape>,
}

impl ShapeLines {
    pub fn before(&mut self, shape: Shape) -> Option<String> {
        let same_side = self.declared.iter().position(|s| s.side() == shape.side());
        match same_side {
            Some(i) if self.declared[i] == shape => None,
            Some(i) => {
                self.declared[i] = shape;
                Some(format!("# shape: {shape}"))
            }
            None => {
                let line = shape_line(shape)?;
                self.declared.push(shape);
                Some(line)
            }
        }
    }
}

/// The shape a whole-line comment names, if it is a shape line: `shape:
/// RxC` or `shape RxC`, or a header the lab writes (`sudoku-lab generate
/// --shape 3x2 ...`). A word that looks like a shape (`7x0`, `9x9x`) but is
/// none is an error, not a comment.
fn parse_shape_line(comment: &str) -> Option<Result<Shape, ParseErrorKind>> {
    let words: Vec<&str> = comment.split_whitespace().collect();
    let named = match words.first()? {
        w if w.eq_ignore_ascii_case("shape:") || w.eq_ignore_ascii_case("shape") => {
            words.get(1).copied()
        }
        w if w.starts_with("shape:") || w.starts_with("Shape:") => Some(&w[6..]),
        &"sudoku-lab" => words.iter().enumerate().find_map(|(i, w)| match *w {
            "--shape" => words.get(i + 1).copied(),
            w => w.strip_prefix("--shape="),
        }),
        _ => None,
    }?;
    let looks_like_shape = named.split_once(['x', 'X']).is_some_and(|(r, c)| {
        all_digits(r) && !c.is_empty() && c.chars().next().unwrap().is_ascii_digit()
    });
    looks_like_shape.then(|| named.parse::<Shape>().map_err(ParseErrorKind::Shape))
}

/// What the first symbols of a puzzle say it is.
enum Layout {
    Line(Shape),
    /// A block; `inferred` when the paragraph rule chose it over lines.
    Block {
        shape: Shape,
        inferred: bool,
    },
}

/// Options for a [`PuzzleReader`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Force a shape instead of inferring one from each puzzle's size.
    pub shape: Option<Shape>,
}

/// A streaming reader of puzzles in any of the supported formats.
///
/// ```
/// use sudoku_input::PuzzleReader;
/// let text = "# two puzzles\n1.3.\n..1.\n.1..\n...4\n\n12.4..1..1....4.\n";
/// let shapes: Vec<_> = PuzzleReader::new(text.as_bytes())
///     .map(|(line, entry)| (line, entry.unwrap().puzzle.givens()))
///     .collect();
/// assert_eq!(shapes, vec![(2, 5), (7, 6)]);
/// ```
pub struct PuzzleReader<R> {
    source: R,
    options: ReadOptions,
    line: usize,
    eof: bool,
    /// Lines read ahead to settle the 16-symbol ambiguity, with their numbers.
    pending: VecDeque<(usize, Raw)>,
    /// The next content line opens a paragraph (start of file, or after a
    /// blank or comment line): only such a line can start a 16x16 block.
    paragraph_start: bool,
    /// The shape the last `# shape:` line named, for puzzles of its side.
    header: Option<Shape>,
    /// Set when the current puzzle's shape was the default for a side that
    /// other boxes fit too (6: 2x3, not 3x2), with no shape passed or named.
    defaulted: Option<Shape>,
}

impl<R: BufRead> PuzzleReader<R> {
    pub fn new(source: R) -> Self {
        Self::with_options(source, ReadOptions::default())
    }

    pub fn with_options(source: R, options: ReadOptions) -> Self {
        PuzzleReader {
            source,
            options,
            line: 0,
            eof: false,
            pending: VecDeque::new(),
            paragraph_start: true,
            header: None,
            defaulted: None,
        }
    }

    /// Reads one line's bytes, storing at most [`MAX_LINE_BYTES`] of them:
    /// the bytes, whether the line was longer, and whether it is a comment
    /// or blank line (its first visible character `#`, or none), which is
    /// skipped however long it is.
    fn read_bytes(&mut self) -> Option<Result<RawLine, String>> {
        if self.eof {
            return None;
        }
        let mut bytes = Vec::new();
        let mut too_long = false;
        let mut first_visible: Option<u8> = None;
        let mut saw_any = false;
        let mut skipped = 0usize;
        loop {
            let available = match self.source.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.eof = true;
                    return Some(Err(e.to_string()));
                }
            };
            if available.is_empty() {
                self.eof = true;
                let ignorable = first_visible.is_none_or(|b| b == b'#');
                return saw_any.then_some(Ok((bytes, too_long, ignorable)));
            }
            saw_any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            if first_visible.is_none() {
                first_visible = chunk.iter().find(|b| !b.is_ascii_whitespace()).copied();
            }
            if bytes.len() + chunk.len() <= MAX_LINE_BYTES {
                bytes.extend_from_slice(chunk);
            } else if !too_long {
                too_long = true;
                bytes = Vec::new();
            }
            // A NUL byte in an overlong line: binary data, where a line
            // break may never come (`/dev/zero`).
            let binary = too_long && chunk.contains(&0);
            skipped += used;
            self.source.consume(used);
            if done && !binary {
                let ignorable = first_visible.is_none_or(|b| b == b'#');
                return Some(Ok((bytes, too_long, ignorable)));
            }
            if binary || skipped > MAX_SKIP_BYTES {
                self.eof = true;
                let why = if binary {
                    "binary data (a NUL byte)".to_string()
                } else {
                    format!("no line break in the first {} MB", MAX_SKIP_BYTES >> 20)
                };
                return Some(Err(format!(
                    "{why} in a line longer than {} kB and no line break in sight; stopped \
                     reading (is this a puzzle file?)",
                    MAX_LINE_BYTES >> 10
                )));
            }
        }
    }

    fn next_raw(&mut self) -> Option<(usize, Raw)> {
        if let Some(item) = self.pending.pop_front() {
            return Some(item);
        }
        let read = self.read_bytes()?;
        self.line += 1;
        let raw = match read {
            Err(msg) => Raw::Bad(ParseErrorKind::Io(msg)),
            Ok((_, true, true)) => Raw::Blank,
            Ok((_, true, false)) => Raw::Bad(ParseErrorKind::LineTooLong),
            Ok((mut bytes, false, _)) => {
                if self.line == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
                    bytes.drain(..3);
                }
                match String::from_utf8(bytes) {
                    Err(_) => Raw::Bad(ParseErrorKind::InvalidUtf8),
                    Ok(text) => {
                        let (body, comment) = match text.split_once('#') {
                            Some((b, c)) => (b, Some(c.trim().to_string())),
                            None => (text.as_str(), None),
                        };
                        // Leading spaces are kept: columns count from the line's start.
                        let body = body.trim_end();
                        if body.trim_start().is_empty() {
                            match comment.as_deref().and_then(parse_shape_line) {
                                Some(shape) => Raw::Shape(shape),
                                None => Raw::Blank,
                            }
                        } else {
                            Raw::Content(body.to_string(), comment.filter(|c| !c.is_empty()))
                        }
                    }
                }
            }
        };
        Some((self.line, raw))
    }

    /// Decides what a first line of `k` symbols starts; `may_open_block` is
    /// false for a line inside a paragraph or carrying a trailing comment,
    /// `spaced` true when its cells are written apart.
    ///
    /// `k = n²` symbols are a puzzle of side `n` on one line, or the first
    /// row of a `k x k` grid. The rule: a grid only when the line opens a
    /// paragraph of exactly `k` lines of `k` symbols, and, past side 25
    /// (where such a grid is an error), only when the cells are written apart
    /// on every line, as rows of numbers are (36 lines of 36 zeros), never
    /// for puzzles written as one word per line.
    fn layout(
        &mut self,
        symbols: &[Symbol],
        may_open_block: bool,
        spaced: bool,
    ) -> Result<Layout, ParseErrorKind> {
        let k = symbols.len();
        if let Some(shape) = self.options.shape {
            let n = shape.side();
            return match k {
                _ if k == shape.cells() => Ok(Layout::Line(shape)),
                _ if k == n => Ok(Layout::Block {
                    shape,
                    inferred: false,
                }),
                _ => Err(ParseErrorKind::WrongLength {
                    symbols: k,
                    expected: Some(shape.cells()),
                    column: length_column(symbols, shape.cells()),
                }),
            };
        }
        if let Some(n) = integer_sqrt(k) {
            if let Ok(small) = self.infer_shape(n) {
                let may_be_grid = k == 16 || (k > sudoku_core::MAX_SIDE && spaced);
                if may_be_grid && may_open_block && self.paragraph_is_block(k, k != 16) {
                    return match Shape::for_side(k) {
                        Ok(shape) => Ok(Layout::Block {
                            shape,
                            inferred: true,
                        }),
                        Err(_) => Err(ParseErrorKind::GridTooLarge { side: k, small }),
                    };
                }
                return Ok(Layout::Line(small));
            }
        }
        match (self.infer_shape(k), integer_sqrt(k)) {
            (Ok(shape), _) => Ok(Layout::Block {
                shape,
                inferred: false,
            }),
            // A square count whose root has no shape (49 = 7², 676 = 26²).
            (Err(_), Some(n)) => Err(ParseErrorKind::Shape(Shape::for_side(n).unwrap_err())),
            (Err(_), None) => Err(ParseErrorKind::WrongLength {
                symbols: k,
                expected: None,
                column: length_column(symbols, k),
            }),
        }
    }

    /// Reads ahead: do the next `side - 1` rows (decoration lines aside)
    /// hold `side` symbols each (written apart, when `spaced`), with the
    /// paragraph ending right after them?
    fn paragraph_is_block(&mut self, side: usize, spaced: bool) -> bool {
        let mut looked = 0;
        let mut rows = 0;
        loop {
            if looked == self.pending.len() {
                // Bounded: at most `side` rows plus their decoration lines.
                if self.eof || self.pending.len() > 4 * side {
                    return rows == side - 1;
                }
                let Some(item) = self.next_raw_fresh() else {
                    return rows == side - 1;
                };
                self.pending.push_back(item);
            }
            let symbols = match &self.pending[looked].1 {
                Raw::Content(text, _) => match tokenize(text) {
                    Ok(t) if t.spaced || !spaced || t.symbols.is_empty() => t.symbols.len(),
                    _ => usize::MAX,
                },
                Raw::Blank | Raw::Shape(_) => return rows == side - 1,
                Raw::Bad(_) => return false,
            };
            looked += 1;
            match symbols {
                0 => continue,
                k if k == side && rows < side - 1 => rows += 1,
                _ => return false,
            }
        }
    }

    /// Like `next_raw` but never from `pending` (used while filling it).
    fn next_raw_fresh(&mut self) -> Option<(usize, Raw)> {
        let saved = std::mem::take(&mut self.pending);
        let item = self.next_raw();
        self.pending = saved;
        item
    }

    /// Reads the remaining rows of a block whose first row is `first`, at
    /// line `first_line`. An error names the line where it is: the bad row,
    /// the line where the block ended too soon, or a row too many.
    fn read_block(
        &mut self,
        shape: Shape,
        first: Vec<Symbol>,
        first_line: usize,
    ) -> Result<Grid, (usize, ParseErrorKind)> {
        let n = shape.side();
        if let Err(kind) = check_range(n, &first) {
            // Skip the paragraph only when it goes on in block rows: a line
            // puzzle after the bad line is read as a puzzle of its own.
            self.skip_block_rows();
            return Err((first_line, kind));
        }
        // A lone line of `n` symbols, n not a square: the wrong length for a
        // puzzle on one line, more likely than a block of one row.
        let lone = ParseErrorKind::WrongLength {
            symbols: n,
            expected: None,
            column: length_column(&first, n),
        };
        let short = |rows: usize, line: usize| match rows {
            1 => (first_line, lone.clone()),
            _ => (line, ParseErrorKind::ShortBlock { rows, side: n }),
        };
        let mut symbols = first;
        let mut rows = 1;
        while rows < n {
            match self.next_raw() {
                None => return Err(short(rows, self.line)),
                Some((line, Raw::Blank)) => return Err(short(rows, line)),
                Some((line, raw @ Raw::Shape(_))) => {
                    self.pending.push_front((line, raw));
                    return Err(short(rows, line));
                }
                Some((line, Raw::Bad(kind))) => {
                    self.skip_paragraph();
                    return Err((line, kind));
                }
                Some((line, Raw::Content(text, comment))) => {
                    // A whole puzzle on one line right after the first row: there
                    // was no block, only a bad line, and the puzzle is read as one.
                    if let Ok(t) = tokenize(&text) {
                        if rows == 1 && t.symbols.len() != n && is_line_puzzle(t.symbols.len()) {
                            self.pending.push_front((line, Raw::Content(text, comment)));
                            return Err(short(rows, line));
                        }
                    }
                    let row = tokenize(&text)
                        .and_then(|Tokens { symbols: row, .. }| {
                            if !row.is_empty() && row.len() != n {
                                return Err(ParseErrorKind::BlockRow {
                                    row_line: line,
                                    symbols: row.len(),
                                    side: n,
                                });
                            }
                            check_range(n, &row).map(|()| row)
                        })
                        .map_err(|kind| {
                            self.skip_paragraph();
                            (line, kind)
                        })?;
                    if row.is_empty() {
                        continue; // a decoration line such as ------+------
                    }
                    symbols.extend(row);
                    rows += 1;
                }
            }
        }
        if let Some(line) = self.row_too_many(n) {
            self.skip_paragraph();
            return Err((line, ParseErrorKind::ExtraRow { side: n }));
        }
        grid_from_symbols(shape, &symbols).map_err(|kind| (first_line, kind))
    }

    /// After the `n` rows of a block: the line of a further row of `n`
    /// symbols in the same paragraph, if there is one (decoration lines
    /// aside). Any other line is left to be read next.
    fn row_too_many(&mut self, n: usize) -> Option<usize> {
        loop {
            let (line, raw) = self.next_raw()?;
            if let Raw::Content(text, _) = &raw {
                match tokenize(text) {
                    Ok(t) if t.symbols.is_empty() => continue,
                    Ok(t) if t.symbols.len() == n => return Some(line),
                    _ => {}
                }
            }
            self.pending.push_front((line, raw));
            return None;
        }
    }

    /// After a bad first line: when the next line of the paragraph is a
    /// block row (the side of a shape, a count no puzzle line has), the bad line was
    /// the first row of a block, and the block is skipped as one error.
    /// Otherwise the next line is left to be read as a puzzle of its own.
    fn skip_block_rows(&mut self) {
        let Some((line, raw)) = self.next_raw() else {
            return;
        };
        if let Raw::Content(text, _) = &raw {
            if let Ok(t) = tokenize(text) {
                let k = t.symbols.len();
                let block_row = match self.options.shape {
                    Some(shape) => k == shape.side(),
                    None => Shape::for_side(k).is_ok() && !is_line_puzzle(k),
                };
                if block_row && !text.contains(',') {
                    self.skip_paragraph();
                    return;
                }
            }
        }
        self.pending.push_front((line, raw));
    }

    /// After a broken block, resynchronise at the next blank line.
    fn skip_paragraph(&mut self) {
        while let Some((line, raw)) = self.next_raw() {
            match raw {
                Raw::Blank => break,
                // Its shape still holds for what follows.
                Raw::Shape(_) => {
                    self.pending.push_front((line, raw));
                    break;
                }
                _ => {}
            }
        }
    }

    /// A line of two words, a line puzzle and a field after it (see the
    /// module docs): `None` when the line does not have that form, else the
    /// puzzle and what follows it, or what is wrong. The field after a
    /// puzzle is its rating when it is a short number (in [`RATING_RANGE`]
    /// or refused), its solution when it has as many symbols as the puzzle;
    /// anything else is left to be read as the symbols of one puzzle.
    fn trailing_field(&mut self, text: &str) -> Option<Result<(Grid, Trailing), ParseErrorKind>> {
        let words = words(text);
        let [(first_col, first), (second_col, second)] = words[..] else {
            return None;
        };
        let shift = first_col - 1;
        let first_symbols = tokenize(first).ok()?.symbols;
        let k = first_symbols.len();
        let is_puzzle = match self.options.shape {
            Some(shape) => k == shape.cells(),
            None => k >= 16 && is_line_puzzle(k),
        };
        // Long enough to be meant as a puzzle, not a block row: a 4x4 short
        // of a cell, or any word longer than a row of the passed shape.
        let meant_as_puzzle = match self.options.shape {
            Some(shape) => k > shape.side(),
            None => k >= 15,
        };
        if !is_puzzle && !meant_as_puzzle {
            return None;
        }
        let puzzle = |reader: &mut Self| {
            let shape = match reader.options.shape {
                Some(shape) => shape,
                None => reader
                    .infer_shape(integer_sqrt(k).expect("a square"))
                    .map_err(ParseErrorKind::Shape)?,
            };
            grid_from_symbols(shape, &first_symbols).map_err(|e| e.shifted(shift))
        };
        if is_rating_word(second) {
            if !is_puzzle {
                return Some(Err(ParseErrorKind::BeforeRating {
                    symbols: k,
                    rating: second.to_string(),
                    column: second_col,
                }));
            }
            let rating: f64 = second.parse().ok()?;
            if !RATING_RANGE.contains(&rating) {
                return Some(Err(ParseErrorKind::RatingOutOfRange {
                    rating: second.to_string(),
                    column: second_col,
                }));
            }
            return Some(puzzle(self).map(|grid| (grid, Trailing::Rating(rating))));
        }
        let second_symbols = tokenize(second).ok()?.symbols;
        if !is_puzzle || second_symbols.len() != k {
            return None;
        }
        Some((|| {
            let grid = puzzle(self)?;
            let field_shift = second_col - 1;
            let solution = grid_from_symbols(grid.shape(), &second_symbols).map_err(|e| {
                ParseErrorKind::Csv(format!(
                    "the word at column {second_col}, after the puzzle, is read as its \
                     solution: {}",
                    e.shifted(field_shift)
                ))
            })?;
            let given_columns: Vec<usize> =
                first_symbols.iter().map(|s| s.column + shift).collect();
            let columns: Vec<usize> = second_symbols
                .iter()
                .map(|s| s.column + field_shift)
                .collect();
            check_solution(&grid, &given_columns, &solution, &columns).map_err(|e| {
                ParseErrorKind::Csv(format!(
                    "the word at column {second_col}, after the puzzle, is read as its \
                     solution: {e}"
                ))
            })?;
            Ok((grid, Trailing::Solution(solution)))
        })())
    }

    /// The shape of a puzzle of side `side` when none was passed: the one a
    /// `# shape:` line gave for that side, else the default for the side
    /// (noted when the side also fits other boxes, so the entry can say so).
    fn infer_shape(&mut self, side: usize) -> Result<Shape, ShapeError> {
        if let Some(shape) = self.header.filter(|h| h.side() == side) {
            return Ok(shape);
        }
        let shape = Shape::for_side(side)?;
        if shape.box_rows() != shape.box_cols() {
            self.defaulted = Some(shape);
        }
        Ok(shape)
    }

    /// One grid field of a CSV line, at 1-based column `start`: the grid and
    /// the column of each of its cells in the line.
    fn csv_grid(
        &mut self,
        field: &str,
        start: usize,
    ) -> Result<(Grid, Vec<usize>), ParseErrorKind> {
        let shift = start - 1;
        let symbols = tokenize(field).map_err(|e| e.shifted(shift))?.symbols;
        let shape = match self.options.shape {
            Some(s) => s,
            None => {
                let wrong_length = ParseErrorKind::WrongLength {
                    symbols: symbols.len(),
                    expected: None,
                    column: length_column(&symbols, symbols.len()).max(1) + shift,
                };
                match integer_sqrt(symbols.len()) {
                    Some(n) if n > 0 => self.infer_shape(n).map_err(ParseErrorKind::Shape)?,
                    _ => return Err(wrong_length),
                }
            }
        };
        let grid = grid_from_symbols(shape, &symbols).map_err(|e| e.shifted(shift))?;
        Ok((grid, symbols.iter().map(|s| s.column + shift).collect()))
    }

    fn read_csv(
        &mut self,
        text: &str,
        comment: Option<String>,
    ) -> Option<Result<Entry, ParseErrorKind>> {
        let fields = split_csv(text);
        if fields
            .first()
            .is_some_and(|(_, f)| f.trim().eq_ignore_ascii_case("puzzle"))
        {
            return None;
        }
        let result = (|| {
            let (puzzle, given_columns) = self.csv_grid(&fields[0].1, fields[0].0)?;
            let solution = match fields.get(1) {
                None => None,
                Some((_, f)) if f.trim().is_empty() => None,
                Some((start, f)) => {
                    let (solution, columns) = self
                        .csv_grid(f, *start)
                        .map_err(|e| ParseErrorKind::Csv(format!("solution field: {e}")))?;
                    if solution.shape() != puzzle.shape() {
                        return Err(ParseErrorKind::Csv(format!(
                            "solution field at column {start} has {} cells, the puzzle {}",
                            solution.shape().cells(),
                            puzzle.shape().cells()
                        )));
                    }
                    check_solution(&puzzle, &given_columns, &solution, &columns)?;
                    Some(solution)
                }
            };
            let note = fields
                .get(2..)
                .map(|rest| {
                    rest.iter()
                        .map(|(_, f)| f.as_str())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .filter(|s| !s.is_empty())
                .or(comment);
            Ok(Entry {
                puzzle,
                solution,
                note,
                rating: None,
                ambiguity: None,
            })
        })();
        Some(result)
    }
}

/// A CSV solution field must be a solution of its puzzle: complete, keeping
/// every given, breaking no rule. Otherwise the line is refused, since
/// checking strategies against it would mark every correct one wrong.
fn check_solution(
    puzzle: &Grid,
    given_columns: &[usize],
    solution: &Grid,
    columns: &[usize],
) -> Result<(), ParseErrorKind> {
    let n = puzzle.shape().side();
    let at = |cell: usize| {
        format!(
            "column {} (row {}, column {} of the grid)",
            columns[cell],
            cell / n + 1,
            cell % n + 1
        )
    };
    let message = match solution.verify_solution_of(puzzle) {
        Ok(()) => return Ok(()),
        Err(VerifyError::Incomplete { cell }) => format!(
            "solution field has a blank at {}; a solution fills every cell",
            at(cell)
        ),
        Err(VerifyError::GivenChanged { cell, given, found }) => format!(
            "solution field contradicts the givens: {} holds {} where the puzzle (column {}) \
             gives {}",
            at(cell),
            digit_symbol(found),
            given_columns[cell],
            digit_symbol(given)
        ),
        Err(VerifyError::Conflict(conflict)) => format!(
            "solution field is not a solution: {conflict} (at {} and column {})",
            at(conflict.cells.0),
            columns[conflict.cells.1]
        ),
        Err(VerifyError::ShapeMismatch) => "solution field has another size than the puzzle".into(),
    };
    Err(ParseErrorKind::Csv(message))
}

/// Splits a CSV line, honouring `"quoted, fields"` with `""` escapes; each
/// field with the 1-based column where it starts.
fn split_csv(line: &str) -> Vec<(usize, String)> {
    let mut fields = vec![(1, String::new())];
    let mut quoted = false;
    let mut chars = line.chars().enumerate().peekable();
    while let Some((i, ch)) = chars.next() {
        let field = &mut fields.last_mut().expect("one field at least").1;
        match ch {
            '"' if quoted && chars.peek().map(|p| p.1) == Some('"') => {
                chars.next();
                field.push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push((i + 2, String::new())),
            _ => field.push(ch),
        }
    }
    fields
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = (usize, Result<Entry, ParseError>);

    fn next(&mut self) -> Option<Self::Item> {
        self.defaulted = None;
        let mut item = self.next_entry()?;
        if let (Ok(entry), Some(shape)) = (&mut item.1, self.defaulted.take()) {
            if entry.ambiguity.is_none() && entry.puzzle.shape() == shape {
                let (r, c) = (shape.box_rows(), shape.box_cols());
                entry.ambiguity = Some(format!(
                    "side {n} fits boxes of {r}x{c} and {c}x{r}: read as {r}x{c} (the default); \
                     if the boxes are {c}x{r}, pass --shape {c}x{r} or put a line `# shape: \
                     {c}x{r}` before the puzzles",
                    n = shape.side()
                ));
            }
        }
        Some(item)
    }
}

impl<R: BufRead> PuzzleReader<R> {
    fn next_entry(&mut self) -> Option<(usize, Result<Entry, ParseError>)> {
        loop {
            let (line, raw) = self.next_raw()?;
            let fail = |kind| Some((line, Err(ParseError { line, kind })));
            let opens_paragraph = std::mem::replace(
                &mut self.paragraph_start,
                matches!(raw, Raw::Blank | Raw::Shape(_)),
            );
            let (text, comment) = match raw {
                Raw::Blank => continue,
                Raw::Bad(kind) => return fail(kind),
                Raw::Shape(Err(kind)) => return fail(kind),
                Raw::Shape(Ok(shape)) => match self.options.shape {
                    Some(option) if option.side() == shape.side() && option != shape => {
                        return fail(ParseErrorKind::ShapeConflict {
                            file: shape,
                            option,
                        })
                    }
                    _ => {
                        self.header = Some(shape);
                        continue;
                    }
                },
                Raw::Content(text, comment) => (text, comment),
            };
            if text.contains(',') {
                match self.read_csv(&text, comment) {
                    None => continue,
                    Some(Ok(entry)) => return Some((line, Ok(entry))),
                    Some(Err(kind)) => return fail(kind),
                }
            }
            match self.trailing_field(&text) {
                None => {}
                Some(Err(kind)) => return fail(kind),
                Some(Ok((puzzle, trailing))) => {
                    let (rating, solution) = match trailing {
                        Trailing::Rating(r) => (Some(r), None),
                        Trailing::Solution(s) => (None, Some(s)),
                    };
                    return Some((
                        line,
                        Ok(Entry {
                            puzzle,
                            solution,
                            note: comment,
                            rating,
                            ambiguity: None,
                        }),
                    ));
                }
            }
            let Tokens { symbols, spaced } = match tokenize(&text) {
                Ok(t) if t.symbols.is_empty() => continue,
                Ok(t) => t,
                Err(kind) => {
                    self.skip_block_rows();
                    return fail(kind);
                }
            };
            let may_open_block = opens_paragraph && comment.is_none();
            let mut ambiguity = None;
            let grid = match self.layout(&symbols, may_open_block, spaced) {
                Ok(Layout::Line(shape)) => grid_from_symbols(shape, &symbols),
                Ok(Layout::Block { shape, inferred }) => {
                    let n = shape.side();
                    if inferred {
                        ambiguity = Some(format!(
                            "{n} lines of {n} symbols read as one {n}x{n} grid, not {n} puzzles \
                             of one line each (a paragraph of exactly n² lines of n² symbols is \
                             one grid); pass a shape (--shape) to read them as puzzles"
                        ));
                    }
                    match self.read_block(shape, symbols, line) {
                        Ok(grid) => Ok(grid),
                        // Reported at the bad line, not the block's first.
                        Err((at, kind)) => return Some((at, Err(ParseError { line: at, kind }))),
                    }
                }
                Err(kind @ ParseErrorKind::GridTooLarge { .. }) => {
                    self.skip_paragraph();
                    Err(kind)
                }
                Err(kind) => {
                    self.skip_block_rows();
                    Err(kind)
                }
            };
            return match grid {
                Ok(puzzle) => Some((
                    line,
                    Ok(Entry {
                        puzzle,
                        solution: None,
                        note: comment,
                        rating: None,
                        ambiguity,
                    }),
                )),
                Err(kind) => fail(kind),
            };
        }
    }
}

/// Parses text holding exactly one puzzle (any format), as given on a command line.
pub fn parse_puzzle(text: &str, options: ReadOptions) -> Result<Grid, ParseError> {
    let mut reader = PuzzleReader::with_options(text.as_bytes(), options);
    match reader.next() {
        None => Err(ParseError {
            line: 1,
            kind: ParseErrorKind::WrongLength {
                symbols: 0,
                expected: None,
                column: 1,
            },
        }),
        Some((_, Err(e))) => Err(e),
        Some((_, Ok(entry))) => Ok(entry.puzzle),
    }
}

/// Parses text holding exactly one puzzle with the default options: what
/// `str::parse::<Grid>` does for a literal, with every format this crate
/// reads and its errors.
pub fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    parse_puzzle(text, ReadOptions::default())
}
