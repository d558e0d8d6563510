//! Reading puzzles: the line format, the block format, whitespace-separated
//! numbers and the `puzzle,solution[,note]` CSV form, from a stream.
//!
//! # Formats
//!
//! * **Line**: one puzzle per line, `n²` symbols. `.` or `0` is a blank; the
//!   digits are `1-9`, then `A-Z` for 10-35 (either case), so a 16x16 uses
//!   `1-9A-G`. Spaces and the decoration characters `|`, `-`, `+` are ignored.
//! * **Numbers**: whitespace-separated decimal numbers, `0` or `.` for a blank.
//!   A line is read as numbers when it has several tokens, at least one of them
//!   two digits long, and every token is a number or `.`. Works for any size.
//! * **Block**: `n` lines of `n` symbols (or numbers) each, optionally decorated
//!   with `|`, `-`, `+` and spaces; decoration-only lines are skipped; puzzles are
//!   separated by blank lines. A line of 16 symbols is ambiguous (a 4x4 puzzle or
//!   a 16x16 row): it starts a 16x16 block only when it opens a paragraph (at
//!   the start of the file or after a blank or comment line), carries no
//!   trailing comment, and the paragraph holds exactly 16 rows of 16 symbols;
//!   pass a shape to remove the doubt.
//! * **CSV**: `puzzle,solution[,note]`, the form of `seeds.csv`; a header line
//!   whose first field is `puzzle` is skipped; the solution may be empty.
//! * **Rated line**: a line puzzle (one token, no spaces inside, at least 16
//!   symbols), a space, and a rating written as a decimal number (`5.0`,
//!   `11.9`, `7`): the form of Sudoku Explainer ratings, as in
//!   `puzzles/se-rated-2500.txt`. The rating is kept on the [`Entry`]. A line
//!   whose symbols, rating included, already make a whole puzzle is read as
//!   that puzzle, so the rule changes no line that was read before.
//!
//! `#` starts a comment, on a line of its own or after a puzzle. A UTF-8 byte
//! order mark and CRLF line ends are accepted.
//!
//! # Errors
//!
//! The reader yields `(line number, Result<Entry, ParseError>)`: one bad puzzle
//! is one error item, and reading goes on with the next. Only the lines of the
//! current puzzle are held in memory, and a line longer than [`MAX_LINE_BYTES`]
//! is reported and skipped without being stored, so any file streams in bounded
//! memory.
//!
//! One file, longer than most here, because it is one decision: which format
//! a line is in and what error it gets are settled by the same tests (a line
//! of numbers, a block row, a CSV record, a line puzzle), and a reader of one
//! format split from the others would not see why they reject a line.

use crate::grid::{symbol_digit, Grid};
use crate::shape::{Shape, ShapeError};
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, ErrorKind};

/// Lines longer than this are reported as errors and skipped, not stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// An overlong line is skipped up to its line break, but no further than
/// this: input with no line break in sight (`/dev/zero`, a binary file)
/// stops the reading instead of running for ever.
pub const MAX_SKIP_BYTES: usize = 256 * MAX_LINE_BYTES;

/// What is wrong with one puzzle, and on which line of its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number: the line of the puzzle, or in a block the bad
    /// row (or the line where the block ended too soon).
    pub line: usize,
    pub kind: ParseErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The symbol count is neither `n²` (a line puzzle) nor `n` (a block row).
    WrongLength {
        symbols: usize,
        expected: Option<usize>,
    },
    /// A character that is not a symbol, a blank or decoration (1-based column).
    UnknownSymbol {
        symbol: char,
        column: usize,
    },
    /// A digit larger than the side allows.
    OutOfRange {
        value: u64,
        side: usize,
        column: usize,
    },
    /// The side has no shape.
    Shape(ShapeError),
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
    /// The CSV solution field does not fit the puzzle.
    Csv(String),
    LineTooLong,
    InvalidUtf8,
    Io(String),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        match self {
            WrongLength { symbols, expected: Some(e) } => {
                let s = if *symbols == 1 { "" } else { "s" };
                write!(f, "wrong length: {symbols} symbol{s} where {e} were expected")
            }
            WrongLength { symbols, expected: None } => write!(
                f,
                "wrong length: {symbols} symbol{}; a puzzle line holds n² symbols \
                 (16, 36, 64, 81, ... 625) and a block row n symbols",
                if *symbols == 1 { "" } else { "s" }
            ),
            UnknownSymbol { symbol, column } => write!(
                f,
                "unknown symbol {:?} at column {column}; digits are 1-9 (then A-Z past 9 on \
                 grids larger than 9x9), and . or 0 for a blank",
                symbol
            ),
            OutOfRange { value, side, column } => {
                write!(f, "digit {value} at column {column} is out of range for side {side} (1-{side})")
            }
            Shape(e) => write!(f, "{e}"),
            ShortBlock { rows, side } => {
                write!(f, "block ended after {rows} rows; a {side}x{side} block needs {side}")
            }
            BlockRow { row_line, symbols, side } => write!(
                f,
                "block row at line {row_line} has {symbols} symbols; every row of this block needs {side}"
            ),
            Csv(msg) => write!(f, "{msg}"),
            LineTooLong => write!(f, "line longer than {MAX_LINE_BYTES} bytes; skipped"),
            InvalidUtf8 => write!(f, "line is not text (invalid UTF-8); is this a puzzle file?"),
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
}

/// A rated line, `<puzzle> <rating>`: the puzzle token and the rating, when
/// `text` has exactly two tokens, the second a decimal number (`5.0`, `7`)
/// and the first a line puzzle of at least 16 symbols. Whether the puzzle
/// token has the right length is settled by the caller.
fn split_rating(text: &str) -> Option<(&str, f64)> {
    let mut tokens = text.split_whitespace();
    let (puzzle, rating) = (tokens.next()?, tokens.next()?);
    if tokens.next().is_some() || puzzle.chars().filter(|c| !is_decoration(*c)).count() < 16 {
        return None;
    }
    let (whole, fraction) = rating.split_once('.').unwrap_or((rating, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(whole) && digits(fraction))
        .then(|| rating.parse().ok())
        .flatten()
        .map(|r| (puzzle, r))
}

/// A symbol as read: its value (`0` blank), its 1-based column, and the
/// character when it was one (not a number token).
#[derive(Clone, Copy, Debug)]
struct Symbol {
    value: u64,
    column: usize,
    ch: Option<char>,
}

fn is_decoration(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

/// Splits a line (comment already removed) into symbols.
fn tokenize(text: &str) -> Result<Vec<Symbol>, ParseErrorKind> {
    let tokens: Vec<(usize, &str)> = text
        .split(|c: char| c.is_whitespace())
        .scan(1usize, |col, tok| {
            let start = *col;
            *col += tok.chars().count() + 1;
            Some((start, tok))
        })
        .filter(|(_, t)| !t.is_empty() && !t.chars().all(is_decoration))
        .collect();
    let numeric = tokens.len() >= 2
        && tokens.iter().any(|(_, t)| t.len() >= 2)
        && tokens
            .iter()
            .all(|(_, t)| *t == "." || t.bytes().all(|b| b.is_ascii_digit()));
    if numeric {
        return Ok(tokens
            .iter()
            .map(|&(column, t)| Symbol {
                value: t.parse().unwrap_or(u64::MAX),
                column,
                ch: None,
            })
            .collect());
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
                ch: Some(ch),
            }),
            None => {
                return Err(ParseErrorKind::UnknownSymbol {
                    symbol: ch,
                    column: i + 1,
                })
            }
        }
    }
    Ok(symbols)
}

fn grid_from_symbols(shape: Shape, symbols: &[Symbol]) -> Result<Grid, ParseErrorKind> {
    let side = shape.side();
    if symbols.len() != shape.cells() {
        return Err(ParseErrorKind::WrongLength {
            symbols: symbols.len(),
            expected: Some(shape.cells()),
        });
    }
    check_range(side, symbols)?;
    let cells = symbols.iter().map(|s| s.value as u8).collect();
    Ok(Grid::from_cells(shape, cells).expect("length and range checked"))
}

/// Every symbol fits the side: a letter past it (`x` in a 9x9) is an
/// unknown symbol, a number past it (`10` in a 9x9) a digit out of range.
fn check_range(side: usize, symbols: &[Symbol]) -> Result<(), ParseErrorKind> {
    match symbols.iter().find(|s| s.value > side as u64) {
        None => Ok(()),
        Some(&Symbol {
            ch: Some(symbol),
            column,
            ..
        }) if !symbol.is_ascii_digit() => Err(ParseErrorKind::UnknownSymbol { symbol, column }),
        Some(s) => Err(ParseErrorKind::OutOfRange {
            value: s.value,
            side,
            column: s.column,
        }),
    }
}

fn integer_sqrt(k: usize) -> Option<usize> {
    let r = (k as f64).sqrt().round() as usize;
    (r * r == k).then_some(r)
}

/// A line read from the stream, before interpretation.
enum Raw {
    /// Blank or comment-only: ends a block.
    Blank,
    /// Text with the comment removed, and the comment.
    Content(String, Option<String>),
    Bad(ParseErrorKind),
}

/// What the first symbols of a puzzle say it is.
enum Layout {
    Line(Shape),
    Block(Shape),
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
/// use sudoku_core::PuzzleReader;
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
        }
    }

    /// Reads one line's bytes, storing at most [`MAX_LINE_BYTES`] of them.
    fn read_bytes(&mut self) -> Option<Result<(Vec<u8>, bool), String>> {
        if self.eof {
            return None;
        }
        let mut bytes = Vec::new();
        let mut too_long = false;
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
                return saw_any.then_some(Ok((bytes, too_long)));
            }
            saw_any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            if bytes.len() + chunk.len() <= MAX_LINE_BYTES {
                bytes.extend_from_slice(chunk);
            } else if !too_long {
                too_long = true;
                bytes = Vec::new();
            }
            skipped += used;
            self.source.consume(used);
            if done {
                return Some(Ok((bytes, too_long)));
            }
            if skipped > MAX_SKIP_BYTES {
                self.eof = true;
                return Some(Err(format!(
                    "no line break in the first {} MB of this line; stopped reading \
                     (is this a puzzle file?)",
                    MAX_SKIP_BYTES >> 20
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
            Ok((_, true)) => Raw::Bad(ParseErrorKind::LineTooLong),
            Ok((mut bytes, false)) => {
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
                        let body = body.trim();
                        if body.is_empty() {
                            Raw::Blank
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
    /// false for a line inside a paragraph or carrying a trailing comment.
    fn layout(&mut self, k: usize, may_open_block: bool) -> Result<Layout, ParseErrorKind> {
        if let Some(shape) = self.options.shape {
            let n = shape.side();
            return match k {
                _ if k == shape.cells() => Ok(Layout::Line(shape)),
                _ if k == n => Ok(Layout::Block(shape)),
                _ => Err(ParseErrorKind::WrongLength {
                    symbols: k,
                    expected: Some(shape.cells()),
                }),
            };
        }
        if let Some(n) = integer_sqrt(k) {
            if let Ok(shape) = Shape::for_side(n) {
                if k == 16 && may_open_block && self.paragraph_is_block(16) {
                    return Ok(Layout::Block(Shape::for_side(16).expect("16 is a side")));
                }
                return Ok(Layout::Line(shape));
            }
        }
        match (Shape::for_side(k), integer_sqrt(k)) {
            (Ok(shape), _) => Ok(Layout::Block(shape)),
            // A square count whose root has no shape (49 = 7², 676 = 26²).
            (Err(_), Some(n)) => Err(ParseErrorKind::Shape(Shape::for_side(n).unwrap_err())),
            (Err(_), None) => Err(ParseErrorKind::WrongLength {
                symbols: k,
                expected: None,
            }),
        }
    }

    /// Reads ahead: do the next `side - 1` rows (decoration lines aside)
    /// hold `side` symbols each, with the paragraph ending right after them?
    fn paragraph_is_block(&mut self, side: usize) -> bool {
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
                Raw::Content(text, _) => tokenize(text).map(|s| s.len()).unwrap_or(usize::MAX),
                Raw::Blank => return rows == side - 1,
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
    /// or the line where the block ended too soon.
    fn read_block(
        &mut self,
        shape: Shape,
        first: Vec<Symbol>,
        first_line: usize,
    ) -> Result<Grid, (usize, ParseErrorKind)> {
        let n = shape.side();
        if let Err(kind) = check_range(n, &first) {
            self.skip_paragraph();
            return Err((first_line, kind));
        }
        let mut symbols = first;
        let mut rows = 1;
        while rows < n {
            match self.next_raw() {
                None => return Err((self.line, ParseErrorKind::ShortBlock { rows, side: n })),
                Some((line, Raw::Blank)) => {
                    return Err((line, ParseErrorKind::ShortBlock { rows, side: n }))
                }
                Some((line, Raw::Bad(kind))) => {
                    self.skip_paragraph();
                    return Err((line, kind));
                }
                Some((line, Raw::Content(text, _))) => {
                    let row = tokenize(&text)
                        .and_then(|row| {
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
        grid_from_symbols(shape, &symbols).map_err(|kind| (first_line, kind))
    }

    /// After a broken block, resynchronise at the next blank line.
    fn skip_paragraph(&mut self) {
        while let Some((_, raw)) = self.next_raw() {
            if matches!(raw, Raw::Blank) {
                break;
            }
        }
    }

    /// A rated line (`<puzzle> <rating>`, see the module docs) whose puzzle
    /// token is a whole line puzzle, and whose whole text is not one.
    fn rated_line(&self, text: &str) -> Option<(Grid, f64)> {
        let (token, rating) = split_rating(text)?;
        let symbols = tokenize(token).ok()?;
        let whole = tokenize(text).map(|s| s.len()).unwrap_or(0);
        let shape = match self.options.shape {
            Some(shape) if whole == shape.cells() => return None,
            Some(shape) => shape,
            None if integer_sqrt(whole).is_some_and(|n| Shape::for_side(n).is_ok()) => return None,
            None => Shape::for_side(integer_sqrt(symbols.len())?).ok()?,
        };
        grid_from_symbols(shape, &symbols).ok().map(|g| (g, rating))
    }

    fn read_csv(
        &mut self,
        text: &str,
        comment: Option<String>,
    ) -> Option<Result<Entry, ParseErrorKind>> {
        let fields = split_csv(text);
        if fields
            .first()
            .is_some_and(|f| f.trim().eq_ignore_ascii_case("puzzle"))
        {
            return None;
        }
        let parse = |field: &str| -> Result<Grid, ParseErrorKind> {
            let symbols = tokenize(field)?;
            let shape = match self.options.shape {
                Some(s) => s,
                None => {
                    let n = integer_sqrt(symbols.len()).ok_or(ParseErrorKind::WrongLength {
                        symbols: symbols.len(),
                        expected: None,
                    })?;
                    Shape::for_side(n).map_err(ParseErrorKind::Shape)?
                }
            };
            grid_from_symbols(shape, &symbols)
        };
        let result = (|| {
            let puzzle = parse(&fields[0])?;
            let solution = match fields.get(1).map(|f| f.trim()) {
                None | Some("") => None,
                Some(f) => {
                    let s = parse(f)
                        .map_err(|e| ParseErrorKind::Csv(format!("solution field: {e}")))?;
                    if s.shape() != puzzle.shape() {
                        return Err(ParseErrorKind::Csv(
                            "solution field has another size than the puzzle".into(),
                        ));
                    }
                    Some(s)
                }
            };
            let note = fields
                .get(2..)
                .map(|rest| rest.join(","))
                .filter(|s| !s.is_empty())
                .or(comment);
            Ok(Entry {
                puzzle,
                solution,
                note,
                rating: None,
            })
        })();
        Some(result)
    }
}

/// Splits a CSV line, honouring `"quoted, fields"` with `""` escapes.
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(ch),
        }
    }
    fields
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = (usize, Result<Entry, ParseError>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (line, raw) = self.next_raw()?;
            let fail = |kind| Some((line, Err(ParseError { line, kind })));
            let opens_paragraph =
                std::mem::replace(&mut self.paragraph_start, matches!(raw, Raw::Blank));
            let (text, comment) = match raw {
                Raw::Blank => continue,
                Raw::Bad(kind) => return fail(kind),
                Raw::Content(text, comment) => (text, comment),
            };
            if text.contains(',') {
                match self.read_csv(&text, comment) {
                    None => continue,
                    Some(Ok(entry)) => return Some((line, Ok(entry))),
                    Some(Err(kind)) => return fail(kind),
                }
            }
            if let Some((puzzle, rating)) = self.rated_line(&text) {
                return Some((
                    line,
                    Ok(Entry {
                        puzzle,
                        solution: None,
                        note: comment,
                        rating: Some(rating),
                    }),
                ));
            }
            let symbols = match tokenize(&text) {
                Ok(s) if s.is_empty() => continue,
                Ok(s) => s,
                Err(kind) => return fail(kind),
            };
            let may_open_block = opens_paragraph && comment.is_none();
            let grid = match self.layout(symbols.len(), may_open_block) {
                Ok(Layout::Line(shape)) => grid_from_symbols(shape, &symbols),
                Ok(Layout::Block(shape)) => match self.read_block(shape, symbols, line) {
                    Ok(grid) => Ok(grid),
                    // Reported at the bad line, not the block's first.
                    Err((at, kind)) => return Some((at, Err(ParseError { line: at, kind }))),
                },
                Err(kind) => Err(kind),
            };
            return match grid {
                Ok(puzzle) => Some((
                    line,
                    Ok(Entry {
                        puzzle,
                        solution: None,
                        note: comment,
                        rating: None,
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
            },
        }),
        Some((_, Err(e))) => Err(e),
        Some((_, Ok(entry))) => Ok(entry.puzzle),
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        parse_puzzle(s, ReadOptions::default())
    }
}
