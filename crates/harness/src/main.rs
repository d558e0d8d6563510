//! `sudoku-lab`: see `sudoku-lab --help`.

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match sudoku_harness::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // A usage error: status 2, as documented. Help and version go
            // to standard output, where a failed write (a full disk) is an
            // error too, not a quiet exit 0; a closed pipe (`| head`) is not.
            let printed = e.print().and_then(|()| std::io::stdout().flush());
            let status = match printed {
                Err(failed) => sudoku_harness::output::write_failed(&failed),
                Ok(()) if e.use_stderr() => sudoku_harness::Status::Usage,
                Ok(()) => sudoku_harness::Status::Ok,
            };
            return ExitCode::from(status as u8);
        }
    };
    ExitCode::from(sudoku_harness::cli::run(cli) as u8)
}
