//! The one list of strategies. A new strategy joins sudoku-lab by adding one
//! line here; every subcommand, table and report picks it up from this list.

use sudoku_core::Solver;

/// Every registered strategy, in teaching order (simplest first).
pub fn strategies() -> Vec<&'static dyn Solver> {
    vec![
        &sudoku_naive::Naive,
        &sudoku_search::Dfs,
        &sudoku_search::Bfs,
        &sudoku_mrv::Mrv,
        &sudoku_dlx::Dlx,
        &sudoku_reference::Reference, // keep last: the reference row, not one of ours
    ]
}

/// The strategy `solve` uses when none is named: the fastest registered one.
pub const DEFAULT_STRATEGY: &str = "dlx";

/// Looks a strategy up by id.
pub fn find(id: &str) -> Option<&'static dyn Solver> {
    strategies().into_iter().find(|s| s.id() == id)
}

/// The ids, comma-separated, for error messages and help.
pub fn ids() -> String {
    strategies()
        .iter()
        .map(|s| s.id())
        .collect::<Vec<_>>()
        .join(", ")
}
