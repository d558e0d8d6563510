//! The tables: one per set, a row per strategy (tabled). Rows rank by puzzles
//! decided, then by mean time; a figure that is a lower bound because of budget
//! hits is written `>= 176ms` (an upper bound `<= 5.68`).

use super::report::{Report, ResultRecord, SetInfo};
use crate::units::format_bytes;
use tabled::builder::Builder;
use tabled::settings::object::{Columns, Rows};
use tabled::settings::{Alignment, Style};

/// Where a table goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// Plain text for a terminal (two-line headers to save width).
    Terminal,
    /// GitHub-flavoured Markdown.
    Markdown,
}

/// Column headers; `\n` splits a terminal header over two lines.
pub const HEADERS: [&str; 23] = [
    "strategy",
    "attempted",
    "decided",
    "solved",
    "unique",
    "multiple",
    "none",
    "invalid",
    "budget\nhit",
    "crashed",
    "wrong",
    "mean",
    "median",
    "p90",
    "max",
    "puzzles\n/s",
    "ratio to\nfastest",
    "nodes\nmean",
    "nodes\nmax",
    "guesses\nmean",
    "backtracks\nmean",
    "no-guess\n%",
    "peak\nmem",
];

/// A time in µs, three significant digits: `0.85µs`, `12.3µs`, `4.56ms`, `2.00s`.
pub fn format_us(us: f64) -> String {
    match us {
        u if u < 10.0 => format!("{u:.2}µs"),
        u if u < 100.0 => format!("{u:.1}µs"),
        u if u < 1e3 => format!("{u:.0}µs"),
        u if u < 1e4 => format!("{:.2}ms", u / 1e3),
        u if u < 1e5 => format!("{:.1}ms", u / 1e3),
        u if u < 1e6 => format!("{:.0}ms", u / 1e3),
        u => format!("{:.2}s", u / 1e6),
    }
}

/// A count or rate, compact: `7`, `12.5`, `950`, `12.3k`, `4.56M`, `1.2G`.
pub fn format_si(x: f64) -> String {
    let short = |v: f64, unit: &str| {
        if v < 10.0 {
            format!("{v:.2}{unit}")
        } else if v < 100.0 {
            format!("{v:.1}{unit}")
        } else {
            format!("{v:.0}{unit}")
        }
    };
    match x {
        v if v < 1e3 && v == v.trunc() => format!("{v:.0}"),
        v if v < 1e3 => short(v, ""),
        v if v < 1e6 => short(v / 1e3, "k"),
        v if v < 1e9 => short(v / 1e6, "M"),
        v => short(v / 1e9, "G"),
    }
}

fn format_ratio(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.2}x")
    } else if r < 100.0 {
        format!("{r:.1}x")
    } else {
        format!("{r:.0}x")
    }
}

fn opt<T>(value: Option<T>, show: impl Fn(T) -> String) -> String {
    value.map(show).unwrap_or_else(|| "n/a".into())
}

/// `>= ` before a figure that is a lower bound, `<= ` before an upper bound.
fn bound(text: String, lower: bool, upper: bool) -> String {
    if text == "n/a" {
        text
    } else if lower {
        format!(">= {text}")
    } else if upper {
        format!("<= {text}")
    } else {
        text
    }
}

/// The cells of one row.
pub fn cells(row: &ResultRecord) -> Vec<String> {
    let mut name = row.strategy.clone();
    if row.reference {
        name.push_str(" †");
    }
    if !row.supported {
        let mut cells = vec!["n/a".to_string(); HEADERS.len()];
        cells[0] = name;
        return cells;
    }
    let n = |x: u64| x.to_string();
    let lb = row.lower_bound;
    vec![
        name,
        n(row.attempted),
        n(row.decided),
        n(row.solved),
        n(row.unique),
        n(row.multiple),
        n(row.none),
        n(row.invalid),
        n(row.budget_hit),
        n(row.crashed),
        if row.wrong > 0 {
            format!("{} !!", row.wrong)
        } else {
            "0".into()
        },
        bound(opt(row.mean_us, format_us), lb, false),
        bound(opt(row.median_us, format_us), row.median_lower_bound, false),
        bound(opt(row.p90_us, format_us), row.p90_lower_bound, false),
        bound(opt(row.max_us, format_us), lb, false),
        bound(opt(row.puzzles_per_sec, format_si), false, lb),
        bound(opt(row.ratio_to_fastest, format_ratio), lb, false),
        bound(opt(row.nodes_mean, format_si), lb, false),
        bound(opt(row.nodes_max, |x| format_si(x as f64)), lb, false),
        bound(opt(row.guesses_mean, format_si), lb, false),
        bound(opt(row.backtracks_mean, format_si), lb, false),
        opt(row.no_guess_pct, |p| format!("{p:.0}%")),
        bound(opt(row.peak_bytes, format_bytes), lb, false),
    ]
}

/// The table of one set.
pub fn set_table(report: &Report, set: &SetInfo, flavor: Flavor) -> String {
    let mut builder = Builder::default();
    builder.push_record(HEADERS.iter().map(|h| match flavor {
        Flavor::Terminal => h.to_string(),
        Flavor::Markdown => h.replace("\n/", "/").replace('\n', " "),
    }));
    for row in report.rows(&set.name) {
        builder.push_record(cells(row));
    }
    let mut table = builder.build();
    match flavor {
        Flavor::Terminal => {
            table.with(Style::psql());
        }
        Flavor::Markdown => {
            table.with(Style::markdown());
        }
    }
    table.modify(Columns::new(1..), Alignment::right());
    table.modify(Rows::first(), Alignment::center());
    table.to_string()
}

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
    let repeat = if m.repeat > 1 {
        format!(
            "each solve run up to {} times, fastest kept (not repeated: budget hits, solves over {})",
            m.repeat,
            format_us(m.repeat_cutoff_ms * 1e3)
        )
    } else {
        "each solve run once".to_string()
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

/// Every table, with the run line, warnings and footnotes.
pub fn render(report: &Report, flavor: Flavor) -> String {
    let mut out = String::new();
    let md = flavor == Flavor::Markdown;
    out.push_str(&format!("sudoku-lab compare: {}\n", run_line(report)));
    for note in &report.notes {
        out.push_str(&if md {
            format!("\n{note}.\n")
        } else {
            format!("{note}\n")
        });
    }
    for w in warnings(report) {
        out.push_str(&if md {
            format!("\n**{w}**\n")
        } else {
            format!("WARNING: {w}\n")
        });
    }
    for set in &report.sets {
        if report.rows(&set.name).next().is_none() {
            continue;
        }
        if md {
            out.push_str(&format!(
                "\n### {}\n\n{}\n\n",
                set.name,
                set_description(set)
            ));
        } else {
            out.push_str(&format!("\n{}\n", set_heading(set)));
        }
        out.push_str(&set_table(report, set, flavor));
        out.push('\n');
    }
    out.push('\n');
    for note in footnotes(report) {
        out.push_str(&format!("{}{note}\n", if md { "- " } else { "" }));
    }
    let failures = report
        .problems
        .iter()
        .filter(|p| p.kind.status() != crate::Status::Ok)
        .count();
    if failures > 0 {
        let text = format!("{failures} problem(s): wrong answers, crashes, disagreements or unreadable sets (listed on stderr)");
        out.push_str(&if md {
            format!("\n**{text}**\n")
        } else {
            format!("\n!! {text}\n")
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(format_us(0.854), "0.85µs");
        assert_eq!(format_us(12.34), "12.3µs");
        assert_eq!(format_us(4560.0), "4.56ms");
        assert_eq!(format_us(2_000_000.0), "2.00s");
        assert_eq!(format_si(7.0), "7");
        assert_eq!(format_si(12.5), "12.5");
        assert_eq!(format_si(12_345.0), "12.3k");
        assert_eq!(format_si(4_560_000.0), "4.56M");
        assert_eq!(format_ratio(1.0), "1.00x");
        assert_eq!(format_ratio(1234.0), "1234x");
        assert_eq!(bound("176ms".into(), true, false), ">= 176ms");
        assert_eq!(bound("5.68".into(), false, true), "<= 5.68");
        assert_eq!(bound("n/a".into(), true, false), "n/a");
        assert_eq!(bound("1.00x".into(), false, false), "1.00x");
    }
}
