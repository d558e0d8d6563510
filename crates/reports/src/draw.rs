//! What every SVG chart shares: the drawing area, the header (title, legend
//! and notes above the plot), text measured and wrapped to the width, log
//! axes that read in units (`10 µs`, `2.5 ms`, `1 s`; `10k`, `1M`). Every
//! chart is [`WIDTH`] px wide with text legible at 880 px and takes its
//! colours from [`palette`].

use crate::palette::{self, TEXT_MIN, TEXT_TITLE, WIDTH};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A drawing area of an SVG chart.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A figure with at most three significant digits and no trailing zeros:
/// `2`, `2.5`, `0.25`, `125`.
pub(crate) fn short_number(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return "0".into();
    }
    let digits = (2 - v.abs().log10().floor() as i32).clamp(0, 6) as usize;
    let text = format!("{v:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A time axis label from µs: `500 ns`, `10 µs`, `2.5 ms`, `1 s`, `2 min`.
pub fn axis_time(us: f64) -> String {
    match us {
        u if u < 1.0 => format!("{} ns", short_number(u * 1e3)),
        u if u < 1e3 => format!("{} µs", short_number(u)),
        u if u < 1e6 => format!("{} ms", short_number(u / 1e3)),
        u if u < 6e7 => format!("{} s", short_number(u / 1e6)),
        u => format!("{} min", short_number(u / 6e7)),
    }
}

/// A count axis label: `5`, `250`, `10k`, `2.5M`, `1G`.
pub fn axis_count(x: f64) -> String {
    match x {
        v if v < 1e3 => short_number(v),
        v if v < 1e6 => format!("{}k", short_number(v / 1e3)),
        v if v < 1e9 => format!("{}M", short_number(v / 1e6)),
        v => format!("{}G", short_number(v / 1e9)),
    }
}

/// Estimated width in px of `text` at plotters font size `size` (sans-serif
/// averages about 0.45 of the size per character; generous, so labels never
/// collide).
pub fn text_width(text: &str, size: u32) -> i32 {
    (text.chars().count() as f64 * size as f64 * 0.5).ceil() as i32
}

/// Words of `text` in lines at most `width` px wide at `size`.
pub fn wrap(text: &str, width: i32, size: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

pub(crate) const MARGIN: i32 = 16;
pub(crate) const LINE: i32 = 26;

/// The legend's entries laid out in rows across `width` px.
pub(crate) fn legend_rows<'a>(ids: &[&'a str], width: i32) -> Vec<Vec<&'a str>> {
    let mut rows: Vec<Vec<&str>> = Vec::new();
    let mut used = 0;
    for id in ids {
        let w = 40 + text_width(id, TEXT_MIN) + 16;
        match rows.last_mut() {
            Some(row) if used + w <= width => {
                row.push(id);
                used += w;
            }
            _ => {
                rows.push(vec![id]);
                used = w;
            }
        }
    }
    rows
}

/// How a legend shows a strategy: a filled square (bars) or a line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    Bar,
    Line,
}

/// The height of [`header`] for these notes and strategies.
pub fn header_height(notes: &[&str], ids: &[&str]) -> u32 {
    let inner = WIDTH as i32 - 2 * MARGIN;
    let note_lines: usize = notes.iter().map(|n| wrap(n, inner, TEXT_MIN).len()).sum();
    (MARGIN + 34 + note_lines as i32 * LINE + legend_rows(ids, inner).len() as i32 * LINE + 8)
        as u32
}

/// Draws the title, the notes (wrapped) and the legend at the top of `root`
/// and returns the area below them, for the plot.
pub fn header<'a>(
    root: &Area<'a>,
    title: &str,
    notes: &[&str],
    ids: &[&str],
    swatch: Swatch,
) -> Result<Area<'a>, String> {
    let height = header_height(notes, ids);
    let (top, rest) = root.split_vertically(height);
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let title_style = TextStyle::from(
        ("sans-serif", TEXT_TITLE)
            .into_font()
            .style(FontStyle::Bold),
    )
    .pos(Pos::new(HPos::Left, VPos::Top));
    top.draw(&Text::new(title.to_string(), (MARGIN, MARGIN), title_style))
        .map_err(|x| e(&x))?;
    let note_style = TextStyle::from(("sans-serif", TEXT_MIN).into_font())
        .color(&RGBColor(60, 60, 60))
        .pos(Pos::new(HPos::Left, VPos::Top));
    let inner = WIDTH as i32 - 2 * MARGIN;
    let mut y = MARGIN + 34;
    for note in notes {
        for line in wrap(note, inner, TEXT_MIN) {
            top.draw(&Text::new(line, (MARGIN, y), note_style.clone()))
                .map_err(|x| e(&x))?;
            y += LINE;
        }
    }
    let label = TextStyle::from(("sans-serif", TEXT_MIN).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center));
    for row in legend_rows(ids, inner) {
        let mut x = MARGIN;
        let mid = y + LINE / 2;
        for id in row {
            let color = palette::color(id);
            match swatch {
                Swatch::Bar => top
                    .draw(&Rectangle::new(
                        [(x, mid - 8), (x + 28, mid + 8)],
                        color.filled(),
                    ))
                    .map_err(|x| e(&x))?,
                Swatch::Line => top
                    .draw(&PathElement::new(
                        vec![(x, mid), (x + 28, mid)],
                        color.stroke_width(4),
                    ))
                    .map_err(|x| e(&x))?,
            }
            top.draw(&Text::new(id.to_string(), (x + 36, mid), label.clone()))
                .map_err(|x| e(&x))?;
            x += 40 + text_width(id, TEXT_MIN) + 16;
        }
        y += LINE;
    }
    Ok(rest)
}

/// The mesh style every chart shares: legible tick labels and axis names.
pub(crate) fn font(size: u32) -> TextStyle<'static> {
    TextStyle::from(("sans-serif", size).into_font())
}

/// Powers of ten bracketing `values` (positive), for a log axis.
pub(crate) fn decades(values: &[f64]) -> (f64, f64) {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    (
        10f64.powf((low * 0.9).log10().floor()),
        10f64.powf((high * 1.1).log10().ceil()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_read_in_units() {
        assert_eq!(axis_time(1e6), "1 s");
        assert_eq!(axis_time(2.5e3), "2.5 ms");
        assert_eq!(axis_time(10.0), "10 µs");
        assert_eq!(axis_time(0.5), "500 ns");
        assert_eq!(axis_time(1.2e8), "2 min");
        assert_eq!(axis_time(125_000.0), "125 ms");
        assert_eq!(axis_count(1e6), "1M");
        assert_eq!(axis_count(25_000.0), "25k");
        assert_eq!(axis_count(7.0), "7");
        assert_eq!(axis_count(0.25), "0.25");
    }

    #[test]
    fn notes_wrap_to_the_width() {
        let text = "word ".repeat(100);
        for line in wrap(&text, 400, TEXT_MIN) {
            assert!(text_width(&line, TEXT_MIN) <= 400, "{line}");
        }
    }
}
