//! `sudoku-lab trace`: the search of one strategy on one puzzle, step by step.
//!
//! Every strategy reports its search as [`Event`]s through `sudoku_core::Run`
//! (enter a state, place a digit, undo it, dead end, solution), so the counts
//! of a trace are the statistics of the solve by construction: `Enter` events
//! are `nodes`, `Place` events `placements` (those with two or more options
//! are `guesses`), `Undo` events `backtracks`.
//!
//! Four views of the same events:
//!
//! * `text` (default): one line per event, indented by depth, then a summary;
//! * `json`: one JSON object per line ([`JsonEvent`]), then a summary object;
//! * `dot`: the search tree as Graphviz DOT ([`dot`]);
//! * `--animate`: the grid redrawn in place in the terminal ([`animate`]).
//!
//! The text and JSON views stream the events as they happen and stop printing
//! after `--max-steps`, so memory stays bounded whatever the search does; the
//! summary is exact because it comes from the solve's [`Stats`]. The DOT view
//! and the animation keep at most `--max-steps` events.

use crate::args::{BudgetArgs, ReadArgs};
use crate::input::Source;
use crate::{registry, Status};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;
use sudoku_core::{
    digit_set, digit_symbol, Constraint, DeadEnd, Entry, Event, Grid, Outcome, Reason, Recorder,
    Shape, Solver, Stats, Trace,
};

/// Steps shown by default: a 4x4 puzzle fits in full, a 9x9 is cut short.
pub const DEFAULT_MAX_STEPS: u64 = 200;

/// Steps an HTML page holds unless `--max-steps` says otherwise: about 10 MB
/// of page, still quick to step through (the page says when it is capped).
pub const DEFAULT_HTML_STEPS: u64 = 100_000;
/// Steps kept by default for `--animate`: minutes of animation at 50 ms a step.
pub const DEFAULT_ANIMATE_STEPS: u64 = 10_000;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// One line per event, indented by depth, then a summary
    Text,
    /// One JSON object per line (`"event"`: enter, place, undo, dead_end,
    /// solution; then summary); `cell` is the 0-based row-major index, `row`
    /// and `col` are 1-based as in the text
    Json,
    /// The search tree as Graphviz DOT (render with `dot -Tsvg`); for small puzzles
    Dot,
    /// One self-contained page to step through in a browser: the grid with
    /// pencil marks, a slider and keys, the reason of every step, the tree
    /// (redirect to a file: `> trace.html`)
    Html,
}

/// A cap on the steps shown: a number, or `all`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MaxSteps(pub Option<u64>);

fn max_steps(s: &str) -> Result<MaxSteps, String> {
    if s.eq_ignore_ascii_case("all") || s.eq_ignore_ascii_case("none") {
        return Ok(MaxSteps(None));
    }
    s.parse::<u64>()
        .map(|n| MaxSteps(Some(n)))
        .map_err(|_| format!("'{s}' is not a number of steps (or `all`)"))
}

fn delay(s: &str) -> Result<Duration, String> {
    crate::units::parse_duration(s)?
        .ok_or_else(|| "the delay cannot be `none`; write e.g. 50ms".to_string())
}

#[derive(Args, Debug)]
#[command(after_help = "\
By default the search stops at the first solution (--limit 1), which keeps
the trace short; --limit 2 also shows the search that proves uniqueness.

Examples:
  sudoku-lab trace ..3..4.221......
  sudoku-lab trace --strategy naive --limit 2 ..3..4.221......
  sudoku-lab trace --format dot ..3..4.221...... | dot -Tsvg > tree.svg
  sudoku-lab trace --format json --max-steps all puzzles/classic.txt > steps.jsonl
  sudoku-lab trace --animate --delay 100ms ..3..4.221......")]
pub struct TraceArgs {
    /// The puzzle: written out (e.g. ..3..4.221......), a file (its first
    /// puzzle is traced), or `-` for standard input
    #[arg(value_name = "PUZZLE_OR_FILE")]
    pub input: String,

    /// Strategy id (see `sudoku-lab list`)
    #[arg(long, short, default_value = registry::TEACHING_STRATEGY)]
    pub strategy: String,

    /// Solutions to look for: 1 stops at the first (the default, for
    /// readability), 2 also proves uniqueness
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Show at most N steps (events), or `all`; the summary always counts
    /// the whole search [default: 200; 10000 with --animate; 100000 for html]
    #[arg(long, value_name = "N|all", value_parser = max_steps)]
    pub max_steps: Option<MaxSteps>,

    /// Output format
    #[arg(long, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,

    /// Redraw the grid in place in the terminal, step by step (keys: + faster,
    /// - slower, space pause, q quit)
    #[arg(long, conflicts_with = "format")]
    pub animate: bool,

    /// Time between two steps of --animate (e.g. 50ms, 0.5s)
    #[arg(long, value_name = "TIME", default_value = "50ms", value_parser = delay, requires = "animate")]
    pub delay: Duration,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,
}

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
struct Counter {
    steps: u64,
    nodes: u64,
    solutions: u64,
}

impl Counter {
    fn see(&mut self, event: &Event) {
        self.steps += 1;
        match event {
            Event::Enter { .. } => self.nodes += 1,
            Event::Solution { .. } => self.solutions += 1,
            _ => {}
        }
    }
}

/// Which placement made each state entered, for the text view: an in-place
/// search (naive, mrv, dlx) enters a state right after placing its digit, but a
/// copying search (dfs, bfs) places all the children of a state first and
/// enters them later, oldest first (see [`Tree`]); its node lines then name
/// the placement they come from. Holds only the children placed and not yet
/// entered, and only while the trace is being printed.
#[derive(Debug, Default)]
struct Choices {
    /// `(number of the placement, cell, digit)` by depth, oldest first.
    pending: Vec<VecDeque<(u64, usize, u8)>>,
    places: u64,
    /// The number of the placement just seen, if the last event was one.
    just_placed: Option<u64>,
}

impl Choices {
    /// The placement of the state this event enters, when it is not the
    /// event just before.
    fn see(&mut self, event: &Event) -> Option<(usize, u8)> {
        let mut named = None;
        let mut just_placed = None;
        match *event {
            Event::Place {
                depth, cell, digit, ..
            } => {
                let d = depth as usize;
                if self.pending.len() <= d {
                    self.pending.resize_with(d + 1, VecDeque::new);
                }
                self.places += 1;
                self.pending[d].push_back((self.places, cell, digit));
                just_placed = Some(self.places);
            }
            Event::Enter { depth } => {
                if let Some((k, cell, digit)) = self
                    .pending
                    .get_mut(depth as usize)
                    .and_then(|q| q.pop_front())
                {
                    if self.just_placed != Some(k) {
                        named = Some((cell, digit));
                    }
                }
            }
            _ => {}
        }
        self.just_placed = just_placed;
        named
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

/// The summary line of every view: `summary: 14 nodes, 13 placements, ...`.
pub fn summary_text(stats: &Stats) -> String {
    let plural = |n: u64, one: &str, many: &str| {
        format!("{} {}", thousands(n), if n == 1 { one } else { many })
    };
    format!(
        "summary: {}, {}, {}, {}, max depth {}",
        plural(stats.nodes, "node", "nodes"),
        plural(stats.placements, "placement", "placements"),
        plural(stats.guesses, "guess", "guesses"),
        plural(stats.backtracks, "backtrack", "backtracks"),
        stats.max_depth
    )
}

/// `10008` as `10,008`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

// ---------------------------------------------------------------------------
// Streaming views: text and JSON

/// A trace that hands each of the first `max` events, numbered, to `sink`,
/// and only counts the rest. The first write error (e.g. a closed pipe) stops
/// the writing, not the search.
struct Stream<F: FnMut(&Counter, &Event) -> io::Result<()>> {
    max: Option<u64>,
    counter: Counter,
    sink: F,
    error: Option<io::Error>,
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
    fn hidden(&self) -> u64 {
        self.max
            .map_or(0, |max| self.counter.steps.saturating_sub(max))
    }
}

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

// ---------------------------------------------------------------------------
// The search tree, for DOT and the animation

/// A node of the search tree as rebuilt from the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Index of the parent in [`Tree::nodes`]; `None` for the root.
    pub parent: Option<usize>,
    pub depth: u32,
    /// The placement that created this state: `(cell, digit, reason)`.
    pub choice: Option<(usize, u8, Reason)>,
    /// The node's number (1 for the root, then in the order states are
    /// entered, as in the text trace); `None` for a child that was created (by
    /// a copying search) but never entered, or whose entry lies beyond the
    /// steps kept.
    pub entry: Option<u64>,
    pub dead_end: Option<DeadEnd>,
    /// The solution's number, when this state is one.
    pub solution: Option<u64>,
}

/// The search tree rebuilt from a sequence of events, for any strategy.
///
/// A placement at depth `d` is made from the state entered last at depth
/// `d - 1` (the current path); the next state entered at depth `d` is the
/// oldest placement at depth `d` not entered yet. That rule fits both kinds of
/// search: an in-place search (naive, mrv, dlx) enters each child right after
/// placing it, and a copying search (dfs, bfs) creates all the children of a
/// state and enters them later in the order it created them (dfs pops its stack
/// in that order, bfs its queue; at any time dfs has pending children at a
/// given depth from one parent only).
#[derive(Clone, Debug, Default)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    /// `path[d]`: the node entered last at depth `d`.
    path: Vec<usize>,
    /// `pending[d]`: placed, not yet entered children at depth `d`, oldest first.
    pending: Vec<VecDeque<usize>>,
    solutions: u64,
    entries: u64,
}

impl Tree {
    /// Applies one event; returns the index of the node it concerns.
    pub fn apply(&mut self, event: &Event) -> Option<usize> {
        match *event {
            Event::Enter { depth } => {
                let d = depth as usize;
                let id = match self.pending.get_mut(d).and_then(|q| q.pop_front()) {
                    Some(id) => id,
                    None => {
                        // A state no placement announced (the root, or a
                        // strategy that skips a placement event): hang it
                        // under the current path.
                        let parent = d
                            .checked_sub(1)
                            .and_then(|p| self.path.get(p).or(self.path.last()))
                            .copied();
                        self.push(TreeNode {
                            parent,
                            depth,
                            choice: None,
                            entry: None,
                            dead_end: None,
                            solution: None,
                        })
                    }
                };
                self.entries += 1;
                self.nodes[id].entry = Some(self.entries);
                self.path.truncate(d);
                self.path.push(id);
                Some(id)
            }
            Event::Place {
                depth,
                cell,
                digit,
                reason,
            } => {
                let d = depth as usize;
                let parent = d
                    .checked_sub(1)
                    .and_then(|p| self.path.get(p).or(self.path.last()))
                    .copied();
                let id = self.push(TreeNode {
                    parent,
                    depth,
                    choice: Some((cell, digit, reason)),
                    entry: None,
                    dead_end: None,
                    solution: None,
                });
                if self.pending.len() <= d {
                    self.pending.resize_with(d + 1, VecDeque::new);
                }
                self.pending[d].push_back(id);
                Some(id)
            }
            Event::Undo { depth, .. } => self.path.get(depth as usize).copied(),
            Event::Eliminate { depth, .. } => self.at(depth),
            Event::DeadEnd { depth, reason } => {
                let id = self.at(depth)?;
                self.nodes[id].dead_end = Some(reason);
                Some(id)
            }
            Event::Solution { depth } => {
                let id = self.at(depth)?;
                self.solutions += 1;
                self.nodes[id].solution = Some(self.solutions);
                Some(id)
            }
        }
    }

    fn at(&self, depth: u32) -> Option<usize> {
        self.path.get(depth as usize).or(self.path.last()).copied()
    }

    fn push(&mut self, node: TreeNode) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// The grid of a node: the puzzle plus the placements on its path.
    pub fn grid_of(&self, puzzle: &Grid, id: usize) -> Grid {
        let mut grid = puzzle.clone();
        let mut at = Some(id);
        while let Some(i) = at {
            let node = &self.nodes[i];
            if let Some((cell, digit, _)) = node.choice {
                grid.set(cell, digit);
            }
            at = node.parent;
        }
        grid
    }
}

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

// ---------------------------------------------------------------------------
// The command

/// Reads the first puzzle of the input; prints the problem and returns the
/// exit status when there is none.
pub fn first_puzzle(input: &str, read: &ReadArgs) -> Result<(String, Entry), Status> {
    let source = Source::from_arg(input).map_err(|msg| {
        eprintln!("error: {msg}");
        Status::Usage
    })?;
    let name = source.name();
    let mut items = source.open(read.options()).map_err(|e| {
        eprintln!("error: {name}: {e}");
        Status::Usage
    })?;
    match items.next() {
        Some((_, Ok(entry))) => Ok((name, entry)),
        Some((line, Err(e))) => {
            eprintln!("error: {name}:{line}: {}", e.kind);
            Err(Status::Failed)
        }
        None => {
            eprintln!("error: {name}: no puzzles found (empty, or only comments)");
            Err(Status::Failed)
        }
    }
}

/// Resolves a strategy that can be traced, or says politely why not.
pub fn traceable(id: &str) -> Result<&'static dyn Solver, Status> {
    let solver = crate::solve::pick_strategy(Some(id))?;
    if !solver.counts_nodes() {
        let others: Vec<&str> = registry::strategies()
            .iter()
            .filter(|s| s.counts_nodes())
            .map(|s| s.id())
            .collect();
        eprintln!(
            "sorry: {} cannot be traced: its search runs inside another library that reports no steps.\n\
             The strategies that can be traced are: {}",
            solver.id(),
            others.join(", ")
        );
        return Err(Status::Usage);
    }
    Ok(solver)
}

fn header(solver: &dyn Solver, puzzle: &Grid, limit: u64) -> String {
    let shape = puzzle.shape();
    let side = shape.side();
    let stop = match limit {
        1 => "stopping at the first solution".to_string(),
        2 => "looking for 2 solutions (proves uniqueness)".to_string(),
        n => format!("looking for up to {n} solutions"),
    };
    format!(
        "trace of {} on a {side}x{side} puzzle ({shape} boxes, {} givens, {} empty cells), {stop}",
        solver.id(),
        puzzle.givens(),
        shape.cells() - puzzle.givens()
    )
}

/// What the solve found, in words, for the end of the text trace.
fn result_text(outcome: &Outcome) -> String {
    let mut text = format!("result: {}", outcome.verdict().describe());
    if let Some(conflict) = &outcome.conflict {
        let _ = write!(text, " ({conflict})");
    }
    text
}

pub fn run(args: &TraceArgs) -> Status {
    let solver = match traceable(&args.strategy) {
        Ok(s) => s,
        Err(status) => return status,
    };
    if args.animate && !io::stdout().is_terminal() {
        eprintln!(
            "error: --animate redraws the grid in a terminal, and standard output is not one.\n\
             Run it in a terminal, or use --format text, json or dot to write the trace to a file or a pipe."
        );
        return Status::Usage;
    }
    let (_name, entry) = match first_puzzle(&args.input, &args.read) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let puzzle = entry.puzzle;
    if let Err(why) = solver.supports(puzzle.shape()) {
        eprintln!(
            "error: {} cannot solve a {} grid: {why}",
            solver.id(),
            puzzle.shape()
        );
        return Status::Usage;
    }
    let limits = args.budgets.limits(Some(args.limit), 1);
    let default_steps = if args.animate {
        DEFAULT_ANIMATE_STEPS
    } else if args.format == TraceFormat::Html {
        DEFAULT_HTML_STEPS
    } else {
        DEFAULT_MAX_STEPS
    };
    let max = args.max_steps.map_or(Some(default_steps), |m| m.0);
    if args.animate {
        return animate::run(solver, &puzzle, &limits, max, args.delay);
    }
    let result = match args.format {
        TraceFormat::Text => text(solver, &puzzle, &limits, max, args.limit),
        TraceFormat::Json => json(solver, &puzzle, &limits, max),
        TraceFormat::Dot => dot_command(solver, &puzzle, &limits, max),
        TraceFormat::Html => html_command(solver, &puzzle, &limits, max),
    };
    match result {
        Ok(outcome) => match outcome.verdict() {
            sudoku_core::Verdict::Invalid | sudoku_core::Verdict::Unknown(_) => Status::Failed,
            _ => Status::Ok,
        },
        Err(e) => crate::output::write_failed(&e),
    }
}

fn text(
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
    let mut choices = Choices::default();
    let (outcome, hidden, error) = {
        let mut stream = Stream {
            max,
            counter: Counter::default(),
            sink: |counter: &Counter, event: &Event| {
                let pad = " ".repeat(indent(event) as usize * width);
                let line = describe(shape, event, counter.nodes, counter.solutions);
                match choices.see(event) {
                    Some((cell, digit)) => {
                        writeln!(
                            out,
                            "{pad}{line} ({} = {})",
                            cell_name(shape, cell),
                            digit_symbol(digit)
                        )
                    }
                    None => writeln!(out, "{pad}{line}"),
                }
            },
            error: None,
        };
        let outcome = solver.solve_traced(puzzle, limits, &mut stream);
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
    writeln!(out, "{}", summary_text(&outcome.stats))?;
    writeln!(out, "{}", result_text(&outcome))?;
    if let Some(solution) = outcome.solutions.first() {
        write!(out, "{}", solution.pretty())?;
    }
    out.flush()?;
    Ok(outcome)
}

fn json(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
) -> io::Result<Outcome> {
    let shape = puzzle.shape();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (outcome, counter, hidden, error) = {
        let mut stream = Stream {
            max,
            counter: Counter::default(),
            sink: |counter: &Counter, event: &Event| {
                serde_json::to_writer(&mut out, &JsonEvent::of(shape, counter, event))?;
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

fn record(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
) -> (Outcome, Recorder) {
    let mut recorder = Recorder {
        cap: max.map(|m| usize::try_from(m).unwrap_or(usize::MAX)),
        ..Recorder::default()
    };
    let outcome = solver.solve_traced(puzzle, limits, &mut recorder);
    (outcome, recorder)
}

fn dot_command(
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

fn html_command(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
) -> io::Result<Outcome> {
    let (outcome, recorder) = record(solver, puzzle, limits, max);
    let hidden = recorder.seen - recorder.events.len() as u64;
    let title = format!("{} on {}", solver.id(), puzzle.to_line());
    let page = crate::trace_html::page(&title, puzzle, &recorder.events, hidden, &outcome);
    let mut out = io::stdout().lock();
    out.write_all(page.as_bytes())?;
    out.flush()?;
    Ok(outcome)
}

pub mod animate {
    //! `--animate`: the grid redrawn in place, one step at a time.
    //!
    //! The search is recorded first (at most `--max-steps` events), then
    //! replayed: the grid shown is the state the search is in, the cell of the
    //! current step is highlighted (green for a placement, red for an undo or
    //! a dead end). A [`TerminalGuard`] restores the terminal when it is
    //! dropped: on a normal exit, on an error and on a panic.

    use super::*;
    use crossterm::event::{
        self as term_event, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers,
    };
    use crossterm::style::{
        Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
    };
    use crossterm::terminal::{self, ClearType};
    use crossterm::{cursor, execute, queue};
    use std::time::Instant;

    /// Raw mode, the alternate screen and a hidden cursor while alive; the
    /// terminal as it was once dropped.
    pub struct TerminalGuard;

    impl TerminalGuard {
        pub fn new() -> io::Result<TerminalGuard> {
            terminal::enable_raw_mode()?;
            let guard = TerminalGuard;
            execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
            Ok(guard)
        }
    }

    impl Drop for TerminalGuard {
        fn drop(&mut self) {
            restore();
        }
    }

    fn restore() {
        let _ = execute!(
            io::stdout(),
            ResetColor,
            cursor::Show,
            terminal::LeaveAlternateScreen
        );
        let _ = terminal::disable_raw_mode();
    }

    /// What a key asks for.
    enum Key {
        Quit,
        Faster,
        Slower,
        Pause,
        Step,
        None,
    }

    fn read_key(timeout: Duration) -> io::Result<Key> {
        if !term_event::poll(timeout)? {
            return Ok(Key::None);
        }
        Ok(match term_event::read()? {
            TermEvent::Key(key) if key.kind != KeyEventKind::Release => match key.code {
                KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
                KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Key::Quit,
                KeyCode::Char('+') | KeyCode::Char('=') | KeyCode::Up => Key::Faster,
                KeyCode::Char('-') | KeyCode::Down => Key::Slower,
                KeyCode::Char(' ') => Key::Pause,
                KeyCode::Right | KeyCode::Char('n') => Key::Step,
                _ => Key::None,
            },
            _ => Key::None,
        })
    }

    /// How a cell is drawn in the current frame.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mark {
        Placed,
        Undone,
        DeadEnd,
    }

    struct Frame<'a> {
        puzzle: &'a Grid,
        grid: Grid,
        mark: Option<(usize, Mark)>,
        solved: bool,
        lines: Vec<String>,
    }

    /// Clears the rest of the line and moves to the start of the next one.
    fn line_end(out: &mut impl Write, y: &mut u16) -> io::Result<()> {
        queue!(out, terminal::Clear(ClearType::UntilNewLine))?;
        *y += 1;
        queue!(out, cursor::MoveTo(0, *y))
    }

    fn draw(out: &mut impl Write, frame: &Frame) -> io::Result<()> {
        let shape = frame.puzzle.shape();
        let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
        queue!(out, cursor::MoveTo(0, 0))?;
        let mut y = 0u16;
        // The rule between bands mirrors a row: `+` under each `|`, `-` elsewhere.
        let row: String = (0..n)
            .map(|c| {
                if c > 0 && c % bc == 0 {
                    " | ."
                } else if c > 0 {
                    " ."
                } else {
                    "."
                }
            })
            .collect();
        let rule: String = row
            .chars()
            .map(|ch| if ch == '|' { '+' } else { '-' })
            .collect();
        for r in 0..n {
            if r > 0 && r % br == 0 {
                queue!(out, Print(&rule))?;
                line_end(out, &mut y)?;
            }
            for c in 0..n {
                if c > 0 {
                    queue!(out, Print(if c % bc == 0 { " | " } else { " " }))?;
                }
                let cell = r * n + c;
                let digit = frame.grid.get(cell);
                let given = frame.puzzle.get(cell) != 0;
                let mark = frame.mark.filter(|(at, _)| *at == cell).map(|(_, m)| m);
                match mark {
                    Some(Mark::Placed) => queue!(
                        out,
                        SetBackgroundColor(Color::DarkGreen),
                        SetForegroundColor(Color::White)
                    )?,
                    Some(Mark::Undone) => queue!(
                        out,
                        SetBackgroundColor(Color::DarkRed),
                        SetForegroundColor(Color::White)
                    )?,
                    Some(Mark::DeadEnd) => queue!(
                        out,
                        SetBackgroundColor(Color::Red),
                        SetForegroundColor(Color::White)
                    )?,
                    None if given => queue!(out, SetAttribute(Attribute::Bold))?,
                    None if frame.solved => queue!(out, SetForegroundColor(Color::Green))?,
                    None => queue!(out, SetForegroundColor(Color::Cyan))?,
                }
                let symbol = if digit == 0 { '.' } else { digit_symbol(digit) };
                queue!(
                    out,
                    Print(symbol),
                    SetAttribute(Attribute::Reset),
                    ResetColor
                )?;
            }
            line_end(out, &mut y)?;
        }
        line_end(out, &mut y)?;
        for line in &frame.lines {
            queue!(out, Print(line))?;
            line_end(out, &mut y)?;
        }
        queue!(out, terminal::Clear(ClearType::FromCursorDown))?;
        out.flush()
    }

    pub fn run(
        solver: &dyn Solver,
        puzzle: &Grid,
        limits: &sudoku_core::Limits,
        max: Option<u64>,
        delay: Duration,
    ) -> Status {
        let (outcome, recorder) = record(solver, puzzle, limits, max);
        match play(solver, puzzle, &outcome, &recorder, delay) {
            Ok(()) => Status::Ok,
            Err(e) => {
                eprintln!("error: --animate: {e}");
                Status::Failed
            }
        }
    }

    /// What the loop does after a frame.
    enum Next {
        Advance,
        Redraw,
        Quit,
    }

    /// Waits `delay` (or, when paused or done, for a key), reacting to keys.
    fn wait(delay: &mut Duration, paused: &mut bool, done: bool) -> io::Result<Next> {
        let deadline = Instant::now() + *delay;
        loop {
            let waiting = *paused || done;
            let timeout = if waiting {
                Duration::from_millis(250)
            } else {
                deadline.saturating_duration_since(Instant::now())
            };
            if !waiting && timeout.is_zero() {
                return Ok(Next::Advance);
            }
            match read_key(timeout)? {
                Key::Quit => return Ok(Next::Quit),
                Key::Faster => {
                    *delay = (*delay / 2).max(Duration::from_millis(1));
                    return Ok(Next::Redraw);
                }
                Key::Slower => {
                    *delay = (*delay * 2).min(Duration::from_secs(5));
                    return Ok(Next::Redraw);
                }
                Key::Pause if !done => {
                    *paused = !*paused;
                    return Ok(Next::Redraw);
                }
                Key::Step if *paused && !done => return Ok(Next::Advance),
                _ => {}
            }
        }
    }

    fn play(
        solver: &dyn Solver,
        puzzle: &Grid,
        outcome: &Outcome,
        recorder: &Recorder,
        mut delay: Duration,
    ) -> io::Result<()> {
        let shape = puzzle.shape();
        let _guard = TerminalGuard::new()?;
        // A panic below still restores the terminal: the guard is dropped
        // while unwinding, and the hook covers builds with `panic = "abort"`.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        let mut out = io::stdout();
        let mut tree = Tree::default();
        let mut counter = Counter::default();
        let mut backtracks = 0u64;
        let mut grid = puzzle.clone();
        let mut paused = false;
        let total = recorder.events.len();
        let hidden = recorder.seen - total as u64;
        // Events applied so far, the mark and the words of the last one.
        let mut step = 0;
        let mut mark = None;
        let mut what = "the puzzle as given".to_string();
        let result = loop {
            let done = step >= total;
            let mut lines = vec![
                format!(
                    "{} on a {}x{} puzzle ({} boxes)",
                    solver.id(),
                    shape.side(),
                    shape.side(),
                    shape
                ),
                format!(
                    "step {} of {}: {what}",
                    thousands(step as u64),
                    thousands(total as u64)
                ),
                format!(
                    "so far: {} nodes, {} backtracks, {} solution{}; delay {} ms{}",
                    thousands(counter.nodes),
                    thousands(backtracks),
                    counter.solutions,
                    if counter.solutions == 1 { "" } else { "s" },
                    delay.as_millis(),
                    if paused { " (paused)" } else { "" }
                ),
            ];
            if done {
                if hidden > 0 {
                    lines.push(format!(
                        "... {} more steps not shown (--max-steps N or all)",
                        thousands(hidden)
                    ));
                }
                lines.push(summary_text(&outcome.stats));
                lines.push(result_text(outcome));
                lines.push("press q to quit".to_string());
            } else {
                lines.push(
                    "keys: + faster, - slower, space pause, n next step while paused, q quit"
                        .to_string(),
                );
            }
            let solved = done && hidden == 0 && !outcome.solutions.is_empty();
            let shown = if solved {
                outcome.solutions[0].clone()
            } else {
                grid.clone()
            };
            draw(
                &mut out,
                &Frame {
                    puzzle,
                    grid: shown,
                    mark,
                    solved,
                    lines,
                },
            )?;

            match wait(&mut delay, &mut paused, done)? {
                Next::Quit => break Ok(()),
                Next::Redraw => continue,
                Next::Advance => {}
            }
            let Some(&event) = recorder.events.get(step) else {
                continue;
            };
            step += 1;
            counter.see(&event);
            let id = tree.apply(&event);
            what = describe(shape, &event, counter.nodes, counter.solutions);
            mark = None;
            match event {
                Event::Enter { .. } => {
                    if let Some(id) = id {
                        grid = tree.grid_of(puzzle, id);
                    }
                }
                Event::Place { cell, digit, .. } => {
                    // The digit being tried; a copying search creates all
                    // the children of a state at once, shown in turn.
                    grid.set(cell, digit);
                    mark = Some((cell, Mark::Placed));
                }
                Event::Undo {
                    cell, backtrack, ..
                } => {
                    backtracks += backtrack as u64;
                    grid.set(cell, 0);
                    mark = Some((cell, Mark::Undone));
                }
                Event::DeadEnd {
                    reason: DeadEnd::Cell(cell),
                    ..
                }
                | Event::DeadEnd {
                    reason: DeadEnd::Constraint(Constraint::Cell(cell)),
                    ..
                } => {
                    mark = Some((cell, Mark::DeadEnd));
                }
                _ => {}
            }
        };
        let _ = std::panic::take_hook();
        result
    }
}
