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
    let dir =
        std::env::temp_dir().join(format!("sudoku-lab-browser-{}-{name}", std::process::id()));
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

/// The trace page at a deep link, `#step=N`, shows the board the replay
/// model gives after step N (as `--format json --boards` writes it), for
/// several strategies at steps picked at random (a fixed seed).
#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn the_trace_page_opens_at_a_deep_link_with_the_replay_board() {
    let classic =
        "005300000800000020070010500400005300010070006003200080060500009004000030000009700";
    let six = "......23..16....4.3..2....6......1.2";
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |below: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    };
    for (id, puzzle) in [
        ("naive", six),
        ("norvig", classic),
        ("bitboard", classic),
        ("prop:mrv/locked", classic),
        ("bfs", six),
        ("sat-complete", six),
        ("dlx", classic),
    ] {
        let common = [
            "trace",
            "--strategy",
            id,
            "--limit",
            "2",
            "--max-steps",
            "all",
        ];
        let page = tempfile_dir("deep").join(format!("{}.html", id.replace([':', '/'], "-")));
        let mut args = common.to_vec();
        args.extend(["--format", "html", puzzle]);
        std::fs::write(&page, sudoku_lab(&args)).unwrap();
        let mut args = common.to_vec();
        args.extend(["--format", "json", "--boards", puzzle]);
        let lines = String::from_utf8(sudoku_lab(&args)).unwrap();
        let boards: Vec<String> = lines
            .lines()
            .filter_map(|l| {
                let at = l.find("\"board\":\"")? + 9;
                Some(l[at..at + l[at..].find('"').unwrap()].to_string())
            })
            .collect();
        assert!(!boards.is_empty(), "{id}");
        for _ in 0..3 {
            let n = 1 + next(boards.len());
            let dom = dump_dom(&page, &format!("#step={n}"));
            assert!(
                dom.contains(r#"<div id="errors" style="color:#b00"></div>"#),
                "{id}: a script error was reported: {dom}"
            );
            assert!(
                dom.contains(&format!("data-step=\"{}\"", n - 1)),
                "{id} #step={n}"
            );
            let shown: String = dom
                .split("data-digit=\"")
                .skip(1)
                .map(|rest| match &rest[..rest.find('"').unwrap()] {
                    "" => ".".to_string(),
                    d => d.to_string(),
                })
                .collect();
            assert_eq!(shown, boards[n - 1], "{id} at #step={n}");
        }
    }
}
