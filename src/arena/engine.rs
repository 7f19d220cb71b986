//! One brain process seen from the manager: spawn, lines out, replies in with deadlines,
//! END and a kill after a grace period.
//!
//! Two reader threads turn the brain's output into timestamped events on one channel, so
//! stdout lines and stderr bytes are seen in the order they arrived (Piskvork gives the
//! brain one pipe for both). A stdout line ends at LF, at CR, or at CR LF (counted once);
//! a line that ended with CR is flagged, for `--strict-lf`. Lines are capped at
//! [`MAX_LINE`] bytes (the rest is dropped, as Piskvork's ~8000-byte buffer does).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Longest reply line kept, in bytes.
pub const MAX_LINE: usize = 8192;

/// How to start a brain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// Display name (unique within a match).
    pub name: String,
    /// Program and arguments.
    pub cmd: Vec<String>,
    /// Working directory (`None`: the runner's own).
    pub dir: Option<PathBuf>,
    /// Extra `INFO key value` lines sent after the standard set.
    pub options: Vec<(String, String)>,
    /// Pacing for a racy brain: hold every line to it until this many milliseconds
    /// after its last output (0: send at once). See [`Process::send`].
    pub pace_ms: u64,
}

/// Something the brain did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A stdout line without its terminator; `cr` if it ended with CR (or CR LF).
    Line { text: String, cr: bool, at: Instant },
    /// Bytes on stderr (the first ones of a read, lossily decoded).
    Stderr { text: String, at: Instant },
    /// stdout reached its end: the brain exited or closed it.
    Closed { at: Instant },
}

/// The next thing that matters while a reply is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A line that is not MESSAGE, DEBUG or empty.
    Line {
        text: String,
        cr: bool,
        at: Instant,
    },
    Stderr(String),
    Closed,
    /// Nothing before the deadline.
    Timeout,
}

/// A shared protocol log: one line per message in either direction.
pub type Log = Arc<Mutex<std::fs::File>>;

/// A brain process's resident memory, read from `/proc` at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// The operating system's process id (a reused process keeps it across games).
    pub pid: u32,
    /// Resident size now, in bytes.
    pub rss: u64,
    /// Peak resident size since the process started, in bytes.
    pub peak: u64,
}

/// A running brain.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    /// Line terminator written after each command.
    eol: &'static str,
    /// Name used in the log.
    label: String,
    log: Option<Log>,
    started: Instant,
    /// The text of the MESSAGE lines skipped while waiting for the last reply.
    pub messages: Vec<String>,
    closed: bool,
    /// [`EngineSpec::pace_ms`].
    pace: Duration,
    /// When the brain last wrote to stdout, in microseconds after `started` (0: never),
    /// kept by the stdout reader as it reads, so that output not yet consumed counts.
    last_output: Arc<AtomicU64>,
}

impl Process {
    /// Starts `spec`'s command with piped stdio. `crlf` chooses the line end we send.
    pub fn spawn(spec: &EngineSpec, crlf: bool, log: Option<Log>) -> std::io::Result<Process> {
        let (prog, args) = spec
            .cmd
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty command"))?;
        let mut cmd = Command::new(prog);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn()?;
        let (tx, rx) = mpsc::channel();
        let out = child.stdout.take().expect("piped stdout");
        let err = child.stderr.take().expect("piped stderr");
        let tx2 = tx.clone();
        let started = Instant::now();
        let last_output = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&last_output);
        thread::spawn(move || read_stdout(out, tx, started, seen));
        thread::spawn(move || read_stderr(err, tx2));
        let stdin = child.stdin.take();
        Ok(Process {
            child,
            stdin,
            events: rx,
            eol: if crlf { "\r\n" } else { "\n" },
            label: spec.name.clone(),
            log,
            started,
            messages: Vec::new(),
            closed: false,
            pace: Duration::from_millis(spec.pace_ms),
            last_output,
        })
    }

    /// The operating system's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Renames the process in the log (e.g. "game 3 new").
    pub fn set_label(&mut self, label: String) {
        self.label = label;
    }

    /// Writes lines in one write call and flushes. `false` if the pipe is broken. With a
    /// pace, first waits until that long after the brain's last output: a brain that
    /// races on its input (Rapfi 0.43 loses the first word of a line that arrives as it
    /// finishes a search) then reads it idle. A move's clock starts after this returns.
    pub fn send(&mut self, lines: &[String]) -> bool {
        self.wait_for_pace();
        let mut buf = String::new();
        for l in lines {
            self.log_line('>', l);
            buf.push_str(l);
            buf.push_str(self.eol);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        stdin.write_all(buf.as_bytes()).is_ok() && stdin.flush().is_ok()
    }

    /// Sleeps until `pace` after the brain's last output (at once without a pace or
    /// output). Output that comes during the wait moves the time on.
    fn wait_for_pace(&self) {
        if self.pace.is_zero() {
            return;
        }
        loop {
            let us = self.last_output.load(Ordering::Acquire);
            if us == 0 {
                return;
            }
            let until = self.started + Duration::from_micros(us) + self.pace;
            let now = Instant::now();
            if now >= until {
                return;
            }
            thread::sleep(until - now);
        }
    }

    fn log_line(&self, dir: char, text: &str) {
        if let Some(log) = &self.log {
            let t = self.started.elapsed().as_secs_f64();
            if let Ok(mut f) = log.lock() {
                let _ = writeln!(f, "{t:9.3} {} {dir} {text}", self.label);
            }
        }
    }

    /// Waits for the next reply line until `deadline` (`None`: no deadline), skipping
    /// empty lines and lines that start with `MESSAGE ` or `DEBUG ` (any case), exactly as
    /// Piskvork does. stderr bytes and the end of stdout are returned as they come.
    pub fn reply(&mut self, deadline: Option<Instant>) -> Reply {
        loop {
            let ev = if self.closed {
                // The channel may still hold lines sent before the end; drain those first.
                match self.events.try_recv() {
                    Ok(ev) => ev,
                    Err(_) => return Reply::Closed,
                }
            } else {
                match deadline {
                    None => match self.events.recv() {
                        Ok(ev) => ev,
                        Err(_) => return Reply::Closed,
                    },
                    Some(d) => {
                        let wait = d.saturating_duration_since(Instant::now());
                        match self.events.recv_timeout(wait) {
                            Ok(ev) => ev,
                            Err(RecvTimeoutError::Timeout) => return Reply::Timeout,
                            Err(RecvTimeoutError::Disconnected) => return Reply::Closed,
                        }
                    }
                }
            };
            match ev {
                Event::Line { text, cr, at } => {
                    self.log_line('<', &text);
                    if is_skipped(&text) {
                        self.keep_message(&text);
                        continue;
                    }
                    return Reply::Line { text, cr, at };
                }
                Event::Stderr { text, .. } => {
                    self.log_line('!', &text);
                    return Reply::Stderr(text);
                }
                Event::Closed { .. } => {
                    self.log_line('<', "(end of output)");
                    self.closed = true;
                }
            }
        }
    }

    /// Keeps the text of a MESSAGE line (for the record).
    fn keep_message(&mut self, line: &str) {
        if line.len() > 8 && line[..8].eq_ignore_ascii_case("MESSAGE ") {
            self.messages.push(line[8..].to_string());
        }
    }

    /// Peak resident memory in bytes (Linux `/proc`; `None` elsewhere or if unreadable).
    pub fn peak_memory(&self) -> Option<u64> {
        self.memory().map(|m| m.peak)
    }

    /// Current and peak resident memory (Linux `/proc`; `None` elsewhere or if
    /// unreadable).
    pub fn memory(&self) -> Option<Memory> {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let kb = |key: &str| -> Option<u64> {
            let line = s.lines().find(|l| l.starts_with(key))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        Some(Memory {
            pid: self.child.id(),
            rss: kb("VmRSS:")? * 1024,
            peak: kb("VmHWM:")? * 1024,
        })
    }

    /// Sends END, closes stdin and waits up to `grace` for the process to exit; kills it
    /// after that. Returns `true` if it exited by itself.
    pub fn end(mut self, grace: Duration) -> bool {
        self.send(&["END".to_string()]);
        self.stdin = None;
        let until = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return true,
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => {
                    self.log_line('!', "killed after END");
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return false;
                }
            }
        }
    }

    /// Kills the process at once.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Piskvork skips empty lines and lines starting with `MESSAGE ` or `DEBUG ` (the space
/// included, any case).
pub fn is_skipped(line: &str) -> bool {
    let head = |p: &str| {
        line.len() >= p.len()
            && line.is_char_boundary(p.len())
            && line[..p.len()].eq_ignore_ascii_case(p)
    };
    line.is_empty() || head("MESSAGE ") || head("DEBUG ")
}

/// Splits a byte stream into lines at LF, CR or CR LF; see the module doc.
#[derive(Default)]
pub struct Splitter {
    line: Vec<u8>,
    after_cr: bool,
    overflow: bool,
}

impl Splitter {
    /// Feeds bytes; calls `emit(line, ended_with_cr)` for every complete line.
    pub fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(String, bool)) {
        for &b in bytes {
            match b {
                b'\n' if self.after_cr => self.after_cr = false,
                b'\n' | b'\r' => {
                    let text = String::from_utf8_lossy(&self.line).into_owned();
                    emit(text, b == b'\r');
                    self.line.clear();
                    self.overflow = false;
                    self.after_cr = b == b'\r';
                }
                _ => {
                    self.after_cr = false;
                    if self.line.len() < MAX_LINE {
                        self.line.push(b);
                    } else {
                        self.overflow = true;
                    }
                }
            }
        }
    }
}

/// Reads the brain's stdout into line events, noting in `last_output` when it last
/// read something (microseconds after `started`, at least 1).
fn read_stdout<R: Read>(
    mut r: R,
    tx: Sender<Event>,
    started: Instant,
    last_output: Arc<AtomicU64>,
) {
    let mut buf = [0u8; 4096];
    let mut split = Splitter::default();
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let at = Instant::now();
                let us = at.saturating_duration_since(started).as_micros() as u64;
                last_output.store(us.max(1), Ordering::Release);
                split.feed(&buf[..n], |text, cr| {
                    let _ = tx.send(Event::Line { text, cr, at });
                });
            }
        }
    }
    let _ = tx.send(Event::Closed { at: Instant::now() });
}

fn read_stderr<R: Read>(mut r: R, tx: Sender<Event>) {
    let mut buf = [0u8; 4096];
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let text: String = String::from_utf8_lossy(&buf[..n])
                    .chars()
                    .take(200)
                    .collect();
                let _ = tx.send(Event::Stderr {
                    text,
                    at: Instant::now(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&[u8]]) -> Vec<(String, bool)> {
        let mut s = Splitter::default();
        let mut out = Vec::new();
        for c in chunks {
            s.feed(c, |t, cr| out.push((t, cr)));
        }
        out
    }

    #[test]
    fn line_ends() {
        let l = |t: &str, cr| (t.to_string(), cr);
        assert_eq!(
            split(&[b"7,7\n8,8\n"]),
            vec![l("7,7", false), l("8,8", false)]
        );
        // CR LF counts once, even split across reads; the line is flagged.
        assert_eq!(
            split(&[b"OK\r", b"\n7,7\r\n"]),
            vec![l("OK", true), l("7,7", true)]
        );
        // A lone CR ends a line; a blank line stays a (skippable) line.
        assert_eq!(
            split(&[b"a\rb\n\n"]),
            vec![l("a", true), l("b", false), l("", false)]
        );
        // No terminator yet: nothing.
        assert!(split(&[b"7,"]).is_empty());
    }

    #[test]
    fn overlong_lines_are_cut() {
        let long = vec![b'x'; MAX_LINE + 100];
        let out = split(&[&long, b"\n"]);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].0.len(), MAX_LINE);
    }

    #[test]
    fn skipped_lines_follow_piskvork() {
        assert!(is_skipped(""));
        assert!(is_skipped("MESSAGE depth 3"));
        assert!(is_skipped("message hi"));
        assert!(is_skipped("Debug x"));
        assert!(!is_skipped("MESSAGE"), "no space: not a message");
        assert!(!is_skipped("MESSAGEx"));
        assert!(!is_skipped(" MESSAGE x"));
        assert!(!is_skipped("7,7"));
        assert!(!is_skipped("ERROR bad"));
    }
}
