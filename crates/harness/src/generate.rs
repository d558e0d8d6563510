//! `sudoku-lab generate`: the command around the `sudoku-generate` crate
//! (how puzzles are made is documented there): options, the checker and the
//! rating strategy from the registry, worker threads, progress, output.

use crate::registry;
use crate::Status;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use sudoku_core::{Shape, Solver};
pub use sudoku_generate::{generate_one, random_full_grid, Generated, Recipe, Symmetry};

#[derive(Args, Debug, Clone)]
#[command(after_help = "Examples:
  sudoku-lab generate --shape 3x3 --count 100 --seed 42 --minimal
  sudoku-lab generate --shape 4x4 --count 10 --seed 7 --clues 120
  sudoku-lab generate --shape 3x3 --count 20 --seed 1 --minimal --rate-with mrv --min-nodes 200

Every output line is a puzzle in line format followed by a comment with its
clue count (and rating). The same options print the same bytes on every
machine, whatever --jobs is.")]
pub struct GenerateArgs {
    /// Box shape ROWSxCOLS: 2x2, 2x3, 3x3, 3x4, 4x4, 4x5, 5x5 ...
    #[arg(long, default_value = "3x3", value_parser = |s: &str| s.parse::<Shape>().map_err(|e| e.to_string()))]
    pub shape: Shape,

    /// How many puzzles
    #[arg(long, default_value_t = 10)]
    pub count: u64,

    /// Seed of the random choices
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Stop removing givens once K or fewer remain. A symmetric group
    /// (--symmetry) can take the count below K; a puzzle none of whose givens
    /// can go without a second solution (or whose checks ran out of
    /// --check-budget) keeps more than K, and a note on standard error says
    /// how many did [default: as few as possible up to 12x12; 60% of the
    /// cells from 16x16 up, see --minimal]
    #[arg(long, value_name = "K", conflicts_with = "minimal")]
    pub clues: Option<usize>,

    /// Remove givens until none can be removed without losing uniqueness (the
    /// default without --clues up to 12x12). From 16x16 up each late check is
    /// a hard search: a minimal 16x16 puzzle takes about half a second; on
    /// 25x25 about 270 late checks run out of the (smaller) default
    /// --check-budget, so the puzzles say not-proven-minimal, and each takes
    /// about 4 s
    #[arg(long)]
    pub minimal: bool,

    /// Remove givens in symmetric groups: none (cells one by one),
    /// rotate180 (a cell with its image under a half turn) or mirror
    #[arg(long, default_value = "none")]
    pub symmetry: Symmetry,

    /// Rate each puzzle by this strategy's node count (proving uniqueness) and print it
    #[arg(long, value_name = "STRATEGY")]
    pub rate_with: Option<String>,

    /// Keep only puzzles the rating strategy needs at least N nodes for
    #[arg(long, value_name = "N", requires = "rate_with")]
    pub min_nodes: Option<u64>,

    /// Keep only puzzles the rating strategy needs at most N nodes for
    #[arg(long, value_name = "N", requires = "rate_with")]
    pub max_nodes: Option<u64>,

    /// Strategy that checks uniqueness while digging [default: the fastest
    /// for the shape: bitboard up to 20x20, dlx at 25x25]
    #[arg(long, value_name = "STRATEGY")]
    pub solver: Option<String>,

    /// Node budget of each uniqueness check; a check that runs out keeps the
    /// given [default: 2000000; 50000 for --minimal from 25x25 up, which
    /// bounds a puzzle's checks to about 30 M nodes]
    #[arg(long, value_name = "N")]
    pub check_budget: Option<u64>,

    /// Attempts per puzzle before giving up on the rating window
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub max_attempts: u64,

    /// Keep only puzzles whose human rating (Sudoku Explainer's scale, as
    /// `sudoku-lab rate` gives it) lies in A..B, both ends included, e.g. 6.0..7.0.
    /// Each attempt digs a new puzzle from a new seed; --max-attempts bounds them
    #[arg(long, value_name = "A..B", value_parser = rating_window, conflicts_with = "rate_with")]
    pub rating: Option<(u32, u32)>,

    /// Worker threads (the output does not depend on it); capped at the cores
    /// and at --count, with a warning
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: u64,

    /// Draw no progress bar on standard error (it is drawn only on a terminal)
    #[arg(long)]
    pub no_progress: bool,
}

/// `6.0..7.0` as tenths, `(60, 70)`.
fn rating_window(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once("..")
        .ok_or_else(|| format!("{s}: expected A..B, e.g. 6.0..7.0"))?;
    let tenths = |x: &str| -> Result<u32, String> {
        let v: f64 = x
            .trim()
            .parse()
            .map_err(|_| format!("{x}: not a rating (e.g. 6.5)"))?;
        if !sudoku_input::RATING_RANGE.contains(&v) {
            return Err(format!(
                "{x}: ratings run from {:.1} to {:.1} (Sudoku Explainer's scale)",
                sudoku_input::RATING_RANGE.start(),
                sudoku_input::RATING_RANGE.end()
            ));
        }
        Ok((v * 10.0).round() as u32)
    };
    let (a, b) = (tenths(a)?, tenths(b)?);
    if a > b {
        return Err(format!(
            "{s}: the window is empty ({} > {})",
            sudoku_human::format_rating(a),
            sudoku_human::format_rating(b)
        ));
    }
    Ok((a, b))
}

/// How long one attempt's rating may take before the attempt is dropped.
const RATING_BUDGET: std::time::Duration = std::time::Duration::from_secs(5);

/// A puzzle whose human rating falls in `window`: attempt `k` digs from its
/// own seed (the plain seed first), so the output is reproducible.
fn generate_rated(
    recipe: &Recipe,
    seed: u64,
    index: u64,
    window: (u32, u32),
    attempts: u64,
) -> Option<(Generated, u32)> {
    for k in 0..attempts {
        let attempt_seed = seed.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let g = generate_one(recipe, attempt_seed, index)?;
        let deadline = std::time::Instant::now() + RATING_BUDGET;
        let path = sudoku_human::solve_path_until(
            &g.puzzle,
            sudoku_human::Options::default(),
            usize::MAX,
            Some(deadline),
        );
        if let Some(er) = path.rating().er {
            if (window.0..=window.1).contains(&er) {
                return Some((g, er));
            }
        }
    }
    None
}

/// Sides from which puzzles stop at a clue count unless `--minimal` is asked:
/// uniqueness checks near minimality are hard searches there.
const LARGE_SIDE: usize = 16;

/// Where digging stops: `--clues`, else as far as possible (`--minimal`, and
/// the default below [`LARGE_SIDE`]), else 60% of the cells.
fn clue_target(args: &GenerateArgs) -> Option<usize> {
    match args.clues {
        Some(k) => Some(k),
        None if args.minimal || args.shape.side() < LARGE_SIDE => None,
        None => Some(args.shape.cells() * 3 / 5),
    }
}

/// Sides from which each uniqueness check of `--minimal` gets
/// [`LARGE_CHECK_BUDGET`] nodes by default rather than [`CHECK_BUDGET`]: near
/// minimality almost every check there is a search no checker finishes in
/// millions of nodes, so a small budget bounds the time of a minimal puzzle
/// (a check that runs out keeps its given, and the puzzle says it is not
/// proven minimal). With `--clues` the checks keep the large budget, and the
/// bundled sets their bytes.
const LARGE_CHECK_SIDE: usize = 25;
const CHECK_BUDGET: u64 = 2_000_000;
const LARGE_CHECK_BUDGET: u64 = 50_000;

/// The node budget of each uniqueness check: `--check-budget`, else the
/// default for the shape and the depth.
fn check_budget(args: &GenerateArgs) -> u64 {
    let minimal = clue_target(args).is_none();
    args.check_budget
        .unwrap_or(if minimal && args.shape.side() >= LARGE_CHECK_SIDE {
            LARGE_CHECK_BUDGET
        } else {
            CHECK_BUDGET
        })
}

/// The first output line: the command that makes the file, so every file
/// records its own origin.
fn header_line(args: &GenerateArgs) -> String {
    let mut line = format!(
        "# sudoku-lab generate --shape {} --count {} --seed {}",
        args.shape, args.count, args.seed
    );
    match clue_target(args) {
        Some(k) => line.push_str(&format!(" --clues {k}")),
        None => line.push_str(" --minimal"),
    }
    if args.symmetry != Symmetry::None {
        line.push_str(&format!(" --symmetry {}", args.symmetry));
    }
    if let Some(id) = &args.rate_with {
        line.push_str(&format!(" --rate-with {id}"));
    }
    if let Some(n) = args.min_nodes {
        line.push_str(&format!(" --min-nodes {n}"));
    }
    if let Some(n) = args.max_nodes {
        line.push_str(&format!(" --max-nodes {n}"));
    }
    if let Some(id) = &args.solver {
        line.push_str(&format!(" --solver {id}"));
    }
    if let Some(n) = args.check_budget {
        line.push_str(&format!(" --check-budget {n}"));
    }
    if let Some((a, b)) = args.rating {
        line.push_str(&format!(
            " --rating {}..{}",
            sudoku_human::format_rating(a),
            sudoku_human::format_rating(b)
        ));
    }
    line
}

/// The strategy used for uniqueness checks on this shape when none is named
/// (the registry decides which).
pub fn default_checker(shape: Shape) -> &'static dyn Solver {
    registry::uniqueness_checker(shape)
}

pub fn generate(args: &GenerateArgs) -> Status {
    let solver = match &args.solver {
        Some(id) => match registry::pick(id) {
            Ok(s) => s,
            Err(e) => return crate::output::usage_error(e),
        },
        None => default_checker(args.shape),
    };
    if let Err(why) = solver.supports(args.shape) {
        eprintln!(
            "error: --solver {} cannot check {} puzzles: {why}; choose another (sudoku-lab list)",
            solver.id(),
            args.shape
        );
        return Status::Usage;
    }
    let rating = match &args.rate_with {
        Some(id) => match registry::pick(id) {
            Ok(s) => Some((
                s,
                args.min_nodes.unwrap_or(0),
                args.max_nodes.unwrap_or(u64::MAX - 1),
            )),
            Err(e) => return crate::output::usage_error(e),
        },
        None => None,
    };
    if let Some((rater, min, max)) = rating {
        if !rater.info().reports.nodes {
            eprintln!(
                "error: --rate-with {} cannot rate: it reports no node counts; choose a strategy that does (sudoku-lab list)",
                rater.id()
            );
            return Status::Usage;
        }
        if let Err(why) = rater.supports(args.shape) {
            eprintln!(
                "error: --rate-with {} cannot solve {} puzzles: {why}",
                rater.id(),
                args.shape
            );
            return Status::Usage;
        }
        if min > max {
            // Without --max-nodes the window has no upper end to name.
            match args.max_nodes {
                Some(max) => eprintln!(
                    "error: --min-nodes {min} is above --max-nodes {max}: no puzzle can be in \
                     that window"
                ),
                None => eprintln!(
                    "error: --min-nodes {min} is more nodes than any search can count: no puzzle \
                     can need that many"
                ),
            }
            return Status::Usage;
        }
    }
    if let Some(k) = args.clues {
        if k > args.shape.cells() {
            eprintln!(
                "error: --clues {k} is more than the {} cells of a {} grid",
                args.shape.cells(),
                args.shape
            );
            return Status::Usage;
        }
    }
    let recipe = Recipe {
        shape: args.shape,
        clues: clue_target(args),
        symmetry: args.symmetry,
        solver,
        check_budget: check_budget(args),
        rating,
        max_attempts: args.max_attempts.max(1),
    };
    // On a terminal, progress shows once generating takes more than a second
    // (indicatif draws nothing before its first tick).
    let progress = ProgressBar::with_draw_target(Some(args.count), ProgressDrawTarget::stderr());
    if args.no_progress || !io::stderr().is_terminal() {
        progress.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        progress.enable_steady_tick(std::time::Duration::from_secs(1));
    }
    progress.set_style(
        ProgressStyle::with_template("generating {pos}/{len} {wide_bar} {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let jobs = crate::jobs::worker_threads(args.jobs, Some(args.count));
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start {jobs} worker threads: {e}");
            return Status::Usage;
        }
    };
    let mut out = io::stdout().lock();
    let mut status = Status::Ok;
    let header = header_line(args);
    if let Err(e) = writeln!(out, "{header}").and_then(|()| out.flush()) {
        progress.finish_and_clear();
        return crate::output::write_failed(&e);
    }
    // Chunks keep memory bounded and output flowing while workers stay busy.
    let chunk = jobs as u64 * 4;
    let mut start = 0;
    // The givens of each puzzle that stopped above --clues, for the note.
    let mut above: Vec<usize> = Vec::new();
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<Option<(Generated, Option<u32>)>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let g = match args.rating {
                        None => generate_one(&recipe, args.seed, i).map(|g| (g, None)),
                        Some(window) => {
                            generate_rated(&recipe, args.seed, i, window, recipe.max_attempts)
                                .map(|(g, er)| (g, Some(er)))
                        }
                    };
                    progress.inc(1);
                    g
                })
                .collect()
        });
        for (i, g) in (start..end).zip(made) {
            let line = match g {
                Some((g, er)) => {
                    let rating = match (g.rating, &args.rate_with, er) {
                        (Some(nodes), Some(id), _) => format!(" {id}_nodes={nodes}"),
                        (_, _, Some(er)) => format!(" er={}", sudoku_human::format_rating(er)),
                        _ => String::new(),
                    };
                    // A check that ran out of budget kept its given: say
                    // the puzzle is not proven minimal rather than claim it.
                    let unproven = match g.inconclusive {
                        0 => String::new(),
                        n => format!(
                            " not-proven-minimal ({n} uniqueness check{} ran out of --check-budget)",
                            if n == 1 { "" } else { "s" }
                        ),
                    };
                    if args.clues.is_some_and(|k| g.puzzle.givens() > k) {
                        above.push(g.puzzle.givens());
                    }
                    format!(
                        "{}  # clues={}{rating}{unproven}",
                        g.puzzle.to_line(),
                        g.puzzle.givens()
                    )
                }
                None => {
                    eprintln!(
                        "error: puzzle {i}: no puzzle in the rating window after {} attempts{}",
                        recipe.max_attempts,
                        if args.rating.is_some() {
                            " (random minimal puzzles are mostly easy: a high window needs more --max-attempts, and ratings above about 9 may be out of reach)"
                        } else {
                            ""
                        }
                    );
                    status = Status::Failed;
                    continue;
                }
            };
            if let Err(e) = writeln!(out, "{line}") {
                progress.finish_and_clear();
                return status.max(crate::output::write_failed(&e));
            }
        }
        start = end;
    }
    progress.finish_and_clear();
    if let (Some(k), Some(most)) = (args.clues, above.iter().max()) {
        eprintln!(
            "note: {} of {} puzzles kept more than --clues {k} givens (up to {most}): no further \
             given could go without a second solution (or a uniqueness check within \
             --check-budget)",
            above.len(),
            args.count,
        );
    }
    match out.flush() {
        Ok(()) => status,
        Err(e) => status.max(crate::output::write_failed(&e)),
    }
}
