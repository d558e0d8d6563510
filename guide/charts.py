#!/usr/bin/env python3
"""Two slide charts from the lab's own output, as plain SVG (1280 px wide).

    guide/charts.py growth RESULTS.jsonl > naive-growth.svg
    guide/charts.py rules LADDER.csv > rule-cost.svg

growth: one dot per puzzle and strategy of a `compare --results` file,
nodes (log scale) against the puzzle's empty cells: how naive's tree grows
where mrv's does not. rules: the pruning ladder's rungs for one branching
rule, from `ladder --report`'s ladder.csv: what each rule buys (nodes per
puzzle, log scale) and what it costs (time per node). guide/figures.sh runs
both; no dependency beyond Python 3.
"""

import csv
import json
import math
import sys

W, H = 1280, 620
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'
COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"]


def header(title):
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" {FONT}>',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{W / 2}" y="34" font-size="24" text-anchor="middle">{title}</text>',
    ]


def log_axis(out, x0, y0, x1, y1, lo, hi, label):
    """A vertical log axis from 10^lo (y0) to 10^hi (y1) at x0, with grid lines to x1."""
    for k in range(lo, hi + 1):
        y = y0 + (y1 - y0) * (k - lo) / (hi - lo)
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#e4e4e4"/>')
        text = f"{10 ** k:,}" if k < 7 else f"10^{k}"
        out.append(
            f'<text x="{x0 - 8}" y="{y + 6}" font-size="17" text-anchor="end">{text}</text>'
        )
    out.append(
        f'<text transform="translate({x0 - 112},{(y0 + y1) / 2}) rotate(-90)" '
        f'font-size="19" text-anchor="middle">{label}</text>'
    )


def growth(path):
    points = {}
    for line in open(path):
        o = json.loads(line)
        if "strategy" not in o or o.get("nodes") is None:
            continue
        empty = o["puzzle"].count(".") + o["puzzle"].count("0")
        side = round(math.sqrt(len(o["puzzle"])))
        bound = o["stop"] != "exhausted" and o["stop"] != "solution-limit"
        points.setdefault(o["strategy"], []).append((empty, o["nodes"], side, bound))
    xmax = max(p[0] for ps in points.values() for p in ps)
    xmax = (xmax // 10 + 1) * 10
    top = max(p[1] for ps in points.values() for p in ps)
    hi = max(1, math.ceil(math.log10(top)))
    out = header("Nodes to prove each puzzle unique, against its empty cells")
    x0, x1, y0, y1 = 170, W - 60, H - 90, 70
    log_axis(out, x0, y0, x1, y1, 0, hi, "nodes (log scale)")
    for k in range(0, xmax + 1, 10):
        x = x0 + (x1 - x0) * k / xmax
        out.append(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y0 + 6}" stroke="#333"/>')
        out.append(f'<text x="{x}" y="{y0 + 28}" font-size="17" text-anchor="middle">{k}</text>')
    out.append(
        f'<text x="{(x0 + x1) / 2}" y="{H - 22}" font-size="19" text-anchor="middle">'
        "empty cells of the puzzle (4x4, 6x6, 8x8 and 9x9 sets)</text>"
    )
    out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" stroke="#333"/>')
    for i, (strategy, ps) in enumerate(points.items()):
        colour = COLOURS[i % len(COLOURS)]
        for empty, nodes, _, bound in ps:
            x = x0 + (x1 - x0) * empty / xmax
            y = y0 + (y1 - y0) * math.log10(max(nodes, 1)) / hi
            if bound:
                out.append(
                    f'<path d="M{x - 6},{y + 5} L{x + 6},{y + 5} L{x},{y - 6} z" '
                    f'fill="{colour}" fill-opacity="0.7"/>'
                )
            else:
                out.append(
                    f'<circle cx="{x}" cy="{y}" r="5" fill="{colour}" fill-opacity="0.55"/>'
                )
        ly = 90 + 32 * i
        out.append(f'<circle cx="{x0 + 30}" cy="{ly}" r="7" fill="{colour}"/>')
        out.append(f'<text x="{x0 + 46}" y="{ly + 6}" font-size="19">{strategy}</text>')
    if any(p[3] for ps in points.values() for p in ps):
        ly = 90 + 32 * len(points)
        out.append(f'<text x="{x0 + 22}" y="{ly + 6}" font-size="17">triangle: stopped by the node budget (a lower bound)</text>')
    out.append("</svg>")
    return "\n".join(out)


def rules(path, branching="mrv"):
    rows = [r for r in csv.DictReader(open(path)) if r["rung"].startswith(f"prop:{branching}/")]
    order = ["none", "fc", "naked", "hidden", "locked", "subsets"]
    rows.sort(key=lambda r: order.index(r["rung"].split("/")[1]))
    out = header(f"What each rule buys and what it costs ({rows[0]['set']}, {branching} branching)")
    names = [r["rung"].split("/")[1] for r in rows]
    nodes = [float(r["nodes_per_puzzle"]) for r in rows]
    cost = [float(r["ns_per_node"]) for r in rows]
    top = math.ceil(math.log10(max(nodes)))
    # Two panels of bars, one bar per rung, rungs in ladder order.
    panels = [
        (90, "nodes per puzzle (log scale)", nodes, lambda v: math.log10(max(v, 1)) / top,
         lambda v: f"{v:,.0f}" if v >= 10 else f"{v:.1f}"),
        (640, "time per node (ns)", cost, lambda v: v / max(cost),
         lambda v: f"{v:,.0f}"),
    ]
    bar_h, gap, y_top = 52, 20, 100
    for x_left, title, values, scale, fmt in panels:
        width = 400
        out.append(f'<text x="{x_left + 110 + width / 2}" y="{y_top - 18}" font-size="20" text-anchor="middle">{title}</text>')
        for i, (name, v) in enumerate(zip(names, values)):
            y = y_top + i * (bar_h + gap)
            w = max(2, width * scale(v))
            out.append(f'<text x="{x_left + 100}" y="{y + bar_h / 2 + 7}" font-size="19" text-anchor="end">{name}</text>')
            out.append(f'<rect x="{x_left + 110}" y="{y}" width="{w}" height="{bar_h}" fill="{COLOURS[1] if x_left < 600 else COLOURS[0]}" fill-opacity="0.8"/>')
            out.append(f'<text x="{x_left + 118 + w}" y="{y + bar_h / 2 + 7}" font-size="18">{fmt(v)}</text>')
    out.append(
        f'<text x="{W / 2}" y="{H - 40}" font-size="17" text-anchor="middle">Each rung adds one rule to the one above it. '
        "Nodes are the same on every machine; the time per node is from one run</text>"
    )
    out.append(
        f'<text x="{W / 2}" y="{H - 16}" font-size="17" text-anchor="middle">'
        "(see the machine the guide's figures record), the mean time per puzzle over the mean nodes per puzzle.</text>"
    )
    out.append("</svg>")
    return "\n".join(out)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("growth", "rules"):
        sys.exit("usage: guide/charts.py growth RESULTS.jsonl | rules LADDER.csv")
    print(growth(sys.argv[2]) if sys.argv[1] == "growth" else rules(sys.argv[2]))
