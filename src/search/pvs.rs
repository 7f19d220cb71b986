//! The principal variation search and its horizon.

use super::movegen::{fouls_deferred, is_plain_block, FOUR_ORDER, TACTICAL};
use super::prune::{three_reductions, useless_four_reduction, PROBCUT_REDUCTION};
use super::threats::{has_legal_four_four, is_caro, quick_win, scan, Scan};
use super::{side_key, Searcher, MAX_PLY, NO_MOVE};
use crate::board::{Board, Threat};
use crate::tt::Bound;
use crate::types::{is_mate, loss_in, win_in, Score, INFINITY, WIN_MIN};
use std::sync::atomic::AtomicBool;

impl Searcher {
    /// The value of `b` (scanned as `s`, with no five to block) at the horizon: an
    /// unanswerable open or double four wins; so does a win by continuous fours
    /// (CITE: VCF as the quiescence search, as in Rapfi), near the last stone unless
    /// `leaf_vcf_local` is 0; otherwise the static evaluation. With `vcf_stand_pat`,
    /// an evaluation at or above `beta` is returned without the VCF.
    pub(super) fn horizon(&mut self, b: &mut Board, s: &Scan, ply: usize, beta: Score) -> Score {
        // Not under caro, where one stone may stop two fives. Not here: an exact caro
        // check (each double-four point made, a win if no single stone then stops
        // every five): depth-12 caro trees of `scripts/middle15.txt` 305.5K to 305.6K
        // nodes, as the leaf VCF finds nearly all of them; not played.
        if s.my_four_four && !s.opp_has_four && !is_caro(b) && has_legal_four_four(b) {
            return win_in(ply + 3);
        }
        if self.prof.quick_win && quick_win(b, s) {
            return win_in(ply + 5);
        }
        let eval = self.evaluate(b);
        if self.params.vcf_stand_pat > 0 && eval >= beta {
            return eval;
        }
        if s.opp_fives == 0 && b.threats_at_least(b.side_to_move(), Threat::Four) > 0 {
            let five = if self.params.leaf_vcf_local > 0 {
                self.vcf_local(b, ply, self.params.leaf_vcf_fours)
            } else {
                self.vcf(b, ply, self.params.leaf_vcf_fours)
            };
            if let Some(five) = five {
                return win_in(five);
            }
            if self.aborted {
                return 0;
            }
        }
        eval
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn pvs(
        &mut self,
        b: &mut Board,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        pv_node: bool,
        stop: &AtomicBool,
    ) -> Score {
        if self.count_node() {
            self.check_limits(stop);
        }
        if self.aborted {
            return 0;
        }
        self.pv_len[ply] = ply;
        if b.is_full() {
            return 0;
        }
        if ply >= MAX_PLY - 4 {
            return self.evaluate(b);
        }

        // Step 1. Immediate results from the threats on the board.
        let s = scan(b);
        if s.my_five.is_some() {
            return win_in(ply + 1);
        }
        if s.opp_fives >= 2 && !is_caro(b) {
            return loss_in(ply + 2);
        }

        // Step 2. Mate distance pruning.
        let alpha0 = alpha.max(loss_in(ply));
        let beta0 = beta.min(win_in(ply + 1));
        if alpha0 >= beta0 {
            return alpha0;
        }

        // Step 3. A forced block is searched one more ply: at the horizon always, and
        // everywhere with `forced_ext`. At the horizon, an unanswerable open or double
        // four wins; otherwise the static evaluation.
        if s.opp_fives == 1 && (depth <= 0 || self.prof.forced_ext) {
            depth = depth.max(0) + 1;
        }
        // Not here: a ply more at the horizon when the opponent (not to move) has a
        // win the evaluation misses, if the evaluation would decide the node (at least
        // beta, or inside a PV window) and the parent was not so extended. With his
        // local VCF as the test, depth-12 trees of `scripts/middle15.txt` freestyle
        // 132.7K to 203.4K nodes, standard 165.5K to 324.8K, renju 118.8K to 245.6K,
        // caro 305.5K to 498.0K; at 100 ms/move freestyle 318 games, 159 pairs [36,
        // 10, 93, 5, 15], -51.7 Elo [-83.6, -20.7], standard 393 games, 196 pairs [48,
        // 4, 117, 2, 25], -42.8 [-73.0, -13.2]. With a four-three point of his as the
        // test (no search): trees 143.8K, 230.7K, 152.2K, 372.9K; freestyle 522 games,
        // 261 pairs [43, 9, 158, 8, 43], -0.7 [-25.5, +24.2], standard 560 games, 280
        // pairs [46, 7, 183, 7, 37], -11.2 [-33.9, +11.4]; all stopped.
        if depth <= 0 {
            return self.horizon(b, &s, ply, beta);
        }

        // Step 4. Transposition table. Not here: a cut-off by the table crediting
        // its quiet move with history and a killer slot, as a searched cut-off does
        // (Stockfish, Rapfi): depth-12 trees of `scripts/middle15.txt` standard
        // 217.5K to 199.9K nodes, the others within 2%; at 100 ms/move freestyle 401
        // games, 200 pairs [18, 15, 140, 6, 21], -2.6 Elo [-25.3, +20.1], standard
        // 426 games, 213 pairs [36, 6, 138, 4, 29], -13.1 [-39.4, +13.2], stopped.
        let hash = b.hash() ^ side_key(b.side_to_move());
        let mut tt_move = NO_MOVE;
        let mut tt_score = None;
        if let Some(hit) = self.tt.probe(hash, ply) {
            tt_move = hit.mv;
            if !is_mate(hit.score) {
                tt_score = Some((hit.score, hit.bound));
            }
            // A proven win or loss holds at any depth (`tt_mate`).
            let proven = self.params.tt_mate > 0 && is_mate(hit.score);
            if !pv_node && (hit.depth >= depth || proven) {
                let ok = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::None => false,
                };
                if ok {
                    return hit.score;
                }
            }
        }

        // Step 4a. Internal iterative reduction (CITE: IIR, as in Stockfish and Rapfi).
        // Not here: Rapfi's cut at a PV node whose table move is stale (a ply less for
        // every 4 plies the entry is shallower than the node, at most 3): depth-14
        // freestyle trees of `scripts/middle15.txt` 461.0K to 449.4K nodes; freestyle
        // at 100 ms/move 753 games, 376 pairs [50, 16, 247, 11, 52], -0.5 Elo [-19.4,
        // +18.4], stopped.
        if self.params.iir_min_depth > 0
            && depth >= self.params.iir_min_depth
            && tt_move == NO_MOVE
            && s.opp_fives == 0
        {
            depth -= 1;
        }

        // Step 4b. The static evaluation of a quiet non-PV node: one facing no five
        // or three, the only kind the static pruning below applies to.
        let quiet_eval =
            (!pv_node && s.opp_fives == 0 && !s.opp_has_three).then(|| self.evaluate(b));
        // The table's score instead when exact, or when its bound puts the value beyond
        // the evaluation (`tt_eval`).
        let quiet_eval = match (quiet_eval, tt_score) {
            (Some(e), Some((t, bound))) if self.prof.tt_eval => Some(match bound {
                Bound::Exact => t,
                Bound::Lower if t > e => t,
                Bound::Upper if t < e => t,
                _ => e,
            }),
            (e, _) => e,
        };

        // Step 4c. Razoring: hopeless quiet nodes near the horizon go straight to it.
        if let Some(eval) = quiet_eval.filter(|_| depth <= 2 && self.params.razor_margin > 0) {
            if alpha.abs() < WIN_MIN && eval + self.params.razor_margin * depth <= alpha {
                return self.horizon(b, &s, ply, beta);
            }
        }

        // Step 4d. Static-evaluation pruning near the horizon of a quiet non-PV node
        // (CITE: reverse futility and futility pruning, as in Stockfish).
        let mut futile = false;
        if let Some(eval) = quiet_eval.filter(|_| {
            depth <= self.params.futility_max_depth
                && (self.params.rfp_margin > 0 || self.params.futility_margin > 0)
        }) {
            if self.params.rfp_margin > 0
                && beta.abs() < WIN_MIN
                && eval - self.params.rfp_margin * depth >= beta
            {
                return eval;
            }
            futile = self.params.futility_margin > 0
                && alpha.abs() < WIN_MIN
                && eval + self.params.futility_margin * depth <= alpha;
        }

        // Not here: null move pruning (a pass searched at depth - 4 - depth / 6, from
        // depth 3) and Rapfi's fail-high reduction did not gain at 100 ms/move
        // (freestyle -6.2 and -9.7 Elo over about 800 games each). Null move, and the
        // reduction while it also applied to moves that make threes, lost a win that
        // the depth-14 bench finds. Nor singular extension (branch `exp/hist-malus`:
        // from depth 6, the others at half depth a margin of 4 a ply under the table
        // score): it grew the depth-14 bench tree from 7.3M to 10.4M nodes and scored
        // -7.3 Elo [-42.0, +27.3] (freestyle, 382 games). Null move under caro alone
        // (non-PV, quiet, from depth 3, a pass searched at depth - 1 - R - depth / 6
        // when the evaluation is at least beta): the caro trees grew, depth 12 of
        // `scripts/middle15.txt` from 305.5K to 388.8K nodes at R = 2 and to 361.8K
        // at R = 3, depth 14 from 1175K to 1371K at R = 3 (30% of its 333K passes cut
        // off), and to 1367K with beta + 300 in place of beta; not played.

        // Step 5. Moves. Not here: the table's move searched before the others are
        // generated (a staged move picker, as in Stockfish): generating after it, with
        // the history its subtree left, moved the depth-11 trees of
        // `scripts/middle15.txt` from 5.75M to 5.79M nodes and saved no time (whole
        // process, 7 pairs: median cpu ratio 1.010).
        self.gen_moves(b, &s, ply, tt_move);
        let no_move = if fouls_deferred(b, ply) {
            self.pick(b, ply, 0).is_none()
        } else {
            self.moves[ply].is_empty()
        };
        if no_move {
            // Black under renju whose every reply is a foul: the threat goes through.
            return if s.opp_fives > 0 {
                loss_in(ply + 2)
            } else {
                self.evaluate(b)
            };
        }
        let me = b.side_to_move();
        if self.prof.probcut
            && !pv_node
            && depth >= self.params.probcut_depth.max(PROBCUT_REDUCTION + 1)
            && quiet_eval.is_some()
            && beta.abs() < WIN_MIN
        {
            if let Some(score) = self.try_probcut(b, depth, ply, beta, hash, tt_score, stop) {
                return score;
            }
        }
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        // Moves that make a three, and points that stop the opponent's, may be reduced
        // too (`lmr_threes`, `lmr_threes_from`), unless a five must be stopped.
        let (threes_reducible, stops_reducible) = if s.opp_fives > 0 {
            (false, false)
        } else {
            three_reductions(&self.prof, self.params.lmr_threes_from, depth)
        };
        // Step 5a's move count at any depth (`mcp`): none at a PV node or where a five
        // must be stopped.
        let mcp_count = if pv_node || s.opp_fives > 0 || !self.prof.mcp {
            usize::MAX
        } else {
            self.mcp[(depth as usize).min(63)]
        };
        for k in 0.. {
            let Some((m, order)) = self.pick(b, ply, k) else {
                break;
            };
            let tactical = order >= TACTICAL;
            // Step 5a. Late move pruning: near the horizon of a non-PV node, quiet moves
            // far down the ordered list are skipped (CITE: move count pruning, Stockfish),
            // and at any depth after `mcp_count` moves. Quiet moves come last in the
            // order, so none after this one is searched either.
            if !pv_node
                && !tactical
                && (depth <= self.lmp_depth && k >= self.params.lmp_base + (depth * depth) as usize
                    || k >= mcp_count)
                && best > -WIN_MIN
            {
                break;
            }
            if futile && !tactical && best > -WIN_MIN {
                break;
            }
            // Not here: Rapfi's trivial move pruning (below depth 5, skip moves where
            // neither side makes an open two or more): only 4% off the depth-13
            // bench tree, as late move pruning already drops most of them; not played.
            // Forced replies, blocks of fours and fours that make more than a four are
            // never reduced; a plain four only with `lmr_fours`. (Fours reduced like
            // quiet moves from the fourth move on, before `lmr_early`, scored +1.7 Elo
            // under standard, 410 game pairs, stopped: see `lmr_fours`.)
            // The threat class the move makes for us (kept for `cont_attack`).
            let made = b.info(m as usize, me).threat;
            let reducible = !tactical
                || (self.prof.lmr_fours && s.opp_fives == 0 && made == Threat::Four)
                || (self.prof.plain_blocks && is_plain_block(b, &s, m as usize))
                || (order < FOUR_ORDER
                    && (threes_reducible || stops_reducible)
                    && if made >= Threat::Three {
                        threes_reducible
                    } else {
                        stops_reducible
                    });
            // The first move is never reduced: no look-up for it.
            let useless = if self.prof.useless_fours && k > 0 && depth >= self.params.lmr_min_depth
            {
                useless_four_reduction(b, &s, m as usize)
            } else {
                0
            };
            let new_depth = depth - 1;
            if new_depth > 0 {
                // The move's long part is the board update: time for the fetch.
                self.tt
                    .prefetch(b.hash_after(m as usize) ^ side_key(me.opp()));
            }
            self.made[ply] = made;
            self.make(b, m as usize);
            let score = if k == 0 {
                -self.pvs(b, new_depth, ply + 1, -beta, -alpha, pv_node, stop)
            } else {
                // Step 6. Late move reductions for quiet moves (CITE: LMR, as in Stockfish).
                let r = if depth >= self.params.lmr_min_depth
                    && (k >= self.params.lmr_min_moves || self.prof.lmr_early)
                    && reducible
                {
                    if self.lmr_div > 0 {
                        self.lmr[(depth as usize).min(63)][k.min(63)] as i32
                    } else {
                        1 + i32::from(k >= 8 && depth >= 5)
                    }
                } else {
                    0
                };
                // Not here: a ply more for a move that has caused no cut-off in this
                // search (no history), a ply less for one with a history of 1024 or
                // more (CITE: history-adjusted reductions, Stockfish, Rapfi). In the
                // depth-13 bench 76% of the reduced moves had no history, and their
                // reduced searches failed high 0.2% of the time against 4.2% for those
                // at 1024 or more; but freestyle scored 105 game pairs [35, 3, 60, 2,
                // 5], -103.9 Elo [-145.8, -64.8] at 100 ms/move, SPRT H0. The ply less
                // alone hardly acts at the depths of such games (none of the depth-9
                // bench trees changes, even from 256); a ply less for any history
                // grew the depth-13 bench tree from 2.47M to 4.22M nodes and scored
                // -4.5 [-25.6, +16.5] (freestyle, 231 pairs, stopped).
                // Not here: a ply less at a non-PV node that has been on a principal
                // variation (the table keeping the mark; CITE: ttPv, Stockfish and
                // Rapfi, which take the ply off at PV nodes too: that doubled the
                // depth-12 standard trees of `scripts/middle15.txt`). The non-PV form
                // grew them 231K to 333K nodes (caro 305K to 389K, freestyle and renju
                // about the same) and lost: freestyle 229 game pairs [55, 2, 131, 7,
                // 34], -28.1 Elo [-56.7, +0.1] at 100 ms/move, stopped.
                // Nor a ply more at a non-PV node whose static evaluation is no better
                // than two plies before (Rapfi's non-improving reduction): depth-12
                // trees of `scripts/middle15.txt` freestyle 132.7K to 115.1K nodes,
                // standard 217.5K to 158.4K, renju 169.5K to 154.5K, caro 305.5K to
                // 364.3K; freestyle 711 games, 355 pairs [59, 9, 224, 16, 47], -8.3
                // [-28.7, +12.0], stopped.
                // Nor a ply more for a quiet move where the table move is a threat
                // (Stockfish's reduction after a capturing table move): depth-12
                // trees of `scripts/middle15.txt` freestyle 132.7K to 142.2K nodes,
                // renju 118.8K to 131.4K, standard 217.5K to 194.2K; not played.
                // Step 6a. More for a four that leaves the opponent's three alone, far
                // from the last stones (`useless_fours`).
                let r = r + useless;
                // Step 6b. Less reduction for a continuous attack (`cont_attack`).
                let r = if r > 0
                    && ply >= 2
                    && made >= Threat::Three
                    && self.made[ply - 2] >= Threat::Three
                    && self.prof.cont_attack
                {
                    r - 1
                } else {
                    r
                };
                // Not here: a ply more for a quiet move more than four points from
                // both sides' last stones (Rapfi's "distract" moves): the depth-13 bench
                // tree grew from 3.15M to 3.45M nodes, as the reduced far moves failed
                // high and were searched again; not played. Nor a ply more at an
                // expected cut node (Stockfish's cut-node reduction: the node type
                // passed down as in Stockfish, the ply added to any reduced move):
                // freestyle -28.5 Elo [-57.0, -0.4] (232 game pairs), standard -22.1
                // [-46.6, +2.3] (260), 100 ms/move, stopped; the depth-15 bench trees
                // moved both ways (std15-middle 2.93M to 4.38M, renju 1.55M to 1.01M).
                // Nor a reduced search kept at depth 1 at least (Stockfish, Rapfi): it
                // seldom acts (depth-12 trees of `scripts/middle15.txt`: freestyle
                // 135.1K to 137.8K nodes, caro 305.5K to 315.4K); not played.
                let mut sc = -self.pvs(b, new_depth - r, ply + 1, -alpha - 1, -alpha, false, stop);
                // Not here: the re-search a ply deeper when the reduced score beats the
                // best so far by 100 + 2 a ply, a ply shallower when by less than 10
                // (Stockfish's deeper and shallower re-search, Rapfi's LMR extension;
                // branch `exp/deeper`): freestyle -6.0 Elo [-23.2, +11.2] over 464
                // game pairs, stopped.
                if sc > alpha && r > 0 {
                    sc = -self.pvs(b, new_depth, ply + 1, -alpha - 1, -alpha, false, stop);
                }
                if sc > alpha && sc < beta && pv_node {
                    sc = -self.pvs(b, new_depth, ply + 1, -beta, -alpha, true, stop);
                }
                sc
            };
            self.unmake(b);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    // Not here: at a PV node, the moves after one that raises alpha
                    // searched a ply shallower (Stockfish, Rapfi; branch
                    // `exp/trivial`): depth-13 bench tree 3.15M to 2.52M nodes, but
                    // freestyle -13.7 Elo [-29.2, +1.7] over 557 game pairs, SPRT H0.
                    alpha = score;
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    self.pv[ply][ply] = m;
                    let child_len = self.pv_len[ply + 1].max(ply + 1);
                    for j in ply + 1..child_len {
                        self.pv[ply][j] = self.pv[ply + 1][j];
                    }
                    self.pv_len[ply] = child_len;
                    if alpha >= beta {
                        // Not here: a history malus for the moves tried before the
                        // cut-off (branch `exp/hist-malus`): it shrank the depth-14
                        // bench tree by 7% but did not gain at 100 ms/move: freestyle
                        // +2.2 Elo (773 games) and -0.3 [-18.5, +18.0] (1362), standard
                        // +9.1 [-11.5, +29.8] (1067) and +0.9 [-23.3, +25.1] (773),
                        // renju -14.1 [-39.2, +10.8] (738).
                        let learns = !tactical
                            || (self.prof.history_threes
                                && self.move_class(b, &s, m as usize) < FOUR_ORDER);
                        if learns {
                            let h = &mut self.history[m as usize][me.index()];
                            *h = (*h + depth * depth).min(1 << 20);
                            let kl = &mut self.killers[ply];
                            if kl[0] != m {
                                kl[1] = kl[0];
                                kl[0] = m;
                            }
                            if self.prof.countermove {
                                if let Some(prev) = b.last_move_of(me.opp()) {
                                    self.counter[prev][me.index()] = m;
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0.min(alpha) && best_move != NO_MOVE && best == alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, ply, best_move, best, depth, bound);
        best
    }
}
