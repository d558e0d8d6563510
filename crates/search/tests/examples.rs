//! The two examples of the generic search, run as tests on the very same code
//! (`examples/*.rs` are included as modules). 10! (10 million states) is
//! `#[ignore]`d for debug builds:
//! `cargo test --release -p sudoku-search --test examples -- --include-ignored`.

#[path = "../examples/n_queens.rs"]
mod n_queens;
#[path = "../examples/permutations.rs"]
mod permutations;

use sudoku_search::Order::{BreadthFirst, DepthFirst};

#[test]
fn permutations_count_n_factorial_in_both_orders() {
    for order in [DepthFirst, BreadthFirst] {
        let factorials = [1, 1, 2, 6, 24, 120, 720, 5_040, 40_320];
        for (n, &want) in factorials.iter().enumerate() {
            let counter = permutations::count(n, order);
            assert_eq!(counter.goals, want, "{n}! {order:?}");
            // Every prefix of every length is a state: sum of n!/(n-k)! over k.
            let prefixes: u64 = (0..=n as u64)
                .map(|k| (n as u64 - k + 1..=n as u64).product::<u64>())
                .sum();
            assert_eq!(counter.states, prefixes, "{n} {order:?}");
        }
    }
}

#[test]
fn depth_first_meets_permutations_in_lexicographic_order() {
    let mut seen = Vec::new();
    let _ = sudoku_search::dfs(
        permutations::Prefix::empty(3),
        |p: &permutations::Prefix| {
            seen.push(p.values().to_vec());
            std::ops::ControlFlow::Continue(())
        },
    );
    let want: Vec<Vec<u8>> = vec![
        vec![1, 2, 3],
        vec![1, 3, 2],
        vec![2, 1, 3],
        vec![2, 3, 1],
        vec![3, 1, 2],
        vec![3, 2, 1],
    ];
    assert_eq!(seen, want);
}

#[test]
fn a_visitor_can_stop_the_search() {
    let mut seen = 0;
    let flow = sudoku_search::bfs(
        permutations::Prefix::empty(6),
        |_: &permutations::Prefix| {
            seen += 1;
            if seen == 10 {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        },
    );
    assert!(flow.is_break());
    assert_eq!(seen, 10);
}

#[test]
#[ignore = "3.6 million goals, 9.9 million states: run in release"]
fn permutations_of_9_and_10() {
    assert_eq!(permutations::count(9, DepthFirst).goals, 362_880);
    assert_eq!(permutations::count(9, BreadthFirst).goals, 362_880);
    let ten = permutations::count(10, DepthFirst);
    assert_eq!(ten.goals, 3_628_800);
    assert_eq!(ten.states, 9_864_101);
}

#[test]
fn n_queens_counts_in_both_orders() {
    // OEIS A000170.
    let solutions = [1, 1, 0, 0, 2, 10, 4, 40, 92];
    for order in [DepthFirst, BreadthFirst] {
        for (n, &want) in solutions.iter().enumerate() {
            let counter = n_queens::count(n, order);
            assert_eq!(counter.solutions, want, "{n} queens {order:?}");
            if let Some(first) = &counter.first {
                assert_eq!(first.len(), n);
                assert!(n_queens::is_solution(first), "{first:?}");
            }
        }
    }
    // The first solution depth-first is the lexicographically smallest.
    assert_eq!(
        n_queens::count(8, DepthFirst).first.unwrap(),
        [0, 4, 7, 5, 2, 6, 1, 3]
    );
}

#[test]
fn ten_queens_have_724_solutions() {
    for order in [DepthFirst, BreadthFirst] {
        let counter = n_queens::count(10, order);
        assert_eq!(counter.solutions, 724);
        assert_eq!(counter.states, 35_539, "every partial placement is a state");
    }
}
