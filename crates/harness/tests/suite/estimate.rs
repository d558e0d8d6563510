//! `sudoku-lab estimate`: Knuth's random probes of a whole search tree.

use std::process::Command;
use sudoku_core::{Limits, Solver};
use sudoku_testkit::seeds;

fn lab(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The estimate's nodes, from its line.
fn nodes(line: &str) -> f64 {
    let after = line.split("about ").nth(1).expect("an estimate");
    after.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn estimates_follow_the_tree_and_repeat_with_the_seed() {
    let (puzzle, _) = &seeds()[1];
    let text = puzzle.to_string();
    let exact = sudoku_dlx::Dlx
        .solve(puzzle, &Limits::count_all())
        .stats
        .nodes as f64;
    let (out, err, code) = lab(&["estimate", "--strategy", "dlx", "--probes", "2000", &text]);
    assert_eq!(code, 0, "{err}");
    let estimate = nodes(&out);
    assert!(
        (estimate / exact - 1.0).abs() < 0.25,
        "{estimate} vs {exact}"
    );
    assert!(out.contains("2000 probes, seed 1"), "{out}");
    // Same seed, same figures; dcells probes the same tree.
    let (again, _, _) = lab(&[
        "estimate",
        "--strategy",
        "dcells",
        "--probes",
        "2000",
        &text,
    ]);
    assert_eq!(
        again.split_once(':').unwrap().1,
        out.split_once(':').unwrap().1
    );
}

#[test]
fn strategies_that_cannot_be_probed_are_refused_with_the_reason() {
    let (_, err, code) = lab(&["estimate", "--strategy", "bitboard", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("bitboard cannot be probed"), "{err}");
    for id in [
        "naive",
        "dfs",
        "bfs",
        "mrv",
        "dlx",
        "dcells",
        "prop:mrv/hidden",
    ] {
        assert!(err.contains(id), "{id} missing from: {err}");
    }
}

/// The probes run each strategy's own search (naive, dfs, bfs, mrv, the
/// ladder's rungs) down random paths: on a seed, the estimate is near the
/// exact tree of the search counting every solution, and a tree that is a
/// single path is estimated exactly.
#[test]
fn searches_with_a_branch_hook_are_probed_with_their_own_code() {
    use sudoku_core::estimate::estimate;
    use sudoku_harness::registry::pick;
    let (blog, solution) = &seeds()[2];
    // (prop:rowmajor/fc is left out: its tree is so lopsided that 3,000
    // probes land anywhere from 0.65 to 1.15 of it.)
    for id in [
        "naive",
        "dfs",
        "bfs",
        "mrv",
        "prop:fewest/fc",
        "prop:rowmajor/naked",
        "norvig",
    ] {
        let solver = pick(id).unwrap();
        let exact = solver.solve(blog, &Limits::count_all()).stats.nodes as f64;
        let e = estimate(solver, blog, 3000, 7).expect("probeable");
        assert!(
            (e.nodes / exact - 1.0).abs() < 0.25,
            "{id}: {} vs {exact}",
            e.nodes
        );
        let mems = solver
            .solve_counting_mems(blog, &Limits::count_all())
            .stats
            .mems
            .unwrap() as f64;
        assert!(
            (e.mems / mems - 1.0).abs() < 0.5,
            "{id}: mems {} vs {mems}",
            e.mems
        );
        // One empty cell: the root and one child, whatever the path.
        let mut cells = solution.cells().to_vec();
        cells[40] = 0;
        let one_left = sudoku_core::Grid::from_cells(solution.shape(), cells).unwrap();
        let single = estimate(solver, &one_left, 5, 1).unwrap();
        let exact = solver.solve(&one_left, &Limits::count_all()).stats.nodes as f64;
        assert_eq!((single.nodes, single.nodes_sd), (exact, 0.0), "{id}");
    }
    assert!(estimate(pick("bitboard").unwrap(), blog, 10, 1).is_none());
}

/// A strategy stopped by its budget says what the whole search would have
/// cost, in explain, trace and compare; one that cannot be probed does not.
#[test]
fn budget_hits_quote_an_estimate_of_the_whole_tree() {
    let (puzzle, _) = &seeds()[4];
    let text = puzzle.to_string();
    let said = |out: &str, id: &str| {
        crate::common::unwrapped(out).lines().any(|l| {
            l.contains(&format!(
                "{id}: node budget hit after 2,000 nodes; an estimate of the whole tree is "
            )) && l.contains(" at this")
                && l.contains("random probes)")
        })
    };
    let (out, _, _) = lab(&[
        "explain",
        "--strategies",
        "naive,dfs,mrv",
        "--node-budget",
        "2000",
        &text,
    ]);
    assert!(said(&out, "naive") && said(&out, "dfs"), "{out}");
    let (out, _, _) = lab(&[
        "trace",
        "--strategy",
        "naive",
        "--node-budget",
        "2000",
        &text,
    ]);
    assert!(said(&out, "naive"), "{out}");
    let dir = crate::common::scratch_path("estimate-note");
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("abf.txt");
    std::fs::write(&set, format!("{text}\n")).unwrap();
    let (report, lines) = (dir.join("report"), dir.join("lines.jsonl"));
    let (table, err, _) = lab(&[
        "compare",
        "--strategies",
        "naive,bitboard",
        "--node-budget",
        "2000",
        "--rounds",
        "1",
        "--no-progress",
        "--set",
        set.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
        "--results",
        lines.to_str().unwrap(),
    ]);
    let read = |name: &str| std::fs::read_to_string(report.join(name)).unwrap();
    let (json, csv, md) = (read("results.json"), read("results.csv"), read("report.md"));
    let lines = std::fs::read_to_string(&lines).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(said(&err, "naive"), "{err}");
    assert!(!err.contains("bitboard: node budget hit"), "{err}");
    // The note is in the records too: the results line of the budget hit,
    // the JSON and CSV records of its row, and a footnote under the tables.
    let note = err
        .lines()
        .find(|l| said(l, "naive"))
        .and_then(|l| l.split_once(": naive: "))
        .map(|(_, rest)| format!("naive: {rest}"))
        .expect("the stderr note");
    let line_of = |id: &str| {
        lines
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|l| l["strategy"] == id)
            .expect("a results line per strategy")
    };
    assert_eq!(line_of("naive")["budget_note"], note.as_str(), "{lines}");
    assert!(line_of("bitboard").get("budget_note").is_none(), "{lines}");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let record = |id: &str| {
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["strategy"] == id)
            .unwrap()
            .clone()
    };
    let footnote = format!("line 1: {note}");
    assert_eq!(record("naive")["budget_notes"], 1, "{json}");
    assert_eq!(record("naive")["budget_note"], footnote.as_str(), "{json}");
    assert_eq!(record("bitboard")["budget_notes"], 0, "{json}");
    assert!(record("bitboard")["budget_note"].is_null(), "{json}");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let column = header.iter().position(|&h| h == "budget_note").unwrap();
    assert!(csv.contains(&footnote), "{csv}");
    assert!(header.contains(&"budget_notes"), "{csv}");
    assert!(column > 0);
    assert!(md.contains(&footnote), "{md}");
    assert!(table.contains("line 1: naive: node budget hit"), "{table}");
}

/// Issue 43 row 8: a tree past a double's range is "more than 10^308",
/// never inf or NaN, in estimate's line and in compare's budget note (also
/// in its JSON).
#[test]
fn an_estimate_past_doubles_says_more_than_10_to_the_308() {
    let empty = ".".repeat(625);
    for strategy in ["dlx", "norvig"] {
        let (out, err, code) = lab(&["estimate", "-s", strategy, "--probes", "5", &empty]);
        assert_eq!(code, 0, "{strategy}: {err}");
        assert!(
            !out.contains("inf") && !out.contains("NaN"),
            "{strategy}: {out}"
        );
        assert!(out.contains("more than 10^308"), "{strategy}: {out}");
    }
    let dir = crate::common::scratch_path("sudoku-lab-overflow");
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("empty25.txt");
    std::fs::write(&set, format!("{empty}\n")).unwrap();
    let (out, err, _) = lab(&[
        "compare",
        "--no-progress",
        "--strategies",
        "dlx",
        "--node-budget",
        "2000",
        "--rounds",
        "1",
        "--format",
        "json",
        "--set",
        set.to_str().unwrap(),
    ]);
    assert!(!out.contains("NaN") && !out.contains("inf"), "{out}{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
