#!/usr/bin/env bash
# Makes every figure the guide embeds (guide/src/generated/): trace pages,
# charts and command outputs, each by running the project's own release
# binary. Counts are the same on every machine; times are not, so the pages
# that show times say which machine made them (generated/machine.txt).
#
#   guide/figures.sh     then   guide/build.sh
#
# The outputs are committed as the guide's source; guide/build.sh turns
# source into docs/ and is what CI checks.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${SUDOKU_LAB:-}" ]; then
    B="$SUDOKU_LAB" # a binary built elsewhere from this commit
else
    cargo build --release --quiet
    B="$PWD/target/release/sudoku-lab"
fi
# The drawn figures (growth, rule cost, exact cover): the reports crate's
# chart code, through the harness's guide_charts example.
if [ -n "${GUIDE_CHARTS:-}" ]; then
    C="$GUIDE_CHARTS"
else
    cargo build --release --quiet -p sudoku-harness --example guide_charts
    C="$PWD/target/release/examples/guide_charts"
fi
G=guide/src/generated
rm -rf "$G"
mkdir -p "$G"

# The 6x6 puzzle the lessons follow (puzzles/6x6.txt, first line) and a
# 4x4 small enough to read every step of (puzzles/seeds-style 4x4).
SIX='......23..16....4.3..2....6......1.2'
FOUR='....3..22..31...'
INKALA=puzzles/classic.txt

# "$ sudoku-lab ARGS" as typed, broken with " \" before 80 columns (an
# argument longer than a line, a puzzle, stays whole).
command_line() {
    local line="\$ sudoku-lab" arg
    for arg in "$@"; do
        if [ $(( ${#line} + ${#arg} + 3 )) -gt 80 ] && [ "$line" != "    " ]; then
            echo "$line \\"
            line="    $arg"
        else
            line="$line $arg"
        fi
    done
    echo "$line"
}

# Runs the binary and keeps "$ sudoku-lab ARGS" and what it printed.
# Exit 1 is a result (a budget hit, a multiple verdict); 2 and up fail.
show() {
    local out="$1"; shift
    local status=0
    { command_line "$@"; "$B" "$@" 2>&1; } > "$G/$out" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "error: sudoku-lab $* exited $status" >&2
        cat "$G/$out" >&2
        exit 1
    fi
}
# Like show, but keeps only the file the command writes to stdout.
page() {
    local out="$1"; shift
    local status=0
    "$B" "$@" > "$G/$out" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "error: sudoku-lab $* exited $status" >&2
        exit 1
    fi
}

{
    echo "Figures made on $(date -u +%Y-%m-%d) by $(git rev-parse --short HEAD)"
    echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$G/machine.txt"

# Lesson 1: naive backtracking.
page naive-4x4.html trace --strategy naive --format html "$FOUR"
show naive-4x4.txt trace --strategy naive --max-steps 24 "$FOUR"
show naive-6x6-stats.txt solve --strategy naive --stats --shape 2x3 "$SIX"
show naive-classic.txt solve --strategy naive --format line --node-budget 20000000 --time-budget none "$INKALA"
# naive's growth: nodes against empty cells on the 4x4 to 9x9 sets (counts
# only, under a node budget: the same chart on every machine).
"$B" compare --set puzzles/4x4.txt puzzles/6x6.txt puzzles/8x8.txt puzzles/9x9-easy.txt puzzles/9x9-hard.txt \
    --strategies naive,mrv --rounds 1 --node-budget 10000000 --time-budget none --no-progress \
    --results "$G/growth.jsonl" > /dev/null || [ $? -le 1 ]
"$C" growth "$G/growth.jsonl" > "$G/naive-growth.svg"
rm "$G/growth.jsonl"

# Lesson 2: choosing the cell.
page mrv-6x6.html trace --strategy mrv --format html --shape 2x3 "$SIX"
page naive-6x6.html trace --strategy naive --format html --shape 2x3 "$SIX"
show explain-naive-mrv.txt explain --strategies naive,dfs,bfs,mrv --shape 2x3 "$SIX"

# Lesson 3: the ladder.
show explain-ladder.txt explain --strategies naive,mrv,prop:mrv/none,prop:mrv/fc,prop:mrv/naked,prop:mrv/hidden,prop:mrv/locked,prop:mrv/subsets,norvig puzzles/top95.txt
page norvig-inkala.html trace --strategy norvig --format html --limit 2 "$INKALA"
"$B" ladder --set puzzles/top95.txt --branching mrv,fewest --report "$G/ladder" > "$G/ladder.txt" || [ $? -le 1 ]
"$B" explain --strategies mrv,prop:mrv/fc,prop:mrv/naked,norvig --report "$G/profiles" puzzles/top95.txt > /dev/null || [ $? -le 1 ]
"$C" rules "$G/ladder/ladder.json" puzzles/top95.txt mrv > "$G/rule-cost.svg"

# Lesson 4: exact cover.
"$C" exact-cover > "$G/exact-cover-4x4.svg"
page dlx-6x6.html trace --strategy dlx --format html --shape 2x3 "$SIX"
show explain-exact-cover.txt explain --strategies mrv,dlx puzzles/top95.txt

# Lesson 5: SAT.
show explain-sat.txt explain --strategies dlx,bitboard,sat-minimal,sat-natural,sat-complete,sat-augmented "$INKALA"

# Lesson 6: bitboards.
page bitboard-inkala.html trace --strategy bitboard --format html --limit 2 "$INKALA"
show explain-fast.txt explain --strategies norvig,dlx,bitboard puzzles/hardest.txt

# Lesson 7: human difficulty.
show rate-classic.txt rate puzzles/classic.txt
show explain-human.txt explain --human 005300000800000020070010500400005300010070006003200080060500009004000030000009700
page human-path.html trace --human --format html 005300000800000020070010500400005300010070006003200080060500009004000030000009700

# Lesson 4, again: the size of a tree before searching it.
show estimate-dlx.txt estimate --strategy dlx --probes 1000 --seed 1 puzzles/top95.txt
# naive's tree on a 16x16 out of its reach, and how each rule shrinks it.
SIXTEEN=$("$B" generate --shape 4x4 --count 1 --seed 16 --clues 90 --solver dlx | grep -v '^#' | cut -d' ' -f1)
{
    echo "\$ sudoku-lab generate --shape 4x4 --count 1 --seed 16 --clues 90 --solver dlx"
    echo "$SIXTEEN"
    for s in naive prop:rowmajor/fc prop:rowmajor/naked prop:rowmajor/hidden prop:rowmajor/locked prop:mrv/hidden; do
        echo "\$ sudoku-lab estimate --strategy $s --probes 1000 --seed 1 PUZZLE"
        "$B" estimate --strategy "$s" --probes 1000 --seed 1 "$SIXTEEN"
    done
} > "$G/estimate-16x16.txt"

# Lesson 8: benchmarking.
show compare-hardest.txt compare --set puzzles/hardest.txt --strategies bitboard,norvig,dlx

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$G/machine.txt"
echo "figures written to $G"
