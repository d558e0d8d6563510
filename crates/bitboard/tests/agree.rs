//! Verdicts and solution counts against dlx and mrv, on every set and shape.

use sudoku_bitboard::Bitboard;
use sudoku_core::{Grid, Limits, Shape, Solver, Verdict};
use sudoku_dlx::Dlx;
use sudoku_mrv::Mrv;
use sudoku_testkit::{
    assert_agree, bad_puzzles, patterned_puzzle, puzzle_path, read_entries, seeds, shared_set,
    unique_puzzle,
};

fn agree_unique(puzzles: &[Grid], what: &str) {
    for (i, puzzle) in puzzles.iter().enumerate() {
        let v = assert_agree(&[&Bitboard, &Dlx], puzzle, &Limits::default());
        assert_eq!(v, Verdict::Unique, "{what} #{i}");
    }
}

#[test]
fn seeds_get_their_published_solutions() {
    for (puzzle, solution) in seeds() {
        let outcome = Bitboard.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions, vec![solution]);
    }
}

#[test]
fn top95_hardest_and_17clue_agree_with_dlx() {
    agree_unique(&shared_set("top95.txt", 95), "top95");
    agree_unique(&shared_set("hardest.txt", 200), "hardest");
    agree_unique(&shared_set("17clue.txt", 500), "17clue");
}

#[test]
fn bundled_sets_agree_with_dlx() {
    for name in [
        "classic.txt",
        "multiple.txt",
        "no-solution.txt",
        "4x4.txt",
        "6x6.txt",
        "8x8.txt",
        "9x9-easy.txt",
        "9x9-medium.txt",
        "9x9-hard.txt",
        "9x9-minimal.txt",
        "12x12.txt",
        "16x16.txt",
    ] {
        for entry in read_entries(&puzzle_path(name)) {
            assert_agree(&[&Bitboard, &Dlx], &entry.puzzle, &Limits::default());
        }
    }
}

#[test]
fn multiple_and_no_solution_puzzles_agree_with_mrv() {
    let (loose, wrong) = bad_puzzles(&Mrv);
    let limits = Limits::default();
    assert_eq!(
        assert_agree(&[&Bitboard, &Mrv], &loose, &limits),
        Verdict::Multiple
    );
    assert_eq!(
        assert_agree(&[&Bitboard, &Mrv], &wrong, &limits),
        Verdict::None
    );
}

/// Every shape from 1x1 to 5x5: unique puzzles, patterned (often multiple)
/// ones and solution counts of sparse ones, against dlx.
#[test]
fn every_shape_agrees_with_dlx() {
    for br in 1..=5 {
        for bc in 1..=5 {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side();
            let (puzzle, solution) =
                unique_puzzle(shape, if n >= 16 { 0.6 } else { 0.45 }, &Bitboard);
            let outcome = Bitboard.solve(&puzzle, &Limits::default());
            assert_eq!(outcome.verdict(), Verdict::Unique, "{shape}");
            assert_eq!(outcome.solutions, vec![solution], "{shape}");
            let keeps: &[f64] = if n >= 16 {
                &[0.6, 0.8]
            } else {
                &[0.2, 0.5, 0.7]
            };
            for &keep in keeps {
                let (puzzle, _) = patterned_puzzle(shape, keep);
                assert_agree(&[&Bitboard, &Dlx], &puzzle, &Limits::default());
            }
            if n <= 6 {
                let (puzzle, _) = patterned_puzzle(shape, 0.25);
                let limits = Limits::count_all();
                assert_agree(&[&Bitboard, &Dlx], &puzzle, &limits);
            }
        }
    }
}

#[test]
fn empty_grids_count_their_solutions() {
    for (shape, count) in [
        ((1, 1), 1),
        ((1, 2), 2),
        ((2, 2), 288),
        ((2, 3), 28_200_960),
    ] {
        let shape = Shape::new(shape.0, shape.1).unwrap();
        if count > 1_000_000 {
            continue;
        }
        let outcome = Bitboard.solve(&Grid::empty(shape), &Limits::count_all());
        assert_eq!(outcome.count, count, "{shape}");
    }
}

/// Both rows find clashing givens themselves (`Strategy::CHECKS_GIVENS`):
/// two equal givens give the lab's invalid outcome, naming the same
/// conflict, exactly when their cells share a row, column or box; on 9x9
/// (where the band path finds them as it writes the givens) for every pair
/// of cells, and on 4x4 and 6x6.
#[test]
fn clashing_givens_give_the_labs_invalid_outcome() {
    use sudoku_bitboard::BitboardConfigs;
    use sudoku_core::Stop;
    for (br, bc) in [(3, 3), (2, 2), (2, 3)] {
        let shape = Shape::new(br, bc).unwrap();
        let n = shape.side();
        for a in 0..n * n {
            for b in a + 1..n * n {
                let mut g = Grid::empty(shape);
                g.set(a, 2);
                g.set(b, 2);
                // A third given of another digit, so a clash is not alone.
                g.set((a + n + 1) % (n * n), 1);
                if g.get((a + n + 1) % (n * n)) != 1 || g.get(a) != 2 || g.get(b) != 2 {
                    continue;
                }
                let limits = Limits::first_solution();
                for solver in [&Bitboard as &dyn Solver, &BitboardConfigs] {
                    let outcome = solver.solve(&g, &limits);
                    if g.has_conflict() {
                        assert_eq!(outcome.stop, Stop::InvalidGivens, "{g}");
                        assert_eq!(outcome.verdict(), Verdict::Invalid, "{g}");
                        assert_eq!(outcome.conflict, g.conflicts().first().copied(), "{g}");
                        assert_eq!(outcome.stats, Default::default(), "{g}");
                        assert_eq!(solver.solve_counting_mems(&g, &limits).stats.mems, None);
                    } else {
                        assert_ne!(outcome.stop, Stop::InvalidGivens, "{g}");
                    }
                }
            }
        }
    }
}
