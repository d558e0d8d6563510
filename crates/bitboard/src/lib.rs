//! # bitboard: propagation on digit bitboards
//!
//! sudoku-lab's fastest strategy of its own, in the manner of JCZSolve and
//! tdoku (read, not copied: the code here is written from the ideas). Where
//! naive asks "which digit fits this cell?" one cell at a time, bitboard keeps,
//! for every digit, the set of cells where it may still go, as bits, and
//! applies whole rules to whole planes with a few word operations. It guesses
//! only when the rules are stuck, on a cell with two candidates, and a guess
//! copies the whole state (it is small and `Copy`).
//!
//! ## The representation (9x9)
//!
//! A *band* is three rows of boxes. For each digit `d` and band `b` one
//! 27-bit word (`cand[d * 3 + b]`) holds the cells of the band where `d` may
//! go, bit `9 * (row % 3) + column`, so cell `27 b + bit` of the grid is bit
//! `bit` of its band's word. 27 words, a copy of each as its last band step
//! left it (`stepped`), 3 words of unplaced cells and 3 of bivalue cells
//! make the whole state: 240 bytes.
//!
//! ```text
//!  digit 5, band 0 (rows 1-3)           the word, bit 26 ... bit 0
//!          box 1   box 2   box 3
//!  row 1   . 5 .   . . .   5 . 5        row 3     row 2     row 1
//!  row 2   . . .   5 5 .   . . .        000000000 000011000 101000010
//!  row 3   . . .   . . .   . . .   ->   (a placed 5 keeps its bit: row 3
//!                                         here has none, a contradiction)
//!  mini-rows (row x box), 9 bits:  row1: box1 box3, row2: box2
//! ```
//!
//! A *mini-row* is where a row meets a box (three cells, tdoku's triad).
//!
//! ## The propagation step
//!
//! **The band step** (one plane, a handful of table look-ups):
//!
//! 1. squeeze each 9-bit row to the 3 boxes it touches (`MINI`), giving the
//!    9-bit set of mini-rows where `d` may be;
//! 2. in a band, `d` sits once in each row and once in each box: its three
//!    mini-rows form one of the 6 row-to-box permutations. `KEEP[m]` is the
//!    cells of the union of the permutations that fit in `m` (zero: a
//!    contradiction); the plane keeps only those. This one look-up is
//!    locked candidates inside the band in both directions (a box confined
//!    to a row, a row confined to a box) and hidden singles of boxes;
//! 3. a box left with one column (`LOCKED`) holds `d` in that column, so the
//!    column's cells in the two other bands lose `d`: pointing, and the
//!    column peers of every placed `d`;
//! 4. a row left with one cell holds `d` there (a hidden single of the row,
//!    or a digit placed before): the cell leaves the other digits' planes.
//!    No bit of the row is tested for this: a row left with one fitting
//!    mini-row, in a box left with one column, has one cell, and
//!    conversely. `KEEP` and `LOCKED` carry those mini-rows in their upper
//!    halves, so the rows' cells are one AND and one look-up away.
//!
//! A plane is stepped again when it differs from its `stepped` copy: some
//! step or placement took a candidate from it since. The 27 steps are
//! written out in a fixed order (a macro), each with its plane index a
//! constant, and the pass repeats until no plane changed.
//!
//! **When every plane is quiet**: naked singles by bit-sliced counting across
//! the 9 planes of a band (`twos |= ones & x; ones |= x`: a free cell in
//! `ones & !twos` has one candidate, one outside `ones` has none; a third
//! accumulator gives the bivalue cells, kept for the guess). Placements go
//! back to the band steps. When they find none, **claiming for columns**:
//! per digit, the columns each band covers (`a | a >> 9 | a >> 18`, three
//! times); a column covered by one band only holds the digit in that band,
//! so its box there loses the digit in its other columns (`CLAIM`, one
//! look-up per band); a column covered by none is a dead end. A column
//! left with one cell becomes a placement in the band steps that follow
//! (its box keeps one column, so one mini-row, so its row keeps one cell):
//! hidden singles of columns come with it. When nothing moves, the search
//! guesses.
//!
//! **The guess**: the bivalue cell with the fewest placed peers minus
//! bivalue peers (of its 20); without a bivalue cell, a digit with two
//! places left in a row (also a two-way branch), in the band with the
//! fewest *configurations* left (a digit's configuration in a band is one
//! of the 6 ways to give each row its own box; `FITS` counts those that
//! fit a plane) and of the digit with the fewest there, where tdoku
//! branches; and only then the cell with fewest candidates. Each option but the last is tried on a copy of
//! the state, the last on the state itself.
//!
//! ## Every other shape
//!
//! The same ideas, generic over the side `N` (a const generic, so each side
//! from 1 to 25 gets its own monomorphised code with constant-trip loops;
//! 3x4, 4x4 and 5x5 boxes get copies with the box sides constant too, so
//! that the loops over a band's rows and a row's stacks unroll: "Cheaper
//! per node" below): a
//! digit plane is `N` row words of `N` bits (`cand[d][r]`), so rows are one
//! word, columns a bit-sliced count over the plane's row words, and a box a
//! mask of `box_cols` bits over `box_rows` consecutive words (boxes are
//! counted bit-sliced too, a band at a time). Propagation runs naked
//! singles till none is left, then hidden singles of rows, columns and
//! boxes for the digits whose plane changed since their last look, and
//! locked candidates (pointing and claiming, rows and columns) once both
//! kinds of singles are quiet, and naked pairs (rows, columns, boxes) once
//! all of those are quiet too. The guess is the bivalue cell whose row,
//! column and box have met the most dead ends so far in the search (failure
//! weights, below), then the one with the most bivalue cells and then the
//! most placed cells in those units.
//!
//! Digit-major planes make a digit's rules cheap (one plane, contiguous)
//! and a cell's dear (its candidates lie `N` words apart), so the work about
//! cells is done plane by plane over whole rows, in loops the compiler
//! vectorises: counting candidates per cell for naked singles and for the
//! guess's bivalue cells. A naked single's cell holds no other digit, so
//! placing it skips the other planes. A digit's hidden singles come from one
//! pass over its plane with no branch on the data, the units where the
//! digit is placed masked out (a placed digit keeps its bit, so they look
//! like singles); locked candidates apply each direction's rules at once,
//! from bit-sliced counts of the stacks each row touches and the columns
//! each box is confined to. The rules reach the same fixpoint in any order,
//! so none of this moved a node: each of the 345 puzzles of other shapes in
//! `puzzles/` and `puzzles/scaling` enters the nodes it entered before, with
//! the same verdict (`PER_PUZZLE=1`); placements in failed branches are
//! fewer, as contradictions show sooner.
//!
//! What that bought, in the private loop (`cargo run --release -p
//! sudoku-bitboard --example timeloop -- <set>`), the builds before and
//! after run alternately, median of 5 runs each, µs per puzzle:
//!
//! | set | before | after | after / before |
//! |---|---:|---:|---:|
//! | 4x4 | 0.90 | 0.84 | 0.93 |
//! | 6x6 | 3.59 | 2.04 | 0.57 |
//! | 8x8 | 11.1 | 4.70 | 0.42 |
//! | 12x12 | 25.9 | 8.92 | 0.34 |
//! | 16x16 | 93.7 | 35.8 | 0.38 |
//! | 20x20 | 65.8 | 19.7 | 0.30 |
//! | 25x25 | 94.4 | 27.2 | 0.29 |
//! | scaling/16x16 | 41.4 | 16.4 | 0.40 |
//! | scaling/25x25 | 12,164 | 3,639 | 0.30 |
//!
//! And against dlx, `sudoku-lab compare --strategies bitboard,dlx --set
//! puzzles/16x16.txt --set puzzles/25x25.txt --set puzzles/scaling/16x16.txt
//! --set puzzles/scaling/25x25.txt --repeat 5`, eight runs (five with the
//! machine shared, three not), the median ratio of mean times and its range;
//! before, three runs of the code as it was:
//!
//! | set | bitboard µs | dlx µs | bitboard / dlx | before |
//! |---|---:|---:|---:|---:|
//! | 16x16 | 32.5 | 163 | 0.21 (0.18-0.25) | 0.32 (0.31-0.33) |
//! | 25x25 | 29.2 | 362 | 0.081 (0.071-0.093) | 0.17 (0.17-0.18) |
//! | scaling/16x16 | 17.0 | 97.0 | 0.17 (0.13-0.20) | 0.22 (0.21-0.22) |
//! | scaling/25x25 | 4,015 | 40,350 | 0.10 (0.085-0.14) | 0.36 (0.32-0.36) |
//!
//! ### Naked pairs, for the hard large puzzles
//!
//! On minimal and near-minimal large puzzles (`puzzles/large-minimal/`)
//! singles and locked candidates leave most of the work to the search, and
//! the rows of the pruning ladder that add subsets entered 3 to 6 times
//! fewer nodes. **Naked pairs** run last, when every cheaper rule is quiet:
//! the bivalue cells are one bit-sliced count over the planes (as for the
//! guess); for each pair of digits that some bivalue cell holds, the
//! bivalue cells holding both are one AND per row word of the two planes,
//! and any two of those sharing a unit take both digits from the unit's
//! other cells (a few word writes per unit; a traced run shows each
//! removal as a `NakedSubset`). Three cells with one pair in a unit are a
//! contradiction, which the first two expose by emptying the third. Nodes
//! per puzzle (the same on every machine) and the private loop's time
//! (`timeloop`, one process, the builds run alternately; AMD EPYC, 2 cores
//! shared with other builds, so a time moves 20-50% from run to run):
//!
//! | set | nodes before | nodes with pairs | ms before | ms with pairs |
//! |---|---:|---:|---:|---:|
//! | large-minimal/12x12 (30) | 31.6 | 26.0 | 0.088-0.198 | 0.112-0.253 |
//! | large-minimal/16x16 (20) | 1,234 | 644 | 8.2-9.4 | 6.1-7.1 |
//! | large-minimal/25x25 (4) | 20,343 | 9,274 | 292 | 199-232 |
//!
//! **Hidden pairs** (two digits with the same two places in a unit; each
//! digit's units with exactly two places keyed by the unit and the cells,
//! the keys sorted) were tried on top and not kept: 12x12 26.0 to 18.7
//! nodes, 16x16 644 to 462, but 25x25 9,274 to 9,420, and the time rose on
//! every set (25x25 199-209 to 413-431 ms, 12x12 0.25 to 0.30-0.38 ms in
//! the same runs): keying every unit of every digit at every fixpoint
//! costs more than the nodes it saves.
//!
//! Against the other rows, with the pairs and before the failure weights
//! (next section), `sudoku-lab compare --strategies
//! bitboard,dlx,sat-complete,prop:fewest/subsets,prop:mrv/subsets,prop:fewest/locked
//! --set puzzles/large-minimal --rounds 3 --time-budget 30s` (one run; AMD
//! EPYC, load about 3 on 2 cores; mean ms per puzzle, nodes per puzzle;
//! the best other row named):
//!
//! | set | bitboard | best other row | dlx | bitboard / best other | bitboard / dlx |
//! |---|---:|---:|---:|---:|---:|
//! | large-minimal/12x12 | 0.127 (26 nodes) | prop:fewest/locked 0.187 (39.6) | 0.255 (913) | 0.68 | 0.50 |
//! | large-minimal/16x16 | 3.42 (645) | sat-complete 6.47 (193) | 55.7 (174k) | 0.53 | 0.061 |
//! | large-minimal/25x25 | 103 (9,281) | sat-complete 22.2 (482) | 734 (1.48M) | 4.63 | 0.14 |
//!
//! Before the pairs, in a run of the same command at load 9, bitboard was
//! level with `prop:fewest/locked` on 12x12 (1.02x) and 0.37x dlx, 0.096x
//! dlx on 16x16, and 6.5x sat-complete on 25x25 (20,343 nodes). The pass is
//! skipped in states with fewer than a quarter of the cells free (nodes
//! 644 to 645 on 16x16, 9,274 to 9,281 on 25x25): there it slowed the
//! search of an empty 25x25 by half. Still missing then: 25x25, where
//! learning (sat-complete's 482 nodes) beat 9,281 nodes of cheap
//! propagation; and a third of dlx on 12x12.
//!
//! ### Failure weights: guessing where the search has failed
//!
//! sat-complete's clause learning steers its decisions to the variables of
//! recent conflicts; that, more than its propagation, is why it entered 482
//! nodes on the 25x25 puzzles where bitboard entered 9,281. The generic
//! path now does a cheap form of it, the *dom/wdeg* heuristic of constraint
//! programming (Boussemart, Hemery, Lecoutre and Sais, 2004; the domains
//! here are all two): every dead end adds one to the weight of the units it
//! names (the row, column or box of a unit-digit left with no place; the
//! row, column and box of a cell left with no candidate), and the guess
//! goes to the bivalue cell whose row, column and box weigh most. Ties
//! (all of them before the first dead end) go to the cell with the most
//! bivalue cells in its units, a guess there leaving the most of them
//! single, then to the one with the most placed cells there. The weights
//! live beside the search, not in the copied state: they learn across the
//! whole tree, and cost a few words per dead end and per bivalue cell at a
//! guess. No rule changed, so no verdict did; a traced run meets the same
//! dead ends as a plain one and makes the same choices.
//!
//! Cheaper per node, from a profile of the 12x12 set (callgrind on an
//! `x86-64-v3` build, since valgrind does not decode this machine's
//! AVX-512; the `target-cpu=native` build's figures are alike): the ~5 µs
//! per node the table above implies was 2.1 µs in the private loop (55 µs,
//! 26 nodes), about 25k instructions per node, nearly all in propagation:
//! whole-plane hidden-single scans 36%, locked candidates 21%, naked
//! singles 14%, naked pairs 10%; the givens 1%, nothing sized for 25 and no
//! per-puzzle set-up worth cutting. About half the whole-plane scans were
//! of digits whose plane had changed in one cell only, the cell a hidden
//! single took from them: such a digit is now checked in that cell's row,
//! column and box (`Touched`), and only digits changed otherwise get the
//! whole scan. Smaller cuts: naked singles counted again only after a
//! round of rules that placed or removed something (1.6% of the
//! instructions on 12x12, 5.8% on 25x25), a box's emptiness and single
//! found without a branch per box, and the columns other bands cover
//! counted bit-sliced.
//! Dead ends are found in another order with the touched units, so they
//! name other units, and the weights and the nodes move a little.
//!
//! Nodes per puzzle, the change at each step (deterministic), and the
//! instructions of two solves of every puzzle of the set (callgrind,
//! `TIMELOOP_RUNS=1` under the `timeloop` example, the file read
//! included; `main` is the code before this section):
//!
//! | set | nodes, `main` | weights, ties to most placed | + touched units | + ties to bivalue peers (now) | instructions, `main` | now | now / `main` |
//! |---|---:|---:|---:|---:|---:|---:|---:|
//! | large-minimal/12x12 (30) | 26.0 | 18.3 | 19.5 | 20.1 | 36.7M | 26.9M | 0.73 |
//! | large-minimal/16x16 (20) | 645 | 287 | 279 | 268 | 796M | 312M | 0.39 |
//! | large-minimal/25x25 (4) | 9,281 | 856 | 1,077 | 641 | 4,683M | 362M | 0.077 |
//! | scaling/25x25 (25) | 539 | 141 | 140 | 121 | 1,862M | 414M | 0.22 |
//! | scaling/20x20 (25) | 13.5 | 5.7 | 6.3 | 4.6 | | | |
//!
//! The private loop's time, `main`'s build and this one run alternately,
//! three times each (`TIMELOOP_RUNS=5 cargo run --release -p
//! sudoku-bitboard --example timeloop -- <set>`, best of 5 per 50-puzzle
//! chunk; AMD EPYC, 2 cores, load 4.2 to 4.3 with another engineer's
//! builds);
//! median of the three, µs per puzzle:
//!
//! | set | `main` | now | now / `main` |
//! |---|---:|---:|---:|
//! | large-minimal/12x12 | 55.5 | 42.4 | 0.76 |
//! | large-minimal/16x16 | 1,737 | 719 | 0.41 |
//! | large-minimal/25x25 | 45,065 | 3,663 | 0.081 |
//! | scaling/25x25 | 2,905 | 701 | 0.24 |
//!
//! Tried and not kept (nodes per puzzle on large-minimal 12x12 / 16x16 /
//! 25x25, against 18.3 / 287 / 856 for the weights with ties to the most
//! placed, unless said):
//!
//! * **Branching on a digit's two places in a unit** (the hidden-single-
//!   style branch of `prop:fewest`, recorded as `GuessPlace`): before the
//!   bivalue cells, 105 / 2,041 / 1.6M with the old ties; as the fallback
//!   for a node with no bivalue cell, nothing: every node of these sets
//!   has one. A cell with more options is chosen only where no cell is
//!   bivalue, as before.
//! * **Other ties without weights**: the first bivalue cell in row-major
//!   order (as `prop:mrv`) 29.0 / 1,470 / 20,831; the most placed 24.1 /
//!   1,642 / 4,284 (the old rule, the fewest placed: 26.0 / 645 / 9,281).
//! * **Other weights**: only unit-digit dead ends counted, 20.1 / 383 /
//!   1,482; all weights halved every 64 dead ends, 18.3 / 286 / 1,030; the
//!   last guess's units weighted too at each dead end (after the touched
//!   units; against 19.5 / 279 / 1,077 / scaling/25x25 140 / scaling/20x20
//!   6.3): 17.2 / 251 / 958 / 147 / 7.3, mixed.
//! * **Other ties with weights** (against 19.5 / 279 / 1,077 / 140 / 6.3):
//!   the fewest places of the cell's two digits in its row and box 21.1 /
//!   298 / 870 / 153 / 5.7; the bivalue cells of the units added to the
//!   weight 18.5 / 258 / 609 / 140 / 7.2; most placed before most bivalue
//!   18.8 / 275 / 891 / 177 / 7.0.
//! * **Dropping rules** (now): naked pairs off on 12x12, 24.1 nodes and
//!   0.3% fewer instructions; pairs only while half the cells are free,
//!   21.1 nodes and 3.5% fewer on 12x12, but 16x16 355 nodes and 25x25
//!   (scaling) 209 and +19% instructions. At the first step: locked
//!   candidates off on 12x12, 33.2 nodes and +19%; naked pairs off, 22.1 /
//!   404 / 2,026.
//! * **Scan shapes**: the hidden-single scan's rows and bands in one loop
//!   (the row loop no longer vectorises: +5% instructions on 12x12); the
//!   locked-columns box loop without branches (+2%).
//!
//! Against the other rows now, the same command, `sudoku-lab compare
//! --strategies
//! bitboard,dlx,sat-complete,prop:fewest/subsets,prop:mrv/subsets,prop:fewest/locked
//! --set puzzles/large-minimal --rounds 3 --time-budget 30s`, one run (AMD
//! EPYC, 2 cores, load 4.2 with another engineer's builds: the report
//! warns); mean ms per puzzle, nodes per puzzle; the best other row named;
//! the last column is the table above's:
//!
//! | set | bitboard | best other row | dlx | bitboard / best other | bitboard / dlx | before: / best other, / dlx |
//! |---|---:|---:|---:|---:|---:|---:|
//! | large-minimal/12x12 | 0.0450 (20.1 nodes) | prop:mrv/subsets 0.128 (20.3) | 0.202 (913) | 0.35 | 0.22 | 0.68, 0.50 |
//! | large-minimal/16x16 | 1.27 (268) | sat-complete 5.62 (193) | 42.2 (174k) | 0.23 | 0.030 | 0.53, 0.061 |
//! | large-minimal/25x25 | 6.29 (640) | sat-complete 17.6 (482) | 507 (1.48M) | 0.36 | 0.012 | 4.63, 0.14 |
//!
//! bitboard is the fastest row on each set and under a third of dlx's
//! time. The margin on 12x12 against dlx is the machine's, not ours: in
//! this run (and in two runs of the code one commit earlier, minutes
//! before: 0.18 and 0.23) dlx's mean was 198-286 µs with an interval of
//! ±76% to ±95%, as a few of its puzzles take milliseconds and a
//! preemption lands in them; in quieter runs of `--strategies
//! bitboard,dlx` on the set earlier the same evening (the code two to
//! four commits earlier, 18.3 to 19.5 nodes) dlx took 123-124 µs and
//! bitboard 43-45 µs, **0.35 to 0.36**, just over the third. What would
//! close that: about 22k instructions per node on 12x12, a third of them
//! in whole-plane hidden-single scans and a fifth in locked candidates,
//! so a cheaper pass per plane rather than fewer nodes; a row-major copy
//! of the candidates for the cell-wise work (see "16x16, per node" below)
//! is the untried candidate. (Closed since, by a cheaper pass per plane:
//! next section.)
//! The 25x25 figure rests on four puzzles, one of them most of the nodes:
//! the half-given `scaling/25x25` set (25 puzzles, 539 to 121 nodes) is
//! the steadier witness that the weights generalise.
//!
//! ### Cheaper per node: the box sides as constants
//!
//! Issue 27 asked for a third of dlx's time on `large-minimal/12x12` with a
//! margin, 15-20% off bitboard's 12x12 path at the same nodes. Counting
//! calls on that set (a throwaway counter build): per node 8.3 naked-single
//! counts (5.5 of them finding one), 7.9 whole-plane hidden-single scans,
//! 3.5 looks at touched units, 4.6 locked-candidates calls (0.68 of them
//! removing anything), 0.66 naked-pair passes, 0.48 guess choices; a
//! whole-plane scan cost about 840 instructions and a locked-candidates
//! call about 1,130 on a 12-row plane. Most of that was loop bookkeeping
//! (`zip`, `step_by` and `chunks_exact` over a band's rows and a row's
//! stacks, a quarter of all instructions by themselves): `N` is a
//! constant but the box sides were read at run time, so those loops, of
//! three or four trips, did not unroll. Now `Geo` takes the box sides as
//! const parameters too (`Geo<BR, BC>`, zero for "read them at run time"),
//! and `Bitboard::search` sends 3x4, 4x4 and 5x5 boxes to copies with
//! them constant; every other box shape runs the code as before.
//!
//! Then, each step the same nodes, verdicts and placements on every
//! non-9x9 set of `puzzles/` and `puzzles/scaling` (the `PER_PUZZLE=1`
//! lists byte-identical): `lock_columns`' box loop without branches (a
//! branch per box, once the loop unrolls, mispredicts); naked pairs list a
//! pair's cells only when two or more bivalue cells hold the pair (most
//! are held by the cell alone); `propagate`'s two hidden-single loops
//! (whole planes, touched units) as one; a naked single's digit read as
//! the first plane holding the cell, the loop stopping there, where the
//! cell's options were gathered from all `N` planes; and naked pairs
//! reading a bivalue cell's two digits the same way, up to the second.
//!
//! Instructions, callgrind, `TIMELOOP_RUNS=1` under the `timeloop` example
//! (two solves of every puzzle, the file read included). valgrind 3.19 on
//! this machine stops with SIGILL on a VEX `vmovq` that the `x86-64-v3`
//! build of the new code contains, so both builds are `RUSTFLAGS="-C
//! target-cpu=x86-64-v2"` (SSE4.2 and popcnt; its 4-lane vectors make the
//! vectorised loops dearer than in the native build); the baseline's v3
//! count on 12x12 was 26.9M, as in the previous section. M instructions:
//!
//! | set | before | box sides constant | + branchless `lock_columns` | + pairs only when shared | + one hidden-single loop | + single's digit, first plane | + pair's digits, first two (now) | now / before |
//! |---|---:|---:|---:|---:|---:|---:|---:|---:|
//! | large-minimal/12x12 | 31.85 | 22.97 | 23.49 | 22.93 | 22.95 | 22.84 | 22.55 | 0.71 |
//! | large-minimal/16x16 | 380.7 | 303.2 | 299.0 | 276.8 | 277.2 | 275.4 | 274.7 | 0.72 |
//! | large-minimal/25x25 | 442.1 | 352.5 | | | 328.3 | | 319.8 | 0.72 |
//! | scaling/25x25 | 508.4 | 406.8 | 406.7 | 384.7 | 384.7 | 378.3 | 375.1 | 0.74 |
//!
//! About 18.7k instructions per node on 12x12 (x86-64-v2), from 26.4k.
//! The branchless loop added instructions on 12x12 but took time off
//! every set (12x12 35.4-42.9 to 33.2-34.4 µs, 16x16 584-768 to 544-563,
//! scaling/25x25 603-616 to 577-581, three alternate runs each, load 1.5
//! to 1.8); the last two steps took little in instructions and more in
//! time (medians of four alternate runs each at load 1, each step against
//! the one before: the single's digit 12x12 34.1 to 31.8 µs, 16x16 561 to
//! 535, scaling/25x25 588 to 558; the pair's digits 30.6 to 30.2, 534 to
//! 491, 564 to 528): the gathers they cut were strided loads.
//!
//! Time, the private loop (`TIMELOOP_RUNS=5 ... timeloop -- <set>`), the
//! build before (`47b63ee`) and now run alternately three times; lscpu
//! "AMD EPYC", 2 cores, load 0.9 to 1.4; median (fastest) of the three, µs
//! per puzzle:
//!
//! | set | before | now | now / before |
//! |---|---:|---:|---:|
//! | large-minimal/12x12 | 41.4 (41.3) | 30.0 (30.0) | 0.72 (0.73) |
//! | large-minimal/16x16 | 705 (698) | 499 (490) | 0.71 (0.70) |
//! | large-minimal/25x25 | 3,627 (3,615) | 2,825 (2,820) | 0.78 (0.78) |
//! | scaling/25x25 | 676 (672) | 528 (528) | 0.78 (0.79) |
//!
//! Against dlx, `sudoku-lab compare --strategies bitboard,dlx --set
//! puzzles/large-minimal --rounds 3`, the release binaries of before and
//! now run alternately, three times each (AMD EPYC, 2 cores, load 1.3 to
//! 1.4): bitboard's mean on 12x12 43.1, 43.8, 43.4 µs before and 31.6,
//! 31.8, 31.5 now, dlx's 121 to 124 µs; the paired ratio dlx / bitboard
//! 2.89x, 2.77x, 2.83x before (bitboard / dlx 0.35 to 0.36, as in the
//! quiet runs of the previous section) and 3.88x, 3.86x, 3.93x now:
//! **bitboard / dlx 0.25 to 0.26**, a quarter under the third. 16x16:
//! 494-508 µs against 24.9-25.5 ms (dlx / bitboard 49.9x to 50.4x, from
//! 34.5x to 35.6x); 25x25: 2.84-3.02 ms against 314-316 ms (104x to 111x,
//! from 85.4x to 86.4x). An earlier set of the same runs, at load 4.1 to
//! 4.6 and one step before the last two, gave 0.28 to 0.29 on 12x12.
//!
//! Against the other rows, the command of the previous section with
//! `scaling/25x25` added, `sudoku-lab compare --strategies
//! bitboard,dlx,sat-complete,prop:fewest/subsets,prop:mrv/subsets,prop:fewest/locked
//! --set puzzles/large-minimal --set puzzles/scaling/25x25.txt --rounds 3
//! --time-budget 30s`, one run (AMD EPYC, load 1.1 to 1.2); mean per
//! puzzle, nodes per puzzle:
//!
//! | set | bitboard | best other row | dlx | bitboard / best other | bitboard / dlx |
//! |---|---:|---:|---:|---:|---:|
//! | large-minimal/12x12 | 32.6 µs (20.1) | prop:fewest/locked 79.1 µs (39.6) | 126 µs (913) | 0.41 | 0.26 |
//! | large-minimal/16x16 | 519 µs (268) | sat-complete 3.44 ms (193) | 24.8 ms (174k) | 0.15 | 0.021 |
//! | large-minimal/25x25 | 2.96 ms (640) | sat-complete 11.6 ms (482) | 314 ms (1.48M) | 0.26 | 0.0094 |
//! | scaling/25x25 | 556 µs (121) | prop:mrv/subsets 5.04 ms (263) | 27.0 ms (135k) | 0.11 | 0.021 |
//!
//! bitboard is the fastest row on each, by mean and by median.
//!
//! On sets held back from all of this tuning, made for the measurement
//! and not bundled (`sudoku-lab generate --solver dlx --minimal`, `--shape
//! 3x4 --count 30 --seed 9127`, `--shape 4x4 --count 20 --seed 9627`,
//! `--shape 5x5 --count 4 --seed 9527`: 42-50, 87-98 and 272-276
//! clues, the 25x25 near-minimal as in the bundled set), the same command
//! after the merge, one run (AMD EPYC, load 1.1):
//!
//! | held-back set | bitboard | best other row | dlx | bitboard / best other | bitboard / dlx |
//! |---|---:|---:|---:|---:|---:|
//! | 12x12 | 30.9 µs (17.7) | prop:fewest/locked 86.7 µs (42) | 128 µs (899) | 0.36 | 0.24 |
//! | 16x16 | 817 µs (446) | prop:mrv/subsets 4.05 ms (449) | 12.2 ms (85.7k) | 0.20 | 0.067 |
//! | 25x25 | 6.91 ms (1,700) | sat-complete 13.0 ms (552) | 956 ms (4.40M) | 0.53 | 0.0072 |
//!
//! The targets hold there too. On the held-back 25x25 the margin over
//! sat-complete is the thinnest (its clause learning enters a third of
//! bitboard's nodes); in the same run the bundled sets gave 0.26, 0.14
//! and 0.24 of the best other row and 0.26, 0.020 and 0.0090 of dlx.
//!
//! What is left on 12x12 (perf on the native build, by source line, one
//! step before the last two): gathering a cell's candidates across the
//! `N` planes (`options`, then for naked singles and naked pairs) 9%, a
//! naked single's clearing of its digit's plane 10% (probably stalls on
//! the stores the next gather read), the whole-plane scans about 12%,
//! `lock_columns` 6%, `lock_rows` 5%, the guess's unit counts 2%: the
//! cell-wise work a row-major copy of the candidates would make cheap,
//! still untried.
//!
//! Tried and not kept (same nodes each):
//!
//! * **A naked single's digit from binary codes** (tried before the
//!   first-plane loop above, against the full gather): per bit `k` of a digit's
//!   index, the cells where a digit with that bit may go (a second pass
//!   over the planes when a count finds singles), so that a single's digit
//!   is `log2 N` word reads instead of `N`. Instructions (x86-64-v2) +7%
//!   on 12x12, +13% on 16x16, +19% on scaling/25x25; native time in two
//!   sets of alternate runs 12x12 -1% to -5%, 16x16 -7% to +7%,
//!   scaling/25x25 level to -9%: no clear gain.
//! * **`hidden_in_units`' three blocks as one** (a unit's places as bits
//!   numbered within the unit, one helper deciding dead end, single or
//!   nothing, a loop per kind of unit so that each copy knows its kind):
//!   +0.5%, +1.5%, +0.4% instructions on 12x12, 16x16, scaling/25x25 (a
//!   box's places gathered by shifts where the tally was cheaper). The
//!   merge of `propagate`'s twin loops was kept: within 0.2%.
//!
//! ## Why it is fast (measured)
//!
//! Mean µs per puzzle proving uniqueness, the lab's protocol: five runs of
//! `sudoku-lab compare --strategies bitboard,reference,dlx --rounds 5
//! --limit-puzzles 2000 --set <set>...` back to back, release build, one
//! thread, this project's 2-core AMD EPYC virtual machine at load 1.4-1.5
//! (session 9, commit 72bb847). Times are those of the run with the median
//! ratio to dlx; ratios are the median of the five runs, the lowest and
//! highest in brackets. `multiple` and `no-solution` are their two 9x9
//! puzzles each (the reference solves no other shape); the 17-clue stretch
//! and the generated puzzles (`sudoku-lab generate --shape 3x3 --count 300
//! --seed 7 --minimal --rate-with dlx --min-nodes 60`) stand in for sets
//! this crate was not tuned on, and `puzzles/field` is measured against
//! tdoku below:
//!
//! | set | bitboard | reference (JCZSolve port) | dlx | bitboard / reference (5 runs) | bitboard / dlx (5 runs) | bitboard nodes / puzzle |
//! |---|---:|---:|---:|---:|---:|---:|
//! | top95 | 6.98 | 11.9 | 82.8 | 0.59x (0.58-0.60) | 0.08x (0.08-0.09) | 18.9 |
//! | 17-clue, first 2,000 | 2.14 | 3.34 | 18.9 | 0.64x (0.64-0.65) | 0.11x (0.11-0.11) | 2.02 |
//! | hardest (11) | 5.48 | 6.35 | 41.9 | 0.87x (0.86-0.89) | 0.13x (0.13-0.13) | 16.3 |
//! | 9x9-easy | 0.87 | 1.53 | 11.3 | 0.57x (0.57-0.58) | 0.08x (0.08-0.08) | 1 |
//! | 9x9-medium | 1.25 | 1.74 | 12.0 | 0.72x (0.71-0.74) | 0.10x (0.10-0.11) | 1.28 |
//! | 9x9-hard | 2.37 | 2.90 | 16.4 | 0.82x (0.81-0.82) | 0.14x (0.14-0.15) | 3.8 |
//! | 9x9-minimal | 2.24 | 2.80 | 16.1 | 0.80x (0.80-0.81) | 0.14x (0.14-0.14) | 3.3 |
//! | classic (6 famous puzzles) | 12.2 | 15.4 | 92.8 | 0.81x (0.79-0.82) | 0.13x (0.12-0.13) | 43 |
//! | generated hard minimal (300) | 2.61 | 3.14 | 17.2 | 0.83x (0.83-0.84) | 0.15x (0.15-0.15) | 4.6 |
//! | multiple (two 9x9) | 2.76 | 2.76 | 15.4 | 0.99x (0.93-1.01) | 0.18x (0.17-0.18) | 9.5 |
//! | no-solution (two 9x9) | 4.79 | 11.3 | 55.9 | 0.44x (0.42-0.47) | 0.09x (0.08-0.09) | 17 |
//! | 16x16 | 18.8 | n/a | 123 | n/a | 0.15x (0.15-0.16) | 5.6 |
//! | 25x25 | 15.6 | n/a | 267 | n/a | 0.06x (0.06-0.06) | 1 |
//! | scaling/16x16 | 7.79 | n/a | 66.3 | n/a | 0.12x (0.12-0.12) | 1 |
//! | scaling/25x25 | 531 | n/a | 27,200 | n/a | 0.02x (0.02-0.02) | 121 |
//!
//! Compared with the first version of this table (measured with
//! `--repeat 5`, before claiming for columns, the row branch and the box
//! sides as constants), bitboard went from level with the reference to
//! ahead of it on every 9x9 set but `multiple`, where the two are level;
//! the large shapes fell from 0.07-0.19x dlx to 0.02-0.15x (scaling/25x25
//! from 832 nodes per puzzle to 121, with the failure weights). On sets of
//! several shapes (`multiple.txt` with its 4x4 and 6x6 puzzles), `compare`
//! takes the ratio to the reference over the puzzles both solved.
//!
//! What each trick buys (the private loop `examples/timeloop.rs`: every
//! puzzle of a set in chunks of 50, best of 10 runs per chunk; and
//! instruction counts, which a shared machine does not blur:
//! `crates/reference/examples/versus.rs` under valgrind's callgrind, with
//! `VERSUS_ONLY=bitboard` or `reference`, the reading of the set
//! subtracted):
//!
//! * **Planes instead of cells.** One band step decides locked candidates
//!   and hidden singles for 27 cells at once in about 55 instructions; dlx
//!   covers and uncovers hundreds of list nodes per placement.
//! * **Compare, don't track.** Keeping a dirty bit per plane up to date at
//!   every write (a shift, a mask and an OR per plane touched) cost more
//!   than it saved. Comparing each plane with its copy from its last step,
//!   in 27 written-out steps with constant indices, and clearing a solved
//!   cell from the other planes unconditionally (no branch to mispredict),
//!   took the same node counts from 31.9 to 18.0 µs on top95 and from 5.7
//!   to 2.3 on the 17-clue set (merging the two look-ups of step 2 into one
//!   table, `KEEP`, is in those figures). Ending the loop on one wide
//!   comparison of all 27 planes instead of a last pass of 27 branches
//!   saved instructions but cost time (top95 9.8 to 10.8 µs): not kept.
//! * **Tables, not bit tests, for the rows' singles.** Step 4 as two table
//!   halves and a look-up instead of a test per row: instructions per
//!   puzzle against the reference's, hardest 1.12x to 1.04x, 9x9-hard
//!   1.19x to 1.11x, same nodes. Counting placements once per propagation
//!   (from the cells that left `free`) instead of at each, and masking
//!   table indices instead of bounds-checking them: hardest 1.37x to 1.27x.
//! * **Rules that pay.** Hidden singles and claiming for columns, in a
//!   pass of their own when naked singles were stuck, saved nodes (top95
//!   19.0 per puzzle against 23.1 without) but cost more than they saved:
//!   dropping the pass took hardest from 1.27x to 1.12x the reference's
//!   instructions and 9x9-minimal from 1.21x to 1.14x. A lighter pass (column hidden singles only, bit-parallel)
//!   cut 9x9-hard from 4.84 to 4.12 nodes per puzzle and still raised the
//!   instructions on every set but one (hardest 1.08x to 1.25x): not kept.
//!   Against tdoku on the hardest sets that balance turned: claiming for
//!   columns as table look-ups (above), with the row branch chosen by
//!   configurations, took nodes per puzzle on the 1106 set from 443 to
//!   332, the first 300 of the 1905 sample from 209 to 175, the first 500
//!   of top1465 from 29.8 to 25.9, top95 from 21.5 to 18.9 and the first
//!   500 17-clue puzzles from 2.42 to 1.84, for instructions (callgrind,
//!   two solves a puzzle, the reading included) 0.93x on the 1106 set,
//!   0.98x on 17-clue, 1.03x on top95, top1465 and 1905, and 1.11x on
//!   serg (500, several solutions each: 8.42 nodes either way, the pass
//!   finds nothing there). In time, against tdoku in one process (`vs`
//!   from the project's shared tdoku bench, 50-puzzle chunks, three
//!   rounds, an AMD EPYC virtual machine at load 10-11, so a ratio moves 10-20% from
//!   round to round): 1106 from 1.47x (1.46-1.72) to 1.36x (1.29-1.50),
//!   serg from 1.12x (1.11-1.13) to 1.22x (1.21-1.23), 1905 within the
//!   noise (1.06x, 0.96-1.21, against 1.21x, 0.94-1.41). Kept for the
//!   hardest sets, at serg's expense. The row branch alone (no column
//!   claims) took the 1106 set to 401 nodes (0.92x the instructions) and
//!   the 1905 sample to 212.
//!   Gating the pass to states with 20 or more free cells, where it
//!   pays (counted: it finds a claim or a dead end in 23% of its passes
//!   on the 1106 set at 30-39 free cells, 2.4% at 10-19, none below 10;
//!   on serg in 74 of 12,584 passes at any count), took serg 3.5% faster
//!   but the 1106 set 3% slower and the first 100 17-clue puzzles from
//!   186 to 194 nodes (three rounds each against the ungated code in one
//!   process): not kept. tdoku's triad rule in its simplest form (a
//!   mini-row holds three digits: where only three digits fit it, each is
//!   confined to it; a mini-row fit by fewer is a dead end), run per band
//!   before the column pass when naked singles stall, took nodes per
//!   puzzle on top95 from 18.9 to 18.1, on the 1106 set from 332 to 329,
//!   on the 1905 sample from 170 to 169 and on serg from 8.47 to 8.44:
//!   too little to pay for a pass over 27 planes, not kept. tdoku's
//!   smaller trees come from elsewhere: both directions' permutation
//!   rule at every step and its branch on a band's configurations.
//! * **Write out only what is kept.** Proving uniqueness finds a second
//!   solution that no one reads; writing it out (a walk over every bit of
//!   the 27 planes) was 6% of the time on serg (perf). Only a solution
//!   the outcome keeps (`Run::keeps_solution`) is written now: serg 2%
//!   faster, no count changed.
//! * **Where to guess.** JCZSolve guesses on the first bivalue cell. The
//!   bivalue cell with the fewest placed peers is in the least settled part
//!   of the grid, where an option has the most to propagate, and each
//!   bivalue peer counts against it too: a peer sharing the digit left
//!   over becomes a naked single whichever option is tried. top95 needs
//!   21.0 nodes per puzzle this way, 23.1 counting placed peers only, 51.2
//!   on the first bivalue cell; the 9x9 puzzles of `multiple.txt` 12.5
//!   instead of 18; on the generic path (placed peers only) 16x16 needs 5
//!   instead of 27.4. Where no cell is bivalue, a digit's two places in a
//!   row make a two-way branch where a cell would make three or more:
//!   `multiple.txt`'s 9x9 puzzles take 10 nodes instead of 12.5 (the
//!   reference's instructions on them 1.36x to 0.98x), top95 21.5 instead
//!   of 21.0. Since session 13 the 9x9 path branches there on a digit's
//!   configurations in a band instead (tdoku's branch, in the band with the
//!   fewest left; often two, and each fixes the digit's box in all three
//!   rows of the band): nodes per puzzle on the 1106 set 332.5 to 315.7,
//!   the 1905 sample 170.1 to 165.4, top1465 20.9 to 20.8, top95 18.9 to
//!   18.7, serg unchanged (its states always have a bivalue cell);
//!   `multiple.txt`'s four puzzles 12 to 13 ("Session 13" below). With that
//!   branch in, a placed peer counts four times a bivalue peer in the
//!   score: the 1106 set 296.9 nodes, top95 19.4.
//! * **Copy on guess.** The 9x9 state is 240 bytes: copying it is cheaper
//!   than recording what to undo, and a failed branch costs nothing to
//!   clean up. The last option of a guess runs on the state itself, so a
//!   bivalue guess copies once.
//! * **Givens a plane at a time.** Both paths build the starting planes
//!   from the givens' rows, columns and boxes instead of writing each given
//!   (which touches every plane); the 9x9 path walks the bits of a mask of
//!   each band's givens (a test per cell mispredicted at every other cell:
//!   9x9-minimal 2.6-2.9 to 2.0-2.1 µs per puzzle in `versus`); on the
//!   generic path the box arithmetic's divisions are done once per shape,
//!   into tables.
//!
//! Where it still loses:
//!
//! * **9x9, a thin margin on hard sets.** On Norvig's hardest, 9x9-hard,
//!   9x9-minimal, `classic` and the generated hard puzzles it takes 0.80x
//!   to 0.87x the reference's time (the table above); when this section
//!   was written, before claiming for columns and the row branch, it was
//!   level there (0.9x to 1.0x, one side or the other of 1 from run to
//!   run). It did the same work
//!   there: band steps per puzzle (the reference counted in an
//!   instrumented copy outside this repository) 144 against 138 on
//!   9x9-hard, 128 against 127 on 9x9-minimal, 353 against 403 on
//!   hardest, 866 against 1,019 on `classic`, at about the same cost each
//!   (1.02x to 1.07x the reference's instructions per puzzle). Tuning this
//!   representation further bought no margin: stepping the planes band by
//!   band instead of digit by digit cut 6% of the instructions and no
//!   time; the column pass, the wide compare and other guess scores
//!   (above) lost. A margin wants stronger propagation per step at the
//!   same cost, as tdoku's triads in SIMD vectors (7.4 µs on top95 where
//!   the reference takes 12.8, on this kind of machine).
//! * **Against tdoku, on the field's sets.** tdoku (Dillon's DPLL solver
//!   with SIMD triads, the fastest published; the `tdoku` row, see
//!   `crates/tdoku`) measured against this crate on the sets of
//!   `puzzles/field` and the first 2,000 17-clue puzzles, proving
//!   uniqueness (limit 2): one process linking both (tdoku built with g++
//!   12.2 `-O3 -march=native`, this crate with rustc 1.95 and
//!   `-C target-cpu=native`) and the reference; three rounds, each one
//!   whole-file pass per solver in rotated order (best of 5 per round) and
//!   50-puzzle chunks (best of 10 per chunk, solvers alternating); the
//!   median of the three rounds' bitboard/tdoku ratios, range in
//!   brackets. AMD EPYC virtual machine, 2 cores shared with five other
//!   builds (load 8.6 to 10): absolute times are inflated two to three
//!   times and only the ratios mean anything. Guesses: tdoku counts one per
//!   two-way branch on a digit's configuration in a band or stack, this
//!   crate one per option tried, so its branch points are about half its
//!   guesses. Instructions: callgrind, two solves of each puzzle, the
//!   reading of the file subtracted, the first 300 puzzles of the large
//!   sets.
//!
//!   | set | bitboard / tdoku, passes | chunks | guesses per puzzle: tdoku / bitboard | instructions per puzzle: bitboard / tdoku |
//!   |---|---:|---:|---|---:|
//!   | top95 | 0.82 (0.64-0.83) | 0.83 (0.83-0.84) | 11.1 / 20.5 | 0.59 |
//!   | 17-clue, first 2,000 | 0.64 (0.62-0.86) | 0.71 (0.67-0.71) | 0.36 / 1.5 | 0.69 |
//!   | top1465 | 1.02 (0.91-1.03) | 1.02 (1.01-1.02) | 8.9 / 23.4 | 0.73 |
//!   | forum hardest 1905, sample of 1,000 | 1.21 (1.19-1.23) | 1.15 (1.15-1.17) | 61.8 / 200 | 0.81 |
//!   | forum hardest 1106 (375) | 1.48 (1.37-1.52) | 1.65 (1.55-1.71) | 110 / 442 | 1.01 |
//!   | serg, sample of 2,000 (several solutions each) | 1.25 (1.11-1.31) | 1.14 (1.14-1.17) | 7.05 / 7.48 | 0.99 |
//!
//!   After claiming for columns and the row branch chosen by
//!   configurations ("Rules that pay"), the same protocol another day
//!   (the shared bench's `vs`, three rounds of whole-file passes, best of
//!   3, and of 50-puzzle chunks, best of 10; g++ 12 `-O3 -march=native`
//!   for tdoku, this crate with the workspace's `target-cpu=native`; an
//!   AMD EPYC virtual machine, 2 cores, load 10 to 11; bitboard's guesses
//!   are its nodes less the root, about two per branch point):
//!
//!   | set | bitboard / tdoku, passes | chunks | guesses per puzzle: tdoku / bitboard |
//!   |---|---:|---:|---|
//!   | top95 | 0.81 (0.80-0.84) | 0.79 (0.79-0.80) | 11.1 / 17.9 |
//!   | 17-clue, first 2,000 | 0.85 (0.83-0.92) | 0.70 (0.70-0.70) | 0.36 / 1.02 |
//!   | top1465 | 1.00 (0.95-1.11) | 0.98 (0.97-0.98) | 8.9 / 19.9 |
//!   | forum hardest 1905, sample of 1,000 | 1.06 (0.80-1.08) | 1.17 (1.16-1.19) | 61.8 / 169 |
//!   | forum hardest 1106 (375) | 1.30 (1.28-1.33) | 1.40 (1.37-1.45) | 110 / 331 |
//!   | serg, sample of 2,000 (several solutions each) | 1.41 (1.11-1.51) | 1.25 (1.25-1.25) | 7.05 / 7.47 |
//!
//!   Branch points on the two forum sets: about 85 and 166 here against
//!   tdoku's 62 and 110 (1.4x and 1.5x, from 1.6x and 2x).
//!
//!   Again after "Write out only what is kept", with a driver that links
//!   tdoku, this crate and this crate as it was before in one process
//!   (per round 50-puzzle chunks, best of 5 per chunk, the three
//!   alternating; three rounds, median and range; AMD EPYC virtual
//!   machine, 2 cores, load 8.9 to 9.4 while another build ran; the 1106
//!   and 1905 rows from five rounds at load 6.4): top95 0.82 (0.81-0.83),
//!   17-clue (first 2,000) 0.71 (0.70-0.71), top1465 0.98 (0.97-0.98),
//!   1905 sample 1.11 (1.00-1.16), 1106 1.28 (1.24-1.30), serg (2,000)
//!   1.23 (1.23-1.24); against the code before it, serg 0.975
//!   (0.961-0.987), the others level (1106 1.02, 0.97-1.09). Nodes per
//!   puzzle unchanged: 18.9, 2.02, 20.9, 170, 332, 8.47.

//!   It executes fewer instructions than tdoku on every set but the 1106,
//!   and is slower on four: tdoku does more per instruction (its box and
//!   band updates are SIMD and branch-free; this crate's 27 written-out
//!   plane tests and the guess's scan branch on the data: callgrind's
//!   branch simulation on the 1106 set counts 54 million conditional
//!   branches and 6.0 million mispredicted here, 17 and 3.0 million in
//!   tdoku, for the same 0.6 billion instructions), and its search
//!   is smaller where search is most of the work: 1.6 to 2 times fewer
//!   branch points on the two forum sets (about 100 and 221 here). Adding
//!   the stack step (the band step turned a quarter: mini-columns that fit
//!   a column-to-box permutation, hidden singles of columns) when naked
//!   singles are stuck took nodes per puzzle on the 1106 set from 443 to
//!   370, on the 1905 sample (first 300) from 209 to 171, on top1465 (first
//!   300) from 31.7 to 27.1, but raised the instructions on each (1106
//!   +7%, 1905 +6%, top1465 +5%, serg +21%): an 18% share of the
//!   instructions went to the stack steps, against the 16% of nodes they
//!   saved. Not kept, like the column pass before it. Beating tdoku there
//!   wants what tdoku has: both directions' locked candidates and hidden
//!   singles at the cost of one (a stack view kept beside the bands, or
//!   triads as variables of their own, in SIMD registers), and a branch on
//!   a digit's configuration in the band with the fewest, which the
//!   lab's traces (a placement per guess) cannot yet record.
//! * **Issue 27, 9x9: tdoku's ideas tried, none kept.** Measured today
//!   against tdoku in one process, `TDOKU_DIR=... cargo build --release
//!   --features tdoku`, then `sudoku-lab compare --strategies
//!   bitboard,tdoku,reference --set puzzles/field --set puzzles/top95.txt
//!   --set puzzles/17clue.txt --limit-puzzles 2000 --rounds 5` (lscpu:
//!   "AMD EPYC", with AVX-512; 2 cores, load 4.4 to 4.7; tdoku by the
//!   `cc` crate with `-O3 -march=native`): one run, mean µs per puzzle,
//!   bitboard / tdoku and its paired 95% interval, the code as it is:
//!
//!   | set | tdoku | bitboard | bitboard / tdoku | bitboard nodes / guesses |
//!   |---|---:|---:|---:|---|
//!   | forum hardest 1106 (375) | 85.3 | 85.5 | 1.00 [0.96, 1.05] | 332 / 331 |
//!   | forum hardest 1905, sample of 1,000 | 53.6 | 46.8 | 0.87 [0.85, 0.89] | 170 / 169 |
//!   | serg, sample of 2,000 | 2.92 | 2.81 | 0.96 [0.95, 0.97] | 8.47 / 7.47 |
//!   | top1465 | 10.1 | 7.58 | 0.75 [0.72, 0.78] | 20.9 / 19.9 |
//!   | top95 | 11.0 | 6.97 | 0.63 [0.55, 0.72] | 18.9 / 17.9 |
//!   | 17-clue, first 2,000 | 3.92 | 2.69 | 0.69 [0.67, 0.70] | 2.02 / 1.02 |
//!
//!   Six other runs within the hour gave 0.99 to 1.05 on the 1106 set,
//!   0.87 to 0.95 on the 1905 sample and 0.94 to 0.97 on serg but once
//!   1.11 (a ratio moves that much between runs on this shared machine,
//!   hardly within one). Measured again the next session, the same code
//!   and command with `--rounds 9`, at load 2.8 (one other build), and
//!   with two sets held back from all tuning (`sudoku-lab generate
//!   --solver dlx --shape 3x3 --minimal --seed 9002 --count 1000`, and
//!   `--seed 9001 --count 300 --rate-with dlx --min-nodes 60`), bitboard /
//!   tdoku: 1106 0.99 [0.94, 1.03], 1905 0.87, serg 0.95, top1465 0.75,
//!   top95 0.63, 17-clue 0.58, held-back minimal 0.62, held-back hard
//!   0.64 (the reference at 1.02 to 1.56 times bitboard's mean). The
//!   targets held: every set but the 1106 set and serg, and both held-back
//!   sets. Still missed: 0.9x tdoku on the 1106 set (by about 10%)
//!   and on serg (by about 6%, when the machine is kind), and tdoku's
//!   branch points on the two forum sets (165.7 and 84.6 here against
//!   its 110 and 66; counted from the trace by `examples/branchpoints`,
//!   which also gives serg 6.3 against tdoku's 7.0, top1465 10.0 against
//!   8.9 and top95 9.0 against 11.1). What was tried, each against the code above
//!   (nodes per puzzle on the 1106 set, the 1905 sample, serg, top1465,
//!   top95 and 17-clue, the sets of the table; exact. Times from
//!   `examples/timeloop`, the two builds run alternately three times;
//!   instructions from callgrind on a build for `x86-64-v3`, valgrind
//!   reading no AVX-512, two solves a puzzle, the first 300 or 500 of
//!   the large sets):
//!
//!   - *The stack's permutation rule* (a digit's mini-columns in a stack
//!     must fit a column-to-box permutation) in place of claiming for
//!     columns: the same nodes on every set, to the hundredth. With three
//!     lines and three boxes the permutation rule is locked candidates in
//!     both directions (Hall's condition for one line or two, and two
//!     lines' complement is one), and claiming plus the band step's
//!     pointing already give both at every fixpoint.
//!   - *Negative triads*: a mini-row with three digits confined to it
//!     (each one's fitting mini-rows leave it alone in its row) holds no
//!     other digit, one with four is a dead end; run per band when naked
//!     singles and column claims are stuck. Nodes 332 to 326, 170 to
//!     169, 8.47 to 8.46, 20.9 to 20.3, 18.9 to 19.0, 2.02 to 1.92, for
//!     30% to 50% more instructions on every set but 17-clue (+3%): not
//!     kept. Like the positive triad rule before it, triads add little to
//!     singles and locked candidates at a fixpoint.
//!   - *Branching on a digit's configuration*, tdoku's branch (the band,
//!     or stack, with the fewest configurations left, the digit with the
//!     fewest there, one branch per configuration; a branch restricts a
//!     plane and places no digit). With the triad rule above in (its
//!     nodes the baseline): before bivalue cells, bands only, 279, 160,
//!     9.19, 23.2, 19.5, 2.02; bands and stacks, only for a digit with two
//!     configurations, 275, 145, 9.72, 23.2, 26.2, 2.36; bands and stacks,
//!     any digit, 263, 142, 9.71, 23.1, 28.0, 2.41: a fifth fewer nodes on
//!     the 1106 set, a sixth on the 1905 sample, and more on every other
//!     set (top95 by half). Thresholds on the band's configurations (12 to
//!     18) found no mixture that kept both. Only where no cell is bivalue,
//!     in place of the row branch: 315, 164, 8.46, 20.2, 18.6, 1.89, and
//!     2% fewer instructions on the forum sets and top95. Not kept: the
//!     gain is small, and a branch that places no digit breaks the
//!     statistics (a guess is a placement, nodes are guesses plus one)
//!     and the traces (a placement per branch) that the lab relies on.
//!   - *The row branch extended to columns* (a digit with two places in a
//!     column, keyed by its stack's configurations as rows are by their
//!     band's): 342 and 173 nodes on the forum sets, the rest within 0.01.
//!     Not kept.
//!   - *Scoring bivalue cells by the digits their bivalue peers share*:
//!     40 + placed peers - (for each of the cell's two digits, the
//!     bivalue peers holding it). A peer sharing a digit becomes a naked
//!     single when that digit is placed; the score now counts only those.
//!     Nodes 291 (-12%), 149 (-12%), 8.54 (+1%), 18.1 (-13%), 16.4 (-14%),
//!     1.83 (-9%), and fewer placements (2,929 to 2,622 per puzzle on the
//!     1106 set), but slower: 1106 82 to 91 µs, 1905 45 to 50, serg 2.05
//!     to 2.66 (timeloop). Reading the cell's digits and three popcounts
//!     per digit at every bivalue cell made the choice a quarter of the
//!     instructions on serg (about 2,800 per choice); skipping cells that
//!     could not win even if every bivalue peer shared both digits did not
//!     help, nor did scoring in full only the cells within 0, 1 or 2 of
//!     the best cheap score (319, 303 or 296 nodes on the 1106 set; with
//!     0, 6.5% slower there and 13% on serg). The most promising lead here: the same score computed in bulk
//!     (per digit, the bivalue cells holding it and their peers, a few
//!     word operations per band) could keep the nodes and lose the cost.
//!     Cheaper variants: 2 x placed peers - bivalue peers, 326, 167, 8.49,
//!     20.8, 18.8, 2.03, time level; with ties broken by the
//!     configurations left to the cell's digits in its band and stack,
//!     317, 164, 8.51, 20.7, 18.3, 2.02, but 16% slower on the 1106 set and
//!     20% on serg (ties are common, the tie-break dear); strong links
//!     (units where one of the cell's digits has two places) counted for
//!     or against, and the band's and stack's configurations as a weight:
//!     worse on most sets.
//!   - *Band steps dispatched by a mask instead of 27 tests*: the planes
//!     that differ from their copies as a bit mask (a vector compare), the
//!     steps run by index in a bit loop. callgrind: 15% fewer instructions
//!     and 58% fewer (simulated) mispredicted branches on the 1106 set,
//!     which 27 written-out tests dominate (72% of them). In time: 1106
//!     82-94 to 100-122 µs, serg 2.06 to 2.88, top95 4.6 to 7.2. With the
//!     steps reporting the planes they change (no wide compare after the
//!     first), 1.3 to 2.2 times slower. Probably: each step must finish before the
//!     next plane is known, a chain the predicted tests let the processor
//!     run ahead of; and callgrind's branch model is not this processor's.
//!     Time decides, not the simulated counts.
//!   - *Clearing a row's solved cells from the other planes only when one
//!     is new* (a branch on `solved & free`): serg 10% faster, the 1106
//!     set 9% and the 1905 sample 11% slower. Not kept.
//!   - *A band's nine planes stepped at once, in vector lanes* (session 8,
//!     in the manner of tdoku's SIMD passes): the state laid out band-major
//!     (`[[u32; 16]; 3]`, lanes 9-15 zero, no `stepped` copies, a dirty
//!     bit per band), the permutation rule computed with shifts and ANDs
//!     instead of `MINI`/`KEEP` (row (r, k) fits when rows r+1 and r+2 can
//!     take boxes k+1 and k+2 one way or the other: the mini-row set
//!     rotated by rows and by boxes lines the four tests up), pointing and
//!     the rows' singles likewise, so that each lane-wise loop is a few
//!     AVX-512 instructions (checked in the disassembly); two digits
//!     claiming one cell in the same pass is a dead end. Same nodes and
//!     verdicts on every set (the rules' fixpoint does not depend on the
//!     order), but slower: `timeloop`, alternating with the code as it is,
//!     three runs each (AMD EPYC, load 1.4-1.9): 1106 set 82 to 136 µs,
//!     serg 2.03 to 3.19, top95 4.5 to 9.3. Counted: 7.8 band passes per
//!     node on the 1106 set where the one-plane code makes 12.8 plane steps
//!     and 4.1 passes of 27 compares. A band pass costs about 150 cycles
//!     (the horizontal steps across lanes, the placed cells' OR and the
//!     check for two claims, a fifth of the time), a plane step about 30:
//!     about 1.6 planes of a band change between its steps, so nine lanes
//!     of work replace fewer than two. Not kept; multiplications replaced
//!     by shifts and reductions by halving trees did not move it.
//!   - *Naked pairs on the 9x9 path* (rows, boxes and columns, when
//!     column claims are quiet, as the generic path does), counted with a
//!     quick version before making it fast: nodes on the 1106 set 332 to
//!     333, the 1905 sample 170 to 164, serg 8.47 to 8.41, top1465 20.9 to
//!     17.7, top95 18.9 to 18.4. The forum's hardest puzzles are chosen to
//!     resist subsets; the ladder says the same (`prop:mrv/locked` 571
//!     nodes on the 1106 set, `prop:mrv/subsets` 435, both far above this
//!     crate's 332). Not pursued.
//!   - *Failure weights on 9x9* (the generic path's dom/wdeg, below: a
//!     dead end adds one to the units it names, a band step's to its
//!     band's rows): as the first key of the guess, nodes 332 to 338 on the
//!     1106 set, 170 to 177, top95 18.9 to 21.3; as a tie-break after the
//!     score, 324, 167, top95 20.1, and 5% slower on the 1106 set. The 9x9
//!     trees are too small for the weights to learn much. Not kept.
//!   - *The row branch first* where its band has at most T
//!     configurations left, bivalue cells otherwise (nodes only, each T
//!     against 332 / 170 / 8.47 / 20.9 / 18.9 / 2.02 on the six sets):
//!     T = 10, 425 / 203 / 9.46 / 24.1 / 23.4 / 2.50; T = 14, 622 / 289 /
//!     9.42 / 33.0 / 36.0 / 3.03; worse at every T tried (10 to 30). Of
//!     the branches a trace can show (each option a placement), the
//!     bivalue cell stays the best.
//!   - *Smaller cuts*, each against the code as it is in `timeloop`,
//!     alternating: `CELLS` replaced by a multiplication (the look-ups'
//!     high halves holding mini-rows spread to their first cells, so times
//!     7 gives their cells: one load off the step's chain), no change
//!     beyond noise (1106 set 81.1-81.6 µs against 81.6-84.4); the guess's
//!     score with one popcount per side instead of three (the column's
//!     cells of the two other bands side by side in one word), no change;
//!     the release profile with `lto = "fat"` and one codegen unit, 3% to
//!     5% slower on the 1106 set, serg and the 1905 sample.
//!   - *A dirty bit per band* (set where a step places a new cell or
//!     locks a column out of another band, so a pass compares only the
//!     dirty bands' nine planes): same nodes, 1106 set 83 to 103 µs, serg
//!     2.08 to 2.46, the 1905 sample 46 to 57 (`timeloop`, alternating).
//!     Like the dirty bit per plane before it, keeping it up to date costs
//!     more than the compares it saves.
//!   - *A band's nine planes side by side* (plane `9 b + d` instead of
//!     `3 d + b`, the steps in the same order), so that clearing a solved
//!     row's cell from the eight other planes is one masked vector
//!     operation instead of eight scalar ones (a tenth of serg's samples
//!     fall on that line): same nodes and placements (`PER_PUZZLE` lists
//!     identical), but 1106 set 81.3-81.7 to 84.8-89.6 µs, the 1905 sample
//!     45.0-45.2 to 47.0-50.5, serg level (`timeloop`, alternating, load
//!     0.9-1.5). Probably the wide load of the band's planes right after a
//!     narrow store to one of them, which the processor cannot forward
//!     from the store buffer. Not kept.
//!   - *Changing the guess once a search grows* (session 9): the first
//!     `G` nodes of a solve guess as above, the rest another way, so that
//!     the easy sets keep their choice and only long searches pay for a
//!     dearer one. Nodes per puzzle on the 1106 set / 1905 sample / serg /
//!     top1465 / top95 (exact), times from `timeloop` (AMD EPYC, load
//!     0.5-1.5, the code as it is alternating; it took 83-87 µs on the
//!     1106 set in these runs):
//!     - the branch on a digit's configurations in a band (k-way, one
//!       branch per configuration that fits, without the triad rule that
//!       the figures above had): from the root, 310 / 181 / 9.60 / 29.1 /
//!       28.2 nodes and 96 µs; in bands and stacks, 298 / 159 / 9.97 /
//!       28.5 / 31.4 from the root, 325 / 171 / 8.47 / 21.8 / 20.2 from
//!       `G` = 32 (111 µs), 325 / 169 / 8.47 / 21.0 / 18.9 from `G` = 128
//!       (104 µs). A search switched part-way loses twice: the subtrees
//!       below the switch are not the smaller trees of a search that
//!       branched on configurations from the root.
//!     - the shared-digit score above, computed per digit over the
//!       bivalue cells holding it (each such cell counts its peers among
//!       them, 2 popcounts, so no cell's candidates are read): from the
//!       root 291 / 149 / 8.54 / 18.1 / 16.4 nodes, from `G` = 8 292 /
//!       150 / 8.48 / 19.2 / 17.2 with serg untouched (2.06 µs either
//!       way) but the 1106 set at 91-92 µs and top1465 9% slower: the
//!       score costs about what its 12% fewer nodes save.
//!
//!   What would meet the targets: tdoku's smaller trees come from its
//!   model, the branch on configurations together with the triad rule
//!   both ways, not from its binary branch or its vectors. The
//!   `bitboard-configs` row ("Branching on configurations" below) has
//!   that model on these planes, k-way, with configurations traced as the
//!   candidates they remove, and reaches tdoku's branch points (109.6
//!   against 110.4 on the 1106 set, 61.2 against 61.8 on the 1905
//!   sample). With its triad pass made cheaper (session 11) a node costs
//!   a twentieth less than one of tdoku's (about 364 ns on the 1106 set
//!   against 384), so it takes 0.95x tdoku's mean there, not 0.9x: on
//!   this model 0.9x wants a node a tenth cheaper than tdoku's, and serg
//!   (1.33x) wants the cell branch. The cell branch stays the default,
//!   being the faster one on serg, top1465 and top95. The shared-digit
//!   score cut a tenth of the nodes, but neither per cell nor in bulk did
//!   it cost less than it saved.
//!
//!   Session 12 made the work around the search cheaper, every count
//!   unchanged (`PER_PUZZLE` lists identical on the field's four sets,
//!   top95, 17-clue, `multiple`, `no-solution` and hardest, both rows):
//!   the bivalue score reads whole-grid masks (`GRID_PEERS`, one 81-bit
//!   look-up and two counts per cell, where per band it took a look-up, a
//!   column mask and three counts), one `Search` context carries the
//!   solution, the run and the memory count down the recursion, where
//!   three functions each took them as parameters, and `Grid::has_conflict`, which every row pays at
//!   every solve (tdoku's too), has a 9x9 copy with its sides as
//!   constants (137 to 96 ns a grid in a warm loop). `compare` as in the
//!   table of "Branching on configurations" below, four runs alternating
//!   with session 11's binary: bitboard/tdoku on the 1106 set 0.99-1.01
//!   (session 11's binary 1.03-1.11 in the same minutes), serg 0.93-1.03,
//!   0.94 in three of the four (0.95-1.08). Release builds then took fat
//!   LTO, about a twentieth off both rows on every set: `bitboard` 0.95x
//!   tdoku on the 1106 set and 0.88x on serg, `bitboard-configs` 0.90x on
//!   the 1106 set (medians of ten runs; the table below). Left to meet
//!   the targets: `bitboard` on the 1106 set, about 5%. Tried and not
//!   kept:
//!   - a switch at the root to the configuration search where at most `T`
//!     cells are bivalue after the root's propagation (the forum's puzzles
//!     have 0 to 5 there, serg's 8 to 26). `compare` as below, three runs
//!     per `T` alternating with the switch off, bitboard over tdoku in the
//!     runs without a slow set: with `T` = 5, the 1106 set 0.90 (off: 0.93
//!     to 0.94), serg 0.88 to 0.89 (0.88), but top95 0.79 (0.59), top1465
//!     0.75 (0.70) and the 1905 sample 0.85 to 0.91 (0.81 to 0.84); `T` =
//!     3 and 7 alike. Most of top95's puzzles have as few bivalue cells at
//!     the root as the forum's, and the cell search is the faster one
//!     there: the count does not tell the two kinds apart;
//!   - the shared-digit score again, over the same whole-grid masks: 291.5
//!     nodes on the 1106 set, but `timeloop` 87.4 µs against 83.9;
//!   - the band step's mini-rows by shifts, as `nine::minis_of` gives them
//!     to the triad pass: `timeloop` 84.6 against 83.0 µs on the 1106 set;
//!   - in a search's first four nodes, clearing a row's solved cells from
//!     the other planes only when one is new (there 5% to 24% of steps
//!     find one, deeper 45% to 72%): `timeloop` said serg 2.02 to 1.84 µs
//!     and 17-clue 1.44 to 1.22, but `compare` said 17-clue 0.56 to 0.63
//!     of tdoku and the held-back sets 0.62 to 0.70 and 0.64 to 0.72.
//!     `timeloop` solves each chunk of 50 puzzles ten times, and the
//!     branch predictor learns them; `compare` solves a puzzle once per
//!     round, between other rows' blocks. A change that adds a branch on
//!     the data is judged by `compare`, not by `timeloop`.
//!
//!   Session 13 made three changes, each measured in one process against
//!   the code before it: the change compiled as a second copy of the row
//!   (a throwaway `bitboard-x`, its own monomorphisation), placed apart
//!   from the original in the rotation and then swapped
//!   (`--strategies bitboard,tdoku,bitboard-x,reference` and the reverse,
//!   the `compare` command below, three runs each way; AMD EPYC). A copy
//!   placed right after the row it copies, sharing its compiled code, came
//!   out 9% to 18% faster on sets where the two search alike: the
//!   predictor learns the block's puzzles from the row before
//!   (reports/README.md, "Rows that share their code").
//!   - *Where no cell is bivalue, a digit's configurations in a band*
//!     (tdoku's branch; the forum's puzzles start with no bivalue cell):
//!     1106 set 332.5 to 315.7 nodes, 1905 sample 170.1 to 165.4, the
//!     others within 1%, serg unchanged ("Where to guess"). Time: 0.964 to
//!     0.981 of the old row's mean on the 1106 set, 0.98 to 1.00 on the
//!     1905 sample, 0.99 to 1.03 elsewhere.
//!   - *Naked singles walked cell by cell*, each single's digit read from
//!     four index masks, where a loop per digit was entered or not as the
//!     data said: same nodes and verdicts everywhere. Where two singles
//!     conflict, the new order can place a few more or fewer digits before
//!     the dead end shows: 58 of the 1106 set's 375 puzzles changed their
//!     placements, by at most 6, 51 of the 1905 sample's 1,000 by at most
//!     2, 2 of serg's 2,000 by 1. Time: 0.98 to 0.99 on the 1106 set, 0.97
//!     to 1.00 on every other set.
//!   - *A placed peer weighs four bivalue peers in the guess's score*
//!     (`nine::PLACED_WEIGHT` has the nodes for weights 1 to 6): 1106 set
//!     315.7 to 296.9 nodes, 1905 sample 165.4 to 160.2, top1465 20.8 to
//!     20.5, serg 8.47 either way, top95 18.7 to 19.4. Time, the mean of
//!     six runs: 0.961 (0.953 to 0.966) on the 1106 set, 0.982 on the 1905
//!     sample, 0.977 on top1465, 0.983 on serg, 0.99 to 1.00 on top95,
//!     17-clue and the held-back sets; weight 2 gave 0.970 on the 1106 set
//!     and 1.01 to 1.03 on the easy sets.
//!
//!   Tried and not kept: the stacks' configurations beside the bands'
//!   where no cell is bivalue (1106 set 320.8 nodes, the 1905 sample
//!   162.8); a band's configurations first wherever the band has at most
//!   `T` left, bivalue cells or not (`T` = 11: 318.1 nodes; 13: 319.7; 22:
//!   344.3); the row branch where the best configuration count is three or
//!   more (318.7); the triad pass at nodes with no bivalue cell (313.2
//!   nodes, too few for a pass); the guess's minimum taken branch-free over
//!   packed (score, cell) keys (no change: 0.98 to 1.02).
//!
//!   With the three in, ten `compare` runs alternating with session 12's
//!   binary (the command of the table below; AMD EPYC, load 1.1 to 1.3):
//!   bitboard over tdoku, median and range of the ten, session 12's binary
//!   in the same minutes after the slash: 1106 set **0.85** (0.84-0.98) /
//!   0.93 (0.93-1.15), at most 0.90 in nine runs of ten; 1905 sample 0.78
//!   (0.78-0.82) / 0.82; serg **0.88** (0.87-1.00) / 0.88, at most 0.90 in
//!   eight; top1465 0.69 / 0.70; top95 0.58 / 0.59; 17-clue 0.53 / 0.54;
//!   held-back minimal 0.58 / 0.59, hard 0.60 / 0.60. So `bitboard` is at
//!   most 0.9x tdoku on every 9x9 set here, by the medians, with serg the
//!   closest. A second ten, half an hour later (load 0.1 to 0.9), agreed:
//!   1106 set 0.84 (0.84-0.94), 1905 sample 0.77, serg 0.88 (0.86-0.94),
//!   top1465 0.69, top95 0.58, 17-clue 0.53, held-back 0.58 and 0.60;
//!   session 12's binary 0.94 on the 1106 set. Ten runs earlier the same
//!   day, before the weight and at a noisier hour (session 12's binary
//!   then 1.04 on the 1106 set), put it at 0.94 (0.87-1.15): a run's
//!   figure on this machine can still be a fifth off, and serg's margin is
//!   a few percent.
//! * **Several solutions.** The two 9x9 puzzles of `multiple.txt` took
//!   1.2x to 1.3x the reference's time (the first version of the table
//!   above). One of them has
//!   849 solutions and cost 17 nodes: its root has no bivalue cell, and the
//!   first options of a three-way guess there died after long
//!   propagations (213 band steps per puzzle over the pair against the
//!   reference's 146). Branching on a digit's two places in a row there
//!   instead (a rule for every node without a bivalue cell, not for these
//!   puzzles) takes it to 12 nodes and the pair to 0.95x the reference
//!   (0.89x to 1.07x in three runs): level, as it still is (0.99x, 0.93x
//!   to 1.01x, in the table above). Since session 13 a digit's
//!   configurations in a band are the branch there, for the forum's sets'
//!   sake: one puzzle of the file went from 11 nodes to 15 (the file's
//!   four, 12 to 13 per puzzle).
//! * **16x16, per node.** The generic path stores planes digit-major, so a
//!   cell's candidates lie `N` words apart: a hidden single or a guess still
//!   clears its cell from `N` planes at a stride, and the digit-wise scans
//!   are most of the time (perf on the bundled 16x16 set: hidden singles
//!   36%, naked singles 20%, locked candidates 20%, placements 10%, the
//!   givens 6%). That is about 6.5 µs per node there (5 nodes per puzzle,
//!   most of the work in the root's propagation) where dlx spends 0.3 (559
//!   nodes); bitboard takes 0.21 of dlx's time on the set ("Every other
//!   shape"), inside the third the project aims at. Tried and dropped: the
//!   hidden-singles pass reporting empty and single rows as two flags
//!   instead of a bit per row (no change); a naked single's digit found
//!   plane by plane instead of by gathering the cell's options (25x25 10%
//!   slower then; read now as the first plane holding the cell, the loop
//!   stopping there, it took 5-7% off: "Cheaper per node"); the 4x4 and 5x5 box geometries made constants in the unit
//!   scans so that their loops unroll (25x25 25% slower then; made
//!   constants throughout, with the code as it is after the failure
//!   weights, they took a fifth to a quarter of the instructions off 12x12,
//!   16x16 and 25x25: "Cheaper per node" above). A row-major copy
//!   of the candidates (a word per cell, beside the planes) would make those
//!   placements one store, at the price of keeping two layouts in step: not
//!   tried.
//! * **Hard 25x25.** On the half-given 25x25 puzzles of `puzzles/scaling`
//!   its mean is a tenth of dlx's and its median (753 µs, 163 nodes) a
//!   quarter of dlx's (2.74 ms, 5,780 nodes: `reports/scaling`), but as
//!   `generate --minimal`'s uniqueness checker on 25x25 it is 13 times
//!   slower than dlx (two puzzles, seed 1: 111 s against 8.7 s), so
//!   `generate` keeps dlx there: near-minimal 25x25 puzzles need many nodes
//!   whatever the strategy, and a bitboard node costs tens of µs at that
//!   size. On 20x20 it is the faster checker (21.8 s against 58.4 s, and
//!   it proves both puzzles minimal where dlx's checks run out of budget).
//!   (All measured before the failure weights, which took the nodes of
//!   these half-given puzzles from 539 to 121 per puzzle and the
//!   near-minimal ones of `puzzles/large-minimal` from 9,281 to 641;
//!   `generate`'s checker choice was not measured again.)
//!
//! ## Branching on configurations: `bitboard-configs`
//!
//! A second row runs, on 9x9, the same planes and the same propagation
//! with two things added (module `nine::configs`): the *triad
//! rule* both ways (a mini-row or mini-column holds exactly three digits:
//! where only three fit, each is confined there; where three are certain,
//! no other goes there) and a *branch on a configuration*: in the band or
//! stack with the fewest configurations left, the digit with the fewest
//! (two if any), one child per configuration. That is tdoku's model, and
//! its tree: branch points per puzzle (nodes with children in the replayed
//! trace, `examples/branchpoints --configs`) against tdoku's guesses (its
//! two-way branches, from the shared bench's `tdrive` on the same files):
//!
//! | set | bitboard | bitboard-configs | tdoku |
//! |---|---:|---:|---:|
//! | forum hardest 1106 (375) | 147.91 | 109.58 | 110.44 |
//! | forum hardest 1905, sample of 1,000 | 79.60 | 61.18 | 61.80 |
//! | serg, sample of 2,000 | 6.26 | 6.89 | 7.05 |
//! | top1465 | 9.76 | 8.84 | 8.95 |
//! | top95 | 9.19 | 10.80 | 11.05 |
//!
//! Nodes per puzzle, in the same order: bitboard 296.9, 160.2, 8.47, 20.5,
//! 19.4; bitboard-configs 221.4, 124.1, 9.36, 18.7, 22.6. (bitboard's
//! column is session 13's, which branches on configurations where no cell
//! is bivalue and weighs placed peers four times in its score; before:
//! 165.71, 84.57, 6.25, 9.95, 8.97 branch points and 332.5, 170.1, 8.47,
//! 20.9, 18.9 nodes.)
//!
//! Neither half pays alone. The triad pass with the cell branch takes the
//! 1106 set from 332.5 to 320.7 nodes and finds something in one pass of
//! ten; the configuration branch without triads leaves 293.5 (the triads
//! turn a configuration, which fixes mini-rows, into cells). Branching
//! k-ways is what lets a trace show the branch: tdoku's "this
//! configuration or not" leaves, after a *not*, configurations that no
//! set of candidates can express, so it needs configurations kept as
//! state; a k-way child only removes candidates, which the trace shows as
//! eliminations for [`sudoku_core::Rule::Configuration`] right after the
//! child's `Enter`. Measured with the bans kept as state (binary, as
//! tdoku): 222.1 nodes and 110.5 branch points on the 1106 set, against
//! 221.4 and 109.6 k-way.
//!
//! The triad pass runs about once per node (0.62 passes per node on the
//! 1106 set, one in five finding something; 0.78 on serg, one in twenty),
//! and it was dear. Three changes, each leaving every node, verdict and
//! placement as it was (`PER_PUZZLE` lists identical on the field's four
//! sets), made it cheaper:
//!
//! * one tally per band over the four sets side by side in a `u64`
//!   (mini-rows, certain mini-rows, columns, certain columns), where there
//!   were four tallies (`timeloop --configs`, one pair of alternating runs:
//!   1106 set 91.5-91.7 to 87.9-88.4 µs). With it in, running the pass
//!   twice at each call (a throwaway build) added about 25 µs per puzzle
//!   on the 1106 set: some 180 ns a pass, over a quarter of the row's
//!   time. On a throwaway microbenchmark (`triads` on copies of the 1106
//!   set's root states) it took 150 ns a pass;
//! * a stack's certain columns looked up already in the layout of the
//!   digit's column word (`STACK_CERTAIN`), where they were scattered back
//!   into a per-band array three bits at a time, a read-modify-write
//!   each: 150 to 107 ns;
//! * a plane's mini-rows by shifts instead of three `MINI` look-ups that
//!   fed a fourth: 107 to 73 ns.
//!
//! Tried and not kept: everything as arithmetic the compiler vectorises
//! (mini-rows spread at their first cell, a configuration a mask, six
//! compares per plane, eighteen per digit for the stacks; it did
//! vectorise, in 256-bit registers, and was slower than the tables:
//! 1106 set 94-100 µs against 88-90 in `timeloop`); the band's
//! configurations by six compares instead of the `FIT_CERTAIN` look-up
//! (77-85 ns a pass against 72-87, no gain); the stacks' configurations
//! kept whole by the pass in place of claiming for columns (the same nodes,
//! since claiming and the triads reach the same fixpoint, but 1106 set
//! 96-103 µs against 84); and the "only three fit" half of the rule
//! dropped (227.6 nodes on the 1106 set instead of 221.4, time level
//! there, serg 8% faster: not worth losing half of the rule).
//!
//! `timeloop --configs`, alternating with the code before, medians of
//! three (AMD EPYC): 1106 set 91.8 to 86.8 µs, serg 3.78 to 3.35, 1905
//! sample 60.1 to 53.1, top1465 7.64 to 6.71.
//!
//! Then the walk over a band's nine digits, which applies the rule, was
//! skipped where it cannot remove anything. It ran in three bands of four
//! the pass looked at, and found something in one pass of five: a
//! mini-row that only three digits fit, or with three certain, holds a
//! removal only if some digit fits it without being certain there (one
//! certain there has nothing left in that mini-row's row and box to lose),
//! and likewise for mini-columns. Two ORs per digit beside the tally say
//! so exactly, and the walk now runs in 8% of the bands on the 1106 set,
//! every count unchanged (`PER_PUZZLE` lists identical on the field's four
//! sets, top95, 17-clue, `multiple`, `no-solution` and hardest).
//! `timeloop --configs`, three alternating runs each: 1106 set 84.0-87.3
//! to 80.0-83.8 µs, serg 3.33-4.33 to 2.95-3.13, 1905 sample 49.8-51.5 to
//! 47.8-50.8. Keeping the configurations band-major so that a band's total
//! is two popcounts, to make choosing the branch cheaper, was slower
//! (1106 set 85.7-86.5 against 80.0-83.8): not kept.
//!
//! Against the other rows, `compare --strategies
//! bitboard,bitboard-configs,tdoku,reference --limit-puzzles 2000 --rounds
//! 5` on the field's sets and the two held-back sets, run under `setarch
//! -R` (see below), session 12's code (AMD EPYC, load 0.3-1.7). Release
//! builds now use fat LTO (the workspace's `Cargo.toml`); ten runs of that
//! build alternated with ten of the same code built without it. Each cell
//! is over tdoku's mean: the median of the ten runs (their range in
//! brackets), then the median without LTO. This session's runs did not
//! agree as session 11's did (within 0.5%): in about one run in three a
//! set or two came out up to a quarter slower for this crate's rows, so
//! the medians are the figures and the ranges show the spread.
//!
//! | set | bitboard | bitboard-configs | bitboard, no LTO | bitboard-configs, no LTO | tdoku (µs, median) |
//! |---|---:|---:|---:|---:|---:|
//! | forum hardest 1106 | 0.95 (0.94-1.24) | 0.90 (0.89-1.23) | 1.06 | 1.01 | 85.3 |
//! | forum hardest 1905, sample | 0.83 (0.82-1.03) | 0.85 (0.84-1.08) | 0.93 | 0.97 | 53.9 |
//! | serg, sample | 0.88 (0.87-1.03) | 1.26 (1.24-1.50) | 0.93 | 1.31 | 2.85 |
//! | top1465 | 0.71 (0.70-0.87) | 0.82 (0.80-1.02) | 0.77 | 0.88 | 10.0 |
//! | top95 | 0.60 (0.59-0.74) | 0.81 (0.81-1.04) | 0.64 | 0.88 | 10.9 |
//! | 17-clue, first 2,000 | 0.53 (0.52-0.61) | 0.48 (0.48-0.57) | 0.61 | 0.56 | 3.68 |
//! | held-back minimal | 0.59 (0.58-0.68) | 0.59 (0.58-0.70) | 0.62 | 0.63 | 3.59 |
//! | held-back hard | 0.62 (0.60-0.73) | 0.64 (0.62-0.77) | 0.65 | 0.67 | 4.07 |
//!
//! With LTO, `bitboard` was at most 0.9x tdoku on every set here but the
//! 1106 set (0.95x), and `bitboard-configs` reached 0.90x there but took
//! 1.26x on serg. Session 13's `bitboard` (the configuration branch where
//! no cell is bivalue, naked singles by cell, the placed-peer weight)
//! takes, in ten runs of the same command: 1106 set 0.85 (0.84-0.98), 1905
//! sample 0.78, serg 0.88 (0.87-1.00), top1465 0.69, top95 0.58, 17-clue
//! 0.53, held-back minimal 0.58 and hard 0.60 ("Where it still loses",
//! session 13); `bitboard-configs`, untouched but for the singles, 0.90 on
//! the 1106 set and 1.28 on serg in the same runs. Thin LTO, and `codegen-units = 1` alone, gave nothing
//! (four and three runs); fat LTO inlines `sudoku-core`'s per-solve
//! wrappers into each strategy (the scratch state, the grid copies: the
//! symbols are gone from the binary) and lays the whole program out at
//! once. Which of its effects buys the 1106 set's tenth is not known.
//!
//! **This crate's times depend on where the process is loaded.** Without
//! `setarch -R`, the same binary and command gave this crate's rows and
//! the reference a fifth more time on some runs and not on others (1106
//! set: bitboard 1.02x tdoku in two runs, 1.21x and 1.25x in two others;
//! bitboard-configs 0.95x to 0.97x in six short runs, 1.16x and 1.18x in
//! two), while tdoku's mean moved under 3%; `timeloop` shows the same
//! swings from one process to the next (84 to 96 µs for one build on the
//! 1106 set). Address-space layout randomisation places the stack and the
//! heap anew at each start; under `setarch -R` (no randomisation) session
//! 11's three runs agreed to 0.5%, but in session 12 about one run in three
//! still put a set or two up to a quarter slower for this crate's rows, on
//! either CPU (`taskset`), so more is at play than the layout: the ranges
//! in the table above are what one command gives on this machine. The 64-byte alignment of the search
//! state did not remove the swings. So a ratio to tdoku from one run of
//! this crate is good to a few percent only when a second process agrees,
//! and the figures here are of the layout `setarch -R` gives on this
//! machine; which placements are slow, and why tdoku's are not, is not
//! known.
//!
//! Per node on the 1106 set that is about 364 ns against bitboard's 261
//! and tdoku's about 384 (session 11's run: 84.9 µs over the 221 states
//! of its 110.4 two-way branches): the same tree as tdoku's, at a
//! twentieth less per node. The row is ahead of tdoku on every set but serg, where the triad
//! pass finds something in one pass of twenty and costs more than it
//! saves; since session 13 `bitboard` is ahead of it on every set but
//! 17-clue (the 1106 set 0.85x tdoku against this row's 0.90x), and stays
//! the default. What is left per
//! node: the band steps are half the time (14.1 a node, against
//! bitboard's 12.8). Other shapes take `bitboard`'s own path.
//!
//! Its statistics: `nodes` counts the root and every configuration child;
//! `placements` as `bitboard`; `guesses` and `backtracks` are not reported
//! (a configuration is not a placement, and nothing is undone: a child runs
//! on a copy); depth counts placements and configuration choices on the
//! path.
//!
//! ## On the pruning ladder
//!
//! Above forward checking and mrv (which see cells only), at the level of
//! "singles + locked candidates": its rules see both cells and
//! unit-digits, as dlx's exact-cover columns do, and it adds locked
//! candidates, which dlx cannot see; it stops short of subsets (pairs,
//! triples) and of tdoku's model (it branches on a band's configurations
//! only where no cell is bivalue, without the triad rule;
//! `bitboard-configs` adds the triad rule and branches on configurations
//! at every node). The 9x9 path finds hidden singles of columns and claiming for
//! columns only when the band steps and naked singles are stuck; with the
//! band steps' pointing, that is the stack's whole permutation rule
//! (mini-columns fitting a column-to-box permutation) at every fixpoint:
//! running that rule instead moved no node.
//!
//! ## The trace
//!
//! The rules act on whole planes and lazily, so events emitted where they
//! act would name reasons the pencil marks do not show yet. A traced run
//! keeps a *shadow* of the board and candidates as the replay shows them,
//! and after each propagation tells the difference as a proof (the
//! `narrate` module): each placement a naked or hidden single, each removed
//! candidate by a rule that holds on the marks before it (locked
//! candidates, a naked or hidden subset, a triad), a failed propagation
//! ending in a dead end the marks show (a cell with no candidate, a unit
//! with no place for a digit); leaving a branch undoes its placements one
//! by one, deepest first. The trace checker (sudoku-replay) re-derives
//! every one of them. Where bitboard-configs' triad pass makes a placement
//! the narrator's rules do not reach, the placement is told as
//! "propagated" (a reason that names no rule). The naked singles of one
//! propagation pass are placed one band at a time: a single's column
//! peers in the other bands lose its digit only at the next band steps,
//! and two singles of one digit in one column would otherwise both be
//! written before the contradiction showed (the trees are the same: the
//! rules reach the same fixpoint in any order).
//!
//! ## Statistics
//!
//! * `nodes`: the root plus one per branch entered: a guess's options and,
//!   on 9x9 where no cell is bivalue, a digit's configurations in a band.
//! * `placements`: every digit written by the search, forced or guessed
//!   (counted once per propagation, as the cells that left the unplaced
//!   set; a traced run tells each as an event: the same number).
//! * `guesses`: guess placements (both options of a bivalue cell count). A
//!   configuration child places no digit, so it is a node but not a guess:
//!   on 9x9, `guesses` falls short of `nodes` less the root by the
//!   configuration children entered.
//! * `backtracks`: placements taken back with no solution below them, the
//!   forced ones included, as every strategy counts them: a failed
//!   branch's forced placements vanish with its copy, and the untraced
//!   search counts them in one step ([`sudoku_core::Run::take_back`]); a
//!   traced run undoes each with an event. (A configuration child places
//!   no digit, so bitboard can backtrack without a guess.)
//! * depth: placements on the path (forced and guessed); a node is entered
//!   at the depth of its guess, and `max_depth` is the most placements on
//!   one path, the forced ones below the last guess included (as every
//!   strategy: a puzzle solved without a guess has the depth of its empty
//!   cells, as norvig reports).
//! * `peak_states`: states held at once (on the 9x9 path, one plus the
//!   guesses on the path still trying a non-last option: the last option
//!   runs on its parent's state); `peak_bytes` that times the state size.
//!
//! ## Mems
//!
//! Counted when asked for ([`sudoku_core::Solver::solve_counting_mems`]),
//! compiled away otherwise (every count is a `run.mems(n)` that a plain
//! solve's `NoTrace` reduces to nothing). One mem is one read or one write
//! of a word of the search's data, where the code makes it: a word of the
//! state (a plane, its `stepped` copy, `free`, `pairs`; on the generic path
//! a plane's row word, `free`, `dirty`, a frame's fields; beside it the
//! failure weights and the touched units' masks, read and written like
//! the state's words, and the per-unit counts the guess reads), a look-up in a
//! table (`MINI`, `KEEP`, `LOCKED`, `CELLS`, `PEERS`; the generic path's
//! box tables and stack masks), and, when the givens are gathered, the
//! per-digit masks they are gathered into. The words are 32 bits; each
//! access is a load or store of one of them, so one mem each (none is
//! wider than Knuth's 64-bit word). Copying a whole state on a guess is
//! counted in 64-bit words, read and written: 60 mems on 9x9 (240 bytes),
//! `2 x (N² + N + 1) x 4 / 8` on the generic path. Values the code keeps in
//! locals (a band's bit-sliced counts, a row's tally) are registers, not
//! counted. What each step costs, 9x9: a band step 31 mems (the plane, three
//! `MINI`, `KEEP`, the plane and its copy written, `LOCKED`, the digit's two
//! other planes, `CELLS`, `free`, the band's eight other planes read and
//! written), a pass of the step loop's comparisons 54, the naked-single
//! count 11 per band, a pass of column claims 81 (per digit its three
//! planes read, three `CLAIM`, three written), the configuration count
//! before a configuration branch 2 per plane (the plane and its `FITS`
//! entry), a guess's placement 23. Writing a solution out is
//! reporting, not search: not counted.
//!
//! ## Example
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Verdict};
//! let puzzle: Grid = "..3..4.221......".parse().unwrap();
//! let outcome = sudoku_bitboard::Bitboard.solve(&puzzle, &Limits::default());
//! assert_eq!(outcome.verdict(), Verdict::Unique);
//! assert!(outcome.solutions[0].is_solution_of(&puzzle));
//! ```

mod generic;
mod narrate;
mod nine;

use sudoku_core::scratch::Scratch;
use sudoku_core::{Family, Grid, Info, Reports, Run, Shape, Shapes, Strategy, Trace};

/// The bitboard strategy. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitboard;

static INFO: Info = Info {
    id: "bitboard",
    summary:
        "bitboard propagation (singles, locked candidates; naked pairs off 9x9) with bivalue guesses; 9x9 band path, branching on a band's configurations where no cell is bivalue",
    family: Family::Bitboard,
    outside: false,
    reports: Reports::ALL,
    shapes: Shapes::All,
    prunes_by: "naked and hidden singles, locked candidates (naked pairs off 9x9), on digit bitboards",
    headline: true,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::SEARCH,
};

/// bitboard's 9x9 band path branching on a digit's configuration in a band
/// or stack, with the triad rule both ways: tdoku's model on these planes
/// ("Branching on configurations" above); its tree is tdoku's, and it is
/// slower than [`Bitboard`] on every set measured but 17-clue. Other shapes take
/// [`Bitboard`]'s own path. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitboardConfigs;

static CONFIGS_INFO: Info = Info {
    id: "bitboard-configs",
    summary: "bitboard's 9x9 band path branching on a digit's configuration in a band or stack, with triads (tdoku's model); other shapes as bitboard",
    family: Family::Bitboard,
    outside: false,
    // Its branches place no digit: nodes count them; guesses and
    // backtracks (placements) would always read 0.
    reports: Reports {
        guesses: false,
        backtracks: false,
        ..Reports::ALL
    },
    shapes: Shapes::All,
    prunes_by: "naked and hidden singles, locked candidates and triads (a mini-row holds three digits), on digit bitboards",
    headline: false,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::SEARCH,
};

impl Strategy for BitboardConfigs {
    type Scratch = Out;
    fn info(&self) -> &'static Info {
        &CONFIGS_INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, out: &mut Out, run: &mut Run<T>) {
        search::<T, true>(puzzle, out, run)
    }
}

/// Per-shape scratch: the buffer a solution grid is written into.
pub struct Out {
    shape: Shape,
    cells: Vec<u8>,
}

impl Scratch for Out {
    fn new(shape: Shape) -> Out {
        Out {
            shape,
            cells: vec![0; shape.cells()],
        }
    }
    fn fits(&self, shape: Shape) -> bool {
        self.shape == shape
    }
}

impl Strategy for Bitboard {
    type Scratch = Out;
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, out: &mut Out, run: &mut Run<T>) {
        search::<T, false>(puzzle, out, run)
    }
}

/// Both rows' search: the 9x9 band path (branching on configurations when
/// `CONFIGS`), the generic path for every other shape.
fn search<T: Trace, const CONFIGS: bool>(puzzle: &Grid, out: &mut Out, run: &mut Run<T>) {
    let shape = puzzle.shape();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let givens = puzzle.cells();
    if shape == Shape::CLASSIC {
        return nine::solve::<T, CONFIGS>(givens, out, run);
    }
    // The large standard shapes get copies with the box sides as
    // constants, so that the loops over a band's rows and a row's
    // stacks unroll: a fifth to a quarter fewer instructions on
    // 12x12, 16x16 and 25x25, the same nodes ("Cheaper per node"
    // above). Other box shapes read them at run time.
    match (br, bc) {
        (3, 4) => return generic::solve::<12, 3, 4, T>(br, bc, givens, out, run),
        (4, 4) => return generic::solve::<16, 4, 4, T>(br, bc, givens, out, run),
        (5, 5) => return generic::solve::<25, 5, 5, T>(br, bc, givens, out, run),
        _ => {}
    }
    macro_rules! sides {
        ($($n:literal)*) => {
            match shape.side() {
                $($n => generic::solve::<$n, 0, 0, T>(br, bc, givens, out, run),)*
                side => unreachable!("side {side} is larger than MAX_SIDE"),
            }
        };
    }
    sides!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25);
}
