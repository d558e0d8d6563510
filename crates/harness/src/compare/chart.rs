//! SVG charts of a report (plotters, SVG backend, no font files needed: the
//! SVG names a generic font family and the viewer renders the text).
//!
//! * `time_per_puzzle.svg`: mean solve time per puzzle, one group of bars per
//!   set, one bar per strategy, log scale;
//! * `nodes_per_puzzle.svg`: mean search states entered per puzzle, the same
//!   layout (strategies that count no nodes are left out).
//!
//! A bar whose value is a lower bound (the strategy hit a budget on the set,
//! and its mean includes puzzles stopped at the budget) is drawn pale with an
//! outline, and carries `>=` above it.

use super::report::{Report, ResultRecord};
use super::table::{format_si, format_us};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// Colours for up to ten strategies, then repeated (Tableau 10).
pub const PALETTE: [RGBColor; 10] = [
    RGBColor(78, 121, 167),
    RGBColor(242, 142, 43),
    RGBColor(225, 87, 89),
    RGBColor(118, 183, 178),
    RGBColor(89, 161, 79),
    RGBColor(237, 201, 72),
    RGBColor(176, 122, 161),
    RGBColor(255, 157, 167),
    RGBColor(156, 117, 95),
    RGBColor(186, 176, 172),
];

/// A set's short label: the file name without its extension.
fn short_name(set: &str) -> String {
    Path::new(set)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| set.to_string())
}

/// One chart of grouped bars on a log scale. Returns `false` (and writes
/// nothing) when no record has a value.
fn grouped_log_bars(
    report: &Report,
    path: &Path,
    title: &str,
    axis: &str,
    value: impl Fn(&ResultRecord) -> Option<f64>,
    lower_bound: impl Fn(&ResultRecord) -> bool,
    label: impl Fn(f64) -> String,
) -> Result<bool, String> {
    let sets: Vec<&str> = report.sets.iter().map(|s| s.name.as_str()).collect();
    let strategies: Vec<&str> = report
        .strategies
        .iter()
        .map(|s| s.id.as_str())
        .filter(|id| {
            report
                .results
                .iter()
                .any(|r| r.strategy == *id && value(r).is_some_and(|v| v > 0.0))
        })
        .collect();
    let values: Vec<f64> = report
        .results
        .iter()
        .filter_map(&value)
        .filter(|v| *v > 0.0)
        .collect();
    if values.is_empty() || strategies.is_empty() {
        return Ok(false);
    }
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    let floor = 10f64.powf((low / 2.0).log10().floor());
    let ceil = 10f64.powf((high * 2.0).log10().ceil());

    let group = strategies.len() as f64;
    let width = (160.0 + sets.len() as f64 * (group * 16.0 + 24.0)).max(720.0) as u32;
    let height = 520u32;
    // Drawn into a temporary file beside `path`, then renamed: never half a chart.
    let temp = crate::output::temp_path(path);
    let root = SVGBackend::new(&temp, (width, height)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..sets.len() as f64, (floor..ceil).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc(axis)
        .y_label_formatter(&|v| label(*v))
        .draw()
        .map_err(|e| err(&e))?;

    let slot = 0.8 / group;
    for (k, id) in strategies.iter().enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        let mut bars = Vec::new();
        let mut flags = Vec::new();
        for (i, set) in sets.iter().enumerate() {
            let Some(row) = report
                .results
                .iter()
                .find(|r| r.set == *set && r.strategy == *id)
            else {
                continue;
            };
            let Some(v) = value(row).filter(|v| *v > 0.0) else {
                continue;
            };
            let x0 = i as f64 + 0.1 + k as f64 * slot;
            let corners = [(x0, floor), (x0 + slot * 0.9, v)];
            if lower_bound(row) {
                bars.push(Rectangle::new(corners, color.mix(0.3).filled()));
                bars.push(Rectangle::new(corners, color.stroke_width(1)));
                flags.push((x0 + slot * 0.45, v));
            } else {
                bars.push(Rectangle::new(corners, color.filled()));
            }
        }
        chart
            .draw_series(bars)
            .map_err(|e| err(&e))?
            .label(*id)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        let style = TextStyle::from(("sans-serif", 12).into_font())
            .pos(Pos::new(HPos::Center, VPos::Bottom));
        chart
            .draw_series(flags.into_iter().map(|p| Text::new(">=", p, style.clone())))
            .map_err(|e| err(&e))?;
    }
    let style =
        TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
    for (i, set) in sets.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, floor));
        root.draw(&Text::new(short_name(set), (x, y + 8), style.clone()))
            .map_err(|e| err(&e))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    drop(chart);
    drop(root);
    crate::output::rename_into(&temp, path).map_err(|e| err(&e))?;
    Ok(true)
}

/// Writes the charts into `dir`; returns the file names written.
pub fn write_charts(report: &Report, dir: &Path) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    let time = "time_per_puzzle.svg";
    if grouped_log_bars(
        report,
        &dir.join(time),
        "Mean solve time per puzzle (log scale; pale bar, >= : a lower bound, budget hits)",
        "time per puzzle",
        |r| r.mean_us,
        |r| r.lower_bound,
        format_us,
    )? {
        written.push(time.to_string());
    }
    let nodes = "nodes_per_puzzle.svg";
    if grouped_log_bars(
        report,
        &dir.join(nodes),
        "Mean search states entered per puzzle (log scale; pale bar, >= : a lower bound)",
        "nodes per puzzle",
        |r| r.nodes_mean,
        |r| r.lower_bound,
        format_si,
    )? {
        written.push(nodes.to_string());
    }
    Ok(written)
}
