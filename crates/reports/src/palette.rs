//! The one palette of every chart and page, and the chart text sizes.
//!
//! A strategy's colour depends only on where it stands in the registry's
//! list (which the program hands over once, [`set_order`]), never on which strategies a run
//! happens to show, so `dfs` is the same orange on the bar charts, the cactus
//! plot, the scaling chart and any chart added later:
//!
//! * the headline strategies (`Info::headline`), in registry order, take the
//!   strong colours of [`HEADLINE`] (a strategy that is not ours, the
//!   reference, takes [`OUTSIDE`], a dark grey);
//! * the other registered strategies (the pruning ladder, the SAT
//!   encodings), in registry order, take hues a golden angle apart, so
//!   neighbours on the ladder differ;
//! * an id the registry does not know (a test strategy) takes a hue from a
//!   stable hash of the id.
//!
//! Charts are drawn [`WIDTH`] pixels wide with text of at least
//! [`TEXT_MIN`] (plotters writes `font-size` as the size / 1.24, so 20 is a
//! 16.1 px font), so that a page or a README showing them 880 px wide still
//! shows text of at least 14 px (`tests/compare.rs` checks every SVG).

use plotters::style::RGBColor;
use std::sync::OnceLock;
use sudoku_core::Solver;

/// A registered strategy as the palette sees it.
#[derive(Clone, Copy, Debug)]
struct Member {
    id: &'static str,
    headline: bool,
    outside: bool,
}

static ORDER: OnceLock<Vec<Member>> = OnceLock::new();

/// Tells the palette the registry's list, once per process (later calls
/// change nothing): colours follow its order. Before it, every id takes the
/// hue of its hash.
pub fn set_order(list: &[&'static dyn Solver]) {
    ORDER.get_or_init(|| {
        list.iter()
            .map(|s| Member {
                id: s.id(),
                headline: s.info().headline,
                outside: s.info().outside,
            })
            .collect()
    });
}

/// Strong, distinguishable colours (Tableau 10 without its pale yellow and
/// grey, teal darkened for lines on white), for the headline strategies.
pub const HEADLINE: [RGBColor; 9] = [
    RGBColor(78, 121, 167),  // blue
    RGBColor(242, 142, 43),  // orange
    RGBColor(225, 87, 89),   // red
    RGBColor(73, 152, 148),  // teal
    RGBColor(89, 161, 79),   // green
    RGBColor(176, 122, 161), // purple
    RGBColor(156, 117, 95),  // brown
    RGBColor(255, 127, 147), // pink
    RGBColor(182, 153, 45),  // ochre
];

/// Ten categorical colours (Tableau 10) for charts whose colours stand for
/// something other than a strategy (the ladder chart colours its rules); a
/// strategy's colour is [`color`].
pub const CATEGORIES: [RGBColor; 10] = [
    RGBColor(78, 121, 167),
    RGBColor(242, 142, 43),
    RGBColor(225, 87, 89),
    RGBColor(118, 183, 178),
    RGBColor(89, 161, 79),
    RGBColor(237, 201, 72),
    RGBColor(176, 122, 161),
    RGBColor(255, 157, 167),
    RGBColor(156, 117, 95),
    RGBColor(186, 176, 172),
];

/// The colour of a strategy that is not ours (the reference row).
pub const OUTSIDE: RGBColor = RGBColor(64, 64, 64);

/// Width of every chart, px: text sizes below are chosen for it.
pub const WIDTH: u32 = 960;
/// Smallest text on a chart, plotters size (tick labels, legend, notes).
pub const TEXT_MIN: u32 = 20;
/// Axis descriptions and set labels, plotters size.
pub const TEXT_AXIS: u32 = 22;
/// Chart titles, plotters size.
pub const TEXT_TITLE: u32 = 26;

/// The colour of a strategy, the same on every chart.
pub fn color(id: &str) -> RGBColor {
    let list = ORDER.get().map_or(&[][..], |l| &l[..]);
    let Some(at) = list.iter().position(|s| s.id == id) else {
        return hue(hash(id) % 360.0);
    };
    let info = list[at];
    if info.outside {
        return OUTSIDE;
    }
    let before = &list[..at];
    if info.headline {
        let k = before.iter().filter(|s| s.headline && !s.outside).count();
        if k < HEADLINE.len() {
            return HEADLINE[k];
        }
        return hue(k as f64 * GOLDEN);
    }
    let k = before.iter().filter(|s| !s.headline).count();
    hue(20.0 + k as f64 * GOLDEN)
}

/// The colour as CSS: `#4e79a7`.
pub fn css(id: &str) -> String {
    let RGBColor(r, g, b) = color(id);
    format!("#{r:02x}{g:02x}{b:02x}")
}

const GOLDEN: f64 = 137.508;

/// A mid-dark colour of hue `degrees` (HSL, saturation 0.6, lightness 0.42):
/// readable as a line or a bar on white.
fn hue(degrees: f64) -> RGBColor {
    let h = degrees.rem_euclid(360.0) / 60.0;
    let (s, l) = (0.6, 0.42);
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    RGBColor(byte(r), byte(g), byte(b))
}

/// FNV-1a of the id: the same number on every run and platform.
fn hash(id: &str) -> f64 {
    let mut h: u32 = 0x811c_9dc5;
    for b in id.bytes() {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hues_are_colours() {
        assert_eq!(hue(0.0), RGBColor(171, 43, 43));
        let RGBColor(r, g, b) = hue(240.0);
        assert!(b > r && b > g);
    }
}
