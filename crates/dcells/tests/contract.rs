//! The one statistics contract (see `sudoku_testkit::contract`), checked on
//! this strategy, with naive as the oracle of its verdicts.

#[test]
fn keeps_the_contract() {
    sudoku_testkit::contract::check(&sudoku_dcells::Dcells, &sudoku_naive::Naive);
}
