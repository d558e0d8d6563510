//! `sudoku-lab merge`: the report of a comparison built from any number of
//! `compare --results` files (the shards of one run, or a resumed run), by
//! the same tally `compare` uses, so the counts are those of one run over all
//! the puzzles the files hold.

use super::config::RunConfig;
use super::report_format_parser;
use super::results::{read, Held, Line};
use super::settings::Settings;
use super::tally::Tally;
use crate::{registry, Status};
use clap::Args;
use std::collections::HashMap;
use std::path::PathBuf;
use sudoku_engine::{Problem, ProblemKind, StrategyInfo};
use sudoku_reports::formats::ReportFormat;

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
            counts_mems: lines
                .iter()
                .any(|m| m.strategy == l.strategy && m.stats.mems.is_some()),
        });
    }
    infos
}

/// `sudoku-lab merge`.
#[derive(Args, Debug)]
#[command(
    after_help = "The report has the counts of one run over all the puzzles the files hold \
(a puzzle held twice counts once). Times are what each machine measured; the intervals pool \
the runs' puzzles.\n\n\
Files written with different settings (sets or their contents, strategies, budgets, rounds, \
seed, binary, --jobs, --pin) are refused, naming the difference, unless --allow-mixed. Every \
record is checked against its file's settings record (its settings, shard and puzzle), and a \
set of shards with one missing is refused, naming it, unless --allow-partial. Two lines of one \
(puzzle, strategy) that say different things, and verdicts of one puzzle that disagree across \
strategies, are reported as problems (exit status 1).\n\n\
Example:\n  sudoku-lab merge shard-*.jsonl --format md --report reports/17clue-all"
)]
pub struct MergeArgs {
    /// Results files written by `compare --results`
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Output format on stdout
    #[arg(long, default_value = "table", value_parser = report_format_parser())]
    pub format: &'static ReportFormat,

    /// Also write report.md, results.json, results.csv and SVG charts into DIR
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,

    /// Merge files written with different settings; the report then says, per row, which
    /// settings its lines came from
    #[arg(long)]
    pub allow_mixed: bool,

    /// Merge the shards given though some of the run's shards are missing (the report
    /// then names them)
    #[arg(long)]
    pub allow_partial: bool,
}

/// One file's settings, as a phrase for messages.
fn settings_of(file: &str, held: &Held) -> String {
    match &held.settings {
        Some(_) => file.to_string(),
        None => format!("{file} (no settings record)"),
    }
}

/// The distinct settings among the files, and each file's index into them.
fn variants(held: &[(String, Held)]) -> (Vec<Option<Settings>>, Vec<usize>) {
    let mut kinds: Vec<Option<Settings>> = Vec::new();
    let mut of_file = Vec::new();
    for (_, h) in held {
        let at = match kinds.iter().position(|k| *k == h.settings) {
            Some(i) => i,
            None => {
                kinds.push(h.settings.clone());
                kinds.len() - 1
            }
        };
        of_file.push(at);
    }
    (kinds, of_file)
}

/// The differences between the first file's settings and each other kind.
fn describe(held: &[(String, Held)], kinds: &[Option<Settings>], of_file: &[usize]) -> Vec<String> {
    let first = &kinds[0];
    let mut out = Vec::new();
    for (k, kind) in kinds.iter().enumerate().skip(1) {
        let file = of_file
            .iter()
            .position(|&f| f == k)
            .expect("a file of each kind");
        let (name, h) = &held[file];
        let what = match (first, kind) {
            (Some(a), Some(b)) => a.differences(b).join("; "),
            _ => "one of them holds no settings record".to_string(),
        };
        out.push(format!(
            "{} and {}: {what}",
            settings_of(&held[0].0, &held[0].1),
            settings_of(name, h)
        ));
    }
    out
}

/// The shards of one run the files lack: for each `N` some file was a shard
/// of, the `K/N` no file holds. Empty when no file was sharded.
fn missing_shards(held: &[(String, Held)]) -> Vec<String> {
    let mut of: std::collections::BTreeMap<usize, std::collections::BTreeSet<usize>> =
        Default::default();
    for (_, h) in held {
        if let Some(shard) = h.shard {
            of.entry(shard.n).or_default().insert(shard.k);
        }
    }
    let mut missing = Vec::new();
    for (n, ks) in of {
        missing.extend(
            (1..=n)
                .filter(|k| !ks.contains(k))
                .map(|k| format!("{k}/{n}")),
        );
    }
    missing
}

/// Lines of one (set, puzzle, strategy) that say different things, and
/// puzzles whose definite verdicts disagree across strategies (where the
/// run that wrote them did not already say so).
fn conflicts(lines: &[Line]) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut first: HashMap<(&str, usize, &str), &Line> = HashMap::new();
    for l in lines {
        match first.get(&(l.set.as_str(), l.index, l.strategy.as_str())) {
            None => {
                first.insert((&l.set, l.index, &l.strategy), l);
            }
            Some(other) => {
                let says = |x: &Line| (x.verdict, x.count, x.stop, x.stats, x.wrong);
                if says(other) != says(l) {
                    problems.push(Problem {
                        kind: ProblemKind::ConflictingLines,
                        set: l.set.clone(),
                        line: Some(l.line),
                        strategies: vec![l.strategy.clone()],
                        message: format!(
                            "two lines of {} on puzzle {} disagree: one says {} ({} solutions, \
                             {}), the other {} ({} solutions, {})",
                            l.strategy,
                            l.index,
                            other.verdict.word(),
                            other.count,
                            other.stats.words(),
                            l.verdict.word(),
                            l.count,
                            l.stats.words()
                        ),
                    });
                }
            }
        }
    }
    let mut by_puzzle: HashMap<(&str, usize), Vec<&Line>> = HashMap::new();
    for l in first.values() {
        by_puzzle.entry((&l.set, l.index)).or_default().push(l);
    }
    let mut keys: Vec<&(&str, usize)> = by_puzzle.keys().collect();
    keys.sort();
    for key in keys {
        let group = &by_puzzle[key];
        if group.iter().any(|l| l.disagreement.is_some()) {
            continue; // the run that wrote them reported it, and the tally shows it
        }
        let definite: Vec<&&Line> = group
            .iter()
            .filter(|l| l.verdict.definite() && !l.wrong)
            .collect();
        if definite.iter().any(|l| l.verdict != definite[0].verdict) {
            let mut said: Vec<String> = definite
                .iter()
                .map(|l| format!("{} says {}", l.strategy, l.verdict.word()))
                .collect();
            said.sort();
            problems.push(Problem {
                kind: ProblemKind::Disagreement,
                set: key.0.to_string(),
                line: Some(definite[0].line),
                strategies: definite.iter().map(|l| l.strategy.clone()).collect(),
                message: format!(
                    "the merged files disagree on puzzle {}: {}",
                    key.1,
                    said.join(", ")
                ),
            });
        }
    }
    problems
}

pub fn merge(args: &MergeArgs) -> Status {
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let mut held = Vec::new();
    for file in &args.files {
        match read(file, false) {
            Ok(h) => held.push((file.display().to_string(), h)),
            Err(message) => {
                eprintln!("error: {}: {message}", file.display());
                return Status::Usage;
            }
        }
    }
    let missing = missing_shards(&held);
    if !missing.is_empty() && !args.allow_partial {
        eprintln!(
            "error: the files are shards of a run, and shard{} {} {} missing: merge every \
             shard, or add --allow-partial to report on these",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        );
        return Status::Usage;
    }
    // Rounds and passes measure different things: no flag mixes them.
    let mut protocols: Vec<(&str, &str)> = Vec::new();
    for (name, h) in &held {
        if let Some(p) = h.settings.as_ref().map(|s| s.protocol.as_str()) {
            if !protocols.iter().any(|(q, _)| *q == p) {
                protocols.push((p, name));
            }
        }
    }
    if protocols.len() > 1 {
        let named: Vec<String> = protocols
            .iter()
            .map(|(p, file)| format!("--protocol {p} ({file})"))
            .collect();
        eprintln!(
            "error: the files were timed under different protocols ({}); their times measure \
             different things and are never merged, not even with --allow-mixed",
            named.join(", ")
        );
        return Status::Usage;
    }
    let (kinds, of_file) = variants(&held);
    let mixed = describe(&held, &kinds, &of_file);
    if !mixed.is_empty() && !args.allow_mixed {
        eprintln!(
            "error: the files were written with different settings, so their lines are not one \
             experiment ({}); merge files of one run, or add --allow-mixed to merge them anyway",
            mixed.join("; ")
        );
        return Status::Usage;
    }
    // Per row, which settings its lines came from (only asked when mixed).
    let mut row_kinds: HashMap<(String, String), Vec<usize>> = HashMap::new();
    let mut lines = Vec::new();
    for ((_, h), &kind) in held.iter().zip(&of_file) {
        for l in &h.lines {
            let kinds = row_kinds
                .entry((l.set.clone(), l.strategy.clone()))
                .or_default();
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        lines.extend(h.lines.iter().cloned());
    }
    if lines.is_empty() {
        eprintln!("error: the results files hold no records");
        return Status::Usage;
    }
    let found = conflicts(&lines);
    for p in &found {
        eprintln!("{p}");
    }
    let mut tally = Tally::default();
    for line in &lines {
        tally.add(line);
    }
    for p in found {
        tally.problem(p);
    }
    let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
    // The machine section says where the merge ran, with the default settings.
    // --jobs as the runs recorded it: above 1 their timings were disturbed.
    let jobs = kinds
        .iter()
        .flatten()
        .filter_map(|s| s.jobs)
        .max()
        .unwrap_or(1);
    let config = RunConfig {
        command: Some(crate::args::command_line()),
        jobs,
        ..crate::registry::run_config()
    };
    let mut machine = config.machine();
    if let Some((protocol, _)) = protocols.first() {
        machine.protocol = protocol.to_string();
    }
    let mut report = tally.into_report(machine, strategy_infos(&lines));
    if !missing.is_empty() {
        report.notes.push(format!(
            "PARTIAL (--allow-partial): shard{} {} of the run missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ));
    }
    if report.machine.protocol != "rounds" {
        report.notes.push(format!(
            "timed under --protocol {}: results files hold the checked pass's lines; the \
             whole-set passes of the child processes are in the report of the run itself",
            report.machine.protocol
        ));
    }
    report.notes.push(format!(
        "merged from {} results file{} ({}); the machine section is where the merge ran",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        names.join(", ")
    ));
    if !mixed.is_empty() {
        report.notes.push(format!(
            "MIXED SETTINGS (--allow-mixed): {}",
            mixed.join("; ")
        ));
        let file_of = |kind: usize| -> String {
            let files: Vec<&str> = of_file
                .iter()
                .enumerate()
                .filter(|(_, &k)| k == kind)
                .map(|(i, _)| held[i].0.as_str())
                .collect();
            files.join(", ")
        };
        for r in &report.results {
            if let Some(kinds) = row_kinds.get(&(r.set.clone(), r.strategy.clone())) {
                if kinds.len() > 1 {
                    let from: Vec<String> = kinds.iter().map(|&k| file_of(k)).collect();
                    report.notes.push(format!(
                        "{} on {}: mixed, lines from settings of {}",
                        r.strategy,
                        r.set,
                        from.join(" and of ")
                    ));
                }
            }
        }
    }
    super::print_report(&report, args.format, args.report.as_deref()).max(report.status())
}
