//! What each column of a comparison table says: the headers of the wide and
//! the compact tables and the cells of a row, written the same way for the
//! terminal, Markdown and the HTML page. A figure that is a lower bound
//! because of budget hits is written `>= 176ms` (an upper bound `<= 5.68`);
//! what a strategy does not measure, or a shape it does not support, is n/a.

use super::report::ResultRecord;
use crate::format::{format_bytes, format_ratio, format_si, format_us};

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

/// The strategy of a row, `†` marking a reference row.
fn row_name(row: &ResultRecord) -> String {
    if row.reference {
        format!("{} †", row.strategy)
    } else {
        row.strategy.clone()
    }
}

/// A row whose strategy supports none of the set's shapes: n/a throughout.
fn unsupported(name: String, columns: usize) -> Vec<String> {
    let mut cells = vec!["n/a".to_string(); columns];
    cells[0] = name;
    cells
}

/// The cells of one row.
pub fn cells(row: &ResultRecord) -> Vec<String> {
    let name = row_name(row);
    if !row.supported {
        return unsupported(name, HEADERS.len());
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
    let name = row_name(row);
    if !row.supported {
        return unsupported(name, COMPACT.len());
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

/// A summary cell: `12.3µs 95/95` (median, decided of attempted).
pub fn summary_cell(row: Option<&ResultRecord>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert_eq!(bound("176ms".into(), true, false), ">= 176ms");
        assert_eq!(bound("5.68".into(), false, true), "<= 5.68");
        assert_eq!(bound("n/a".into(), true, false), "n/a");
        assert_eq!(bound("1.00x".into(), false, false), "1.00x");
    }
}
