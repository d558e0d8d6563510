//! Text made safe for HTML and SVG.

/// `s` with `&`, `<`, `>` and `"` escaped, for HTML text and attributes.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
