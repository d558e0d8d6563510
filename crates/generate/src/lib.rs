//! # sudoku-generate: seeded, reproducible puzzles with a unique solution,
//! for any shape, checked by any [`Solver`].
//!
//! 1. **A random full grid.** The diagonal boxes (those sharing no band or
//!    stack) are filled with random permutations, which can never conflict, and
//!    a solver completes the grid; then the grid is shuffled by moves that keep
//!    it valid (relabel the digits, permute rows within a band, bands, columns
//!    within a stack, stacks). If the solver cannot complete the grid within
//!    its node budget, the standard pattern grid is shuffled instead.
//! 2. **Dig holes.** Cells (or symmetric groups of cells) are visited in a
//!    random order; each is emptied if the puzzle still has exactly one
//!    solution, and refilled otherwise. The check knows the solution, so it
//!    looks for one that differs from it on the group: a first-solution
//!    search with each other fitting digit placed there, which a wrong digit
//!    makes short. Digging stops at the requested clue count, or when no cell
//!    can be removed (a *minimal* puzzle).
//! 3. **Rate** (optional): a strategy's node count; puzzles outside the window
//!    are discarded and the next attempt is made.
//!
//! **What `--minimal` costs on big shapes.** Every check near minimality is
//! a hard search, and a dig makes one per cell. Up to 12x12 a minimal puzzle
//! takes milliseconds; a minimal 16x16 about half a second (dlx, one
//! thread). On 25x25 almost every late check (about 270 of 625) is a search
//! neither dlx nor bitboard settles in millions of nodes, in either
//! direction: proving uniqueness, or finding the second solution (which
//! differs from the first in 50 to 190 cells). Such a check runs out of its
//! node budget and keeps its given, and [`Generated::inconclusive`] counts it,
//! so the puzzle is not proven minimal. The budget bounds the total: 625
//! checks of at most `check_budget` nodes. `sudoku-lab generate` gives each
//! check 50,000 nodes for `--minimal` from 25x25 up (about 4 s a puzzle;
//! 2,000,000 nodes a check took 400 s a puzzle for the same clue counts,
//! 270 to 280) and 2,000,000 elsewhere, and checks with the fastest
//! strategy for the shape: bitboard up to 20x20, dlx at 25x25.
//!
//! Reproducible: every random choice comes from ChaCha8 seeded with the seed,
//! the puzzle's index and the attempt number, and every budget is a node
//! budget, never a time budget, so the same command prints the same bytes on
//! every machine and with any `--jobs`.

//!
//! The `sudoku-lab generate` command is a thin wrapper around [`generate_one`];
//! `puzzles/regenerate.sh` rebuilds the bundled sets with it, byte for byte.
//!
//! ```
//! use sudoku_generate::{generate_one, Recipe, Symmetry};
//! let recipe = Recipe {
//!     shape: "2x2".parse().unwrap(),
//!     clues: None,
//!     symmetry: Symmetry::None,
//!     solver: &sudoku_dlx::Dlx,
//!     check_budget: 100_000,
//!     rating: None,
//!     max_attempts: 1,
//! };
//! let made = generate_one(&recipe, 42, 0).unwrap();
//! assert!(made.solution.is_solution_of(&made.puzzle));
//! // The same seed and index give the same puzzle, on every machine.
//! assert_eq!(generate_one(&recipe, 42, 0).unwrap(), made);
//! ```

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;
use sudoku_core::{Grid, Limits, Shape, Solver, Verdict};

/// Which cells are removed together, so the givens keep a symmetry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Cells one by one.
    None,
    /// A cell with its image under a half turn (the newspaper look).
    Rotate180,
    /// A cell with its mirror image across the vertical middle line.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, by the name the command line uses.
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotate180, Symmetry::Mirror];

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Mirror => "mirror",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| format!("'{s}' is not a symmetry: none, rotate180 or mirror"))
    }
}

/// One generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    /// The rating strategy's node count, when rating.
    pub rating: Option<u64>,
    /// Uniqueness checks that ran out of their node budget. Each kept its
    /// given, so a puzzle with any is not proven minimal: the command says so.
    pub inconclusive: u64,
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

/// The digits that no peer of `cell` holds in `grid`.
fn free_digits(grid: &Grid, cell: usize) -> impl Iterator<Item = u8> {
    let shape = grid.shape();
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let (r, c) = (shape.row_of(cell), shape.col_of(cell));
    let origin = shape.box_origin(shape.box_of(cell));
    let mut seen = vec![false; n + 1];
    for i in 0..n {
        seen[grid.get(r * n + i) as usize] = true;
        seen[grid.get(i * n + c) as usize] = true;
        seen[grid.get(origin + (i / bc) * n + i % bc) as usize] = true;
    }
    debug_assert_eq!(br * bc, n);
    (1..=n as u8).filter(move |&d| !seen[d as usize])
}

/// One uniqueness check: `puzzle` is `solution`'s puzzle with `group` just
/// emptied. `Some(true)` when `solution` is still its only solution,
/// `Some(false)` when it has another, `None` when the check ran out of its
/// node budget.
///
/// The check knows the solution, so it does not count to two: it asks for
/// any solution that differs from `solution` on the group, one first-solution
/// search per way to differ (the group's first cell holding each other digit
/// that fits, its second cell with the first one given back, and so on). The
/// verdict is the same as counting solutions, but the searches start with a
/// wrong digit placed, which propagation refutes early: the unique checks of
/// a minimal 25x25 dig cost dlx about a fifth of the nodes of counting to two
/// (10 M against 54 M for some 350 checks). The budget is shared by the
/// searches of one check.
fn is_unique(
    solver: &dyn Solver,
    puzzle: &Grid,
    group: &[usize],
    solution: &Grid,
    budget: u64,
) -> Option<bool> {
    let mut trial = puzzle.clone();
    let mut left = budget;
    for &cell in group {
        let digits: Vec<u8> = free_digits(&trial, cell)
            .filter(|&d| d != solution.get(cell))
            .collect();
        for digit in digits {
            trial.set(cell, digit);
            let limits = Limits {
                node_budget: Some(left),
                keep_solutions: 0,
                ..Limits::first_solution()
            };
            let outcome = solver.solve(&trial, &limits);
            left = left.saturating_sub(outcome.stats.nodes);
            match outcome.verdict() {
                // No solution with this digit (Invalid: the givens conflict).
                Verdict::None | Verdict::Invalid => {}
                Verdict::Unknown(_) => return None,
                Verdict::Found | Verdict::Unique | Verdict::Multiple => return Some(false),
            }
        }
        trial.set(cell, solution.get(cell));
    }
    Some(true)
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
        let mut inconclusive = 0;
        for group in groups {
            if recipe.clues.is_some_and(|k| clues <= k) {
                break;
            }
            group.iter().for_each(|&c| puzzle.set(c, 0));
            let unique = is_unique(
                recipe.solver,
                &puzzle,
                &group,
                &solution,
                recipe.check_budget,
            );
            inconclusive += unique.is_none() as u64;
            if unique == Some(true) {
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
            inconclusive,
        });
    }
    None
}
