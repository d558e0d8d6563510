//! The tables: one per set, a row per strategy (tabled). Rows rank by puzzles
//! decided, then by mean time; a figure that is a lower bound because of budget
//! hits is written `>= 176ms` (an upper bound `<= 5.68`).
//!
//! Two widths:
//!
//! * **compact**, the terminal's default ([`COMPACT`]): strategy, decided (of
//!   attempted; `!!` flags wrong answers or crashes), budget hits, median,
//!   mean, ratio to the fastest, nodes and guesses per puzzle. It fits 100
//!   columns; on a narrower terminal (its width, else `$COLUMNS`, else 100)
//!   the optional columns are dropped, guesses first, then nodes, ratio, mean
//!   and budget hits, so that no row ever wraps;
//! * **wide** ([`HEADERS`], `compare --wide`): every column. Markdown
//!   (`--format md`, `report.md`) and the HTML page always show the wide
//!   tables: a page scrolls sideways, a terminal wraps.
//!
//! A run over two sets or more ends with a summary, strategies x sets, each
//! cell the median time per puzzle and the puzzles decided of those
//! attempted; in a terminal its sets are split into blocks that fit the width.

use super::report::{Report, ResultRecord, SetInfo};
use crate::format::{format_bytes, format_ratio, format_si, format_us};
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

/// The compact table's columns (terminal default); `\n` splits a header.
pub const COMPACT: [&str; 8] = [
    "strategy",
    "decided",
    "budget\nhits",
    "median",
    "mean",
    "ratio",
    "nodes",
    "guesses",
];

/// The compact columns a narrow terminal drops, first to last.
pub const DROPPED_FIRST: [usize; 5] = [7, 6, 5, 4, 2];

/// Terminal width assumed when it cannot be known (output piped, no
/// `$COLUMNS`): the compact table is made to fit it.
pub const DEFAULT_WIDTH: usize = 100;

/// How the terminal tables are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Every column ([`HEADERS`]) instead of the compact ones.
    pub wide: bool,
    /// Columns available: compact tables drop optional columns to fit, and
    /// the summary splits its sets into blocks that fit.
    pub width: usize,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            wide: false,
            width: DEFAULT_WIDTH,
        }
    }
}

impl Layout {
    /// The layout for standard output: the terminal's width when standard
    /// output is one, else `$COLUMNS`, else [`DEFAULT_WIDTH`].
    pub fn detect(wide: bool) -> Layout {
        use std::io::IsTerminal;
        let terminal = std::io::stdout()
            .is_terminal()
            .then(|| crossterm::terminal::size().ok())
            .flatten()
            .map(|(columns, _)| columns as usize)
            .filter(|&c| c > 0);
        let env = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|&c| c > 0);
        Layout {
            wide,
            width: terminal.or(env).unwrap_or(DEFAULT_WIDTH),
        }
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

/// The cells of one row of the compact table ([`COMPACT`]).
pub fn compact_cells(row: &ResultRecord) -> Vec<String> {
    let mut name = row.strategy.clone();
    if row.reference {
        name.push_str(" †");
    }
    if !row.supported {
        let mut cells = vec!["n/a".to_string(); COMPACT.len()];
        cells[0] = name;
        return cells;
    }
    let lb = row.lower_bound;
    let mut decided = format!("{}/{}", row.decided, row.attempted);
    if row.wrong > 0 || row.crashed > 0 {
        decided.push_str(" !!");
    }
    vec![
        name,
        decided,
        row.budget_hit.to_string(),
        bound(opt(row.median_us, format_us), row.median_lower_bound, false),
        bound(opt(row.mean_us, format_us), lb, false),
        bound(opt(row.ratio_to_fastest, format_ratio), lb, false),
        bound(opt(row.nodes_mean, format_si), lb, false),
        bound(opt(row.guesses_mean, format_si), lb, false),
    ]
}

/// The widest line of a text, in characters.
pub fn text_width(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

fn build(headers: &[&str], rows: Vec<Vec<String>>, flavor: Flavor) -> String {
    let mut builder = Builder::default();
    builder.push_record(headers.iter().map(|h| match flavor {
        Flavor::Terminal => h.to_string(),
        Flavor::Markdown => h.replace("\n/", "/").replace('\n', " "),
    }));
    for row in rows {
        builder.push_record(row);
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

/// The wide table of one set: every column.
pub fn set_table(report: &Report, set: &SetInfo, flavor: Flavor) -> String {
    let rows = report.rows(&set.name).map(cells).collect();
    build(&HEADERS, rows, flavor)
}

/// The compact table of one set with the columns `keep` (indices into
/// [`COMPACT`]).
pub fn compact_table(report: &Report, set: &SetInfo, keep: &[usize], flavor: Flavor) -> String {
    let headers: Vec<&str> = keep.iter().map(|&i| COMPACT[i]).collect();
    let rows = report
        .rows(&set.name)
        .map(|r| {
            let cells = compact_cells(r);
            keep.iter().map(|&i| cells[i].clone()).collect()
        })
        .collect();
    build(&headers, rows, flavor)
}

/// The compact columns every set's table can keep within `width`: all of
/// them when they fit, else fewer, optional ones dropped in the order of
/// [`DROPPED_FIRST`]. The same columns for every set of a run.
pub fn compact_columns(report: &Report, width: usize) -> Vec<usize> {
    let mut keep: Vec<usize> = (0..COMPACT.len()).collect();
    let fits = |keep: &[usize]| {
        report
            .sets
            .iter()
            .all(|set| text_width(&compact_table(report, set, keep, Flavor::Terminal)) <= width)
    };
    for drop in DROPPED_FIRST {
        if fits(&keep) {
            break;
        }
        keep.retain(|&i| i != drop);
    }
    keep
}

/// A summary cell: `12.3µs 95/95` (median, decided of attempted).
fn summary_cell(row: Option<&ResultRecord>) -> String {
    match row {
        None => "-".into(),
        Some(r) if !r.supported => "n/a".into(),
        Some(r) => {
            let median = bound(opt(r.median_us, format_us), r.median_lower_bound, false);
            let flag = if r.wrong > 0 || r.crashed > 0 {
                " !!"
            } else {
                ""
            };
            format!("{median} {}/{}{flag}", r.decided, r.attempted)
        }
    }
}

/// The summary of a run over two sets or more: a row per strategy (most
/// puzzles decided over all sets first), a column per set with the median
/// time per puzzle and the puzzles decided, and the total decided. In a
/// terminal the sets are split into blocks of columns that fit `width`;
/// `None` for a run over one set.
pub fn summary(report: &Report, flavor: Flavor, width: usize) -> Option<String> {
    let sets: Vec<&SetInfo> = report
        .sets
        .iter()
        .filter(|s| report.rows(&s.name).next().is_some())
        .collect();
    if sets.len() < 2 {
        return None;
    }
    let total = |id: &str| -> (u64, u64) {
        report
            .results
            .iter()
            .filter(|r| r.strategy == id)
            .fold((0, 0), |(d, a), r| (d + r.decided, a + r.attempted))
    };
    let mut strategies: Vec<(usize, &str)> = report
        .strategies
        .iter()
        .map(|s| s.id.as_str())
        .enumerate()
        .collect();
    strategies.sort_by_key(|&(k, id)| (std::cmp::Reverse(total(id).0), k));
    let name = |id: &str| {
        let reference = report.strategies.iter().any(|s| s.id == id && s.reference);
        if reference {
            format!("{id} †")
        } else {
            id.to_string()
        }
    };
    let labels: Vec<String> = sets.iter().map(|s| short_name(&s.name)).collect();
    let cells: Vec<Vec<String>> = strategies
        .iter()
        .map(|&(_, id)| {
            sets.iter()
                .map(|s| summary_cell(report.row(&s.name, id)))
                .collect()
        })
        .collect();
    let totals: Vec<String> = strategies
        .iter()
        .map(|&(_, id)| {
            let (d, a) = total(id);
            format!("{d}/{a}")
        })
        .collect();
    let table = |columns: &[usize], with_total: bool| {
        let mut headers: Vec<String> = vec!["strategy".into()];
        headers.extend(columns.iter().map(|&c| labels[c].clone()));
        if with_total {
            headers.push("all sets\ndecided".into());
        }
        let rows = strategies
            .iter()
            .enumerate()
            .map(|(i, &(_, id))| {
                let mut row = vec![name(id)];
                row.extend(columns.iter().map(|&c| cells[i][c].clone()));
                if with_total {
                    row.push(totals[i].clone());
                }
                row
            })
            .collect();
        let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
        build(&headers, rows, flavor)
    };
    let all: Vec<usize> = (0..sets.len()).collect();
    if flavor == Flavor::Markdown {
        return Some(table(&all, true));
    }
    // Greedy blocks of columns, as many as fit the width; the sets are
    // items 0..n and the total is item n.
    let block = |items: &[usize]| {
        let with_total = items.last() == Some(&sets.len());
        let columns: Vec<usize> = items.iter().copied().filter(|&i| i < sets.len()).collect();
        table(&columns, with_total)
    };
    let items: Vec<usize> = (0..=sets.len()).collect();
    let mut blocks = Vec::new();
    let mut start = 0;
    while start < items.len() {
        let mut end = start + 1;
        while end < items.len() && text_width(&block(&items[start..=end])) <= width {
            end += 1;
        }
        blocks.push(block(&items[start..end]));
        start = end;
    }
    let out = blocks.join("\n\n");
    Some(out)
}

/// A set's short label: the file name without its extension.
fn short_name(set: &str) -> String {
    std::path::Path::new(set)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| set.to_string())
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

/// Every table, with the run line, warnings and footnotes: the compact
/// tables at [`DEFAULT_WIDTH`] in a terminal, the wide ones in Markdown.
pub fn render(report: &Report, flavor: Flavor) -> String {
    render_with(report, flavor, Layout::default())
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

/// Every table laid out as `layout` says (Markdown: always wide), with the
/// run line, warnings, the summary across sets and the footnotes.
pub fn render_with(report: &Report, flavor: Flavor, layout: Layout) -> String {
    let mut out = String::new();
    let md = flavor == Flavor::Markdown;
    let wide = md || layout.wide;
    // Prose lines wrap at the width in a terminal; table rows never do.
    let prose = |text: String| {
        if md {
            text
        } else {
            wrap_text(&text, layout.width.max(40))
        }
    };
    out.push_str(&prose(format!("sudoku-lab compare: {}", run_line(report))));
    out.push('\n');
    for note in &report.notes {
        out.push_str(&if md {
            format!("\n{note}.\n")
        } else {
            prose(note.clone()) + "\n"
        });
    }
    for w in warnings(report) {
        out.push_str(&if md {
            format!("\n**{w}**\n")
        } else {
            prose(format!("WARNING: {w}")) + "\n"
        });
    }
    let keep = if wide {
        Vec::new()
    } else {
        compact_columns(report, layout.width)
    };
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
            out.push_str(&format!("\n{}\n", prose(set_heading(set))));
        }
        if wide {
            out.push_str(&set_table(report, set, flavor));
        } else {
            out.push_str(&compact_table(report, set, &keep, flavor));
        }
        out.push('\n');
    }
    if let Some(summary) = summary(report, flavor, layout.width) {
        let title = "All sets: median time per puzzle and puzzles decided of attempted";
        if md {
            out.push_str(&format!("\n### {title}\n\n{summary}\n"));
        } else {
            out.push_str(&format!("\n{}\n{summary}\n", prose(title.to_string())));
        }
    }
    out.push('\n');
    let mut notes = footnotes(report);
    if !wide {
        let dropped: Vec<&str> = (0..COMPACT.len())
            .filter(|i| !keep.contains(i))
            .map(|i| COMPACT[i].split('\n').next().unwrap_or_default())
            .collect();
        let mut note = "decided: of the puzzles attempted; !!: wrong answers or crashes; \
                        --wide shows every column (verdicts, p90, max, puzzles/s, backtracks, \
                        no-guess %, peak memory)"
            .to_string();
        if !dropped.is_empty() {
            note.push_str(&format!(
                "; left out to fit {} columns: {}",
                layout.width,
                dropped.join(", ")
            ));
        }
        notes.push(note);
    }
    for note in notes {
        out.push_str(&if md {
            format!("- {note}\n")
        } else {
            prose(note) + "\n"
        });
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
            format!("\n{}\n", prose(format!("!! {text}")))
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(bound("176ms".into(), true, false), ">= 176ms");
        assert_eq!(bound("5.68".into(), false, true), "<= 5.68");
        assert_eq!(bound("n/a".into(), true, false), "n/a");
        assert_eq!(bound("1.00x".into(), false, false), "1.00x");
        assert_eq!(wrap_text("aa bb cc dd", 5), "aa bb\n  cc\n  dd");
        assert_eq!(wrap_text("a-very-long-word b", 4), "a-very-long-word\n  b");
    }
}
