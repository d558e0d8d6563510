//! `sudoku-lab sets`: what puzzle files a folder holds, read the way every
//! command reads them, so a user sees what there is to run on (and which
//! lines a command would refuse) before choosing `--set`.

use crate::Status;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use sudoku_engine::output;
use sudoku_engine::sets::files_in;
use sudoku_input::PuzzleReader;
use sudoku_reports::export;
use sudoku_reports::table::{text_table, Flavor};

/// `sudoku-lab sets`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sudoku-lab sets\n  sudoku-lab sets puzzles/field --format json"
)]
pub struct SetsArgs {
    /// Folders to list, with the folders inside them
    #[arg(value_name = "DIR", default_value = "puzzles")]
    pub dirs: Vec<PathBuf>,

    /// Output format
    #[arg(long, value_enum, default_value = "table")]
    pub format: SetsFormat,
}

/// `sets --format`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SetsFormat {
    /// One row per file: puzzles, grid sizes, ratings, solutions, the file's first comment
    Table,
    /// A JSON array, one object per file, with the same fields
    Json,
}

/// One puzzle file as the readers see it.
#[derive(Debug, Default, Serialize)]
pub struct SetSummary {
    pub file: String,
    /// Puzzles read.
    pub puzzles: usize,
    /// Lines the reader refused (`compare` reports and skips them).
    pub unreadable: usize,
    /// Puzzles per grid size (`9x9`: 2000).
    pub sizes: BTreeMap<String, usize>,
    /// Puzzles with a rating after them.
    pub rated: usize,
    /// Puzzles with their solution given (CSV form).
    pub with_solution: usize,
    /// The file's first comment line, where it usually says what it is.
    pub about: String,
}

pub fn run(args: &SetsArgs) -> Status {
    let mut files = Vec::new();
    for dir in &args.dirs {
        if let Err(message) = collect(dir, &mut files) {
            eprintln!("error: {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let mut summaries = Vec::new();
    let mut status = Status::Ok;
    for file in &files {
        match summarize(file) {
            Ok(summary) => summaries.push(summary),
            Err(message) => {
                eprintln!("error: {}: {message}", file.display());
                status = Status::Usage;
            }
        }
    }
    let printed = output::to_stdout(|out| match args.format {
        SetsFormat::Table => writeln!(out, "{}", table(&summaries)),
        SetsFormat::Json => write!(out, "{}", export::json(&summaries)),
    });
    status.max(printed)
}

/// The puzzle files of `dir` and of the folders inside it, in name order.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    files.extend(files_in(dir).map_err(|e| e.to_string())?);
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    dirs.sort();
    dirs.iter().try_for_each(|dir| collect(dir, files))
}

fn summarize(path: &Path) -> Result<SetSummary, String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let mut summary = SetSummary {
        file: path.display().to_string(),
        about: first_comment(path).unwrap_or_default(),
        ..SetSummary::default()
    };
    for (_, entry) in PuzzleReader::new(BufReader::new(file)) {
        let Ok(entry) = entry else {
            summary.unreadable += 1;
            continue;
        };
        summary.puzzles += 1;
        let side = entry.puzzle.shape().side();
        *summary.sizes.entry(format!("{side}x{side}")).or_default() += 1;
        summary.rated += usize::from(entry.rating.is_some());
        summary.with_solution += usize::from(entry.solution.is_some());
    }
    Ok(summary)
}

/// The first comment line within the file's first 4 KB (a header, when the
/// file has one), read without the rest of a large file.
fn first_comment(path: &Path) -> Option<String> {
    let mut head = Vec::new();
    File::open(path)
        .ok()?
        .take(4096)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    let line = text
        .lines()
        .find(|line| line.trim_start().starts_with('#'))?;
    Some(line.trim_start().trim_start_matches('#').trim().to_string())
}

fn table(summaries: &[SetSummary]) -> String {
    const ABOUT: usize = 30;
    let rows = summaries
        .iter()
        .map(|s| {
            let sizes: Vec<String> = s
                .sizes
                .iter()
                .map(|(size, n)| format!("{size}: {n}"))
                .collect();
            let mut about: String = s.about.chars().take(ABOUT).collect();
            if s.about.chars().count() > ABOUT {
                about.push('…');
            }
            vec![
                s.file.clone(),
                s.puzzles.to_string(),
                s.unreadable.to_string(),
                sizes.join(", "),
                s.rated.to_string(),
                s.with_solution.to_string(),
                about,
            ]
        })
        .collect();
    let headers = [
        "file",
        "puzzles",
        "unreadable",
        "sizes",
        "rated",
        "solutions",
        "about",
    ];
    text_table(&headers, rows, Flavor::Terminal, 1)
}
