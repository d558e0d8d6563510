//! `estimate`'s records and view: what the random probes of one puzzle
//! gave ([`Probes`], the run's follow-up record), the printed record
//! ([`Estimated`], for `--format json` and `csv` through
//! [`export`](crate::export)), and the sentence of `--format text`.

use serde::{Deserialize, Serialize};
use sudoku_engine::budget::BEYOND_DOUBLES;
use sudoku_engine::results::Line;

/// Knuth's estimate of one puzzle's whole tree: the follow-up record of an
/// `estimate` run (a results line's `follow_up`).
/// A figure past a double's range (an empty 25x25's tree) is written
/// `null` and read back as infinite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Probes {
    pub probes: u64,
    /// The mean of the probes' node estimates, and one probe's standard
    /// deviation.
    #[serde(with = "beyond_doubles")]
    pub nodes: f64,
    #[serde(with = "beyond_doubles")]
    pub nodes_sd: f64,
    /// The same for mems.
    #[serde(with = "beyond_doubles")]
    pub mems: f64,
    #[serde(with = "beyond_doubles")]
    pub mems_sd: f64,
}

/// JSON has no infinity: a figure that is none is `null`, read back as
/// infinite (see [`sci`]).
mod beyond_doubles {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        if x.is_finite() {
            s.serialize_f64(*x)
        } else {
            s.serialize_none()
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::INFINITY))
    }
}

/// Why a puzzle has no estimate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoEstimate {
    /// The line did not parse.
    Unreadable(String),
    /// The givens break a rule: there is no search to probe.
    InvalidGivens,
}

/// One puzzle's estimate, as `--format json` and `csv` write it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Estimated {
    /// The input it came from, and its line there.
    pub source: String,
    pub line: usize,
    pub strategy: String,
    /// The estimated nodes of the whole tree (every solution), its standard
    /// error and one probe's standard deviation; absent for invalid givens.
    pub nodes: Option<f64>,
    pub nodes_se: Option<f64>,
    pub nodes_sd: Option<f64>,
    /// The same for mems.
    pub mems: Option<f64>,
    pub mems_se: Option<f64>,
    pub probes: u64,
    pub seed: u64,
    /// Why there is no estimate (an unreadable line, invalid givens).
    pub error: Option<String>,
    #[serde(skip)]
    pub missing: Option<NoEstimate>,
}

impl Estimated {
    /// The record of a results line of an `estimate` run of `probes` probes
    /// from `seed`.
    pub fn of(line: &Line, probes: u64, seed: u64) -> Estimated {
        let mut record = Estimated {
            source: line.set.clone(),
            line: line.line,
            strategy: line.strategy.clone(),
            probes,
            seed,
            ..Estimated::default()
        };
        let found = line
            .follow_up
            .as_ref()
            .and_then(|v| serde_json::from_value::<Probes>(v.clone()).ok());
        let missing = match found {
            _ if line.parse_error => Some(NoEstimate::Unreadable(
                line.problems
                    .first()
                    .map_or_else(|| "unreadable".into(), |p| p.message.clone()),
            )),
            None => Some(NoEstimate::InvalidGivens),
            Some(e) => {
                let se = |sd: f64| sd / (e.probes as f64).sqrt();
                record.nodes = Some(e.nodes);
                record.nodes_se = Some(se(e.nodes_sd));
                record.nodes_sd = Some(e.nodes_sd);
                record.mems = Some(e.mems);
                record.mems_se = Some(se(e.mems_sd));
                record.probes = e.probes;
                None
            }
        };
        record.error = missing.as_ref().map(|m| match m {
            NoEstimate::Unreadable(why) => why.clone(),
            NoEstimate::InvalidGivens => "invalid givens: no search".into(),
        });
        record.missing = missing;
        record
    }

    /// The sentence of `--format text`, with its newline.
    pub fn text(&self) -> String {
        match (&self.missing, self.nodes, self.mems) {
            (Some(NoEstimate::InvalidGivens), _, _) => "- invalid givens: no search\n".into(),
            (Some(_), _, _) | (None, None, _) | (None, _, None) => "- invalid\n".into(),
            (None, Some(nodes), Some(mems)) => {
                // Past a double's range (an empty 25x25) a mean is no number
                // and its spread none either: "more than 10^308", no ±.
                let spread = |mean: f64, text: String| {
                    if mean.is_finite() {
                        text
                    } else {
                        String::new()
                    }
                };
                let se = |x: Option<f64>| sci(x.unwrap_or_default());
                format!(
                    "{}: whole tree (every solution) about {} nodes{}, {} mems{}; {} probes, seed {}\n",
                    self.strategy,
                    sci(nodes),
                    spread(
                        nodes,
                        format!(
                            " (± {} standard error; one probe's sd {})",
                            se(self.nodes_se),
                            se(self.nodes_sd)
                        )
                    ),
                    sci(mems),
                    spread(mems, format!(" (± {})", se(self.mems_se))),
                    self.probes,
                    self.seed
                )
            }
        }
    }
}

/// `3.1e13`, or the integer below a million.
pub fn sci(x: f64) -> String {
    if !x.is_finite() {
        BEYOND_DOUBLES.to_string()
    } else if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}
