//! The loops the network spends its time in: adding and subtracting weight rows to
//! accumulators, and the output layer's activated dot products.
//!
//! The accumulator loops are plain Rust that the compiler vectorises (128-bit SSE for
//! the x86-64-v2 build), block by block, sixteen `i16` at a time ([`Lanes`]): over flat
//! slices it left half of each row to scalar code, up to three times slower. Compiled
//! again for AVX2 they were no faster: an update's time goes to fetching its weight rows.
//!
//! The output layer's dot products are where AVX2 pays. The compiler does not find the
//! 16-bit multiply-add in plain loops, so on x86-64 they are written with it, for SSE2
//! (every x86-64 processor) and for AVX2 (chosen at load where the processor has it):
//! 2 and 2.8 times faster than the plain loop at N = 256. Other processors run the plain
//! loop. [`Isa`] names the three.
//!
//! Accumulator arithmetic wraps (as the vector instructions do): sums modulo 2^16 do not
//! depend on the order of the additions, so an accumulator updated move by move equals
//! one computed from scratch even for a net whose sums leave the `i16` range (a trained
//! net keeps within it; random test nets do not).
//!
//! The output layer has two forms. The narrow one sums in wrapping 32-bit vector
//! arithmetic, for the squared clipped ReLU as `(c · w) · c` with `c = clamp(x, 0, QA)`,
//! the first product in 16 bits. A wrapping sum is exact whenever the true sum fits 32
//! bits, whatever the order of the additions, so the form is exact when `QA · |w| ≤
//! 32767` for every output weight (QA 255 allows |w| ≤ 128: a float weight of 2 at QB 64)
//! and the largest sum the weights allow, `QA² · Σ|w|` over one perspective's half, fits:
//! [`narrow_fits`] checks both when the net is loaded. With |w| ≤ 127 that holds up to
//! N = 256; wider nets need smaller weights on average, as trained ones have. Any other
//! net takes the wide form, 64-bit and scalar, several times slower but exact for every
//! file.

/// Values per block: one 256-bit register of `i16`.
pub const LANES: usize = 16;

/// Sixteen accumulator values or weights, aligned for one 256-bit load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(C, align(32))]
pub struct Lanes(pub [i16; LANES]);

/// The instructions the loops may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// Plain Rust, vectorised as far as the compiler can for the build's target.
    Plain,
    /// SSE2's multiply-add for the output layer, which every x86-64 processor has.
    Sse2,
    /// AVX2's multiply-add for the output layer, 256 bits at a time.
    Avx2,
}

impl Isa {
    pub const ALL: [Isa; 3] = [Isa::Plain, Isa::Sse2, Isa::Avx2];

    /// Whether this processor runs `self`.
    pub fn available(self) -> bool {
        match self {
            Isa::Plain => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Sse2 => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest this processor runs.
    pub fn best() -> Isa {
        Isa::ALL.into_iter().rev().find(|isa| isa.available()).unwrap_or(Isa::Plain)
    }
}

/// The values of `blocks`, in order.
#[inline(always)]
pub fn flat(blocks: &[Lanes]) -> &[i16] {
    // SAFETY: `Lanes` is `repr(C)` around `[i16; LANES]` and as large as its alignment,
    // so the blocks are `LANES * len` contiguous `i16` without padding.
    unsafe { std::slice::from_raw_parts(blocks.as_ptr().cast(), blocks.len() * LANES) }
}

/// `out = parent + Σ adds − Σ subs` in one pass, every slice as long as `out`.
#[inline(always)]
pub fn add_sub<const A: usize, const S: usize>(
    out: &mut [Lanes],
    parent: &[Lanes],
    adds: [&[Lanes]; A],
    subs: [&[Lanes]; S],
) {
    let n = out.len();
    let parent = &parent[..n];
    let mut add_rows = adds;
    for row in &mut add_rows {
        *row = &row[..n];
    }
    let mut sub_rows = subs;
    for row in &mut sub_rows {
        *row = &row[..n];
    }
    for block in 0..n {
        let mut v = parent[block].0;
        for row in &add_rows {
            let w = &row[block].0;
            for k in 0..LANES {
                v[k] = v[k].wrapping_add(w[k]);
            }
        }
        for row in &sub_rows {
            let w = &row[block].0;
            for k in 0..LANES {
                v[k] = v[k].wrapping_sub(w[k]);
            }
        }
        out[block].0 = v;
    }
}

/// `acc += row` (or `-=` where `subtract`), for refreshes and unusual moves.
pub fn add_row_in_place(acc: &mut [Lanes], row: &[Lanes], subtract: bool) {
    let n = acc.len();
    let row = &row[..n];
    for block in 0..n {
        let (v, w) = (&mut acc[block].0, &row[block].0);
        for k in 0..LANES {
            v[k] = if subtract { v[k].wrapping_sub(w[k]) } else { v[k].wrapping_add(w[k]) };
        }
    }
}

/// Σ clamp(x, 0, qa) · w in wrapping 32-bit arithmetic.
#[inline(always)]
fn crelu_dot_portable(acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32 {
    let x = flat(acc);
    let w = &flat(weights)[..x.len()];
    let mut sum = 0i32;
    for i in 0..x.len() {
        let c = x[i].clamp(0, qa);
        sum = sum.wrapping_add(c as i32 * w[i] as i32);
    }
    sum
}

/// Σ clamp(x, 0, qa)² · w as `(c · w) · c`, the first product in 16 bits, in wrapping
/// 32-bit arithmetic.
#[inline(always)]
fn screlu_dot_portable(acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32 {
    let x = flat(acc);
    let w = &flat(weights)[..x.len()];
    let mut sum = 0i32;
    for i in 0..x.len() {
        let c = x[i].clamp(0, qa);
        let cw = c.wrapping_mul(w[i]);
        sum = sum.wrapping_add(cw as i32 * c as i32);
    }
    sum
}

/// The narrow Σ act(x) · w with AVX2's 16-bit multiply-add.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn avx2_dot<const SQUARED: bool>(acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32 {
    use std::arch::x86_64::*;
    let n = acc.len();
    let weights = &weights[..n];
    // SAFETY: AVX2 is enabled here, and each `Lanes` is 32 bytes aligned to 32, as the
    // aligned loads need.
    unsafe {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(qa);
        let mut sum = _mm256_setzero_si256();
        for block in 0..n {
            let x = _mm256_load_si256((&acc[block] as *const Lanes).cast());
            let w = _mm256_load_si256((&weights[block] as *const Lanes).cast());
            let c = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
            // Pairs of products summed in 32 bits: at most 2 · 32767², no overflow.
            let products = if SQUARED {
                _mm256_madd_epi16(_mm256_mullo_epi16(c, w), c)
            } else {
                _mm256_madd_epi16(c, w)
            };
            sum = _mm256_add_epi32(sum, products);
        }
        let half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256::<1>(sum));
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let eighth = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
        _mm_cvtsi128_si32(eighth)
    }
}

/// The narrow Σ act(x) · w with SSE2's 16-bit multiply-add.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sse2_dot<const SQUARED: bool>(acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32 {
    use std::arch::x86_64::*;
    let n = acc.len();
    let weights = &weights[..n];
    // SAFETY: SSE2 is part of x86-64, and each `Lanes` is two 16-byte halves aligned as
    // the aligned loads need.
    unsafe {
        let zero = _mm_setzero_si128();
        let top = _mm_set1_epi16(qa);
        let mut sum = _mm_setzero_si128();
        for block in 0..n {
            let x = (&acc[block] as *const Lanes).cast::<__m128i>();
            let w = (&weights[block] as *const Lanes).cast::<__m128i>();
            for half in 0..2 {
                let (x, w) = (_mm_load_si128(x.add(half)), _mm_load_si128(w.add(half)));
                let c = _mm_min_epi16(_mm_max_epi16(x, zero), top);
                // Pairs of products summed in 32 bits: at most 2 · 32767², no overflow.
                let products = if SQUARED {
                    _mm_madd_epi16(_mm_mullo_epi16(c, w), c)
                } else {
                    _mm_madd_epi16(c, w)
                };
                sum = _mm_add_epi32(sum, products);
            }
        }
        let half = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
        _mm_cvtsi128_si32(quarter)
    }
}

/// The narrow Σ act(x) · w: `squared` for the squared clipped ReLU.
#[inline]
pub fn narrow_dot(isa: Isa, squared: bool, acc: &[Lanes], weights: &[Lanes], qa: i16) -> i64 {
    let sum = match (isa, squared) {
        // SAFETY (both AVX2 arms): a net only runs AVX2 where the processor has it.
        #[cfg(target_arch = "x86_64")]
        (Isa::Avx2, false) => unsafe { avx2_dot::<false>(acc, weights, qa) },
        #[cfg(target_arch = "x86_64")]
        (Isa::Avx2, true) => unsafe { avx2_dot::<true>(acc, weights, qa) },
        #[cfg(target_arch = "x86_64")]
        (Isa::Sse2, false) => sse2_dot::<false>(acc, weights, qa),
        #[cfg(target_arch = "x86_64")]
        (Isa::Sse2, true) => sse2_dot::<true>(acc, weights, qa),
        (_, false) => crelu_dot_portable(acc, weights, qa),
        (_, true) => screlu_dot_portable(acc, weights, qa),
    };
    sum as i64
}

/// The wide Σ act(x) · w, exact for any weights.
pub fn wide_dot(squared: bool, acc: &[Lanes], weights: &[Lanes], qa: i16) -> i64 {
    let mut sum = 0i64;
    for (&x, &w) in flat(acc).iter().zip(flat(weights)) {
        let c = x.clamp(0, qa) as i64;
        sum += if squared { c * c } else { c } * w as i64;
    }
    sum
}

/// Whether the narrow dot product is exact for the output weights `weights` (one half of
/// one bucket's) and activation bound `qa`: every 16-bit product `qa · w` fits (squared
/// activation only), and so does the largest sum the weights allow.
pub fn narrow_fits(squared: bool, weights: &[i16], qa: i16) -> bool {
    let qa = qa as i64;
    let scale = if squared { qa * qa } else { qa };
    let mut bound = 0i64;
    for &w in weights {
        let w = (w as i64).abs();
        if squared && qa * w > i16::MAX as i64 {
            return false;
        }
        bound += scale * w;
    }
    bound <= i32::MAX as i64
}
