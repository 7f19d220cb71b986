//! Lazy SMP: helper threads search the same position at the same time and share only
//! the transposition table; each keeps its own histories, killers, caches and
//! evaluator. What they store steers the answering thread (cut-offs, move order, and
//! lines it has not reached yet), which alone chooses the move. Odd helpers search one
//! ply deeper, so the threads do not walk the same tree in step. With one thread no
//! helper exists and the search is exactly the single-threaded one.

use super::threats::scan;
use super::{Limits, Searcher, NO_MOVE};
use crate::board::Board;
use crate::tt::TransTable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Stack of every search thread. The recursion is bounded by `MAX_PLY` (128 plies of
/// `pvs` and `vcf` frames of about 300 bytes each, under 100 KB in all; 5 KB was the
/// most seen in real searches), so 4 MB leaves a wide margin. It must stay small: a
/// manager may cap the brain's data memory at `max_memory` (liskvork sets
/// `RLIMIT_DATA`), and a thread stack counts there in full, touched or not.
pub const SEARCH_STACK: usize = 4 << 20;

/// Most threads `INFO thread_num` may ask for.
pub const MAX_THREADS: usize = 128;

/// Memory one helper adds to the process, to be kept out of the table's share of
/// `INFO max_memory`: its stack ([`SEARCH_STACK`], counted in full under a data
/// limit), its threat-search caches (2 MB), and its move lists and histories (under
/// 0.5 MB).
pub const HELPER_BYTES: u64 = 7 << 20;

impl Searcher {
    /// Searches with `n` threads (this one and `n - 1` helpers) from the next search
    /// on; `n` is clamped to 1..=[`MAX_THREADS`]. A new helper starts with empty
    /// histories and this searcher's tunables and evaluator.
    pub fn set_threads(&mut self, n: usize) {
        let n = n.clamp(1, MAX_THREADS);
        self.helpers.truncate(n - 1);
        while self.helpers.len() < n - 1 {
            let mut h = Searcher::new(0);
            h.thread = self.helpers.len() + 1;
            h.params = self.params;
            h.eval = self.eval.clone();
            self.helpers.push(h);
        }
    }

    /// How many threads a search uses.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// The depth iterative deepening starts at: one deeper for odd helpers.
    pub(super) fn first_depth(&self) -> i32 {
        1 + (self.thread % 2) as i32
    }

    /// Runs `main` on this thread while the helpers search `board` under `limits`
    /// without its soft time and node limits; they stop as soon as `main` returns. Their
    /// nodes are added to this searcher's count. A helper that cannot be started, or
    /// that fails, is left out: the answer never waits for or depends on one.
    pub(super) fn with_helpers<T>(
        &mut self,
        board: &Board,
        limits: &Limits,
        main: impl FnOnce(&mut Self) -> T,
    ) -> T {
        if self.helpers.is_empty() {
            return main(self);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        let halt = AtomicBool::new(false);
        let their_limits = Limits {
            soft: None,
            nodes: None,
            ..limits.clone()
        };
        let out = std::thread::scope(|scope| {
            let mut running = Vec::with_capacity(helpers.len());
            for h in helpers.iter_mut() {
                h.tt = Arc::clone(&self.tt);
                let (halt, limits) = (&halt, &their_limits);
                let spawned = std::thread::Builder::new()
                    .name(format!("helper {}", h.thread))
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || h.help(board, limits, halt));
                match spawned {
                    Ok(handle) => running.push(handle),
                    Err(e) => log::warn!("a search helper did not start: {e}"),
                }
            }
            let out = main(self);
            halt.store(true, Ordering::Relaxed);
            for handle in running {
                if handle.join().is_err() {
                    log::error!("a search helper failed");
                }
            }
            out
        });
        for h in &mut helpers {
            self.nodes += h.nodes;
            h.nodes = 0;
            h.tt = Arc::new(TransTable::new(0));
        }
        self.helpers = helpers;
        out
    }

    /// A helper's search of `board`: the normal search's iterative deepening without
    /// its root shortcuts, until `halt` (or the hard time limit, or a proven result).
    fn help(&mut self, board: &Board, limits: &Limits, halt: &AtomicBool) {
        let mut b = board.clone();
        self.prepare(board, limits);
        let scan = scan(&b);
        if scan.my_five.is_some() {
            return;
        }
        self.gen_moves(&mut b, &scan, 0, NO_MOVE);
        if self.moves[0].len() < 2 {
            return;
        }
        if let Some((first_choice, _)) = self.pick(&b, 0, 0) {
            self.deepen(&mut b, board, limits, halt, first_choice);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{board_under, POSITIONS};
    use std::time::{Duration, Instant};

    /// After a search on two threads, going back to one gives exactly the
    /// single-threaded search again (same move, same node count, as a fresh searcher):
    /// the helpers are gone, the table came back whole and `new_game` empties it.
    #[test]
    fn one_thread_after_two_is_the_single_threaded_search() {
        let stop = AtomicBool::new(false);
        for p in POSITIONS {
            let board = board_under(p, p.rule);
            let single = |s: &mut Searcher| s.search(&board, &Limits::depth(6), &stop).unwrap();
            let want = single(&mut Searcher::new(1 << 20));
            let mut s = Searcher::new(1 << 20);
            s.set_threads(2);
            assert_eq!(s.threads(), 2);
            let two = s.search(&board, &Limits::depth(6), &stop).unwrap();
            assert!(board.is_legal(two.best), "{}: {}", p.name, two.best);
            s.set_threads(1);
            s.new_game();
            let again = single(&mut s);
            assert_eq!(
                (again.best, again.nodes, again.score),
                (want.best, want.nodes, want.score),
                "{}",
                p.name
            );
        }
    }

    /// The helpers search too (their nodes are counted), they stop with the answering
    /// thread when the caller's flag is set, and the table can be resized after.
    #[test]
    fn helpers_search_and_stop_with_the_main_thread() {
        let p = &POSITIONS[1];
        let board = board_under(p, p.rule);
        let mut s = Searcher::new(1 << 22);
        s.set_threads(3);
        let stop = AtomicBool::new(false);
        let t0 = Instant::now();
        let r = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(150));
                stop.store(true, Ordering::Relaxed);
            });
            s.search(&board, &Limits::depth(60), &stop).unwrap()
        });
        let took = t0.elapsed();
        assert!(board.is_legal(r.best));
        assert!(took < Duration::from_secs(5), "stopped after {took:?}");
        // Three threads for about 150 ms: far more nodes than the main thread's share
        // of a millisecond, and the helpers' counts came in.
        assert!(r.nodes > 1000, "{} nodes", r.nodes);
        assert!(s.helpers.iter().all(|h| h.nodes == 0 && h.tt.bytes() < 64));
        s.set_tt_bytes(1 << 20);
        assert_eq!(s.tt_bytes() / TransTable::ENTRY_BYTES, (1 << 20) / 12);
    }

    /// A win the single thread finds (a five, a four to block, a win by fours) is what
    /// the threads answer too, under every rule of the bench positions.
    #[test]
    fn threads_keep_the_forced_answers() {
        let stop = AtomicBool::new(false);
        // Black to move with an open three and a four threat of white's to answer:
        // the single-threaded answer at depth 5 is the reference.
        for p in POSITIONS {
            let board = board_under(p, p.rule);
            for depth in [3, 5] {
                let one = Searcher::new(1 << 20)
                    .search(&board, &Limits::depth(depth), &stop)
                    .unwrap();
                let mut s = Searcher::new(1 << 20);
                s.set_threads(2);
                let two = s.search(&board, &Limits::depth(depth), &stop).unwrap();
                assert!(board.is_legal(two.best));
                // A proven result is the same whoever proved it.
                if crate::types::is_mate(one.score) {
                    assert_eq!(two.score, one.score, "{} depth {depth}", p.name);
                }
            }
        }
    }

    /// Helpers take their memory off the table's share of `INFO max_memory`, and one
    /// thread's table is what it always was.
    #[test]
    fn helpers_take_their_memory_off_the_table() {
        use crate::search::tt_bytes_for_memory;
        let mb = 1u64 << 20;
        assert_eq!(
            tt_bytes_for_memory(64 * mb, 1) as u64,
            (64 - 12) * mb / 10 * 8
        );
        assert_eq!(
            tt_bytes_for_memory(64 * mb, 3) as u64,
            (64 * mb - 12 * mb - 2 * HELPER_BYTES) / 10 * 8
        );
        assert_eq!(
            tt_bytes_for_memory(0, 4),
            128 << 20,
            "no limit: the default"
        );
        assert_eq!(
            tt_bytes_for_memory(8 * mb, 128),
            1 << 16,
            "the smallest table"
        );
    }
}
