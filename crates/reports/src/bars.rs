//! The bar charts `time_per_puzzle.svg` and `nodes_per_puzzle.svg`: one
//! group of bars per set, one bar per strategy, log scale. A bar whose value
//! is a lower bound (the strategy hit a budget on the set, and its mean
//! includes puzzles stopped at the budget) is drawn pale with a thick outline
//! and a triangle above it.

use crate::draw::*;
use crate::palette::{self, TEXT_AXIS, TEXT_MIN, WIDTH};
use crate::report::{Report, ResultRecord};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// A set's short label: the file name without its extension.
fn short_name(set: &str) -> String {
    Path::new(set)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| set.to_string())
}

/// One chart of grouped bars on a log scale. Returns `false` (and writes
/// nothing) when no record has a value.
#[allow(clippy::too_many_arguments)]
pub fn grouped_log_bars(
    report: &Report,
    path: &Path,
    title: &str,
    note: &str,
    axis: &str,
    value: impl Fn(&ResultRecord) -> Option<f64>,
    lower_bound: impl Fn(&ResultRecord) -> bool,
    label: fn(f64) -> String,
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
    let (floor, ceil) = decades(&values);
    let any_bound = report
        .results
        .iter()
        .any(|r| lower_bound(r) && value(r).is_some());
    let notes: Vec<&str> = if any_bound {
        vec![note, "Pale bar with a triangle above it: a lower bound (the strategy hit a budget on the set)."]
    } else {
        vec![note]
    };

    // Set labels lie flat when they fit under their group, upright otherwise.
    let y_area = 110;
    let plot_width = WIDTH as i32 - y_area - 2 * MARGIN;
    let slot_px = plot_width / sets.len().max(1) as i32;
    let labels: Vec<String> = sets.iter().map(|s| short_name(s)).collect();
    let longest = labels
        .iter()
        .map(|l| text_width(l, TEXT_AXIS))
        .max()
        .unwrap_or(0);
    let upright = longest > slot_px - 8;
    let x_area = if upright { longest + 24 } else { 44 };
    let height = header_height(&notes, &strategies) + 420 + x_area as u32;

    // Drawn into a temporary file beside `path`, then renamed: never half a chart.
    let temp = sudoku_engine::output::temp_path(path);
    let root = SVGBackend::new(&temp, (WIDTH, height)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let area = header(&root, title, &notes, &strategies, Swatch::Bar).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&area)
        .margin(MARGIN)
        .x_label_area_size(x_area)
        .y_label_area_size(y_area)
        .build_cartesian_2d(0f64..sets.len() as f64, (floor..ceil).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc(axis)
        .y_label_formatter(&|v| label(*v))
        .label_style(font(TEXT_MIN))
        .axis_desc_style(font(TEXT_AXIS))
        .draw()
        .map_err(|e| err(&e))?;

    let group = strategies.len() as f64;
    let slot = 0.84 / group;
    let bar_px = (slot_px as f64 * slot * 0.9) as i32;
    let marker = (bar_px / 2).clamp(5, 10);
    for (k, id) in strategies.iter().enumerate() {
        let color = palette::color(id);
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
            let x0 = i as f64 + 0.08 + k as f64 * slot;
            let corners = [(x0, floor), (x0 + slot * 0.9, v)];
            if lower_bound(row) {
                bars.push(Rectangle::new(corners, color.mix(0.3).filled()));
                bars.push(Rectangle::new(corners, color.stroke_width(2)));
                flags.push((x0 + slot * 0.45, v));
            } else {
                bars.push(Rectangle::new(corners, color.filled()));
            }
        }
        chart.draw_series(bars).map_err(|e| err(&e))?;
        chart
            .draw_series(flags.into_iter().map(|p| {
                EmptyElement::at(p) + TriangleMarker::new((0, -marker - 3), marker, color.filled())
            }))
            .map_err(|e| err(&e))?;
    }
    let style = font(TEXT_AXIS);
    for (i, text) in labels.into_iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, floor));
        let placed = if upright {
            style
                .clone()
                .transform(FontTransform::Rotate270)
                .pos(Pos::new(HPos::Right, VPos::Center))
        } else {
            style.clone().pos(Pos::new(HPos::Center, VPos::Top))
        };
        root.draw(&Text::new(text, (x, y + 8), placed))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    drop(chart);
    drop(area);
    drop(root);
    sudoku_engine::output::rename_into(&temp, path).map_err(|e| err(&e))?;
    Ok(true)
}
