//! `ladder.svg`: the ladder's chart, drawn from its rows. Kept apart from the
//! measuring (`ladder.rs`), so the picture can be redrawn without touching
//! how the figures are made.

use crate::format::{format_si as si, format_us};
use crate::ladder::Row;
use plotters::prelude::*;
use std::path::Path;
use sudoku_propagate::Rules;

fn time_us(us: f64) -> String {
    format_us(us)
}

/// Nodes per puzzle (x) against time per node (y), log scales, one point per
/// rung and set, one colour per rules level, one marker per branching, with
/// lines of equal time per puzzle (x·y constant).
pub fn chart(path: &Path, rows: &[Row]) -> Result<(), String> {
    let points: Vec<&Row> = rows
        .iter()
        .filter(|r| r.nodes_per_puzzle > 0.0 && r.ns_per_node > 0.0)
        .collect();
    if points.is_empty() {
        return Ok(());
    }
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, 0f64, f64::MAX, 0f64);
    for r in &points {
        x0 = x0.min(r.nodes_per_puzzle);
        x1 = x1.max(r.nodes_per_puzzle);
        y0 = y0.min(r.ns_per_node);
        y1 = y1.max(r.ns_per_node);
    }
    let (x0, x1, y0, y1) = (x0 / 2.0, x1 * 2.0, y0 / 2.0, y1 * 2.0);
    let root = SVGBackend::new(path, (900, 600)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "The pruning ladder: each rule buys a smaller tree at a higher price per node",
            ("sans-serif", 18),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("search nodes per puzzle (log)")
        .y_desc("time per node, ns (log)")
        .x_label_formatter(&|x| si(*x))
        .y_label_formatter(&|y| si(*y))
        .draw()
        .map_err(|e| err(&e))?;
    // Lines of equal time per puzzle: nodes · ns/node = t.
    let grey = RGBColor(200, 200, 200);
    let mut t = 1e2; // ns
    while t < x1 * y1 {
        if t > x0 * y0 {
            let line = (0..=60).map(|i| {
                let x = x0 * (x1 / x0).powf(i as f64 / 60.0);
                (x, t / x)
            });
            let line: Vec<(f64, f64)> = line.filter(|&(_, y)| y >= y0 && y <= y1).collect();
            if let (Some(&first), true) = (line.first(), line.len() > 1) {
                chart
                    .draw_series(LineSeries::new(line, grey.stroke_width(1)))
                    .map_err(|e| err(&e))?;
                chart
                    .draw_series([Text::new(
                        time_us(t / 1e3),
                        first,
                        ("sans-serif", 11)
                            .into_font()
                            .color(&RGBColor(150, 150, 150)),
                    )])
                    .map_err(|e| err(&e))?;
            }
        }
        t *= 10.0;
    }
    for (k, rules) in Rules::ALL.iter().enumerate() {
        let colour = crate::compare::chart::PALETTE[k];
        let mine: Vec<&&Row> = points
            .iter()
            .filter(|r| r.rung.ends_with(&format!("/{}", rules.as_str())))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let series = mine.iter().map(|r| {
            let at = (r.nodes_per_puzzle, r.ns_per_node);
            let marker: DynElement<'_, SVGBackend<'_>, (f64, f64)> =
                if r.rung.starts_with("prop:rowmajor") {
                    Cross::new(at, 5, colour.stroke_width(2)).into_dyn()
                } else if r.rung.starts_with("prop:mrv") {
                    Circle::new(at, 5, colour.filled()).into_dyn()
                } else {
                    TriangleMarker::new(at, 6, colour.filled()).into_dyn()
                };
            marker
        });
        chart
            .draw_series(series)
            .map_err(|e| err(&e))?
            .label(rules.as_str())
            .legend(move |(x, y)| Circle::new((x, y), 5, colour.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(|e| err(&e))?;
    root.draw(&Text::new(
        "x rowmajor   o mrv   ^ fewest; grey: equal time per puzzle",
        (70, 580),
        ("sans-serif", 12),
    ))
    .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
