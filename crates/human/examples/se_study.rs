//! Rates a set of SE-rated puzzles (`<81 cells> <rating>` per line) and
//! reports how our ratings agree with SE's: Spearman correlation, the share
//! within 0.3 and the share equal, and the time per puzzle by SE band.
//!
//! `cargo run --release -p sudoku-human --example se_study [FILE] [LIMIT]
//! [--no-wings] [--late-wings] [--confusion] [--misses] [--all]`: `--no-wings`
//! rates with SE 1.2's ladder (`Options::wings` off), as the rater of
//! `puzzles/se-rated-hard.txt`; `--late-wings` adds the UVWXYZ- and
//! TUVWXYZ-wings and four-link chains (`Options::late_wings`);
//! `--misses` lists every puzzle more than 0.3 away with the technique that
//! rates it; `--all` lists every puzzle so.

use std::time::Instant;
use sudoku_core::stats::{share_within, spearman};
use sudoku_core::Grid;
use sudoku_human::format_rating;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let options = sudoku_human::Options {
        wings: !args.iter().any(|a| a == "--no-wings"),
        late_wings: args.iter().any(|a| a == "--late-wings"),
        ..sudoku_human::Options::default()
    };
    let args: Vec<String> = args
        .into_iter()
        .filter(|a| a != "--no-wings" && a != "--late-wings")
        .collect();
    let path = args
        .get(1)
        .map_or("puzzles/se-rated-2500.txt", |s| s.as_str());
    let limit: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(path).expect("read the set");
    let (mut se, mut ours) = (Vec::new(), Vec::new());
    let mut unrated = 0;
    let mut band_time = [(0.0f64, 0usize); 13];
    let mut confusion = std::collections::BTreeMap::new();
    let mut picked = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(limit)
    {
        let mut parts = line.split_whitespace();
        let grid: Grid = parts.next().unwrap().parse().expect("a puzzle");
        let theirs: f64 = parts.next().unwrap().parse().expect("a rating");
        let start = Instant::now();
        let path = sudoku_human::solve_path(&grid, options, usize::MAX);
        let rating = path.rating();
        if args.iter().any(|a| a == "--pick") {
            if let Some(step) = path.steps.iter().max_by_key(|s| s.rating) {
                let key = step.technique;
                if !picked.contains(&key) && rating.er.map(|e| e as f64 / 10.0) == Some(theirs) {
                    picked.push(key);
                    println!(
                        "pick {:?} {} {}",
                        key,
                        grid.to_line(),
                        format_rating(step.rating)
                    );
                }
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let band = (theirs as usize).min(12);
        band_time[band].0 += secs;
        band_time[band].1 += 1;
        let mine = match rating.er {
            Some(t) => t as f64 / 10.0,
            None => {
                unrated += 1;
                12.0
            }
        };
        *confusion
            .entry((
                format!("{theirs:.1}"),
                rating.er.map_or("--".into(), format_rating),
            ))
            .or_insert(0) += 1;
        let all = args.iter().any(|a| a == "--all");
        if all || args.iter().any(|a| a == "--misses") && (theirs - mine).abs() > 0.3 + 1e-9 {
            let hardest = path.steps.iter().max_by_key(|s| s.rating);
            println!(
                "{}: SE {theirs:.1} ours {mine:.1} {} {}",
                if (theirs - mine).abs() > 0.3 + 1e-9 {
                    "miss"
                } else {
                    "near"
                },
                hardest.map_or("-", |s| s.technique.name()),
                grid.to_line()
            );
        }
        se.push(theirs);
        ours.push(mine);
    }
    let n = se.len();
    let rho = spearman(&se, &ours).unwrap_or(f64::NAN);

    println!("puzzles {n}, not finished by logic {unrated}");
    println!("spearman {rho:.4}");
    println!(
        "within 0.3: {:.1}%  exact: {:.1}%",
        100.0 * share_within(&se, &ours, 0.3),
        100.0 * share_within(&se, &ours, 0.0)
    );
    for (band, (t, c)) in band_time.iter().enumerate() {
        if *c > 0 {
            println!(
                "SE {band}.x: {c} puzzles, {:.2} ms per puzzle",
                1000.0 * t / *c as f64
            );
        }
    }
    if args.iter().any(|a| a == "--confusion") {
        for ((a, b), c) in confusion {
            println!("SE {a} ours {b}: {c}");
        }
    }
}
