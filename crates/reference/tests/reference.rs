use sudoku_core::{Grid, Limits, Shape, Solver, Stats, Stop, Verdict};
use sudoku_naive::Naive;
use sudoku_reference::Reference;
use sudoku_testkit::{assert_agree, famous, grid, seeds};

#[test]
fn identity() {
    assert_eq!(Reference.id(), "reference");
    assert!(Reference
        .summary()
        .starts_with("reference, not one of ours"));
    assert!(!Reference.info().reports.nodes);
    assert!(Reference.supports(Shape::new(3, 3).unwrap()).is_ok());
    for (r, c) in [(2, 2), (2, 3), (3, 2), (1, 9), (4, 4), (5, 5)] {
        assert!(
            Reference.supports(Shape::new(r, c).unwrap()).is_err(),
            "{r}x{c}"
        );
    }
}

#[test]
fn seeds_solve_to_their_listed_solutions() {
    for (puzzle, solution) in seeds() {
        let outcome = Reference.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.count, 1);
        assert_eq!(outcome.solutions, vec![solution]);
        assert_eq!(
            outcome.stats,
            Stats::default(),
            "the reference reports no statistics"
        );
    }
}

#[test]
fn verdicts_multiple_none_invalid() {
    let empty = Grid::empty(Shape::new(3, 3).unwrap());
    let limits = Limits {
        keep_solutions: 2,
        ..Limits::default()
    };
    let outcome = Reference.solve(&empty, &limits);
    assert_eq!(outcome.verdict(), Verdict::Multiple);
    assert_eq!(outcome.stop, Stop::SolutionLimit);
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    for s in &outcome.solutions {
        s.verify_solution_of(&empty).unwrap();
    }

    // Consistent givens, but the last cell of row 1 has no legal digit.
    let none = grid(&format!("12345678.........9{}", ".".repeat(63)));
    assert!(none.conflicts().is_empty());
    let outcome = Reference.solve(&none, &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::None);
    assert!(outcome.solutions.is_empty());

    let invalid = grid(&format!("11{}", ".".repeat(79)));
    let outcome = Reference.solve(&invalid, &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::Invalid);
    assert!(outcome.conflict.is_some());
}

#[test]
fn other_shapes_are_unsupported_not_wrong() {
    let four = grid("..3..4.221......");
    let outcome = Reference.solve(&four, &Limits::default());
    assert_eq!(outcome.stop, Stop::Unsupported);
    assert_eq!(outcome.verdict(), Verdict::Unknown(Stop::Unsupported));
    assert!(outcome.solutions.is_empty());
}

#[test]
fn agrees_with_naive() {
    let limits = Limits::default();
    for text in [famous::INKALA, famous::COMPETITION, famous::EASY_7844] {
        assert_eq!(
            assert_agree(&[&Reference, &Naive], &grid(text), &limits),
            Verdict::Unique
        );
    }
    // Remove givens from a unique puzzle: several solutions, counted exactly by both.
    let mut loose = grid(famous::EASY_7844);
    let givens: Vec<usize> = (0..81).filter(|&c| loose.get(c) != 0).take(4).collect();
    for cell in givens {
        loose.set(cell, 0);
    }
    let count_all = Limits {
        max_solutions: Some(10_000),
        keep_solutions: 0,
        ..Limits::default()
    };
    let naive = Naive.solve(&loose, &count_all);
    let reference = Reference.solve(&loose, &count_all);
    assert_eq!(naive.stop, Stop::Exhausted);
    assert!(naive.count >= 2, "fixture should have several solutions");
    assert_eq!(reference.count, naive.count);
    assert_eq!(reference.stop, Stop::Exhausted);
    assert!(
        reference.solutions.is_empty(),
        "keep_solutions = 0 keeps none"
    );
}

#[test]
fn solution_limit_and_keep() {
    let empty = Grid::empty(Shape::new(3, 3).unwrap());
    let limits = Limits {
        max_solutions: Some(5),
        keep_solutions: 3,
        ..Limits::default()
    };
    let outcome = Reference.solve(&empty, &limits);
    assert_eq!(outcome.count, 5);
    assert_eq!(outcome.stop, Stop::SolutionLimit);
    assert_eq!(outcome.solutions.len(), 3);
    let first = Reference.solve(&empty, &Limits::first_solution());
    assert_eq!(first.verdict(), Verdict::Found);
    assert_eq!(first.solutions.len(), 1);
}
