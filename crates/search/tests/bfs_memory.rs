//! BFS on an empty 9x9 grid, counting every solution: its frontier grows
//! with every level (9, 72, 504, ... states) and would need far more than
//! any memory holds. With a 64 MB budget it must stop with the memory-budget
//! verdict, having held at most 64 MB, and the process must stay far below
//! 1 GB. Alone in its own test binary, so the process peak is this test's.

use sudoku_core::{Grid, Limits, Shape, Solver, Stop, Verdict};
use sudoku_search::{state_bytes, Bfs};

const MB: u64 = 1 << 20;

#[test]
fn bfs_on_an_empty_grid_stops_at_the_memory_budget() {
    let limits = Limits {
        memory_budget: Some(64 * MB),
        ..Limits::count_all()
    };
    let outcome = Bfs.solve(&Grid::empty(Shape::CLASSIC), &limits);
    assert_eq!(outcome.stop, Stop::MemoryBudget);
    assert_eq!(outcome.verdict(), Verdict::Unknown(Stop::MemoryBudget));
    assert_eq!(
        outcome.count, 0,
        "no solution is shallow enough to be reached"
    );
    let stats = outcome.stats;
    assert!(stats.peak_bytes <= 64 * MB, "{stats:?}");
    // The frontier really used the budget: more than half of it in states.
    assert!(
        stats.peak_states * state_bytes(Shape::CLASSIC) as u64 > 32 * MB,
        "{stats:?}"
    );
    assert!(
        stats.peak_states * state_bytes(Shape::CLASSIC) as u64 <= stats.peak_bytes,
        "{stats:?}"
    );
    if let Some(peak) = process_peak_bytes() {
        assert!(peak < 256 * MB, "the process peaked at {} MB", peak / MB);
    }
}

/// The process's peak resident memory (`VmHWM`), where Linux reports it.
fn process_peak_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
