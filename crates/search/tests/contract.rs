//! The one statistics contract (see `sudoku_testkit::contract`), checked on
//! both copying strategies, with naive (the same tree) as the oracle.

#[test]
fn dfs_keeps_the_contract() {
    sudoku_testkit::contract::check(&sudoku_search::Dfs, &sudoku_naive::Naive);
}

#[test]
fn bfs_keeps_the_contract() {
    sudoku_testkit::contract::check(&sudoku_search::Bfs, &sudoku_naive::Naive);
}
