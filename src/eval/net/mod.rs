//! The codebook network evaluator (`INFO evaluator`), trained by `trainer/`.
//!
//! Every cell has, per colour's view, a feature of [`D`] numbers: the sum of the
//! codebook rows of its four line keys ([`keys`]). A stone changes the keys of the
//! cells within four points on its four lines, so make and undo update only those
//! (33 cells) and, with them, each view's sum of clipped features over the board.
//! Updates are lazy and kept per view: a move is only noted, and applied to a view when
//! a score or policy for that side to move is asked for, so a move taken back before
//! then (threat searches, table cut-offs, a node the other side scores) costs that
//! view nothing. The
//! score reads the side to move's sum through a small MLP to win/draw/loss and turns
//! the win chance into the classical score's scale. The head also reads the classical
//! evaluation of the position, so the net learns what to add to it. Debug builds recount everything
//! after each update. A rule the weights do not cover falls back to the classical
//! evaluation.

mod kernel;
mod keys;
mod weights;

use super::{Classical, EvalConfig, Evaluator};
use crate::board::Board;
use crate::types::{Color, Pos, Score};
pub use kernel::{detected, Simd};
use keys::{key_table, slot, CENTRE_SHIFT, REACH};
use std::sync::Arc;
use weights::Row;
pub use weights::{Weights, D, H};

/// Per view: the raw keys of every cell, the cell features and the pool.
type State = ([Vec<[u32; 4]>; 2], [Vec<Row>; 2], [[i32; D]; 2]);

/// Pooled activations are divided by this before the head (as in the trainer).
const POOL: f32 = 256.0;

/// The weights built into the engine, if any (none yet: the first generation is still
/// behind the classical evaluation).
pub fn built_in() -> Option<Arc<Weights>> {
    None
}

/// The network evaluator: weights, and the incremental state of one board.
#[derive(Clone, Debug)]
pub struct Net {
    weights: Arc<Weights>,
    /// The net of the board's rule, or `None` when the classical evaluation stands in.
    net: Option<usize>,
    fallback: Classical,
    simd: Simd,
    dirs: [isize; 4],
    /// Per padded cell: on the board and not a wall.
    live: Vec<bool>,
    /// Per view and padded cell and direction: the raw line key ([`keys`]), as far as
    /// that view is up to date.
    raw: [Vec<[u32; 4]>; 2],
    /// Per view (black, white) and padded cell: the feature.
    feat: [Vec<Row>; 2],
    /// Per view: the sum of every live cell's clipped feature.
    pooled: [[i32; D]; 2],
    /// Per view: the moves made since that view was last brought up to date (cell,
    /// code), oldest first: the board's last moves, not yet in its `raw`, `feat` and
    /// `pooled`.
    pending: [Vec<(usize, u32)>; 2],
    /// The net's share in percent of the score (the rest is the classical score).
    net_percent: i32,
}

impl Net {
    /// An evaluator with `weights`, set up by [`Evaluator::prepare`].
    pub fn new(weights: Arc<Weights>) -> Net {
        Net {
            weights,
            net: None,
            fallback: Classical::default(),
            simd: detected(),
            dirs: [0; 4],
            live: Vec::new(),
            raw: [Vec::new(), Vec::new()],
            feat: [Vec::new(), Vec::new()],
            pooled: [[0; D]; 2],
            pending: std::array::from_fn(|_| Vec::with_capacity(crate::search::MAX_PLY * 2)),
            net_percent: 100,
        }
    }

    /// The same, computing with `simd` instead of the best path (for tests and timing);
    /// `simd` must be one [`detected`] allows.
    pub fn with_simd(mut self, simd: Simd) -> Net {
        self.simd = simd;
        self
    }

    /// The weights in use.
    pub fn weights(&self) -> &Arc<Weights> {
        &self.weights
    }

    /// Whether the weights have a net for the rule last prepared.
    pub fn active(&self) -> bool {
        self.net.is_some()
    }

    /// The raw keys, features and pools of `board`, computed from scratch.
    fn recount(&self, board: &Board) -> State {
        let n = board.padded_len();
        let mut raw = vec![[0u32; 4]; n];
        let mut feat = [vec![[0i16; D]; n], vec![[0i16; D]; n]];
        let mut pooled = [[0i32; D]; 2];
        let book = &self.weights.nets[self.net.unwrap_or(0)].codebook;
        let table = key_table();
        for i in board.cell_indices().filter(|&i| board.cell_code(i) != 3) {
            for (d, key) in raw[i].iter_mut().enumerate() {
                let step = self.dirs[d];
                *key = (board.cell_code(i) as u32) << CENTRE_SHIFT;
                for m in (-REACH..=REACH).filter(|&m| m != 0) {
                    let j = (i as isize + m * step) as usize;
                    *key |= (board.cell_code(j) as u32) << (2 * slot(m));
                }
            }
            for view in 0..2 {
                let f = &mut feat[view][i];
                for key in raw[i] {
                    let r = &book[table[view][key as usize] as usize];
                    for k in 0..D {
                        f[k] = f[k].wrapping_add(r[k]);
                    }
                }
                for k in 0..D {
                    pooled[view][k] += kernel::act(f[k]) as i32;
                }
            }
        }
        ([raw.clone(), raw], feat, pooled)
    }

    /// Puts `code` (1 black, 2 white, 0 to take a stone away) at cell `i` in `view`
    /// and updates every cell whose line keys change, with the CPU's kernel compiled in.
    fn set_cell(&mut self, view: usize, i: usize, code: u32) {
        match self.simd {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detected` found AVX2 on this CPU.
            Simd::Avx2 => unsafe { self.set_cell_avx2(view, i, code) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for SSE4.1.
            Simd::Sse41 => unsafe { self.set_cell_sse41(view, i, code) },
            _ => self.set_cell_with(view, i, code, kernel::update_scalar),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn set_cell_avx2(&mut self, view: usize, i: usize, code: u32) {
        self.set_cell_with(view, i, code, |f, s, a, p| unsafe {
            kernel::update_avx2(f, s, a, p)
        });
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse4.1")]
    unsafe fn set_cell_sse41(&mut self, view: usize, i: usize, code: u32) {
        self.set_cell_with(view, i, code, |f, s, a, p| unsafe {
            kernel::update_sse41(f, s, a, p)
        });
    }

    /// [`Net::set_cell`] with the kernel `update`.
    #[inline(always)]
    fn set_cell_with(
        &mut self,
        view: usize,
        i: usize,
        code: u32,
        update: impl Fn(&mut Row, &[&Row], &[&Row], &mut [i32; D]),
    ) {
        let Some(net) = self.net else { return };
        let book = &self.weights.nets[net].codebook;
        let t = &key_table()[view];
        let (raw, feat, pooled) = (
            &mut self.raw[view],
            &mut self.feat[view],
            &mut self.pooled[view],
        );
        // The cell itself: all four of its keys change.
        let old = raw[i];
        let new = old.map(|k| (k & !(3 << CENTRE_SHIFT)) | code << CENTRE_SHIFT);
        raw[i] = new;
        let sub = old.map(|k| &book[t[k as usize] as usize]);
        let add = new.map(|k| &book[t[k as usize] as usize]);
        update(&mut feat[i], &sub, &add, pooled);
        // The cells within reach on each line: one key each.
        for (d, &step) in self.dirs.iter().enumerate() {
            for m in (-REACH..=REACH).filter(|&m| m != 0) {
                let j = (i as isize + m * step) as usize;
                if !self.live[j] {
                    continue;
                }
                // Cell i is at offset -m from cell j.
                let shift = 2 * slot(-m);
                let old = raw[j][d];
                let new = (old & !(3 << shift)) | code << shift;
                raw[j][d] = new;
                let (ko, kn) = (t[old as usize], t[new as usize]);
                if ko != kn {
                    let (sub, add) = (&book[ko as usize], &book[kn as usize]);
                    update(&mut feat[j], &[sub], &[add], pooled);
                }
            }
        }
    }

    /// Applies to `view` the moves noted since its last update, oldest first.
    #[inline]
    fn flush(&mut self, view: usize) {
        if self.pending[view].is_empty() {
            return;
        }
        let mut pending = std::mem::take(&mut self.pending[view]);
        for &(i, code) in &pending {
            self.set_cell(view, i, code);
        }
        pending.clear();
        self.pending[view] = pending;
    }

    /// Brings the state up to date and checks it against a recount of `board`.
    pub fn verify(&mut self, board: &Board) -> Result<(), String> {
        if self.net.is_none() {
            return Ok(());
        }
        self.flush(0);
        self.flush(1);
        let (raw, feat, pooled) = self.recount(board);
        for i in board.cell_indices().filter(|&i| self.live[i]) {
            if raw[0][i] != self.raw[0][i]
                || raw[1][i] != self.raw[1][i]
                || feat[0][i] != self.feat[0][i]
                || feat[1][i] != self.feat[1][i]
            {
                return Err(format!("cell {:?}: keys or features differ", board.pos(i)));
            }
        }
        if pooled != self.pooled {
            return Err("pooled activations differ".into());
        }
        Ok(())
    }

    /// The value head's win/draw/loss logits for the side to move of `board`, whose
    /// classical score is `classical`.
    fn logits(&self, board: &Board, classical: Score) -> [f32; 3] {
        let net = &self.weights.nets[self.net.unwrap_or(0)];
        let view = board.side_to_move().index();
        let black = view == Color::Black.index();
        kernel::head(self.simd, net, &self.pooled[view], black, classical)
    }

    /// The policy head's score of empty cell `i` for the side to move of `board`, in
    /// units of 1/(QE * QP) (higher: more likely the best move).
    fn policy(&mut self, board: &Board, i: usize) -> i32 {
        let Some(net) = self.net else { return 0 };
        let view = board.side_to_move().index();
        self.flush(view);
        let f = &self.feat[view][i];
        let w = &self.weights.nets[net].policy;
        (0..D).map(|k| kernel::act(f[k]) as i32 * w[k] as i32).sum()
    }

    /// [`Net::policy`] of the empty point `p`.
    pub fn policy_at(&mut self, board: &Board, p: Pos) -> i32 {
        self.policy(board, board.index(p))
    }

    /// The score in the float domain (for the trainer check): `scale * logit(e)`, with
    /// e the win chance plus half the draw chance, clamped to `1e-4..=1 - 1e-4`.
    pub fn score_f32(&mut self, board: &Board) -> f32 {
        let classical = self.fallback.score(board);
        self.score_given(board, classical)
    }

    /// [`Net::score_f32`] with the classical score already known.
    fn score_given(&mut self, board: &Board, classical: Score) -> f32 {
        self.flush(board.side_to_move().index());
        let l = self.logits(board, classical);
        let m = l.iter().copied().fold(f32::MIN, f32::max);
        let e = l.map(|v| (v - m).exp());
        let p = ((e[0] + 0.5 * e[1]) / (e[0] + e[1] + e[2])).clamp(1e-4, 1.0 - 1e-4);
        self.weights.scale * (p / (1.0 - p)).ln()
    }
}

impl Evaluator for Net {
    fn prepare(&mut self, board: &Board, cfg: &EvalConfig) {
        self.pending.iter_mut().for_each(Vec::clear);
        self.fallback.prepare(board, cfg);
        self.net_percent = cfg.net_percent;
        self.net = self.weights.net_for(board.rule());
        if self.net.is_none() {
            return;
        }
        self.dirs = std::array::from_fn(|d| board.dir_step(d));
        self.live = vec![false; board.padded_len()];
        for i in board.cell_indices() {
            self.live[i] = board.cell_code(i) != 3;
        }
        (self.raw, self.feat, self.pooled) = self.recount(board);
    }

    #[inline]
    fn after_make(&mut self, board: &Board, i: usize) {
        if self.net.is_some() {
            let code = board.cell_code(i) as u32;
            self.pending.iter_mut().for_each(|p| p.push((i, code)));
        }
    }

    #[inline]
    fn before_unmake(&mut self, board: &Board) {
        if self.net.is_none() {
            return;
        }
        for view in 0..2 {
            if self.pending[view].pop().is_none() {
                if let Some(&(p, _)) = board.history().last() {
                    self.set_cell(view, board.index(p), 0);
                }
            }
        }
    }

    fn score(&mut self, board: &Board) -> Score {
        let classical = self.fallback.score(board);
        if self.net.is_none() {
            return classical;
        }
        // Debug builds check the state brought up to date against a recount.
        #[cfg(debug_assertions)]
        if let Err(e) = self.verify(board) {
            panic!("net features differ from a recount: {e}");
        }
        let net = (self.score_given(board, classical).round() as Score).clamp(-20000, 20000);
        if self.net_percent >= 100 {
            return net;
        }
        (net * self.net_percent + classical * (100 - self.net_percent)) / 100
    }
}

/// Mean nanoseconds of the net's steps, from [`time_net`].
#[derive(Clone, Copy, Debug)]
pub struct NetTimes {
    /// A stone noted and applied (both views).
    pub apply: f64,
    /// An applied stone taken back.
    pub take_back: f64,
    /// A score of the position.
    pub score: f64,
}

/// Times the net on random games of `rule` on 15x15 (for `wuzi-net speed`), over
/// `rounds` rounds of 30 moves played (each scored) and taken back.
pub fn time_net(weights: Arc<Weights>, rule: crate::types::Rule, rounds: usize) -> NetTimes {
    use std::time::Instant;
    let mut b = Board::new(15, 15, rule);
    b.make(b.index(Pos::new(7, 7)));
    let mut net = Net::new(weights);
    net.prepare(
        &b,
        &EvalConfig {
            tempo_percent: 100,
            threat_mask: false,
            net_percent: 100,
        },
    );
    let mut rng = crate::types::Rng(9);
    let (mut applied, mut taken, mut scores) = (0u64, 0u64, 0u64);
    let (mut t_apply, mut t_take, mut t_score) = (0f64, 0f64, 0f64);
    let mut sink = 0i64;
    for _ in 0..rounds {
        let mut made = 0;
        for _ in 0..30 {
            let cands: Vec<usize> = b.candidates().iter().collect();
            if cands.is_empty() || b.winner().is_some() {
                break;
            }
            let i = cands[rng.below(cands.len() as u64) as usize];
            b.make(i);
            // The update itself: noted, then applied (as the next score would).
            let t = Instant::now();
            net.after_make(&b, i);
            net.flush(0);
            net.flush(1);
            t_apply += t.elapsed().as_secs_f64();
            applied += 1;
            let t = Instant::now();
            sink += net.score(&b) as i64;
            t_score += t.elapsed().as_secs_f64();
            scores += 1;
            made += 1;
        }
        for _ in 0..made {
            let t = Instant::now();
            net.before_unmake(&b);
            t_take += t.elapsed().as_secs_f64();
            taken += 1;
            b.unmake();
        }
    }
    std::hint::black_box(sink);
    NetTimes {
        apply: 1e9 * t_apply / applied as f64,
        take_back: 1e9 * t_take / taken as f64,
        score: 1e9 * t_score / scores as f64,
    }
}

#[cfg(test)]
mod tests;
