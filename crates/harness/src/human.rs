//! The human solver on one puzzle, for the commands that show it (`rate`,
//! `explain --human`, `trace --human`): its path checked against the
//! solution, the rating, and the path in words.

use crate::args::BudgetArgs;
use crate::{registry, Status};
use std::time::Instant;
use sudoku_core::{Grid, Limits, Verdict};
use sudoku_human::{first_unsound, solve_path_until, Options, Path};

/// Rates one puzzle: checks it has one solution (the default strategy),
/// solves it step by step within the budgets, and checks every step
/// against the solution.
pub fn rate_one(
    puzzle: &Grid,
    budgets: &BudgetArgs,
    keep_steps: bool,
) -> (String, Option<Path>, Option<String>) {
    let checker = registry::uniqueness_checker(puzzle.shape());
    let limits = Limits {
        max_solutions: Some(2),
        keep_solutions: 1,
        ..budgets.limits(Some(2), 1)
    };
    let outcome = checker.solve(puzzle, &limits);
    let verdict = outcome.verdict();
    if verdict != Verdict::Unique {
        return (verdict.as_str().to_string(), None, None);
    }
    let solution = outcome.solutions[0].clone();
    let deadline = budgets.time_budget.0.map(|d| Instant::now() + d);
    let max_steps = budgets.node_budget.map_or(usize::MAX, |n| n as usize);
    let path = solve_path_until(puzzle, Options::default(), max_steps, deadline);
    let error = first_unsound(&path, &solution).map(|i| {
        format!(
            "step {} is unsound (contradicts the solution): {}",
            i + 1,
            path.steps[i].sentence(puzzle.shape().side())
        )
    });
    let verdict = if path.stopped { "stopped" } else { "unique" };
    let _ = keep_steps;
    (verdict.to_string(), Some(path), error)
}

/// The human solver's path of `puzzle` within the budgets, checked against
/// the solution: the path and the unsound step's message, if any. A puzzle
/// without exactly one solution has no rating: it is reported, and the
/// status to exit with is returned.
pub fn human_path(
    name: &str,
    puzzle: &sudoku_core::Grid,
    budgets: &BudgetArgs,
) -> Result<(sudoku_human::Path, Option<String>), Status> {
    let (verdict, path, error) = rate_one(puzzle, budgets, true);
    match path {
        Some(path) => Ok((path, error)),
        None => {
            eprintln!("error: {name}: the puzzle is not unique ({verdict}): a rating needs exactly one solution");
            Err(Status::Failed)
        }
    }
}

/// Where a human path ends, in one sentence: solved (with the rating),
/// stopped by a budget, or stuck.
pub fn human_end(path: &sudoku_human::Path) -> String {
    let rating = path.rating();
    let show = |t: Option<u32>| t.map_or("-".to_string(), sudoku_human::format_rating);
    match rating.er {
        Some(_) => format!(
            "Solved by logic in {} steps. Rating (Sudoku Explainer's scale): ER {} (the hardest step), EP {} (the hardest up to the first placement), ED {} (the first step).",
            path.steps.len(),
            show(rating.er),
            show(rating.ep),
            show(rating.ed)
        ),
        None if path.stopped => "Stopped by the time budget before the end: no rating.".to_string(),
        None => format!(
            "Logic ran out after {} steps (the techniques here do not finish it): no rating.",
            path.steps.len()
        ),
    }
}

/// The path in words: the grid, one line per step with its rating, and
/// where it ends (`explain --human`, `trace --human`).
pub fn human_text(puzzle: &sudoku_core::Grid, path: &sudoku_human::Path) -> String {
    let n = puzzle.shape().side();
    let mut text = format!("{}\n", puzzle.pretty());
    for (i, step) in path.steps.iter().enumerate() {
        text.push_str(&format!(
            "{:>3}. [{}] {}\n",
            i + 1,
            sudoku_human::format_rating(step.rating),
            step.sentence(n)
        ));
    }
    text.push_str(&format!("\n{}\n", human_end(path)));
    if path.rating().er.is_none() && !path.stopped {
        text.push_str(&path.board.grid().pretty());
    }
    text
}
