//! The shape of the harness: it asks strategies what they are ([`Info`]) and
//! never names one outside `registry.rs`, so a new strategy joins with one
//! registry line.
//!
//! [`Info`]: sudoku_core::Info

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_strategy_id_is_named_outside_the_registry() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let ids: Vec<&str> = sudoku_harness::registry::strategies()
        .iter()
        .map(|s| s.id())
        .collect();
    assert!(ids.len() >= 5, "{ids:?}");
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with("registry.rs")) {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for id in &ids {
                if line.contains(&format!("\"{id}\"")) {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "strategy ids named outside registry.rs (ask the registry or Info instead):\n{}",
        found.join("\n")
    );
}

/// Issue 24: results travel typed (verdict, stop and shape are serde enums
/// and structs, never words parsed back), and what a strategy can do is
/// asked of `Info::capabilities`, never decided from its family or id.
#[test]
fn no_word_is_parsed_back_and_no_capability_comes_from_a_family() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        root.join("src"),
        root.join("tests"),
        root.join("../testkit/src"),
    ] {
        rust_files(&dir, &mut files);
    }
    let this = Path::new(file!()).file_name().unwrap();
    let mut found = Vec::new();
    for file in files.iter().filter(|f| f.file_name() != Some(this)) {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let parsed_back = code.contains("from_word(")
                || code.contains("Said::from")
                || code.contains(".verdict.as_str() ==")
                || code.contains(".stop.as_str() ==");
            // A family may be stated (`family: Family::Sat`) and shown, not tested.
            let by_family = code.contains("Family::")
                && (code.contains("==") || code.contains("!=") || code.contains("matches!"));
            let by_family = by_family || code.contains("matches!(info.family");
            if parsed_back || by_family {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "words parsed back, or capabilities decided by family (ask Info::capabilities):\n{}",
        found.join("\n")
    );
}
