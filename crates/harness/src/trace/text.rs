//! The text view: one line per event, indented by depth, streamed as the
//! search runs (at most `--max-steps` lines), then the exact summary.

use super::*;
use crate::registry;
use sudoku_engine::budget::budget_note;

// ---------------------------------------------------------------------------
// Streaming views: text and JSON

/// A trace that hands each of the first `max` events, numbered, to `sink`,
/// and only counts the rest. The first write error (e.g. a closed pipe) stops
/// the writing, not the search.
pub(super) struct Stream<F: FnMut(&Counter, &Event) -> io::Result<()>> {
    pub(super) max: Option<u64>,
    pub(super) counter: Counter,
    pub(super) sink: F,
    pub(super) error: Option<io::Error>,
}

impl<F: FnMut(&Counter, &Event) -> io::Result<()>> Trace for Stream<F> {
    fn event(&mut self, event: Event) {
        self.counter.see(&event);
        if self.error.is_none() && self.max.is_none_or(|max| self.counter.steps <= max) {
            if let Err(e) = (self.sink)(&self.counter, &event) {
                self.error = Some(e);
            }
        }
    }
}

impl<F: FnMut(&Counter, &Event) -> io::Result<()>> Stream<F> {
    pub(super) fn hidden(&self) -> u64 {
        self.max
            .map_or(0, |max| self.counter.steps.saturating_sub(max))
    }
}

/// Nodes the text view's replay holds at most (a copying search's nodes
/// are named from it): about 100 bytes each, so tens of megabytes.
pub const REPLAY_NODES: usize = 1 << 16;

pub(super) fn text(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
    limit: u64,
) -> io::Result<Outcome> {
    let shape = puzzle.shape();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // Two spaces a level while the deepest path fits on a screen (4x4 and
    // 6x6 puzzles), one beyond.
    let width = if shape.cells() - puzzle.givens() <= 36 {
        2
    } else {
        1
    };
    writeln!(out, "{}", header(solver, puzzle, limit))?;
    write!(out, "{}", puzzle.pretty())?;
    writeln!(out)?;
    // The replay names the placement of a node entered long after it was
    // made (a copying search creates children before entering them). Other
    // searches enter a node right after its placement, which the line above
    // shows; they go without it, since the replay keeps every node and an
    // endless search would outgrow the memory budget. A copying search keeps
    // it for its first REPLAY_NODES nodes only, for the same reason.
    let copies = solver.info().capabilities.copies_states;
    let mut replay = copies.then(|| Replay::new(puzzle));
    let mut last_step: Option<ReplayStep> = None;
    let took;
    let (outcome, hidden, error) = {
        let mut stream = Stream {
            max,
            counter: Counter::default(),
            sink: |counter: &Counter, event: &Event| {
                let pad = " ".repeat(indent(event) as usize * width);
                let line = describe(shape, event, counter.nodes, counter.solutions);
                let named = replay.as_mut().and_then(|replay| {
                    let step = replay.apply(event);
                    let named = match event {
                        Event::Enter { .. } => replay.nodes[step.node]
                            .choice
                            .filter(|_| last_step.is_none_or(|s| s.node != step.node))
                            .map(|p| (p.cell, p.digit)),
                        _ => None,
                    };
                    last_step = Some(step);
                    named
                });
                match named {
                    Some((cell, digit)) => writeln!(
                        out,
                        "{pad}{line} ({} = {})",
                        cell_name(shape, cell),
                        digit_symbol(digit)
                    )?,
                    None => writeln!(out, "{pad}{line}")?,
                }
                if replay
                    .as_ref()
                    .is_some_and(|r| r.nodes.len() > REPLAY_NODES)
                {
                    replay = None;
                    writeln!(
                        out,
                        "(the placements of the nodes entered from here on are not named: the \
                         replay behind the names keeps {} nodes at most)",
                        thousands(REPLAY_NODES as u64)
                    )?;
                }
                Ok(())
            },
            error: None,
        };
        let started = std::time::Instant::now();
        let outcome = solver.solve_traced(puzzle, limits, &mut stream);
        took = started.elapsed();
        (outcome, stream.hidden(), stream.error)
    };
    if let Some(e) = error {
        return Err(e);
    }
    if hidden > 0 {
        let shown = max.unwrap_or(0);
        writeln!(
            out,
            "... {} more steps (the first {} are shown; --max-steps N or all to see more)",
            thousands(hidden),
            thousands(shown)
        )?;
    }
    if let Some(conflict) = &outcome.conflict {
        writeln!(
            out,
            "the givens conflict ({conflict}): there is nothing to search"
        )?;
    }
    writeln!(out, "{}", summary_text(&outcome.stats, solver.info()))?;
    writeln!(out, "{}", result_text(&outcome))?;
    let speed = "this traced run's speed";
    let note = budget_note(
        registry::estimator,
        solver,
        puzzle,
        outcome.stop,
        outcome.stats.nodes,
        took,
        speed,
    );
    if let Some(note) = note {
        writeln!(out, "note: {note}")?;
    }
    if let Some(solution) = outcome.solutions.first() {
        write!(out, "{}", solution.pretty())?;
    }
    out.flush()?;
    Ok(outcome)
}
