//! Branch points per puzzle: the search states where bitboard guessed,
//! counted from the trace, to set beside tdoku's guesses (tdoku counts one
//! per two-way branch; `guesses` counts one per option tried).
//!
//! A branch point places its first option after its own propagation and each
//! later option right after undoing the one before, at the same depth; so a
//! guess whose previous event is not an undo at its depth opens a branch
//! point.
//!
//! `cargo run --release -p sudoku-bitboard --example branchpoints -- puzzles/field/*.txt`
use sudoku_core::{Event, Limits, Reason, Solver, Trace};

#[derive(Default)]
struct BranchPoints {
    count: u64,
    /// The depth of the undo just seen, if the last event was one.
    undone_at: Option<u32>,
}

impl Trace for BranchPoints {
    fn event(&mut self, event: Event) {
        let undone_at = self.undone_at.take();
        match event {
            Event::Place { depth, reason, .. } if is_guess(reason) && undone_at != Some(depth) => {
                self.count += 1;
            }
            Event::Undo { depth, .. } => self.undone_at = Some(depth),
            _ => {}
        }
    }
}

fn is_guess(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Guess { .. } | Reason::GuessPlace { .. } | Reason::Decision
    )
}

fn main() {
    for path in std::env::args().skip(1) {
        let puzzles = sudoku_testkit::read_puzzles(std::path::Path::new(&path), 2000);
        let (mut points, mut nodes) = (0, 0);
        for puzzle in &puzzles {
            let mut trace = BranchPoints::default();
            let outcome =
                sudoku_bitboard::Bitboard.solve_traced(puzzle, &Limits::default(), &mut trace);
            points += trace.count;
            nodes += outcome.stats.nodes;
        }
        let n = puzzles.len() as f64;
        println!(
            "{path}: {:.1} branch points, {:.1} nodes per puzzle ({} puzzles)",
            points as f64 / n,
            nodes as f64 / n,
            puzzles.len()
        );
    }
}
