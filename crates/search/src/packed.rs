//! The packed grids inside a search state: what keeps a full copy cheap.
//!
//! `dfs` and `bfs` copy the whole state for every child, so the state is
//! kept as small as the algorithm allows: digits two to a byte up to 9x9
//! ([`Nibbles`]: 41 bytes), one to a byte above; used-flag masks of `u16`
//! up to 16x16 and `u32` above ([`Mask`]). A 9x9 state is then 112 bytes,
//! copied with a few vector moves inline instead of a call to `memcpy`
//! (`tests/sudoku.rs` pins the size). The crate documentation gives the cost
//! per state measured with `benches/search.rs`.

/// A used-flag mask: `u16` for sides up to 16, `u32` up to 25.
pub(crate) trait Mask: Copy {
    /// Every bit of the type.
    const ALL: u32;
    fn from_bits(bits: u32) -> Self;
    fn bits(self) -> u32;
}

impl Mask for u16 {
    const ALL: u32 = u16::MAX as u32;
    #[inline(always)]
    fn from_bits(bits: u32) -> u16 {
        bits as u16
    }
    #[inline(always)]
    fn bits(self) -> u32 {
        self as u32
    }
}

impl Mask for u32 {
    const ALL: u32 = u32::MAX;
    #[inline(always)]
    fn from_bits(bits: u32) -> u32 {
        bits
    }
    #[inline(always)]
    fn bits(self) -> u32 {
        self
    }
}

/// The digits of a grid inside a state: `get`, `set`, and `unpack` into one
/// byte per cell for reporting a solution.
pub(crate) trait Cells: Copy {
    fn empty() -> Self;
    fn get(&self, cell: usize) -> u8;
    fn set(&mut self, cell: usize, digit: u8);
    fn unpack(&self, out: &mut [u8]) {
        for (cell, digit) in out.iter_mut().enumerate() {
            *digit = self.get(cell);
        }
    }
}

/// Two cells per byte (digits up to 15): 41 bytes for a 9x9 grid, so a whole
/// 9x9 state fits in 112 bytes and is copied with a few vector moves inline
/// instead of a call to `memcpy`.
#[derive(Clone, Copy)]
pub(crate) struct Nibbles<const B: usize>([u8; B]);

impl<const B: usize> Cells for Nibbles<B> {
    fn empty() -> Self {
        Nibbles([0; B])
    }
    #[inline(always)]
    fn get(&self, cell: usize) -> u8 {
        self.0[cell / 2] >> (4 * (cell % 2)) & 0xF
    }
    /// Only ever writes an empty cell, so OR is enough.
    #[inline(always)]
    fn set(&mut self, cell: usize, digit: u8) {
        self.0[cell / 2] |= digit << (4 * (cell % 2));
    }
}

/// One cell per byte.
#[derive(Clone, Copy)]
pub(crate) struct Bytes<const C: usize>([u8; C]);

impl<const C: usize> Cells for Bytes<C> {
    fn empty() -> Self {
        Bytes([0; C])
    }
    #[inline(always)]
    fn get(&self, cell: usize) -> u8 {
        self.0[cell]
    }
    #[inline(always)]
    fn set(&mut self, cell: usize, digit: u8) {
        self.0[cell] = digit;
    }
    fn unpack(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.0[..out.len()]);
    }
}
