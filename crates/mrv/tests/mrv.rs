use sudoku_core::{Limits, Solver};
use sudoku_mrv::Mrv;
use sudoku_testkit::{famous, grid};

#[test]
fn node_counts_match_the_reference() {
    for (puzzle, nodes) in [
        (famous::MRV_10374, 10_374),
        (famous::INKALA, 10_102),
        (famous::COMPETITION, 543),
        (famous::ANTI_BRUTE_FORCE, 45_268),
    ] {
        let p = grid(puzzle);
        let outcome = Mrv.solve(&p, &Limits::first_solution());
        assert_eq!(outcome.count, 1);
        assert!(outcome.solutions[0].is_solution_of(&p));
        eprintln!("{puzzle}: {:?}", outcome.stats);
        assert_eq!(outcome.stats.nodes, nodes, "{puzzle}");
    }
}
