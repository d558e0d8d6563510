//! The strategies taking part in a run, as they describe themselves.

use serde::{Deserialize, Serialize};
use sudoku_core::Solver;

/// A strategy taking part, as `sudoku-lab list` shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StrategyInfo {
    pub id: String,
    pub summary: String,
    pub reference: bool,
    pub counts_nodes: bool,
    /// Whether it counts mems (`mems_*` are `null` when not).
    #[serde(default)]
    pub counts_mems: bool,
}

impl StrategyInfo {
    /// What a strategy says of itself ([`sudoku_core::Info`]).
    pub fn of(solver: &dyn Solver) -> StrategyInfo {
        let info = solver.info();
        StrategyInfo {
            id: info.id.to_string(),
            summary: info.summary.to_string(),
            reference: info.outside,
            counts_nodes: info.reports.nodes,
            counts_mems: info.reports.mems,
        }
    }
}
