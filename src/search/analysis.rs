//! What the analysis commands ask of the search: root points it must not play
//! (YXBLOCK), several best lines (YXNBEST) or every move that does not lose
//! (YXSEARCHDEFEND), and progress reports for a GUI (INFO show_detail). None of it is
//! active by default, and the normal search then runs exactly as before.
//!
//! Several lines are found at each depth by searching the root again without the
//! moves of the lines already found, so each line's score is its own full search (the
//! root's moves unreduced there, the last depth's move of the line first).

use super::root::{no_root_move, Stability};
use super::threats::{board_pos, playable, scan};
use super::{Limits, SearchResult, Searcher, MAX_PLY, NO_MOVE};
use crate::board::Board;
use crate::types::{is_mate, win_in, Pos, Score, WIN, WIN_MIN};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What the analysis commands ask of the next searches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Points never played at the root. If they leave none of the usual candidates,
    /// every other legal point is searched instead.
    pub blocked: Vec<Pos>,
    /// How many lines to find.
    pub lines: Lines,
}

impl Analysis {
    /// True unless this is the normal search.
    pub fn active(&self) -> bool {
        !self.blocked.is_empty() || self.lines != Lines::One
    }
}

/// How many root moves a search reports with their own scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lines {
    /// The best move only (the normal search).
    #[default]
    One,
    /// The best `n` root moves, each with its line (fewer if the root has fewer).
    Best(usize),
    /// Every root move that does not lose, best first, and then the first that does
    /// (if any), so that the last line tells whether the others were all there is.
    Defend,
    /// Not the best move: the `stones` moves (1, or 2: a move and the opponent's
    /// reply) after which the side to move now scores closest to `bias`
    /// (YXBALANCEONE, YXBALANCETWO); the result's `pv` starts with them.
    Balance { stones: u8, bias: Score },
    /// Swap2 after three stones: the position's score, and two balancing stones if
    /// it is about even (see [`Searcher::search_swap2_three`]).
    Swap2Three,
}

/// One root move with its own search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub best: Pos,
    /// From the mover's point of view.
    pub score: Score,
    /// The depth of the iteration it comes from (0: not searched, e.g. forced).
    pub depth: i32,
    /// Its principal variation, starting with `best`.
    pub pv: Vec<Pos>,
}

/// What the search tells an observer while it runs. `elapsed` counts from the
/// limits' start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Root move `mv` is being searched in iteration `depth` (in a multi-line search,
    /// only the first line's moves are told).
    Searching {
        mv: Pos,
        depth: i32,
        elapsed: Duration,
    },
    /// Root move `mv` was searched: `score` (a bound when it failed low, so a loss
    /// score means the move loses) and whether it became the best so far.
    Searched {
        mv: Pos,
        depth: i32,
        score: Score,
        best: bool,
        elapsed: Duration,
    },
    /// Iteration `depth` finished with these lines, best first, after `nodes` nodes.
    Iteration {
        depth: i32,
        nodes: u64,
        elapsed: Duration,
        lines: Vec<Line>,
    },
}

/// Receives [`Progress`] (on the search's thread).
pub type Observer = Box<dyn FnMut(&Progress) + Send>;

impl Searcher {
    /// [`Searcher::search`] when [`Analysis::active`]: the root moves without the
    /// blocked points (and with the VCF and VCT shortcuts only for a single line), one
    /// line by `deepen`, several by `deepen_lines`.
    pub(super) fn search_analysis(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        let mut b = board.clone();
        self.prepare(board, limits);
        let lines = self.analysis.lines;
        match lines {
            Lines::Balance { stones, bias } => {
                return self.search_balance(board, limits, stop, stones, bias)
            }
            Lines::Swap2Three => return self.search_swap2_three(board, limits, stop),
            _ => {}
        }
        let line = |i: usize, score: Score| Line {
            best: board_pos(board, i),
            score,
            depth: 0,
            pv: vec![board_pos(board, i)],
        };
        let result = |s: &Self, found: Vec<Line>| {
            let first = found[0].clone();
            SearchResult {
                best: first.best,
                score: first.score,
                depth: first.depth,
                nodes: s.nodes,
                elapsed: limits.start.elapsed(),
                pv: first.pv,
                lines: if lines == Lines::One {
                    Vec::new()
                } else {
                    found
                },
            }
        };

        // A five we may play wins at once; with several lines it is the first line, and
        // `pvs` finds it there (`root_five`).
        let scan = scan(&b);
        let five = (scan.my_five.is_some() && self.root_five(&b)).then(|| self.pv[0][0]);
        if let (Some(i), Lines::One) = (five, lines) {
            return Some(result(self, vec![line(i as usize, win_in(1))]));
        }
        self.gen_moves(&mut b, &scan, 0, NO_MOVE);
        self.filter_root(&b);
        let mut count = self.moves[0].len();
        if let Some(i) = five {
            count += usize::from(!self.moves[0].iter().any(|&(m, _)| m == i));
        } else if count == 0 {
            // As in the normal search: fives nobody stops, or not a single legal point
            // left unblocked (the caller should not block them all).
            let (i, score) = no_root_move(&b, scan.opp_fives)?;
            return Some(result(self, vec![line(i, score)]));
        }
        if count == 1 && five.is_none() {
            let i = self.moves[0][0].0 as usize;
            return Some(result(self, vec![line(i, 0)]));
        }
        let first_choice = match five {
            Some(i) => i,
            None => self.pick(&b, 0, 0)?.0,
        };
        let found = match lines {
            Lines::One => {
                if let Some((m, five)) = self.root_wins(&mut b, scan.opp_fives) {
                    return Some(result(self, vec![line(m, win_in(five))]));
                }
                let (m, score, depth, pv) = self.with_helpers(board, limits, |s| {
                    s.deepen(&mut b, board, limits, stop, first_choice)
                });
                vec![Line {
                    best: board_pos(board, m),
                    score,
                    depth,
                    pv,
                }]
            }
            Lines::Best(n) => {
                let n = n.clamp(1, count);
                self.with_helpers(board, limits, |s| {
                    s.deepen_lines(&mut b, board, limits, stop, first_choice, n, false)
                })
            }
            Lines::Defend => self.with_helpers(board, limits, |s| {
                s.deepen_lines(&mut b, board, limits, stop, first_choice, count, true)
            }),
            // Answered above.
            Lines::Balance { .. } | Lines::Swap2Three => return None,
        };
        Some(result(self, found))
    }

    /// The root VCF and VCT of the normal search (steps 3 and 3a), for a win whose
    /// first move is not blocked: that move and the ply of the five.
    fn root_wins(&mut self, b: &mut Board, opp_fives: usize) -> Option<(usize, usize)> {
        if opp_fives > 0 {
            return None;
        }
        if self.params.root_vcf_fours > 0 {
            let fours = self.params.root_vcf_fours;
            let found = self.with_share(self.params.root_vcf_percent, None, |s| s.vcf(b, 0, fours));
            if let Some(five) = found {
                let m = self.pv[0][0] as usize;
                if playable(b, m) && !self.root_blocked.contains(&(m as u16)) {
                    return Some((m, five));
                }
            }
        }
        if self.params.root_vct_threats > 0 {
            if let Some((m, five)) = self.root_vct(b) {
                if !self.root_blocked.contains(&(m as u16)) {
                    return Some((m, five));
                }
            }
        }
        None
    }

    /// Iterative deepening that finds `count` lines at each depth: the root searched
    /// again and again, each time without the moves of the lines found at that depth;
    /// with `until_loss`, the lines stop after the first that loses. Each depth's lines
    /// are then sorted, best first. The time and stop rules are the normal search's,
    /// on the first line. A depth cut short keeps the lines it finished, then the last
    /// depth's lines for the other moves.
    #[allow(clippy::too_many_arguments)]
    fn deepen_lines(
        &mut self,
        b: &mut Board,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        first_choice: u16,
        count: usize,
        until_loss: bool,
    ) -> Vec<Line> {
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        let mut done: Vec<Line> = Vec::new();
        let mut stability = Stability::default();
        self.exact_root = true;
        for depth in 1..=max_depth {
            let iter_start = limits.start.elapsed();
            let mut this: Vec<Line> = Vec::new();
            for k in 0..count {
                self.iteration = depth;
                self.root_best = None;
                self.report_root = k == 0 && self.observer.is_some();
                // The line's move at the last depth leads (as the table's move does for
                // the first line: the root is stored only then).
                self.root_first = done
                    .get(k)
                    .filter(|_| k > 0)
                    .map_or(NO_MOVE, |l| board.index(l.best) as u16);
                let last = done.get(k).map(|l| l.score);
                let score = self.root_search(b, depth, last, stop);
                if self.aborted {
                    break;
                }
                let pv: Vec<Pos> = (0..self.pv_len[0])
                    .map(|j| board_pos(board, self.pv[0][j] as usize))
                    .collect();
                let m = self.pv[0][0];
                this.push(Line {
                    best: board_pos(board, m as usize),
                    score,
                    depth,
                    pv,
                });
                self.root_skip.push(m);
                self.root_filter = true;
                if until_loss && score <= -WIN_MIN {
                    break;
                }
            }
            self.root_skip.clear();
            self.root_filter = !self.root_blocked.is_empty();
            self.root_first = NO_MOVE;
            // Best first: a later line can beat an earlier one when a move's win was
            // proved only with what the earlier lines left in the table.
            this.sort_by_key(|l| std::cmp::Reverse(l.score));
            if self.aborted {
                if this.is_empty() && done.is_empty() {
                    // Stopped during the first line of depth 1.
                    let (m, s) = self.root_best.unwrap_or((first_choice, 0));
                    let p = board_pos(board, m as usize);
                    done = vec![Line {
                        best: p,
                        score: s,
                        depth: 0,
                        pv: vec![p],
                    }];
                } else {
                    for l in done {
                        if !this.iter().any(|t| t.best == l.best) {
                            this.push(l);
                        }
                    }
                    this.truncate(count);
                    done = this;
                }
                break;
            }
            let m = board.index(this[0].best);
            let prev = done.first().map(|l| (board.index(l.best), l.score));
            stability.update(prev, m, this[0].score, depth);
            done = this;
            if self.observer.is_some() {
                self.report_iteration(depth, done.clone());
            }
            let proven = |l: &Line| is_mate(l.score) && WIN - l.score.abs() <= depth;
            if done.iter().all(proven) || self.iteration_ends(limits, &stability, iter_start, stop)
            {
                break;
            }
        }
        done
    }

    /// Step 10 at the root when `root_filter` is set: the blocked points leave the
    /// root moves; if that leaves none, every other legal point (nearest the centre
    /// first) takes their place; then the moves of the lines already found leave, and
    /// `root_first` leads.
    pub(super) fn filter_root(&mut self, b: &Board) {
        let mut list = std::mem::take(&mut self.moves[0]);
        let before = list.len();
        list.retain(|&(m, _)| !self.root_blocked.contains(&m));
        if list.is_empty() && before > 0 {
            let (w, h) = (b.width() as i32, b.height() as i32);
            for i in b.cell_indices() {
                if playable(b, i) && !self.root_blocked.contains(&(i as u16)) {
                    let p = b.pos(i);
                    let d = (2 * p.x as i32 - (w - 1)).pow(2) + (2 * p.y as i32 - (h - 1)).pow(2);
                    list.push((i as u16, -d));
                }
            }
        }
        list.retain(|&(m, _)| !self.root_skip.contains(&m));
        if let Some(first) = list.iter_mut().find(|(m, _)| *m == self.root_first) {
            first.1 = i32::MAX;
        }
        self.moves[0] = list;
    }

    /// A five for the side to move at the root, on a point neither blocked nor taken
    /// by an earlier line: it becomes the principal variation (true), or there is
    /// none (false).
    pub(super) fn root_five(&mut self, b: &Board) -> bool {
        let me = b.side_to_move();
        let free = |i: &usize| {
            let c = *i as u16;
            !self.root_blocked.contains(&c) && !self.root_skip.contains(&c)
        };
        let Some(i) = b.five_cells(me).find(free) else {
            return false;
        };
        self.pv[0][0] = i as u16;
        self.pv_len[0] = 1;
        self.root_best = Some((i as u16, win_in(1)));
        true
    }

    /// Tells the observer that root move `m` is being searched (`None`) or was
    /// searched with a score and whether it is the new best.
    pub(super) fn report_root_move(&mut self, b: &Board, m: u16, searched: Option<(Score, bool)>) {
        let (mv, depth, elapsed) = (b.pos(m as usize), self.iteration, self.start.elapsed());
        let p = match searched {
            None => Progress::Searching { mv, depth, elapsed },
            Some((score, best)) => Progress::Searched {
                mv,
                depth,
                score,
                best,
                elapsed,
            },
        };
        if let Some(f) = self.observer.as_mut() {
            f(&p);
        }
    }

    /// Tells the observer that iteration `depth` finished with `lines`.
    pub(super) fn report_iteration(&mut self, depth: i32, lines: Vec<Line>) {
        let p = Progress::Iteration {
            depth,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            lines,
        };
        if let Some(f) = self.observer.as_mut() {
            f(&p);
        }
    }
}
