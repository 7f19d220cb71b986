//! Test helpers: a manager's view of a brain, either the real binary ([`Brain::spawn`])
//! or [`wuzi::protocol::run`] in this process ([`Brain::in_process`]), and a referee board.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use wuzi::board::{Board, Cell};
use wuzi::types::{Color, Pos, Rule};

const SEC: Duration = Duration::from_secs(1);

/// A brain seen from the manager's side: lines in, lines out, with arrival times.
pub struct Brain {
    input: Option<Box<dyn Write + Send>>,
    lines: Receiver<(String, Instant)>,
    /// Every byte the brain wrote to stdout.
    stdout: Arc<Mutex<Vec<u8>>>,
    /// Every byte the brain wrote to stderr (real binary only).
    stderr: Arc<Mutex<Vec<u8>>>,
    child: Option<Child>,
    /// The exit code of an in-process session.
    done: Option<Receiver<i32>>,
    /// How many of the output pipes have reached their end.
    closed: Arc<AtomicUsize>,
    /// When the last line was sent (reply latencies count from here).
    pub last_send: Instant,
    /// MESSAGE lines skipped by [`Brain::reply`], in order.
    pub messages: Vec<String>,
    /// When [`Brain::wait_exit`] saw the real binary gone (polled every 0.5 ms).
    pub exited_at: Option<Instant>,
}

/// Reads `r` to its end, appending every byte to `all` and sending each LF-terminated
/// line (its CR, if any, kept) with the instant it arrived; counts `closed` up at the end.
fn pump_lines<R: Read + Send + 'static>(
    mut r: R,
    all: Arc<Mutex<Vec<u8>>>,
    tx: Option<mpsc::Sender<(String, Instant)>>,
    closed: Arc<AtomicUsize>,
) {
    thread::spawn(move || {
        pump(&mut r, &all, tx.as_ref());
        closed.fetch_add(1, Ordering::SeqCst);
    });
}

fn pump<R: Read>(r: &mut R, all: &Mutex<Vec<u8>>, tx: Option<&mpsc::Sender<(String, Instant)>>) {
    let mut buf = [0u8; 65536];
    let mut line = Vec::new();
    loop {
        let n = match r.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let now = Instant::now();
        all.lock().unwrap().extend_from_slice(&buf[..n]);
        if let Some(tx) = &tx {
            for &b in &buf[..n] {
                if b == b'\n' {
                    let s = String::from_utf8_lossy(&line).into_owned();
                    line.clear();
                    if tx.send((s, now)).is_err() {
                        return;
                    }
                } else {
                    line.push(b);
                }
            }
        }
    }
}

/// Pipes for all three streams, and logging off unless `env` turns it on.
fn prepare(cmd: &mut Command, env: &[(&str, &str)]) {
    cmd.env_remove("WUZI_LOG")
        .env_remove("WUZI_LOG_LEVEL")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
}

impl Brain {
    /// Starts the real `pbrain-wuzi` binary with piped stdin, stdout and stderr.
    pub fn spawn() -> Brain {
        Brain::spawn_with(&[], &[])
    }

    /// [`Brain::spawn`] with arguments and extra environment variables.
    pub fn spawn_with(args: &[&str], env: &[(&str, &str)]) -> Brain {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_pbrain-wuzi"));
        cmd.args(args);
        Brain::spawn_command(cmd, env)
    }

    /// The real binary started by `sh` after the shell command `limit` (for example
    /// `ulimit -d 16384`), so that the limit holds for the brain itself.
    #[cfg(unix)]
    pub fn spawn_limited(limit: &str, env: &[(&str, &str)]) -> Brain {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("{limit} && exec \"$0\""))
            .arg(env!("CARGO_BIN_EXE_pbrain-wuzi"));
        Brain::spawn_command(cmd, env)
    }

    /// The real binary with its stdout handed to the caller instead of being read here
    /// (to read some of it, then close it as a manager that has gone away would).
    pub fn spawn_own_stdout() -> (Brain, ChildStdout) {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_pbrain-wuzi"));
        prepare(&mut cmd, &[]);
        let mut child = cmd.spawn().expect("cannot start pbrain-wuzi");
        let stdout = child.stdout.take().unwrap();
        let b = Brain::attach(child);
        // Nothing is read from stdout here: count it as closed already.
        b.closed.fetch_add(1, Ordering::SeqCst);
        (b, stdout)
    }

    /// Starts `cmd` with piped stdin, stdout and stderr, logging off unless `env` says
    /// otherwise.
    fn spawn_command(mut cmd: Command, env: &[(&str, &str)]) -> Brain {
        prepare(&mut cmd, env);
        let mut child = cmd.spawn().expect("cannot start pbrain-wuzi");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        let mut b = Brain::attach(child);
        b.lines = lines;
        pump_lines(stdout, b.stdout.clone(), Some(tx), b.closed.clone());
        b
    }

    /// A brain around a started child whose stdout was taken: stdin kept, stderr read.
    fn attach(mut child: Child) -> Brain {
        let stdin: ChildStdin = child.stdin.take().unwrap();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let closed = Arc::new(AtomicUsize::new(0));
        pump_lines(
            child.stderr.take().unwrap(),
            stderr.clone(),
            None,
            closed.clone(),
        );
        Brain {
            input: Some(Box::new(stdin)),
            lines: mpsc::channel().1,
            stdout: Arc::new(Mutex::new(Vec::new())),
            stderr,
            child: Some(child),
            done: None,
            closed,
            last_send: Instant::now(),
            messages: Vec::new(),
            exited_at: None,
        }
    }

    /// Runs [`wuzi::protocol::run`] on a thread of this process, over two pipes.
    pub fn in_process() -> Brain {
        let (in_r, in_w) = std::io::pipe().unwrap();
        let (out_r, out_w) = std::io::pipe().unwrap();
        let (done_tx, done) = mpsc::channel();
        thread::spawn(move || {
            let _ = done_tx.send(wuzi::protocol::run(in_r, out_w));
        });
        let stdout = Arc::new(Mutex::new(Vec::new()));
        let (tx, lines) = mpsc::channel();
        // No stderr pipe here: count it as closed already.
        let closed = Arc::new(AtomicUsize::new(1));
        pump_lines(out_r, stdout.clone(), Some(tx), closed.clone());
        Brain {
            input: Some(Box::new(in_w)),
            lines,
            stdout,
            stderr: Arc::new(Mutex::new(Vec::new())),
            child: None,
            done: Some(done),
            closed,
            last_send: Instant::now(),
            messages: Vec::new(),
            exited_at: None,
        }
    }

    /// Sends raw bytes (a write error means the brain is gone and is ignored).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        if let Some(w) = &mut self.input {
            let _ = w.write_all(bytes).and_then(|_| w.flush());
        }
        self.last_send = Instant::now();
    }

    /// Sends one line ended by LF.
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends one line ended by CR LF (Piskvork, GomocupJudge, liskvork).
    pub fn send_crlf(&mut self, line: &str) {
        self.send_raw(format!("{line}\r\n").as_bytes());
    }

    /// Sends several lines in a single write, as GomocupJudge does with START + INFO.
    pub fn send_all(&mut self, lines: &[&str], line_end: &str) {
        let text: String = lines.iter().map(|l| format!("{l}{line_end}")).collect();
        self.send_raw(text.as_bytes());
    }

    /// Closes the brain's input (end of file).
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// The next line as written (a CR before the LF is kept), or `None` after `timeout`.
    pub fn line(&mut self, timeout: Duration) -> Option<String> {
        self.line_at(timeout).map(|(l, _)| l)
    }

    fn line_at(&mut self, timeout: Duration) -> Option<(String, Instant)> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// The next line that is not `MESSAGE <text>` (those are kept in `messages`), and
    /// how long after the last send it arrived.
    pub fn reply_timed(&mut self, timeout: Duration) -> Option<(String, Duration)> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let (line, at) = self.line_at(left)?;
            match line.strip_prefix("MESSAGE ") {
                Some(text) if !text.trim().is_empty() => self.messages.push(line.clone()),
                _ => return Some((line, at.saturating_duration_since(self.last_send))),
            }
        }
    }

    /// The next line that is not a MESSAGE.
    pub fn reply(&mut self, timeout: Duration) -> Option<String> {
        self.reply_timed(timeout).map(|(l, _)| l)
    }

    /// True if no line at all arrives within `d`.
    pub fn quiet(&mut self, d: Duration) -> bool {
        match self.lines.recv_timeout(d) {
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => true,
            Ok(_) => false,
        }
    }

    /// Waits up to `timeout` for the brain to stop; its exit code if it did.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<i32> {
        if let Some(done) = &self.done {
            return done.recv_timeout(timeout).ok();
        }
        let child = self.child.as_mut()?;
        let end = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                self.exited_at = Some(Instant::now());
                // Let the readers collect the last bytes the process wrote.
                while self.closed.load(Ordering::SeqCst) < 2 && Instant::now() < end + SEC {
                    thread::sleep(Duration::from_millis(1));
                }
                return Some(code(status));
            }
            if Instant::now() >= end {
                return None;
            }
            thread::sleep(Duration::from_micros(500));
        }
    }

    /// Everything written to stdout so far.
    pub fn stdout(&self) -> Vec<u8> {
        self.stdout.lock().unwrap().clone()
    }

    /// Everything written to stderr so far (after a short wait for the pipe to drain).
    pub fn stderr(&self) -> Vec<u8> {
        thread::sleep(Duration::from_millis(20));
        self.stderr.lock().unwrap().clone()
    }

    /// The process id of the real binary.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(|c| c.id())
    }

    /// Panics unless stderr is empty and stdout has no CR.
    pub fn assert_clean_output(&self) {
        let err = self.stderr();
        assert!(
            err.is_empty(),
            "stderr: {:?}",
            String::from_utf8_lossy(&err)
        );
        let out = self.stdout();
        assert!(!out.contains(&b'\r'), "CR in stdout");
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(unix)]
fn code(s: ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    s.code().unwrap_or_else(|| 128 + s.signal().unwrap_or(0))
}

#[cfg(not(unix))]
fn code(s: ExitStatus) -> i32 {
    s.code().unwrap_or(-1)
}

/// Reads a move line strictly as managers do: `x,y`, decimal, no blanks, no sign, no
/// leading zeros, nothing else.
/// Serialises the tests that hold a brain to a deadline. `cargo test` runs the tests of a
/// binary in parallel; several brains searching at once on a small machine starve each
/// other of CPU, and a think that overruns then says nothing about the brain. Hold the
/// guard for the whole test.
pub fn timing_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub fn parse_move(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once(',')?;
    let num = |t: &str| -> Option<u8> {
        let v: u8 = t.parse().ok()?;
        (v.to_string() == t).then_some(v)
    };
    Some(Pos::new(num(x)?, num(y)?))
}

/// True for a well-formed ABOUT line: `key="value"` pairs, values free of `,` `=` `"`.
pub fn is_about(s: &str) -> bool {
    s.split(',').all(|pair| {
        let Some((k, v)) = pair.trim().split_once('=') else {
            return false;
        };
        let inner = v.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
        !k.is_empty()
            && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && inner.is_some_and(|i| !i.contains(['"', '=']))
    }) && s.starts_with("name=\"")
}

/// True for the `MESSAGE depth D ev S nodes N nps K pv x,y ...` line before a move.
pub fn is_search_message(s: &str) -> bool {
    let w: Vec<&str> = s.split(' ').collect();
    w.len() >= 11
        && w[0] == "MESSAGE"
        && w[1] == "depth"
        && w[2].parse::<i64>().is_ok()
        && w[3] == "ev"
        && w[4].parse::<i64>().is_ok()
        && w[5] == "nodes"
        && w[6].parse::<u64>().is_ok()
        && w[7] == "nps"
        && w[8].parse::<u64>().is_ok()
        && w[9] == "pv"
        && parse_move(w[10]).is_some()
}

/// The manager's board: checks every move as the managers' referees do.
pub struct Referee {
    pub board: Board,
}

impl Referee {
    pub fn new(w: usize, h: usize, rule: Rule) -> Referee {
        Referee {
            board: Board::new(w, h, rule),
        }
    }

    /// Plays `p` for the side to move if it is on the board, empty, and (for black under
    /// renju) not forbidden; otherwise says why not.
    pub fn play(&mut self, p: Pos) -> Result<(), String> {
        match self.board.cell(p) {
            None => return Err(format!("{p} is off the board")),
            Some(Cell::Empty) => {}
            Some(_) => return Err(format!("{p} is occupied")),
        }
        if self.board.rule() == Rule::Renju
            && self.board.side_to_move() == Color::Black
            && self.board.is_forbidden(p)
        {
            return Err(format!("{p} is forbidden for black"));
        }
        self.board.play(p).map_err(|e| format!("{p}: {e}"))
    }

    /// True when the game is decided or drawn.
    pub fn over(&self) -> bool {
        self.board.winner().is_some() || self.board.is_full()
    }

    /// The side to move's choice by a shallow search (depth 3, 1 MB table): an opponent
    /// that blocks the brain's threes, for tests that need the brain to keep searching
    /// rather than win at once against a scripted opponent that never defends.
    pub fn pick_defending(&self) -> Option<Pos> {
        let mut s = wuzi::search::Searcher::new(1 << 20);
        let stop = std::sync::atomic::AtomicBool::new(false);
        s.search(&self.board, &wuzi::search::Limits::depth(3), &stop)
            .map(|r| r.best)
    }

    /// A legal point for the side to move near `around` (spiralling out, the `skip`-th
    /// found on the first ring that has enough), for a scripted opponent.
    pub fn pick_near(&self, around: Pos, skip: usize) -> Option<Pos> {
        let renju_black =
            self.board.rule() == Rule::Renju && self.board.side_to_move() == Color::Black;
        let (w, h) = (self.board.width() as i64, self.board.height() as i64);
        let mut found = Vec::new();
        for r in 1..w.max(h) {
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dy.abs()) != r {
                        continue;
                    }
                    let (x, y) = (around.x as i64 + dx, around.y as i64 + dy);
                    if x >= 0 && y >= 0 && x < w && y < h {
                        let p = Pos::new(x as u8, y as u8);
                        if self.board.cell(p) == Some(Cell::Empty)
                            && !(renju_black && self.board.is_forbidden(p))
                        {
                            found.push(p);
                        }
                    }
                }
            }
            if found.len() > skip {
                return Some(found[skip]);
            }
        }
        found.last().copied()
    }
}
