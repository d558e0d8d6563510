//! bitboard-configs, the 9x9 search that branches on a digit's configuration
//! (tdoku's model): verdicts against the cell branch and dlx, trace events
//! that say what each branch chose, budgets, and pinned node counts.

use sudoku_bitboard::{Bitboard, BitboardConfigs};
use sudoku_core::{Event, Grid, Limits, Recorder, Rule, Shape, Solver, Unit};
use sudoku_dlx::Dlx;
use sudoku_testkit::{
    assert_agree, assert_node_budget_stops, assert_time_budget_stops, famous, grid, shared_set,
};

fn nine_by_nine(name: &str, limit: usize) -> Vec<Grid> {
    shared_set(name, limit)
        .into_iter()
        .filter(|g| g.shape() == Shape::CLASSIC)
        .collect()
}

#[test]
fn it_is_its_own_row_and_bitboard_off_9x9() {
    assert_eq!(BitboardConfigs.id(), "bitboard-configs");
    let info = BitboardConfigs.info();
    assert!(info.reports.nodes && info.reports.placements);
    // Its branches place no digit: no guess or backtrack is a placement.
    assert!(!info.reports.guesses && !info.reports.backtracks);
    // Configurations are a 9x9 path's idea: other shapes search as bitboard.
    for puzzle in shared_set("4x4.txt", 5)
        .into_iter()
        .chain(shared_set("12x12.txt", 2))
    {
        let limits = Limits::default();
        assert_eq!(
            BitboardConfigs.solve(&puzzle, &limits),
            Bitboard.solve(&puzzle, &limits),
            "{puzzle}"
        );
    }
}

#[test]
fn verdicts_agree_with_the_cell_branch_and_dlx() {
    let limits = Limits::default();
    for (name, limit) in [
        ("top95.txt", 95),
        ("hardest.txt", 200),
        ("17clue.txt", 300),
        ("classic.txt", 100),
        ("multiple.txt", 10),
        ("no-solution.txt", 10),
        ("field/forum-hardest-1106.txt", 40),
        ("field/serg-sample.txt", 200),
    ] {
        for puzzle in &nine_by_nine(name, limit) {
            assert_agree(&[&BitboardConfigs, &Bitboard, &Dlx], puzzle, &limits);
        }
    }
}

#[test]
fn budgets_stop_the_search() {
    assert_node_budget_stops(&BitboardConfigs, &grid(famous::INKALA), 3);
    assert_time_budget_stops(&BitboardConfigs);
}

/// The cells of `lines` (a band's first row or a stack's first column):
/// `(k, cell)` for the `k`-th line of the three.
fn line_of(lines: Unit, cell: usize) -> Option<usize> {
    let (row, col) = (cell / 9, cell % 9);
    match lines {
        Unit::Row(r) => (row / 3 == r / 3).then_some(row - r),
        Unit::Col(c) => (col / 3 == c / 3).then_some(col - c),
        Unit::Box(_) => None,
    }
}

/// Every node but the root opens with the configuration it takes: its
/// events start with removals for one `Rule::Configuration`, each in one of
/// its three lines and outside the box it gives that line. No cell is ever
/// guessed, placements are undone one by one; the events add up to the
/// statistics.
#[test]
fn each_branch_removes_what_its_configuration_excludes() {
    let mut puzzles = nine_by_nine("top95.txt", 20);
    puzzles.extend(nine_by_nine("field/forum-hardest-1106.txt", 3));
    puzzles.extend(nine_by_nine("multiple.txt", 10));
    let limits = Limits {
        max_solutions: Some(2),
        ..Limits::default()
    };
    let mut branches = 0;
    let mut opened = 0;
    for puzzle in &puzzles {
        let mut rec = Recorder::default();
        let traced = BitboardConfigs.solve_traced(puzzle, &limits, &mut rec);
        assert_eq!(traced, BitboardConfigs.solve(puzzle, &limits), "{puzzle}");
        let s = traced.stats;
        assert_eq!(rec.count(|e| matches!(e, Event::Enter { .. })), s.nodes);
        assert_eq!(
            rec.count(|e| matches!(e, Event::Place { .. })),
            s.placements
        );
        assert_eq!(
            rec.count(|e| matches!(e, Event::Place { reason, .. } if reason.is_branch())),
            0,
            "{puzzle}: a cell was guessed"
        );
        // Undone one placement at a time, as every strategy undoes: at
        // least each backtrack, never more than was placed.
        let undos = rec.count(|e| matches!(e, Event::Undo { .. }));
        assert!(
            undos >= s.backtracks && undos <= s.placements,
            "{puzzle}: {undos} undos against {} backtracks and {} placements",
            s.backtracks,
            s.placements
        );
        for (i, event) in rec.events.iter().enumerate() {
            if let Event::Enter { depth } = *event {
                if depth == 0 {
                    continue;
                }
                branches += 1;
                // A configuration whose removals the page's marks already
                // show removes nothing visible, and its node opens with what
                // follows; where it removes something, it comes first.
                let node = rec.events[i + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::Enter { .. }));
                let configured = node.clone().position(|e| {
                    matches!(
                        e,
                        Event::Eliminate {
                            rule: Rule::Configuration { .. },
                            ..
                        }
                    )
                });
                let Some(Event::Eliminate {
                    rule: first @ Rule::Configuration { .. },
                    ..
                }) = rec.events.get(i + 1)
                else {
                    assert_eq!(
                        configured, None,
                        "{puzzle}: node at event {i} removes for its configuration after other events"
                    );
                    continue;
                };
                opened += 1;
                let choice = rec.events[i + 1..]
                    .iter()
                    .take_while(|e| matches!(e, Event::Eliminate { rule, .. } if *rule == *first));
                for e in choice {
                    let Event::Eliminate {
                        cell,
                        rule: Rule::Configuration { lines, boxes },
                        ..
                    } = *e
                    else {
                        unreachable!()
                    };
                    let k = line_of(lines, cell).unwrap_or_else(|| {
                        panic!(
                            "{puzzle}: r{}c{} is off its lines",
                            cell / 9 + 1,
                            cell % 9 + 1
                        )
                    });
                    let box_of = cell / 27 * 3 + cell % 9 / 3;
                    assert_ne!(
                        box_of, boxes[k] as usize,
                        "{puzzle}: removed inside its box"
                    );
                }
            }
        }
    }
    assert!(
        branches > 100,
        "the puzzles exercise the branch: {branches}"
    );
    assert!(
        opened * 2 > branches,
        "most branches show their configuration: {opened} of {branches}"
    );
}

/// The model's tree is smaller than the cell branch's where search is most
/// of the work; node counts are deterministic and pinned.
#[test]
fn node_counts_are_pinned() {
    let nodes = |solver: &dyn Solver, set: &[Grid]| -> u64 {
        set.iter()
            .map(|g| solver.solve(g, &Limits::default()).stats.nodes)
            .sum()
    };
    let forum = nine_by_nine("field/forum-hardest-1106.txt", 20);
    let (configs, cells) = (nodes(&BitboardConfigs, &forum), nodes(&Bitboard, &forum));
    assert!(configs < cells, "{configs} nodes against {cells}");
    let pinned = [
        nodes(&BitboardConfigs, &[grid(famous::INKALA)]),
        nodes(&BitboardConfigs, &nine_by_nine("top95.txt", 95)),
        nodes(&BitboardConfigs, &nine_by_nine("17clue.txt", 100)),
        configs,
    ];
    assert_eq!(pinned, [177, 2151, 126, 3149]);
}
