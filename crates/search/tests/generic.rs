//! The generic search's hooks, on a problem small enough to count by hand:
//! the permutations of `1..=n` (`examples/permutations.rs`).

#[path = "../examples/permutations.rs"]
mod permutations;

use permutations::Prefix;
use std::mem::size_of;
use std::ops::ControlFlow;
use sudoku_search::{search, Order, Visitor};

/// Records every hook call; `limit` (bytes) is enforced in `hold`.
#[derive(Default)]
struct Log {
    entered: u64,
    goals: u64,
    expanded: u64,
    dead_ends: u64,
    children: u64,
    holds: Vec<(usize, usize)>,
    limit: Option<usize>,
}

impl Visitor<Prefix> for Log {
    fn goal(&mut self, _: &Prefix) -> ControlFlow<()> {
        self.goals += 1;
        ControlFlow::Continue(())
    }
    fn enter(&mut self, _: &Prefix) -> ControlFlow<()> {
        self.entered += 1;
        ControlFlow::Continue(())
    }
    fn expanded(&mut self, parent: &Prefix, children: &[Prefix]) {
        self.expanded += 1;
        self.children += children.len() as u64;
        if children.is_empty() {
            self.dead_ends += 1;
        }
        for child in children {
            assert_eq!(child.values()[..parent.values().len()], *parent.values());
        }
    }
    fn hold(&mut self, states: usize, bytes: usize) -> ControlFlow<()> {
        if self.limit.is_some_and(|limit| bytes > limit) {
            return ControlFlow::Break(());
        }
        self.holds.push((states, bytes));
        ControlFlow::Continue(())
    }
    fn memory_limit(&self) -> usize {
        self.limit.unwrap_or(usize::MAX)
    }
}

const SLOT: usize = size_of::<Prefix>();

#[test]
fn every_hook_sees_every_state() {
    for order in [Order::DepthFirst, Order::BreadthFirst] {
        let mut log = Log::default();
        assert!(search(order, Prefix::empty(5), &mut log).is_continue());
        // 1 + 5 + 20 + 60 + 120 + 120 prefixes; the 120 full ones are goals.
        assert_eq!(log.entered, 326, "{order:?}");
        assert_eq!(log.goals, 120);
        assert_eq!(log.expanded, 326 - 120);
        assert_eq!(
            log.children, 325,
            "every state but the root is someone's child"
        );
        assert_eq!(log.dead_ends, 0);
        // Peaks only go up, and the bytes are whole slots.
        assert!(
            log.holds
                .windows(2)
                .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1),
            "{:?}",
            log.holds
        );
        assert!(log
            .holds
            .iter()
            .all(|&(states, bytes)| bytes % SLOT == 0 && bytes >= states * SLOT));
    }
}

#[test]
fn the_dfs_stack_holds_the_path_and_its_pending_siblings() {
    let mut log = Log::default();
    let _ = search(Order::DepthFirst, Prefix::empty(6), &mut log);
    // On the first path down: the root, then 6, 5, 4, 3, 2 and 1 children.
    assert_eq!(
        log.holds.iter().map(|h| h.0).max(),
        Some(1 + 6 + 5 + 4 + 3 + 2 + 1)
    );
}

#[test]
fn the_bfs_queue_holds_a_whole_level() {
    let mut log = Log::default();
    let _ = search(Order::BreadthFirst, Prefix::empty(6), &mut log);
    // Levels 4, 5 and 6 have 360, 720 and 720 states; the queue peaks at one level.
    assert_eq!(log.holds.iter().map(|h| h.0).max(), Some(720));
}

#[test]
fn a_memory_limit_stops_bfs_before_it_allocates_past_it() {
    let limit = 100 * SLOT;
    let mut log = Log {
        limit: Some(limit),
        ..Log::default()
    };
    assert!(search(Order::BreadthFirst, Prefix::empty(6), &mut log).is_break());
    assert_eq!(log.goals, 0, "stopped before the last level");
    let (states, bytes) = *log.holds.last().unwrap();
    assert!(bytes <= limit);
    // The queue grew to the limit, not just to the last power of two below it.
    assert!(states > 64 && bytes == limit, "{:?}", log.holds);
}

#[test]
fn a_visitor_stops_at_the_first_goal() {
    for order in [Order::DepthFirst, Order::BreadthFirst] {
        let mut first = None;
        let flow = search(order, Prefix::empty(4), &mut |p: &Prefix| {
            first = Some(p.values().to_vec());
            ControlFlow::Break(())
        });
        assert!(flow.is_break());
        assert_eq!(first.unwrap(), [1, 2, 3, 4], "{order:?}");
    }
}
