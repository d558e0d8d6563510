//! `sudoku-lab scaling`: how each strategy's cost grows with the grid.
//!
//! Runs the comparison on one bundled set per side (4x4 to 25x25) and draws
//! `scaling.svg`: median time per puzzle and mean nodes per puzzle (log scales)
//! against the side n, one line per strategy. A point where the
//! strategy hit a budget on some puzzle of the set is drawn hollow and its
//! line stops there: beyond it the strategy no longer finishes, and its
//! figures are lower bounds.

use crate::args::BudgetArgs;
use crate::compare::{compare, PuzzleSet, Report, RunConfig};
use crate::Status;
use clap::Args;
use plotters::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The bundled set used for each side, smallest first.
pub const SHAPE_SETS: [&str; 8] = [
    "4x4.txt",
    "6x6.txt",
    "8x8.txt",
    "9x9-medium.txt",
    "12x12.txt",
    "16x16.txt",
    "20x20.txt",
    "25x25.txt",
];

#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  sudoku-lab scaling --report reports/scaling --limit-puzzles 10"
)]
pub struct ScalingArgs {
    /// Strategies, comma-separated, or `all` [default: the headline strategies]
    #[arg(long, value_delimiter = ',')]
    pub strategies: Vec<String>,

    /// Directory holding the shape sets
    #[arg(long, default_value = "puzzles")]
    pub puzzles: PathBuf,

    /// Puzzles per set at most
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub limit_puzzles: usize,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    /// Write scaling.svg, scaling.json and scaling.md here
    #[arg(long, value_name = "DIR", default_value = "reports/scaling")]
    pub report: PathBuf,
}

/// One point of a line: a strategy on the set of one side.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Point {
    pub side: usize,
    pub set: String,
    pub strategy: String,
    pub median_us: Option<f64>,
    pub nodes_mean: Option<f64>,
    pub budget_hit: u64,
    pub attempted: u64,
}

fn side_of(report: &Report, set: &str) -> Option<usize> {
    let info = report.sets.iter().find(|s| s.name == set)?;
    let label = info.shapes.first()?;
    label.split('x').next()?.parse().ok()
}

/// The points of a report, per strategy in registry order, smallest side first.
pub fn points(report: &Report) -> Vec<Point> {
    let mut points: Vec<Point> = report
        .results
        .iter()
        .filter(|r| r.supported)
        .filter_map(|r| {
            Some(Point {
                side: side_of(report, &r.set)?,
                set: r.set.clone(),
                strategy: r.strategy.clone(),
                median_us: r.median_us,
                nodes_mean: r.nodes_mean,
                budget_hit: r.budget_hit,
                attempted: r.attempted,
            })
        })
        .collect();
    points.sort_by_key(|p| p.side);
    points
}

pub fn run(args: &ScalingArgs) -> Status {
    let solvers = match crate::compare::pick_strategies(&args.strategies) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let sets: Vec<PuzzleSet> = SHAPE_SETS
        .iter()
        .map(|f| PuzzleSet::new(args.puzzles.join(f)))
        .collect();
    if let Some(missing) = sets.iter().find(|s| !s.path.exists()) {
        eprintln!(
            "error: {}: missing; run from the project root, or give --puzzles DIR",
            missing.path.display()
        );
        return Status::Usage;
    }
    if let Err(message) = crate::output::report_dir(&args.report) {
        eprintln!("error: --report {}: {message}", args.report.display());
        return Status::Usage;
    }
    let limits = args.budgets.limits(Some(2), 1);
    let config = RunConfig {
        node_budget: limits.node_budget,
        time_budget: limits.time_budget,
        memory_budget: limits.memory_budget,
        limit_puzzles: Some(args.limit_puzzles),
        progress: std::io::stderr().is_terminal(),
        command: Some(std::env::args().collect::<Vec<_>>().join(" ")),
        ..RunConfig::default()
    };
    let report = compare(&solvers, &sets, &config);
    let points = points(&report);
    let table = markdown_table(&points);
    // The report is written even when standard output is gone.
    let printed = crate::output::print(&format!("{table}\n"));
    if let Err(e) = write(&args.report, &report, &points, &table) {
        eprintln!("error: {}: {e}", args.report.display());
        return Status::Usage;
    }
    eprintln!(
        "wrote {}/scaling.svg, scaling.md and scaling.json",
        args.report.display()
    );
    report.status().max(printed)
}

fn markdown_table(points: &[Point]) -> String {
    let mut sides: Vec<usize> = points.iter().map(|p| p.side).collect();
    sides.dedup();
    let mut ids: Vec<&str> = Vec::new();
    for p in points {
        if !ids.contains(&p.strategy.as_str()) {
            ids.push(&p.strategy);
        }
    }
    let mut out = String::from("| strategy |");
    for side in &sides {
        out.push_str(&format!(" {side}x{side} |"));
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(sides.len()));
    out.push('\n');
    for id in ids {
        out.push_str(&format!("| {id} |"));
        for side in &sides {
            let cell = match points.iter().find(|p| p.strategy == id && p.side == *side) {
                None => "n/a".to_string(),
                Some(p) => {
                    let time = p
                        .median_us
                        .map(crate::compare::table::format_us)
                        .unwrap_or_else(|| "-".into());
                    let nodes = p
                        .nodes_mean
                        .map(|n| format!(", {} nodes", crate::compare::table::format_si(n)))
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
    out.push_str("\nmedian time per puzzle, mean nodes per puzzle; \"(k/n budget)\": k of the n puzzles hit a budget, so the figures are lower bounds.\n");
    out
}

fn write(dir: &Path, report: &Report, points: &[Point], table: &str) -> Result<(), String> {
    crate::output::report_dir(dir)?;
    let json = serde_json::json!({ "machine": report.machine, "points": points });
    let text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())? + "\n";
    crate::output::write_atomic(&dir.join("scaling.json"), text.as_bytes())
        .map_err(|e| e.to_string())?;
    let md = format!(
        "# Scaling study\n\nCommand: `{}`\n\n{table}\n![scaling](scaling.svg)\n",
        report.machine.command.clone().unwrap_or_default()
    );
    crate::output::write_atomic(&dir.join("scaling.md"), md.as_bytes())
        .map_err(|e| e.to_string())?;
    chart(&dir.join("scaling.svg"), points)
}

/// Two panels side by side: time and nodes against the side.
fn chart(path: &Path, points: &[Point]) -> Result<(), String> {
    let temp = crate::output::temp_path(path);
    let root = SVGBackend::new(&temp, (1100, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (left, right) = root.split_horizontally(550);
    let sides: Vec<usize> = points.iter().map(|p| p.side).collect();
    let (lo, hi) = (
        *sides.iter().min().unwrap_or(&4) as f64,
        *sides.iter().max().unwrap_or(&25) as f64,
    );
    panel(
        &left,
        points,
        "median time per puzzle (µs)",
        (lo, hi),
        |p| p.median_us,
    )?;
    panel(&right, points, "mean nodes per puzzle", (lo, hi), |p| {
        p.nodes_mean
    })?;
    root.present().map_err(|e| e.to_string())?;
    drop(root);
    crate::output::rename_into(&temp, path).map_err(|e| e.to_string())
}

fn panel(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    points: &[Point],
    title: &str,
    (lo, hi): (f64, f64),
    value: impl Fn(&Point) -> Option<f64>,
) -> Result<(), String> {
    let values: Vec<f64> = points
        .iter()
        .filter_map(&value)
        .filter(|v| *v > 0.0)
        .collect();
    if values.is_empty() {
        return Ok(());
    }
    let ymin = values.iter().cloned().fold(f64::MAX, f64::min) / 2.0;
    let ymax = values.iter().cloned().fold(0.0, f64::max) * 2.0;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(64)
        .build_cartesian_2d(lo - 1.0..hi + 1.0, (ymin..ymax).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("side n")
        .x_labels(12)
        .x_label_formatter(&|x| format!("{}", x.round()))
        .y_label_formatter(&|y| crate::compare::table::format_si(*y))
        .draw()
        .map_err(|e| e.to_string())?;
    let mut ids: Vec<&str> = Vec::new();
    for p in points {
        if !ids.contains(&p.strategy.as_str()) && value(p).is_some() {
            ids.push(&p.strategy);
        }
    }
    for (i, id) in ids.iter().enumerate() {
        let color = crate::compare::chart::PALETTE[i % crate::compare::chart::PALETTE.len()];
        let line: Vec<&Point> = points
            .iter()
            .filter(|p| p.strategy == *id && value(p).is_some_and(|v| v > 0.0))
            .collect();
        // The line runs through the sides the strategy finished; it stops at
        // the first side with a budget hit, which is drawn hollow.
        let finished = line.iter().take_while(|p| p.budget_hit == 0).count();
        let drawn: Vec<(f64, f64)> = line
            .iter()
            .take(finished + 1)
            .map(|p| (p.side as f64, value(p).unwrap()))
            .collect();
        chart
            .draw_series(LineSeries::new(drawn.clone(), color.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(*id)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
            });
        for (k, &(x, y)) in drawn.iter().enumerate() {
            let hit = k >= finished;
            let style = if hit {
                color.stroke_width(2)
            } else {
                color.filled()
            };
            chart
                .draw_series(std::iter::once(Circle::new((x, y), 4, style)))
                .map_err(|e| e.to_string())?;
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}
