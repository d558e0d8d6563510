//! Budgets, statistics, trace events and pinned node counts.

use sudoku_bitboard::Bitboard;
use sudoku_core::{
    Event, Grid, Limits, Reason, Recorder, Rule, Shape, Solver, Stop, Unit, Verdict,
};
use sudoku_replay::Replay;
use sudoku_testkit::{
    assert_node_budget_stops, assert_time_budget_stops, famous, grid, shared_set, unique_puzzle,
};

#[test]
fn it_is_the_bitboard_strategy() {
    assert_eq!(Bitboard.id(), "bitboard");
    assert!(Bitboard.info().reports.nodes);
}

#[test]
fn node_budget_gives_unknown_not_a_wrong_verdict() {
    assert_node_budget_stops(&Bitboard, &grid(famous::INKALA), 3);
    assert_node_budget_stops(&Bitboard, &Grid::empty(Shape::new(4, 4).unwrap()), 5);
}

#[test]
fn time_budget_stops_the_search() {
    assert_time_budget_stops(&Bitboard);
}

#[test]
fn conflicting_givens_are_invalid() {
    let outcome = Bitboard.solve(&"11..............".parse().unwrap(), &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::Invalid);
    assert_eq!(outcome.stats.nodes, 0);
}

/// Traced and untraced solves count alike, every placement event carries a
/// reason that is true of the state, and the events add up to the counts.
#[test]
fn trace_events_match_the_statistics() {
    let mut puzzles = shared_set("top95.txt", 10);
    puzzles.push(unique_puzzle(Shape::new(4, 4).unwrap(), 0.5, &Bitboard).0);
    puzzles.push(unique_puzzle(Shape::new(2, 3).unwrap(), 0.3, &Bitboard).0);
    for puzzle in &puzzles {
        let plain = Bitboard.solve(puzzle, &Limits::default());
        let mut rec = Recorder::default();
        let traced = Bitboard.solve_traced(puzzle, &Limits::default(), &mut rec);
        assert_eq!(plain.stats, traced.stats, "{puzzle}");
        assert_eq!(plain.solutions, traced.solutions);
        let s = traced.stats;
        let places = rec.count(|e| matches!(e, Event::Place { .. }));
        let guesses = rec.count(|e| matches!(e, Event::Place { reason, .. } if reason.is_guess()));
        let enters = rec.count(|e| matches!(e, Event::Enter { .. }));
        let backtracks = rec.count(|e| {
            matches!(
                e,
                Event::Undo {
                    backtrack: true,
                    ..
                }
            )
        });
        assert_eq!(
            (places, guesses, enters, backtracks),
            (s.placements, s.guesses, s.nodes, s.backtracks)
        );
        assert_eq!(s.nodes, s.guesses + 1, "one node per guess branch");
        // Every forced placement agrees with the solution.
        let solution = &traced.solutions[0];
        let mut on_path = 0;
        for e in &rec.events {
            if let Event::Place {
                cell,
                digit,
                reason,
                ..
            } = *e
            {
                if matches!(reason, Reason::NakedSingle | Reason::HiddenSingle(_))
                    && digit == solution.get(cell)
                {
                    on_path += 1;
                }
            }
        }
        assert!(on_path > 0);
        // max_depth: the most placements on one path, forced ones
        // included, so the depth of the deepest dead end or solution.
        let deepest = rec.events.iter().filter_map(|e| match e {
            Event::Enter { depth } | Event::DeadEnd { depth, .. } | Event::Solution { depth } => {
                Some(*depth as u64)
            }
            _ => None,
        });
        assert_eq!(deepest.max(), Some(s.max_depth));
    }
}

/// A search with no guess: no backtracks, one node, every empty cell placed.
#[test]
fn an_easy_puzzle_needs_no_guess() {
    let easy = sudoku_testkit::read_entries(&sudoku_testkit::puzzle_path("9x9-easy.txt"));
    let puzzle = &easy[0].puzzle;
    let outcome = Bitboard.solve(puzzle, &Limits::default());
    let empty = puzzle.cells().iter().filter(|&&d| d == 0).count() as u64;
    assert_eq!(outcome.stats.placements, empty);
    assert_eq!(
        (
            outcome.stats.nodes,
            outcome.stats.guesses,
            outcome.stats.backtracks
        ),
        (1, 0, 0)
    );
}

/// On 9x9, a state with no bivalue cell branches on a digit's
/// configurations in a band: each such child opens with the removals of
/// one `Rule::Configuration` on a band's rows and places nothing, every
/// other child with its guess; so the nodes are the root, the guesses and
/// the configuration children. The forum's puzzles start with no bivalue
/// cell, so they take this branch.
#[test]
fn where_no_cell_is_bivalue_a_band_configuration_is_the_branch() {
    let forum: Vec<Grid> = shared_set("field/forum-hardest-1106.txt", 5);
    let mut children = 0;
    for puzzle in &forum {
        let mut rec = Recorder::default();
        let traced = Bitboard.solve_traced(puzzle, &Limits::default(), &mut rec);
        assert_eq!(
            traced,
            Bitboard.solve(puzzle, &Limits::default()),
            "{puzzle}"
        );
        let mut configurations = 0;
        for (i, event) in rec.events.iter().enumerate() {
            if !matches!(event, Event::Enter { depth } if *depth > 0) {
                continue;
            }
            let guessed = matches!(
                rec.events[i - 1],
                Event::Place { reason, .. } if reason.is_guess()
            );
            let configured = matches!(
                rec.events.get(i + 1),
                Some(Event::Eliminate {
                    rule: Rule::Configuration {
                        lines: Unit::Row(_),
                        ..
                    },
                    ..
                })
            );
            assert!(
                guessed != configured,
                "{puzzle}: node at event {i} opens with neither a guess nor a configuration"
            );
            configurations += configured as u64;
        }
        let s = traced.stats;
        assert_eq!(s.nodes, 1 + s.guesses + configurations, "{puzzle}");
        children += configurations;
    }
    assert!(children > 0, "no configuration was branched on");
}

/// Node counts are deterministic; pinned so a change to the rules or the
/// guess order shows up here.
#[test]
fn node_counts_are_pinned() {
    let nodes = |g: &Grid| Bitboard.solve(g, &Limits::default()).stats.nodes;
    let pinned = [
        nodes(&grid(famous::INKALA)),
        shared_set("top95.txt", 95).iter().map(nodes).sum(),
        shared_set("17clue.txt", 100).iter().map(nodes).sum(),
        nodes(&unique_puzzle(Shape::new(4, 4).unwrap(), 0.5, &Bitboard).0),
    ];
    assert_eq!(pinned, [117, 1841, 192, 1]);
}

/// On puzzles with several solutions the order of a branch's options
/// decides how soon the search meets the second solution, where proving
/// uniqueness stops: pinned on serg's first 200 (every one has several),
/// where the options in digit order took 1,657 nodes.
#[test]
fn node_counts_with_several_solutions_are_pinned() {
    let puzzles = shared_set("field/serg-sample.txt", 200);
    let nodes: u64 = puzzles
        .iter()
        .map(|g| {
            let outcome = Bitboard.solve(g, &Limits::default());
            assert_eq!(outcome.verdict(), Verdict::Multiple, "{g}");
            outcome.stats.nodes
        })
        .sum();
    assert_eq!(nodes, PINNED_SERG);
}

const PINNED_SERG: u64 = 1_566;

/// A branch on a cell tries first the digit the most of the cell's row and
/// box peers may still take (the lowest of those on a tie): checked at the
/// first option of every cell branch of traced solves with several
/// solutions, against the candidates the trace's events leave (the state
/// the search chose in, if every elimination is an event).
#[test]
fn a_cell_branch_tries_first_the_digit_most_peers_may_take() {
    let shape = Shape::CLASSIC;
    let row_and_box_peers = |cell: usize| {
        (0..81).filter(move |&p| {
            p != cell
                && (shape.row_of(p) == shape.row_of(cell) || shape.box_of(p) == shape.box_of(cell))
        })
    };
    let mut checked = 0;
    for puzzle in shared_set("field/serg-sample.txt", 100) {
        let mut recorder = Recorder::default();
        Bitboard.solve_traced(&puzzle, &Limits::default(), &mut recorder);
        let mut replay = Replay::new(&puzzle);
        let mut previous: Option<&Event> = None;
        for event in &recorder.events {
            if let Event::Place {
                cell,
                digit,
                reason: Reason::Guess { options },
                ..
            } = event
            {
                let retried = matches!(previous, Some(Event::Undo { cell: c, .. }) if c == cell);
                if !retried {
                    let taking = |d: u8| {
                        row_and_box_peers(*cell)
                            .filter(|&p| replay.candidates(p) >> (d - 1) & 1 == 1)
                            .count()
                    };
                    let first = (1..=9u8)
                        .filter(|d| options >> (d - 1) & 1 == 1)
                        .max_by_key(|&d| (taking(d), std::cmp::Reverse(d)))
                        .expect("a guess has options");
                    assert_eq!(*digit, first, "{puzzle}: the first option at cell {cell}");
                    checked += 1;
                }
            }
            replay.apply(event);
            previous = Some(event);
        }
    }
    assert!(checked >= 300, "{checked} branches checked");
}

#[test]
fn counting_all_solutions_of_a_sparse_grid_stops_where_asked() {
    let limits = Limits {
        max_solutions: Some(1000),
        ..Limits::count_all()
    };
    let outcome = Bitboard.solve(&Grid::empty(Shape::CLASSIC), &limits);
    assert_eq!((outcome.count, outcome.stop), (1000, Stop::SolutionLimit));
}

/// Counting the empty 25x25 goes hundreds of guesses deep: the generic path
/// keeps its branch points on the heap, so a test thread's stack suffices.
#[test]
fn the_empty_25x25_stops_at_its_node_budget_without_overflowing() {
    let limits = Limits {
        node_budget: Some(3000),
        ..Limits::count_all()
    };
    let outcome = Bitboard.solve(&Grid::empty(Shape::new(5, 5).unwrap()), &limits);
    assert_eq!(outcome.stop, Stop::NodeBudget);
    assert!(outcome.stats.max_depth >= 100);
}
