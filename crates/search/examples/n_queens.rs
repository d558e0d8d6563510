//! Count the solutions of the N-queens puzzle with the generic search: a
//! state holds queens on the first rows, its children put one queen on the
//! next row in each safe column, and a goal has a queen on every row.
//!
//! ```text
//! cargo run --release -p sudoku-search --example search_n_queens -- 10       # 724
//! cargo run --release -p sudoku-search --example search_n_queens -- 8 bfs    # 92
//! ```
//!
//! `tests/examples.rs` runs this same file as a test.

use std::ops::ControlFlow;
use sudoku_search::{search, Order, State, Visitor};

/// The largest board this example accepts.
pub const MAX_N: usize = 16;

/// Queens on the first `rows` rows of an `n x n` board. The attacked columns
/// of the next row are three bitmasks (columns, and the two diagonals shifted
/// one column per row), so a child costs a copy and three shifts.
#[derive(Clone, Copy, Debug)]
pub struct Queens {
    n: u8,
    rows: u8,
    cols: u32,
    /// Columns attacked along down-left diagonals on the next row.
    left: u32,
    /// Columns attacked along down-right diagonals on the next row.
    right: u32,
    /// The column of the queen on each row placed so far.
    queens: [u8; MAX_N],
}

impl Queens {
    /// The empty board: the root of the search.
    pub fn empty(n: usize) -> Queens {
        assert!(n <= MAX_N, "n = {n} is larger than {MAX_N}");
        Queens {
            n: n as u8,
            rows: 0,
            cols: 0,
            left: 0,
            right: 0,
            queens: [0; MAX_N],
        }
    }

    /// The column of the queen on each row.
    pub fn columns(&self) -> &[u8] {
        &self.queens[..self.rows as usize]
    }
}

impl State for Queens {
    fn expand(&self, children: &mut Vec<Queens>) {
        let all = (1u32 << self.n) - 1;
        let mut safe = all & !(self.cols | self.left | self.right);
        while safe != 0 {
            let bit = safe & safe.wrapping_neg();
            safe ^= bit;
            let mut child = *self;
            child.queens[self.rows as usize] = bit.trailing_zeros() as u8;
            child.rows += 1;
            child.cols |= bit;
            child.left = (self.left | bit) << 1 & all;
            child.right = (self.right | bit) >> 1;
            children.push(child);
        }
    }

    fn is_goal(&self) -> bool {
        self.rows == self.n
    }
}

/// Counts solutions and states entered.
#[derive(Default)]
pub struct Counter {
    pub solutions: u64,
    pub states: u64,
    /// The first solution reached: the queen's column on each row.
    pub first: Option<Vec<u8>>,
}

impl Visitor<Queens> for Counter {
    fn goal(&mut self, state: &Queens) -> ControlFlow<()> {
        self.solutions += 1;
        self.first.get_or_insert_with(|| state.columns().to_vec());
        ControlFlow::Continue(())
    }
    fn enter(&mut self, _: &Queens) -> ControlFlow<()> {
        self.states += 1;
        ControlFlow::Continue(())
    }
}

/// Searches every placement of `n` queens in the given order.
pub fn count(n: usize, order: Order) -> Counter {
    let mut counter = Counter::default();
    let flow = search(order, Queens::empty(n), &mut counter);
    assert!(flow.is_continue(), "the counter never stops the search");
    counter
}

/// Checks that no two queens attack each other.
pub fn is_solution(columns: &[u8]) -> bool {
    columns.iter().enumerate().all(|(r1, &c1)| {
        columns[r1 + 1..].iter().enumerate().all(|(i, &c2)| {
            let r2 = r1 + 1 + i;
            c1 != c2 && (r2 - r1) != (c1 as usize).abs_diff(c2 as usize)
        })
    })
}

#[allow(dead_code)] // used as an example, not when tests/examples.rs includes this file
fn main() {
    let mut args = std::env::args().skip(1);
    let n = args
        .next()
        .map_or(8, |a| a.parse().expect("usage: n_queens [N] [dfs|bfs]"));
    let order = match args.next().as_deref() {
        None | Some("dfs") => Order::DepthFirst,
        Some("bfs") => Order::BreadthFirst,
        Some(other) => panic!("unknown order {other}: use dfs or bfs"),
    };
    let started = std::time::Instant::now();
    let counter = count(n, order);
    let elapsed = started.elapsed();
    println!(
        "{n} queens: {} solutions ({order:?}, {} states, {elapsed:.2?})",
        counter.solutions, counter.states
    );
    if let Some(first) = counter.first {
        assert!(is_solution(&first));
        for &col in &first {
            let line: String = (0..n)
                .map(|c| if c == col as usize { 'Q' } else { '.' })
                .collect();
            println!("{line}");
        }
    }
}
