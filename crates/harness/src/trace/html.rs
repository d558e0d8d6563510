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
use sudoku_reports::markup::html_escape;

/// Trees with more nodes than this are not drawn (the current path is still
/// listed): an SVG of a hundred thousand nodes helps no one.
pub const TREE_CAP: usize = 4000;

/// One step as the page sees it: `[kind, node, text, cell, changes]`, where
/// kind is one of `enter place forced undo backtrack dead solution
/// eliminate`, `cell` the cell it names (or -1) and `changes` the cells whose
/// digit or removed candidates differ from the step before, as `[cell,
/// digit, removed]` (`removed`: bit `d - 1` for each digit a rule took from
/// the cell). The boards are the replay model's: the page applies them, it
/// computes none.
#[derive(Serialize)]
struct Step(&'static str, usize, String, i64, Vec<(usize, u8, u32)>);

/// One node of the tree: `[parent or -1, cell or -1, digit, level, guess,
/// entry or 0, forced, branch]`, `forced` the placements a rule made inside
/// it as `[cell, digit]`, `branch` the words for a choice that places no
/// digit (a configuration, bitboard-configs) or null.
#[derive(Serialize)]
struct Node(
    i64,
    i64,
    u8,
    u32,
    bool,
    u64,
    Vec<(usize, u8)>,
    Option<String>,
);

/// The board every [`KEY_EVERY`] steps, so a deep link or the slider lands
/// on a step by applying at most that many changes.
const KEY_EVERY: usize = 256;

#[derive(Serialize)]
struct Data<'a> {
    title: &'a str,
    box_rows: usize,
    box_cols: usize,
    givens: &'a [u8],
    steps: Vec<Step>,
    /// `keys[j]`: `[digits, removed]` after step `j * key_every`.
    keys: Vec<(Vec<u8>, Vec<u32>)>,
    key_every: usize,
    nodes: Vec<Node>,
    /// Steps of the search not recorded (beyond `--max-steps`).
    hidden: u64,
    summary: String,
    result: String,
    tree_cap: usize,
    /// A human solving path's page ([`human_page`]): per step, the cells
    /// and candidates its technique names. Empty for a search's trace.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    focus: Vec<Focus>,
}

/// What one step of a human solving path points at, for highlighting:
/// `[pattern, removed, placed]`: the cells the technique looked at (the
/// pattern, the chain, the unit of a single), the candidates it removes and
/// the digits it places, as `[cell, digit]`.
#[derive(Serialize)]
struct Focus(Vec<usize>, Vec<(usize, u8)>, Vec<(usize, u8)>);

/// The candidates rules removed, per cell, in the nodes on the current path.
fn removed_on_path(replay: &Replay, cells: usize) -> Vec<u32> {
    let mut removed = vec![0u32; cells];
    for id in replay.path() {
        for e in &replay.nodes[id].eliminated {
            removed[e.cell] |= 1 << (e.digit - 1);
        }
    }
    removed
}

/// The page for a recorded trace.
pub fn page(
    title: &str,
    puzzle: &Grid,
    events: &[Event],
    hidden: u64,
    outcome: &Outcome,
    info: &sudoku_core::Info,
) -> String {
    let shape = puzzle.shape();
    let cells = shape.cells();
    let mut replay = Replay::new(puzzle);
    let (mut node_count, mut solutions) = (0, 0);
    let mut steps = Vec::with_capacity(events.len());
    let mut keys = Vec::new();
    let mut board = puzzle.cells().to_vec();
    let mut removed = vec![0u32; cells];
    let mut any_removed = false;
    for (k, event) in events.iter().enumerate() {
        let at = replay.apply(event);
        match event {
            Event::Enter { .. } => node_count += 1,
            Event::Solution { .. } => solutions += 1,
            _ => {}
        }
        let kind = match event {
            Event::Enter { .. } => "enter",
            Event::Place { reason, .. } if reason.is_branch() => "place",
            Event::Place { .. } => "forced",
            Event::Undo {
                backtrack: true, ..
            } => "backtrack",
            Event::Undo { .. } => "undo",
            Event::DeadEnd { .. } => "dead",
            Event::Solution { .. } => "solution",
            Event::Eliminate { .. } => "eliminate",
        };
        any_removed |= matches!(event, Event::Eliminate { .. });
        let now_removed = if any_removed {
            removed_on_path(&replay, cells)
        } else {
            vec![0u32; cells]
        };
        let changes = (0..cells)
            .filter(|&c| replay.board()[c] != board[c] || now_removed[c] != removed[c])
            .map(|c| (c, replay.board()[c], now_removed[c]))
            .collect();
        board.copy_from_slice(replay.board());
        removed = now_removed;
        if k % KEY_EVERY == 0 {
            keys.push((board.clone(), removed.clone()));
        }
        steps.push(Step(
            kind,
            at.node,
            describe(shape, event, node_count, solutions),
            at.cell.map_or(-1, |c| c as i64),
            changes,
        ));
    }
    let nodes = replay
        .nodes
        .iter()
        .map(|n| {
            let branch = n.branch_elimination().map(|e| e.rule.describe(e.digit));
            let (cell, digit, guess) = n.choice.map_or((-1, 0, branch.is_some()), |p| {
                (p.cell as i64, p.digit, p.reason.is_guess())
            });
            Node(
                n.parent.map_or(-1, |p| p as i64),
                cell,
                digit,
                n.level,
                guess,
                n.entry.unwrap_or(0),
                n.forced.iter().map(|p| (p.cell, p.digit)).collect(),
                branch,
            )
        })
        .collect();
    let profile = sudoku_reports::profile::svg(
        replay.profile(),
        "nodes entered at each level of the tree (root = 0)",
    );
    let data = Data {
        title,
        box_rows: shape.box_rows(),
        box_cols: shape.box_cols(),
        givens: puzzle.cells(),
        steps,
        keys,
        key_every: KEY_EVERY,
        nodes,
        hidden,
        summary: summary_text(&outcome.stats, info),
        result: outcome.verdict().describe(),
        tree_cap: TREE_CAP,
        focus: Vec::new(),
    };
    fill(&data, title, &profile)
}

/// The template filled with the page's data.
fn fill(data: &Data, title: &str, profile: &str) -> String {
    // `</` cannot end the script element from inside a JSON string.
    let json = serde_json::to_string(data)
        .expect("trace data serialises")
        .replace("</", "<\\/");
    TEMPLATE
        .replace("{{TITLE}}", &html_escape(title))
        .replace("{{PROFILE}}", profile)
        .replace("{{DATA}}", &json)
}

/// The page for a human solving path (`trace --human --format html`): page
/// step `k` shows the board before the path's step `k + 1`, with that
/// step's pattern cells, the candidates it removes and the digits it places
/// highlighted, and its rating and sentence; the last page step shows where
/// the path ends. There is no search tree: every step is logic.
pub fn human_page(title: &str, puzzle: &Grid, path: &sudoku_human::Path, end: &str) -> String {
    let shape = puzzle.shape();
    let n = shape.side();
    let mut board = puzzle.cells().to_vec();
    let mut removed = vec![0u32; shape.cells()];
    let (mut steps, mut keys, mut focus) = (Vec::new(), Vec::new(), Vec::new());
    let mut changes = Vec::new();
    for k in 0..=path.steps.len() {
        if k % KEY_EVERY == 0 {
            keys.push((board.clone(), removed.clone()));
        }
        let Some(step) = path.steps.get(k) else {
            steps.push(Step("end", 0, end.to_string(), -1, changes));
            focus.push(Focus(Vec::new(), Vec::new(), Vec::new()));
            break;
        };
        let text = format!(
            "[{}] {}",
            sudoku_human::format_rating(step.rating),
            step.sentence(n)
        );
        let first = step.placements.first().or(step.eliminations.first());
        let cell = first.map_or(-1, |&(c, _)| c as i64);
        steps.push(Step(
            "technique",
            0,
            text,
            cell,
            std::mem::take(&mut changes),
        ));
        focus.push(Focus(
            step.cells.clone(),
            step.eliminations.clone(),
            step.placements.clone(),
        ));
        // The next page step shows the board after this one.
        let mut touched: Vec<usize> = Vec::new();
        for &(c, d) in &step.eliminations {
            removed[c] |= 1 << (d - 1);
            touched.push(c);
        }
        for &(c, d) in &step.placements {
            board[c] = d;
            touched.push(c);
        }
        touched.sort_unstable();
        touched.dedup();
        changes = touched
            .into_iter()
            .map(|c| (c, board[c], removed[c]))
            .collect();
    }
    let data = Data {
        title,
        box_rows: shape.box_rows(),
        box_cols: shape.box_cols(),
        givens: puzzle.cells(),
        steps,
        keys,
        key_every: KEY_EVERY,
        nodes: Vec::new(),
        hidden: 0,
        summary: format!(
            "The human solver's path: {} steps of logic",
            path.steps.len()
        ),
        result: end.to_string(),
        tree_cap: TREE_CAP,
        focus,
    };
    fill(&data, title, "")
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
table.grid td.pattern { background: #fff1b8; }
table.grid td.loses { box-shadow: inset 0 0 0 2px #e53935; }
table.grid td.target { background: #b9e4bb; }
.marks .gone { color: #c62828; font-weight: bold; font-size: 11px; text-decoration: line-through; }
.marks .put { color: #1b5e20; font-weight: bold; font-size: 11px; }
#legend span.key { display: inline-block; width: 1.1em; height: 1.1em; vertical-align: middle;
  border: 1px solid #bbb; margin: 0 .3em 0 .8em; }
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
<p id="legend" class="note" hidden>Highlighted:<span class="key" style="background:#fff1b8"></span>the
cells the technique looks at (its pattern, chain or unit)<span class="key" style="box-shadow:inset 0 0 0 2px #e53935"></span>a
cell that loses candidates (<span style="color:#c62828;font-weight:bold;text-decoration:line-through">struck</span>)<span class="key" style="background:#b9e4bb"></span>the
cell where a digit is placed (<span style="color:#1b5e20;font-weight:bold">bold</span>). The board is the one the step
looks at; the next step shows its effect.</p>
<div id="main">
  <div><table class="grid" id="grid"></table></div>
  <div>
    <div id="treebox"></div>
    <p class="note">Path from the root to the current node:</p>
    <div id="path"></div>
    <details id="forced" hidden><summary></summary><div></div></details>
    <div id="profile">{{PROFILE}}</div>
  </div>
</div>
<p id="summary"></p>
<p class="note" id="cap"></p>
<p class="note" id="keys">Keys: <kbd>&rarr;</kbd> next, <kbd>&larr;</kbd> back, <kbd>g</kbd> next guess,
<kbd>d</kbd> next dead end, <kbd>Home</kbd>/<kbd>End</kbd>. Pencil marks are the digits the
row, column and box still allow, less those a rule removed. A node is a state the search
entered (the root, and one per option its branching rule took); the digits a rule forced
inside it are listed with it, never drawn as children. Link to a step with
<code>#step=N</code> at the end of the address.</p>
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
const human = Array.isArray(D.focus);
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
// The board at a step: the nearest key board before it, then each step's
// changes (the replay model's boards, computed by sudoku-lab).
function boardAt(k) {
  const j = Math.floor(k / D.key_every);
  const g = D.keys[j][0].slice(), rm = D.keys[j][1].slice();
  for (let i = j * D.key_every + 1; i <= k; i++) {
    for (const [c, d, r] of D.steps[i][4]) { g[c] = d; rm[c] = r; }
  }
  return [g, rm];
}
// The pencil marks of a cell; `gone` and `put` are digits to highlight
// (bit d - 1): removed or placed by the step shown.
function marks(g, rm, cell, gone, put) {
  const r = Math.floor(cell / N), c = cell % N;
  const br = r - r % R, bc = c - c % C;
  const used = new Set();
  for (let i = 0; i < N; i++) {
    used.add(g[r * N + i]); used.add(g[i * N + c]);
    used.add(g[(br + Math.floor(i / C)) * N + bc + i % C]);
  }
  let out = "";
  for (let d = 1; d <= N; d++) {
    if (used.has(d) || rm[cell] >> (d - 1) & 1) continue;
    const cls = gone >> (d - 1) & 1 ? "gone" : put >> (d - 1) & 1 ? "put" : "";
    out += cls ? '<span class="' + cls + '">' + sym(d) + "</span>" : sym(d);
  }
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
      '" cy="' + (10 + ys[i] * dy) + '" r="4"><title>node ' + (n[5] || "not entered") +
      (n[6].length ? ", " + n[6].length + " forced inside" : "") + "</title></circle>";
  });
  box.innerHTML = s + "</svg>";
}
function cellName(c) { return "r" + (Math.floor(c / N) + 1) + "c" + (c % N + 1); }
let lit = null;
function moveText(c, d) { return cellName(c) + "=" + sym(d); }
function show(k) {
  const total = D.steps.length;
  step = Math.max(0, Math.min(total - 1, k));
  document.body.dataset.step = step;
  if (total === 0) { document.getElementById("what").textContent = "no steps"; return; }
  const [kind, node, text, focus] = D.steps[step];
  const [g, rm] = boardAt(step);
  // A human path's step: its pattern, the candidates it removes, its placements.
  const gone = new Array(N * N).fill(0), put = new Array(N * N).fill(0);
  const [pattern, removes, places] = human ? D.focus[step] : [[], [], []];
  for (const [c, d] of removes) gone[c] |= 1 << (d - 1);
  for (const [c, d] of places) put[c] |= 1 << (d - 1);
  g.forEach((d, i) => {
    const td = cells[i];
    td.className = td.className.replace(/\b(given|placed|current|undone|pattern|loses|target)\b/g, "").trim();
    td.dataset.digit = d ? sym(d) : "";
    if (D.givens[i]) { td.classList.add("given"); td.textContent = sym(d); }
    else if (d) { td.classList.add("placed"); td.textContent = sym(d); }
    else { td.innerHTML = '<span class="marks">' + marks(g, rm, i, gone[i], put[i]) + "</span>"; }
  });
  for (const c of pattern) cells[c].classList.add("pattern");
  for (const [c] of removes) cells[c].classList.add("loses");
  for (const [c] of places) cells[c].classList.add("target");
  if (focus >= 0 && !human) cells[focus].classList.add(kind === "undo" || kind === "backtrack" ? "undone" : "current");
  document.getElementById("what").textContent = "step " + (step + 1) + ": " + text;
  document.getElementById("counter").textContent = "step " + (step + 1) + " of " + total;
  document.getElementById("slider").value = step;
  if (!selftest) history.replaceState(null, "", "#step=" + (step + 1));
  if (lit) lit.classList.remove("lit");
  lit = document.getElementById("n" + node);
  if (lit) lit.classList.add("lit");
  const path = [];
  for (let i = node; i >= 0 && D.nodes[i]; i = D.nodes[i][0]) {
    const n = D.nodes[i];
    let s = n[7] ? n[7] : n[1] >= 0 ? moveText(n[1], n[2]) + (n[4] ? " (guess)" : "") : "root";
    if (n[6].length) s += " [+" + n[6].length + " forced]";
    path.unshift(s);
  }
  document.getElementById("path").textContent = path.join(" > ");
  const n = D.nodes[node];
  const forced = document.getElementById("forced");
  forced.hidden = !n || n[6].length === 0;
  if (n && n[6].length) {
    forced.querySelector("summary").textContent = "this node's forced moves (" + n[6].length + ")";
    forced.querySelector("div").textContent = n[6].map(([c, d]) => moveText(c, d)).join(", ");
  }
}
function seek(kinds) {
  for (let k = step + 1; k < D.steps.length; k++) {
    const s = D.steps[k];
    if (kinds.includes(s[0]) && (s[0] !== "place" || (D.nodes[s[1]] && D.nodes[s[1]][4]))) return show(k);
  }
}
const selftest = location.hash === "#selftest";
if (human) {
  // A human solving path: no tree, no guesses, no dead ends; a legend.
  for (const id of ["nextguess", "nextdead", "path", "treebox"]) document.getElementById(id).hidden = true;
  document.getElementById("path").previousElementSibling.hidden = true;
  document.getElementById("legend").hidden = false;
  document.getElementById("keys").innerHTML = "Keys: <kbd>&rarr;</kbd> next, <kbd>&larr;</kbd> back, " +
    "<kbd>Home</kbd>/<kbd>End</kbd>. Each step is the easiest technique that makes progress, " +
    "in Sudoku Explainer's order, with its rating on SE's scale in brackets. Link to a step with " +
    "<code>#step=N</code> at the end of the address.";
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
  if (human && (e.key === "g" || e.key === "d")) return;
  if (e.key === "ArrowRight") show(step + 1);
  else if (e.key === "ArrowLeft") show(step - 1);
  else if (e.key === "g") seek(["place"]);
  else if (e.key === "d") seek(["dead"]);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(D.steps.length - 1);
});
document.getElementById("summary").textContent = D.summary + "; result: " + D.result;
document.getElementById("cap").textContent = human ? "" : D.hidden > 0
  ? "This page shows the first " + D.steps.length + " steps; " + D.hidden +
    " more steps of the search are not recorded (raise --max-steps). The summary counts the whole search."
  : "Every step of the search is shown.";
layoutTree();
// A deep link, #step=N, opens at step N (as numbered on the page).
const linked = /^#step=(\d+)$/.exec(location.hash);
show(linked ? Number(linked[1]) - 1 : 0);
window.addEventListener("hashchange", () => {
  const m = /^#step=(\d+)$/.exec(location.hash);
  if (m && Number(m[1]) - 1 !== step) show(Number(m[1]) - 1);
});
if (selftest) {
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
    let page = page(
        &title,
        puzzle,
        &recorder.events,
        hidden,
        &outcome,
        solver.info(),
    );
    let mut out = io::stdout().lock();
    out.write_all(page.as_bytes())?;
    out.flush()?;
    Ok(outcome)
}
