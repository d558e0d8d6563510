//! Each technique on a position that needs it, and the ratings pinned.

use sudoku_core::Grid;
use sudoku_human::chains::length_tenths;
use sudoku_human::{rate, solve_path, Options, Technique};

#[test]
fn length_rule_follows_se_steps() {
    // complexity - 2 past 4, 6, 8, 12, 16, 24, 32: a tenth each.
    let added: Vec<u32> = [4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35]
        .map(length_tenths)
        .to_vec();
    assert_eq!(added, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
}

#[test]
fn singles_only_puzzle_rates_low() {
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let rating = rate(&puzzle);
    assert!(rating.er.unwrap() <= 23, "singles only: {rating:?}");
    assert_eq!(rating.ed, Some(12), "a hidden single in a box first");
}

/// The technique that rates a puzzle (its hardest step).
fn hardest(line: &str) -> (Technique, u32) {
    let path = solve_path(&line.parse().unwrap(), Options::default(), usize::MAX);
    assert!(path.solved());
    let step = path.steps.iter().max_by_key(|s| s.rating).unwrap();
    (step.technique, step.rating)
}

/// Puzzles of the SE-rated set (puzzles/se-rated-2500.txt) on which our
/// rating equals SE's, one per family of techniques: pins the technique
/// that rates each and the number.
#[test]
fn se_rated_examples_keep_their_ratings() {
    let cases = [
        (
            "....298...3..7..5.7..1.5...3.4...5..27.....46..6...7.1...8.7..9.4..9..8...865....",
            Technique::ThreeStrongLinks,
            54,
        ),
        (
            "............618...9.84.35.11..549..77.......5.8..2..1...3...8..81.3.7.59..9...1..",
            Technique::WXYZWing,
            55,
        ),
        (
            ".........8..6.5..472..3..68.6..2..5.1.3...8.6..7.5.9.....3.8...6...9...53.1...7.2",
            Technique::Bug,
            56,
        ),
        (
            "1..9.6..3.243.795..........5.......9..1.9.7..49.8.5.16.7.....2....5.1............",
            Technique::VWXYZWing,
            62,
        ),
        (
            "...........79.58..59.....7296.5.8.141..7.6..3....9....3.4.6.5.1..5...6.....3.1...",
            Technique::ForcingChain,
            71,
        ),
        (
            ".3..6..5.5....1....78......6...87..22..3.6..47..54...8......68....8....3.4..7..2.",
            Technique::Nishio,
            78,
        ),
        (
            "..97.62..1.......57..835..1.62...35..7.....2..3.....4.2...9...3...182....9..5..1.",
            Technique::MultipleForcingChain,
            82,
        ),
        (
            "..1.....549..7...1.5..8..2..8..64..9.........1..83..4..7..1..6.6...4..928.....4..",
            Technique::DynamicForcingChain,
            89,
        ),
    ];
    for (line, technique, rating) in cases {
        assert_eq!(hardest(line), (technique, rating), "{line}");
        let puzzle: Grid = line.parse().unwrap();
        assert_eq!(rate(&puzzle).er, Some(rating));
    }
}

#[test]
fn the_strategy_guesses_only_where_its_logic_runs_out() {
    use sudoku_core::{Limits, Solver};
    // A singles-only puzzle: no guess at all.
    let easy: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let outcome = sudoku_human::Human.solve(&easy, &Limits::default());
    assert_eq!(outcome.count, 1);
    assert_eq!(outcome.stats.guesses, 0);
    assert_eq!(outcome.stats.nodes, 1);
}
