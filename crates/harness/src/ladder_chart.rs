//! The ladder chart: what each propagation rule buys and what it costs, on
//! one picture.
//!
//! y: guesses (choice points with two or more options) per puzzle; x: time
//! per puzzle; both on log scales. One line per branching rule joins its
//! rungs in order (none, fc, naked, hidden, locked, subsets), each point
//! labelled with its rule, with the time's 95% interval as an error bar.
//! Vertical lines mark equal time per puzzle (1 µs, 10 µs ...), so a rung
//! right of another costs more per puzzle whatever it saves in guesses.
//! Guesses, not nodes, go on the y axis: the number of nodes a forced move
//! makes depends on the rung (a node under `fc`, a placement inside one
//! from `naked` up), the number of guesses does not.
//!
//! The chart is plain SVG written by hand from plain data ([`Point`]): no
//! script, no external file, fonts no smaller than the palette's
//! [`TEXT_MIN`], so it can be embedded in any page or guide.

use crate::compare::palette::{TEXT_AXIS, TEXT_MIN, TEXT_TITLE, WIDTH};
use crate::trace::html::html_escape;
use std::fmt::Write as _;

/// One rung measured on one set.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The branching rule: the line the point belongs to (`rowmajor`, `mrv`,
    /// `fewest`).
    pub branching: String,
    /// The rule set: the point's label (`none`, `fc`, `naked` ...).
    pub rule: String,
    /// Guesses per puzzle (mean).
    pub guesses: f64,
    /// Time per puzzle in microseconds (mean), with its 95% interval.
    pub us: f64,
    pub us_interval: Option<(f64, f64)>,
}

/// Line colours per branching, from the palette's categorical colours.
fn colour(k: usize) -> String {
    let c = crate::compare::palette::CATEGORIES[k % crate::compare::palette::CATEGORIES.len()];
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Powers of ten covering `lo..hi` (at least one decade).
fn decades(lo: f64, hi: f64) -> (f64, f64) {
    let a = lo.log10().floor();
    let mut b = hi.log10().ceil();
    if b <= a {
        b = a + 1.0;
    }
    (10f64.powf(a), 10f64.powf(b))
}

/// A time in µs for an axis: `1 µs`, `10 ms`, `1 s`.
fn time_label(us: f64) -> String {
    if us >= 1e6 {
        format!("{} s", us / 1e6)
    } else if us >= 1e3 {
        format!("{} ms", us / 1e3)
    } else if us >= 1.0 {
        format!("{us} µs")
    } else {
        format!("{} ns", us * 1e3)
    }
}

fn count_label(x: f64) -> String {
    if x >= 1e6 {
        format!("{}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{}k", x / 1e3)
    } else {
        format!("{x}")
    }
}

/// The chart as a self-contained SVG. Points with no guess sit on a floor
/// line labelled "0" (a log scale has no zero).
pub fn svg(title: &str, points: &[Point]) -> String {
    let width = WIDTH as f64;
    let height = 640.0;
    let (left, right, top, bottom) = (110.0, 40.0, 70.0, 110.0);
    let (pw, ph) = (width - left - right, height - top - bottom);
    let timed: Vec<&Point> = points.iter().filter(|p| p.us > 0.0).collect();
    let mut s = format!(
        r##"<svg class="ladder" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="white"/>"##
    );
    let _ = write!(
        s,
        r##"<text x="{left}" y="{}" font-size="{TEXT_TITLE}">{}</text>"##,
        TEXT_TITLE + 10,
        html_escape(title)
    );
    if timed.is_empty() {
        s.push_str("</svg>");
        return s;
    }
    let t_lo = timed
        .iter()
        .map(|p| p.us_interval.map_or(p.us, |i| i.0.min(p.us)))
        .fold(f64::MAX, f64::min);
    let t_hi = timed
        .iter()
        .map(|p| p.us_interval.map_or(p.us, |i| i.1.max(p.us)))
        .fold(0f64, f64::max);
    let (x0, x1) = decades(t_lo.max(1e-3), t_hi.max(1e-3));
    let positive = timed.iter().map(|p| p.guesses).filter(|&g| g > 0.0);
    let g_lo = positive.clone().fold(f64::MAX, f64::min);
    let g_hi = positive.fold(0f64, f64::max);
    let (g_lo, g_hi) = if g_hi > 0.0 {
        (g_lo, g_hi)
    } else {
        (1.0, 10.0)
    };
    let (y0, y1) = decades(g_lo, g_hi);
    // The floor for "no guess": half a decade below the lowest decade.
    let floor = y0 / 10f64.sqrt();
    let x = |us: f64| left + pw * (us.max(x0).log10() - x0.log10()) / (x1.log10() - x0.log10());
    let y = |g: f64| {
        let g = if g > 0.0 { g } else { floor };
        top + ph * (1.0 - (g.log10() - floor.log10()) / (y1.log10() - floor.log10()))
    };
    // Lines of equal time per puzzle, one per decade, labelled below the axis.
    let mut t = x0;
    while t <= x1 * 1.0001 {
        let px = x(t);
        let _ = write!(
            s,
            r##"<line x1="{px:.1}" y1="{top}" x2="{px:.1}" y2="{:.1}" stroke="#ccc" stroke-dasharray="4 4"/><text x="{px:.1}" y="{:.1}" font-size="{TEXT_MIN}" text-anchor="middle" fill="#555">{}</text>"##,
            top + ph,
            top + ph + TEXT_MIN as f64 + 6.0,
            time_label(t)
        );
        t *= 10.0;
    }
    // Guess decades, and the floor.
    let mut g = y0;
    while g <= y1 * 1.0001 {
        let py = y(g);
        let _ = write!(
            s,
            r##"<line x1="{left}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" text-anchor="end" fill="#555">{}</text>"##,
            left + pw,
            left - 8.0,
            py + TEXT_MIN as f64 * 0.35,
            count_label(g)
        );
        g *= 10.0;
    }
    let _ = write!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" text-anchor="end" fill="#555">0</text>"##,
        left - 8.0,
        y(0.0) + TEXT_MIN as f64 * 0.35
    );
    let _ = write!(
        s,
        r##"<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#333"/>"##
    );
    let _ = write!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_AXIS}" text-anchor="middle">time per puzzle (log; dashed: equal time)</text>"##,
        left + pw / 2.0,
        height - 40.0
    );
    let _ = write!(
        s,
        r##"<text transform="translate({},{:.1}) rotate(-90)" font-size="{TEXT_AXIS}" text-anchor="middle">guesses per puzzle (log)</text>"##,
        TEXT_AXIS + 6,
        top + ph / 2.0
    );
    // One line per branching, its rungs in the order given.
    let mut branchings: Vec<&str> = Vec::new();
    for p in &timed {
        if !branchings.contains(&p.branching.as_str()) {
            branchings.push(&p.branching);
        }
    }
    for (k, b) in branchings.iter().enumerate() {
        let c = colour(k);
        let mine: Vec<&&Point> = timed.iter().filter(|p| p.branching == *b).collect();
        let line: Vec<String> = mine
            .iter()
            .map(|p| format!("{:.1},{:.1}", x(p.us), y(p.guesses)))
            .collect();
        let _ = write!(
            s,
            r##"<polyline points="{}" fill="none" stroke="{c}" stroke-width="3"/>"##,
            line.join(" ")
        );
        for p in &mine {
            let (px, py) = (x(p.us), y(p.guesses));
            if let Some((lo, hi)) = p.us_interval {
                let _ = write!(
                    s,
                    r##"<line x1="{:.1}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="{c}" stroke-width="2"/><line x1="{0:.1}" y1="{2:.1}" x2="{0:.1}" y2="{3:.1}" stroke="{c}" stroke-width="2"/><line x1="{1:.1}" y1="{2:.1}" x2="{1:.1}" y2="{3:.1}" stroke="{c}" stroke-width="2"/>"##,
                    x(lo),
                    x(hi),
                    py - 6.0,
                    py + 6.0
                );
            }
            let _ = write!(
                s,
                r##"<circle cx="{px:.1}" cy="{py:.1}" r="6" fill="{c}"><title>{} {}: {} guesses, {}</title></circle><text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" fill="{c}">{}</text>"##,
                html_escape(&p.branching),
                html_escape(&p.rule),
                p.guesses,
                time_label(p.us),
                px + 9.0,
                py - 8.0,
                html_escape(&p.rule)
            );
        }
        // The legend: one entry per line.
        let lx = left + 10.0 + 190.0 * k as f64;
        let ly = height - 12.0;
        let _ = write!(
            s,
            r##"<line x1="{lx:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{c}" stroke-width="3"/><text x="{:.1}" y="{ly:.1}" font-size="{TEXT_MIN}">{} branching</text>"##,
            ly - 7.0,
            lx + 30.0,
            ly - 7.0,
            lx + 36.0,
            html_escape(b)
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(b: &str, r: &str, guesses: f64, us: f64) -> Point {
        Point {
            branching: b.into(),
            rule: r.into(),
            guesses,
            us,
            us_interval: Some((us * 0.9, us * 1.1)),
        }
    }

    #[test]
    fn one_line_per_branching_every_point_labelled_no_small_font() {
        let points = vec![
            point("fewest-first", "none", 3000.0, 900.0),
            point("fewest-first", "fc", 800.0, 300.0),
            point("fewest-first", "naked", 800.0, 120.0),
            point("fewest-first", "hidden", 20.0, 60.0),
            point("in-order", "none", 1e6, 5e5),
            point("in-order", "hidden", 0.0, 80.0),
        ];
        let svg = svg("the ladder", &points);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<circle").count(), points.len());
        for p in &points {
            assert!(svg.contains(&format!(">{}</text>", p.rule)), "{}", p.rule);
        }
        // Error bars: three lines per point.
        assert!(svg.matches("stroke-width=\"2\"").count() >= 3 * points.len());
        // No font below the palette's minimum.
        for size in svg.split("font-size=\"").skip(1) {
            let n: u32 = size[..size.find('"').unwrap()].parse().unwrap();
            assert!(n >= TEXT_MIN, "font {n}");
        }
        // Decade labels from 10 ns... up to 1 s, no crowding: one per decade.
        assert!(
            svg.contains(">1 s</text>") || svg.contains(">1000 ms</text>"),
            "{svg}"
        );
        assert!(svg.contains(">0</text>"));
    }
}
