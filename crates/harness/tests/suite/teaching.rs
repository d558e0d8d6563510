//! `sudoku-lab trace` and `sudoku-lab explain`: the teaching views.
//!
//! Every test iterates over the registry, so a strategy is covered as soon as
//! it is registered; strategies that report no counts (`info().reports.nodes` is
//! false: the reference) are skipped, and checked to be refused politely.

use std::collections::{HashMap, HashSet};
use std::time::Duration;
use sudoku_core::{Event, Family, Grid, Limits, Recorder, Solver, Stats, Stop, Verdict};
use sudoku_harness::explain::{self, Measured};
use sudoku_harness::format::thousands;
use sudoku_harness::registry;
use sudoku_harness::trace::{self, summary_text};

/// The 4x4 of the snapshot: naive guesses 4 times, backtracks 3 times and
/// meets 2 dead ends before its first solution.
const FOUR: &str = "....3..22..31...";
/// A 4x4 without conflicts and without solution: dead ends everywhere.
const FOUR_NONE: &str = "...1.3.4..4..1..";
/// A 6x6 (2x3 boxes) with 9 givens and a unique solution.
const SIX: &str = "..6.4....6....4.5.....2.2....31.....";
/// An easy 9x9 (the "7844 nodes" puzzle of the C backtracker benchmarks).
const EASY: &str =
    "600087000000905706040000080030002000004000690000410023500030170080090200001076300";
/// A hard 9x9 (Inkala's "world's hardest"), for what needs no search.
const INKALA: &str =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";

use crate::common::lab;

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

/// The strategies that can be traced (those that count nodes).
fn traceable() -> Vec<&'static dyn Solver> {
    registry::strategies()
        .into_iter()
        .filter(|s| s.info().reports.nodes)
        .collect()
}

/// Whether a strategy's trace is a plain tree of placements, one state per
/// digit written, so its depth is the number of digits on the path (the
/// classic strategies and the bottom rungs of the ladder; propagating and
/// SAT strategies write forced digits inside a state).
fn one_state_per_digit(solver: &dyn Solver) -> bool {
    sudoku_testkit::contract::one_node_per_placement(solver.info())
}

/// Whether a strategy's trace events count its statistics one for one. The
/// SAT rows take their statistics from the solver's own counters: one
/// conflict (a backtrack) backjumps over any number of digits, and a decision
/// refuted by its own propagation never reaches the trail, so it is a guess
/// and a placement without an event (see the sat crate's documentation).
fn events_count_the_statistics(solver: &dyn Solver) -> bool {
    solver.info().capabilities.trace_matches_stats
}

/// Runs the program; returns (exit code, stdout, stderr).
fn output(args: &[&str]) -> (i32, String, String) {
    let out = lab().args(args).output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

/// The plain `solve --stats` figures of one strategy, as `name -> value`.
fn solve_stats(id: &str, puzzle: &str, limit: &str) -> HashMap<String, String> {
    let (code, out, err) = output(&[
        "solve",
        "--strategy",
        id,
        "--format",
        "line",
        "--stats",
        "--time-budget",
        "none",
        "--limit",
        limit,
        puzzle,
    ]);
    assert!(code == 0 || code == 1, "{id}: {err}");
    out.lines()
        .skip(1)
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

// ---------------------------------------------------------------------------
// trace: text

/// The whole text trace of naive on [`FOUR`], line by line.
#[test]
fn naive_trace_of_a_4x4_is_exactly_this() {
    let expected = "\
trace of naive on a 4x4 puzzle (2x2 boxes, 5 givens, 11 empty cells), stopping at the first solution
. . | . .
3 . | . 2
----+----
2 . | . 3
1 . | . .

node 1: the puzzle as given
place 4 in r1c1 (only option: the one digit left for the chosen cell)
  node 2
  place 1 in r1c2 (guess: one of {1, 2})
    node 3
    place 3 in r1c3 (only option: the one digit left for the chosen cell)
      node 4
      dead end: no digit fits in r1c4
    undo 3 in r1c3 (no solution below it)
  undo 1 in r1c2 (no solution below it)
  place 2 in r1c2 (guess: one of {1, 2})
    node 5
    place 1 in r1c3 (guess: one of {1, 3})
      node 6
      dead end: no digit fits in r1c4
    undo 1 in r1c3 (no solution below it)
    place 3 in r1c3 (guess: one of {1, 3})
      node 7
      place 1 in r1c4 (only option: the one digit left for the chosen cell)
        node 8
        place 1 in r2c2 (only option: the one digit left for the chosen cell)
          node 9
          place 4 in r2c3 (only option: the one digit left for the chosen cell)
            node 10
            place 4 in r3c2 (only option: the one digit left for the chosen cell)
              node 11
              place 1 in r3c3 (only option: the one digit left for the chosen cell)
                node 12
                place 3 in r4c2 (only option: the one digit left for the chosen cell)
                  node 13
                  place 2 in r4c3 (only option: the one digit left for the chosen cell)
                    node 14
                    place 4 in r4c4 (only option: the one digit left for the chosen cell)
                      node 15
                      solution 1 found
summary: 15 nodes, 14 placements, 4 guesses, 3 backtracks, max depth 11
result: solved; uniqueness not checked (solution limit 1)
4 2 | 3 1
3 1 | 4 2
----+----
2 4 | 1 3
1 3 | 2 4
";
    let (code, out, err) = output(&["trace", "--strategy", "naive", FOUR]);
    assert_eq!(code, 0, "{err}");
    let (got, want): (Vec<&str>, Vec<&str>) = (out.lines().collect(), expected.lines().collect());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "line {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len(), "{out}");
}

/// The kind of a text trace line, from its words.
fn kind(line: &str) -> &'static str {
    let l = line.trim_start();
    if l.starts_with("node ") {
        "enter"
    } else if l.starts_with("place ") {
        "place"
    } else if l.starts_with("undo ") {
        "undo"
    } else if l.starts_with("remove ") {
        "eliminate"
    } else if l.starts_with("dead end: ") {
        "dead_end"
    } else if l.starts_with("solution ") && l.ends_with(" found") {
        "solution"
    } else {
        "other"
    }
}

/// Every strategy's text trace of several puzzles: the header, one line per
/// event (as many as the `Stats` of a plain solve say), the exact summary.
#[test]
fn every_strategy_traces_small_puzzles_line_by_line() {
    for solver in traceable() {
        let id = solver.id();
        for (puzzle, limit) in [(FOUR, 1), (FOUR, 2), (FOUR_NONE, 1), (SIX, 2)] {
            let g = grid(puzzle);
            let limits = Limits {
                max_solutions: Some(limit),
                ..Limits::default()
            };
            let plain = solver.solve(&g, &limits);
            let (code, out, err) = output(&[
                "trace",
                "--strategy",
                id,
                "--max-steps",
                "all",
                "--limit",
                &limit.to_string(),
                puzzle,
            ]);
            assert_eq!(code, 0, "{id} {puzzle}: {err}");
            let lines: Vec<&str> = out.lines().collect();
            let side = g.shape().side();
            assert!(
                lines[0].starts_with(&format!(
                    "trace of {id} on a {side}x{side} puzzle ({} boxes, ",
                    g.shape()
                )),
                "{id}: {}",
                lines[0]
            );
            let events: Vec<&str> = lines
                .iter()
                .copied()
                .filter(|l| kind(l) != "other")
                .collect();
            assert_eq!(
                events.first().copied(),
                Some("node 1: the puzzle as given"),
                "{id} {puzzle}"
            );
            let count = |k: &str| events.iter().filter(|l| kind(l) == k).count() as u64;
            let s = plain.stats;
            assert_eq!(count("enter"), s.nodes, "{id} {puzzle}: node lines");
            let backtracks = events
                .iter()
                .filter(|l| kind(l) == "undo" && l.contains("no solution below"))
                .count() as u64;
            if events_count_the_statistics(solver) {
                assert_eq!(count("place"), s.placements, "{id} {puzzle}: place lines");
                assert_eq!(backtracks, s.backtracks, "{id} {puzzle}: undo lines");
            }
            assert_eq!(
                count("solution"),
                plain.count,
                "{id} {puzzle}: solution lines"
            );
            let guesses = events
                .iter()
                .filter(|l| kind(l) == "place" && l.contains("(guess"))
                .count() as u64;
            if events_count_the_statistics(solver) {
                assert_eq!(guesses, s.guesses, "{id} {puzzle}: guesses");
            }
            // Node lines are numbered 1, 2, 3 ... in order.
            let numbers: Vec<u64> = events
                .iter()
                .filter(|l| kind(l) == "enter")
                .map(|l| {
                    l.trim()
                        .trim_start_matches("node ")
                        .split([':', ' '])
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap()
                })
                .collect();
            assert_eq!(numbers, (1..=s.nodes).collect::<Vec<_>>(), "{id} {puzzle}");
            // The deepest node line is indented by max_depth levels.
            let deepest = events
                .iter()
                .filter(|l| kind(l) == "enter")
                .map(|l| l.len() - l.trim_start().len())
                .max()
                .unwrap();
            if one_state_per_digit(solver) {
                assert_eq!(
                    deepest as u64,
                    2 * s.max_depth,
                    "{id} {puzzle}: indentation"
                );
            }
            assert!(
                lines.contains(&summary_text(&s, solver.info()).as_str()),
                "{id} {puzzle}: {out}"
            );
            assert!(
                lines.contains(&format!("result: {}", plain.verdict().describe()).as_str()),
                "{id}: {out}"
            );
            assert!(
                !out.contains("more steps"),
                "{id}: nothing is cut with --max-steps all"
            );
        }
    }
}

/// On a 9x9 the trace stops after --max-steps events and says how many more
/// there were; the summary still counts the whole search.
#[test]
fn a_long_trace_is_cut_with_a_count_of_the_rest() {
    for solver in traceable() {
        let id = solver.id();
        let mut all = Recorder::default();
        let outcome = solver.solve_traced(&grid(EASY), &Limits::first_solution(), &mut all);
        let (code, out, err) = output(&["trace", "--strategy", id, "--time-budget", "none", EASY]);
        assert_eq!(code, 0, "{id}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        let shown = lines.iter().filter(|l| kind(l) != "other").count() as u64;
        assert_eq!(shown, all.seen.min(trace::DEFAULT_MAX_STEPS), "{id}");
        if all.seen > trace::DEFAULT_MAX_STEPS {
            let cut = format!(
                "... {} more steps (the first 200 are shown; --max-steps N or all to see more)",
                thousands(all.seen - trace::DEFAULT_MAX_STEPS)
            );
            assert!(lines.contains(&cut.as_str()), "{id}: {out}");
        }
        assert!(
            lines.contains(&summary_text(&outcome.stats, solver.info()).as_str()),
            "{id}: {out}"
        );

        let (_, few, _) = output(&[
            "trace",
            "--strategy",
            id,
            "--max-steps",
            "7",
            "--time-budget",
            "none",
            EASY,
        ]);
        assert_eq!(
            few.lines().filter(|l| kind(l) != "other").count(),
            7,
            "{id}: {few}"
        );
    }
}

#[test]
fn the_event_counts_of_a_trace_are_the_stats_of_the_solve() {
    let empty4 = "................";
    let cases: [(&str, Limits); 7] = [
        (FOUR, Limits::first_solution()),
        (FOUR, Limits::default()),
        (FOUR_NONE, Limits::default()),
        (empty4, Limits::count_all()),
        (SIX, Limits::default()),
        (EASY, Limits::default()),
        (EASY, Limits::first_solution()),
    ];
    for solver in traceable() {
        for (puzzle, limits) in &cases {
            let g = grid(puzzle);
            let plain = solver.solve(&g, limits);
            let mut recorder = Recorder::default();
            let traced = solver.solve_traced(&g, limits, &mut recorder);
            let what = format!("{} on {puzzle}", solver.id());
            assert_eq!(
                traced.stats, plain.stats,
                "{what}: tracing changed the search"
            );
            assert_eq!(traced.count, plain.count, "{what}");
            let e = &recorder;
            assert_eq!(e.seen, e.events.len() as u64);
            let s: Stats = plain.stats;
            assert_eq!(
                e.count(|e| matches!(e, Event::Enter { .. })),
                s.nodes,
                "{what}: nodes"
            );
            if events_count_the_statistics(solver) {
                assert_eq!(
                    e.count(|e| matches!(e, Event::Place { .. })),
                    s.placements,
                    "{what}: placements"
                );
                assert_eq!(
                    e.count(|e| matches!(e, Event::Place { reason, .. } if reason.is_guess())),
                    s.guesses,
                    "{what}: guesses"
                );
            }
            if events_count_the_statistics(solver) {
                assert_eq!(
                    e.count(|e| matches!(
                        e,
                        Event::Undo {
                            backtrack: true,
                            ..
                        }
                    )),
                    s.backtracks,
                    "{what}: backtracks"
                );
            }
            assert_eq!(
                e.count(|e| matches!(e, Event::Solution { .. })),
                plain.count,
                "{what}: solutions"
            );
            let deepest = e
                .events
                .iter()
                .filter_map(|e| {
                    if let Event::Enter { depth } = e {
                        Some(*depth as u64)
                    } else {
                        None
                    }
                })
                .max();
            if one_state_per_digit(solver) {
                assert_eq!(deepest, Some(s.max_depth), "{what}: max depth");
            }
            assert_eq!(
                e.events.first(),
                Some(&Event::Enter { depth: 0 }),
                "{what}: the root comes first"
            );
        }
    }
}

#[test]
fn a_strategy_that_cannot_be_traced_says_so() {
    for solver in registry::strategies()
        .into_iter()
        .filter(|s| !s.info().reports.nodes)
    {
        let (code, out, err) = output(&["trace", "--strategy", solver.id(), INKALA]);
        assert_eq!(code, 2, "{}", solver.id());
        assert!(out.is_empty());
        assert!(
            err.contains(&format!("{} cannot be traced", solver.id())),
            "{err}"
        );
        assert!(
            err.contains("naive"),
            "the message names the strategies that can be traced: {err}"
        );
    }
    let (code, _, err) = output(&["trace", "--strategy", "no-such", FOUR]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown strategy 'no-such'"), "{err}");
}

#[test]
fn animate_refuses_politely_when_stdout_is_not_a_terminal() {
    let (code, out, err) = output(&["trace", "--animate", FOUR]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "nothing is drawn into a pipe: {out:?}");
    assert!(err.contains("not one") && err.contains("--format"), "{err}");
}

#[test]
fn trace_help_says_the_default_limit_is_the_first_solution() {
    let (code, out, _) = output(&["trace", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("--limit") && out.contains("first solution"),
        "{out}"
    );
}

// ---------------------------------------------------------------------------
// trace: JSON

#[test]
fn json_lines_carry_the_same_events_and_an_exact_summary() {
    for solver in traceable() {
        let id = solver.id();
        let plain = solver.solve(&grid(FOUR), &Limits::default());
        let (code, out, err) = output(&[
            "trace",
            "--strategy",
            id,
            "--format",
            "json",
            "--limit",
            "2",
            "--max-steps",
            "all",
            FOUR,
        ]);
        assert_eq!(code, 0, "{err}");
        let values: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let count = |k: &str| values.iter().filter(|v| v["event"] == k).count() as u64;
        assert_eq!(count("enter"), plain.stats.nodes, "{id}");
        assert_eq!(count("place"), plain.stats.placements, "{id}");
        let backtracks = values
            .iter()
            .filter(|v| v["event"] == "undo" && v["backtrack"] == true)
            .count() as u64;
        assert_eq!(backtracks, plain.stats.backtracks, "{id}");
        assert_eq!(count("solution"), plain.count, "{id}");
        assert_eq!(count("summary"), 1);
        let steps: Vec<u64> = values.iter().filter_map(|v| v["step"].as_u64()).collect();
        assert_eq!(
            steps,
            (1..=steps.len() as u64).collect::<Vec<_>>(),
            "{id}: steps numbered in order"
        );
        let summary = values.last().unwrap();
        assert_eq!(summary["event"], "summary");
        assert_eq!(summary["nodes"], plain.stats.nodes);
        assert_eq!(summary["guesses"], plain.stats.guesses);
        assert_eq!(summary["max_depth"], plain.stats.max_depth);
        assert_eq!(summary["steps"], steps.len() as u64);
        assert_eq!(summary["shown"], steps.len() as u64);
        assert_eq!(summary["verdict"], plain.verdict().as_str());
        // Places name the cell both ways, consistently.
        for v in values.iter().filter(|v| v["event"] == "place") {
            let cell = v["cell"].as_u64().unwrap();
            assert_eq!(v["row"].as_u64().unwrap(), cell / 4 + 1);
            assert_eq!(v["col"].as_u64().unwrap(), cell % 4 + 1);
        }

        let (_, few, _) = output(&[
            "trace",
            "--strategy",
            id,
            "--format",
            "json",
            "--max-steps",
            "3",
            EASY,
        ]);
        let few: Vec<serde_json::Value> = few
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(few.len(), 4, "3 events and the summary");
        assert_eq!(few[3]["shown"], 3);
        assert!(few[3]["steps"].as_u64().unwrap() > 3);
    }
}

// ---------------------------------------------------------------------------
// trace: DOT

/// Checks a DOT graph: braces balanced outside strings, every node statement
/// names a new node, every edge joins defined nodes, and each node but the
/// root has exactly one parent. Returns the entered (`nK`) nodes.
fn check_dot(dot: &str, what: &str) -> Vec<String> {
    let (mut depth, mut in_string, mut escaped) = (0i32, false, false);
    for ch in dot.chars() {
        match ch {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '{' if !in_string => depth += 1,
            '}' if !in_string => {
                depth -= 1;
                assert!(depth >= 0, "{what}: '}}' without '{{'");
            }
            _ => {}
        }
    }
    assert_eq!(depth, 0, "{what}: unbalanced braces");
    assert!(!in_string, "{what}: unterminated string");
    assert!(
        dot.starts_with("digraph search {") && dot.trim_end().ends_with('}'),
        "{what}"
    );

    let mut defined = Vec::new();
    let mut parents: HashMap<String, usize> = HashMap::new();
    for line in dot.lines().map(str::trim) {
        let head = line.split(['[', ';']).next().unwrap().trim();
        if let Some((from, to)) = head.split_once(" -> ") {
            *parents.entry(to.to_string()).or_default() += 1;
            for end in [from, to] {
                assert!(
                    defined.iter().any(|d| d == end),
                    "{what}: edge to undefined node {end}"
                );
            }
        } else if line.contains('[') && !["graph", "node", "edge"].contains(&head) {
            assert!(
                !defined.iter().any(|d| d == head),
                "{what}: node {head} defined twice"
            );
            defined.push(head.to_string());
        }
    }
    let unique: HashSet<&String> = defined.iter().collect();
    assert_eq!(unique.len(), defined.len());
    for node in defined.iter().filter(|d| *d != "n1" && *d != "more") {
        assert_eq!(
            parents.get(node),
            Some(&1),
            "{what}: {node} must have exactly one parent"
        );
    }
    assert!(
        !parents.contains_key("n1"),
        "{what}: the root has no parent"
    );
    defined.into_iter().filter(|d| d.starts_with('n')).collect()
}

/// The DOT of a search: every entered state's visit number, in the order
/// its box is drawn, and how many boxes.
fn dot_of(id: &str, puzzle: &str, expand: bool) -> String {
    let mut args = vec!["trace", "--strategy", id, "--format", "dot"];
    args.extend(["--limit", "2", "--max-steps", "all"]);
    if expand {
        args.push("--expand");
    }
    args.push(puzzle);
    let (code, out, err) = output(&args);
    assert_eq!(code, 0, "{err}");
    check_dot(&out, &format!("{id} on {puzzle}"));
    out
}

/// The boxes' first label lines (visit number and move) and the edges'
/// visit numbers, parent to child, in the order written.
fn visits(dot: &str) -> Vec<String> {
    dot.lines()
        .filter(|l| l.contains(" -> ") && l.contains("label="))
        .map(|l| {
            let (edge, rest) = l.trim().split_once(" [label=\"").unwrap();
            let label = rest.split('"').next().unwrap();
            let child = edge.split(" -> ").nth(1).unwrap();
            let line = dot
                .lines()
                .find(|d| d.trim().starts_with(&format!("{child} [label=")))
                .unwrap();
            let text = line.split("label=\"").nth(1).unwrap();
            format!("{label}: {}", text.split("\\n").next().unwrap())
        })
        .collect()
}

#[test]
fn dot_numbers_the_visits_so_depth_and_breadth_first_differ() {
    // The same tree, searched in two orders: the numbers on the edges and
    // boxes say which state was visited when.
    let dfs = dot_of("dfs", FOUR, true);
    let bfs = dot_of("bfs", FOUR, true);
    assert!(
        dfs.contains("root: the puzzle") && dfs.contains("#1 root"),
        "{dfs}"
    );
    let (a, b) = (visits(&dfs), visits(&bfs));
    assert!(!a.is_empty() && !b.is_empty());
    assert_ne!(a, b, "dfs and bfs draw the same picture:\n{dfs}\n{bfs}");
    // Each entered state's box begins with its visit number, which is also
    // the label of the edge into it.
    for line in &a {
        let (edge, label) = line.split_once(": ").unwrap();
        assert!(label.starts_with(&format!("#{edge} ")), "{line}");
    }
}

#[test]
fn dot_collapses_chains_of_forced_moves_unless_expanded() {
    for id in ["mrv", "dlx", "naive"] {
        let boxes = |dot: &str| {
            dot.lines()
                .filter(|l| l.contains(" [label=") && !l.contains(" -> "))
                .count()
        };
        let collapsed = dot_of(id, SIX, false);
        let expanded = dot_of(id, SIX, true);
        assert!(
            boxes(&collapsed) < boxes(&expanded),
            "{id}: {} boxes collapsed, {} expanded",
            boxes(&collapsed),
            boxes(&expanded)
        );
        assert!(collapsed.contains("one-option move"), "{collapsed}");
        assert!(!expanded.contains("one-option move"), "{expanded}");
        // Solutions and dead ends survive the collapse.
        for what in ["\\nsolution ", "dead end: "] {
            assert_eq!(
                collapsed.matches(what).count(),
                expanded.matches(what).count(),
                "{id}: {what}"
            );
        }
    }
}

#[test]
fn dot_is_balanced_and_names_every_node_once() {
    for solver in traceable() {
        let id = solver.id();
        for (puzzle, limit) in [(FOUR, "2"), (FOUR_NONE, "2"), (SIX, "2")] {
            let limits = Limits {
                max_solutions: Some(limit.parse().unwrap()),
                ..Limits::default()
            };
            let plain = solver.solve(&grid(puzzle), &limits);
            let (code, out, err) = output(&[
                "trace",
                "--strategy",
                id,
                "--format",
                "dot",
                "--limit",
                limit,
                "--max-steps",
                "all",
                "--expand",
                puzzle,
            ]);
            assert_eq!(code, 0, "{err}");
            let entered = check_dot(&out, &format!("{id} on {puzzle}"));
            assert_eq!(
                entered.len() as u64,
                plain.stats.nodes,
                "{id} on {puzzle}: one DOT node per search node"
            );
            let dead_ends = out.lines().filter(|l| l.contains("dead end: ")).count();
            let solutions = out.lines().filter(|l| l.contains("\\nsolution ")).count() as u64;
            assert_eq!(solutions, plain.count, "{id} on {puzzle}");
            // A SAT solver's conflicts are not dead ends of a tree.
            if plain.verdict() == Verdict::None && events_count_the_statistics(solver) {
                assert!(
                    dead_ends > 0,
                    "{id}: a puzzle without solution ends in dead ends"
                );
            }
        }
        // Capped on a 9x9: still a well-formed graph, with a note of what is cut.
        let (code, out, _) = output(&[
            "trace",
            "--strategy",
            id,
            "--format",
            "dot",
            "--max-steps",
            "50",
            EASY,
        ]);
        assert_eq!(code, 0);
        check_dot(&out, &format!("{id} on a 9x9, capped"));
        assert!(out.contains("more steps"), "{out}");
        if std::process::Command::new("dot").arg("-V").output().is_ok() {
            let mut dot = std::process::Command::new("dot")
                .arg("-Tsvg")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap();
            use std::io::Write;
            dot.stdin.take().unwrap().write_all(out.as_bytes()).unwrap();
            assert!(
                dot.wait().unwrap().success(),
                "Graphviz rejects the DOT of {id}"
            );
        }
    }
}

#[test]
fn the_tree_of_a_trace_has_one_node_per_entered_state() {
    for solver in traceable().into_iter().filter(|s| one_state_per_digit(*s)) {
        let mut recorder = Recorder::default();
        let outcome = solver.solve_traced(&grid(FOUR_NONE), &Limits::default(), &mut recorder);
        let (tree, _) = trace::replay(&grid(FOUR_NONE), &recorder.events);
        let entered: Vec<_> = tree.nodes.iter().filter(|n| n.entry.is_some()).collect();
        assert_eq!(entered.len() as u64, outcome.stats.nodes, "{}", solver.id());
        // Each entered state's depth is one more than its parent's, and its
        // grid (puzzle + placements on its path) breaks no rule.
        for (i, node) in tree.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                assert_eq!(node.depth, tree.nodes[parent].depth + 1, "{}", solver.id());
                assert_eq!(node.level, tree.nodes[parent].level + 1, "{}", solver.id());
            }
            let board = Grid::from_cells(grid(FOUR_NONE).shape(), tree.grid_of(i)).unwrap();
            assert!(board.conflicts().is_empty(), "{}", solver.id());
        }
    }
}

// ---------------------------------------------------------------------------
// explain

/// The rows of the `explain` table, as `strategy -> cells`.
fn explain_rows(out: &str) -> HashMap<String, Vec<String>> {
    // Not the header, nor its second line (two-word headers), whose first
    // cell is empty.
    out.lines()
        .filter(|l| l.contains(" | ") && !l.trim_start().starts_with("strategy"))
        .filter(|l| !l.split('|').next().unwrap_or_default().trim().is_empty())
        .map(|l| {
            let cells: Vec<String> = l.split('|').map(|c| c.trim().replace(',', "")).collect();
            (cells[0].clone(), cells)
        })
        .collect()
}

#[test]
fn explain_numbers_equal_those_of_solve_stats() {
    for puzzle in [FOUR, FOUR_NONE, EASY] {
        let (code, out, err) = output(&["explain", "--wide", "--time-budget", "none", puzzle]);
        assert!(code == 0, "{err}\n{out}");
        let rows = explain_rows(&out);
        for solver in registry::strategies() {
            let id = solver.id();
            let row = rows
                .get(id)
                .unwrap_or_else(|| panic!("no row for {id}: {out}"));
            if solver.supports(grid(puzzle).shape()).is_err() {
                assert_eq!(row[1], "unsupported shape", "{id}");
                continue;
            }
            let stats = solve_stats(id, puzzle, "2");
            let verdict = match (stats["stopped"].as_str(), stats["solutions"].as_str()) {
                (_, "2") => "multiple",
                ("exhausted", "1") => "unique",
                ("exhausted", "0") => "none",
                other => panic!("{id}: {other:?}"),
            };
            assert_eq!(row[1], verdict, "{id} on {puzzle}");
            // Column 3 is mems (checked against compare below).
            let columns = [
                (2, "nodes"),
                (4, "guesses"),
                (5, "backtracks"),
                (6, "max_depth"),
                (7, "peak_states"),
            ];
            for (column, name) in columns {
                let expected = if solver.info().reports.nodes {
                    stats[name].clone()
                } else {
                    "n/a".to_string()
                };
                assert_eq!(row[column], expected, "{id} on {puzzle}: {name}");
            }
            let memory = if solver.info().reports.nodes {
                sudoku_harness::format::format_bytes(stats["peak_bytes"].parse().unwrap())
            } else {
                "n/a".to_string()
            };
            assert_eq!(row[8], memory, "{id} on {puzzle}: peak memory");
        }
    }
}

/// `explain` and `compare` measure alike: on a set of one puzzle, compare's
/// means are explain's figures.
#[test]
fn explain_numbers_equal_those_of_compare_on_a_one_puzzle_set() {
    let dir = crate::common::scratch_path("sudoku-lab-teaching");
    std::fs::create_dir_all(&dir).unwrap();
    for (k, puzzle) in [FOUR, FOUR_NONE, SIX, EASY].into_iter().enumerate() {
        let set = dir.join(format!("one-{k}.txt"));
        std::fs::write(&set, format!("{puzzle}\n")).unwrap();
        let (_, out, err) = output(&["explain", "--wide", "--time-budget", "none", puzzle]);
        let rows = explain_rows(&out);
        let set_arg = set.to_str().unwrap();
        let (code, json, _) = output(&[
            "compare",
            "--set",
            set_arg,
            "--format",
            "json",
            "--no-progress",
            "--strategies",
            "all",
            "--time-budget",
            "none",
        ]);
        assert_eq!(code, 0, "compare on {puzzle}: {err}");
        let report: serde_json::Value = serde_json::from_str(&json).unwrap();
        for solver in registry::strategies() {
            let id = solver.id();
            let row = &rows[id];
            let record = report["results"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["strategy"] == id)
                .unwrap_or_else(|| panic!("compare has no row for {id}"));
            if !solver.info().reports.nodes || solver.supports(grid(puzzle).shape()).is_err() {
                assert!(record["nodes_mean"].is_null(), "{id}: {record}");
                assert_eq!(row[2], "n/a", "{id}");
                continue;
            }
            for (column, field) in [
                (2, "nodes_mean"),
                (3, "mems_mean"),
                (4, "guesses_mean"),
                (5, "backtracks_mean"),
            ] {
                // A statistic the strategy does not measure is null in the
                // JSON and n/a in the explain table.
                match record[field].as_f64() {
                    Some(mean) => assert_eq!(
                        row[column].replace(',', "").parse::<f64>().unwrap(),
                        mean,
                        "{id} on {puzzle}: {field}"
                    ),
                    None => assert_eq!(row[column], "n/a", "{id} on {puzzle}: {field}"),
                }
            }
            let bytes = record["peak_bytes"].as_u64().unwrap();
            assert_eq!(
                row[8],
                sudoku_harness::format::format_bytes(bytes),
                "{id} on {puzzle}: peak memory"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explain_help_examples_fit_80_columns() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["explain", "--help"])
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let examples = help.split("Examples:").nth(1).expect("examples");
    for line in examples.lines() {
        assert!(line.chars().count() <= 80, "wraps at 80 columns: {line}");
    }
}

#[test]
fn explain_runs_only_the_strategies_asked_for() {
    let (code, out, _) = output(&["explain", "--strategies", "naive", FOUR]);
    assert_eq!(code, 0);
    assert_eq!(explain_rows(&out).keys().collect::<Vec<_>>(), ["naive"]);
    let (code, _, err) = output(&["explain", "--strategies", "naive,bogus", FOUR]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown strategy 'bogus'"), "{err}");
}

#[test]
fn explain_says_so_when_the_givens_conflict() {
    let (code, _, err) = output(&["explain", "11.............."]);
    assert_eq!(code, 1);
    assert!(err.contains("conflict"), "{err}");
}

/// The reference row's description, for a build without the `reference`
/// feature, where the registry does not hold it.
static OUTSIDE: sudoku_core::Info = sudoku_core::Info {
    id: "reference",
    summary: "reference, not one of ours",
    family: Family::Reference,
    outside: true,
    reports: sudoku_core::Reports::NONE,
    shapes: sudoku_core::Shapes::All,
    prunes_by: "propagating on bitboards",
    headline: true,
    brute_force: false,
    capabilities: sudoku_core::Capabilities {
        interruptible: false,
        solution_cap: Some(10_000),
        one_node_per_placement: false,
        trace_matches_stats: false,
        probeable: false,
        exact_cover: false,
        floor: false,
        copies_states: false,
    },
};

fn measured(
    id: &str,
    nodes: u64,
    peak_states: u64,
    peak_bytes: u64,
    micros: u64,
    verdict: Verdict,
) -> Measured {
    Measured {
        info: match sudoku_harness::registry::find(id) {
            Some(solver) => solver.info(),
            None if id == OUTSIDE.id => &OUTSIDE,
            None => panic!("{id} is not registered"),
        },
        verdict,
        stats: Stats {
            nodes,
            guesses: nodes / 2,
            backtracks: nodes.saturating_sub(1),
            max_depth: 50,
            placements: nodes.saturating_sub(1),
            peak_states,
            peak_bytes,
            mems: None,
        },
        time: Duration::from_micros(micros),
        runs: 9,
        // Nine steady rounds: every interval of a ratio is a point.
        rounds: (1..=9)
            .map(|k| (k, Duration::from_micros(micros)))
            .collect(),
        unsupported: None,
    }
}

#[test]
fn the_sentences_come_from_the_figures() {
    use Verdict::Unique;
    let rows = vec![
        measured("naive", 10_008, 1, 2_700, 9_000, Unique),
        measured("dfs", 10_008, 40, 30_000, 30_000, Unique),
        measured("bfs", 10_008, 2_500, 2_100_000, 45_000, Unique),
        measured("mrv", 543, 1, 36_000, 300, Unique),
        measured("dlx", 600, 1, 250_000, 250, Unique),
        measured("reference", 0, 0, 0, 20, Unique),
    ];
    assert_eq!(
        explain::sentences(&rows),
        [
            "mrv visited 543 nodes where naive (the baseline) visited 10,008: 18 times fewer nodes (an order of magnitude), by choosing the most constrained cell first.",
            "bfs held 2,500 states at once (2.1 MB) where dfs never held more than 40 (30.0 kB).",
            "mrv guessed 271 times where naive guessed 5,004: 50% of its 542 placements were forced moves, against 50% of naive's.",
            "dlx was the fastest at 250µs: 180 times faster than bfs, the slowest (45.0ms), and 36 times faster than naive, the baseline (9.00ms); the reference solver (not one of ours) took 20.0µs, faster than dlx.",
        ]
    );

    // mrv hit a budget: it takes no part, dlx has the fewest nodes then; bfs
    // ran out of memory: the memory sentence falls back to the extremes.
    let mut rows = rows;
    rows[3].verdict = Verdict::Unknown(Stop::TimeBudget);
    rows[2].verdict = Verdict::Unknown(Stop::MemoryBudget);
    let said = explain::sentences(&rows);
    assert_eq!(
        said[0],
        "dlx visited 600 nodes where naive (the baseline) visited 10,008: 17 times fewer nodes (an order of magnitude), by choosing the constraint with the fewest candidates first."
    );
    assert_eq!(
        said[1],
        "dfs held 40 states at once (30.0 kB) where naive never held more than one (2.7 kB)."
    );
    assert!(
        said[3].starts_with("dlx was the fastest at 250µs: 120 times faster than dfs, the slowest (30.0ms), and 36 times faster than naive, the baseline"),
        "{said:?}"
    );
    let notes = explain::notes(&rows);
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("mrv stopped at its time budget")),
        "{notes:?}"
    );

    // Without naive there is no baseline to measure pruning against.
    let without: Vec<Measured> = rows.iter().filter(|m| m.id() != "naive").cloned().collect();
    assert!(explain::sentences(&without)
        .iter()
        .all(|s| !s.contains("baseline")));

    // Only naive and the reference.
    let two = vec![
        measured("naive", 15, 1, 1_500, 17, Unique),
        measured("reference", 0, 0, 0, 5, Unique),
    ];
    assert_eq!(
        explain::sentences(&two),
        ["The reference solver (not one of ours) took 5.00µs where naive took 17.0µs: naive is slower."]
    );

    // Rounds whose ratio's interval holds 1: "level", never "faster".
    let mut close = vec![
        measured("dlx", 600, 1, 250_000, 250, Unique),
        measured("mrv", 543, 1, 36_000, 260, Unique),
    ];
    let wobble = [240, 270, 250, 230, 265, 255, 245, 275, 235];
    close[0].rounds = (1..=9)
        .map(|k| (k, Duration::from_micros(wobble[k - 1])))
        .collect();
    close[1].rounds = (1..=9)
        .map(|k| (k, Duration::from_micros(wobble[9 - k])))
        .collect();
    let said = explain::sentences(&close);
    let time = said.last().unwrap();
    assert!(
        time.starts_with("Both took about the same time")
            && time.contains("level: the 95% interval of the ratio"),
        "{said:?}"
    );
    // One round each: no interval, and no ranking.
    for m in &mut close {
        m.rounds.truncate(1);
    }
    let said = explain::sentences(&close);
    assert!(
        said.last()
            .unwrap()
            .contains("too few rounds to tell them apart"),
        "{said:?}"
    );

    // Orders of magnitude, not "99.9% of the tree": 65 against 69,207,227
    // nodes is six of them.
    let deep = vec![
        measured("naive", 69_207_227, 1, 2_700, 9_000_000, Unique),
        measured("dlx", 65, 1, 36_000, 300, Unique),
    ];
    let said = explain::sentences(&deep);
    assert!(
        said[0].contains(": 6 orders of magnitude fewer nodes (1,064,727 times fewer)"),
        "{said:?}"
    );
    assert!(!said[0].contains('%'), "{said:?}");
    // The slowest is named as such, and as the baseline when it is both.
    assert!(
        said.last()
            .unwrap()
            .contains("times faster than naive, the slowest and the baseline"),
        "{said:?}"
    );

    // Guesses and forced moves: a strategy that never guessed says so.
    let mut forced = deep.clone();
    forced[1].stats.guesses = 0;
    forced[0].stats.guesses = 18_617;
    let said = explain::sentences(&forced);
    assert!(
        said.contains(&"dlx guessed 0 times where naive guessed 18,617: it placed every digit by a forced move.".to_string()),
        "{said:?}"
    );
}

/// The sentences printed by the program quote the table's own figures.
#[test]
fn explain_prints_sentences_made_of_its_own_figures() {
    let (code, out, _) = output(&["explain", "--time-budget", "none", FOUR]);
    assert_eq!(code, 0);
    let out = crate::common::unwrapped(&out);
    let rows = explain_rows(&out);
    let naive = &rows["naive"];
    let others: Vec<&Vec<String>> = rows
        .values()
        .filter(|r| r[0] != "naive" && r[2] != "n/a" && r[2].parse::<u64>().is_ok())
        .collect();
    if let Some(best) = others.iter().min_by_key(|r| r[2].parse::<u64>().unwrap()) {
        let (b, n): (u64, u64) = (best[2].parse().unwrap(), naive[2].parse().unwrap());
        if b < n {
            // Several strategies may tie for the fewest nodes: any of them may be named.
            let said = format!(
                " visited {} {} where naive (the baseline) visited {}",
                thousands(b),
                if b == 1 { "node" } else { "nodes" },
                thousands(n)
            );
            let named = others
                .iter()
                .filter(|r| r[2].parse::<u64>() == Ok(b))
                .any(|r| out.contains(&format!("{}{said}", r[0])));
            assert!(named, "{out}");
        }
    }
}

/// Where the counts do not come from the steps (the SAT rows: the solver's own
/// counters), the page says so and why; where they do, it says nothing more.
#[test]
fn a_page_whose_counts_exceed_its_steps_says_why() {
    // Those that report no nodes cannot be traced at all (and say so).
    let traceable = registry::strategies()
        .into_iter()
        .filter(|s| s.info().reports.nodes);
    for strategy in traceable {
        let out = lab()
            .args([
                "trace",
                "--format",
                "html",
                "--strategy",
                strategy.id(),
                "..3..4.221......",
            ])
            .output()
            .unwrap();
        let page = String::from_utf8(out.stdout).unwrap();
        let explained = page.contains("not from the steps shown");
        assert_eq!(
            explained,
            !strategy.info().capabilities.trace_matches_stats,
            "{}",
            strategy.id()
        );
    }
}

/// The lecture's rule (issue 41): `explain`'s default text fits 80 columns
/// where the terminal's width cannot be known — a compact table, sentences
/// and notes wrapped, a 9x9 puzzle drawn as a grid — on a real run of every
/// strategy with a budget hit (a verdict that names the budget, and its
/// note); `--wide` shows every column.
#[test]
fn explain_fits_80_columns_by_default() {
    // As a user types it, from the repository's root: the path is echoed,
    // and a checkout's own depth is not the table's width.
    let top95 = "puzzles/top95.txt";
    let run = |wide: bool| {
        let mut cmd = lab();
        cmd.current_dir(crate::common::root());
        cmd.args(["explain", "--node-budget", "2000", "--rounds", "1"]);
        if wide {
            cmd.arg("--wide");
        }
        let out = cmd.arg(top95).env_remove("COLUMNS").output().unwrap();
        assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(false);
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "wider than 80 columns: {line}\n{text}"
        );
    }
    assert!(text.contains("unknown (node-budget)"), "{text}");
    let rows = explain_rows(&text);
    for solver in registry::strategies() {
        assert!(
            rows.contains_key(solver.id()),
            "no row for {}: {text}",
            solver.id()
        );
    }
    assert!(text.contains("--wide shows every column"), "{text}");
    let wide = run(true);
    assert!(wide.lines().any(|l| l.chars().count() > 80), "{wide}");
    assert!(
        wide.contains("backtracks") && wide.contains("depth"),
        "{wide}"
    );
}

/// One convention for every command (issue 44): `explain --format json`
/// prints each strategy's record, the one `compare --results` writes, in the
/// table's order; `--human` has words only and refuses it.
#[test]
fn explain_prints_each_strategy_s_record_as_json() {
    let (code, out, err) = output(&[
        "explain",
        "--strategies",
        "dlx,mrv",
        "--rounds",
        "2",
        "--format",
        "json",
        "..3..4.221......",
    ]);
    assert_eq!(code, 0, "{err}");
    let records: serde_json::Value = serde_json::from_str(&out).unwrap();
    let records = records.as_array().unwrap();
    let ids: Vec<&str> = records
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["dlx", "mrv"]);
    for r in records {
        assert_eq!(r["verdict"], "unique", "{r}");
        assert_eq!(r["puzzle"], "..3..4.221......", "{r}");
        assert!(r["nodes"].as_u64().unwrap() > 0, "{r}");
    }
    let (code, _, err) = output(&["explain", "--human", "--format", "json", "..3..4.221......"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--format"), "{err}");
}
