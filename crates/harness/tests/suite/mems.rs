//! Mems (Knuth's count of 64-bit memory accesses, `Stats::mems`): counted
//! only when asked for, identical from run to run (pinned on the seeds, as
//! node counts are), and n/a for strategies whose code does not count them.

use sudoku_core::Limits;
use sudoku_harness::registry::strategies;
use sudoku_testkit::seeds;

/// Mems proving uniqueness of each seed puzzle (`puzzles/seeds.csv`), per
/// strategy that counts them, within a budget of a million nodes (the
/// brute-force searches of three seeds stop there: their mems up to then).
/// dfs and bfs count the copies they make (a 9x9 state is 14 words); the
/// ladder's rungs count their own data, so `prop:rowmajor/none` walks naive's
/// tree with other mems. dlx and dcells count selecting the givens and taking
/// them back, part of every solve.
const PINNED: &[(&str, [u64; 5])] = &[
    (
        "naive",
        [2_070_952, 26_999_660, 513_241, 26_999_670, 26_999_637],
    ),
    (
        "dfs",
        [3_068_081, 40_000_573, 760_361, 40_000_850, 40_001_122],
    ),
    (
        "bfs",
        [5_215_737, 88_875_896, 1_292_613, 93_987_672, 107_062_542],
    ),
    ("mrv", [216_506, 2_701_943, 13_414, 4_914_878, 10_494_740]),
    ("dlx", [240_160, 989_176, 39_060, 38_292, 38_292]),
    ("dcells", [278_198, 1_203_406, 43_108, 43_831, 43_833]),
    ("bitboard", [70_885, 123_591, 3_416, 4_335, 5_110]),
    ("bitboard-configs", [42_365, 243_609, 3_416, 4_335, 5_110]),
    ("norvig", [74_507, 361_506, 4_910, 5_094, 5_116]),
    (
        "prop:rowmajor/none",
        [4_379_689, 57_400_546, 1_062_914, 60_573_900, 61_242_203],
    ),
    (
        "prop:rowmajor/fc",
        [10_065_052, 162_305_121, 586_442, 596_105_094, 289_381_913],
    ),
    (
        "prop:rowmajor/naked",
        [560_309, 7_832_602, 11_686, 2_165_468, 41_606_107],
    ),
    (
        "prop:rowmajor/hidden",
        [102_829, 893_952, 8_593, 5_094, 5_116],
    ),
    (
        "prop:rowmajor/locked",
        [125_606, 850_571, 4_685, 5_634, 5_656],
    ),
    (
        "prop:rowmajor/subsets",
        [144_751, 808_708, 5_333, 6_282, 6_304],
    ),
    (
        "prop:mrv/none",
        [328_519, 4_092_317, 20_129, 7_436_069, 15_910_469],
    ),
    (
        "prop:mrv/fc",
        [939_776, 10_098_621, 62_832, 1_581_795, 18_885_023],
    ),
    (
        "prop:mrv/naked",
        [165_963, 2_546_406, 7_577, 580_545, 5_621_608],
    ),
    ("prop:mrv/hidden", [74_507, 361_506, 4_910, 5_094, 5_116]),
    ("prop:mrv/locked", [96_842, 184_589, 4_685, 5_634, 5_656]),
    ("prop:mrv/subsets", [106_488, 154_568, 5_333, 6_282, 6_304]),
    (
        "prop:fewest/none",
        [234_955, 1_126_938, 18_656, 28_465, 27_901],
    ),
    (
        "prop:fewest/fc",
        [498_178, 2_117_159, 46_031, 52_525, 52_448],
    ),
    (
        "prop:fewest/naked",
        [145_425, 818_293, 9_535, 22_088, 23_276],
    ),
    ("prop:fewest/hidden", [76_019, 370_146, 4_964, 5_094, 5_116]),
    ("prop:fewest/locked", [98_300, 187_451, 4_685, 5_634, 5_656]),
    (
        "prop:fewest/subsets",
        [107_730, 156_026, 5_333, 6_282, 6_304],
    ),
];

fn limits() -> Limits {
    Limits {
        node_budget: Some(1_000_000),
        ..Limits::default()
    }
}

#[test]
fn mems_are_pinned_on_the_seeds_and_cost_nothing_when_off() {
    let mut counted = Vec::new();
    for solver in strategies() {
        let mut mems = [0u64; 5];
        for (k, (puzzle, _)) in seeds().iter().enumerate() {
            let plain = solver.solve(puzzle, &limits());
            let mut counting = solver.solve_counting_mems(puzzle, &limits());
            assert_eq!(
                plain.stats.mems,
                None,
                "{}: mems only when asked",
                solver.id()
            );
            match counting.stats.mems {
                Some(m) => {
                    assert!(solver.info().reports.mems, "{}", solver.id());
                    assert!(m > counting.stats.nodes, "{}: {m} mems", solver.id());
                    mems[k] = m;
                }
                None => assert!(!solver.info().reports.mems, "{}", solver.id()),
            }
            // Counting changes nothing else.
            counting.stats.mems = None;
            if solver.info().reports.nodes {
                assert_eq!(counting, plain, "{}", solver.id());
            }
        }
        if solver.info().reports.mems {
            counted.push((solver.id(), mems));
        }
    }
    let pinned: Vec<(&str, [u64; 5])> = PINNED.to_vec();
    assert_eq!(counted, pinned);
}
