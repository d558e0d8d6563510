//! SVG charts of a report (plotters, SVG backend, no font files needed: the
//! SVG names a generic font family and the viewer renders the text).
//!
//! * `time_per_puzzle.svg`: mean solve time per puzzle, one group of bars per
//!   set, one bar per strategy, log scale;
//! * `nodes_per_puzzle.svg`: mean search states entered per puzzle, the same
//!   layout (strategies that count no nodes are left out);
//! * `cactus.svg`: the cactus plot of budgeted runs: for each strategy, its
//!   decided puzzles (over every set) sorted by time, the k-th fastest at
//!   (k, its time); a line ends at the number of puzzles the strategy
//!   decided, so further right is more puzzles decided and lower is faster.
//!
//! A bar whose value is a lower bound (the strategy hit a budget on the set,
//! and its mean includes puzzles stopped at the budget) is drawn pale with a
//! thick outline and a triangle above it.
//!
//! Every chart is [`palette::WIDTH`] px wide with text legible at 880 px, has
//! its legend above the plot, and takes its colours from [`palette`]. Axes
//! read in the units a person reads: `10 µs`, `2.5 ms`, `1 s`; `10k`, `1M`.

use super::palette::{self, TEXT_AXIS, TEXT_MIN, TEXT_TITLE, WIDTH};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;
use sudoku_engine::report::{Report, ResultRecord};

/// Categorical colours, for charts whose colours are not strategies (kept
/// under this name for the ladder chart); a strategy's colour is
/// [`palette::color`].
pub use super::palette::CATEGORIES as PALETTE;

/// A drawing area of an SVG chart.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A figure with at most three significant digits and no trailing zeros:
/// `2`, `2.5`, `0.25`, `125`.
fn short_number(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return "0".into();
    }
    let digits = (2 - v.abs().log10().floor() as i32).clamp(0, 6) as usize;
    let text = format!("{v:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A time axis label from µs: `500 ns`, `10 µs`, `2.5 ms`, `1 s`, `2 min`.
pub fn axis_time(us: f64) -> String {
    match us {
        u if u < 1.0 => format!("{} ns", short_number(u * 1e3)),
        u if u < 1e3 => format!("{} µs", short_number(u)),
        u if u < 1e6 => format!("{} ms", short_number(u / 1e3)),
        u if u < 6e7 => format!("{} s", short_number(u / 1e6)),
        u => format!("{} min", short_number(u / 6e7)),
    }
}

/// A count axis label: `5`, `250`, `10k`, `2.5M`, `1G`.
pub fn axis_count(x: f64) -> String {
    match x {
        v if v < 1e3 => short_number(v),
        v if v < 1e6 => format!("{}k", short_number(v / 1e3)),
        v if v < 1e9 => format!("{}M", short_number(v / 1e6)),
        v => format!("{}G", short_number(v / 1e9)),
    }
}

/// Estimated width in px of `text` at plotters font size `size` (sans-serif
/// averages about 0.45 of the size per character; generous, so labels never
/// collide).
pub fn text_width(text: &str, size: u32) -> i32 {
    (text.chars().count() as f64 * size as f64 * 0.5).ceil() as i32
}

/// Words of `text` in lines at most `width` px wide at `size`.
pub fn wrap(text: &str, width: i32, size: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

const MARGIN: i32 = 16;
const LINE: i32 = 26;

/// The legend's entries laid out in rows across `width` px.
fn legend_rows<'a>(ids: &[&'a str], width: i32) -> Vec<Vec<&'a str>> {
    let mut rows: Vec<Vec<&str>> = Vec::new();
    let mut used = 0;
    for id in ids {
        let w = 40 + text_width(id, TEXT_MIN) + 16;
        match rows.last_mut() {
            Some(row) if used + w <= width => {
                row.push(id);
                used += w;
            }
            _ => {
                rows.push(vec![id]);
                used = w;
            }
        }
    }
    rows
}

/// How a legend shows a strategy: a filled square (bars) or a line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    Bar,
    Line,
}

/// The height of [`header`] for these notes and strategies.
pub fn header_height(notes: &[&str], ids: &[&str]) -> u32 {
    let inner = WIDTH as i32 - 2 * MARGIN;
    let note_lines: usize = notes.iter().map(|n| wrap(n, inner, TEXT_MIN).len()).sum();
    (MARGIN + 34 + note_lines as i32 * LINE + legend_rows(ids, inner).len() as i32 * LINE + 8)
        as u32
}

/// Draws the title, the notes (wrapped) and the legend at the top of `root`
/// and returns the area below them, for the plot.
pub fn header<'a>(
    root: &Area<'a>,
    title: &str,
    notes: &[&str],
    ids: &[&str],
    swatch: Swatch,
) -> Result<Area<'a>, String> {
    let height = header_height(notes, ids);
    let (top, rest) = root.split_vertically(height);
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let title_style = TextStyle::from(
        ("sans-serif", TEXT_TITLE)
            .into_font()
            .style(FontStyle::Bold),
    )
    .pos(Pos::new(HPos::Left, VPos::Top));
    top.draw(&Text::new(title.to_string(), (MARGIN, MARGIN), title_style))
        .map_err(|x| e(&x))?;
    let note_style = TextStyle::from(("sans-serif", TEXT_MIN).into_font())
        .color(&RGBColor(60, 60, 60))
        .pos(Pos::new(HPos::Left, VPos::Top));
    let inner = WIDTH as i32 - 2 * MARGIN;
    let mut y = MARGIN + 34;
    for note in notes {
        for line in wrap(note, inner, TEXT_MIN) {
            top.draw(&Text::new(line, (MARGIN, y), note_style.clone()))
                .map_err(|x| e(&x))?;
            y += LINE;
        }
    }
    let label = TextStyle::from(("sans-serif", TEXT_MIN).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center));
    for row in legend_rows(ids, inner) {
        let mut x = MARGIN;
        let mid = y + LINE / 2;
        for id in row {
            let color = palette::color(id);
            match swatch {
                Swatch::Bar => top
                    .draw(&Rectangle::new(
                        [(x, mid - 8), (x + 28, mid + 8)],
                        color.filled(),
                    ))
                    .map_err(|x| e(&x))?,
                Swatch::Line => top
                    .draw(&PathElement::new(
                        vec![(x, mid), (x + 28, mid)],
                        color.stroke_width(4),
                    ))
                    .map_err(|x| e(&x))?,
            }
            top.draw(&Text::new(id.to_string(), (x + 36, mid), label.clone()))
                .map_err(|x| e(&x))?;
            x += 40 + text_width(id, TEXT_MIN) + 16;
        }
        y += LINE;
    }
    Ok(rest)
}

/// The mesh style every chart shares: legible tick labels and axis names.
fn font(size: u32) -> TextStyle<'static> {
    TextStyle::from(("sans-serif", size).into_font())
}

/// A set's short label: the file name without its extension.
fn short_name(set: &str) -> String {
    Path::new(set)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| set.to_string())
}

/// Powers of ten bracketing `values` (positive), for a log axis.
fn decades(values: &[f64]) -> (f64, f64) {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    (
        10f64.powf((low * 0.9).log10().floor()),
        10f64.powf((high * 1.1).log10().ceil()),
    )
}

/// One chart of grouped bars on a log scale. Returns `false` (and writes
/// nothing) when no record has a value.
#[allow(clippy::too_many_arguments)]
fn grouped_log_bars(
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

/// The cactus plot: one line per strategy through its decided puzzles, the
/// k-th fastest at (k, time). Returns `false` when nothing was decided.
fn cactus(report: &Report, path: &Path) -> Result<bool, String> {
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

/// Writes the charts into `dir`; returns the file names written.
pub fn write_charts(report: &Report, dir: &Path) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    let time = "time_per_puzzle.svg";
    let mut time_note = "One group of bars per set, one bar per strategy; log scale.".to_string();
    if super::notes::timed_apart(report).next().is_some() {
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
    written.extend(super::study::write_charts(report, dir)?);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_read_in_units() {
        assert_eq!(axis_time(1e6), "1 s");
        assert_eq!(axis_time(2.5e3), "2.5 ms");
        assert_eq!(axis_time(10.0), "10 µs");
        assert_eq!(axis_time(0.5), "500 ns");
        assert_eq!(axis_time(1.2e8), "2 min");
        assert_eq!(axis_time(125_000.0), "125 ms");
        assert_eq!(axis_count(1e6), "1M");
        assert_eq!(axis_count(25_000.0), "25k");
        assert_eq!(axis_count(7.0), "7");
        assert_eq!(axis_count(0.25), "0.25");
    }

    #[test]
    fn notes_wrap_to_the_width() {
        let text = "word ".repeat(100);
        for line in wrap(&text, 400, TEXT_MIN) {
            assert!(text_width(&line, TEXT_MIN) <= 400, "{line}");
        }
    }
}
