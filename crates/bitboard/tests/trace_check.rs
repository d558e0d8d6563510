//! bitboard's traces pass the trace checker (sudoku-replay): every
//! placement, elimination and dead end re-derived from the board and the
//! candidates before it, on 9x9 (both rows) and on other shapes.

use sudoku_core::{Grid, Limits, Recorder, Solver};

fn puzzles_of(file: &str, count: usize) -> Vec<Grid> {
    let path = format!("{}/../../puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(count)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

fn check(solver: &dyn Solver, puzzles: &[Grid]) {
    let limits = Limits {
        max_solutions: Some(2),
        keep_solutions: 2,
        node_budget: Some(20_000),
        ..Limits::default()
    };
    for puzzle in puzzles {
        let mut recorder = Recorder::default();
        let traced = solver.solve_traced(puzzle, &limits, &mut recorder);
        assert_eq!(
            traced,
            solver.solve(puzzle, &limits),
            "{}",
            puzzle.to_line()
        );
        if let Err(f) = sudoku_replay::check(puzzle, &recorder.events, false) {
            panic!("{} on {}: {f}", solver.id(), puzzle.to_line());
        }
    }
}

#[test]
fn nine_by_nine_traces_check() {
    let mut puzzles = puzzles_of("top95.txt", 20);
    puzzles.extend(puzzles_of("field/forum-hardest-1106.txt", 10));
    puzzles.push(Grid::empty(sudoku_core::Shape::CLASSIC));
    check(&sudoku_bitboard::Bitboard, &puzzles);
    check(&sudoku_bitboard::BitboardConfigs, &puzzles);
}

#[test]
fn other_shapes_traces_check() {
    let mut puzzles = puzzles_of("4x4.txt", 5);
    puzzles.extend(puzzles_of("6x6.txt", 5));
    puzzles.extend(puzzles_of("12x12.txt", 2));
    puzzles.extend(puzzles_of("16x16.txt", 2));
    puzzles.push(Grid::empty(sudoku_core::Shape::new(2, 2).unwrap()));
    check(&sudoku_bitboard::Bitboard, &puzzles);
}
