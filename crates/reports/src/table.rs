//! The tables: one per set, a row per strategy (tabled), in rank order
//! (puzzles decided, then mean time), laid out to the terminal's width; the
//! cells are [`super::cells`], the words around them [`super::notes`].
//!
//! Two widths:
//!
//! * **compact**, the terminal's default ([`COMPACT`]): strategy, decided (of
//!   attempted; `!!` flags wrong answers or crashes), budget hits, median,
//!   mean (`12.3µs ±4%`), ratio to the fastest (`1.42x [1.31, 1.55]`), nodes,
//!   mems and guesses per puzzle. It fits the width (the terminal's, else
//!   `$COLUMNS`, else 100): when the intervals do not fit in the cells they
//!   go on lines under the table, one per row; on a narrower terminal the
//!   optional columns are then dropped, guesses first, then mems, nodes,
//!   ratio, mean and budget hits, so that no row ever wraps;
//! * **wide** ([`HEADERS`], `compare --wide`): every column. Markdown
//!   (`--format md`, `report.md`) and the HTML page always show the wide
//!   tables: a page scrolls sideways, a terminal wraps.
//!
//! `explain` and `ladder` lay out their own compact tables with [`fitted`]
//! (the same rule: optional columns dropped in a stated order until no line
//! is wider than the width, [`NARROW_WIDTH`] when it cannot be known).
//!
//! A run over two sets or more ends with a summary, strategies x sets, each
//! cell the median time per puzzle and the puzzles decided of those
//! attempted; in a terminal its sets are split into blocks that fit the width.

use super::cells::{
    cells, compact_cells, interval_line, name_width, rho, summary_cell, COMPACT, DROPPED_FIRST,
    HEADERS, INTERVALS,
};
use super::notes::{
    footnotes, run_line, set_description, set_heading, standings, warnings, wrap_text,
};
use crate::report::{Report, SetInfo};
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

/// Terminal width assumed when it cannot be known (output piped, no
/// `$COLUMNS`): the compact table is made to fit it.
pub const DEFAULT_WIDTH: usize = 100;

/// The width `explain` and `ladder` fit when the terminal's cannot be
/// known: a text table that fits it is ready for a slide or a page.
pub const NARROW_WIDTH: usize = 80;

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
        Layout::detect_or(wide, DEFAULT_WIDTH)
    }

    /// As [`Layout::detect`], with `default` columns when the width cannot
    /// be known (`explain` and `ladder`: [`NARROW_WIDTH`]).
    pub fn detect_or(wide: bool, default: usize) -> Layout {
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
            width: terminal.or(env).unwrap_or(default),
        }
    }
}

/// The widest line of a text, in characters.
pub fn text_width(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

fn build(headers: &[&str], rows: Vec<Vec<String>>, flavor: Flavor) -> String {
    text_table(headers, rows, flavor, 1)
}

/// A table of `headers` (a `\n` in one makes a two-line header in a
/// terminal) and `rows`, a cell per header: the first `left` columns
/// aligned left, the others right (numbers), the header row centred.
pub fn text_table(headers: &[&str], rows: Vec<Vec<String>>, flavor: Flavor, left: usize) -> String {
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
    table.modify(Columns::new(left..), Alignment::right());
    table.modify(Rows::first(), Alignment::center());
    table.to_string()
}

/// A terminal table that fits `width`: the columns `keep` (indices into
/// `headers` and each row), less the optional ones dropped in the order
/// `drop_first` until every line fits (no row ever wraps; what no drop
/// makes fit is printed as it is). Returns the table and the names of the
/// columns left out of `keep` (a header's first line), for a note under it.
/// `explain` and `ladder` lay out their compact tables with it.
pub fn fitted(
    headers: &[&str],
    rows: &[Vec<String>],
    keep: &[usize],
    drop_first: &[usize],
    width: usize,
    left: usize,
) -> (String, Vec<String>) {
    let make = |keep: &[usize]| {
        let pick = |cells: &[String]| keep.iter().map(|&i| cells[i].clone()).collect();
        let heads: Vec<&str> = keep.iter().map(|&i| headers[i]).collect();
        let left = keep.iter().filter(|&&i| i < left).count();
        text_table(
            &heads,
            rows.iter().map(|r| pick(r)).collect(),
            Flavor::Terminal,
            left,
        )
    };
    let mut kept = keep.to_vec();
    let mut table = make(&kept);
    for drop in drop_first {
        if text_width(&table) <= width {
            break;
        }
        kept.retain(|i| i != drop);
        table = make(&kept);
    }
    let dropped = keep
        .iter()
        .filter(|i| !kept.contains(i))
        .map(|&i| {
            headers[i]
                .split('\n')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    (table, dropped)
}

/// The wide table of one set: every column.
pub fn set_table(report: &Report, set: &SetInfo, flavor: Flavor) -> String {
    let rows = report.rows(&set.name).map(cells).collect();
    build(&HEADERS, rows, flavor)
}

/// The compact table of one set with the columns `keep` (indices into
/// [`COMPACT`], and [`INTERVALS`] for the intervals in the cells).
pub fn compact_table(report: &Report, set: &SetInfo, keep: &[usize], flavor: Flavor) -> String {
    let intervals = keep.contains(&INTERVALS);
    let keep: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| i < COMPACT.len())
        .collect();
    let headers: Vec<&str> = keep.iter().map(|&i| COMPACT[i]).collect();
    let rows = report
        .rows(&set.name)
        .map(|r| {
            let cells = compact_cells(r, intervals);
            keep.iter().map(|&i| cells[i].clone()).collect()
        })
        .collect();
    build(&headers, rows, flavor)
}

/// The lines under a compact table that hold its rows' intervals (when
/// the cells have no room for them): a heading and a line per row that has
/// intervals; empty when none has.
pub fn interval_lines(report: &Report, set: &SetInfo) -> String {
    let width = report.rows(&set.name).map(name_width).max().unwrap_or(0);
    let lines: Vec<String> = report
        .rows(&set.name)
        .filter_map(|r| interval_line(r, width))
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!(
        "95% intervals (mean, and ratio to the fastest):\n{}\n",
        lines.join("\n")
    )
}

/// Not a column: the intervals on lines under the table ([`interval_lines`])
/// instead of in the cells.
pub const UNDER: usize = INTERVALS + 1;

/// The compact table of one set as printed: with the intervals in its
/// cells when `keep` holds [`INTERVALS`], on lines under it when it holds
/// [`UNDER`], else without them.
pub fn compact_block(report: &Report, set: &SetInfo, keep: &[usize], flavor: Flavor) -> String {
    let table = compact_table(report, set, keep, flavor);
    if !keep.contains(&UNDER) {
        return table;
    }
    match interval_lines(report, set) {
        lines if lines.is_empty() => table,
        lines => format!("{table}\n{}", lines.trim_end()),
    }
}

/// The compact columns every set's table can keep within `width`: all of
/// them with the intervals in their cells when they fit; else the intervals
/// on lines under the table ([`UNDER`], when those lines fit); else fewer
/// columns, optional ones dropped in the order of [`DROPPED_FIRST`]. The
/// same columns for every set of a run.
pub fn compact_columns(report: &Report, width: usize) -> Vec<usize> {
    let mut keep: Vec<usize> = (0..=INTERVALS).collect();
    let fits = |keep: &[usize]| {
        report
            .sets
            .iter()
            .all(|set| text_width(&compact_table(report, set, keep, Flavor::Terminal)) <= width)
    };
    if fits(&keep) {
        return keep;
    }
    keep.retain(|&i| i != INTERVALS);
    if report
        .sets
        .iter()
        .all(|set| text_width(&interval_lines(report, set)) <= width)
    {
        keep.push(UNDER);
    }
    for drop in DROPPED_FIRST {
        if fits(&keep) {
            break;
        }
        keep.retain(|&i| i != drop);
    }
    keep
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
    let labels: Vec<String> = sets
        .iter()
        .map(|s| match flavor {
            Flavor::Markdown => md_escape(&short_name(&s.name)),
            Flavor::Terminal => short_name(&s.name),
        })
        .collect();
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

/// Text from outside (a set's file name, a message quoting it) made inert in
/// Markdown: one line (a newline in a file name would start a heading),
/// HTML as text, and every character Markdown reads as markup escaped.
pub fn md_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\n' | '\r' => out.push(' '),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '!' => {
                out.push('\\');
                out.push(ch);
            }
            _ => out.push(ch),
        }
    }
    out
}

/// A set's short label: the file name without its extension.
fn short_name(set: &str) -> String {
    std::path::Path::new(set)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| set.to_string())
}

/// Every table, with the run line, warnings and footnotes: the compact
/// tables at [`DEFAULT_WIDTH`] in a terminal, the wide ones in Markdown.
pub fn render(report: &Report, flavor: Flavor) -> String {
    render_with(report, flavor, Layout::default())
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
            format!("\n{}.\n", md_escape(note))
        } else {
            prose(note.clone()) + "\n"
        });
    }
    for w in warnings(report) {
        out.push_str(&if md {
            format!("\n**{}**\n", md_escape(&w))
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
                md_escape(&set.name),
                md_escape(&set_description(set))
            ));
        } else {
            out.push_str(&format!("\n{}\n", prose(set_heading(set))));
        }
        if wide {
            out.push_str(&set_table(report, set, flavor));
        } else {
            out.push_str(&compact_block(report, set, &keep, flavor));
        }
        out.push('\n');
        if let Some(standing) = standings(report, &set.name) {
            out.push_str(&if md {
                format!("\n{}.\n", md_escape(&standing))
            } else {
                prose(standing) + ".\n"
            });
        }
    }
    if let Some(summary) = summary(report, flavor, layout.width) {
        let title = "All sets: median time per puzzle and puzzles decided of attempted";
        if md {
            out.push_str(&format!("\n### {title}\n\n{summary}\n"));
        } else {
            out.push_str(&format!("\n{}\n{summary}\n", prose(title.to_string())));
        }
    }
    if let Some(study) = study_section(report, flavor, layout.width) {
        out.push_str(&study);
    }
    if let Some(passes) = super::passes::section(report, flavor == Flavor::Markdown) {
        out.push_str(&passes);
    }
    out.push('\n');
    let mut notes = footnotes(report);
    if !wide {
        let mut dropped: Vec<&str> = (0..INTERVALS)
            .filter(|i| !keep.contains(i))
            .map(|i| COMPACT[i].split('\n').next().unwrap_or_default())
            .collect();
        if !keep.contains(&INTERVALS) && !keep.contains(&UNDER) {
            dropped.push("intervals");
        }
        let mut note = "decided: of the puzzles attempted; !!: wrong answers or crashes; \
                        --wide shows every column (verdicts, p90, max, puzzles/s, backtracks, \
                        no-guess %, peak memory, mems ratio)"
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
        .filter(|p| p.kind.status() != sudoku_engine::Status::Ok)
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

/// The study's part of the tables: per rated set, one row per strategy with
/// its correlations; `None` when no set carries ratings.
/// Terminal prose wraps at `width`; Markdown does not wrap.
pub fn study_section(report: &Report, flavor: Flavor, width: usize) -> Option<String> {
    if report.study.is_empty() {
        return None;
    }
    let md = flavor == Flavor::Markdown;
    let mut out = String::new();
    for set in &report.sets {
        let rows: Vec<_> = report.study.iter().filter(|r| r.set == set.name).collect();
        if rows.is_empty() {
            continue;
        }
        let title = format!(
            "Rating study, {}: Spearman correlation of the puzzles' ratings with each \
             strategy's figures per puzzle (1: the same order; 0: unrelated)",
            set.name
        );
        out.push_str(&if md {
            format!("\n### {title}\n\n")
        } else {
            format!("\n{}\n", wrap_text(&title, width.max(40)))
        });
        let mut builder = Builder::default();
        builder.push_record([
            "strategy",
            "rated puzzles",
            "nodes",
            "guesses",
            "backtracks",
            "time",
        ]);
        for r in &rows {
            let puzzles = if r.stopped > 0 {
                format!("{} ({} stopped)", r.puzzles, r.stopped)
            } else {
                r.puzzles.to_string()
            };
            builder.push_record([
                r.strategy.clone(),
                puzzles,
                rho(r.spearman_nodes),
                rho(r.spearman_guesses),
                rho(r.spearman_backtracks),
                rho(r.spearman_time),
            ]);
        }
        let mut table = builder.build();
        if md {
            table.with(Style::markdown());
        } else {
            table.with(Style::psql());
        }
        table.modify(Columns::new(1..), Alignment::right());
        table.modify(Rows::first(), Alignment::center());
        out.push_str(&table.to_string());
        out.push('\n');
        let note = "guesses and backtracks are the SAT rows' decisions and conflicts; n/a: a \
                    figure the strategy does not measure, or one that never varies; puzzles \
                    stopped by a budget count at the figures they had";
        out.push_str(&if md {
            format!("\n{note}.\n")
        } else {
            format!("{}\n", wrap_text(note, width.max(40)))
        });
    }
    Some(out)
}
