//! How numbers and units are written for people, in one place so that a
//! time, a count or a size reads the same in every table, trace and sentence.
//! (Parsing them back from the command line is [`crate::units`].)

use std::time::Duration;

/// A time in µs, three significant digits: `0.85µs`, `12.3µs`, `4.56ms`, `2.00s`.
pub fn format_us(us: f64) -> String {
    match us {
        u if u < 10.0 => format!("{u:.2}µs"),
        u if u < 100.0 => format!("{u:.1}µs"),
        u if u < 1e3 => format!("{u:.0}µs"),
        u if u < 1e4 => format!("{:.2}ms", u / 1e3),
        u if u < 1e5 => format!("{:.1}ms", u / 1e3),
        u if u < 1e6 => format!("{:.0}ms", u / 1e3),
        u => format!("{:.2}s", u / 1e6),
    }
}

/// A duration as [`format_us`] writes it: `85.2µs`, `3.41ms`, `1.20s`.
pub fn format_time(d: Duration) -> String {
    format_us(d.as_secs_f64() * 1e6)
}

/// A count or rate, compact: `7`, `12.5`, `950`, `12.3k`, `4.56M`, `1.2G`.
pub fn format_si(x: f64) -> String {
    let short = |v: f64, unit: &str| {
        if v < 10.0 {
            format!("{v:.2}{unit}")
        } else if v < 100.0 {
            format!("{v:.1}{unit}")
        } else {
            format!("{v:.0}{unit}")
        }
    };
    match x {
        v if v < 1e3 && v == v.trunc() => format!("{v:.0}"),
        v if v < 1e3 => short(v, ""),
        v if v < 1e6 => short(v / 1e3, "k"),
        v if v < 1e9 => short(v / 1e6, "M"),
        v => short(v / 1e9, "G"),
    }
}

/// A ratio, three significant digits below 1000: `1.00x`, `12.5x`, `1234x`.
pub fn format_ratio(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.2}x")
    } else if r < 100.0 {
        format!("{r:.1}x")
    } else {
        format!("{r:.0}x")
    }
}

/// Bytes in decimal units: `512 B`, `3.2 kB`, `48.0 MB`, `1.50 GB`.
pub fn format_bytes(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..=999 => format!("{bytes} B"),
        1_000..=999_999 => format!("{:.1} kB", b / 1e3),
        1_000_000..=999_999_999 => format!("{:.1} MB", b / 1e6),
        _ => format!("{:.2} GB", b / 1e9),
    }
}

/// An exact count with thousands separators: `10008` as `10,008`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Seconds since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian).
pub fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// A solve's counts in words, for messages: `nodes 3, placements 4, guesses
/// 1, backtracks 0, max depth 2, peak states 1, peak bytes 640` (and `mems
/// 120` when counted).
pub fn stats_words(s: &sudoku_core::Stats) -> String {
    let mut words = format!(
        "nodes {}, placements {}, guesses {}, backtracks {}, max depth {}, peak states {}, \
         peak bytes {}",
        s.nodes, s.placements, s.guesses, s.backtracks, s.max_depth, s.peak_states, s.peak_bytes
    );
    if let Some(mems) = s.mems {
        words.push_str(&format!(", mems {mems}"));
    }
    words
}

/// An optional setting in words: its value, or `none`.
pub fn or_none<T: std::fmt::Display>(x: &Option<T>) -> String {
    x.as_ref().map_or("none".to_string(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_counts_ratios_and_sizes() {
        assert_eq!(format_us(0.854), "0.85µs");
        assert_eq!(format_us(12.34), "12.3µs");
        assert_eq!(format_us(4560.0), "4.56ms");
        assert_eq!(format_us(2_000_000.0), "2.00s");
        assert_eq!(format_time(Duration::from_micros(3410)), "3.41ms");
        assert_eq!(format_si(7.0), "7");
        assert_eq!(format_si(12.5), "12.5");
        assert_eq!(format_si(12_345.0), "12.3k");
        assert_eq!(format_si(4_560_000.0), "4.56M");
        assert_eq!(format_ratio(1.0), "1.00x");
        assert_eq!(format_ratio(1234.0), "1234x");
        assert_eq!(format_bytes(48_000_000), "48.0 MB");
        assert_eq!(thousands(10_008), "10,008");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn dates() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_utc(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
