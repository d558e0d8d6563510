//! Mems (Knuth's count of 64-bit memory accesses, `Stats::mems`): counted
//! only when asked for, identical from run to run (pinned on the seeds, as
//! node counts are), and n/a for strategies whose code does not count them.

use sudoku_core::Limits;
use sudoku_harness::registry::strategies;
use sudoku_testkit::seeds;

/// Mems proving uniqueness of each seed puzzle (`puzzles/seeds.csv`), per
/// strategy that counts them, within a budget of a million nodes (naive's
/// searches of three seeds stop there: their mems up to then).
const PINNED: &[(&str, [u64; 5])] = &[
    ("naive", [2070952, 26999660, 513241, 26999670, 26999637]),
    ("mrv", [216506, 2701943, 13414, 4914878, 10494740]),
    ("dlx", [222016, 972354, 18922, 23298, 23264]),
    ("dcells", [302846, 1392058, 24185, 31568, 31529]),
    ("bitboard", [51862, 112574, 4166, 4218, 4771]),
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
