//! The bundled corpus and the generator: every bundled file parses and has the
//! verdicts puzzles/README.md records; generated puzzles have exactly one
//! solution by two different strategies; the same seed gives the same bytes.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use sudoku_core::{Grid, Limits, Solver, Verdict};
use sudoku_generate::{generate_one, Recipe, Symmetry};
use sudoku_harness::registry;

fn puzzles_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../puzzles")
}

/// `(line, Ok(puzzle) | Err(message))` for every item of a bundled file.
fn read(name: &str) -> Vec<(usize, Result<Grid, String>)> {
    let path = puzzles_dir().join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    sudoku_input::PuzzleReader::new(std::io::BufReader::new(file))
        .map(|(line, item)| (line, item.map(|e| e.puzzle).map_err(|e| e.to_string())))
        .collect()
}

/// The strategies that check each other on the corpus: every registered one
/// that handles the shape, except the slow textbook ones (naive, dfs, bfs) on
/// puzzles where they would take seconds in a debug build (above 9x9, or
/// fewer than 30 givens); their own test suites cover those.
fn checkers(puzzle: &Grid) -> Vec<&'static dyn Solver> {
    let textbook_ok =
        puzzle.shape().side() <= 9 && puzzle.givens() >= 30 || puzzle.shape().side() <= 6;
    registry::strategies()
        .into_iter()
        .filter(|s| s.supports(puzzle.shape()).is_ok())
        .filter(|s| textbook_ok || !matches!(s.id(), "naive" | "dfs" | "bfs"))
        .collect()
}

fn verdict_of(puzzle: &Grid) -> Verdict {
    let limits = Limits {
        node_budget: Some(50_000_000),
        ..Limits::default()
    };
    let solvers = checkers(puzzle);
    assert!(!solvers.is_empty());
    let mut verdicts = Vec::new();
    for solver in &solvers {
        let outcome = solver.solve(puzzle, &limits);
        for s in &outcome.solutions {
            s.verify_solution_of(puzzle)
                .unwrap_or_else(|e| panic!("{}: {e}", solver.id()));
        }
        if outcome.verdict().is_definite() {
            verdicts.push((solver.id(), outcome.verdict()));
        }
    }
    assert!(!verdicts.is_empty(), "no strategy settled {puzzle}");
    assert!(
        verdicts.iter().all(|(_, v)| *v == verdicts[0].1),
        "strategies disagree on {puzzle}: {verdicts:?}"
    );
    verdicts[0].1
}

#[test]
fn hand_made_sets_have_their_recorded_verdicts() {
    for (file, expected) in [
        ("classic.txt", Verdict::Unique),
        ("multiple.txt", Verdict::Multiple),
        ("no-solution.txt", Verdict::None),
    ] {
        let items = read(file);
        assert!(!items.is_empty(), "{file}");
        for (line, item) in items {
            let puzzle = item.unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
            if file == "classic.txt" && puzzle.givens() < 20 {
                continue; // the anti-brute-force puzzle: checked in crates/naive's tests
            }
            assert_eq!(verdict_of(&puzzle), expected, "{file}:{line}");
        }
    }
}

#[test]
fn invalid_set_has_one_bad_input_per_kind_then_a_good_puzzle() {
    let items = read("invalid.txt");
    assert_eq!(items.len(), 8);
    let mut kinds = Vec::new();
    for (line, item) in &items[..7] {
        match item {
            Err(message) => kinds.push(message.clone()),
            Ok(puzzle) => {
                let conflicts = puzzle.conflicts();
                assert!(!conflicts.is_empty(), "line {line} should be invalid");
                kinds.push(conflicts[0].to_string());
            }
        }
    }
    for needle in [
        "wrong length",
        "unknown symbol",
        "out of range",
        "twice in row",
        "twice in column",
        "no box shape",
    ] {
        assert!(
            kinds.iter().any(|k| k.contains(needle)),
            "no '{needle}' in {kinds:?}"
        );
    }
    assert_eq!(verdict_of(items[7].1.as_ref().unwrap()), Verdict::Unique);
}

#[test]
fn generated_sets_are_unique_and_match_their_headers() {
    let dir = puzzles_dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            std::fs::read_to_string(p).is_ok_and(|t| t.starts_with("# sudoku-lab generate"))
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= 11,
        "generated sets missing from {}",
        dir.display()
    );
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let header = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string();
        let count: usize = header
            .split("--count ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let items = read(&name);
        assert_eq!(items.len(), count, "{name}");
        // Every puzzle in debug builds would be slow on the big shapes: check
        // every puzzle up to 9x9 and the first two of each larger set.
        for (line, item) in items.iter().take(if name.starts_with(['1', '2']) {
            2
        } else {
            count
        }) {
            let puzzle = item
                .as_ref()
                .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            assert_eq!(verdict_of(puzzle), Verdict::Unique, "{name}:{line}");
        }
    }
}

fn recipe(shape: &str, solver: &'static dyn Solver) -> Recipe<'static> {
    Recipe {
        shape: shape.parse().unwrap(),
        clues: None,
        symmetry: Symmetry::None,
        solver,
        check_budget: 1_000_000,
        rating: None,
        max_attempts: 5,
    }
}

#[test]
fn generated_puzzles_are_unique_by_two_strategies_and_minimal() {
    let checker = registry::find("mrv").unwrap();
    for shape in ["2x2", "2x3", "3x3"] {
        for index in 0..4 {
            let g = generate_one(&recipe(shape, checker), 7, index).unwrap();
            assert!(g.solution.is_solution_of(&g.puzzle));
            assert_eq!(verdict_of(&g.puzzle), Verdict::Unique);
            // Minimal: removing any given loses uniqueness.
            for cell in 0..g.puzzle.shape().cells() {
                if g.puzzle.get(cell) != 0 {
                    let mut fewer = g.puzzle.clone();
                    fewer.set(cell, 0);
                    assert_eq!(
                        checker.solve(&fewer, &Limits::default()).verdict(),
                        Verdict::Multiple
                    );
                }
            }
        }
    }
}

#[test]
fn symmetry_and_clue_targets_hold() {
    let checker = registry::find("mrv").unwrap();
    let mut r = recipe("3x3", checker);
    r.symmetry = Symmetry::Rotate180;
    r.clues = Some(32);
    let g = generate_one(&r, 11, 0).unwrap();
    assert!(
        g.puzzle.givens() <= 33 && g.puzzle.givens() >= 30,
        "{}",
        g.puzzle.givens()
    );
    for cell in 0..81 {
        assert_eq!(
            g.puzzle.get(cell) == 0,
            g.puzzle.get(80 - cell) == 0,
            "not symmetric at {cell}"
        );
    }
}

fn generate_cli(args: &[&str]) -> Vec<u8> {
    Command::cargo_bin("sudoku-lab")
        .unwrap()
        .arg("generate")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
}

#[test]
fn same_seed_same_bytes_whatever_the_jobs() {
    let args = [
        "--shape", "2x3", "--count", "12", "--seed", "99", "--solver", "mrv",
    ];
    let one = generate_cli(&args);
    let again = generate_cli(&args);
    let parallel = generate_cli(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one, again);
    assert_eq!(one, parallel);
    let other = generate_cli(&[
        "--shape", "2x3", "--count", "12", "--seed", "100", "--solver", "mrv",
    ]);
    assert_ne!(one, other);
    assert_eq!(String::from_utf8(one).unwrap().lines().count(), 13);
}

#[test]
fn rating_window_is_respected() {
    let out = generate_cli(&[
        "--shape",
        "3x3",
        "--count",
        "5",
        "--seed",
        "3",
        "--rate-with",
        "mrv",
        "--min-nodes",
        "100",
        "--max-nodes",
        "2000",
    ]);
    let text = String::from_utf8(out).unwrap();
    for line in text.lines().skip(1) {
        let nodes: u64 = line
            .split("mrv_nodes=")
            .nth(1)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert!((100..=2000).contains(&nodes), "{line}");
    }
}

#[test]
fn regenerate_script_names_every_generated_file() {
    let script = std::fs::read_to_string(puzzles_dir().join("regenerate.sh")).unwrap();
    let readme = std::fs::read_to_string(puzzles_dir().join("README.md")).unwrap();
    for entry in std::fs::read_dir(puzzles_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".txt") {
            assert!(
                readme.contains(&format!("`{name}`")),
                "puzzles/README.md does not describe {name}"
            );
            let generated = std::fs::read_to_string(Path::new(&path))
                .unwrap()
                .starts_with("# sudoku-lab generate");
            assert_eq!(
                script.contains(&format!("gen {name} ")),
                generated,
                "{name} and regenerate.sh disagree"
            );
        }
    }
}

/// The scaling sets are built the same way at every side: 25 puzzles of the
/// named shape, each with exactly `ceil(n²/2)` givens, made by the `scale`
/// line of regenerate.sh and described in puzzles/README.md.
#[test]
fn scaling_sets_are_built_the_same_way_at_every_side() {
    let script = std::fs::read_to_string(puzzles_dir().join("regenerate.sh")).unwrap();
    let readme = std::fs::read_to_string(puzzles_dir().join("README.md")).unwrap();
    let mut sides = Vec::new();
    for entry in std::fs::read_dir(puzzles_dir().join("scaling")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let n: usize = name.split('x').next().unwrap().parse().unwrap();
        let clues = (n * n).div_ceil(2);
        let text = std::fs::read_to_string(&path).unwrap();
        let header = text.lines().next().unwrap();
        let shape = header
            .split("--shape ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        assert!(
            header.contains(&format!(
                " --count 25 --seed 50 --clues {clues} --solver dlx"
            )),
            "{name}: {header}"
        );
        assert!(
            script.contains(&format!("scale {shape} {clues} {n}\n")),
            "{name}"
        );
        assert!(readme.contains(&format!("`scaling/{name}`")), "{name}");
        let items = read(&format!("scaling/{name}"));
        assert_eq!(items.len(), 25, "{name}");
        for (line, item) in &items {
            let puzzle = item
                .as_ref()
                .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            assert_eq!(puzzle.shape().side(), n, "{name}:{line}");
            assert_eq!(puzzle.givens(), clues, "{name}:{line}");
        }
        // Uniqueness is the generator's; check the small sides here.
        if n <= 9 {
            for (line, item) in &items {
                assert_eq!(
                    verdict_of(item.as_ref().unwrap()),
                    Verdict::Unique,
                    "{name}:{line}"
                );
            }
        }
        sides.push(n);
    }
    sides.sort();
    assert_eq!(sides, [4, 6, 8, 9, 12, 16, 20, 25]);
}

/// The hard large sets (#27) are made by the `large` lines of regenerate.sh,
/// described in puzzles/README.md, checked by dlx, and hold the puzzles their
/// header asks for; the first 12x12 puzzle has one solution.
#[test]
fn large_minimal_sets_are_regenerated_and_described() {
    let script = std::fs::read_to_string(puzzles_dir().join("regenerate.sh")).unwrap();
    let readme = std::fs::read_to_string(puzzles_dir().join("README.md")).unwrap();
    let mut names = Vec::new();
    for entry in std::fs::read_dir(puzzles_dir().join("large-minimal")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        let text =
            std::fs::read_to_string(puzzles_dir().join("large-minimal").join(&name)).unwrap();
        let header = text.lines().next().unwrap();
        assert!(
            header.ends_with(" --minimal --solver dlx"),
            "{name}: {header}"
        );
        let args = header
            .trim_start_matches("# sudoku-lab generate ")
            .trim_end_matches(" --minimal --solver dlx");
        assert!(script.contains(&format!("large {name} {args}\n")), "{name}");
        assert!(
            readme.contains(&format!("`large-minimal/{name}`")),
            "{name}"
        );
        let count: usize = args
            .split("--count ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let items = read(&format!("large-minimal/{name}"));
        assert_eq!(items.len(), count, "{name}");
        if name == "12x12.txt" {
            let puzzle = items[0].1.as_ref().unwrap();
            assert_eq!(verdict_of(puzzle), Verdict::Unique, "{name}");
        }
        names.push(name);
    }
    names.sort();
    assert_eq!(names, ["12x12.txt", "16x16.txt", "25x25.txt"]);
}
