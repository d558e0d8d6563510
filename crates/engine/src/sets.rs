//! The puzzle sets a comparison runs on: a [`PuzzleSet`] per file, the
//! files `--set` names (directories expanded, standard input kept in a
//! file), and the bundled sets plain `compare` runs.

use crate::input::Source;
use crate::status::Status;
use std::path::{Path, PathBuf};

/// Where the bundled sets live, relative to the current directory.
pub const DEFAULT_DIR: &str = "puzzles";
/// The bundled files of `puzzles/` that plain `compare` leaves out; `--set`
/// runs them. The SE-rated sets (the hard ones cost the `human` row
/// seconds a puzzle, and the textbook strategies their budgets). The public research sets: the 17-clue set alone costs the
/// textbook strategies minutes even cut to 100 puzzles, and `seeds.csv`
/// repeats `classic.txt`. The 20x20 and 25x25 sets: the textbook strategies
/// hit the 2 s budget on most of their puzzles, which was half a minute of the
/// run; the scaling study (`sudoku-lab scaling`) measures the large sides.
pub const NOT_IN_DEFAULT_RUN: [&str; 10] = [
    "se-rated-2500.txt",
    "se-rated-hard.txt",
    "se-rated-hard-sudokumonster.txt",
    "se-rated-17clue.txt",
    "17clue.txt",
    "hardest.txt",
    "seeds.csv",
    "top95.txt",
    "20x20.txt",
    "25x25.txt",
];
/// File extensions taken from a directory named with `--set`.
pub const PUZZLE_EXTENSIONS: [&str; 3] = ["txt", "csv", "sdk"];

/// A puzzle file to compare on. `name` is how tables and records call it.
#[derive(Clone, Debug)]
pub struct PuzzleSet {
    pub name: String,
    pub path: PathBuf,
    /// A puzzle written out (a command-line argument) instead of a file.
    pub literal: Option<String>,
    /// Standard input's copy at `path`, removed when the last clone of the
    /// set is dropped.
    _spool: Option<std::sync::Arc<Spool>>,
}

/// A file that holds standard input for as long as a set refers to it: a
/// set is read more than once, and the passes protocol's children open it
/// by its path. Removed on drop, so a run leaves nothing in the temporary
/// directory.
#[derive(Debug)]
struct Spool(PathBuf);

impl Drop for Spool {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

impl PuzzleSet {
    /// A set named after its path as written.
    pub fn new(path: impl Into<PathBuf>) -> PuzzleSet {
        let path = path.into();
        PuzzleSet {
            name: path.display().to_string(),
            path,
            literal: None,
            _spool: None,
        }
    }

    /// A set of one puzzle written out, named `name`.
    pub fn literal(name: &str, puzzle: &str) -> PuzzleSet {
        PuzzleSet {
            name: name.to_string(),
            path: PathBuf::from(name),
            literal: Some(puzzle.to_string()),
            _spool: None,
        }
    }

    /// Where its puzzles are read from.
    pub fn source(&self) -> Source {
        match &self.literal {
            Some(puzzle) => Source::Literal(puzzle.clone()),
            None => Source::File(self.path.clone()),
        }
    }
}

/// The puzzle files of a directory, sorted by name (numbers as numbers).
pub fn files_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| PUZZLE_EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
        })
        .collect();
    files.sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    Ok(files)
}

/// The symbolic links of a directory, named like puzzle files, that lead
/// nowhere: each with where it points. [`files_in`] leaves them out (they are
/// no files), and a set directory says so rather than lose a set silently.
pub fn dangling_links(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut links: Vec<(PathBuf, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_symlink() && !p.exists())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| PUZZLE_EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
        })
        .map(|p| {
            let target = std::fs::read_link(&p).unwrap_or_default();
            (p, target)
        })
        .collect();
    links.sort();
    links
}

/// Orders names with their numbers compared as numbers: `4x4` before `12x12`.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (x, y) = (chunks(a), chunks(b));
    for ((xd, xs), (yd, ys)) in x.iter().zip(&y) {
        let order = if *xd && *yd {
            let (xt, yt) = (xs.trim_start_matches('0'), ys.trim_start_matches('0'));
            xt.len().cmp(&yt.len()).then_with(|| xt.cmp(yt))
        } else {
            xs.cmp(ys)
        };
        if order.is_ne() {
            return order;
        }
    }
    x.len().cmp(&y.len()).then_with(|| a.cmp(b))
}

/// Expands `--set` arguments: files as they are, directories into their files.
pub fn expand_sets(args: &[PathBuf]) -> (Vec<PuzzleSet>, Status) {
    let mut sets: Vec<PuzzleSet> = Vec::new();
    let mut status = Status::Ok;
    for arg in args {
        if arg.as_os_str() == "-" {
            // Standard input, as `solve -` reads it; kept in a file, since a
            // set is read more than once.
            let path =
                std::env::temp_dir().join(format!("sudoku-lab-stdin-{}", std::process::id()));
            let spool = std::sync::Arc::new(Spool(path.clone()));
            let copied = std::fs::File::create(&path)
                .and_then(|mut f| std::io::copy(&mut std::io::stdin().lock(), &mut f));
            match copied {
                Ok(_) => sets.push(PuzzleSet {
                    name: "<stdin>".into(),
                    path,
                    literal: None,
                    _spool: Some(spool),
                }),
                Err(e) => {
                    eprintln!("error: <stdin>: {e}");
                    status = Status::Usage;
                }
            }
            continue;
        }
        let paths = if arg.is_dir() {
            for (link, target) in dangling_links(arg) {
                eprintln!(
                    "error: {}: a symbolic link to {}, which does not exist; the set is left out",
                    link.display(),
                    target.display()
                );
                status = Status::Usage;
            }
            match files_in(arg) {
                Ok(files) if files.is_empty() => {
                    eprintln!(
                        "error: {}: no puzzle files (*.txt, *.csv, *.sdk) in this directory",
                        arg.display()
                    );
                    status = Status::Usage;
                    continue;
                }
                Ok(files) => files,
                Err(e) => {
                    eprintln!("error: {}: {e}", arg.display());
                    status = Status::Usage;
                    continue;
                }
            }
        } else if arg.exists() {
            vec![arg.clone()]
        } else {
            eprintln!("error: {}: no such file or directory", arg.display());
            status = Status::Usage;
            continue;
        };
        for path in paths {
            if !sets.iter().any(|s| s.path == path) {
                sets.push(PuzzleSet::new(path));
            }
        }
    }
    (sets, status)
}

/// The default sets: every puzzle file of `puzzles/` but those of
/// [`NOT_IN_DEFAULT_RUN`], sorted. Returns the sets and a note saying which.
pub fn default_sets() -> Result<(Vec<PuzzleSet>, String), String> {
    let mut files = files_in(Path::new(DEFAULT_DIR)).map_err(|e| {
        format!("{DEFAULT_DIR}/: {e}; run from the project root, or name puzzle files with --set")
    })?;
    files.retain(|f| {
        !f.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| NOT_IN_DEFAULT_RUN.contains(&n))
    });
    if files.is_empty() {
        return Err(format!(
            "{DEFAULT_DIR}/ holds no puzzle file (*.txt, *.csv, *.sdk); name sets with --set"
        ));
    }
    let sets: Vec<PuzzleSet> = files.into_iter().map(PuzzleSet::new).collect();
    let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
    let note = format!(
        "default sets (every bundled file in {DEFAULT_DIR}/ but the public research sets and \
         the 20x20 and 25x25 sets, which --set runs): {}",
        names.join(", ")
    );
    Ok((sets, note))
}
