//! What one step of the solver did, and the techniques it can name.

use crate::board::{cell_name, Board};
use sudoku_core::digit_symbol;

/// A technique, in Sudoku Explainer's order of difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a unit.
    LastValue,
    HiddenSingle,
    /// Pointing that leaves a hidden single in another box, placed without
    /// the pointing's eliminations (SE's "direct" form).
    DirectPointing,
    /// Claiming that leaves a hidden single in another line, placed alone.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single in its unit, placed alone.
    DirectHiddenPair,
    NakedSingle,
    /// A hidden triple that leaves a hidden single in its unit, placed alone.
    DirectHiddenTriple,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    /// Two strong links on one digit joined by a weak one.
    TurbotFish,
    XYWing,
    XYZWing,
    UniqueRectangle,
    /// Two roof cells with the same one extra digit.
    UniqueRectangle2,
    /// Two roof cells whose extra digits make a naked subset in a unit they share.
    UniqueRectangle3,
    /// Two roof cells sharing a unit where one digit of the pair is locked.
    UniqueRectangle4,
    /// A loop of six or more cells holding the same two digits, each unit
    /// it crosses holding two of its cells (types 1, 2 and 4).
    UniqueLoop,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    ThreeStrongLinks,
    /// A bivalue cell and an almost locked set of 3 cells (4 digits).
    WXYZWing,
    Bug,
    /// BUG cells whose extra candidates are all one digit.
    Bug2,
    /// BUG cells whose extras form a naked subset with cells of a unit.
    Bug3,
    /// Two BUG cells in a unit sharing one digit besides their extras.
    Bug4,
    FourStrongLinks,
    /// Two cells whose digit pairs would empty a bivalue cell seeing both.
    AlignedPairExclusion,
    /// The same with an almost locked set of 4 cells.
    VWXYZWing,
    UVWXYZWing,
    /// A loop of one digit's strong and weak links in units.
    XCycle,
    /// A loop through bivalue cells, weak links between them in units.
    YCycle,
    /// X-chain: one digit, strong links in units, weak links between peers.
    ForcingXChain,
    /// A loop using both kinds of links.
    Cycle,
    /// Chains through both cells and units.
    ForcingChain,
    TUVWXYZWing,
    /// Assume a digit, follow one digit's singles to a contradiction.
    Nishio,
    /// Every digit of a cell, or every place of a digit in a unit, leads to the same
    /// conclusion (static implications).
    MultipleForcingChain,
    /// Chains that remove candidates as they go (dynamic implications).
    DynamicForcingChain,
    /// Dynamic chains that also use locked candidates, pairs and X-wings on
    /// the way (SE's "Dynamic Forcing Chains (+)").
    DynamicForcingChainPlus,
    /// Dynamic chains that also use forcing chains on the way.
    NestedForcingChain,
    /// Dynamic chains that also use multiple forcing chains on the way.
    NestedMultipleForcingChain,
    /// Dynamic chains that also use dynamic forcing chains on the way.
    NestedDynamicForcingChain,
}

impl Technique {
    /// SE's base rating, in tenths: the rating of the technique's easiest
    /// case. Some add to it: chains the length rule, hidden singles in a
    /// line 0.3, the wings by the cells' sizes (see each finder).
    pub const fn base(self) -> Tenths {
        use Technique::*;
        match self {
            LastValue => 10,
            HiddenSingle => 12,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            TurbotFish => 40,
            XYWing => 42,
            XYZWing => 44,
            UniqueRectangle | UniqueRectangle2 | UniqueRectangle4 => 45,
            UniqueRectangle3 => 46,
            UniqueLoop => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            ThreeStrongLinks => 54,
            WXYZWing => 55,
            Bug => 56,
            Bug2 | Bug4 => 57,
            Bug3 => 58,
            FourStrongLinks => 58,
            AlignedPairExclusion => 62,
            VWXYZWing => 62,
            XCycle | YCycle => 65,
            UVWXYZWing => 66,
            ForcingXChain => 66,
            Cycle | ForcingChain => 70,
            TUVWXYZWing => 75,
            Nishio => 75,
            MultipleForcingChain => 80,
            DynamicForcingChain => 85,
            DynamicForcingChainPlus => 90,
            NestedForcingChain => 95,
            NestedMultipleForcingChain => 100,
            NestedDynamicForcingChain => 105,
        }
    }

    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            LastValue => "last value",
            HiddenSingle => "hidden single",
            DirectPointing => "direct pointing",
            DirectClaiming => "direct claiming",
            DirectHiddenPair => "direct hidden pair",
            NakedSingle => "naked single",
            DirectHiddenTriple => "direct hidden triple",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            XWing => "X-wing",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            Swordfish => "swordfish",
            HiddenTriple => "hidden triple",
            TurbotFish => "turbot fish",
            ThreeStrongLinks => "three strong links",
            FourStrongLinks => "four strong links",
            AlignedPairExclusion => "aligned pair exclusion",
            XYWing => "XY-wing",
            XYZWing => "XYZ-wing",
            UniqueRectangle => "unique rectangle",
            UniqueRectangle2 => "unique rectangle type 2",
            UniqueRectangle3 => "unique rectangle type 3",
            UniqueRectangle4 => "unique rectangle type 4",
            UniqueLoop => "unique loop",
            NakedQuad => "naked quad",
            Jellyfish => "jellyfish",
            HiddenQuad => "hidden quad",
            WXYZWing => "WXYZ-wing",
            Bug => "BUG+1",
            Bug2 => "BUG type 2",
            Bug3 => "BUG type 3",
            Bug4 => "BUG type 4",
            VWXYZWing => "VWXYZ-wing",
            UVWXYZWing => "UVWXYZ-wing",
            XCycle => "X-cycle",
            YCycle => "Y-cycle",
            ForcingXChain => "forcing X-chain",
            Cycle => "bidirectional cycle",
            ForcingChain => "forcing chain",
            TUVWXYZWing => "TUVWXYZ-wing",
            Nishio => "Nishio forcing chain",
            MultipleForcingChain => "multiple forcing chain",
            DynamicForcingChain => "dynamic forcing chain",
            DynamicForcingChainPlus => "dynamic forcing chain (+)",
            NestedForcingChain => "dynamic forcing chain (+ forcing chains)",
            NestedMultipleForcingChain => "dynamic forcing chain (+ multiple forcing chains)",
            NestedDynamicForcingChain => "dynamic forcing chain (+ dynamic forcing chains)",
        }
    }
}

/// A rating in tenths of Sudoku Explainer's scale: 72 is SE 7.2.
pub type Tenths = u32;

/// `7.2` for 72.
pub fn format_rating(tenths: Tenths) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// One step of the solving path.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub technique: Technique,
    /// Its rating on SE's scale, in tenths.
    pub rating: Tenths,
    /// `(cell, digit)` written.
    pub placements: Vec<(usize, u8)>,
    /// `(cell, digit)` removed.
    pub eliminations: Vec<(usize, u8)>,
    /// The cells the technique looked at (for highlighting).
    pub cells: Vec<usize>,
    /// What it found, in words (without the effect, which [`Step::sentence`] adds).
    pub finding: String,
}

impl Step {
    pub(crate) fn new(technique: Technique, rating: Tenths, finding: String) -> Step {
        Step {
            technique,
            rating,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            finding,
        }
    }
    /// A step that places one digit: `(cell, digit)`, found by looking at
    /// `cells`.
    pub(crate) fn placing(
        technique: Technique,
        rating: Tenths,
        finding: String,
        placement: (usize, u8),
        cells: Vec<usize>,
    ) -> Step {
        Step {
            placements: vec![placement],
            cells,
            ..Step::new(technique, rating, finding)
        }
    }
    /// Whether the step changes the board.
    pub fn is_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
    /// The finding and its effect: "X-wing on 4 in rows 2 and 7, columns 3
    /// and 8: removes 4 from r5c3".
    pub fn sentence(&self, n: usize) -> String {
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            let list: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, d)| format!("{}={}", cell_name(n, c), digit_symbol(d)))
                .collect();
            parts.push(format!("places {}", list.join(", ")));
        }
        if !self.eliminations.is_empty() {
            let list: Vec<String> = self
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{} from {}", digit_symbol(d), cell_name(n, c)))
                .collect();
            parts.push(format!("removes {}", list.join(", ")));
        }
        format!("{}: {}", self.finding, parts.join("; "))
    }
    /// Applies the step; `false` when it cannot (a placement on a cell that
    /// lost the digit: the position was already impossible).
    pub fn apply(&self, board: &mut Board) -> bool {
        for &(c, d) in &self.eliminations {
            board.remove(c, d);
        }
        for &(c, d) in &self.placements {
            if board.value(c) != 0 || !board.has(c, d) {
                return false;
            }
            board.place(c, d);
        }
        true
    }
}
