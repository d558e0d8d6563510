//! Candidate sets as bitmasks: digit `d` is bit `d - 1`.

/// The digit of a single-bit mask.
#[inline(always)]
pub fn digit_of(bit: u32) -> u8 {
    bit.trailing_zeros() as u8 + 1
}

/// The mask of one digit.
#[inline(always)]
pub fn bit_of(digit: u8) -> u32 {
    1 << (digit - 1)
}

/// The digits of a mask in increasing order.
#[inline]
pub fn digits(mask: u32) -> impl Iterator<Item = u8> {
    ones(mask).map(|i| i as u8 + 1)
}

/// The positions of the set bits of `mask` (cells of a row word, digits
/// counted from 0, ...), lowest first.
#[inline(always)]
pub fn ones(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
