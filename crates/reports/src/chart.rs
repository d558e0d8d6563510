//! The SVG charts of a report (plotters, SVG backend, no font files needed:
//! the SVG names a generic font family and the viewer renders the text), one
//! file each: [`bars`](crate::bars) (`time_per_puzzle.svg`,
//! `nodes_per_puzzle.svg`), [`cactus`](crate::cactus) (`cactus.svg`) and
//! [`rating_chart`](crate::rating_chart) (`rating_vs_nodes*.svg`), all drawn
//! with [`draw`](crate::draw) on one [`palette`](crate::palette).

use crate::bars::grouped_log_bars;
use crate::cactus::cactus;
use crate::draw::{axis_count, axis_time};
use crate::report::Report;
use std::path::Path;

/// Categorical colours, for charts whose colours are not strategies (kept
/// under this name for the ladder chart); a strategy's colour is
/// [`palette::color`](crate::palette::color).
pub use crate::palette::CATEGORIES as PALETTE;

/// Writes the charts into `dir`; returns the file names written.
pub fn write_charts(report: &Report, dir: &Path) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    let time = "time_per_puzzle.svg";
    let mut time_note = "One group of bars per set, one bar per strategy; log scale.".to_string();
    if crate::notes::timed_apart(report).next().is_some() {
        time_note.push_str(
            " A strategy that timed fewer of a set's puzzles (one that does not solve every \
             shape), or puzzles the fastest did not time, has its bar over its own puzzles \
             only: see the table's footnote.",
        );
    }
    if grouped_log_bars(
        report,
        &dir.join(time),
        "Mean solve time per puzzle",
        &time_note,
        "mean time per puzzle",
        |r| r.mean_us,
        |r| r.lower_bound,
        axis_time,
    )? {
        written.push(time.to_string());
    }
    let nodes = "nodes_per_puzzle.svg";
    if grouped_log_bars(
        report,
        &dir.join(nodes),
        "Mean search states entered per puzzle",
        "One group of bars per set, one bar per strategy; log scale; strategies that count no \
         nodes are left out.",
        "mean nodes per puzzle",
        |r| r.nodes_mean,
        |r| r.lower_bound,
        axis_count,
    )? {
        written.push(nodes.to_string());
    }
    let plot = "cactus.svg";
    if cactus(report, &dir.join(plot))? {
        written.push(plot.to_string());
    }
    written.extend(crate::rating_chart::write_charts(report, dir)?);
    Ok(written)
}
