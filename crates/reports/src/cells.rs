//! What each column of a comparison table says: the headers of the wide and
//! the compact tables and the cells of a row, written the same way for the
//! terminal, Markdown and the HTML page. A figure that is a lower bound
//! because of budget hits is written `>= 176ms` (an upper bound `<= 5.68`);
//! what a strategy does not measure, or a shape it does not support, is n/a.

use crate::report::ResultRecord;
use sudoku_engine::format::{format_bytes, format_ratio, format_si, format_us};
use sudoku_engine::interval::Interval;

/// Column headers; `\n` splits a terminal header over two lines.
pub const HEADERS: [&str; 30] = [
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
    "mean\n95% CI",
    "min",
    "median",
    "median\n95% CI",
    "p90",
    "max",
    "puzzles\n/s",
    "ratio to\nfastest",
    "ratio\n95% CI",
    "ratio to\nreference",
    "nodes\nmean",
    "nodes\nmax",
    "mems\nmean",
    "mems\nratio",
    "guesses\nmean",
    "backtracks\nmean",
    "no-guess\n%",
    "peak\nmem",
];

/// The compact table's columns (terminal default); `\n` splits a header.
pub const COMPACT: [&str; 9] = [
    "strategy",
    "decided",
    "budget\nhits",
    "median",
    "mean",
    "ratio",
    "nodes",
    "mems",
    "guesses",
];

/// Not a column: the intervals in the mean and the ratio cells (`±4%`,
/// `[1.31, 1.55]`). Where they do not fit the width, they move to lines
/// under the table ([`interval_line`]), before any column is dropped.
pub const INTERVALS: usize = COMPACT.len();

/// The optional columns a narrow terminal drops, first to last (after the
/// intervals have moved under the table).
pub const DROPPED_FIRST: [usize; 6] = [8, 7, 6, 5, 4, 2];

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
        opt(row.mean_us_ci95, time_interval),
        bound(opt(row.min_us, format_us), row.min_lower_bound, false),
        bound(opt(row.median_us, format_us), row.median_lower_bound, false),
        opt(row.median_us_ci95, time_interval),
        bound(opt(row.p90_us, format_us), row.p90_lower_bound, false),
        bound(opt(row.max_us, format_us), lb, false),
        bound(opt(row.puzzles_per_sec, format_si), false, lb),
        bound(opt(row.ratio_to_fastest, format_ratio), lb, false),
        opt(row.ratio_ci95, ratio_interval),
        bound(
            opt(row.ratio_to_reference, |r| {
                with_interval(r, row.ratio_to_reference_ci95)
            }),
            lb,
            false,
        ),
        bound(opt(row.nodes_mean, format_si), lb, false),
        bound(opt(row.nodes_max, |x| format_si(x as f64)), lb, false),
        bound(opt(row.mems_mean, format_si), lb, false),
        bound(opt(row.mems_ratio, format_ratio), lb, false),
        bound(opt(row.guesses_mean, format_si), lb, false),
        bound(opt(row.backtracks_mean, format_si), lb, false),
        opt(row.no_guess_pct, |p| format!("{p:.0}%")),
        bound(opt(row.peak_bytes, format_bytes), lb, false),
    ]
}

/// The cells of one row of the compact table ([`COMPACT`]), with or
/// without the intervals.
pub fn compact_cells(row: &ResultRecord, intervals: bool) -> Vec<String> {
    let name = row_name(row);
    if !row.supported {
        return unsupported(name, COMPACT.len());
    }
    let lb = row.lower_bound;
    // A lower bound's interval would bound the bound: left out.
    let shown = !lb && intervals;
    let mut decided = format!("{}/{}", row.decided, row.attempted);
    if row.wrong > 0 || row.crashed > 0 {
        decided.push_str(" !!");
    }
    vec![
        name,
        decided,
        row.budget_hit.to_string(),
        bound(opt(row.median_us, format_us), row.median_lower_bound, false),
        bound(
            opt(row.mean_us, |m| {
                with_share(m, row.mean_us_ci95.filter(|_| shown))
            }),
            lb,
            false,
        ),
        bound(
            opt(row.ratio_to_fastest, |r| {
                with_interval(r, row.ratio_ci95.filter(|_| shown))
            }),
            lb,
            false,
        ),
        bound(opt(row.nodes_mean, format_si), lb, false),
        bound(opt(row.mems_mean, format_si), lb, false),
        bound(opt(row.guesses_mean, format_si), lb, false),
    ]
}

/// A row's intervals on a line of their own, for under a compact table
/// whose cells have no room for them: `reference †  mean 24.6µs ±16%,
/// ratio 1.44x [1.21, 1.70]`; `None` for a row without intervals (one
/// timed puzzle, or a lower bound, whose interval would bound the bound).
pub fn interval_line(row: &ResultRecord, name_width: usize) -> Option<String> {
    if !row.supported || row.lower_bound {
        return None;
    }
    let mean = row
        .mean_us
        .zip(row.mean_us_ci95)
        .map(|(m, ci)| format!("mean {}", with_share(m, Some(ci))));
    let ratio = row
        .ratio_to_fastest
        .zip(row.ratio_ci95)
        .map(|(r, ci)| format!("ratio {}", with_interval(r, Some(ci))));
    let parts: Vec<String> = [mean, ratio].into_iter().flatten().collect();
    (!parts.is_empty()).then(|| format!("  {:<name_width$}  {}", row_name(row), parts.join(", ")))
}

/// The width of a row's name cell.
pub fn name_width(row: &ResultRecord) -> usize {
    row_name(row).chars().count()
}

/// A time with its interval as a share: `12.3µs ±4%`.
pub fn with_share(us: f64, ci: Option<Interval>) -> String {
    match ci {
        Some(ci) => format!("{} ±{:.0}%", format_us(us), 100.0 * ci.half_width_share(us)),
        None => format_us(us),
    }
}

/// A ratio with its interval: `1.42x [1.31, 1.55]`.
pub fn with_interval(ratio: f64, ci: Option<Interval>) -> String {
    match ci {
        Some(ci) => format!("{} {}", format_ratio(ratio), ratio_interval(ci)),
        None => format_ratio(ratio),
    }
}

/// `[1.31, 1.55]`, each bound with three significant digits.
pub fn ratio_interval(ci: Interval) -> String {
    let short = |r: f64| format_ratio(r).trim_end_matches('x').to_string();
    format!("[{}, {}]", short(ci.lo()), short(ci.hi()))
}

/// `11.9µs..12.8µs`.
fn time_interval(ci: Interval) -> String {
    format!("{}..{}", format_us(ci.lo()), format_us(ci.hi()))
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

/// A rank correlation as a cell: `0.83`, or `n/a`.
pub fn rho(rho: Option<f64>) -> String {
    rho.map_or("n/a".into(), |r| format!("{r:.2}"))
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
