//! Writing results: to standard output, and to files atomically.
//!
//! One rule for every subcommand: a closed pipe (the reader went away, as
//! `sudoku-lab solve ... | head -1` does) stops the output quietly; any other
//! write error (a full disk, `> /dev/full`) is printed with what failed and is
//! an I/O error, exit status 2. Nothing prints to standard output with
//! `println!`, which panics on a closed pipe.

use crate::status::Status;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The status a failed write to standard output leaves: [`Status::Ok`] for a
/// closed pipe (a quiet stop; the caller stops writing), otherwise the error
/// is printed and the status is [`Status::Usage`] (an I/O error).
pub fn write_failed(e: &io::Error) -> Status {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Status::Ok
    } else {
        eprintln!("error: writing to standard output: {e}");
        Status::Usage
    }
}

/// A usage error met before any output (an unknown strategy name, say):
/// printed as `error: <message>` on stderr, exit status [`Status::Usage`].
pub fn usage_error(error: impl std::fmt::Display) -> Status {
    eprintln!("error: {error}");
    Status::Usage
}

/// Runs `write` on standard output and flushes it; returns the status of the
/// output by the rule of [`write_failed`].
pub fn to_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Status {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Status::Ok,
        Err(e) => write_failed(&e),
    }
}

/// Prints `text` on standard output (see [`to_stdout`]).
pub fn print(text: &str) -> Status {
    to_stdout(|out| out.write_all(text.as_bytes()))
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same
/// directory, flushed to disk, then renamed over `path`. A reader (or a crash)
/// sees the old file or the new one, never half of one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = temp_path(path);
    let written = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    match written {
        Ok(()) => rename_into(&temp, path),
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// Checks before a run that `dir` can hold a report: it is a directory, or
/// does not exist yet and can be created. Creates it.
pub fn report_dir(dir: &Path) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err("exists and is not a directory".to_string());
    }
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let probe = dir.join(format!(".probe.{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| format!("cannot write in it: {e}"))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The temporary file beside `path` that [`write_atomic`] and [`rename_into`]
/// use: same directory (so the rename is atomic), hidden, named after the process.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = format!(".{name}.{}.tmp", std::process::id());
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.join(temp),
        _ => PathBuf::from(temp),
    }
}

/// Moves a finished temporary file (from [`temp_path`]) over `path`.
pub fn rename_into(temp: &Path, path: &Path) -> io::Result<()> {
    let result = std::fs::rename(temp, path);
    if result.is_err() {
        let _ = std::fs::remove_file(temp);
    }
    result
}
