//! `sudoku-lab ladder`: the pruning ladder on puzzle sets.
//!
//! The ladder is `compare` over the `prop:<branching>/<rules>` rungs asked
//! for: the same set reader (`--shape`, streaming), the same protocol (a
//! warm-up pass, then `--rounds` rounds in a seeded shuffle with the rungs
//! interleaved), the same attempt (budgets, panic catching, verification),
//! the same cross-check and the same intervals. What it adds is the count of
//! placements by the rule that made them: the first round is traced into a
//! [`RuleCounts`] (once per puzzle, no
//! second solve), and its time stands only until a later round times the
//! solve untraced.
//!
//! It prints one table per set: nodes and guesses per puzzle, the share
//! solved without a guess, placements per puzzle by rule, time per puzzle
//! with its 95% interval, time per node and the ratio to the fastest rung
//! with its paired interval (n/a, null in the JSON, when there is none, as
//! in compare: every rung's mean a lower bound). `--report DIR` (checked
//! before the work) writes `ladder.md`, `ladder.json`, `ladder.csv` and
//! `ladder.svg` ([`crate::ladder_chart`]), each atomically.
//!
//! A disagreement, a wrong solution or a crash is an error (exit status 1).

use crate::args::{BudgetArgs, ProtocolArgs, ReadArgs};
use crate::format::format_si;
use crate::output::{print, write_atomic};
use crate::Status;
use clap::Args;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use sudoku_core::Solver;
use sudoku_engine::config::{RunConfig, MAX_SOLUTIONS};
use sudoku_engine::interval::Interval;
use sudoku_engine::results::{Line, RuleCounts};
use sudoku_engine::sets::expand_sets;
use sudoku_engine::{Report, ResultRecord};
use sudoku_propagate::{Branching, Propagate, Rules};
use sudoku_reports::cells::{with_interval, with_share};
use sudoku_reports::tally::Tally;
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sudoku-lab ladder --set puzzles/top95.txt --branching mrv\n  sudoku-lab ladder --set puzzles/17clue.txt --limit-puzzles 2000 --branching mrv,fewest --rules hidden,locked,subsets --report reports/ladder"
)]
pub struct LadderArgs {
    /// Puzzle files or directories, one table each [default: puzzles/top95.txt]
    #[arg(long = "set", value_name = "FILE", num_args = 1..)]
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

    #[command(flatten)]
    pub read: ReadArgs,

    #[command(flatten)]
    pub protocol: ProtocolArgs,

    /// Never draw the progress bar (it is drawn only when stderr is a terminal)
    #[arg(long)]
    pub no_progress: bool,

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
    let rungs: Vec<&'static dyn Solver> = branchings
        .iter()
        .flat_map(|&b| rules.iter().map(move |&r| Propagate::rung(b, r)))
        .map(|p| p as &'static dyn Solver)
        .collect();
    // Checked before the work, as `compare` does: a bad path costs nothing.
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let paths = if args.sets.is_empty() {
        vec![PathBuf::from("puzzles/top95.txt")]
    } else {
        args.sets.clone()
    };
    let (sets, status) = expand_sets(&paths);
    if status != Status::Ok || sets.is_empty() {
        return status.max(Status::Usage);
    }
    let config = RunConfig {
        limits: args.budgets.limits(Some(MAX_SOLUTIONS), 1),
        limit_puzzles: args.limit_puzzles,
        read: args.read.options(),
        progress: !args.no_progress,
        rounds: args.protocol.rounds as usize,
        seed: args.protocol.seed,
        count_rules: true,
        command: Some(crate::args::command_line()),
        ..crate::registry::run_config()
    };
    let pinned = sudoku_engine::pin::pin(args.protocol.pin, config.jobs);
    let mut counted: HashMap<(String, String), (RuleCounts, u64)> = HashMap::new();
    let (mut report, _) = sudoku_reports::tally::compare_streaming(
        &rungs,
        &sets,
        &config,
        Tally::default(),
        &mut |lines: &[Line]| {
            for l in lines.iter().filter(|l| l.time_ns.is_some()) {
                let entry = counted.entry((l.set.clone(), l.strategy.clone()));
                let (sum, n) = entry.or_default();
                if let Some(r) = l.rules {
                    sum.naked_singles += r.naked_singles;
                    sum.hidden_singles += r.hidden_singles;
                    sum.guesses += r.guesses;
                    sum.eliminations += r.eliminations;
                }
                *n += 1;
            }
        },
    );
    report.machine.pinned = pinned;
    let rows: Vec<Row> = report
        .results
        .iter()
        .map(|r| row(r, counted.get(&(r.set.clone(), r.strategy.clone()))))
        .collect();
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
    text.push_str(&format!("{}\n", protocol_line(&report)));
    // A closed pipe is a quiet stop; the report is still written.
    let mut status = print(&text).max(report.status());
    if let Some(dir) = &args.report {
        match write_report(dir, &rows, &report) {
            Ok(()) => eprintln!(
                "wrote {}/ladder.md, ladder.json, ladder.csv and ladder.svg",
                dir.display()
            ),
            Err(e) => {
                eprintln!("error: --report {}: {e}", dir.display());
                status = status.max(Status::Usage);
            }
        }
    }
    status
}

/// The protocol, in one line under the tables.
fn protocol_line(report: &Report) -> String {
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
fn row(r: &ResultRecord, rules: Option<&(RuleCounts, u64)>) -> Row {
    let (sum, n) = rules.copied().unwrap_or_default();
    let per = |x: u64| x as f64 / n.max(1) as f64;
    let mean = r.mean_us.unwrap_or(0.0);
    let nodes = r.nodes_mean.unwrap_or(0.0);
    Row {
        set: r.set.clone(),
        rung: r.strategy.clone(),
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

fn table(rows: &[Row], markdown: bool) -> String {
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
fn write_report(dir: &Path, rows: &[Row], report: &Report) -> Result<(), String> {
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
    md += "\n![nodes against time per node](ladder.svg)\n";
    let io = |e: std::io::Error| e.to_string();
    write_atomic(&dir.join("ladder.md"), md.as_bytes()).map_err(io)?;
    let json = serde_json::to_string_pretty(rows).map_err(|e| e.to_string())? + "\n";
    write_atomic(&dir.join("ladder.json"), json.as_bytes()).map_err(io)?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    sudoku_engine::interval::as_csv_cells(|| {
        rows.iter()
            .try_for_each(|r| csv.serialize(r))
            .map_err(|e| e.to_string())
    })?;
    let csv = csv.into_inner().map_err(|e| e.to_string())?;
    write_atomic(&dir.join("ladder.csv"), &csv).map_err(io)?;
    let points: Vec<crate::ladder_chart::Point> = rows
        .iter()
        .filter(|r| r.us_per_puzzle > 0.0)
        .filter_map(|r| {
            let (branching, rule) = r.rung.trim_start_matches("prop:").split_once('/')?;
            Some(crate::ladder_chart::Point {
                branching: branching.to_string(),
                rule: rule.to_string(),
                guesses: r.guesses_per_puzzle,
                us: r.us_per_puzzle,
                us_interval: r.us_per_puzzle_ci95.map(|c| (c.lo(), c.hi())),
            })
        })
        .collect();
    let svg = crate::ladder_chart::svg("The pruning ladder", &points);
    write_atomic(&dir.join("ladder.svg"), svg.as_bytes()).map_err(io)?;
    Ok(())
}
