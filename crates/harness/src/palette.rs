//! The reports' palette in the registry's order: the colours every chart of
//! this program draws (see [`sudoku_reports::palette`]).

pub use sudoku_reports::palette::*;

/// The colour of a strategy, the same on every chart.
pub fn color(id: &str) -> plotters::style::RGBColor {
    set_order(&crate::registry::strategies());
    sudoku_reports::palette::color(id)
}

/// The colour as CSS: `#4e79a7`.
pub fn css(id: &str) -> String {
    set_order(&crate::registry::strategies());
    sudoku_reports::palette::css(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_strategy_has_its_own_colour() {
        let ids: Vec<&str> = crate::registry::strategies()
            .iter()
            .map(|s| s.id())
            .collect();
        let colors: Vec<String> = ids.iter().map(|id| css(id)).collect();
        for (i, a) in colors.iter().enumerate() {
            for (j, b) in colors.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{} and {} share a colour", ids[i], ids[j]);
            }
        }
        // Stable: asked twice, the same answer; an unknown id gets one too.
        assert_eq!(css(ids[0]), css(ids[0]));
        assert_eq!(css("not-registered"), css("not-registered"));
    }
}
