//! `cactus.svg`, the cactus plot of budgeted runs: for each strategy, its
//! decided puzzles (over every set) sorted by time, the k-th fastest at (k,
//! its time); a line ends at the number of puzzles the strategy decided, so
//! further right is more puzzles decided and lower is faster.

use crate::draw::*;
use crate::palette::{self, TEXT_AXIS, TEXT_MIN, WIDTH};
use crate::report::Report;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// The cactus plot: one line per strategy through its decided puzzles, the
/// k-th fastest at (k, time). Returns `false` when nothing was decided.
pub fn cactus(report: &Report, path: &Path) -> Result<bool, String> {
    let lines: Vec<(&str, Vec<f64>, u64)> = report
        .strategies
        .iter()
        .map(|s| {
            let rows = report.results.iter().filter(|r| r.strategy == s.id);
            let mut times: Vec<f64> = Vec::new();
            let mut attempted = 0;
            for r in rows {
                times.extend(r.decided_us.iter().copied());
                attempted += r.attempted;
            }
            times.retain(|t| *t > 0.0);
            times.sort_by(f64::total_cmp);
            (s.id.as_str(), times, attempted)
        })
        .filter(|(_, times, _)| !times.is_empty())
        .collect();
    if lines.is_empty() {
        return Ok(false);
    }
    let ids: Vec<&str> = lines.iter().map(|l| l.0).collect();
    let most = lines.iter().map(|l| l.2).max().unwrap_or(1).max(1);
    let budget_us = report.machine.time_budget_ms.map(|ms| ms * 1e3);
    let mut values: Vec<f64> = lines.iter().flat_map(|l| l.1.iter().copied()).collect();
    values.extend(budget_us);
    let (floor, ceil) = decades(&values);
    let puzzles: u64 = report.sets.iter().map(|s| s.puzzles + s.parse_errors).sum();
    let note = format!(
        "Each strategy's decided puzzles, over all {} set{} ({puzzles} puzzles), sorted by time: \
         the k-th fastest at (k, its time). A line ends at the number of puzzles the strategy \
         decided: budget hits, crashes, wrong answers and unsupported shapes are not decided. \
         Further right: more puzzles decided; lower: faster.",
        report.sets.len(),
        if report.sets.len() == 1 { "" } else { "s" },
    );
    let notes = [note.as_str()];
    let height = header_height(&notes, &ids) + 480;

    let temp = sudoku_engine::output::temp_path(path);
    let root = SVGBackend::new(&temp, (WIDTH, height)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let area = header(
        &root,
        "Cactus plot: puzzles decided against time per puzzle",
        &notes,
        &ids,
        Swatch::Line,
    )
    .map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&area)
        .margin(MARGIN)
        .margin_right(MARGIN * 2)
        .x_label_area_size(56)
        .y_label_area_size(110)
        .build_cartesian_2d(0f64..most as f64 * 1.02, (floor..ceil).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("puzzles decided")
        .y_desc("time per puzzle (log scale)")
        .x_label_formatter(&|x| axis_count(x.round()))
        .y_label_formatter(&|y| axis_time(*y))
        .label_style(font(TEXT_MIN))
        .axis_desc_style(font(TEXT_AXIS))
        .draw()
        .map_err(|e| err(&e))?;
    if let Some(budget) = budget_us {
        let grey = RGBColor(110, 110, 110);
        chart
            .draw_series(DashedLineSeries::new(
                vec![(0.0, budget), (most as f64 * 1.02, budget)],
                8,
                6,
                grey.stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
        let style = font(TEXT_MIN)
            .color(&grey)
            .pos(Pos::new(HPos::Left, VPos::Bottom));
        let (x, y) = chart.backend_coord(&(0.0, budget));
        root.draw(&Text::new(
            format!("time budget {}", axis_time(budget)),
            (x + 8, y - 4),
            style,
        ))
        .map_err(|e| err(&e))?;
    }
    for (id, times, _) in &lines {
        let color = palette::color(id);
        let points: Vec<(f64, f64)> = times
            .iter()
            .enumerate()
            .map(|(k, t)| ((k + 1) as f64, *t))
            .collect();
        let last = *points.last().expect("non-empty");
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(3)))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(std::iter::once(Circle::new(last, 5, color.filled())))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    drop(chart);
    drop(area);
    drop(root);
    sudoku_engine::output::rename_into(&temp, path).map_err(|e| err(&e))?;
    Ok(true)
}
