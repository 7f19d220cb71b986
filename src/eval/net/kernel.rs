//! The network's inner loop: update one cell's feature by codebook rows and the pooled
//! activations by the change, in 16-bit lanes (32 of them: two AVX2 registers or four
//! SSE ones). The code path is chosen once, from what the CPU has: AVX2, else SSE4.1
//! (every x86-64-v2 CPU), else plain Rust.

use super::weights::{Row, RuleNet, CLASSICAL_CAP, CLASSICAL_UNIT, D, H, INPUTS, QE};
use std::sync::OnceLock;

/// The instruction sets the kernels are written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    Avx2,
    Sse41,
    Scalar,
}

/// The best kernel this CPU runs, detected on first use.
pub fn detected() -> Simd {
    static SIMD: OnceLock<Simd> = OnceLock::new();
    *SIMD.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Simd::Avx2;
            }
            if std::arch::is_x86_feature_detected!("sse4.1") {
                return Simd::Sse41;
            }
        }
        Simd::Scalar
    })
}

/// `feat += add - sub` (16-bit wrapping, as the trainer's ranges never wrap), and
/// `pooled += act(feat after) - act(feat before)` with `act` clipping to `0..=QE`.
/// (The search calls the paths through `Net::set_cell`, compiled per path; this
/// dispatch serves the tests.)
#[cfg(test)]
pub fn update(simd: Simd, feat: &mut Row, sub: &[&Row], add: &[&Row], pooled: &mut [i32; D]) {
    match simd {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 on this CPU (or a test forces a path it checked).
        Simd::Avx2 => unsafe { update_avx2(feat, sub, add, pooled) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above, for SSE4.1.
        Simd::Sse41 => unsafe { update_sse41(feat, sub, add, pooled) },
        _ => update_scalar(feat, sub, add, pooled),
    }
}

/// The value head: win/draw/loss logits from a view's pooled activations (divided by
/// `QE * POOL`), whether that view is black's, and the classical score of the
/// position for that view. Every path multiplies and adds in the same order (no fused
/// multiply-add), so all give the same floats.
#[inline]
pub fn head(simd: Simd, net: &RuleNet, pooled: &[i32; D], black: bool, classical: i32) -> [f32; 3] {
    let scale = 1.0 / (QE as f32 * super::POOL);
    let mut x = [0f32; INPUTS];
    for (v, &p) in x.iter_mut().zip(pooled) {
        *v = p as f32 * scale;
    }
    x[D] = if black { 1.0 } else { 0.0 };
    x[D + 1] = (classical as f32 / CLASSICAL_UNIT).clamp(-CLASSICAL_CAP, CLASSICAL_CAP);
    let mut h1 = net.b1;
    layer(simd, &mut h1, &x, &net.w1);
    let h1 = h1.map(|v| v.max(0.0));
    let mut h2 = net.b2;
    layer(simd, &mut h2, &h1, &net.w2);
    let mut out = net.b3;
    for (&v, row) in h2.iter().zip(&net.w3) {
        let v = v.max(0.0);
        for (o, w) in out.iter_mut().zip(row) {
            *o += v * w;
        }
    }
    out
}

/// `acc += sum_i x[i] * rows[i]`, input by input.
#[inline]
fn layer(simd: Simd, acc: &mut [f32; H], x: &[f32], rows: &[[f32; H]]) {
    match simd {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 on this CPU.
        Simd::Avx2 => unsafe { x86::layer_avx2(acc, x, rows) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above, for SSE4.1.
        Simd::Sse41 => unsafe { x86::layer_sse(acc, x, rows) },
        _ => {
            for (&v, row) in x.iter().zip(rows) {
                for j in 0..H {
                    acc[j] += v * row[j];
                }
            }
        }
    }
}

/// A cell's activation: its feature clipped to `0..=QE`.
#[inline(always)]
pub fn act(v: i16) -> i16 {
    v.clamp(0, QE)
}

/// The plain-Rust kernel (and the reference the others are tested against).
pub fn update_scalar(feat: &mut Row, sub: &[&Row], add: &[&Row], pooled: &mut [i32; D]) {
    for k in 0..D {
        let before = act(feat[k]);
        let mut v = feat[k];
        for r in sub {
            v = v.wrapping_sub(r[k]);
        }
        for r in add {
            v = v.wrapping_add(r[k]);
        }
        feat[k] = v;
        pooled[k] += (act(v) - before) as i32;
    }
}

#[cfg(target_arch = "x86_64")]
pub use x86::{update_avx2, update_sse41};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Row, D, H, QE};
    use std::arch::x86_64::*;

    #[target_feature(enable = "avx2")]
    pub unsafe fn layer_avx2(acc: &mut [f32; H], x: &[f32], rows: &[[f32; H]]) {
        let a = acc.as_mut_ptr();
        let mut v: [__m256; H / 8] = std::array::from_fn(|q| _mm256_loadu_ps(a.add(8 * q)));
        for (&xi, row) in x.iter().zip(rows) {
            let xv = _mm256_set1_ps(xi);
            let r = row.as_ptr();
            for (q, s) in v.iter_mut().enumerate() {
                *s = _mm256_add_ps(*s, _mm256_mul_ps(xv, _mm256_loadu_ps(r.add(8 * q))));
            }
        }
        for (q, s) in v.iter().enumerate() {
            _mm256_storeu_ps(a.add(8 * q), *s);
        }
    }

    #[target_feature(enable = "sse4.1")]
    pub unsafe fn layer_sse(acc: &mut [f32; H], x: &[f32], rows: &[[f32; H]]) {
        let a = acc.as_mut_ptr();
        let mut v: [__m128; H / 4] = std::array::from_fn(|q| _mm_loadu_ps(a.add(4 * q)));
        for (&xi, row) in x.iter().zip(rows) {
            let xv = _mm_set1_ps(xi);
            let r = row.as_ptr();
            for (q, s) in v.iter_mut().enumerate() {
                *s = _mm_add_ps(*s, _mm_mul_ps(xv, _mm_loadu_ps(r.add(4 * q))));
            }
        }
        for (q, s) in v.iter().enumerate() {
            _mm_storeu_ps(a.add(4 * q), *s);
        }
    }

    /// [`super::update`] in AVX2 (inlined into callers compiled for AVX2).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub unsafe fn update_avx2(feat: &mut Row, sub: &[&Row], add: &[&Row], pooled: &mut [i32; D]) {
        let f = feat.as_mut_ptr() as *mut __m256i;
        let zero = _mm256_setzero_si256();
        let one = _mm256_set1_epi16(QE);
        let clip = |v| _mm256_min_epi16(_mm256_max_epi16(v, zero), one);
        let mut v = [_mm256_loadu_si256(f), _mm256_loadu_si256(f.add(1))];
        let before = [clip(v[0]), clip(v[1])];
        for r in sub {
            let p = r.as_ptr() as *const __m256i;
            v[0] = _mm256_sub_epi16(v[0], _mm256_loadu_si256(p));
            v[1] = _mm256_sub_epi16(v[1], _mm256_loadu_si256(p.add(1)));
        }
        for r in add {
            let p = r.as_ptr() as *const __m256i;
            v[0] = _mm256_add_epi16(v[0], _mm256_loadu_si256(p));
            v[1] = _mm256_add_epi16(v[1], _mm256_loadu_si256(p.add(1)));
        }
        _mm256_storeu_si256(f, v[0]);
        _mm256_storeu_si256(f.add(1), v[1]);
        let pp = pooled.as_mut_ptr() as *mut __m256i;
        for h in 0..2 {
            let delta = _mm256_sub_epi16(clip(v[h]), before[h]);
            let lo = _mm256_cvtepi16_epi32(_mm256_castsi256_si128(delta));
            let hi = _mm256_cvtepi16_epi32(_mm256_extracti128_si256(delta, 1));
            let (a, b) = (pp.add(2 * h), pp.add(2 * h + 1));
            _mm256_storeu_si256(a, _mm256_add_epi32(_mm256_loadu_si256(a), lo));
            _mm256_storeu_si256(b, _mm256_add_epi32(_mm256_loadu_si256(b), hi));
        }
    }

    /// [`super::update`] in SSE4.1.
    #[inline]
    #[target_feature(enable = "sse4.1")]
    pub unsafe fn update_sse41(feat: &mut Row, sub: &[&Row], add: &[&Row], pooled: &mut [i32; D]) {
        let f = feat.as_mut_ptr() as *mut __m128i;
        let zero = _mm_setzero_si128();
        let one = _mm_set1_epi16(QE);
        let clip = |v| _mm_min_epi16(_mm_max_epi16(v, zero), one);
        let mut v: [__m128i; 4] = std::array::from_fn(|q| _mm_loadu_si128(f.add(q)));
        let before = v.map(clip);
        for r in sub {
            let p = r.as_ptr() as *const __m128i;
            for (q, x) in v.iter_mut().enumerate() {
                *x = _mm_sub_epi16(*x, _mm_loadu_si128(p.add(q)));
            }
        }
        for r in add {
            let p = r.as_ptr() as *const __m128i;
            for (q, x) in v.iter_mut().enumerate() {
                *x = _mm_add_epi16(*x, _mm_loadu_si128(p.add(q)));
            }
        }
        let pp = pooled.as_mut_ptr() as *mut __m128i;
        for q in 0..4 {
            _mm_storeu_si128(f.add(q), v[q]);
            let delta = _mm_sub_epi16(clip(v[q]), before[q]);
            let lo = _mm_cvtepi16_epi32(delta);
            let hi = _mm_cvtepi16_epi32(_mm_srli_si128(delta, 8));
            let (a, b) = (pp.add(2 * q), pp.add(2 * q + 1));
            _mm_storeu_si128(a, _mm_add_epi32(_mm_loadu_si128(a), lo));
            _mm_storeu_si128(b, _mm_add_epi32(_mm_loadu_si128(b), hi));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Rng;

    fn row(rng: &mut Rng) -> Row {
        std::array::from_fn(|_| rng.below(4000) as i16 - 1500)
    }

    #[test]
    fn every_head_path_this_cpu_runs_gives_the_same_floats() {
        let mut rng = Rng(6);
        let mut f = || rng.below(2001) as f32 / 1000.0 - 1.0;
        let mut rows =
            |n: usize| -> Vec<[f32; H]> { (0..n).map(|_| std::array::from_fn(|_| f())).collect() };
        let (w1, w2) = (rows(INPUTS), rows(H));
        let b = || std::array::from_fn(|_| 0.1);
        let net = RuleNet {
            rule_code: 0,
            codebook: Vec::new(),
            policy: [0; D],
            w1,
            b1: b(),
            w2,
            b2: b(),
            w3: (0..H).map(|k| [k as f32 / 30.0, -0.5, 0.25]).collect(),
            b3: [0.0; 3],
        };
        let pooled: [i32; D] = std::array::from_fn(|k| (k as i32 * 7919) % 90000);
        let plain = head(Simd::Scalar, &net, &pooled, true, -350);
        assert!(plain.iter().any(|&v| v != 0.0));
        for simd in [Simd::Sse41, Simd::Avx2] {
            if simd == Simd::Avx2 && detected() != Simd::Avx2 || detected() == Simd::Scalar {
                continue;
            }
            assert_eq!(head(simd, &net, &pooled, true, -350), plain, "{simd:?}");
        }
    }

    #[test]
    fn every_kernel_this_cpu_runs_matches_the_scalar_one() {
        let mut rng = Rng(5);
        let paths: Vec<Simd> = match detected() {
            Simd::Avx2 => vec![Simd::Avx2, Simd::Sse41],
            Simd::Sse41 => vec![Simd::Sse41],
            Simd::Scalar => vec![],
        };
        for simd in paths {
            for _ in 0..200 {
                let (a, b, c, e) = (row(&mut rng), row(&mut rng), row(&mut rng), row(&mut rng));
                let mut f1 = row(&mut rng);
                let mut p1: [i32; D] = std::array::from_fn(|_| rng.below(10000) as i32);
                let (mut f2, mut p2) = (f1, p1);
                update_scalar(&mut f1, &[&a, &b], &[&c, &e], &mut p1);
                update(simd, &mut f2, &[&a, &b], &[&c, &e], &mut p2);
                assert_eq!((f1, p1), (f2, p2), "{simd:?}");
            }
        }
    }
}
