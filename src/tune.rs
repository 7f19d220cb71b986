//! Fitting the evaluation weights to game outcomes (CITE: Texel's tuning method).
//!
//! The classical evaluation is linear in the board's [`Census`]: the side to move's
//! cell values at `tempo_percent` minus the opponent's, a value being pattern counts
//! times [`PATTERN_VALUE`] plus each cell's code bonus
//! ([`crate::eval::classical::census_bonus`]), plus the threat mask's value where the
//! search uses it (a one-hot feature). Given positions from finished games labelled
//! with the result for the side to move, the fit picks the scale `S` for which
//! `sigmoid(eval / S)` best predicts the results, then moves the weights to lower the
//! mean squared error. Positions the search settles (a five on the board, an open or
//! double four for the side to move) are left out. `wuzi-tune` (src/bin) runs it on
//! the PSQ files `wuzi-match -psq` writes.

use crate::board::{combo_parts, Board, Threat, COMBO_CODES};
use crate::eval::classical::{
    census_bonus, threat_mask, threat_mask_table, Census, CENSUS_CODES, PATTERN_VALUE, THREAT_MASKS,
};
use crate::search::{Limits, Searcher};
use crate::types::{is_mate, Pos, Rule};
use std::sync::atomic::AtomicBool;

/// Features: the 11 pattern counts, then the cell counts by census code (the
/// combination code, and apart from those the foul cells of black under renju,
/// whose bonuses stay fixed), then the threat masks (1 for the position's own) ...
pub const FEATURES: usize = MASKS_AT + THREAT_MASKS;

/// ... where the codes start (code `c` is feature `CODES_AT + c`) ...
pub const CODES_AT: usize = PATTERN_VALUE.len();

/// ... and the masks (mask `m` is feature `MASKS_AT + m`).
pub const MASKS_AT: usize = CODES_AT + CENSUS_CODES;

/// The pattern weights the fit may change: B1 to F5 (the others stay 0).
pub const TUNABLE_PATTERNS: [usize; 9] = [2, 3, 4, 5, 6, 7, 8, 9, 10];

/// A position's features (side to move's census times the tempo, minus the
/// opponent's; only the ones that are not zero, as (feature, value)) and the game's
/// result for the side to move.
#[derive(Clone, Debug)]
pub struct Sample {
    pub x: Vec<(u32, f64)>,
    pub result: f64,
}

/// The current weights of a search of `board` as one vector in feature order (the
/// combination bonuses of its rule and size), the threat masks' values it adds
/// included if `masks` and 0 otherwise.
pub fn current_weights(board: &Board, masks: bool) -> Vec<f64> {
    let mut w = vec![0.0; FEATURES];
    for (k, &v) in PATTERN_VALUE.iter().enumerate() {
        w[k] = v as f64;
    }
    for code in 0..CENSUS_CODES {
        w[CODES_AT + code] = census_bonus(code, board.combo_bonuses()) as f64;
    }
    if masks {
        for (m, &v) in threat_mask_table(board).iter().enumerate() {
            w[MASKS_AT + m] = v as f64;
        }
    }
    w
}

/// The features of a census pair.
pub fn features(me: &Census, opp: &Census, tempo: f64) -> Vec<(u32, f64)> {
    let counts = |c: &Census| -> Vec<f64> {
        (c.patterns.iter().chain(&c.codes))
            .map(|&n| n as f64)
            .collect()
    };
    let (m, o) = (counts(me), counts(opp));
    let mut x: Vec<(u32, f64)> = (0..MASKS_AT)
        .map(|k| (k as u32, tempo * m[k] - o[k]))
        .filter(|&(_, v)| v != 0.0)
        .collect();
    x.push(((MASKS_AT + census_mask(me, opp)) as u32, 1.0));
    x
}

/// The threat mask of a position from its censuses (the side to move's first).
pub fn census_mask(me: &Census, opp: &Census) -> usize {
    let (mine, his) = (me.threats, opp.threats);
    threat_mask(move |t| mine[t as usize], move |t| his[t as usize])
}

/// The sample of the board's position, or `None` if the evaluation never judges it.
pub fn sample(b: &Board, result_for_mover: f64, tempo: f64) -> Option<Sample> {
    let me = b.side_to_move();
    let (cm, co) = (b.census(me), b.census(me.opp()));
    let five = Threat::Five as usize;
    if cm.threats[five] > 0 || co.threats[five] > 0 || cm.threats[Threat::FourFour as usize] > 0 {
        return None;
    }
    Some(Sample {
        x: features(&cm, &co, tempo),
        result: result_for_mover,
    })
}

/// Which weights a fit moves (see [`tunable`]).
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// [`TUNABLE_PATTERNS`].
    pub patterns: bool,
    /// With `codes` > 0, the bonus of every combination code (without a five, and not
    /// the empty code) that occurs in at least `codes` samples.
    pub codes: usize,
    /// With `masks` > 0, the value of every threat mask but the empty one that occurs
    /// in at least `masks` samples.
    pub masks: usize,
}

/// The weights to fit.
pub fn tunable(samples: &[Sample], which: Tunable) -> Vec<usize> {
    let mut t = if which.patterns {
        TUNABLE_PATTERNS.to_vec()
    } else {
        Vec::new()
    };
    let mut seen = vec![0usize; FEATURES];
    for s in samples {
        for &(k, _) in &s.x {
            seen[k as usize] += 1;
        }
    }
    let min_count = which.codes;
    if min_count > 0 {
        t.extend(
            (1..COMBO_CODES)
                .filter(|&code| combo_parts(code)[0] == 0 && seen[CODES_AT + code] >= min_count)
                .map(|code| CODES_AT + code),
        );
    }
    if which.masks > 0 {
        t.extend(
            (1..THREAT_MASKS)
                .filter(|&m| seen[MASKS_AT + m] >= which.masks)
                .map(|m| MASKS_AT + m),
        );
    }
    t
}

/// A game read from a PSQ file: its board size and moves (black first).
pub fn parse_psq(text: &str) -> Option<(usize, usize, Vec<Pos>)> {
    let mut lines = text.lines();
    let header = lines.next()?;
    let size = header.split_whitespace().nth(1)?.trim_end_matches(',');
    let (w, h) = size.split_once('x')?;
    let (w, h): (usize, usize) = (w.parse().ok()?, h.parse().ok()?);
    let mut moves = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.trim().split(',').collect();
        let (Some(x), Some(y), 3) = (
            f.first().and_then(|v| v.parse::<u8>().ok()),
            f.get(1).and_then(|v| v.parse::<u8>().ok()),
            f.len(),
        ) else {
            break;
        };
        if x == 0 || y == 0 {
            return None;
        }
        moves.push(Pos::new(x - 1, y - 1));
    }
    Some((w, h, moves))
}

/// The samples of one game: every position from ply `skip` on that `keep` accepts,
/// labelled with the final result. `None` if the moves do not replay on a board of
/// that size.
pub fn game_samples(
    w: usize,
    h: usize,
    moves: &[Pos],
    rule: Rule,
    skip: usize,
    tempo: f64,
    keep: &mut dyn FnMut(&Board) -> bool,
) -> Option<Vec<Sample>> {
    let mut b = Board::new(w, h, rule);
    let mut positions = Vec::new();
    for (ply, &m) in moves.iter().enumerate() {
        if ply >= skip {
            positions.push(b.clone());
        }
        b.play(m).ok()?;
    }
    let winner = b.winner();
    Some(
        positions
            .iter()
            .filter(|p| keep(p))
            .filter_map(|p| {
                let r = match winner {
                    None => 0.5,
                    Some(c) if c == p.side_to_move() => 1.0,
                    Some(_) => 0.0,
                };
                sample(p, r, tempo)
            })
            .collect(),
    )
}

/// True if a search of `depth` plies (its threat searches included: the VCF solver
/// at the root, VCFs at the leaves) proves a win for either side. The evaluation
/// never judges such a position in a search, so a fit should leave it out (CITE:
/// Texel's method fits quiet positions).
pub fn settled(searcher: &mut Searcher, b: &Board, depth: i32) -> bool {
    let stop = AtomicBool::new(false);
    searcher
        .search(b, &Limits::depth(depth), &stop)
        .is_some_and(|r| is_mate(r.score))
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

fn dot(w: &[f64], x: &[(u32, f64)]) -> f64 {
    x.iter().map(|&(k, v)| w[k as usize] * v).sum()
}

/// Mean squared error of `sigmoid(w . x / scale)` against the results.
pub fn mse(samples: &[Sample], w: &[f64], scale: f64) -> f64 {
    let e: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(dot(w, &s.x) / scale)).powi(2))
        .sum();
    e / samples.len().max(1) as f64
}

/// The scale at which the weights `w` predict the results best (a search over a
/// logarithmic grid, then a finer one around the best point).
pub fn fit_scale(samples: &[Sample], w: &[f64]) -> f64 {
    let mut best = (f64::INFINITY, 1.0);
    let mut lo = 1.0f64.ln();
    let mut hi = 100_000.0f64.ln();
    for _ in 0..4 {
        let steps = 40;
        for k in 0..=steps {
            let s = (lo + (hi - lo) * k as f64 / steps as f64).exp();
            let e = mse(samples, w, s);
            if e < best.0 {
                best = (e, s);
            }
        }
        let step = (hi - lo) / steps as f64;
        lo = best.1.ln() - step;
        hi = best.1.ln() + step;
    }
    best.1
}

/// How a fit runs: full-batch Adam steps of about `rate` weight units, and an L2
/// pull of `l2` (per weight unit, in squared-error units) back toward the starting
/// weights, which keeps rare features near where they were.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    pub iterations: usize,
    pub rate: f64,
    pub l2: f64,
}

/// Lowers the mean squared error by moving the `tunable` weights, starting from `w`.
pub fn fit_weights(
    samples: &[Sample],
    w: &[f64],
    scale: f64,
    tunable: &[usize],
    fit: Fit,
) -> Vec<f64> {
    let w0 = w.to_vec();
    let mut w = w.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let n = samples.len().max(1) as f64;
    let mut g = vec![0.0; w.len()];
    for t in 1..=fit.iterations {
        g.iter_mut().for_each(|x| *x = 0.0);
        for s in samples {
            let p = sigmoid(dot(&w, &s.x) / scale);
            let k = 2.0 * (p - s.result) * p * (1.0 - p) / scale;
            for &(i, xi) in &s.x {
                g[i as usize] += k * xi;
            }
        }
        for &i in tunable {
            let gi = g[i] / n + 2.0 * fit.l2 * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= fit.rate * mh / (vh.sqrt() + eps);
        }
    }
    w
}

/// The weights `step` of the way from `w0` to `fit` on the `tunable` entries, `w0`
/// elsewhere: a partial step toward a fit on a small batch of new games.
pub fn step_toward(w0: &[f64], fit: &[f64], tunable: &[usize], step: f64) -> Vec<f64> {
    let mut w = w0.to_vec();
    for &i in tunable {
        w[i] = w0[i] + step * (fit[i] - w0[i]);
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Params;
    use crate::types::Color;

    /// The linear model is the engine's evaluation: with the current weights and the
    /// engine's tempo, w . x is 100 times (tempo_percent * V_me - 100 * V_opp) / 100.
    /// Checked on the bench positions and, with black to move and not, on a renju
    /// position where black has a double-three foul.
    #[test]
    fn features_reproduce_the_engine_evaluation() {
        let tempo = Params::DEFAULT.tempo_percent;
        let mut boards: Vec<(&str, Board)> = crate::bench::POSITIONS
            .iter()
            .map(|bp| (bp.name, crate::bench::board_of(bp)))
            .collect();
        let has_black_foul = |b: &Board| {
            b.census(Color::Black).codes[COMBO_CODES..]
                .iter()
                .sum::<u32>()
                > 0
        };
        let mut foul = Board::new(15, 15, Rule::Renju);
        for m in crate::bench::parse_moves("7,5 0,0 7,6 14,0 5,7 0,14 6,7") {
            foul.play(m).unwrap();
        }
        assert!(has_black_foul(&foul));
        boards.push(("renju foul, white to move", foul.clone()));
        foul.play(Pos::new(14, 14)).unwrap();
        assert!(has_black_foul(&foul));
        boards.push(("renju foul, black to move", foul));
        let mut searcher = Searcher::new(1 << 16);
        let mut masked = 0;
        for (name, b) in &boards {
            let me = b.side_to_move();
            let (cm, co) = (b.census(me), b.census(me.opp()));
            let x = features(&cm, &co, tempo as f64 / 100.0);
            let masks = Params::DEFAULT.profile(b).threat_mask;
            let model = dot(&current_weights(b, masks), &x);
            let engine = searcher.static_eval(b) as f64;
            // The engine divides by 100 in integers, rounding toward zero.
            assert!((model - engine).abs() < 1.0, "{name}: {model} vs {engine}");
            // The incremental threat counts give the mask a recount gives.
            assert_eq!(b.threat_mask(me), census_mask(&cm, &co), "{name}");
            if masks && threat_mask_table(b)[b.threat_mask(me)] != 0 {
                masked += 1;
            }
            assert_eq!(
                b.census(me)
                    .value(&PATTERN_VALUE, |k| census_bonus(k, b.combo_bonuses())),
                b.value_sum(me) as i64
            );
        }
        // The freestyle bench positions have threats: the mask's value is tested too.
        assert!(masked > 0);
    }

    /// On results drawn from a known model, the fit recovers its weights.
    #[test]
    fn the_fit_recovers_known_weights() {
        let mut seed = 12345u64;
        let mut rand = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        // Nine pattern weights and three code bonuses, the same features a fit on
        // games would move.
        let tunable: Vec<usize> = TUNABLE_PATTERNS
            .iter()
            .copied()
            .chain([16, 41, 136])
            .collect();
        let mut truth = vec![0.0; FEATURES];
        for (n, &i) in tunable.iter().enumerate() {
            truth[i] = 10.0 + 15.0 * n as f64;
        }
        let scale = 200.0;
        let samples: Vec<Sample> = (0..20000)
            .map(|_| {
                let x: Vec<(u32, f64)> = tunable
                    .iter()
                    .map(|&i| (i as u32, (rand() * 6.0 - 3.0).round()))
                    .collect();
                let p = sigmoid(dot(&truth, &x) / scale);
                let result = if rand() < p { 1.0 } else { 0.0 };
                Sample { x, result }
            })
            .collect();
        let start = vec![0.0; FEATURES];
        let fit = Fit {
            iterations: 600,
            rate: 2.0,
            l2: 0.0,
        };
        let fitted = fit_weights(&samples, &start, scale, &tunable, fit);
        for &i in &tunable {
            assert!(
                (fitted[i] - truth[i]).abs() < 0.2 * truth[i] + 5.0,
                "weight {i}: fitted {} vs {}",
                fitted[i],
                truth[i]
            );
        }
        assert!(mse(&samples, &fitted, scale) < mse(&samples, &start, scale));
    }

    /// The codes to fit are the ones seen often enough, never the empty code or one
    /// with a five.
    #[test]
    fn tunable_codes_are_the_frequent_ones() {
        let x = |ks: &[usize]| ks.iter().map(|&k| (k as u32, 1.0)).collect();
        let (empty, two, three, five) = (CODES_AT, CODES_AT + 1, CODES_AT + 5, CODES_AT + 625);
        let samples: Vec<Sample> = (0..10)
            .map(|n| Sample {
                x: if n < 3 {
                    x(&[7, empty, two, three, five])
                } else {
                    x(&[7, empty, two, five])
                },
                result: 1.0,
            })
            .collect();
        let codes = |codes| Tunable {
            patterns: true,
            codes,
            masks: 0,
        };
        assert_eq!(tunable(&samples, codes(0)), TUNABLE_PATTERNS.to_vec());
        let with = |extra: &[usize]| [&TUNABLE_PATTERNS[..], extra].concat();
        assert_eq!(tunable(&samples, codes(4)), with(&[two]));
        assert_eq!(tunable(&samples, codes(3)), with(&[two, three]));
    }

    /// The masks to fit are the ones seen often enough, never the empty mask; the
    /// patterns only when asked.
    #[test]
    fn tunable_masks_are_the_frequent_ones() {
        let (none, four, three) = (MASKS_AT, MASKS_AT + 4, MASKS_AT + 16);
        let samples: Vec<Sample> = (0..10)
            .map(|n| Sample {
                x: vec![
                    (7, 1.0),
                    (
                        (if n < 4 {
                            four
                        } else if n < 6 {
                            three
                        } else {
                            none
                        }) as u32,
                        1.0,
                    ),
                ],
                result: 1.0,
            })
            .collect();
        let masks = |masks| Tunable {
            patterns: false,
            codes: 0,
            masks,
        };
        assert_eq!(tunable(&samples, masks(0)), Vec::<usize>::new());
        assert_eq!(tunable(&samples, masks(3)), vec![four]);
        assert_eq!(tunable(&samples, masks(2)), vec![four, three]);
    }

    #[test]
    fn a_psq_game_replays_and_labels_the_winner() {
        // Black makes five on row 8 (columns 1-5); white plays row 10.
        let mut text = String::from("Piskvorky 15x15, 11:11, 0\n");
        for k in 0..5 {
            text += &format!("{},8,0\n", k + 1);
            if k < 4 {
                text += &format!("{},10,0\n", k + 1);
            }
        }
        text += "a\nb\n0\n";
        let (w, h, moves) = parse_psq(&text).unwrap();
        assert_eq!((w, h, moves.len()), (15, 15, 9));
        let s = game_samples(w, h, &moves, Rule::Freestyle, 0, 1.2, &mut |_| true).unwrap();
        // The positions with a five point on the board are left out.
        assert!(!s.is_empty() && s.len() < 9);
        // The first positions have no threats: black to move (won), then white (lost).
        assert_eq!((s[0].result, s[1].result), (1.0, 0.0));
    }

    /// A position with an open three for the side to move is settled (an open four
    /// wins); the same three with the opponent to move, or a quiet opening, is not.
    #[test]
    fn a_shallow_search_settles_only_forced_wins() {
        let mut searcher = Searcher::new(1 << 20);
        let mut b = Board::new(15, 15, Rule::Freestyle);
        assert!(!settled(&mut searcher, &b, 2));
        let moves = [(5, 7), (0, 0), (6, 7), (14, 14), (7, 7)];
        for (x, y) in moves {
            b.play(Pos::new(x, y)).unwrap();
        }
        // White to move can block the three.
        assert!(!settled(&mut searcher, &b, 2));
        b.play(Pos::new(0, 14)).unwrap();
        // Black to move makes an open four.
        assert!(settled(&mut searcher, &b, 2));
    }

    /// A half step lands half way on the tunable entries and leaves the others.
    #[test]
    fn a_partial_step_moves_only_the_tunable_weights() {
        let w0 = [100.0, 40.0, -8.0, 7.0];
        let fit = [140.0, 10.0, 0.0, 99.0];
        let w = step_toward(&w0, &fit, &[0, 1, 2], 0.5);
        assert_eq!(w, vec![120.0, 25.0, -4.0, 7.0]);
        assert_eq!(step_toward(&w0, &fit, &[0, 1, 2], 1.0)[..3], fit[..3]);
        assert_eq!(step_toward(&w0, &fit, &[3], 0.0), w0.to_vec());
    }
}
