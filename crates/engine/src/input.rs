//! Where puzzles come from: files, standard input, or the command line itself.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use sudoku_input::{Entry, ParseError, PuzzleReader, ReadOptions};

/// Read in pieces this large: an overlong line is skipped a piece at a time.
const READ_BUFFER: usize = 64 * 1024;

/// One input named on the command line.
#[derive(Clone, Debug)]
pub enum Source {
    File(PathBuf),
    Stdin,
    /// A puzzle written directly as an argument.
    Literal(String),
}

/// A puzzle read from a source: its line there, and the entry or the error.
pub type Item = (usize, Result<Entry, ParseError>);

impl Source {
    /// `-` is standard input; an existing path is a file; text made only of
    /// puzzle symbols is a puzzle; anything else is an error that says so.
    pub fn from_arg(arg: &str) -> Result<Source, String> {
        Source::from_arg_for(arg, ReadOptions::default())
    }

    /// [`Source::from_arg`], where `options` may name a shape: then a puzzle
    /// argument of that shape's cell count is a puzzle, however small
    /// (`--shape 1x2` and `12..`); without one it takes 16 symbols or more.
    pub fn from_arg_for(arg: &str, options: ReadOptions) -> Result<Source, String> {
        if arg == "-" {
            return Ok(Source::Stdin);
        }
        let path = Path::new(arg);
        let symbols = arg
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
            .count();
        let enough = symbols >= 16 || options.shape.is_some_and(|s| symbols == s.cells());
        let looks_like_puzzle = !arg.is_empty()
            && arg
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c.is_whitespace() || "._|-+".contains(c))
            && enough
            && !arg.contains('/');
        // A file named like a puzzle must not silently take the place of
        // the puzzle typed, nor the other way round.
        if looks_like_puzzle && path.exists() && sudoku_input::parse_puzzle(arg, options).is_ok() {
            return Err(format!(
                "{arg}: both a puzzle written out and a file in this directory; to read the \
                 file write ./{arg}, to solve the puzzle rename or move the file"
            ));
        }
        if path.exists() {
            Ok(Source::File(path.to_path_buf()))
        } else if looks_like_puzzle {
            Ok(Source::Literal(arg.to_string()))
        } else {
            Err(format!("{arg}: no such file (and not a puzzle: a puzzle argument is n² symbols such as 53..7....6..195...)"))
        }
    }

    /// The name used in messages: the path, `<stdin>` or `<argument>`.
    pub fn name(&self) -> String {
        match self {
            Source::File(p) => p.display().to_string(),
            Source::Stdin => "<stdin>".into(),
            Source::Literal(_) => "<argument>".into(),
        }
    }

    /// Opens the source as a stream of puzzles (one puzzle in memory at a
    /// time). Where the reader had to settle an ambiguous layout, a note on
    /// stderr says how.
    pub fn open(&self, options: ReadOptions) -> io::Result<Box<dyn Iterator<Item = Item> + Send>> {
        let name = self.name();
        let items = self.open_quietly(options)?;
        // Each different note once per source, at its first line: a file of
        // a thousand 6x6 puzzles gets one note on their shape, not a thousand.
        let mut said: Vec<String> = Vec::new();
        Ok(Box::new(items.inspect(move |(line, item)| {
            if let Some(how) = item.as_ref().ok().and_then(|e| e.ambiguity.as_ref()) {
                if !said.contains(how) {
                    eprintln!("note: {name}:{line}: {how}");
                    said.push(how.clone());
                }
            }
        })))
    }

    fn open_quietly(
        &self,
        options: ReadOptions,
    ) -> io::Result<Box<dyn Iterator<Item = Item> + Send>> {
        Ok(match self {
            Source::File(path) => {
                if path.is_dir() {
                    return Err(io::Error::other(
                        "is a directory; name the puzzle files in it",
                    ));
                }
                let file = File::open(path)?;
                Box::new(PuzzleReader::with_options(
                    BufReader::with_capacity(READ_BUFFER, file),
                    options,
                ))
            }
            Source::Stdin => {
                if io::stdin().is_terminal() {
                    eprintln!("reading puzzles from the terminal; end with Ctrl-D");
                }
                Box::new(PuzzleReader::with_options(
                    BufReader::with_capacity(READ_BUFFER, io::stdin()),
                    options,
                ))
            }
            Source::Literal(text) => {
                let text = text.clone().into_bytes();
                Box::new(PuzzleReader::with_options(io::Cursor::new(text), options))
            }
        })
    }
}
