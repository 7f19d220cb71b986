//! Match statistics: Elo difference with a confidence interval, likelihood of
//! superiority, and a sequential probability ratio test (SPRT), on win/draw/loss counts
//! (trinomial) or on game pairs (pentanomial: the two games of one opening, colours
//! swapped, scored together, as fishtest does).
//!
//! Everything is in logistic Elo: a score `s` (wins plus half the draws, over the games)
//! means `-400 log10(1/s - 1)` Elo. The special functions use standard approximations:
//! `erf` by Abramowitz and Stegun 7.1.26 (error below 1.5e-7) and the normal quantile by
//! Acklam's rational approximation (relative error below 1.2e-9).

/// Win, draw and loss counts, from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    /// Counts from the other engine's side.
    pub fn flipped(self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Number of games.
    pub fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean score in 0..=1 (0.5 with no games).
    pub fn score(self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Variance of one game's score (0, 0.5 or 1) around the mean score.
    pub fn variance(self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// Adds one game result: 1.0 win, 0.5 draw, 0.0 loss.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

impl std::ops::AddAssign for Wdl {
    fn add_assign(&mut self, o: Wdl) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }
}

/// Game pairs (the two games of one opening, colours swapped) by the first engine's
/// points in the pair: `counts[k]` pairs scored `k / 2` points (0, 1/2, 1, 3/2, 2).
///
/// In Gomoku the opening and the first move weigh so much that most pairs are split
/// (each engine wins with the same colour), and those two games are not independent: a
/// pair's score varies much less than two games drawn apart would. Counting pairs
/// measures that variance instead of assuming it, so the interval is narrower for the
/// same games (CITE: fishtest's pentanomial model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Penta {
    pub counts: [u32; 5],
}

impl Penta {
    /// Adds one pair from its two game scores (1.0 win, 0.5 draw, 0.0 loss each).
    pub fn add(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[half_points] += 1;
    }

    /// Number of pairs.
    pub fn pairs(self) -> u32 {
        self.counts.iter().sum()
    }

    /// Mean score per game in 0..=1 (0.5 with no pairs), and the variance of one
    /// pair's mean score (its points over 2) around it. With `reg`, a count of zero
    /// is taken as 0.5 in the variance (see [`Sprt::llr`]).
    fn moments(self, reg: bool) -> (f64, f64) {
        let w = self
            .counts
            .map(|c| if reg && c == 0 { 0.5 } else { c as f64 });
        let total: f64 = w.iter().sum();
        let n = self.pairs() as f64;
        if n == 0.0 {
            return (0.5, 0.0);
        }
        let value = |k: usize| k as f64 / 4.0;
        let s = (0..5)
            .map(|k| self.counts[k] as f64 * value(k))
            .sum::<f64>()
            / n;
        let var = (0..5).map(|k| w[k] * (value(k) - s).powi(2)).sum::<f64>() / total;
        (s, var)
    }

    /// Mean score per game in 0..=1 (0.5 with no pairs).
    pub fn score(self) -> f64 {
        self.moments(false).0
    }
}

/// Elo difference of a score in 0..1 (infinite at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// The standard normal quantile: the `z` with `P(Z < z) = p` (Acklam's approximation).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    const LOW: f64 = 0.024_25;
    if p < LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - LOW {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// Elo difference and its confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// The Elo difference of `wdl` with a two-sided `confidence` interval (e.g. 0.95), from the
/// normal approximation of the mean score with the trinomial per-game variance.
pub fn elo_estimate(wdl: Wdl, confidence: f64) -> EloEstimate {
    estimate(wdl.games(), wdl.score(), wdl.variance(), confidence)
}

/// The same from game pairs: the normal approximation of the mean score with the
/// variance of a pair's mean score, over the number of pairs.
pub fn elo_estimate_penta(p: Penta, confidence: f64) -> EloEstimate {
    let (s, var) = p.moments(false);
    estimate(p.pairs(), s, var, confidence)
}

/// Elo and interval of a mean score `s` over `n` samples of variance `var` each.
fn estimate(n: u32, s: f64, var: f64, confidence: f64) -> EloEstimate {
    if n == 0 {
        return EloEstimate {
            elo: 0.0,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let z = normal_quantile(0.5 + confidence / 2.0);
    let se = (var / n as f64).sqrt();
    EloEstimate {
        elo: elo_from_score(s),
        low: elo_from_score(s - z * se),
        high: elo_from_score(s + z * se),
    }
}

/// Likelihood of superiority: the probability that the first engine is the stronger one,
/// from wins and losses only (draws carry no information about it).
pub fn los(wdl: Wdl) -> f64 {
    let (w, l) = (wdl.wins as f64, wdl.losses as f64);
    if w + l == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// Parameters of a sequential probability ratio test of H0: elo = elo0 against
/// H1: elo = elo1 (logistic Elo), with error rates alpha (false H1) and beta (false H0),
/// on game pairs or on single games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: Model,
}

/// What the SPRT counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Model {
    /// Finished game pairs (both games of an opening), by points: [`Penta`].
    #[default]
    Pentanomial,
    /// Single games: wins, draws and losses.
    Trinomial,
}

/// The results an SPRT reads: every finished game, and the finished game pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub wdl: Wdl,
    pub penta: Penta,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Not decided yet: play on.
    Continue,
    /// H0 accepted (the Elo is elo0 or worse).
    AcceptH0,
    /// H1 accepted (the Elo is elo1 or better).
    AcceptH1,
}

impl Sprt {
    /// Lower and upper LLR bounds: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 over H0 for the results so far, by the generalised SPRT
    /// approximation: N (s1 - s0) (2 s - s0 - s1) / (2 var), with s the mean score,
    /// s0, s1 the scores of elo0, elo1, and N and var the number of samples and the
    /// variance of one: games and a game's score (trinomial), or finished pairs and a
    /// pair's mean score (pentanomial). In the variance a count of zero is taken as
    /// 0.5, so that a run of identical results (every game won, say) still decides
    /// instead of dividing by zero.
    pub fn llr(&self, r: &Results) -> f64 {
        let (n, s, var) = match self.model {
            Model::Trinomial => {
                let wdl = r.wdl;
                let reg = |c: u32| if c == 0 { 0.5 } else { c as f64 };
                let (w, d, l) = (reg(wdl.wins), reg(wdl.draws), reg(wdl.losses));
                let s = wdl.score();
                let var =
                    (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / (w + d + l);
                (wdl.games(), s, var)
            }
            Model::Pentanomial => {
                let (s, var) = r.penta.moments(true);
                (r.penta.pairs(), s, var)
            }
        };
        if n == 0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The decision for the results so far.
    pub fn state(&self, r: &Results) -> SprtState {
        let llr = self.llr(r);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.75), 190.849, 0.01));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(elo_from_score(0.25), -190.849, 0.01));
        assert!(close(elo_from_score(0.9), 381.697, 0.01));
        assert!(close(score_from_elo(190.849), 0.75, 1e-5));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn erf_and_quantile() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 2e-7));
        assert!(close(erf(-1.0), -0.842_700_79, 2e-7));
        assert!(close(erf(2.0), 0.995_322_27, 2e-7));
        assert!(close(normal_quantile(0.975), 1.959_964, 1e-6));
        assert!(close(normal_quantile(0.5), 0.0, 1e-9));
        assert!(close(normal_quantile(0.01), -2.326_348, 1e-6));
        assert!(close(normal_quantile(0.999), 3.090_232, 1e-6));
    }

    #[test]
    fn interval_and_los() {
        // 60 wins, 40 losses: score 0.6, +70.4 Elo; se = sqrt(0.24 / 100) = 0.04899,
        // so the score interval is 0.6 +- 0.09602 -> [0.50398, 0.69602].
        let e = elo_estimate(wdl(60, 0, 40), 0.95);
        assert!(close(e.elo, 70.44, 0.01));
        assert!(close(e.low, elo_from_score(0.503_98), 0.05));
        assert!(close(e.high, elo_from_score(0.696_02), 0.05));
        assert!(e.low > 0.0 && e.low < 5.0);
        // LOS = Phi((W - L) / sqrt(W + L)) = Phi(2) = 0.97725.
        assert!(close(los(wdl(60, 0, 40)), 0.977_25, 1e-4));
        assert!(close(los(wdl(10, 5, 10)), 0.5, 1e-7));
        assert!(close(los(wdl(0, 7, 0)), 0.5, 1e-7));
        // Draws narrow the interval but leave the Elo.
        let d = elo_estimate(wdl(30, 40, 30), 0.95);
        assert!(close(d.elo, 0.0, 1e-9));
        assert!(d.high < elo_estimate(wdl(50, 0, 50), 0.95).high);
    }

    #[test]
    fn sprt_sign_and_bounds() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Trinomial,
        };
        let tri = |w, d, l| Results {
            wdl: wdl(w, d, l),
            penta: Penta::default(),
        };
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944_439, 1e-5));
        assert!(close(hi, 2.944_439, 1e-5));
        // An even score is evidence for H0 (elo0 = 0 is nearer); a winning one for H1.
        assert!(t.llr(&tri(50, 0, 50)) < 0.0);
        assert!(t.llr(&tri(60, 0, 40)) > 0.0);
        assert_eq!(t.llr(&tri(0, 0, 0)), 0.0);
        assert_eq!(t.state(&tri(3, 0, 2)), SprtState::Continue);
        // Clear results decide.
        assert_eq!(t.state(&tri(700, 0, 300)), SprtState::AcceptH1);
        assert_eq!(t.state(&tri(300, 0, 700)), SprtState::AcceptH0);
        // Known value: 60-20-20, s = 0.7, s0 = 0.5, s1 = 0.514387, var = 0.16:
        // LLR = 100 * 0.014387 * (1.4 - 1.014387) / 0.32 = 1.7337.
        assert!(close(t.llr(&tri(60, 20, 20)), 1.733_7, 1e-3));
        // Identical results still decide: every game won, or every game drawn.
        assert_eq!(t.state(&tri(40, 0, 0)), SprtState::AcceptH1);
        assert_eq!(t.state(&tri(0, 0, 40)), SprtState::AcceptH0);
        assert!(t.llr(&tri(0, 50, 0)) < 0.0);
        // The LLR grows with the number of games at a fixed score.
        assert!(t.llr(&tri(120, 0, 80)) > t.llr(&tri(60, 0, 40)));
    }

    fn penta(counts: [u32; 5]) -> Results {
        Results {
            wdl: Wdl::default(),
            penta: Penta { counts },
        }
    }

    #[test]
    fn pairs_are_counted_by_points() {
        let mut p = Penta::default();
        p.add(1.0, 0.0);
        p.add(0.0, 1.0);
        p.add(1.0, 1.0);
        p.add(0.5, 1.0);
        p.add(0.0, 0.0);
        assert_eq!(p.counts, [1, 0, 2, 1, 1]);
        assert_eq!(p.pairs(), 5);
        // (0 + 1 + 1 + 1.5 + 2) / 10 games.
        assert!(close(p.score(), 0.55, 1e-12));
        assert_eq!(Penta::default().score(), 0.5);
    }

    #[test]
    fn split_pairs_narrow_the_interval() {
        // 100 pairs, 80 of them split and 10 won and 10 lost on both colours: the
        // games are 100 wins and 100 losses either way, but the pair means vary less
        // (variance 0.05 instead of 0.25 per game, over 100 pairs, not 200 games).
        let p = Penta {
            counts: [10, 0, 80, 0, 10],
        };
        let e = elo_estimate_penta(p, 0.95);
        let t = elo_estimate(wdl(100, 0, 100), 0.95);
        assert!(close(e.elo, 0.0, 1e-9));
        // se = sqrt(0.05 / 100) = 0.022361: scores 0.5 +- 0.043827.
        assert!(close(e.high, elo_from_score(0.543_827), 0.05));
        assert!(close(e.low, -e.high, 1e-9));
        // Trinomial: se = sqrt(0.25 / 200) = 0.035355, scores 0.5 +- 0.069295.
        assert!(close(t.high, elo_from_score(0.569_295), 0.05));
        assert!(e.high < 0.7 * t.high);
        assert_eq!(
            elo_estimate_penta(Penta::default(), 0.95).high,
            f64::INFINITY
        );
    }

    #[test]
    fn pentanomial_sprt() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Pentanomial,
        };
        assert_eq!(t.llr(&penta([0; 5])), 0.0);
        assert!(t.llr(&penta([10, 0, 80, 0, 10])) < 0.0);
        assert!(t.llr(&penta([10, 0, 80, 0, 20])) > 0.0);
        // Known value: [5, 0, 70, 0, 25], s = 0.6; the variance of the pair means,
        // with the two empty counts taken as 0.5, (5 * 0.36 + 0.5 * 0.1225 + 70 * 0.01
        // + 0.5 * 0.0225 + 25 * 0.16) / 101 = 0.065074; s1 = 0.514387:
        // LLR = 100 * 0.014387 * (1.2 - 1.014387) / 0.130149 = 2.0518.
        assert!(close(t.llr(&penta([5, 0, 70, 0, 25])), 2.051_8, 1e-3));
        assert_eq!(t.state(&penta([5, 0, 140, 0, 50])), SprtState::AcceptH1);
        // The same games as a trinomial sample: 120 wins, 80 losses, LLR 1.115 (the
        // empty draw count taken as 0.5); the pairs tell more.
        let tri = Sprt {
            model: Model::Trinomial,
            ..t
        };
        let games = Results {
            wdl: wdl(120, 0, 80),
            penta: Penta {
                counts: [5, 0, 70, 0, 25],
            },
        };
        assert!(close(tri.llr(&games), 1.115, 1e-3));
        assert!(t.llr(&games) > 1.5 * tri.llr(&games));
        // Every pair split: the variance is regularised, and an even score is H0's.
        assert!(t.llr(&penta([0, 0, 60, 0, 0])) < 0.0);
        assert_eq!(t.state(&penta([0, 0, 0, 0, 30])), SprtState::AcceptH1);
    }

    #[test]
    fn wdl_helpers() {
        let mut w = Wdl::default();
        w.add(1.0);
        w.add(0.5);
        w.add(0.0);
        w.add(0.0);
        assert_eq!(w, wdl(1, 1, 2));
        assert_eq!(w.flipped(), wdl(2, 1, 1));
        assert!(close(w.score(), 0.375, 1e-12));
        assert_eq!(Wdl::default().score(), 0.5);
    }
}
