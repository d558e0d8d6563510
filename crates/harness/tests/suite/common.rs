//! What the suite's modules share: the program under test and the files
//! beside it.

use std::path::{Path, PathBuf};

/// The `sudoku-lab` binary as a command to run and assert on.
pub fn lab() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("sudoku-lab").unwrap()
}

/// The `sudoku-lab` binary's path, for a `std::process::Command` (piped
/// input, a child killed from outside).
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudoku-lab"))
}

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file of `tests/data`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}
