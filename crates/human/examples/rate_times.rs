//! Rates each puzzle of a file (one per line, `#` comments) and prints its
//! ER, hardest technique, steps and CPU time; then the median and maximum
//! CPU time. The rating's path is checked against the solution.
//!
//! `cargo run --release -p sudoku-human --example rate_times FILE [LIMIT]
//! [--no-wings]` (`--no-wings`: SE 1.2's ladder, `Options::wings` off;
//! `STEPS=1` in the environment prints every step)

use sudoku_core::{Grid, Limits, Solver};
use sudoku_human::{first_unsound, format_rating, solve_path, Options};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let options = Options {
        wings: !args.iter().any(|a| a == "--no-wings"),
        ..Options::default()
    };
    let args: Vec<String> = args.into_iter().filter(|a| a != "--no-wings").collect();
    let path = args.get(1).expect("a puzzle file");
    let limit: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(path).expect("read the file");
    let mut times = Vec::new();
    let mut unfinished = 0;
    let mut unsound = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(limit)
    {
        let grid: Grid = line
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .expect("a puzzle");
        let start = cpu_seconds();
        let path = solve_path(&grid, options, usize::MAX);
        let secs = cpu_seconds() - start;
        times.push(secs);
        if std::env::var_os("STEPS").is_some() {
            for s in &path.steps {
                println!("  {} {}", format_rating(s.rating), s.sentence(9));
            }
        }
        let rating = path.rating();
        let solution = sudoku_bitboard::Bitboard.solve(&grid, &Limits::default());
        if let Some(i) = first_unsound(&path, &solution.solutions[0]) {
            unsound += 1;
            println!("UNSOUND step {}: {}", i + 1, path.steps[i].sentence(9));
        }
        let hardest = path.steps.iter().max_by_key(|s| s.rating);
        if rating.er.is_none() {
            unfinished += 1;
        }
        println!(
            "{} {} {} {} steps {:.3}s",
            grid.to_line(),
            rating.er.map_or("-".into(), format_rating),
            hardest.map_or("-", |s| s.technique.name()),
            path.steps.len(),
            secs
        );
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!(
            "{} puzzles, {} not finished, {} unsound; median {:.3}s, max {:.3}s",
            times.len(),
            unfinished,
            unsound,
            times[times.len() / 2],
            times[times.len() - 1]
        );
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
