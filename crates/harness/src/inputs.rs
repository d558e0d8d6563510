//! What the commands read from their command line before they run: the
//! puzzles of their inputs and the strategy they name.

use crate::args::ReadArgs;
use crate::input::Source;
use crate::{registry, Status};
use std::io;
use sudoku_core::Solver;
use sudoku_input::Entry;

/// Reads the first puzzle of the input; prints the problem and returns the
/// exit status when there is none.
pub fn first_puzzle(input: &str, read: &ReadArgs) -> Result<(String, Entry), Status> {
    let source = Source::from_arg_for(input, read.options()).map_err(|msg| {
        eprintln!("error: {msg}");
        Status::Usage
    })?;
    let name = source.name();
    let mut items = source.open(read.options()).map_err(|e| {
        eprintln!("error: {name}: {e}");
        Status::Usage
    })?;
    match items.next() {
        Some((_, Ok(entry))) => Ok((name, entry)),
        Some((line, Err(e))) => {
            eprintln!("error: {name}:{line}: {}", e.kind);
            Err(Status::Failed)
        }
        None => {
            eprintln!("error: {name}: no puzzles found (empty, or only comments)");
            Err(Status::Usage)
        }
    }
}

/// Resolves `--strategy`, printing the known ids when it is unknown.
pub fn pick_strategy(id: Option<&str>) -> Result<&'static dyn Solver, Status> {
    registry::pick(id.unwrap_or(registry::DEFAULT_STRATEGY)).map_err(crate::output::usage_error)
}

/// Runs `each` on every puzzle of every input, reporting unreadable inputs and
/// bad puzzles on stderr with their file and line. Returns the worst status.
pub fn for_each_puzzle(
    inputs: &[String],
    read: &ReadArgs,
    mut each: impl FnMut(&str, usize, Result<Entry, String>) -> io::Result<Status>,
) -> Status {
    let mut status = Status::Ok;
    for arg in inputs {
        let source = match Source::from_arg_for(arg, read.options()) {
            Ok(s) => s,
            Err(msg) => {
                eprintln!("error: {msg}");
                status = status.max(Status::Usage);
                continue;
            }
        };
        let name = source.name();
        let items = match source.open(read.options()) {
            Ok(items) => items,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                status = status.max(Status::Usage);
                continue;
            }
        };
        let mut any = false;
        for (line, item) in items {
            any = true;
            // The input could not be read (a directory on stdin, a failing
            // disk): an I/O error, exit 2, not a bad puzzle.
            if let Err(e) = &item {
                if e.kind.is_io() {
                    eprintln!("error: {name}:{line}: {}", e.kind);
                    status = status.max(Status::Usage);
                    continue;
                }
            }
            let item = item.map_err(|e| {
                eprintln!("error: {name}:{line}: {}", e.kind);
                e.kind.to_string()
            });
            match each(&name, line, item) {
                Ok(s) => status = status.max(s),
                Err(e) => return status.max(crate::output::write_failed(&e)),
            }
        }
        if !any {
            // An unreadable input, as in `compare`: exit 2.
            eprintln!("error: {name}: no puzzles found (empty, or only comments)");
            status = status.max(Status::Usage);
        }
    }
    status
}
