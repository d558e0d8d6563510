//! `sudoku-lab`: see `sudoku-lab --help`.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // clap exits with status 2 on usage errors, as documented.
    let cli = sudoku_harness::cli::Cli::parse();
    ExitCode::from(sudoku_harness::cli::run(cli) as u8)
}
