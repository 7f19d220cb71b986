//! The principal variation search and its horizon. `pvs` runs one node as numbered
//! steps, each step's work in a named helper below it. Ideas tried at a step and not
//! kept are in `docs/experiments.md` under `pvs: <topic>` (null move, singular
//! extension, history malus, ...).

use super::movegen::{fouls_deferred, is_plain_block, FOUR_ORDER, TACTICAL};
use super::prune::{three_reductions, useless_four_reduction, PROBCUT_REDUCTION};
use super::threats::{has_legal_four_four, is_caro, quick_win, scan, Scan};
use super::{side_key, Searcher, MAX_PLY, NO_MOVE};
use crate::board::{Board, Threat};
use crate::tt::Bound;
use crate::types::{is_mate, loss_in, win_in, Color, Score, INFINITY, WIN_MIN};
use std::sync::atomic::AtomicBool;

/// What the transposition table says about a node (step 5).
struct TableHit {
    /// Its move, or [`NO_MOVE`].
    mv: u16,
    /// Its score and bound, unless the score is a mate.
    score: Option<(Score, Bound)>,
    /// A score that decides the node outright.
    cut: Option<Score>,
}

/// What the move loop (step 12) of one node needs to know.
struct Node<'a> {
    depth: i32,
    ply: usize,
    pv_node: bool,
    me: Color,
    s: &'a Scan,
    /// Quiet moves after this many are pruned (move count pruning).
    mcp_count: usize,
    /// Moves that make a three, and stops of the opponent's threes, may be reduced.
    threes_reducible: bool,
    stops_reducible: bool,
    /// The static evaluation cannot reach alpha: quiet moves are skipped (futility).
    futile: bool,
}

impl Searcher {
    /// The value of `b` (scanned as `s`, with no five to block) at the horizon: an
    /// unanswerable open or double four wins (not under caro, where one stone may stop
    /// two fives); so does a win by continuous fours (CITE: VCF as the quiescence
    /// search, as in Rapfi), near the last stone unless `leaf_vcf_local` is 0;
    /// otherwise the static evaluation. With `vcf_stand_pat`, an evaluation at or
    /// above `beta` is returned without the VCF.
    pub(super) fn horizon(&mut self, b: &mut Board, s: &Scan, ply: usize, beta: Score) -> Score {
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

    /// The search of one node `depth` plies from the horizon and `ply` from the root,
    /// in the window (`alpha`, `beta`), a PV node if `pv_node`. Returns 0 once
    /// `aborted`.
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
        // Step 1. Count the node; stop at a limit, a full board or the deepest ply.
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

        // Step 2. Immediate results from the threats on the board.
        let s = scan(b);
        if s.my_five.is_some() && (ply > 0 || self.root_five(b)) {
            return win_in(ply + 1);
        }
        if s.opp_fives >= 2 && !is_caro(b) {
            return loss_in(ply + 2);
        }

        // Step 3. Mate distance pruning.
        let alpha0 = alpha.max(loss_in(ply));
        let beta0 = beta.min(win_in(ply + 1));
        if alpha0 >= beta0 {
            return alpha0;
        }

        // Step 4. A forced block is searched one more ply: at the horizon always,
        // everywhere with `forced_ext`. At the horizon, the horizon's value.
        if s.opp_fives == 1 && (depth <= 0 || self.prof.forced_ext) {
            depth = depth.max(0) + 1;
        }
        if depth <= 0 {
            return self.horizon(b, &s, ply, beta);
        }

        // Step 5. Transposition table.
        let hash = b.hash() ^ side_key(b.side_to_move());
        let tt = self.probe_table(hash, ply, depth, alpha, beta, pv_node);
        if let Some(score) = tt.cut {
            return score;
        }

        // Step 6. Internal iterative reduction (CITE: IIR, as in Stockfish and Rapfi).
        if self.params.iir_min_depth > 0
            && depth >= self.params.iir_min_depth
            && tt.mv == NO_MOVE
            && s.opp_fives == 0
        {
            depth -= 1;
        }

        // Step 7. The static evaluation of a quiet non-PV node (facing no five or
        // three), the only kind the static pruning applies to.
        let quiet_eval = self.quiet_eval(b, &s, pv_node, tt.score);

        // Step 8. Razoring: hopeless quiet nodes near the horizon go straight to it.
        if quiet_eval.is_some_and(|eval| self.razors(eval, depth, alpha)) {
            return self.horizon(b, &s, ply, beta);
        }

        // Step 9. Reverse futility returns a quiet node far above beta; futility
        // marks one far below alpha (CITE: as in Stockfish).
        if let Some(score) = quiet_eval.and_then(|eval| self.reverse_futility(eval, depth, beta)) {
            return score;
        }
        let futile = quiet_eval.is_some_and(|eval| self.futile(eval, depth, alpha));

        // Step 10. Moves. None at all: black under renju whose every reply is a foul.
        self.gen_moves(b, &s, ply, tt.mv);
        if ply == 0 && self.root_filter {
            self.filter_root(b);
        }
        if self.no_moves(b, ply) {
            return if s.opp_fives > 0 {
                loss_in(ply + 2)
            } else {
                self.evaluate(b)
            };
        }

        // Step 11. ProbCut.
        if self.prof.probcut
            && !pv_node
            && depth >= self.params.probcut_depth.max(PROBCUT_REDUCTION + 1)
            && quiet_eval.is_some()
            && beta.abs() < WIN_MIN
        {
            if let Some(score) = self.try_probcut(b, depth, ply, beta, hash, tt.score, stop) {
                return score;
            }
        }

        // Step 12. The moves in order, each pruned, reduced or searched in full.
        let node = self.node(b, &s, depth, ply, pv_node, futile);
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        for k in 0.. {
            let Some((m, order)) = self.pick(b, ply, k) else {
                break;
            };
            let tactical = order >= TACTICAL;
            // Step 12a. Late move, move count and futility pruning.
            if self.prunes_late_move(&node, k, tactical, best) {
                break;
            }
            // Step 12b. The move's search: late move reductions, then re-searches.
            if ply == 0 && self.report_root {
                self.report_root_move(b, m, None);
            }
            let score = self.search_move(b, &node, k, m, order, alpha, beta, stop);
            if self.aborted {
                return 0;
            }
            if ply == 0 && self.report_root {
                self.report_root_move(b, m, Some((score, score > alpha)));
            }
            // Step 12c. A better move: the principal variation, and at a cut-off the
            // history, killers and countermove.
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m, score);
                    if alpha >= beta {
                        self.reward_cutoff(b, &node, m, tactical);
                        break;
                    }
                }
            }
        }

        // Step 13. Store the result.
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0.min(alpha) && best_move != NO_MOVE && best == alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // (Not the root of a later line of a multi-line search: its best move is only
        // the best of the moves left.)
        if ply > 0 || self.root_skip.is_empty() {
            self.tt.store(hash, ply, best_move, best, depth, bound);
        }
        best
    }

    /// Step 5: the table's entry for `hash`, and its score if that decides a non-PV
    /// node at `depth` (at any depth when proven, with `tt_mate`).
    #[inline(always)]
    fn probe_table(
        &mut self,
        hash: u64,
        ply: usize,
        depth: i32,
        alpha: Score,
        beta: Score,
        pv_node: bool,
    ) -> TableHit {
        let mut hit_out = TableHit {
            mv: NO_MOVE,
            score: None,
            cut: None,
        };
        if let Some(hit) = self.tt.probe(hash, ply) {
            hit_out.mv = hit.mv;
            if !is_mate(hit.score) {
                hit_out.score = Some((hit.score, hit.bound));
            }
            let proven = self.params.tt_mate > 0 && is_mate(hit.score);
            if !pv_node && (hit.depth >= depth || proven) {
                let ok = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::None => false,
                };
                if ok {
                    hit_out.cut = Some(hit.score);
                }
            }
        }
        hit_out
    }

    /// Step 7: the static evaluation of a quiet non-PV node, or the table's score
    /// instead when exact or when its bound puts the value beyond the evaluation
    /// (`tt_eval`); `None` at other nodes.
    #[inline(always)]
    fn quiet_eval(
        &mut self,
        b: &Board,
        s: &Scan,
        pv_node: bool,
        tt_score: Option<(Score, Bound)>,
    ) -> Option<Score> {
        let eval = (!pv_node && s.opp_fives == 0 && !s.opp_has_three).then(|| self.evaluate(b));
        match (eval, tt_score) {
            (Some(e), Some((t, bound))) if self.prof.tt_eval => Some(match bound {
                Bound::Exact => t,
                Bound::Lower if t > e => t,
                Bound::Upper if t < e => t,
                _ => e,
            }),
            (e, _) => e,
        }
    }

    /// Step 8: whether a quiet node at depth 1 or 2 with evaluation `eval` cannot
    /// reach `alpha` even with the razoring margin.
    #[inline(always)]
    fn razors(&self, eval: Score, depth: i32, alpha: Score) -> bool {
        let margin = self.params.razor_margin;
        depth <= 2 && margin > 0 && alpha.abs() < WIN_MIN && eval + margin * depth <= alpha
    }

    /// Step 9: the evaluation, if it beats `beta` by `rfp_margin` a ply near the
    /// horizon (reverse futility).
    #[inline(always)]
    fn reverse_futility(&self, eval: Score, depth: i32, beta: Score) -> Option<Score> {
        let margin = self.params.rfp_margin;
        (depth <= self.params.futility_max_depth
            && margin > 0
            && beta.abs() < WIN_MIN
            && eval - margin * depth >= beta)
            .then_some(eval)
    }

    /// Step 9: whether the evaluation falls short of `alpha` by `futility_margin` a
    /// ply near the horizon (futility: the quiet moves are then skipped).
    #[inline(always)]
    fn futile(&self, eval: Score, depth: i32, alpha: Score) -> bool {
        let margin = self.params.futility_margin;
        depth <= self.params.futility_max_depth
            && margin > 0
            && alpha.abs() < WIN_MIN
            && eval + margin * depth <= alpha
    }

    /// Step 10: whether the list `gen_moves` made for `ply` holds no playable move
    /// (black's deferred fouls are dropped as `pick` meets them).
    #[inline(always)]
    fn no_moves(&mut self, b: &Board, ply: usize) -> bool {
        if fouls_deferred(b, ply) {
            self.pick(b, ply, 0).is_none()
        } else {
            self.moves[ply].is_empty()
        }
    }

    /// Step 12's view of the node: which threat moves may be reduced (none where a
    /// five must be stopped) and after how many moves the quiet ones are pruned at
    /// any depth (`mcp`: none at a PV node or where a five must be stopped).
    #[inline(always)]
    fn node<'a>(
        &self,
        b: &Board,
        s: &'a Scan,
        depth: i32,
        ply: usize,
        pv_node: bool,
        futile: bool,
    ) -> Node<'a> {
        let (threes_reducible, stops_reducible) = if s.opp_fives > 0 {
            (false, false)
        } else {
            three_reductions(&self.prof, self.params.lmr_threes_from, depth)
        };
        let mcp_count = if pv_node || s.opp_fives > 0 || !self.prof.mcp {
            usize::MAX
        } else {
            self.mcp[(depth as usize).min(63)]
        };
        Node {
            depth,
            ply,
            pv_node,
            me: b.side_to_move(),
            s,
            mcp_count,
            threes_reducible,
            stops_reducible,
            futile,
        }
    }

    /// Step 12a: whether the `k`th move and all after it are skipped. At a non-PV
    /// node, quiet moves far down the list near the horizon (late move pruning), or
    /// after the move count at any depth (CITE: move count pruning, Stockfish); and
    /// quiet moves at a futile node. Quiet moves come last, so none after is searched
    /// either; never before a move that does not lose.
    #[inline(always)]
    fn prunes_late_move(&self, n: &Node, k: usize, tactical: bool, best: Score) -> bool {
        if tactical || best <= -WIN_MIN {
            return false;
        }
        let depth = n.depth;
        let late = depth <= self.lmp_depth && k >= self.params.lmp_base + (depth * depth) as usize;
        !n.pv_node && (late || k >= n.mcp_count) || n.futile
    }

    /// Step 12b: plays the `k`th move `m` (ordered `order`), searches it, takes it
    /// back and returns its score. The first move gets the full window; the others
    /// a null window at a depth reduced by [`Searcher::reduction`], searched again at
    /// full depth if they beat alpha, and with the full window at a PV node.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move(
        &mut self,
        b: &mut Board,
        n: &Node,
        k: usize,
        m: u16,
        order: i32,
        alpha: Score,
        beta: Score,
        stop: &AtomicBool,
    ) -> Score {
        let (ply, me) = (n.ply, n.me);
        // The threat class the move makes for us (kept for `cont_attack`).
        let made = b.info(m as usize, me).threat;
        // (No reduction at the root of a multi-line search: a later line is the best of
        // the moves left only if none of them was cut short.)
        let r = if k == 0 || (ply == 0 && self.exact_root) {
            0
        } else {
            self.reduction(b, n, k, m as usize, order, made)
        };
        let new_depth = n.depth - 1;
        if new_depth > 0 {
            // The move's long part is the board update: time for the fetch.
            self.tt
                .prefetch(b.hash_after(m as usize) ^ side_key(me.opp()));
        }
        self.made[ply] = made;
        self.make(b, m as usize);
        let score = if k == 0 {
            -self.pvs(b, new_depth, ply + 1, -beta, -alpha, n.pv_node, stop)
        } else {
            let mut sc = -self.pvs(b, new_depth - r, ply + 1, -alpha - 1, -alpha, false, stop);
            if sc > alpha && r > 0 {
                sc = -self.pvs(b, new_depth, ply + 1, -alpha - 1, -alpha, false, stop);
            }
            if sc > alpha && sc < beta && n.pv_node {
                sc = -self.pvs(b, new_depth, ply + 1, -beta, -alpha, true, stop);
            }
            sc
        };
        self.unmake(b);
        score
    }

    /// Step 12b's reduction of the `k`th move `m` (k > 0), which makes threat `made`
    /// for us (CITE: LMR, as in Stockfish). Quiet moves are reducible; so are plain
    /// fours (`lmr_fours`), plain blocks (`plain_blocks`) and threes and their stops
    /// as the profile says, but never forced replies, blocks of fours or fours that
    /// make more. A four that ignores the opponent's three gets more
    /// (`useless_fours`), a continuous attack one ply less (`cont_attack`).
    #[inline(always)]
    fn reduction(&self, b: &Board, n: &Node, k: usize, m: usize, order: i32, made: Threat) -> i32 {
        let (s, depth, ply) = (n.s, n.depth, n.ply);
        let reducible = order < TACTICAL
            || (self.prof.lmr_fours && s.opp_fives == 0 && made == Threat::Four)
            || (self.prof.plain_blocks && is_plain_block(b, s, m))
            || (order < FOUR_ORDER
                && (n.threes_reducible || n.stops_reducible)
                && if made >= Threat::Three {
                    n.threes_reducible
                } else {
                    n.stops_reducible
                });
        let useless = if self.prof.useless_fours && depth >= self.params.lmr_min_depth {
            useless_four_reduction(b, s, m)
        } else {
            0
        };
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
        let r = r + useless;
        if r > 0
            && ply >= 2
            && made >= Threat::Three
            && self.made[ply - 2] >= Threat::Three
            && self.prof.cont_attack
        {
            r - 1
        } else {
            r
        }
    }

    /// Step 12c: move `m` with `score` raised alpha at `ply`: the principal
    /// variation is `m` and the child's, and at the root the best fully searched move.
    #[inline(always)]
    fn update_pv(&mut self, ply: usize, m: u16, score: Score) {
        if ply == 0 {
            self.root_best = Some((m, score));
        }
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for j in ply + 1..child_len {
            self.pv[ply][j] = self.pv[ply + 1][j];
        }
        self.pv_len[ply] = child_len;
    }

    /// Step 12c: move `m` cut off. A quiet move (with `history_threes`, also one
    /// below a four) gains history (depth squared, at most 2^20), the first killer
    /// slot and, with `countermove`, the reply slot of the opponent's last move.
    #[inline(always)]
    fn reward_cutoff(&mut self, b: &Board, n: &Node, m: u16, tactical: bool) {
        let me = n.me;
        let learns = !tactical
            || (self.prof.history_threes && self.move_class(b, n.s, m as usize) < FOUR_ORDER);
        if !learns {
            return;
        }
        let h = &mut self.history[m as usize][me.index()];
        *h = (*h + n.depth * n.depth).min(1 << 20);
        let kl = &mut self.killers[n.ply];
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
}
