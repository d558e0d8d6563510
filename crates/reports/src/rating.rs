//! `rate`'s records and views: what the rater found about each puzzle
//! ([`Rating`], the run's follow-up record), the printed record of a puzzle
//! ([`Rated`], built from a results line and its rating), its views (one
//! line, JSON lines, CSV, a table) and the agreement with the ratings a file
//! gives ([`Agreement`]). Ratings are numbers on Sudoku Explainer's scale
//! (one decimal) from end to end: they are formatted only when printed.

use crate::export::{csv_row, json_line};
use serde::{Deserialize, Serialize};
use sudoku_engine::results::{Line, Said};

/// What the human solver made of a unique puzzle: the follow-up record of a
/// `rate` run (a results line's `follow_up`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// ER (the hardest step), EP (the hardest up to the first placement),
    /// ED (the first step); none when logic did not finish the puzzle.
    pub er: Option<f64>,
    pub ep: Option<f64>,
    pub ed: Option<f64>,
    /// The technique of the hardest step.
    pub hardest: Option<String>,
    pub steps: usize,
    /// A budget stopped the path before its end.
    pub stopped: bool,
    /// The time of the rating, µs.
    pub micros: u64,
    /// The path, one rated sentence per step (`rate --steps`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
    /// The first step that contradicts the solution, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsound: Option<String>,
}

/// One puzzle's rating, as printed (`--format json` writes it as it is).
#[derive(Serialize, Clone, Debug, Default)]
pub struct Rated {
    pub source: String,
    pub line: usize,
    pub puzzle: String,
    /// The box shape (`3x2`), which a line of 36 symbols alone does not say.
    pub shape: String,
    /// unique, multiple, none, invalid, stopped (a budget stopped the
    /// path), budget hit (it stopped the uniqueness check), crashed.
    pub verdict: String,
    pub er: Option<String>,
    pub ep: Option<String>,
    pub ed: Option<String>,
    pub hardest: Option<String>,
    pub steps: usize,
    /// The rating the file gives, if any.
    pub known: Option<f64>,
    pub micros: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
}

/// A rating as printed: one decimal.
fn shown(rating: Option<f64>) -> Option<String> {
    rating.map(|r| format!("{r:.1}"))
}

/// A results line of a `rate` run and its rating record, read back typed.
#[derive(Clone, Debug)]
pub struct RatedLine {
    pub line: Line,
    pub rating: Option<Rating>,
}

impl RatedLine {
    /// `line` with its follow-up record read as a [`Rating`].
    pub fn of(line: &Line) -> Result<RatedLine, String> {
        let rating = match &line.follow_up {
            Some(value) => Some(
                serde_json::from_value(value.clone())
                    .map_err(|e| format!("{}:{}: not a rating record: {e}", line.set, line.line))?,
            ),
            None => None,
        };
        Ok(RatedLine {
            line: line.clone(),
            rating,
        })
    }

    /// The puzzle has one solution and the path finished: it has a rating.
    pub fn rated(&self) -> bool {
        self.rating.as_ref().is_some_and(|r| r.er.is_some())
    }

    /// The puzzle did not parse.
    pub fn invalid_input(&self) -> bool {
        self.line.parse_error
    }

    /// Everything went as it should: one solution, a sound path, run to its
    /// end or to where logic ran out (no budget stopped it).
    pub fn ok(&self) -> bool {
        self.line.verdict == Said::Unique
            && !self.line.wrong
            && self
                .rating
                .as_ref()
                .is_some_and(|r| !r.stopped && r.unsound.is_none())
    }

    /// The printed record.
    pub fn rated_record(&self) -> Rated {
        let l = &self.line;
        let r = self.rating.clone().unwrap_or_default();
        let verdict = match (l.verdict, &self.rating) {
            (Said::Unique, Some(r)) if r.stopped => "stopped",
            (said, _) => said.word(),
        };
        Rated {
            source: l.set.clone(),
            line: l.line,
            puzzle: l.puzzle.clone(),
            shape: l
                .shape
                .map(|s| format!("{}x{}", s.box_rows, s.box_cols))
                .unwrap_or_default(),
            verdict: verdict.to_string(),
            er: shown(r.er),
            ep: shown(r.ep),
            ed: shown(r.ed),
            hardest: r.hardest,
            steps: r.steps,
            known: l.rating,
            micros: r.micros,
            path: r.path,
        }
    }
}

/// The CSV header of `rate --format csv`.
pub const CSV_HEADER: &str = "source,line,puzzle,verdict,er,ep,ed,hardest,steps,known,micros\n";

/// One puzzle in a view that streams (all but the table).
pub fn line_text(r: &RatedLine) -> String {
    let rec = r.rated_record();
    if r.invalid_input() {
        return "- invalid\n".into();
    }
    let dash = |x: &Option<String>| x.clone().unwrap_or_else(|| "-".into());
    let what = match (&rec.er, r.line.verdict) {
        (Some(_), _) => dash(&rec.hardest),
        (None, Said::Unique) if !r.rating.as_ref().is_some_and(|x| x.stopped) => {
            "not finished by logic".into()
        }
        (None, _) => rec.verdict.clone(),
    };
    let mut text = format!(
        "{} {} {} {} {what}\n",
        rec.puzzle,
        dash(&rec.er),
        dash(&rec.ep),
        dash(&rec.ed)
    );
    for step in rec.path.iter().flatten() {
        text.push_str(&format!("  {step}\n"));
    }
    text
}

/// One puzzle as a JSON line.
pub fn json_text(r: &RatedLine) -> String {
    json_line(&r.rated_record()) + "\n"
}

/// One puzzle as a CSV row under [`CSV_HEADER`].
pub fn csv_text(r: &RatedLine) -> String {
    let x = r.rated_record();
    csv_row(&(
        &x.source, x.line, &x.puzzle, &x.verdict, &x.er, &x.ep, &x.ed, &x.hardest, x.steps,
        x.known, x.micros,
    ))
}

/// Every puzzle in a Markdown table, with the path under each when `steps`.
pub fn table(all: &[RatedLine], steps: bool) -> String {
    let mut builder = tabled::builder::Builder::default();
    builder.push_record([
        "line", "puzzle", "ER", "EP", "ED", "hardest", "steps", "known", "ms",
    ]);
    for r in all {
        let x = r.rated_record();
        let dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
        builder.push_record([
            x.line.to_string(),
            x.puzzle.clone(),
            dash(&x.er),
            dash(&x.ep),
            dash(&x.ed),
            if x.er.is_some() {
                dash(&x.hardest)
            } else {
                x.verdict.clone()
            },
            x.steps.to_string(),
            x.known.map_or("-".into(), |k| format!("{k:.1}")),
            format!("{:.1}", x.micros as f64 / 1000.0),
        ]);
        if steps {
            for step in x.path.iter().flatten() {
                let mut row = vec![String::new(); 9];
                row[1] = format!("  {step}");
                builder.push_record(row);
            }
        }
    }
    let mut table = builder.build();
    table.with(tabled::settings::Style::markdown());
    table.to_string()
}

/// How our ratings agree with the ones a file gives.
#[derive(Clone, Debug, Default)]
pub struct Agreement {
    /// (known, ours) for every puzzle we rated that had a known rating.
    pairs: Vec<(f64, f64)>,
    /// Puzzles with a known rating that we did not rate.
    unrated: usize,
}

impl Agreement {
    /// Counts one puzzle.
    pub fn add(&mut self, r: &RatedLine) {
        let Some(known) = r.line.rating else {
            return;
        };
        match r.rating.as_ref().and_then(|x| x.er) {
            Some(ours) => self.pairs.push((known, ours)),
            None => self.unrated += 1,
        }
    }

    /// The agreement in one paragraph; none when no puzzle had a known rating.
    pub fn sentence(&self) -> Option<String> {
        let (pairs, unrated) = (&self.pairs, self.unrated);
        if pairs.is_empty() && unrated == 0 {
            return None;
        }
        let (known, ours): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
        let rho = crate::study::spearman(&known, &ours).map_or("n/a".into(), |r| format!("{r:.3}"));
        Some(format!(
            "agreement with the known ratings: {} puzzles rated ({} with a known rating not finished by logic or stopped); Spearman {rho}; within 0.3: {:.1}%; equal: {:.1}%",
            pairs.len(),
            unrated,
            100.0 * sudoku_core::stats::share_within(&known, &ours, 0.3),
            100.0 * sudoku_core::stats::share_within(&known, &ours, 0.0)
        ))
    }
}
