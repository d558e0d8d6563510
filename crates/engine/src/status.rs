//! The exit status every command reports.

/// Exit status, ordered from best to worst; a run reports the worst it met.
///
/// | code | meaning |
/// |---|---|
/// | 0 | every puzzle got a definite verdict (unique, multiple or none) |
/// | 1 | some puzzle was invalid, hit a budget, or failed verification |
/// | 2 | usage or I/O error (unknown option or strategy, unreadable file) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    Failed = 1,
    Usage = 2,
    /// Stopped by SIGINT or SIGTERM (what finished was reported).
    Interrupted = 130,
}
