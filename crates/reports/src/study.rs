//! The rating study: do people and machines find the same puzzles hard?
//!
//! A set whose lines carry a rating (`<puzzle> <rating>`, read as
//! `Entry::rating`, such as `puzzles/se-rated-2500.txt` with its Sudoku
//! Explainer ratings) lets `compare` ask, for every strategy, how well its
//! cost ranks the puzzles the way the rating does: the Spearman rank
//! correlation between the rating and the strategy's nodes, guesses,
//! backtracks and time per puzzle. Ranks, not values, because the question
//! is "is a harder puzzle for people a costlier one for the machine?", not
//! whether the cost grows linearly with the rating; ties (many puzzles share
//! a rating, many share a node count) take their average rank.
//!
//! What the figures mean for each kind of strategy, with the definitions of
//! `sudoku_core::Stats`: for a backtracking search, guesses are branch
//! points taken and backtracks the wrong ones undone; for the SAT rows,
//! guesses are the solver's decisions and backtracks its conflicts (each a
//! backjump), which is the count tdoku's author expected to follow Sudoku
//! Explainer's rating more closely than a backtracking solver's.
//!
//! The puzzles counted are those the strategy ran to an outcome (timed),
//! as in the tables; a puzzle stopped by a budget counts at the figures it
//! had when it stopped, so its rank is a lower bound (`stopped` says how
//! many). A correlation is `null` when fewer than two puzzles are counted or
//! one of the columns is constant (a strategy that never guesses).
//!
//! The section of the tables ([`section`]), the JSON records
//! ([`StudyRecord`], the report's `study` array) and the chart
//! `rating_vs_nodes*.svg` ([`write_charts`]) all come from the
//! [`Collector`] the tally feeds with each results line.

use super::chart::{axis_count, header, header_height, Area, Swatch};
use super::notes::wrap_text;
use super::palette::{self, TEXT_AXIS, TEXT_MIN, WIDTH};
use super::table::Flavor;
use crate::markup::html_escape;
use plotters::prelude::*;
use std::path::Path;
pub use sudoku_core::stats::{ranks, spearman};
use sudoku_engine::report::{Report, StudyRecord};
use sudoku_engine::results::{Line, StopReason};
use tabled::settings::object::{Columns, Rows};
use tabled::settings::{Alignment, Style};

/// One rated puzzle as one strategy ran it.
#[derive(Clone, Copy, Debug)]
struct Sample {
    rating: f64,
    nodes: Option<u64>,
    guesses: Option<u64>,
    backtracks: Option<u64>,
    time_ns: u64,
    stopped: bool,
}

/// The rated puzzles of one set, per strategy, as the tally adds lines.
#[derive(Default)]
pub struct Collector {
    rows: Vec<(String, Vec<Sample>)>,
}

impl Collector {
    /// Keeps the line when its puzzle is rated and the strategy ran it to an
    /// outcome (it has a time).
    pub fn add(&mut self, line: &Line) {
        let (Some(rating), Some(time_ns)) = (line.rating, line.time_ns) else {
            return;
        };
        if line.parse_error || !rating.is_finite() {
            return;
        }
        let sample = Sample {
            rating,
            nodes: line.stats.nodes,
            guesses: line.stats.guesses,
            backtracks: line.stats.backtracks,
            time_ns,
            stopped: matches!(
                line.stop,
                StopReason::NodeBudget | StopReason::TimeBudget | StopReason::MemoryBudget
            ),
        };
        match self.rows.iter_mut().find(|r| r.0 == line.strategy) {
            Some(row) => row.1.push(sample),
            None => self.rows.push((line.strategy.clone(), vec![sample])),
        }
    }

    /// One record per strategy that ran a rated puzzle, in `order` (the
    /// table's rows); none when the set carries no ratings.
    pub fn records(&self, set: &str, order: &[&str]) -> Vec<StudyRecord> {
        order
            .iter()
            .filter_map(|id| self.rows.iter().find(|r| r.0 == *id))
            .map(|(id, samples)| record(set, id, samples))
            .collect()
    }
}

/// The correlations of one strategy's samples.
fn record(set: &str, strategy: &str, samples: &[Sample]) -> StudyRecord {
    let ratings: Vec<f64> = samples.iter().map(|s| s.rating).collect();
    // A figure the strategy does not measure on some puzzle: no correlation.
    let against = |figure: fn(&Sample) -> Option<u64>| -> Option<f64> {
        let values: Option<Vec<f64>> = samples
            .iter()
            .map(|s| figure(s).map(|v| v as f64))
            .collect();
        spearman(&ratings, &values?).map(round3)
    };
    let times: Vec<f64> = samples.iter().map(|s| s.time_ns as f64).collect();
    StudyRecord {
        set: set.to_string(),
        strategy: strategy.to_string(),
        puzzles: samples.len() as u64,
        stopped: samples.iter().filter(|s| s.stopped).count() as u64,
        spearman_nodes: against(|s| s.nodes),
        spearman_guesses: against(|s| s.guesses),
        spearman_backtracks: against(|s| s.backtracks),
        spearman_time: spearman(&ratings, &times).map(round3),
        points: samples
            .iter()
            .filter_map(|s| s.nodes.map(|n| (s.rating, n)))
            .collect(),
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn cell(rho: Option<f64>) -> String {
    rho.map_or("n/a".into(), |r| format!("{r:.2}"))
}

/// The study's part of the tables: per rated set, one row per strategy with
/// its correlations; `None` when no set carries ratings.
/// Terminal prose wraps at `width`; Markdown does not wrap.
pub fn section(report: &Report, flavor: Flavor, width: usize) -> Option<String> {
    if report.study.is_empty() {
        return None;
    }
    let md = flavor == Flavor::Markdown;
    let mut out = String::new();
    for set in &report.sets {
        let rows: Vec<_> = report.study.iter().filter(|r| r.set == set.name).collect();
        if rows.is_empty() {
            continue;
        }
        let title = format!(
            "Rating study, {}: Spearman correlation of the puzzles' ratings with each \
             strategy's figures per puzzle (1: the same order; 0: unrelated)",
            set.name
        );
        out.push_str(&if md {
            format!("\n### {title}\n\n")
        } else {
            format!("\n{}\n", wrap_text(&title, width.max(40)))
        });
        let mut builder = tabled::builder::Builder::default();
        builder.push_record([
            "strategy",
            "rated puzzles",
            "nodes",
            "guesses",
            "backtracks",
            "time",
        ]);
        for r in &rows {
            let puzzles = if r.stopped > 0 {
                format!("{} ({} stopped)", r.puzzles, r.stopped)
            } else {
                r.puzzles.to_string()
            };
            builder.push_record([
                r.strategy.clone(),
                puzzles,
                cell(r.spearman_nodes),
                cell(r.spearman_guesses),
                cell(r.spearman_backtracks),
                cell(r.spearman_time),
            ]);
        }
        let mut table = builder.build();
        if md {
            table.with(Style::markdown());
        } else {
            table.with(Style::psql());
        }
        table.modify(Columns::new(1..), Alignment::right());
        table.modify(Rows::first(), Alignment::center());
        out.push_str(&table.to_string());
        out.push('\n');
        let note = "guesses and backtracks are the SAT rows' decisions and conflicts; n/a: a \
                    figure the strategy does not measure, or one that never varies; puzzles \
                    stopped by a budget count at the figures they had";
        out.push_str(&if md {
            format!("\n{note}.\n")
        } else {
            format!("{}\n", wrap_text(note, width.max(40)))
        });
    }
    Some(out)
}

/// The study's tables on the report page (`index.html`); empty when no set
/// carries ratings.
pub fn html(report: &Report) -> String {
    let mut out = String::new();
    for set in &report.sets {
        let rows: Vec<_> = report.study.iter().filter(|r| r.set == set.name).collect();
        if rows.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "<h3>Rating study, {}: Spearman correlation of the puzzles' ratings with each \
             strategy's figures per puzzle</h3>\n<div class=\"wrap\"><table class=\"results\">\n\
             <thead><tr><th>strategy</th><th>rated puzzles</th><th>nodes</th><th>guesses</th>\
             <th>backtracks</th><th>time</th></tr></thead>\n<tbody>\n",
            html_escape(&set.name)
        ));
        for r in rows {
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                html_escape(&r.strategy),
                r.puzzles,
                cell(r.spearman_nodes),
                cell(r.spearman_guesses),
                cell(r.spearman_backtracks),
                cell(r.spearman_time)
            ));
        }
        out.push_str("</tbody></table></div>\n");
    }
    out
}

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
    let caption = format!("{}: rho = {}", record.strategy, cell(record.spearman_nodes));
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
            let mid = nodes.len() / 2;
            let median = if nodes.len() % 2 == 0 {
                (nodes[mid - 1] + nodes[mid]) as f64 / 2.0
            } else {
                nodes[mid] as f64
            };
            (key as f64 / 10.0, median)
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
