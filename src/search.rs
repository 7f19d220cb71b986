//! Iterative-deepening search. PLACEHOLDER body with the final public API.

use crate::board::{Board, Cell};
use crate::types::{Pos, Score};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

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
    /// Deepest completed iteration.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Pos>,
}

/// The searcher: owns the transposition table and the per-game search state.
pub struct Searcher {
    _tt_bytes: usize,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_bytes` bytes.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            _tt_bytes: tt_bytes,
        }
    }

    /// Resizes the transposition table (clears it).
    pub fn set_tt_bytes(&mut self, tt_bytes: usize) {
        self._tt_bytes = tt_bytes;
    }

    /// Forgets everything learnt in the previous game.
    pub fn new_game(&mut self) {}

    /// Searches `board` for the side to move. `None` if there is no legal move.
    pub fn search(&mut self, board: &Board, limits: &Limits, _stop: &AtomicBool) -> Option<SearchResult> {
        let (w, h) = (board.width(), board.height());
        let c = Pos::new((w / 2) as u8, (h / 2) as u8);
        let mut best = None;
        let mut bestd = i64::MAX;
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x as u8, y as u8);
                if board.cell(p) == Some(Cell::Empty) && board.is_legal(p) {
                    let d = (x as i64 - c.x as i64).pow(2) + (y as i64 - c.y as i64).pow(2);
                    if d < bestd {
                        bestd = d;
                        best = Some(p);
                    }
                }
            }
        }
        best.map(|best| SearchResult {
            best,
            score: 0,
            depth: 1,
            nodes: 1,
            elapsed: limits.start.elapsed(),
            pv: vec![best],
        })
    }
}

/// Bytes of transposition table to use under a process memory limit of `max_memory`
/// bytes (`INFO max_memory`; 0 means no limit).
pub fn tt_bytes_for_memory(max_memory: u64) -> usize {
    const DEFAULT: u64 = 128 << 20;
    const RESERVE: u64 = 12 << 20;
    let budget = if max_memory == 0 {
        DEFAULT
    } else {
        (max_memory.saturating_sub(RESERVE) / 10 * 8).min(1 << 40)
    };
    budget.max(1 << 16) as usize
}
