//! `sudoku-lab ladder`: the pruning ladder on puzzle sets.
//!
//! Runs every `prop:<branching>/<rules>` rung asked for on each set and prints
//! one table per set: nodes and guesses per puzzle, the share solved without
//! a guess, placements per puzzle by the rule that made them, time per
//! puzzle, time per node and the ratio to the fastest rung. `--report DIR`
//! writes the tables as `ladder.md`, `ladder.json` and `ladder.csv`, and
//! `ladder.svg`: nodes per puzzle against time per node for every rung (log
//! scales) with lines of equal time per puzzle, so the picture says "each
//! rule buys a smaller tree at a higher price per node".
//!
//! Every verdict is cross-checked between the rungs and every solution is
//! verified; a disagreement is an error (exit status 1).

use crate::args::BudgetArgs;
use crate::Status;
use clap::Args;
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;
use sudoku_core::{Event, Grid, Reason, Solver, Trace, Verdict};
use sudoku_propagate::{Branching, Propagate, Rules};
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sudoku-lab ladder --set puzzles/top95.txt --branching mrv\n  sudoku-lab ladder --set puzzles/17clue.txt --limit-puzzles 2000 --branching mrv,fewest --rules hidden,locked,subsets --report reports/ladder"
)]
pub struct LadderArgs {
    /// Puzzle files, one table each [default: puzzles/top95.txt]
    #[arg(long = "set", value_name = "FILE")]
    pub sets: Vec<PathBuf>,

    /// Branching rules, comma-separated: rowmajor, mrv, fewest [default: all]
    #[arg(long, value_delimiter = ',')]
    pub branching: Vec<String>,

    /// Propagation rules, comma-separated: none, fc, naked, hidden, locked, subsets [default: all]
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<String>,

    /// Puzzles per set at most
    #[arg(long, value_name = "N")]
    pub limit_puzzles: Option<usize>,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    /// Write ladder.md, ladder.json, ladder.csv and ladder.svg here
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

/// One rung on one set.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Row {
    pub set: String,
    pub rung: String,
    pub puzzles: u64,
    pub decided: u64,
    pub budget_hit: u64,
    pub nodes_per_puzzle: f64,
    pub guesses_per_puzzle: f64,
    /// Share of the puzzles decided without a guess.
    pub no_guess_share: f64,
    /// Placements per puzzle by reason.
    pub naked_singles: f64,
    pub hidden_singles: f64,
    pub guesses: f64,
    /// Candidates removed per puzzle by locked candidates and subsets.
    pub eliminations: f64,
    pub us_per_puzzle: f64,
    pub ns_per_node: f64,
    pub ratio_to_fastest: f64,
}

/// Counts placements by reason and eliminations; nothing else.
#[derive(Default)]
struct Tally {
    naked: u64,
    hidden: u64,
    guesses: u64,
    eliminations: u64,
}

impl Trace for Tally {
    fn event(&mut self, event: Event) {
        match event {
            Event::Place { reason, .. } => match reason {
                Reason::NakedSingle => self.naked += 1,
                Reason::HiddenSingle(_) => self.hidden += 1,
                r if r.is_guess() => self.guesses += 1,
                _ => {}
            },
            Event::Eliminate { .. } => self.eliminations += 1,
            _ => {}
        }
    }
}

fn parse_list<T: Copy>(
    names: &[String],
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &str,
) -> Result<Vec<T>, Status> {
    if names.is_empty() {
        return Ok(all.to_vec());
    }
    let mut out = Vec::new();
    for n in names.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        match all.iter().find(|&&x| name(x) == n) {
            Some(&x) => out.push(x),
            None => {
                let known: Vec<&str> = all.iter().map(|&x| name(x)).collect();
                eprintln!(
                    "error: unknown {what} '{n}'; choose from {}",
                    known.join(", ")
                );
                return Err(Status::Usage);
            }
        }
    }
    Ok(out)
}

/// The puzzles of a set; a set that cannot be read (missing, a directory,
/// a read error) is an error, a bad puzzle a warning.
fn read_set(path: &Path, limit: Option<usize>) -> Result<Vec<Grid>, String> {
    let source = crate::input::Source::File(path.to_path_buf());
    let items = source
        .open(sudoku_core::ReadOptions::default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut puzzles = Vec::new();
    for (line, entry) in items {
        if limit.is_some_and(|l| puzzles.len() >= l) {
            break;
        }
        match entry {
            Ok(e) => puzzles.push(e.puzzle),
            Err(e) if e.kind.is_io() => {
                return Err(format!("{}:{line}: {}", path.display(), e.kind))
            }
            Err(e) => eprintln!("warning: {}:{}: {}", path.display(), e.line, e.kind),
        }
    }
    Ok(puzzles)
}

pub fn run(args: &LadderArgs) -> Status {
    let branchings = match parse_list(
        &args.branching,
        &Branching::ALL,
        Branching::as_str,
        "branching",
    ) {
        Ok(b) => b,
        Err(s) => return s,
    };
    let rules = match parse_list(&args.rules, &Rules::ALL, Rules::as_str, "rules") {
        Ok(r) => r,
        Err(s) => return s,
    };
    let rungs: Vec<&'static Propagate> = branchings
        .iter()
        .flat_map(|&b| rules.iter().map(move |&r| Propagate::rung(b, r)))
        .collect();
    let sets = if args.sets.is_empty() {
        vec![PathBuf::from("puzzles/top95.txt")]
    } else {
        args.sets.clone()
    };
    let limits = args.budgets.limits(Some(2), 1);
    let mut rows = Vec::new();
    let mut status = Status::Ok;
    for set in &sets {
        let puzzles = match read_set(set, args.limit_puzzles) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return Status::Usage;
            }
        };
        let name = set.display().to_string();
        let (set_rows, agreed) = run_set(&name, &puzzles, &rungs, &limits);
        if !agreed {
            status = Status::Failed;
        }
        println!(
            "{name}: {} puzzles\n{}",
            puzzles.len(),
            table(&set_rows, false)
        );
        rows.extend(set_rows);
    }
    if let Some(dir) = &args.report {
        if let Err(e) = write_report(dir, &rows) {
            eprintln!("error: {}: {e}", dir.display());
            return Status::Usage;
        }
        eprintln!(
            "wrote {}/ladder.md, ladder.json, ladder.csv and ladder.svg",
            dir.display()
        );
    }
    status
}

/// Runs every rung on one set; `false` when verdicts disagree or a solution
/// does not verify.
fn run_set(
    set: &str,
    puzzles: &[Grid],
    rungs: &[&'static Propagate],
    limits: &sudoku_core::Limits,
) -> (Vec<Row>, bool) {
    let mut agreed = true;
    let mut verdicts: Vec<Option<(Verdict, u64, &str)>> = vec![None; puzzles.len()];
    let mut rows = Vec::new();
    for &rung in rungs {
        let (mut nodes, mut guesses, mut no_guess, mut decided, mut hit) =
            (0u64, 0u64, 0u64, 0u64, 0u64);
        let mut tally = Tally::default();
        let mut seconds = 0.0;
        for (i, puzzle) in puzzles.iter().enumerate() {
            let started = Instant::now();
            let outcome = rung.solve(puzzle, limits);
            seconds += started.elapsed().as_secs_f64();
            for s in &outcome.solutions {
                if let Err(e) = s.verify_solution_of(puzzle) {
                    eprintln!(
                        "error: {} gave a wrong solution for {puzzle}: {e}",
                        rung.id()
                    );
                    agreed = false;
                }
            }
            let verdict = outcome.verdict();
            if outcome.stop.is_budget() {
                hit += 1;
            } else if verdict.is_definite() {
                decided += 1;
                no_guess += (outcome.stats.guesses == 0) as u64;
                match verdicts[i] {
                    None => verdicts[i] = Some((verdict, outcome.count, rung.id())),
                    Some((v, c, other)) if (v, c) != (verdict, outcome.count) => {
                        eprintln!(
                            "error: {} says {verdict:?} ({}) but {other} says {v:?} ({c}) on {puzzle}",
                            rung.id(),
                            outcome.count
                        );
                        agreed = false;
                    }
                    Some(_) => {}
                }
            }
            nodes += outcome.stats.nodes;
            guesses += outcome.stats.guesses;
            // The rule tally needs the trace: a second, untimed solve.
            rung.solve_traced(puzzle, limits, &mut tally);
        }
        let count = puzzles.len().max(1) as f64;
        rows.push(Row {
            set: set.to_string(),
            rung: rung.id().to_string(),
            puzzles: puzzles.len() as u64,
            decided,
            budget_hit: hit,
            nodes_per_puzzle: nodes as f64 / count,
            guesses_per_puzzle: guesses as f64 / count,
            no_guess_share: no_guess as f64 / decided.max(1) as f64,
            naked_singles: tally.naked as f64 / count,
            hidden_singles: tally.hidden as f64 / count,
            guesses: tally.guesses as f64 / count,
            eliminations: tally.eliminations as f64 / count,
            us_per_puzzle: seconds * 1e6 / count,
            ns_per_node: seconds * 1e9 / nodes.max(1) as f64,
            ratio_to_fastest: 0.0,
        });
    }
    let fastest = rows
        .iter()
        .map(|r| r.us_per_puzzle)
        .fold(f64::INFINITY, f64::min);
    for r in &mut rows {
        r.ratio_to_fastest = r.us_per_puzzle / fastest.max(1e-9);
    }
    (rows, agreed)
}

/// A figure with three significant digits and k/M suffixes.
fn si(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.1}M", x / 1e6)
    } else if x >= 1e4 {
        format!("{:.1}k", x / 1e3)
    } else if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

fn time_us(us: f64) -> String {
    if us >= 1e6 {
        format!("{:.2} s", us / 1e6)
    } else if us >= 1e3 {
        format!("{:.1} ms", us / 1e3)
    } else {
        format!("{us:.1} µs")
    }
}

const HEADER: [&str; 13] = [
    "rung",
    "decided",
    "budget hit",
    "nodes / puzzle",
    "guesses / puzzle",
    "no guess",
    "naked singles",
    "hidden singles",
    "eliminated",
    "time / puzzle",
    "time / node",
    "ratio",
    "",
];

fn table(rows: &[Row], markdown: bool) -> String {
    let mut builder = Builder::default();
    builder.push_record(HEADER[..12].iter().copied());
    for r in rows {
        let bound = if r.budget_hit > 0 { ">= " } else { "" };
        builder.push_record([
            r.rung.clone(),
            format!("{}/{}", r.decided, r.puzzles),
            r.budget_hit.to_string(),
            format!("{bound}{}", si(r.nodes_per_puzzle)),
            format!("{bound}{}", si(r.guesses_per_puzzle)),
            format!("{:.0}%", r.no_guess_share * 100.0),
            si(r.naked_singles),
            si(r.hidden_singles),
            si(r.eliminations),
            format!("{bound}{}", time_us(r.us_per_puzzle)),
            format!("{:.0} ns", r.ns_per_node),
            format!("{:.1}x", r.ratio_to_fastest),
        ]);
    }
    let mut table = builder.build();
    if markdown {
        table.with(Style::markdown());
    } else {
        table.with(Style::psql());
    }
    table.modify(Columns::new(1..), Alignment::right());
    table.to_string()
}

fn write_report(dir: &Path, rows: &[Row]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let mut md = String::from(
        "# The pruning ladder\n\nPer set, every rung `prop:<branching>/<rules>` proving uniqueness; \
         figures per puzzle (means), `>=` where a budget stopped some searches. \
         `naked singles`, `hidden singles`: placements forced by that rule; \
         `eliminated`: candidates removed by locked candidates and subsets.\n",
    );
    let mut sets: Vec<&str> = rows.iter().map(|r| r.set.as_str()).collect();
    sets.dedup();
    for set in &sets {
        let set_rows: Vec<Row> = rows.iter().filter(|r| r.set == *set).cloned().collect();
        md += &format!("\n## {set}\n\n{}\n", table(&set_rows, true));
    }
    md += "\n![nodes against time per node](ladder.svg)\n";
    std::fs::write(dir.join("ladder.md"), md).map_err(|e| e.to_string())?;
    let json = serde_json::to_string_pretty(rows).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("ladder.json"), json + "\n").map_err(|e| e.to_string())?;
    let mut csv = csv::Writer::from_path(dir.join("ladder.csv")).map_err(|e| e.to_string())?;
    for r in rows {
        csv.serialize(r).map_err(|e| e.to_string())?;
    }
    csv.flush().map_err(|e| e.to_string())?;
    chart(&dir.join("ladder.svg"), rows)
}

/// Nodes per puzzle (x) against time per node (y), log scales, one point per
/// rung and set, one colour per rules level, one marker per branching, with
/// lines of equal time per puzzle (x·y constant).
fn chart(path: &Path, rows: &[Row]) -> Result<(), String> {
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
