#!/usr/bin/env python3
"""Draws part of a 4x4 Sudoku's exact-cover matrix as dancing links (SVG).

    guide/exact-cover-svg.py > guide/src/generated/exact-cover-4x4.svg

The matrix has one row per placement "digit d in row r, column c" (64 rows
for a 4x4) and one column per constraint (64 columns: 16 cells, 16
row-digits, 16 column-digits, 16 box-digits). The figure draws the eight
rows of the first two cells (r1c1 and r1c2, digits 1 to 4) and the 18
columns they touch, each 1 as a node of dancing links: a row's four nodes
in a circular list (left and right), a column's nodes in a circular list
through its header (up and down; the wrap-arounds are not drawn), the header showing the column's size in
the whole matrix. Made by guide/figures.sh; no input, no dependency beyond
Python 3.
"""

N, BOX = 4, 2
CELLS = [(0, 0), (0, 1)]  # r1c1, r1c2 (0-based)


def columns_of(r, c, d):
    """The four constraints placement (r, c, d) meets, as (kind, label)."""
    b = (r // BOX) * BOX + c // BOX
    return [
        ("cell", f"r{r + 1}c{c + 1}"),
        ("row", f"r{r + 1}#{d}"),
        ("col", f"c{c + 1}#{d}"),
        ("box", f"b{b + 1}#{d}"),
    ]


rows = [(r, c, d) for (r, c) in CELLS for d in range(1, N + 1)]
kinds = ["cell", "row", "col", "box"]
names = {"cell": "cell", "row": "row-digit", "col": "column-digit", "box": "box-digit"}
colours = {"cell": "#1f77b4", "row": "#2ca02c", "col": "#d62728", "box": "#9467bd"}
cols = []
for kind in kinds:
    for row in rows:
        for k, label in columns_of(*row):
            if k == kind and (k, label) not in cols:
                cols.append((k, label))

# Each column's size in the whole matrix: every constraint of a 4x4 is met
# by exactly 4 placements before any given is covered.
size = {col: N for col in cols}

X0, Y0, DX, DY = 150, 120, 60, 54
W = X0 + DX * len(cols) + 40
H = Y0 + DY * len(rows) + 76
out = []
emit = out.append
emit(
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H + 16}" '
    f'viewBox="0 0 {W} {H + 16}" font-family="DejaVu Sans, Arial, sans-serif">'
)
emit(f'<rect width="{W}" height="{H + 16}" fill="white"/>')
emit(
    '<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
    'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
    'fill="#555"/></marker></defs>'
)
emit(
    f'<text x="{W / 2}" y="28" font-size="22" text-anchor="middle">'
    "Exact cover of a 4x4 Sudoku as dancing links: the rows of r1c1 and r1c2</text>"
)
# Column groups and headers.
for kind in kinds:
    idx = [i for i, col in enumerate(cols) if col[0] == kind]
    x1, x2 = X0 + DX * idx[0] - DX / 2 + 4, X0 + DX * idx[-1] + DX / 2 - 4
    emit(
        f'<rect x="{x1}" y="44" width="{x2 - x1}" height="26" rx="4" '
        f'fill="{colours[kind]}" fill-opacity="0.15"/>'
    )
    emit(
        f'<text x="{(x1 + x2) / 2}" y="63" font-size="16" text-anchor="middle" '
        f'fill="{colours[kind]}">{names[kind]}</text>'
    )
for i, col in enumerate(cols):
    x = X0 + DX * i
    emit(
        f'<rect x="{x - 26}" y="76" width="52" height="30" fill="white" '
        f'stroke="{colours[col[0]]}" stroke-width="2"/>'
    )
    emit(f'<text x="{x}" y="90" font-size="13" text-anchor="middle">{col[1]}</text>')
    emit(
        f'<text x="{x}" y="103" font-size="11" text-anchor="middle" '
        f'fill="#555">size {size[col]}</text>'
    )
# Row labels, and the grid of 0s (light) under the nodes.
for j, (r, c, d) in enumerate(rows):
    y = Y0 + DY * j + DY / 2
    emit(
        f'<text x="{X0 - 40}" y="{y + 6}" font-size="16" text-anchor="end">'
        f"r{r + 1}c{c + 1} = {d}</text>"
    )
    for i in range(len(cols)):
        emit(
            f'<text x="{X0 + DX * i}" y="{y + 5}" font-size="13" fill="#ccc" '
            'text-anchor="middle">0</text>'
        )
# Vertical links: each column's nodes and its header, a circular list.
for i, col in enumerate(cols):
    x = X0 + DX * i
    ys = [Y0 + DY * j + DY / 2 for j, row in enumerate(rows) if col in columns_of(*row)]
    prev = 106
    for y in ys:
        emit(
            f'<line x1="{x}" y1="{prev}" x2="{x}" y2="{y - 13}" stroke="#555" '
            'stroke-width="1.5" marker-end="url(#a)" marker-start="url(#a)"/>'
        )
        prev = y + 13
# Horizontal links: each row's four nodes, a circular list.
for j, row in enumerate(rows):
    y = Y0 + DY * j + DY / 2
    xs = [X0 + DX * cols.index(col) for col in columns_of(*row)]
    for a, b in zip(xs, xs[1:]):
        emit(
            f'<line x1="{a + 13}" y1="{y}" x2="{b - 13}" y2="{y}" stroke="#555" '
            'stroke-width="1.5" marker-end="url(#a)" marker-start="url(#a)"/>'
        )
    for x, col in zip(xs, columns_of(*row)):
        emit(
            f'<circle cx="{x}" cy="{y}" r="13" fill="{colours[col[0]]}" '
            'fill-opacity="0.9"/>'
        )
        emit(
            f'<text x="{x}" y="{y + 5}" font-size="14" fill="white" '
            'text-anchor="middle">1</text>'
        )
emit(
    f'<text x="{X0 - 130}" y="{H - 40}" font-size="15">Each placement meets four '
    "constraints: four 1s, one per kind, linked left and right. Each constraint's 1s "
    "are linked up and down through its</text>"
)
emit(
    f'<text x="{X0 - 130}" y="{H - 18}" font-size="15">header (every list is circular: '
    "the last node links back to the first). Choosing r1c1 = 1 covers its four columns "
    "and every row that meets one of them</text>"
)
emit(
    f'<text x="{X0 - 130}" y="{H + 4}" font-size="15">(of the rows drawn: r1c1 = 2, 3, 4 '
    "and r1c2 = 1); the sizes are of the whole matrix, before any given is covered.</text>"
)
emit("</svg>")
print("\n".join(out))
