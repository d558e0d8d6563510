//! What each rule buys and what it costs: the pruning ladder's rungs of one
//! branching on one set, as two panels of bars in rung order — nodes per
//! puzzle (log scale: what the rule saves) and time per node (what it costs
//! per state) — from `ladder`'s rows ([`crate::ladder::Row`], as
//! `ladder.json` holds them). Each rung's bar has its rule's colour on the
//! ladder chart. The guide's `rule-cost.svg`.

use crate::draw::{axis_count, header, header_height, Area, Swatch};
use crate::ladder::Row;
use crate::palette::{CATEGORIES, TEXT_AXIS, TEXT_MIN, WIDTH};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Height of a rung's bar and its gap, px.
const BAR: u32 = 64;

/// The chart as SVG text: the rows of `set` whose branching is
/// `branching`, in rung order; `None` when there are none.
pub fn svg(rows: &[Row], set: &str, branching: &str) -> Result<Option<String>, String> {
    let mut rungs: Vec<&Row> = rows
        .iter()
        .filter(|r| r.set == set && r.branching == branching)
        .collect();
    if rungs.is_empty() {
        return Ok(None);
    }
    rungs.sort_by_key(|r| r.rules_rank);
    let title = format!("What each rule buys and what it costs ({set}, {branching} branching)");
    let note = "Each rung adds one rule to the one above it. Nodes are the same on every \
                machine; the time per node (the mean time per puzzle over the mean nodes per \
                puzzle) is from one run on the machine the figures name.";
    let notes = [note];
    let n = rungs.len();
    let height = header_height(&notes, &[]) + 110 + BAR * n as u32;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, height)).into_drawing_area();
        let e = |x: &dyn std::fmt::Display| x.to_string();
        root.fill(&WHITE).map_err(|x| e(&x))?;
        let area = header(&root, &title, &notes, &[], Swatch::Bar)?;
        let (left, right) = area.split_horizontally(WIDTH / 2);
        let decades = rungs
            .iter()
            .map(|r| r.nodes_per_puzzle.max(10.0).log10().ceil())
            .fold(1.0, f64::max);
        let nodes: Vec<f64> = rungs
            .iter()
            .map(|r| r.nodes_per_puzzle.max(1.0).log10())
            .collect();
        let cost: Vec<f64> = rungs.iter().map(|r| r.ns_per_node).collect();
        let labels = |values: &[f64], log: bool| -> Vec<String> {
            values
                .iter()
                .map(|&v| {
                    if log {
                        axis_count(10f64.powf(v))
                    } else {
                        format!("{v:.0}")
                    }
                })
                .collect()
        };
        let most = cost.iter().copied().fold(1.0, f64::max);
        panel(
            &left,
            "nodes per puzzle (log scale)",
            &rungs,
            &nodes,
            &labels(&nodes, true),
            decades + 0.6,
            &|x| {
                // Powers of ten only: the axis is log10 of the nodes.
                if (x - x.round()).abs() < 1e-9 {
                    axis_count(10f64.powf(x.round()))
                } else {
                    String::new()
                }
            },
            decades as usize + 1,
        )?;
        panel(
            &right,
            "time per node (ns)",
            &rungs,
            &cost,
            &labels(&cost, false),
            most * 1.35,
            &|x| format!("{x:.0}"),
            6,
        )?;
        root.present().map_err(|x| e(&x))?;
    }
    Ok(Some(out))
}

/// One panel: a bar per rung from 0 to `values[k]` (x up to `x_max`), the
/// rung's rule on the y axis, first rung at the top, `labels[k]` beside
/// its bar.
#[allow(clippy::too_many_arguments)]
fn panel(
    area: &Area,
    caption: &str,
    rungs: &[&Row],
    values: &[f64],
    labels: &[String],
    x_max: f64,
    x_label: &dyn Fn(&f64) -> String,
    x_ticks: usize,
) -> Result<(), String> {
    let e = |x: &dyn std::fmt::Display| x.to_string();
    let n = rungs.len();
    // Rung k sits in segment n - 1 - k: the first rung at the top (the
    // segments of 0..n - 1 are the n values 0 to n - 1).
    let at = |k: usize| n - 1 - k;
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(24)
        .caption(caption, ("sans-serif", TEXT_AXIS))
        .x_label_area_size(44)
        .y_label_area_size(96)
        .build_cartesian_2d(0f64..x_max, (0..n - 1).into_segmented())
        .map_err(|x| e(&x))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_labels(x_ticks)
        .x_label_formatter(x_label)
        .y_label_formatter(&|y| match y {
            SegmentValue::CenterOf(k) if *k < n => rungs[n - 1 - k].rules.clone(),
            _ => String::new(),
        })
        .label_style(("sans-serif", TEXT_MIN))
        .draw()
        .map_err(|x| e(&x))?;
    for (k, r) in rungs.iter().enumerate() {
        let color = CATEGORIES[r.rules_rank % CATEGORIES.len()];
        let mut bar = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(at(k))),
                (values[k].max(0.0), SegmentValue::Exact(at(k) + 1)),
            ],
            color.mix(0.85).filled(),
        );
        bar.set_margin(8, 8, 0, 0);
        chart.draw_series([bar]).map_err(|x| e(&x))?;
        let style = TextStyle::from(("sans-serif", TEXT_MIN).into_font())
            .pos(Pos::new(HPos::Left, VPos::Center));
        chart
            .draw_series([Text::new(
                format!(" {}", labels[k]),
                (values[k].max(0.0), SegmentValue::CenterOf(at(k))),
                style,
            )])
            .map_err(|x| e(&x))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rules: &str, rank: usize, nodes: f64, ns: f64) -> Row {
        Row {
            set: "top95".into(),
            rung: format!("prop:b/{rules}"),
            branching: "b".into(),
            rules: rules.into(),
            rules_rank: rank,
            nodes_per_puzzle: nodes,
            ns_per_node: ns,
            ..Row::default()
        }
    }

    #[test]
    fn a_bar_per_rung_in_each_panel_in_rung_order() {
        let rows = [
            row("hidden", 3, 116.0, 434.0),
            row("none", 0, 39_700.0, 90.0),
            row("fc", 1, 15_600.0, 115.0),
        ];
        let svg = svg(&rows, "top95", "b").unwrap().unwrap();
        // Two panels of three bars.
        let bars = svg.matches("opacity=\"0.85\"").count();
        assert_eq!(bars, 6, "{svg}");
        // Every text as it reads, with its height on the page.
        let texts: Vec<(f64, &str)> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| {
                let y = t.split("y=\"").nth(1)?.split('"').next()?.parse().ok()?;
                Some((y, t.split_once('>')?.1.split("</text>").next()?.trim()))
            })
            .collect();
        let y = |x: &str| texts.iter().find(|t| t.1 == x).map_or(f64::NAN, |t| t.0);
        // The first rung at the top (SVG's y grows downwards).
        assert!(
            y("none") < y("fc") && y("fc") < y("hidden"),
            "rung order: {texts:?}"
        );
        let texts: Vec<&str> = texts.iter().map(|t| t.1).collect();
        for label in ["39.7k", "116", "434", "90"] {
            assert!(texts.contains(&label), "{label}: {texts:?}");
        }
        assert!(svg_of_other_branching_is_none(&rows));
    }

    fn svg_of_other_branching_is_none(rows: &[Row]) -> bool {
        svg(rows, "top95", "c").unwrap().is_none()
    }
}
