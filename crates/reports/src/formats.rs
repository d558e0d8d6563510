//! The ways a report prints on standard output, in one list: every value of
//! `compare --format` and `merge --format` is an entry of [`REPORT_FORMATS`],
//! and the command line offers exactly these names with their help. A new
//! format is a new entry here and nothing else.

use crate::export::{json_line, Csv, Exporter, Json};
use crate::report::Report;
use crate::table::{self, Flavor, Layout};

/// One `--format` value of the commands that print a [`Report`].
#[derive(Debug)]
pub struct ReportFormat {
    /// The value the command line takes.
    pub name: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
    /// The text carries the run's notes (the tables print them under the
    /// table); for a format that doesn't, the command prints them on standard
    /// error so that nothing is lost and standard output stays parseable.
    pub carries_notes: bool,
    render: fn(&Report, bool) -> String,
}

impl ReportFormat {
    /// The report in this format; `wide` asks a table for every column
    /// instead of the compact table that fits the terminal.
    pub fn render(&self, report: &Report, wide: bool) -> String {
        (self.render)(report, wide)
    }
}

/// Every format, the default first.
pub const REPORT_FORMATS: &[ReportFormat] = &[
    ReportFormat {
        name: "table",
        help: "One text table per set, fitted to the terminal (--wide for every column)",
        carries_notes: true,
        render: |report, wide| table::render_with(report, Flavor::Terminal, Layout::detect(wide)),
    },
    ReportFormat {
        name: "md",
        help: "Markdown tables, every column",
        carries_notes: true,
        render: |report, _| table::render(report, Flavor::Markdown),
    },
    ReportFormat {
        name: "json",
        help: "The whole report as JSON (schema in reports/README.md)",
        carries_notes: false,
        render: |report, _| Json.export(report),
    },
    ReportFormat {
        name: "csv",
        help: "One CSV record per set x strategy, with a header line",
        carries_notes: false,
        render: |report, _| Csv.export(report),
    },
    ReportFormat {
        name: "jsonl",
        help: "One JSON object per set x strategy, one a line (jq, pandas' read_json(lines=True))",
        carries_notes: false,
        render: |report, _| {
            let lines = report.results.iter().map(|record| json_line(record) + "\n");
            lines.collect()
        },
    },
];

/// The format called `name`.
pub fn report_format(name: &str) -> Option<&'static ReportFormat> {
    REPORT_FORMATS.iter().find(|format| format.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for (i, format) in REPORT_FORMATS.iter().enumerate() {
            assert!(
                REPORT_FORMATS[..i].iter().all(|f| f.name != format.name),
                "{} listed twice",
                format.name
            );
            assert_eq!(
                report_format(format.name).map(|f| f.name),
                Some(format.name)
            );
        }
        assert!(report_format("nonsense").is_none());
    }

    #[test]
    fn jsonl_is_the_csv_records_one_json_object_a_line() {
        let mut report = Report::default();
        for strategy in ["a", "b"] {
            report.results.push(crate::report::ResultRecord {
                strategy: strategy.to_string(),
                ..Default::default()
            });
        }
        let text = report_format("jsonl").unwrap().render(&report, false);
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["strategy"], "b");
    }
}
