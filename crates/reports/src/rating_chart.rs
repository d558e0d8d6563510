//! `rating_vs_nodes*.svg`: for every rated set, the puzzles' ratings against
//! the nodes each strategy entered, one panel per strategy (the rating
//! study's chart; its figures are [`study`](crate::study)'s).

use crate::cells::rho;
use crate::draw::{axis_count, header, header_height, Area, Swatch};
use crate::palette::{self, TEXT_AXIS, TEXT_MIN, WIDTH};
use crate::report::{Report, StudyRecord};
use plotters::prelude::*;
use std::path::Path;

/// The chart file of a rated set: `rating_vs_nodes.svg` when it is the only
/// rated set, else `rating_vs_nodes_<file stem>.svg`.
fn chart_name(set: &str, only: bool) -> String {
    if only {
        return "rating_vs_nodes.svg".into();
    }
    let stem: String = Path::new(set)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| set.to_string())
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("rating_vs_nodes_{stem}.svg")
}

/// Draws, for every rated set, rating against nodes per puzzle: one panel
/// per strategy that counts nodes; returns the file names written.
pub fn write_charts(report: &Report, dir: &Path) -> Result<Vec<String>, String> {
    let rated: Vec<&str> = report
        .sets
        .iter()
        .map(|s| s.name.as_str())
        .filter(|name| {
            report
                .study
                .iter()
                .any(|r| r.set == *name && !r.points.is_empty())
        })
        .collect();
    let mut written = Vec::new();
    for set in &rated {
        let name = chart_name(set, rated.len() == 1);
        draw_set(report, set, &dir.join(&name))?;
        written.push(name);
    }
    Ok(written)
}

/// Panels per row of the chart.
const COLUMNS: usize = 2;
/// Height of one panel, px.
const PANEL: u32 = 360;

/// The chart of one set: a panel per strategy, the puzzles as bubbles (one
/// per rating and tenth of a decade of nodes, its area the number of
/// puzzles there: thousands of dots would make a heavy SVG), and a line
/// through the median nodes of each rating.
fn draw_set(report: &Report, set: &str, path: &Path) -> Result<(), String> {
    let rows: Vec<_> = report
        .study
        .iter()
        .filter(|r| r.set == set && !r.points.is_empty())
        .collect();
    let ids: Vec<&str> = rows.iter().map(|r| r.strategy.as_str()).collect();
    let note = format!(
        "{set}: each panel is one strategy; x is the puzzle's rating, y the search states it \
         entered (log scale). A bubble's area is the number of puzzles at that rating and \
         tenth of a decade; the line joins the median nodes of each rating. rho: Spearman \
         correlation of rating and nodes."
    );
    let notes = [note.as_str()];
    let panel_rows = rows.len().div_ceil(COLUMNS) as u32;
    let height = header_height(&notes, &ids) + panel_rows * PANEL + 8;
    let temp = sudoku_engine::output::temp_path(path);
    let root = SVGBackend::new(&temp, (WIDTH, height)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let area = header(
        &root,
        "Rating against nodes per puzzle",
        &notes,
        &ids,
        Swatch::Bar,
    )
    .map_err(|e| err(&e))?;
    let all: Vec<(f64, u64)> = rows.iter().flat_map(|r| r.points.iter().copied()).collect();
    let low = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let high = all.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = ((low * 2.0).floor() / 2.0, (high * 2.0).ceil() / 2.0);
    let high = if high > low { high } else { low + 1.0 };
    let most = all.iter().map(|p| p.1).max().unwrap_or(1).max(10) as f64;
    let ceil = 10f64.powf(most.log10().ceil());
    let panels = area.split_evenly((panel_rows as usize, COLUMNS));
    for (record, panel) in rows.iter().zip(&panels) {
        draw_panel(panel, record, (low, high), ceil).map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    drop(panels);
    drop(area);
    drop(root);
    sudoku_engine::output::rename_into(&temp, path).map_err(|e| err(&e))
}

/// One strategy's panel.
fn draw_panel(
    panel: &Area,
    record: &StudyRecord,
    (low, high): (f64, f64),
    ceil: f64,
) -> Result<(), String> {
    let e = |x: &dyn std::fmt::Display| x.to_string();
    let color = palette::color(&record.strategy);
    let caption = format!("{}: rho = {}", record.strategy, rho(record.spearman_nodes));
    // Whole ratings on a wide range; tenths on a narrow one.
    let (x_ticks, decimals) = if high - low >= 2.0 {
        (((high - low) as usize + 1).min(8), 0)
    } else {
        (((high - low) * 10.0) as usize / 2 + 1, 1)
    };
    let mut chart = ChartBuilder::on(panel)
        .margin(10)
        .margin_right(20)
        .caption(caption, ("sans-serif", TEXT_AXIS))
        .x_label_area_size(48)
        .y_label_area_size(70)
        .build_cartesian_2d(low..high, (1f64..ceil).log_scale())
        .map_err(|x| e(&x))?;
    chart
        .configure_mesh()
        .x_desc("rating")
        .x_labels(x_ticks)
        .y_labels(6)
        .x_label_formatter(&|x| format!("{x:.decimals$}"))
        .y_label_formatter(&|y| axis_count(*y))
        .label_style(("sans-serif", TEXT_MIN))
        .axis_desc_style(("sans-serif", TEXT_MIN))
        .draw()
        .map_err(|x| e(&x))?;
    // Bubbles: puzzles counted per (rating to a tenth, tenth of a decade).
    let mut cells: Vec<((i64, i64), u32)> = Vec::new();
    for &(rating, nodes) in &record.points {
        let key = (
            (rating * 10.0).round() as i64,
            ((nodes.max(1) as f64).log10() * 10.0).round() as i64,
        );
        match cells.iter_mut().find(|c| c.0 == key) {
            Some(c) => c.1 += 1,
            None => cells.push((key, 1)),
        }
    }
    let biggest = cells.iter().map(|c| c.1).max().unwrap_or(1) as f64;
    chart
        .draw_series(cells.iter().map(|&((x, y), n)| {
            let radius = (2.0 + 7.0 * (n as f64 / biggest).sqrt()).round() as i32;
            Circle::new(
                (x as f64 / 10.0, 10f64.powf(y as f64 / 10.0)),
                radius,
                color.mix(0.45).filled(),
            )
        }))
        .map_err(|x| e(&x))?;
    chart
        .draw_series(LineSeries::new(
            medians(&record.points),
            color.stroke_width(3),
        ))
        .map_err(|x| e(&x))?;
    Ok(())
}

/// The median nodes of each rating (to a tenth), in rating order.
fn medians(points: &[(f64, u64)]) -> Vec<(f64, f64)> {
    let mut by_rating: Vec<(i64, Vec<u64>)> = Vec::new();
    for &(rating, nodes) in points {
        let key = (rating * 10.0).round() as i64;
        match by_rating.iter_mut().find(|b| b.0 == key) {
            Some(b) => b.1.push(nodes.max(1)),
            None => by_rating.push((key, vec![nodes.max(1)])),
        }
    }
    by_rating.sort_by_key(|b| b.0);
    by_rating
        .into_iter()
        .map(|(key, mut nodes)| {
            nodes.sort_unstable();
            (key as f64 / 10.0, sudoku_engine::interval::median(&nodes))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_per_rating() {
        let points = [(7.2, 10), (7.2, 30), (5.0, 4), (7.2, 20), (5.0, 6)];
        assert_eq!(medians(&points), vec![(5.0, 5.0), (7.2, 20.0)]);
    }
}
