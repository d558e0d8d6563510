//! What the tuning examples share: which row they run.
use sudoku_core::Solver;

/// The row the arguments name (`--configs`: bitboard-configs, else
/// bitboard) and the files they list.
pub fn solver_and_files() -> (&'static dyn Solver, Vec<String>) {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let configs = args.iter().any(|a| a == "--configs");
    args.retain(|a| a != "--configs");
    let solver: &'static dyn Solver = if configs {
        &sudoku_bitboard::BitboardConfigs
    } else {
        &sudoku_bitboard::Bitboard
    };
    (solver, args)
}
