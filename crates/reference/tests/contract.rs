//! The one statistics contract (see `sudoku_testkit::contract`): the reference
//! reports no statistics, so only its verdicts, solutions and refusals are checked.

#[test]
fn keeps_the_contract() {
    sudoku_testkit::contract::check(&sudoku_reference::Reference, &sudoku_naive::Naive);
}
