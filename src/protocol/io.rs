//! Bytes and threads: the input reader, the output writer and the event loop.
//!
//! Three threads meet on one channel of [`Event`]s:
//! * the reader turns raw input bytes into lines, each stamped with the instant it was
//!   complete (a move's clock starts there);
//! * the caller's thread runs the loop: it owns the [`Session`] and the output;
//! * the search thread (one for the whole session, started with the session so that its
//!   stack is in place before any table is allocated) runs each search and sends the
//!   searcher back with the result; with `INFO show_detail` it first sends the lines
//!   its search's progress reports make (the search itself prints nothing).
//!
//! While a search runs, INFO is applied at once (`INFO timeout_turn 0` also stops it),
//! YXSTOP/STOP stop it, and every other command (and an INFO behind queued ones) waits
//! in order until the move is printed. START, RECTSTART and RESTART during a search
//! (nothing queued) stop it and drop its move, so the next line out is the `OK`.
//!
//! END and the end of input both finish the session the same way: every search that
//! runs once they are read is cut short (its best move so far goes out at once), the
//! commands read before them are answered in order, and then the loop returns; lines
//! after END are ignored. So a session piped in as a file (`printf 'START 15\nBEGIN\n
//! ...\nEND\n' | pbrain-wuzi`) prints every reply it asked for, while END from a
//! manager still ends the process within milliseconds: a manager sends END when idle
//! or to abandon a move, and the one line it may still get (the cut-short move) is
//! never acted on: Piskvork closes the pipes, GomocupJudge kills the process, qpiskvork
//! (which sends the loser the winning move and END together) logs it but no longer
//! plays. If the loop is stuck, the input thread ends the process [`END_GRACE`] after
//! END all the same.

use super::parse::{block_open_after, parse, Command, Info};
use super::reply::{progress, Reply};
use super::session::{Action, SearchJob, Session};
use crate::board::Board;
use crate::search::{Limits, SearchResult, Searcher};
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// The search function the loop calls on the search thread (injectable for tests).
pub(crate) type SearchFn = fn(&mut Searcher, &Board, &Limits, &AtomicBool) -> Option<SearchResult>;

/// Longest input line kept; the rest of a longer line is dropped. Real commands are
/// short (a folder path is the longest), and this bounds memory on garbage input.
pub const MAX_LINE: usize = 4096;

/// Stack of the input thread (it only reads and splits lines).
const READER_STACK: usize = 256 << 10;

/// What the loop waits for.
enum Event {
    /// A complete input line and the instant it was complete.
    Line(String, Instant),
    /// The end of input.
    Eof,
    /// A line that shows the running search's progress (`INFO show_detail`).
    Progress(Reply),
    /// The search thread is done: its searcher (`None` if the search panicked) and result.
    Done {
        searcher: Option<Box<Searcher>>,
        result: Option<SearchResult>,
    },
}

/// Splits a byte stream into lines ended by LF, CR LF or a lone CR. Empty and blank
/// lines are skipped; a line longer than [`MAX_LINE`] bytes keeps only its start; bytes
/// that are not UTF-8 become U+FFFD.
#[derive(Default)]
pub struct LineSplitter {
    buf: Vec<u8>,
    dropped: usize,
}

impl LineSplitter {
    /// An empty splitter.
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// Feeds bytes and calls `emit` with each line they complete.
    pub fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(String)) {
        for &b in bytes {
            if b == b'\n' || b == b'\r' {
                if let Some(line) = self.take() {
                    emit(line);
                }
            } else if self.buf.len() < MAX_LINE {
                self.buf.push(b);
            } else {
                self.dropped += 1;
            }
        }
    }

    /// The end of input: the last line if it had no line end.
    pub fn finish(&mut self) -> Option<String> {
        self.take()
    }

    fn take(&mut self) -> Option<String> {
        if self.dropped > 0 {
            log::warn!("input line too long: dropped {} bytes", self.dropped);
            self.dropped = 0;
        }
        let line = String::from_utf8_lossy(&self.buf).trim().to_string();
        self.buf.clear();
        (!line.is_empty()).then_some(line)
    }
}

/// Writes reply lines: each as one `write_all` of the whole line with its LF, then a
/// flush. An error means the manager is gone.
struct Output<W: Write> {
    out: W,
}

impl<W: Write> Output<W> {
    fn send(&mut self, reply: &Reply) -> io::Result<()> {
        let line = format!("{reply}\n");
        self.out.write_all(line.as_bytes())?;
        self.out.flush()?;
        log::info!("> {reply}");
        Ok(())
    }
}

/// What the loop does after handling one line.
enum Step {
    Continue,
    Searching(Arc<AtomicBool>),
    Exit,
}

/// A search for the search thread: the job and its stop flag.
type Job = (Box<SearchJob>, Arc<AtomicBool>);

/// The search thread, started on demand and kept for the whole session.
struct Worker {
    jobs: Option<Sender<Job>>,
    events: Sender<Event>,
    search: SearchFn,
}

impl Worker {
    fn new(events: Sender<Event>, search: SearchFn) -> Worker {
        let mut w = Worker {
            jobs: None,
            events,
            search,
        };
        w.start();
        w
    }

    /// Starts the thread if it is not running; false if it cannot be started.
    fn start(&mut self) -> bool {
        if self.jobs.is_none() {
            match spawn_search(self.events.clone(), self.search) {
                Ok(jobs) => self.jobs = Some(jobs),
                Err(e) => log::error!("cannot start the search thread: {e}"),
            }
        }
        self.jobs.is_some()
    }

    /// Hands a search to the thread (started again if it is gone); the job comes back
    /// if no thread can take it.
    fn run(&mut self, mut job: Job) -> Result<(), Job> {
        for _ in 0..2 {
            if !self.start() {
                break;
            }
            let Some(jobs) = &self.jobs else { break };
            match jobs.send(job) {
                Ok(()) => return Ok(()),
                Err(mpsc::SendError(back)) => {
                    log::error!("the search thread is gone; starting another");
                    self.jobs = None;
                    job = back;
                }
            }
        }
        Err(job)
    }
}

/// How long END leaves the loop to finish on its own before `on_end` is called.
pub(crate) const END_GRACE: Duration = Duration::from_millis(100);

/// Runs a protocol session until END, the end of input or a failed write; returns the
/// process exit code (always 0: each of these is a normal end).
///
/// `on_end`, if given, is called on the input thread [`END_GRACE`] after an END line
/// was read, unless the process has ended by then: a process passes a function that
/// exits, so that END ends it promptly even while the loop is stuck (building the pattern
/// tables of a new rule, or writing to a stdout nobody reads).
pub(crate) fn run_with<R, W>(input: R, output: W, search: SearchFn, on_end: Option<fn()>) -> i32
where
    R: Read + Send + 'static,
    W: Write,
{
    let (tx, rx) = mpsc::channel();
    if spawn_reader(input, tx.clone(), on_end).is_err() {
        log::error!("cannot start the input thread");
        return 0;
    }
    let mut worker = Worker::new(tx.clone(), search);
    let mut out = Output { out: output };
    let mut session = Session::new();
    let mut queue: VecDeque<(String, Instant)> = VecDeque::new();
    // The running search's stop flag; `None` while idle.
    let mut stop: Option<Arc<AtomicBool>> = None;
    // The running search's move is not wanted (a new game was asked for).
    let mut cancel = false;
    // The queue ends inside a block (BOARD, YXBOARD): the lines that follow are its.
    let mut queued_block = false;
    let mut eof = false;
    // END was read (and queued): searches are cut short, later lines ignored.
    let mut ending = false;
    loop {
        while stop.is_none() {
            let Some((line, at)) = queue.pop_front() else {
                break;
            };
            match handle(&mut session, &line, at, &mut out, &mut worker) {
                Step::Continue => {}
                Step::Searching(flag) => {
                    if eof || ending {
                        flag.store(true, Ordering::Relaxed);
                    }
                    stop = Some(flag);
                    queued_block = queue.iter().fold(session.in_board_block(), |open, (l, _)| {
                        block_open_after(open, l)
                    });
                }
                Step::Exit => return 0,
            }
        }
        if stop.is_none() && eof {
            log::info!("end of input");
            return 0;
        }
        // We hold a sender ourselves, so `recv` cannot fail; stop if it ever does.
        let Ok(event) = rx.recv() else {
            return 0;
        };
        match event {
            Event::Line(line, at) => {
                log::info!("< {line}");
                if ending {
                    continue;
                }
                let Some(flag) = &stop else {
                    queue.push_back((line, at));
                    continue;
                };
                let cmd = parse(&line);
                // END answers what came before it (cut short), then exits in its turn:
                // the session exits on END also inside a queued block.
                if cmd == Ok(Command::End) {
                    flag.store(true, Ordering::Relaxed);
                    log::info!("END during a search: its move, then the queued replies");
                    ending = true;
                    queue.push_back((line, at));
                    continue;
                }
                // A line of a queued block is the block's, even a YXSTOP or an INFO.
                if queued_block {
                    queued_block = block_open_after(true, &line);
                    queue.push_back((line, at));
                    continue;
                }
                match cmd {
                    Ok(Command::Stop) => flag.store(true, Ordering::Relaxed),
                    Ok(cmd) if queue.is_empty() && session.starts_new_game(&cmd) => {
                        log::info!("new game during a search: its move is dropped");
                        flag.store(true, Ordering::Relaxed);
                        cancel = true;
                        queue.push_back((line, at));
                    }
                    Ok(Command::Info(info)) if queue.is_empty() => {
                        if session.apply_info(&info) {
                            flag.store(true, Ordering::Relaxed);
                        }
                    }
                    Ok(Command::Info(Info::TimeoutTurn(0))) => {
                        flag.store(true, Ordering::Relaxed);
                        queue.push_back((line, at));
                    }
                    other => {
                        queued_block = other.as_ref().is_ok_and(Command::opens_block);
                        queue.push_back((line, at));
                    }
                }
            }
            Event::Eof => {
                eof = true;
                if let Some(flag) = &stop {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            // Not for a search whose move was dropped: the next line out is the OK.
            Event::Progress(reply) => {
                if !cancel && out.send(&reply).is_err() {
                    return 0;
                }
            }
            Event::Done { searcher, result } => {
                stop = None;
                if std::mem::take(&mut cancel) {
                    session.search_cancelled(searcher.map(|s| *s));
                    continue;
                }
                for reply in session.search_done(searcher.map(|s| *s), result) {
                    if out.send(&reply).is_err() {
                        return 0;
                    }
                }
                // The move is out: now a table size asked for during the search may
                // free the old table without delaying it.
                session.sync_table_size();
            }
        }
    }
}

/// Hands one line to the session and carries out its answer.
fn handle<W: Write>(
    session: &mut Session,
    line: &str,
    at: Instant,
    out: &mut Output<W>,
    worker: &mut Worker,
) -> Step {
    let replies = match session.handle_line(line, at) {
        Action::Nothing => return Step::Continue,
        Action::Exit => return Step::Exit,
        Action::Reply(reply) => vec![reply],
        Action::Replies(replies) => replies,
        Action::Think(job) => {
            let flag = Arc::new(AtomicBool::new(false));
            match worker.run((job, flag.clone())) {
                Ok(()) => return Step::Searching(flag),
                // No thread to search on: keep the searcher and still move.
                Err((job, _)) => session.search_done(Some(job.searcher), None),
            }
        }
    };
    for reply in &replies {
        if out.send(reply).is_err() {
            return Step::Exit;
        }
    }
    Step::Continue
}

/// Starts the thread that reads input and sends [`Event::Line`]s, then [`Event::Eof`];
/// after an END line it calls `on_end` (if any) [`END_GRACE`] later and reads no more.
fn spawn_reader<R: Read + Send + 'static>(
    mut input: R,
    tx: Sender<Event>,
    on_end: Option<fn()>,
) -> io::Result<()> {
    thread::Builder::new()
        .name("wuzi-input".into())
        .stack_size(READER_STACK)
        .spawn(move || {
            let mut lines = LineSplitter::new();
            let mut chunk = vec![0u8; 8192];
            loop {
                let n = match input.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        log::warn!("input error: {e}");
                        break;
                    }
                };
                let mut gone = false;
                let mut end = false;
                lines.feed(&chunk[..n], |line| {
                    end |= on_end.is_some() && matches!(parse(&line), Ok(Command::End));
                    gone |= tx.send(Event::Line(line, Instant::now())).is_err();
                });
                if let (true, Some(on_end)) = (end, on_end) {
                    thread::sleep(END_GRACE);
                    log::warn!("END: still running after {END_GRACE:?}, ending now");
                    on_end();
                    return;
                }
                if gone {
                    return;
                }
            }
            if let Some(line) = lines.finish() {
                let _ = tx.send(Event::Line(line, Instant::now()));
            }
            let _ = tx.send(Event::Eof);
        })
        .map(|_| ())
}

/// Starts the search thread: it runs each job it is sent and answers with
/// [`Event::Done`]. A panic inside a search is caught and reported as a missing
/// searcher, so the session answers a fallback move and builds a fresh searcher; the
/// thread carries on with the next job.
fn spawn_search(events: Sender<Event>, search: SearchFn) -> io::Result<Sender<Job>> {
    let (jobs, inbox) = mpsc::channel::<Job>();
    thread::Builder::new()
        .name("wuzi-search".into())
        .stack_size(crate::search::SEARCH_STACK)
        .spawn(move || {
            for (job, stop) in inbox {
                let SearchJob {
                    board,
                    limits,
                    mut searcher,
                    detail,
                } = *job;
                if !detail.none() {
                    let tx = events.clone();
                    searcher.set_observer(Some(Box::new(move |p| {
                        for reply in progress(p, detail) {
                            let _ = tx.send(Event::Progress(reply));
                        }
                    })));
                }
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                    search(&mut searcher, &board, &limits, &stop)
                }));
                // The observer holds a sender: it goes with the search.
                searcher.set_observer(None);
                let event = match outcome {
                    Ok(result) => Event::Done {
                        searcher: Some(Box::new(searcher)),
                        result,
                    },
                    Err(_) => {
                        log::error!("the search panicked; answering a fallback move");
                        // Free its table before the session allocates a new one.
                        drop(searcher);
                        Event::Done {
                            searcher: None,
                            result: None,
                        }
                    }
                };
                if events.send(event).is_err() {
                    return;
                }
            }
        })?;
    Ok(jobs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Pos;
    use std::io::{BufRead, BufReader, PipeWriter};
    use std::sync::atomic::AtomicUsize;
    use std::sync::mpsc::Receiver;
    use std::sync::Mutex;

    fn split(chunks: &[&[u8]]) -> Vec<String> {
        let mut s = LineSplitter::new();
        let mut out = Vec::new();
        for c in chunks {
            s.feed(c, |l| out.push(l));
        }
        out.extend(s.finish());
        out
    }

    #[test]
    fn splits_on_lf_crlf_and_lone_cr() {
        assert_eq!(
            split(&[b"START 15\r\nINFO rule 0\nBEGIN\rABOUT"]),
            ["START 15", "INFO rule 0", "BEGIN", "ABOUT"]
        );
        // A CR LF split across two reads is still one line end.
        assert_eq!(
            split(&[b"START 15\r", b"\nBEGIN\r\n"]),
            ["START 15", "BEGIN"]
        );
        assert_eq!(split(&[b"\n\r\n  \t \r\nEND\n\n"]), ["END"]);
        assert_eq!(split(&[b"TU", b"RN 7", b",7\n"]), ["TURN 7,7"]);
    }

    #[test]
    fn long_lines_are_cut_and_bad_bytes_replaced() {
        let mut long = vec![b'X'; 200_000];
        long.extend_from_slice(b"\nABOUT\n");
        let lines = split(&[&long]);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "ABOUT");
        let lines = split(&[b"\xff\xfe\x00\x01 START 15\n"]);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains('\u{fffd}') && lines[0].ends_with("START 15"));
    }

    /// A session in this process with an injected search function.
    struct Harness {
        input: Option<PipeWriter>,
        lines: Receiver<String>,
        done: Receiver<i32>,
    }

    impl Harness {
        fn new(search: SearchFn) -> Harness {
            let (in_r, in_w) = io::pipe().unwrap();
            let (out_r, out_w) = io::pipe().unwrap();
            let (done_tx, done) = mpsc::channel();
            thread::spawn(move || {
                let _ = done_tx.send(run_with(in_r, out_w, search, None));
            });
            let (tx, lines) = mpsc::channel();
            thread::spawn(move || {
                for line in BufReader::new(out_r).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            Harness {
                input: Some(in_w),
                lines,
                done,
            }
        }

        fn send(&mut self, line: &str) {
            let w = self.input.as_mut().unwrap();
            w.write_all(format!("{line}\n").as_bytes()).unwrap();
        }

        fn close_input(&mut self) {
            self.input = None;
        }

        /// The next line that is not a MESSAGE, within 5 s.
        fn reply(&self) -> String {
            loop {
                let l = self
                    .lines
                    .recv_timeout(Duration::from_secs(5))
                    .expect("no reply");
                if !l.starts_with("MESSAGE ") {
                    return l;
                }
            }
        }

        fn quiet(&self, ms: u64) -> bool {
            self.lines.recv_timeout(Duration::from_millis(ms)).is_err()
        }

        fn exit_code(&self, within: Duration) -> Option<i32> {
            self.done.recv_timeout(within).ok()
        }
    }

    fn centre(board: &Board) -> SearchResult {
        let p = crate::protocol::session::fallback_move(board).unwrap();
        SearchResult {
            best: p,
            score: 0,
            depth: 1,
            nodes: 1,
            elapsed: Duration::ZERO,
            pv: vec![p],
            lines: vec![],
        }
    }

    /// Thinks until stopped (or 30 s): stands in for a long real search.
    fn until_stopped(
        _: &mut Searcher,
        b: &Board,
        _: &Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        let t = Instant::now();
        while !stop.load(Ordering::Relaxed) && t.elapsed() < Duration::from_secs(30) {
            thread::sleep(Duration::from_millis(1));
        }
        Some(centre(b))
    }

    fn is_move(s: &str) -> Option<Pos> {
        let (x, y) = s.split_once(',')?;
        Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
    }

    #[test]
    fn yxstop_and_info_timeout_turn_zero_stop_a_search() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("INFO timeout_turn 60000");
        for stopper in ["YXSTOP", "INFO timeout_turn 0", "stop"] {
            h.send("BEGIN");
            assert!(h.quiet(200), "moved before being stopped");
            let t = Instant::now();
            h.send(stopper);
            let r = h.reply();
            let dt = t.elapsed();
            println!("{stopper}: move after {} ms", dt.as_millis());
            assert_eq!(is_move(&r), Some(Pos::new(7, 7)), "{stopper} -> {r}");
            assert!(dt < Duration::from_secs(1), "{stopper}: {dt:?}");
            h.send("INFO timeout_turn 60000");
        }
        h.close_input();
        assert_eq!(h.exit_code(Duration::from_secs(5)), Some(0));
    }

    #[test]
    fn end_during_a_search_cuts_it_short_then_exits() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("BEGIN");
        assert!(h.quiet(200));
        let t = Instant::now();
        h.send("END");
        // The 30 s search stops at once: its move goes out, nothing else.
        assert_eq!(h.reply(), "7,7");
        let code = h.exit_code(Duration::from_secs(2));
        println!(
            "END during search: returned after {} ms",
            t.elapsed().as_millis()
        );
        assert_eq!(code, Some(0));
        assert!(h.quiet(100), "printed something more after END");
    }

    /// A session piped in whole (as `printf '...END\n' | pbrain-wuzi`): every command
    /// before END is answered in order, each search cut short (each would think 30 s),
    /// and lines after END are ignored.
    #[test]
    fn end_answers_the_commands_before_it_with_searches_cut_short() {
        let mut h = Harness::new(until_stopped);
        let t = Instant::now();
        let script = "ABOUT\nSTART 15\nINFO timeout_turn 60000\nBEGIN\nTURN 8,8\n\
                      frobnicate\nTURN 99,1\nYXBOARD\n1,1,1\nEND\nABOUT\nBEGIN\n";
        h.input
            .as_mut()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        assert!(h.reply().starts_with("name=\"Wuzi\""));
        assert_eq!(h.reply(), "OK");
        assert_eq!(h.reply(), "7,7", "BEGIN");
        let second = h.reply();
        assert!(
            is_move(&second).is_some_and(|p| p != Pos::new(7, 7) && p != Pos::new(8, 8)),
            "TURN 8,8 -> {second}"
        );
        assert_eq!(h.reply(), "UNKNOWN command not supported: frobnicate");
        assert_eq!(h.reply(), "ERROR 99,1 is off the 15x15 board");
        // END inside the YXBOARD block still ends it; ABOUT and BEGIN after END: nothing.
        assert_eq!(h.exit_code(Duration::from_secs(5)), Some(0));
        println!("piped session: done after {} ms", t.elapsed().as_millis());
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "a search was not cut short"
        );
        assert!(h.quiet(100), "answered a line after END");
    }

    /// END during a search with a START queued behind it: the move of the dropped game
    /// is not printed (as without END), the START is answered, then the loop exits.
    #[test]
    fn end_after_a_queued_new_game_answers_only_its_ok() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("BEGIN");
        assert!(h.quiet(200));
        h.send("START 15");
        h.send("END");
        assert_eq!(h.reply(), "OK");
        assert_eq!(h.exit_code(Duration::from_secs(2)), Some(0));
        assert!(h.quiet(100), "printed something more after END");
    }

    #[test]
    fn commands_during_a_search_wait_for_the_move_in_order() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("BEGIN");
        h.send("ABOUT");
        h.send("TAKEBACK 7,7");
        assert!(h.quiet(200), "answered a queued command during the search");
        h.send("YXSTOP");
        assert_eq!(h.reply(), "7,7");
        assert!(h.reply().starts_with("name=\"Wuzi\""));
        assert_eq!(h.reply(), "OK", "TAKEBACK of our move after it was played");
    }

    /// A BOARD block queued behind a search owns its lines: a YXSTOP or an INFO inside
    /// it is one of its (bad) lines, not a word to the search, so the block is refused
    /// as the session refuses it when idle, and the search runs on.
    #[test]
    fn lines_of_a_queued_board_block_belong_to_the_block() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("BEGIN");
        for line in [
            "BOARD",
            "1,1,1",
            "YXSTOP",
            "INFO timeout_turn 0",
            "2,2,2",
            "DONE",
        ] {
            h.send(line);
        }
        assert!(h.quiet(200), "the search was stopped from inside a block");
        h.send("YXSTOP");
        assert_eq!(h.reply(), "7,7");
        let r = h.reply();
        assert!(r.starts_with("ERROR BOARD:") && r.contains("YXSTOP"), "{r}");
        // The next block, read whole, is taken.
        h.send("INFO timeout_turn 60000");
        for line in ["BOARD", "7,7,1", "8,8,2", "DONE", "YXSTOP"] {
            h.send(line);
        }
        assert!(is_move(&h.reply()).is_some());
    }

    static ORDER_HARD: Mutex<Vec<Duration>> = Mutex::new(Vec::new());

    fn record_hard(
        s: &mut Searcher,
        b: &Board,
        l: &Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        ORDER_HARD.lock().unwrap().push(l.hard.unwrap());
        until_stopped(s, b, l, stop)
    }

    #[test]
    fn info_behind_queued_commands_keeps_its_place() {
        let mut h = Harness::new(record_hard);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("INFO timeout_turn 10000");
        h.send("BEGIN");
        // Queued behind START, so it must apply after START's reset of time_left. (ABOUT
        // first: a START with nothing queued would drop the move.)
        h.send("ABOUT");
        h.send("START 15");
        h.send("INFO time_left 50");
        assert!(h.quiet(200));
        h.send("YXSTOP");
        assert!(is_move(&h.reply()).is_some());
        assert!(h.reply().starts_with("name="));
        assert_eq!(h.reply(), "OK");
        h.send("BEGIN");
        h.send("YXSTOP");
        assert!(is_move(&h.reply()).is_some());
        let hard = ORDER_HARD.lock().unwrap().clone();
        assert_eq!(hard.len(), 2);
        assert!(hard[0] > Duration::from_secs(5), "{hard:?}");
        assert!(
            hard[1] < Duration::from_millis(50),
            "time_left was lost: {hard:?}"
        );
    }

    #[test]
    fn end_of_input_during_a_search_still_answers_then_exits() {
        fn short(_: &mut Searcher, b: &Board, _: &Limits, _: &AtomicBool) -> Option<SearchResult> {
            thread::sleep(Duration::from_millis(300));
            Some(centre(b))
        }
        let mut h = Harness::new(short);
        h.send("START 15");
        h.send("BEGIN");
        h.send("ABOUT");
        h.close_input();
        assert_eq!(h.reply(), "OK");
        assert_eq!(h.reply(), "7,7");
        assert!(h.reply().starts_with("name="));
        assert_eq!(h.exit_code(Duration::from_secs(5)), Some(0));
    }

    #[test]
    fn a_new_game_during_a_search_drops_its_move() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("INFO timeout_turn 60000");
        for restart in ["START 20", "RESTART", "RECTSTART 15,12", "start 15"] {
            h.send("TURN 3,3");
            assert!(h.quiet(200), "moved before being stopped");
            let t = Instant::now();
            h.send(restart);
            assert_eq!(h.reply(), "OK", "{restart}: the move was not dropped");
            println!("{restart}: OK after {} ms", t.elapsed().as_millis());
            assert!(t.elapsed() < Duration::from_secs(1), "{restart}");
            // The new game is empty: we are black, at the centre.
            h.send("BOARD");
            h.send("DONE");
            h.send("YXSTOP");
            let m = is_move(&h.reply()).unwrap();
            let want = match restart {
                "START 20" | "RESTART" => Pos::new(9, 9),
                "RECTSTART 15,12" => Pos::new(7, 5),
                _ => Pos::new(7, 7),
            };
            assert_eq!(m, want, "{restart}");
        }
        h.close_input();
        assert_eq!(h.exit_code(Duration::from_secs(5)), Some(0));
        assert!(h.quiet(100), "output after the end");
    }

    #[test]
    fn end_of_input_stops_the_search_and_the_queued_ones() {
        let mut h = Harness::new(until_stopped);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("INFO timeout_turn 60000");
        h.send("BEGIN");
        h.send("TURN 0,0");
        h.send("ABOUT");
        assert!(h.quiet(200));
        let t = Instant::now();
        h.close_input();
        // Both searches stop at once; every command read is still answered.
        assert_eq!(is_move(&h.reply()), Some(Pos::new(7, 7)));
        assert!(is_move(&h.reply()).is_some());
        assert!(h.reply().starts_with("name="));
        assert_eq!(h.exit_code(Duration::from_secs(5)), Some(0));
        println!("end of input: exit after {} ms", t.elapsed().as_millis());
        assert!(t.elapsed() < Duration::from_secs(2));
    }

    static PANIC_CALLS: AtomicUsize = AtomicUsize::new(0);

    fn panics_once(
        _: &mut Searcher,
        b: &Board,
        _: &Limits,
        _: &AtomicBool,
    ) -> Option<SearchResult> {
        if PANIC_CALLS.fetch_add(1, Ordering::SeqCst) == 0 {
            panic!("injected search failure");
        }
        Some(centre(b))
    }

    #[test]
    fn a_panicking_search_still_answers_a_legal_move() {
        let mut h = Harness::new(panics_once);
        h.send("START 15");
        assert_eq!(h.reply(), "OK");
        h.send("TURN 7,7");
        let mut msg = None;
        let r = loop {
            let l = h.lines.recv_timeout(Duration::from_secs(5)).unwrap();
            match l.strip_prefix("MESSAGE ") {
                Some(m) => msg = Some(m.to_string()),
                None => break l,
            }
        };
        let p = is_move(&r).expect("a move after a panic");
        assert_ne!(p, Pos::new(7, 7));
        assert!(msg.unwrap().contains("search failed"));
        // The next search runs on a fresh searcher and works.
        h.send("TURN 0,0");
        let q = is_move(&h.reply()).unwrap();
        assert!(q != p && q != Pos::new(0, 0) && q != Pos::new(7, 7));
        assert_eq!(PANIC_CALLS.load(Ordering::SeqCst), 2);
    }

    /// A writer whose every write fails, like a closed stdout.
    struct Closed;
    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A writer that hangs on its first write, like a full pipe nobody reads.
    struct Stuck;
    impl Write for Stuck {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            thread::sleep(Duration::from_secs(3));
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    static ENDED: Mutex<Option<Instant>> = Mutex::new(None);

    fn record_end() {
        *ENDED.lock().unwrap() = Some(Instant::now());
    }

    #[test]
    fn end_calls_the_exit_hook_when_the_loop_is_stuck() {
        let (in_r, mut in_w) = io::pipe().unwrap();
        thread::spawn(move || run_with(in_r, Stuck, until_stopped, Some(record_end)));
        in_w.write_all(b"ABOUT\n").unwrap();
        thread::sleep(Duration::from_millis(50));
        let t = Instant::now();
        in_w.write_all(b"END\n").unwrap();
        while ENDED.lock().unwrap().is_none() && t.elapsed() < Duration::from_secs(2) {
            thread::sleep(Duration::from_millis(1));
        }
        let at = ENDED.lock().unwrap().expect("the hook was not called");
        println!("exit hook {} ms after END", (at - t).as_millis());
        assert!(at - t >= END_GRACE, "the loop was not given its grace");
    }

    #[test]
    fn a_failed_write_ends_the_session_quietly() {
        // Input that never ends: only the failed write can stop the loop.
        let (in_r, mut in_w) = io::pipe().unwrap();
        in_w.write_all(b"ABOUT\n").unwrap();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let _ = tx.send(run_with(in_r, Closed, until_stopped, None));
        });
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(0));
        drop(in_w);
    }
}
