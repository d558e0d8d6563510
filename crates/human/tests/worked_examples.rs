//! One worked example per technique, as the crate docs show them: a puzzle
//! of puzzles/se-rated-2500.txt, the step of its path where the technique is
//! first the easiest that makes progress, and what that step finds (its
//! technique, rating, sentence, placements and eliminations) pinned.

use sudoku_human::{solve_path, Options, Technique};

/// Solves `puzzle` up to step `index` and checks that step.
#[allow(clippy::too_many_arguments)]
fn pin(
    puzzle: &str,
    index: usize,
    technique: Technique,
    rating: u32,
    sentence: &str,
    placements: &[(usize, u8)],
    eliminations: &[(usize, u8)],
) {
    pin_with(
        Options::default(),
        puzzle,
        index,
        technique,
        rating,
        sentence,
        placements,
        eliminations,
    );
}

/// [`pin`] with the given options.
#[allow(clippy::too_many_arguments)]
fn pin_with(
    options: Options,
    puzzle: &str,
    index: usize,
    technique: Technique,
    rating: u32,
    sentence: &str,
    placements: &[(usize, u8)],
    eliminations: &[(usize, u8)],
) {
    let path = solve_path(&puzzle.parse().unwrap(), options, index + 1);
    let step = &path.steps[index];
    assert_eq!(step.technique, technique, "{}", step.sentence(9));
    assert_eq!(step.rating, rating, "{}", step.sentence(9));
    assert_eq!(step.sentence(9), sentence);
    assert_eq!(step.placements, placements, "{sentence}");
    assert_eq!(step.eliminations, eliminations, "{sentence}");
}

#[test]
fn last_value() {
    pin(
        "..1....2.86...157..43...6.9.3.694......8.7......512.9.7.8...96..562...38.9....7..",
        0,
        Technique::LastValue,
        10,
        "last value: r5c5 is the only empty cell of box 5: places r5c5=3",
        &[(40, 3)],
        &[],
    );
}

#[test]
fn hidden_single() {
    pin(
        ".3.9.5...8.4.......9...4.23.8...1..5..24.98..1..6...4.94.2...3.......2.4...7.8.9.",
        0,
        Technique::HiddenSingle,
        12,
        "hidden single: r1c7 is the only place for 4 in box 3: places r1c7=4",
        &[(6, 4)],
        &[],
    );
}

#[test]
fn direct_pointing() {
    pin(
        "...7..31.1.6.94...4....3.9..25.....1.9..2..6.6.....27..8.1....7...43.1.2.41..7...",
        15,
        Technique::DirectPointing,
        17,
        "direct pointing: in box 2 the 5 lies in column 4, so r6c6 is the only place left for it in box 5: places r6c6=5",
        &[(50, 5)],
        &[],
    );
}

#[test]
fn direct_hidden_pair() {
    pin(
        "...7..31.1.6.94...4....3.9..25.....1.9..2..6.6.....27..8.1....7...43.1.2.41..7...",
        27,
        Technique::DirectHiddenPair,
        20,
        "direct hidden pair {5, 8} in row 5: r5c7, r5c9, so r5c4 is the only place left for 3: places r5c4=3",
        &[(39, 3)],
        &[],
    );
}

#[test]
fn direct_hidden_triple() {
    pin(
        "..........4.2.3.1.69.4.8.2356.8.4.92...3.6....28...46............21.97..13.....59",
        7,
        Technique::DirectHiddenTriple,
        25,
        "direct hidden triple {4, 6, 9} in column 3: r5c3, r7c3, r9c3, so r2c3 is the only place left for 5: places r2c3=5",
        &[(11, 5)],
        &[],
    );
}

#[test]
fn naked_single() {
    pin(
        "..1....9.5...41.3.....7.1.6..729...1.1.6.8.7.8...173..6.2.8.....3.72...4.8....5..",
        0,
        Technique::NakedSingle,
        23,
        "naked single: 1 is the only digit left for r7c8: places r7c8=1",
        &[(61, 1)],
        &[],
    );
}

#[test]
fn pointing() {
    pin(
        ".1.8......981.74....5........69.1.5.23.....96.5.6.27........9....75.968......4.2.",
        0,
        Technique::Pointing,
        26,
        "pointing: in box 5 the 3 lies in column 5: removes 3 from r1c5, 3 from r2c5, 3 from r3c5, 3 from r7c5, 3 from r8c5, 3 from r9c5",
        &[],
        &[(4, 3), (13, 3), (22, 3), (58, 3), (67, 3), (76, 3)],
    );
}

#[test]
fn claiming() {
    pin(
        "5..38...2..1.25......6...8..7....1.941.....562.5....3..4...7......46.3..9...32..8",
        0,
        Technique::Claiming,
        28,
        "claiming: in column 2 the 3 lies in box 1: removes 3 from r2c1, 3 from r3c1, 3 from r3c3",
        &[],
        &[(9, 3), (18, 3), (20, 3)],
    );
}

#[test]
fn naked_pair() {
    pin(
        "...5......32.4.69..7.3.6.2...7...9.4.5.....6.9.4...5...8.1.3.4..26.7.18......8...",
        1,
        Technique::NakedPair,
        30,
        "naked pair {1, 6} in column 2: r4c2, r6c2: removes 1 from r1c2, 6 from r1c2, 1 from r9c2",
        &[],
        &[(1, 1), (1, 6), (73, 1)],
    );
}

#[test]
fn x_wing() {
    pin(
        "8...67..9..91..3...7.9...2.6.....53.9.......6.81.....4.5...9.1...8..67..2..75...3",
        2,
        Technique::XWing,
        32,
        "X-wing on 6 in row 3, row 7; column 3, column 7: removes 6 from r9c3, 6 from r9c7",
        &[],
        &[(74, 6), (78, 6)],
    );
}

#[test]
fn hidden_pair() {
    pin(
        ".5...49..3..6....8..1.3...78......65....7....12......46...1.4..5....9..1..48...2.",
        2,
        Technique::HiddenPair,
        34,
        "hidden pair {6, 8} in box 1: r1c3, r3c2: removes 7 from r1c3, 4 from r3c2, 9 from r3c2",
        &[],
        &[(2, 7), (19, 4), (19, 9)],
    );
}

#[test]
fn naked_triple() {
    pin(
        "6...2...7.5...3.2...769.8...7....4..4.8.1.2.6..1....3...6.549...1.9...6.7...6...2",
        3,
        Technique::NakedTriple,
        36,
        "naked triple {1, 5, 8} in column 6: r1c6, r3c6, r9c6: removes 5 from r5c6, 5 from r6c6, 8 from r6c6, 8 from r8c6",
        &[],
        &[(41, 5), (50, 5), (50, 8), (68, 8)],
    );
}

#[test]
fn swordfish() {
    pin(
        "....8..9.89..1..4...17..2.....6.21..72.....86..59.8.....7..43...4..2..65.5..9....",
        5,
        Technique::Swordfish,
        38,
        "swordfish on 6 in row 3, row 6, row 7; column 1, column 2, column 5: removes 6 from r1c1, 6 from r9c1",
        &[],
        &[(0, 6), (72, 6)],
    );
}

#[test]
fn hidden_triple() {
    pin(
        "..27...4..5..2....847..5...7...1.....61...59.....9...2...6..381....7..5..1...36..",
        4,
        Technique::HiddenTriple,
        40,
        "hidden triple {1, 6, 7} in row 6: r6c6, r6c7, r6c8: removes 4 from r6c6, 8 from r6c6, 4 from r6c7, 8 from r6c7, 3 from r6c8",
        &[],
        &[(50, 4), (50, 8), (51, 4), (51, 8), (52, 3)],
    );
}

#[test]
fn turbot_fish() {
    pin(
        "3....6..7.6.1..43..95..48..2.3....9.....5.....8....7.3..89..37..31..2.4.9..4....1",
        1,
        Technique::TurbotFish,
        41,
        "turbot fish on 5: r2c9 - r2c6 - r1c4 - r8c4 (strong, weak, strong, ...): removes 5 from r8c9",
        &[],
        &[(71, 5)],
    );
}

#[test]
fn xy_wing() {
    pin(
        ".....5....3142.56..9..3..2.3...9..4..597.238..4..6...7.6..5..7..24.7683....2.....",
        5,
        Technique::XYWing,
        42,
        "XY-wing with pivot r1c8 {1, 9} and wings r1c5 {1, 8}, r2c9 {8, 9}: one of them is 8: removes 8 from r2c6",
        &[],
        &[(14, 8)],
    );
}

#[test]
fn xyz_wing() {
    pin(
        ".2..9438.9....8..74..71....85....7..1.9...6.2..2....58....45..66..1....3.9837..1.",
        6,
        Technique::XYZWing,
        44,
        "XYZ-wing with pivot r5c2 {3, 4, 7} and wings r6c1 {3, 7}, r8c2 {4, 7}: one of them is 7: removes 7 from r6c2",
        &[],
        &[(46, 7)],
    );
}

#[test]
fn unique_rectangle() {
    pin(
        ".9.....3....7.2...4.......8.283.914.1...2...6...1.5....62...45..5.....6.7.3...8.9",
        8,
        Technique::UniqueRectangle,
        45,
        "unique rectangle {8, 9} on r7c1, r7c4, r8c1, r8c4: removes 8 from r8c4, 9 from r8c4",
        &[],
        &[(66, 8), (66, 9)],
    );
}

#[test]
fn unique_rectangle_type_2() {
    pin(
        "..8.14.....97.........9..365......2.4.6...9.7.9......318..4.........91.....82.5..",
        33,
        Technique::UniqueRectangle2,
        45,
        "unique rectangle type 2 {3, 8} on r2c5, r2c6, r5c5, r5c6; r2c5 and r2c6 each hold one digit more, 6, so one of them is 6: removes 6 from r1c4, 6 from r2c1",
        &[],
        &[(3, 6), (9, 6)],
    );
}

#[test]
fn unique_rectangle_type_3_pair() {
    pin(
        "...395.....91.62..1.......8..15287..76.....85.4.....2....2.9...6...4...2.1.....3.",
        31,
        Technique::UniqueRectangle3,
        46,
        "unique rectangle type 3 {4, 6} on r4c8, r4c9, r7c8, r7c9; r7c8 and r7c9 hold the extras {1, 7}, one of them at least; with r8c8 they make a naked subset {1, 7} in box 9: removes 1 from r7c7",
        &[],
        &[(60, 1)],
    );
}

#[test]
fn unique_rectangle_type_3_triple() {
    pin(
        ".7..1..6..........1.2.4.3.7.5.....4.8..5.7..2..3...8..4...7...828.....36..9.6.1..",
        14,
        Technique::UniqueRectangle3,
        47,
        "unique rectangle type 3 {2, 8} on r1c4, r1c6, r9c4, r9c6; r1c4 and r1c6 hold the extras {3, 5, 9}, one of them at least; with r1c1, r1c9 they make a naked subset {3, 5, 9} in row 1: removes 5 from r1c3, 5 from r1c7",
        &[],
        &[(2, 5), (6, 5)],
    );
}

#[test]
fn unique_rectangle_type_4() {
    pin(
        "..........4.2.3.1.69.4.8.2356.8.4.92...3.6....28...46............21.97..13.....59",
        28,
        Technique::UniqueRectangle4,
        45,
        "unique rectangle type 4 {4, 9} on r5c1, r5c3, r7c1, r7c3; in row 7 the 9 lies only in r7c1 and r7c3: removes 4 from r7c1, 4 from r7c3",
        &[],
        &[(54, 4), (56, 4)],
    );
}

#[test]
fn naked_quad() {
    pin(
        "..4...3...7..8..6.2..4.9..1.3.1.2.4...2...7.....9.7.....8...4...61...85.9.......3",
        7,
        Technique::NakedQuad,
        50,
        "naked quad {3, 4, 5, 6} in column 5: r3c5, r4c5, r5c5, r6c5: removes 5 from r1c5, 6 from r1c5, 3 from r7c5, 5 from r7c5, 6 from r7c5, 3 from r8c5, 4 from r8c5, 4 from r9c5, 5 from r9c5, 6 from r9c5",
        &[],
        &[(4, 5), (4, 6), (58, 3), (58, 5), (58, 6), (67, 3), (67, 4), (76, 4), (76, 5), (76, 6)],
    );
}

#[test]
fn jellyfish() {
    pin(
        "..3..24...9.....1.8.2.1.3.54..2.5.....1.4.5.....3.1..81.6.5.2.4.2.....5...47..8..",
        17,
        Technique::Jellyfish,
        52,
        "jellyfish on 9 in row 3, row 5, row 7, row 9; column 1, column 4, column 6, column 8: removes 9 from r8c1, 9 from r4c8",
        &[],
        &[(63, 9), (34, 9)],
    );
}

#[test]
fn hidden_quad() {
    pin(
        ".1..2..9..76...24...4...1...3.4.2.7.....3.....42...81...75169...9.....6....8.3...",
        14,
        Technique::HiddenQuad,
        54,
        "hidden quad {2, 3, 4, 9} in column 1: r2c1, r3c1, r7c1, r9c1: removes 5 from r3c1, 1 from r9c1, 6 from r9c1",
        &[],
        &[(18, 5), (72, 1), (72, 6)],
    );
}

#[test]
fn three_strong_links() {
    pin(
        ".7.3..8....871....2.5.....3....9.48.8.......5.21.4....6.....7.4....749....7..6.1.",
        5,
        Technique::ThreeStrongLinks,
        54,
        "three strong links on 1: r8c1 - r1c1 - r1c9 - r4c9 - r4c6 - r7c6 (strong, weak, strong, ...): removes 1 from r7c2, 1 from r8c4",
        &[],
        &[(55, 1), (66, 1)],
    );
}

#[test]
fn grouped_three_strong_links() {
    pin(
        "..1...57....3.5.8.9....8..3.6.1.....2...8...9.....9.6.5..8....2.8.9.4....46...1..",
        22,
        Technique::ThreeStrongLinks,
        57,
        "grouped three strong links on 7: r2c5 - r2c3 - r7c3 - r9c1 - {r9c4, r9c6} - {r7c5, r8c5} (strong, weak, strong, ...): removes 7 from r3c5, 7 from r4c5, 7 from r6c5",
        &[],
        &[(22, 7), (31, 7), (49, 7)],
    );
}

#[test]
fn unique_loop() {
    pin(
        ".3.9.5...8.4.......9...4.23.8...1..5..24.98..1..6...4.94.2...3.......2.4...7.8.9.",
        34,
        Technique::UniqueLoop,
        50,
        "unique loop {6, 7} on r1c5, r3c5, r3c7, r2c7, r2c2, r5c2, r5c8, r4c8, r4c3, r1c3 (type 2): r3c7, r5c8, r1c3 hold one digit more, 1, so one of them is 1: removes 1 from r1c8",
        &[],
        &[(7, 1)],
    );
}

#[test]
fn wxyz_wing() {
    pin(
        "3....6..7.6.1..43..95..48..2.3....9.....5.....8....7.3..89..37..31..2.4.9..4....1",
        3,
        Technique::WXYZWing,
        56,
        "WXYZ-wing: r2c3 {2, 7} and the set r3c1, r3c8, r3c9 holding {1, 2, 6, 7}: removes 2 from r2c9",
        &[],
        &[(17, 2)],
    );
}

#[test]
fn bug() {
    pin(
        "7.3..5..1.8...7.5....38...493.6.41....6...2....17.3.466...78....5.9...7.3..2..5.8",
        27,
        Technique::Bug,
        56,
        "BUG+1: r3c2 is the one cell with three candidates: places r3c2=9",
        &[(19, 9)],
        &[],
    );
}

#[test]
fn bug_type2() {
    pin(
        ".....4.9..6...9.23......476.....85..8..3.7..2..39.....632......94.6...1..5.8.....",
        36,
        Technique::Bug2,
        57,
        "BUG type 2: r1c2, r2c4, r3c2, r4c1 each hold 1 beyond two candidates: removes 1 from r2c1",
        &[],
        &[(9, 1)],
    );
}

#[test]
fn bug_type4() {
    pin(
        ".8.1.4.6.6.93.7...3........2....5.8.9...7...2.7.6....4........6...5.31.7.3.9.6.5.",
        30,
        Technique::Bug4,
        57,
        "BUG type 4: r7c2 and r7c8 hold extras and share 9; in row 7 the 9 lies only in them: removes 2 from r7c2, 4 from r7c8",
        &[],
        &[(55, 2), (61, 4)],
    );
}

/// A puzzle of puzzles/17clue.txt (not SE-rated), with SE 1.2's ladder
/// (with the wings, other steps come first and the pattern never forms).
#[test]
fn bug_type3() {
    pin_with(
        Options::SE12,
        "..............1..2..3....45..........56.4....7.....12......8......63.7..24.......",
        47,
        Technique::Bug3,
        58,
        "BUG type 3: r1c2, r1c3, r1c7 hold the extras {8, 9}; with r1c5 they make a naked subset {8, 9} in row 1: removes 8 from r1c9",
        &[],
        &[(8, 8)],
    );
}

/// Top95's 85th puzzle (SE 7.2 by serate), with SE 1.2's ladder (no
/// wings): with them, an ALS wing makes the same removals first.
#[test]
fn aligned_pair_exclusion() {
    pin_with(
        Options::SE12,
        "....6...4..6.3....1..4..5.77.....8.5...8.....6.8....9...2.9....4....32....97..1..",
        35,
        Technique::AlignedPairExclusion,
        62,
        "aligned pair exclusion on r6c5 and r6c6: the bivalue cells r5c6, r6c2, r6c7, r6c9 see both, and no pair of digits for the two may empty one of them, nor repeat a digit: removes 1 from r6c5",
        &[],
        &[(49, 1)],
    );
}

#[test]
fn four_strong_links() {
    pin_with(
        Options::LATE_WINGS,
        ".592...7.1....39.4.2..4...8.9.4.7..2..2...5..3..9.2.4.5...2..8.2.18....5.8...521.",
        23,
        Technique::FourStrongLinks,
        61,
        "grouped four strong links on 6: {r4c1, r5c1} - r3c1 - r2c2 - r2c5 - r9c5 - r9c9 - r8c8 - r4c8 (strong, weak, strong, ...): removes 6 from r4c3",
        &[],
        &[(29, 6)],
    );
}

#[test]
fn vwxyz_wing() {
    pin(
        "3....6..7.6.1..43..95..48..2.3....9.....5.....8....7.3..89..37..31..2.4.9..4....1",
        4,
        Technique::VWXYZWing,
        63,
        "VWXYZ-wing: r2c9 {5, 9} and the set r1c2, r1c3, r1c7, r1c8 holding {1, 2, 4, 5, 9}: removes 2 from r1c4, 2 from r1c5",
        &[],
        &[(3, 2), (4, 2)],
    );
}

#[test]
fn uvwxyz_wing() {
    pin_with(
        Options::LATE_WINGS,
        "6...2...7.5...3.2...769.8...7....4..4.8.1.2.6..1....3...6.549...1.9...6.7...6...2",
        9,
        Technique::UVWXYZWing,
        66,
        "UVWXYZ-wing: r2c3 {4, 9} and the set r7c1, r7c2, r8c1, r8c3, r9c3 holding {2, 3, 4, 5, 8, 9}: removes 4 from r1c3, 9 from r1c3, 9 from r4c3, 3 from r9c2, 8 from r9c2",
        &[],
        &[(2, 4), (2, 9), (29, 9), (73, 3), (73, 8)],
    );
}

#[test]
fn x_cycle() {
    pin(
        ".592...7.1....39.4.2..4...8.9.4.7..2..2...5..3..9.2.4.5...2..8.2.18....5.8...521.",
        25,
        Technique::XCycle,
        66,
        "X-cycle: r2c2=6 → r3c1≠6 → r4c1=6 → r4c8≠6 → r8c8=6 → r9c9≠6 → r9c5=6 → r2c5≠6 → r2c2=6 (a loop: it holds one way round or the other): removes 6 from r1c5, 6 from r4c3, 6 from r4c7, 6 from r5c5",
        &[],
        &[(4, 6), (29, 6), (33, 6), (40, 6)],
    );
}

#[test]
fn y_cycle() {
    pin(
        ".69.1.85..........4.......75..9.1..2.8.4.3.6....7.8.....4...9....28.65..31.....46",
        32,
        Technique::YCycle,
        67,
        "Y-cycle: r1c9=4 → r1c6≠4 → r1c6=7 → r2c5≠7 → r2c5=9 → r2c9≠9 → r2c9=1 → r8c9≠1 → r8c9=3 → r1c9≠3 → r1c9=4 (a loop: it holds one way round or the other): removes 3 from r6c9",
        &[],
        &[(53, 3)],
    );
}

#[test]
fn bidirectional_cycle() {
    pin(
        "....8......26.78...7.....3.6.17.94.8....1......4.2.7...8.591.2..........91.....86",
        30,
        Technique::Cycle,
        70,
        "bidirectional cycle: r2c1=1 → r2c1≠3 → r6c1=3 → r6c9≠3 → r6c9=1 → r2c9≠1 → r2c1=1 (a loop: it holds one way round or the other): removes 1 from r1c9, 4 from r2c1, 5 from r2c1, 1 from r3c9",
        &[],
        &[(8, 1), (9, 4), (9, 5), (26, 1)],
    );
}

#[test]
fn forcing_chain() {
    pin(
        "..8.1.3...1.3.8.4..4..9..8....2.6.....5.7.9...7.....2...4...7....79.58..6...8...1",
        5,
        Technique::ForcingChain,
        71,
        "forcing chain: r5c2=8 → r5c2≠6 → r6c3=6 → r6c3≠1 → r6c4=1 → r6c4≠8 → r5c4=8 → r5c2≠8 (it cannot be): removes 8 from r5c2",
        &[],
        &[(37, 8)],
    );
}

#[test]
fn tuvwxyz_wing() {
    pin_with(
        Options::LATE_WINGS,
        "..7..8.....6.2.3...3......9.1..5..6.....1.....7.9....2........4.83..4...26....51.",
        14,
        Technique::TUVWXYZWing,
        75,
        "TUVWXYZ-wing: r1c5 {3, 9} and the set r2c6, r3c6, r4c6, r5c6, r6c6, r7c6 holding {1, 2, 3, 5, 6, 7, 9}: removes 3 from r6c5",
        &[],
        &[(49, 3)],
    );
}

#[test]
fn nishio() {
    pin(
        "..2....9.89...157..3..9...6.7..1......54.67......5..1.4...2..5..539...81.8....6..",
        4,
        Technique::Nishio,
        78,
        "Nishio forcing chain: r9c5=4 → r9c8≠4 → r3c8=4 → r2c9≠4 → r2c3=4 and r9c5=4 → r8c6≠4 → r8c7=4 → r4c7≠4 → r4c3=4 → r2c3≠4 (a contradiction): removes 4 from r9c5",
        &[],
        &[(76, 4)],
    );
}

#[test]
fn multiple_forcing_chain() {
    pin(
        "..2....9.89...157..3..9...6.7..1......54.67......5..1.4...2..5..539...81.8....6..",
        5,
        Technique::MultipleForcingChain,
        83,
        "multiple forcing chain: every place of 2 in row 4 implies it: r4c4=2 → r6c4≠2; r4c6=2 → r6c4≠2; r4c7=2 → r8c7≠2 → r8c7=4 → r8c6≠4 → r8c6=7 → r6c6≠7 → r6c4=7 → r6c4≠2: removes 2 from r6c4",
        &[],
        &[(48, 2)],
    );
}

#[test]
fn dynamic_forcing_chain() {
    pin(
        ".....39..5..8.6.1..6..4....4....7...37.....62...3....9....7..3..2.6.5..1..82.....",
        6,
        Technique::DynamicForcingChain,
        89,
        "dynamic forcing chain: r8c3=9 → r8c8≠9 → r9c8=9 → r9c8≠7 → r9c9=7 and r8c3=9 → r8c8≠9 → r9c8=9 → r9c8≠5 → r9c9=5 → r9c9≠7 (a contradiction): removes 9 from r8c3",
        &[],
        &[(65, 9)],
    );
}

/// [`pin`] for the nested chains, whose sentences run to hundreds of
/// links: the sentence's start and its effect are pinned.
fn pin_nested(
    puzzle: &str,
    index: usize,
    technique: Technique,
    rating: u32,
    start: &str,
    eliminations: &[(usize, u8)],
) {
    let path = solve_path(&puzzle.parse().unwrap(), Options::default(), index + 1);
    let step = &path.steps[index];
    let sentence = step.sentence(9);
    assert_eq!(step.technique, technique, "{sentence}");
    assert_eq!(step.rating, rating, "{sentence}");
    assert!(sentence.starts_with(start), "{sentence}");
    assert!(step.placements.is_empty(), "{sentence}");
    assert_eq!(step.eliminations, eliminations, "{sentence}");
}

/// Inkala's "world's hardest" (2012), SE 10.7/10.7/9.7 by Sukaku
/// Explainer's serate: its first step is SE's ED, a dynamic forcing chain
/// (+) whose chain uses a locked candidate found on the reduced grid.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn dynamic_forcing_chain_plus() {
    pin_nested(
        INKALA,
        0,
        Technique::DynamicForcingChainPlus,
        97,
        "dynamic forcing chain (+): r1c4=3 → r1c4≠7 → r7c5≠7 → r7c5=2 → r8c5≠2 → r8c5=6",
        &[(3, 3)],
    );
}

#[test]
fn nested_forcing_chain() {
    pin_nested(
        INKALA,
        13,
        Technique::NestedForcingChain,
        104,
        "dynamic forcing chain (+ forcing chains): r9c5=3 → r4c5≠3 → r3c4≠3 → r3c4=4",
        &[(76, 3)],
    );
}

/// The fifth puzzle of the forum's hardest 1106 list
/// (puzzles/field/forum-hardest-1106.txt).
#[test]
fn nested_multiple_forcing_chain() {
    pin_nested(
        "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
        5,
        Technique::NestedMultipleForcingChain,
        110,
        "dynamic forcing chain (+ multiple forcing chains): every place of 1 in row 9 implies it",
        &[(44, 7)],
    );
}
