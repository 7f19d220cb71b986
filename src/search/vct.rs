//! VCT ("victory by continuous threats"): can the side to move force a five with a
//! sequence of threes and fours? Run as a solver before the main search, within a node
//! and time budget.
//!
//! The attacker plays a four or a three on every move. Against a four the defender's
//! replies are forced (the five's defences); against a three, only the attacker's four
//! points (open-four points and far ends) and the defender's own fours are useful, as
//! any other reply lets the attacker make an open four and win. A defender four is answered by
//! its block, which keeps the attack only if a three or four of the attacker still
//! stands afterwards. Every node first tries a VCF (a VCF is a VCT).
//!
//! Renju: black attacks only with moves that are not fouls and with threes whose
//! open-four point is legal; black defends only on points that are not fouls. Caro
//! (where a four can also be stopped past its five point) has no VCT: its defence set
//! would be wider than the one above.

use super::{side_key, Searcher, MAX_PLY};
use crate::board::{Board, Threat};
use crate::pattern::Pattern;

/// Mixed into the VCT cache keys so they never match a VCF entry's meaning.
const VCT_SALT: u64 = 0x3C6E_F372_FE94_F82B;

impl Searcher {
    /// Searches for a VCT for the side to move using at most `threats` of its own
    /// threes and fours (the VCFs tried at its nodes have their own budget). Returns the
    /// ply (counted like `ply`) at which the five is made; the first move is left in
    /// `pv[ply][ply]`.
    pub(super) fn vct(&mut self, b: &mut Board, ply: usize, threats: i32) -> Option<usize> {
        if self.count_node() {
            self.check_limits_now();
        }
        if self.aborted || super::threats::is_caro(b) {
            return None;
        }
        let me = b.side_to_move();
        let key = b.hash() ^ VCT_SALT ^ side_key(me);
        let slot = (key as usize) & (super::vcf::VCF_CACHE - 1);
        if let Some(hit) = self.vct_cache[slot].lookup(key, threats) {
            let (mv, plies) = hit?;
            self.pv[ply][ply] = mv;
            return Some(ply + plies);
        }
        let r = self.vct_uncached(b, ply, threats);
        if !self.aborted {
            self.vct_cache[slot] =
                super::vcf::VcfEntry::new(key, self.pv[ply][ply], r.map(|p| p - ply), threats);
        }
        r
    }

    fn vct_uncached(&mut self, b: &mut Board, ply: usize, threats: i32) -> Option<usize> {
        if let Some(five) = self.vcf(b, ply, self.params.leaf_vcf_fours) {
            return Some(five);
        }
        if self.aborted || threats <= 0 || ply + 8 >= MAX_PLY {
            return None;
        }
        let me = b.side_to_move();
        let opp = me.opp();
        let renju_black = b.has_fouls(me);
        let mut list = std::mem::take(&mut self.moves[ply]);
        list.clear();
        match b.threat_count(opp, Threat::Five) {
            0 => {
                for i in b.candidates().iter() {
                    let info = b.info(i, me);
                    if info.threat >= Threat::Three && !(renju_black && b.forbidden_at(i)) {
                        list.push((i as u16, info.threat as i32 * 10000 + info.value));
                    }
                }
                list.sort_unstable_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
            }
            1 => {
                // The defender's four must be blocked; the attack goes on only if a
                // threat of ours still stands after the block (checked below).
                if let Some(q) = super::threats::five_point(b, opp) {
                    if !(renju_black && b.forbidden_at(q)) {
                        list.push((q as u16, 0));
                    }
                }
            }
            _ => {}
        }
        let mut found = None;
        for &(m, _) in &list {
            b.make(m as usize);
            let r = self.vct_defend(b, ply + 1, threats - 1);
            b.unmake();
            if r.is_some() || self.aborted {
                found = r;
                self.pv[ply][ply] = m;
                break;
            }
        }
        self.moves[ply] = list;
        found
    }

    /// The defender (the side to move) answers the attacker's last move: every useful
    /// reply must lose to a further VCT. `None` if the attacker has no four or three
    /// standing (the move was not forcing) or a reply escapes.
    fn vct_defend(&mut self, b: &mut Board, ply: usize, threats: i32) -> Option<usize> {
        if self.count_node() {
            self.check_limits_now();
        }
        let defender = b.side_to_move();
        let attacker = defender.opp();
        if b.threat_count(defender, Threat::Five) > 0 {
            return None; // the defender makes five first
        }
        let renju_black = b.has_fouls(defender);
        let replies: Vec<usize> = if b.threat_count(attacker, Threat::Five) > 0 {
            super::threats::five_defences(b, attacker).iter().collect()
        } else if super::threats::has_real_three(b, attacker) {
            // The likeliest refutations first (one is enough): the attacker's best
            // points, then the defender's strongest counter-threats.
            let mut r: Vec<(usize, i32)> = b
                .candidates()
                .iter()
                .filter_map(|i| {
                    let (a, d) = (b.info(i, attacker), b.info(i, defender));
                    let useful =
                        d.threat >= Threat::Four || a.pat.iter().any(|&p| p >= Pattern::B4);
                    useful.then(|| {
                        (
                            i,
                            (a.threat as i32 + d.threat as i32) * 100_000 + a.value + d.value,
                        )
                    })
                })
                .collect();
            r.sort_unstable_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            r.into_iter().map(|(i, _)| i).collect()
        } else {
            return None;
        };
        // No reply at all: five at once, or an open four, any move, five.
        let mut latest = if b.threat_count(attacker, Threat::Five) > 0 {
            ply + 2
        } else {
            ply + 4
        };
        for q in replies {
            if renju_black && b.forbidden_at(q) {
                continue;
            }
            b.make(q);
            let r = self.vct(b, ply + 1, threats);
            b.unmake();
            latest = latest.max(r?);
        }
        Some(latest)
    }
}
