//! VCF ("victory by continuous fours"): can the side to move force a five by making a
//! four on every move? The defender's reply to each four is forced (the single five
//! point), so the search is narrow, and a win it finds is exact. Used as a solver
//! before the main search (every four) and at its leaves (only the fours near the
//! side's last stone, see [`Searcher::vcf_local`]).
//!
//! Under renju a black four is tried only if it is not a foul, and a white four whose
//! five point black may not play (a foul) wins at once.

use super::{side_key, Searcher, MAX_PLY};
use crate::board::{Board, Threat};

impl Searcher {
    /// Searches for a VCF for the side to move using at most `fours` of its own moves.
    /// Returns the ply (counted like `ply`) at which the five is made.
    pub(super) fn vcf(&mut self, b: &mut Board, ply: usize, fours: i32) -> Option<usize> {
        self.vcf_in(b, ply, fours, false)
    }

    /// The same, but trying only the fours near the side to move's own last move (in
    /// the 5x5 square around it, or on its four lines within four points): each four
    /// of a sequence then continues the one before (CITE: Rapfi's quiescence VCF,
    /// which generates its fours around the side's last move). Cheaper, and it misses
    /// the VCFs that jump; a win it finds is still exact.
    pub(super) fn vcf_local(&mut self, b: &mut Board, ply: usize, fours: i32) -> Option<usize> {
        self.vcf_in(b, ply, fours, true)
    }

    fn vcf_in(&mut self, b: &mut Board, ply: usize, fours: i32, local: bool) -> Option<usize> {
        if self.count_node() {
            self.check_limits_now();
        }
        if self.aborted {
            return None;
        }
        let me = b.side_to_move();
        // The local search's fours depend on the side's last stone, not only on the
        // position: a "no win" found after one last stone says nothing after another.
        let key = b.hash()
            ^ side_key(me)
            ^ if local {
                LOCAL_SALT.wrapping_mul(b.last_move_of(me).map_or(1, |l| l as u64 + 2))
            } else {
                0
            };
        let slot = (key as usize) & (VCF_CACHE - 1);
        if let Some(hit) = self.vcf_cache[slot].lookup(key, fours) {
            let (mv, plies) = hit?;
            self.pv[ply][ply] = mv;
            return Some(ply + plies);
        }
        let r = self.vcf_uncached(b, ply, fours, local);
        if !self.aborted {
            self.vcf_cache[slot] = VcfEntry::new(key, self.pv[ply][ply], r.map(|p| p - ply), fours);
        }
        r
    }

    fn vcf_uncached(
        &mut self,
        b: &mut Board,
        ply: usize,
        fours: i32,
        local: bool,
    ) -> Option<usize> {
        let me = b.side_to_move();
        let opp = me.opp();
        if b.threat_count(me, Threat::Five) > 0 {
            self.pv[ply][ply] = super::threats::five_point(b, me)? as u16;
            return Some(ply + 1);
        }
        let opp_fives = b.threat_count(opp, Threat::Five);
        if (opp_fives > 1 && !super::threats::is_caro(b)) || fours <= 0 || ply + 3 >= MAX_PLY {
            return None;
        }
        let renju_black = b.has_fouls(me);
        let mut list = std::mem::take(&mut self.moves[ply]);
        list.clear();
        if opp_fives > 0 {
            // The opponent has a four: we must stop it, and with a four of our own.
            for q in super::threats::five_defences(b, opp).iter() {
                if b.info(q, me).threat >= Threat::Four {
                    list.push((q as u16, 0));
                }
            }
        } else {
            if let Some(i) =
                super::threats::legal_four_four(b).filter(|_| !super::threats::is_caro(b))
            {
                // An open or double four: the opponent cannot block both points.
                self.moves[ply] = list;
                self.pv[ply][ply] = i as u16;
                return Some(ply + 3);
            }
            let last = if local { b.last_move_of(me) } else { None };
            for i in b.four_cells(me) {
                if last.is_some_and(|l| !b.within_reach(l, i)) {
                    continue;
                }
                let info = b.info(i, me);
                list.push((i as u16, info.threat as i32 * 10000 + info.value));
            }
            list.sort_unstable_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
        }
        let mut found = None;
        for &(m, _) in &list {
            let m = m as usize;
            if renju_black && b.forbidden_at(m) {
                continue;
            }
            b.make(m);
            let result = self.after_four(b, ply, fours, local);
            b.unmake();
            if result.is_some() || self.aborted {
                found = result;
                self.pv[ply][ply] = m as u16;
                break;
            }
        }
        self.moves[ply] = list;
        found
    }

    /// The defender's forced replies to the four just played (the side to move is the
    /// defender): every defence must lose to a further four.
    fn after_four(&mut self, b: &mut Board, ply: usize, fours: i32, local: bool) -> Option<usize> {
        if self.count_node() {
            self.check_limits_now();
        }
        let defender = b.side_to_move();
        let attacker = defender.opp();
        if b.threat_count(defender, Threat::Five) > 0 {
            return None; // the defender makes five first
        }
        if b.threat_count(attacker, Threat::Five) == 0 {
            return None; // not a four after all
        }
        let renju_black = b.has_fouls(defender);
        let defences = super::threats::five_defences(b, attacker);
        // In cell order (by threat class and value: `vcf::after_four: defence
        // order` in docs/experiments.md).
        let mut latest = ply + 3;
        for q in defences.iter() {
            if renju_black && b.forbidden_at(q) {
                continue; // black may not defend on a foul point
            }
            b.make(q);
            let r = self.vcf_in(b, ply + 2, fours - 1, local);
            b.unmake();
            latest = latest.max(r?);
        }
        Some(latest)
    }
}

/// Mixed into the cache keys of the local VCF, whose "no win" means less.
const LOCAL_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Entries of the VCF result cache (a power of two). 1 << 18 left caro15-middle's
/// depth-14 tree where it was (859,612 to 859,298 nodes): the cache is not full.
pub(super) const VCF_CACHE: usize = 1 << 16;

/// A cached threat-search result (VCF or VCT): a win in `plies` with first move `mv`,
/// or (plies 0) no win within a budget of `budget` fours (or threats).
#[derive(Clone, Copy, Default)]
pub(super) struct VcfEntry {
    key: u64,
    mv: u16,
    plies: u8,
    budget: u8,
}

impl VcfEntry {
    /// The result of a search of `key` with `budget`: a win `plies` plies on (first move
    /// `mv`), or none.
    pub(super) fn new(key: u64, mv: u16, plies: Option<usize>, budget: i32) -> VcfEntry {
        VcfEntry {
            key,
            mv,
            plies: plies.map_or(0, |p| p.min(255) as u8),
            budget: budget.clamp(0, 255) as u8,
        }
    }

    /// What the entry says about `key` searched with `budget`: `Some(Some((mv,
    /// plies)))` a known win, `Some(None)` no win within at least that budget, `None`
    /// unknown.
    pub(super) fn lookup(&self, key: u64, budget: i32) -> Option<Option<(u16, usize)>> {
        if self.key != key {
            None
        } else if self.plies > 0 {
            Some(Some((self.mv, self.plies as usize)))
        } else if self.budget as i32 >= budget {
            Some(None)
        } else {
            None
        }
    }
}
