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

#[test]
#[ignore]
fn debug_dump() {
    let p: Grid = std::env::var("P").unwrap().parse().unwrap();
    let id = std::env::var("S").unwrap_or_default();
    let solver: &dyn Solver = if id == "configs" {
        &sudoku_bitboard::BitboardConfigs
    } else {
        &sudoku_bitboard::Bitboard
    };
    let mut recorder = Recorder::default();
    let lim = Limits {
        max_solutions: Some(2),
        keep_solutions: 2,
        node_budget: Some(20_000),
        ..Limits::default()
    };
    let t = solver.solve_traced(&p, &lim, &mut recorder);
    println!(
        "traced {:?}\nplain {:?}",
        t.stats,
        solver.solve(&p, &lim).stats
    );
    let mut placed = 0i64;
    for (k, e) in recorder.events.iter().enumerate() {
        match e {
            sudoku_core::Event::Place { .. } => placed += 1,
            sudoku_core::Event::Undo { .. } => placed -= 1,
            sudoku_core::Event::Enter { depth } | sudoku_core::Event::DeadEnd { depth, .. } => {
                println!("{k}: {e:?} live {placed}")
            }
            _ => {}
        }
    }
    let r = sudoku_replay::check(&p, &recorder.events, false);
    let step = r.as_ref().err().map_or(recorder.events.len(), |f| f.step);
    for (k, e) in recorder
        .events
        .iter()
        .enumerate()
        .skip(step.saturating_sub(60))
        .take(62)
    {
        println!("{k}: {e:?}");
    }
    println!("{r:?}");
}
