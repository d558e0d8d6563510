//! The per-depth profile of a search tree: nodes entered at each level (the
//! root is level 0, its children 1 ...), as a bar chart in plain SVG. It
//! shows where a tree is widest and how each rule cuts it; the HTML trace
//! and `explain --report` draw it from the replay model's tree.

use crate::palette::{TEXT_AXIS, TEXT_MIN};
use std::fmt::Write as _;

/// Bars drawn at most; deeper levels are summed into the last bar's label.
const MAX_BARS: usize = 120;

/// The profile as a self-contained SVG (no script, no external file), with
/// `title` above it. Counts on a linear axis with the largest labelled;
/// every bar carries its level and count as a tooltip.
pub fn svg(counts: &[u64], title: &str) -> String {
    let levels = counts.len().min(MAX_BARS);
    let (width, height) = (640.0, 300.0);
    let (left, right, top, bottom) = (70.0, 20.0, 40.0, 60.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let max = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let bar = plot_w / levels.max(1) as f64;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg class="profile" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="system-ui, sans-serif">"##
    );
    let _ = write!(
        s,
        r##"<text x="{left}" y="{}" font-size="{TEXT_MIN}">{}</text>"##,
        TEXT_MIN + 4,
        crate::markup::html_escape(title)
    );
    for (level, &count) in counts.iter().take(levels).enumerate() {
        let h = plot_h * count as f64 / max;
        let x = left + bar * level as f64;
        let _ = write!(
            s,
            r##"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#1565c0"><title>level {level}: {count} nodes</title></rect>"##,
            top + plot_h - h,
            (bar - 1.0).max(0.5),
        );
    }
    // Axes, the largest count and the deepest level.
    let _ = write!(
        s,
        r##"<line x1="{left}" y1="{0}" x2="{1}" y2="{0}" stroke="#333"/><line x1="{left}" y1="{top}" x2="{left}" y2="{0}" stroke="#333"/>"##,
        top + plot_h,
        left + plot_w
    );
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="{TEXT_MIN}" text-anchor="end">{}</text><text x="{}" y="{}" font-size="{TEXT_MIN}" text-anchor="end">0</text>"##,
        left - 6.0,
        top + TEXT_MIN as f64 * 0.7,
        max as u64,
        left - 6.0,
        top + plot_h
    );
    let _ = write!(
        s,
        r##"<text x="{left}" y="{0}" font-size="{TEXT_MIN}">0</text><text x="{1}" y="{0}" font-size="{TEXT_MIN}" text-anchor="end">{2}</text>"##,
        top + plot_h + TEXT_MIN as f64 + 2.0,
        left + plot_w,
        levels.saturating_sub(1)
    );
    let deeper: u64 = counts.iter().skip(levels).sum();
    let axis = if deeper > 0 {
        format!("level of the tree ({deeper} nodes deeper than {levels} levels not drawn)")
    } else {
        "level of the tree (guesses on the path)".to_string()
    };
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="{TEXT_AXIS}" text-anchor="middle">{axis}</text></svg>"##,
        left + plot_w / 2.0,
        height - 8.0
    );
    s
}
