//! The JSON lines view: one object per event ([`JsonEvent`]), then a summary.

use super::text::Stream;
use super::*;

/// One line of `--format json`. Field names are stable: plotting scripts
/// read them.
#[derive(Serialize, Debug, PartialEq)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum JsonEvent {
    Enter {
        step: u64,
        depth: u32,
        /// The node's number: nodes are numbered in the order they are entered.
        node: u64,
    },
    Place {
        step: u64,
        depth: u32,
        cell: usize,
        row: usize,
        col: usize,
        digit: u8,
        /// How many options there were (1: forced).
        options: u32,
        /// `naked single`, `hidden single`, `guess`, `decision`, `propagated`.
        kind: &'static str,
        /// The reason in words.
        reason: String,
    },
    Eliminate {
        step: u64,
        depth: u32,
        cell: usize,
        row: usize,
        col: usize,
        digit: u8,
        /// `locked candidates`, `naked subset`, `hidden subset`.
        kind: &'static str,
        reason: String,
    },
    Undo {
        step: u64,
        depth: u32,
        cell: usize,
        row: usize,
        col: usize,
        digit: u8,
        /// `false` when a solution lay below (not counted as a backtrack).
        backtrack: bool,
    },
    DeadEnd {
        step: u64,
        depth: u32,
        /// `cell` (an empty cell with no candidate), `row`, `column` or `box`
        /// (a unit that needs `digit` and has no cell for it).
        kind: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        cell: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        col: Option<usize>,
        /// 1-based number of the row, column or box.
        #[serde(skip_serializing_if = "Option::is_none")]
        unit: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        digit: Option<u8>,
    },
    Solution {
        step: u64,
        depth: u32,
        solution: u64,
    },
    Summary {
        strategy: String,
        /// Every event of the search, shown or not.
        steps: u64,
        /// Events printed above.
        shown: u64,
        nodes: u64,
        placements: u64,
        guesses: u64,
        backtracks: u64,
        max_depth: u64,
        peak_states: u64,
        peak_bytes: u64,
        solutions: u64,
        stopped: String,
        verdict: String,
    },
}

impl JsonEvent {
    fn of(shape: Shape, counter: &Counter, event: &Event) -> JsonEvent {
        let step = counter.steps;
        let at = |cell: usize| (cell, shape.row_of(cell) + 1, shape.col_of(cell) + 1);
        match *event {
            Event::Enter { depth } => JsonEvent::Enter {
                step,
                depth,
                node: counter.nodes,
            },
            Event::Place {
                depth,
                cell,
                digit,
                reason,
            } => {
                let (cell, row, col) = at(cell);
                JsonEvent::Place {
                    step,
                    depth,
                    cell,
                    row,
                    col,
                    digit,
                    options: reason.options(),
                    kind: reason.kind(),
                    reason: reason.describe(digit),
                }
            }
            Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            } => {
                let (cell, row, col) = at(cell);
                JsonEvent::Eliminate {
                    step,
                    depth,
                    cell,
                    row,
                    col,
                    digit,
                    kind: rule.kind(),
                    reason: rule.describe(digit),
                }
            }
            Event::Undo {
                depth,
                cell,
                digit,
                backtrack,
            } => {
                let (cell, row, col) = at(cell);
                JsonEvent::Undo {
                    step,
                    depth,
                    cell,
                    row,
                    col,
                    digit,
                    backtrack,
                }
            }
            Event::DeadEnd { depth, reason } => {
                let unit = |kind, unit: usize, digit| JsonEvent::DeadEnd {
                    step,
                    depth,
                    kind,
                    cell: None,
                    row: None,
                    col: None,
                    unit: Some(unit + 1),
                    digit: Some(digit),
                };
                match reason {
                    DeadEnd::Cell(cell) | DeadEnd::Constraint(Constraint::Cell(cell)) => {
                        let (cell, row, col) = at(cell);
                        JsonEvent::DeadEnd {
                            step,
                            depth,
                            kind: "cell",
                            cell: Some(cell),
                            row: Some(row),
                            col: Some(col),
                            unit: None,
                            digit: None,
                        }
                    }
                    DeadEnd::Constraint(Constraint::RowDigit(r, d)) => unit("row", r, d),
                    DeadEnd::Constraint(Constraint::ColDigit(c, d)) => unit("column", c, d),
                    DeadEnd::Constraint(Constraint::BoxDigit(b, d)) => unit("box", b, d),
                }
            }
            Event::Solution { depth } => JsonEvent::Solution {
                step,
                depth,
                solution: counter.solutions,
            },
        }
    }
}

/// The pencil marks after an event, one string per cell in row-major order:
/// the symbols of an empty cell's candidates as the replay model has them
/// (the digits no peer holds, less those rules removed on the current
/// path), empty for a filled cell. The trace page draws the same marks.
fn marks(shape: Shape, replay: &Replay) -> Vec<String> {
    (0..shape.cells())
        .map(|cell| {
            let candidates = replay.candidates(cell);
            (1..=shape.side() as u8)
                .filter(|d| candidates >> (d - 1) & 1 == 1)
                .map(sudoku_core::digit_symbol)
                .collect()
        })
        .collect()
}

pub(super) fn json(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
    boards: bool,
) -> io::Result<Outcome> {
    let shape = puzzle.shape();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // Only the events printed are replayed: memory stays bounded by
    // --max-steps, as the stream's.
    let mut replay = boards.then(|| Replay::new(puzzle));
    let (outcome, counter, hidden, error) = {
        let mut stream = Stream {
            max,
            counter: Counter::default(),
            sink: |counter: &Counter, event: &Event| {
                let line = JsonEvent::of(shape, counter, event);
                match replay.as_mut() {
                    None => serde_json::to_writer(&mut out, &line)?,
                    Some(replay) => {
                        replay.apply(event);
                        let mut value = serde_json::to_value(&line)?;
                        if let Some(object) = value.as_object_mut() {
                            object.insert("board".into(), board_line(shape, replay.board()).into());
                            object.insert("marks".into(), marks(shape, replay).into());
                        }
                        serde_json::to_writer(&mut out, &value)?;
                    }
                }
                writeln!(out)
            },
            error: None,
        };
        let outcome = solver.solve_traced(puzzle, limits, &mut stream);
        (outcome, stream.counter, stream.hidden(), stream.error)
    };
    if let Some(e) = error {
        return Err(e);
    }
    let s = &outcome.stats;
    let summary = JsonEvent::Summary {
        strategy: solver.id().to_string(),
        steps: counter.steps,
        shown: counter.steps - hidden,
        nodes: s.nodes,
        placements: s.placements,
        guesses: s.guesses,
        backtracks: s.backtracks,
        max_depth: s.max_depth,
        peak_states: s.peak_states,
        peak_bytes: s.peak_bytes,
        solutions: outcome.count,
        stopped: outcome.stop.to_string(),
        verdict: outcome.verdict().as_str().to_string(),
    };
    serde_json::to_writer(&mut out, &summary)?;
    writeln!(out)?;
    out.flush()?;
    Ok(outcome)
}
