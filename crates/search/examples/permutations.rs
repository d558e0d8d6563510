//! Count the permutations of `1..=n` with the generic search: a state is a
//! prefix of a permutation, its children append one unused value each, and a
//! goal is a prefix of length `n`. There are `n!` goals.
//!
//! ```text
//! cargo run --release -p sudoku-search --example permutations -- 10        # 3628800
//! cargo run --release -p sudoku-search --example permutations -- 9 bfs    # 362880
//! ```
//!
//! `tests/examples.rs` runs this same file as a test.

use std::ops::ControlFlow;
use sudoku_search::{search, Order, State, Visitor};

/// The largest `n` this example accepts (`values` holds up to 16 entries).
pub const MAX_N: usize = 16;

/// A prefix of a permutation of `1..=n`: 20 bytes, copied for every child.
#[derive(Clone, Copy, Debug)]
pub struct Prefix {
    n: u8,
    len: u8,
    /// Bit `v - 1` is set when `v` is already in the prefix.
    used: u16,
    values: [u8; MAX_N],
}

impl Prefix {
    /// The empty prefix: the root of the search.
    pub fn empty(n: usize) -> Prefix {
        assert!(n <= MAX_N, "n = {n} is larger than {MAX_N}");
        Prefix {
            n: n as u8,
            len: 0,
            used: 0,
            values: [0; MAX_N],
        }
    }

    pub fn values(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }
}

impl State for Prefix {
    fn expand(&self, children: &mut Vec<Prefix>) {
        for v in 1..=self.n {
            if self.used & (1 << (v - 1)) == 0 {
                let mut child = *self;
                child.values[child.len as usize] = v;
                child.len += 1;
                child.used |= 1 << (v - 1);
                children.push(child);
            }
        }
    }

    fn is_goal(&self) -> bool {
        self.len == self.n
    }
}

/// Counts goals and states entered.
#[derive(Default)]
pub struct Counter {
    pub goals: u64,
    pub states: u64,
    /// The first goal reached.
    pub first: Option<Vec<u8>>,
}

impl Visitor<Prefix> for Counter {
    fn goal(&mut self, state: &Prefix) -> ControlFlow<()> {
        self.goals += 1;
        self.first.get_or_insert_with(|| state.values().to_vec());
        ControlFlow::Continue(())
    }
    fn enter(&mut self, _: &Prefix) -> ControlFlow<()> {
        self.states += 1;
        ControlFlow::Continue(())
    }
}

/// Searches every permutation of `1..=n` in the given order.
pub fn count(n: usize, order: Order) -> Counter {
    let mut counter = Counter::default();
    let flow = search(order, Prefix::empty(n), &mut counter);
    assert!(flow.is_continue(), "the counter never stops the search");
    counter
}

#[allow(dead_code)] // used as an example, not when tests/examples.rs includes this file
fn main() {
    let mut args = std::env::args().skip(1);
    let n = args
        .next()
        .map_or(9, |a| a.parse().expect("usage: permutations [N] [dfs|bfs]"));
    let order = match args.next().as_deref() {
        None | Some("dfs") => Order::DepthFirst,
        Some("bfs") => Order::BreadthFirst,
        Some(other) => panic!("unknown order {other}: use dfs or bfs"),
    };
    let started = std::time::Instant::now();
    let counter = count(n, order);
    let elapsed = started.elapsed();
    println!(
        "{n}! = {} permutations ({order:?}, {} states, {elapsed:.2?})",
        counter.goals, counter.states
    );
    if let Some(first) = counter.first {
        println!("first: {first:?}");
    }
}
