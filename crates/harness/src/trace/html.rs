//! `trace --format html`: one self-contained page a lecturer can put on a
//! course site. The grid with pencil marks, a step slider and keys (next,
//! back, next guess, next dead end), the reason of every step, the search tree
//! beside the grid with the current node lit, and the statistics at the end.
//!
//! The page carries the recorded steps as JSON and draws everything with a
//! little plain JavaScript: no network, no external file. A step names the
//! node of the search tree it concerns; the page rebuilds a node's grid by
//! walking up to the root, so a million steps cost a million small records,
//! not a million grids. The tree drawing is capped (see [`TREE_CAP`]); the
//! path from the root to the current node is always listed.

use super::*;

/// Trees with more nodes than this are not drawn (the current path is still
/// listed): an SVG of a hundred thousand nodes helps no one.
pub const TREE_CAP: usize = 4000;

/// One step as the page sees it: `[kind, node, text]`, where kind is one of
/// `enter place undo backtrack dead solution eliminate`.
#[derive(Serialize)]
struct Step(&'static str, usize, String);

/// One node of the tree: `[parent or -1, cell or -1, digit, depth, guess]`.
#[derive(Serialize)]
struct Node(i64, i64, u8, u32, bool);

#[derive(Serialize)]
struct Data<'a> {
    title: &'a str,
    box_rows: usize,
    box_cols: usize,
    givens: &'a [u8],
    steps: Vec<Step>,
    nodes: Vec<Node>,
    /// Steps of the search not recorded (beyond `--max-steps`).
    hidden: u64,
    summary: String,
    result: String,
    tree_cap: usize,
}

/// The page for a recorded trace.
pub fn page(
    title: &str,
    puzzle: &Grid,
    events: &[Event],
    hidden: u64,
    outcome: &Outcome,
) -> String {
    let shape = puzzle.shape();
    let mut tree = Tree::default();
    let (mut node_count, mut solutions) = (0, 0);
    let mut steps = Vec::with_capacity(events.len());
    for event in events {
        let node = tree.apply(event).unwrap_or(0);
        match event {
            Event::Enter { .. } => node_count += 1,
            Event::Solution { .. } => solutions += 1,
            _ => {}
        }
        let kind = match event {
            Event::Enter { .. } => "enter",
            Event::Place { .. } => "place",
            Event::Undo {
                backtrack: true, ..
            } => "backtrack",
            Event::Undo { .. } => "undo",
            Event::DeadEnd { .. } => "dead",
            Event::Solution { .. } => "solution",
            Event::Eliminate { .. } => "eliminate",
        };
        steps.push(Step(
            kind,
            node,
            describe(shape, event, node_count, solutions),
        ));
    }
    let nodes = tree
        .nodes
        .iter()
        .map(|n| {
            let (cell, digit, guess) = n
                .choice
                .map_or((-1, 0, false), |(c, d, r)| (c as i64, d, r.is_guess()));
            Node(
                n.parent.map_or(-1, |p| p as i64),
                cell,
                digit,
                n.depth,
                guess,
            )
        })
        .collect();
    let data = Data {
        title,
        box_rows: shape.box_rows(),
        box_cols: shape.box_cols(),
        givens: puzzle.cells(),
        steps,
        nodes,
        hidden,
        summary: summary_text(&outcome.stats),
        result: outcome.verdict().describe(),
        tree_cap: TREE_CAP,
    };
    // `</` cannot end the script element from inside a JSON string.
    let json = serde_json::to_string(&data)
        .expect("trace data serialises")
        .replace("</", "<\\/");
    TEMPLATE
        .replace("{{TITLE}}", &html_escape(title))
        .replace("{{DATA}}", &json)
}

/// Text for an HTML element or attribute.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.25em; margin: 0 0 .5em; }
#main { display: flex; gap: 2em; flex-wrap: wrap; align-items: flex-start; }
table.grid { border-collapse: collapse; }
table.grid td { border: 1px solid #bbb; text-align: center; vertical-align: middle; padding: 0; }
table.grid td.given { font-weight: bold; }
table.grid td.placed { color: #1565c0; }
table.grid td.current { background: #c8e6c9; }
table.grid td.undone { background: #f4c7c3; }
table.grid td.bright { border-right: 2px solid #333; }
table.grid td.bbottom { border-bottom: 2px solid #333; }
.marks { font-size: 9px; color: #888; line-height: 1.1; }
#controls { margin: 1em 0; display: flex; gap: .5em; align-items: center; flex-wrap: wrap; }
#slider { width: 24em; }
#what { font-size: 1.05em; min-height: 1.5em; }
#path { font-family: ui-monospace, monospace; font-size: 12px; max-height: 12em; overflow: auto; }
#tree circle { fill: #ddd; stroke: #999; }
#tree circle.guess { fill: #ffe0b2; }
#tree circle.lit { fill: #2e7d32; stroke: #1b5e20; r: 6; }
#tree line { stroke: #ccc; }
.note { color: #666; font-size: 13px; }
kbd { border: 1px solid #aaa; border-radius: 3px; padding: 0 .3em; font-size: 12px; }
</style>
</head>
<body>
<h1 id="title"></h1>
<div id="controls">
  <button id="first" title="Home">|&lt;</button>
  <button id="back" title="Left arrow">&lt; back</button>
  <button id="next" title="Right arrow">next &gt;</button>
  <button id="nextguess" title="g">next guess</button>
  <button id="nextdead" title="d">next dead end</button>
  <button id="last" title="End">&gt;|</button>
  <input id="slider" type="range" min="0" value="0">
  <span id="counter"></span>
</div>
<div id="what"></div>
<div id="main">
  <div><table class="grid" id="grid"></table></div>
  <div>
    <div id="treebox"></div>
    <p class="note">Path from the root to the current node:</p>
    <div id="path"></div>
  </div>
</div>
<p id="summary"></p>
<p class="note" id="cap"></p>
<p class="note">Keys: <kbd>&rarr;</kbd> next, <kbd>&larr;</kbd> back, <kbd>g</kbd> next guess,
<kbd>d</kbd> next dead end, <kbd>Home</kbd>/<kbd>End</kbd>. Pencil marks are the digits the
row, column and box still allow.</p>
<div id="errors" style="color:#b00"></div>
<script id="data" type="application/json">{{DATA}}</script>
<script>
"use strict";
window.onerror = function (msg) {
  document.getElementById("errors").textContent += "script error: " + msg + "\n";
};
const D = JSON.parse(document.getElementById("data").textContent);
const R = D.box_rows, C = D.box_cols, N = R * C;
const SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const sym = d => d === 0 ? "" : (N <= 9 ? String(d) : SYM[d - 1]);
let step = 0;
document.getElementById("title").textContent = D.title;
const grid = document.getElementById("grid");
const cells = [];
const size = N <= 9 ? 42 : N <= 16 ? 30 : 24;
for (let r = 0; r < N; r++) {
  const tr = grid.insertRow();
  for (let c = 0; c < N; c++) {
    const td = tr.insertCell();
    td.style.width = td.style.height = size + "px";
    if ((c + 1) % C === 0 && c + 1 < N) td.classList.add("bright");
    if ((r + 1) % R === 0 && r + 1 < N) td.classList.add("bbottom");
    cells.push(td);
  }
}
function gridOf(node) {
  const g = D.givens.slice();
  for (let i = node; i >= 0 && i < D.nodes.length; i = D.nodes[i][0]) {
    const n = D.nodes[i];
    if (n[1] >= 0) g[n[1]] = n[2];
  }
  return g;
}
function marks(g, cell) {
  const r = Math.floor(cell / N), c = cell % N;
  const br = r - r % R, bc = c - c % C;
  const used = new Set();
  for (let i = 0; i < N; i++) {
    used.add(g[r * N + i]); used.add(g[i * N + c]);
    used.add(g[(br + Math.floor(i / C)) * N + bc + i % C]);
  }
  let out = "";
  for (let d = 1; d <= N; d++) if (!used.has(d)) out += sym(d);
  return out;
}
const xs = [], ys = [];
function layoutTree() {
  const box = document.getElementById("treebox");
  if (D.nodes.length > D.tree_cap || D.nodes.length === 0) {
    box.innerHTML = '<p class="note">The tree has ' + D.nodes.length +
      " nodes: too many to draw (the cap is " + D.tree_cap + "); the path is listed below.</p>";
    return;
  }
  const kids = D.nodes.map(() => []);
  D.nodes.forEach((n, i) => { if (n[0] >= 0) kids[n[0]].push(i); });
  let leaf = 0, depth = 0;
  function place(i) {
    depth = Math.max(depth, D.nodes[i][3]);
    if (kids[i].length === 0) { xs[i] = leaf++; }
    else { kids[i].forEach(place); xs[i] = (xs[kids[i][0]] + xs[kids[i][kids[i].length - 1]]) / 2; }
    ys[i] = D.nodes[i][3];
  }
  D.nodes.forEach((n, i) => { if (n[0] < 0) place(i); });
  const dx = Math.max(3, Math.min(16, 560 / Math.max(1, leaf))), dy = 18;
  const w = leaf * dx + 20, h = (depth + 1) * dy + 20;
  let s = '<svg id="tree" width="' + w + '" height="' + h + '" xmlns="http://www.w3.org/2000/svg">';
  D.nodes.forEach((n, i) => {
    if (n[0] >= 0) s += '<line x1="' + (10 + xs[n[0]] * dx) + '" y1="' + (10 + ys[n[0]] * dy) +
      '" x2="' + (10 + xs[i] * dx) + '" y2="' + (10 + ys[i] * dy) + '"/>';
  });
  D.nodes.forEach((n, i) => {
    s += '<circle id="n' + i + '" class="' + (n[4] ? "guess" : "") + '" cx="' + (10 + xs[i] * dx) +
      '" cy="' + (10 + ys[i] * dy) + '" r="4"><title>node ' + i + "</title></circle>";
  });
  box.innerHTML = s + "</svg>";
}
function cellName(c) { return "r" + (Math.floor(c / N) + 1) + "c" + (c % N + 1); }
let lit = null;
function show(k) {
  const total = D.steps.length;
  step = Math.max(0, Math.min(total - 1, k));
  document.body.dataset.step = step;
  const [kind, node, text] = total ? D.steps[step] : ["enter", 0, "no steps"];
  const shown = (kind === "undo" || kind === "backtrack") && D.nodes[node] ? D.nodes[node][0] : node;
  const g = gridOf(shown);
  const focus = D.nodes[node] ? D.nodes[node][1] : -1;
  g.forEach((d, i) => {
    const td = cells[i];
    td.className = td.className.replace(/\b(given|placed|current|undone)\b/g, "").trim();
    if (D.givens[i]) { td.classList.add("given"); td.textContent = sym(d); }
    else if (d) { td.classList.add("placed"); td.textContent = sym(d); }
    else { td.innerHTML = '<span class="marks">' + marks(g, i) + "</span>"; }
  });
  if (focus >= 0) cells[focus].classList.add(kind === "place" || kind === "enter" ? "current" : (kind === "undo" || kind === "backtrack" ? "undone" : "current"));
  document.getElementById("what").textContent = "step " + (step + 1) + ": " + text;
  document.getElementById("counter").textContent = "step " + (step + 1) + " of " + total;
  document.getElementById("slider").value = step;
  if (lit) lit.classList.remove("lit");
  lit = document.getElementById("n" + node);
  if (lit) lit.classList.add("lit");
  const path = [];
  for (let i = node; i >= 0 && D.nodes[i]; i = D.nodes[i][0]) {
    const n = D.nodes[i];
    path.unshift(n[1] >= 0 ? cellName(n[1]) + "=" + sym(n[2]) + (n[4] ? " (guess)" : "") : "root");
  }
  document.getElementById("path").textContent = path.join(" > ");
}
function seek(kinds) {
  for (let k = step + 1; k < D.steps.length; k++) {
    const s = D.steps[k];
    if (kinds.includes(s[0]) && (s[0] !== "place" || (D.nodes[s[1]] && D.nodes[s[1]][4]))) return show(k);
  }
}
const slider = document.getElementById("slider");
slider.max = Math.max(0, D.steps.length - 1);
slider.oninput = () => show(+slider.value);
document.getElementById("next").onclick = () => show(step + 1);
document.getElementById("back").onclick = () => show(step - 1);
document.getElementById("first").onclick = () => show(0);
document.getElementById("last").onclick = () => show(D.steps.length - 1);
document.getElementById("nextguess").onclick = () => seek(["place"]);
document.getElementById("nextdead").onclick = () => seek(["dead"]);
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(step + 1);
  else if (e.key === "ArrowLeft") show(step - 1);
  else if (e.key === "g") seek(["place"]);
  else if (e.key === "d") seek(["dead"]);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(D.steps.length - 1);
});
document.getElementById("summary").textContent = D.summary + "; result: " + D.result;
document.getElementById("cap").textContent = D.hidden > 0
  ? "This page shows the first " + D.steps.length + " steps; " + D.hidden +
    " more steps of the search are not recorded (raise --max-steps). The summary counts the whole search."
  : "Every step of the search is shown.";
layoutTree();
show(0);
if (location.hash === "#selftest") {
  // Used by the browser test: press the right arrow twice.
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
  document.body.dataset.selftest = "done";
}
</script>
</body>
</html>
"##;

/// Memory and drawing speed per step of the page: the step records, their
/// JSON and the page holding it (measured on an empty 25x25 with
/// `--max-steps all`), rounded to the safe side.
pub(super) const HTML_COST: Cost = Cost {
    bytes: 700,
    per_second: Some(300_000),
};

pub(super) fn html_command(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
) -> io::Result<Outcome> {
    let (outcome, recorder) = record(solver, puzzle, limits, max, HTML_COST);
    let hidden = recorder.seen - recorder.events.len() as u64;
    let mut title = format!("{} on {}", solver.id(), puzzle.to_line());
    if let Some(note) = budget_note(&recorder, &outcome) {
        eprintln!("note: {note}");
        let _ = write!(title, " ({note})");
    }
    let page = page(&title, puzzle, &recorder.events, hidden, &outcome);
    let mut out = io::stdout().lock();
    out.write_all(page.as_bytes())?;
    out.flush()?;
    Ok(outcome)
}
