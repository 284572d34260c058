//! The loops the network spends its time in: adding and subtracting weight rows to
//! accumulators, and the output layer's activated dot products.
//!
//! Each loop is written once, in plain Rust that the compiler turns into vector code:
//! 128-bit SSE for the x86-64-v2 build. On a processor with AVX2 (found once, when a net
//! is loaded) the same loops run compiled again with AVX2 enabled, 256 bits at a time, so
//! that one binary serves both. The accumulator loops go block by block, sixteen `i16` at
//! a time ([`Lanes`]); over flat slices the compiler left half of each row to scalar
//! code, up to three times slower. The dot products go over the flat values: block by
//! block the compiler vectorised across blocks instead, with gathers, 2.5 times slower.
//!
//! Accumulator arithmetic wraps (as the vector instructions do): sums modulo 2^16 do not
//! depend on the order of the additions, so an accumulator updated move by move equals
//! one computed from scratch even for a net whose sums leave the `i16` range (a trained
//! net keeps within it; random test nets do not).
//!
//! The output layer has two forms. The narrow one sums in wrapping 32-bit vector
//! arithmetic, for the squared clipped ReLU as `(c · w) · c` with `c = clamp(x, 0, QA)`,
//! the first product in 16 bits. A wrapping sum
//! is exact whenever the true sum fits 32 bits, whatever the order of the additions, so
//! the form is exact when `QA · |w| ≤ 32767` for every output weight (QA 255 allows
//! |w| ≤ 128: a float weight of 2 at QB 64) and the largest sum the weights allow,
//! `QA² · Σ|w|` over one perspective's half, fits: [`narrow_fits`] checks both when the
//! net is loaded. With |w| ≤ 127 that holds up to N = 256; wider nets need smaller
//! weights on average, as trained ones have. Any other net takes the wide form, 64-bit
//! and scalar, several times slower but exact for every file.

/// Values per block: one 256-bit register of `i16`.
pub const LANES: usize = 16;

/// Sixteen accumulator values or weights, aligned for one 256-bit load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(C, align(32))]
pub struct Lanes(pub [i16; LANES]);

/// Whether `x86_64` AVX2 versions of the loops may run here.
pub fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Runs `$portable(args)`, or its AVX2 twin `$avx2(args)` where `$use_avx2`.
macro_rules! dispatch {
    ($use_avx2:expr, $portable:ident, $avx2:ident, ($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if $use_avx2 {
                // SAFETY: `$use_avx2` is only set where the processor has AVX2.
                return unsafe { $avx2($($arg),*) };
            }
        }
        $portable($($arg),*)
    }};
}

/// Compiles `$portable` again, as `$avx2`, with AVX2 enabled.
macro_rules! avx2_twin {
    ($avx2:ident = $portable:ident $(<$(const $c:ident: usize),*>)?
        ($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        unsafe fn $avx2 $(<$(const $c: usize),*>)? ($($arg: $ty),*) -> $ret {
            $portable $(::<$($c),*>)? ($($arg),*)
        }
    };
}

/// The values of `blocks`, in order.
#[inline(always)]
pub fn flat(blocks: &[Lanes]) -> &[i16] {
    // SAFETY: `Lanes` is `repr(C)` around `[i16; LANES]` and as large as its alignment,
    // so the blocks are `LANES * len` contiguous `i16` without padding.
    unsafe { std::slice::from_raw_parts(blocks.as_ptr().cast(), blocks.len() * LANES) }
}

/// `out = parent + Σ adds − Σ subs`, every slice as long as `out`.
#[inline(always)]
fn add_sub_portable<const A: usize, const S: usize>(
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

avx2_twin!(add_sub_avx2 = add_sub_portable<const A: usize, const S: usize>
    (out: &mut [Lanes], parent: &[Lanes], adds: [&[Lanes]; A], subs: [&[Lanes]; S]) -> ());

/// `out = parent + Σ adds − Σ subs` in one pass.
#[inline(always)]
pub fn add_sub<const A: usize, const S: usize>(
    avx2: bool,
    out: &mut [Lanes],
    parent: &[Lanes],
    adds: [&[Lanes]; A],
    subs: [&[Lanes]; S],
) {
    dispatch!(avx2, add_sub_portable, add_sub_avx2, (out, parent, adds, subs))
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

avx2_twin!(crelu_dot_avx2 = crelu_dot_portable
    (acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32);

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

avx2_twin!(screlu_dot_avx2 = screlu_dot_portable
    (acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32);

/// The narrow Σ act(x) · w: `squared` for the squared clipped ReLU.
#[inline]
pub fn narrow_dot(avx2: bool, squared: bool, acc: &[Lanes], weights: &[Lanes], qa: i16) -> i64 {
    if squared {
        screlu_dot(avx2, acc, weights, qa) as i64
    } else {
        crelu_dot(avx2, acc, weights, qa) as i64
    }
}

#[inline(always)]
fn crelu_dot(avx2: bool, acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32 {
    dispatch!(avx2, crelu_dot_portable, crelu_dot_avx2, (acc, weights, qa))
}

#[inline(always)]
fn screlu_dot(avx2: bool, acc: &[Lanes], weights: &[Lanes], qa: i16) -> i32 {
    dispatch!(avx2, screlu_dot_portable, screlu_dot_avx2, (acc, weights, qa))
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
