//! The words around the comparison tables: the run line, set headings,
//! warnings and footnotes, and the wrapping of prose to the terminal's width.
//! The terminal, Markdown and HTML reports share them.

use super::cells::ratio_interval;
use crate::report::{Report, ResultRecord, SetInfo};
use sudoku_engine::format::{format_bytes, format_ratio, format_us};
pub use sudoku_engine::interval::MIN_PUZZLES_FOR_STANDING;
use sudoku_engine::interval::{Interval, Standing};

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
        // Files written before the order was a setting were shuffled.
        let order = if m.order.is_empty() || m.order.contains("shuffle") {
            format!("in shuffled order (seed {})", m.seed)
        } else {
            "in file order".to_string()
        };
        format!(
            "{} rounds {order}, a puzzle's time the fastest of its rounds \
             (timed once: budget hits, solves over {})",
            m.rounds,
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
            ", or not reported ({} {} no nodes)",
            no_counts.join(", "),
            counts(no_counts.len())
        ));
    }
    let no_mems: Vec<&str> = report
        .strategies
        .iter()
        .filter(|s| !s.counts_mems)
        .map(|s| s.id.as_str())
        .collect();
    if !no_mems.is_empty() {
        na.push_str(&format!(
            "; mems n/a: {} {} no mems (outside code cannot be counted, nor the work \
             inside a SAT solver; the crate docs say which of ours are not yet instrumented)",
            no_mems.join(", "),
            counts(no_mems.len())
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
    if let Some(note) = timed_apart_note(report) {
        notes.push(note);
    }
    for row in report.results.iter() {
        if let Some(note) = &row.budget_note {
            let more = match row.budget_notes {
                0 | 1 => String::new(),
                n => format!(
                    " ({} more budget hits with an estimate: see the results lines)",
                    n - 1
                ),
            };
            notes.push(format!("{}, {note}{more}", row.set));
        }
    }
    notes.push("nodes, guesses, backtracks: per puzzle; no-guess %: share of solved puzzles solved without a guess".into());
    if report.strategies.iter().any(|s| s.counts_mems) {
        notes.push(
            "mems: Knuth's count of 64-bit reads and writes of the search's data, per puzzle, \
             counted in the checked first round (the timed rounds count nothing): the same on \
             every machine; mems ratio: to the fewest on the set"
                .into(),
        );
    }
    notes
}

/// A row whose mean is over other puzzles than the fastest row's: it timed
/// fewer puzzles of its set than another row did (a strategy that does not
/// solve every shape of a mixed set), or puzzles the fastest row did not
/// time (perhaps as many, but not the same ones). Its ratios are over the
/// puzzles it shares with the other row.
pub struct TimedApart<'a> {
    pub row: &'a ResultRecord,
    /// The most puzzles a row of the set timed.
    pub most: u64,
    /// How many of the row's timed puzzles the fastest row did not time.
    pub others: u64,
}

/// The rows set apart, as [`TimedApart`] says, set by set.
pub fn timed_apart(report: &Report) -> impl Iterator<Item = TimedApart<'_>> {
    report.sets.iter().flat_map(move |set| {
        let rows = || {
            report
                .results
                .iter()
                .filter(move |r| r.set == set.name && r.mean_us.is_some())
        };
        let most = rows().map(|r| r.timed).max().unwrap_or(0);
        rows()
            .map(move |row| TimedApart {
                row,
                most,
                others: row.shared_with_fastest.map_or(0, |s| row.timed - s),
            })
            .filter(|a| a.row.timed < a.most || a.others > 0)
    })
}

/// What [`timed_apart`] means for the rows' ratios; `None` when no row is
/// set apart.
fn timed_apart_note(report: &Report) -> Option<String> {
    let named: Vec<String> = timed_apart(report)
        .map(|TimedApart { row, most, others }| {
            let others = match others {
                0 => String::new(),
                n => format!(", {n} not timed by the fastest"),
            };
            format!(
                "{} on {} ({} of {most}{others})",
                row.strategy, row.set, row.timed
            )
        })
        .collect();
    (!named.is_empty()).then(|| {
        format!(
            "timed fewer puzzles than other rows of their set, or puzzles the fastest row did \
             not time: {}. Their means are over those puzzles only; every ratio between two \
             rows is over the puzzles both timed (with no interval when they share fewer than \
             {MIN_PUZZLES_FOR_STANDING}), the fastest is chosen among the rows that timed the \
             most, and they have no mems ratio",
            named.join(", ")
        )
    })
}

/// The standing of a set's rows, in words made from the data: each row
/// against the row ranked just above it (`ratio_to_previous`), and the
/// fastest of ours against the reference when they are not neighbours.
/// "faster" or "slower" only where the paired 95% interval of the ratio of
/// mean times excludes 1, otherwise "level" ([`Standing`]). Rows whose mean
/// is a lower bound (budget hits) take no part. `None` when no pair has an
/// interval, or the set has fewer than [`MIN_PUZZLES_FOR_STANDING`] puzzles.
pub fn standings(report: &Report, set: &str) -> Option<String> {
    let puzzles = report
        .sets
        .iter()
        .find(|s| s.name == set)
        .map(|s| s.puzzles);
    if puzzles.is_some_and(|n| n < MIN_PUZZLES_FOR_STANDING) {
        // A bootstrap over a handful of puzzles says nothing: no words.
        return None;
    }
    let rows: Vec<&ResultRecord> = report.rows(set).collect();
    let name = |r: &ResultRecord| {
        if r.reference {
            format!("{} †", r.strategy)
        } else {
            r.strategy.clone()
        }
    };
    let clause = |a: &ResultRecord, b: &ResultRecord, ratio: f64, ci: Interval| {
        let standing = Standing::of(ci);
        let relation = match standing {
            Standing::Level => "level with",
            Standing::Faster => "faster than",
            Standing::Slower => "slower than",
        };
        format!(
            "{} is {relation} {} ({} {})",
            name(a),
            name(b),
            format_ratio(ratio),
            ratio_interval(ci)
        )
    };
    let mut clauses = Vec::new();
    for pair in rows.windows(2) {
        let (above, row) = (pair[0], pair[1]);
        if let (Some(r), Some(ci)) = (row.ratio_to_previous, row.ratio_to_previous_ci95) {
            clauses.push(clause(row, above, r, ci));
        }
    }
    let reference = rows.iter().position(|r| r.reference);
    let ours = rows.iter().position(|r| !r.reference && !r.lower_bound);
    if let (Some(at), Some(best)) = (reference, ours) {
        let row = rows[best];
        if at.abs_diff(best) > 1 {
            if let (Some(r), Some(ci)) = (row.ratio_to_reference, row.ratio_to_reference_ci95) {
                clauses.push(clause(row, rows[at], r, ci));
            }
        }
    }
    if clauses.is_empty() {
        return None;
    }
    let bounded: Vec<String> = rows
        .iter()
        .filter(|r| r.supported && r.lower_bound)
        .map(|r| name(r))
        .collect();
    let mut text = format!(
        "standing (mean time per puzzle, the row against the one above it; \"faster\" or \
         \"slower\" only where the paired 95% interval excludes 1, else \"level\"): {}",
        clauses.join("; ")
    );
    if !bounded.is_empty() {
        text.push_str(&format!(
            "; {} had budget hits: lower bounds, no standing",
            bounded.join(", ")
        ));
    }
    Some(text)
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

/// The verb of a footnote whose subject is a list of `n` strategies.
fn counts(n: usize) -> &'static str {
    if n == 1 {
        "counts"
    } else {
        "count"
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_footnote_verb_agrees_with_its_list() {
        assert_eq!(counts(1), "counts");
        assert_eq!(counts(6), "count");
    }
    use super::*;

    fn record(strategy: &str, mean: f64, ratio: Option<(f64, [f64; 2])>) -> ResultRecord {
        ResultRecord {
            set: "s".into(),
            strategy: strategy.into(),
            supported: true,
            mean_us: Some(mean),
            ratio_to_previous: ratio.map(|r| r.0),
            ratio_to_previous_ci95: ratio.map(|r| Interval(r.1)),
            ..ResultRecord::default()
        }
    }

    #[test]
    fn an_interval_that_holds_one_reads_level() {
        let report = Report {
            results: vec![
                record("a", 10.0, None),
                // 1.08x, but [0.97, 1.21] holds 1: level, not slower.
                record("b", 10.8, Some((1.08, [0.97, 1.21]))),
                // Excludes 1: slower.
                record("c", 30.0, Some((2.78, [2.5, 3.1]))),
            ],
            ..Report::default()
        };
        let text = standings(&report, "s").unwrap();
        assert!(
            text.contains("b is level with a (1.08x [0.97, 1.21])"),
            "{text}"
        );
        assert!(
            text.contains("c is slower than b (2.78x [2.50, 3.10])"),
            "{text}"
        );
        assert!(!text.contains("b is slower"), "{text}");
        // No intervals, no standing.
        let report = Report {
            results: vec![record("a", 10.0, None), record("b", 12.0, None)],
            ..Report::default()
        };
        assert_eq!(standings(&report, "s"), None);
    }

    #[test]
    fn prose_wraps_at_words() {
        assert_eq!(wrap_text("aa bb cc dd", 5), "aa bb\n  cc\n  dd");
        assert_eq!(wrap_text("a-very-long-word b", 4), "a-very-long-word\n  b");
    }
}
