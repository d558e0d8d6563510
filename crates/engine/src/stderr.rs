//! Standard error, written without panicking.
//!
//! `std`'s `eprintln!` panics when standard error cannot be written
//! (`sudoku-lab solve FILE 2>/dev/full`), which would turn a message into a
//! crash, exit 101. In this crate `eprintln!` and `eprint!` are redefined
//! (in `lib.rs`, before the modules, so every module sees them) to call
//! [`write()`]. A closed pipe on stderr is quiet, as on stdout; any other
//! failure is remembered, and the program (`sudoku_harness::cli::run`) makes the exit status an I/O
//! error (2), the rule of [`crate::output`].

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `args` to standard error; a failure other than a closed pipe is
/// remembered for [`failed`].
pub fn write(args: fmt::Arguments) {
    if let Err(e) = io::stderr().lock().write_fmt(args) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            FAILED.store(true, Ordering::Relaxed);
        }
    }
}

/// Whether a message could not be written to standard error (other than
/// to a closed pipe).
pub fn failed() -> bool {
    FAILED.load(Ordering::Relaxed)
}
