//! Iterative deepening and the root: forced and immediate moves, the root threat
//! solvers within their share of the time, aspiration windows, and when to stop.

use super::prune::mcp_table;
use super::threats::{board_pos, fallback_move, playable, scan};
use super::{Limits, Line, SearchResult, Searcher, MAX_PLY, NO_MOVE};
use crate::board::Board;
use crate::eval::Evaluator;
use crate::types::{is_mate, loss_in, win_in, Pos, Score, INFINITY, WIN, WIN_MIN};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

impl Searcher {
    /// Searches `board` for the side to move. `None` if there is no empty point.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        if self.analysis.active() {
            return self.search_analysis(board, limits, stop);
        }
        let mut b = board.clone();
        self.prepare(board, limits);
        let done = |s: &Self, best: usize, score: Score, depth: i32, pv: Vec<Pos>| SearchResult {
            best: board_pos(board, best),
            score,
            depth,
            nodes: s.nodes,
            elapsed: limits.start.elapsed(),
            pv,
            lines: Vec::new(),
        };

        // Step 1. Root moves; no candidates at all means an empty board or a board whose
        // stones leave no legal neighbour: fall back to any legal point.
        let scan = scan(&b);
        if let Some(i) = scan.my_five {
            return Some(done(self, i, win_in(1), 0, vec![board_pos(board, i)]));
        }
        self.gen_moves(&mut b, &scan, 0, NO_MOVE);
        if self.moves[0].is_empty() {
            let (i, score) = no_root_move(&b, scan.opp_fives)?;
            return Some(done(self, i, score, 0, vec![board_pos(board, i)]));
        }
        if self.moves[0].len() == 1 {
            // Step 2. A forced move (the only block, or the only legal point) is played at
            // once, with no score: under caro one stone may stop two fives.
            let i = self.moves[0][0].0 as usize;
            return Some(done(self, i, 0, 0, vec![board_pos(board, i)]));
        }

        // The best-ordered root move: the answer if even depth 1 is stopped.
        let (first_choice, _) = self.pick(&b, 0, 0)?;

        // Step 3. A win by continuous fours is played at once.
        if self.params.root_vcf_fours > 0 && scan.opp_fives == 0 {
            let fours = self.params.root_vcf_fours;
            let found = self.with_share(self.params.root_vcf_percent, None, |s| {
                s.vcf(&mut b, 0, fours)
            });
            if let Some(five) = found {
                let m = self.pv[0][0] as usize;
                if playable(&b, m) {
                    return Some(done(self, m, win_in(five), 0, vec![board_pos(board, m)]));
                }
            }
        }

        // Step 3a. So is a win by continuous threes and fours, searched with growing
        // budgets within a share of the nodes and the time.
        if self.params.root_vct_threats > 0 && scan.opp_fives == 0 {
            if let Some((m, five)) = self.root_vct(&mut b) {
                return Some(done(self, m, win_in(five), 0, vec![board_pos(board, m)]));
            }
        }

        // Step 4. Iterative deepening.
        let (mut m, score, depth, mut pv) = self.with_helpers(board, limits, |s| {
            s.deepen(&mut b, board, limits, stop, first_choice)
        });
        if !playable(&b, m) {
            // Never happens by design; a wrong answer would lose the game, so check.
            debug_assert!(false, "search chose an unplayable point {}", b.pos(m));
            m = first_choice as usize;
            pv = vec![board_pos(board, m)];
        }
        Some(done(self, m, score, depth, pv))
    }

    /// Step 4: iterative deepening from depth 1 until a limit, a proven result or the
    /// time another iteration would need (step 5). Returns the move, score, depth and
    /// principal variation of the last finished iteration (or of the best fully
    /// searched move of an unfinished one; `first_choice` if depth 1 is cut short).
    pub(super) fn deepen(
        &mut self,
        b: &mut Board,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        first_choice: u16,
    ) -> (usize, Score, i32, Vec<Pos>) {
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        let mut best: Option<(usize, Score, i32, Vec<Pos>)> = None;
        let mut stability = Stability::default();
        for depth in self.first_depth()..=max_depth.max(self.first_depth()) {
            let iter_start = limits.start.elapsed();
            self.iteration = depth;
            self.root_best = None;
            let score = self.root_search(b, depth, best.as_ref().map(|x| x.1), stop);
            if self.aborted {
                // Keep a move of the unfinished iteration only if it was fully searched.
                match (self.root_best, best.as_mut()) {
                    (Some((m, s)), Some(prev)) if m as usize != prev.0 => {
                        *prev = (m as usize, s, prev.2, vec![board_pos(board, m as usize)]);
                    }
                    (root_best, None) => {
                        // Stopped during depth 1 (a tiny budget, or costly leaf VCFs).
                        let (m, s) = root_best.unwrap_or((first_choice, 0));
                        best = Some((m as usize, s, 0, vec![board_pos(board, m as usize)]));
                    }
                    _ => {}
                }
                break;
            }
            let pv: Vec<Pos> = (0..self.pv_len[0])
                .map(|k| board_pos(board, self.pv[0][k] as usize))
                .collect();
            let m = self.pv[0][0] as usize;
            stability.update(best.as_ref().map(|x| (x.0, x.1)), m, score, depth);
            if self.observer.is_some() {
                let line = Line {
                    best: board_pos(board, m),
                    score,
                    depth,
                    pv: pv.clone(),
                };
                self.report_iteration(depth, vec![line]);
            }
            best = Some((m, score, depth, pv));
            // Step 5. Stop when the result is proven or another iteration would not fit.
            if is_mate(score) && WIN - score.abs() <= depth {
                break;
            }
            if self.iteration_ends(limits, &stability, iter_start, stop) {
                break;
            }
        }
        best.expect("a move is kept even when depth 1 is stopped")
    }

    /// Step 5 after a finished iteration that began at `iter_start`: true when the
    /// caller asked to stop, the soft limit (scaled by `stability`) is reached, another
    /// iteration would overrun the hard limit, or the node limit is reached.
    pub(super) fn iteration_ends(
        &self,
        limits: &Limits,
        stability: &Stability,
        iter_start: Duration,
        stop: &AtomicBool,
    ) -> bool {
        let elapsed = limits.start.elapsed();
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        let banked = limits.banked();
        let soft = limits.soft.map(|s| {
            let scaled = stability.scale(s, self.params.time_stability, banked);
            limits.hard.map_or(scaled, |h| scaled.min(h))
        });
        if soft.is_some_and(|s| elapsed >= s) {
            return true;
        }
        let this_iter = elapsed.saturating_sub(iter_start);
        let growth = if banked {
            self.params.iteration_growth
        } else {
            self.params.iteration_growth_turn
        };
        if limits
            .hard
            .is_some_and(|h| elapsed + this_iter * growth > h)
        {
            return true;
        }
        limits.nodes.is_some_and(|n| self.nodes >= n)
    }

    /// Sets up a search of `board` under `limits`: the tables (afresh under a new rule
    /// or size), the counters and clocks, and the profile in force with its tables.
    pub(super) fn prepare(&mut self, board: &Board, limits: &Limits) {
        // A position's key holds its stones only: what is stored under one rule (a win
        // by an overline, a foul) is wrong under another, and a manager may change the
        // rule between moves (INFO rule) without a new game.
        let tables_for = Some((board.rule(), board.width(), board.height()));
        if self.tables_for != tables_for {
            if self.tables_for.is_some() {
                self.new_game();
            }
            self.tables_for = tables_for;
        }
        if self.thread == 0 {
            self.table_mut().new_search();
        }
        if self.params.history_age > 0 {
            let shift = self.params.history_age.min(31);
            self.history
                .iter_mut()
                .for_each(|h| *h = [h[0] >> shift, h[1] >> shift]);
        }
        self.nodes = 0;
        self.aborted = false;
        self.stop_requested = false;
        self.start = limits.start;
        self.hard = limits.hard;
        self.soft = limits.soft;
        self.node_limit = limits.nodes;
        self.prof = self.params.profile(board);
        self.use_lmr_div(self.prof.lmr_log_div);
        if self.mcp_percent != self.params.mcp_percent {
            self.mcp_percent = self.params.mcp_percent;
            self.mcp = mcp_table(self.mcp_percent);
        }
        let cfg = self.eval_config(&self.prof);
        self.eval.prepare(board, &cfg);
        self.lmp_depth = match self.params.lmp_max_depth {
            0 => 0,
            d => d + i32::from(self.prof.lmp_deeper),
        };
        self.root_blocked.clear();
        for &p in &self.analysis.blocked {
            if board.contains(p.x as i64, p.y as i64) {
                self.root_blocked.push(board.index(p) as u16);
            }
        }
        self.root_skip.clear();
        self.root_filter = !self.root_blocked.is_empty();
        self.root_first = NO_MOVE;
        self.exact_root = false;
        self.report_root = self.observer.is_some();
    }

    /// Runs `solve` (a threat solver before the main search) with at most `percent`
    /// percent of the time the move is expected to take (the soft limit, else the
    /// hard one) and of the nodes left, and at most `cap` nodes; then restores the
    /// limits and clears `aborted`, so that the main search still runs.
    pub(super) fn with_share<T>(
        &mut self,
        percent: i32,
        cap: Option<u64>,
        solve: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let (node_limit, hard) = (self.node_limit, self.hard);
        let percent = percent.clamp(0, 100) as u32;
        let mut limit = cap.map(|c| self.nodes + c);
        if let Some(n) = node_limit {
            let share = self.nodes + n.saturating_sub(self.nodes) * percent as u64 / 100;
            limit = Some(limit.map_or(share, |l| l.min(share)));
        }
        self.node_limit = limit;
        if let Some(t) = self.soft.or(hard) {
            let now = self.start.elapsed();
            let end = now + t.saturating_sub(now) * percent / 100;
            self.hard = Some(hard.map_or(end, |h| h.min(end)));
        }
        let r = solve(self);
        self.node_limit = node_limit;
        self.hard = hard;
        self.aborted = false;
        r
    }

    /// The VCT solver at the root: budgets of 1, 2, ... `root_vct_threats` threats
    /// until a win is found or its share of nodes or time is spent. Returns a legal
    /// winning move and the ply of the five.
    pub(super) fn root_vct(&mut self, b: &mut Board) -> Option<(usize, usize)> {
        let cap = self.params.root_vct_nodes.max(0) as u64;
        self.with_share(self.params.root_vct_percent, Some(cap), |s| {
            for threats in 1..=s.params.root_vct_threats {
                if let Some(five) = s.vct(b, 0, threats) {
                    let m = s.pv[0][0] as usize;
                    return playable(b, m).then_some((m, five));
                }
                if s.aborted {
                    break;
                }
            }
            None
        })
    }

    /// One iteration at the root: a window of `aspiration` around the last score,
    /// widened on the side that fails until the score falls inside (CITE: aspiration
    /// windows, as in Stockfish); a full window without a usable last score. (Not
    /// kept: `root_search: fail-high reduction` in docs/experiments.md.)
    pub(super) fn root_search(
        &mut self,
        b: &mut Board,
        depth: i32,
        last: Option<Score>,
        stop: &AtomicBool,
    ) -> Score {
        let delta0 = self.prof.aspiration;
        let Some(last) = last.filter(|&l| delta0 > 0 && depth >= 4 && !is_mate(l)) else {
            return self.pvs(b, depth, 0, -INFINITY, INFINITY, true, stop);
        };
        let mut delta = delta0;
        let (mut lo, mut hi) = (last - delta, last + delta);
        loop {
            let score = self.pvs(b, depth, 0, lo, hi, true, stop);
            if self.aborted {
                return score;
            }
            if score <= lo && lo > -INFINITY {
                lo -= delta;
                if lo < -WIN_MIN {
                    lo = -INFINITY;
                }
            } else if score >= hi && hi < INFINITY {
                hi += delta;
                if hi > WIN_MIN {
                    hi = INFINITY;
                }
            } else {
                return score;
            }
            delta *= 2;
        }
    }
}

/// How settled the iterations' answer is, for the time manager (CITE: best-move
/// instability and falling-evaluation time scaling, as in Stockfish).
#[derive(Default)]
pub(super) struct Stability {
    /// Best-move changes, halved every iteration.
    changes: f64,
    /// The iteration that last changed the best move.
    changed_at: i32,
    /// How far the score fell in the last iteration (0 when it rose).
    fall: Score,
    /// The last finished iteration.
    depth: i32,
}

/// The answer when the root has no move to search: fives that no stone of ours stops
/// (`opp_fives` > 0) lose, but a five point we may play still makes the opponent find
/// the other one; else any legal point. `None`: no legal point at all.
pub(super) fn no_root_move(b: &Board, opp_fives: usize) -> Option<(usize, Score)> {
    let lost = opp_fives > 0;
    let opp = b.side_to_move().opp();
    let block = lost
        .then(|| b.five_cells(opp).find(|&i| playable(b, i)))
        .flatten();
    let i = block.or_else(|| fallback_move(b))?;
    Some((i, if lost { loss_in(2) } else { 0 }))
}

impl Stability {
    /// Records a finished iteration: its best move `m` and `score` at `depth`, after
    /// the previous iteration's `prev` (move, score).
    pub(super) fn update(
        &mut self,
        prev: Option<(usize, Score)>,
        m: usize,
        score: Score,
        depth: i32,
    ) {
        self.changes /= 2.0;
        self.fall = 0;
        self.depth = depth;
        if let Some((pm, ps)) = prev {
            if pm != m {
                self.changes += 1.0;
                self.changed_at = depth;
            }
            if !is_mate(ps) && !is_mate(score) {
                self.fall = (ps - score).max(0);
            }
        }
    }

    /// The soft limit `soft` scaled by `percent` percent of the full adjustment: up to
    /// twice as long while the best move changes, up to 1.5 times when the score falls
    /// by 300 or more, and 0.6 times once the best move has held for 5 iterations (only
    /// if `may_shrink`: time saved is `banked` for later moves).
    pub(super) fn scale(&self, soft: Duration, percent: i32, may_shrink: bool) -> Duration {
        if percent <= 0 {
            return soft;
        }
        let instability = 1.0 + self.changes.min(1.0);
        let falling = 1.0 + (self.fall as f64 / 600.0).min(0.5);
        let settled = if self.changes < 0.1 && self.changed_at + 5 <= self.depth {
            0.6
        } else {
            1.0
        };
        let full = (instability * falling * settled).clamp(if may_shrink { 0.5 } else { 1.0 }, 2.5);
        let f = 1.0 + (full - 1.0) * f64::from(percent.min(100)) / 100.0;
        soft.mul_f64(f)
    }
}
