//! `ladder`'s aggregator and views: the rule counts of a run's lines
//! ([`RuleTally`]), a row per rung and set ([`Row`], from the comparison's
//! record and those counts), the tables (one per set, rungs in ladder order:
//! branching, then rules from `none` up; in a terminal a compact one fitted
//! to the width, [`compact_table`], or every column, [`table`], as
//! Markdown always has), and the
//! report files (`ladder.md`, `ladder.json`, `ladder.csv` through
//! [`export`](crate::export), and the chart, [`ladder_chart`]).
//!
//! What a rung is (its branching and rules, and their places on the
//! ladder) comes from the command as values ([`Rung`]); nothing here reads
//! it back out of the rung's id.

use crate::cells::{with_interval, with_share};
use crate::export::{csv, json};
use crate::ladder_chart::{self, Point};
use crate::notes::wrap_text;
use crate::report::{Report, ResultRecord};
use crate::table::{fitted, text_table, Flavor, Layout};
use std::collections::HashMap;
use std::path::Path;
use sudoku_engine::format::format_si;
use sudoku_engine::interval::{as_csv_cells, Interval};
use sudoku_engine::output::write_atomic;
use sudoku_engine::results::Line;

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

/// Placements by the rule that made them, and candidates eliminated,
/// counted from a solve's trace events: `ladder`'s follow-up record (the
/// checked solve runs traced into it, [`sudoku_engine::follow_up`]), the
/// line's `follow_up`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RuleCounts {
    pub naked_singles: u64,
    pub hidden_singles: u64,
    pub guesses: u64,
    /// Candidates removed by locked candidates and subsets.
    pub eliminations: u64,
}

impl sudoku_core::Trace for RuleCounts {
    /// The traced first round counts mems too, so `ladder` needs no
    /// extra solve for them.
    fn counts_mems(&self) -> bool {
        true
    }
    fn event(&mut self, event: sudoku_core::Event) {
        use sudoku_core::{Event, Reason};
        match event {
            Event::Place { reason, .. } => match reason {
                Reason::NakedSingle => self.naked_singles += 1,
                Reason::HiddenSingle(_) => self.hidden_singles += 1,
                r if r.is_guess() => self.guesses += 1,
                _ => {}
            },
            // A branch's choice (a configuration) is a guess, not an
            // inference.
            Event::Eliminate { rule, .. } if rule.is_branch() => {}
            Event::Eliminate { .. } => self.eliminations += 1,
            _ => {}
        }
    }
}

impl sudoku_engine::Traced for RuleCounts {
    fn record(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("rule counts serialize")
    }
}

impl RuleCounts {
    /// The counts a results line carries as its follow-up record, if any.
    pub fn of(line: &Line) -> Option<RuleCounts> {
        serde_json::from_value(line.follow_up.clone()?).ok()
    }
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
            if let Some(r) = RuleCounts::of(l) {
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
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
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

/// The terminal text: a table per set (compact unless `layout.wide`,
/// fitted to `layout.width`), the protocol line and, under compact tables,
/// what they leave out. Prose wraps at the width; table rows never do.
pub fn text(rows: &[Row], report: &Report, layout: Layout) -> String {
    let width = layout.width.max(40);
    let mut text = String::new();
    let mut dropped: Vec<String> = Vec::new();
    for set in &report.sets {
        let set_rows: Vec<Row> = rows.iter().filter(|r| r.set == set.name).cloned().collect();
        let table = if layout.wide {
            table(&set_rows, false)
        } else {
            let (table, left_out) = compact_table(&set_rows, width);
            for d in left_out {
                if !dropped.contains(&d) {
                    dropped.push(d);
                }
            }
            table
        };
        let heading = if layout.wide {
            format!("{}: {} puzzles", set.name, set.puzzles)
        } else {
            format!("{}: {} puzzles; means per puzzle", set.name, set.puzzles)
        };
        text.push_str(&format!("{}\n{table}\n", wrap_text(&heading, width)));
    }
    let protocol = if layout.wide {
        protocol_line(report)
    } else {
        rounds_words(report)
    };
    text.push_str(&format!("{}\n", wrap_text(&protocol, width)));
    if !layout.wide {
        let mut note = "--wide shows every column: budget hits, the share solved without a \
                        guess, placements by rule, candidates eliminated, and the 95% intervals \
                        of the times and ratios"
            .to_string();
        if !dropped.is_empty() {
            note.push_str(&format!(
                "; left out to fit {} columns: {}",
                width,
                dropped.join(", ")
            ));
        }
        text.push_str(&format!("{}\n", wrap_text(&note, width)));
    }
    text
}

/// The rounds and how a puzzle's time is taken from them.
fn rounds_words(report: &Report) -> String {
    let m = &report.machine;
    format!(
        "{} round{} (seed {}), a puzzle's time the fastest of its rounds",
        m.rounds,
        if m.rounds == 1 { "" } else { "s" },
        m.seed
    )
}

/// The protocol, in one line under the tables.
pub fn protocol_line(report: &Report) -> String {
    format!(
        "{}; ±: 95% interval of the mean, [lo, hi]: paired 95% interval of the ratio (a \
         bootstrap over the puzzles)",
        rounds_words(report)
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

/// The wide table's columns (`--wide`, `ladder.md`).
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

/// The same columns headed for a compact table, whose heading says the
/// figures are per puzzle.
const SHORT_HEADER: [&str; 12] = [
    "rung",
    "decided",
    "budget\nhit",
    "nodes",
    "guesses",
    "no\nguess",
    "naked\nsingles",
    "hidden\nsingles",
    "elimi-\nnated",
    "time",
    "time\n/ node",
    "ratio",
];

/// The compact table's columns (indices into [`HEADER`]): what each rung
/// buys (nodes, guesses) and what it costs (time per puzzle and per node,
/// the ratio to the fastest rung), without intervals.
const COMPACT: [usize; 7] = [0, 1, 3, 4, 9, 10, 11];

/// The compact columns left out, in this order, where the table is still
/// too wide (long ids, lower bounds, a narrow terminal).
const DROPPED_FIRST: [usize; 3] = [10, 4, 11];

/// A row's cells for [`HEADER`]: with their intervals, or without.
fn cells(r: &Row, intervals: bool) -> Vec<String> {
    let bound = if r.lower_bound { ">= " } else { "" };
    let ci = |c: Option<Interval>| c.filter(|_| !r.lower_bound && intervals);
    vec![
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
    ]
}

/// The wide table: every column, intervals in the cells.
pub fn table(rows: &[Row], markdown: bool) -> String {
    let flavor = if markdown {
        Flavor::Markdown
    } else {
        Flavor::Terminal
    };
    let rows = rows.iter().map(|r| cells(r, true)).collect();
    text_table(&HEADER, rows, flavor, 1)
}

/// The compact terminal table, fitted to `width` (its `COMPACT` columns less
/// its `DROPPED_FIRST` ones as needed), and the columns it left out.
pub fn compact_table(rows: &[Row], width: usize) -> (String, Vec<String>) {
    let rows: Vec<Vec<String>> = rows.iter().map(|r| cells(r, false)).collect();
    fitted(&SHORT_HEADER, &rows, &COMPACT, &DROPPED_FIRST, width, 1)
}

/// The report files, each written atomically.
/// The rows as JSON: what `ladder --format json` prints and `ladder.json` holds.
pub fn rows_json(rows: &[Row]) -> String {
    json(rows)
}

/// The rows as CSV: what `ladder --format csv` prints and `ladder.csv` holds.
pub fn rows_csv(rows: &[Row]) -> String {
    as_csv_cells(|| csv(rows))
}

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
    write_atomic(&dir.join("ladder.json"), rows_json(rows).as_bytes()).map_err(io)?;
    write_atomic(&dir.join("ladder.csv"), rows_csv(rows).as_bytes()).map_err(io)?;
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
