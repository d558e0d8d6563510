//! Rank statistics the lab reports (how well one count follows another),
//! in one place for the harness, the study and the examples.

/// Average ranks from 1: tied values share the mean of the ranks they span
/// (`[10, 20, 20, 30]` ranks `[1, 2.5, 2.5, 4]`).
pub fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            ranks[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the average ranks
/// (so ties are handled exactly, not by the `1 - 6 Σd² / n(n²-1)` shortcut,
/// which holds only without ties). `None` for fewer than two pairs, columns
/// of different lengths, or a constant column.
pub fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() < 2 || a.len() != b.len() {
        return None;
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    (va > 0.0 && vb > 0.0).then(|| cov / (va * vb).sqrt())
}

/// The share of pairs (`a[i]`, `b[i]`) at most `tolerance` apart, with a
/// margin for decimal rounding (ratings such as 7.2 and 6.9 are 0.3
/// apart, not a hair more); 0 for no pairs. `tolerance` 0 counts the
/// equal pairs.
pub fn share_within(a: &[f64], b: &[f64], tolerance: f64) -> f64 {
    let close = a
        .iter()
        .zip(b)
        .filter(|(x, y)| (*x - *y).abs() <= tolerance + 1e-9)
        .count();
    close as f64 / a.len().min(b.len()).max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_within_a_tolerance_count_the_rounding_edge() {
        let (a, b) = ([7.2, 5.0, 6.6, 9.0], [6.9, 5.0, 4.0, 9.4]);
        assert_eq!(share_within(&a, &b, 0.3), 0.5);
        assert_eq!(share_within(&a, &b, 0.0), 0.25);
        assert_eq!(share_within(&[], &[], 0.3), 0.0);
    }

    #[test]
    fn ranks_share_ties() {
        assert_eq!(ranks(&[10.0, 20.0, 20.0, 30.0]), vec![1.0, 2.5, 2.5, 4.0]);
        assert_eq!(ranks(&[3.0, 1.0, 2.0]), vec![3.0, 1.0, 2.0]);
        assert_eq!(ranks(&[5.0, 5.0, 5.0]), vec![2.0, 2.0, 2.0]);
    }

    #[test]
    fn spearman_known_values() {
        let close = |a: Option<f64>, b: f64| {
            let a = a.expect("a correlation");
            assert!((a - b).abs() < 1e-12, "{a} != {b}");
        };
        // Monotone, in either direction, whatever the spacing.
        close(
            spearman(&[1.0, 2.0, 3.0, 4.0], &[1.0, 10.0, 100.0, 1e6]),
            1.0,
        );
        close(spearman(&[1.0, 2.0, 3.0, 4.0], &[9.0, 7.0, 3.0, 2.0]), -1.0);
        // Without ties, 1 - 6 Σd² / (n (n² - 1)): d = (0, 0, 1, -1, 0) gives 0.9.
        close(
            spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[1.0, 2.0, 4.0, 3.0, 5.0]),
            0.9,
        );
        // With ties: ranks (1.5, 1.5, 3, 4) against (1, 2, 3, 4) is
        // Pearson's r of those ranks, 4.5 / sqrt(4.5 * 5) = 0.9486832...
        close(
            spearman(&[7.0, 7.0, 8.0, 9.0], &[1.0, 2.0, 3.0, 4.0]),
            4.5 / (4.5f64 * 5.0).sqrt(),
        );
        // Symmetric.
        assert_eq!(
            spearman(&[7.0, 7.0, 8.0, 9.0], &[1.0, 2.0, 3.0, 4.0]),
            spearman(&[1.0, 2.0, 3.0, 4.0], &[7.0, 7.0, 8.0, 9.0])
        );
    }

    #[test]
    fn spearman_refuses_what_has_no_correlation() {
        assert_eq!(spearman(&[1.0], &[2.0]), None);
        assert_eq!(spearman(&[1.0, 2.0], &[3.0]), None);
        // A strategy that never guesses: a constant column.
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[0.0, 0.0, 0.0]), None);
    }
}
