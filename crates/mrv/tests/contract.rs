//! The one statistics contract (see `sudoku_testkit::contract`), checked on this strategy.

#[test]
fn keeps_the_contract() {
    sudoku_testkit::contract::check(&sudoku_mrv::Mrv, &sudoku_naive::Naive);
}
