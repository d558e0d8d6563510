//! What a run met that the tables alone would not say: a [`Problem`] and its
//! [`ProblemKind`], which decides the exit status.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of problem a run met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// A set could not be opened or read (exit status 2).
    Unreadable,
    /// A set held no puzzle (exit status 2).
    Empty,
    /// A line did not parse: counted invalid, not a failure.
    ParseError,
    /// A reported solution failed verification (exit status 1).
    WrongSolution,
    /// A unique solution differs from the file's, or `none` was said of a
    /// puzzle whose file gives a solution (exit status 1).
    ExpectedMismatch,
    /// A strategy broke the solver contract (exit status 1).
    Protocol,
    /// A solve panicked (exit status 1).
    Crashed,
    /// Strategies gave different verdicts for a puzzle (exit status 1).
    Disagreement,
    /// Repeats of the same solve gave different counts (exit status 1).
    Nondeterministic,
    /// `merge`: two lines of one (puzzle, strategy) say different things
    /// (exit status 1).
    ConflictingLines,
}

impl ProblemKind {
    /// The exit status this problem calls for.
    pub fn status(self) -> crate::status::Status {
        use crate::status::Status;
        match self {
            ProblemKind::Unreadable | ProblemKind::Empty => Status::Usage,
            ProblemKind::ParseError => Status::Ok,
            _ => Status::Failed,
        }
    }
}

/// Something a run met that the tables alone would not say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    pub kind: ProblemKind,
    pub set: String,
    /// 1-based line in the set's file, when the problem is about one puzzle.
    pub line: Option<usize>,
    /// The strategies concerned (for a disagreement: the ones counted wrong).
    pub strategies: Vec<String>,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.kind {
            ProblemKind::ParseError => "invalid input",
            ProblemKind::Disagreement => "error: DISAGREEMENT",
            _ => "error",
        };
        match self.line {
            Some(line) => write!(f, "{prefix}: {}:{line}: {}", self.set, self.message),
            None => write!(f, "{prefix}: {}: {}", self.set, self.message),
        }
    }
}
