//! Does `compare` read each solver as the solver's own benchmark does? This
//! runs the check behind the README's "Protocols" tables: for each set, it
//! alternates, process by process,
//!
//! - each solver alone in its own process: the `alone` example for ours and
//!   the reference, and tdoku's own driver for tdoku (given with `--tdrive`;
//!   any program that prints `"best_us":X` works), each a warm-up pass and
//!   then the best of 7 whole-file passes;
//! - `sudoku-lab compare --protocol both` with the same strategies and the
//!   harness's floor (`null`): the rounds' mean and the fastest pass.
//!
//! It then prints, per set and solver, each figure against the solver alone,
//! and bitboard's time over tdoku's under each protocol: first as the best
//! of the processes (what the reference protocol keeps), then as their
//! median. Nothing is timed in a test: run it on a quiet machine, one core,
//! and say the CPU with the figures. Build the program and both examples
//! first, with the tdoku row if tdoku is to be measured:
//!
//! ```text
//! TDOKU_DIR=<tdoku checkout> cargo build --release --features tdoku \
//!     -p sudoku-harness --bin sudoku-lab --example alone --example agreement
//! nice -n -15 taskset -c 1 setarch -R target/release/examples/agreement \
//!     --tdrive <tdoku's driver> --alternations 11 puzzles/top95.txt ...
//! ```
//!
//! (`nice`, `taskset` and `setarch -R` pass to every process it starts.)
//! Without `--tdrive` it compares bitboard and the reference only.

use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_reports::table::{text_table, Flavor};

/// What one alternation measured on one set: per (solver, protocol), µs
/// per puzzle.
type Figures = Vec<((String, &'static str), f64)>;

/// A summary of one figure's processes (the best, the median).
type Statistic<'a> = &'a dyn Fn(Vec<f64>) -> f64;

const ALONE: &str = "alone";
const ROUNDS: &str = "rounds";
const PASSES: &str = "passes";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut tdrive: Option<PathBuf> = None;
    let mut alternations = 5usize;
    let mut sets: Vec<PathBuf> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--tdrive" => tdrive = it.next().map(PathBuf::from),
            "--alternations" => {
                alternations = it.next().and_then(|n| n.parse().ok()).unwrap_or_else(|| {
                    usage("--alternations takes a number");
                })
            }
            "-h" | "--help" => usage(""),
            flag if flag.starts_with("--") => usage(&format!("unknown option {flag}")),
            file => sets.push(PathBuf::from(file)),
        }
    }
    if sets.is_empty() {
        usage("name at least one puzzle file");
    }
    let here = std::env::current_exe().expect("the path of this example");
    let examples = here.parent().expect("the examples folder");
    let lab = examples
        .parent()
        .expect("the target folder")
        .join("sudoku-lab");
    let alone = examples.join("alone");
    for program in [&lab, &alone] {
        if !program.exists() {
            usage(&format!("{} is not built", program.display()));
        }
    }
    let mut ours = vec!["bitboard".to_string(), "reference".to_string()];
    if tdrive.is_some() {
        ours.insert(0, "tdoku".to_string());
    }
    for set in &sets {
        let mut runs: Vec<Figures> = Vec::new();
        for k in 0..alternations {
            eprintln!("{}: alternation {} of {alternations}", set.display(), k + 1);
            runs.push(alternate(set, &ours, tdrive.as_deref(), &lab, &alone));
        }
        report(set, &ours, &runs);
    }
}

fn usage(problem: &str) -> ! {
    if !problem.is_empty() {
        eprintln!("error: {problem}");
    }
    eprintln!(
        "usage: agreement [--tdrive PROGRAM] [--alternations N] FILE...\n\
         (see the example's documentation: cargo doc --examples, or its source)"
    );
    std::process::exit(if problem.is_empty() { 0 } else { 2 })
}

/// One alternation on one set: each solver alone, then `compare`.
fn alternate(
    set: &Path,
    solvers: &[String],
    tdrive: Option<&Path>,
    lab: &Path,
    alone: &Path,
) -> Figures {
    let mut figures = Figures::new();
    for id in solvers {
        let best = if id == "tdoku" {
            let driver = tdrive.expect("tdoku is measured only with --tdrive");
            let out = run(Command::new(driver).arg(set).arg("7"));
            number_after(&out, "\"best_us\":")
        } else {
            let out = run(Command::new(alone)
                .args([id.as_str()])
                .arg(set)
                .args(["--passes", "7"]));
            number_after(&out, "best_us=")
        };
        figures.push(((id.clone(), ALONE), best));
    }
    let strategies = format!("{},null", solvers.join(","));
    let out = run(Command::new(lab)
        .args(["compare", "--strategies", &strategies, "--protocol", "both"])
        .args([
            "--limit-puzzles",
            "all",
            "--no-progress",
            "--format",
            "json",
            "--set",
        ])
        .arg(set));
    let report: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| {
        eprintln!("error: compare's JSON: {e}");
        std::process::exit(1)
    });
    for row in report["results"].as_array().into_iter().flatten() {
        let id = row["strategy"].as_str().unwrap_or_default();
        // The report marks rows that are not ours (tdoku, the reference).
        let id = id.trim_end_matches(" †").to_string();
        if let Some(mean) = row["mean_us"].as_f64() {
            figures.push(((id, ROUNDS), mean));
        }
    }
    for row in report["passes"].as_array().into_iter().flatten() {
        let id = row["strategy"].as_str().unwrap_or_default().to_string();
        if let Some(best) = row["best_us"].as_f64() {
            figures.push(((id, PASSES), best));
        }
    }
    figures
}

/// Runs `command`, exiting with its error output if it fails.
fn run(command: &mut Command) -> String {
    let out = command.output().unwrap_or_else(|e| {
        eprintln!("error: {command:?}: {e}");
        std::process::exit(1)
    });
    if !out.status.success() {
        eprintln!(
            "error: {command:?} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        std::process::exit(1)
    }
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The number written right after `key` in `text`.
fn number_after(text: &str, key: &str) -> f64 {
    let rest = text.split(key).nth(1).unwrap_or_else(|| {
        eprintln!("error: no {key} in {text}");
        std::process::exit(1)
    });
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    number.parse().unwrap_or_else(|_| {
        eprintln!("error: {key} is not followed by a number in {text}");
        std::process::exit(1)
    })
}

/// The two summaries of one set's alternations: the best process and the
/// median one.
fn report(set: &Path, solvers: &[String], runs: &[Figures]) {
    let values = |id: &str, protocol: &str| -> Vec<f64> {
        runs.iter()
            .flat_map(|r| r.iter().filter(|((i, p), _)| i == id && *p == protocol))
            .map(|(_, v)| *v)
            .collect()
    };
    let best = |v: Vec<f64>| v.into_iter().fold(f64::INFINITY, f64::min);
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        sudoku_engine::interval::median_f64(&v)
    };
    let statistics: [(&str, Statistic); 2] = [("the best of", &best), ("the median of", &median)];
    for (name, statistic) in statistics {
        println!(
            "\n{}: µs per puzzle, {name} {} processes; in brackets, against the solver alone\n",
            set.display(),
            runs.len()
        );
        let mut rows = Vec::new();
        for id in solvers {
            let alone = statistic(values(id, ALONE));
            let against = |protocol: &str| {
                let v = statistic(values(id, protocol));
                format!("{v:.3} ({:+.1}%)", (v / alone - 1.0) * 100.0)
            };
            rows.push(vec![
                id.clone(),
                format!("{alone:.3}"),
                against(ROUNDS),
                against(PASSES),
            ]);
        }
        let floor = statistic(values("null", ROUNDS)) * 1000.0;
        rows.push(vec![
            "null (the floor)".into(),
            "-".into(),
            format!("{floor:.1} ns"),
            format!("{:.1} ns", statistic(values("null", PASSES)) * 1000.0),
        ]);
        println!(
            "{}",
            text_table(
                &["solver", ALONE, ROUNDS, PASSES],
                rows,
                Flavor::Markdown,
                1
            )
        );
        if solvers.iter().any(|s| s == "tdoku") {
            let ratio = |protocol: &str| {
                statistic(values("bitboard", protocol)) / statistic(values("tdoku", protocol))
            };
            let (a, r, p) = (ratio(ALONE), ratio(ROUNDS), ratio(PASSES));
            println!(
                "bitboard / tdoku: alone {a:.3}, rounds {r:.3}, passes {p:.3}; rounds against passes {:+.1}%",
                (r / p - 1.0) * 100.0
            );
        }
    }
}
