//! # sudoku-reports
//!
//! What a run's records become: the aggregators ([`tally`], which makes a
//! report from results lines, with [`summary`]'s figures and [`study`]'s
//! rating correlations) and the views (terminal and Markdown [`table`]s, JSON and
//! CSV ([`export`]); [`formats`] lists every `--format` a report prints in), the
//! SVG [`chart`]s, one file each, drawn with [`draw`] on one [`palette`], the [`html`] page, and
//! [`report_files`] for `--report DIR`), and the guide's drawn figures
//! ([`growth`], [`rule_cost`], [`exact_cover`]; the harness's
//! `guide_charts` example draws them). The report's types ([`report`]) are
//! this crate's; the results lines and the measuring are `sudoku-engine`'s; nothing here names a strategy.

pub mod bars;
pub mod cactus;
pub mod cells;
pub mod chart;
pub mod draw;
pub mod estimate;
pub mod exact_cover;
pub mod export;
pub mod formats;
pub mod growth;
pub mod html;
pub mod ladder;
pub mod ladder_chart;
pub mod markup;
pub mod notes;
pub mod palette;
pub mod passes;
pub mod profile;
pub mod rating;
pub mod rating_chart;
pub mod report;
pub mod report_files;
pub mod rule_cost;
pub mod scaling;
pub mod study;
pub mod summary;
pub mod table;
pub mod tally;

pub use report::{Report, ResultRecord, SetInfo, StudyRecord};
pub use tally::{compare, compare_streaming, Tally};
