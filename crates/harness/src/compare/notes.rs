//! The words around the comparison tables: the run line, set headings,
//! warnings and footnotes, and the wrapping of prose to the terminal's width.
//! The terminal, Markdown and HTML reports share them.

use super::report::{Report, SetInfo};
use crate::format::{format_bytes, format_us};

/// A set's one-line heading: `puzzles/x.txt: 95 puzzles (9x9)`.
pub fn set_heading(set: &SetInfo) -> String {
    format!("{}: {}", set.name, set_description(set))
}

/// What a set held: `95 puzzles (9x9), 2 unparseable lines`.
pub fn set_description(set: &SetInfo) -> String {
    let mut text = format!(
        "{} puzzle{}",
        set.puzzles,
        if set.puzzles == 1 { "" } else { "s" }
    );
    if !set.shapes.is_empty() {
        text.push_str(&format!(" ({})", set.shapes.join(", ")));
    }
    if set.parse_errors > 0 {
        text.push_str(&format!(
            ", {} unparseable line{}",
            set.parse_errors,
            if set.parse_errors == 1 { "" } else { "s" }
        ));
    }
    if set.truncated {
        text.push_str(", limited by --limit-puzzles");
    }
    if set.disagreements > 0 {
        text.push_str(&format!(
            ", {} DISAGREEMENTS (see stderr)",
            set.disagreements
        ));
    }
    text
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What the run was: strategies, budgets, jobs, build.
pub fn run_line(report: &Report) -> String {
    let m = &report.machine;
    let time = m
        .time_budget_ms
        .map(|ms| format_us(ms * 1e3))
        .unwrap_or_else(|| "no time budget".into());
    let memory = m
        .memory_budget_bytes
        .map(format_bytes)
        .unwrap_or_else(|| "no memory budget".into());
    let nodes = m
        .node_budget
        .map(|n| format!("{n} nodes"))
        .unwrap_or_else(|| "no node budget".into());
    let repeat = if m.rounds > 1 {
        format!(
            "{} rounds in shuffled order (seed {}), a puzzle's time the median of its rounds \
             (timed once: budget hits, solves over {})",
            m.rounds,
            m.seed,
            format_us(m.repeat_cutoff_ms * 1e3)
        )
    } else {
        "one round".to_string()
    };
    format!(
        "{} on {}; budgets per puzzle: {time}, {memory}, {nodes}; {repeat}; {} job{}; {} build",
        plural(report.strategies.len(), "strategy", "strategies"),
        plural(report.sets.len(), "set", "sets"),
        m.jobs,
        if m.jobs == 1 { "" } else { "s" },
        m.profile
    )
}

/// Warnings that belong above the tables.
pub fn warnings(report: &Report) -> Vec<String> {
    let mut out = Vec::new();
    if report.machine.jobs > 1 {
        out.push(format!(
            "parallel run (--jobs {}): timings disturbed",
            report.machine.jobs
        ));
    }
    if report.machine.profile != "release" {
        out.push("debug build: timings are not representative (use cargo run --release)".into());
    }
    if let Some(load) = report.machine.overload() {
        out.push(format!(
            "load average {load:.2} exceeds the {} logical cores: other processes compete for \
             the CPU, timings disturbed (budget hits come sooner)",
            report.machine.cores
        ));
    }
    out
}

/// The notes below the tables.
pub fn footnotes(report: &Report) -> Vec<String> {
    let mut notes = Vec::new();
    for s in report.strategies.iter().filter(|s| s.reference) {
        notes.push(format!("† {}", s.summary));
    }
    let no_counts: Vec<&str> = report
        .strategies
        .iter()
        .filter(|s| !s.counts_nodes)
        .map(|s| s.id.as_str())
        .collect();
    let mut na = "n/a: shape not supported by the strategy".to_string();
    if !no_counts.is_empty() {
        na.push_str(&format!(
            ", or not reported ({} counts no nodes)",
            no_counts.join(", ")
        ));
    }
    notes.push(na);
    notes.push(
        "rows rank by puzzles decided (a definite verdict, verified and cross-checked), then by mean time"
            .into(),
    );
    notes.push(
        "times: the solve only, per puzzle; a puzzle stopped by a budget counts at the time it took"
            .into(),
    );
    if report.results.iter().any(|r| r.lower_bound) {
        notes.push(
            ">= : a lower bound, because of budget hits (complete searches would cost more); \
             <= : an upper bound; ratio to fastest: to the fastest mean that is not a lower bound"
                .into(),
        );
    }
    notes.push("nodes, guesses, backtracks: per puzzle; no-guess %: share of solved puzzles solved without a guess".into());
    notes
}

/// `text` in lines of at most `width` characters (words are never split; a
/// longer word stands alone), the lines after the first indented by two.
pub fn wrap_text(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 2 && len + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = "  ".to_string();
        } else if len > 0 && line != "  " {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_wraps_at_words() {
        assert_eq!(wrap_text("aa bb cc dd", 5), "aa bb\n  cc\n  dd");
        assert_eq!(wrap_text("a-very-long-word b", 4), "a-very-long-word\n  b");
    }
}
