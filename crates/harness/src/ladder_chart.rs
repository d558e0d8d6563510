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

use crate::palette::{TEXT_AXIS, TEXT_MIN, TEXT_TITLE, WIDTH};
use std::fmt::Write as _;
use sudoku_reports::markup::html_escape;

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
    let c = crate::palette::CATEGORIES[k % crate::palette::CATEGORIES.len()];
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
    // Labels are placed before anything is drawn, so that no label covers
    // another or a point, however close the rungs sit.
    let centres: Vec<(f64, f64)> = timed.iter().map(|p| (x(p.us), y(p.guesses))).collect();
    let texts: Vec<&str> = timed.iter().map(|p| p.rule.as_str()).collect();
    let plot = Rect {
        x: left,
        y: top,
        w: pw,
        h: ph,
    };
    let labels = place_labels(&centres, &texts, plot);
    for (k, b) in branchings.iter().enumerate() {
        let c = colour(k);
        let mine: Vec<(usize, &&Point)> = timed
            .iter()
            .enumerate()
            .filter(|(_, p)| p.branching == *b)
            .collect();
        let line: Vec<String> = mine
            .iter()
            .map(|(_, p)| format!("{:.1},{:.1}", x(p.us), y(p.guesses)))
            .collect();
        let _ = write!(
            s,
            r##"<polyline points="{}" fill="none" stroke="{c}" stroke-width="3"/>"##,
            line.join(" ")
        );
        for &(i, p) in &mine {
            let (px, py) = centres[i];
            let label = labels[i];
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
                r##"<circle cx="{px:.1}" cy="{py:.1}" r="6" fill="{c}"><title>{} {}: {} guesses, {}</title></circle>"##,
                html_escape(&p.branching),
                html_escape(&p.rule),
                p.guesses,
                time_label(p.us),
            );
            if label.leader {
                // Moved far from its point: a thin line says whose it is.
                let _ = write!(
                    s,
                    r##"<line x1="{px:.1}" y1="{py:.1}" x2="{:.1}" y2="{:.1}" stroke="{c}" stroke-width="1"/>"##,
                    label.rect.x + label.rect.w / 2.0,
                    label.rect.y + label.rect.h / 2.0,
                );
            }
            let _ = write!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" fill="{c}">{}</text>"##,
                label.rect.x,
                label.rect.y + label.rect.h * 0.8,
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

/// An axis-aligned box in the SVG's coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    fn inside(&self, o: &Rect) -> bool {
        self.x >= o.x
            && self.y >= o.y
            && self.x + self.w <= o.x + o.w
            && self.y + self.h <= o.y + o.h
    }
}

/// Where a point's label goes: its box, and whether it sits far enough from
/// the point to need a leader line.
#[derive(Clone, Copy, Debug)]
struct Label {
    rect: Rect,
    leader: bool,
}

/// The box a label of `chars` characters takes at the chart's text size
/// (an upper estimate of a sans-serif face's advance).
fn label_size(chars: usize) -> (f64, f64) {
    let size = TEXT_MIN as f64;
    (0.62 * size * chars as f64, size)
}

/// Greedy placement, in the points' order: each label takes the first of a
/// ring of positions around its point (right, left, above, below, then the
/// diagonals, then the same at two and three times the distance) whose box
/// stays in the plot and covers neither a placed label nor any point. When
/// none is free, the position that overlaps least is taken.
fn place_labels(centres: &[(f64, f64)], texts: &[&str], plot: Rect) -> Vec<Label> {
    const DOT: f64 = 7.0;
    let dots: Vec<Rect> = centres
        .iter()
        .map(|&(x, y)| Rect {
            x: x - DOT,
            y: y - DOT,
            w: 2.0 * DOT,
            h: 2.0 * DOT,
        })
        .collect();
    let mut placed: Vec<Label> = Vec::with_capacity(centres.len());
    for (&(cx, cy), text) in centres.iter().zip(texts) {
        let (w, h) = label_size(text.chars().count());
        let mut best: Option<(usize, Label)> = None;
        'rings: for ring in 1..=3 {
            let d = 9.0 * ring as f64 + 4.0 * (ring - 1) as f64;
            let (dx, dy) = (d, d + h / 2.0);
            let spots = [
                (cx + dx, cy - h / 2.0),
                (cx - dx - w, cy - h / 2.0),
                (cx - w / 2.0, cy - dy - h / 2.0),
                (cx - w / 2.0, cy + dy - h / 2.0),
                (cx + dx, cy - dy),
                (cx + dx, cy + dy - h),
                (cx - dx - w, cy - dy),
                (cx - dx - w, cy + dy - h),
            ];
            for (sx, sy) in spots {
                let rect = Rect { x: sx, y: sy, w, h };
                let clashes = placed.iter().filter(|l| l.rect.overlaps(&rect)).count()
                    + dots.iter().filter(|d| d.overlaps(&rect)).count()
                    + usize::from(!rect.inside(&plot));
                let label = Label {
                    rect,
                    leader: ring > 1,
                };
                if best.as_ref().is_none_or(|(c, _)| clashes < *c) {
                    best = Some((clashes, label));
                }
                if clashes == 0 {
                    break 'rings;
                }
            }
        }
        placed.push(best.expect("eight spots per ring").1);
    }
    placed
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
    #[test]
    fn labels_of_close_points_do_not_overlap() {
        // Two rungs at nearly the same place (fc and naked on one line), a
        // cluster of three on another: every label finds its own room.
        let points = [
            point("in-order", "none", 4000.0, 400.0),
            point("in-order", "fc", 240.0, 210.0),
            point("in-order", "naked", 242.0, 205.0),
            point("fewest-first", "fc", 250.0, 200.0),
            point("fewest-first", "naked", 245.0, 190.0),
            point("fewest-first", "hidden", 60.0, 90.0),
        ];
        let plot = Rect {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 600.0,
        };
        let centres: Vec<(f64, f64)> = points
            .iter()
            .map(|p| (p.us.log10() * 300.0, 600.0 - p.guesses.log10() * 120.0))
            .collect();
        let texts: Vec<&str> = points.iter().map(|p| p.rule.as_str()).collect();
        let labels = place_labels(&centres, &texts, plot);
        for (i, a) in labels.iter().enumerate() {
            assert!(a.rect.inside(&plot), "{i}: {a:?}");
            for (j, b) in labels.iter().enumerate().skip(i + 1) {
                assert!(
                    !a.rect.overlaps(&b.rect),
                    "labels {i} and {j} overlap: {a:?} {b:?}"
                );
            }
            for (j, &(x, y)) in centres.iter().enumerate() {
                let dot = Rect {
                    x: x - 6.0,
                    y: y - 6.0,
                    w: 12.0,
                    h: 12.0,
                };
                assert!(!a.rect.overlaps(&dot), "label {i} covers point {j}");
            }
        }
    }
}
