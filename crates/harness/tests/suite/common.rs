//! What the suite's modules share: the program under test and the files
//! beside it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// The `sudoku-lab` binary as a command to run and assert on.
pub fn lab() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("sudoku-lab").unwrap()
}

/// The `sudoku-lab` binary's path, for a `std::process::Command` (piped
/// input, a child killed from outside).
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudoku-lab"))
}

/// Prose as one line per paragraph: the text commands wrap their
/// sentences at the terminal's width (80 columns when it cannot be
/// known), a continuation line indented by two spaces.
pub fn unwrapped(text: &str) -> String {
    text.replace("\n  ", " ")
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

/// Runs the program with `stdin` piped in, written from a thread so that a
/// large input cannot block against a full standard output: (exit status,
/// stdout, stderr), the status `None` when a signal ended it.
pub fn piped(args: &[&str], stdin: impl AsRef<[u8]>) -> (Option<i32>, String, String) {
    let mut child = std::process::Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// [`piped`], with -1 for a status a signal took.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> (i32, String, String) {
    let (status, stdout, stderr) = piped(args, stdin);
    (status.unwrap_or(-1), stdout, stderr)
}

/// A path of its own under cargo's temporary directory for tests
/// (`target/tmp`): `name` and this process's id, so the suite never
/// writes into the system's temporary directory and two runs at once do not
/// share files. The caller creates (or clears) it.
pub fn scratch_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()))
}
