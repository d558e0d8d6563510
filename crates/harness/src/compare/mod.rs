//! `sudoku-lab compare`: every strategy on the same puzzle sets, one table per
//! set, every solution verified and every verdict cross-checked.
//!
//! The command only wires: the engine (`sudoku-engine`: [`config`],
//! [`attempt`], [`protocol`], [`cross_check`], [`runner`], [`passes`] (`--protocol passes`), the records
//! [`results`], [`sets`], [`settings`], [`machine`]) runs the
//! strategies and streams results lines into a sink; the reports
//! (`sudoku-reports`: [`tally`] with [`summary`] and [`study`] into a [`report`], then
//! [`table`], [`chart`], [`html`], [`report_files`] and
//! [`export`](sudoku_reports::export)) make the report and its views. Both
//! are re-exported here under the names the commands and tests use.
//!
//! This module holds the command line: [`CompareArgs`] and [`run`], which
//! prints the tables and writes `--report DIR`; [`merge`] is
//! `sudoku-lab merge`.

pub use sudoku_engine::{
    attempt, config, cross_check, interval, machine, pin, progress, protocol, results, runner,
    sets, settings,
};
pub use sudoku_reports::{
    cells, chart, html, notes, report, report_files, study, summary, table, tally,
};
pub mod merge;
pub mod passes;
pub use crate::palette;

pub use crate::registry::pick_strategies;
pub use config::RunConfig;
pub use report::{Report, ResultRecord, SetInfo};
pub use sets::{natural_cmp, PuzzleSet};
pub use sudoku_engine::{Problem, ProblemKind, StrategyInfo};
pub use sudoku_reports::compare;

use crate::args::{BudgetArgs, ProtocolArgs, ReadArgs};
use crate::{registry, Status};
use clap::{Args, ValueEnum};
use sets::{default_sets, expand_sets};
use std::path::{Path, PathBuf};
use sudoku_core::Solver;
use sudoku_reports::formats::{report_format, ReportFormat, REPORT_FORMATS};

/// Without `--set` and `--limit-puzzles`, each bundled set is cut to this many
/// puzzles, so plain `compare` stays under a minute even if the corpus grows
/// (measured with the eight headline strategies: 43 to 57 s on this project's
/// 2-core VM at load averages of 3.7 to 5.2; see the README).
pub const DEFAULT_LIMIT: usize = 100;
const AFTER_HELP: &str = "\
Every reported solution is verified and every puzzle's verdict is cross-checked
across the strategies that finished it; a wrong answer, a crash (caught, the run
goes on) or a disagreement is printed on stderr and counted in the table.

Exit status: 0 when nothing went wrong, 1 for a wrong answer, a crash or a
disagreement, 2 for usage errors and unreadable or empty sets. Unlike `solve`,
budget hits and invalid, unsolvable or multiple-solution puzzles do not make the
status non-zero: in a comparison they are results.

Without --strategies, compare runs the headline strategies (those a strategy
crate marks so; `--strategies all` runs every registered one). Without --set, it runs on every
bundled set in puzzles/ (from the current directory) except the public research
sets (top95, hardest, 17clue, seeds) and the 20x20 and 25x25 sets, the first 100
puzzles of each, and says which.

Examples:
  sudoku-lab compare
  sudoku-lab compare --strategies naive,dlx --set puzzles/top95.txt
  sudoku-lab compare --set puzzles/17clue.txt --limit-puzzles 2000 --format md
  sudoku-lab compare --report reports/latest
  sudoku-lab compare --strategies bitboard,reference --set puzzles/top95.txt --protocol both

Protocols (--protocol):
  rounds  (default) one process; each strategy in turn takes the set (up to 2,048 puzzles
          at a time, --block) through a warm-up pass and then --rounds rounds back to back,
          each solve timed on its own, the puzzles in file order (--order shuffled: a seeded
          shuffle). A puzzle's time is its fastest round, as a solver's own benchmark takes
          its best pass. Per-puzzle times, medians, intervals over puzzles.
  passes  the field's protocol (tdoku's benchmark, most solvers' authors): one checked pass
          here (verified, cross-checked: the tables), then for each strategy --processes child
          processes, alternating between strategies, each a warm-up pass and --passes timed
          whole-set passes in file order. Whole-set figures: the median pass, its interval
          (processes, then passes, resampled) and the spread across processes.
  both    rounds, then the passes, and each row's two figures side by side, flagged where
          they differ by more than 5%.
README.md (Protocols) says how far the two agree; `--strategies null` adds the harness's floor, a row that does nothing.";

/// `--format`: one of the reports' [`REPORT_FORMATS`], offered with their help, so a new
/// format is an entry there and no change here.
pub(crate) fn report_format_parser(
) -> impl clap::builder::TypedValueParser<Value = &'static ReportFormat> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        REPORT_FORMATS
            .iter()
            .map(|format| PossibleValue::new(format.name).help(format.help)),
    )
    .map(|name| report_format(&name).expect("the parser offers only listed names"))
}

/// `--protocol`: how the strategies are timed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProtocolChoice {
    /// Per-puzzle rounds in one process: each strategy in turn makes a warm-up pass and its
    /// rounds over the set back to back, each solve timed on its own, the puzzles in file order
    /// (or --order shuffled); a puzzle's time is the fastest of its rounds
    Rounds,
    /// The field's protocol: each strategy alone in its own child processes, whole-set passes
    /// in file order, as solvers' authors benchmark (after one checked pass in this process)
    Passes,
    /// Both, side by side: the rounds tables, then the passes with each row's two figures,
    /// flagged where they differ by more than 5%
    Both,
}

impl ProtocolChoice {
    fn protocol(self) -> config::Protocol {
        match self {
            ProtocolChoice::Rounds => config::Protocol::Rounds,
            ProtocolChoice::Passes => config::Protocol::Passes,
            ProtocolChoice::Both => config::Protocol::Both,
        }
    }
}

/// `--order`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderChoice {
    /// File order in every round
    File,
    /// A fresh seeded shuffle each round
    Shuffled,
}

/// `--limit-puzzles`: a count, or `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleLimit(pub Option<usize>);

fn puzzle_limit(s: &str) -> Result<PuzzleLimit, String> {
    match s.trim() {
        "all" | "none" => Ok(PuzzleLimit(None)),
        t => match t.parse::<usize>() {
            Ok(n) if n > 0 => Ok(PuzzleLimit(Some(n))),
            _ => Err(format!(
                "'{s}' is not a puzzle count: write a number from 1 up, or all"
            )),
        },
    }
}

#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct CompareArgs {
    /// Strategies to compare: comma-separated ids (see `sudoku-lab list`), or all
    /// [default: the headline strategies]
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub strategies: Vec<String>,

    /// Puzzle files, or directories (their *.txt, *.csv and *.sdk files, 4x4 before 12x12)
    /// [default: every file in puzzles/ but the research sets and 20x20/25x25, first 100 of each]
    #[arg(long = "set", value_name = "FILE_OR_DIR", num_args = 1..)]
    pub sets: Vec<PathBuf>,

    /// Read at most N puzzles from each set (a number, or all)
    #[arg(long, value_name = "N", value_parser = puzzle_limit)]
    pub limit_puzzles: Option<PuzzleLimit>,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,

    #[command(flatten)]
    pub protocol: ProtocolArgs,

    /// How to time: rounds (per-puzzle, in this process), passes (each strategy alone in its own
    /// processes, whole-set passes, as solvers' own benchmarks) or both (side by side). See
    /// "Protocols" below
    #[arg(long = "protocol", value_enum, default_value_t = ProtocolChoice::Rounds)]
    pub timing: ProtocolChoice,

    /// Rounds protocol: the puzzles' order within each round. file (default): as a pass over the
    /// file takes them; shuffled: a seeded shuffle (--seed), fresh each round within a block
    #[arg(long, value_enum, default_value_t = OrderChoice::File)]
    pub order: OrderChoice,

    /// Rounds protocol: puzzles a strategy takes through its warm-up pass and all its rounds
    /// before the next strategy takes them (default: the whole chunk read, 2,048 puzzles).
    /// Small blocks repeated back to back let a branch predictor learn them: times read low
    #[arg(long, default_value_t = config::BLOCK as u32, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub block: u32,

    /// With --protocol passes or both: timed whole-set passes per process (after a warm-up pass)
    #[arg(long, default_value_t = passes::DEFAULT_PASSES as u16, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub passes: u16,

    /// With --protocol passes or both: processes per strategy (their spread shows what a
    /// process's address layout does to a solver)
    #[arg(long, default_value_t = passes::DEFAULT_PROCESSES as u16, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub processes: u16,

    /// Solve puzzles on N threads; above 1 the timings are disturbed (the table says so).
    /// Capped at the cores, with a warning
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: u64,

    /// Output format on stdout
    #[arg(long, default_value = "table", value_parser = report_format_parser())]
    pub format: &'static ReportFormat,

    /// Tables with every column (verdicts, p90, max, puzzles/s, backtracks, memory):
    /// about 215 characters wide. The default table fits the terminal (100 columns when
    /// unknown; $COLUMNS when stdout is not a terminal)
    #[arg(long)]
    pub wide: bool,

    /// Also write report.md, results.json, results.csv and SVG charts into DIR
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,

    /// Never draw the progress bar (it is drawn only when stderr is a terminal)
    #[arg(long)]
    pub no_progress: bool,

    /// Append one JSON line per puzzle and strategy to FILE, --checkpoint puzzles at a time
    /// (flushed: a kill loses at most the puzzles since the last write); the report is
    /// computed from these lines
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,

    /// With --results: puzzles solved, cross-checked and written per write of the results
    /// file (default 2,048, the rounds' block). Fewer lose less to a kill, but the rounds then
    /// repeat fewer puzzles back to back, and a branch predictor learns a few hundred puzzles
    /// repeated: fast solvers' times read low (tdoku by a quarter on 17-clue with 256)
    #[arg(long, requires = "results", default_value_t = config::CHUNK as u32, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub checkpoint: u32,

    /// With --results: skip the puzzles FILE already holds and finish the rest
    #[arg(long, requires = "results")]
    pub resume: bool,

    /// Run only the K-th of N slices of every set: the puzzles whose index i (from 0,
    /// after --limit-puzzles) has i % N == K-1. Merge the shards' --results files
    /// with `sudoku-lab merge`
    #[arg(long, value_name = "K/N", value_parser = results::shard)]
    pub shard: Option<results::Shard>,
}

/// `sudoku-lab compare`.
pub fn run(args: &CompareArgs) -> Status {
    let strategies = match pick_strategies(&args.strategies) {
        Ok(s) => s,
        Err(e) => return crate::output::usage_error(e),
    };
    // Checked before the run, so a bad path costs nothing.
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let mut notes = Vec::new();
    let (sets, mut status, limit) = if args.sets.is_empty() {
        match default_sets() {
            Ok((sets, note)) => {
                let limit = args.limit_puzzles.map_or(Some(DEFAULT_LIMIT), |l| l.0);
                let note = match limit {
                    Some(n) => {
                        format!("{note}; first {n} puzzles of each (--limit-puzzles to change)")
                    }
                    None => note,
                };
                // Tables show the note themselves; JSON and CSV readers see it here.
                if !args.format.carries_notes {
                    eprintln!("{note}");
                }
                notes.push(note);
                (sets, Status::Ok, limit)
            }
            Err(message) => {
                eprintln!("error: {message}");
                return Status::Usage;
            }
        }
    } else {
        let (sets, status) = expand_sets(&args.sets);
        (sets, status, args.limit_puzzles.and_then(|l| l.0))
    };
    if sets.is_empty() {
        return status.max(Status::Usage);
    }
    let mut config = RunConfig {
        limits: args.budgets.limits(Some(config::MAX_SOLUTIONS), 1),
        limit_puzzles: limit,
        jobs: crate::jobs::worker_threads(args.jobs, None),
        read: args.read.options(),
        progress: !args.no_progress,
        loud: true,
        warmup: true,
        rounds: args.protocol.rounds as usize,
        seed: args.protocol.seed,
        command: Some(crate::args::command_line()),
        // Streamed results are cross-checked and written a checkpoint at a time.
        chunk: if args.results.is_some() {
            args.checkpoint as usize
        } else {
            config::CHUNK
        },
        shard: args.shard,
        skip: Default::default(),
        interrupt: None,
        protocol: args.timing.protocol(),
        order: match args.order {
            OrderChoice::File => protocol::Order::File,
            OrderChoice::Shuffled => protocol::Order::Shuffled,
        },
        block: args.block as usize,
        passes: passes::PassesConfig {
            passes: args.passes as usize,
            processes: args.processes as usize,
        },
        estimator: Some(registry::estimator),
        cargo_features: registry::cargo_features(),
        follow_up: None,
    };
    if config.protocol == config::Protocol::Passes {
        // The checked pass: one round, verified and cross-checked; the
        // times that count come from the children.
        config.rounds = 1;
    }
    let pinned = pin::pin(args.protocol.pin, config.jobs);
    let settings = settings::Settings {
        pin: Some(args.protocol.pin),
        ..settings::Settings::of(&ids(&strategies), &sets, &config)
    };
    let (held, mut writer) = match open_results(args, &settings) {
        Ok(found) => found,
        Err(status) => return status,
    };
    // The puzzles held whole are skipped; one in flight when the run
    // stopped is run again (`results::open` left its lines out).
    config.skip = std::sync::Arc::new(results::done(&held, &ids(&strategies)));
    config.interrupt = Some(crate::inputs::interrupt_flag());
    let mut tally = tally::Tally::default();
    for line in &held {
        tally.add(line);
    }
    let mut write_error = None;
    let (mut report, progress) = {
        let stop = config.interrupt.clone();
        let mut sink = |lines: &[results::Line]| {
            if let (Some(w), None) = (writer.as_mut(), &write_error) {
                if let Err(e) = w.write(lines) {
                    write_error = Some(e);
                    if let Some(flag) = &stop {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
        };
        tally::compare_streaming(&strategies, &sets, &config, tally, &mut sink)
    };
    report.notes = notes;
    report.machine.pinned = pinned;
    if config.protocol.runs_passes() && !progress.interrupted && write_error.is_none() {
        let (records, errors) = passes::measure(&strategies, &sets, &config, &mut |id, set, p| {
            if !args.no_progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                eprintln!("passes: {id} on {set}, process {p} of {}", args.processes);
            }
        });
        for e in &errors {
            eprintln!("error: --protocol passes: {e}");
        }
        if !errors.is_empty() {
            status = status.max(Status::Failed);
            report.notes.push(format!(
                "{} child process(es) failed (on stderr)",
                errors.len()
            ));
        }
        report.passes = records;
    }
    if let Some(shard) = args.shard {
        report
            .notes
            .push(format!("shard {}/{} of the puzzles", shard.k, shard.n));
    }
    if progress.skipped > 0 {
        report.notes.push(format!(
            "resumed: {} puzzles were already in the results file",
            progress.skipped
        ));
    }
    if let Some(e) = &write_error {
        // Not an interruption: the results file lost lines, so the run is
        // an I/O error, and no table counts puzzles it could not write.
        let file = args.results.as_deref().unwrap_or(Path::new("-"));
        eprintln!(
            "error: --results {}: cannot write the results: {e}",
            file.display()
        );
        return Status::Usage;
    }
    if progress.interrupted {
        let planned: u64 = sets.iter().map(|s| progress::count_items(s, &config)).sum();
        let done = progress.finished + progress.skipped;
        let note = format!("interrupted: {done} of {planned} puzzles");
        eprintln!("{note}");
        report.notes.push(note);
        status = status.max(Status::Interrupted);
    }
    status
        .max(print_report_with(
            &report,
            args.format,
            args.wide,
            args.report.as_deref(),
        ))
        .max(report.status())
}

fn ids(strategies: &[&dyn Solver]) -> Vec<String> {
    strategies.iter().map(|s| s.id().to_string()).collect()
}

/// `--results` and `--resume` ([`results::open`]); an error is printed.
fn open_results(
    args: &CompareArgs,
    settings: &settings::Settings,
) -> Result<(Vec<results::Line>, Option<results::Writer>), Status> {
    let Some(path) = &args.results else {
        return Ok((Vec::new(), None));
    };
    match results::open(path, args.resume, args.shard, settings) {
        Ok((held, writer)) => Ok((held, Some(writer))),
        Err(message) => {
            eprintln!("error: --results {}: {message}", path.display());
            Err(Status::Usage)
        }
    }
}

/// Prints the report in `format` and writes `--report DIR`; the status of
/// the output.
pub(crate) fn print_report(report: &Report, format: &ReportFormat, dir: Option<&Path>) -> Status {
    print_report_with(report, format, false, dir)
}

/// [`print_report`], with `--wide` tables or compact ones fitted to the terminal.
pub(crate) fn print_report_with(
    report: &Report,
    format: &ReportFormat,
    wide: bool,
    dir: Option<&Path>,
) -> Status {
    let text = format.render(report, wide);
    // A closed stdout (piped into `head`) is a quiet stop; a full disk is not.
    let mut status = crate::output::print(&text);
    if let Some(dir) = dir {
        match report_files::write_dir(report, dir) {
            Ok(files) => eprintln!("wrote {}: {}", dir.display(), files.join(", ")),
            Err(message) => {
                eprintln!("error: --report {}: {message}", dir.display());
                status = status.max(Status::Usage);
            }
        }
    }
    status
}
