//! `wuzi-testbrain`: a TEST AID, not a real brain. It plays the first empty point
//! (top-left first) and can be told to misbehave, so the match runner's tests can check
//! that every fault is judged as the right loss.
//!
//! ```text
//! wuzi-testbrain [--fault KIND] [--at N] [--delay MS] [--racy MS] [--crlf] [--chatty]
//!                [--name NAME]
//!   --fault KIND  at its N-th move of each game (default 1): timeout, occupied, offboard,
//!                 malformed ("7,7,7"), junk, error ("ERROR ..."), crash (exit 3), stderr
//!                 (then the move), no-ok / bad-ok ("OK thanks") at START, about-silent
//!   --delay MS    think this long before every move
//!   --racy MS     as Rapfi 0.43: a line read within MS of its last output loses its
//!                 first word ("TURN 4,6" reads "4,6": "ERROR Unknown command: 4,6")
//!   --crlf        CR LF line ends;  --chatty  MESSAGE, DEBUG and empty lines too
//! ```

use std::cell::Cell;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    None,
    Timeout,
    Occupied,
    OffBoard,
    Malformed,
    Junk,
    Error,
    Crash,
    Stderr,
    NoOk,
    BadOk,
    AboutSilent,
}

struct Brain {
    fault: Fault,
    at: usize,
    delay: u64,
    eol: &'static str,
    chatty: bool,
    name: String,
    w: usize,
    h: usize,
    /// 0 empty, 1 own, 2 opponent.
    cells: Vec<u8>,
    moves_made: usize,
    /// `--racy`: how soon after our output a line loses its first word.
    racy: Option<Duration>,
    /// When we last wrote a line.
    last_out: Cell<Option<Instant>>,
}

impl Brain {
    fn out(&self, line: &str) {
        let mut o = std::io::stdout().lock();
        let _ = write!(o, "{line}{}", self.eol);
        let _ = o.flush();
        self.last_out.set(Some(Instant::now()));
    }

    /// The line as a racy brain reads it: without its first word if it came too soon
    /// after our last output.
    fn as_read<'a>(&self, line: &'a str) -> &'a str {
        let soon = |r: Duration| self.last_out.get().is_some_and(|t| t.elapsed() < r);
        match self.racy {
            Some(r) if soon(r) => line.split_once(' ').map_or("", |(_, rest)| rest.trim()),
            _ => line,
        }
    }

    fn reset(&mut self, w: usize, h: usize) {
        self.w = w;
        self.h = h;
        self.cells = vec![0; w * h];
        self.moves_made = 0;
    }

    fn set(&mut self, x: i64, y: i64, v: u8) {
        if x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h {
            self.cells[y as usize * self.w + x as usize] = v;
        }
    }

    fn play(&mut self) {
        self.moves_made += 1;
        if self.delay > 0 {
            std::thread::sleep(Duration::from_millis(self.delay));
        }
        if self.chatty {
            self.out("MESSAGE thinking hard");
            self.out("DEBUG internal detail");
            self.out("");
        }
        let fault = if self.moves_made == self.at {
            self.fault
        } else {
            Fault::None
        };
        match fault {
            Fault::Timeout => std::thread::sleep(Duration::from_secs(3600)),
            Fault::Crash => std::process::exit(3),
            Fault::Junk => return self.out("hello there"),
            Fault::Error => return self.out("ERROR cannot move"),
            Fault::Malformed => return self.out("7,7,7"),
            Fault::OffBoard => return self.out(&format!("{},0", self.w)),
            Fault::Occupied => {
                if let Some(i) = self.cells.iter().position(|&c| c != 0) {
                    return self.out(&format!("{},{}", i % self.w, i / self.w));
                }
            }
            Fault::Stderr => {
                let mut e = std::io::stderr().lock();
                let _ = writeln!(e, "testbrain: oops");
                let _ = e.flush();
                // Let the stderr line arrive first, as a real brain's panic text would.
                std::thread::sleep(Duration::from_millis(50));
            }
            _ => {}
        }
        match self.cells.iter().position(|&c| c == 0) {
            Some(i) => {
                self.cells[i] = 1;
                self.out(&format!("{},{}", i % self.w, i / self.w));
            }
            None => self.out("ERROR board full"),
        }
    }
}

fn xy(s: &str) -> Option<(i64, i64)> {
    let mut it = s.split(',').map(|t| t.trim().parse::<i64>());
    match (it.next(), it.next()) {
        (Some(Ok(x)), Some(Ok(y))) => Some((x, y)),
        _ => None,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut b = Brain {
        fault: Fault::None,
        at: 1,
        delay: 0,
        eol: "\n",
        chatty: false,
        name: "testbrain".into(),
        w: 15,
        h: 15,
        cells: vec![0; 225],
        moves_made: 0,
        racy: None,
        last_out: Cell::new(None),
    };
    let mut i = 0;
    while i < args.len() {
        let next = |i: usize| args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--fault" => {
                b.fault = match next(i).as_str() {
                    "none" => Fault::None,
                    "timeout" => Fault::Timeout,
                    "occupied" => Fault::Occupied,
                    "offboard" => Fault::OffBoard,
                    "malformed" => Fault::Malformed,
                    "junk" => Fault::Junk,
                    "error" => Fault::Error,
                    "crash" => Fault::Crash,
                    "stderr" => Fault::Stderr,
                    "no-ok" => Fault::NoOk,
                    "bad-ok" => Fault::BadOk,
                    "about-silent" => Fault::AboutSilent,
                    other => {
                        println!("unknown fault {other}");
                        std::process::exit(2);
                    }
                };
                i += 1;
            }
            "--at" => {
                b.at = next(i).parse().unwrap_or(1);
                i += 1;
            }
            "--delay" => {
                b.delay = next(i).parse().unwrap_or(0);
                i += 1;
            }
            "--racy" => {
                b.racy = Some(Duration::from_millis(next(i).parse().unwrap_or(0)));
                i += 1;
            }
            "--name" => {
                b.name = next(i);
                i += 1;
            }
            "--crlf" => b.eol = "\r\n",
            "--chatty" => b.chatty = true,
            other => {
                println!("unknown argument {other}");
                std::process::exit(2);
            }
        }
        i += 1;
    }

    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while let Some(Ok(raw)) = lines.next() {
        let line = b.as_read(raw.trim_end_matches('\r').trim());
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        match cmd.to_ascii_uppercase().as_str() {
            "ABOUT" => {
                if b.fault != Fault::AboutSilent {
                    b.out(&format!(
                        "name=\"{}\", version=\"1\", author=\"test\"",
                        b.name
                    ));
                }
            }
            "START" | "RECTSTART" => {
                let (w, h) = match xy(rest) {
                    Some((w, h)) => (w as usize, h as usize),
                    None => {
                        let n = rest.trim().parse().unwrap_or(15);
                        (n, n)
                    }
                };
                b.reset(w, h);
                match b.fault {
                    Fault::NoOk => {}
                    Fault::BadOk => b.out("OK thanks"),
                    _ => b.out("OK"),
                }
            }
            "RESTART" => {
                let (w, h) = (b.w, b.h);
                b.reset(w, h);
                b.out("OK");
            }
            "BEGIN" => b.play(),
            "TURN" => {
                if let Some((x, y)) = xy(rest) {
                    b.set(x, y, 2);
                }
                b.play();
            }
            "BOARD" => {
                b.cells.iter_mut().for_each(|c| *c = 0);
                for l in lines.by_ref() {
                    let Ok(l) = l else { return };
                    let l = l.trim_end_matches('\r').trim().to_string();
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    let f: Vec<i64> = l.split(',').filter_map(|t| t.trim().parse().ok()).collect();
                    if f.len() == 3 {
                        b.set(f[0], f[1], if f[2] == 1 { 1 } else { 2 });
                    }
                }
                b.play();
            }
            "INFO" | "" => {}
            "END" => return,
            _ if b.racy.is_some() => b.out(&format!("ERROR Unknown command: {cmd}")),
            _ => b.out(&format!("UNKNOWN {cmd}")),
        }
    }
}
