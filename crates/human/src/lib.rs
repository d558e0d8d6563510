//! # sudoku-human
//!
//! A step-by-step logical solver that uses the techniques people use, in
//! Sudoku Explainer's (SE's) order, and rates a puzzle on SE's scale.
//!
//! ## Algorithm
//!
//! Each step tries the techniques from easiest to hardest and applies the
//! first that makes progress, recording what it found ([`Step`]): the
//! technique, its rating, the cells it looked at, the placements and
//! eliminations, and a sentence. The order and ratings are SE's (tenths of
//! a point):
//!
//! | technique | SE | | technique | SE |
//! |---|---|---|---|---|
//! | last value in a unit | 1.0 | | XY-wing / XYZ-wing | 4.2 / 4.4 |
//! | hidden single (box / line) | 1.2 / 1.5 | | unique rectangle (types 1, 2, 4 / 3) | 4.5 / 4.6+ |
//! | direct pointing / claiming | 1.7 / 1.9 | | naked quad, jellyfish, hidden quad | 5.0, 5.2, 5.4 |
//! | direct hidden pair | 2.0 | | WXYZ-wing / BUG+1 / BUG types 2, 4 / BUG type 3 | 5.5-5.6 / 5.6 / 5.7 / 5.8+ |
//! | naked single | 2.3 | | VWXYZ / UVWXYZ-wing (late) | 6.2-6.4 / 6.6 |
//! | direct hidden triple | 2.5 | | aligned pair exclusion, X-/Y-cycle, forcing X-chain | 6.2, 6.5+, 6.6+ |
//! | pointing / claiming | 2.6 / 2.8 | | bidirectional cycle / forcing chain | 7.0+ / 7.0+ |
//! | naked pair, X-wing, hidden pair | 3.0, 3.2, 3.4 | | | |
//! | naked triple, swordfish, hidden triple | 3.6, 3.8, 4.0 | | | |
//! | TUVWXYZ-wing (late) | 7.5 | | Nishio forcing chain | 7.5+ |
//! | multiple forcing chain | 8.0+ | | dynamic forcing chain | 8.5+ |
//! | dynamic forcing chain (+) | 9.0+ | | (+ forcing chains) | 9.5+ |
//! | (+ multiple forcing chains) | 10.0+ | | (+ dynamic forcing chains) | 10.5+ |
//!
//! The direct techniques are SE's way of rating a placement that an easier
//! eye finds: a locked set (pointing, claiming, a hidden pair or triple)
//! that leaves some digit one place in a unit. SE rates the placement by
//! the locked set and makes only the placement; the set's eliminations are
//! not made, so later steps see the candidates SE sees. They come before
//! the locked sets' ordinary forms, and SE looks for them before naked
//! singles (the hidden triple's after). Direct claiming never comes first
//! on 9x9: where a line's digit lies in one box and leaves one place in
//! another line of the stack, the stack's third box has that digit only in
//! the third line, a pointing that leaves the same place, and SE looks for
//! pointing first.
//!
//! The last four are SE's nested levels ([`chains::nested_chains`]): a
//! dynamic forcing chain that, whenever its links run out, applies more
//! rules to the grid it has reduced so far: locked candidates, hidden and
//! naked pairs and X-wings (level 1, "+"), then forcing chains (2),
//! multiple forcing chains (3) or dynamic forcing chains (4) found on that
//! grid. A candidate such a rule removes rests on the removals the rule
//! needed (an elimination that needs none is not offered: the rule would
//! have made it before the chain), and the complexity of a nested chain
//! counts in the outer chain's, as in SE.
//!
//! The default ladder ([`Options::WINGS`]) adds the techniques of
//! SukakuExplainer v1.15.10, the rater of `puzzles/se-rated-2500.txt`:
//! turbot fish (4.0-4.3, after the hidden triple), three strong links
//! (5.4-5.7, after the hidden quad), grouped or not ([`wings::strong_links`]),
//! and the WXYZ- and VWXYZ-wings. The UVWXYZ- and TUVWXYZ-wings and four
//! strong links (5.8-6.1) came later to that program and are in
//! [`Options::LATE_WINGS`] only.
//!
//! Chain ratings add SE's length rule ([`chains::length_tenths`]): a tenth
//! for each step the chain's size passes in 4, 6, 8, 12, 16, 24, 32, ...
//! Among chains the solver takes the easiest (lowest rating, then
//! shortest), as SE does.
//!
//! The rating of a puzzle ([`Rating`]) is SE's triple: ER, the hardest
//! step; EP, the hardest step up to the first placement; ED, the first
//! step. A puzzle the techniques cannot finish gets no ER.
//!
//! ## Worked examples
//!
//! One per technique, each a step of a puzzle of `puzzles/se-rated-2500.txt`
//! (the step where the technique is first the easiest that makes progress;
//! `tests/worked_examples.rs` pins each: technique, rating, sentence,
//! placements, eliminations). Cells are `r<row>c<column>` from 1; boxes are
//! numbered from 1, left to right, top to bottom. `explain --human PUZZLE`
//! shows the whole path.
//!
//! **last value** (1.0), step 1 of
//! `..1....2.86...157..43...6.9.3.694......8.7......512.9.7.8...96..562...38.9....7..`:
//! *last value: r5c5 is the only empty cell of box 5: places r5c5=3*. Why: every other cell of the box is filled, so the one digit the box lacks goes in the last cell.
//!
//! **hidden single** (1.2), step 1 of
//! `.3.9.5...8.4.......9...4.23.8...1..5..24.98..1..6...4.94.2...3.......2.4...7.8.9.`:
//! *hidden single: r1c7 is the only place for 4 in box 3: places r1c7=4*. Why: the other cells of the box either hold a digit or see a 4 in their row or column, so the 4 of box 3 has one place left.
//!
//! **direct pointing** (1.7), step 16 of
//! `...7..31.1.6.94...4....3.9..25.....1.9..2..6.6.....27..8.1....7...43.1.2.41..7...`
//! (SE 5.2): *direct pointing: in box 2 the 5 lies in column 4, so r6c6 is
//! the only place left for it in box 5: places r6c6=5*. Why: box 2's 5 is
//! in column 4, so box 5's cells in column 4 cannot be 5, and of box 5's
//! other cells only r6c6 can; the step places the 5 and leaves the
//! column's candidates as they are.
//!
//! **direct hidden pair** (2.0), step 28 of the same puzzle: *direct hidden
//! pair {5, 8} in row 5: r5c7, r5c9, so r5c4 is the only place left for 3:
//! places r5c4=3*. Why: 5 and 8 fit only in r5c7 and r5c9 of row 5, so
//! those cells hold them and no other digit; of row 5's other places for 3
//! only r5c4 is left.
//!
//! **direct hidden triple** (2.5), step 8 of
//! `..........4.2.3.1.69.4.8.2356.8.4.92...3.6....28...46............21.97..13.....59`
//! (SE 5.4): *direct hidden triple {4, 6, 9} in column 3: r5c3, r7c3, r9c3,
//! so r2c3 is the only place left for 5: places r2c3=5*. Why: the three
//! digits fill those three cells, so column 3's 5 goes in its one other
//! place.
//!
//! **naked single** (2.3), step 1 of
//! `..1....9.5...41.3.....7.1.6..729...1.1.6.8.7.8...173..6.2.8.....3.72...4.8....5..`:
//! *naked single: 1 is the only digit left for r7c8: places r7c8=1*. Why: the cell's row, column and box already hold every digit but 1.
//!
//! **pointing** (2.6), step 1 of
//! `.1.8......981.74....5........69.1.5.23.....96.5.6.27........9....75.968......4.2.`:
//! *pointing: in box 5 the 3 lies in column 5: removes 3 from r1c5, 3 from r2c5, 3 from r3c5, 3 from r7c5, 3 from r8c5, 3 from r9c5*. Why: box 5's 3 must be in column 5 (its other columns have no place for 3), so whichever cell takes it, no other cell of column 5 can be 3.
//!
//! **claiming** (2.8), step 1 of
//! `5..38...2..1.25......6...8..7....1.941.....562.5....3..4...7......46.3..9...32..8`:
//! *claiming: in column 2 the 3 lies in box 1: removes 3 from r2c1, 3 from r3c1, 3 from r3c3*. Why: column 2's 3 can only go in box 1, so box 1's 3 is in column 2 and the box's cells in other columns lose 3.
//!
//! **naked pair {1, 6} in column 2** (3.0), step 2 of
//! `...5......32.4.69..7.3.6.2...7...9.4.5.....6.9.4...5...8.1.3.4..26.7.18......8...`:
//! *naked pair {1, 6} in column 2: r4c2, r6c2: removes 1 from r1c2, 6 from r1c2, 1 from r9c2*. Why: two cells of column 2 hold only {1, 6} between them: they take the 1 and the 6, so the rest of the column loses both.
//!
//! **X-wing on 6 in row 3, row 7; column 3, column 7** (3.2), step 3 of
//! `8...67..9..91..3...7.9...2.6.....53.9.......6.81.....4.5...9.1...8..67..2..75...3`:
//! *X-wing on 6 in row 3, row 7; column 3, column 7: removes 6 from r9c3, 6 from r9c7*. Why: in rows 3 and 7 the 6 fits only in columns 3 and 7; either way round, those two columns get their 6 in rows 3 and 7, so 6 leaves the rest of both columns.
//!
//! **hidden pair {6, 8} in box 1** (3.4), step 3 of
//! `.5...49..3..6....8..1.3...78......65....7....12......46...1.4..5....9..1..48...2.`:
//! *hidden pair {6, 8} in box 1: r1c3, r3c2: removes 7 from r1c3, 4 from r3c2, 9 from r3c2*. Why: in box 1, 6 and 8 fit only in r1c3 and r3c2: those two cells hold 6 and 8, so their other candidates go.
//!
//! **naked triple {1, 5, 8} in column 6** (3.6), step 4 of
//! `6...2...7.5...3.2...769.8...7....4..4.8.1.2.6..1....3...6.549...1.9...6.7...6...2`:
//! *naked triple {1, 5, 8} in column 6: r1c6, r3c6, r9c6: removes 5 from r5c6, 5 from r6c6, 8 from r6c6, 8 from r8c6*. Why: three cells of column 6 hold only {1, 5, 8} between them, so they take those three digits and the rest of the column loses them.
//!
//! **swordfish on 6 in row 3, row 6, row 7; column 1, column 2, column 5** (3.8), step 6 of
//! `....8..9.89..1..4...17..2.....6.21..72.....86..59.8.....7..43...4..2..65.5..9....`:
//! *swordfish on 6 in row 3, row 6, row 7; column 1, column 2, column 5: removes 6 from r1c1, 6 from r9c1*. Why: in rows 3, 6 and 7 the 6 fits only in columns 1, 2 and 5: the three rows' 6s fill those three columns, so 6 leaves the rest of them.
//!
//! **hidden triple {1, 6, 7} in row 6** (4.0), step 5 of
//! `..27...4..5..2....847..5...7...1.....61...59.....9...2...6..381....7..5..1...36..`:
//! *hidden triple {1, 6, 7} in row 6: r6c6, r6c7, r6c8: removes 4 from r6c6, 8 from r6c6, 4 from r6c7, 8 from r6c7, 3 from r6c8*. Why: in row 6, 1, 6 and 7 fit only in three cells: those cells hold them, so their other candidates go.
//!
//! **turbot fish on 5** (4.1), step 2 of
//! `3....6..7.6.1..43..95..48..2.3....9.....5.....8....7.3..89..37..31..2.4.9..4....1`:
//! *turbot fish on 5: r2c9 - r2c6 - r1c4 - r8c4 (strong, weak, strong, ...): removes 5 from r8c9*. Why: a chain of strong (only two places) and weak links on one digit: one end or the other is 5, and r8c9 sees both ends. It rates 4.1 as its strong links are a row and a column (two rows or two columns: 4.0; a box: 4.2; a group: 4.3).
//!
//! **XY-wing with pivot r1c8 {1, 9} and wings r1c5 {1, 8}, r2c9 {8, 9}** (4.2), step 6 of
//! `.....5....3142.56..9..3..2.3...9..4..597.238..4..6...7.6..5..7..24.7683....2.....`:
//! *XY-wing with pivot r1c8 {1, 9} and wings r1c5 {1, 8}, r2c9 {8, 9}: one of them is 8: removes 8 from r2c6*. Why: if the pivot r1c8 is 1, the wing r1c5 is 8; if it is 9, the wing r2c9 is 8: either way a cell seeing both wings cannot be 8.
//!
//! **XYZ-wing with pivot r5c2 {3, 4, 7} and wings r6c1 {3, 7}, r8c2 {4, 7}** (4.4), step 7 of
//! `.2..9438.9....8..74..71....85....7..1.9...6.2..2....58....45..66..1....3.9837..1.`:
//! *XYZ-wing with pivot r5c2 {3, 4, 7} and wings r6c1 {3, 7}, r8c2 {4, 7}: one of them is 7: removes 7 from r6c2*. Why: the pivot and both wings hold 7 between them in every case (the pivot holds it too), so a cell seeing all three cannot be 7.
//!
//! **unique rectangle {8, 9} on r7c1, r7c4, r8c1, r8c4** (4.5), step 9 of
//! `.9.....3....7.2...4.......8.283.914.1...2...6...1.5....62...45..5.....6.7.3...8.9`:
//! *unique rectangle {8, 9} on r7c1, r7c4, r8c1, r8c4: removes 8 from r8c4, 9 from r8c4*. Why: three corners of a rectangle over two boxes hold only {8, 9}; if the fourth did too, the two digits could be swapped and the puzzle would have two solutions, so the fourth corner is not 8 or 9.
//!
//! **naked quad {3, 4, 5, 6} in column 5** (5.0), step 8 of
//! `..4...3...7..8..6.2..4.9..1.3.1.2.4...2...7.....9.7.....8...4...61...85.9.......3`:
//! *naked quad {3, 4, 5, 6} in column 5: r3c5, r4c5, r5c5, r6c5: removes 5 from r1c5, 6 from r1c5, 3 from r7c5, 5 from r7c5, 6 from r7c5, 3 from r8c5, 4 from r8c5, 4 from r9c5, 5 from r9c5, 6 from r9c5*. Why: four cells of column 5 hold only {3, 4, 5, 6} between them, so the rest of the column loses those digits.
//!
//! **jellyfish on 9 in row 3, row 5, row 7, row 9; column 1, column 4, column 6, column 8** (5.2), step 18 of
//! `..3..24...9.....1.8.2.1.3.54..2.5.....1.4.5.....3.1..81.6.5.2.4.2.....5...47..8..`:
//! *jellyfish on 9 in row 3, row 5, row 7, row 9; column 1, column 4, column 6, column 8: removes 9 from r8c1, 9 from r4c8*. Why: the X-wing with four rows and four columns: rows 3, 5, 7, 9 put their 9s in columns 1, 4, 6, 8.
//!
//! **hidden quad {2, 3, 4, 9} in column 1** (5.4), step 15 of
//! `.1..2..9..76...24...4...1...3.4.2.7.....3.....42...81...75169...9.....6....8.3...`:
//! *hidden quad {2, 3, 4, 9} in column 1: r2c1, r3c1, r7c1, r9c1: removes 5 from r3c1, 1 from r9c1, 6 from r9c1*. Why: in column 1, 2, 3, 4 and 9 fit only in four cells, so those cells lose their other candidates.
//!
//! **three strong links on 1** (5.4), step 6 of
//! `.7.3..8....871....2.5.....3....9.48.8.......5.21.4....6.....7.4....749....7..6.1.`:
//! *three strong links on 1: r8c1 - r1c1 - r1c9 - r4c9 - r4c6 - r7c6 (strong, weak, strong, ...): removes 1 from r7c2, 1 from r8c4*. Why: the turbot fish with three strong links (columns 1, 9 and 6, three parallel lines: 5.4; a row and a column mixed rate 5.6, a box 5.5): one end of the chain is 1, and r7c2 and r8c4 see both ends (r8c1 in row 8 or box 7, r7c6 in row 7 or box 8).
//!
//! **grouped three strong links on 7** (5.7), step 23 of
//! `..1...57....3.5.8.9....8..3.6.1.....2...8...9.....9.6.5..8....2.8.9.4....46...1..`:
//! *grouped three strong links on 7: r2c5 - r2c3 - r7c3 - r9c1 - {r9c4, r9c6} - {r7c5, r8c5} (strong, weak, strong, ...): removes 7 from r3c5, 7 from r4c5, 7 from r6c5*. Why: the third strong link is box 8, whose 7s lie in row 9 and column 5 only (an empty rectangle): if neither r9c4 nor r9c6 is 7, r7c5 or r8c5 is. So if r2c5 is not 7, r2c3 is, r7c3 is not, r9c1 is, row 9's other cells are not, and column 5 has its 7 in r7c5 or r8c5: r3c5, r4c5 and r6c5, which see r2c5 and both of those, lose 7. A group makes the chain 5.7, whatever its units (SE's forks rate it so: SukakuExplainer v1.15.10 names it "3 Strong links (including blocks) (Using 1 grouped strong link)").
//!
//! **WXYZ-wing** (5.6), step 4 of
//! `3....6..7.6.1..43..95..48..2.3....9.....5.....8....7.3..89..37..31..2.4.9..4....1`:
//! *WXYZ-wing: r2c3 {2, 7} and the set r3c1, r3c8, r3c9 holding {1, 2, 6, 7}: removes 2 from r2c9*. Why: r2c3 and the three cells, four cells holding four digits between them, must hold a 2 in a cell that r2c9 sees, whichever cell it is.
//!
//! **unique rectangle type 2** (4.5), step 34 of
//! `..8.14.....97.........9..365......2.4.6...9.7.9......318..4.........91.....82.5..`:
//! *unique rectangle type 2 {3, 8} on r2c5, r2c6, r5c5, r5c6; r2c5 and r2c6 each hold one digit more, 6, so one of them is 6: removes 6 from r1c4, 6 from r2c1*. Why: r5c5 and r5c6 hold only {3, 8}; if neither roof cell were 6, all four would end as 3 and 8 in a pattern that can be swapped, and the puzzle would have two solutions. So r2c5 or r2c6 is 6, and the cells that see both (row 2, box 2) lose 6.
//!
//! **unique rectangle type 3** (4.6 for a pair, a tenth more per digit of
//! the subset), step 32 of
//! `...395.....91.62..1.......8..15287..76.....85.4.....2....2.9...6...4...2.1.....3.`:
//! *unique rectangle type 3 {4, 6} on r4c8, r4c9, r7c8, r7c9; r7c8 and r7c9 hold the extras {1, 7}, one of them at least; with r8c8 they make a naked subset {1, 7} in box 9: removes 1 from r7c7*. Why: r4c8 and r4c9 hold only {4, 6}; if neither roof cell held 1 or 7, the four cells would be the swappable {4, 6} pattern. So r7c8 or r7c9 is 1 or 7, and in box 9 the roof acts as one cell holding {1, 7}: with r8c8 ({1, 7}) it is a naked pair, and r7c7 loses 1. The triple case (4.7) is step 15 of
//! `.7..1..6..........1.2.4.3.7.5.....4.8..5.7..2..3...8..4...7...828.....36..9.6.1..`:
//! the roof r1c4, r1c6 holds the extras {3, 5, 9}, a naked triple with r1c1 and r1c9 in row 1.
//!
//! **unique loop (type 2)** (5.0), step 35 of
//! `.3.9.5...8.4.......9...4.23.8...1..5..24.98..1..6...4.94.2...3.......2.4...7.8.9.`
//! (SE 5.0):
//! *unique loop {6, 7} on r1c5, r3c5, r3c7, r2c7, r2c2, r5c2, r5c8, r4c8, r4c3, r1c3 (type 2): r3c7, r5c8, r1c3 hold one digit more, 1, so one of them is 1: removes 1 from r1c8*. Why: the ten cells hold 6 and 7, and each row, column and box they cross holds two of them, one at an odd and one at an even place of the loop. Were they all {6, 7}, the 6s and 7s could be swapped around the loop: two solutions. So one of the three cells with more holds its 1, and r1c8, which sees all three (row 1, box 3, column 8), is not 1. SE's rating: 4.6 for six cells, 4.7 for eight, 5.0 from ten; type 1 (one cell with more loses both digits) and type 4 (two cells with more, one of the digits locked in a unit they share: they lose the other) rate alike.
//!
//! **unique rectangle type 4** (4.5), step 29 of
//! `..........4.2.3.1.69.4.8.2356.8.4.92...3.6....28...46............21.97..13.....59`:
//! *unique rectangle type 4 {4, 9} on r5c1, r5c3, r7c1, r7c3; in row 7 the 9 lies only in r7c1 and r7c3: removes 4 from r7c1, 4 from r7c3*. Why: row 7's 9 goes in r7c1 or r7c3; the other of the two must then not be 4, or the four cells would be the swappable {4, 9} pattern. So neither is 4.
//!
//! **BUG+1** (5.6), step 28 of
//! `7.3..5..1.8...7.5....38...493.6.41....6...2....17.3.466...78....5.9...7.3..2..5.8`:
//! *BUG+1: r3c2 is the one cell with three candidates: places r3c2=9*. Why: every unsolved cell but r3c2 has two candidates; if r3c2 were not 9 the grid would be a bivalue graveyard, which has either no solution or two, so it is 9.
//!
//! **BUG type 2** (5.7), step 37 of
//! `.....4.9..6...9.23......476.....85..8..3.7..2..39.....632......94.6...1..5.8.....`
//! (SE 5.7):
//! *BUG type 2: r1c2, r2c4, r3c2, r4c1 each hold 1 beyond two candidates: removes 1 from r2c1*. Why: without their 1s the four cells would leave every empty cell two candidates and every digit two places (or none) in each unit, a bivalue graveyard, which has no solution or two; so one of them is 1, and r2c1, which sees all four, is not.
//!
//! **BUG type 4** (5.7), step 31 of
//! `.8.1.4.6.6.93.7...3........2....5.8.9...7...2.7.6....4........6...5.31.7.3.9.6.5.`
//! (SE 5.7):
//! *BUG type 4: r7c2 and r7c8 hold extras and share 9; in row 7 the 9 lies only in them: removes 2 from r7c2, 4 from r7c8*. Why: r7c2 and r7c8 are the only cells with more than two candidates; without their extras the grid would be a bivalue graveyard, so one of them holds an extra. Without the extras both hold 9 and one other digit, and row 7 has no other place for 9, so one of them is 9. One is 9, the other holds its extra: neither holds its other digit (2 in r7c2, 4 in r7c8).
//!
//! **BUG type 3** (5.8 for a pair, a tenth more per digit): the cells
//! with extras share a unit, and their extras together, taken as one more
//! cell, make a naked subset with other cells of the unit; the subset's
//! digits leave the rest of the unit. Step 48 of
//! `..............1..2..3....45..........56.4....7.....12......8......63.7..24.......`
//! (`puzzles/17clue.txt`, not SE-rated), with SE 1.2's ladder
//! (`Options::wings` off): *BUG type 3: r1c2, r1c3, r1c7 hold the extras {8, 9}; with r1c5 they make a naked subset {8, 9} in row 1: removes 8 from r1c9*.
//! Why: one of the three cells holds 8 or 9, and r1c5 holds the other, so
//! row 1's 8 and 9 are there and r1c9 is not 8. It makes no step on the
//! 2,500 rated puzzles, top95 or the hard set.
//!
//! **aligned pair exclusion** (6.2), step 36 of top95's 85th puzzle
//! `....6...4..6.3....1..4..5.77.....8.5...8.....6.8....9...2.9....4....32....97..1..`
//! (SE 7.2), rated with SE 1.2's ladder (`Options::wings` off; with the
//! wings an ALS wing makes the removal first):
//! *aligned pair exclusion on r6c5 and r6c6: the bivalue cells r5c6, r6c2, r6c7, r6c9 see both, and no pair of digits for the two may empty one of them, nor repeat a digit: removes 1 from r6c5*. Why: r6c5 and r6c6 are in one row, so they hold two different digits; every pair of digits with 1 in r6c5 either repeats a digit or takes both digits of one of the four bivalue cells, which sees both cells; so r6c5 is not 1.
//!
//! **grouped four strong links on 6** (6.1, [`Options::LATE_WINGS`] only), step 24 of
//! `.592...7.1....39.4.2..4...8.9.4.7..2..2...5..3..9.2.4.5...2..8.2.18....5.8...521.`:
//! *grouped four strong links on 6: {r4c1, r5c1} - r3c1 - r2c2 - r2c5 - r9c5 - r9c9 - r8c8 - r4c8 (strong, weak, strong, ...): removes 6 from r4c3*. Why: column 1's 6s lie in r3c1 and in r4c1 or r5c1 (two boxes, a grouped link); then rows 2 and 9 and column 8: one end is 6, the group {r4c1, r5c1} or r4c8, and r4c3 sees both (box 4, row 4). Four plain links rate 5.8, a tenth more for a box and for rows and columns mixed; a group 6.1.
//!
//! **VWXYZ-wing** (6.3), step 4 of
//! `3....6..7.6.1..43..95..48..2.3....9.....5.....8....7.3..89..37..31..2.4.9..4....1`:
//! *VWXYZ-wing: r2c9 {5, 9} and the set r1c2, r1c3, r1c7, r1c8 holding {1, 2, 4, 5, 9}: removes 2 from r1c4, 2 from r1c5*. Why: the WXYZ-wing with five cells holding five digits: wherever their 2 is, r1c4 and r1c5 see it.
//!
//! **UVWXYZ-wing** (6.6, [`Options::LATE_WINGS`] only), step 10 of
//! `6...2...7.5...3.2...769.8...7....4..4.8.1.2.6..1....3...6.549...1.9...6.7...6...2`:
//! *UVWXYZ-wing: r2c3 {4, 9} and the set r7c1, r7c2, r8c1, r8c3, r9c3 holding {2, 3, 4, 5, 8, 9}: removes 4 from r1c3, 9 from r1c3, 9 from r4c3, 3 from r9c2, 8 from r9c2*. Why: the same with six cells and six digits.
//!
//! **X-cycle** (6.6), step 26 of
//! `.592...7.1....39.4.2..4...8.9.4.7..2..2...5..3..9.2.4.5...2..8.2.18....5.8...521.`:
//! *X-cycle: r2c2=6 → r3c1≠6 → r4c1=6 → r4c8≠6 → r8c8=6 → r9c9≠6 → r9c5=6 → r2c5≠6 → r2c2=6 (a loop: it holds one way round or the other): removes 6 from r1c5, 6 from r4c3, 6 from r4c7, 6 from r5c5*. Why: the eight 6s form a loop whose links alternate between "not both" (weak) and "exactly one" (strong, a unit with two places for 6). Read one way, r2c2, r4c1, r8c8 and r9c5 are 6; read the other way round, r3c1, r4c8, r9c9 and r2c5 are; one reading holds. Row 4 has its 6 in r4c1 or r4c8 either way, so r4c3 and r4c7 are not 6; column 5 has it in r9c5 or r2c5, so r1c5 and r5c5 are not.
//!
//! **Y-cycle** (6.7), step 33 of
//! `.69.1.85..........4.......75..9.1..2.8.4.3.6....7.8.....4...9....28.65..31.....46`:
//! *Y-cycle: r1c9=4 → r1c6≠4 → r1c6=7 → r2c5≠7 → r2c5=9 → r2c9≠9 → r2c9=1 → r8c9≠1 → r8c9=3 → r1c9≠3 → r1c9=4 (a loop: it holds one way round or the other): removes 3 from r6c9*. Why: five bivalue cells in a loop, each holding one of its two digits, each linked to the next by a digit they share in a unit (not both). Read as found: r1c9=4, r1c6=7, r2c5=9, r2c9=1, r8c9=3; read the other way round: r1c9=3, r1c6=4, r2c5=7, r2c9=9, r8c9=1. One reading holds. r6c9 sees r1c9 and r8c9 (column 9), one of which is 3 either way, so r6c9 is not 3. (SE rates this puzzle 5.6 by a step we lack, a BUG; see "What it leaves out".)
//!
//! **forcing X-chain** (6.6+): assuming a digit leads, through that
//! digit's units alone, to its own negation, so it is false. No worked
//! example: since X-cycles (6.5+) are looked for, none of the paths
//! checked (210 puzzles of the set rated 6.6 to 7.4) takes one.
//!
//! **bidirectional cycle** (7.0), step 31 of
//! `....8......26.78...7.....3.6.17.94.8....1......4.2.7...8.591.2..........91.....86`:
//! *bidirectional cycle: r2c1=1 → r2c1≠3 → r6c1=3 → r6c9≠3 → r6c9=1 → r2c9≠1 → r2c1=1 (a loop: it holds one way round or the other): removes 1 from r1c9, 4 from r2c1, 5 from r2c1, 1 from r3c9*. Why: a loop that mixes both kinds of link (inside a cell, and between a unit's two places for a digit). Read as found: r2c1=1, r6c1=3, r6c9=1; the other way round: r2c1=3, r2c9=1, r6c9=3. Either way r2c1 holds 1 or 3, so it is neither 4 nor 5, and column 9 has its 1 in r6c9 or r2c9, so r1c9 and r3c9 lose 1.
//!
//! **forcing chain** (7.1), step 6 of
//! `..8.1.3...1.3.8.4..4..9..8....2.6.....5.7.9...7.....2...4...7....79.58..6...8...1`:
//! *forcing chain: r5c2=8 → r5c2≠6 → r6c3=6 → r6c3≠1 → r6c4=1 → r6c4≠8 → r5c4=8 → r5c2≠8 (it cannot be): removes 8 from r5c2*. Why: assuming r5c2 is 8 leads, through cells and units, to r5c2 not being 8: so it is not.
//!
//! **TUVWXYZ-wing** (7.5, [`Options::LATE_WINGS`] only), step 15 of top95's
//! `..7..8.....6.2.3...3......9.1..5..6.....1.....7.9....2........4.83..4...26....51.`:
//! *TUVWXYZ-wing: r1c5 {3, 9} and the set r2c6, r3c6, r4c6, r5c6, r6c6, r7c6 holding {1, 2, 3, 5, 6, 7, 9}: removes 3 from r6c5*. Why: the same with seven cells and seven digits: wherever their 3 is, r6c5 sees it.
//!
//! **Nishio forcing chain** (7.8), step 5 of
//! `..2....9.89...157..3..9...6.7..1......54.67......5..1.4...2..5..539...81.8....6..`:
//! *Nishio forcing chain: r9c5=4 → r9c8≠4 → r3c8=4 → r2c9≠4 → r2c3=4 and r9c5=4 → r8c6≠4 → r8c7=4 → r4c7≠4 → r4c3=4 → r2c3≠4 (a contradiction): removes 4 from r9c5*. Why: assuming r9c5 is 4, the 4s alone reach a contradiction (r2c3 both 4 and not 4), so r9c5 is not 4.
//!
//! **multiple forcing chain** (8.3), step 6 of
//! `..2....9.89...157..3..9...6.7..1......54.67......5..1.4...2..5..539...81.8....6..`:
//! *multiple forcing chain: every place of 2 in row 4 implies it: r4c4=2 → r6c4≠2; r4c6=2 → r6c4≠2; r4c7=2 → r8c7≠2 → r8c7=4 → r8c6≠4 → r8c6=7 → r6c6≠7 → r6c4=7 → r6c4≠2: removes 2 from r6c4*. Why: whichever of its places in row 4 takes the 2, r6c4 loses its 2, so it loses it now.
//!
//! **dynamic forcing chain** (8.9), step 7 of
//! `.....39..5..8.6.1..6..4....4....7...37.....62...3....9....7..3..2.6.5..1..82.....`:
//! *dynamic forcing chain: r8c3=9 → r8c8≠9 → r9c8=9 → r9c8≠7 → r9c9=7 and r8c3=9 → r8c8≠9 → r9c8=9 → r9c8≠5 → r9c9=5 → r9c9≠7 (a contradiction): removes 9 from r8c3*. Why: assuming r8c3 is 9, with the grid reduced as the chain goes, makes r9c9 both 7 and not 7, so r8c3 is not 9.
//!
//! **dynamic forcing chain (+)** (9.7), step 1 of Inkala's 2012 puzzle
//! `8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..`
//! (SE 10.7/10.7/9.7 by Sukaku Explainer's `serate`; our ER 10.8):
//! *dynamic forcing chain (+): r1c4=3 → r1c4≠7 → r7c5≠7 → r7c5=2 → ... (a
//! contradiction): removes 3 from r1c4*. Why: assuming r1c4 is 3, the
//! chain reduces the grid until a locked candidate on it takes 7 from
//! r7c5 (the link r1c4≠7 → r7c5≠7 rests on that), and it goes on to a
//! contradiction; so r1c4 is not 3.
//!
//! **dynamic forcing chain (+ forcing chains)** (10.4), step 14 of the same
//! puzzle: *r9c5=3 → r4c5≠3 → r3c4≠3 → r3c4=4 → ... (a contradiction):
//! removes 3 from r9c5*. Why: on the grid the assumption r9c5=3 reduces,
//! a forcing chain (an assumption implying its own negation) takes 3 from
//! r3c4, which the outer chain follows to a contradiction.
//!
//! **dynamic forcing chain (+ multiple forcing chains)** (11.0), step 6 of
//! the fifth puzzle of the forum's hardest 1106 list,
//! `..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8`:
//! *every place of 1 in row 9 implies it: ...: removes 7 from r5c9*. Why:
//! whichever cell of row 9 takes the 1, the chains from it (each using
//! multiple forcing chains on its reduced grid) take 7 from r5c9.
//!
//! No worked example yet for level 4 (+ dynamic forcing chains, 10.5+).
//!
//! ## Pruning and cost
//!
//! Singles and subsets scan units; fish and wings enumerate small subsets of
//! units; chains follow implications breadth first from every candidate
//! (static chains) or with the grid reduced as they go (dynamic chains), so
//! one chain step costs a few thousand implications per candidate. Most
//! puzzles rated up to 7.x take milliseconds; dynamic chains take tens.
//! Chains keep each unit's places of each digit as a bit mask, so a unit's
//! last place is one mask test. Nested levels 2 and 3 run a chain search
//! on every reduced grid an outer chain reaches; there the static
//! implications of the grid are first closed transitively at once
//! (Tarjan's strongly connected components over bitsets), which says which
//! assumptions (or cells and units) conclude anything, and links are
//! followed one by one only from those. Level 4 does the same with every
//! assumption's dynamic implications found first as bare bit sets, without
//! the chains (a fifth less time on its steps), and each outer search keeps
//! the nested conclusions of every reduced grid it met, since different
//! assumptions often reduce the grid alike.
//! Both ladders end with the nested chains, so both finish the forum's
//! hardest puzzles: `sudoku-lab rate` finishes every puzzle of the forum's
//! hardest 1106 list (`puzzles/field`, 375 puzzles, 9.7 to 11.9) and of
//! the 1905 list's sample (1,000 puzzles of SE 11+, 10.8 to 11.6), every
//! step checked against the solution, and `rate --ladder se12` does too.
//! CPU time per puzzle on an AMD EPYC (`rate_times`, one thread, the
//! other core busy with the same work), the default ladder: on every 5th
//! puzzle of the 1106 list (75) a median 0.46 s and at most 6.3 s; on
//! every 10th of the 1905 sample (100) a median 0.66 s and at most 1.7 s.
//! The whole lists with `rate --jobs 2` beside other work (load about 4):
//! medians 0.87 s and 1.23 s a puzzle, at most 10.9 s and 5.4 s. The
//! 2,500 SE-rated puzzles: 10.6 s of wall time, 20 s of CPU (`rate --jobs
//! 2`, quiet).
//!
//! ## Shapes
//!
//! Every technique is defined on units, so it runs on every shape (4x4 to
//! 25x25, rectangular boxes included). SE's scale is defined for 9x9; on
//! other shapes the same numbers are used, which keeps the order of
//! techniques, but the numbers are not calibrated against people there.
//!
//! ## What it leaves out
//!
//! Unique rectangle type 3 with a
//! hidden subset (SE looks for it where a naked one would be more than half
//! the unit's empty cells) and unique loops of type 3 (a naked or hidden
//! subset with the extra digits),
//! aligned triple exclusion, and SE's forks' strong-link fish beyond the
//! chains of two to four links; in the nested levels, cycles as nested rules of level 2 and
//! forcing X-chains rated apart from full ones, and SE's experimental
//! levels past 4 (a nested chain that nests again). A puzzle SE rates by
//! a missing technique gets the rating of the harder technique we use
//! instead. Of the 2,500 puzzles of `puzzles/se-rated-2500.txt`, 3 are
//! rated more than 0.3 away from SE: two by aligned triple exclusion (SE
//! 7.5, ours a multiple forcing chain of 8.3) and one whose path parts
//! from SE's early (SE's ends with a BUG+1 of 5.6, ours with a Y-cycle of
//! 6.7).
//!
//! That set's rater is SukakuExplainer v1.15.10 (January 2020; built from
//! SudokuMonster's repository at that tag and run outside this one, it
//! gives the set's rating on each of the 138 puzzles checked, those this
//! crate once missed by more than 0.3, where the repository's last
//! release, v1.18.1, differs on 56). That version has no
//! UVWXYZ- or TUVWXYZ-wing and no four strong links, groups strong links
//! (an empty rectangle in a box, a line's places in two boxes) and rates
//! turbot fish and three strong links by their units, as the default
//! ladder does ([`wings::strong_links`]); unique loops of six cells and
//! more, types 1, 2 and 4 ([`wings::unique_loop`]), come after the unique
//! rectangles, as in SE. [`Options::LATE_WINGS`] adds the later wings, as
//! the fork's later releases do: against v1.18.1's own ratings of the same
//! puzzles, Spearman 0.997, within 0.3 99.9%, equal 98.4%.
//!
//! ## Agreement with SE, and which SE
//!
//! SE's forks rate differently, so a rating agrees with one SE, not with
//! SE. The Sudoku Exchange bank, which `se-rated-2500.txt` samples, was
//! rated by SudokuMonster's Sukaku Explainer, v1.15.10 (above); its
//! fork has turbot fish, grouped strong-link chains and the WXYZ- and
//! VWXYZ-wings, which 1to9only's SukakuExplainer, keeping SE 1.2's ladder,
//! has not. [`Options::WINGS`] (the default, `rate`) follows the first,
//! [`Options::SE12`] (`rate --ladder se12`) the second, and
//! [`Options::LATE_WINGS`] the fork's later releases. The rated sets of
//! `puzzles/` with the rater of each (the two sets this project rated with
//! the fork were rated by its repository at commit 362854e, 2021, which
//! gives the bank's rating on 98 of every 25th puzzle of the 2,500):
//!
//! | set | rater | ladder | Spearman | within 0.3 | equal |
//! |---|---|---|---:|---:|---:|
//! | se-rated-17clue (1,000, SE 1.2-7.8) | the fork (362854e) | with wings (default) | 1.000 | 99.9% | 99.5% |
//! | | | SE 1.2 | 0.999 | 90.1% | 89.2% |
//! | se-rated-2500 (2,500, SE 5.0-9.3) | the fork (v1.15.10) | with wings (default) | 0.997 | 99.9% | 98.7% |
//! | | | SE 1.2 | 0.765 | 62.5% | 54.2% |
//! | se-rated-hard-sudokumonster (39, SE 4.0-11.0) | the fork (362854e) | with wings (default) | 0.999 | 100% | 89.7% |
//! | | | SE 1.2 | 0.973 | 76.9% | 66.7% |
//! | the three together (3,539, SE 1.2-11.0) | the fork | with wings (default) | 0.998 | 99.9% | 98.8% |
//! | se-rated-hard (the same 39, SE 6.6-11.0) | 1to9only's (SE 1.2's ladder) | SE 1.2 | 0.999 | 100% | 89.7% |
//! | | | with wings (default) | 0.973 | 76.9% | 66.7% |
//!
//! (`cargo run --release -p sudoku-human --example se_study FILE
//! [--no-wings]`; `sudoku-lab rate FILE` prints the same figures for any
//! file whose lines carry ratings.) The two raters disagree on the same
//! puzzles: of every 25th puzzle of `se-rated-2500.txt` (100), they are
//! within 0.3 on only 65; of the hard set's 27 puzzles below 9.5, the
//! fork rates 9 lower by 0.5 to 3.4 (a turbot fish or WXYZ-wing where SE
//! 1.2 needs a chain: 6.6 against 4.0, 7.7 against 4.3). Each ladder
//! follows its own rater. From 9.0 up the two raters give the same rating
//! on every puzzle of the hard set; where ours differs there, it is a
//! nested chain a tenth above SE's.
//!
//! ## As a strategy
//!
//! [`Human`] (`human`) solves with logic first and guesses only where logic
//! runs out, on a cell with the fewest candidates. Its logic is singles
//! and locked candidates only (naked singles from 16x16 up): budgets are checked every few thousand search
//! states, and with subsets, fish and wings in every state counting the empty
//! 9x9 overran a 150 ms budget by seconds; uniqueness techniques would be
//! unsound on puzzles with several solutions; and chains: a chain step tries
//! every candidate of the grid, which costs more than the few guesses it
//! saves, and it would make budgets (checked between search states) coarse.
//! The rating ([`rate`]) uses every technique.

pub mod basic;
pub mod board;
pub mod chains;
mod closure;
pub mod exclusion;
mod nested;
pub mod step;
pub mod wings;

pub use board::{Board, Contradiction};
pub use step::{format_rating, Step, Technique, Tenths};

use std::ops::ControlFlow;
use sudoku_core::{
    Constraint, DeadEnd, Family, Grid, Info, Reason, Reports, Rule, Run, Shapes, Strategy, Trace,
};

/// Which techniques the solver may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Unique rectangles and BUG+1: sound only on puzzles with one solution.
    pub uniqueness: bool,
    /// Forcing chains, Nishio, multiple and dynamic chains (the costly end).
    pub chains: bool,
    /// Only techniques whose rating starts at or below this (tenths).
    pub up_to: Tenths,
    /// Turbot fish and the strong-link chains (grouped or not), and the
    /// WXYZ- to TUVWXYZ-wings (the last two and the four-link chains only
    /// with [`Options::late_wings`]): techniques of later SE forks (the rater
    /// of `puzzles/se-rated-2500.txt` has them), which Sudoku Explainer 1.2
    /// and the 1to9only SukakuExplainer that rated
    /// `puzzles/se-rated-hard.txt` do not have. Off, the ladder is theirs.
    pub wings: bool,
    /// SE's direct techniques (direct pointing and claiming, direct hidden
    /// pair and triple, 1.7-2.5): a locked set that leaves a hidden single,
    /// which SE places without the set's eliminations. Every SE has them;
    /// they only change ratings below 2.6.
    pub direct: bool,
    /// With [`Options::wings`]: also the UVWXYZ- and TUVWXYZ-wings and the
    /// four-link chains, which SudokuMonster's Sukaku Explainer added (the
    /// wings, in January 2020) or turned on (the four links) after v1.15.10,
    /// the version that rated `puzzles/se-rated-2500.txt`; its releases from
    /// v1.17 (July 2020) on have them.
    pub late_wings: bool,
}

impl Options {
    /// The forks' ladder: SE 1.2's plus turbot fish, three strong links
    /// (grouped or not) and the WXYZ- and VWXYZ-wings, as SudokuMonster's
    /// Sukaku Explainer v1.15.10 rates (the rater of
    /// `puzzles/se-rated-2500.txt`). The default.
    pub const WINGS: Options = Options {
        uniqueness: true,
        chains: true,
        up_to: Tenths::MAX,
        wings: true,
        direct: true,
        late_wings: false,
    };
    /// [`Options::WINGS`] with the later wings and the four-link chains
    /// ([`Options::late_wings`]): the ladder of SudokuMonster's Sukaku
    /// Explainer from v1.17 (v1.18.1 is its last release).
    pub const LATE_WINGS: Options = Options {
        late_wings: true,
        ..Options::WINGS
    };
    /// Sudoku Explainer 1.2's ladder, as the `serate` of 1to9only's
    /// SukakuExplainer rates (the rater of `puzzles/se-rated-hard.txt`):
    /// [`Options::WINGS`] without the forks' techniques.
    pub const SE12: Options = Options {
        wings: false,
        ..Options::WINGS
    };
}

impl Default for Options {
    fn default() -> Options {
        Options::WINGS
    }
}

use Technique as T;

/// A technique's search, with the lowest rating it can give.
type Search = (Tenths, fn(&Board, Options) -> Option<Step>);

/// Every technique in SE's order (the order of the first hint found), each
/// with the base rating of the easiest technique its search gives.
const LADDER: [Search; 42] = [
    (T::LastValue.base(), |b, _| basic::hidden_single(b)),
    (T::DirectPointing.base(), |b, o| {
        o.direct.then(|| basic::direct_locked(b)).flatten()
    }),
    (T::DirectHiddenPair.base(), |b, o| {
        o.direct
            .then(|| basic::direct_hidden_subset(b, 2))
            .flatten()
    }),
    (T::NakedSingle.base(), |b, _| basic::naked_single(b)),
    (T::DirectHiddenTriple.base(), |b, o| {
        o.direct
            .then(|| basic::direct_hidden_subset(b, 3))
            .flatten()
    }),
    (T::Pointing.base(), |b, _| basic::locked_candidates(b, true)),
    (T::Claiming.base(), |b, _| {
        basic::locked_candidates(b, false)
    }),
    (T::NakedPair.base(), |b, _| basic::naked_subset(b, 2)),
    (T::XWing.base(), |b, _| basic::fish(b, 2)),
    (T::HiddenPair.base(), |b, _| basic::hidden_subset(b, 2)),
    (T::NakedTriple.base(), |b, _| basic::naked_subset(b, 3)),
    (T::Swordfish.base(), |b, _| basic::fish(b, 3)),
    (T::HiddenTriple.base(), |b, _| basic::hidden_subset(b, 3)),
    (T::TurbotFish.base(), |b, o| {
        o.wings.then(|| wings::strong_links(b, 2)).flatten()
    }),
    (T::XYWing.base(), |b, _| wings::xy_wing(b, false)),
    (T::XYZWing.base(), |b, _| wings::xy_wing(b, true)),
    (T::UniqueRectangle.base(), |b, o| {
        o.uniqueness.then(|| wings::unique_rectangle(b)).flatten()
    }),
    (T::UniqueRectangle2.base(), |b, o| {
        o.uniqueness
            .then(|| wings::unique_rectangle_roof(b))
            .flatten()
    }),
    (T::UniqueRectangle3.base(), |b, o| {
        o.uniqueness.then(|| wings::unique_rectangle_3(b)).flatten()
    }),
    (T::UniqueLoop.base(), |b, o| {
        o.uniqueness.then(|| wings::unique_loop(b)).flatten()
    }),
    (T::NakedQuad.base(), |b, _| basic::naked_subset(b, 4)),
    (T::Jellyfish.base(), |b, _| basic::fish(b, 4)),
    (T::HiddenQuad.base(), |b, _| basic::hidden_subset(b, 4)),
    (T::ThreeStrongLinks.base(), |b, o| {
        o.wings.then(|| wings::strong_links(b, 3)).flatten()
    }),
    (T::WXYZWing.base(), |b, o| {
        o.wings.then(|| wings::als_wing(b, 4)).flatten()
    }),
    (T::Bug.base(), |b, o| {
        o.uniqueness.then(|| wings::bug(b)).flatten()
    }),
    (T::Bug2.base(), |b, o| {
        o.uniqueness.then(|| wings::bug_type2(b)).flatten()
    }),
    (T::Bug4.base(), |b, o| {
        o.uniqueness.then(|| wings::bug_type4(b)).flatten()
    }),
    (T::Bug3.base(), |b, o| {
        o.uniqueness.then(|| wings::bug_type3(b)).flatten()
    }),
    (T::FourStrongLinks.base(), |b, o| {
        (o.wings && o.late_wings)
            .then(|| wings::strong_links(b, 4))
            .flatten()
    }),
    (T::AlignedPairExclusion.base(), |b, _| {
        exclusion::aligned_pair_exclusion(b)
    }),
    (T::VWXYZWing.base(), |b, o| {
        o.wings.then(|| wings::als_wing(b, 5)).flatten()
    }),
    (T::UVWXYZWing.base(), |b, o| {
        (o.wings && o.late_wings)
            .then(|| wings::als_wing(b, 6))
            .flatten()
    }),
    (T::ForcingXChain.base(), |b, o| {
        o.chains.then(|| chains::forcing_chain(b)).flatten()
    }),
    (T::TUVWXYZWing.base(), |b, o| {
        (o.wings && o.late_wings)
            .then(|| wings::als_wing(b, 7))
            .flatten()
    }),
    (T::Nishio.base(), |b, o| {
        o.chains.then(|| chains::nishio(b)).flatten()
    }),
    (T::MultipleForcingChain.base(), |b, o| {
        o.chains
            .then(|| chains::multiple_chains(b, false))
            .flatten()
    }),
    (T::DynamicForcingChain.base(), |b, o| {
        o.chains.then(|| chains::multiple_chains(b, true)).flatten()
    }),
    (T::DynamicForcingChainPlus.base(), |b, o| {
        o.chains.then(|| chains::nested_chains(b, 1)).flatten()
    }),
    (T::NestedForcingChain.base(), |b, o| {
        o.chains.then(|| chains::nested_chains(b, 2)).flatten()
    }),
    (T::NestedMultipleForcingChain.base(), |b, o| {
        o.chains.then(|| chains::nested_chains(b, 3)).flatten()
    }),
    (T::NestedDynamicForcingChain.base(), |b, o| {
        o.chains.then(|| chains::nested_chains(b, 4)).flatten()
    }),
];

/// The easiest step that makes progress, or `None` when no technique does.
pub fn next_step(board: &Board, options: Options) -> Option<Step> {
    LADDER
        .iter()
        .filter(|(base, _)| *base <= options.up_to)
        .find_map(|(_, search)| search(board, options))
}

/// SE's three numbers for a puzzle, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step; `None` when logic could not finish.
    pub er: Option<Tenths>,
    /// The hardest step up to and including the first placement.
    pub ep: Option<Tenths>,
    /// The first step.
    pub ed: Option<Tenths>,
}

/// The solving path of a puzzle.
#[derive(Clone, Debug)]
pub struct Path {
    pub steps: Vec<Step>,
    /// The board where the path ends (solved, stuck or impossible).
    pub board: Board,
    /// The board became impossible (the puzzle has no solution).
    pub contradiction: Option<Contradiction>,
    /// A step or time limit ended the path early.
    pub stopped: bool,
}

impl Path {
    pub fn solved(&self) -> bool {
        self.contradiction.is_none() && self.board.is_solved()
    }
    /// ER / EP / ED as SE computes them.
    pub fn rating(&self) -> Rating {
        let mut hardest = 0;
        let (mut ep, mut ed) = (None, None);
        for step in &self.steps {
            hardest = hardest.max(step.rating);
            if ed.is_none() {
                ed = Some(hardest);
            }
            if ep.is_none() && !step.placements.is_empty() {
                ep = Some(hardest);
            }
        }
        Rating {
            er: self.solved().then_some(hardest),
            ep,
            ed,
        }
    }
}

/// Solves `puzzle` step by step until it is solved, stuck, impossible, or
/// `max_steps` steps were taken.
pub fn solve_path(puzzle: &Grid, options: Options, max_steps: usize) -> Path {
    solve_path_until(puzzle, options, max_steps, None)
}

/// [`solve_path`] that also stops (with [`Path::stopped`]) once `deadline`
/// has passed, checked between steps.
pub fn solve_path_until(
    puzzle: &Grid,
    options: Options,
    max_steps: usize,
    deadline: Option<std::time::Instant>,
) -> Path {
    let mut board = Board::new(puzzle);
    let mut steps = Vec::new();
    let mut contradiction = board.contradiction();
    let mut stopped = false;
    while contradiction.is_none() && !board.is_solved() {
        if steps.len() >= max_steps || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            stopped = true;
            break;
        }
        let Some(step) = next_step(&board, options) else {
            break;
        };
        if !step.apply(&mut board) {
            contradiction = Some(Contradiction::Cell(step.placements[0].0));
        } else {
            contradiction = board.contradiction();
        }
        steps.push(step);
    }
    Path {
        steps,
        board,
        contradiction,
        stopped,
    }
}

/// The first step of `path` that contradicts `solution` (removes a digit
/// the solution has in that cell, or places one it does not have), as its
/// index: a bug in a technique, or a puzzle with another solution.
pub fn first_unsound(path: &Path, solution: &Grid) -> Option<usize> {
    path.steps.iter().position(|step| {
        step.eliminations.iter().any(|&(c, d)| solution.get(c) == d)
            || step.placements.iter().any(|&(c, d)| solution.get(c) != d)
    })
}

/// The rating of a puzzle (see [`Rating`]).
pub fn rate(puzzle: &Grid) -> Rating {
    solve_path(puzzle, Options::default(), usize::MAX).rating()
}

/// The strategy: human techniques first, a guess where they run out.
pub struct Human;

sudoku_core::compiled_here!(Human);

pub static INFO: Info = Info {
    id: "human",
    summary: "singles and locked candidates (naked singles from 16x16 up), a guess on a cell with the fewest candidates where they run out (rate uses every technique)",
    family: Family::Propagation,
    outside: false,
    reports: Reports::ALL_BUT_MEMS,
    shapes: Shapes::All,
    prunes_by: "applying singles and locked candidates before every guess",
    headline: false,
    brute_force: false,
    capabilities: sudoku_core::Capabilities::SEARCH,
};

impl Strategy for Human {
    type Scratch = ();
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn search<T: Trace>(&self, puzzle: &Grid, _: &mut (), run: &mut Run<T>) {
        let board = Board::new(puzzle);
        let bytes = (board.cand.len() * 5) as u64;
        if run.hold(1, bytes).is_continue() && run.enter(0).is_continue() {
            let _ = search(board, run, 0);
        }
    }
}

fn reason_of(step: &Step, board: &Board) -> Reason {
    match step.technique {
        Technique::NakedSingle => Reason::NakedSingle,
        Technique::HiddenSingle | Technique::LastValue => {
            // The unit is the one whose cells the step looked at.
            let cell = step.placements[0].0;
            let units = board.units.of_cell[cell];
            let u = units
                .into_iter()
                .find(|&u| board.units.cells[u] == step.cells)
                .unwrap_or(units[2]);
            Reason::HiddenSingle(board::unit_of(board.n, u))
        }
        _ => Reason::Propagated,
    }
}

/// The rule of a locked-candidates step, for its eliminations: the unit
/// whose places for the digit (the step's cells) all lie in the line the
/// digit leaves.
fn locked_rule(step: &Step, board: &Board) -> Option<Rule> {
    let &(gone, _) = step.eliminations.first()?;
    let first = *step.cells.first()?;
    let shared = |u: &usize| {
        step.cells
            .iter()
            .all(|c| board.units.of_cell[*c].contains(u))
    };
    let units = board.units.of_cell[first];
    let line = units
        .into_iter()
        .find(|u| shared(u) && board.units.of_cell[gone].contains(u))?;
    let unit = units.into_iter().find(|u| {
        shared(u)
            && !board.units.of_cell[gone].contains(u)
            && (step.technique == Technique::Pointing) == (*u >= 2 * board.n)
    })?;
    Some(Rule::Locked {
        unit: board::unit_of(board.n, unit),
        line: board::unit_of(board.n, line),
    })
}

/// One search state: logic till it runs out, then a guess on a cell with
/// the fewest candidates. Every digit it writes is taken back, deepest
/// first, when the state is left (one `undo` each, as every strategy).
fn search<T: Trace>(board: Board, run: &mut Run<T>, depth: u32) -> ControlFlow<()> {
    let mut forced = Vec::new();
    let flow = settle_and_branch(board, run, depth, &mut forced);
    if flow.is_continue() {
        for &(d, cell, digit) in forced.iter().rev() {
            run.undo(d, cell, digit);
        }
    }
    flow
}

fn settle_and_branch<T: Trace>(
    mut board: Board,
    run: &mut Run<T>,
    mut depth: u32,
    forced: &mut Vec<(u32, usize, u8)>,
) -> ControlFlow<()> {
    // Every state the search enters runs this logic, and budgets are
    // checked only every few thousand states: singles and locked
    // candidates keep a state cheap (subsets and fish made counting the
    // empty 9x9 overrun its time budget by seconds; from 16x16 up, naked
    // singles, the only rule cheap enough there).
    // No direct techniques: their placement rests on eliminations they do
    // not make, so a trace could not show why the digit was the only one.
    let options = Options {
        uniqueness: false,
        chains: false,
        up_to: 28,
        wings: false,
        direct: false,
        late_wings: false,
    };
    loop {
        if let Some(c) = board.contradiction() {
            // Reported untraced too: the dead end's depth, forced
            // placements included, counts for `max_depth`.
            {
                // A digit with no place in a unit is that unit's dead end, not
                // a cell's: the unit's cells may all be filled.
                let dead = match c {
                    Contradiction::Cell(cell) => DeadEnd::Cell(cell),
                    Contradiction::Unit(u, d) => {
                        DeadEnd::Constraint(match board::unit_of(board.n, u) {
                            sudoku_core::Unit::Row(r) => Constraint::RowDigit(r, d),
                            sudoku_core::Unit::Col(c) => Constraint::ColDigit(c, d),
                            sudoku_core::Unit::Box(b) => Constraint::BoxDigit(b, d),
                        })
                    }
                };
                run.dead_end(depth, dead);
            }
            return ControlFlow::Continue(());
        }
        if board.is_solved() {
            return run.solution(depth, &board.value);
        }
        let step = if board.n > 12 {
            basic::naked_single(&board)
        } else {
            next_step(&board, options)
        };
        let Some(step) = step else { break };
        if run.traced() && !step.eliminations.is_empty() {
            if let Some(rule) = locked_rule(&step, &board) {
                for &(cell, digit) in &step.eliminations {
                    run.eliminate(depth, cell, digit, rule);
                }
            }
        }
        let reason = reason_of(&step, &board);
        if !step.apply(&mut board) {
            return ControlFlow::Continue(());
        }
        for &(cell, digit) in &step.placements {
            depth += 1;
            run.place(depth, cell, digit, reason);
            forced.push((depth, cell, digit));
        }
    }
    let cell = (0..board.cand.len())
        .filter(|&c| board.value[c] == 0)
        .min_by_key(|&c| board.cand[c].count_ones())
        .expect("an unsolved board has an empty cell");
    let options = board.cand[cell];
    for digit in board::digits(options) {
        let mut child = board.clone();
        child.place(cell, digit);
        run.place(depth + 1, cell, digit, Reason::Guess { options });
        run.enter(depth + 1)?;
        search(child, run, depth + 1)?;
        run.undo(depth + 1, cell, digit);
    }
    ControlFlow::Continue(())
}
