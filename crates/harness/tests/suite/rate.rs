//! `sudoku-lab rate`: formats, known ratings, errors, `--steps`, and
//! `explain --human` / `generate --rating`.

use assert_cmd::Command;
use predicates::prelude::*;

fn lab() -> Command {
    Command::cargo_bin("sudoku-lab").unwrap()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = crate::common::scratch_path("sudoku-lab-rate");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Three puzzles of puzzles/se-rated-2500.txt on which our rating equals SE's.
const RATED: &str = "# three SE-rated puzzles\n\
............618...9.84.35.11..549..77.......5.8..2..1...3...8..81.3.7.59..9...1.. 5.5\n\
1..9.6..3.243.795..........5.......9..1.9.7..49.8.5.16.7.....2....5.1............ 6.2\n\
...........79.58..59.....7296.5.8.141..7.6..3....9....3.4.6.5.1..5...6.....3.1... 7.1\n";

#[test]
fn line_format_gives_er_ep_ed_and_the_technique() {
    let file = temp_file("rated.txt", RATED);
    let out = lab()
        .args(["rate", "--jobs", "2"])
        .arg(&file)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].contains(" 5.5 ") && lines[0].ends_with("WXYZ-wing"),
        "{}",
        lines[0]
    );
    assert!(
        lines[2].contains(" 7.1 ") && lines[2].ends_with("forcing chain"),
        "{}",
        lines[2]
    );
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("Spearman 1.000") && stderr.contains("equal: 100.0%"),
        "{stderr}"
    );
}

#[test]
fn json_csv_and_table_formats() {
    let file = temp_file("rated2.txt", RATED);
    let out = lab()
        .args(["rate", "--format", "json"])
        .arg(&file)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["verdict"], "unique");
        assert!(v["known"].is_number());
        assert_eq!(
            v["er"].as_str().unwrap().parse::<f64>().unwrap(),
            v["known"].as_f64().unwrap()
        );
    }
    lab()
        .args(["rate", "--format", "csv"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "source,line,puzzle,verdict,er,ep,ed,hardest,steps,known,micros\n",
        ));
    lab()
        .args(["rate", "--format", "table"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("| ER").and(predicate::str::contains("Spearman")));
}

#[test]
fn steps_show_the_path_in_words() {
    lab()
        .args([
            "rate",
            "--steps",
            "............618...9.84.35.11..549..77.......5.8..2..1...3...8..81.3.7.59..9...1..",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("  1.2 hidden single: ")
                .and(predicate::str::contains("WXYZ-wing: ")),
        );
}

#[test]
fn bad_lines_and_non_unique_puzzles_fail_with_their_line() {
    let file = temp_file(
        "bad.txt",
        "12345\n.................................................................................\n",
    );
    lab()
        .arg("rate")
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("- invalid"))
        .stdout(predicate::str::contains("multiple"))
        .stderr(predicate::str::contains("bad.txt:1:"));
    lab().args(["rate", "no/such/file.txt"]).assert().code(2);
}

#[test]
fn explain_human_tells_the_path_and_the_rating() {
    lab()
        .args([
            "explain",
            "--human",
            "...........79.58..59.....7296.5.8.141..7.6..3....9....3.4.6.5.1..5...6.....3.1...",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("forcing chain").and(predicate::str::contains("ER 7.1")));
}

/// `trace --human`: the same path as `explain --human` in words, and as a
/// page whose data names, per step, the pattern cells, the candidates
/// removed and the digits placed (the browser test checks the drawing).
#[test]
fn trace_human_writes_the_path_in_words_and_as_a_page() {
    // The X-wing's worked example of crates/human: step 3 is the X-wing on
    // 6 in rows 3 and 7, columns 3 and 7.
    let puzzle =
        "8...67..9..91..3...7.9...2.6.....53.9.......6.81.....4.5...9.1...8..67..2..75...3";
    let words = |command: &str| {
        let out = lab().args([command, "--human", puzzle]).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let text = words("trace");
    assert_eq!(text, words("explain"));
    assert!(text.contains("  3. [3.2] X-wing on 6"), "{text}");
    let steps = text.lines().filter(|l| l.contains(". [")).count();

    let out = lab()
        .args(["trace", "--human", "--format", "html", puzzle])
        .assert()
        .success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let json = page
        .split(r#"<script id="data" type="application/json">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap();
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    let (page_steps, focus) = (
        data["steps"].as_array().unwrap(),
        data["focus"].as_array().unwrap(),
    );
    // One page step per step of the path, and one for where it ends.
    assert_eq!(page_steps.len(), steps + 1);
    assert_eq!(focus.len(), steps + 1);
    assert!(page_steps[2][2]
        .as_str()
        .unwrap()
        .starts_with("[3.2] X-wing on 6 in row 3, row 7; column 3, column 7"));
    let cell = |r: u64, c: u64| serde_json::json!((r - 1) * 9 + c - 1);
    let mut pattern: Vec<u64> = focus[2][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    pattern.sort_unstable();
    assert_eq!(
        serde_json::json!(pattern),
        serde_json::json!([cell(3, 3), cell(3, 7), cell(7, 3), cell(7, 7)])
    );
    assert_eq!(
        focus[2][1],
        serde_json::json!([[cell(9, 3), 6], [cell(9, 7), 6]])
    );
    assert_eq!(focus[2][2], serde_json::json!([]));
    assert!(page_steps[steps][2]
        .as_str()
        .unwrap()
        .starts_with("Solved by logic in"));

    // Only text and html; a puzzle with two solutions has no path.
    for format in ["json", "dot"] {
        lab()
            .args(["trace", "--human", "--format", format, puzzle])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("rate --steps --format json"));
    }
    lab()
        .args(["trace", "--human", "--strategy", "dlx", puzzle])
        .assert()
        .code(2);
    lab()
        .args(["trace", "--human", "................"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not unique"));
}

#[test]
fn generate_rating_window_is_respected_and_reproducible() {
    let run = || {
        let out = lab()
            .args([
                "generate",
                "--rating",
                "4.0..5.0",
                "--count",
                "2",
                "--seed",
                "3",
                "--max-attempts",
                "400",
            ])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let text = run();
    for line in text.lines().skip(1) {
        let er: f64 = line.split("er=").nth(1).unwrap().trim().parse().unwrap();
        assert!((4.0..=5.0).contains(&er), "{line}");
    }
    assert_eq!(text, run(), "the same seed gives the same puzzles");
    lab()
        .args(["generate", "--rating", "7..6"])
        .assert()
        .code(2);
}

/// The first `n` puzzles of puzzles/se-rated-2500.txt (rated lines).
fn se_rated(n: usize) -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/se-rated-2500.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn compare_on_a_rated_set_reports_the_study() {
    let file = temp_file("study.txt", &se_rated(40));
    let report = crate::common::scratch_path("sudoku-lab-study");
    let lines = report.with_extension("jsonl");
    let _ = std::fs::remove_file(&lines);
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "mrv,sat-complete,human",
            "--no-progress",
        ])
        .args(["--format", "json", "--rounds", "1", "--report"])
        .arg(&report)
        .arg("--results")
        .arg(&lines)
        .arg("--set")
        .arg(&file)
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let study = json["study"].as_array().expect("a study array");
    let results: Vec<serde_json::Value> = std::fs::read_to_string(&lines)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|l| l.get("strategy").is_some())
        .collect();
    let ids: Vec<&str> = study
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 3, "{study:?}");
    for id in ["mrv", "sat-complete", "human"] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    for r in study {
        assert_eq!(r["puzzles"], 40, "{r}");
        assert_eq!(r["stopped"], 0, "{r}");
        for field in ["spearman_nodes", "spearman_time"] {
            let rho = r[field]
                .as_f64()
                .unwrap_or_else(|| panic!("{field} in {r}"));
            assert!((-1.0..=1.0).contains(&rho), "{r}");
        }
    }
    // Each figure is the Spearman correlation of the lines' ratings and
    // nodes, recomputed here from the results file.
    for r in study {
        let id = r["strategy"].as_str().unwrap();
        let (ratings, nodes): (Vec<f64>, Vec<f64>) = results
            .iter()
            .filter(|l| l["strategy"] == id)
            .map(|l| (l["rating"].as_f64().unwrap(), l["nodes"].as_f64().unwrap()))
            .unzip();
        assert_eq!(ratings.len(), 40, "{id}");
        let rho = pearson(&average_ranks(&ratings), &average_ranks(&nodes));
        let reported = r["spearman_nodes"].as_f64().unwrap();
        assert!((rho - reported).abs() < 1e-3, "{id}: {rho} vs {reported}");
    }
    // The Markdown report has the section, and the chart is drawn legibly.
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    assert!(md.contains("Rating study"), "{md}");
    let svg = std::fs::read_to_string(report.join("rating_vs_nodes.svg")).unwrap();
    assert!(svg.contains("human: rho = "), "panel captions");
    for size in svg.split("font-size=\"").skip(1) {
        let size: f64 = size.split('"').next().unwrap().parse().unwrap();
        assert!(size >= 16.0, "a font of {size} in the study chart");
    }
    // An unrated set has no study.
    let plain = temp_file(
        "plain.txt",
        &se_rated(3)
            .lines()
            .map(|l| format!("{}\n", &l[..81]))
            .collect::<String>(),
    );
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "mrv",
            "--no-progress",
            "--format",
            "json",
            "--set",
        ])
        .arg(&plain)
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert!(json.get("study").is_none(), "{json}");
}

/// Ranks from 1, ties sharing their mean rank (written out again here, so
/// the test does not trust the code it checks).
fn average_ranks(values: &[f64]) -> Vec<f64> {
    values
        .iter()
        .map(|v| {
            let below = values.iter().filter(|w| *w < v).count() as f64;
            let equal = values.iter().filter(|w| *w == v).count() as f64;
            below + (equal + 1.0) / 2.0
        })
        .collect()
}

fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// The ratings of `rate --format json` output, without the times.
fn ratings(json: &str) -> Vec<serde_json::Value> {
    json.lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("micros");
            v
        })
        .collect()
}

#[test]
fn a_killed_rate_run_resumes_to_the_ratings_of_one_run() {
    let total = 300;
    let file = temp_file("resume.txt", &se_rated(total));
    let results = file.with_extension("jsonl");
    let _ = std::fs::remove_file(&results);
    let whole = lab()
        .args(["rate", "--jobs", "1", "--no-progress", "--format", "json"])
        .arg(&file)
        .assert()
        .success();
    let whole = ratings(&String::from_utf8_lossy(&whole.get_output().stdout));
    assert_eq!(whole.len(), total);

    // Killed (no chance to stop cleanly) once some puzzles are in the file.
    let bin = assert_cmd::cargo::cargo_bin("sudoku-lab");
    let mut child = std::process::Command::new(bin)
        .args(["rate", "--jobs", "1", "--no-progress", "--format", "json"])
        .arg("--results")
        .arg(&results)
        .arg(&file)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let held = |path: &std::path::Path| {
        std::fs::read_to_string(path)
            .map(|t| t.lines().count().saturating_sub(1))
            .unwrap_or(0)
    };
    let started = std::time::Instant::now();
    while held(&results) < 20 && started.elapsed() < std::time::Duration::from_secs(120) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run ended before it could be killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let before = held(&results);
    assert!(
        before >= 20 && before < total,
        "{before} records at the kill"
    );

    // Without --resume the file is refused; with other settings too.
    lab()
        .args(["rate", "--jobs", "1", "--results"])
        .arg(&results)
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("add --resume"));
    lab()
        .args(["rate", "--jobs", "1", "--steps", "--resume", "--results"])
        .arg(&results)
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("measurement"));

    let resumed = lab()
        .args(["rate", "--jobs", "1", "--no-progress", "--format", "json"])
        .args(["--resume", "--results"])
        .arg(&results)
        .arg(&file)
        .assert()
        .success()
        .stderr(predicate::str::contains("resumed: "));
    let resumed = ratings(&String::from_utf8_lossy(&resumed.get_output().stdout));
    assert_eq!(resumed, whole);
    // Every puzzle once in the file: the killed run's and the rest.
    let records = std::fs::read_to_string(&results).unwrap();
    let mut indices: Vec<u64> = records
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    indices.sort_unstable();
    indices.dedup();
    assert_eq!(indices.len(), total);
}
