//! `sudoku-lab rate`: formats, known ratings, errors, `--steps`, and
//! `explain --human` / `generate --rating`.

use assert_cmd::Command;
use predicates::prelude::*;

fn lab() -> Command {
    Command::cargo_bin("sudoku-lab").unwrap()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-lab-rate-{}", std::process::id()));
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
