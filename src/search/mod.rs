//! Iterative-deepening principal variation search with a transposition table.
//!
//! The search core does no I/O: it reads the board, the limits and a stop flag, and
//! returns a [`SearchResult`]. Steps are numbered as in the code.

mod analysis;
mod balance;
mod movegen;
mod params;
mod profile;
mod prune;
mod pvs;
mod root;
mod smp;
mod threats;
mod vcf;
mod vct;

pub use analysis::{Analysis, Line, Lines, Observer, Progress};
pub use balance::SWAP2_EVEN;
pub use params::Params;
pub use profile::{Profile, PROFILES};
pub use smp::{HELPER_BYTES, MAX_THREADS, SEARCH_STACK};

use prune::{lmr_table, mcp_table};

use crate::board::{Board, Threat};
use crate::eval::{EvalConfig, Evaluation, Evaluator};
use crate::tt::TransTable;
use crate::types::{Color, Pos, Rule, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Deepest ply the search ever reaches.
pub const MAX_PLY: usize = 128;

/// What bounds one search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// When the move command arrived (the clock's zero).
    pub start: Instant,
    /// Stop starting new iterations after this long.
    pub soft: Option<Duration>,
    /// Never search longer than this.
    pub hard: Option<Duration>,
    /// Search at most to this depth.
    pub depth: Option<i32>,
    /// Search at most this many nodes (checked coarsely).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Limits with only a depth bound (bench, tests).
    pub fn depth(depth: i32) -> Limits {
        Limits {
            start: Instant::now(),
            soft: None,
            hard: None,
            depth: Some(depth),
            nodes: None,
        }
    }

    /// Whether time saved now is kept for later moves. Only a match clock does that,
    /// and its budgets leave the hard limit well above the soft one; a turn limit
    /// alone puts the soft limit at 4/5 of the hard one.
    pub fn banked(&self) -> bool {
        matches!((self.soft, self.hard), (Some(s), Some(h)) if s * 2 <= h)
    }

    /// Limits from a time budget, with the clock started at `start`.
    pub fn timed(start: Instant, budget: crate::time::Budget) -> Limits {
        Limits {
            start,
            soft: Some(budget.soft),
            hard: Some(budget.hard),
            depth: None,
            nodes: None,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play.
    pub best: Pos,
    /// Its score from the mover's point of view.
    pub score: Score,
    /// Deepest completed iteration (0 when the move was forced or an immediate win).
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Pos>,
    /// Every line of a multi-line search ([`Lines::Best`], [`Lines::Defend`]), best
    /// first; empty otherwise.
    pub lines: Vec<Line>,
}

const NO_MOVE: u16 = u16::MAX;

/// Nodes between clock checks: about a millisecond in release builds (nodes with renju
/// foul checks run at about 170k a second, and 1024 of them overran a 17 ms limit by
/// 7 ms). A clock read costs about 25 ns, so checking often is free. Debug builds
/// re-verify the whole board after every move, so they check far more often.
const CHECK_EVERY: u64 = if cfg!(debug_assertions) { 8 } else { 256 };

/// The searcher: owns the transposition table and the per-game search state, and the
/// helper searchers of a multi-threaded search (see `smp`).
pub struct Searcher {
    /// The table; shared with the helpers only while they search.
    tt: Arc<TransTable>,
    /// The helpers searching beside this one ([`Searcher::set_threads`]); empty in a
    /// helper.
    helpers: Vec<Searcher>,
    /// 0 for the searcher that answers, 1.. for its helpers.
    thread: usize,
    params: Params,
    /// Per cell and colour to move: the sum of depth squared over the cut-offs there
    /// (at most 2^20), kept for the whole game (see `history_age`; not kept:
    /// `Searcher.history` in docs/experiments.md).
    history: Vec<[i32; 2]>,
    killers: [[u16; 2]; MAX_PLY + 1],
    /// Per cell and colour to move: the reply that last cut off after the
    /// opponent's move there ([`Params::countermove`]).
    counter: Vec<[u16; 2]>,
    /// The threat class each ply's move made for its mover, on the current path.
    made: [Threat; MAX_PLY + 1],
    moves: Vec<Vec<(u16, i32)>>,
    pv: Vec<[u16; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    start: Instant,
    hard: Option<Duration>,
    soft: Option<Duration>,
    node_limit: Option<u64>,
    iteration: i32,
    aborted: bool,
    /// The caller's stop flag was seen set.
    stop_requested: bool,
    root_best: Option<(u16, Score)>,
    /// Results of earlier VCF searches (cleared for every new game).
    vcf_cache: Vec<vcf::VcfEntry>,
    /// Results of earlier VCT searches (cleared for every new game).
    vct_cache: Vec<vcf::VcfEntry>,
    /// Late move reduction by depth and move number, for the divisor `lmr_div` (the
    /// profile's `lmr_log_div` when last searched).
    lmr: Box<[[u8; 64]; 64]>,
    lmr_div: i32,
    /// Move count pruning's move counts by depth, for `mcp_percent` (see
    /// [`mcp_table`]).
    mcp: [usize; 64],
    mcp_percent: i32,
    /// The switches and margins in force for the board searched ([`Params::profile`]).
    prof: Profile,
    /// The static evaluation, set up for the board searched.
    eval: Evaluation,
    /// The depth late move pruning reaches in the current search (`lmp_max_depth`,
    /// one more with `lmp_deeper`; 0 when off).
    lmp_depth: i32,
    /// The rule and board size the tables (transposition table, VCF and VCT caches,
    /// history) were filled under: a search under another one starts them afresh.
    tables_for: Option<(Rule, usize, usize)>,
    /// What the analysis commands ask of the next searches (nothing by default).
    analysis: Analysis,
    /// The blocked root cells of the current search, from `analysis.blocked`.
    root_blocked: Vec<u16>,
    /// Root cells whose lines a multi-line search has already found at this depth.
    root_skip: Vec<u16>,
    /// `root_blocked` or `root_skip` is not empty: the root's moves are filtered.
    root_filter: bool,
    /// In a multi-line search, the move the line being searched had at the last depth:
    /// searched first ([`NO_MOVE`] for none).
    root_first: u16,
    /// A multi-line search: the root's moves are searched without reductions.
    exact_root: bool,
    /// Told of the search's progress (`INFO show_detail`); `None` by default.
    observer: Option<Observer>,
    /// The observer wants the root moves of the current root search.
    report_root: bool,
}

/// Hash key of the side to move.
const WHITE_TO_MOVE: u64 = 0x5DEE_CE66_D1CE_4E5B;

/// What a position's table and cache keys add to the board hash when colour `c` is
/// to move.
pub(super) fn side_key(c: Color) -> u64 {
    if c == Color::White {
        WHITE_TO_MOVE
    } else {
        0
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_bytes` bytes.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: Arc::new(TransTable::new(tt_bytes)),
            helpers: Vec::new(),
            thread: 0,
            params: Params::DEFAULT,
            history: vec![[0; 2]; 64 * 64],
            killers: [[NO_MOVE; 2]; MAX_PLY + 1],
            counter: vec![[NO_MOVE; 2]; 64 * 64],
            made: [Threat::None; MAX_PLY + 1],
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            pv: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            hard: None,
            soft: None,
            node_limit: None,
            iteration: 0,
            aborted: false,
            stop_requested: false,
            root_best: None,
            vcf_cache: vec![vcf::VcfEntry::default(); vcf::VCF_CACHE],
            vct_cache: vec![vcf::VcfEntry::default(); vcf::VCF_CACHE],
            lmr: lmr_table(PROFILES[0].lmr_log_div),
            lmr_div: PROFILES[0].lmr_log_div,
            mcp: mcp_table(Params::DEFAULT.mcp_percent),
            mcp_percent: Params::DEFAULT.mcp_percent,
            prof: PROFILES[0],
            eval: Evaluation::default(),
            lmp_depth: 0,
            tables_for: None,
            analysis: Analysis::default(),
            root_blocked: Vec::new(),
            root_skip: Vec::new(),
            root_filter: false,
            root_first: NO_MOVE,
            exact_root: false,
            observer: None,
            report_root: false,
        }
    }

    /// What the next searches leave out at the root and how many lines they find
    /// (the analysis commands); [`Analysis::default`] is the normal search.
    pub fn set_analysis(&mut self, analysis: Analysis) {
        self.analysis = analysis;
    }

    /// Tells `observer` of the progress of the next searches (`None`: nobody, the
    /// default). The search does no I/O; the observer decides what to show.
    pub fn set_observer(&mut self, observer: Option<Observer>) {
        self.observer = observer;
    }

    /// Resizes the transposition table (clears it) unless `tt_bytes` is the size it was
    /// last asked for. The old table is freed before the new one is allocated.
    pub fn set_tt_bytes(&mut self, tt_bytes: usize) {
        self.table_mut().resize(tt_bytes);
    }

    /// The table, to change it: only the searcher that answers does, and only while no
    /// helper holds it.
    fn table_mut(&mut self) -> &mut TransTable {
        debug_assert_eq!(self.thread, 0, "a helper changed the shared table");
        Arc::get_mut(&mut self.tt).expect("the table is lent only while helpers search")
    }

    /// Bytes used by the transposition table.
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// How full the transposition table is, in permille (sampled).
    pub fn tt_hashfull(&self) -> usize {
        self.tt.hashfull()
    }

    /// Evaluates with `eval` from the next search on.
    pub fn set_evaluation(&mut self, eval: Evaluation) {
        for h in &mut self.helpers {
            h.eval = eval.clone();
        }
        self.eval = eval;
    }

    /// Uses these tunables from now on.
    pub fn set_params(&mut self, params: Params) {
        for h in &mut self.helpers {
            h.params = params;
        }
        self.params = params;
    }

    /// Uses the reduction table of divisor `div`, rebuilding it (4096 logarithms) only
    /// when the divisor differs from the last search's.
    fn use_lmr_div(&mut self, div: i32) {
        if div != self.lmr_div {
            self.lmr = lmr_table(div);
            self.lmr_div = div;
        }
    }

    /// The tunables in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Forgets everything learnt in the previous game.
    pub fn new_game(&mut self) {
        if self.thread == 0 {
            self.table_mut().clear();
        }
        for h in &mut self.helpers {
            h.new_game();
        }
        self.history.iter_mut().for_each(|h| *h = [0; 2]);
        self.killers = [[NO_MOVE; 2]; MAX_PLY + 1];
        self.counter.iter_mut().for_each(|c| *c = [NO_MOVE; 2]);
        self.vcf_cache
            .iter_mut()
            .chain(self.vct_cache.iter_mut())
            .for_each(|e| *e = vcf::VcfEntry::default());
    }

    /// What the evaluator takes from the tunables and a profile in force.
    fn eval_config(&self, profile: &Profile) -> EvalConfig {
        EvalConfig {
            tempo_percent: self.params.tempo_percent,
            net_percent: self.params.net_percent,
            threat_mask: profile.threat_mask,
        }
    }

    /// What the evaluator is set up with for a search of `board` (for tools).
    pub fn eval_config_for(&self, board: &Board) -> EvalConfig {
        self.eval_config(&self.params.profile(board))
    }

    /// The static evaluation of `board` for the side to move, as the search's leaves
    /// judge it (for tools and tests).
    pub fn static_eval(&mut self, board: &Board) -> Score {
        let cfg = self.eval_config(&self.params.profile(board));
        self.eval.prepare(board, &cfg);
        self.eval.score(board)
    }

    fn check_limits(&mut self, stop: &AtomicBool) {
        if stop.load(Ordering::Relaxed) {
            self.stop_requested = true;
        }
        self.check_limits_now();
    }

    /// Counts one node (a position the search visits, as Rapfi and Stockfish count
    /// them: the main search's nodes and both sides' nodes of the threat searches).
    /// True every [`CHECK_EVERY`] nodes, when the caller should check the limits.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.nodes.is_multiple_of(CHECK_EVERY)
    }

    /// Sets `aborted` when a limit is reached. A search stopped during depth 1 still
    /// has a move: the best fully searched root move, or the first in move order.
    fn check_limits_now(&mut self) {
        if self.stop_requested
            || self.hard.is_some_and(|h| self.start.elapsed() >= h)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.aborted = true;
        }
    }

    /// The static evaluation of `b` for the side to move.
    #[inline(always)]
    fn evaluate(&mut self, b: &Board) -> Score {
        self.eval.score(b)
    }

    /// Plays cell `m` inside the tree, keeping the evaluator in step.
    #[inline(always)]
    fn make(&mut self, b: &mut Board, m: usize) {
        b.make(m);
        self.eval.after_make(b, m);
    }

    /// Takes back the last move inside the tree, keeping the evaluator in step.
    #[inline(always)]
    fn unmake(&mut self, b: &mut Board) {
        self.eval.before_unmake(b);
        b.unmake();
    }
}

/// Table bytes a move of `move_ms` milliseconds can use: room for about four moves
/// of a fast machine's search (2500 nodes a millisecond, an entry each), at least
/// [`TT_MIN_BYTES`]. A bigger table buys nothing there and costs its first touches:
/// every page of a fresh table is faulted in (zeroed, and in a virtual machine often
/// first mapped by the host) when the search first writes to it, which for a 270 MB
/// table in 2 MB pages took most of the first 15 moves of a 100 ms/move game (about
/// a thousand nodes a move instead of a hundred thousand).
pub fn tt_bytes_for_time(move_ms: u64) -> usize {
    const BYTES_PER_MS: u64 = 2500 * 4 * TransTable::ENTRY_BYTES as u64;
    move_ms
        .saturating_mul(BYTES_PER_MS)
        .clamp(TT_MIN_BYTES as u64, 1 << 40) as usize
}

/// The smallest table [`tt_bytes_for_time`] gives (the bench's table).
pub const TT_MIN_BYTES: usize = 16 << 20;

/// Bytes of transposition table to use under a process memory limit of `max_memory`
/// bytes (`INFO max_memory`; 0 means no limit) for a search on `threads` threads: each
/// helper's own memory ([`HELPER_BYTES`]) comes off the limit first.
pub fn tt_bytes_for_memory(max_memory: u64, threads: usize) -> usize {
    const DEFAULT: u64 = 128 << 20;
    const RESERVE: u64 = 12 << 20;
    let helpers = HELPER_BYTES.saturating_mul(threads.saturating_sub(1) as u64);
    let budget = if max_memory == 0 {
        DEFAULT
    } else {
        (max_memory.saturating_sub(RESERVE + helpers) / 10 * 8).min(1 << 40)
    };
    budget.max(1 << 16) as usize
}

#[cfg(test)]
mod tests;
