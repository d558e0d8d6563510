//! The human solver on one puzzle, for the commands that show it (`rate`,
//! `explain --human`, `trace --human`): its path checked against the
//! solution, the rating, and the path in words.

use crate::args::BudgetArgs;
use crate::{registry, Status};
use std::time::Instant;
use sudoku_core::{Grid, Limits, Verdict};
use sudoku_human::{first_unsound, solve_path_until, Options, Path};

/// The human solver's path of a puzzle whose `solution` is known, with the
/// techniques of `options`, within `limits` (the time budget a deadline,
/// the node budget the most steps), and the first step that contradicts
/// the solution, in words.
pub fn checked_path(
    puzzle: &Grid,
    solution: &Grid,
    limits: &Limits,
    options: Options,
) -> (Path, Option<String>) {
    let deadline = limits.time_budget.map(|d| Instant::now() + d);
    let max_steps = limits.node_budget.map_or(usize::MAX, |n| n as usize);
    let path = solve_path_until(puzzle, options, max_steps, deadline);
    let error = first_unsound(&path, solution).map(|i| {
        format!(
            "step {} is unsound (contradicts the solution): {}",
            i + 1,
            path.steps[i].sentence(puzzle.shape().side())
        )
    });
    (path, error)
}

/// Rates one puzzle: checks it has one solution (the registry's uniqueness
/// checker), then [`checked_path`]. A puzzle without one solution gives its
/// verdict instead.
fn rate_one(puzzle: &Grid, budgets: &BudgetArgs) -> Result<(Path, Option<String>), Verdict> {
    let checker = registry::uniqueness_checker(puzzle.shape());
    let limits = budgets.limits(Some(2), 1);
    let outcome = checker.solve(puzzle, &limits);
    match outcome.verdict() {
        Verdict::Unique => Ok(checked_path(
            puzzle,
            &outcome.solutions[0],
            &limits,
            Options::default(),
        )),
        other => Err(other),
    }
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
    rate_one(puzzle, budgets).map_err(|verdict| {
        eprintln!(
            "error: {name}: the puzzle is not unique ({}): a rating needs exactly one solution",
            verdict.as_str()
        );
        Status::Failed
    })
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
