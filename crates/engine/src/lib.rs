//! # sudoku-engine
//!
//! The one measuring pipeline of sudoku-lab: every command that times or
//! counts a strategy runs it here. A puzzle goes attempt ([`attempt`]: timed,
//! panics caught, every solution verified) → cross-check ([`cross_check`]:
//! verdicts must agree) → a typed record ([`results::Line`]), and the records
//! stream into a [`Sink`] (a report's tally, a results file, a view). The
//! [`runner`] orders the rounds ([`protocol`]) over puzzle [`sets`] under a
//! [`config::RunConfig`]; [`interval`] gives every figure its 95% interval;
//! [`machine`] and [`settings`] say where and how a run happened.
//!
//! The engine names no strategy (it takes `&dyn Solver`s and reads their
//! `Info`) and draws nothing: tables, charts and pages are `sudoku-reports`'s,
//! the command line is `sudoku-harness`'s.

// Every message to standard error goes through `stderr::write`, which
// never panics: this shadows std's macro in every module below. See the
// `stderr` module.
macro_rules! eprintln {
    () => {
        $crate::stderr::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub mod stderr;

pub mod attempt;
pub mod budget;
pub mod config;
pub mod cross_check;
pub mod follow_up;
pub mod format;
pub mod input;
pub mod interval;
pub mod jobs;
pub mod machine;
pub mod output;
pub mod passes;
pub mod pin;
pub mod problem;
pub mod progress;
pub mod protocol;
pub mod results;
pub mod runner;
pub mod sets;
pub mod settings;
pub mod sink;
pub mod status;
pub mod strategy_info;
pub mod units;

pub use config::RunConfig;
pub use follow_up::{FollowUp, Solved, Traced};
pub use problem::{Problem, ProblemKind};
pub use sets::{natural_cmp, PuzzleSet};
pub use sink::Sink;
pub use status::Status;
pub use strategy_info::StrategyInfo;
