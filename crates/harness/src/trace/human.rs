//! `trace --human`: the human solver's path (the steps `explain --human`
//! prints) instead of a strategy's search. `--format text` writes it in
//! words; `--format html` writes the trace page with each step's technique
//! highlighted on the board ([`super::html::human_page`]): the cells it
//! looks at, the candidates it removes, the digit it places.

use super::{TraceArgs, TraceFormat};
use crate::inputs::first_puzzle;
use crate::Status;
use std::io::Write;

pub fn run(args: &TraceArgs) -> Status {
    if args.animate || !matches!(args.format, TraceFormat::Text | TraceFormat::Html) {
        eprintln!(
            "error: --human writes the solving path as text (the default) or as an HTML page \
             (--format html); for the steps as JSON use `sudoku-lab rate --steps --format json`"
        );
        return Status::Usage;
    }
    let (name, entry) = match first_puzzle(&args.input, &args.read) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let puzzle = &entry.puzzle;
    if let Some(conflict) = puzzle.conflicts().first() {
        eprintln!("error: {name}: the givens conflict ({conflict}): there is no path to show");
        return Status::Failed;
    }
    let (path, error) = match crate::human::human_path(&name, puzzle, &args.budgets) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let written = match args.format {
        TraceFormat::Html => {
            let title = format!("human solving path of {}", puzzle.to_line());
            let page =
                super::html::human_page(&title, puzzle, &path, &crate::human::human_end(&path));
            let mut out = std::io::stdout().lock();
            match out.write_all(page.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => Status::Ok,
                Err(e) => crate::output::write_failed(&e),
            }
        }
        _ => crate::output::print(&crate::human::human_text(puzzle, &path)),
    };
    match error {
        Some(error) => {
            eprintln!("error: {name}: {error}");
            written.max(Status::Failed)
        }
        None => written,
    }
}
