//! The balance searches (YXBALANCEONE, YXBALANCETWO) and the Swap2 decision after three
//! stones. A balance search does not look for the best move: it looks for the move
//! (or the move and the opponent's reply) after which the side to move now scores
//! closest to a bias, to build openings that neither side wants to refuse.
//!
//! Each candidate sequence is played and the position after it searched by `pvs`, in
//! iterative deepening. The first candidate of a depth gets a full window; once the
//! closest score so far is `d` away from the bias, a later candidate can only be closer
//! if its score lies strictly within `d` of the bias, so it is searched in that window
//! (a fail-high or fail-low proves it is not closer). The candidates closest at one
//! depth are searched first at the next, so the window narrows early.

use super::root::Stability;
use super::threats::{board_pos, fallback_move, playable, scan};
use super::{Limits, Line, Lines, SearchResult, Searcher, MAX_PLY, NO_MOVE};
use crate::board::Board;
use crate::types::{loss_in, win_in, Pos, Score, INFINITY};
use std::sync::atomic::AtomicBool;

/// Swap2 after three stones, to move as white: a search score within this of even
/// (either way) leaves the colours about equal, so two more stones are placed to
/// keep it so and the opponent chooses; beyond it the better colour is taken.
pub const SWAP2_EVEN: Score = 60;

/// The closest a score `v` is to `bias`, as a value to maximise (`bias` at best).
fn balanced(v: Score, bias: Score) -> Score {
    bias - (v - bias).abs()
}

impl Searcher {
    /// The balance search for `stones` (1 or 2) moves toward `bias`, from the view of
    /// the side to move in `board`. The result's `pv` starts with the sequence; its
    /// score is the side to move's after it (`None`: no empty point).
    pub(super) fn search_balance(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        stones: u8,
        bias: Score,
    ) -> Option<SearchResult> {
        let mut b = board.clone();
        let two = stones >= 2;
        let firsts = self.balance_moves(&mut b, 0);
        let mut seqs: Vec<[u16; 2]> = Vec::new();
        // With two moves, a first move that ends the game is no opening: it is
        // searched alone only if every first move does.
        let mut enders: Vec<[u16; 2]> = Vec::new();
        for &m1 in &firsts {
            if !two {
                seqs.push([m1, NO_MOVE]);
                continue;
            }
            self.make(&mut b, m1 as usize);
            if b.winner().is_none() {
                for m2 in self.balance_moves(&mut b, 1) {
                    seqs.push([m1, m2]);
                }
            } else {
                enders.push([m1, NO_MOVE]);
            }
            self.unmake(&mut b);
        }
        if seqs.is_empty() {
            seqs = enders;
        }
        if seqs.is_empty() {
            let i = fallback_move(&b)?;
            seqs.push([i as u16, NO_MOVE]);
        }
        let pos = |i: u16| board_pos(board, i as usize);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        // Per sequence: the last depth's score (a bound if it was not the closest).
        let mut last: Vec<Score> = vec![0; seqs.len()];
        let mut order: Vec<usize> = (0..seqs.len()).collect();
        // The closest sequence of the last finished depth: index, score, depth, pv.
        let mut best: Option<(usize, Score, i32, Vec<Pos>)> = None;
        let mut stability = Stability::default();
        for depth in 1..=max_depth {
            let iter_start = limits.start.elapsed();
            self.iteration = depth;
            let mut this: Option<(usize, Score, Vec<Pos>)> = None;
            let mut alpha = -INFINITY;
            for &k in &order {
                let lo = alpha;
                let hi = (2 * bias - alpha).min(INFINITY);
                if hi - lo < 2 {
                    break; // an exact hit: nothing can be closer
                }
                let (v, pv) = self.balance_score(&mut b, seqs[k], depth, lo, hi, stop);
                if self.aborted {
                    break;
                }
                last[k] = v;
                if lo < v && v < hi {
                    alpha = balanced(v, bias);
                    this = Some((k, v, pv));
                }
            }
            if self.aborted {
                if best.is_none() {
                    // Stopped during depth 1: the closest so far, else the first.
                    best = Some(match this {
                        Some((k, v, pv)) => (k, v, 0, pv),
                        None => (order[0], 0, 0, seq_pv(&seqs[order[0]], &[], pos)),
                    });
                }
                break;
            }
            let Some((k, v, pv)) = this else { break };
            let prev = best.as_ref().map(|x| (x.0, balanced(x.1, bias)));
            stability.update(prev, k, balanced(v, bias), depth);
            if self.observer.is_some() {
                let line = Line {
                    best: pv[0],
                    score: v,
                    depth,
                    pv: pv.clone(),
                };
                self.report_iteration(depth, vec![line]);
            }
            best = Some((k, v, depth, pv));
            order.sort_by_key(|&j| ((last[j] - bias).abs(), j != k));
            if self.iteration_ends(limits, &stability, iter_start, stop) {
                break;
            }
        }
        let (_, score, depth, pv) = best?;
        Some(SearchResult {
            best: pv[0],
            score,
            depth,
            nodes: self.nodes,
            elapsed: limits.start.elapsed(),
            pv,
            lines: Vec::new(),
        })
    }

    /// The score for the side to move at the root after the moves of `seq` (the
    /// second `NO_MOVE` for one move), searched `depth` plies in all in the window
    /// (`lo`, `hi`) of that score, and the principal variation from the root.
    fn balance_score(
        &mut self,
        b: &mut Board,
        seq: [u16; 2],
        depth: i32,
        lo: Score,
        hi: Score,
        stop: &AtomicBool,
    ) -> (Score, Vec<Pos>) {
        let moves: Vec<u16> = seq.into_iter().filter(|&m| m != NO_MOVE).collect();
        let mut ply = 0;
        let mut decided = None;
        for &m in &moves {
            let me = b.side_to_move();
            self.made[ply] = b.info(m as usize, me).threat;
            self.make(b, m as usize);
            ply += 1;
            if b.winner().is_some() {
                // A five ends it: won by the root's side after its own move.
                decided = Some(if ply % 2 == 1 {
                    win_in(ply)
                } else {
                    loss_in(ply)
                });
                break;
            }
        }
        let v = match decided {
            Some(v) => v,
            // The root side's score after the sequence: its own search's when it is to
            // move again, the opponent's negated otherwise.
            None if ply % 2 == 0 => self.pvs(b, depth - 1, ply, lo, hi, true, stop),
            None => -self.pvs(b, depth - 1, ply, -hi, -lo, true, stop),
        };
        let tail: Vec<u16> = if decided.is_none() && self.pv_len[ply] > ply {
            self.pv[ply][ply..self.pv_len[ply]].to_vec()
        } else {
            Vec::new()
        };
        for _ in 0..ply {
            self.unmake(b);
        }
        let pv = moves
            .iter()
            .chain(tail.iter())
            .map(|&i| b.pos(i as usize))
            .collect();
        (v, pv)
    }

    /// The candidates for one move of a balance sequence, `ply` from the root: on an
    /// empty board every legal point of one quarter (the others are its mirror
    /// images), else the search's own moves (which answer threats; in a lost position,
    /// every legal point near the stones), less the blocked points at the root unless
    /// they are all there is.
    fn balance_moves(&mut self, b: &mut Board, ply: usize) -> Vec<u16> {
        if b.stone_count() == 0 {
            let (w, h) = (b.width().div_ceil(2), b.height().div_ceil(2));
            return b
                .cell_indices()
                .filter(|&i| {
                    let p = b.pos(i);
                    (p.x as usize) < w && (p.y as usize) < h && playable(b, i)
                })
                .map(|i| i as u16)
                .collect();
        }
        let s = scan(b);
        self.gen_moves(b, &s, ply, NO_MOVE);
        let mut list: Vec<u16> = self.moves[ply]
            .iter()
            .map(|&(m, _)| m)
            .filter(|&m| playable(b, m as usize))
            .collect();
        if list.is_empty() {
            // Lost (fives nobody stops): any point near the stones.
            list = b
                .candidates()
                .iter()
                .filter(|&i| playable(b, i))
                .map(|i| i as u16)
                .collect();
        }
        if ply == 0 && list.iter().any(|m| !self.root_blocked.contains(m)) {
            list.retain(|m| !self.root_blocked.contains(m));
        }
        list
    }

    /// Swap2 after three stones, white to move: the position's search with about
    /// half the time, then, when its score is within [`SWAP2_EVEN`] of even, a
    /// balance search for two more stones (white's and black's) toward even with the
    /// rest. The result is the first search's, with its line and, if the stones are
    /// to be placed, a second line whose `pv` starts with them.
    pub(super) fn search_swap2_three(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        let half = Limits {
            soft: limits.soft.map(|t| t / 2),
            hard: limits.hard.map(|t| t / 2),
            nodes: limits.nodes.map(|n| n / 2),
            ..limits.clone()
        };
        let saved = std::mem::replace(&mut self.analysis.lines, Lines::One);
        let first = self.search(board, &half, stop);
        let mut r = first?;
        let nodes = r.nodes;
        let mut lines = vec![Line {
            best: r.best,
            score: r.score,
            depth: r.depth,
            pv: r.pv.clone(),
        }];
        if r.score.abs() <= SWAP2_EVEN && board.empty_count() >= 2 {
            self.analysis.lines = Lines::Balance { stones: 2, bias: 0 };
            if let Some(two) = self.search(board, limits, stop) {
                if two.pv.len() >= 2 {
                    lines.push(Line {
                        best: two.best,
                        score: two.score,
                        depth: two.depth,
                        pv: two.pv,
                    });
                }
                r.nodes = nodes + two.nodes;
            }
        }
        self.analysis.lines = saved;
        r.elapsed = limits.start.elapsed();
        r.lines = lines;
        Some(r)
    }
}

/// The principal variation of a sequence with `tail` after it.
fn seq_pv(seq: &[u16; 2], tail: &[u16], pos: impl Fn(u16) -> Pos) -> Vec<Pos> {
    seq.iter()
        .chain(tail)
        .filter(|&&m| m != NO_MOVE)
        .map(|&m| pos(m))
        .collect()
}
