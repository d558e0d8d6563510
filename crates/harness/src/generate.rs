//! `sudoku-lab generate`: seeded, reproducible puzzles with a unique solution,
//! for any shape.
//!
//! 1. **A random full grid.** The diagonal boxes (those sharing no band or
//!    stack) are filled with random permutations, which can never conflict, and
//!    a solver completes the grid; then the grid is shuffled by moves that keep
//!    it valid (relabel the digits, permute rows within a band, bands, columns
//!    within a stack, stacks). If the solver cannot complete the grid within
//!    its node budget, the standard pattern grid is shuffled instead.
//! 2. **Dig holes.** Cells (or symmetric groups of cells) are visited in a
//!    random order; each is emptied if the puzzle still has exactly one
//!    solution (a search for two solutions), and refilled otherwise. Digging
//!    stops at the requested clue count, or when no cell can be removed (a
//!    *minimal* puzzle).
//! 3. **Rate** (optional): a strategy's node count; puzzles outside the window
//!    are discarded and the next attempt is made.
//!
//! Reproducible: every random choice comes from ChaCha8 seeded with the seed,
//! the puzzle's index and the attempt number, and every budget is a node
//! budget, never a time budget, so the same command prints the same bytes on
//! every machine and with any `--jobs`.

use crate::registry;
use crate::Status;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use sudoku_core::{Grid, Limits, Shape, Solver, Verdict};

/// Which cells are removed together, so the givens keep a symmetry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Symmetry {
    /// Cells one by one
    None,
    /// A cell with its image under a half turn (the newspaper look)
    Rotate180,
    /// A cell with its mirror image across the vertical middle line
    Mirror,
}

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

    /// Stop removing givens at this many clues [default: as few as possible]
    #[arg(long, value_name = "K", conflicts_with = "minimal")]
    pub clues: Option<usize>,

    /// Remove givens until none can be removed without losing uniqueness (the default without --clues)
    #[arg(long)]
    pub minimal: bool,

    /// Remove givens in symmetric groups
    #[arg(long, value_enum, default_value = "none")]
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

    /// Strategy that checks uniqueness while digging [default: dlx, else the fastest registered]
    #[arg(long, value_name = "STRATEGY")]
    pub solver: Option<String>,

    /// Node budget of each uniqueness check; a check that runs out keeps the given
    #[arg(long, default_value_t = 2_000_000, value_name = "N")]
    pub check_budget: u64,

    /// Attempts per puzzle before giving up on the rating window
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub max_attempts: u64,

    /// Worker threads (the output does not depend on it)
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// One generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    /// The rating strategy's node count, when rating.
    pub rating: Option<u64>,
}

/// What to generate; plain data, shared by all workers.
pub struct Recipe<'a> {
    pub shape: Shape,
    pub clues: Option<usize>,
    pub symmetry: Symmetry,
    pub solver: &'a dyn Solver,
    pub check_budget: u64,
    pub rating: Option<(&'a dyn Solver, u64, u64)>,
    pub max_attempts: u64,
}

/// A uniform index below `n` (Lemire's multiply-shift; exact enough here and,
/// above all, the same on every machine).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// The RNG of attempt `attempt` of puzzle `index`: independent streams, so
/// puzzles can be made in any order or in parallel.
fn rng_for(seed: u64, index: u64, attempt: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&index.to_le_bytes());
    key[16..24].copy_from_slice(&attempt.to_le_bytes());
    key[24..].copy_from_slice(b"sudoku!!");
    ChaCha8Rng::from_seed(key)
}

/// A random complete grid.
fn random_solution(shape: Shape, rng: &mut ChaCha8Rng, solver: &dyn Solver, budget: u64) -> Grid {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut seeded = Grid::empty(shape);
    for b in 0..(n / bc).min(n / br) {
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        shuffle(rng, &mut digits);
        let origin = (b * br) * n + b * bc;
        for (k, &d) in digits.iter().enumerate() {
            seeded.set(origin + (k / bc) * n + k % bc, d);
        }
    }
    let limits = Limits {
        node_budget: Some(budget),
        ..Limits::first_solution()
    };
    let base = solver
        .solve(&seeded, &limits)
        .solutions
        .into_iter()
        .next()
        .unwrap_or_else(|| Grid::pattern(shape));
    scramble(&base, rng)
}

/// Applies random validity-preserving moves: digit relabelling, rows within
/// bands, bands, columns within stacks, stacks.
fn scramble(grid: &Grid, rng: &mut ChaCha8Rng) -> Grid {
    let shape = grid.shape();
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let order = |rng: &mut ChaCha8Rng, groups: usize, size: usize| -> Vec<usize> {
        let mut group_order: Vec<usize> = (0..groups).collect();
        shuffle(rng, &mut group_order);
        let mut out = Vec::with_capacity(n);
        for g in group_order {
            let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
            shuffle(rng, &mut inner);
            out.extend(inner);
        }
        out
    };
    let rows = order(rng, n / br, br);
    let cols = order(rng, n / bc, bc);
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    shuffle(rng, &mut relabel);
    let mut out = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            out.set(
                r * n + c,
                relabel[grid.get(rows[r] * n + cols[c]) as usize - 1],
            );
        }
    }
    debug_assert!(out.conflicts().is_empty());
    out
}

/// A random complete grid made without any search: the pattern grid under
/// random validity-preserving moves. Cheap and deterministic, for property
/// tests and fuzzing; `generate` itself uses [`generate_one`].
pub fn random_full_grid(shape: Shape, seed: u64) -> Grid {
    scramble(&Grid::pattern(shape), &mut rng_for(seed, u64::MAX, 0))
}

/// The groups of cells removed together under a symmetry.
fn orbits(shape: Shape, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let n = shape.side();
    let image = |cell: usize| {
        let (r, c) = (cell / n, cell % n);
        match symmetry {
            Symmetry::None => cell,
            Symmetry::Rotate180 => (n - 1 - r) * n + (n - 1 - c),
            Symmetry::Mirror => r * n + (n - 1 - c),
        }
    };
    (0..n * n)
        .filter(|&cell| image(cell) >= cell)
        .map(|cell| {
            if image(cell) == cell {
                vec![cell]
            } else {
                vec![cell, image(cell)]
            }
        })
        .collect()
}

fn is_unique(solver: &dyn Solver, puzzle: &Grid, budget: u64) -> bool {
    let limits = Limits {
        node_budget: Some(budget),
        keep_solutions: 0,
        ..Limits::default()
    };
    solver.solve(puzzle, &limits).verdict() == Verdict::Unique
}

/// The first output line: the command that makes the file, so every file
/// records its own origin.
fn header_line(args: &GenerateArgs) -> String {
    let mut line = format!(
        "# sudoku-lab generate --shape {} --count {} --seed {}",
        args.shape, args.count, args.seed
    );
    match args.clues {
        Some(k) => line.push_str(&format!(" --clues {k}")),
        None => line.push_str(" --minimal"),
    }
    if args.symmetry != Symmetry::None {
        let name = args
            .symmetry
            .to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default();
        line.push_str(&format!(" --symmetry {name}"));
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
    line
}

/// Makes puzzle `index` of a run with this seed.
pub fn generate_one(recipe: &Recipe, seed: u64, index: u64) -> Option<Generated> {
    for attempt in 0..recipe.max_attempts {
        let mut rng = rng_for(seed, index, attempt);
        let solution = random_solution(recipe.shape, &mut rng, recipe.solver, recipe.check_budget);
        let mut puzzle = solution.clone();
        let mut groups = orbits(recipe.shape, recipe.symmetry);
        shuffle(&mut rng, &mut groups);
        let mut clues = puzzle.givens();
        for group in groups {
            if recipe.clues.is_some_and(|k| clues <= k) {
                break;
            }
            group.iter().for_each(|&c| puzzle.set(c, 0));
            if is_unique(recipe.solver, &puzzle, recipe.check_budget) {
                clues -= group.len();
            } else {
                group.iter().for_each(|&c| puzzle.set(c, solution.get(c)));
            }
        }
        let rating = match recipe.rating {
            None => None,
            Some((rater, min, max)) => {
                let limits = Limits {
                    node_budget: Some(max.saturating_add(1)),
                    ..Limits::default()
                };
                let nodes = rater.solve(&puzzle, &limits).stats.nodes;
                if nodes < min || nodes > max {
                    continue;
                }
                Some(nodes)
            }
        };
        return Some(Generated {
            puzzle,
            solution,
            rating,
        });
    }
    None
}

/// The strategy used for uniqueness checks when none is named (the
/// registry decides which).
pub fn default_checker() -> &'static dyn Solver {
    registry::uniqueness_checker()
}

pub fn generate(args: &GenerateArgs) -> Status {
    let solver = match &args.solver {
        Some(id) => match registry::pick(id) {
            Ok(s) => s,
            Err(status) => return status,
        },
        None => default_checker(),
    };
    let rating = match &args.rate_with {
        Some(id) => match registry::pick(id) {
            Ok(s) => Some((
                s,
                args.min_nodes.unwrap_or(0),
                args.max_nodes.unwrap_or(u64::MAX - 1),
            )),
            Err(status) => return status,
        },
        None => None,
    };
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
        clues: args.clues,
        symmetry: args.symmetry,
        solver,
        check_budget: args.check_budget,
        rating,
        max_attempts: args.max_attempts.max(1),
    };
    let progress = ProgressBar::with_draw_target(Some(args.count), ProgressDrawTarget::stderr());
    if !io::stderr().is_terminal() || args.count < 20 {
        progress.set_draw_target(ProgressDrawTarget::hidden());
    }
    progress.set_style(
        ProgressStyle::with_template("generating {pos}/{len} {wide_bar} {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start {} worker threads: {e}", args.jobs);
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
    let chunk = (args.jobs.max(1) * 4) as u64;
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let made: Vec<Option<Generated>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let g = generate_one(&recipe, args.seed, i);
                    progress.inc(1);
                    g
                })
                .collect()
        });
        for (i, g) in (start..end).zip(made) {
            let line = match g {
                Some(g) => {
                    let rating = match (g.rating, &args.rate_with) {
                        (Some(nodes), Some(id)) => format!(" {id}_nodes={nodes}"),
                        _ => String::new(),
                    };
                    format!(
                        "{}  # clues={}{rating}",
                        g.puzzle.to_line(),
                        g.puzzle.givens()
                    )
                }
                None => {
                    eprintln!(
                        "error: puzzle {i}: no puzzle in the rating window after {} attempts",
                        recipe.max_attempts
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
    match out.flush() {
        Ok(()) => status,
        Err(e) => status.max(crate::output::write_failed(&e)),
    }
}
