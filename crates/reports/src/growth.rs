//! The growth chart: each puzzle's nodes (log scale) against its empty
//! cells, one colour per strategy (the palette's), from the lines of a
//! results file (`compare --results`). It shows how a strategy's tree grows
//! with the cells left to fill: naive's by orders of magnitude where mrv's
//! barely moves. A search stopped by a budget is a triangle (its nodes a
//! lower bound). The guide's `naive-growth.svg`.

use crate::draw::{axis_count, header, header_height, Swatch};
use crate::palette::{self, TEXT_MIN, WIDTH};
use plotters::prelude::*;
use sudoku_engine::results::{Line, StopReason};

/// One strategy on one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub strategy: String,
    /// Empty cells of the puzzle (`.` or `0` in its line).
    pub empty: usize,
    pub nodes: u64,
    /// A budget stopped the search: `nodes` is a lower bound.
    pub bound: bool,
}

/// The points of a run's lines: those that count nodes, strategies in the
/// order they first appear.
pub fn points(lines: &[Line]) -> Vec<Point> {
    lines
        .iter()
        .filter_map(|l| {
            Some(Point {
                strategy: l.strategy.clone(),
                empty: l.puzzle.chars().filter(|&c| c == '.' || c == '0').count(),
                nodes: l.stats.nodes?,
                bound: !matches!(l.stop, StopReason::Exhausted | StopReason::SolutionLimit),
            })
        })
        .collect()
}

/// Height of the plot under the header, px.
const PLOT: u32 = 520;

/// The chart as SVG text, with `title` and `note` above it.
pub fn svg(points: &[Point], title: &str, note: &str) -> Result<String, String> {
    let mut ids: Vec<&str> = Vec::new();
    for p in points {
        if !ids.contains(&p.strategy.as_str()) {
            ids.push(&p.strategy);
        }
    }
    let mut notes = vec![note];
    let bounded = points.iter().any(|p| p.bound);
    if bounded {
        notes.push("A triangle: stopped by the node budget (its nodes a lower bound).");
    }
    let height = header_height(&notes, &ids) + PLOT;
    let xmax = points.iter().map(|p| p.empty).max().unwrap_or(0) / 10 * 10 + 10;
    let top = points.iter().map(|p| p.nodes).max().unwrap_or(1).max(10) as f64;
    let ceil = 10f64.powf(top.log10().ceil());
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, height)).into_drawing_area();
        let e = |x: &dyn std::fmt::Display| x.to_string();
        root.fill(&WHITE).map_err(|x| e(&x))?;
        let area = header(&root, title, &notes, &ids, Swatch::Bar)?;
        let mut chart = ChartBuilder::on(&area)
            .margin(12)
            .margin_right(28)
            .x_label_area_size(56)
            .y_label_area_size(84)
            .build_cartesian_2d(0f64..xmax as f64, (1f64..ceil).log_scale())
            .map_err(|x| e(&x))?;
        chart
            .configure_mesh()
            .x_desc("empty cells of the puzzle")
            .y_desc("nodes (log scale)")
            .x_labels(xmax / 10 + 1)
            .y_labels(10)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| axis_count(*y))
            .label_style(("sans-serif", TEXT_MIN))
            .axis_desc_style(("sans-serif", TEXT_MIN))
            .draw()
            .map_err(|x| e(&x))?;
        for id in &ids {
            let color = palette::color(id);
            let mine = points.iter().filter(|p| p.strategy == *id);
            let at = |p: &Point| (p.empty as f64, p.nodes.max(1) as f64);
            chart
                .draw_series(
                    mine.clone()
                        .filter(|p| !p.bound)
                        .map(|p| Circle::new(at(p), 5, color.mix(0.55).filled())),
                )
                .map_err(|x| e(&x))?;
            chart
                .draw_series(
                    mine.filter(|p| p.bound)
                        .map(|p| TriangleMarker::new(at(p), 7, color.mix(0.75).filled())),
                )
                .map_err(|x| e(&x))?;
        }
        root.present().map_err(|x| e(&x))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_per_strategy_and_puzzle_in_its_colour() {
        let p = |s: &str, empty, nodes, bound| Point {
            strategy: s.into(),
            empty,
            nodes,
            bound,
        };
        let points = [
            p("one", 10, 20, false),
            p("two", 10, 11, false),
            p("one", 60, 10_000_000, true),
        ];
        let svg = svg(&points, "growth", "a note").unwrap();
        assert_eq!(svg.matches("<circle").count(), 2, "{svg}");
        assert_eq!(svg.matches("<polygon").count(), 1, "one triangle: {svg}");
        assert!(svg.contains("stopped by the node budget"), "{svg}");
        assert!(svg.contains("10M"), "the axis reads in units: {svg}");
    }
}
