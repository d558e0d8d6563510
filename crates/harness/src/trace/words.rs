//! Words for events: cell names, reasons, dead ends, the summary line.

use super::*;

// ---------------------------------------------------------------------------
// Words for events

/// A cell as people name it: `r1c3` (1-based row and column).
pub fn cell_name(shape: Shape, cell: usize) -> String {
    let (r, c) = shape.coords(cell);
    format!("r{}c{}", r + 1, c + 1)
}

/// `a 5`, `an 8`, `an A`: the article that reads right before a digit's symbol.
fn a_digit(digit: u8) -> String {
    let symbol = digit_symbol(digit);
    let article = if matches!(
        symbol,
        '8' | 'A' | 'E' | 'F' | 'H' | 'I' | 'L' | 'M' | 'N' | 'O' | 'R' | 'S' | 'X'
    ) {
        "an"
    } else {
        "a"
    };
    format!("{article} {symbol}")
}

/// Why a state is a dead end, in words: `no digit fits in r2c3`,
/// `row 3 needs a 5 and no empty cell can take it`.
pub fn dead_end_text(shape: Shape, reason: DeadEnd) -> String {
    match reason {
        DeadEnd::Cell(cell) | DeadEnd::Constraint(Constraint::Cell(cell)) => {
            format!("no digit fits in {}", cell_name(shape, cell))
        }
        DeadEnd::Constraint(Constraint::RowDigit(r, d)) => {
            format!(
                "row {} needs {} and no empty cell can take it",
                r + 1,
                a_digit(d)
            )
        }
        DeadEnd::Constraint(Constraint::ColDigit(c, d)) => {
            format!(
                "column {} needs {} and no empty cell can take it",
                c + 1,
                a_digit(d)
            )
        }
        DeadEnd::Constraint(Constraint::BoxDigit(b, d)) => {
            format!(
                "box {} needs {} and no empty cell can take it",
                b + 1,
                a_digit(d)
            )
        }
    }
}

/// Numbers the nodes (in the order they are entered, the root is node 1) and
/// the solutions, as a trace goes by.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counter {
    pub(super) steps: u64,
    pub(super) nodes: u64,
    pub(super) solutions: u64,
}

impl Counter {
    pub(super) fn see(&mut self, event: &Event) {
        self.steps += 1;
        match event {
            Event::Enter { .. } => self.nodes += 1,
            Event::Solution { .. } => self.solutions += 1,
            _ => {}
        }
    }
}

/// One event as a line of the text trace, without its indentation. `node`
/// and `solution` are the numbers of the node entered / solution found so far.
pub fn describe(shape: Shape, event: &Event, node: u64, solution: u64) -> String {
    match *event {
        Event::Enter { depth: 0 } => format!("node {node}: the puzzle as given"),
        Event::Enter { .. } => format!("node {node}"),
        Event::Place {
            cell,
            digit,
            reason,
            ..
        } => {
            format!(
                "place {} in {} ({})",
                digit_symbol(digit),
                cell_name(shape, cell),
                reason.describe(digit)
            )
        }
        Event::Eliminate {
            cell, digit, rule, ..
        } => format!(
            "remove {} from {} ({})",
            digit_symbol(digit),
            cell_name(shape, cell),
            rule.describe(digit)
        ),
        Event::Undo {
            cell,
            digit,
            backtrack,
            ..
        } => {
            let why = if backtrack {
                "no solution below it"
            } else {
                "after a solution, to look for another"
            };
            format!(
                "undo {} in {} ({why})",
                digit_symbol(digit),
                cell_name(shape, cell)
            )
        }
        Event::DeadEnd { reason, .. } => format!("dead end: {}", dead_end_text(shape, reason)),
        Event::Solution { .. } => format!("solution {solution} found"),
    }
}

/// How far a text line is indented: a placement and its undo sit at the level
/// of the state where the choice was made, so they bracket the subtree below.
pub fn indent(event: &Event) -> u32 {
    match *event {
        Event::Enter { depth } | Event::DeadEnd { depth, .. } | Event::Solution { depth } => depth,
        Event::Place { depth, .. } | Event::Undo { depth, .. } => depth.saturating_sub(1),
        Event::Eliminate { depth, .. } => depth,
    }
}

/// The summary line of every view: `summary: 14 nodes, 13 placements, ...`,
/// with the counts the strategy `reports` (a search whose branches place no
/// digit counts no guesses or backtracks, rather than a misleading 0).
pub fn summary_text(stats: &Stats, info: &Info) -> String {
    let reports = info.reports;
    let plural = |n: u64, one: &str, many: &str| {
        format!("{} {}", thousands(n), if n == 1 { one } else { many })
    };
    let mut parts = vec![
        plural(stats.nodes, "node", "nodes"),
        plural(stats.placements, "placement", "placements"),
    ];
    if reports.guesses {
        parts.push(plural(stats.guesses, "guess", "guesses"));
    }
    if reports.backtracks {
        parts.push(plural(stats.backtracks, "backtrack", "backtracks"));
    }
    let mut text = format!(
        "summary: {}, max depth {}",
        parts.join(", "),
        stats.max_depth
    );
    if !info.capabilities.trace_matches_stats {
        text.push_str(&format!(
            " (counted by {}'s solver itself, not from the steps shown: a decision whose own \
             propagation ends in a conflict is taken back before the solver shows it, so it \
             counts as a guess and a placement but is drawn as a node with no placement, and a \
             backtrack is a conflict, which may undo many steps at once)",
            info.id
        ));
    }
    text
}
