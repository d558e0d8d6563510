//! The DOT view: the search tree as Graphviz DOT.

use super::*;

/// A DOT string's content: `\` and `"` escaped, line breaks as `\n`.
fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The search tree as Graphviz DOT. `events` are the events kept (the first
/// steps of the search); `hidden` is how many more the search had. Entered
/// states are `n1, n2, ...` in the order they were entered (the node numbers
/// of the text trace); children created but never entered are `c1, c2, ...`,
/// dashed. Dead ends are red, solutions green.
pub fn dot(title: &str, shape: Shape, events: &[Event], hidden: u64) -> String {
    let mut tree = Tree::default();
    for event in events {
        tree.apply(event);
    }
    // Entered states by entry order (the node numbers of the text trace),
    // the others by creation order.
    let mut unentered = 0;
    let names: Vec<String> = tree
        .nodes
        .iter()
        .map(|node| match node.entry {
            Some(k) => format!("n{k}"),
            None => {
                unentered += 1;
                format!("c{unentered}")
            }
        })
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "digraph search {{");
    let _ = writeln!(
        out,
        "  graph [label=\"{}\", labelloc=t, fontname=\"Helvetica\"];",
        dot_escape(title)
    );
    let _ = writeln!(
        out,
        "  node [shape=box, style=rounded, fontname=\"Helvetica\"];"
    );
    let _ = writeln!(out, "  edge [arrowsize=0.6];");
    for (id, node) in tree.nodes.iter().enumerate() {
        let mut label = match node.choice {
            None if node.parent.is_none() => "root: the puzzle".to_string(),
            None => "?".to_string(),
            Some((cell, digit, reason)) => {
                let how = match reason {
                    Reason::Guess { options } => format!("guess, one of {}", digit_set(options)),
                    Reason::GuessPlace { places, .. } => format!("guess, one of {places} places"),
                    Reason::HiddenSingle(unit) => format!("hidden single in {unit}"),
                    other => other.kind().to_string(),
                };
                format!(
                    "{} = {}\n{how}",
                    cell_name(shape, cell),
                    digit_symbol(digit)
                )
            }
        };
        let mut style = String::new();
        if let Some(reason) = node.dead_end {
            let _ = write!(label, "\ndead end: {}", dead_end_text(shape, reason));
            style.push_str(", style=\"rounded,filled\", fillcolor=\"#f4c7c3\", color=\"#c0392b\"");
        }
        if let Some(k) = node.solution {
            let _ = write!(label, "\nsolution {k}");
            style.push_str(", style=\"rounded,filled,bold\", fillcolor=\"#c8e6c9\", color=\"#2e7d32\", peripheries=2");
        }
        if node.entry.is_none() {
            label.push_str(if hidden > 0 {
                "\n(beyond --max-steps)"
            } else {
                "\n(created, never entered)"
            });
            style.push_str(", style=\"rounded,dashed\", color=gray50, fontcolor=gray40");
        }
        let _ = writeln!(
            out,
            "  {} [label=\"{}\"{style}];",
            names[id],
            dot_escape(&label)
        );
    }
    for (id, node) in tree.nodes.iter().enumerate() {
        if let Some(parent) = node.parent {
            let dashed = if node.entry.is_some() {
                ""
            } else {
                " [style=dashed, color=gray50]"
            };
            let _ = writeln!(out, "  {} -> {}{dashed};", names[parent], names[id]);
        }
    }
    if hidden > 0 {
        let _ = writeln!(
            out,
            "  more [shape=plaintext, label=\"... {} more steps (--max-steps N or all to see more)\"];",
            thousands(hidden)
        );
    }
    let _ = writeln!(out, "}}");
    out
}

pub(super) fn dot_command(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
) -> io::Result<Outcome> {
    let (outcome, recorder) = record(solver, puzzle, limits, max);
    let hidden = recorder.seen - recorder.events.len() as u64;
    let title = format!(
        "{} on {}\n{}",
        solver.id(),
        puzzle.to_line(),
        summary_text(&outcome.stats)
    );
    let mut out = io::stdout().lock();
    out.write_all(dot(&title, puzzle.shape(), &recorder.events, hidden).as_bytes())?;
    out.flush()?;
    Ok(outcome)
}
