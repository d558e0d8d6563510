//! `sudoku-lab rate`: each puzzle's difficulty for a person, on Sudoku
//! Explainer's scale, from the `human` crate's step-by-step solver.
//!
//! A run of the engine: the runner reads the inputs as sets, checks each
//! puzzle's uniqueness with the registry's [`Checker`](registry::Checker)
//! (timed, panics caught, the solution verified), and the run's follow-up
//! ([`Rater`]) rates each unique puzzle, every step checked against that
//! solution. The lines stream in input order into a sink that prints them
//! (`sudoku_reports::rating`'s views) and, with `--results FILE`, into a
//! results file that `--resume` finishes after an interruption, as
//! `compare` does. A line that ends in a number (`<81 cells> 7.2`, the way
//! rated sets are shared) is a puzzle with a known rating; when a file
//! carries them, the run ends with how our ratings agree with the known ones.

use crate::args::{BudgetArgs, ReadArgs};
use crate::{registry, Status};
use clap::{Args, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use sudoku_core::{Limits, Solver};
use sudoku_engine::results::{self, Line};
use sudoku_engine::settings::Settings;
use sudoku_engine::{config, FollowUp, Problem, ProblemKind, RunConfig, Sink, Solved};
use sudoku_input::Entry;
use sudoku_reports::rating::{self, Agreement, RatedLine, Rating};

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

/// Which Sudoku Explainer the ratings follow. Two versions in use rate the
/// same puzzle differently (a turbot fish rates 4.0 in one and a chain 6.6
/// in the other), so each has its ladder.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Ladder {
    /// SE 1.2's techniques plus turbot fish, grouped strong-link chains and
    /// the WXYZ- and VWXYZ-wings, as SudokuMonster's Sukaku Explainer
    /// v1.15.10 rates (the rater of the Sudoku Exchange puzzle bank and of
    /// puzzles/se-rated-2500.txt; its fork also rated se-rated-17clue.txt
    /// and se-rated-hard-sudokumonster.txt)
    #[default]
    Wings,
    /// Sudoku Explainer 1.2's own ladder, as 1to9only's SukakuExplainer
    /// `serate` rates (the rater of puzzles/se-rated-hard.txt and of the
    /// forum's lists)
    Se12,
}

impl Ladder {
    fn options(self) -> sudoku_human::Options {
        match self {
            Ladder::Wings => sudoku_human::Options::WINGS,
            Ladder::Se12 => sudoku_human::Options::SE12,
        }
    }
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

    /// Which Sudoku Explainer to agree with: `wings` (SudokuMonster's fork) or
    /// `se12` (SE 1.2's ladder, 1to9only's serate); they rate some puzzles
    /// apart by up to 2 points
    #[arg(long, value_enum, default_value_t = Ladder::Wings)]
    pub ladder: Ladder,

    /// Threads rating puzzles at once [default: all cores]
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,

    /// Draw no progress bar on standard error (it is drawn only on a terminal)
    #[arg(long)]
    pub no_progress: bool,

    /// The old spelling of --no-progress: `--progress false`
    #[arg(long, hide = true, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub progress: bool,

    /// Stream every puzzle's record into FILE (JSON lines) as it is rated
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,

    /// With --results: keep the puzzles FILE already holds and rate the rest
    #[arg(long, requires = "results")]
    pub resume: bool,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// Puzzles rated in parallel before their lines are printed.
const RATE_CHUNK: usize = 64;

/// The follow-up of a `rate` run: the human solver's path of each unique
/// puzzle, checked against the solution the checker verified.
#[derive(Debug)]
pub struct Rater {
    /// Keep the path in words (`--steps`).
    pub steps: bool,
    /// The techniques and ratings (`--ladder`).
    pub ladder: Ladder,
}

impl FollowUp for Rater {
    fn describe(&self) -> String {
        // The default ladder's words are those of results files written
        // before `--ladder`, so they still resume.
        format!(
            "the human solver's rating{}{}",
            if self.ladder == Ladder::Se12 {
                " on SE 1.2's ladder"
            } else {
                ""
            },
            if self.steps { ", with its steps" } else { "" }
        )
    }

    fn measure(
        &self,
        _: &dyn Solver,
        entry: &Entry,
        solved: Solved<'_>,
        limits: &Limits,
    ) -> Option<serde_json::Value> {
        let (true, Some(solution)) = (solved.unique, solved.solution) else {
            return None;
        };
        let started = Instant::now();
        let (path, unsound) =
            crate::human::checked_path(&entry.puzzle, solution, limits, self.ladder.options());
        let micros = started.elapsed().as_micros() as u64;
        let n = entry.puzzle.shape().side();
        let on_scale = |t: Option<u32>| t.map(|t| f64::from(t) / 10.0);
        let r = path.rating();
        let record = Rating {
            er: on_scale(r.er),
            ep: on_scale(r.ep),
            ed: on_scale(r.ed),
            hardest: path
                .steps
                .iter()
                .max_by_key(|s| s.rating)
                .map(|s| s.technique.name().to_string()),
            steps: path.steps.len(),
            stopped: path.stopped,
            micros,
            path: self.steps.then(|| {
                path.steps
                    .iter()
                    .map(|s| {
                        format!(
                            "{} {}",
                            sudoku_human::format_rating(s.rating),
                            s.sentence(n)
                        )
                    })
                    .collect()
            }),
            unsound,
        };
        Some(serde_json::to_value(record).expect("a rating serializes"))
    }
}

/// Where the lines go: printed as they come (all but the table), kept for
/// the table, counted for the agreement and the exit status.
struct Printer {
    format: RateFormat,
    steps: bool,
    out: io::StdoutLock<'static>,
    shape_lines: sudoku_input::ShapeLines,
    kept: Vec<RatedLine>,
    agreement: Agreement,
    status: Status,
    /// The first write that failed (standard output closed).
    failed: Option<io::Error>,
    results: Option<results::Writer>,
    write_error: Option<io::Error>,
    stop: Option<Arc<std::sync::atomic::AtomicBool>>,
}

impl Printer {
    fn show(&mut self, r: RatedLine) {
        if let Some(rating) = &r.rating {
            if let Some(unsound) = &rating.unsound {
                eprintln!("error: {}:{}: {unsound}", r.line.set, r.line.line);
            }
        }
        if !r.ok() {
            self.status = self.status.max(Status::Failed);
        }
        self.agreement.add(&r);
        let text = match self.format {
            RateFormat::Line => {
                let shape = r
                    .line
                    .shape
                    .and_then(|s| sudoku_core::Shape::new(s.box_rows, s.box_cols).ok());
                let before = shape.and_then(|s| self.shape_lines.before(s));
                before.map(|b| format!("{b}\n")).unwrap_or_default() + &rating::line_text(&r)
            }
            RateFormat::Json => rating::json_text(&r),
            RateFormat::Csv => rating::csv_text(&r),
            RateFormat::Table => {
                self.kept.push(r);
                return;
            }
        };
        self.write(&text);
    }

    fn write(&mut self, text: &str) {
        if self.failed.is_none() {
            if let Err(e) = self.out.write_all(text.as_bytes()) {
                self.failed = Some(e);
            }
        }
    }
}

impl Sink for Printer {
    fn lines(&mut self, lines: &[Line]) {
        if let (Some(w), None) = (self.results.as_mut(), &self.write_error) {
            if let Err(e) = w.write(lines) {
                self.write_error = Some(e);
                if let Some(flag) = &self.stop {
                    flag.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
        for line in lines {
            match RatedLine::of(line) {
                Ok(r) => self.show(r),
                Err(message) => {
                    eprintln!("error: {message}");
                    self.status = self.status.max(Status::Failed);
                }
            }
        }
    }

    fn problem(&mut self, problem: Problem) {
        let status = match problem.kind {
            ProblemKind::Unreadable | ProblemKind::Empty => Status::Usage,
            _ => Status::Failed,
        };
        self.status = self.status.max(status);
    }
}

pub fn run(args: &RateArgs) -> Status {
    let (sets, mut status) = crate::inputs::sets_of(&args.inputs, &args.read);
    if sets.is_empty() {
        return status.max(Status::Usage);
    }
    let checker: &dyn Solver = &registry::Checker;
    let strategies = [checker];
    let mut config = RunConfig {
        // Unique puzzles only: the checker looks for two solutions and
        // keeps one, the rating's reference.
        limits: args.budgets.limits(Some(config::MAX_SOLUTIONS), 1),
        jobs: args
            .jobs
            .map_or_else(num_cores, |j| crate::jobs::worker_threads(j, None)),
        read: args.read.options(),
        progress: args.progress && !args.no_progress,
        warmup: false,
        rounds: 1,
        command: Some(crate::args::command_line()),
        chunk: if args.results.is_some() {
            config::RESULTS_CHUNK
        } else {
            RATE_CHUNK
        },
        follow_up: Some(Arc::new(Rater {
            steps: args.steps,
            ladder: args.ladder,
        })),
        ..registry::run_config()
    };
    // Budget notes are compare's: a rating has none.
    config.estimator = None;
    let settings = Settings::of(&["checker".to_string()], &sets, &config);
    let (held, writer) = match &args.results {
        None => (Vec::new(), None),
        Some(path) => match results::open(path, args.resume, None, &settings) {
            Ok((held, writer)) => (held, Some(writer)),
            Err(message) => {
                eprintln!("error: --results {}: {message}", path.display());
                return Status::Usage;
            }
        },
    };
    config.skip = Arc::new(results::done(&held, &settings.strategies));
    config.interrupt = Some(crate::inputs::interrupt_flag());
    let mut printer = Printer {
        format: args.format,
        steps: args.steps,
        out: io::stdout().lock(),
        shape_lines: Default::default(),
        kept: Vec::new(),
        agreement: Agreement::default(),
        status: Status::Ok,
        failed: None,
        results: writer,
        write_error: None,
        stop: config.interrupt.clone(),
    };
    if args.format == RateFormat::Csv {
        printer.write(rating::CSV_HEADER);
    }
    // A resumed run prints what the file holds first, in input order: the
    // output is the one run's.
    let mut held = held;
    let order = |set: &str| sets.iter().position(|s| s.name == set);
    held.sort_by_key(|l| (order(&l.set), l.index));
    for line in &held {
        match RatedLine::of(line) {
            Ok(r) => printer.show(r),
            Err(message) => {
                eprintln!("error: --results: {message}");
                return Status::Usage;
            }
        }
    }
    let finished = sudoku_engine::runner::run(&strategies, &sets, &config, &mut printer);
    status = status.max(printer.status);
    if args.format == RateFormat::Table {
        let table = rating::table(&printer.kept, printer.steps);
        printer.write(&format!("{table}\n"));
        if let Some(s) = printer.agreement.sentence() {
            printer.write(&format!("{s}\n"));
        }
    } else if let Some(s) = printer.agreement.sentence() {
        eprintln!("{s}");
    }
    if let Err(e) = printer.out.flush() {
        printer.failed.get_or_insert(e);
    }
    if let Some(e) = &printer.failed {
        status = status.max(crate::output::write_failed(e));
    }
    if let Some(e) = &printer.write_error {
        let file = args.results.as_deref().unwrap_or(std::path::Path::new("-"));
        eprintln!(
            "error: --results {}: cannot write the results: {e}",
            file.display()
        );
        return status.max(Status::Usage);
    }
    if finished.progress.skipped > 0 {
        eprintln!(
            "resumed: {} puzzles were already in the results file",
            finished.progress.skipped
        );
    }
    if finished.progress.interrupted {
        eprintln!(
            "interrupted: {} puzzles rated; --resume with the same --results file rates the rest",
            finished.progress.finished + finished.progress.skipped
        );
        status = status.max(Status::Interrupted);
    }
    status
}

/// Every core, as rate has always used by default.
fn num_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
