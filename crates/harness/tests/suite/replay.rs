//! The replay model against every registered strategy: the board it rebuilds
//! from a trace's events is, at every event, one the search could have had
//! (the givens kept, no rule broken, the event's own cell as the event
//! says), and at every solution event the solution the search returned. The
//! HTML page's boards and `--format json --boards` are checked against the
//! same replay, and the DOT of a search with no guess is one node.

use sudoku_core::{Constraint, DeadEnd, Event, Grid, Limits, Recorder, Solver, Unit};
use sudoku_harness::registry;
use sudoku_harness::trace::{self, board_line};
use sudoku_replay::Replay;

/// The 6x6 of the issue, and a 4x4.
const SIX: &str = "......23..16....4.3..2....6......1.2";
const FOUR: &str = "....3..22..31...";

fn puzzles_of(file: &str, count: usize) -> Vec<Grid> {
    let path = format!("{}/../../puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(count)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

/// Every strategy whose search reports its steps (sat-minimal included: its
/// trail may set a second digit of a filled cell true, and it shows only a
/// cell's first).
fn traceable() -> Vec<&'static dyn Solver> {
    registry::strategies()
        .into_iter()
        .filter(|s| s.info().reports.nodes)
        .collect()
}

fn unit_of(c: Constraint) -> Option<(Unit, u8)> {
    match c {
        Constraint::RowDigit(r, d) => Some((Unit::Row(r), d)),
        Constraint::ColDigit(c, d) => Some((Unit::Col(c), d)),
        Constraint::BoxDigit(b, d) => Some((Unit::Box(b), d)),
        Constraint::Cell(_) => None,
    }
}

/// Replays `solver` on `puzzle` and checks the board at every event.
/// Returns the number of events checked.
fn check(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> usize {
    let shape = puzzle.shape();
    let what = format!("{} on {}", solver.id(), puzzle.to_line());
    let mut recorder = Recorder::default();
    let outcome = solver.solve_traced(puzzle, limits, &mut recorder);
    for s in &outcome.solutions {
        s.verify_solution_of(puzzle).unwrap();
    }
    let geometry = sudoku_core::Geometry::new(shape);
    let mut replay = Replay::new(puzzle);
    let mut solutions = 0;
    for (k, event) in recorder.events.iter().enumerate() {
        let step = replay.apply(event);
        let board = replay.board().to_vec();
        let at = format!("{what}, event {k} ({event:?})");
        let g = Grid::from_cells(shape, board.clone()).unwrap();
        assert_eq!(
            board,
            replay.path_board(),
            "{at}: the board is not its path's"
        );
        // No strategy ever shows a board that breaks a rule: two singles
        // that clash are a dead end, never two placements.
        assert!(
            g.conflicts().is_empty(),
            "{at}: the board breaks a rule\n{}",
            g.pretty()
        );
        for (&shown, &given) in board.iter().zip(puzzle.cells()) {
            if given != 0 {
                assert_eq!(shown, given, "{at}: a given changed");
            }
        }
        match *event {
            Event::Place { cell, digit, .. } => {
                assert_eq!(board[cell], digit, "{at}: the digit placed is not shown");
            }
            Event::Undo { cell, .. } => {
                assert_eq!(board[cell], 0, "{at}: the digit undone is still shown");
            }
            Event::Enter { .. } => {
                // A node entered shows its parent's state, forced
                // placements included, and its own choice.
                let node = &replay.nodes[step.node];
                if let Some(p) = node.choice {
                    assert_eq!(board[p.cell], p.digit, "{at}");
                }
                if let Some(parent) = node.parent {
                    assert_eq!(replay.path().nth_back(1), Some(parent), "{at}");
                }
            }
            Event::DeadEnd { reason, .. } => match reason {
                DeadEnd::Cell(c) | DeadEnd::Constraint(Constraint::Cell(c)) => {
                    assert_eq!(board[c], 0, "{at}: the dead cell is filled");
                    assert_eq!(
                        replay.candidates(c),
                        0,
                        "{at}: the dead cell has a candidate"
                    );
                }
                DeadEnd::Constraint(c) => {
                    let (unit, d) = unit_of(c).unwrap();
                    let cells = geometry.unit_cells(unit);
                    assert!(
                        cells.iter().all(|&c| board[c] != d),
                        "{at}: {unit} holds the digit it is said to lack"
                    );
                    assert!(
                        cells
                            .iter()
                            .all(|&c| replay.candidates(c) & (1 << (d - 1)) == 0),
                        "{at}: a cell of {unit} can take the digit"
                    );
                }
            },
            Event::Solution { .. } => {
                if let Some(solution) = outcome.solutions.get(solutions) {
                    assert_eq!(&g, solution, "{at}: the board is not the solution");
                }
                assert!(g.is_complete(), "{at}: a solution with empty cells");
                solutions += 1;
            }
            Event::Eliminate { cell, .. } => {
                assert_eq!(
                    board[cell], 0,
                    "{at}: a candidate removed from a filled cell"
                );
            }
        }
    }
    assert_eq!(
        replay.nodes.iter().filter(|n| n.entry.is_some()).count() as u64,
        recorder.count(|e| matches!(e, Event::Enter { .. })),
        "{what}: one node per entry"
    );
    recorder.events.len()
}

fn limits() -> Limits {
    Limits {
        max_solutions: Some(2),
        keep_solutions: 2,
        node_budget: Some(20_000),
        ..Limits::default()
    }
}

fn check_all(puzzles: &[Grid]) {
    for solver in traceable() {
        for puzzle in puzzles {
            if solver.supports(puzzle.shape()).is_ok() {
                check(solver, puzzle, &limits());
            }
        }
    }
}

#[test]
fn every_strategy_replays_on_small_shapes() {
    let mut puzzles = vec![grid(FOUR), grid(SIX)];
    puzzles.extend(puzzles_of("4x4.txt", 3));
    puzzles.extend(puzzles_of("6x6.txt", 3));
    check_all(&puzzles);
}

#[test]
fn every_strategy_replays_on_classic_9x9() {
    check_all(&puzzles_of("classic.txt", 100));
}

#[test]
fn every_strategy_replays_on_top95() {
    check_all(&puzzles_of("top95.txt", 5));
}

#[test]
fn every_strategy_replays_on_16x16() {
    check_all(&puzzles_of("16x16.txt", 1));
}

/// A search with no guess is one node: norvig and bitboard settle the 6x6
/// of the issue without one, and the replay (and so the DOT) has one node
/// with every digit inside it.
#[test]
fn a_search_with_no_guess_is_one_node() {
    let puzzle = grid(SIX);
    for id in ["norvig", "bitboard"] {
        let solver = registry::find(id).unwrap();
        let mut recorder = Recorder::default();
        let outcome = solver.solve_traced(&puzzle, &Limits::default(), &mut recorder);
        assert_eq!(outcome.stats.guesses, 0, "{id} guesses on the 6x6");
        let (replay, _) = trace::replay(&puzzle, &recorder.events);
        assert_eq!(replay.nodes.len(), 1, "{id}");
        assert_eq!(
            replay.nodes[0].forced.len(),
            puzzle.shape().cells() - puzzle.givens(),
            "{id}"
        );
        let dot = trace::dot("t", &puzzle, &recorder.events, 0, false);
        let boxes = dot
            .lines()
            .filter(|l| l.trim_start().starts_with('n') && l.contains(" [label="))
            .count();
        assert_eq!(boxes, 1, "{id}: {dot}");
        assert!(!dot.contains(" -> "), "{id}: {dot}");
    }
}

/// The HTML page's boards, rebuilt as its script does (the nearest key
/// board, then each step's changes), equal the replay's at every step.
#[test]
fn the_html_page_carries_the_replay_boards() {
    for solver in traceable() {
        for puzzle in [grid(SIX), puzzles_of("classic.txt", 1).remove(0)] {
            let mut recorder = Recorder::default();
            let outcome = solver.solve_traced(&puzzle, &limits(), &mut recorder);
            let page =
                trace::html::page("t", &puzzle, &recorder.events, 0, &outcome, solver.info());
            let start = page
                .find(r#"<script id="data" type="application/json">"#)
                .unwrap();
            let json = &page[start..];
            let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
            let data: serde_json::Value =
                serde_json::from_str(&json.replace("<\\/", "</")).unwrap();
            let steps = data["steps"].as_array().unwrap();
            let keys = data["keys"].as_array().unwrap();
            let every = data["key_every"].as_u64().unwrap() as usize;
            assert_eq!(steps.len(), recorder.events.len());
            let mut replay = Replay::new(&puzzle);
            for (k, event) in recorder.events.iter().enumerate() {
                replay.apply(event);
                let j = k / every;
                let mut board: Vec<u64> = keys[j][0]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect();
                for step in &steps[j * every + 1..=k] {
                    for change in step[4].as_array().unwrap() {
                        board[change[0].as_u64().unwrap() as usize] = change[1].as_u64().unwrap();
                    }
                }
                let expected: Vec<u64> = replay.board().iter().map(|&d| d as u64).collect();
                assert_eq!(board, expected, "{} step {k}", solver.id());
            }
        }
    }
}

/// `trace --format json --boards`: each line's board is the replay's.
#[test]
fn json_lines_carry_the_board() {
    let puzzle = grid(SIX);
    for id in ["naive", "norvig", "bitboard", "bfs", "sat-complete"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
            .args([
                "trace",
                "--strategy",
                id,
                "--format",
                "json",
                "--boards",
                "--max-steps",
                "all",
                "--limit",
                "2",
                SIX,
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let solver = registry::find(id).unwrap();
        let mut recorder = Recorder::default();
        let lim = Limits {
            max_solutions: Some(2),
            keep_solutions: 2,
            ..Limits::default()
        };
        let outcome = solver.solve_traced(&puzzle, &lim, &mut recorder);
        let mut replay = Replay::new(&puzzle);
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), recorder.events.len() + 1, "{id}");
        for (line, event) in lines.iter().zip(&recorder.events) {
            replay.apply(event);
            assert_eq!(
                line["board"],
                board_line(puzzle.shape(), replay.board()),
                "{id}"
            );
            if line["event"] == "solution" {
                let n = line["solution"].as_u64().unwrap() as usize - 1;
                assert_eq!(line["board"], outcome.solutions[n].to_line(), "{id}");
            }
        }
        assert!(lines.last().unwrap().get("board").is_none());
    }
}
