//! # bitboard: propagation on digit bitboards
//!
//! sudoku-lab's fastest strategy of its own, in the manner of JCZSolve and
//! tdoku (read, not copied: the code here is written from their ideas).
//! Where naive asks "which digit fits this cell?" one cell at a time,
//! bitboard keeps, for every digit, the set of cells where it may still go,
//! as bits, and applies whole rules to whole sets with a few word
//! operations. It guesses only when the rules are stuck, and a guess copies
//! the whole state (it is small and `Copy`) instead of undoing moves.
//!
//! Three ideas carry it, and each is a lesson of its own:
//!
//! 1. **Sets, not cells.** One machine word holds where a digit may go in
//!    27 cells; one table look-up on it decides locked candidates and
//!    hidden singles for all of them. A rule that costs dlx hundreds of
//!    list operations costs a handful of instructions here.
//! 2. **Propagate until stuck, then branch where it splits most.** The
//!    rules run to a fixpoint; only then does the search choose, and it
//!    chooses a two-way branch whose both sides propagate far.
//! 3. **Spend instructions where the predictor cannot follow.** On a
//!    modern CPU a mispredicted branch costs as much as a dozen
//!    instructions, so the hot code does the same work whatever the data
//!    (a solved cell is cleared from the other planes whether or not it
//!    is new) and tests only what is usually the same.
//!
//! ## The representation (9x9)
//!
//! A *band* is three rows of boxes. For each digit `d` and band `b` one
//! 27-bit word (`cand[d * 3 + b]`, a *plane*) holds the cells of the band
//! where `d` may go, bit `9 * (row % 3) + column`, so cell `27 b + bit` of
//! the grid is bit `bit` of its band's word. 27 planes, a copy of each as
//! its last band step left it (`stepped`), 3 words of unplaced cells and 3
//! of bivalue cells make the whole state: 240 bytes.
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
//! 1. squeeze each 9-bit row to the 3 boxes it touches (`MINI`, or one
//!    `pext` with BMI2), giving the
//!    9-bit set of mini-rows where `d` may be;
//! 2. in a band, `d` sits once in each row and once in each box: its three
//!    mini-rows form one of the 6 row-to-box permutations (its
//!    *configurations*). `KEEP[m]` is the cells of the union of the
//!    permutations that fit in `m` (zero: a contradiction); the plane keeps
//!    only those. This one look-up is locked candidates inside the band in
//!    both directions (a box confined to a row, a row confined to a box)
//!    and hidden singles of boxes;
//! 3. a box left with one column (`LOCKED`) holds `d` in that column, so the
//!    column's cells in the two other bands lose `d`: pointing, and the
//!    column peers of every placed `d`;
//! 4. a row left with one cell holds `d` there (a hidden single of the row,
//!    or a digit placed before): the cell leaves the other digits' planes.
//!    No bit of the row is tested for this: a row left with one fitting
//!    mini-row, in a box left with one column, has one cell, and
//!    conversely. `KEEP`'s upper half holds the cells of the fitting
//!    mini-rows alone in their row, and `LOCKED` is columns as cells, so
//!    the rows' cells are two ANDs away.
//!
//! What a band step costs is less its instructions than what the next one
//! waits for. The steps of a round read what the steps before them wrote
//! (a digit's next band loses the columns `LOCKED` gave; the band's other
//! planes lose the row's cell), so a round runs as a chain: the plane read,
//! its mini-rows, `KEEP`, its columns, `LOCKED`, the planes written. A
//! third look-up for the rows' cells (a table of mini-rows' cells, indexed
//! by the two tables' upper halves as mini-rows) puts one load more in
//! that chain: measured against the two ANDs, 5% to 8% slower on every set
//! for 1% to 2% more instructions (AMD EPYC). Working the cells out from
//! the plane alone, with no `LOCKED` in their way (a mini-row holds one
//! cell where its three bits have odd parity and are not all set), is
//! faster still, by 2% to 4%, but at 10 instructions more a step: a tenth
//! more on the 1106 set, 0.97 of tdoku's there when it was measured
//! (before the index checks below), where the lab keeps below 0.9.
//!
//! Rust checks every index, and the step's come from a table (`PLANES`:
//! the digit's planes in the other bands) the compiler cannot see into, so
//! each use was a compare and a branch: predicted, but in the way of every
//! step. The step now checks its indices once, a placement its band once,
//! and the whole-array passes (the givens, the root's first round below)
//! use indices the compiler knows (`other_bands`): 4% fewer instructions
//! on the 1106 set, 6% on serg, and about 1% less time on every set (AMD
//! EPYC). Promising the compiler the indices are in range instead
//! (`assert_unchecked`, which needs `unsafe`) saved more instructions but
//! ran 1.7% slower on serg, so the checks stay.
//!
//! The same code can run slower in a larger binary. The lab's own holds
//! every row, and with them several instances of this search (traced,
//! counting mems, both trees); left to itself, the compiler kept the
//! search's parts (the updates, the singles, the choice) out of line there,
//! where a driver with bitboard alone inlines them: 5% more instructions
//! on serg, and 4% more time. They are `#[inline(always)]`, and the two
//! binaries now run within 0.6% of each other's instructions. In time they
//! still differ by a few percent, and not for what the code does: the
//! lab's `alone` example read serg 3.7% slower than `bbdrive`, with or
//! without tdoku linked in, and 0.7% slower when it called the same search
//! through its type instead of the registry's trait object, in the same
//! binary; the instructions within 0.6% and valgrind's count of
//! mispredicted branches the same. Built for x86-64-v3 the two calls went
//! the other way, 6% and 2% faster than `bbdrive`. Where the code lies
//! moves the same work by several percent (the environment's size, which
//! moves the stack, and LLVM's loop and function alignments moved it by
//! at most 1.3%).
//!
//! The root is the one node where every plane is stepped, and there the
//! chain is longest: 27 steps, each waiting for the one before. So the
//! root's first round works out each plane's step from the planes as the
//! givens left them and applies what the 27 took together: they run side
//! by side. Each plane's `stepped` copy is what its own step kept, so a
//! plane another step took from is stepped again in the next round: the
//! band rules reach the same fixpoint (a test compares the two on top95,
//! 17-clue, no-solution and random grids), and the search the same tree.
//! The rounds after it redo some of what steps in turn would have seen at
//! once: up to 6% more instructions on puzzles solved mostly at the root
//! (17-clue), under 1.5% elsewhere, for 7% less time on serg, 4.5% on the
//! 17-clue puzzles and 0.5% to 2% on the others (AMD EPYC).
//!
//! A plane is stepped again when it differs from its `stepped` copy: some
//! step or placement took a candidate from it since. Comparing is cheaper
//! than keeping a dirty bit up to date at every write. One vector
//! comparison of all 27 planes with their copies gives the planes to step,
//! a bit each; a round steps those in plane order, and rounds repeat until
//! no plane differs. The round branches once per plane it steps, where a
//! test of each plane in turn branched 27 times on the data: that took a
//! third of the mispredicted branches off a solve (callgrind's model of a
//! branch predictor, serg's puzzles) and 2-3% of the instructions.
//!
//! That comparison has a cost the instruction count does not show: it
//! loads the planes 32 bytes at a time right after the steps stored them
//! 4 bytes at a time, and a load that spans several pending stores cannot
//! take its data from them: it waits until they reach the cache, and the
//! next round's plane indices wait for it. Built for AVX-512, the update
//! keeps a copy of the 27 planes in registers (a lane each) beside the
//! planes in memory; after each band step one permutation spreads what the
//! step took (the solved cells, the locked columns, the cells not kept) to
//! the lanes it took them from, the lanes where that removes a candidate
//! are the planes the step changed, and the next round is known when the
//! round ends. The same steps in the same order, so the same states and
//! counts (a test runs the forms side by side); each alone on an AMD EPYC,
//! 6-13% less time on every set (the table below). The copy is two 512-bit
//! registers, or four 256-bit ones on CPUs without AVX-512 VBMI2 (Intel's
//! before Ice Lake, where 512-bit instructions lower the clock; 3% slower
//! than two on the AMD EPYC). Without AVX-512 the comparison stays: the
//! copy's upkeep there (no mask registers) would cost instructions.
//!
//! **When every plane is quiet**: naked singles by bit-sliced counting across
//! the 9 planes of a band (`twos |= ones & x; ones |= x`: a free cell in
//! `ones & !twos` has one candidate, one outside `ones` has none; a third
//! accumulator gives the bivalue cells, kept for the branch). Placements go
//! back to the band steps. When they find none, **claiming for columns**:
//! per digit, the columns each band covers (`a | a >> 9 | a >> 18`); a
//! column covered by one band only holds the digit in that band, so its box
//! there loses the digit in its other columns; a column covered by none is
//! a dead end. A column left with one cell becomes a placement in the band
//! steps that follow (its box keeps one column, so one mini-row, so its row
//! keeps one cell): hidden singles of columns come with it. These passes
//! are written as whole-array loops with no branch on the data, which the
//! compiler turns into vector code. When nothing moves, the search
//! branches.
//!
//! ## Choosing the branch (9x9)
//!
//! The search branches two ways wherever it can:
//!
//! * **a bivalue cell**, the one whose placed peers, each counted four
//!   times (`PLACED_WEIGHT` in module `nine`), minus its bivalue peers (of its
//!   20) is lowest. A guess in the least settled part of the grid has the
//!   most left to propagate, and a bivalue peer sharing the digit left
//!   over becomes a naked single whichever option is tried. On top95 this
//!   rule enters 18.7 nodes per puzzle where the first bivalue cell
//!   (JCZSolve's choice) enters 51;
//! * where no cell is bivalue, **a digit's configurations in a band**:
//!   in the band with the fewest configurations left over its nine digits,
//!   the digit with the fewest (two if any). Each child fixes the digit's
//!   box in all three rows of the band, where any cell would offer three
//!   options or more. This is tdoku's branch, used only where the cell
//!   branch is weak: on the forum's 1106 hardest puzzles it took the
//!   search from 332.5 to 315.7 nodes per puzzle, and the placed-peer
//!   weight to 296.9;
//! * and only then the cell with the fewest candidates.
//!
//! Each option but the last is tried on a copy of the state, the last on
//! the state itself (nothing needs it after), so a two-way branch copies
//! once.
//!
//! **The order of the options.** Where a solve proves uniqueness, every
//! option of every branch is tried, and their order changes nothing: the
//! same tree. Where the puzzle has several solutions, the search stops at
//! the second, and the order decides how soon it gets there. A cell branch
//! tries first the digit the most of the cell's row and box peers may still
//! take (the lowest of those on a tie), then the others in digit order:
//! placing it takes the most candidates, so the propagation after it goes
//! furthest, to a solution or to a contradiction. On serg's puzzles (every
//! one has several solutions) it takes the search from 8.47 nodes a puzzle
//! to 8.03, and on puzzles of other sets made to have several by removing a
//! given (one chosen at random) by 5% to 23%: 2,000 17-clue puzzles, 17.81
//! to 13.76; top1465, 13.22 to 11.82; top95, 14.29 to 13.26; 500 of the
//! 1905 sample, 23.65 to 23.24; se-rated-2500 with two givens removed, 8.87
//! to 8.01. The textbook's advice is the other way round: the *least
//! constraining value* first (Russell and Norvig), which keeps the most
//! options open, here the digit the fewest of the cell's 20 peers may take,
//! takes serg to 10.98 nodes; it suits a search for one solution that must
//! not fail, not one that wants to meet solutions and contradictions soon.
//! Counting the cell's column as well (the digit's planes in the two other
//! bands) gives 7.98 for about three times the instructions a branch. It is
//! a rule of thumb, not a law: of serg's 2,000 it saves nodes on 681 and
//! costs on 276 (the rest alike), and of the two 9x9 puzzles of
//! `puzzles/multiple.txt` one goes from 8 nodes to 35, the other from 15 to
//! 12. The count costs about 28 instructions a branch point, paid on every
//! set: 1.2% more on the 1106 set (367,644 to 371,874 a puzzle, `icount`),
//! where the order saves nothing, and 1% to 2% more time on the
//! forum-hardest sets; 3% fewer on serg (15,417 to 14,963), and about 1%
//! less time (the two builds alternated with tdoku: 0.902 to 0.891 of its
//! time; the table below has this build's 0.89 from another run, where the
//! build before read 0.89 to 0.90 across runs).
//!
//! ## Every other shape
//!
//! The same ideas, generic over the side `N` (a const generic, so each side
//! from 1 to 25 gets its own code with constant-trip loops; 3x4, 4x4 and
//! 5x5 boxes get copies with the box sides constant too, so that the loops
//! over a band's rows and a row's stacks unroll, a fifth to a quarter fewer
//! instructions at the same nodes): a digit plane is `N` row words of `N`
//! bits (`cand[d][r]`), so rows are one word, columns a bit-sliced count
//! over the plane's row words, and a box a mask of `box_cols` bits over
//! `box_rows` consecutive words. Propagation runs naked singles till none
//! is left, then hidden singles of rows, columns and boxes for the digits
//! whose plane changed since their last look (a digit that lost one cell
//! to a single is checked only in that cell's row, column and box), locked
//! candidates (pointing and claiming, rows and columns) once both kinds of
//! singles are quiet, and naked pairs (rows, columns, boxes) once all of
//! those are quiet too, in states with at least a quarter of the cells
//! free. The rules reach the same fixpoint in any order.
//!
//! Digit-major planes make a digit's rules cheap (one plane, contiguous)
//! and a cell's dear (its candidates lie `N` words apart), so the work about
//! cells is done plane by plane over whole rows, in loops the compiler
//! vectorises.
//!
//! **Naked pairs** pay on the large near-minimal puzzles
//! (`puzzles/large-minimal/`), where singles and locked candidates leave
//! most of the work to the search: they took 16x16 from 1,234 to 644 nodes
//! per puzzle and 25x25 from 20,343 to 9,274. Hidden pairs cut nodes too
//! but cost more time than they saved on every set, and are not used.
//!
//! **Failure weights** choose the guess off 9x9. sat-complete's clause
//! learning steers its decisions to the variables of recent conflicts; the
//! generic path does a cheap form of it, the *dom/wdeg* heuristic of
//! constraint programming (Boussemart, Hemery, Lecoutre and Sais, 2004):
//! every dead end adds one to the weight of the units it names, and the
//! guess goes to the bivalue cell whose row, column and box weigh most
//! (ties: the most bivalue cells in its units, then the most placed). The
//! weights live beside the search, not in the copied state, so they learn
//! across the whole tree. On large-minimal 25x25 they took the search from
//! 9,281 nodes per puzzle to 641, and the instructions to a thirteenth.
//!
//! ## What it costs, and against tdoku
//!
//! A node of the 9x9 path costs about 1,300 instructions on the forum's
//! hardest puzzles (valgrind on an `x86-64-v3` build, the first 200
//! puzzles of the 1106 set): half of it the band steps (some 11 a node,
//! about 43 instructions each) and the vector comparison that finds the
//! planes to step, an eighth naked singles, a tenth choosing the branch, a
//! fourteenth column claims. tdoku, a DPLL solver on SIMD triads and the
//! fastest published, spends more per node (about 1,960) and searches a
//! smaller tree on the hardest sets: its triad rule and its configuration
//! branch at every node. Both counts are exact on any machine; the time
//! each takes depends on the CPU.
//!
//! What the instruction-level tricks of the band path buy (valgrind, 1106
//! set, instructions per puzzle; the trees are the same with and without
//! each): comparing the planes with their copies straight from memory
//! rather than from vectors built element by element, 5%; gathering a
//! plane's mini-rows with BMI2's `pext` (one instruction) rather than three
//! `MINI` look-ups, 6%; marking each mini-row at its last cell for that
//! `pext` by one addition (its two low bits plus 3 carry into the third)
//! rather than by ORing two shifted copies, 2.5%; walking the bivalue cells
//! in two 64-bit words rather than one 128-bit mask, 3%. Without BMI2 (or
//! AVX2) the portable code takes the same decisions, at the cost of those
//! instructions.
//!
//! Around the search, a solve reads the givens and writes out the solution
//! it keeps. Both rows find clashing givens while they write them into the
//! planes (a given among the row and box peers of another of its digit in
//! the band, or a column its digit's givens cover in two bands: a few word
//! operations over the 27 planes), so the lab's own check, which reads every
//! cell again, is skipped for them (`Strategy::CHECKS_GIVENS`); the solution
//! is written eight cells at a time, each digit bit spread to its bytes by
//! one BMI2 `pdep`. On serg, where a solve is short, the two (with the
//! lab's cheaper check of a kept solution's digits and bounds checks
//! masked away in the givens' walk) took bitboard from 19,403
//! instructions a puzzle to 17,647. The givens' column peers in the other
//! bands leave their planes as the planes are built, from the columns the
//! clash check computes anyway, rather than in the root's band steps: the
//! steps after them then have less to change (about 700 instructions a
//! puzzle on serg and 800 on the 17-clue puzzles, 6% of the time on
//! both).
//!
//! Measured as tdoku's own benchmark measures every solver: each alone in
//! its own process, whole-file passes in file order, proving uniqueness
//! (limit 2) (the drivers `tdrive` and `bbdrive` of the lab's tdoku bench,
//! kept outside the repository since tdoku's code is not part of it).
//! Instructions per puzzle are valgrind's count on `x86-64-v3` builds of
//! both, over the first 200 puzzles of each set, counted on an AMD EPYC:
//! exact, the same on any machine and under any load (valgrind does not
//! run AVX-512, so these count the form that compares the planes in
//! memory). Times: µs per puzzle, `tdrive` and `bbdrive` built for the
//! machine (`-march=native`, `target-cpu=native`: the AVX-512 forms), each
//! alone in its own process (`setarch -R`) on the lab's 2-core AMD EPYC
//! (AVX-512), the best pass of each over 11 alternations, other work
//! stopped while measuring (the 1905 sample is all 1,000, 17-clue and serg
//! their first 2,000).
//!
//! | set | tdoku, instructions | bitboard, instructions | bitboard / tdoku | tdoku, µs | bitboard, µs | bitboard / tdoku | bitboard branch points / tdoku guesses |
//! |---|---:|---:|---:|---:|---:|---:|---:|
//! | top95 | 67,145 | 36,603 | 0.55 | 6.53 | 4.83 | 0.74 | 9.19 / 11.05 |
//! | 17-clue, first 2,000 | 19,959 | 9,208 | 0.46 | 3.05 | 1.33 | 0.44 | |
//! | top1465 | 82,691 | 54,097 | 0.65 | 9.30 | 5.71 | 0.61 | 9.76 / 8.95 |
//! | forum hardest 1905, sample | 321,907 | 255,184 | 0.79 | 51.8 | 36.9 | 0.71 | 79.60 / 61.80 |
//! | forum hardest 1106 | 434,864 | 371,874 | 0.86 | 81.3 | 65.3 | 0.80 | 147.91 / 110.44 |
//! | serg, sample (several solutions each) | 19,669 | 14,963 | 0.76 | 2.11 | 1.88 | 0.89 | 5.76 / 7.05 |
//!
//! A change that moves only where the code lies in the binary moves these
//! times by 1% and more (a changed panic message: serg 1.008x; the same
//! search in two binaries, above: several percent), so a ratio within a
//! few percent of 0.9 is at the edge of what one build can say: builds
//! with the same hot loop, instruction for instruction, read serg from
//! 0.89 to 0.91 in the same protocol, before the option order above took
//! it to 0.89.
//!
//! The lab's other 9x9 sets, in the same protocol (7 alternations, same
//! CPU), bitboard over tdoku: `se-rated-2500` (QQWing's puzzles) 0.48,
//! `se-rated-17clue` 0.39, `se-rated-hard` 0.67, the generated
//! `9x9-easy`, `-medium`, `-hard` and `-minimal` together 0.69, and two
//! more slices of the 17-clue list (puzzles 20,001 to 22,000, and the
//! last 2,000) 0.42 and 0.42.
//!
//! Both built for Intel's Xeons instead (`-march` and `target-cpu`
//! `cascadelake`: AVX-512 without VBMI2, so the band steps keep their
//! copy in four 256-bit registers; and `icelake-server`, the 512-bit form)
//! and run on the same AMD EPYC (7 alternations), bitboard over tdoku on
//! serg, 1106, the 1905 sample, top95, top1465 and 17-clue: `cascadelake`
//! 0.87, 0.77, 0.69, 0.69, 0.60, 0.42 (alternated with the native builds
//! on serg, top95, 1106 and 17-clue: tdoku's build for it 3% to 6%
//! slower than its native one, bitboard's within 2%); `icelake-server`
//! 0.89, 0.81, 0.72, 0.74, 0.61, 0.44. That is the code those CPUs would
//! run, timed on this one: no Intel CPU has been measured since the
//! figures in the README.
//!
//! By the table's instruction counts, bitboard does less work than tdoku on
//! every set: about half on the 17-clue puzzles and top95, a seventh less
//! on the forum's 1106 hardest, a quarter less on serg. On the
//! forum-hardest sets its tree is a third larger (branch points against
//! tdoku's guesses) and its nodes cheaper. On serg its tree is a fifth
//! smaller, and a solve is short enough that what lies around the search
//! shows (callgrind, serg's first 200, instructions a solve): writing the
//! givens into planes with the clash check, and entering the root, about
//! 600; keeping the solution, about 700 (writing it out 240, the lab's copy
//! of it with its two allocations 275, freeing them when the caller drops
//! the outcome 175). The instruction count does not see what a CPU makes of
//! the work: on a quiet Intel Xeon, earlier code doing 0.8 to 1.2 times
//! tdoku's instructions took 1.0 to 1.75 times its time, tdoku's SIMD code
//! running at more instructions per cycle; on serg above, 0.76 of tdoku's
//! instructions still take 0.89 of its time, with a tree a fifth smaller
//! (5.76 branch points against 7.05 guesses): a node costs more than
//! tdoku's there. Nor do mispredicted branches explain it as far as
//! valgrind can tell: its branch model (a simple predictor, far from a real
//! CPU's, on the `x86-64-v3` builds) counts 794 conditional branches and 65
//! mispredicted a serg solve for bitboard against tdoku's 1,621 and 163,
//! and on the 1106 set 21,695 and 2,137 against 29,337 and 4,486. A second
//! call of the branch's choice at every node (measured so) adds 8% to
//! serg's time: the walk over the bivalue cells, two 128-bit population
//! counts each, is the largest part after the band steps (callgrind: band
//! steps 41% of serg's instructions, the choice 17%, naked singles 13%,
//! column claims 9%). `bitboard-configs` below searches tdoku's tree, at a
//! higher cost per node.
//!
//! ## Branching on configurations: `bitboard-configs`
//!
//! A second row runs, on 9x9, the same planes and the same propagation
//! with two things added (module `nine::configs`): the *triad rule* both
//! ways (a mini-row or mini-column holds exactly three digits: where only
//! three fit, each is confined there; where three are certain, no other
//! goes there) and a *branch on a configuration* at every node: in the band
//! or stack with the fewest configurations left, the digit with the fewest,
//! one child per configuration. That is tdoku's model, and its tree:
//! branch points per puzzle (nodes with children in the replayed trace,
//! `examples/branchpoints --configs`) against tdoku's guesses (its two-way
//! branches):
//!
//! | set | bitboard | bitboard-configs | tdoku |
//! |---|---:|---:|---:|
//! | forum hardest 1106 (375) | 147.91 | 109.58 | 110.44 |
//! | forum hardest 1905, sample of 1,000 | 79.60 | 61.18 | 61.80 |
//! | serg, sample of 2,000 | 5.76 | 6.89 | 7.05 |
//! | top1465 | 9.76 | 8.84 | 8.95 |
//! | top95 | 9.19 | 10.80 | 11.05 |
//!
//! Nodes per puzzle, in the same order: bitboard 296.9, 160.2, 8.03, 20.5,
//! 19.4; bitboard-configs 221.4, 124.1, 9.36, 18.7, 22.6.
//!
//! Neither half pays alone: the triad pass with the cell branch takes the
//! 1106 set from 332.5 to 320.7 nodes, and the configuration branch
//! without triads leaves 293.5 (the triads turn a configuration, which
//! fixes mini-rows, into cells). The row branches k ways rather than
//! tdoku's "this configuration or not", so that a child only removes
//! candidates, which a trace can show as eliminations for
//! [`sudoku_core::Rule::Configuration`]; a binary branch would need the
//! banned configurations kept as state (measured: 222.1 nodes against
//! 221.4, the same tree in effect). The triad pass runs about once per
//! node and finds something in one pass of five on the 1106 set, one in
//! twenty on serg. It counts no configuration: at the fixpoint it runs
//! at, a digit is certain in a mini-row exactly when that mini-row is the
//! only one of its row (the band step keeps only mini-rows some
//! configuration uses), and in a mini-column exactly when its column lies
//! in one band (what the column claims just saw); the branch counts the
//! configurations once a node, from the sizes of those sets (a union of
//! configurations with 3, 5, 6, 7, 8 or 9 mini-rows holds 1, 2, 2, 3, 4
//! or 6 of them). Built for AVX2, the pass packs its planes eight at a
//! time (each plane's mini-rows gathered by shifts, those alone in their
//! row by two rotations) and tallies the three bands side by side in one
//! register (a digit's three planes are adjacent), and the branch counts
//! eight digits at once (a lane each: their planes of a band gathered,
//! each set's size and its count by byte shuffles, the six totals by
//! pairwise additions across lanes). The three took the row from 535,384
//! instructions a puzzle to 409,329 on the 1106 set (1.23 to 0.94 times
//! tdoku's) and from 383,840 to 292,886 on the 1905 sample (1.19 to 0.91),
//! and the counts in lanes to 388,119 and 277,602 (0.89 and 0.86), with
//! the same trees. Instructions per puzzle (first 200
//! puzzles of each set, valgrind, x86-64-v3 builds, AMD EPYC), and each
//! against tdoku's:
//!
//! | set | bitboard-configs | / tdoku | bitboard | / tdoku |
//! |---|---:|---:|---:|---:|
//! | top95 | 51,777 | 0.77 | 36,603 | 0.55 |
//! | 17-clue, first 200 | 8,916 | 0.45 | 9,208 | 0.46 |
//! | top1465 | 73,904 | 0.89 | 54,097 | 0.65 |
//! | forum hardest 1905, sample | 266,792 | 0.83 | 255,184 | 0.79 |
//! | forum hardest 1106 | 373,410 | 0.86 | 371,874 | 0.86 |
//! | serg, sample | 21,215 | 1.08 | 14,963 | 0.76 |
//!
//! A node still costs about 1.3 times one of `bitboard` (1106, first 200:
//! about 2,190 instructions a node against 1,640, instructions a solve
//! over nodes a puzzle): on the 1106 set about what the smaller tree saves
//! (373,410 instructions a puzzle against 371,874), on every other set but
//! the 17-clue puzzles more.
//!
//! In time, each alone as tdoku's benchmark measures (the `bbdrive`
//! driver with its solver line changed, against `tdrive`; best pass of
//! each over 11 alternations on the lab's AMD EPYC, other work stopped,
//! alternated with the runs of the table above), bitboard-configs takes
//! 0.81 of tdoku's time on the 1106 set and 0.75 on the 1905 sample, with tdoku's
//! tree and fewer than 0.9 of its instructions; 0.71 on top1465, 0.44 on
//! 17-clue, 1.02 on top95 and 1.31 on serg. `bitboard`, with its larger
//! tree, takes 0.80 and 0.71 on the two forum sets.
//!
//! Nor does a mix of the two trees pay. `bitboard` switched to this row's
//! search once a solve has entered `N` nodes (every node after runs the
//! triad pass and branches on a configuration) keeps the easy sets' trees
//! but not the hard sets' gain: the cell branches at the top of the tree
//! leave a larger tree below them than configuration branches do. With
//! `N` = 10, 118.43 branch points per puzzle on the 1106 set and 67.91 on
//! the 1905 sample (this row: 109.58 and 61.18), at 477,646 and 348,342
//! instructions a puzzle (1.10 and 1.08 times tdoku's, with the pass
//! before its packing was vectorised: more than this row alone then);
//! with `N` = 30, 119.59 and 69.44. The other way round (this row's search
//! for a solve's first `N` nodes, the cell branch after) loses the tree's
//! lower half instead: `N` = 100, 131.24 and 64.50.
//!
//! Nor does a choice made once a puzzle, at the root. The root's fixpoint
//! tells the forum's hardest puzzles from most others: it leaves them 52
//! to 63 free cells and almost no bivalue cell (none on 71% of the 1106
//! set), where serg's puzzles keep under 48 free cells and a dozen
//! bivalue ones. Searching with this row wherever the root leaves at least
//! 54 free cells and at most two bivalue cells gives the 1106 set this
//! row's tree (109.58 branch points, every puzzle takes it) and the first
//! 300 of the 1905 sample 63.26 (`bitboard` 81.13, this row 61.86), and
//! leaves serg's trees alone; but 13% of top95's puzzles take it too, the
//! hard ones, whose trees grow there (top95 23.9 nodes a puzzle against
//! 19.4), so top95 would cost about 1.4 times as much (nodes weighted by
//! each row's cost per node). With no bivalue cell allowed, top95 keeps
//! its trees but the 1106 set gets 124.93 branch points, above tdoku's
//! 110.44. So `bitboard` keeps its own tree, and `bitboard-configs` is
//! the row with tdoku's.
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
//! candidates, which dlx cannot see; it stops short of subsets on 9x9
//! (pairs, triples) and of tdoku's model (it branches on a band's
//! configurations only where no cell is bivalue, without the triad rule;
//! `bitboard-configs` adds the triad rule and branches on configurations
//! at every node). The 9x9 path finds hidden singles of columns and
//! claiming for columns only when the band steps and naked singles are
//! stuck; with the band steps' pointing, that is the stack's whole
//! permutation rule (mini-columns fitting a column-to-box permutation) at
//! every fixpoint: running that rule instead moved no node.
//!
//! The measurement history of this crate, change by change, is in the
//! repository's `CHANGELOG.md`.
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
//! table (`PLANES`, `MINI`, `KEEP`, `LOCKED`, `CELLS`, `PEERS`; the generic path's
//! box tables and stack masks), and, when the givens are gathered, the
//! per-digit masks they are gathered into. The words are 32 bits; each
//! access is a load or store of one of them, so one mem each (none is
//! wider than Knuth's 64-bit word). Copying a whole state on a guess is
//! counted in 64-bit words, read and written: 60 mems on 9x9 (240 bytes),
//! `2 x (N² + N + 1) x 4 / 8` on the generic path. Values the code keeps in
//! locals (a band's bit-sliced counts, a row's tally) are registers, not
//! counted. What each step costs, 9x9: a band step 34 mems (`PLANES`, the
//! plane, three `MINI`, `KEEP`, the plane and its copy written, `LOCKED`,
//! the digit's two other planes, `free`, the band's nine planes
//! read and written and the plane written back), a round of the step
//! loop's comparisons 54, the naked-single
//! count 11 per band, the root's first round 222 (per plane the plane,
//! three `MINI`, `KEEP` and `LOCKED` read, then the plane and its copy
//! written, and `free` per band; 162 where it meets a contradiction and
//! writes nothing), a pass of column claims 81 (per digit its three
//! planes read, three `CLAIM`, three written), the configuration count
//! before a configuration branch 2 per plane (the plane and its `FITS`
//! entry), a guess's placement 23. Writing a solution out is
//! reporting, not search: not counted. The AVX-512 forms of the step loop
//! count what the in-memory form reads and writes (its comparisons each
//! round included), so mems are the same on every machine.
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
/// slower than [`Bitboard`] on every set measured (on 17-clue by 2%, with 1%
/// fewer instructions). Other shapes take
/// [`Bitboard`]'s own path. Configuration-free.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitboardConfigs;

sudoku_core::compiled_here!(Bitboard, BitboardConfigs);

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
    const CHECKS_GIVENS: bool = true;
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
    const CHECKS_GIVENS: bool = true;
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
        // The 9x9 path finds clashing givens as it writes them.
        return nine::solve::<T, CONFIGS>(puzzle, out, run);
    }
    // Both rows check their own givens (`CHECKS_GIVENS`): the 9x9 path as
    // it writes them, every other shape here.
    if puzzle.has_conflict() {
        return run.invalid_givens(puzzle);
    }
    // The large standard shapes get copies with the box sides as
    // constants, so that the loops over a band's rows and a row's
    // stacks unroll: a fifth to a quarter fewer instructions on
    // 12x12, 16x16 and 25x25, the same nodes (crate docs, "Every other shape"
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
