//! The DOT view: the search tree as Graphviz DOT.
//!
//! Every state entered carries its visit number (`#k`, the node numbers of
//! the text trace) and every edge the number of the state it leads to, so a
//! depth-first and a breadth-first search of the same tree draw different
//! pictures. The tree is the replay model's: the digits a rule forced inside
//! a node (a propagating search's singles) are listed inside its box,
//! collapsed to the first few unless `--expand`, never drawn as children, so
//! a search with no guess is one box. A chain of states a non-propagating
//! search entered with one option each (a state whose only child had one
//! option, and so on) is drawn as one box listing the moves, unless
//! `--expand` asks for every state.

use super::*;

/// Forced moves named in a collapsed box before "and N more".
const CHAIN_NAMED: usize = 4;

/// A DOT string's content: `\` and `"` escaped, line breaks as `\n`.
fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The search tree as Graphviz DOT, as a string (see [`write_dot`]).
pub fn dot(title: &str, puzzle: &Grid, events: &[Event], hidden: u64, expand: bool) -> String {
    let mut out = Vec::new();
    write_dot(&mut out, title, puzzle, events, hidden, expand).expect("writing to memory");
    String::from_utf8(out).expect("DOT is UTF-8")
}

fn move_text(shape: Shape, p: sudoku_replay::Placement) -> (String, String) {
    let (cell, digit, reason) = (p.cell, p.digit, p.reason);
    let how = match reason {
        Reason::Guess { options } => format!("guess, one of {}", digit_set(options)),
        Reason::GuessPlace { places, .. } => format!("guess, one of {places} places"),
        Reason::HiddenSingle(unit) => format!("hidden single in {unit}"),
        other => other.kind().to_string(),
    };
    (
        format!("{} = {}", cell_name(shape, cell), digit_symbol(digit)),
        how,
    )
}

/// Writes the search tree as Graphviz DOT. `events` are the events kept (the
/// first steps of the search); `hidden` is how many more the search had.
/// Entered states are `n1, n2, ...` in the order they were entered; children
/// created but never entered are `c1, c2, ...`, dashed. Dead ends are red,
/// solutions green. Unless `expand`, a chain of forced moves is one box,
/// named after its first state.
pub fn write_dot(
    out: &mut impl Write,
    title: &str,
    puzzle: &Grid,
    events: &[Event],
    hidden: u64,
    expand: bool,
) -> io::Result<()> {
    let shape = puzzle.shape();
    let (tree, _) = replay(puzzle, events);
    let nodes = &tree.nodes;
    let mut children = vec![0u32; nodes.len()];
    for node in nodes {
        if let Some(p) = node.parent {
            children[p] += 1;
        }
    }
    // `head[i]`: the first state of the chain of forced moves node i ends;
    // i itself when it starts one (or when expanded).
    let mut head: Vec<usize> = (0..nodes.len()).collect();
    if !expand {
        for (id, node) in nodes.iter().enumerate() {
            let Some(p) = node.parent else { continue };
            let forced = node.choice.is_some_and(|c| !c.reason.is_guess());
            let parent = &nodes[p];
            if forced
                && parent.forced.is_empty()
                && node.forced.is_empty()
                && children[p] == 1
                && parent.dead_end.is_none()
                && parent.solution.is_none()
                && parent.entry.is_some() == node.entry.is_some()
            {
                head[id] = head[p];
            }
        }
    }
    // The moves of each chain after its head, in order.
    let mut chain: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut last: Vec<usize> = (0..nodes.len()).collect();
    for id in 0..nodes.len() {
        if head[id] != id {
            chain[head[id]].push(id);
            last[head[id]] = id;
        }
    }
    // Entered states by entry order (the node numbers of the text trace),
    // the others by creation order.
    let mut unentered = 0;
    let names: Vec<String> = nodes
        .iter()
        .map(|node| match node.entry {
            Some(k) => format!("n{k}"),
            None => {
                unentered += 1;
                format!("c{unentered}")
            }
        })
        .collect();
    writeln!(out, "digraph search {{")?;
    writeln!(
        out,
        "  graph [label=\"{}\", labelloc=t, fontname=\"Helvetica\", ordering=out];",
        dot_escape(title)
    )?;
    writeln!(
        out,
        "  node [shape=box, style=rounded, fontname=\"Helvetica\"];"
    )?;
    writeln!(
        out,
        "  edge [arrowsize=0.6, fontsize=10, fontcolor=gray30];"
    )?;
    for (id, node) in nodes.iter().enumerate() {
        if head[id] != id {
            continue;
        }
        let visit = match node.entry {
            Some(k) => match chain[id].last().and_then(|&t| nodes[t].entry) {
                Some(t) => format!("#{k}-#{t} "),
                None => format!("#{k} "),
            },
            None => String::new(),
        };
        let mut label = match node.choice {
            None if node.parent.is_none() => format!("{visit}root: the puzzle"),
            // A branch that places no digit: its choice is the
            // candidates it removed (bitboard-configs).
            None => match node.branch_elimination() {
                Some(e) => format!("{visit}{}", e.rule.describe(e.digit)),
                None => format!("{visit}?"),
            },
            Some(choice) => {
                let (what, how) = move_text(shape, choice);
                format!("{visit}{what}\n{how}")
            }
        };
        let moves = &chain[id];
        if !moves.is_empty() {
            let named: Vec<String> = moves
                .iter()
                .take(CHAIN_NAMED)
                .filter_map(|&m| nodes[m].choice.map(|c| move_text(shape, c).0))
                .collect();
            let more = moves.len().saturating_sub(CHAIN_NAMED);
            let _ = write!(
                label,
                "\nthen {} one-option move{}: {}{}",
                moves.len(),
                if moves.len() == 1 { "" } else { "s" },
                named.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            );
        }
        // The digits rules forced inside the node (the last of a chain).
        let tail = &nodes[last[id]];
        if !tail.forced.is_empty() {
            let shown = if expand {
                tail.forced.len()
            } else {
                CHAIN_NAMED
            };
            let named: Vec<String> = tail
                .forced
                .iter()
                .take(shown)
                .map(|&p| {
                    let (what, how) = move_text(shape, p);
                    if expand {
                        format!("{what} ({how})")
                    } else {
                        what
                    }
                })
                .collect();
            let more = tail.forced.len().saturating_sub(shown);
            let _ = write!(
                label,
                "\n{} forced inside:{}{}{}",
                tail.forced.len(),
                if expand { "\n" } else { " " },
                named.join(if expand { "\n" } else { ", " }),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            );
        }
        // A chain ends where its last state does.
        let mut style = String::new();
        if let Some(reason) = tail.dead_end {
            let _ = write!(label, "\ndead end: {}", dead_end_text(shape, reason));
            style.push_str(", style=\"rounded,filled\", fillcolor=\"#f4c7c3\", color=\"#c0392b\"");
        }
        if let Some(k) = tail.solution {
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
        writeln!(
            out,
            "  {} [label=\"{}\"{style}];",
            names[id],
            dot_escape(&label)
        )?;
    }
    // Edges in the order their states were entered: the label is the visit
    // number, so the picture shows the order of the search.
    for (id, node) in nodes.iter().enumerate() {
        if head[id] != id {
            continue;
        }
        if let Some(parent) = node.parent {
            let from = &names[head[parent]];
            match node.entry {
                Some(k) => writeln!(out, "  {from} -> {} [label=\"{k}\"];", names[id])?,
                None => writeln!(
                    out,
                    "  {from} -> {} [style=dashed, color=gray50];",
                    names[id]
                )?,
            }
        }
    }
    if hidden > 0 {
        writeln!(
            out,
            "  more [shape=plaintext, label=\"... {} more steps (--max-steps N or all to see more)\"];",
            thousands(hidden)
        )?;
    }
    writeln!(out, "}}")
}

/// Events kept per second by the DOT view, and their memory: measured on an
/// empty 25x25 with `--max-steps all` (the tree, the node names and the
/// events), rounded to the safe side.
pub(super) const DOT_COST: Cost = Cost {
    bytes: 250,
    per_second: Some(500_000),
};

pub(super) fn dot_command(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
    expand: bool,
) -> io::Result<Outcome> {
    let (outcome, recorder) = record(solver, puzzle, limits, max, DOT_COST);
    let hidden = recorder.seen - recorder.events.len() as u64;
    let mut title = format!(
        "{} on {}\n{}",
        solver.id(),
        puzzle.to_line(),
        summary_text(&outcome.stats, solver.info())
    );
    if let Some(note) = budget_note(&recorder, &outcome) {
        eprintln!("note: {note}");
        let _ = write!(title, "\n{note}");
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    write_dot(&mut out, &title, puzzle, &recorder.events, hidden, expand)?;
    out.flush()?;
    Ok(outcome)
}
