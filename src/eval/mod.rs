//! Static evaluation, behind one small interface ([`Evaluator`]) that the search
//! calls: set up for a search, keep incremental state in step with make and undo, and
//! score a position for the side to move.
//!
//! [`Evaluation`] is the evaluator a search holds, one of the kinds chosen at run time;
//! a new kind is a new variant here and needs no change in the search. The classical
//! evaluator ([`classical`]) keeps its incremental state in the board itself: every
//! empty cell's value, updated by the board's make and undo with the cell's threat
//! class from one table look-up, so its make and undo hooks are empty.

pub mod classical;
mod codes;
mod masks;
pub mod net;
#[cfg(test)]
mod tests;

use crate::board::Board;
use crate::types::Score;
pub use classical::Classical;
pub use net::Net;

/// What an evaluator takes from the search's settings for one search.
#[derive(Clone, Copy, Debug)]
pub struct EvalConfig {
    /// Weight of the side to move's share, in percent of the opponent's.
    pub tempo_percent: i32,
    /// Whether the threat mask's fitted value is added (the profile's `threat_mask`).
    pub threat_mask: bool,
    /// The network's share in percent of a blend with the classical score.
    pub net_percent: i32,
}

/// The interface between the search and an evaluation.
pub trait Evaluator {
    /// Sets up for searching positions of `board`'s rule and size under `cfg`.
    fn prepare(&mut self, board: &Board, cfg: &EvalConfig);

    /// Called after the search plays cell `i` on `board` (the stone is on the board).
    #[inline(always)]
    fn after_make(&mut self, _board: &Board, _i: usize) {}

    /// Called before the search takes back the last stone of `board`.
    #[inline(always)]
    fn before_unmake(&mut self, _board: &Board) {}

    /// The static score of `board` for the side to move (within +-20000). Mutable: an
    /// evaluator may bring its state up to date only when a score is asked for.
    fn score(&mut self, board: &Board) -> Score;
}

/// The evaluator a search uses.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// Fitted pattern, combination and threat-mask values ([`classical`]).
    Classical(Classical),
    /// The codebook network ([`net`]).
    Net(Box<Net>),
}

impl Evaluation {
    /// The evaluation named by `INFO evaluator` or `bench evaluator=`: `classical`,
    /// `net` (the weights built in, if any), or the path of a weight file.
    pub fn named(value: &str) -> anyhow::Result<Evaluation> {
        let weights = match value.trim() {
            v if v.eq_ignore_ascii_case("classical") => return Ok(Evaluation::default()),
            v if v.eq_ignore_ascii_case("net") => {
                net::built_in().ok_or_else(|| anyhow::anyhow!("no net is built in"))?
            }
            path => std::sync::Arc::new(net::Weights::load(std::path::Path::new(path))?),
        };
        Ok(Evaluation::Net(Box::new(Net::new(weights))))
    }
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        Evaluation::Classical(Classical::default())
    }
}

impl Evaluator for Evaluation {
    #[inline]
    fn prepare(&mut self, board: &Board, cfg: &EvalConfig) {
        match self {
            Evaluation::Classical(e) => e.prepare(board, cfg),
            Evaluation::Net(e) => e.prepare(board, cfg),
        }
    }

    #[inline(always)]
    fn after_make(&mut self, board: &Board, i: usize) {
        match self {
            Evaluation::Classical(e) => e.after_make(board, i),
            Evaluation::Net(e) => e.after_make(board, i),
        }
    }

    #[inline(always)]
    fn before_unmake(&mut self, board: &Board) {
        match self {
            Evaluation::Classical(e) => e.before_unmake(board),
            Evaluation::Net(e) => e.before_unmake(board),
        }
    }

    #[inline(always)]
    fn score(&mut self, board: &Board) -> Score {
        match self {
            Evaluation::Classical(e) => e.score(board),
            Evaluation::Net(e) => e.score(board),
        }
    }
}
