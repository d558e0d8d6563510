//! The ladder chart: what each propagation rule buys and what it costs, on
//! one picture.
//!
//! y: guesses (choice points with two or more options) per puzzle; x: time
//! per puzzle; both on log scales, the same on every panel. One panel per
//! set, titled with it; in each, one line per branching rule joins its rungs
//! in rung order (none, fc, naked, hidden, locked, subsets), whatever their
//! times, each point labelled with its rule, with the time's 95% interval as
//! an error bar. Vertical lines mark equal time per puzzle (1 µs, 10 µs ...),
//! so a rung right of another costs more per puzzle whatever it saves in
//! guesses. Guesses, not nodes, go on the y axis: the number of nodes a
//! forced move makes depends on the rung (a node under `fc`, a placement
//! inside one from `naked` up), the number of guesses does not.
//!
//! The chart is laid out first ([`layout`]: every line, point, error bar and
//! label box in the SVG's coordinates, labels placed so that none covers a
//! point, an error bar or another label) and then drawn from the layout
//! ([`svg`]), so tests check the picture's geometry itself. Plain SVG, no
//! script, fonts no smaller than the palette's [`TEXT_MIN`].

use crate::markup::html_escape;
use crate::palette::{CATEGORIES, TEXT_AXIS, TEXT_MIN, TEXT_TITLE, WIDTH};
use std::fmt::Write as _;

/// One rung measured on one set.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The set: the panel the point belongs to.
    pub set: String,
    /// The branching rule: the line the point belongs to (`rowmajor`, `mrv`,
    /// `fewest`), and its place in the ladder's list of branchings (the
    /// line's colour and legend order).
    pub branching: String,
    pub branching_rank: usize,
    /// The rule set: the point's label (`none`, `fc`, `naked` ...), and its
    /// rung on the ladder (0 for `none`): the order the line joins points.
    pub rule: String,
    pub rule_rank: usize,
    /// Guesses per puzzle (mean).
    pub guesses: f64,
    /// Time per puzzle in microseconds (mean), with its 95% interval.
    pub us: f64,
    pub us_interval: Option<(f64, f64)>,
}

/// An axis-aligned box in the SVG's coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    /// The boxes share some area (touching edges do not count).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    /// This box lies within `o`.
    pub fn inside(&self, o: &Rect) -> bool {
        self.x >= o.x
            && self.y >= o.y
            && self.x + self.w <= o.x + o.w
            && self.y + self.h <= o.y + o.h
    }

    /// The box with `by` of room on every side.
    fn grown(&self, by: f64) -> Rect {
        Rect {
            x: self.x - by,
            y: self.y - by,
            w: self.w + 2.0 * by,
            h: self.h + 2.0 * by,
        }
    }

    fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// A point as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub rule: String,
    pub rule_rank: usize,
    pub centre: (f64, f64),
    /// The dot's box.
    pub dot: Rect,
    /// The error bar's box (its whiskers included), when there is one.
    pub bar: Option<Rect>,
    /// The label's box, and whether it sits far enough from the point to
    /// need a leader line.
    pub label: Rect,
    pub leader: bool,
    /// The tooltip: guesses and time in words.
    pub title: String,
}

/// One branching's line on one panel: its marks in the order it joins them.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub branching: String,
    pub colour: String,
    pub marks: Vec<Mark>,
}

/// One set's panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub set: String,
    /// The plot area.
    pub plot: Rect,
    pub lines: Vec<Line>,
    /// Where the panel's own title sits.
    pub title_y: f64,
}

/// A legend entry: the swatch's colour, its text and the box both take.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub colour: String,
    pub text: String,
    pub rect: Rect,
}

/// The whole chart, before drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub title: String,
    pub width: f64,
    pub height: f64,
    pub legend: Vec<LegendEntry>,
    pub panels: Vec<Panel>,
    /// The axes' ranges, shared by every panel: time (µs) decades, the
    /// guesses' decades and the floor "no guess" sits on.
    x_range: (f64, f64),
    y_range: (f64, f64),
    floor: f64,
}

/// Line colours per branching, from the palette's categorical colours:
/// blue, orange and green for the three branchings, the most distinct three
/// (orange beside red, the palette's next, is hard to tell apart).
fn colour(rank: usize) -> String {
    const DISTINCT: [usize; 3] = [0, 1, 4];
    let c = CATEGORIES[DISTINCT.get(rank).copied().unwrap_or(rank) % CATEGORIES.len()];
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

/// The box a text of `chars` characters takes at `size` (an upper estimate
/// of a sans-serif face's advance).
fn text_size(chars: usize, size: u32) -> (f64, f64) {
    let size = size as f64;
    (0.62 * size * chars as f64, size)
}

/// A panel's height, and its width when two sit side by side (two sets
/// fit a 1280-pixel screen whole); one set takes the palette's width.
const PANEL_HEIGHT: f64 = 600.0;
const PANEL_WIDTH: f64 = 620.0;
const DOT: f64 = 6.0;
const WHISKER: f64 = 6.0;
/// Free space kept around a label.
const MARGIN: f64 = 3.0;
const LEFT: f64 = 110.0;
const RIGHT: f64 = 48.0;

/// Lays the chart out: panels in the sets' order of first appearance, lines
/// in branching order, each line's marks in rung order, labels placed.
pub fn layout(title: &str, points: &[Point]) -> Layout {
    let timed: Vec<&Point> = points.iter().filter(|p| p.us > 0.0).collect();
    let mut sets: Vec<&str> = Vec::new();
    for p in &timed {
        if !sets.contains(&p.set.as_str()) {
            sets.push(&p.set);
        }
    }
    let columns = sets.len().clamp(1, 2);
    let panel_width = if columns == 1 {
        WIDTH as f64
    } else {
        PANEL_WIDTH
    };
    let width = panel_width * columns as f64;
    // The legend: one entry per branching, laid left to right, wrapping.
    let mut branchings: Vec<(usize, &str)> = Vec::new();
    for p in &timed {
        if !branchings.iter().any(|(_, b)| *b == p.branching) {
            branchings.push((p.branching_rank, &p.branching));
        }
    }
    branchings.sort();
    let legend_top = TEXT_TITLE as f64 + 30.0;
    let mut legend = Vec::new();
    let (mut lx, mut ly) = (LEFT, legend_top);
    for (rank, b) in &branchings {
        let text = format!("{b} branching");
        let (tw, th) = text_size(text.chars().count(), TEXT_MIN);
        let w = 36.0 + tw;
        if lx + w > width - RIGHT && lx > LEFT {
            lx = LEFT;
            ly += th + 12.0;
        }
        legend.push(LegendEntry {
            colour: colour(*rank),
            text,
            rect: Rect {
                x: lx,
                y: ly,
                w,
                h: th,
            },
        });
        lx += w + 28.0;
    }
    let t_lo = timed
        .iter()
        .map(|p| p.us_interval.map_or(p.us, |i| i.0.min(p.us)))
        .fold(f64::MAX, f64::min);
    let t_hi = timed
        .iter()
        .map(|p| p.us_interval.map_or(p.us, |i| i.1.max(p.us)))
        .fold(0f64, f64::max);
    let x_range = decades(t_lo.max(1e-3), t_hi.max(1e-3));
    let positive = timed.iter().map(|p| p.guesses).filter(|&g| g > 0.0);
    let g_lo = positive.clone().fold(f64::MAX, f64::min);
    let g_hi = positive.fold(0f64, f64::max);
    let (g_lo, g_hi) = if g_hi > 0.0 {
        (g_lo, g_hi)
    } else {
        (1.0, 10.0)
    };
    let y_range = decades(g_lo, g_hi);
    // The floor for "no guess": half a decade below the lowest decade.
    let floor = y_range.0 / 10f64.sqrt();
    let top = legend.last().map_or(legend_top, |e| e.rect.y + e.rect.h) + 24.0;
    let mut panels = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        let left = panel_width * (i % columns) as f64;
        let title_y = top + PANEL_HEIGHT * (i / columns) as f64 + TEXT_AXIS as f64;
        let plot = Rect {
            x: left + LEFT,
            y: title_y + 16.0,
            w: panel_width - LEFT - RIGHT,
            h: PANEL_HEIGHT - 110.0 - TEXT_AXIS as f64,
        };
        let x = |us: f64| {
            plot.x
                + plot.w * (us.max(x_range.0).log10() - x_range.0.log10())
                    / (x_range.1.log10() - x_range.0.log10())
        };
        let y = |g: f64| {
            let g = if g > 0.0 { g } else { floor };
            plot.y
                + plot.h * (1.0 - (g.log10() - floor.log10()) / (y_range.1.log10() - floor.log10()))
        };
        let mut lines = Vec::new();
        for (rank, b) in &branchings {
            let mut mine: Vec<&&Point> = timed
                .iter()
                .filter(|p| p.set == *set && p.branching == *b)
                .collect();
            mine.sort_by_key(|p| p.rule_rank);
            if mine.is_empty() {
                continue;
            }
            let marks = mine
                .iter()
                .map(|p| {
                    let (cx, cy) = (x(p.us), y(p.guesses));
                    Mark {
                        rule: p.rule.clone(),
                        rule_rank: p.rule_rank,
                        centre: (cx, cy),
                        dot: Rect {
                            x: cx - DOT,
                            y: cy - DOT,
                            w: 2.0 * DOT,
                            h: 2.0 * DOT,
                        },
                        bar: p.us_interval.map(|(lo, hi)| Rect {
                            x: x(lo),
                            y: cy - WHISKER,
                            w: (x(hi) - x(lo)).max(0.0),
                            h: 2.0 * WHISKER,
                        }),
                        label: Rect {
                            x: 0.0,
                            y: 0.0,
                            w: 0.0,
                            h: 0.0,
                        },
                        leader: false,
                        title: format!(
                            "{b} {}: {} guesses, {}",
                            p.rule,
                            p.guesses,
                            time_label(p.us)
                        ),
                    }
                })
                .collect();
            lines.push(Line {
                branching: b.to_string(),
                colour: colour(*rank),
                marks,
            });
        }
        place_labels(&mut lines, plot);
        panels.push(Panel {
            set: set.to_string(),
            plot,
            lines,
            title_y,
        });
    }
    let height = top + PANEL_HEIGHT * sets.len().div_ceil(columns) as f64;
    Layout {
        title: title.to_string(),
        width,
        height,
        legend,
        panels,
        x_range,
        y_range,
        floor,
    }
}

/// Does the segment from `a` to `b` cross the box?
fn crosses(a: (f64, f64), b: (f64, f64), r: &Rect) -> bool {
    // Sampled: the boxes are text-sized and segments short enough.
    (0..=24).any(|k| {
        let t = k as f64 / 24.0;
        let (px, py) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        px > r.x && px < r.x + r.w && py > r.y && py < r.y + r.h
    })
}

/// Greedy placement, rungs in order: each label takes the best of a ring
/// of positions around its point (right, left, above, below, the diagonals,
/// then farther rings): first no clash with a placed label, any dot, any
/// error bar or the plot's edge; then as few lines crossed as can be; then
/// the nearest. A label far from its point gets a leader line.
fn place_labels(lines: &mut [Line], plot: Rect) {
    let dots: Vec<Rect> = lines
        .iter()
        .flat_map(|l| l.marks.iter().map(|m| m.dot))
        .collect();
    let bars: Vec<Rect> = lines
        .iter()
        .flat_map(|l| l.marks.iter().filter_map(|m| m.bar))
        .collect();
    let segments: Vec<((f64, f64), (f64, f64))> = lines
        .iter()
        .flat_map(|l| l.marks.windows(2).map(|w| (w[0].centre, w[1].centre)))
        .collect();
    let mut placed: Vec<Rect> = Vec::new();
    for line in lines.iter_mut() {
        for mark in line.marks.iter_mut() {
            let (w, h) = text_size(mark.rule.chars().count(), TEXT_MIN);
            let (cx, cy) = mark.centre;
            let mut best: Option<((usize, usize, usize), Rect)> = None;
            for ring in 0..8usize {
                let d = 10.0 + 14.0 * ring as f64;
                let (dx, dy) = (d, d + h / 2.0);
                let spots = [
                    (cx + dx, cy - h / 2.0),
                    (cx - dx - w, cy - h / 2.0),
                    (cx - w / 2.0, cy - dy - h / 2.0),
                    (cx - w / 2.0, cy + dy - h / 2.0),
                    (cx + dx, cy - dy - h / 2.0),
                    (cx + dx, cy + dy - h / 2.0),
                    (cx - dx - w, cy - dy - h / 2.0),
                    (cx - dx - w, cy + dy - h / 2.0),
                ];
                for (sx, sy) in spots {
                    let rect = Rect { x: sx, y: sy, w, h };
                    // A margin, so that no two texts touch either.
                    let room = rect.grown(MARGIN);
                    let clashes = placed.iter().filter(|l| l.overlaps(&room)).count()
                        + dots.iter().filter(|d| d.overlaps(&room)).count()
                        + bars.iter().filter(|b| b.overlaps(&room)).count()
                        + usize::from(!rect.inside(&plot));
                    let crossed = segments
                        .iter()
                        .filter(|(a, b)| crosses(*a, *b, &rect))
                        .count();
                    let score = (clashes, crossed, ring);
                    if best.as_ref().is_none_or(|(s, _)| score < *s) {
                        best = Some((score, rect));
                    }
                }
                if best
                    .as_ref()
                    .is_some_and(|((c, x, _), _)| *c == 0 && *x == 0)
                {
                    break;
                }
            }
            let ((clashes, _, ring), mut rect) = best.expect("eight spots per ring");
            let mut leader = ring > 1;
            if clashes > 0 {
                // Crowded around the point (the times decide where points
                // fall): the nearest free spot anywhere in the plot, with a
                // leader line, before a label that covers something.
                let free = |r: &Rect| {
                    let room = r.grown(MARGIN);
                    r.inside(&plot)
                        && !placed.iter().any(|l| l.overlaps(&room))
                        && !dots.iter().any(|d| d.overlaps(&room))
                        && !bars.iter().any(|b| b.overlaps(&room))
                };
                let step = 4.0;
                let mut nearest: Option<(f64, Rect)> = None;
                let mut y = plot.y;
                while y + h <= plot.y + plot.h {
                    let mut x = plot.x;
                    while x + w <= plot.x + plot.w {
                        let r = Rect { x, y, w, h };
                        let (rx, ry) = r.centre();
                        let d = (rx - cx).powi(2) + (ry - cy).powi(2);
                        if nearest.as_ref().is_none_or(|(n, _)| d < *n) && free(&r) {
                            nearest = Some((d, r));
                        }
                        x += step;
                    }
                    y += step;
                }
                if let Some((_, r)) = nearest {
                    rect = r;
                    leader = true;
                }
            }
            mark.label = rect;
            mark.leader = leader;
            placed.push(rect);
        }
    }
}

/// The chart as a self-contained SVG. Points with no guess sit on a floor
/// line labelled "0" (a log scale has no zero).
pub fn svg(title: &str, points: &[Point]) -> String {
    draw(&layout(title, points))
}

/// Draws a layout.
pub fn draw(l: &Layout) -> String {
    let (width, height) = (l.width, l.height);
    let mut s = format!(
        r##"<svg class="ladder" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="white"/>"##
    );
    let _ = write!(
        s,
        r##"<text x="{LEFT}" y="{}" font-size="{TEXT_TITLE}">{}</text>"##,
        TEXT_TITLE + 10,
        html_escape(&l.title)
    );
    for e in &l.legend {
        let mid = e.rect.y + e.rect.h / 2.0;
        let _ = write!(
            s,
            r##"<line x1="{:.1}" y1="{mid:.1}" x2="{:.1}" y2="{mid:.1}" stroke="{}" stroke-width="3"/><circle cx="{:.1}" cy="{mid:.1}" r="{DOT}" fill="{}"/><text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}">{}</text>"##,
            e.rect.x,
            e.rect.x + 30.0,
            e.colour,
            e.rect.x + 15.0,
            e.colour,
            e.rect.x + 36.0,
            e.rect.y + e.rect.h * 0.8,
            html_escape(&e.text)
        );
    }
    let (x0, x1) = l.x_range;
    let (y0, y1) = l.y_range;
    for p in &l.panels {
        let plot = p.plot;
        let x = |us: f64| plot.x + plot.w * (us.log10() - x0.log10()) / (x1.log10() - x0.log10());
        let y = |g: f64| {
            let g = if g > 0.0 { g } else { l.floor };
            plot.y + plot.h * (1.0 - (g.log10() - l.floor.log10()) / (y1.log10() - l.floor.log10()))
        };
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_AXIS}" font-weight="bold">{}</text>"##,
            plot.x,
            p.title_y,
            html_escape(&p.set)
        );
        // Lines of equal time per puzzle, one per decade, labelled below.
        let mut t = x0;
        while t <= x1 * 1.0001 {
            let px = x(t);
            let _ = write!(
                s,
                r##"<line x1="{px:.1}" y1="{:.1}" x2="{px:.1}" y2="{:.1}" stroke="#ccc" stroke-dasharray="4 4"/><text x="{px:.1}" y="{:.1}" font-size="{TEXT_MIN}" text-anchor="middle" fill="#555">{}</text>"##,
                plot.y,
                plot.y + plot.h,
                plot.y + plot.h + TEXT_MIN as f64 + 6.0,
                time_label(t)
            );
            t *= 10.0;
        }
        let mut g = y0;
        while g <= y1 * 1.0001 {
            let py = y(g);
            let _ = write!(
                s,
                r##"<line x1="{:.1}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" text-anchor="end" fill="#555">{}</text>"##,
                plot.x,
                plot.x + plot.w,
                plot.x - 8.0,
                py + TEXT_MIN as f64 * 0.35,
                count_label(g)
            );
            g *= 10.0;
        }
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" text-anchor="end" fill="#555">0</text><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#333"/>"##,
            plot.x - 8.0,
            y(0.0) + TEXT_MIN as f64 * 0.35,
            plot.x,
            plot.y,
            plot.w,
            plot.h
        );
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_AXIS}" text-anchor="middle">time per puzzle (log; dashed: equal time)</text><text transform="translate({:.1},{:.1}) rotate(-90)" font-size="{TEXT_AXIS}" text-anchor="middle">guesses per puzzle (log)</text>"##,
            plot.x + plot.w / 2.0,
            plot.y + plot.h + TEXT_MIN as f64 + 36.0,
            plot.x - LEFT + TEXT_AXIS as f64 + 6.0,
            plot.y + plot.h / 2.0
        );
        // Lines first, then bars and dots, then labels on top of all.
        for line in &p.lines {
            let c = &line.colour;
            let pts: Vec<String> = line
                .marks
                .iter()
                .map(|m| format!("{:.1},{:.1}", m.centre.0, m.centre.1))
                .collect();
            let _ = write!(
                s,
                r##"<polyline class="rungs" data-rules="{}" points="{}" fill="none" stroke="{c}" stroke-width="3"/>"##,
                html_escape(
                    &line
                        .marks
                        .iter()
                        .map(|m| m.rule.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                pts.join(" ")
            );
        }
        for line in &p.lines {
            let c = &line.colour;
            for m in &line.marks {
                let (px, py) = m.centre;
                if let Some(b) = m.bar {
                    let _ = write!(
                        s,
                        r##"<line x1="{:.1}" y1="{py:.1}" x2="{:.1}" y2="{py:.1}" stroke="{c}" stroke-width="2"/><line x1="{0:.1}" y1="{2:.1}" x2="{0:.1}" y2="{3:.1}" stroke="{c}" stroke-width="2"/><line x1="{1:.1}" y1="{2:.1}" x2="{1:.1}" y2="{3:.1}" stroke="{c}" stroke-width="2"/>"##,
                        b.x,
                        b.x + b.w,
                        b.y,
                        b.y + b.h
                    );
                }
                let _ = write!(
                    s,
                    r##"<circle cx="{px:.1}" cy="{py:.1}" r="{DOT}" fill="{c}"><title>{}</title></circle>"##,
                    html_escape(&m.title)
                );
            }
        }
        for line in &p.lines {
            let c = &line.colour;
            for m in &line.marks {
                if m.leader {
                    let (lx, ly) = m.label.centre();
                    let _ = write!(
                        s,
                        r##"<line x1="{:.1}" y1="{:.1}" x2="{lx:.1}" y2="{ly:.1}" stroke="{c}" stroke-width="1" stroke-dasharray="2 2"/>"##,
                        m.centre.0, m.centre.1
                    );
                }
                let _ = write!(
                    s,
                    r##"<text x="{:.1}" y="{:.1}" font-size="{TEXT_MIN}" fill="{c}" stroke="white" stroke-width="4" paint-order="stroke">{}</text>"##,
                    m.label.x,
                    m.label.y + m.label.h * 0.8,
                    html_escape(&m.rule)
                );
            }
        }
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: [&str; 6] = ["none", "fc", "naked", "hidden", "locked", "subsets"];

    /// top95's ladder as measured (mrv and fewest), and a second set near it.
    fn two_sets() -> Vec<Point> {
        let figures = [
            ("least", 10200.0, 3390.0),
            ("least", 4530.0, 1610.0),
            ("least", 4530.0, 850.0),
            ("least", 115.0, 48.0),
            ("least", 40.3, 36.9),
            ("least", 19.8, 64.3),
            ("fewest", 105.0, 165.0),
            ("fewest", 105.0, 106.0),
            ("fewest", 105.0, 70.6),
            ("fewest", 105.0, 48.5),
            ("fewest", 39.9, 38.2),
            ("fewest", 19.8, 64.7),
        ];
        let mut points = Vec::new();
        for (set, scale) in [("top95", 1.0), ("hardest", 1.3)] {
            // Listed by time, as a report sorts them: the chart must not care.
            let mut these: Vec<Point> = figures
                .iter()
                .enumerate()
                .map(|(i, &(b, g, us))| Point {
                    set: set.into(),
                    branching: b.into(),
                    branching_rank: usize::from(b == "fewest"),
                    rule: RULES[i % 6].into(),
                    rule_rank: i % 6,
                    guesses: g * scale,
                    us: us * scale,
                    us_interval: Some((us * scale * 0.8, us * scale * 1.25)),
                })
                .collect();
            these.sort_by(|a, b| a.us.total_cmp(&b.us));
            points.extend(these);
        }
        points
    }

    #[test]
    fn lines_join_rungs_in_rung_order_on_one_panel_per_set() {
        let l = layout("the ladder", &two_sets());
        assert_eq!(l.panels.len(), 2);
        assert_eq!(l.panels[0].set, "top95");
        for p in &l.panels {
            assert_eq!(p.lines.len(), 2);
            for line in &p.lines {
                let rules: Vec<&str> = line.marks.iter().map(|m| m.rule.as_str()).collect();
                assert_eq!(rules, RULES, "{}", line.branching);
            }
        }
        let svg = draw(&l);
        assert_eq!(
            svg.matches(r#"data-rules="none fc naked hidden locked subsets""#)
                .count(),
            4
        );
    }

    /// The labels' rules hold for every panel of a layout.
    fn assert_labels_apart(l: &Layout) -> Result<(), String> {
        for p in &l.panels {
            let marks: Vec<&Mark> = p.lines.iter().flat_map(|l| &l.marks).collect();
            for (i, a) in marks.iter().enumerate() {
                if !a.label.inside(&p.plot) {
                    return Err(format!("label {i} ({}) outside the plot", a.rule));
                }
                for (j, b) in marks.iter().enumerate() {
                    if a.label.overlaps(&b.dot) || b.bar.is_some_and(|bar| a.label.overlaps(&bar)) {
                        return Err(format!("label {i} covers point or bar {j}"));
                    }
                    if i != j && a.label.overlaps(&b.label) {
                        return Err(format!("labels {i} and {j} overlap"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Times decide where points fall, and a loaded machine moves them:
    /// seeded figures with every rung's point crowded near the others (and
    /// near the plot's edges) still get labels clear of everything.
    #[test]
    fn crowded_points_still_get_labels_clear_of_everything() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as f64 / (1u64 << 31) as f64
        };
        for case in 0..60 {
            let mut points = Vec::new();
            for set in ["tiny", "hard"] {
                for (b, branching) in ["least", "fewest"].into_iter().enumerate() {
                    for (r, rule) in ["none", "fc", "hidden", "subsets"].into_iter().enumerate() {
                        // Within a factor of two of each other: one cluster.
                        let us = 20.0 * (1.0 + next());
                        let guesses = if r == 3 && next() < 0.3 {
                            0.0
                        } else {
                            5.0 * (1.0 + next())
                        };
                        points.push(Point {
                            set: set.into(),
                            branching: branching.into(),
                            branching_rank: b,
                            rule: rule.into(),
                            rule_rank: r,
                            guesses,
                            us,
                            us_interval: Some((us * 0.7, us * 1.4)),
                        });
                    }
                }
            }
            let l = layout("the ladder", &points);
            if let Err(e) = assert_labels_apart(&l) {
                panic!("case {case}: {e}");
            }
        }
    }

    #[test]
    fn labels_cover_no_point_no_bar_no_label_and_stay_in_the_plot() {
        let l = layout("the ladder", &two_sets());
        for p in &l.panels {
            let marks: Vec<&Mark> = p.lines.iter().flat_map(|l| &l.marks).collect();
            for (i, a) in marks.iter().enumerate() {
                assert!(a.label.inside(&p.plot), "{}: {:?}", a.rule, a.label);
                for (j, b) in marks.iter().enumerate() {
                    assert!(!a.label.overlaps(&b.dot), "label {} covers point {}", i, j);
                    if let Some(bar) = b.bar {
                        assert!(!a.label.overlaps(&bar), "label {i} covers bar {j}");
                    }
                    if i != j {
                        assert!(!a.label.overlaps(&b.label), "labels {i} and {j} overlap");
                    }
                }
            }
        }
        // The legend's entries do not overlap each other or the panels.
        for (i, a) in l.legend.iter().enumerate() {
            for b in l.legend.iter().skip(i + 1) {
                assert!(!a.rect.overlaps(&b.rect));
            }
            assert!(l.panels.iter().all(|p| !a.rect.overlaps(&p.plot)));
        }
    }

    #[test]
    fn every_point_drawn_and_labelled_no_small_font() {
        let points = two_sets();
        let svg = svg("the ladder", &points);
        assert_eq!(svg.matches("<circle").count(), points.len() + 2);
        for size in svg.split("font-size=\"").skip(1) {
            let n: u32 = size[..size.find('"').unwrap()].parse().unwrap();
            assert!(n >= TEXT_MIN, "font {n}");
        }
        assert!(svg.contains(">0</text>"));
        assert!(svg.contains(">fewest branching</text>"));
    }
}
