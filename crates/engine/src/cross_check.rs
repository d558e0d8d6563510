//! The cross-check: the rule that the strategies' verdicts on a puzzle must
//! agree, and that a disagreement is loud.
//!
//! Per puzzle, the definite verdicts (unique, multiple, none, invalid) of the
//! strategies whose solutions verified are cross-checked. What can be
//! *proven* is decided first: conflicting givens make `invalid` the truth; two
//! different verified solutions make `multiple` the truth; one verified
//! solution proves `none` and `invalid` wrong. What remains undecided (unique
//! versus multiple, or none versus unique/multiple when nobody showed a
//! solution) goes by **majority**: the strategies outside the largest group are
//! wrong; **on a tie, every strategy involved is counted wrong**, since the
//! run cannot tell who is right. The runner prints any disagreement on stderr
//! (set, line, puzzle, what each strategy said, who is counted wrong and why)
//! and records it as a `disagreement` problem on every line of the puzzle.

use super::attempt::Attempt;
use super::results::Said;
use sudoku_core::{Grid, Solver};
use sudoku_input::Entry;

/// Cross-checks one puzzle's verdicts by the rule above.
/// Marks the dissenters wrong and returns their ids and the message.
pub(super) fn cross_check(
    strategies: &[&dyn Solver],
    entry: &Entry,
    column: &mut [&mut Attempt],
) -> Option<(Vec<String>, String)> {
    let voters: Vec<usize> = (0..column.len())
        .filter(|&s| column[s].said.definite() && !column[s].bad)
        .collect();
    if voters.is_empty() {
        return None;
    }
    let mut solutions: Vec<&Grid> = Vec::new();
    for a in column.iter() {
        if let Some(g) = &a.solution {
            if !solutions.contains(&g) {
                solutions.push(g);
            }
        }
    }
    // The common case needs no proof: everyone agrees on `unique` with at most one
    // solution between them, or on `multiple`. (A verified solution contains the
    // givens, so there are no conflicting givens to look for.)
    let first = column[voters[0]].said;
    let unanimous = voters.iter().all(|&s| column[s].said == first);
    if unanimous && (first == Said::Multiple || (first == Said::Unique && solutions.len() <= 1)) {
        return None;
    }
    let conflicts = !entry.puzzle.conflicts().is_empty();
    let mut dissent: Vec<usize> = Vec::new();
    let reason = if conflicts || solutions.len() >= 2 {
        let truth = if conflicts {
            Said::Invalid
        } else {
            Said::Multiple
        };
        dissent.extend(voters.iter().copied().filter(|&s| column[s].said != truth));
        if conflicts {
            "proven: the givens conflict, so the verdict is `invalid`".to_string()
        } else {
            "proven: two different verified solutions were reported, so the verdict is `multiple`"
                .to_string()
        }
    } else {
        let disproven =
            |said: Said| said == Said::Invalid || (said == Said::None && !solutions.is_empty());
        dissent.extend(
            voters
                .iter()
                .copied()
                .filter(|&s| disproven(column[s].said)),
        );
        let rest: Vec<usize> = voters
            .iter()
            .copied()
            .filter(|&s| !disproven(column[s].said))
            .collect();
        let kinds = [Said::Unique, Said::Multiple, Said::None];
        let sizes = kinds.map(|k| rest.iter().filter(|&&s| column[s].said == k).count());
        let groups = sizes.iter().filter(|&&n| n > 0).count();
        let largest = *sizes.iter().max().expect("three kinds");
        let mut why = Vec::new();
        if !dissent.is_empty() {
            why.push(if solutions.is_empty() {
                "the givens do not conflict, so `invalid` is wrong".to_string()
            } else {
                "a verified solution exists, so `none` and `invalid` are wrong".to_string()
            });
        }
        if groups > 1 {
            if sizes.iter().filter(|&&n| n == largest).count() == 1 {
                let majority = kinds[sizes
                    .iter()
                    .position(|&n| n == largest)
                    .expect("a largest group")];
                dissent.extend(rest.iter().copied().filter(|&s| column[s].said != majority));
                why.push(format!("the majority says `{}`", majority.word()));
            } else {
                dissent.extend(rest.iter().copied());
                why.push("a tie: every strategy involved is counted wrong".to_string());
            }
        }
        why.join("; ")
    };
    if dissent.is_empty() {
        return None;
    }
    for &s in &dissent {
        column[s].wrong = true;
    }
    let said: Vec<String> = voters
        .iter()
        .map(|&s| format!("{} says {}", strategies[s].id(), column[s].said.word()))
        .collect();
    let wrong: Vec<String> = dissent
        .iter()
        .map(|&s| strategies[s].id().to_string())
        .collect();
    let message = format!(
        "verdicts disagree on {}: {}; counted wrong: {} ({reason})",
        entry.puzzle.to_line(),
        said.join(", "),
        wrong.join(", ")
    );
    Some((wrong, message))
}
