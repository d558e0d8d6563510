//! The pages, in a real browser: headless Chromium loads each page and the
//! test reads the DOM the page's script built.
//!
//! These tests need Chromium (`apt-get install chromium`), which the Rust
//! toolchain alone does not bring, so they are `#[ignore]`d in a plain
//! `cargo test`; `.ci/run` installs Chromium and runs them with
//! `cargo test -p sudoku-harness --test browser -- --ignored`. Without
//! Chromium they fail, loudly, instead of skipping.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The DOM after the page's scripts ran, as headless Chromium dumps it;
/// a script error fails the test.
fn dump_dom(page: &Path, fragment: &str) -> String {
    let opened = sudoku_testkit::browser::open(page, fragment);
    let errors = opened.script_errors();
    assert!(
        errors.is_empty(),
        "{}{fragment}: {errors:?}",
        page.display()
    );
    opened.dom
}

fn tempfile_dir(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sudoku-lab-browser-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sudoku_lab(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn the_trace_page_renders_and_steps_forward() {
    let page = tempfile_dir("trace").join("trace.html");
    std::fs::write(
        &page,
        sudoku_lab(&[
            "trace",
            "--format",
            "html",
            "--limit",
            "2",
            "....3..22..31...",
        ]),
    )
    .unwrap();
    let dom = dump_dom(&page, "#selftest");
    assert!(
        dom.contains(r#"data-selftest="done""#),
        "the self-test did not run:\n{dom}"
    );
    // Two presses of the right arrow: from step 0 to step 2.
    assert!(dom.contains(r#"data-step="2""#), "{dom}");
    assert!(dom.contains("step 3 of "), "{dom}");
    assert!(
        dom.contains(r#"<div id="errors" style="color:#b00"></div>"#),
        "a script error was reported: {dom}"
    );
    // The grid: 16 cells, the givens shown.
    assert_eq!(dom.matches("<td").count(), 16, "{dom}");
    assert!(
        dom.contains(r#"<circle id="n0""#),
        "the tree is drawn: {dom}"
    );
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn the_report_page_renders_every_table_row_and_sorts() {
    let dir = tempfile_dir("report").join("report");
    let _ = std::fs::remove_dir_all(&dir);
    sudoku_lab(&[
        "compare",
        "--set",
        "../../puzzles/4x4.txt",
        "../../puzzles/multiple.txt",
        "--strategies",
        "naive,mrv,dlx",
        "--report",
        dir.to_str().unwrap(),
    ]);
    let page = dir.join("index.html");
    let dom = dump_dom(&page, "#selftest");
    assert!(dom.contains(r#"data-selftest="done""#), "{dom}");
    assert!(
        dom.contains("data-sorted="),
        "clicking a header sorted nothing: {dom}"
    );
    assert!(
        dom.contains(r#"<div id="errors" style="color:#b00"></div>"#),
        "a script error was reported: {dom}"
    );
    // Two tables of three rows, the charts inlined, the problems section.
    assert_eq!(
        dom.matches(r#"<table class="results">"#).count(),
        2,
        "{dom}"
    );
    for id in ["naive", "mrv", "dlx"] {
        assert_eq!(
            dom.matches(&format!("<td>{id}</td>")).count(),
            2,
            "{id}: {dom}"
        );
    }
    assert!(dom.matches("<svg").count() >= 2, "{dom}");
    assert!(dom.contains("No verdict disagreements"), "{dom}");
    // The whole machine record, as the rendered page shows it.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    let machine = &json["machine"];
    let table = dom
        .split(r#"<table class="machine" id="machine">"#)
        .nth(1)
        .and_then(|rest| rest.split("</table>").next())
        .unwrap_or_else(|| panic!("no machine table: {dom}"));
    for label in [
        "CPU",
        "instruction-set features",
        "cargo features",
        "binary (FNV-1a 64)",
        "compiler",
        "load average at start (1, 5, 15 min)",
        "load average at end",
        "load warning",
        "pinned",
        "protocol",
        "rounds",
        "seed",
    ] {
        assert!(
            table.contains(&format!("<th>{label}</th>")),
            "{label} missing: {table}"
        );
    }
    let text = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    assert!(table.contains(&text(&machine["cpu"])), "{table}");
    assert!(table.contains(&text(&machine["binary_hash"])), "{table}");
    assert!(table.contains(&text(&machine["rustc"])), "{table}");
    for feature in machine["target_features"].as_array().unwrap() {
        assert!(table.contains(&text(feature)), "{feature}: {table}");
    }
    for feature in machine["cargo_features"].as_array().unwrap() {
        assert!(table.contains(&text(feature)), "{feature}: {table}");
    }
    assert!(
        table.contains(&format!("<td>{}</td>", machine["rounds"]))
            && table.contains(&format!("<td>{}</td>", machine["seed"])),
        "{table}"
    );
    assert!(
        table.contains(if machine["pinned"] == true {
            "<td>yes"
        } else {
            "<td>no</td>"
        }),
        "{table}"
    );
}

/// What `trace --format json --boards` says after each event: the board in
/// line format and each cell's pencil marks, with the event's kind (the
/// summary line left out).
struct Step {
    event: String,
    backtrack: bool,
    board: String,
    marks: Vec<String>,
}

/// Writes the trace page of `id` on `puzzle` and returns it with the
/// replay's steps from the JSON view of the same search. Both runs are
/// bounded by nodes, not time, so they stop at the same event.
fn page_and_steps(id: &str, puzzle: &str, name: &str) -> (PathBuf, Vec<Step>) {
    let common = [
        "trace",
        "--strategy",
        id,
        "--limit",
        "2",
        "--max-steps",
        "all",
        "--time-budget",
        "none",
        "--node-budget",
        "20000",
    ];
    let page = tempfile_dir("deep").join(format!("{}-{name}.html", id.replace([':', '/'], "-")));
    let mut args = common.to_vec();
    args.extend(["--format", "html", puzzle]);
    std::fs::write(&page, sudoku_lab(&args)).unwrap();
    let mut args = common.to_vec();
    args.extend(["--format", "json", "--boards", puzzle]);
    let lines = String::from_utf8(sudoku_lab(&args)).unwrap();
    let steps: Vec<Step> = lines
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["event"] != "summary")
        .map(|v| Step {
            event: v["event"].as_str().unwrap().to_string(),
            backtrack: v["backtrack"] == true,
            board: v["board"].as_str().unwrap().to_string(),
            marks: v["marks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect(),
        })
        .collect();
    assert!(!steps.is_empty(), "{id} on {puzzle}");
    (page, steps)
}

/// Opens `page` at `#step={n}` and asserts it shows step n's board (each
/// cell's `data-digit`) and, in every empty cell, the JSON's pencil marks.
fn assert_page_shows(page: &Path, steps: &[Step], n: usize, what: &str) -> String {
    let dom = dump_dom(page, &format!("#step={n}"));
    assert!(
        dom.contains(r#"<div id="errors" style="color:#b00"></div>"#),
        "{what}: a script error was reported: {dom}"
    );
    assert!(
        dom.contains(&format!("data-step=\"{}\"", n - 1)),
        "{what} #step={n}"
    );
    let step = &steps[n - 1];
    let shown: String = dom
        .split("data-digit=\"")
        .skip(1)
        .map(|rest| match &rest[..rest.find('"').unwrap()] {
            "" => ".".to_string(),
            d => d.to_string(),
        })
        .collect();
    assert_eq!(shown, step.board, "{what}: the board at #step={n}");
    let cells = grid_cells(&dom);
    assert_eq!(cells.len(), step.marks.len(), "{what} #step={n}");
    let side = (1..).find(|s| s * s >= cells.len()).unwrap();
    for (i, (_, text)) in cells.iter().enumerate() {
        let digit = &step.board[i..i + 1];
        let expected = if digit == "." { &step.marks[i] } else { digit };
        assert_eq!(
            text,
            expected,
            "{what}: the marks of r{}c{} at #step={n} ({} event)",
            i / side + 1,
            i % side + 1,
            step.event
        );
    }
    dom
}

/// The trace page at a deep link, `#step=N`, shows the board and the
/// pencil marks the replay model gives after step N (as `--format json
/// --boards` writes them), for several strategies at steps picked at
/// random (a fixed seed).
#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn the_trace_page_opens_at_a_deep_link_with_the_replay_board() {
    let classic =
        "005300000800000020070010500400005300010070006003200080060500009004000030000009700";
    let six = "......23..16....4.3..2....6......1.2";
    // From the forum's hardest: bitboard-configs branches on it.
    let forum = "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |below: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    };
    for (id, puzzle) in [
        ("norvig", classic),
        ("bitboard-configs", forum),
        ("prop:mrv/locked", classic),
        ("bfs", six),
        ("sat-complete", six),
        ("naive", six),
    ] {
        let (page, steps) = page_and_steps(id, puzzle, "random");
        for _ in 0..3 {
            let n = 1 + next(steps.len());
            assert_page_shows(&page, &steps, n, id);
        }
        if id == "bitboard-configs" {
            // A node that places no digit is named by the configuration it
            // took, not as the root.
            let dom = dump_dom(&page, &format!("#step={}", steps.len()));
            let path = dom
                .split(r#"<div id="path">"#)
                .nth(1)
                .and_then(|rest| rest.split("</div>").next())
                .unwrap_or_default();
            assert!(path.starts_with("root"), "{path}");
            assert!(path.contains("&gt; guess: 1 takes box "), "{path}");
        }
    }
}

/// The steps a reader is most likely to link to, checked for the headline
/// strategies on a 9x9 and a 4x4: the first, the middle and the last step,
/// the first dead end, the step after it, and the first undo of a
/// backtrack (an undo after a solution where the search has no backtrack).
/// On the 9x9 every strategy meets a dead end and backtracks, so those
/// steps are not skipped there.
#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn the_trace_page_shows_the_jsons_board_and_marks_at_every_kind_of_step() {
    let classic =
        "005300000800000020070010500400005300010070006003200080060500009004000030000009700";
    // Many solutions: with --limit 2 every strategy guesses and undoes.
    let open4 = "1...............";
    // Unique, and naive meets dead ends on it.
    let four = "3....13..4..1...";
    for id in ["naive", "bitboard", "human", "dlx"] {
        for (name, puzzle) in [("9x9", classic), ("4x4", open4), ("4x4b", four)] {
            let what = format!("{id} on {name}");
            let (page, steps) = page_and_steps(id, puzzle, name);
            let dead_end = steps.iter().position(|s| s.event == "dead_end");
            let undo = steps
                .iter()
                .position(|s| s.event == "undo" && s.backtrack)
                .or_else(|| steps.iter().position(|s| s.event == "undo"));
            if name == "9x9" {
                assert!(dead_end.is_some() && undo.is_some(), "{what}");
            }
            let mut at = vec![1, steps.len().div_ceil(2), steps.len()];
            at.extend(dead_end.map(|i| i + 1));
            at.extend(dead_end.map(|i| (i + 2).min(steps.len())));
            at.extend(undo.map(|i| i + 1));
            at.sort_unstable();
            at.dedup();
            for n in at {
                assert_page_shows(&page, &steps, n, &what);
            }
        }
    }
}

/// The cells (row-major indices) whose `<td>` carries `class`, and each
/// cell's text, from the grid of a dumped trace page.
fn grid_cells(dom: &str) -> Vec<(String, String)> {
    let grid = dom
        .split(r#"<table class="grid" id="grid">"#)
        .nth(1)
        .and_then(|rest| rest.split("</table>").next())
        .unwrap_or_else(|| panic!("no grid: {dom}"));
    grid.split("<td")
        .skip(1)
        .map(|td| {
            let tag = &td[..td.find('>').unwrap()];
            let class = tag
                .split("class=\"")
                .nth(1)
                .map_or("", |c| &c[..c.find('"').unwrap()]);
            let text: String = td[td.find('>').unwrap() + 1..td.find("</td>").unwrap()]
                .split('<')
                .map(|part| part.split_once('>').map_or(part, |(_, t)| t))
                .collect();
            (class.to_string(), text)
        })
        .collect()
}

fn with_class(cells: &[(String, String)], class: &str) -> Vec<usize> {
    (0..cells.len())
        .filter(|&i| cells[i].0.split(' ').any(|c| c == class))
        .collect()
}

/// `trace --human --format html`: the human solving path, stepped through
/// in the browser, with each technique's cells highlighted. The puzzle is
/// the X-wing's worked example in crates/human's docs: step 1 is a hidden
/// single (6 in box 5 at r6c4), step 3 the X-wing on 6 in rows 3 and 7,
/// columns 3 and 7, which removes 6 from r9c3 and r9c7, step 4 the naked
/// single 4 at r9c3 that follows.
#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn the_human_path_page_highlights_each_techniques_cells() {
    let puzzle =
        "8...67..9..91..3...7.9...2.6.....53.9.......6.81.....4.5...9.1...8..67..2..75...3";
    let page = tempfile_dir("human").join("human.html");
    std::fs::write(
        &page,
        sudoku_lab(&["trace", "--human", "--format", "html", puzzle]),
    )
    .unwrap();
    let cell = |r: usize, c: usize| (r - 1) * 9 + c - 1;
    let no_errors = |dom: &str| {
        assert!(
            dom.contains(r#"<div id="errors" style="color:#b00"></div>"#),
            "a script error was reported: {dom}"
        );
    };

    // Opened at the start: the hidden single, its unit and its cell.
    let dom = dump_dom(&page, "");
    no_errors(&dom);
    assert!(dom.contains("step 1: [1.2] hidden single: r6c4 is the only place for 6 in box 5"));
    let cells = grid_cells(&dom);
    assert_eq!(cells.len(), 81);
    let box5: Vec<usize> = (4..=6)
        .flat_map(|r| (4..=6).map(move |c| cell(r, c)))
        .collect();
    assert_eq!(with_class(&cells, "pattern"), box5, "{dom}");
    assert_eq!(with_class(&cells, "target"), [cell(6, 4)]);
    assert!(with_class(&cells, "loses").is_empty());
    assert!(dom.contains(r#"<span class="put">6</span>"#), "{dom}");
    // No tree, no guesses: the legend instead.
    assert!(dom.contains(r#"<p id="legend" class="note">"#), "{dom}");
    assert!(!dom.contains(r#"<circle id="n0""#), "{dom}");

    // Two presses of the right arrow: the X-wing, its four corners, the
    // two cells that lose 6 (struck), nothing placed.
    let dom = dump_dom(&page, "#selftest");
    no_errors(&dom);
    assert!(dom.contains(r#"data-selftest="done""#), "{dom}");
    assert!(dom.contains(r#"data-step="2""#), "{dom}");
    assert!(dom.contains(
        "step 3: [3.2] X-wing on 6 in row 3, row 7; column 3, column 7: removes 6 from r9c3, 6 from r9c7"
    ));
    let cells = grid_cells(&dom);
    assert_eq!(
        with_class(&cells, "pattern"),
        [cell(3, 3), cell(3, 7), cell(7, 3), cell(7, 7)]
    );
    assert_eq!(with_class(&cells, "loses"), [cell(9, 3), cell(9, 7)]);
    assert!(with_class(&cells, "target").is_empty());
    assert_eq!(dom.matches(r#"<span class="gone">6</span>"#).count(), 2);
    assert_eq!(cells[cell(9, 3)].1, "46", "r9c3 before the X-wing");

    // The next step shows the X-wing's effect: r9c3 has only 4 left, and
    // the naked single places it.
    let dom = dump_dom(&page, "#step=4");
    no_errors(&dom);
    assert!(dom.contains("step 4: [2.3] naked single: 4 is the only digit left for r9c3"));
    let cells = grid_cells(&dom);
    assert_eq!(cells[cell(9, 3)].1, "4", "the X-wing removed 6");
    assert_eq!(with_class(&cells, "target"), [cell(9, 3)]);
    assert!(dom.contains(r#"<span class="put">4</span>"#), "{dom}");

    // The last step: the solved grid, nothing highlighted.
    let last = sudoku_lab(&["trace", "--human", puzzle]);
    let steps = String::from_utf8(last)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with(char::is_whitespace) && l.contains(". ["))
        .count();
    let dom = dump_dom(&page, &format!("#step={}", steps + 1));
    no_errors(&dom);
    assert!(dom.contains("Solved by logic in"), "{dom}");
    let cells = grid_cells(&dom);
    assert!(cells.iter().all(|(class, text)| text.len() == 1
        && !class.contains("pattern")
        && !class.contains("target")));
}
