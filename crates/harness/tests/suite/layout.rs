//! The shape of the harness: it asks strategies what they are ([`Info`]) and
//! never names one outside `registry.rs`, so a new strategy joins with one
//! registry line; and the layers of ARCHITECTURE.md: the engine and the
//! reports depend on no view library, no command-line parser and no
//! strategy (cargo metadata), and no crate of the program has modules that
//! import each other in a circle (its `use crate::` / `super::` paths).
//!
//! [`Info`]: sudoku_core::Info

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "../engine/src", "../reports/src"] {
        rust_files(&root.join(dir), &mut files);
    }
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

/// Every crate that implements `Strategy` names its rows in
/// `sudoku_core::compiled_here!` (see "Where a strategy's search is compiled"
/// on `Strategy`): without it, every test binary that uses the strategy
/// compiles its whole search again, and the suite's build takes minutes more.
#[test]
fn every_strategy_crate_compiles_its_search_in_its_own_crate() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut missing = Vec::new();
    for entry in fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let texts: Vec<String> = files
            .iter()
            .map(|f| fs::read_to_string(f).unwrap())
            .collect();
        let implements = texts.iter().any(|t| t.contains("impl Strategy for "));
        let names_them = texts.iter().any(|t| t.contains("compiled_here!("));
        if implements && !names_them {
            missing.push(src.display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "crates that implement Strategy without sudoku_core::compiled_here!: {missing:?}"
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
        root.join("../engine/src"),
        root.join("../reports/src"),
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

use crate::common::root;

/// The crates no strategy-free layer may reach.
const STRATEGIES: [&str; 12] = [
    "sudoku-naive",
    "sudoku-search",
    "sudoku-mrv",
    "sudoku-dlx",
    "sudoku-dcells",
    "sudoku-propagate",
    "sudoku-bitboard",
    "sudoku-sat",
    "sudoku-human",
    "sudoku-reference",
    "sudoku-tdoku",
    "sudoku-generate",
];

/// Every package `name` depends on to build (normal and build dependencies,
/// transitively; dev-dependencies are the tests' own).
fn dependencies(meta: &serde_json::Value, name: &str) -> BTreeSet<String> {
    let packages = meta["packages"].as_array().expect("packages");
    let name_of: HashMap<&str, &str> = packages
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let nodes: HashMap<&str, Vec<&str>> = meta["resolve"]["nodes"]
        .as_array()
        .expect("a resolved graph")
        .iter()
        .map(|n| {
            let deps = n["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| {
                    d["dep_kinds"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|k| k["kind"].as_str() != Some("dev"))
                })
                .map(|d| d["pkg"].as_str().unwrap())
                .collect();
            (n["id"].as_str().unwrap(), deps)
        })
        .collect();
    let start = name_of
        .iter()
        .find(|(_, n)| **n == name)
        .map(|(id, _)| *id)
        .unwrap_or_else(|| panic!("no package {name} in the workspace"));
    let mut seen = BTreeSet::new();
    let mut todo = vec![start];
    while let Some(id) = todo.pop() {
        for dep in nodes.get(id).into_iter().flatten() {
            if seen.insert(name_of[dep].to_string()) {
                todo.push(dep);
            }
        }
    }
    seen
}

#[test]
fn the_engine_and_the_reports_depend_on_no_view_parser_or_strategy() {
    // This platform's packages only: the others' may not be downloaded.
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc).arg("-vV").output().expect("rustc runs");
    let version = String::from_utf8_lossy(&version.stdout).into_owned();
    let host = version
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc names its host");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .args(["--filter-platform", host])
        .current_dir(root())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let engine = dependencies(&meta, "sudoku-engine");
    assert!(engine.contains("sudoku-core"), "{engine:?}");
    for banned in [
        "tabled",
        "plotters",
        "clap",
        "sudoku-reports",
        "sudoku-harness",
    ]
    .into_iter()
    .chain(STRATEGIES)
    {
        assert!(
            !engine.contains(banned),
            "sudoku-engine depends on {banned}"
        );
    }
    // Core keeps what strategies need; reading input and replaying a trace
    // sit on it, beside the strategies, and reach nothing else of ours.
    let ours = |deps: BTreeSet<String>| -> Vec<String> {
        deps.into_iter()
            .filter(|d| d.starts_with("sudoku-"))
            .collect()
    };
    assert_eq!(
        ours(dependencies(&meta, "sudoku-core")),
        Vec::<String>::new()
    );
    for leaf in ["sudoku-input", "sudoku-replay"] {
        assert_eq!(ours(dependencies(&meta, leaf)), ["sudoku-core"], "{leaf}");
    }
    let reports = dependencies(&meta, "sudoku-reports");
    assert!(reports.contains("sudoku-engine"), "{reports:?}");
    for banned in ["clap", "sudoku-harness"].into_iter().chain(STRATEGIES) {
        assert!(
            !reports.contains(banned),
            "sudoku-reports depends on {banned}"
        );
    }
}

/// One module of a crate: its path (`compare::merge`; the root is ""), its
/// source without comments and test modules, and its child modules.
struct Module {
    source: String,
    children: Vec<String>,
}

/// The text without `//` comments and without `#[cfg(test)] mod ... { }`.
fn code(text: &str) -> String {
    let mut kept = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        kept.push_str(line);
        kept.push('\n');
    }
    while let Some(at) = kept.find("#[cfg(test)]") {
        let rest = &kept[at + "#[cfg(test)]".len()..];
        let body = rest.trim_start();
        let end = if body.starts_with("mod ") {
            let open = rest.find('{').unwrap_or(rest.len());
            let mut depth = 0usize;
            let mut end = rest.len();
            for (i, c) in rest[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end
        } else {
            0
        };
        kept.replace_range(at..at + "#[cfg(test)]".len() + end, "");
    }
    kept
}

fn modules(src: &Path) -> BTreeMap<String, Module> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts == ["main"] {
                continue; // the binary: a crate of its own over the library
            }
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            let source = code(&std::fs::read_to_string(&path).unwrap());
            let children = source
                .lines()
                .filter_map(|l| {
                    let l = l.trim();
                    let l = l.split_once("mod ").map_or(l, |(vis, _)| &l[vis.len()..]);
                    let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
                    Some(name.trim().to_string())
                })
                .collect();
            found.insert(parts.join("::"), Module { source, children });
        }
    }
    found
}

/// The paths of a `use` tree: `a::{b, c::{d, e}}` is a::b, a::c::d, a::c::e.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" as ", "@")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let Some(open) = tree.find('{') else {
        let path = tree.split('@').next().unwrap_or(&tree);
        return vec![path.split("::").map(String::from).collect()];
    };
    let prefix: Vec<String> = tree[..open]
        .trim_end_matches("::")
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let inner = &tree[open + 1..tree.len() - 1];
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|i| !i.is_empty())
        .flat_map(expand)
        .map(|tail| prefix.iter().cloned().chain(tail).collect())
        .collect()
}

/// Every module path `module` names: its `use` trees and inline paths
/// starting at `crate`, `super` or `self`, and its children by name.
fn named_paths(name: &str, module: &Module) -> Vec<Vec<String>> {
    let src = &module.source;
    let mut paths = Vec::new();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut at = 0;
    while let Some(i) = src[at..].find("use ") {
        let start = at + i;
        at = start + 4;
        if start > 0 && src[..start].ends_with(word) {
            continue;
        }
        let Some(end) = src[at..].find(';') else {
            break;
        };
        let tree = &src[at..at + end];
        if tree.starts_with("crate") || tree.starts_with("super") || tree.starts_with("self") {
            paths.extend(expand(tree));
        }
    }
    for anchor in ["crate::", "super::", "self::"] {
        for (i, _) in src.match_indices(anchor) {
            if i > 0 && (src[..i].ends_with(word) || src[..i].ends_with(':')) {
                continue;
            }
            let path: String = src[i..]
                .chars()
                .take_while(|c| word(*c) || *c == ':')
                .collect();
            paths.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
            );
        }
    }
    for child in &module.children {
        let pattern = format!("{child}::");
        for (i, _) in src.match_indices(&pattern) {
            if i > 0 && (src[..i].ends_with(word) || src[..i].ends_with(':')) {
                continue;
            }
            let mut path = vec!["self".to_string(), child.clone()];
            path.extend(
                src[i + pattern.len()..]
                    .split(|c: char| !word(c))
                    .next()
                    .map(String::from),
            );
            paths.push(path);
        }
    }
    let _ = name;
    paths
}

/// The edges of the crate's module graph, each with the path that made it.
/// A module's own ancestors are left out: a child may use what its parent
/// declares (`super::Args`), and the root re-exports (`crate::Status`).
fn graph(src: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let modules = modules(src);
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (name, module) in &modules {
        let here: Vec<String> = name
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        for path in named_paths(name, module) {
            let mut at: Vec<String> = Vec::new();
            let mut rest = path.as_slice();
            match rest.first().map(String::as_str) {
                Some("crate") => rest = &rest[1..],
                Some("self") => {
                    at = here.clone();
                    rest = &rest[1..];
                }
                Some("super") => {
                    at = here.clone();
                    while rest.first().map(String::as_str) == Some("super") {
                        at.pop();
                        rest = &rest[1..];
                    }
                }
                _ => continue,
            }
            let target = (0..=rest.len())
                .rev()
                .map(|k| {
                    at.iter()
                        .chain(&rest[..k])
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("::")
                })
                .find(|m| modules.contains_key(m))
                .unwrap_or_default();
            let ancestor = target.is_empty() || name.starts_with(&format!("{target}::"));
            if target != *name && !ancestor {
                edges
                    .entry(name.clone())
                    .or_default()
                    .entry(target)
                    .or_insert_with(|| path.join("::"));
            }
        }
    }
    edges
}

/// A circle of the graph, if there is one: the modules in order.
fn circle(edges: &BTreeMap<String, BTreeMap<String, String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeMap<String, String>>,
        state: &mut HashMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flat_map(|e| e.keys()) {
            match state.get(next.as_str()) {
                Some(1) => {
                    let from = stack.iter().position(|n| n == next).unwrap();
                    let mut found = stack[from..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                Some(_) => {}
                None => {
                    if let Some(found) = visit(next, edges, state, stack) {
                        return Some(found);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = HashMap::new();
    for node in edges.keys() {
        if !state.contains_key(node.as_str()) {
            if let Some(found) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(found);
            }
        }
    }
    None
}

#[test]
fn no_crate_of_the_program_has_an_import_circle() {
    for krate in ["core", "engine", "reports", "harness"] {
        let edges = graph(&root().join("crates").join(krate).join("src"));
        assert!(
            edges.len() > 5,
            "{krate}: only {} modules import others: the reading is broken",
            edges.len()
        );
        if let Some(found) = circle(&edges) {
            let why: Vec<String> = found
                .windows(2)
                .map(|w| format!("{} -> {} ({})", w[0], w[1], edges[&w[0]][&w[1]]))
                .collect();
            panic!("crates/{krate}: an import circle: {}", why.join(", "));
        }
    }
}

#[test]
fn the_reading_finds_a_circle_where_there_is_one() {
    let dir = crate::common::scratch_path("sudoku-layers");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod a;\npub mod b;\n").unwrap();
    std::fs::write(
        src.join("a/mod.rs"),
        "// use crate::b; in a comment is no import\npub mod c;\npub fn f() { c::g() }\n",
    )
    .unwrap();
    std::fs::write(
        src.join("a/c.rs"),
        "use crate::{b::{self, h}};\npub fn g() {}\n",
    )
    .unwrap();
    std::fs::write(src.join("b.rs"), "pub fn h() { crate::a::f() }\n").unwrap();
    let edges = graph(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(edges["a"].keys().collect::<Vec<_>>(), ["a::c"]);
    assert_eq!(edges["a::c"].keys().collect::<Vec<_>>(), ["b"]);
    let found = circle(&edges).expect("a -> a::c -> b -> a");
    assert_eq!(found.first(), found.last());
    assert_eq!(found.len(), 4, "{found:?}");
}
