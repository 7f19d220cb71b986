use super::weights::{Row, RuleNet, QE};
use super::*;
use crate::board::Board;
use crate::eval::EvalConfig;
use crate::types::{Pos, Rng, Rule};

/// Weights with random rows for every rule but caro-standard (which falls back).
fn random_weights(seed: u64) -> Arc<Weights> {
    let mut rng = Rng(seed);
    let mut small = |span: u64| rng.below(2 * span + 1) as i32 - span as i32;
    let mut nets = Vec::new();
    for code in [0, 1, 4, 8] {
        let codebook: Vec<Row> = (0..keys::KEYS)
            .map(|_| std::array::from_fn(|_| small(QE as u64 / 2) as i16))
            .collect();
        let policy = std::array::from_fn(|_| small(100) as i16);
        let mut f = |n: usize| -> Vec<f32> { (0..n).map(|_| small(100) as f32 / 300.0).collect() };
        let rows =
            |v: Vec<f32>| -> Vec<[f32; H]> { v.chunks(H).map(|c| c.try_into().unwrap()).collect() };
        nets.push(RuleNet {
            rule_code: code,
            codebook,
            policy,
            w1: rows(f(weights::INPUTS * H)),
            b1: f(H).try_into().unwrap(),
            w2: rows(f(H * H)),
            b2: f(H).try_into().unwrap(),
            w3: f(3 * H).chunks(3).map(|c| c.try_into().unwrap()).collect(),
            b3: f(3).try_into().unwrap(),
        });
    }
    Arc::new(Weights { scale: 300.0, nets })
}

const CFG: EvalConfig = EvalConfig {
    net_percent: 100,
    tempo_percent: 100,
    threat_mask: true,
};

/// Random games with take-backs under every rule and on three board shapes (one with a
/// wall): brought up to date after a random third of the makes and undos, and only the
/// side to move's view after another third (a policy read), so that the two views run
/// apart (the rest stay pending, and some are taken back unapplied), the incremental
/// keys, features and pools equal a recount, with each kernel this CPU runs.
#[test]
fn make_and_undo_match_a_recount_under_every_rule() {
    let weights = random_weights(3);
    let mut rng = Rng(11);
    let mut paths = vec![Simd::Scalar];
    if detected() != Simd::Scalar {
        paths.push(Simd::Sse41);
    }
    if detected() == Simd::Avx2 {
        paths.push(Simd::Avx2);
    }
    // Full checks, and the times the views ran apart.
    let mut counts = (0, 0);
    for simd in paths {
        for rule in Rule::ALL {
            for (w, h) in [(15, 15), (20, 20), (7, 11)] {
                let mut b = Board::new(w, h, rule);
                if w == 7 {
                    b.place_wall(Pos::new(3, 5)).unwrap();
                }
                let mut net = Net::new(weights.clone()).with_simd(simd);
                net.prepare(&b, &CFG);
                assert_eq!(net.active(), rule != Rule::CaroStandard);
                for _ in 0..40 {
                    let plies = rng.below(25) as usize + 1;
                    let mut made = 0;
                    for _ in 0..plies {
                        let empty: Vec<usize> =
                            b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
                        if empty.is_empty() || b.winner().is_some() {
                            break;
                        }
                        let i = empty[rng.below(empty.len() as u64) as usize];
                        b.make(i);
                        net.after_make(&b, i);
                        check_or_not(&mut rng, &mut net, &b, "make", &mut counts);
                        made += 1;
                    }
                    for _ in 0..rng.below(made + 1) {
                        net.before_unmake(&b);
                        b.unmake();
                        check_or_not(&mut rng, &mut net, &b, "undo", &mut counts);
                    }
                    net.verify(&b)
                        .unwrap_or_else(|e| panic!("{rule:?} after the round: {e}"));
                    counts.0 += 1;
                }
            }
        }
    }
    let (checks, apart) = counts;
    assert!(checks > 1500, "{checks} checks");
    assert!(apart > 500, "the views ran apart only {apart} times");
}

/// After a make or an undo (`what`): one time in three a check against a recount (so
/// both views brought up to date), one in three the side to move's view alone, else
/// nothing (the moves stay pending, some to be taken back unapplied). Counts the
/// checks and the times the views ran apart in `counts`.
fn check_or_not(rng: &mut Rng, net: &mut Net, b: &Board, what: &str, counts: &mut (usize, usize)) {
    match rng.below(3) {
        0 => {
            net.verify(b)
                .unwrap_or_else(|e| panic!("{:?} {what}: {e}", b.rule()));
            counts.0 += 1;
        }
        1 => counts.1 += usize::from(one_view(net, b)),
        _ => {}
    }
}

/// Brings only the side to move's view of `b` up to date, as a policy read does: true
/// when the other view is left behind with moves pending.
fn one_view(net: &mut Net, b: &Board) -> bool {
    let Some(i) = b.cell_indices().find(|&i| b.is_empty_at(i)) else {
        return false;
    };
    if !net.active() {
        return false;
    }
    let view = b.side_to_move().index();
    net.policy(b, i);
    assert!(net.pending[view].is_empty());
    !net.pending[1 - view].is_empty()
}

/// A rule without a net scores as the classical evaluation does; one with a net
/// scores within the bound, the same for the same position reached two ways.
#[test]
fn scores_are_bounded_and_depend_on_the_position_only() {
    let weights = random_weights(4);
    let moves = [(7, 7), (8, 8), (7, 8), (6, 9), (9, 7), (5, 5)];
    for rule in Rule::ALL {
        let mut a = Board::new(15, 15, rule);
        let mut na = Net::new(weights.clone());
        na.prepare(&a, &CFG);
        for (x, y) in moves {
            let i = a.index(Pos::new(x, y));
            a.make(i);
            na.after_make(&a, i);
        }
        // The same stones in another order, set up before prepare.
        let mut b = Board::new(15, 15, rule);
        for k in [2, 1, 0, 5, 4, 3] {
            let (x, y) = moves[k];
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            b.place(Pos::new(x, y), c).unwrap();
        }
        b.set_side_to_move(a.side_to_move());
        let mut nb = Net::new(weights.clone());
        nb.prepare(&b, &CFG);
        assert_eq!(na.score(&a), nb.score(&b), "{rule:?}");
        assert!(na.score(&a).abs() <= 20000);
        if rule == Rule::CaroStandard {
            let mut c = Classical::default();
            c.prepare(&a, &CFG);
            assert_eq!(na.score(&a), c.score(&a));
        }
    }
}
