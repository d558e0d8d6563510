//! The second way to branch on 9x9: tdoku's model, written for these planes.
//!
//! A digit's *configuration* in a band is which box holds it in each of the
//! band's three rows: one of the six row-to-box permutations ([`PERMS`]). A
//! stack has the same six, column to band. The band step already keeps a
//! digit to the mini-rows of the configurations that fit; this module adds
//!
//! * the **triad rule** in both directions: a mini-row (the three cells where
//!   a row meets a box; a mini-column likewise) holds exactly three digits.
//!   Where only three digits fit a mini-row, each must be there, so it leaves
//!   the rest of its row and of its box; where three digits are *certain*
//!   (every configuration left to them uses that mini-row), no other digit
//!   goes there; fewer than three, or four certain, is a dead end;
//! * the **branch on a configuration**: in the band or stack with the fewest
//!   configurations left over its nine digits, the digit with the fewest
//!   (two if any, else three, ...), one child per configuration. A child
//!   places no digit: the digit leaves the cells of its lines outside the
//!   configuration's boxes, which the trace shows as eliminations for
//!   [`Rule::Configuration`] right after the child's `Enter`.
//!
//! Together they are the tree tdoku searches: on the forum's hardest sets
//! the branch points per puzzle match its guesses (crate docs, "Branching on
//! configurations"). Neither pays alone: the triad pass with the cell branch
//! finds something in one pass of ten, and the configuration branch without
//! triads leaves a third more nodes. The pass runs at the fixpoint of the
//! other rules, where the sets it reads are unions of configurations: the
//! digits certain in a mini-row or mini-column, and how many
//! configurations are left, follow from those sets without a configuration
//! counted (the test `fixpoint_sets_are_unions_of_configurations`). Even
//! so the pass, with the band steps its removals set off, makes a node
//! cost about 1.3 times one of the cell search: on the 1106 set about what
//! the smaller tree saves, on the other sets measured but the 17-clue
//! puzzles more (crate docs).

use super::{Columns, Fail, State, Tally, CELLS, FITS, PERMS, ROW, ROWS3};
use sudoku_core::{DeadEnd, Rule, Run, Trace, Unit};

/// The mini-rows every configuration in the 6-bit set `c` uses (none for
/// the empty set): where the digit is certain, which the triad pass reads
/// at the fixpoint from `KEEP` and `Columns::once` instead (the tests).
#[cfg(test)]
const fn inter(c: usize) -> u32 {
    if c == 0 {
        return 0;
    }
    let mut x = 0o777;
    let mut p = 0;
    while p < 6 {
        if c & (1 << p) != 0 {
            x &= 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        }
        p += 1;
    }
    x
}

/// `SHADOW[x]`: for a set `x` of mini-rows a digit is confined to, the other
/// mini-rows of their rows and boxes, which the digit leaves.
static SHADOW: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 9 {
            if x & (1 << j) != 0 {
                let row = 7 << (3 * (j / 3));
                let column = 0o111 << (j % 3);
                t[x] |= ((row | column) & !(1 << j)) as u16;
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// `COUNT[k]`: how many configurations a digit has in a band (stack) whose
/// `k` mini-rows (mini-columns) are all used by one: at the fixpoint the
/// triad pass runs at, a digit's mini-rows in a band are the union of the
/// configurations that fit them (the band step's `KEEP`), and its
/// mini-columns in a stack those of the stack's (pointing and column
/// claims, each quiet, are the whole permutation rule on a 3x3: see the
/// test `fixpoint_sets_are_unions_of_configurations`). Such a union has 3,
/// 5, 6, 7, 8 or 9 mini-rows, and fits 1, 2, 2, 3, 4 or 6 configurations:
/// a count of its size and a look-up in 16 bytes, which a vector shuffle
/// does for eight sets at once ([`counts_avx2`]).
static COUNT: [u8; 16] = [0, 0, 0, 1, 0, 2, 2, 3, 4, 6, 0, 0, 0, 0, 0, 0];

/// How many configurations the set of mini-rows (mini-columns) `m` holds,
/// at the fixpoint: [`COUNT`] of its size.
#[inline(always)]
fn configs_in(m: u32) -> u32 {
    COUNT[(m & 511).count_ones() as usize & 15] as u32
}

/// A digit's mini-columns in stack `s` from `word`, its columns in the three
/// bands side by side (bit `9 b + c`): bit `3 b + k` for column `k` of the
/// stack in band `b`. With BMI2, one `pext` gathers the nine bits.
#[inline(always)]
fn stack_minis(word: u32, s: usize) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: `pext` needs BMI2, and this line is compiled only when
        // the crate is built for CPUs that have it.
        unsafe { std::arch::x86_64::_pext_u32(word, 0o7007007 << (3 * (s % 3))) as usize }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let w = word >> (3 * s);
        ((w & 7) | (w >> 6 & 0o70) | (w >> 12 & 0o700)) as usize & 511
    }
}

/// What the last triad pass saw at the fixpoint, from which [`choose`]
/// counts the configurations left: per plane `d * 3 + b` its mini-rows (bit
/// `3 row + box`) and its columns (9 bits).
///
/// [`choose`]: Configurations::choose
#[derive(Clone, Copy, Default)]
pub(super) struct Configurations {
    /// Per plane its mini-rows (bits 0-8), those where the digit is
    /// certain (9-17) and its columns (18-26); a word to spare, so that
    /// [`tallies`] reads four at a time.
    packed: [u32; 28],
    /// Per plane its columns; a word to spare likewise.
    cover: [u32; 28],
}

/// Each plane's packed word ([`Configurations`]) from the plane and its
/// columns: its mini-rows ([`minis_of`](super::minis_of)) and those alone in their row
/// (`KEEP`'s high half, its cells gathered back into mini-rows: where the
/// digit is certain at the fixpoint).
#[inline(always)]
fn pack(cand: &[u32; 27], cover: &[u32; 27], packed: &mut [u32; 28]) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: `pack_avx2` needs AVX2, and this line is compiled only
        // when the crate is built for CPUs that have it.
        unsafe { pack_avx2(cand, cover, packed) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    pack_portable(cand, cover, packed)
}

/// [`pack`] a plane at a time, with a look-up for the certain mini-rows.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "avx2"))))]
fn pack_portable(cand: &[u32; 27], cover: &[u32; 27], packed: &mut [u32; 28]) {
    use super::{minis_of, KEEP};
    for (i, &a) in cand.iter().enumerate() {
        let minis = minis_of(a);
        let certain = minis_of((KEEP[minis as usize & 511] >> 32) as u32);
        packed[i] = minis | certain << 9 | cover[i] << 18;
    }
}

/// [`pack`] eight planes at a time in AVX2 registers (the last eight
/// overlapping: 27 is not a multiple of 8), by shifts: each mini-row's
/// bit at its last cell as [`minis_of`](super::minis_of) marks it, moved to its first, and
/// the nine bits, three apart, gathered in four shift-and-mask steps (3 to
/// 2 apart in pairs, pairs to nibbles, nibbles to bytes, the ninth bit
/// down); a mini-row alone in its row is one whose row's two others (the
/// row rotated by one and by two within its three bits) are empty.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[target_feature(enable = "avx2")]
fn pack_avx2(cand: &[u32; 27], cover: &[u32; 27], packed: &mut [u32; 28]) {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256, _mm256_loadu_si256,
        _mm256_or_si256, _mm256_set1_epi32, _mm256_slli_epi32, _mm256_srli_epi32,
        _mm256_storeu_si256,
    };
    let eight = |words: &[u32; 27], k: usize| -> __m256i {
        let words: &[u32; 8] = words[k..k + 8].try_into().expect("eight words");
        // SAFETY: `words` is eight `u32`s, the 32 bytes the load reads
        // (unaligned: `loadu`).
        unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
    };
    let c = |x: u32| _mm256_set1_epi32(x as i32);
    // Pairs at 6 j, nibbles at 12 i, bytes at 0 and 24.
    let pairs = (0..5).fold(0u32, |m, j| m | 3 << (6 * j));
    let nibbles = 0xF | 0xF << 12 | 0xF << 24;
    let bytes = 0xFF | 0xFF << 24;
    for k in [0, 8, 16, 19] {
        let a = eight(cand, k);
        let low = c(0o333 * ROWS3);
        let lasts = _mm256_or_si256(_mm256_add_epi32(_mm256_and_si256(a, low), low), a);
        let mut x = _mm256_and_si256(_mm256_srli_epi32::<2>(lasts), c(0o111 * ROWS3));
        x = _mm256_and_si256(_mm256_or_si256(x, _mm256_srli_epi32::<2>(x)), c(pairs));
        x = _mm256_and_si256(_mm256_or_si256(x, _mm256_srli_epi32::<4>(x)), c(nibbles));
        x = _mm256_and_si256(_mm256_or_si256(x, _mm256_srli_epi32::<8>(x)), c(bytes));
        let minis = _mm256_and_si256(_mm256_or_si256(x, _mm256_srli_epi32::<16>(x)), c(0o777));
        let by_one = _mm256_or_si256(
            _mm256_and_si256(_mm256_slli_epi32::<1>(minis), c(0o666)),
            _mm256_and_si256(_mm256_srli_epi32::<2>(minis), c(0o111)),
        );
        let by_two = _mm256_or_si256(
            _mm256_and_si256(_mm256_slli_epi32::<2>(minis), c(0o444)),
            _mm256_and_si256(_mm256_srli_epi32::<1>(minis), c(0o333)),
        );
        let alone = _mm256_andnot_si256(_mm256_or_si256(by_one, by_two), minis);
        let word = _mm256_or_si256(
            _mm256_or_si256(minis, _mm256_slli_epi32::<9>(alone)),
            _mm256_slli_epi32::<18>(eight(cover, k)),
        );
        let out: &mut [u32; 8] = (&mut packed[k..k + 8]).try_into().expect("eight words");
        // SAFETY: `out` is eight `u32`s, the 32 bytes the store writes
        // (unaligned: `storeu`).
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), word) };
    }
}

/// The triad pass's tallies of the three bands: per band, bit-sliced over
/// its nine digits, the mini-rows (columns) where three or more digits fit
/// or are certain (`three`) and four or more (`four`), in [`Tally`]'s
/// layout (the packed word of [`Configurations`], the certain columns at
/// bit 27); and the mini-rows (columns) where some digit fits but is not
/// certain.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Bands {
    three: [u64; 3],
    four: [u64; 3],
    loose_rows: [u32; 3],
    loose_columns: [u32; 3],
}

/// [`Bands`] from the packed words and columns of the 27 planes and the
/// columns each digit covers in one band only.
#[inline(always)]
fn tallies(packed: &[u32; 28], cover: &[u32; 28], once: &[u32; 9]) -> Bands {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: `tallies_avx2` needs AVX2, and this line is compiled
        // only when the crate is built for CPUs that have it.
        unsafe { tallies_avx2(packed, cover, once) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        tallies_portable(packed, cover, once)
    }
}

/// [`tallies`] a band at a time, a digit at a time.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "avx2"))))]
fn tallies_portable(packed: &[u32; 28], cover: &[u32; 28], once: &[u32; 9]) -> Bands {
    let mut bands = Bands {
        three: [0; 3],
        four: [0; 3],
        loose_rows: [0; 3],
        loose_columns: [0; 3],
    };
    for b in 0..3 {
        let mut tally = Tally::<u64>::default();
        let (mut loose_rows, mut loose_columns) = (0, 0);
        for (d, &once) in once.iter().enumerate() {
            let i = 3 * d + b;
            tally.add(packed[i] as u64 | ((cover[i] & once) as u64) << 27);
            loose_rows |= packed[i] & !(packed[i] >> 9);
            loose_columns |= cover[i] & !once;
        }
        bands.three[b] = tally.three;
        bands.four[b] = tally.four;
        bands.loose_rows[b] = loose_rows & 0o777;
        bands.loose_columns[b] = loose_columns;
    }
    bands
}

/// [`tallies`] with the three bands side by side in one AVX2 register: a
/// digit's three planes are adjacent (`3 d + b`), so one load gives its
/// packed words in lanes 0-2 (lane 3, the next digit's, is ignored) and
/// another its columns, whose certain ones go to lanes 4-6: one tally of
/// eight lanes where the portable form keeps three of 64 bits.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[target_feature(enable = "avx2")]
fn tallies_avx2(packed: &[u32; 28], cover: &[u32; 28], once: &[u32; 9]) -> Bands {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm256_and_si256, _mm256_or_si256, _mm256_set_m128i,
        _mm256_setzero_si256, _mm256_storeu_si256, _mm_and_si128, _mm_andnot_si128,
        _mm_loadu_si128, _mm_set1_epi32, _mm_srli_epi32,
    };
    let four_at = |words: &[u32; 28], i: usize| -> __m128i {
        let words: &[u32; 4] = words[i..i + 4].try_into().expect("four words");
        // SAFETY: `words` is four `u32`s, the 16 bytes the load reads
        // (unaligned: `loadu`).
        unsafe { _mm_loadu_si128(words.as_ptr().cast()) }
    };
    let (mut one, mut two, mut three, mut four, mut loose) = (
        _mm256_setzero_si256(),
        _mm256_setzero_si256(),
        _mm256_setzero_si256(),
        _mm256_setzero_si256(),
        _mm256_setzero_si256(),
    );
    for (d, &once) in once.iter().enumerate() {
        let p = four_at(packed, 3 * d);
        let c = four_at(cover, 3 * d);
        let o = _mm_set1_epi32(once as i32);
        let x = _mm256_set_m128i(_mm_and_si128(c, o), p);
        let l = _mm256_set_m128i(
            _mm_andnot_si128(o, c),
            _mm_andnot_si128(_mm_srli_epi32::<9>(p), p),
        );
        four = _mm256_or_si256(four, _mm256_and_si256(three, x));
        three = _mm256_or_si256(three, _mm256_and_si256(two, x));
        two = _mm256_or_si256(two, _mm256_and_si256(one, x));
        one = _mm256_or_si256(one, x);
        loose = _mm256_or_si256(loose, l);
    }
    let lanes = |v: __m256i| -> [u32; 8] {
        let mut out = [0u32; 8];
        // SAFETY: `out` is eight `u32`s, the 32 bytes the store writes
        // (unaligned: `storeu`).
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
        out
    };
    let (three, four, loose) = (lanes(three), lanes(four), lanes(loose));
    let wide = |t: [u32; 8]| std::array::from_fn(|b| t[b] as u64 | (t[4 + b] as u64) << 27);
    Bands {
        three: wide(three),
        four: wide(four),
        loose_rows: std::array::from_fn(|b| loose[b] & 0o777),
        loose_columns: std::array::from_fn(|b| loose[4 + b]),
    }
}

/// How many configurations each digit has left in each band and stack:
/// `digits[k][d]` for band `k` (0-2) and stack `k - 3` (3-5); `totals[k]`
/// their sum over the nine digits.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    digits: [[u32; 9]; 6],
    totals: [u32; 6],
}

/// [`Counts`] from what the triad pass kept: a band's from each plane's
/// mini-rows, a stack's from each digit's columns in the three bands.
#[inline(always)]
fn counts(packed: &[u32; 28], cover: &[u32; 28]) -> Counts {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: `counts_avx2` needs AVX2, and this line is compiled only
        // when the crate is built for CPUs that have it.
        unsafe { counts_avx2(packed, cover) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    counts_portable(packed, cover)
}

/// A digit's columns in the three bands side by side (bit `9 b + c`).
#[inline(always)]
fn columns_of(cover: &[u32; 28], d: usize) -> u32 {
    cover[3 * d] | cover[3 * d + 1] << 9 | cover[3 * d + 2] << 18
}

/// [`counts`] a digit and a band or stack at a time.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "avx2"))))]
fn counts_portable(packed: &[u32; 28], cover: &[u32; 28]) -> Counts {
    let mut counts = Counts {
        digits: [[0; 9]; 6],
        totals: [0; 6],
    };
    for d in 0..9 {
        let word = columns_of(cover, d);
        for x in 0..3 {
            let band = configs_in(packed[3 * d + x]);
            let stack = configs_in(stack_minis(word, x) as u32);
            counts.digits[x][d] = band;
            counts.digits[3 + x][d] = stack;
            counts.totals[x] += band;
            counts.totals[3 + x] += stack;
        }
    }
    counts
}

/// [`counts`] with digits 0-7 side by side in the lanes of one register:
/// their planes of a band gathered (every third word), each set's size
/// and its [`COUNT`] by 16-byte look-ups that one byte shuffle does for
/// all eight lanes, the six totals summed across lanes by pairwise
/// additions; digit 8 as [`counts_portable`] does it. The portable form
/// looks up, stores and sums the 54 counts one by one: in its place this
/// takes bitboard-configs from 292,886 instructions a puzzle to 278,456 on
/// the 1905 sample and from 409,329 to 389,304 on the 1106 set (crate
/// docs), with the same trees. The counts' table looked up by a vector
/// gather instead did fewer instructions still (275,854 and 385,689), but
/// took 1-3% more time on the AMD EPYC: a gather is one instruction and
/// eight loads.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[target_feature(enable = "avx2")]
fn counts_avx2(packed: &[u32; 28], cover: &[u32; 28]) -> Counts {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_castsi256_si128,
        _mm256_extracti128_si256, _mm256_hadd_epi32, _mm256_i32gather_epi32, _mm256_loadu_si256,
        _mm256_or_si256, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setr_epi8,
        _mm256_shuffle_epi8, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
        _mm_add_epi32, _mm_storeu_si128,
    };
    let mut counts = Counts {
        digits: [[0; 9]; 6],
        totals: [0; 6],
    };
    // Planes 0, 3, ..., 21 from word `x`: digits 0-7 in band `x`.
    let every_third = _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
    let nine_bits = _mm256_set1_epi32(511);
    // SAFETY (the gathers): a plane index is at most 21 + 2 = 23, within
    // the 28 words of `packed` and `cover`.
    let gather_planes = |words: &[u32; 28], x: usize| unsafe {
        _mm256_i32gather_epi32::<4>(words.as_ptr().cast::<i32>().add(x), every_third)
    };
    // Per lane, a set's size by two 16-byte look-ups of its nibbles' sizes
    // (and its ninth bit added), then its COUNT by a third.
    let sizes = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let count: [u8; 32] = std::array::from_fn(|j| COUNT[j % 16]);
    // SAFETY: `count` is 32 bytes, what the load reads.
    let count = unsafe { _mm256_loadu_si256(count.as_ptr().cast::<__m256i>()) };
    let nibble = _mm256_set1_epi32(15);
    let look_up = |sets: __m256i| {
        let low = _mm256_shuffle_epi8(sizes, _mm256_and_si256(sets, nibble));
        let high = _mm256_shuffle_epi8(
            sizes,
            _mm256_and_si256(_mm256_srli_epi32::<4>(sets), nibble),
        );
        let size = _mm256_add_epi32(_mm256_add_epi32(low, high), _mm256_srli_epi32::<8>(sets));
        _mm256_shuffle_epi8(count, size)
    };
    let store = |digits: &mut [u32; 9], v: __m256i| {
        // SAFETY: `digits` has 9 words; the store writes the first 8.
        unsafe { _mm256_storeu_si256(digits.as_mut_ptr().cast::<__m256i>(), v) }
    };
    let word = _mm256_or_si256(
        _mm256_or_si256(
            gather_planes(cover, 0),
            _mm256_slli_epi32::<9>(gather_planes(cover, 1)),
        ),
        _mm256_slli_epi32::<18>(gather_planes(cover, 2)),
    );
    // A stack's mini-columns as `stack_minis` gathers them, the word shifted
    // to the stack first.
    let stack_sets = |w: __m256i| {
        let low = _mm256_and_si256(w, _mm256_set1_epi32(7));
        let middle = _mm256_and_si256(_mm256_srli_epi32::<6>(w), _mm256_set1_epi32(0o70));
        let high = _mm256_and_si256(_mm256_srli_epi32::<12>(w), _mm256_set1_epi32(0o700));
        _mm256_or_si256(_mm256_or_si256(low, middle), high)
    };
    let bands: [__m256i; 3] =
        std::array::from_fn(|x| look_up(_mm256_and_si256(gather_planes(packed, x), nine_bits)));
    let stacks = [
        look_up(stack_sets(word)),
        look_up(stack_sets(_mm256_srli_epi32::<3>(word))),
        look_up(stack_sets(_mm256_srli_epi32::<6>(word))),
    ];
    for x in 0..3 {
        store(&mut counts.digits[x], bands[x]);
        store(&mut counts.digits[3 + x], stacks[x]);
    }
    // Pairwise sums: each 128-bit half ends with the four totals of its
    // four digits, the two halves added.
    let first = _mm256_hadd_epi32(
        _mm256_hadd_epi32(bands[0], bands[1]),
        _mm256_hadd_epi32(bands[2], stacks[0]),
    );
    let second = _mm256_hadd_epi32(
        _mm256_hadd_epi32(stacks[1], stacks[2]),
        _mm256_hadd_epi32(stacks[1], stacks[2]),
    );
    let mut totals = [0u32; 8];
    for (k, v) in [first, second].into_iter().enumerate() {
        let sum = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        // SAFETY: `totals` has 8 words; the store writes 4 from word 4 k.
        unsafe { _mm_storeu_si128(totals[4 * k..].as_mut_ptr().cast(), sum) };
    }
    let word = columns_of(cover, 8);
    for x in 0..3 {
        let band = configs_in(packed[24 + x]);
        let stack = configs_in(stack_minis(word, x) as u32);
        counts.digits[x][8] = band;
        counts.digits[3 + x][8] = stack;
        counts.totals[x] = totals[x] + band;
        counts.totals[3 + x] = totals[3 + x] + stack;
    }
    counts
}

/// A branch on a configuration: digit `d` in band (or stack) `x`, one child
/// per configuration of `options`.
#[derive(Clone, Copy)]
pub(super) struct Choice {
    pub(super) stack: bool,
    pub(super) x: usize,
    pub(super) d: usize,
    pub(super) options: u8,
}

impl Configurations {
    /// The band or stack with the fewest configurations left, over those
    /// with a digit not fixed (nine is all fixed), bands first on a tie; in
    /// it, the first digit with the fewest, counting four or more as one
    /// class (tdoku's rule). `None` when every digit is fixed everywhere,
    /// which leaves one cell per digit and box: a solved grid.
    ///
    /// Counted here, once a node, rather than in every triad pass: per
    /// plane a [`COUNT`] of its mini-rows, per digit and stack one of its
    /// mini-columns ([`counts`]), and the `FITS` set of the digit chosen.
    pub(super) fn choose<T: Trace>(&self, run: &mut Run<T>) -> Option<Choice> {
        // The 54 words read, their 54 COUNT look-ups, one FITS.
        run.mems(54 + 54 + 1);
        let counts = counts(&self.packed, &self.cover);
        let (mut best, mut fewest) = (None, u32::MAX);
        for (k, &t) in counts.totals.iter().enumerate() {
            if t > 9 && t < fewest {
                (best, fewest) = (Some(k), t);
            }
        }
        let k = best?;
        let (stack, x) = (k >= 3, k % 3);
        let digits = &counts.digits[k];
        let d = (0..9)
            .filter(|&d| digits[d] > 1)
            .min_by_key(|&d| digits[d].min(4))?;
        let m = if stack {
            stack_minis(columns_of(&self.cover, d), x)
        } else {
            self.packed[3 * d + x] as usize & 511
        };
        Some(Choice {
            stack,
            x,
            d,
            options: FITS[m],
        })
    }
}

impl State {
    /// The triad rule both ways (module docs), run when the band steps,
    /// naked singles and column claims are quiet (`columns`: what the
    /// column claims saw, unchanged since); keeps what
    /// [`Configurations::choose`] counts. `true` when a plane lost a
    /// candidate.
    ///
    /// At that fixpoint a digit is certain in a mini-row exactly when the
    /// mini-row is the only one of its row (every configuration left uses
    /// it: `KEEP`'s high half), and in a mini-column exactly when its
    /// column is covered by one band (`Columns::once`): no configuration
    /// needs counting here.
    pub(super) fn triads<T: Trace>(
        &mut self,
        run: &mut Run<T>,
        configs: &mut Configurations,
        columns: &Columns,
    ) -> Result<bool, Fail> {
        // Per plane: read, one KEEP look-up, its mini-rows and columns
        // written for `choose`; its packed word and columns read for the
        // tally.
        run.mems(27 * 4 + 27 * 2);
        // Per plane, side by side in one word: its mini-rows (bits 0-8, bit
        // `3 row + box`), those where the digit is certain (9-17) and its
        // columns (18-26). The columns where it is certain join them at
        // bit 27 in the band's tally: one tally per band counts all four.
        pack(&self.cand, &columns.cover, &mut configs.packed);
        configs.cover[..27].copy_from_slice(&columns.cover);
        let (packed, cover) = (&configs.packed, &configs.cover);
        let tallies = tallies(packed, cover, &columns.once);
        let mut changed = 0;
        for b in 0..3 {
            let Bands {
                three,
                four,
                loose_rows,
                loose_columns,
            } = tallies;
            let tally = Tally::<u64> {
                one: 0,
                two: 0,
                three: three[b],
                four: four[b],
            };
            let (loose_rows, loose_columns) = (loose_rows[b], loose_columns[b]);
            self.check_triads(b, &tally)?;
            // Mini-rows (columns) that exactly three digits fit, and those
            // with three certain digits.
            let only = tally.three & !tally.four;
            let only_rows = only as u32 & 0o777;
            let only_columns = (only >> 18) as u32 & ROW;
            let full_rows = (tally.three >> 9) as u32 & 0o777;
            let full_columns = (tally.three >> 27) as u32 & ROW;
            // A digit confined to a mini-row it is not certain in leaves
            // the others of its row and box, which some configuration of
            // it used; one not certain in a full mini-row leaves it. Where
            // every digit fitting those mini-rows is certain there,
            // nothing moves, and the nine digits need not be walked: most
            // bands, at the fixpoint the pass runs at.
            if loose_rows & (only_rows | full_rows) | loose_columns & (only_columns | full_columns)
                == 0
            {
                continue;
            }
            for d in 0..9 {
                let i = 3 * d + b;
                let minis = packed[i] & 0o777;
                let certain_rows = packed[i] >> 9 & 0o777;
                let certain_columns = columns.cover[i] & columns.once[d];
                let confined = minis & only_rows;
                let rows = minis
                    & !(SHADOW[confined as usize & 511] as u32)
                    & !(full_rows & !certain_rows);
                let alone = columns.cover[i] & only_columns;
                let stacks = (alone | alone >> 1 | alone >> 2) & 0o111;
                let keep = (alone | !(stacks * 7)) & ROW & !(full_columns & !certain_columns);
                let new = self.cand[i] & CELLS[rows as usize & 511] & (keep * ROWS3);
                changed |= self.cand[i] ^ new;
                self.cand[i] = new;
                // A digit confined to a column here leaves it in the other
                // bands.
                for other in [(b + 1) % 3, (b + 2) % 3] {
                    let j = 3 * d + other;
                    let new = self.cand[j] & !(alone * ROWS3);
                    changed |= self.cand[j] ^ new;
                    self.cand[j] = new;
                }
            }
        }
        Ok(changed != 0)
    }

    /// The dead ends of the triad rule in band `b`, from its tally of the
    /// four sets: a mini-row or mini-column fewer than three digits fit,
    /// or four are certain in. It names the first free cell there (one is
    /// free: three placed cells keep their three digits).
    fn check_triads(&self, b: usize, tally: &Tally<u64>) -> Result<(), Fail> {
        let bad_rows = (!tally.three as u32 & 0o777) | ((tally.four >> 9) as u32 & 0o777);
        let bad_columns = ((!tally.three >> 18) as u32 & ROW) | ((tally.four >> 27) as u32 & ROW);
        if bad_rows | bad_columns == 0 {
            return Ok(());
        }
        let cells = if bad_rows != 0 {
            CELLS[1 << bad_rows.trailing_zeros()]
        } else {
            ROWS3 << bad_columns.trailing_zeros()
        };
        let free = cells & self.free[b];
        let cell = if free != 0 { free } else { cells }.trailing_zeros() as usize;
        Err(DeadEnd::Cell(27 * b + cell))
    }

    /// Enters configuration `p` of `choice` on this state: the digit leaves
    /// the cells of the band's rows (the stack's columns) outside the boxes
    /// `p` gives them (a traced run tells each removal as the child's
    /// choice, [`configuration_rule`]).
    pub(super) fn take_configuration<T: Trace>(
        &mut self,
        choice: Choice,
        p: usize,
        run: &mut Run<T>,
    ) {
        let Choice { stack, x, d, .. } = choice;
        // The planes read and written.
        run.mems(if stack { 6 } else { 2 });
        for (b, &column) in PERMS[p].iter().enumerate() {
            if !stack && b != x {
                continue;
            }
            let keep = if stack {
                // Band `b` keeps the stack's column `column` and the other
                // stacks' columns.
                ((ROW & !(7 << (3 * x))) | (1 << (3 * x + column))) * ROWS3
            } else {
                let minis = (0..3).fold(0, |m, r| m | 1 << (3 * r + PERMS[p][r]));
                CELLS[minis]
            };
            self.cand[3 * d + b] &= keep;
        }
    }
}

/// Configuration `p` of `choice` as the trace names it: the three lines
/// and, for each, the box (numbered as the grid's) that holds the digit.
pub(super) fn configuration_rule(choice: Choice, p: usize) -> Rule {
    let Choice { stack, x, .. } = choice;
    let mut boxes = [0u8; 3];
    for (k, &to) in PERMS[p].iter().enumerate() {
        if stack {
            // Band `k` holds the digit in column `to` of stack `x`: the
            // box of column `to` is the band's.
            boxes[to] = (3 * k + x) as u8;
        } else {
            boxes[k] = (3 * x + to) as u8;
        }
    }
    Rule::Configuration {
        lines: if stack {
            Unit::Col(3 * x)
        } else {
            Unit::Row(3 * x)
        },
        boxes,
    }
}

#[cfg(test)]
mod tests {
    use super::{configs_in, inter, stack_minis};
    use crate::nine::{fitting_minirows, minis_of, FITS, KEEP};

    /// A 3x3 set (bit `3 r + k`: row `r`, column `k`) with no empty row or
    /// column where a row or column with one element has none besides in
    /// its column or row: what a digit's mini-rows in a band or its
    /// mini-columns in a stack are at the fixpoint the triad pass runs at
    /// (the band step keeps mini-rows a configuration uses; pointing and
    /// column claims take a singleton's other mini-columns).
    fn settled(m: usize) -> bool {
        let row = |r: usize| m >> (3 * r) & 7;
        let column = |k: usize| (0..3).fold(0, |c, r| c | (m >> (3 * r + k) & 1) << r);
        (0..3).all(|x| {
            let (r, k) = (row(x), column(x));
            r != 0
                && k != 0
                && (r.count_ones() != 1 || column(r.trailing_zeros() as usize) == 1 << x)
                && (k.count_ones() != 1 || row(k.trailing_zeros() as usize) == 1 << x)
        })
    }

    /// Such a set is the union of the configurations that fit it, so its
    /// size gives how many fit (`COUNT`), and the digit is certain exactly
    /// in its elements alone in their row (`KEEP`'s high half), which are
    /// those alone in their column: what the triad pass and `choose` read
    /// in place of the configurations.
    #[test]
    fn fixpoint_sets_are_unions_of_configurations() {
        let mut seen = 0;
        for m in 0..512 {
            if !settled(m) {
                continue;
            }
            seen += 1;
            assert_eq!(fitting_minirows(m), m, "{m:#o}");
            let fits = FITS[m] as usize;
            // 3, 5, 6, 7, 8 or 9 mini-rows: 1, 2, 2, 3, 4 or 6
            // configurations.
            let by_size = [0, 0, 0, 1, 0, 2, 2, 3, 4, 6][m.count_ones() as usize];
            assert_eq!(configs_in(m as u32), by_size, "{m:#o}");
            assert_eq!(fits.count_ones(), by_size, "{m:#o}");
            assert_eq!(minis_of((KEEP[m] >> 32) as u32), inter(fits), "{m:#o}");
            // Alone in its column: alone in its row of the transposed set.
            let transpose =
                |m: usize| (0..9).fold(0, |t, j| t | (m >> j & 1) << (3 * (j % 3) + j / 3));
            let alone = minis_of((KEEP[transpose(m)] >> 32) as u32) as usize;
            assert_eq!(transpose(alone) as u32, inter(fits), "{m:#o}");
        }
        // As many as the distinct unions of the six configurations.
        let unions: std::collections::BTreeSet<usize> = (1..64usize)
            .map(|c| {
                (0..512)
                    .filter(|&m| FITS[m] as usize == c)
                    .min()
                    .unwrap_or(0)
            })
            .filter(|&m| m != 0)
            .collect();
        assert_eq!((seen, unions.len()), (49, 49));
    }

    /// The vector tallies and counts are the portable ones, on random
    /// planes.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[test]
    fn the_tallies_and_counts_agree() {
        use super::{counts, counts_portable, tallies, tallies_portable};
        let mut rng = crate::nine::Xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut next = || rng.next() as u32;
        for _ in 0..5_000 {
            let mut packed = [0u32; 28];
            let mut cover = [0u32; 28];
            let once: [u32; 9] = std::array::from_fn(|_| next() & 0o777);
            for i in 0..27 {
                packed[i] = next() & 0x7FF_FFFF;
                cover[i] = next() & 0o777;
            }
            assert_eq!(
                tallies(&packed, &cover, &once),
                tallies_portable(&packed, &cover, &once)
            );
            assert_eq!(counts(&packed, &cover), counts_portable(&packed, &cover));
        }
    }

    /// The vector packing is the portable one, on random planes.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[test]
    fn the_packings_agree() {
        use super::{pack, pack_portable};
        use crate::nine::minis_of;
        let mut rng = crate::nine::Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut next = || rng.next() as u32;
        for _ in 0..5_000 {
            // Planes as the band step leaves them (at the fixpoint the
            // pass runs at): their mini-rows fit a configuration.
            let cand: [u32; 27] = std::array::from_fn(|_| {
                let a = next() & 0x7FF_FFFF;
                a & KEEP[minis_of(a) as usize] as u32
            });
            let cover: [u32; 27] = std::array::from_fn(|_| next() & 0o777);
            let (mut a, mut b) = ([0u32; 28], [0u32; 28]);
            pack(&cand, &cover, &mut a);
            pack_portable(&cand, &cover, &mut b);
            assert_eq!(a, b);
        }
    }

    /// A digit's mini-columns in a stack from its columns side by side.
    #[test]
    fn stack_minis_take_the_stacks_columns() {
        for s in 0..3 {
            for b in 0..3 {
                for k in 0..3 {
                    let word = 1 << (9 * b + 3 * s + k);
                    assert_eq!(stack_minis(word, s), 1 << (3 * b + k));
                    assert_eq!(stack_minis(word, (s + 1) % 3), 0);
                }
            }
        }
    }
}
