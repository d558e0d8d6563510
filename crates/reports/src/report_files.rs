//! `--report DIR`: the files of a comparison report (index.html, report.md,
//! results.json, results.csv and the SVG charts), written from the
//! [`Report`] by the table, chart and HTML writers below it.

use super::export::{Csv, Exporter, Json};
use super::table::{self, Flavor};
use crate::report::Report;
use std::path::Path;
use sudoku_engine::Problem;

/// Problems listed in report.md at most; results.json has them all.
const MD_PROBLEMS: usize = 200;

/// `report.md`: machine, tables, charts and problems.
pub fn markdown(report: &Report, charts: &[String]) -> String {
    let m = &report.machine;
    let mut md = String::from("# sudoku-lab comparison\n\n");
    if let Some(command) = &m.command {
        // A code span ends at a backtick and a heading starts after a
        // newline: a set named with either must not reshape the page.
        let command = command.replace(['\n', '\r'], " ").replace('`', "'");
        md.push_str(&format!("Made by `{command}`"));
        if m.build_commit.is_some() || m.git_commit.is_some() {
            // The binary's commit first; the checkout the run started in
            // when it is another.
            let words = m.commit_words(|h| format!("`{h}`"));
            if words.starts_with('`') {
                md.push_str(&format!(" (built from {words})"));
            } else {
                md.push_str(&format!(" ({words})"));
            }
        }
        md.push_str(&format!(" on {}.\n\n", m.date));
    }
    md.push_str("## Machine\n\n| | |\n|---|---|\n");
    let rows = m.rows();
    for (k, v) in rows {
        md.push_str(&format!("| {k} | {} |\n", table::md_escape(&v)));
    }
    md.push_str("\n## Results\n\n");
    md.push_str(&table::render(report, Flavor::Markdown));
    if !charts.is_empty() {
        md.push_str("\n## Charts\n\n");
        for chart in charts {
            md.push_str(&format!("![{chart}]({chart})\n\n"));
        }
    }
    let listed: Vec<&Problem> = report.problems.iter().take(MD_PROBLEMS).collect();
    if !listed.is_empty() {
        md.push_str("\n## Problems\n\n");
        for p in &listed {
            md.push_str(&format!("- {}\n", table::md_escape(&p.to_string())));
        }
        if report.problems.len() > listed.len() {
            md.push_str(&format!(
                "- ... and {} more in results.json\n",
                report.problems.len() - listed.len()
            ));
        }
    }
    md.push_str("\nThe fields and units are described in `reports/README.md`.\n");
    md
}

/// `--report DIR`: writes index.html (a self-contained page), report.md,
/// results.json, results.csv and the SVG charts; returns the file names written.
pub fn write_dir(report: &Report, dir: &Path) -> Result<Vec<String>, String> {
    sudoku_engine::output::report_dir(dir)?;
    let charts = super::chart::write_charts(report, dir)?;
    let write = |name: &str, text: &str| {
        sudoku_engine::output::write_atomic(&dir.join(name), text.as_bytes())
            .map_err(|e| format!("{name}: {e}"))
    };
    for exporter in [&Json as &dyn Exporter, &Csv] {
        write(exporter.file(), &exporter.export(report))?;
    }
    write("report.md", &markdown(report, &charts))?;
    let inlined = charts
        .iter()
        .map(|name| {
            std::fs::read_to_string(dir.join(name))
                .map(|svg| (name.clone(), svg))
                .map_err(|e| format!("{name}: {e}"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    write("index.html", &super::html::index(report, &inlined))?;
    let mut files = vec![
        "index.html".to_string(),
        "report.md".to_string(),
        "results.json".into(),
        "results.csv".into(),
    ];
    files.extend(charts);
    Ok(files)
}
