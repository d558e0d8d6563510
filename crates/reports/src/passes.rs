//! The passes section of a report's tables (`compare --protocol passes` and
//! `both`): see `sudoku_engine::passes` for how the figures are made.

use crate::report::Report;
use sudoku_engine::config::Protocol;
use sudoku_engine::passes::{PassesRecord, CLOCK, DIFFER};

/// The passes section of a report's tables: per set, each strategy's
/// passes figure, its interval and spread, and under `--protocol both` the
/// rounds' mean beside it, against the fastest pass, flagged where the two differ by more than
/// [`DIFFER`]. `None` when the run made no passes.
pub fn section(report: &Report, as_markdown: bool) -> Option<String> {
    if report.passes.is_empty() {
        return None;
    }
    let md = as_markdown;
    let both = report.machine.protocol == Protocol::Both.as_str();
    let mut out = String::new();
    let title = format!(
        "Passes: each strategy alone in its own process ({} processes each, alternating; a \
         warm-up pass, then {} whole-set passes in file order, timed by {CLOCK}); µs per puzzle",
        report.machine.processes.unwrap_or(0),
        report.machine.passes.unwrap_or(0)
    );
    out.push_str(&if md {
        format!("\n### {title}\n")
    } else {
        format!("\n{title}\n")
    });
    let mut flagged = 0;
    for set in &report.sets {
        let rows: Vec<&PassesRecord> = report.passes.iter().filter(|r| r.set == set.name).collect();
        if rows.is_empty() {
            continue;
        }
        let mut header = vec![
            "strategy",
            "puzzles",
            "passes µs",
            "95% interval",
            "processes",
            "spread",
            "best",
        ];
        if both {
            header.extend(["rounds µs", "rounds/best", ""]);
        }
        let mut table: Vec<Vec<String>> = Vec::new();
        for r in rows {
            let mut row = vec![
                r.strategy.clone(),
                r.puzzles.to_string(),
                format!("{:.3}", r.median_us),
                format!("[{:.3}, {:.3}]", r.interval.0[0], r.interval.0[1]),
                format!("{:.3}–{:.3}", r.spread[0], r.spread[1]),
                format!("{:.0}%", 100.0 * r.spread_share()),
                format!("{:.3}", r.best_us),
            ];
            if both {
                match report.row(&r.set, &r.strategy).and_then(|x| x.mean_us) {
                    Some(mean) => {
                        // Both are best-of figures: a puzzle's fastest round, the
                        // fastest pass.
                        let ratio = mean / r.best_us;
                        let flag = (ratio - 1.0).abs() > DIFFER;
                        flagged += usize::from(flag);
                        row.push(format!("{mean:.3}"));
                        row.push(format!("{ratio:.3}"));
                        row.push(if flag {
                            "!! differ".into()
                        } else {
                            String::new()
                        });
                    }
                    None => row.extend(["n/a".into(), "n/a".into(), String::new()]),
                }
            }
            table.push(row);
        }
        out.push_str(&if md {
            format!("\n#### {}\n\n{}", set.name, markdown(&header, &table))
        } else {
            format!("\n{}\n{}", set.name, plain(&header, &table))
        });
    }
    let floor = report
        .passes
        .iter()
        .filter(|r| r.floor)
        .map(|r| format!("{:.3} µs on {}", r.median_us, r.set))
        .collect::<Vec<_>>();
    let mut notes = vec![
        "passes µs: the median of every pass of every process; 95% interval: processes, then \
         passes within them, resampled; processes: the lowest and highest process median \
         (spread: their distance as a share of the median); best: the fastest pass"
            .to_string(),
    ];
    if both {
        notes.push(format!(
            "rounds µs: the rounds protocol's mean per puzzle (the table above; each puzzle at \
             its fastest round); rounds/best: against the fastest pass, as a solver's own \
             benchmark reports it; !! differ: the two protocols differ by more than {:.0}% \
             ({flagged} row(s))",
            100.0 * DIFFER
        ));
    }
    if !floor.is_empty() {
        notes.push(format!(
            "the harness's floor (null row) per call: {}",
            floor.join(", ")
        ));
    }
    for note in notes {
        out.push_str(&if md {
            format!("\n- {note}")
        } else {
            format!("\n{note}")
        });
    }
    out.push('\n');
    Some(out)
}

fn markdown(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n", header.join(" | "));
    out.push_str(&format!(
        "|{}\n",
        header
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 { "---|" } else { "---:|" })
            .collect::<String>()
    ));
    for r in rows {
        out.push_str(&format!("| {} |\n", r.join(" | ")));
    }
    out
}

fn plain(header: &[&str], rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let text: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths[i] - c.chars().count();
                if i == 0 {
                    format!("{c}{}", " ".repeat(pad))
                } else {
                    format!("{}{c}", " ".repeat(pad))
                }
            })
            .collect();
        format!("  {}\n", text.join("  ").trim_end())
    };
    let mut out = line(header.to_vec());
    for r in rows {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    out
}
