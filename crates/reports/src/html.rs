//! `index.html` of `compare --report DIR`: one self-contained page (no
//! network, no external file) with the run's metadata, every set's table
//! (sortable by clicking a column), every chart inlined, and the problems
//! (verdict disagreements first).
//!
//! The cells are the ones the text and Markdown tables show
//! ([`cells::cells`]), so every format says the same thing.

use super::cells::{self, rho};
use super::notes;
use crate::markup::html_escape;
use crate::report::Report;
use sudoku_engine::ProblemKind;

/// The page. `charts` are `(file name, SVG text)` pairs, inlined in order.
pub fn index(report: &Report, charts: &[(String, String)]) -> String {
    let mut body = String::new();
    body.push_str("<h1>sudoku-lab comparison</h1>\n");
    body.push_str(&format!(
        "<p class=\"run\">{}</p>\n",
        html_escape(&notes::run_line(report))
    ));
    for warning in notes::warnings(report) {
        body.push_str(&format!(
            "<p class=\"warn\">{}</p>\n",
            html_escape(&warning)
        ));
    }
    body.push_str(&machine(report));
    body.push_str("<h2>Results</h2>\n");
    for set in &report.sets {
        body.push_str(&format!(
            "<h3>{}</h3>\n<div class=\"wrap\"><table class=\"results\">\n<thead><tr>",
            html_escape(&notes::set_heading(set))
        ));
        for h in cells::HEADERS {
            body.push_str(&format!("<th>{}</th>", html_escape(&h.replace('\n', " "))));
        }
        body.push_str("</tr></thead>\n<tbody>\n");
        for row in report.rows(&set.name) {
            body.push_str("<tr>");
            for cell in cells::cells(row) {
                body.push_str(&format!("<td>{}</td>", html_escape(&cell)));
            }
            body.push_str("</tr>\n");
        }
        body.push_str("</tbody></table></div>\n");
        if let Some(standing) = notes::standings(report, &set.name) {
            body.push_str(&format!(
                "<p class=\"standing\">{}.</p>\n",
                html_escape(&standing)
            ));
        }
    }
    body.push_str(&study_tables(report));
    let notes = notes::footnotes(report);
    if !notes.is_empty() {
        body.push_str("<div class=\"notes\">");
        for note in notes {
            body.push_str(&format!("<p>{}</p>", html_escape(&note)));
        }
        body.push_str("</div>\n");
    }
    if !charts.is_empty() {
        body.push_str("<h2>Charts</h2>\n");
        for (name, svg) in charts {
            body.push_str(&format!(
                "<figure><div class=\"chart\">{}</div><figcaption>{}</figcaption></figure>\n",
                strip_prolog(svg),
                html_escape(name)
            ));
        }
    }
    body.push_str(&problems(report));
    TEMPLATE.replace("{{BODY}}", &body)
}

fn machine(report: &Report) -> String {
    let rows = report.machine.rows();
    let mut out = String::from("<h2>Machine</h2>\n<table class=\"machine\" id=\"machine\">\n");
    for (k, v) in rows {
        out.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>\n",
            html_escape(k),
            html_escape(&v)
        ));
    }
    out.push_str("</table>\n");
    out
}

/// Disagreements first: they are the reason a run cannot be trusted.
fn problems(report: &Report) -> String {
    let mut listed: Vec<_> = report.problems.iter().collect();
    listed.sort_by_key(|p| p.kind != ProblemKind::Disagreement);
    let disagreements = listed
        .iter()
        .filter(|p| p.kind == ProblemKind::Disagreement)
        .count();
    let mut out = format!(
        "<h2>Problems</h2>\n<p id=\"disagreements\">{}</p>\n",
        match disagreements {
            0 => "No verdict disagreements between strategies.".to_string(),
            n => format!("{n} verdict disagreement(s) between strategies: listed first."),
        }
    );
    if !listed.is_empty() {
        out.push_str("<ul class=\"problems\">\n");
        for p in listed.iter().take(500) {
            out.push_str(&format!("<li>{}</li>\n", html_escape(&p.to_string())));
        }
        out.push_str("</ul>\n");
    }
    out
}

/// An SVG file's text without its XML prolog, to inline it.
fn strip_prolog(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sudoku-lab comparison</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; padding: 0 1em; }
table { border-collapse: collapse; margin: .5em 0 1.5em; }
th, td { padding: .25em .6em; border-bottom: 1px solid #ddd; }
.wrap { overflow-x: auto; }
table.results td, table.results th { white-space: nowrap; }
table.results td { text-align: right; font-variant-numeric: tabular-nums; }
table.results td:first-child { text-align: left; font-weight: 600; }
table.results th { cursor: pointer; background: #f4f4f4; position: sticky; top: 0; font-size: 13px; }
table.results th:after { content: " \2195"; color: #aaa; }
table.machine th { text-align: left; font-weight: normal; color: #555; }
.chart svg { max-width: 100%; height: auto; }
figure { margin: 1em 0 2em; }
figcaption { color: #666; font-size: 13px; }
.warn { color: #a15c00; }
.run, .notes { color: #444; }
</style>
</head>
<body>
{{BODY}}
<div id="errors" style="color:#b00"></div>
<script>
"use strict";
window.onerror = function (msg) {
  document.getElementById("errors").textContent += "script error: " + msg + "\n";
};
// Sort a table by a column: numbers with their units (µs, ms, s, k, M, kB,
// MB, x) compare as numbers; "n/a" sorts last.
const UNITS = { "µs": 1, "ms": 1e3, "s": 1e6, "k": 1e3, "M": 1e6, "G": 1e9, "B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9, "x": 1, "%": 1 };
function key(text) {
  const m = text.replace(/[<>=†!,\s]/g, "").match(/^([0-9.]+)([a-zµ%A-Z]*)$/);
  if (!m) return text === "n/a" ? Infinity : text.toLowerCase();
  return parseFloat(m[1]) * (UNITS[m[2]] || 1);
}
document.querySelectorAll("table.results").forEach(table => {
  table.querySelectorAll("th").forEach((th, col) => {
    th.addEventListener("click", () => {
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      const up = th.dataset.order !== "up";
      rows.sort((a, b) => {
        const x = key(a.cells[col].textContent), y = key(b.cells[col].textContent);
        const c = (typeof x === typeof y) ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1);
        return up ? c : -c;
      });
      rows.forEach(r => body.appendChild(r));
      th.dataset.order = up ? "up" : "down";
      document.body.dataset.sorted = col;
    });
  });
});
if (location.hash === "#selftest") {
  // Used by the browser test: sort the first table by its "mean" column.
  const th = Array.from(document.querySelectorAll("table.results th")).find(h => h.textContent.startsWith("mean"));
  if (th) th.click();
  document.body.dataset.selftest = "done";
}
</script>
</body>
</html>
"##;

/// The study's tables on the report page (`index.html`); empty when no set
/// carries ratings.
pub fn study_tables(report: &Report) -> String {
    let mut out = String::new();
    for set in &report.sets {
        let rows: Vec<_> = report.study.iter().filter(|r| r.set == set.name).collect();
        if rows.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "<h3>Rating study, {}: Spearman correlation of the puzzles' ratings with each \
             strategy's figures per puzzle</h3>\n<div class=\"wrap\"><table class=\"results\">\n\
             <thead><tr><th>strategy</th><th>rated puzzles</th><th>nodes</th><th>guesses</th>\
             <th>backtracks</th><th>time</th></tr></thead>\n<tbody>\n",
            html_escape(&set.name)
        ));
        for r in rows {
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                html_escape(&r.strategy),
                r.puzzles,
                rho(r.spearman_nodes),
                rho(r.spearman_guesses),
                rho(r.spearman_backtracks),
                rho(r.spearman_time)
            ));
        }
        out.push_str("</tbody></table></div>\n");
    }
    out
}
