//! `sudoku-lab merge`: the report of a comparison built from any number of
//! `compare --results` files (the shards of one run, or a resumed run), by
//! the same tally `compare` uses, so the counts are those of one run over all
//! the puzzles the files hold.

use super::config::RunConfig;
use super::report::StrategyInfo;
use super::results::{read, Line};
use super::tally::Tally;
use super::CompareFormat;
use crate::{registry, Status};
use clap::Args;
use std::path::PathBuf;

/// Strategy infos for lines whose strategies may not be registered here.
pub fn strategy_infos(lines: &[Line]) -> Vec<StrategyInfo> {
    let mut infos: Vec<StrategyInfo> = Vec::new();
    for l in lines {
        if infos.iter().any(|i| i.id == l.strategy) || l.strategy.is_empty() {
            continue;
        }
        let summary = registry::strategies()
            .into_iter()
            .find(|s| s.id() == l.strategy)
            .map(|s| s.summary().to_string())
            .unwrap_or_default();
        infos.push(StrategyInfo {
            id: l.strategy.clone(),
            summary,
            reference: l.reference,
            counts_nodes: l.counts_nodes,
        });
    }
    infos
}

/// `sudoku-lab merge`.
#[derive(Args, Debug)]
#[command(
    after_help = "The report has the counts of one run over all the puzzles the files hold \
(a puzzle held twice counts once). Times are what each machine measured.\n\n\
Example:\n  sudoku-lab merge shard-*.jsonl --format md --report reports/17clue-all"
)]
pub struct MergeArgs {
    /// Results files written by `compare --results`
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Output format on stdout
    #[arg(long, value_enum, default_value_t = CompareFormat::Table)]
    pub format: CompareFormat,

    /// Also write report.md, results.json, results.csv and SVG charts into DIR
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

pub fn merge(args: &MergeArgs) -> Status {
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let mut lines = Vec::new();
    for file in &args.files {
        match read(file, false) {
            Ok(more) => lines.extend(more),
            Err(message) => {
                eprintln!("error: {}: {message}", file.display());
                return Status::Usage;
            }
        }
    }
    if lines.is_empty() {
        eprintln!("error: the results files hold no records");
        return Status::Usage;
    }
    let mut tally = Tally::default();
    for line in &lines {
        tally.add(line);
    }
    let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
    // The machine section says where the merge ran, with the default settings.
    let config = RunConfig {
        command: Some(super::command_line()),
        ..RunConfig::default()
    };
    let mut report = tally.into_report(config.machine(), strategy_infos(&lines));
    report.notes.push(format!(
        "merged from {} results file{} ({}); the machine section is where the merge ran",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        names.join(", ")
    ));
    super::print_report(&report, args.format, args.report.as_deref())
}
