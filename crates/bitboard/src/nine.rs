//! The 9x9 path: one 27-bit word per (digit, band).
//!
//! Plane `d * 3 + b` holds the cells of band `b` (rows `3b..3b+3`) where digit
//! `d + 1` may go, bit `9 * (row % 3) + column`; so cell `27 b + bit` of the
//! grid is bit `bit` of its band's word. See the crate docs for the picture.

mod configs;

use crate::narrate::{Cell, Narrator};
use crate::Out;
use configs::{Choice, Configurations};
use std::ops::ControlFlow;
use sudoku_core::{Constraint, DeadEnd, Reason, Run, Trace};

const ROW: u32 = 0x1FF;
/// Copies a 9-bit column mask to the three rows of a band.
const ROWS3: u32 = 1 | 1 << 9 | 1 << 18;
/// The 27 cells of a band.
const BAND: u32 = 0x7FF_FFFF;
/// How many bivalue peers one placed peer outweighs in the guess's score
/// ([`State::choose`]). Nodes per puzzle on the 1106 set / the 1905 sample
/// / serg / top1465 / top95 (with the configuration branch; serg with the
/// options tried in digit order, before [`State::first_option`]):
/// weight 1, 315.7 / 165.4 / 8.47 / 20.8 / 18.7; 2, 300.5 / 161.3 / 8.49 /
/// 20.7 / 18.5; 4, 296.9 / 160.2 / 8.47 / 20.5 / 19.4; 6 or more (placed
/// peers first, bivalue peers breaking ties), 295.1 / 159.7 / 8.51 / 20.4
/// / 19.7; placed peers alone, 298.5 / 162.4 / 8.51 / 21.6 / 19.2.
const PLACED_WEIGHT: u32 = 4;

/// `MINI[row]`: which boxes (3 bits) a 9-bit row word touches. Without
/// BMI2 the band step reads a plane's mini-rows as three of these: measured
/// 2% faster there than [`minis_of`]'s shifts (`timeloop`, the 1106 set);
/// with BMI2, [`minis_of`] gathers them in one instruction.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
static MINI: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 7 != 0) as u8) | ((x & 0o70 != 0) as u8) << 1 | ((x & 0o700 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// The mini-rows of plane word `a` (bit `3 * row + box`) that hold a
/// candidate, by shifts: each mini-row's three bits ORed into its first,
/// then those gathered.
#[inline(always)]
fn minis_of(a: u32) -> u32 {
    // BMI2 gathers the nine bits in one instruction (x86-64-v3 has it).
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // Each mini-row's bit at its last cell instead: its two low bits
        // plus 3 carry into the third when either is set (and no further:
        // 3 + 3 < 8), and the third is ORed in. Two instructions fewer than
        // ORing two shifted copies, and `pext` reads only the bits it
        // gathers, so nothing needs masking after (1106 set: 2.5% of the
        // instructions; the band step runs this about 3,300 times a puzzle).
        let lasts = ((a & (0o333 * ROWS3)) + 0o333 * ROWS3) | a;
        // SAFETY: `pext` needs BMI2, and this line is compiled only when
        // the crate is built for CPUs that have it.
        unsafe { std::arch::x86_64::_pext_u32(lasts, 0o444 * ROWS3) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        minis_by_shifts((a | a >> 1 | a >> 2) & (0o111 * ROWS3))
    }
}

/// The gathering half of [`minis_of`] without BMI2: `firsts` has each
/// mini-row's bit at its first cell.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
#[inline(always)]
fn minis_by_shifts(firsts: u32) -> u32 {
    let rows = (firsts | firsts >> 2 | firsts >> 4) & (7 * ROWS3);
    (rows | rows >> 6 | rows >> 12) & 0o777
}

/// For a 9-bit set `m` of mini-rows (bit `3 * row + box`): the union of the
/// ways to give each row of the band its own box (the 6 permutations) using
/// only mini-rows of `m`. Zero when there is none: a contradiction.
pub(super) const fn fitting_minirows(m: usize) -> usize {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut fit = 0;
    let mut p = 0;
    while p < 6 {
        let set = 1 << perms[p][0] | 1 << (3 + perms[p][1]) | 1 << (6 + perms[p][2]);
        if m & set == set {
            fit |= set;
        }
        p += 1;
    }
    fit
}

/// The 27 cells of the mini-rows in `m`.
const fn expand(m: usize) -> u32 {
    let mut cells = 0;
    let mut i = 0;
    while i < 9 {
        if m & (1 << i) != 0 {
            cells |= 7 << (9 * (i / 3) + 3 * (i % 3));
        }
        i += 1;
    }
    cells
}

/// The mini-rows of `m` (bit `3 * row + box`) that are the only one of
/// their row.
const fn alone_in_row(m: usize) -> usize {
    let mut alone = 0;
    let mut r = 0;
    while r < 3 {
        let row = (m >> (3 * r)) & 7;
        if row != 0 && row & (row - 1) == 0 {
            alone |= row << (3 * r);
        }
        r += 1;
    }
    alone
}

/// `KEEP` for plane word `a`: its mini-rows, looked up.
#[inline(always)]
fn keep_of(a: u32) -> u64 {
    // (`& ROW` and `& 511` keep the indices provably in range: a mask
    // where a bounds check would branch.)
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    let m = minis_of(a) as usize;
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    let m = MINI[(a & ROW) as usize] as usize
        | (MINI[(a >> 9 & ROW) as usize] as usize) << 3
        | (MINI[(a >> 18 & ROW) as usize] as usize) << 6;
    KEEP[m & 511]
}

/// `KEEP[m]`, low half: the cells of the mini-rows of `m` that fit a
/// row-to-box permutation ([`fitting_minirows`], expanded to cells: one
/// look-up where two would chain their latencies); zero is a contradiction.
/// High half: the cells of those fitting mini-rows that are the only one
/// of their row (half of a row's hidden single, see [`LOCKED`]).
static KEEP: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let fit = fitting_minirows(m);
        t[m] = expand(fit) as u64 | (expand(alone_in_row(fit)) as u64) << 32;
        m += 1;
    }
    t
};

/// `LOCKED[cols]`, for a band's 9-bit column set: the columns that are the
/// only column of their box, copied to the three rows of a band. The
/// digit's place in that box is in that column, so the column's cells in
/// the other bands lose it (pointing, and the column peers of a placed
/// digit).
///
/// A row left with one fitting mini-row, in a box left with one column,
/// has one cell: `KEEP[m] >> 32 & LOCKED[cols]` holds every row's only
/// cell, and conversely a row with one cell has both (its box can take the
/// digit in no other row, so in no other column).
static LOCKED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let g = (x >> (3 * k)) & 7;
            if g != 0 && g & (g - 1) == 0 {
                t[x] |= (g << (3 * k)) as u32 * ROWS3;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// The six ways a digit can sit in a band (its *configurations*): mini-row
/// sets, row `r` in box `PERMS[p][r]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `FITS[m]`: the configurations (bit `p` for `PERMS[p]`) whose three
/// mini-rows are all in `m`.
static FITS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let set = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
            if m & set == set {
                t[m] |= 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// For the 9-bit set of columns whose candidates for a digit lie in one
/// band only: the cells of that band the digit keeps. A box holding such a
/// column holds the digit there, so its other columns lose it (claiming,
/// for columns); boxes with none keep everything. Arithmetic rather than a
/// table, so that [`State::column_claims`] vectorises: the stacks `only`
/// touches (a bit per stack, at its first column, times 7), their columns
/// not in `only` cleared, copied to the band's three rows.
#[inline(always)]
const fn claim(only: u32) -> u32 {
    let stacks = (only | only >> 1 | only >> 2) & 0o111;
    ((only | !(stacks * 7)) & ROW) * ROWS3
}

/// `CELLS[m]`: the 27 cells of the mini-rows in `m`.
static CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = expand(m);
        m += 1;
    }
    t
};

/// `PEERS[bit]`: the other cells of the band in the same row or box. Five
/// entries past the band's 27 cells (never read for a cell) let an index
/// from a bit scan be masked (`& 31`) where a bounds check would branch.
static PEERS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let box_cols = 7 << (c / 3 * 3);
        t[i] = ((ROW << (9 * r)) | (box_cols * ROWS3)) & !(1 << i);
        i += 1;
    }
    t
};

/// [`State::dirty`] in four vector compares (the compiler does not turn
/// the portable loop into these). Each compare reads its eight planes
/// straight from memory: built from the array's elements instead, the
/// last (overlapping) eight were gathered with a dozen shuffles.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[target_feature(enable = "avx2")]
fn dirty_avx2(cand: &[u32; 27], stepped: &[u32; 27]) -> u32 {
    use std::arch::x86_64::{
        __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps,
    };
    macro_rules! eight {
        ($a:expr, $k:expr) => {{
            let words: &[u32; 8] = $a[$k..$k + 8].try_into().expect("eight planes");
            // SAFETY: `words` is eight `u32`s, the 32 readable bytes the
            // load reads, and `loadu` asks no alignment (AVX, which it
            // needs, comes with this function's AVX2).
            unsafe { _mm256_loadu_si256(words.as_ptr().cast::<__m256i>()) }
        }};
    }
    macro_rules! same {
        ($k:expr) => {
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                eight!(cand, $k),
                eight!(stepped, $k),
            ))) as u32
        };
    }
    // Planes 19 to 26 in the last compare: 27 is not a multiple of 8.
    let same = same!(0) | same!(8) << 8 | same!(16) << 16 | same!(19) << 19;
    !same & BAND
}

/// Bit `i` set where `bytes[i]` (at most 32 of them) is not zero: eight
/// bytes at a time, with no branch. A byte's high bit is set when it is
/// not zero (its low seven bits plus 0x7F carry into it, or it was set),
/// and one multiplication gathers the eight high bits into one byte.
#[inline(always)]
fn nonzero_bytes(bytes: &[u8]) -> u32 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut mask = 0;
    for (k, chunk) in bytes.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let high = (((x & LOW) + LOW) | x) & HIGH;
        mask |= ((high >> 7).wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    mask as u32
}

/// Bit `i` of `x` to bit `k` of byte `i`: [`spread_bits`], or with BMI2
/// one `pdep` (a third of the instructions of writing the solution out).
#[inline(always)]
fn spread_byte(x: u8, k: usize) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: `pdep` needs BMI2, and this line is compiled only when
        // the crate is built for CPUs that have it.
        unsafe { std::arch::x86_64::_pdep_u64(x as u64, 0x0101_0101_0101_0101 << k) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        spread_bits(x) << k
    }
}

/// Bit `i` of `x` to bit 0 of byte `i`: the byte copied eight times, each
/// copy keeping its own bit, which adding 0x7F carries to the byte's top
/// (no byte overflows: each holds at most 0x80).
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
#[inline(always)]
fn spread_bits(x: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let own = (x as u64 * ONES) & 0x8040_2010_0804_0201;
    ((own + 0x7F7F_7F7F_7F7F_7F7F) >> 7) & ONES
}

/// `LOSE[i]`: what a band step on plane `i` takes from each plane (plane
/// `j` at byte `j`), as an index into [solved, locked, not kept, 0]: 0 the
/// solved cells (the band's other planes), 1 the locked columns (the
/// digit's planes in the other bands), 2 the cells not kept (the plane
/// itself), 3 nothing. [`PlaneCopy::lose`] spreads the four to the
/// planes with one permutation a register.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
static LOSE: [[u8; 32]; 27] = {
    let mut t = [[3u8; 32]; 27];
    let mut i = 0;
    while i < 27 {
        let (d, b) = (i / 3, i % 3);
        let mut j = 0;
        while j < 27 {
            let (d2, b2) = (j / 3, j % 3);
            t[i][j] = if j == i {
                2
            } else if b2 == b {
                0
            } else if d2 == d {
                1
            } else {
                3
            };
            j += 1;
        }
        i += 1;
    }
    t
};

/// A copy of the 27 planes in vector registers, a lane each, for
/// [`State::update_in_registers`].
#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
///
/// # Safety
///
/// Both methods need a CPU with AVX-512F and VL.
trait PlaneCopy {
    /// The copy of `cand`.
    unsafe fn load(cand: &[u32; 27]) -> Self;
    /// Takes from the copy what the band step on plane `i` took
    /// ([`LOSE`]): the planes whose lanes lost a candidate, bit `j` for
    /// plane `j`.
    unsafe fn lose(&mut self, i: usize, took: Took) -> u32;
}

/// [`Took`] as the four values a [`LOSE`] index picks from: [solved,
/// locked, not kept, 0].
#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn losses(took: Took) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::{_mm_cvtsi32_si128, _mm_insert_epi32};
    _mm_insert_epi32::<2>(
        _mm_insert_epi32::<1>(_mm_cvtsi32_si128(took.solved as i32), took.locked as i32),
        !took.keep as i32,
    )
}

/// The copy in two 512-bit registers: planes 0-15 and 16-26.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
#[cfg_attr(not(target_feature = "avx512vbmi2"), allow(dead_code))]
struct Zmm([std::arch::x86_64::__m512i; 2]);

#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
impl PlaneCopy for Zmm {
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    unsafe fn load(cand: &[u32; 27]) -> Zmm {
        use std::arch::x86_64::_mm512_maskz_loadu_epi32;
        let cand = cand.as_ptr().cast::<i32>();
        // SAFETY: `cand` is 27 `u32`s: the masked loads read its first 16
        // and its 17th to 27th, nothing past them.
        unsafe {
            Zmm([
                _mm512_maskz_loadu_epi32(0xFFFF, cand),
                _mm512_maskz_loadu_epi32(0x7FF, cand.add(16)),
            ])
        }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    unsafe fn lose(&mut self, i: usize, took: Took) -> u32 {
        use std::arch::x86_64::{
            _mm512_andnot_si512, _mm512_castsi128_si512, _mm512_cvtepu8_epi32,
            _mm512_permutexvar_epi32, _mm512_test_epi32_mask, _mm_loadu_si128,
        };
        let losses = _mm512_castsi128_si512(losses(took));
        let [lose_lo, lose_hi] = [0, 16].map(|k| {
            let lanes: &[u8; 16] = LOSE[i][k..k + 16].try_into().expect("16 lanes");
            // SAFETY: `lanes` is 16 bytes, what the load reads (unaligned:
            // `loadu`).
            let lanes = _mm512_cvtepu8_epi32(unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) });
            _mm512_permutexvar_epi32(lanes, losses)
        });
        let [lo, hi] = &mut self.0;
        let changed = _mm512_test_epi32_mask(*lo, lose_lo) as u32
            | (_mm512_test_epi32_mask(*hi, lose_hi) as u32) << 16;
        *lo = _mm512_andnot_si512(lose_lo, *lo);
        *hi = _mm512_andnot_si512(lose_hi, *hi);
        changed
    }
}

/// The copy in four 256-bit registers (planes 0-7, 8-15, 16-23, 24-26),
/// for CPUs where 512-bit instructions lower the clock (Intel's before Ice
/// Lake: taken as those without AVX-512 VBMI2). On the AMD EPYC, 3% slower
/// than [`Zmm`] (CHANGELOG.md).
#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
#[cfg_attr(target_feature = "avx512vbmi2", allow(dead_code))]
struct Ymm([std::arch::x86_64::__m256i; 4]);

#[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
impl PlaneCopy for Ymm {
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    unsafe fn load(cand: &[u32; 27]) -> Ymm {
        use std::arch::x86_64::_mm256_maskz_loadu_epi32;
        let cand = cand.as_ptr().cast::<i32>();
        // SAFETY: `cand` is 27 `u32`s: the masked loads read eight of them
        // at 0, 8 and 16 and the last three at 24, nothing past them.
        Ymm(std::array::from_fn(|k| unsafe {
            _mm256_maskz_loadu_epi32(if k == 3 { 7 } else { 0xFF }, cand.add(8 * k))
        }))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    unsafe fn lose(&mut self, i: usize, took: Took) -> u32 {
        use std::arch::x86_64::{
            _mm256_andnot_si256, _mm256_castsi128_si256, _mm256_cvtepu8_epi32,
            _mm256_permutevar8x32_epi32, _mm256_test_epi32_mask, _mm_cvtsi64_si128,
        };
        let losses = _mm256_castsi128_si256(losses(took));
        let mut changed = 0;
        for (k, (lanes, copy)) in LOSE[i].chunks_exact(8).zip(&mut self.0).enumerate() {
            let lanes = i64::from_le_bytes(lanes.try_into().expect("eight lanes"));
            let lanes = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(lanes));
            let lose = _mm256_permutevar8x32_epi32(losses, lanes);
            changed |= (_mm256_test_epi32_mask(*copy, lose) as u32) << (8 * k);
            *copy = _mm256_andnot_si256(lose, *copy);
        }
        changed
    }
}

/// `PLANES[i]`: plane `i`'s digit index `d` and band `b` (`i = d * 3 + b`),
/// then the digit's planes in the two other bands, `b + 1` and `b + 2`
/// (mod 3): one look-up where the band step, given `i` at run time, would
/// divide by 3 and take remainders.
static PLANES: [[u8; 4]; 27] = {
    let mut t = [[0u8; 4]; 27];
    let mut i = 0;
    while i < 27 {
        let (d, b) = (i / 3, i % 3);
        t[i] = [
            d as u8,
            b as u8,
            (d * 3 + (b + 1) % 3) as u8,
            (d * 3 + (b + 2) % 3) as u8,
        ];
        i += 1;
    }
    t
};

/// `GRID_PEERS[cell]`: the 20 peers of a cell (row `cell / 9`, column
/// `cell % 9`) as a mask of the whole grid, bit `cell`: band `b`'s word at
/// bit `27 b` (see [`grid_mask`]). Scoring a bivalue cell then counts its
/// peers in two whole-grid masks, one look-up and two counts each, where
/// per band it took a look-up, a column mask and three counts.
static GRID_PEERS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_column = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if j != i && (same_row || same_column || same_box) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// [`GRID_PEERS`] as [`State::choose`] walks the bivalue cells: entry
/// `32 b + pos` for bit `pos` of band `b` (bands 0 and 1 in one 64-bit
/// word, band 2 in the next); the entries past a band's 27 cells are
/// never read.
static PAIR_PEERS: [u128; 96] = {
    let mut t = [0u128; 96];
    let mut b = 0;
    while b < 3 {
        let mut pos = 0;
        while pos < 27 {
            t[32 * b + pos] = GRID_PEERS[27 * b + pos];
            pos += 1;
        }
        b += 1;
    }
    t
};

/// The three bands' 27-bit words side by side: the grid as one mask, cell
/// `27 b + bit` at that bit.
#[inline(always)]
fn grid_mask(bands: [u32; 3]) -> u128 {
    let [b0, b1, b2] = bands.map(|w| (w & BAND) as u128);
    b0 | b1 << 27 | b2 << 54
}

/// What a branch tries: each digit left for one cell (a guess), or each
/// configuration left to one digit in one band.
#[derive(Clone, Copy)]
enum Branch {
    Digits { b: usize, pos: usize, options: u32 },
    Configuration(Choice),
}

/// Bit-sliced counters over the nine digits' sets (of cells or mini-rows,
/// or several such sets side by side in one word): after `add`ing each,
/// `one` to `four` hold the bits seen at least that often.
#[derive(Default)]
struct Tally<W> {
    one: W,
    two: W,
    three: W,
    four: W,
}

impl<W> Tally<W>
where
    W: Copy + std::ops::BitAnd<Output = W> + std::ops::BitOrAssign,
{
    #[inline(always)]
    fn add(&mut self, x: W) {
        self.four |= self.three & x;
        self.three |= self.two & x;
        self.two |= self.one & x;
        self.one |= x;
    }
}

/// The columns a digit's candidates cover, as [`State::column_claims`]
/// saw them: per plane `d * 3 + b` its columns in the band (9 bits), and per
/// digit the columns covered by one band only.
pub(crate) struct Columns {
    cover: [u32; 27],
    once: [u32; 9],
}

/// The whole search state: 240 bytes, `Copy`; a guess copies it.
#[derive(Clone, Copy)]
pub(crate) struct State {
    /// `cand[d * 3 + b]`: where digit `d + 1` may go in band `b`. A placed
    /// cell keeps its digit's bit, and only that one.
    cand: [u32; 27],
    /// Each plane as its last band step left it. A plane differing from
    /// this lost a candidate since and is stepped again; comparing is
    /// cheaper than keeping a dirty mask up to date at every write.
    stepped: [u32; 27],
    /// Cells of each band not placed yet.
    free: [u32; 3],
    /// The free cells with exactly two candidates, as the last naked-single
    /// pass counted them: where the search guesses.
    pairs: [u32; 3],
}

type Fail = DeadEnd;

/// What a band step takes: the plane keeps `keep`, the band's other
/// planes lose `solved`, the digit's planes in the other bands lose
/// `locked` ([`Took::after_keep`]). Also what [`State::update`]'s
/// register copy of the planes loses, the only reader of `keep`.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "avx512vl")),
    allow(dead_code)
)]
struct Took {
    keep: u32,
    locked: u32,
    solved: u32,
}

impl Took {
    /// The rest of the band step on a plane once its `KEEP` entry is read
    /// (`kept`: the plane with only those cells), worked out without
    /// writing anything: the step and the root's first round apply it.
    /// Where no configuration fits, the callers do not use it.
    #[inline(always)]
    fn after_keep(kept: u32, keep: u64) -> Took {
        let locked = LOCKED[((kept | kept >> 9 | kept >> 18) & ROW) as usize];
        // A row with one cell holds the digit there: placed before, or a
        // hidden single of the row now. The cells come from the two masks
        // at hand, both as cells: a look-up of the mini-rows' cells after
        // LOCKED's would make the next band step, which reads what the
        // step's clears write, wait for one more load (5% to 8% of the
        // time on every set, crate docs).
        Took {
            keep: keep as u32,
            locked,
            solved: kept & (keep >> 32) as u32 & locked,
        }
    }
}

/// For each plane `i`, the union of `x` at the digit's planes in the two
/// other bands: the same as reading `PLANES[i]`'s `next` and `last`, with
/// indices the compiler knows, where the look-up's would cost a load and
/// two bounds checks a plane (whole-array passes: the givens and the root's
/// first round).
#[inline(always)]
fn other_bands(x: &[u32; 27]) -> [u32; 27] {
    let mut others = [0; 27];
    for (others, x) in others.chunks_exact_mut(3).zip(x.chunks_exact(3)) {
        others[0] = x[1] | x[2];
        others[1] = x[2] | x[0];
        others[2] = x[0] | x[1];
    }
    others
}

/// The state's size in bytes: what each state alive counts against the
/// memory budget.
const STATE_BYTES: u64 = std::mem::size_of::<State>() as u64;

/// The state's size in 64-bit words: what writing or reading it whole
/// costs in mems.
const STATE_WORDS: u64 = STATE_BYTES / 8;

impl State {
    /// The state after writing the givens: a digit may go in the free
    /// cells of a band that are not row, box or column peers of its givens.
    /// Built a plane at a time, where writing each given would touch 9
    /// planes. The column peers could be left to the first band steps, as
    /// a placement's are in the search; removed here, in one pass over the
    /// columns the clash check computes anyway, they spare the root's
    /// later rounds the planes those steps would change: about 700
    /// instructions a puzzle, 6% of the time on puzzles that need few
    /// guesses (serg's, the 17-clue ones).
    ///
    /// `None` when two givens clash, found on the way at the cost of a few
    /// word operations (the lab's check of every cell is skipped for this
    /// strategy, `Strategy::CHECKS_GIVENS`): a given among the row and box
    /// peers of its digit's other givens in the band is a clash there, and a
    /// column the digit's givens cover in two bands is one across bands.
    #[inline(always)]
    fn from_givens<T: Trace>(givens: &[u8], run: &mut Run<T>) -> Option<State> {
        let mut free = [0; 3];
        // 32 words and 32 bytes where 27 are used: the indices below are
        // masked (`& 31`) instead of bounds-checked.
        let mut mine = [0u32; 32];
        let mut seen = [0u32; 32];
        let mut mems = 0;
        for (b, band) in givens.chunks_exact(27).enumerate() {
            let mut cells = [0u8; 32];
            cells[..27].copy_from_slice(band);
            // The givens of the band as a mask first, then a walk over its
            // bits: a test per cell would mispredict at every other cell.
            let given = nonzero_bytes(&cells);
            free[b] = !given & BAND;
            let mut bits = given;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize & 31;
                bits &= bits - 1;
                let i = ((cells[pos] as usize).wrapping_sub(1) * 3 + b) & 31;
                mine[i] |= 1 << pos;
                seen[i] |= PEERS[pos];
            }
            // The band's 27 givens read (4 words), and per given its
            // digit, PEERS, and `mine` and `seen` read and written.
            mems += 4 + 6 * given.count_ones() as u64;
        }
        // Whole-array passes with no branch on the data: a given that is a
        // peer of another of its plane, or a column held in two bands.
        let mut clash = 0;
        for (mine, seen) in mine.iter().zip(&seen) {
            clash |= mine & seen;
        }
        let cover: [u32; 27] = std::array::from_fn(|i| {
            let a = mine[i];
            (a | a >> 9 | a >> 18) & ROW
        });
        for c in cover.chunks_exact(3) {
            clash |= (c[0] & c[1]) | (c[0] & c[2]) | (c[1] & c[2]);
        }
        if clash != 0 {
            return None;
        }
        // Each plane from `free`, `mine`, `seen` and the digit's columns in
        // the two other bands, and the state written.
        run.mems(mems + 5 * 27 + STATE_WORDS);
        let others = other_bands(&cover);
        let mut cand = [0; 27];
        for (i, cand) in cand.iter_mut().enumerate() {
            *cand = ((free[i % 3] & !seen[i]) & !(others[i] * ROWS3)) | mine[i];
        }
        Some(State {
            cand,
            // No plane value has bit 31: every plane is stepped once.
            stepped: [u32::MAX; 27],
            free,
            pairs: [0; 3],
        })
    }

    /// Writes digit `d` (0-based) at bit `pos` of band `b`: the cell leaves
    /// the other digits' planes and `free`, its row and box peers leave this
    /// digit's plane. (The column peers in the other bands follow from the
    /// band step: the cell's box now has one column, see [`LOCKED`].)
    #[inline(always)]
    fn assign<T: Trace>(&mut self, d: usize, b: usize, pos: usize, run: &mut Run<T>) {
        // Nine planes read and written, the digit's plane again with its
        // PEERS entry, and `free`.
        run.mems(18 + 3 + 2);
        // Checked once here, so that the nine indices below need no check
        // each (1106 set: 2% of the instructions).
        assert!(b < 3, "band {b}");
        let bit = 1u32 << pos;
        for d2 in 0..9 {
            self.cand[d2 * 3 + b] &= !bit;
        }
        let i = d * 3 + b;
        self.cand[i] = (self.cand[i] & !PEERS[pos & 31]) | bit;
        self.free[b] &= !bit;
    }

    /// The band step on plane `i`: keep only the mini-rows that fit a
    /// row-to-box permutation (locked candidates in both directions inside
    /// the band), remove the columns locked in a box from the digit's other
    /// bands, and place the rows left with one cell (hidden singles of rows).
    #[inline(always)]
    fn band_step<T: Trace>(&mut self, i: usize, run: &mut Run<T>) -> Result<(), Fail> {
        self.band_step_then(i, run, |_| ())
    }

    /// [`State::band_step`], then `then` of what it took ([`Took`]).
    #[inline(always)]
    fn band_step_then<T: Trace, R>(
        &mut self,
        i: usize,
        run: &mut Run<T>,
        then: impl FnOnce(Took) -> R,
    ) -> Result<R, Fail> {
        let [d, b, next, last] = PLANES[i].map(usize::from);
        // Checked once here, so that the indices below need no check each
        // (about 1% of the time on every set, AMD EPYC). The entries are
        // in range by construction; telling the compiler so unchecked
        // (`assert_unchecked`) saved more instructions but ran slower.
        assert!(next < 27 && last < 27 && b < 3);
        // PLANES, the plane, three MINI and one KEEP look-up (the MINI
        // look-ups counted where BMI2's `pext` does their work, so that the
        // count is the same on every machine); a contradiction stops there.
        run.mems(6);
        let a = self.cand[i];
        let keep = keep_of(a);
        if keep as u32 == 0 {
            return Err(DeadEnd::Constraint(Constraint::RowDigit(
                3 * b,
                d as u8 + 1,
            )));
        }
        // The plane and its copy written, LOCKED, the digit's two other
        // planes read and written, `free` read and written, the band's
        // nine planes read and written and the plane written back.
        run.mems(2 + 1 + 4 + 2 + 18 + 1);
        let a = a & keep as u32;
        self.cand[i] = a;
        self.stepped[i] = a;
        let took = Took::after_keep(a, keep);
        self.cand[next] &= !took.locked;
        self.cand[last] &= !took.locked;
        // A row's only cell leaves the other digits' planes
        // (unconditionally: cheaper than a branch the predictor cannot
        // guess).
        self.free[b] &= !took.solved;
        // All nine planes of the band, then the plane's own cells back: a
        // loop of constant trips where skipping the digit would need one
        // per plane.
        for d2 in 0..9 {
            self.cand[d2 * 3 + b] &= !took.solved;
        }
        self.cand[i] = a;
        Ok(then(took))
    }

    /// The root's first round, where every plane is stepped: each plane's
    /// step worked out from the planes as the givens left them, then what
    /// the 27 steps took applied together. Stepped in turn, each step
    /// waits for what the one before it wrote; worked out apart, the 27
    /// run side by side. Each plane's `stepped` copy is what its own step
    /// kept, so a plane another step took from is stepped again in the
    /// next round: the band rules reach the same fixpoint, and the search
    /// the same tree. Not inlined: it runs once a solve, and inlined it
    /// cost the search loop its registers.
    #[inline(never)]
    fn first_round<T: Trace>(&mut self, run: &mut Run<T>) {
        // Per plane: the plane, three MINI, KEEP, LOCKED read.
        run.mems(27 * 6);
        let mut kept = [0u32; 27];
        let mut locked = [0u32; 27];
        let mut solved = [0u32; 27];
        for i in 0..27 {
            let keep = keep_of(self.cand[i]);
            kept[i] = self.cand[i] & keep as u32;
            let took = Took::after_keep(kept[i], keep);
            locked[i] = took.locked;
            solved[i] = took.solved;
        }
        // A plane keeps no cell exactly when no configuration fits (each
        // fitting mini-row holds a candidate): tested in one pass after the
        // loop, which then has no flag to carry from plane to plane.
        let dead = kept.iter().fold(false, |dead, &kept| dead | (kept == 0));
        let mut clash = 0;
        let mut taken = [0u32; 3];
        for (b, taken) in taken.iter_mut().enumerate() {
            let mut count = Tally::<u32>::default();
            for d in 0..9 {
                count.add(solved[3 * d + b]);
            }
            // A cell that is two digits' only cell of a row.
            clash |= count.two;
            *taken = count.one;
        }
        // A contradiction is left to the steps in turn, which find it as
        // they always do (the same dead end, told the same way).
        if dead || clash != 0 {
            return;
        }
        // Per band `free` read and written; per plane the plane and its
        // copy written.
        run.mems(6 + 27 * 2);
        for (b, taken) in taken.iter().enumerate() {
            self.free[b] &= !taken;
        }
        let locked = other_bands(&locked);
        for i in 0..27 {
            self.cand[i] = kept[i] & !locked[i] & !(taken[i % 3] & !solved[i]);
        }
        self.stepped = kept;
    }

    /// The planes that lost a candidate since their last band step, bit
    /// `i` for plane `i`.
    #[inline(always)]
    fn dirty(&self) -> u32 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            // SAFETY: `dirty_avx2` needs AVX2, and this line is compiled
            // only when the crate is built for CPUs that have it
            // (`target_feature = "avx2"`, as under the workspace's
            // `target-cpu=native` on such a CPU).
            unsafe { dirty_avx2(&self.cand, &self.stepped) }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            let mut dirty = 0;
            for i in 0..27 {
                dirty |= ((self.cand[i] != self.stepped[i]) as u32) << i;
            }
            dirty
        }
    }

    /// Steps every plane that changed since its last step, until none did.
    /// Built for AVX-512, with a copy of the planes in registers
    /// (`update_in_registers`: two 512-bit ones, `Zmm`, or four 256-bit
    /// ones on CPUs without AVX-512 VBMI2, `Ymm`; these exist only in
    /// builds for AVX-512); otherwise
    /// comparing the planes in memory ([`State::update_in_memory`]). The
    /// three step the same planes in the same order.
    #[inline(always)]
    fn update<T: Trace>(&mut self, run: &mut Run<T>) -> Result<(), Fail> {
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "avx512vl",
            target_feature = "avx512vbmi2"
        ))]
        {
            self.update_in_registers::<Zmm, T>(run)
        }
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "avx512vl",
            not(target_feature = "avx512vbmi2")
        ))]
        {
            self.update_in_registers::<Ymm, T>(run)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx512vl")))]
        self.update_in_memory(run)
    }

    /// [`State::update`] with the planes in memory: after each round, one
    /// comparison of every plane with its copy gives the next round.
    #[cfg_attr(
        all(target_arch = "x86_64", target_feature = "avx512vl"),
        allow(dead_code)
    )]
    #[inline(always)]
    fn update_in_memory<T: Trace>(&mut self, run: &mut Run<T>) -> Result<(), Fail> {
        loop {
            // Each plane and its stepped copy read.
            run.mems(2 * 27);
            let mut dirty = self.dirty();
            if dirty == 0 {
                return Ok(());
            }
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                self.band_step(i, run)?;
            }
        }
    }

    /// [`State::update`] keeping, beside the planes in memory, a copy of
    /// them in vector registers (a lane each: [`Zmm`] or [`Ymm`]) from
    /// which the next round is read. After each band step one permutation
    /// a register spreads what the step took (the solved cells, the locked
    /// columns, the cells not kept: [`LOSE`]) to the lanes it took them
    /// from, the copy loses them, and the lanes where that removed a
    /// candidate are the planes the step changed: when a round ends, the
    /// next is known. The in-memory update compares the planes with their
    /// `stepped` copies instead, 32 bytes at a time, right after the steps
    /// wrote them 4 bytes at a time: the loads cannot take their data from
    /// those stores, wait until the stores reach the cache, and the next
    /// round's plane indices wait for them (AMD EPYC, each alone: 6-13%
    /// of the time on every set; CHANGELOG.md). The same band steps in the
    /// same order: a plane differs from its copy exactly when a step took a
    /// candidate from it since its own last step, so the rounds, the states
    /// and every count are those of [`State::update_in_memory`] (a test
    /// runs the three side by side).
    ///
    /// Compiled only into builds for CPUs with AVX-512F and VL (the `cfg`
    /// below), so it needs no `#[target_feature]`, and without one it can
    /// be `#[inline(always)]` as the search's other parts are: left to the
    /// compiler, they stayed out of line in the lab's own binary, where
    /// several instances of the search call each (traced, counting mems,
    /// both trees), and the calls cost it 5% more instructions on serg
    /// than a driver with bitboard alone.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
    #[inline(always)]
    fn update_in_registers<C: PlaneCopy, T: Trace>(
        &mut self,
        run: &mut Run<T>,
    ) -> Result<(), Fail> {
        // SAFETY (here and at `lose` below): this function is compiled only
        // for CPUs with AVX-512F and VL (its `cfg`), what the copy's
        // methods need.
        let mut copy = unsafe { C::load(&self.cand) };
        let mut dirty = self.dirty();
        loop {
            run.mems(2 * 27);
            if dirty == 0 {
                return Ok(());
            }
            let mut round = dirty;
            let mut next = 0;
            while round != 0 {
                let i = round.trailing_zeros() as usize;
                round &= round - 1;
                let took = self.band_step_then(i, run, |took| took)?;
                next = (next | unsafe { copy.lose(i, took) }) & !(1u32 << i);
            }
            dirty = next;
        }
    }

    /// Band steps until no plane changes, then naked singles; repeats while
    /// they place digits. When this returns,
    /// `pairs` holds the bivalue cells of the state, and with `CONFIGS`
    /// (the triad rule on) `configs` the configurations left.
    fn propagate<T: Trace, const CONFIGS: bool>(
        &mut self,
        run: &mut Run<T>,
        depth: &mut u32,
        configs: &mut Configurations,
    ) -> Result<(), Fail> {
        let before = self.free;
        // No plane value has bit 31: only the root has not stepped yet.
        if self.stepped[0] == u32::MAX {
            self.first_round(run);
        }
        let settled = self.settle::<T, CONFIGS>(run, configs);
        // `free` read before and after.
        run.mems(6);
        // Every cell that left `free` was placed once: counting them here
        // spares the rules a count at each placement (a traced run tells
        // them afterwards, `narrate`).
        let placed: u32 = (0..3)
            .map(|b| (before[b] & !self.free[b]).count_ones())
            .sum();
        *depth += placed;
        run.count_placements(placed as u64);
        settled
    }

    fn settle<T: Trace, const CONFIGS: bool>(
        &mut self,
        run: &mut Run<T>,
        configs: &mut Configurations,
    ) -> Result<(), Fail> {
        loop {
            self.update(run)?;
            run.mems(3);
            if self.free == [0; 3] {
                return Ok(());
            }
            // Each rule runs only when those before it found nothing.
            let found = self.naked_singles(run)? || {
                let (claimed, columns) = self.column_claims(run)?;
                claimed || (CONFIGS && self.triads(run, configs, &columns)?)
            };
            if !found {
                return Ok(());
            }
        }
    }

    /// Claiming for columns: a digit whose candidates in a column lie in
    /// one band holds that column in its box there, so the box's other
    /// columns lose it. The band steps that follow turn a column left with
    /// one cell into a placement (the box has one column and the row one
    /// box). A column with no candidate is a dead end. `true` when a plane
    /// lost a candidate, with the columns it saw (what the triad pass reads
    /// when nothing moved).
    fn column_claims<T: Trace>(&mut self, run: &mut Run<T>) -> Result<(bool, Columns), Fail> {
        // Every plane read and written, and its CLAIM (computed here, not
        // looked up, so that the passes below vectorise: counted as the
        // look-up it replaces).
        run.mems(27 * 3);
        // Written as whole-array passes with no branch on the data, which
        // the compiler turns into vector code: the columns each plane
        // covers, per digit the columns covered by exactly one band, then
        // per plane the boxes to trim.
        let cover: [u32; 27] = std::array::from_fn(|i| {
            let a = self.cand[i];
            (a | a >> 9 | a >> 18) & ROW
        });
        let mut once = [0u32; 9];
        let mut missing = 0u32;
        for (d, once) in once.iter_mut().enumerate() {
            let [c0, c1, c2] = [cover[3 * d], cover[3 * d + 1], cover[3 * d + 2]];
            let any = c0 | c1 | c2;
            *once = any & !((c0 & c1) | (c0 & c2) | (c1 & c2));
            missing |= ((any != ROW) as u32) << d;
        }
        if missing != 0 {
            let d = missing.trailing_zeros() as usize;
            let any = cover[3 * d] | cover[3 * d + 1] | cover[3 * d + 2];
            let c = (ROW & !any).trailing_zeros() as usize;
            return Err(DeadEnd::Constraint(Constraint::ColDigit(c, d as u8 + 1)));
        }
        let mut changed = 0;
        for (i, plane) in self.cand.iter_mut().enumerate() {
            let new = *plane & claim(cover[i] & once[i / 3]);
            changed |= *plane ^ new;
            *plane = new;
        }
        Ok((changed != 0, Columns { cover, once }))
    }

    /// Places every naked single (a cell in one plane only): its row and box
    /// peers leave its plane, the rest follows in the band steps. Counts the
    /// bivalue cells on the way. `true` when it placed a digit.
    ///
    /// A single's digit is read from four masks built beside the count
    /// (`index[k]`: the cells of the planes whose digit index has bit `k`),
    /// so the singles are walked once, cell by cell. Walking the nine
    /// planes for their singles instead (a loop per digit, entered or not
    /// as the data says) was 1% to 2.5% slower on every set (CHANGELOG.md).
    #[inline(always)]
    fn naked_singles<T: Trace>(&mut self, run: &mut Run<T>) -> Result<bool, Fail> {
        let mut placed = false;
        for b in 0..3 {
            // `free`, the band's nine planes, `pairs` written.
            run.mems(1 + 9 + 1);
            let free = self.free[b];
            let mut count = Tally::<u32>::default();
            let mut index = [0u32; 4];
            for d in 0..9 {
                let plane = self.cand[d * 3 + b];
                count.add(plane);
                for (k, cells) in index.iter_mut().enumerate() {
                    if d >> k & 1 != 0 {
                        *cells |= plane;
                    }
                }
            }
            let dead = free & !count.one;
            if dead != 0 {
                return Err(DeadEnd::Cell(27 * b + dead.trailing_zeros() as usize));
            }
            self.pairs[b] = free & count.two & !count.three;
            let mut singles = free & !count.two;
            placed |= singles != 0;
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let d = (0..4).fold(0, |d, k| d | (index[k] >> pos & 1) << k) as usize;
                let (i, bit) = (d * 3 + b, 1 << pos);
                // The plane read (twice, with a contradiction between) and
                // written, PEERS, `free` read and written.
                run.mems(1);
                // An earlier single of this round, in the same row or box,
                // may have taken the digit.
                if self.cand[i] & bit == 0 {
                    return Err(DeadEnd::Cell(27 * b + pos));
                }
                run.mems(1 + 1 + 1 + 2);
                self.cand[i] = (self.cand[i] & !PEERS[pos & 31]) | bit;
                self.free[b] &= !bit;
            }
            // The singles of one band at a time: a single's column peers in
            // the other bands lose its digit only in the band steps, so two
            // singles of one digit in one column, in two bands, would both
            // be written before the contradiction showed. After the band
            // steps, the next band's singles see the columns.
            if placed {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Where to branch: the bivalue cell with the lowest score; else a
    /// digit's configurations in a band ([`State::band_configuration`]);
    /// else the first cell with fewest candidates.
    ///
    /// The score of a bivalue cell is its placed peers, each counted
    /// [`PLACED_WEIGHT`] times, minus its bivalue peers (of its 20). A
    /// guess in the least settled part of the grid has the most left to
    /// propagate, and a bivalue peer sharing the digit left over becomes a
    /// naked single, whichever option is tried. Measured on top95 (with
    /// weight 1, before the configuration branch): 21.0 nodes per puzzle,
    /// 23.1 counting placed peers only, 51.2 on the first bivalue cell
    /// (JCZSolve's choice); the 9x9 puzzles of `multiple.txt` take 12.5
    /// nodes instead of 18, and 10 with a digit's two places in a row
    /// where no cell is bivalue (top95: 21.5). A digit's configurations
    /// there instead took the 1106 set from 332.5 nodes per puzzle to
    /// 315.7, and the weight 4 to 296.9.
    #[inline(always)]
    fn choose<T: Trace>(&self, run: &mut Run<T>) -> Branch {
        // `free` and `pairs` read.
        run.mems(6);
        let placed = grid_mask(self.free.map(|f| !f));
        let pairs = grid_mask(self.pairs);
        let mut best = (0, u32::MAX);
        // Two 64-bit walks, bands 0 and 1 side by side (bit 32 b + pos),
        // then band 2 (bit 64 + pos): two thirds of the instructions a
        // cell of one walk over the 128-bit mask, for one more loop exit
        // to mispredict (a walk per band cost two more, and more than the
        // instructions it saved).
        let walks = [
            (self.pairs[0] as u64 | (self.pairs[1] as u64) << 32, 0),
            (self.pairs[2] as u64, 64),
        ];
        for (mut cells, base) in walks {
            while cells != 0 {
                let at = base + cells.trailing_zeros() as usize;
                cells &= cells - 1;
                // The cell's GRID_PEERS entry: two words.
                run.mems(2);
                let peers = PAIR_PEERS[at];
                // At most 20 bivalue peers: the score stays unsigned.
                let score = 20 + PLACED_WEIGHT * (peers & placed).count_ones()
                    - (peers & pairs).count_ones();
                if score < best.1 {
                    best = (at, score);
                }
            }
        }
        // Back from the walks' bit to the cell, in grid order as they are.
        let best = ((best.0 >> 5) * 27 + (best.0 & 31), best.1);
        if best.1 != u32::MAX {
            let (b, pos) = (best.0 / 27, best.0 % 27);
            return Branch::Digits {
                b,
                pos,
                options: self.options(b, pos, run),
            };
        }
        // No bivalue cell: where any cell would offer three or more
        // options, a digit's configurations in a band are often two, and
        // each fixes the digit's box in all three rows.
        if let Some(choice) = self.band_configuration(run) {
            return Branch::Configuration(choice);
        }
        let mut best = (0, 0, 0u32, u32::MAX);
        for b in 0..3 {
            let mut cells = self.free[b];
            while cells != 0 {
                let pos = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let options = self.options(b, pos, run);
                if options.count_ones() < best.3 {
                    best = (b, pos, options, options.count_ones());
                }
            }
        }
        Branch::Digits {
            b: best.0,
            pos: best.1,
            options: best.2,
        }
    }

    /// Per band, the configurations left over its nine digits, and per
    /// plane the configurations that fit (bit `p` for `PERMS[p]`).
    fn configs<T: Trace>(&self, run: &mut Run<T>) -> ([u32; 3], [u32; 27]) {
        let mut total = [0; 3];
        let mut fits = [0; 27];
        for (i, f) in fits.iter_mut().enumerate() {
            // The plane and its FITS entry.
            run.mems(2);
            let a = self.cand[i];
            *f = FITS[minis_of(a) as usize] as u32;
            total[i % 3] += f.count_ones();
        }
        (total, fits)
    }

    /// tdoku's branch, in bands only: in the band with the fewest
    /// configurations left over its nine digits, the digit with the fewest
    /// (two if any; four or more count as one class), first found on a
    /// tie. `None` when every digit is fixed in every band. (The stacks'
    /// configurations as well took the 1106 set to 320.8 nodes instead of
    /// 315.7: a band's configuration becomes cells in the band steps, a
    /// stack's only through column claims.)
    #[inline(always)]
    fn band_configuration<T: Trace>(&self, run: &mut Run<T>) -> Option<Choice> {
        let (total, fits) = self.configs(run);
        let mut best: Option<((u32, u32), usize)> = None;
        for (i, f) in fits.iter().enumerate() {
            let k = f.count_ones();
            let key = (total[i % 3], k.min(4));
            if k >= 2 && best.is_none_or(|(fewest, _)| key < fewest) {
                best = Some((key, i));
            }
        }
        best.map(|(_, i)| Choice {
            stack: false,
            x: i % 3,
            d: i / 3,
            options: fits[i] as u8,
        })
    }

    /// The option of a branch on a cell tried first: the digit the most of
    /// the cell's row and box peers may still take (the lowest of those on
    /// a tie); the others follow in digit order. Placing it takes the most
    /// candidates, so the propagation after it goes furthest. Where the
    /// search proves uniqueness, every option is tried and the order
    /// changes nothing (the same tree); where the puzzle has several
    /// solutions, the search stops at the second, and reaches it sooner
    /// (crate docs).
    #[inline(always)]
    fn first_option<T: Trace>(
        &self,
        b: usize,
        pos: usize,
        options: u32,
        run: &mut Run<T>,
    ) -> usize {
        // PEERS, and per option its plane.
        run.mems(1 + options.count_ones() as u64);
        let peers = PEERS[pos & 31];
        // In range already (a digit below 9, a band below 3): `min` lets
        // the compiler drop the index's check.
        let taking = |d: usize| (self.cand[(d * 3 + b).min(26)] & peers).count_ones();
        let mut first = options.trailing_zeros() as usize;
        let mut most = taking(first);
        let mut rest = options & (options - 1);
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = taking(d);
            // Selects, not a branch: which digit wins goes either way.
            let more = n > most;
            first = if more { d } else { first };
            most = if more { n } else { most };
        }
        first
    }

    #[inline]
    fn options<T: Trace>(&self, b: usize, pos: usize, run: &mut Run<T>) -> u32 {
        // One read per digit's plane.
        run.mems(9);
        let mut options = 0;
        for d in 0..9 {
            options |= (self.cand[d * 3 + b] >> pos & 1) << d;
        }
        options
    }

    /// Every cell as a traced run's narrator reads it: its digit, or its
    /// candidates (a placed cell keeps its digit's bit alone).
    fn cells(&self) -> Vec<Cell> {
        (0..81)
            .map(|cell| {
                let (b, pos) = (cell / 27, cell % 27);
                let mask = (0..9).fold(0u32, |m, d| m | (self.cand[d * 3 + b] >> pos & 1) << d);
                if self.free[b] >> pos & 1 != 0 || mask == 0 {
                    Cell::Candidates(if mask == 0 && self.free[b] >> pos & 1 == 0 {
                        0x1FF
                    } else {
                        mask
                    })
                } else {
                    Cell::Placed(mask.trailing_zeros() as u8 + 1)
                }
            })
            .collect()
    }

    /// Writes a solved state's digits into `cells` (81 of them). Per band,
    /// the digits' four bits as four masks over the cells (each cell is in
    /// one plane), then eight cells at a time, each mask's bits spread to
    /// the eight bytes ([`spread_bits`]): a fifth of the instructions of a
    /// walk over each plane's cells, and no branch on the data. Not
    /// inlined: it runs once a solve, and inlined it cost the search loop
    /// its registers (1,700 instructions a puzzle more on the 1106 set).
    #[inline(never)]
    fn write(&self, cells: &mut [u8]) {
        for (b, band) in cells.chunks_exact_mut(27).enumerate() {
            let mut bits = [0u32; 4];
            for d in 0..9 {
                let plane = self.cand[d * 3 + b];
                for (k, mask) in bits.iter_mut().enumerate() {
                    if (d + 1) >> k & 1 != 0 {
                        *mask |= plane;
                    }
                }
            }
            for (j, eight) in band.chunks_mut(8).enumerate() {
                let mut word = 0u64;
                for (k, mask) in bits.iter().enumerate() {
                    word |= spread_byte((mask >> (8 * j)) as u8, k);
                }
                eight.copy_from_slice(&word.to_le_bytes()[..eight.len()]);
            }
        }
    }
}

/// Solves one 9x9 puzzle (3x3 boxes). `CONFIGS`: branch on configurations
/// with the triad rule on ([`configs`]), else on cells.
pub(crate) fn solve<T: Trace, const CONFIGS: bool>(
    puzzle: &sudoku_core::Grid,
    out: &mut Out,
    run: &mut Run<T>,
) {
    let givens = puzzle.cells();
    let Some(mut state) = State::from_givens(givens, run) else {
        return run.invalid_givens(puzzle);
    };
    if run.hold(1, STATE_BYTES).is_break() || run.enter(0).is_break() {
        return;
    }
    let narrator = run
        .traced()
        .then(|| Narrator::new(sudoku_core::Shape::CLASSIC, givens));
    let mut search = Search {
        out,
        run,
        peak: 1,
        last: 0,
        narrator,
        branch: None,
    };
    let _ = search.node::<CONFIGS>(&mut state, 0, 1);
}

/// What every level of one search shares: the solution's cells, the run,
/// and the memory budget's count of states alive at once (`peak`: the
/// most held so far, reported as it grows).
struct Search<'a, T: Trace> {
    out: &'a mut Out,
    run: &'a mut Run<T>,
    peak: u64,
    /// The depth the node just left reached (its placements, forced ones
    /// included): an untraced search takes them back in one count.
    last: u32,
    /// A traced run's narrator (`None` untraced).
    narrator: Option<Narrator>,
    /// The configuration a traced child is entered for, told as its choice.
    branch: Option<(u8, sudoku_core::Rule)>,
}

impl<T: Trace> Search<'_, T> {
    /// Propagates, then tries each option of the chosen cell on a copy of
    /// the state, the last one on the state itself (nothing needs it
    /// after), so a bivalue guess copies once. `held`: the states alive,
    /// this one included.
    fn node<const CONFIGS: bool>(
        &mut self,
        state: &mut State,
        mut depth: u32,
        held: u64,
    ) -> ControlFlow<()> {
        let run = &mut *self.run;
        let mut configs = Configurations::default();
        let entered = depth;
        let propagated = state.propagate::<T, CONFIGS>(run, &mut depth, &mut configs);
        self.last = depth;
        if run.traced() {
            if let Some(narrator) = self.narrator.as_mut() {
                let cells = state.cells();
                if let Some((digit, rule)) = self.branch.take() {
                    narrator.branch(run, entered, &cells, digit, rule);
                }
                let mut told = entered;
                narrator.narrate(run, &mut told, &cells, propagated.err(), depth);
            }
        }
        if let Err(dead) = propagated {
            if !run.traced() {
                run.dead_end(depth, dead);
            }
            return ControlFlow::Continue(());
        }
        run.mems(3);
        if state.free == [0; 3] {
            // Only a solution the outcome keeps is written out: proving
            // uniqueness finds a second one that nobody reads.
            if run.keeps_solution() {
                state.write(&mut self.out.cells);
            }
            return run.solution(depth, &self.out.cells);
        }
        if CONFIGS {
            if let Some(choice) = configs.choose(run) {
                return self.branch_on_configuration::<true>(state, choice, depth, held);
            }
        }
        let (b, pos, options) = match state.choose(run) {
            Branch::Digits { b, pos, options } => (b, pos, options),
            Branch::Configuration(choice) => {
                return self.branch_on_configuration::<CONFIGS>(state, choice, depth, held);
            }
        };
        let reason = Reason::Guess { options };
        let cell = 27 * b + pos;
        let mut d = state.first_option(b, pos, options, self.run);
        let mut rest = options;
        loop {
            rest &= !(1 << d);
            let last = rest == 0;
            self.hold_copy(last, held)?;
            let mark = self.narrator.as_mut().map(|n| {
                n.guess(depth + 1, cell, d as u8 + 1);
                n.mark() - 1
            });
            self.run.place(depth + 1, cell, d as u8 + 1, reason);
            self.run.enter(depth + 1)?;
            let take = |s: &mut State, run: &mut Run<T>| s.assign(d, b, pos, run);
            self.descend::<CONFIGS>(state, last, take, depth + 1, held)?;
            self.take_back(mark, depth + 1, Some((cell, d as u8 + 1)));
            if last {
                break;
            }
            d = rest.trailing_zeros() as usize;
        }
        self.last = depth;
        ControlFlow::Continue(())
    }

    /// One child per configuration of the chosen digit, as [`Search::node`]
    /// does per option of a cell. A child places no digit: it is entered one
    /// level deeper with the digit's cells outside the configuration removed
    /// (traced as [`sudoku_core::Rule::Configuration`]), and nothing is
    /// undone after it. The children search as the parent does: `CONFIGS`
    /// is the row (the cell search branches here too, where no cell is
    /// bivalue).
    fn branch_on_configuration<const CONFIGS: bool>(
        &mut self,
        state: &mut State,
        choice: Choice,
        depth: u32,
        held: u64,
    ) -> ControlFlow<()> {
        let mut rest = choice.options as u32;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let last = rest == 0;
            self.hold_copy(last, held)?;
            let mark = self.narrator.as_ref().map(|n| n.mark());
            if self.run.traced() {
                self.branch = Some((choice.d as u8 + 1, configs::configuration_rule(choice, p)));
            }
            self.run.enter(depth + 1)?;
            let take = |s: &mut State, run: &mut Run<T>| s.take_configuration(choice, p, run);
            self.descend::<CONFIGS>(state, last, take, depth + 1, held)?;
            self.take_back(mark, depth + 1, None);
        }
        self.last = depth;
        ControlFlow::Continue(())
    }

    /// Leaves the child just searched, entered at `depth`: its placements
    /// are taken back deepest first, then the branch's own digit
    /// (`choice`; a configuration places none). A traced run tells each
    /// (`mark`: the narrator's trail before the branch), an untraced one
    /// counts them.
    #[inline(always)]
    fn take_back(&mut self, mark: Option<usize>, depth: u32, choice: Option<(usize, u8)>) {
        match (mark, self.narrator.as_mut()) {
            (Some(mark), Some(narrator)) if self.run.traced() => narrator.unwind(mark, self.run),
            _ => {
                self.run.take_back(depth, self.last);
                if let Some((cell, digit)) = choice {
                    self.run.undo(depth, cell, digit);
                }
            }
        }
    }

    /// Counts the copy an option other than the last is tried on (the last
    /// runs on the state itself): one more state alive, against the memory
    /// budget.
    #[inline(always)]
    fn hold_copy(&mut self, last: bool, held: u64) -> ControlFlow<()> {
        if !last && held + 1 > self.peak {
            self.peak = held + 1;
            self.run.hold(held + 1, (held + 1) * STATE_BYTES)?;
        }
        ControlFlow::Continue(())
    }

    /// Searches below one option of a branch, entered at `depth`: `take`
    /// writes the option into a copy of the state, or for the last option
    /// into the state itself, since nothing needs it after.
    #[inline(always)]
    fn descend<const CONFIGS: bool>(
        &mut self,
        state: &mut State,
        last: bool,
        take: impl FnOnce(&mut State, &mut Run<T>),
        depth: u32,
        held: u64,
    ) -> ControlFlow<()> {
        if last {
            take(state, self.run);
            self.node::<CONFIGS>(state, depth, held)
        } else {
            // The copy: the state read and written whole.
            self.run.mems(2 * STATE_WORDS);
            let mut child = *state;
            take(&mut child, self.run);
            self.node::<CONFIGS>(&mut child, depth, held + 1)
        }
    }
}

/// The tests' random numbers (xorshift): the same on every run.
#[cfg(test)]
struct Xorshift(u64);

#[cfg(test)]
impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::{
        minis_by_shifts, minis_of, nonzero_bytes, spread_bits, spread_byte, State, Xorshift, MINI,
        ROW, ROWS3,
    };

    /// The planes to step are exactly those that differ from their copies,
    /// whichever way `dirty` is compiled (vector compares or the loop).
    #[test]
    fn dirty_marks_exactly_the_changed_planes() {
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..2_000 {
            let mut state = State {
                cand: [0; 27],
                stepped: [0; 27],
                free: [0; 3],
                pairs: [0; 3],
            };
            for i in 0..27 {
                let seed = rng.next();
                state.cand[i] = seed as u32 & 0x7FF_FFFF;
                // About one plane in four changed, by one bit.
                let flip = if seed >> 40 & 3 == 0 {
                    1 << ((seed >> 48) % 27)
                } else {
                    0
                };
                state.stepped[i] = state.cand[i] ^ flip;
            }
            let expected = (0..27).fold(0u32, |m, i| {
                m | ((state.cand[i] != state.stepped[i]) as u32) << i
            });
            assert_eq!(state.dirty(), expected);
        }
    }

    /// The updates that keep a copy of the planes in registers (512-bit
    /// and 256-bit) step the same planes in the same order as the one
    /// comparing them in memory: the same states, results and mems, from
    /// the givens of a few puzzles and along a random walk of placements
    /// below each (dead ends included).
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512vl"))]
    #[test]
    fn the_updates_step_alike() {
        use sudoku_core::{CountMems, Grid, Limits, Run};
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
            "...............................................................................12",
        ];
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut steps = 0;
        for puzzle in puzzles {
            let grid: Grid = puzzle.parse().expect("a 9x9 puzzle");
            let limits = Limits::default();
            let mut run_a = Run::start_unchecked(&grid, &limits, CountMems);
            let mut run_b = Run::start_unchecked(&grid, &limits, CountMems);
            let mut run_c = Run::start_unchecked(&grid, &limits, CountMems);
            let mut run_d = Run::start_unchecked(&grid, &limits, CountMems);
            let mut state = State::from_givens(grid.cells(), &mut run_a).expect("no clash");
            State::from_givens(grid.cells(), &mut run_b).expect("no clash");
            State::from_givens(grid.cells(), &mut run_d).expect("no clash");
            loop {
                let (mut other, mut third) = (state, state);
                let a = state.update_in_registers::<super::Zmm, _>(&mut run_a);
                let b = other.update_in_memory(&mut run_b);
                let d = third.update_in_registers::<super::Ymm, _>(&mut run_d);
                assert_eq!(a, b);
                assert_eq!(d, b);
                for s in [&state, &third] {
                    assert_eq!(s.cand, other.cand);
                    assert_eq!(s.stepped, other.stepped);
                    assert_eq!(s.free, other.free);
                }
                steps += 1;
                // A random free cell gets one of its candidates.
                let free: Vec<usize> = (0..81)
                    .filter(|&c| state.free[c / 27] >> (c % 27) & 1 != 0)
                    .collect();
                if a.is_err() || free.is_empty() {
                    break;
                }
                let seed = rng.next();
                let cell = free[seed as usize % free.len()];
                let (b, pos) = (cell / 27, cell % 27);
                let options: Vec<usize> = (0..9)
                    .filter(|&d| state.cand[d * 3 + b] >> pos & 1 != 0)
                    .collect();
                if options.is_empty() {
                    break;
                }
                let d = options[(seed >> 32) as usize % options.len()];
                state.assign(d, b, pos, &mut run_c);
                state.naked_singles(&mut run_c).ok();
            }
            let mems = run_b.finish().stats.mems;
            assert_eq!(run_a.finish().stats.mems, mems);
            assert_eq!(run_d.finish().stats.mems, mems);
        }
        assert!(steps > 20, "{steps}");
    }

    /// The root's first round, its 27 steps applied together, leads the
    /// steps after it to the state the steps in turn reach (or to a
    /// contradiction where they do): the band rules' fixpoint. On top95,
    /// 17-clue puzzles, the 9x9 puzzles with no solution, and random
    /// partial grids whose givens do not clash.
    #[test]
    fn the_first_round_reaches_the_same_fixpoint() {
        use sudoku_core::{Grid, Limits, NoTrace, Run};
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
        let mut lines: Vec<String> = Vec::new();
        for (file, take) in [
            ("top95.txt", 95),
            ("17clue.txt", 200),
            ("no-solution.txt", 50),
        ] {
            let text = std::fs::read_to_string(dir.join(file)).expect("a bundled set");
            lines.extend(
                text.lines()
                    .filter(|l| !l.starts_with('#') && l.trim().len() == 81)
                    .take(take)
                    .map(str::to_owned),
            );
        }
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20000 {
            let cells: String = (0..81)
                .map(|_| {
                    let r = rng.next();
                    if r.is_multiple_of(5) {
                        char::from(b'1' + (r >> 8) as u8 % 9)
                    } else {
                        '.'
                    }
                })
                .collect();
            lines.push(cells);
        }
        let (mut compared, mut dead) = (0, 0);
        for line in &lines {
            let Ok(grid) = line.parse::<Grid>() else {
                continue;
            };
            let limits = Limits::default();
            let mut run = Run::start_unchecked(&grid, &limits, NoTrace);
            let Some(mut together) = State::from_givens(grid.cells(), &mut run) else {
                continue;
            };
            let mut in_turn = together;
            together.first_round(&mut run);
            let a = together.update(&mut run);
            let b = in_turn.update(&mut run);
            assert_eq!(a.is_ok(), b.is_ok(), "{line}");
            if b.is_ok() {
                assert_eq!(together.cand, in_turn.cand, "{line}");
                assert_eq!(together.free, in_turn.free, "{line}");
            } else {
                dead += 1;
            }
            compared += 1;
        }
        assert!(
            compared > 400 && dead > 20,
            "{compared} compared, {dead} dead"
        );
    }

    /// The mini-rows of a plane are the same from the three `MINI`
    /// look-ups, from [`minis_of`] (BMI2 where built for it) and from the
    /// shifts, on every row pattern of every row.
    #[test]
    fn minis_agree_every_way() {
        for x in 0..512u32 {
            for r in 0..3 {
                let a = x << (9 * r) | (0o421 << (9 * ((r + 1) % 3)));
                let looked_up = MINI[(a & ROW) as usize] as u32
                    | (MINI[(a >> 9 & ROW) as usize] as u32) << 3
                    | (MINI[(a >> 18 & ROW) as usize] as u32) << 6;
                let firsts = (a | a >> 1 | a >> 2) & (0o111 * ROWS3);
                assert_eq!(minis_of(a), looked_up, "{a:#o}");
                assert_eq!(minis_by_shifts(firsts), looked_up, "{a:#o}");
            }
        }
    }

    /// Each bit of a byte lands in bit 0 of its own byte, and nothing else.
    #[test]
    fn spread_bits_puts_each_bit_in_its_byte() {
        for x in 0..=255u8 {
            let expected = (0..8).fold(0u64, |w, i| w | ((x as u64 >> i) & 1) << (8 * i));
            assert_eq!(spread_bits(x), expected, "{x:#x}");
            for k in 0..4 {
                assert_eq!(spread_byte(x, k), expected << k, "{x:#x} {k}");
            }
        }
    }

    /// The word-at-a-time mask agrees with a test of each byte, for every
    /// value a byte can hold at every position of a band's 27 cells.
    #[test]
    fn nonzero_bytes_marks_exactly_the_nonzero_bytes() {
        for value in 0..=255u8 {
            for pos in 0..27 {
                let mut band = [0u8; 27];
                band[pos] = value;
                band[(pos + 13) % 27] = 9;
                let expected = band
                    .iter()
                    .enumerate()
                    .fold(0u32, |m, (i, &g)| m | ((g != 0) as u32) << i);
                assert_eq!(nonzero_bytes(&band), expected, "{value} at {pos}");
            }
        }
    }
}
