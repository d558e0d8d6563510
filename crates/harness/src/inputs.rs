//! What the commands read from their command line before they run: the
//! puzzles of their inputs and the strategy they name.

use crate::args::ReadArgs;
use crate::input::Source;
use crate::{registry, Status};
use std::io;
use std::path::PathBuf;
use sudoku_core::Solver;
use sudoku_engine::PuzzleSet;
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

/// SIGINT and SIGTERM set this flag: a run (`compare`, `rate`) starts no new puzzle, reports
/// what finished and exits with status 130. A second Ctrl-C ends at once.
pub fn interrupt_flag() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        // Registered first, so it sees the flag before the second handler sets it.
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, flag.clone());
        let _ = signal_hook::flag::register(signal, flag.clone());
    }
    flag
}

/// The inputs as the runner's sets: files and `-` as `compare --set` reads
/// them, a puzzle written out as a set of one (`rate`, `estimate`).
pub fn sets_of(inputs: &[String], read: &ReadArgs) -> (Vec<PuzzleSet>, Status) {
    let mut sets = Vec::new();
    let mut status = Status::Ok;
    for arg in inputs {
        match Source::from_arg_for(arg, read.options()) {
            Ok(Source::Literal(puzzle)) => sets.push(PuzzleSet::literal(arg, &puzzle)),
            Ok(Source::File(path)) => sets.push(PuzzleSet::new(path)),
            Ok(Source::Stdin) => {
                let (more, s) = sudoku_engine::sets::expand_sets(&[PathBuf::from("-")]);
                sets.extend(more);
                status = status.max(s);
            }
            Err(message) => {
                eprintln!("error: {message}");
                status = Status::Usage;
            }
        }
    }
    (sets, status)
}
