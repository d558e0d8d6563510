//! Pages in a real browser: headless Chromium loads a page from disk, runs
//! its scripts, and hands back the DOM they built and what they logged.
//!
//! Chromium is not part of the Rust toolchain (`apt-get install chromium`;
//! `.ci/run` installs it), so the tests that call this are `#[ignore]`d in a
//! plain `cargo test` and run with `-- --ignored`. Without Chromium they
//! fail loudly instead of skipping.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The page after its scripts ran.
pub struct Page {
    /// The DOM, as `--dump-dom` prints it.
    pub dom: String,
    /// Every console message the page logged (script errors included).
    pub console: Vec<String>,
}

impl Page {
    /// The console lines that report a script error.
    pub fn script_errors(&self) -> Vec<&String> {
        self.console
            .iter()
            .filter(|l| l.contains("Uncaught") || l.contains("ERROR:CONSOLE"))
            .collect()
    }
}

/// The first Chromium found on the path.
pub fn chromium() -> PathBuf {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .map(PathBuf::from)
        .find(|p| Command::new(p).arg("--version").output().is_ok())
        .expect("Chromium is not installed: apt-get install chromium (see .ci/run)")
}

/// Opens `page` (a file) at `fragment` (`""`, `#step=3` ...) in headless
/// Chromium with a fresh profile, and gives 5 s of virtual time to its
/// scripts.
pub fn open(page: &Path, fragment: &str) -> Page {
    // One profile per browser: two Chromiums may not share one.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let profile = std::env::temp_dir().join(format!(
        "sudoku-lab-chromium-{}-profile-{n}",
        std::process::id()
    ));
    let url = format!(
        "file://{}{fragment}",
        page.canonicalize()
            .unwrap_or_else(|e| panic!("{}: {e}", page.display()))
            .display()
    );
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--virtual-time-budget=5000", "--dump-dom", &url])
        .output()
        .expect("run chromium");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        out.status.success(),
        "chromium failed on {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let console = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    Page {
        dom: String::from_utf8(out.stdout).expect("the DOM is UTF-8"),
        console,
    }
}
