//! The Gomocup / Piskvork brain protocol: a thin adapter between manager text and the
//! engine.
//!
//! * [`parse`](mod@parse): one line to a [`Command`], a pure function;
//! * [`reply`]: every output line is formatted there;
//! * [`session`]: the state machine over `Board` and `Searcher` (no I/O, no threads);
//! * `io`: the input thread, the search thread and the event loop behind [`run`].
//!
//! The reference is `gomocup-protocol.md` (shared with the project); where a real manager
//! differs from the written spec, the manager's behaviour wins.

mod io;
pub mod parse;
pub mod reply;
pub mod session;

pub use io::{LineSplitter, MAX_LINE};
pub use parse::{
    block_open_after, parse, parse_board_line, parse_point_line, BoardLine, Command, Info,
    ParseError, PointLine,
};
pub use reply::{Reply, ABOUT};
pub use session::{Action, SearchJob, Session};

use crate::board::Board;
use crate::search::{Limits, SearchResult, Searcher};
use std::io::{Read, Write};
use std::sync::atomic::AtomicBool;

/// Speaks the protocol: commands from `input`, replies to `output`, until END, the end of
/// input or a failed write. Returns the exit code (0). Never writes anywhere else.
///
/// Input is read on a thread of its own, so `input` must be `Send + 'static`. After END
/// this returns at once, even while a search thread is still stopping; a process should
/// then exit (see [`run_stdio`]).
pub fn run<R: Read + Send + 'static, W: Write>(input: R, output: W) -> i32 {
    io::run_with(input, output, engine_search, None)
}

/// [`run`] on the process's stdin and stdout. END also ends the process from the input
/// thread if the session has not returned 100 ms after it (the loop may be stuck in a
/// write to a full stdout pipe that nobody reads, or building a rule's tables).
pub fn run_stdio() -> i32 {
    io::run_with(
        std::io::stdin(),
        std::io::stdout().lock(),
        engine_search,
        Some(exit_now),
    )
}

/// Ends the process with status 0 (called after END, from the input thread). Rust's
/// `exit` is safe against the main thread exiting at the same moment.
fn exit_now() {
    std::process::exit(0)
}

fn engine_search(
    searcher: &mut Searcher,
    board: &Board,
    limits: &Limits,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    searcher.search(board, limits, stop)
}
