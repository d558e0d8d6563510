//! What a run shows while it goes: the progress bar (indicatif, on stderr,
//! only on a terminal) and the problems printed above it as they are found.

use super::config::RunConfig;
use super::sets::PuzzleSet;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// Stderr output that does not tear the progress bar.
pub(super) struct Out {
    bar: Option<ProgressBar>,
    loud: bool,
}

impl Out {
    /// The progress bar of `strategies` solving every puzzle of `sets`,
    /// drawn only when asked and stderr is a terminal.
    pub(super) fn new(strategies: usize, sets: &[PuzzleSet], config: &RunConfig) -> Out {
        Out {
            bar: progress_bar(strategies, sets, config),
            loud: config.loud,
        }
    }
    /// Prints a problem (when the run is loud) above the bar.
    pub(super) fn say(&self, message: &str) {
        if !self.loud {
            return;
        }
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{message}")),
            None => eprintln!("{message}"),
        }
    }
    /// Counts `n` solves done.
    pub(super) fn inc(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }
    /// Names what is being solved.
    pub(super) fn stage(&self, strategy: &str, set: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!("{strategy} on {set}"));
        }
    }
    /// Takes the bar off the screen at the end of the run.
    pub(super) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// How many items a set will give (for the progress bar's ETA).
pub fn count_items(set: &PuzzleSet, config: &RunConfig) -> u64 {
    let limit = config.limit_puzzles.unwrap_or(usize::MAX);
    match set.source().open(config.read) {
        Ok(items) => (0..limit)
            .zip(items)
            .filter(|(i, _)| config.takes(*i))
            .count() as u64,
        Err(_) => 0,
    }
}

fn progress_bar(strategies: usize, sets: &[PuzzleSet], config: &RunConfig) -> Option<ProgressBar> {
    if !config.progress || !std::io::stderr().is_terminal() {
        return None;
    }
    let total: u64 = sets.iter().map(|s| count_items(s, config)).sum::<u64>() * strategies as u64;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("[{bar:24}] {pos}/{len} solves, ETA {eta}: {wide_msg}")
            .expect("a valid template")
            .progress_chars("=> ");
    bar.set_style(style);
    Some(bar)
}
