//! Move generation and ordering: candidates, threat classes, history, killers,
//! countermoves, the line guards against four-threes and threes, and the lazy pick.

use super::threats::{fallback_move, five_defences, is_caro, Scan};
use super::{Searcher, NO_MOVE};
use crate::board::{Board, Threat};
use crate::pattern::Pattern;
use crate::types::Color;

impl Searcher {
    /// Fills `self.moves[ply]` with the candidate moves (under renju inside the tree,
    /// black's fouls too: `pick` drops them).
    pub(super) fn gen_moves(&mut self, b: &mut Board, s: &Scan, ply: usize, tt_move: u16) {
        let mut list = std::mem::take(&mut self.moves[ply]);
        list.clear();
        let me = b.side_to_move();
        let opp = me.opp();
        let renju_black = b.has_fouls(me);
        if s.opp_fives > 0 {
            // Only a defence can save the game (our own five was handled before).
            // Under caro there are often two, the five point and the point past it,
            // here in cell order (other orders: `gen_moves: caro defence order` in
            // docs/experiments.md).
            for i in five_defences(b, opp).iter() {
                if !(renju_black && b.forbidden_at(i)) {
                    list.push((i as u16, TACTICAL));
                }
            }
            self.moves[ply] = list;
            return;
        }
        let drop_fouls = renju_black && !fouls_deferred(b, ply);
        let killers = self.killers[ply];
        let counter = if self.prof.countermove {
            b.last_move_of(opp)
                .map_or(NO_MOVE, |prev| self.counter[prev][me.index()])
        } else {
            NO_MOVE
        };
        let guard = if self.prof.four_three_guard && !s.opp_has_three {
            LineGuard::four_three(b, opp)
        } else {
            LineGuard::default()
        };
        let three_guard = if self.prof.three_lines && s.opp_has_three {
            LineGuard::three(b, opp)
        } else {
            LineGuard::default()
        };
        for i in b.candidates().iter() {
            let mi = b.info(i, me);
            let oi = b.info(i, opp);
            if s.opp_has_three && mi.threat < Threat::Four && !three_guard.stops(b, i, &oi.pat) {
                // Against a three: our fours, or points on the opponent's lines.
                continue;
            }
            if mi.threat < Threat::Four && !guard.allows(b, i) {
                // Against a four-three: our fours, or points on its lines.
                continue;
            }
            let threat = self.move_class(b, s, i);
            // Ordered by threat class, then values and history (other orders tried:
            // `gen_moves: root order by nodes`, `gen_moves: order policy`).
            let mut score = threat + mi.value + oi.value;
            if threat == 0 || (self.prof.history_threes && threat < FOUR_ORDER) {
                score += (self.history[i][me.index()] >> 4).min(TACTICAL / 8);
            }
            if i as u16 == tt_move {
                score = i32::MAX;
            } else if killers.contains(&(i as u16)) {
                score += TACTICAL / 8;
            } else if i as u16 == counter {
                score += TACTICAL / 16;
            }
            if drop_fouls && b.forbidden_at(i) {
                continue;
            }
            list.push((i as u16, score));
        }
        if list.is_empty() && b.stone_count() == 0 {
            if let Some(i) = fallback_move(b) {
                list.push((i as u16, 0));
            }
        }
        self.moves[ply] = list;
    }

    /// The move-ordering base of cell `i` ([`move_threat`]), a plain block counted as
    /// a stop of a three when `plain_blocks` is on.
    #[inline]
    pub(super) fn move_class(&self, b: &Board, s: &Scan, i: usize) -> i32 {
        if self.prof.plain_blocks && is_plain_block(b, s, i) {
            threat_order(Threat::Three, false)
        } else {
            move_threat(b, i)
        }
    }

    /// Moves the best of the moves from `k` on into place `k` and returns it (a lazy
    /// selection sort: most nodes cut off after a few moves). Ties go to the lower cell
    /// index, so the order, and the bench, is deterministic. A foul it meets
    /// ([`fouls_deferred`]) leaves the list; `None` when no move is left.
    #[inline(always)]
    pub(super) fn pick(&mut self, b: &Board, ply: usize, k: usize) -> Option<(u16, i32)> {
        while k < self.moves[ply].len() {
            let picked = self.select(ply, k);
            if !(fouls_deferred(b, ply) && b.forbidden_at(picked.0 as usize)) {
                return Some(picked);
            }
            // A foul for black: gone from the list, the order of the rest kept.
            self.moves[ply].remove(k);
        }
        None
    }

    /// `pick`'s ordering step: the best of the moves from `k` on, moved into place `k`.
    #[inline]
    pub(super) fn select(&mut self, ply: usize, k: usize) -> (u16, i32) {
        let list = &mut self.moves[ply];
        if k >= LAZY_PICKS {
            // No cut-off yet: this is probably an all-node, so sort the rest once.
            if k == LAZY_PICKS {
                list[k..].sort_unstable_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
            }
            return list[k];
        }
        let mut best = k;
        for j in k + 1..list.len() {
            let (a, c) = (list[j], list[best]);
            if a.1 > c.1 || (a.1 == c.1 && a.0 < c.0) {
                best = j;
            }
        }
        list.swap(k, best);
        list[k]
    }
}

/// Moves picked one by one before the rest of the list is sorted.
pub(super) const LAZY_PICKS: usize = 3;

/// Whether black's fouls at `ply` are left in the move list for `pick` to drop as it
/// meets them (under renju inside the tree: most candidates are never searched, and the
/// foul test is the costly part of generation). At the root they go at once, as the
/// root's list is counted and copied. (The few five defences are filtered at once
/// everywhere; `pick` finds no foul among them.)
#[inline]
pub(super) fn fouls_deferred(b: &Board, ply: usize) -> bool {
    ply > 0 && b.has_fouls(b.side_to_move())
}

/// Move-ordering scores at or above this are threats (fours, threes, blocks).
pub(super) const TACTICAL: i32 = 1 << 20;
/// Move-ordering scores at or above this make a four, or stop one of the opponent's.
pub(super) const FOUR_ORDER: i32 = threat_order(Threat::Four, false);

/// The move-ordering base of a point where the side to move (`own`) or the opponent
/// would make threat `t`: 0 below a three, else at least [`TACTICAL`], ranked by the
/// threat and, for the same threat, ours first.
pub(super) const fn threat_order(t: Threat, own: bool) -> i32 {
    if (t as i32) < Threat::Three as i32 {
        0
    } else {
        (t as i32 * 2 + own as i32) * TACTICAL / 4
    }
}

/// The move-ordering base of cell `i` for the side to move: the larger of its own
/// threat there and the opponent's ([`threat_order`]).
#[inline]
pub(super) fn move_threat(b: &Board, i: usize) -> i32 {
    let me = b.side_to_move();
    threat_order(b.info(i, me).threat, true).max(threat_order(b.info(i, me.opp()).threat, false))
}

/// Whether cell `i` only stops the opponent's plain four (see
/// [`Params::plain_blocks`]): he has no three on the board, would make just one four
/// there, and the side to move makes less than a three.
#[inline]
pub(super) fn is_plain_block(b: &Board, s: &Scan, i: usize) -> bool {
    let me = b.side_to_move();
    !s.opp_has_three
        && b.info(i, me.opp()).threat == Threat::Four
        && b.info(i, me).threat < Threat::Three
}

/// Some of the opponent's threat points, each with the lines of its threats, that a
/// defence must lie on: his four-three and double-four points (at most
/// [`LineGuard::FOUR_THREES`]; under renju not his fouls) for
/// [`Params::four_three_guard`], or his open-four points (at most
/// [`LineGuard::OPEN_FOURS`]) for [`Params::three_lines`]. Empty, and so no
/// restriction, when he has none or more than that many.
#[derive(Default)]
pub(super) struct LineGuard {
    points: [(usize, [bool; 4]); LineGuard::OPEN_FOURS],
    len: usize,
    /// How far along a threat's line a defence may lie.
    reach: usize,
}

impl LineGuard {
    const FOUR_THREES: usize = 4;
    const OPEN_FOURS: usize = 8;

    /// The opponent's points of threat `least` or more whose lines (the directions
    /// where `line` holds for the pattern) a defence must lie on; none if there are
    /// more than `max`.
    pub(super) fn collect(
        b: &Board,
        opp: Color,
        least: Threat,
        max: usize,
        line: impl Fn(Pattern) -> bool,
    ) -> LineGuard {
        let mut g = LineGuard {
            reach: if is_caro(b) { 5 } else { 4 },
            ..LineGuard::default()
        };
        let fouls = b.has_fouls(opp);
        for p in b.four_cells(opp) {
            let info = b.info(p, opp);
            let dirs = info.pat.map(&line);
            if info.threat < least || !dirs.contains(&true) || fouls && b.forbidden_at(p) {
                continue;
            }
            if g.len == max {
                g.len = 0;
                break;
            }
            g.points[g.len] = (p, dirs);
            g.len += 1;
        }
        g
    }

    /// Against the opponent's four-three and double-four points.
    pub(super) fn four_three(b: &Board, opp: Color) -> LineGuard {
        if b.threats_at_least(opp, Threat::FourThree) == 0 {
            return LineGuard::default();
        }
        Self::collect(b, opp, Threat::FourThree, Self::FOUR_THREES, |x| {
            x >= Pattern::F3
        })
    }

    /// Against the opponent's threes: his open-four points (every one makes him at
    /// least a double four, so it is among his four cells).
    pub(super) fn three(b: &Board, opp: Color) -> LineGuard {
        Self::collect(b, opp, Threat::FourFour, Self::OPEN_FOURS, |x| {
            x == Pattern::F4
        })
    }

    /// Whether cell `i` lies within reach on one of the points' threat lines `d`
    /// for which `line_ok(d)` also holds (`i` itself is on all of a point's lines).
    pub(super) fn on_a_line(&self, b: &Board, i: usize, line_ok: impl Fn(usize) -> bool) -> bool {
        self.points[..self.len].iter().any(|&(p, dirs)| {
            (0..4).any(|d| dirs[d] && line_ok(d) && b.on_line_within(p, i, d, self.reach))
        })
    }

    /// Whether cell `i` may be played: there is no such point, or `i` is one, or
    /// lies on one of its threats' lines within reach.
    pub(super) fn allows(&self, b: &Board, i: usize) -> bool {
        self.len == 0 || self.on_a_line(b, i, |_| true)
    }

    /// Whether cell `i`, where the opponent's patterns are `opp_pat`, may stop his
    /// three: he makes a four there on a line of an open-four point within reach (on
    /// any line if there is no such point, or too many to list).
    pub(super) fn stops(&self, b: &Board, i: usize, opp_pat: &[Pattern; 4]) -> bool {
        if self.len == 0 {
            return opp_pat.iter().any(|&p| p >= Pattern::B4);
        }
        self.on_a_line(b, i, |d| opp_pat[d] >= Pattern::B4)
    }
}
