//! Records the commit this binary is built from, for the `machine` section of
//! a report (`compare::machine`): `SUDOKU_LAB_BUILD_COMMIT` (`git rev-parse
//! --short HEAD` in the workspace root) and `SUDOKU_LAB_BUILD_DIRTY` (`true`
//! when the sources the binary is built from, `crates/`, `Cargo.toml`,
//! `Cargo.lock` and `.cargo/`, differ from that commit). Both are empty when
//! git is missing or the workspace is not a git checkout (a source tarball):
//! the report then says null. Nothing here fails the build.
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the binary is built from: watched for changes, and checked for
/// uncommitted ones.
const SOURCES: [&str; 4] = ["crates", "Cargo.toml", "Cargo.lock", ".cargo"];

fn main() {
    let root = match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(dir) => PathBuf::from(dir).join("../.."),
        None => PathBuf::new(),
    };
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .arg("-C")
            .arg(&root)
            .arg("--no-optional-locks") // a build does not rewrite the index
            .args(args)
            .output()
            .ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        out.status.success().then(|| text.trim().to_string())
    };
    // Rerun when the sources change (the dirty flag) and when HEAD moves. A
    // path that does not exist would rerun this script on every build.
    let watch = |path: &Path| {
        if path.exists() {
            println!("cargo::rerun-if-changed={}", path.display());
        }
    };
    for source in SOURCES {
        watch(&root.join(source));
    }
    let dir = |flag: &str| git(&["rev-parse", flag]).map(|d| root.join(d));
    if let (Some(git_dir), Some(common)) = (dir("--git-dir"), dir("--git-common-dir")) {
        // A worktree's HEAD is in its own git dir; branches and packed-refs
        // are in the common one.
        watch(&git_dir.join("HEAD"));
        watch(&common.join("packed-refs"));
        let head = std::fs::read_to_string(git_dir.join("HEAD")).unwrap_or_default();
        if let Some(name) = head.trim().strip_prefix("ref: ") {
            // A packed branch has no file yet: watch the nearest directory
            // that exists, where its first commit will write one.
            let mut path = common.join(name);
            while !path.exists() && path.pop() {}
            if path != common {
                watch(&path);
            }
        }
    }
    // The workspace's own files must be tracked: a tarball unpacked inside
    // some other repository is not a checkout of this one.
    let ours = git(&[
        "ls-files",
        "--error-unmatch",
        "--",
        "crates/engine/Cargo.toml",
    ])
    .is_some();
    let commit = git(&["rev-parse", "--short", "HEAD"]).filter(|_| ours);
    let dirty = commit.as_ref().and_then(|_| {
        let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
        args.extend(SOURCES);
        git(&args).map(|changes| !changes.is_empty())
    });
    println!(
        "cargo::rustc-env=SUDOKU_LAB_BUILD_COMMIT={}",
        commit.unwrap_or_default()
    );
    println!(
        "cargo::rustc-env=SUDOKU_LAB_BUILD_DIRTY={}",
        dirty.map(|d| d.to_string()).unwrap_or_default()
    );
}
