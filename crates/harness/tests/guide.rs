//! The committed guide (`docs/`, built from `guide/src` by `guide/build.sh`):
//! it opens from a clone, links every lesson, every local link resolves, and,
//! in a real browser, no page raises a script error and every embedded trace
//! page steps to its last step.
//!
//! The browser tests need Chromium and are `#[ignore]`d in a plain
//! `cargo test`; `.ci/run` installs Chromium and runs them with `--ignored`.
//! `.ci/run` also checks that `docs/` is the build of `guide/src`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn docs() -> PathBuf {
    root().join("docs")
}

/// The lessons and chapters `guide/src/SUMMARY.md` lists, as their built
/// `.html` names.
fn chapters() -> Vec<String> {
    let summary = std::fs::read_to_string(root().join("guide/src/SUMMARY.md")).unwrap();
    summary
        .lines()
        .filter_map(|line| {
            let start = line.find("](")? + 2;
            let end = start + line[start..].find(')')?;
            Some(line[start..end].replace(".md", ".html"))
        })
        .collect()
}

/// The values of `attr="..."` in a page.
fn attribute_values(html: &str, attr: &str) -> Vec<String> {
    let needle = format!("{attr}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| {
            let start = at + needle.len();
            let end = start + html[start..].find('"')?;
            Some(html[start..end].to_string())
        })
        .collect()
}

/// A link that stays inside the guide: no scheme, no fragment-only link.
fn local_target(link: &str) -> Option<&str> {
    if link.contains("://") || link.starts_with('#') || link.starts_with("mailto:") {
        return None;
    }
    if link.starts_with("data:") || link.starts_with("javascript:") {
        return None;
    }
    let path = link.split(['#', '?']).next().unwrap();
    (!path.is_empty()).then_some(path)
}

fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(docs())
        .expect("docs/ is committed: run guide/build.sh")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
}

/// The trace pages the lessons embed (`<iframe src=...>`), once each.
fn embedded_pages() -> BTreeSet<PathBuf> {
    let mut embedded = BTreeSet::new();
    for page in pages() {
        let html = std::fs::read_to_string(&page).unwrap();
        for src in attribute_values(&html, "src") {
            if html.contains(&format!("<iframe class=\"trace\" src=\"{src}\"")) {
                embedded.insert(docs().join(local_target(&src).unwrap()));
            }
        }
    }
    embedded
}

#[test]
fn the_index_opens_the_guide_and_links_every_lesson() {
    let index = std::fs::read_to_string(docs().join("index.html"))
        .expect("docs/index.html is committed: run guide/build.sh");
    let links: BTreeSet<String> = attribute_values(&index, "href").into_iter().collect();
    let chapters = chapters();
    assert!(chapters.len() >= 10, "SUMMARY.md lists {chapters:?}");
    // mdBook makes index.html of the first chapter, the introduction, whose
    // text links every other chapter (the sidebar is drawn by a script: the
    // browser test checks it).
    assert!(
        index.contains("<h1 id=\"introduction\">"),
        "index.html is the introduction"
    );
    for chapter in chapters.iter().skip(1) {
        assert!(
            links.contains(chapter),
            "docs/index.html does not link {chapter}"
        );
        assert!(docs().join(chapter).is_file(), "docs/{chapter} is missing");
    }
}

#[test]
fn every_local_link_and_source_in_the_guide_resolves() {
    let mut checked = 0;
    for page in pages() {
        let html = std::fs::read_to_string(&page).unwrap();
        for attr in ["href", "src"] {
            for link in attribute_values(&html, attr) {
                let Some(target) = local_target(&link) else {
                    continue;
                };
                let file = page.parent().unwrap().join(target);
                assert!(
                    file.exists(),
                    "{} links {link}, which is not in docs/",
                    page.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} local links found");
}

#[test]
fn the_lessons_embed_trace_pages_and_the_charts() {
    let embedded = embedded_pages();
    assert!(embedded.len() >= 5, "{embedded:?}");
    let ladder = std::fs::read_to_string(docs().join("ladder.html")).unwrap();
    assert!(
        ladder.contains("generated/ladder/ladder.svg"),
        "the ladder lesson shows the ladder chart"
    );
    assert!(
        ladder.contains("generated/profiles/profile-norvig.svg"),
        "the ladder lesson shows depth profiles"
    );
}

/// Loads a page in headless Chromium: its DOM after the scripts ran, and
/// the console lines that report a script error.
fn open(page: &Path, fragment: &str) -> (String, Vec<String>) {
    let opened = sudoku_testkit::browser::open(page, fragment);
    let errors = opened.script_errors().into_iter().cloned().collect();
    (opened.dom, errors)
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn every_page_of_the_guide_opens_without_a_script_error() {
    for page in pages() {
        let (dom, errors) = open(&page, "");
        assert!(errors.is_empty(), "{}: {errors:?}", page.display());
        // toc.html is the sidebar for browsers without scripts, and 404.html
        // a web server's error page (its links are absolute): not chapters.
        if page.ends_with("toc.html") || page.ends_with("404.html") {
            continue;
        }
        assert!(
            dom.contains("sudoku-lab: search and pruning, measured"),
            "{} did not render the guide's frame",
            page.display()
        );
        // The sidebar, drawn by the page's script, links every chapter.
        for chapter in chapters() {
            assert!(
                dom.contains(&format!("href=\"{chapter}\"")),
                "{}: the sidebar does not link {chapter}",
                page.display()
            );
        }
    }
}

/// "step K of N" as the trace page's counter shows it.
fn counter(dom: &str) -> (usize, usize) {
    let at = dom.find("step ").expect("the page shows its step counter");
    let words: Vec<&str> = dom[at..].split_whitespace().take(4).collect();
    let number = |w: &str| {
        w.trim_end_matches(|c: char| !c.is_ascii_digit())
            .parse::<usize>()
            .unwrap_or_else(|_| panic!("not a step counter: {words:?}"))
    };
    assert_eq!(words[2], "of", "not a step counter: {words:?}");
    (number(words[1]), number(words[3]))
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this with --ignored"]
fn every_embedded_trace_page_steps_to_its_last_step() {
    let embedded = embedded_pages();
    assert!(!embedded.is_empty());
    for page in embedded {
        let (dom, errors) = open(&page, "");
        assert!(errors.is_empty(), "{}: {errors:?}", page.display());
        let (_, last) = counter(&dom);
        assert!(last > 1, "{}: {last} steps", page.display());
        // The deep link a lesson or a slide would use, to the last step.
        let (dom, errors) = open(&page, &format!("#step={last}"));
        assert!(errors.is_empty(), "{}: {errors:?}", page.display());
        assert_eq!(counter(&dom), (last, last), "{}", page.display());
    }
}
