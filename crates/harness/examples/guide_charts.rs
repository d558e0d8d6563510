//! The guide's three drawn figures, by the reports crate's chart code on its
//! palette (`guide/figures.sh` runs them with the release build):
//!
//! ```text
//! cargo run --release -p sudoku-harness --example guide_charts -- growth RESULTS.jsonl > naive-growth.svg
//! cargo run --release -p sudoku-harness --example guide_charts -- rules LADDER.json SET BRANCHING > rule-cost.svg
//! cargo run --release -p sudoku-harness --example guide_charts -- exact-cover > exact-cover-4x4.svg
//! ```
//!
//! * `growth`: each puzzle's nodes against its empty cells, a colour per
//!   strategy, from a `compare --results` file
//!   ([`sudoku_reports::growth`]);
//! * `rules`: what each rule buys (nodes per puzzle) and costs (time per
//!   node), the rungs of one branching on one set of a `ladder --report`'s
//!   `ladder.json` ([`sudoku_reports::rule_cost`]);
//! * `exact-cover`: part of a 4x4's exact-cover matrix as dancing links
//!   ([`sudoku_reports::exact_cover`]).

use std::path::Path;
use std::process::ExitCode;
use sudoku_reports::ladder::Row;

fn main() -> ExitCode {
    // Strategies take their colours from the registry's order, as on every
    // chart the program draws.
    sudoku_harness::palette::set_order(&sudoku_harness::registry::strategies());
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let drawn = match args.as_slice() {
        ["growth", results] => growth(Path::new(results)),
        ["rules", ladder, set, branching] => rules(Path::new(ladder), set, branching),
        ["exact-cover"] => Ok(sudoku_reports::exact_cover::svg()),
        _ => {
            eprintln!(
                "usage: guide_charts growth RESULTS.jsonl | rules LADDER.json SET BRANCHING | exact-cover"
            );
            return ExitCode::from(2);
        }
    };
    match drawn {
        Ok(svg) => {
            print!("{svg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn growth(results: &Path) -> Result<String, String> {
    let held = sudoku_engine::results::read(results, false)
        .map_err(|e| format!("{}: {e}", results.display()))?;
    let points = sudoku_reports::growth::points(&held.lines);
    if points.is_empty() {
        return Err(format!("{}: no line counts nodes", results.display()));
    }
    sudoku_reports::growth::svg(
        &points,
        "Nodes to prove each puzzle unique, against its empty cells",
        "One dot per puzzle and strategy (the 4x4, 6x6, 8x8 and 9x9 sets); nodes on a log \
         scale, the same on every machine.",
    )
}

fn rules(ladder: &Path, set: &str, branching: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(ladder).map_err(|e| format!("{}: {e}", ladder.display()))?;
    let rows: Vec<Row> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", ladder.display()))?;
    sudoku_reports::rule_cost::svg(&rows, set, branching)?
        .ok_or_else(|| format!("{}: no {branching} rung on {set}", ladder.display()))
}
