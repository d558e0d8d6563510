//! tdoku against the lab's own verdicts and solutions. These tests need a
//! build with tdoku in it (`TDOKU_DIR` naming a checkout of t-dillon/tdoku);
//! in any other build they are ignored, and say so.

#[cfg(tdoku_linked)]
use sudoku_core::{Limits, Solver, Verdict};

#[test]
#[cfg_attr(
    not(tdoku_linked),
    ignore = "needs TDOKU_DIR set to a checkout of t-dillon/tdoku at build time"
)]
fn keeps_the_contract() {
    #[cfg(tdoku_linked)]
    sudoku_testkit::contract::check(&sudoku_tdoku::Tdoku, &sudoku_naive::Naive);
    #[cfg(not(tdoku_linked))]
    panic!("built without tdoku");
}

/// top95, the 9x9 puzzles of multiple.txt, the first 50 of the forum's
/// hardest 1106 and 200 of serg's multi-solution sample: the same verdict,
/// count and solutions as bitboard.
#[test]
#[cfg_attr(
    not(tdoku_linked),
    ignore = "needs TDOKU_DIR set to a checkout of t-dillon/tdoku at build time"
)]
fn agrees_with_bitboard() {
    #[cfg(tdoku_linked)]
    {
        let limits = Limits::default();
        let mut puzzles = sudoku_testkit::shared_set("top95.txt", 95);
        puzzles.extend(
            sudoku_testkit::shared_set("multiple.txt", 10)
                .into_iter()
                .filter(|g| g.shape().side() == 9),
        );
        puzzles.extend(sudoku_testkit::shared_set(
            "field/forum-hardest-1106.txt",
            50,
        ));
        puzzles.extend(sudoku_testkit::shared_set("field/serg-sample.txt", 200));
        assert_eq!(puzzles.len(), 95 + 2 + 50 + 200);
        let mut multiple = 0;
        for puzzle in &puzzles {
            let ours = sudoku_bitboard::Bitboard.solve(puzzle, &limits);
            let theirs = sudoku_tdoku::Tdoku.solve(puzzle, &limits);
            assert_eq!(theirs.verdict(), ours.verdict(), "{puzzle}");
            assert_eq!(theirs.count, ours.count, "{puzzle}");
            if ours.verdict() == Verdict::Unique {
                assert_eq!(theirs.solutions, ours.solutions, "{puzzle}");
            } else {
                multiple += 1;
            }
        }
        assert_eq!(multiple, 2 + 200);
    }
    #[cfg(not(tdoku_linked))]
    panic!("built without tdoku");
}
