//! Pruning and reduction helpers: ProbCut, the late move reduction and move count
//! tables, and which threat moves may be reduced.

use super::movegen::LAZY_PICKS;
use super::threats::Scan;
use super::{Profile, Searcher};
use crate::board::{Board, Threat};
use crate::tt::Bound;
use crate::types::{Score, WIN_MIN};
use std::sync::atomic::AtomicBool;

impl Searcher {
    /// ProbCut (see [`super::Params::probcut`]) over the first moves of the list
    /// `gen_moves` just made for `ply`: the score of a move whose shallower search
    /// beats beta plus the margin, if one does, and 0 if the search was stopped (the
    /// list is left in place for the node's own search, its first picks in order).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn try_probcut(
        &mut self,
        b: &mut Board,
        depth: i32,
        ply: usize,
        beta: Score,
        hash: u64,
        tt_score: Option<(Score, Bound)>,
        stop: &AtomicBool,
    ) -> Option<Score> {
        let pcb = beta + self.prof.probcut_margin;
        if matches!(tt_score, Some((t, Bound::Upper | Bound::Exact)) if t < pcb) {
            // The table already says no move reaches it.
            return None;
        }
        let me = b.side_to_move();
        let tries = (self.params.probcut_moves as usize).min(LAZY_PICKS);
        for k in 0..tries {
            let Some((m, _)) = self.pick(b, ply, k) else {
                break;
            };
            self.made[ply] = b.info(m as usize, me).threat;
            self.make(b, m as usize);
            let sc = -self.pvs(
                b,
                depth - PROBCUT_REDUCTION,
                ply + 1,
                -pcb,
                -pcb + 1,
                false,
                stop,
            );
            self.unmake(b);
            if self.aborted {
                return Some(0);
            }
            if (pcb..WIN_MIN).contains(&sc) {
                self.tt.store(
                    hash,
                    ply,
                    m,
                    sc,
                    depth - PROBCUT_REDUCTION + 1,
                    Bound::Lower,
                );
                return Some(sc);
            }
        }
        None
    }
}

/// The reductions ln(depth) * ln(move number) * 100 / `div`, at least 1 (all 1 when
/// `div` is 0).
pub(super) fn lmr_table(div: i32) -> Box<[[u8; 64]; 64]> {
    let mut t = Box::new([[1u8; 64]; 64]);
    if div > 0 {
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (k, r) in row.iter_mut().enumerate().skip(1) {
                let x = (d as f64).ln() * ((k + 1) as f64).ln() * 100.0 / div as f64;
                *r = (x.round() as i64).clamp(1, 32) as u8;
            }
        }
    }
    t
}

/// The move counts of move count pruning by depth: 3 + depth^1.32 * `percent` / 100
/// (none when `percent` is 0).
pub(super) fn mcp_table(percent: i32) -> [usize; 64] {
    let mut t = [usize::MAX; 64];
    if percent > 0 {
        for (d, n) in t.iter_mut().enumerate() {
            *n = 3 + ((d as f64).powf(1.32) * percent as f64 / 100.0) as usize;
        }
    }
    t
}

/// How much shallower ProbCut's searches are (see [`super::Params::probcut`]).
pub(super) const PROBCUT_REDUCTION: i32 = 4;

/// Whether moves that make a three, and points that stop one of the opponent's, may be
/// reduced at a node `depth` deep under the profile `p`: (ours, stops). Where the
/// profile reduces neither but takes deep reductions (caro), both from `from` plies
/// deep on (0: never; see [`super::Params::lmr_threes_from`]).
pub(super) fn three_reductions(p: &Profile, from: i32, depth: i32) -> (bool, bool) {
    if p.deep_threes {
        let deep = from > 0 && depth >= from;
        return (deep, deep);
    }
    (p.lmr_threes, p.lmr_three_stops)
}

/// The extra reduction of move `m` under `useless_fours`: 0 unless the opponent has a
/// three that `m` leaves alone (he makes no four there) while it makes a four of ours;
/// then 2 if it is more than four points (in either direction) from his last stone,
/// plus 1 if it is more than four from ours.
pub(super) fn useless_four_reduction(b: &Board, s: &Scan, m: usize) -> i32 {
    let me = b.side_to_move();
    if !s.opp_has_three
        || b.info(m, me).threat < Threat::Four
        || b.info(m, me.opp()).threat >= Threat::Four
    {
        return 0;
    }
    let far = |last: Option<usize>| last.is_some_and(|l| b.distance(l, m) > 4);
    2 * i32::from(far(b.last_move_of(me.opp()))) + i32::from(far(b.last_move_of(me)))
}
