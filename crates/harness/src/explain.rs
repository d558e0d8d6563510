//! `sudoku-lab explain`: every strategy on one puzzle, side by side, and a few
//! sentences that say what the figures show.
//!
//! Each strategy looks for up to 2 solutions (so the verdict is proven) under
//! the usual budgets. The counts are deterministic; the time is the median of
//! a few rounds. The engine measures, as for `compare`: every strategy's
//! attempt is timed, panics caught, its solutions verified, the rounds
//! interleaved, the verdicts cross-checked ([`sudoku_engine::runner`] on a
//! one-puzzle set). The sentences are computed from the measured figures
//! ([`sentences`]): which strategy visited the fewest nodes, in orders of
//! magnitude against the baseline's; which held the most states at once;
//! which guessed least and how many of its digits were forced moves; which
//! was the fastest, against the slowest and the baseline, each named as what
//! it is. A sentence whose strategies are absent or hit a budget is left out.
//!
//! The text fits the terminal, or 80 columns when its width cannot be known
//! (a page, a slide): a compact table ([`COMPACT`]: verdict, nodes, mems,
//! guesses, peak states and memory, time; optional columns dropped in the order of
//! [`DROPPED_FIRST`] where it is still too wide), sentences wrapped, and a
//! puzzle whose line would not fit shown as a grid. `--wide` shows every
//! column ([`HEADERS`]).

use crate::args::{BudgetArgs, ReadArgs};
use crate::format::{format_bytes, format_time, thousands};
use crate::human::{human_path, human_text};
use crate::inputs::first_puzzle;
use crate::{registry, Status};
use clap::Args;
use std::io::Write;
use std::time::Duration;
use sudoku_core::{Grid, Info, Limits, Outcome, Solver, Stats, Stop, Verdict};
use sudoku_engine::interval::{rounds_ratio_interval, Standing};
use sudoku_engine::results::{Line, LineStats, Said, StopReason};
use sudoku_engine::{runner, PuzzleSet, RunConfig};
use sudoku_reports::notes::wrap_text;
use sudoku_reports::table::{fitted, text_table, Flavor, Layout, NARROW_WIDTH};

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  sudoku-lab explain ..3..4.221......
  sudoku-lab explain puzzles/hardest.txt
  sudoku-lab explain --strategies naive,mrv,dlx puzzles/classic.txt
  sudoku-lab explain --report out/ --strategies naive,mrv,norvig puzzles/classic.txt")]
pub struct ExplainArgs {
    /// The puzzle: written out, a file (its first puzzle is used), or `-` for standard input
    #[arg(value_name = "PUZZLE_OR_FILE")]
    pub input: String,

    /// Strategies to run, comma-separated (see `sudoku-lab list`) [default: all]
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    pub strategies: Vec<String>,

    /// Explain how a person would solve it instead: the human solver's path in
    /// words, step by step, with each step's rating on Sudoku Explainer's scale
    /// (the same path as a page with each technique's cells highlighted:
    /// `trace --human --format html`)
    #[arg(long, conflicts_with_all = ["strategies", "wide", "format"])]
    pub human: bool,

    /// Also write a self-contained report to this directory: `explain.html`
    /// (the table, the sentences and each strategy's per-depth profile: nodes
    /// entered at each level of its tree) and `profile-<strategy>.svg`
    #[arg(long, value_name = "DIR")]
    pub report: Option<std::path::PathBuf>,

    /// Rounds: each strategy solves once for the figures (counting mems), then the plain
    /// solves are timed round after round, the strategies interleaved; a time is the median
    /// of its rounds, and a ratio's 95% interval comes from the paired rounds (6 at least)
    #[arg(long, default_value_t = EXPLAIN_ROUNDS as u16, value_name = "R", value_parser = clap::value_parser!(u16).range(1..))]
    pub rounds: u16,

    /// Every column in the table (backtracks and max depth too); by
    /// default a compact table that fits the terminal, or 80 columns
    #[arg(long)]
    pub wide: bool,

    /// What standard output shows: the table and its sentences, or each
    /// strategy's record as JSON (the records `compare --results` writes:
    /// verdict, counts, every round's time) [default: text]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<ExplainFormat>,

    #[command(flatten)]
    pub budgets: BudgetArgs,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// `explain --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    /// The table, the sentences made from it and the notes
    Text,
    /// A JSON array: one results record per strategy, in the table's order
    Json,
}

/// `explain --human`: the solving path in words and the puzzle's rating.
fn explain_human(name: &str, puzzle: &sudoku_core::Grid, budgets: &BudgetArgs) -> Status {
    let (path, error) = match human_path(name, puzzle, budgets) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let mut status = crate::output::print(&human_text(puzzle, &path));
    if let Some(error) = error {
        eprintln!("error: {name}: {error}");
        status = status.max(Status::Failed);
    }
    status
}

/// Events a profile replays at most: the profile of a longer search is
/// that of its first steps, and the report says so.
pub const PROFILE_STEPS: u64 = 1_000_000;

/// A trace that feeds the first [`PROFILE_STEPS`] events to the replay model
/// and counts the rest.
struct Profiler {
    replay: sudoku_replay::Replay,
    seen: u64,
}

impl sudoku_core::Trace for Profiler {
    fn event(&mut self, event: sudoku_core::Event) {
        self.seen += 1;
        if self.seen <= PROFILE_STEPS {
            self.replay.apply(&event);
        }
    }
}

/// The per-depth profile of one strategy's search of `puzzle` (the
/// replay model's tree): nodes entered at each level, and the events of the
/// search not replayed.
pub fn profile(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> (Vec<u64>, u64) {
    let mut profiler = Profiler {
        replay: sudoku_replay::Replay::new(puzzle),
        seen: 0,
    };
    solver.solve_traced(puzzle, limits, &mut profiler);
    (
        profiler.replay.profile().to_vec(),
        profiler.seen.saturating_sub(PROFILE_STEPS),
    )
}

/// Writes `explain.html` and one `profile-<id>.svg` per strategy that
/// reports its steps.
fn write_report(
    dir: &std::path::Path,
    puzzle: &Grid,
    limits: &Limits,
    solvers: &[&'static dyn Solver],
    text: &str,
) -> std::io::Result<()> {
    use sudoku_reports::markup::html_escape;
    std::fs::create_dir_all(dir)?;
    let mut body = String::new();
    for solver in solvers {
        if !solver.info().reports.nodes || solver.supports(puzzle.shape()).is_err() {
            continue;
        }
        let (counts, cut) = profile(*solver, puzzle, limits);
        let title = if cut > 0 {
            format!(
                "{}: nodes per level (first {} steps of the search)",
                solver.id(),
                thousands(PROFILE_STEPS)
            )
        } else {
            format!("{}: nodes entered per level of the tree", solver.id())
        };
        let svg = sudoku_reports::profile::svg(&counts, &title);
        let file = format!("profile-{}.svg", solver.id().replace([':', '/'], "-"));
        std::fs::write(dir.join(&file), &svg)?;
        body.push_str(&format!(
            "<h2>{}</h2>\n<p>{} nodes on {} levels; widest level: {}.</p>\n{svg}\n",
            html_escape(solver.id()),
            thousands(counts.iter().sum()),
            counts.len(),
            counts
                .iter()
                .enumerate()
                .max_by_key(|&(_, c)| *c)
                .map_or(0, |(l, _)| l)
        ));
    }
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>explain {0}</title>\
         <style>body {{ font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; }} pre {{ font-size: 13px; }}</style></head>\
         <body><h1>explain {0}</h1><pre>{1}</pre>\
         <p>Each profile counts the nodes (states entered: the root, and one per option the branching rule took) at each level of the tree (guesses on the path); digits a rule forced are placements inside a node. It shows where a tree is widest and how each rule cuts it.</p>\n{2}</body></html>\n",
        html_escape(&puzzle.to_line()),
        html_escape(text),
        body
    );
    std::fs::write(dir.join("explain.html"), page)
}

/// One strategy's figures on the puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// What the strategy is (its id, family, what it prunes by).
    pub info: &'static Info,
    pub verdict: Verdict,
    pub stats: Stats,
    /// The median of `runs` rounds (the engine's results line's time).
    pub time: Duration,
    pub runs: u32,
    /// Each plain round's time with its round number (the rounds the
    /// standing's intervals pair, `ratio_interval`).
    pub rounds: Vec<(usize, Duration)>,
    /// Why the strategy declined the puzzle's shape, if it did.
    pub unsupported: Option<String>,
}

impl Measured {
    pub fn id(&self) -> &'static str {
        self.info.id
    }
    /// The figures mean what they say: the search finished (no budget hit,
    /// shape supported, givens valid).
    fn complete(&self) -> bool {
        !matches!(self.verdict, Verdict::Unknown(_) | Verdict::Invalid)
    }
    /// Its counts can be compared.
    fn counted(&self) -> bool {
        self.info.reports.nodes && self.complete()
    }
}

/// Rounds `explain` times by default: enough for a 95% interval of a
/// ratio from the rounds alone (`ratio_interval` needs 6 pairs at least;
/// 9 give the interval between the 2nd and 8th of the sorted ratios).
pub const EXPLAIN_ROUNDS: usize = 9;

/// them), and each plain round's time with its round number.
pub type Measure = (Outcome, Vec<(usize, Duration)>);

/// The verdict column: `unique`, `none`, `multiple`, `invalid`, or what stopped it.
pub fn verdict_cell(verdict: Verdict) -> String {
    match verdict {
        Verdict::Unknown(Stop::Unsupported) => "unsupported shape".to_string(),
        Verdict::Unknown(stop) => format!("unknown ({stop})"),
        Verdict::Found => "found".to_string(),
        v => v.as_str().to_string(),
    }
}

/// The table's columns (`--wide` shows them all; a two-word header takes
/// two lines).
pub const HEADERS: [&str; 10] = [
    "strategy",
    "verdict",
    "nodes",
    "mems",
    "guesses",
    "backtracks",
    "max\ndepth",
    "peak\nstates",
    "peak\nmemory",
    "time",
];

/// The compact table's columns, indices into [`HEADERS`]: what the
/// sentences under it and the lessons speak of.
pub const COMPACT: [usize; 8] = [0, 1, 2, 3, 4, 7, 8, 9];

/// The compact columns left out, in this order, where the table is still
/// wider than the terminal (long ids, a budget named in the verdict, big
/// counts).
pub const DROPPED_FIRST: [usize; 4] = [7, 8, 3, 4];

/// A strategy's cells for [`HEADERS`]. Counts are exact (with thousands
/// separators); "n/a" where a strategy reports none (mems: where it does
/// not count them).
fn cells(m: &Measured) -> Vec<String> {
    let searched =
        m.verdict != Verdict::Unknown(Stop::Unsupported) && m.verdict != Verdict::Invalid;
    // n/a where the strategy does not measure a statistic (or did not search).
    let [nodes, _, guesses, backtracks, max_depth, peak_states, peak_bytes] = m
        .stats
        .reported(&m.info.reports)
        .map(|(_, value)| value.filter(|_| m.verdict != Verdict::Invalid));
    let count = |n: Option<u64>| n.map_or_else(|| "n/a".to_string(), thousands);
    vec![
        m.id().to_string(),
        verdict_cell(m.verdict),
        count(nodes),
        count(
            m.stats
                .mems
                .filter(|_| m.info.reports.mems && m.verdict != Verdict::Invalid),
        ),
        count(guesses),
        count(backtracks),
        count(max_depth),
        count(peak_states),
        match peak_bytes.filter(|_| searched) {
            Some(bytes) => format_bytes(bytes),
            None => "n/a".into(),
        },
        if searched {
            format_time(m.time)
        } else {
            "n/a".into()
        },
    ]
}

/// The table: a row per strategy, in registry order. Every column with
/// `layout.wide`; else the compact ones ([`COMPACT`]) that fit
/// `layout.width`, with the names of those it had to leave out.
pub fn table(rows: &[Measured], layout: Layout) -> (String, Vec<String>) {
    let cells: Vec<Vec<String>> = rows.iter().map(cells).collect();
    if layout.wide {
        return (text_table(&HEADERS, cells, Flavor::Terminal, 2), Vec::new());
    }
    fitted(&HEADERS, &cells, &COMPACT, &DROPPED_FIRST, layout.width, 2)
}

/// How many times fewer, in words a reader weighs: `12% fewer nodes` (under
/// twice as few, where "1.1 times fewer" would say little), `3.2 times fewer
/// nodes`, `18 times fewer nodes (an order of magnitude)`, `4 orders of
/// magnitude fewer nodes (37,614 times fewer)`.
fn fewer(ratio: f64, what: &str) -> String {
    if ratio < 2.0 {
        return format!("{} fewer {what}", share_less(ratio));
    }
    let orders = ratio.log10().floor() as u32;
    match orders {
        0 => format!("{} times fewer {what}", times(ratio)),
        1 => format!(
            "{} times fewer {what} (an order of magnitude)",
            times(ratio)
        ),
        k => format!(
            "{k} orders of magnitude fewer {what} ({} times fewer)",
            times(ratio)
        ),
    }
}

/// `95%` of a whole, rounded down above 99% so that 99.96% does not read
/// as 100%.
fn percent(part: u64, whole: u64) -> String {
    let p = 100.0 * part as f64 / whole.max(1) as f64;
    if p >= 99.0 && part < whole {
        format!("{:.1}%", (p * 10.0).floor() / 10.0)
    } else {
        format!("{p:.0}%")
    }
}

/// How much less `1 / ratio` is than 1, as a percentage that never rounds
/// to 0% or 100%: `12%`, `under 1%`.
fn share_less(ratio: f64) -> String {
    let p = 100.0 * (1.0 - 1.0 / ratio);
    if p < 1.0 {
        "under 1%".to_string()
    } else {
        format!("{:.0}%", p.min(99.0))
    }
}

/// How much faster a time `ratio` times shorter is: `2.5 times faster`,
/// `180 times faster`, and under twice as fast `30% faster` (a speed 1.3
/// times as high), where "1.3 times faster" is easily misread.
fn faster(ratio: f64) -> String {
    if ratio < 1.95 {
        let p = 100.0 * (ratio - 1.0);
        if p < 1.0 {
            "under 1% faster".to_string()
        } else {
            format!("{p:.0}% faster")
        }
    } else {
        format!("{} times faster", times(ratio))
    }
}

/// `1 time`, `3 times`: a count with its noun.
fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// Below this ratio of two medians, and with no interval that says
/// otherwise, two times are "about the same"; above it the sentence gives
/// both times and the ratio, and says what the rounds can and cannot tell.
pub const ABOUT_THE_SAME: f64 = 1.25;

/// `n` times, for ratios of times: `2.5`, `14`, `1,200`.
fn times(ratio: f64) -> String {
    if ratio < 10.0 {
        format!("{ratio:.1}")
    } else {
        thousands(ratio.round() as u64)
    }
}

/// Two or three sentences computed from the figures. Strategies that hit a
/// budget (or report no counts) take no part in the sentences about counts.
pub fn sentences(rows: &[Measured]) -> Vec<String> {
    let mut out = Vec::new();
    let counted: Vec<&Measured> = rows.iter().filter(|m| m.counted()).collect();
    let find = |id: &str| counted.iter().copied().find(|m| m.id() == id);

    // 1. Pruning: the fewest nodes against the baseline's tree.
    if let Some(naive) = find(registry::BASELINE_STRATEGY) {
        let best = counted
            .iter()
            .copied()
            .filter(|m| m.id() != naive.id())
            .min_by_key(|m| m.stats.nodes);
        match best {
            // Not "pruned N% of the tree": another strategy's tree is not a
            // subtree of the baseline's, and 99.9% hides orders of magnitude.
            Some(best) if best.stats.nodes < naive.stats.nodes => out.push(format!(
                "{} visited {} where {} (the baseline) visited {}: {}, by {}.",
                best.id(),
                count_of(best.stats.nodes, "node", "nodes"),
                naive.id(),
                thousands(naive.stats.nodes),
                fewer(
                    naive.stats.nodes as f64 / best.stats.nodes.max(1) as f64,
                    "nodes"
                ),
                best.info.prunes_by
            )),
            Some(_) => out.push(format!(
                "No strategy visited fewer nodes than {} ({}): on this puzzle, pruning did not pay.",
                naive.id(),
                thousands(naive.stats.nodes)
            )),
            None => {}
        }
    }

    // 2. Memory: the most states held against the fewest, within the family
    //    of the one that held most when it has another member (bfs against
    //    dfs: the same tree, a queue against a stack).
    let most = counted.iter().copied().max_by_key(|m| m.stats.peak_states);
    let pair = most.and_then(|most| {
        let kin = counted
            .iter()
            .copied()
            .filter(|m| m.id() != most.id() && m.info.family == most.info.family)
            .min_by_key(|m| m.stats.peak_states);
        let fewest = kin.or_else(|| counted.iter().copied().min_by_key(|m| m.stats.peak_states));
        fewest.map(|fewest| (most, fewest))
    });
    if let Some((most, fewest)) = pair {
        if most.stats.peak_states > fewest.stats.peak_states {
            let held = |m: &Measured| match m.stats.peak_states {
                1 => "one".to_string(),
                n => thousands(n),
            };
            out.push(format!(
                "{} held {} states at once ({}) where {} never held more than {} ({}).",
                most.id(),
                thousands(most.stats.peak_states),
                format_bytes(most.stats.peak_bytes),
                fewest.id(),
                held(fewest),
                format_bytes(fewest.stats.peak_bytes)
            ));
        }
    }

    // 3. Guesses and forced moves: the strategy that guessed least against
    //    the one that guessed most, with the share of its digits forced.
    let guessing: Vec<&Measured> = counted
        .iter()
        .copied()
        .filter(|m| m.info.reports.guesses && m.info.reports.placements)
        .collect();
    let least = guessing
        .iter()
        .copied()
        .min_by_key(|m| (m.stats.guesses, m.stats.nodes));
    // Ties go to the first in registry order (the baseline comes first).
    let most = guessing
        .iter()
        .rev()
        .copied()
        .max_by_key(|m| m.stats.guesses);
    if let (Some(least), Some(most)) = (least, most) {
        let forced = |m: &Measured| m.stats.placements.saturating_sub(m.stats.guesses);
        if most.stats.guesses == 0 && guessing.len() >= 2 {
            out.push(
                "No strategy had to guess: every digit was placed by a forced move.".to_string(),
            );
        } else if least.stats.guesses == 0 && most.stats.guesses > 0 {
            out.push(format!(
                "{} guessed 0 times where {} guessed {}: it placed every digit by a forced move.",
                least.id(),
                most.id(),
                thousands(most.stats.guesses)
            ));
        } else if most.stats.guesses > least.stats.guesses {
            out.push(format!(
                "{} guessed {} where {} guessed {}: {} of its {} were forced moves, against {} of {}'s.",
                least.id(),
                count_of(least.stats.guesses, "time", "times"),
                most.id(),
                thousands(most.stats.guesses),
                percent(forced(least), least.stats.placements),
                count_of(least.stats.placements, "placement", "placements"),
                percent(forced(most), most.stats.placements),
                most.id()
            ));
        }
    }

    // 4. Time: the fastest of ours against the slowest and the baseline,
    //    each named as what it is; then the reference. "faster" only where
    //    the 95% interval of the ratio, from the rounds, excludes 1.
    let ours: Vec<&Measured> = rows.iter().filter(|m| m.counted()).collect();
    let reference = rows.iter().find(|m| m.info.outside && m.complete());
    let fastest = ours.iter().copied().min_by_key(|m| m.time);
    let slowest = ours.iter().copied().max_by_key(|m| m.time);
    let baseline = ours
        .iter()
        .copied()
        .find(|m| m.id() == registry::BASELINE_STRATEGY);
    let ratio = |slow: &Measured, fast: &Measured| {
        slow.time.as_secs_f64() / fast.time.as_secs_f64().max(1e-9)
    };
    // The standing of `a` against `b`, and the interval behind it.
    let standing = |a: &Measured, b: &Measured| {
        rounds_ratio_interval(&a.rounds, &b.rounds).map(|ci| (Standing::of(ci), ci))
    };
    let interval =
        |ci: sudoku_engine::interval::Interval| sudoku_reports::cells::ratio_interval(ci);
    let reference_clause = |fast: &Measured| {
        reference
            .map(|r| {
                let how = match standing(fast, r) {
                    Some((Standing::Level, ci)) => format!(
                        ", level with {} (the 95% interval of the ratio, {}, holds 1)",
                        fast.id(),
                        interval(ci)
                    ),
                    Some((st, _)) => format!(", {} {}", opposite(st), fast.id()),
                    None => String::new(),
                };
                format!(
                    "; the {} solver (not one of ours) took {}{how}",
                    r.id(),
                    format_time(r.time)
                )
            })
            .unwrap_or_default()
    };
    match (fastest, slowest) {
        (Some(fast), Some(slow)) if ours.len() >= 2 => {
            let r = ratio(slow, fast);
            match standing(slow, fast) {
                Some((Standing::Slower, _)) => {
                    let against_baseline = baseline
                        .filter(|b| b.id() != slow.id() && b.id() != fast.id())
                        .map(|b| match standing(b, fast) {
                            Some((Standing::Slower, _)) => format!(
                                ", and {} than {}, the baseline ({})",
                                faster(ratio(b, fast)),
                                b.id(),
                                format_time(b.time)
                            ),
                            Some((Standing::Level, ci)) => format!(
                                ", and level with {}, the baseline ({}; the 95% interval of the ratio, {}, holds 1)",
                                b.id(),
                                format_time(b.time),
                                interval(ci)
                            ),
                            // Timed in fewer rounds (a long solve is timed
                            // once), or the rounds contradict the medians:
                            // its time is given, no standing.
                            _ => format!(
                                "; {}, the baseline, took {}",
                                b.id(),
                                format_time(b.time)
                            ),
                        })
                        .unwrap_or_default();
                    let slow_is = if baseline.is_some_and(|b| b.id() == slow.id()) {
                        "the slowest and the baseline"
                    } else {
                        "the slowest"
                    };
                    out.push(format!(
                        "{} was the fastest at {}: {} than {}, {slow_is} ({}){against_baseline}{}.",
                        fast.id(),
                        format_time(fast.time),
                        faster(r),
                        slow.id(),
                        format_time(slow.time),
                        reference_clause(fast)
                    ));
                }
                found if r < ABOUT_THE_SAME => {
                    let why = match found {
                        Some((_, ci)) => format!(
                            "level: the 95% interval of the ratio, {}, holds 1",
                            interval(ci)
                        ),
                        None => "too few rounds to tell them apart".to_string(),
                    };
                    let all = if ours.len() == 2 { "Both" } else { "All" };
                    out.push(format!(
                        "{all} took about the same time, from {} for {} to {} for {}: {why}{}.",
                        format_time(fast.time),
                        fast.id(),
                        format_time(slow.time),
                        slow.id(),
                        reference_clause(fast)
                    ));
                }
                // A spread too wide to call "about the same" that the rounds
                // cannot rank: both times, the ratio, and why no ranking.
                found => {
                    let why = match found {
                        Some((Standing::Level, ci)) => format!(
                            "the rounds do not tell them apart: the 95% interval of the ratio, {}, holds 1",
                            interval(ci)
                        ),
                        Some((_, ci)) => format!(
                            "the paired rounds put the ratio at {}, against the medians: this run does not rank them",
                            interval(ci)
                        ),
                        None => format!(
                            "{} too few to rank them (a 95% interval of the ratio needs 6 paired rounds)",
                            match fast.runs.min(slow.runs) {
                                1 => "one round is".to_string(),
                                k => format!("{k} rounds are"),
                            }
                        ),
                    };
                    out.push(format!(
                        "{} took {} and {} took {}, {} times as long, but {why}{}.",
                        fast.id(),
                        format_time(fast.time),
                        slow.id(),
                        format_time(slow.time),
                        times(r),
                        reference_clause(fast)
                    ));
                }
            }
        }
        (Some(only), _) if ours.len() == 1 => {
            if let Some(r) = reference {
                let how = match standing(only, r) {
                    Some((Standing::Level, ci)) => format!(
                        ": level (the 95% interval of the ratio, {}, holds 1)",
                        interval(ci)
                    ),
                    Some((st, _)) => format!(": {} is {}", only.id(), st.word()),
                    None => String::new(),
                };
                out.push(format!(
                    "The {} solver (not one of ours) took {} where {} took {}{how}.",
                    r.id(),
                    format_time(r.time),
                    only.id(),
                    format_time(only.time)
                ));
            }
        }
        _ => {}
    }
    out
}

/// The reference's standing seen from the other side: "slower than" where
/// ours is faster.
fn opposite(standing: Standing) -> &'static str {
    match standing {
        Standing::Faster => "slower than",
        Standing::Slower => "faster than",
        Standing::Level => "level with",
    }
}

/// Notes on what the figures cannot say: budgets hit, shapes not supported.
pub fn notes(rows: &[Measured]) -> Vec<String> {
    let mut out = Vec::new();
    for m in rows {
        match m.verdict {
            Verdict::Unknown(Stop::Unsupported) => out.push(format!(
                "{} does not solve this shape{}.",
                m.id(),
                m.unsupported.as_ref().map(|why| format!(": {why}")).unwrap_or_default()
            )),
            Verdict::Unknown(stop) => out.push(format!(
                "{} stopped at its {}: its figures are lower bounds and it takes no part in the sentences above.",
                m.id(),
                stop.as_str().replace('-', " ")
            )),
            _ => {}
        }
    }
    out
}

pub fn run(args: &ExplainArgs) -> Status {
    let solvers = match registry::pick_list(&args.strategies) {
        Ok(s) => s,
        Err(e) => return crate::output::usage_error(e),
    };
    // Checked before the work, as compare's --report is: a comparison run
    // for nothing is what an unwritable target would otherwise cost.
    if let Some(dir) = &args.report {
        if let Err(message) = crate::output::report_dir(dir) {
            eprintln!("error: --report {}: {message}", dir.display());
            return Status::Usage;
        }
    }
    let (name, entry) = match first_puzzle(&args.input, &args.read) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let puzzle = &entry.puzzle;
    if let Some(conflict) = puzzle.conflicts().first() {
        eprintln!("error: {name}: the givens conflict ({conflict}): there is nothing to search");
        return Status::Failed;
    }
    if args.human {
        return explain_human(&name, puzzle, &args.budgets);
    }
    let limits = args.budgets.limits(Some(2), 1);
    let mut status = Status::Ok;
    // The engine measures: every strategy on this one puzzle by compare's
    // protocol (attempt, rounds, verification, cross-check).
    let set = PuzzleSet::literal(&name, &puzzle.to_line());
    let config = RunConfig {
        limits: limits.clone(),
        read: args.read.options(),
        rounds: engine_rounds(args.rounds as usize),
        warmup: false,
        loud: false,
        chunk: 1,
        ..registry::run_config()
    };
    let mut lines: Vec<Line> = Vec::new();
    runner::run(
        &solvers,
        std::slice::from_ref(&set),
        &config,
        &mut |l: &[Line]| lines.extend_from_slice(l),
    );
    let mut rows = Vec::new();
    let mut budget_notes = Vec::new();
    for (solver, line) in solvers.iter().zip(&lines) {
        for p in &line.problems {
            eprintln!("error: {}", p.message);
            status = Status::Failed;
        }
        budget_notes.extend(line.budget_note.clone());
        if line.verdict == Said::Crashed {
            continue;
        }
        let rounds: Vec<(usize, Duration)> = line
            .times_ns
            .iter()
            .enumerate()
            .map(|(k, ns)| (k, Duration::from_nanos(*ns)))
            .collect();
        rows.push(Measured {
            info: solver.info(),
            verdict: verdict_of(line),
            stats: stats_of(&line.stats),
            time: line.time_ns.map(Duration::from_nanos).unwrap_or_default(),
            runs: rounds.len() as u32,
            rounds,
            unsupported: solver.supports(puzzle.shape()).err(),
        });
    }
    // Every definite verdict must agree: a disagreement is a bug, said loudly.
    if let Some(d) = lines.iter().find_map(|l| l.disagreement.as_ref()) {
        eprintln!("error: the strategies disagree: {}", d.message);
        status = Status::Failed;
    }
    if rows
        .iter()
        .any(|m| matches!(m.verdict, Verdict::Unknown(s) if s.is_budget()))
    {
        status = status.max(Status::Failed);
    }
    let shape = puzzle.shape();
    let from = if name.starts_with('<') {
        String::new()
    } else {
        format!(" (the first puzzle of {name})")
    };
    let timing = timing_words(&rows);
    let layout = Layout::detect_or(args.wide, NARROW_WIDTH);
    // Prose wraps at the width; the puzzle is a grid where its line would
    // not fit (a 9x9's 81 symbols), and table rows never wrap.
    let width = layout.width.max(40);
    let (table, dropped) = table(&rows, layout);
    let mut report_text = String::new();
    let mut write_text = |out: &mut dyn Write| -> std::io::Result<()> {
        let mut out = Tee(out, &mut report_text);
        let out = &mut out;
        let line = puzzle.to_line();
        if line.chars().count() + from.chars().count() <= width {
            writeln!(out, "{line}{from}")?;
        } else {
            write!(out, "{}", puzzle.pretty())?;
            if !from.is_empty() {
                writeln!(out, "{}", from.trim_start())?;
            }
        }
        let about = format!(
            "a {}x{} puzzle ({shape} boxes, {} givens); each strategy looks for up to 2 solutions",
            shape.side(),
            shape.side(),
            puzzle.givens()
        );
        writeln!(out, "{}", wrap_text(&about, width))?;
        writeln!(out)?;
        writeln!(out, "{table}")?;
        writeln!(out)?;
        let prose = |text: String| wrap_text(&text, width);
        for sentence in sentences(&rows) {
            writeln!(out, "{}", prose(sentence))?;
        }
        for note in notes(&rows) {
            writeln!(out, "{}", prose(format!("note: {note}")))?;
        }
        for note in &budget_notes {
            writeln!(out, "{}", prose(format!("note: {note}")))?;
        }
        writeln!(
            out,
            "{}",
            prose(format!(
                "Counts are the same on every machine; times are {timing} and vary with the machine and its load."
            ))
        )?;
        if !layout.wide {
            let mut note = "--wide shows every column (backtracks, max depth)".to_string();
            if !dropped.is_empty() {
                note.push_str(&format!(
                    "; left out to fit {width} columns: {}",
                    dropped.join(", ")
                ));
            }
            writeln!(out, "{}", prose(note))?;
        }
        Ok(())
    };
    let written = match args.format.unwrap_or(ExplainFormat::Text) {
        ExplainFormat::Text => crate::output::to_stdout(write_text),
        ExplainFormat::Json => {
            // The report, if one is asked for, still carries the text.
            if args.report.is_some() {
                write_text(&mut std::io::sink()).expect("a sink takes every write");
            }
            crate::output::print(&sudoku_reports::export::json(&lines))
        }
    };
    let mut status = status.max(written);
    if let Some(dir) = &args.report {
        match write_report(dir, puzzle, &limits, &solvers, &report_text) {
            Ok(()) => eprintln!("wrote {}", dir.join("explain.html").display()),
            Err(e) => {
                eprintln!("error: --report {}: {e}", dir.display());
                status = status.max(Status::Usage);
            }
        }
    }
    status
}

/// The engine's rounds for `timed` plain rounds: its first round is the
/// checked one (it counts mems, its time is provisional and replaced by the
/// next round's), so `timed` rounds take one more, except for one round,
/// which the engine times once more plainly on its own.
pub fn engine_rounds(timed: usize) -> usize {
    match timed {
        0 | 1 => 1,
        n => n + 1,
    }
}

/// How the times were taken, as the rounds ran: `from one run`, `the
/// median of 6 interleaved rounds`, and where some strategy was timed in
/// fewer rounds (a long or stopped solve is timed once), which and how
/// many.
pub fn timing_words(rows: &[Measured]) -> String {
    let timed: Vec<&Measured> = rows.iter().filter(|m| m.runs > 0).collect();
    let most = timed.iter().map(|m| m.runs).max().unwrap_or(1);
    let rounds = |n: u32| match n {
        1 => "from one run".to_string(),
        n => format!("the median of {n} interleaved rounds"),
    };
    let fewer: Vec<String> = timed
        .iter()
        .filter(|m| m.runs < most)
        .map(|m| {
            format!(
                "{} in {}",
                m.id(),
                count_of(m.runs.into(), "round", "rounds")
            )
        })
        .collect();
    if fewer.is_empty() {
        rounds(most)
    } else {
        format!(
            "{} ({}: a long or stopped solve is timed once)",
            rounds(most),
            fewer.join(", ")
        )
    }
}

/// Writes to the terminal and keeps a copy for the report.
struct Tee<'a, W: std::io::Write>(W, &'a mut String);

impl<W: std::io::Write> std::io::Write for Tee<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.0.write(buf)?;
        self.1.push_str(&String::from_utf8_lossy(&buf[..n]));
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// A results line's verdict as the table and the sentences word it.
fn verdict_of(line: &Line) -> Verdict {
    match line.verdict {
        Said::Unique => Verdict::Unique,
        Said::Multiple => Verdict::Multiple,
        Said::None => Verdict::None,
        Said::Invalid => Verdict::Invalid,
        Said::Unsupported => Verdict::Unknown(Stop::Unsupported),
        Said::Budget | Said::Undecided | Said::Crashed => match line.stop {
            StopReason::NodeBudget => Verdict::Unknown(Stop::NodeBudget),
            StopReason::TimeBudget => Verdict::Unknown(Stop::TimeBudget),
            StopReason::MemoryBudget => Verdict::Unknown(Stop::MemoryBudget),
            StopReason::InvalidGivens => Verdict::Invalid,
            StopReason::Unsupported => Verdict::Unknown(Stop::Unsupported),
            _ if line.count > 0 => Verdict::Found,
            StopReason::SolutionLimit => Verdict::Unknown(Stop::SolutionLimit),
            _ => Verdict::Unknown(Stop::Exhausted),
        },
    }
}

/// A results line's counts (a count the strategy does not report is 0: the
/// table asks `Info::reports` which to show).
fn stats_of(s: &LineStats) -> Stats {
    let n = |x: Option<u64>| x.unwrap_or(0);
    Stats {
        nodes: n(s.nodes),
        placements: n(s.placements),
        guesses: n(s.guesses),
        backtracks: n(s.backtracks),
        max_depth: n(s.max_depth),
        peak_states: n(s.peak_states),
        peak_bytes: n(s.peak_bytes),
        mems: s.mems,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The baseline, and two more of our strategies that count nodes,
    /// guesses and placements, asked of the registry (the sentences name
    /// whichever they are).
    const BASE: &str = registry::BASELINE_STRATEGY;
    fn ours(k: usize) -> &'static str {
        registry::strategies()
            .into_iter()
            .map(|s| s.info())
            .filter(|i| {
                i.id != BASE
                    && !i.outside
                    && i.reports.nodes
                    && i.reports.guesses
                    && i.reports.placements
            })
            .nth(k)
            .unwrap()
            .id
    }

    /// A strategy's row with `nodes` nodes and `micros` per round in each
    /// of `rounds` rounds.
    fn row(id: &str, nodes: u64, micros: &[u64]) -> Measured {
        Measured {
            info: registry::find(id).unwrap().info(),
            verdict: Verdict::Unique,
            stats: Stats {
                nodes,
                placements: 60,
                guesses: nodes / 2,
                backtracks: nodes.saturating_sub(1),
                max_depth: 50,
                peak_states: 1,
                peak_bytes: 2_700,
                mems: None,
            },
            time: Duration::from_micros({
                let mut sorted = micros.to_vec();
                sorted.sort_unstable();
                sorted[sorted.len() / 2]
            }),
            runs: micros.len() as u32,
            rounds: micros
                .iter()
                .enumerate()
                .map(|(k, &us)| (k, Duration::from_micros(us)))
                .collect(),
            unsupported: None,
        }
    }

    fn time_sentence(rows: &[Measured]) -> String {
        sentences(rows).last().unwrap().clone()
    }

    /// The issue's case: 616µs against 29.1ms in 5 rounds is no "about the
    /// same time", though 5 rounds cannot rank them.
    #[test]
    fn a_wide_spread_in_too_few_rounds_is_not_about_the_same() {
        let rows = [row(BASE, 400_827, &[29_100; 5]), row(ours(0), 9, &[616; 5])];
        let said = time_sentence(&rows);
        assert_eq!(
            said,
            format!("{} took 616µs and {BASE} took 29.1ms, 47 times as long, but 5 rounds are too few to rank them (a 95% interval of the ratio needs 6 paired rounds).", ours(0))
        );
        // Six rounds give an interval: now the ranking is stated.
        let rows = [row(BASE, 400_827, &[29_100; 6]), row(ours(0), 9, &[616; 6])];
        let said = time_sentence(&rows);
        assert!(
            said.starts_with(&format!("{} was the fastest at 616µs: 47 times faster than {BASE}, the slowest and the baseline (29.1ms)", ours(0))),
            "{said}"
        );
    }

    /// Rounds whose ratio's interval holds 1 but whose medians are far
    /// apart: both times and the ratio, "do not tell them apart", never
    /// "about the same".
    #[test]
    fn a_wide_spread_the_rounds_cannot_rank_says_so() {
        let rows = [
            row(ours(1), 600, &[100, 100, 100, 100, 100, 100, 100]),
            row(ours(0), 543, &[90, 95, 300, 310, 320, 85, 330]),
        ];
        let said = time_sentence(&rows);
        assert!(!said.contains("about the same"), "{said}");
        assert!(
            said.starts_with(&format!("{} took 100µs and {} took 300µs, 3.0 times as long, but the rounds do not tell them apart: the 95% interval of the ratio, ", ours(1), ours(0))),
            "{said}"
        );
        assert!(said.ends_with(", holds 1."), "{said}");
        // Close medians, the same interval: "about the same" is true.
        let rows = [
            row(ours(1), 600, &[100, 100, 100, 100, 100, 100, 100]),
            row(ours(0), 543, &[90, 95, 110, 110, 115, 85, 120]),
        ];
        let said = time_sentence(&rows);
        assert!(
            said.starts_with(&format!(
                "Both took about the same time, from 100µs for {} to 110µs for {}: level",
                ours(1),
                ours(0)
            )),
            "{said}"
        );
    }

    /// Small differences are said as shares: "30% faster", "12% fewer
    /// nodes", never "1.3 times faster" or "1.1 times fewer".
    #[test]
    fn small_ratios_are_said_as_shares() {
        let rows = [row(BASE, 1_000, &[130; 9]), row(ours(0), 890, &[100; 9])];
        let said = sentences(&rows);
        let a = ours(0);
        assert_eq!(
            said[0],
            format!(
                "{a} visited 890 nodes where {BASE} (the baseline) visited 1,000: 11% fewer nodes, by {}.",
                rows[1].info.prunes_by
            )
        );
        assert!(
            said.last().unwrap().starts_with(&format!(
                "{a} was the fastest at 100µs: 30% faster than {BASE}, the slowest and the baseline (130µs)"
            )),
            "{said:?}"
        );
        assert_eq!(fewer(1.001, "nodes"), "under 1% fewer nodes");
        assert_eq!(faster(1.004), "under 1% faster");
        assert_eq!(faster(2.0), "2.0 times faster");
    }

    /// One guess is "1 time", not "1 times"; one node is "1 node".
    #[test]
    fn counts_of_one_are_singular() {
        let mut rows = [row(BASE, 1_000, &[130; 9]), row(ours(0), 1, &[100; 9])];
        rows[1].stats.guesses = 1;
        rows[1].stats.placements = 4;
        let said = sentences(&rows);
        let a = ours(0);
        assert!(
            said[0].starts_with(&format!(
                "{a} visited 1 node where {BASE} (the baseline) visited 1,000: "
            )),
            "{said:?}"
        );
        assert!(
            said.iter().any(|s| s.starts_with(&format!(
                "{a} guessed 1 time where {BASE} guessed 500: 75% of its 4 placements were forced moves"
            ))),
            "{said:?}"
        );
    }

    /// The closing line says the rounds as they ran: every strategy's count,
    /// and which were timed in fewer.
    #[test]
    fn the_rounds_are_said_as_run() {
        assert_eq!(engine_rounds(1), 1);
        assert_eq!(engine_rounds(6), 7);
        let rows = [row(BASE, 1_000, &[130; 6]), row(ours(0), 3, &[100; 6])];
        assert_eq!(timing_words(&rows), "the median of 6 interleaved rounds");
        let rows = [row(BASE, 1_000, &[130]), row(ours(0), 3, &[100; 6])];
        assert_eq!(
            timing_words(&rows),
            format!("the median of 6 interleaved rounds ({BASE} in 1 round: a long or stopped solve is timed once)")
        );
        let rows = [row(BASE, 1_000, &[130]), row(ours(0), 3, &[100])];
        assert_eq!(timing_words(&rows), "from one run");
    }
}
