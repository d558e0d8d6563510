//! `ladder`'s aggregator and views: the rule counts of a run's lines
//! ([`RuleTally`]), a row per rung and set ([`Row`], from the comparison's
//! record and those counts), the tables (terminal and Markdown, one per set,
//! rungs in ladder order: branching, then rules from `none` up), and the
//! report files (`ladder.md`, `ladder.json`, `ladder.csv` through
//! [`export`](crate::export), and the chart, [`ladder_chart`]).
//!
//! What a rung is (its branching and rules, and their places on the
//! ladder) comes from the command as values ([`Rung`]); nothing here reads
//! it back out of the rung's id.

use crate::cells::{with_interval, with_share};
use crate::export::{csv, json};
use crate::ladder_chart::{self, Point};
use std::collections::HashMap;
use std::path::Path;
use sudoku_engine::format::format_si;
use sudoku_engine::interval::{as_csv_cells, Interval};
use sudoku_engine::output::write_atomic;
use sudoku_engine::results::{Line, RuleCounts};
use sudoku_engine::{Report, ResultRecord};
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

/// A rung of the ladder as the command built it: the strategy's id, its
/// branching and rules by name, and their places in the ladder's lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    pub id: String,
    pub branching: String,
    pub branching_rank: usize,
    pub rules: String,
    pub rules_rank: usize,
}

/// Placements by rule, summed per (set, rung) over the lines of a run: the
/// sink `ladder` tees the runner's lines into.
#[derive(Clone, Debug, Default)]
pub struct RuleTally {
    sums: HashMap<(String, String), (RuleCounts, u64)>,
}

impl RuleTally {
    /// Counts one puzzle's lines (those that ran to an outcome).
    pub fn add(&mut self, lines: &[Line]) {
        for l in lines.iter().filter(|l| l.time_ns.is_some()) {
            let (sum, n) = self
                .sums
                .entry((l.set.clone(), l.strategy.clone()))
                .or_default();
            if let Some(r) = l.rules {
                sum.naked_singles += r.naked_singles;
                sum.hidden_singles += r.hidden_singles;
                sum.guesses += r.guesses;
                sum.eliminations += r.eliminations;
            }
            *n += 1;
        }
    }

    /// The rows of `report`, one per rung and set, sets in the report's
    /// order and rungs in ladder order.
    pub fn rows(&self, report: &Report, rungs: &[Rung]) -> Vec<Row> {
        let mut rows = Vec::new();
        for set in &report.sets {
            for rung in rungs {
                if let Some(r) = report
                    .results
                    .iter()
                    .find(|r| r.set == set.name && r.strategy == rung.id)
                {
                    rows.push(row(
                        r,
                        rung,
                        self.sums.get(&(r.set.clone(), r.strategy.clone())),
                    ));
                }
            }
        }
        rows.sort_by_key(|r| {
            (
                report.sets.iter().position(|s| s.name == r.set),
                r.branching_rank,
                r.rules_rank,
            )
        });
        rows
    }
}

/// One rung on one set.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Row {
    pub set: String,
    pub rung: String,
    /// The rung's branching and rules, and their places on the ladder
    /// (the order of the tables and of the chart's lines).
    pub branching: String,
    pub branching_rank: usize,
    pub rules: String,
    pub rules_rank: usize,
    pub puzzles: u64,
    pub decided: u64,
    pub budget_hit: u64,
    /// The figures below are lower bounds (some search hit a budget).
    pub lower_bound: bool,
    pub nodes_per_puzzle: f64,
    pub guesses_per_puzzle: f64,
    /// Share of the solved puzzles solved without a guess.
    pub no_guess_share: f64,
    /// Placements per puzzle by rule.
    pub naked_singles: f64,
    pub hidden_singles: f64,
    pub guesses: f64,
    /// Candidates removed per puzzle by locked candidates and subsets.
    pub eliminations: f64,
    pub us_per_puzzle: f64,
    pub us_per_puzzle_ci95: Option<Interval>,
    pub ns_per_node: f64,
    /// `None` (null in the JSON, empty in the CSV, n/a in the tables) where
    /// compare's row has none, as when every rung's mean is a lower bound
    /// and no rung is the fastest.
    pub ratio_to_fastest: Option<f64>,
    pub ratio_ci95: Option<Interval>,
}

/// The terminal text: a table per set, and the protocol line.
pub fn text(rows: &[Row], report: &Report) -> String {
    let mut text = String::new();
    for set in &report.sets {
        let set_rows: Vec<Row> = rows.iter().filter(|r| r.set == set.name).cloned().collect();
        text.push_str(&format!(
            "{}: {} puzzles\n{}\n",
            set.name,
            set.puzzles,
            table(&set_rows, false)
        ));
    }
    text.push_str(&format!("{}\n", protocol_line(report)));
    text
}

/// The protocol, in one line under the tables.
pub fn protocol_line(report: &Report) -> String {
    let m = &report.machine;
    format!(
        "{} round{} (seed {}), a puzzle's time the median of its rounds; ±: 95% interval of the \
         mean, [lo, hi]: paired 95% interval of the ratio (a bootstrap over the puzzles)",
        m.rounds,
        if m.rounds == 1 { "" } else { "s" },
        m.seed
    )
}

/// A ladder row from the comparison's row and the rule counts of its lines.
fn row(r: &ResultRecord, rung: &Rung, rules: Option<&(RuleCounts, u64)>) -> Row {
    let (sum, n) = rules.copied().unwrap_or_default();
    let per = |x: u64| x as f64 / n.max(1) as f64;
    let mean = r.mean_us.unwrap_or(0.0);
    let nodes = r.nodes_mean.unwrap_or(0.0);
    Row {
        set: r.set.clone(),
        rung: r.strategy.clone(),
        branching: rung.branching.clone(),
        branching_rank: rung.branching_rank,
        rules: rung.rules.clone(),
        rules_rank: rung.rules_rank,
        puzzles: r.attempted,
        decided: r.decided,
        budget_hit: r.budget_hit,
        lower_bound: r.lower_bound,
        nodes_per_puzzle: nodes,
        guesses_per_puzzle: r.guesses_mean.unwrap_or(0.0),
        no_guess_share: r.no_guess_pct.unwrap_or(0.0) / 100.0,
        naked_singles: per(sum.naked_singles),
        hidden_singles: per(sum.hidden_singles),
        guesses: per(sum.guesses),
        eliminations: per(sum.eliminations),
        us_per_puzzle: mean,
        us_per_puzzle_ci95: r.mean_us_ci95,
        ns_per_node: if nodes > 0.0 { mean * 1e3 / nodes } else { 0.0 },
        ratio_to_fastest: r.ratio_to_fastest,
        ratio_ci95: r.ratio_ci95,
    }
}

const HEADER: [&str; 12] = [
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
];

pub fn table(rows: &[Row], markdown: bool) -> String {
    let mut builder = Builder::default();
    builder.push_record(HEADER);
    for r in rows {
        let bound = if r.lower_bound { ">= " } else { "" };
        let ci = |c: Option<Interval>| c.filter(|_| !r.lower_bound);
        builder.push_record([
            r.rung.clone(),
            format!("{}/{}", r.decided, r.puzzles),
            r.budget_hit.to_string(),
            format!("{bound}{}", format_si(r.nodes_per_puzzle)),
            format!("{bound}{}", format_si(r.guesses_per_puzzle)),
            format!("{:.0}%", r.no_guess_share * 100.0),
            format_si(r.naked_singles),
            format_si(r.hidden_singles),
            format_si(r.eliminations),
            format!(
                "{bound}{}",
                with_share(r.us_per_puzzle, ci(r.us_per_puzzle_ci95))
            ),
            format!("{:.0} ns", r.ns_per_node),
            // No ratio is n/a, as compare writes it, and bounds nothing.
            r.ratio_to_fastest.map_or_else(
                || "n/a".to_string(),
                |ratio| format!("{bound}{}", with_interval(ratio, ci(r.ratio_ci95))),
            ),
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

/// The report files, each written atomically.
pub fn write_report(dir: &Path, rows: &[Row], report: &Report) -> Result<(), String> {
    let mut md = String::from(
        "# The pruning ladder\n\nPer set, every rung `prop:<branching>/<rules>` proving uniqueness; \
         figures per puzzle (means), `>=` where a budget stopped some searches. \
         `naked singles`, `hidden singles`: placements forced by that rule; \
         `eliminated`: candidates removed by locked candidates and subsets.\n",
    );
    md += &format!("\n{}\n", protocol_line(report));
    if let Some(command) = &report.machine.command {
        md += &format!(
            "\nMade by `{command}` on {} ({}).\n",
            report.machine.date, report.machine.cpu
        );
    }
    for set in &report.sets {
        let set_rows: Vec<Row> = rows.iter().filter(|r| r.set == set.name).cloned().collect();
        md += &format!("\n## {}\n\n{}\n", set.name, table(&set_rows, true));
    }
    md += "\n![guesses against time per puzzle, one panel per set, each branching's rungs joined in ladder order](ladder.svg)\n";
    let io = |e: std::io::Error| e.to_string();
    write_atomic(&dir.join("ladder.md"), md.as_bytes()).map_err(io)?;
    write_atomic(&dir.join("ladder.json"), json(rows).as_bytes()).map_err(io)?;
    let csv = as_csv_cells(|| csv(rows));
    write_atomic(&dir.join("ladder.csv"), csv.as_bytes()).map_err(io)?;
    let points: Vec<Point> = rows
        .iter()
        .filter(|r| r.us_per_puzzle > 0.0)
        .map(|r| Point {
            set: r.set.clone(),
            branching: r.branching.clone(),
            branching_rank: r.branching_rank,
            rule: r.rules.clone(),
            rule_rank: r.rules_rank,
            guesses: r.guesses_per_puzzle,
            us: r.us_per_puzzle,
            us_interval: r.us_per_puzzle_ci95.map(|c| (c.lo(), c.hi())),
        })
        .collect();
    let svg = ladder_chart::svg("The pruning ladder", &points);
    write_atomic(&dir.join("ladder.svg"), svg.as_bytes()).map_err(io)?;
    Ok(())
}
