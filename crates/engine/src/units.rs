//! Parsing of the human-friendly budget values on the command line (writing
//! them for people is [`crate::format`]).

use std::time::Duration;

/// `2s`, `500ms`, `1.5s`, `3m`, `100us`, or `none` (no budget).
pub fn parse_duration(text: &str) -> Result<Option<Duration>, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "none" || t == "off" {
        return Ok(None);
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration: write e.g. 2s, 500ms, 1m or none"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" => value,
        "ms" => value / 1e3,
        "us" | "µs" => value / 1e6,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown time unit '{other}' in '{text}': use ms, s, m or h"
            ))
        }
    };
    if !seconds.is_finite() || !(0.0..=1e9).contains(&seconds) {
        return Err(format!("'{text}' is out of range"));
    }
    Ok(Some(Duration::from_secs_f64(seconds)))
}

/// `256MB`, `64MiB`, `1GB`, `512kB`, a plain byte count, or `none`.
/// Decimal (kB, MB, GB) and binary (KiB, MiB, GiB) units are both accepted.
pub fn parse_bytes(text: &str) -> Result<Option<u64>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") || t.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a size: write e.g. 256MB, 64MiB, 1GB or none"))?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" => 1e3,
        "kib" => 1024.0,
        "m" | "mb" => 1e6,
        "mib" => 1024.0 * 1024.0,
        "g" | "gb" => 1e9,
        "gib" => 1024.0 * 1024.0 * 1024.0,
        other => {
            return Err(format!(
                "unknown size unit '{other}' in '{text}': use kB, MB, GB, KiB, MiB or GiB"
            ))
        }
    };
    let bytes = value * scale;
    if !bytes.is_finite() || !(0.0..=1e18).contains(&bytes) {
        return Err(format!("'{text}' is out of range"));
    }
    Ok(Some(bytes as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("2s").unwrap(), Some(Duration::from_secs(2)));
        assert_eq!(
            parse_duration("500ms").unwrap(),
            Some(Duration::from_millis(500))
        );
        assert_eq!(parse_duration("none").unwrap(), None);
        assert!(parse_duration("2 parsecs").is_err());
        assert!(parse_duration("").is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_bytes("256MB").unwrap(), Some(256_000_000));
        assert_eq!(parse_bytes("64MiB").unwrap(), Some(64 << 20));
        assert_eq!(parse_bytes("1024").unwrap(), Some(1024));
        assert!(parse_bytes("12 parsecs").is_err());
    }
}
