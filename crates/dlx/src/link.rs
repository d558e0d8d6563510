//! The integer type of the dancing links: [`Link`], `u16` or `u32`.
//!
//! Knuth's nodes point at each other; here they are indices into flat
//! arrays, and the width of an index is a type parameter. `u16` links halve
//! the memory of the nodes (8 bytes each) and, with every array 65,536
//! entries long, let the compiler drop the bounds checks from the inner
//! loops: a `u16` index cannot be out of range. The Sudoku matrix of every
//! shape up to 25x25 fits (65,001 nodes). The trait is sealed: only these two
//! widths are meaningful, and the search relies on their arithmetic.
//! (The whole dlx, with `u16` links, is timed by `benches/dlx.rs`; the two
//! widths have not been benchmarked against each other in this repository.)

use std::fmt::Debug;
use std::ops::{Add, BitAnd, BitOr, Not, Shr, Sub};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

/// The integer type of the links between nodes: `u32` (the default) or
/// `u16` (smaller and faster, for up to 65,536 nodes).
pub trait Link: Copy + Eq + Default + Debug + sealed::Sealed {
    /// How many nodes (the unused node 0 and the headers included) fit.
    const MAX_NODES: usize;
    /// The size key of a column: `rows · 2^SHIFT + header`, plus `COVERED`
    /// while the column is covered; twice as wide as a link.
    #[doc(hidden)]
    type Key: Copy
        + Ord
        + Default
        + Debug
        + Add<Output = Self::Key>
        + Sub<Output = Self::Key>
        + BitAnd<Output = Self::Key>
        + BitOr<Output = Self::Key>
        + Not<Output = Self::Key>
        + Shr<u32, Output = Self::Key>;
    #[doc(hidden)]
    const SHIFT: u32;
    /// `1 << SHIFT`: one row more or less.
    #[doc(hidden)]
    const ONE_ROW: Self::Key;
    /// The top bit of a key: a covered column is never the smallest.
    #[doc(hidden)]
    const COVERED: Self::Key;
    /// The length the node and size arrays start with.
    #[doc(hidden)]
    const ARRAY_LEN: usize;
    #[doc(hidden)]
    fn new(i: usize) -> Self;
    #[doc(hidden)]
    fn get(self) -> usize;
    #[doc(hidden)]
    fn key(i: usize) -> Self::Key;
    #[doc(hidden)]
    fn key_get(key: Self::Key) -> usize;
    /// The array as the inner loops index it: for `u16`, exactly 65,536
    /// entries, so an index of type `u16` is always in range.
    #[doc(hidden)]
    fn view<T>(array: &mut [T]) -> &mut [T];
}

impl Link for u16 {
    const MAX_NODES: usize = 1 << 16;
    type Key = u32;
    const SHIFT: u32 = 16;
    const ONE_ROW: u32 = 1 << 16;
    const COVERED: u32 = 1 << 31;
    const ARRAY_LEN: usize = 1 << 16;
    #[inline(always)]
    fn new(i: usize) -> u16 {
        i as u16
    }
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn key(i: usize) -> u32 {
        i as u32
    }
    #[inline(always)]
    fn key_get(key: u32) -> usize {
        key as usize
    }
    #[inline(always)]
    fn view<T>(array: &mut [T]) -> &mut [T] {
        &mut array[..1 << 16]
    }
}

impl Link for u32 {
    const MAX_NODES: usize = 1 << 31;
    type Key = u64;
    const SHIFT: u32 = 32;
    const ONE_ROW: u64 = 1 << 32;
    const COVERED: u64 = 1 << 63;
    const ARRAY_LEN: usize = 0;
    #[inline(always)]
    fn new(i: usize) -> u32 {
        i as u32
    }
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn key(i: usize) -> u64 {
        i as u64
    }
    #[inline(always)]
    fn key_get(key: u64) -> usize {
        key as usize
    }
    #[inline(always)]
    fn view<T>(array: &mut [T]) -> &mut [T] {
        array
    }
}
