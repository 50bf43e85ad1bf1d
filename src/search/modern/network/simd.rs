//! The network's inner loops: a row of first-layer weights added to or taken from the
//! units, and the output layer's dot product of clipped units, or of their squares. Three
//! versions: AVX-512 and AVX2 through `std::arch`, and plain loops the compiler vectorises
//! as well as it can for every other CPU. [`Simd::detect`] picks the best version the
//! running CPU has, once, as a network is read. Every version computes the same integers
//! (16-bit wrapping sums, and a 32-bit wrapping sum of products, whose order does not
//! matter), so all evaluate bit for bit alike; the tests compare each version this
//! machine has with the plain one.

use super::QA;

/// Units or weights in a [`Lanes`].
pub const LANES: usize = 32;

/// 32 units or weights: one AVX-512 register or two AVX2 ones, aligned for both. A layer
/// of units is a slice of these, its last one padded with zeros.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Lanes(pub [i16; LANES]);

impl Lanes {
    pub const ZERO: Lanes = Lanes([0; LANES]);
}

/// A version of the kernels this CPU runs. Only [`Simd::available`] and [`Simd::detect`]
/// make one, so holding a value means the CPU has its instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Simd(Path);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Path {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Simd {
    /// The plain loops, for any CPU.
    pub const PORTABLE: Simd = Simd(Path::Portable);

    /// The versions this CPU runs, the plain one first and the fastest last.
    pub fn available() -> Vec<Simd> {
        let mut paths = vec![Simd::PORTABLE];
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2") {
                paths.push(Simd(Path::Avx2));
            }
            if is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512bw") {
                paths.push(Simd(Path::Avx512));
            }
        }
        paths
    }

    /// The fastest version this CPU runs.
    pub fn detect() -> Simd {
        *Simd::available().last().unwrap_or(&Simd::PORTABLE)
    }

    /// The version's name, as `machack net` shows it.
    pub fn name(self) -> &'static str {
        match self.0 {
            Path::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => "avx512",
        }
    }

    /// `dst` becomes `src` (itself, if None) plus the rows `add` minus the rows `sub`,
    /// each of `dst`'s length.
    #[inline]
    pub fn update<const A: usize, const S: usize>(
        self,
        dst: &mut [Lanes],
        src: Option<&[Lanes]>,
        add: [&[Lanes]; A],
        sub: [&[Lanes]; S],
    ) {
        let n = dst.len();
        debug_assert!(src.is_none_or(|s| s.len() == n));
        debug_assert!(add.iter().chain(&sub).all(|r| r.len() == n));
        match self.0 {
            Path::Portable => portable::update(dst, src, add, sub),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a Simd of this path is made only when the CPU has AVX2 (available).
            Path::Avx2 => unsafe { avx2::update(dst, src, add, sub) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a Simd of this path is made only when the CPU has AVX-512 F and BW.
            Path::Avx512 => unsafe { avx512::update(dst, src, add, sub) },
        }
    }

    /// The sum of each unit of `units`, clipped to 0..[`QA`], times its weight, wrapping
    /// at 32 bits.
    #[inline]
    pub fn dot(self, units: &[Lanes], weights: &[Lanes]) -> i32 {
        debug_assert_eq!(units.len(), weights.len());
        match self.0 {
            Path::Portable => portable::dot(units, weights),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a Simd of this path is made only when the CPU has AVX2 (available).
            Path::Avx2 => unsafe { avx2::dot(units, weights) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a Simd of this path is made only when the CPU has AVX-512 F and BW.
            Path::Avx512 => unsafe { avx512::dot(units, weights) },
        }
    }

    /// The sum of the square of each unit of `units`, clipped to 0..[`QA`], times its
    /// weight, wrapping at 32 bits. The clipped unit times the weight is taken to 16 bits
    /// (wrapping) before it is multiplied by the clipped unit again: exact while |weight|
    /// ≤ 128 ([`super::screlu_weight_bound`]).
    #[inline]
    pub fn dot_squared(self, units: &[Lanes], weights: &[Lanes]) -> i32 {
        debug_assert_eq!(units.len(), weights.len());
        match self.0 {
            Path::Portable => portable::dot_squared(units, weights),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a Simd of this path is made only when the CPU has AVX2 (available).
            Path::Avx2 => unsafe { avx2::dot_squared(units, weights) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a Simd of this path is made only when the CPU has AVX-512 F and BW.
            Path::Avx512 => unsafe { avx512::dot_squared(units, weights) },
        }
    }
}

/// The kernels' loops, the same in every version but for its registers. In the version's
/// module: `regs` and `regs_mut` view a [`Lanes`] as its registers; `add` and `sub` add or
/// take one row's; `madd` adds the products of one [`Lanes`] of clipped units and weights
/// to an accumulator that starts as `SUM0` (`madd_squared` those of the squared clipped
/// units), and `total` sums it at the end.
macro_rules! kernels {
    ($(#[$attr:meta])*) => {
        $(#[$attr])*
        pub fn update<const A: usize, const S: usize>(
            dst: &mut [Lanes],
            src: Option<&[Lanes]>,
            add: [&[Lanes]; A],
            sub: [&[Lanes]; S],
        ) {
            for b in 0..dst.len() {
                let mut v = *regs(src.map_or(&dst[b], |s| &s[b]));
                for row in add {
                    v = self::add(v, regs(&row[b]));
                }
                for row in sub {
                    v = self::sub(v, regs(&row[b]));
                }
                *regs_mut(&mut dst[b]) = v;
            }
        }

        $(#[$attr])*
        pub fn dot(units: &[Lanes], weights: &[Lanes]) -> i32 {
            let mut sum = SUM0;
            for (u, w) in units.iter().zip(weights) {
                sum = madd(sum, regs(u), regs(w));
            }
            total(sum)
        }

        $(#[$attr])*
        pub fn dot_squared(units: &[Lanes], weights: &[Lanes]) -> i32 {
            let mut sum = SUM0;
            for (u, w) in units.iter().zip(weights) {
                sum = madd_squared(sum, regs(u), regs(w));
            }
            total(sum)
        }
    };
}

/// Loops over whole [`Lanes`], which the compiler turns into the vector instructions of
/// the CPU it compiles for.
mod portable {
    use super::{LANES, Lanes, QA};

    kernels!(#[inline]);

    #[inline]
    fn regs(l: &Lanes) -> &Lanes {
        l
    }

    #[inline]
    fn regs_mut(l: &mut Lanes) -> &mut Lanes {
        l
    }

    #[inline]
    fn add(mut v: Lanes, r: &Lanes) -> Lanes {
        for (v, &r) in v.0.iter_mut().zip(&r.0) {
            *v = v.wrapping_add(r);
        }
        v
    }

    #[inline]
    fn sub(mut v: Lanes, r: &Lanes) -> Lanes {
        for (v, &r) in v.0.iter_mut().zip(&r.0) {
            *v = v.wrapping_sub(r);
        }
        v
    }

    /// A sum for each lane, so that the compiler keeps them in vectors.
    const SUM0: [i32; LANES] = [0; LANES];

    #[inline]
    fn madd(mut sums: [i32; LANES], u: &Lanes, w: &Lanes) -> [i32; LANES] {
        for ((sum, &u), &w) in sums.iter_mut().zip(&u.0).zip(&w.0) {
            let clipped = i32::from(u.clamp(0, QA as i16));
            *sum = sum.wrapping_add(clipped * i32::from(w));
        }
        sums
    }

    /// As the x86 versions do: the clipped unit times the weight in 16 bits (its low 16
    /// bits, as `mullo`), times the clipped unit in 32.
    #[inline]
    fn madd_squared(mut sums: [i32; LANES], u: &Lanes, w: &Lanes) -> [i32; LANES] {
        for ((sum, &u), &w) in sums.iter_mut().zip(&u.0).zip(&w.0) {
            let clipped = u.clamp(0, QA as i16);
            let product = clipped.wrapping_mul(w);
            *sum = sum.wrapping_add(i32::from(product) * i32::from(clipped));
        }
        sums
    }

    #[inline]
    fn total(sums: [i32; LANES]) -> i32 {
        sums.iter().fold(0, |a, &s| a.wrapping_add(s))
    }
}

/// The views of a [`Lanes`] as an x86 version's registers `$regs` (two AVX2 ones or one
/// AVX-512 one make a [`Lanes`]), and its kernels.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_kernels {
    ($feature:literal, $regs:ty) => {
        #[inline]
        fn regs(l: &Lanes) -> &$regs {
            const {
                assert!(size_of::<$regs>() == size_of::<Lanes>());
                assert!(align_of::<$regs>() <= align_of::<Lanes>());
            }
            // SAFETY: the registers are as large as a Lanes and no more aligned (checked
            // above), and every bit pattern is valid for both.
            unsafe { &*(l as *const Lanes).cast::<$regs>() }
        }

        #[inline]
        fn regs_mut(l: &mut Lanes) -> &mut $regs {
            // SAFETY: as for `regs`.
            unsafe { &mut *(l as *mut Lanes).cast::<$regs>() }
        }

        kernels!(#[target_feature(enable = $feature)]);
    };
}

/// 16 units a register. The clipped units (0..255) times 16-bit weights, summed in pairs
/// by `madd`, cannot overflow the pair's 32 bits.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{Lanes, QA};

    x86_kernels!("avx2", [__m256i; 2]);

    #[inline]
    #[target_feature(enable = "avx2")]
    fn add(v: [__m256i; 2], r: &[__m256i; 2]) -> [__m256i; 2] {
        [_mm256_add_epi16(v[0], r[0]), _mm256_add_epi16(v[1], r[1])]
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn sub(v: [__m256i; 2], r: &[__m256i; 2]) -> [__m256i; 2] {
        [_mm256_sub_epi16(v[0], r[0]), _mm256_sub_epi16(v[1], r[1])]
    }

    // SAFETY: all zeros is a valid register.
    const SUM0: __m256i = unsafe { std::mem::zeroed() };

    #[inline]
    #[target_feature(enable = "avx2")]
    fn madd(mut sum: __m256i, u: &[__m256i; 2], w: &[__m256i; 2]) -> __m256i {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        for k in 0..2 {
            let clipped = _mm256_min_epi16(_mm256_max_epi16(u[k], zero), top);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clipped, w[k]));
        }
        sum
    }

    /// The clipped unit times the weight (low 16 bits), then times the clipped unit and
    /// summed in pairs: 255 · 32768 twice stays within 32 bits.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn madd_squared(mut sum: __m256i, u: &[__m256i; 2], w: &[__m256i; 2]) -> __m256i {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        for k in 0..2 {
            let clipped = _mm256_min_epi16(_mm256_max_epi16(u[k], zero), top);
            let product = _mm256_mullo_epi16(clipped, w[k]);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(product, clipped));
        }
        sum
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn total(sum: __m256i) -> i32 {
        let s = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
        _mm_cvtsi128_si32(s)
    }
}

/// 32 units a register (16-bit arithmetic needs AVX-512 BW).
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    use super::{Lanes, QA};

    x86_kernels!("avx512f,avx512bw", __m512i);

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn add(v: __m512i, r: &__m512i) -> __m512i {
        _mm512_add_epi16(v, *r)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn sub(v: __m512i, r: &__m512i) -> __m512i {
        _mm512_sub_epi16(v, *r)
    }

    // SAFETY: all zeros is a valid register.
    const SUM0: __m512i = unsafe { std::mem::zeroed() };

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn madd(sum: __m512i, u: &__m512i, w: &__m512i) -> __m512i {
        let zero = _mm512_setzero_si512();
        let top = _mm512_set1_epi16(QA as i16);
        let clipped = _mm512_min_epi16(_mm512_max_epi16(*u, zero), top);
        _mm512_add_epi32(sum, _mm512_madd_epi16(clipped, *w))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn madd_squared(sum: __m512i, u: &__m512i, w: &__m512i) -> __m512i {
        let zero = _mm512_setzero_si512();
        let top = _mm512_set1_epi16(QA as i16);
        let clipped = _mm512_min_epi16(_mm512_max_epi16(*u, zero), top);
        let product = _mm512_mullo_epi16(clipped, *w);
        _mm512_add_epi32(sum, _mm512_madd_epi16(product, clipped))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn total(sum: __m512i) -> i32 {
        _mm512_reduce_add_epi32(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::modern::level::mix;

    /// `n` lanes of values from a hash, over the whole 16-bit range if `wide`.
    fn random(seed: u64, n: usize, wide: bool) -> Vec<Lanes> {
        let mut k = seed;
        (0..n)
            .map(|_| {
                Lanes(std::array::from_fn(|_| {
                    k = mix(k);
                    if wide {
                        k as i16
                    } else {
                        (k % 801) as i16 - 400
                    }
                }))
            })
            .collect()
    }

    #[test]
    fn every_version_this_cpu_has_computes_what_the_plain_loops_do() {
        let paths = Simd::available();
        eprintln!(
            "versions on this CPU: {:?}",
            paths.iter().map(|p| p.name()).collect::<Vec<_>>()
        );
        for seed in 0..200u64 {
            let n = 1 + (seed as usize % 33);
            let wide = seed % 2 == 0;
            let (a, b, c, d, e) = (
                random(seed, n, wide),
                random(seed + 1000, n, wide),
                random(seed + 2000, n, wide),
                random(seed + 3000, n, wide),
                random(seed + 4000, n, wide),
            );
            let run = |simd: Simd| {
                let mut out = vec![Lanes::ZERO; n];
                simd.update(&mut out, Some(&a), [&b], [&c]);
                let quiet = out.clone();
                simd.update(&mut out, Some(&a), [&b], [&c, &d]);
                let capture = out.clone();
                simd.update(&mut out, Some(&a), [&b, &e], [&c, &d]);
                let castle = out.clone();
                simd.update(&mut out, None, [&b], []);
                let in_place = out.clone();
                let dots = [
                    simd.dot(&a, &b),
                    simd.dot(&e, &c),
                    simd.dot(&quiet, &d),
                    simd.dot_squared(&a, &b),
                    simd.dot_squared(&e, &c),
                    simd.dot_squared(&quiet, &d),
                ];
                (quiet, capture, castle, in_place, dots)
            };
            let plain = run(Simd::PORTABLE);
            for &simd in &paths {
                assert_eq!(run(simd), plain, "{} seed {seed}", simd.name());
            }
        }
    }

    #[test]
    fn the_dot_product_clips_the_units_and_wraps() {
        let units = [Lanes([-5; LANES]), Lanes([300; LANES])];
        let weights = [Lanes([7; LANES]), Lanes([2; LANES])];
        for simd in Simd::available() {
            assert_eq!(simd.dot(&units, &weights), 32 * 255 * 2, "{}", simd.name());
            let big = vec![Lanes([255; LANES]); 64];
            let heavy = vec![Lanes([i16::MAX; LANES]); 64];
            let wrapped = (0..64 * LANES).fold(0i32, |s, _| s.wrapping_add(255 * 32767));
            assert_eq!(simd.dot(&big, &heavy), wrapped, "{}", simd.name());
        }
    }

    #[test]
    fn the_squared_dot_product_squares_the_clipped_units() {
        // Units below 0 count 0, above 255 count 255; 255 · 128 fits in 16 bits.
        let units = [Lanes([-5; LANES]), Lanes([300; LANES]), Lanes([10; LANES])];
        let weights = [Lanes([7; LANES]), Lanes([128; LANES]), Lanes([-3; LANES])];
        let exact = 32 * (255 * 255 * 128 + 10 * 10 * -3);
        for simd in Simd::available() {
            assert_eq!(simd.dot_squared(&units, &weights), exact, "{}", simd.name());
            // A clipped unit times a weight beyond 16 bits wraps there, in every version.
            let heavy = [Lanes([1000; LANES])];
            let low = (255i32 * 1000) as i16;
            let wrapped = 32 * i32::from(low) * 255;
            assert_eq!(
                simd.dot_squared(&[Lanes([255; LANES])], &heavy),
                wrapped,
                "{}",
                simd.name()
            );
        }
    }
}
