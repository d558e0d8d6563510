//! The machine-readable formats, one writer each, for any records that
//! serialize: every command's `--format json` and `--format csv` and the
//! report directory's `results.json` / `results.csv` come from here.
//! (`--format table` and `md` are [`table`](crate::table)'s, the page
//! [`html`](crate::html)'s.)

use crate::report::Report;
use serde::Serialize;
use sudoku_engine::interval::as_csv_cells;

/// One output format of a report.
pub trait Exporter {
    /// The file of a report directory that holds it.
    fn file(&self) -> &'static str;
    /// The report in this format.
    fn export(&self, report: &Report) -> String;
}

/// `results.json`: the whole report, pretty-printed.
pub struct Json;

/// `results.csv`: the report's `results` records with a header line.
pub struct Csv;

impl Exporter for Json {
    fn file(&self) -> &'static str {
        "results.json"
    }
    fn export(&self, report: &Report) -> String {
        json(report)
    }
}

impl Exporter for Csv {
    fn file(&self) -> &'static str {
        "results.csv"
    }
    fn export(&self, report: &Report) -> String {
        as_csv_cells(|| csv(&report.results))
    }
}

/// `value` as pretty JSON, ending in a newline.
pub fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("records serialize") + "\n"
}

/// `value` as one line of JSON (JSON lines), without the newline.
pub fn json_line<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("records serialize")
}

/// `records` as CSV with a header line; with no record, the header of a
/// default one.
pub fn csv<T: Serialize + Default>(records: &[T]) -> String {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    if records.is_empty() {
        // serde writes the header with the first record; write it for none.
        writer.serialize(T::default()).expect("a record serializes");
        let text = String::from_utf8(writer.into_inner().expect("in memory")).expect("utf-8");
        return text.lines().next().unwrap_or_default().to_string() + "\n";
    }
    for record in records {
        writer.serialize(record).expect("a record serializes");
    }
    String::from_utf8(writer.into_inner().expect("in memory")).expect("utf-8")
}

/// The CSV of one record, without a header (a stream of records).
pub fn csv_row<T: Serialize>(record: &T) -> String {
    let mut writer = ::csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    writer.serialize(record).expect("a record serializes");
    String::from_utf8(writer.into_inner().expect("in memory")).expect("utf-8")
}

/// The header of `T`'s CSV.
pub fn csv_header<T: Serialize + Default>() -> String {
    csv::<T>(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::ResultRecord;

    #[test]
    fn an_empty_report_still_has_its_csv_header() {
        let text = Csv.export(&Report::default());
        assert!(text.starts_with("set,strategy,"), "{text}");
        assert_eq!(text.lines().count(), 1);
        assert_eq!(text, as_csv_cells(csv_header::<ResultRecord>));
    }

    #[test]
    fn json_ends_in_a_newline_and_reads_back() {
        let text = Json.export(&Report::default());
        assert!(text.ends_with("}\n"));
        let back: Report = serde_json::from_str(&text).unwrap();
        assert!(back.results.is_empty() && back.sets.is_empty());
    }
}
