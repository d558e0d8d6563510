//! `sudoku-lab rate`: each puzzle's difficulty for a person, on Sudoku
//! Explainer's scale, from the `human` crate's step-by-step solver.
//!
//! Puzzles stream through in chunks rated in parallel (`--jobs`) and are
//! printed in input order. A line that ends in a number (`<81 cells> 7.2`,
//! the way rated sets are shared) is read as a puzzle with a known rating;
//! when a file carries them, the run ends with how our ratings agree with
//! the known ones (Spearman correlation, share within 0.3, share equal).
//! Every step is checked against the puzzle's solution: a step that removes
//! the solution's digit or places another is reported as an error.

use crate::args::{BudgetArgs, ReadArgs};
use crate::human::rate_one;
use crate::input::Source;
use crate::Status;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};
use sudoku_core::Grid;
use sudoku_human::format_rating;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    /// `<puzzle> <ER> <EP> <ED> <hardest technique>`, one line per puzzle
    Line,
    /// A table for people
    Table,
    /// One JSON object per line
    Json,
    /// CSV with a header
    Csv,
}

/// `rate`'s own default time budget per puzzle: the hardest puzzles need
/// nested forcing chains, seconds each (the other commands' 2 s would stop
/// them).
#[derive(Args, Debug)]
#[command(mut_arg("time_budget", |a| a.default_value("5m")))]
pub struct RateArgs {
    /// Puzzles: files (a trailing ` <rating>` on a line is read as its known SE rating),
    /// `-` for standard input, or a puzzle written out
    #[arg(required = true, value_name = "PUZZLE_OR_FILE")]
    pub inputs: Vec<String>,

    /// Output format
    #[arg(long, value_enum, default_value = "line")]
    pub format: RateFormat,

    /// Also print the solving path, step by step
    #[arg(long)]
    pub steps: bool,

    /// Threads rating puzzles at once [default: all cores]
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,

    /// Draw no progress bar on standard error (it is drawn only on a terminal)
    #[arg(long)]
    pub no_progress: bool,

    /// The old spelling of --no-progress: `--progress false`
    #[arg(long, hide = true, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub progress: bool,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// One puzzle's rating, as printed.
#[derive(Serialize, Clone, Debug)]
pub struct Rated {
    pub source: String,
    pub line: usize,
    pub puzzle: String,
    /// The box shape (`3x2`), which a line of 36 symbols alone does not say.
    pub shape: String,
    /// unique, multiple, none, invalid, or stopped (a budget ran out).
    pub verdict: String,
    pub er: Option<String>,
    pub ep: Option<String>,
    pub ed: Option<String>,
    pub hardest: Option<String>,
    pub steps: usize,
    /// The rating the file gives, if any.
    pub known: Option<f64>,
    pub micros: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
    #[serde(skip)]
    pub error: Option<String>,
}

fn rated(source: &str, line: usize, puzzle: &Grid, known: Option<f64>, args: &RateArgs) -> Rated {
    let started = Instant::now();
    let (verdict, path, error) = rate_one(puzzle, &args.budgets, args.steps);
    let micros = started.elapsed().as_micros() as u64;
    let n = puzzle.shape().side();
    let rating = path.as_ref().map(|p| p.rating());
    let hardest = path.as_ref().and_then(|p| {
        p.steps
            .iter()
            .max_by_key(|s| s.rating)
            .map(|s| s.technique.name().to_string())
    });
    Rated {
        source: source.to_string(),
        line,
        puzzle: puzzle.to_line(),
        shape: puzzle.shape().to_string(),
        verdict,
        er: rating.and_then(|r| r.er).map(format_rating),
        ep: rating.and_then(|r| r.ep).map(format_rating),
        ed: rating.and_then(|r| r.ed).map(format_rating),
        hardest,
        steps: path.as_ref().map_or(0, |p| p.steps.len()),
        known,
        micros,
        path: args.steps.then(|| {
            path.as_ref().map_or_else(Vec::new, |p| {
                p.steps
                    .iter()
                    .map(|s| format!("{} {}", format_rating(s.rating), s.sentence(n)))
                    .collect()
            })
        }),
        error,
    }
}

pub fn run(args: &RateArgs) -> Status {
    // Capped like compare's and generate's: thousands of threads take the
    // machine down.
    let threads = args
        .jobs
        .map_or(0, |j| crate::jobs::worker_threads(j, None));
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => return crate::output::usage_error(e),
    };
    let bar = (args.progress && !args.no_progress && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} rated {pos} puzzles, {per_sec}, {elapsed}")
                .expect("a valid template"),
        );
        bar
    });
    let mut out = io::stdout().lock();
    let mut status = Status::Ok;
    let mut all: Vec<Rated> = Vec::new();
    let mut shape_lines = sudoku_input::ShapeLines::default();
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    let mut unrated_known = 0usize;
    if args.format == RateFormat::Csv {
        if let Err(e) = writeln!(
            out,
            "source,line,puzzle,verdict,er,ep,ed,hardest,steps,known,micros"
        ) {
            return crate::output::write_failed(&e);
        }
    }
    for arg in &args.inputs {
        let source = match Source::from_arg(arg) {
            Ok(s) => s,
            Err(msg) => {
                eprintln!("error: {msg}");
                status = status.max(Status::Usage);
                continue;
            }
        };
        let name = source.name();
        let items = match source.open(args.read.options()) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                status = status.max(Status::Usage);
                continue;
            }
        };
        let mut items = items.peekable();
        if items.peek().is_none() {
            eprintln!("error: {name}: no puzzles found (empty, or only comments)");
            status = status.max(Status::Usage);
            continue;
        }
        loop {
            let chunk: Vec<_> = items.by_ref().take(64).collect();
            if chunk.is_empty() {
                break;
            }
            let results: Vec<Result<Rated, (usize, String)>> = pool.install(|| {
                chunk
                    .into_par_iter()
                    .map(|(line, item)| match item {
                        Ok(entry) => Ok(rated(&name, line, &entry.puzzle, entry.rating, args)),
                        Err(e) => Err((line, e.kind.to_string())),
                    })
                    .collect()
            });
            for result in results {
                let r = match result {
                    Ok(r) => r,
                    Err((line, why)) => {
                        eprintln!("error: {name}:{line}: {why}");
                        status = status.max(Status::Failed);
                        if args.format == RateFormat::Line {
                            if let Err(e) = writeln!(out, "- invalid") {
                                return crate::output::write_failed(&e);
                            }
                        }
                        continue;
                    }
                };
                if let Some(error) = &r.error {
                    eprintln!("error: {name}:{}: {error}", r.line);
                    status = status.max(Status::Failed);
                }
                if r.verdict != "unique" {
                    status = status.max(Status::Failed);
                }
                if let Some(k) = r.known {
                    match &r.er {
                        Some(er) => pairs.push((k, er.parse().expect("a rating we printed"))),
                        None => unrated_known += 1,
                    }
                }
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
                let shape_line = (args.format == RateFormat::Line)
                    .then(|| r.shape.parse().ok().and_then(|s| shape_lines.before(s)))
                    .flatten();
                if let Some(Err(e)) = shape_line.map(|l| writeln!(out, "{l}")) {
                    return crate::output::write_failed(&e);
                }
                if let Err(e) = print_one(&mut out, &r, args) {
                    return crate::output::write_failed(&e);
                }
                if args.format == RateFormat::Table {
                    all.push(r);
                }
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let summary = agreement(&pairs, unrated_known);
    let written = (|| -> io::Result<()> {
        if args.format == RateFormat::Table {
            writeln!(out, "{}", table(&all, args.steps))?;
            if let Some(s) = &summary {
                writeln!(out, "{s}")?;
            }
        } else if let Some(s) = &summary {
            eprintln!("{s}");
        }
        out.flush()
    })();
    match written {
        Ok(()) => status,
        Err(e) => status.max(crate::output::write_failed(&e)),
    }
}

fn print_one(out: &mut impl Write, r: &Rated, args: &RateArgs) -> io::Result<()> {
    let dash = |x: &Option<String>| x.clone().unwrap_or_else(|| "-".into());
    match args.format {
        RateFormat::Line => {
            let what = match (&r.er, r.verdict.as_str()) {
                (Some(_), _) => dash(&r.hardest),
                (None, "unique") => "not finished by logic".into(),
                (None, v) => v.to_string(),
            };
            writeln!(
                out,
                "{} {} {} {} {what}",
                r.puzzle,
                dash(&r.er),
                dash(&r.ep),
                dash(&r.ed)
            )?;
            for step in r.path.iter().flatten() {
                writeln!(out, "  {step}")?;
            }
        }
        RateFormat::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(r).map_err(io::Error::other)?
        )?,
        RateFormat::Csv => {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(Vec::new());
            w.serialize((
                &r.source, r.line, &r.puzzle, &r.verdict, &r.er, &r.ep, &r.ed, &r.hardest, r.steps,
                r.known, r.micros,
            ))
            .map_err(io::Error::other)?;
            out.write_all(
                &w.into_inner()
                    .map_err(|e| io::Error::other(e.to_string()))?,
            )?;
        }
        RateFormat::Table => {}
    }
    Ok(())
}

fn table(all: &[Rated], steps: bool) -> String {
    let mut builder = tabled::builder::Builder::default();
    builder.push_record([
        "line", "puzzle", "ER", "EP", "ED", "hardest", "steps", "known", "ms",
    ]);
    for r in all {
        let dash = |x: &Option<String>| x.clone().unwrap_or_else(|| "-".into());
        builder.push_record([
            r.line.to_string(),
            r.puzzle.clone(),
            dash(&r.er),
            dash(&r.ep),
            dash(&r.ed),
            if r.er.is_some() {
                dash(&r.hardest)
            } else {
                r.verdict.clone()
            },
            r.steps.to_string(),
            r.known.map_or("-".into(), |k| format!("{k:.1}")),
            format!("{:.1}", r.micros as f64 / 1000.0),
        ]);
        if steps {
            for step in r.path.iter().flatten() {
                builder.push_record([
                    "".into(),
                    format!("  {step}"),
                    "".into(),
                    "".into(),
                    "".into(),
                    "".into(),
                    "".into(),
                    "".into(),
                    "".into(),
                ]);
            }
        }
    }
    let mut table = builder.build();
    table.with(tabled::settings::Style::markdown());
    table.to_string()
}

pub use sudoku_reports::study::{ranks, spearman};

/// The agreement with known ratings, in one paragraph.
fn agreement(pairs: &[(f64, f64)], unrated: usize) -> Option<String> {
    if pairs.is_empty() && unrated == 0 {
        return None;
    }
    let (known, ours): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
    let n = pairs.len().max(1) as f64;
    let within = pairs
        .iter()
        .filter(|(k, o)| (k - o).abs() <= 0.3 + 1e-9)
        .count();
    let exact = pairs.iter().filter(|(k, o)| (k - o).abs() < 1e-9).count();
    let rho = spearman(&known, &ours).map_or("n/a".into(), |r| format!("{r:.3}"));
    Some(format!(
        "agreement with the known ratings: {} puzzles rated ({} with a known rating not finished by logic or stopped); Spearman {rho}; within 0.3: {:.1}%; equal: {:.1}%",
        pairs.len(),
        unrated,
        100.0 * within as f64 / n,
        100.0 * exact as f64 / n
    ))
}

/// Budgets for one puzzle, for callers outside `rate` (generate).
pub fn default_budgets(time: Option<Duration>) -> BudgetArgs {
    BudgetArgs {
        node_budget: None,
        time_budget: crate::args::TimeBudget(time),
        memory_budget: crate::args::MemoryBudget(None),
    }
}
