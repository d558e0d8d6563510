//! Times each step of one puzzle's path: technique, rating, seconds.
//!
//! `cargo run --release -p sudoku-human --example step_times PUZZLE`

use sudoku_core::Grid;
use sudoku_human::{format_rating, next_step, Board, Options};

fn main() {
    let line = std::env::args().nth(1).expect("a puzzle");
    let grid: Grid = line.parse().expect("a puzzle");
    let mut board = Board::new(&grid);
    let mut by: std::collections::BTreeMap<String, (usize, f64)> = Default::default();
    while !board.is_solved() {
        let start = cpu_seconds();
        let Some(step) = next_step(&board, Options::default()) else {
            println!("stuck");
            break;
        };
        let secs = cpu_seconds() - start;
        let e = by.entry(step.technique.name().to_string()).or_default();
        e.0 += 1;
        e.1 += secs;
        if std::env::var_os("LEVELS").is_some() && step.rating >= 90 {
            let mut by_level = Vec::new();
            for level in 1..=4 {
                let start = cpu_seconds();
                let found = sudoku_human::chains::nested_chains(&board, level).is_some();
                by_level.push(format!(
                    "L{level} {:.3}s{}",
                    cpu_seconds() - start,
                    if found { "*" } else { "" }
                ));
                if found {
                    break;
                }
            }
            println!("  {}", by_level.join(" "));
        }
        if secs > 0.05 {
            println!(
                "{} {:.3}s {}",
                format_rating(step.rating),
                secs,
                step.technique.name()
            );
        }
        if !step.apply(&mut board) {
            println!("contradiction");
            break;
        }
    }
    for (name, (count, secs)) in by {
        println!("{name}: {count} steps, {secs:.3}s");
    }
}

/// This thread's CPU time in seconds (Linux's schedstat; the machine may be
/// shared, so wall time would count other processes' turns too).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns / 1e9)
}
