//! What makes the lines of results files comparable: the settings of a run.
//!
//! A results file opens with one settings record (`{"settings": {...}}`):
//! the sets (name, puzzles read at most, and a hash of the file's bytes), the
//! strategies, the budgets, the protocol (rounds, seed) and the binary (its
//! hash and the commit it was built from). Lines measured under other
//! settings are not the same experiment: `compare --resume` refuses to
//! append to a file of other settings, naming what differs, and `sudoku-lab
//! merge` refuses to merge files of different settings unless
//! `--allow-mixed` (and the report then says, row by row, what was mixed).
//! The shard (`--shard K/N`) is not a setting: shards of one run differ only
//! in it, and merge into one run; the header records it beside the settings.
//!
//! Every record carries the fingerprint of the settings it was measured
//! under ([`Settings::fingerprint`]), its shard and a hash of its puzzle, so
//! a record appended under another run's header (another budget, protocol,
//! `--jobs` or `--pin`), a record of another shard, or a record whose
//! puzzle text was altered is refused record by record, not only header by
//! header ([`super::results::check`]).

use super::config::RunConfig;
use super::format::or_none;
use super::machine::fnv1a;
use super::sets::PuzzleSet;
use serde::{Deserialize, Serialize};

/// One set as a run read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetStamp {
    pub name: String,
    /// FNV-1a 64 of the file's bytes, hex (null when it could not be read).
    pub hash: Option<String>,
}

/// The settings of a run (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub sets: Vec<SetStamp>,
    /// `--limit-puzzles`, or null for all.
    pub limit_puzzles: Option<usize>,
    /// `--shape`, when given.
    pub shape: Option<String>,
    pub strategies: Vec<String>,
    pub time_budget_ms: Option<f64>,
    pub node_budget: Option<u64>,
    pub memory_budget_bytes: Option<u64>,
    pub max_solutions: u64,
    pub rounds: usize,
    pub seed: u64,
    /// FNV-1a 64 of the binary that measured, hex.
    pub binary_hash: Option<String>,
    /// The commit that binary was built from (`machine.build_commit`), or
    /// null (not built in a git checkout, or a file written before this
    /// field).
    #[serde(default)]
    pub build_commit: Option<String>,
    /// Worker threads (`--jobs`): above 1 the timings are disturbed, so the
    /// report says so, merged or not. Null in files written before.
    #[serde(default)]
    pub jobs: Option<usize>,
    /// Whether `--pin` was asked for. Null in files written before.
    #[serde(default)]
    pub pin: Option<bool>,
    /// How the run was timed (`--protocol`: `rounds`, `passes`, `both`);
    /// files written before this field were `rounds`. Never mixed: `merge`
    /// refuses files of different protocols even with `--allow-mixed`.
    #[serde(default = "rounds")]
    pub protocol: String,
    /// The rounds' order (`--order`: `file`, `shuffled`) and block
    /// (`--block`); null in files written before these fields (whose rounds
    /// were shuffled, in blocks of 8).
    #[serde(default)]
    pub order: Option<String>,
    #[serde(default)]
    pub block: Option<usize>,
    /// The follow-up measurement of each puzzle (`rate`, `estimate`), in
    /// words; absent for runs without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_up: Option<String>,
}

fn rounds() -> String {
    "rounds".to_string()
}

/// The first record of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub settings: Settings,
    /// `--shard K/N` of the run that wrote the file, when sharded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

impl Settings {
    /// The settings of a run of `strategies` over `sets` by `config`.
    pub fn of(strategies: &[String], sets: &[PuzzleSet], config: &RunConfig) -> Settings {
        let machine = config.machine();
        Settings {
            sets: sets
                .iter()
                .map(|s| SetStamp {
                    name: s.name.clone(),
                    hash: std::fs::read(&s.path)
                        .ok()
                        .map(|b| format!("{:016x}", fnv1a(&b))),
                })
                .collect(),
            limit_puzzles: config.limit_puzzles,
            shape: config.read.shape.map(|s| s.to_string()),
            strategies: strategies.to_vec(),
            time_budget_ms: machine.time_budget_ms,
            node_budget: machine.node_budget,
            memory_budget_bytes: machine.memory_budget_bytes,
            max_solutions: machine.max_solutions,
            rounds: machine.rounds,
            seed: machine.seed,
            binary_hash: machine.binary_hash,
            build_commit: machine.build_commit,
            jobs: Some(config.jobs),
            pin: None,
            protocol: machine.protocol,
            order: Some(config.order.as_str().to_string()),
            block: Some(machine.block),
            follow_up: config.follow_up.as_ref().map(|f| f.describe()),
        }
    }

    /// FNV-1a 64 of the settings as written (hex): every setting, present
    /// and future (a field added here is in the fingerprint without more
    /// code), so a record stamped with it belongs to these settings only.
    pub fn fingerprint(&self) -> String {
        let json = serde_json::to_vec(self).expect("settings serialize");
        format!("{:016x}", fnv1a(&json))
    }

    /// What differs between two settings, one phrase each (empty when none).
    pub fn differences(&self, other: &Settings) -> Vec<String> {
        let mut out = Vec::new();
        let mut differ = |what: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{what}: {a} against {b}"));
            }
        };
        let sets = |s: &Settings| {
            s.sets
                .iter()
                .map(|x| format!("{} ({})", x.name, x.hash.as_deref().unwrap_or("unread")))
                .collect::<Vec<_>>()
                .join(", ")
        };
        differ("sets", sets(self), sets(other));
        differ(
            "--limit-puzzles",
            or_none(&self.limit_puzzles),
            or_none(&other.limit_puzzles),
        );
        differ("--shape", or_none(&self.shape), or_none(&other.shape));
        differ(
            "strategies",
            self.strategies.join(","),
            other.strategies.join(","),
        );
        differ(
            "time budget (ms)",
            or_none(&self.time_budget_ms),
            or_none(&other.time_budget_ms),
        );
        differ(
            "node budget",
            or_none(&self.node_budget),
            or_none(&other.node_budget),
        );
        differ(
            "memory budget (bytes)",
            or_none(&self.memory_budget_bytes),
            or_none(&other.memory_budget_bytes),
        );
        differ(
            "solutions looked for",
            self.max_solutions.to_string(),
            other.max_solutions.to_string(),
        );
        differ(
            "--rounds",
            self.rounds.to_string(),
            other.rounds.to_string(),
        );
        differ("--seed", self.seed.to_string(), other.seed.to_string());
        differ("--protocol", self.protocol.clone(), other.protocol.clone());
        differ("--order", or_none(&self.order), or_none(&other.order));
        differ("--block", or_none(&self.block), or_none(&other.block));
        differ(
            "measurement",
            or_none(&self.follow_up),
            or_none(&other.follow_up),
        );
        differ(
            "binary",
            or_none(&self.binary_hash),
            or_none(&other.binary_hash),
        );
        differ("--jobs", or_none(&self.jobs), or_none(&other.jobs));
        let pin = |p: Option<bool>| match p {
            Some(true) => "pinned".to_string(),
            Some(false) => "not pinned".to_string(),
            None => "not recorded".to_string(),
        };
        differ("--pin", pin(self.pin), pin(other.pin));
        differ(
            "built from commit",
            or_none(&self.build_commit),
            or_none(&other.build_commit),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_each_setting() {
        let a = Settings::of(&["a".into()], &[], &RunConfig::default());
        assert!(a.differences(&a).is_empty());
        let b = Settings {
            node_budget: Some(5),
            strategies: vec!["b".into()],
            ..a.clone()
        };
        let said = a.differences(&b);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said[0].starts_with("strategies: a against b"), "{said:?}");
        assert!(
            said[1].starts_with("node budget: none against 5"),
            "{said:?}"
        );
        let c = Settings {
            build_commit: Some("abc1234".into()),
            ..a.clone()
        };
        let said = c.differences(&Settings {
            build_commit: Some("def5678".into()),
            ..a.clone()
        });
        assert_eq!(said, ["built from commit: abc1234 against def5678"]);
    }

    /// A results file written before `build_commit` still opens.
    #[test]
    fn an_old_settings_record_still_parses() {
        let new = Header {
            settings: Settings::of(&["a".into()], &[], &RunConfig::default()),
            shard: None,
        };
        let mut old = serde_json::to_value(&new).unwrap();
        old["settings"]
            .as_object_mut()
            .unwrap()
            .remove("build_commit")
            .expect("written now");
        let old: Header = serde_json::from_value(old).unwrap();
        assert_eq!(old.settings.build_commit, None);
        assert_eq!(
            old.settings.differences(&new.settings).len(),
            usize::from(new.settings.build_commit.is_some())
        );
    }
}
