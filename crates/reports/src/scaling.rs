//! `scaling`'s aggregator and views: a point per strategy and side (the
//! median time and nodes per puzzle over the set of that side), the Markdown
//! table (a column per side), the report files (`scaling.json` through
//! [`export`](crate::export), `scaling.md`) and the chart (`scaling.svg`:
//! two panels, time and nodes against the side, drawn with
//! [`draw`](crate::draw) on the [`palette`](crate::palette)).
//!
//! The side of each set is the command's to say ([`SideOfSet`]): nothing
//! here reads it back out of a name or a label.

use crate::export::json;
use crate::report::Report;
use plotters::prelude::*;
use std::path::Path;

/// A set of the study and its grid side, as the command defines them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideOfSet {
    pub set: String,
    pub side: usize,
}

/// One point of a line: a strategy on the set of one side. The same
/// statistic, the median over the set's puzzles, on both panels.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Point {
    pub side: usize,
    pub set: String,
    pub strategy: String,
    /// Median solve time per puzzle, µs.
    pub median_us: Option<f64>,
    /// `median_us` is a lower bound (budget hits rank at or below it).
    pub median_lower_bound: bool,
    /// Median search states entered per puzzle.
    pub nodes_median: Option<f64>,
    /// `nodes_median` is a lower bound.
    pub nodes_median_lower_bound: bool,
    pub budget_hit: u64,
    pub decided: u64,
    pub attempted: u64,
}

/// The points of a report, per strategy in registry order, smallest side first.
pub fn points(report: &Report, sides: &[SideOfSet]) -> Vec<Point> {
    let mut points: Vec<Point> = report
        .results
        .iter()
        .filter(|r| r.supported)
        .filter_map(|r| {
            Some(Point {
                side: sides.iter().find(|s| s.set == r.set)?.side,
                set: r.set.clone(),
                strategy: r.strategy.clone(),
                median_us: r.median_us,
                median_lower_bound: r.median_lower_bound,
                nodes_median: r.nodes_median,
                nodes_median_lower_bound: r.nodes_median_lower_bound,
                budget_hit: r.budget_hit,
                decided: r.decided,
                attempted: r.attempted,
            })
        })
        .collect();
    points.sort_by_key(|p| p.side);
    points
}

/// The strategies of a report in the order they ran (the registry's), so the
/// rows come in the same order as in `compare`'s tables.
fn strategy_ids(report: &Report) -> Vec<&str> {
    report.strategies.iter().map(|s| s.id.as_str()).collect()
}

pub fn markdown_table(points: &[Point], report: &Report) -> String {
    use sudoku_engine::format::{format_si, format_us};
    let mut sides: Vec<usize> = points.iter().map(|p| p.side).collect();
    sides.dedup();
    let ids = strategy_ids(report);
    let mut out = String::from("| strategy |");
    for side in &sides {
        out.push_str(&format!(" {side}x{side} |"));
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(sides.len()));
    out.push('\n');
    let bound = |lower: bool| if lower { ">= " } else { "" };
    for id in ids {
        out.push_str(&format!("| {id} |"));
        for side in &sides {
            let cell = match points.iter().find(|p| p.strategy == id && p.side == *side) {
                None => "n/a".to_string(),
                Some(p) => {
                    let time = p
                        .median_us
                        .map(|t| format!("{}{}", bound(p.median_lower_bound), format_us(t)))
                        .unwrap_or_else(|| "-".into());
                    let nodes = p
                        .nodes_median
                        .map(|n| {
                            format!(
                                ", {}{} nodes",
                                bound(p.nodes_median_lower_bound),
                                format_si(n)
                            )
                        })
                        .unwrap_or_default();
                    let hit = if p.budget_hit > 0 {
                        format!(" ({}/{} budget)", p.budget_hit, p.attempted)
                    } else {
                        String::new()
                    };
                    format!("{time}{nodes}{hit}")
                }
            };
            out.push_str(&format!(" {cell} |"));
        }
        out.push('\n');
    }
    let sets: Vec<String> = report
        .sets
        .iter()
        .map(|s| format!("{} ({} puzzles)", s.name, s.puzzles))
        .collect();
    out.push_str(&format!(
        "\nMedian time per puzzle and median nodes (search states entered) per puzzle, \
         proving uniqueness, over each set: {}. \"(k/n budget)\": k of the n puzzles hit a \
         budget; `>= ` marks a median those puzzles make a lower bound.\n",
        sets.join(", ")
    ));
    out
}

/// The points as JSON, with the machine that measured them: what
/// `scaling --format json` prints and `scaling.json` holds.
pub fn points_json(report: &Report, points: &[Point]) -> String {
    json(&serde_json::json!({ "machine": report.machine, "points": points }))
}

/// The points as CSV, one line each: what `scaling --format csv` prints.
pub fn points_csv(points: &[Point]) -> String {
    crate::export::csv(points)
}

pub fn write(dir: &Path, report: &Report, points: &[Point], table: &str) -> Result<(), String> {
    sudoku_engine::output::report_dir(dir)?;
    let text = points_json(report, points);
    sudoku_engine::output::write_atomic(&dir.join("scaling.json"), text.as_bytes())
        .map_err(|e| e.to_string())?;
    let md = format!(
        "# Scaling study\n\nCommand: `{}`\n\n{table}\n![scaling](scaling.svg)\n",
        report.machine.command.clone().unwrap_or_default()
    );
    sudoku_engine::output::write_atomic(&dir.join("scaling.md"), md.as_bytes())
        .map_err(|e| e.to_string())?;
    chart(&dir.join("scaling.svg"), points)
}

/// Two panels, one above the other: time and nodes against the side, one
/// legend above them, colours from [`crate::palette`].
fn chart(path: &Path, points: &[Point]) -> Result<(), String> {
    use crate::draw::{axis_count, axis_time, header, header_height, Swatch};
    use crate::palette::WIDTH;
    // One colour per strategy, the same on both panels and on every chart.
    let mut ids: Vec<&str> = Vec::new();
    for p in points {
        if !ids.contains(&p.strategy.as_str()) {
            ids.push(&p.strategy);
        }
    }
    let notes = [
        "Median over each set's puzzles against the side n of the grid, log scales. \
                  A hollow point is a lower bound (budget hits rank at or below the median); \
                  the line stops there.",
    ];
    let panel_height = 420;
    let height = header_height(&notes, &ids) + 2 * panel_height;
    let temp = sudoku_engine::output::temp_path(path);
    let root = SVGBackend::new(&temp, (WIDTH, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let sides: Vec<usize> = points.iter().map(|p| p.side).collect();
    let (lo, hi) = (
        *sides.iter().min().unwrap_or(&4) as f64,
        *sides.iter().max().unwrap_or(&25) as f64,
    );
    let area = header(
        &root,
        "Scaling: cost against the grid side",
        &notes,
        &ids,
        Swatch::Line,
    )?;
    let (top, bottom) = area.split_vertically(panel_height);
    panel(
        &top,
        points,
        &ids,
        "median time per puzzle",
        (lo, hi),
        |p| p.median_us.map(|v| (v, p.median_lower_bound)),
        axis_time,
    )?;
    panel(
        &bottom,
        points,
        &ids,
        "median nodes per puzzle",
        (lo, hi),
        |p| p.nodes_median.map(|v| (v, p.nodes_median_lower_bound)),
        axis_count,
    )?;
    root.present().map_err(|e| e.to_string())?;
    drop(top);
    drop(bottom);
    drop(area);
    drop(root);
    sudoku_engine::output::rename_into(&temp, path).map_err(|e| e.to_string())
}

/// One panel: a line per strategy through `value` (the figure and whether it
/// is a lower bound) against the side.
fn panel(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    points: &[Point],
    all_ids: &[&str],
    axis: &str,
    (lo, hi): (f64, f64),
    value: impl Fn(&Point) -> Option<(f64, bool)>,
    label: fn(f64) -> String,
) -> Result<(), String> {
    use crate::palette::{self, TEXT_AXIS, TEXT_MIN};
    let values: Vec<f64> = points
        .iter()
        .filter_map(|p| value(p).map(|v| v.0))
        .filter(|v| *v > 0.0)
        .collect();
    if values.is_empty() {
        return Ok(());
    }
    let ymin = values.iter().cloned().fold(f64::MAX, f64::min) / 2.0;
    let ymax = values.iter().cloned().fold(0.0, f64::max) * 2.0;
    let mut chart = ChartBuilder::on(area)
        .margin(16)
        .margin_right(32)
        .x_label_area_size(56)
        .y_label_area_size(110)
        .build_cartesian_2d(lo - 1.0..hi + 1.0, (ymin..ymax).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("side n")
        .y_desc(axis)
        .x_labels(12)
        .x_label_formatter(&|x| format!("{}", x.round()))
        .y_label_formatter(&|y| label(*y))
        .label_style(("sans-serif", TEXT_MIN))
        .axis_desc_style(("sans-serif", TEXT_AXIS))
        .draw()
        .map_err(|e| e.to_string())?;
    for id in all_ids {
        let color = palette::color(id);
        let line: Vec<(f64, f64, bool)> = points
            .iter()
            .filter(|p| p.strategy == *id)
            .filter_map(|p| value(p).map(|(v, lower)| (p.side as f64, v, lower)))
            .filter(|&(_, v, _)| v > 0.0)
            .collect();
        if line.is_empty() {
            continue;
        }
        // The line runs through the exact medians; it stops at the first
        // median that is a lower bound, which is drawn hollow.
        let finished = line.iter().take_while(|p| !p.2).count();
        let drawn: Vec<(f64, f64)> = line
            .iter()
            .take(finished + 1)
            .map(|&(x, y, _)| (x, y))
            .collect();
        chart
            .draw_series(LineSeries::new(drawn.clone(), color.stroke_width(3)))
            .map_err(|e| e.to_string())?;
        for (k, &(x, y)) in drawn.iter().enumerate() {
            let hit = k >= finished;
            let style = if hit {
                color.stroke_width(3)
            } else {
                color.filled()
            };
            chart
                .draw_series(std::iter::once(Circle::new((x, y), 6, style)))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}
