//! The contract every strategy keeps (statistics, trace, verdicts, budgets).

#[test]
fn keeps_the_contract() {
    sudoku_testkit::contract::check(&sudoku_human::Human, &sudoku_bitboard::Bitboard);
}
