//! The exact-cover examples are tests too: the functions below are the
//! examples' own (`examples/*.rs`, included here, not copied), checked against
//! published counts.

#[allow(dead_code)] // the examples' `main`
#[path = "../examples/n_queens.rs"]
mod n_queens;

#[allow(dead_code)]
#[path = "../examples/langford.rs"]
mod langford;

#[test]
fn n_queens_counts_match_oeis_a000170() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &want) in (1..).zip(known.iter()) {
        assert_eq!(n_queens::count(n), want, "{n} queens");
    }
}

#[test]
fn n_queens_first_solution_is_legal() {
    for n in [1, 4, 8, 12] {
        let files = n_queens::first(n).expect("a solution exists");
        for r in 0..n {
            for s in r + 1..n {
                let (a, b) = (files[r], files[s]);
                assert_ne!(a, b, "{n}: ranks {r} and {s} share a file");
                assert_ne!(
                    a.abs_diff(b),
                    s - r,
                    "{n}: ranks {r} and {s} share a diagonal"
                );
            }
        }
    }
    assert_eq!(n_queens::first(3), None);
}

#[test]
fn langford_counts_match_oeis_a014552() {
    let known = [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 0),
        (6, 0),
        (7, 26),
        (8, 150),
        (11, 17_792),
    ];
    for (n, want) in known {
        assert_eq!(langford::count(n), want, "L(2,{n})");
    }
}

#[test]
fn langford_first_arrangement_is_legal() {
    assert_eq!(langford::first(3), Some(vec![3, 1, 2, 1, 3, 2]));
    let places = langford::first(8).expect("L(2,8) > 0");
    for k in 1..=8 {
        let at: Vec<usize> = (0..16).filter(|&i| places[i] == k).collect();
        assert_eq!(at.len(), 2, "{k} appears twice");
        assert_eq!(at[1] - at[0], k + 1, "{k}s have {k} places between them");
    }
}
