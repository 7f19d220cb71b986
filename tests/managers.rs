//! Whole sessions against the real binary, in the order each manager of the reference
//! (`gomocup-protocol.md` §3.1, §8, §11) sends its commands, with each manager's checks:
//! exact `OK`, legal moves on the manager's own board, replies within its deadline
//! (limit plus its tolerance), nothing on stderr, LF-only output, and a prompt exit on END.
//!
//! Timing figures are printed (`cargo test --release -- --nocapture` shows them); the
//! assertions use the managers' own deadlines, never tighter ones.

mod common;

use common::{is_about, is_search_message, parse_move, Brain, Referee};
use std::thread;
use std::time::{Duration, Instant};
use wuzi::types::{Color, Pos, Rule};

const SEC: Duration = Duration::from_secs(1);

fn ms(d: Duration) -> u128 {
    d.as_millis()
}

/// A game from a manager's side: its board, our colour, how it writes lines.
struct Game<'a> {
    b: &'a mut Brain,
    r: Referee,
    ours: Color,
    crlf: bool,
    /// c-gomoku-cli `-sendbyboard`: the whole position every move.
    by_board: bool,
    /// Our think time as the manager measures it.
    used: Duration,
    worst: Duration,
    /// The latency of the last move.
    last: Duration,
    moves: usize,
}

impl<'a> Game<'a> {
    fn new(b: &'a mut Brain, size: usize, rule: Rule, ours: Color, crlf: bool) -> Game<'a> {
        Game {
            b,
            r: Referee::new(size, size, rule),
            ours,
            crlf,
            by_board: false,
            used: Duration::ZERO,
            worst: Duration::ZERO,
            last: Duration::ZERO,
            moves: 0,
        }
    }

    fn send(&mut self, line: &str) {
        if self.crlf {
            self.b.send_crlf(line)
        } else {
            self.b.send(line)
        }
    }

    /// The lines that ask for our move after the opponent's `last` move.
    fn request(&self, last: Option<Pos>) -> Vec<String> {
        let history = self.r.board.history();
        if self.by_board || (history.len() >= 2 && last.is_none()) {
            let mut v = vec!["BOARD".to_string()];
            for &(p, c) in history {
                v.push(format!(
                    "{},{},{}",
                    p.x,
                    p.y,
                    if c == self.ours { 1 } else { 2 }
                ));
            }
            v.push("DONE".into());
            v
        } else if let Some(p) = last {
            vec![format!("TURN {},{}", p.x, p.y)]
        } else {
            vec!["BEGIN".into()]
        }
    }

    /// Sends `lines`, reads our move, checks it and plays it on the manager's board.
    fn ask(&mut self, lines: &[String], deadline: Duration) -> Pos {
        for l in lines {
            self.send(l);
        }
        let before = self.b.messages.len();
        let (reply, dt) = self
            .b
            .reply_timed(deadline + 5 * SEC)
            .unwrap_or_else(|| panic!("no reply to {lines:?}"));
        let m = parse_move(&reply).unwrap_or_else(|| panic!("{lines:?} -> {reply:?}"));
        assert_eq!(self.b.messages.len(), before + 1, "one MESSAGE per move");
        let msg = self.b.messages.last().unwrap();
        assert!(is_search_message(msg), "{msg:?}");
        assert_eq!(
            self.r.board.side_to_move(),
            self.ours,
            "the manager's turn order"
        );
        if let Err(e) = self.r.play(m) {
            panic!("illegal move after {lines:?}: {e}");
        }
        assert!(
            dt <= deadline,
            "move {} took {} ms, deadline {} ms",
            self.moves,
            ms(dt),
            ms(deadline)
        );
        self.used += dt;
        self.worst = self.worst.max(dt);
        self.last = dt;
        self.moves += 1;
        m
    }

    /// The scripted opponent answers near our move `m`; `None` if the game is over.
    fn opponent(&mut self, m: Pos) -> Option<Pos> {
        if self.r.over() {
            return None;
        }
        let o = self.r.pick_near(m, self.moves % 5)?;
        self.r.play(o).unwrap();
        (!self.r.over()).then_some(o)
    }
}

/// GomocupJudge suspends the brain after each move and resumes it for the next command.
#[cfg(unix)]
fn signal(b: &Brain, sig: &str) {
    let pid = b.pid().unwrap().to_string();
    let ok = std::process::Command::new("kill")
        .args([sig, &pid])
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "kill {sig} {pid} failed");
}

#[cfg(not(unix))]
fn signal(_: &Brain, _: &str) {}

/// Sends END while a search is running and returns how long the brain took to exit.
fn end_during_search(b: &mut Brain, request: &str, crlf: bool) -> Duration {
    let send = |b: &mut Brain, l: &str| if crlf { b.send_crlf(l) } else { b.send(l) };
    send(b, "INFO timeout_turn 20000");
    send(b, "INFO time_left 2147483647");
    send(b, request);
    thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    send(b, "END");
    let code = b.wait_exit(5 * SEC);
    let dt = t.elapsed();
    assert_eq!(code, Some(0), "exit code after END");
    dt
}

#[test]
fn piskvork() {
    let _serial = common::timing_lock();
    let mut b = Brain::spawn();
    b.send_crlf("START 15");
    assert_eq!(b.reply(3 * SEC).as_deref(), Some("OK"));
    let turn = 300u64;
    let info = |left: u64| {
        vec![
            "INFO max_memory 104857600".to_string(),
            "INFO timeout_match 60000".into(),
            format!("INFO timeout_turn {turn}"),
            "INFO game_type 1".into(),
            "INFO rule 0".into(),
            format!("INFO time_left {left}"),
            "INFO folder C:\\Users\\Game Player\\AppData\\Local\\Temp\\psqp1234".into(),
        ]
    };
    let mut g = Game::new(&mut b, 15, Rule::Freestyle, Color::White, true);
    let deadline = Duration::from_millis(turn + 1000);
    // One stone on the board: TURN is the first move command.
    g.r.play(Pos::new(7, 7)).unwrap();
    let mut lines = info(60000);
    lines.push("TURN 7,7".into());
    let mut m = g.ask(&lines, deadline);
    let mut last = None;
    for _ in 0..5 {
        let Some(o) = g.opponent(m) else { break };
        last = Some(o);
        let left = 60000 - ms(g.used) as u64;
        let lines = [
            format!("INFO time_left {left}"),
            format!("TURN {},{}", o.x, o.y),
        ];
        m = g.ask(&lines, deadline);
    }
    // Undo: one TAKEBACK per stone, newest first, each answered exactly OK.
    if let (Some(o), false) = (last, g.r.over()) {
        for p in [m, o] {
            g.send(&format!("TAKEBACK {},{}", p.x, p.y));
            assert_eq!(g.b.reply(2 * SEC).as_deref(), Some("OK"), "TAKEBACK {p}");
            g.r.board.remove(p).unwrap();
        }
        let o2 = g.r.pick_near(o, 3).unwrap();
        g.r.play(o2).unwrap();
        let lines = [
            format!("INFO timeout_turn {turn}"),
            "INFO time_left 2147483647".into(),
            format!("TURN {},{}", o2.x, o2.y),
        ];
        g.ask(&lines, deadline);
    }
    let first = g.worst;
    // New game in the GUI: RESTART, the INFO set again, BOARD for two or more stones.
    g.send("RESTART");
    assert_eq!(g.b.reply(3 * SEC).as_deref(), Some("OK"));
    g.r = Referee::new(15, 15, Rule::Freestyle);
    g.ours = Color::Black;
    for p in [
        Pos::new(7, 7),
        Pos::new(8, 8),
        Pos::new(6, 8),
        Pos::new(9, 9),
    ] {
        g.r.play(p).unwrap();
    }
    let mut lines = info(60000);
    lines.extend(g.request(None));
    assert_eq!(lines[7], "BOARD");
    let m = g.ask(&lines, deadline);
    if let Some(o) = g.opponent(m) {
        g.ask(&[format!("TURN {},{}", o.x, o.y)], deadline);
    }
    // "Stop thinking" in the GUI: INFO timeout_turn 0 during a search.
    if !g.r.over() {
        let o = g.r.pick_near(Pos::new(7, 7), 7).unwrap();
        g.r.play(o).unwrap();
        g.send("INFO timeout_turn 20000");
        g.send("INFO time_left 2147483647");
        g.send(&format!("TURN {},{}", o.x, o.y));
        thread::sleep(Duration::from_millis(300));
        let lines = ["INFO timeout_turn 0".to_string()];
        g.ask(&lines, SEC);
        println!("piskvork: move {} ms after INFO timeout_turn 0", ms(g.last));
    }
    let (worst, moves) = (g.worst.max(first), g.moves);
    let over = g.r.over();
    let req = if over {
        "BOARD\r\nDONE".to_string()
    } else {
        let o = g.r.pick_near(Pos::new(7, 7), 2).unwrap();
        format!("TURN {},{}", o.x, o.y)
    };
    let end = end_during_search(&mut b, &req, true);
    println!(
        "piskvork: {moves} moves, worst {} ms at {turn} ms/turn; exit {} ms after END",
        ms(worst),
        ms(end)
    );
    assert!(
        end < SEC,
        "END took {} ms (Piskvork kills after 700 ms)",
        ms(end)
    );
    b.assert_clean_output();
}

#[test]
fn gomocup_judge() {
    let _serial = common::timing_lock();
    let (turn, matchtime) = (500u64, 20000u64);
    let start = |b: &mut Brain| {
        // START and every INFO in one go, without waiting for OK; then the process is
        // suspended until the first move command.
        b.send_all(
            &[
                "START 15",
                &format!("INFO timeout_turn {turn}"),
                &format!("INFO timeout_match {matchtime}"),
                "INFO max_memory 367001600",
                "INFO game_type 1",
                "INFO rule 1",
                "INFO folder /tmp/GomocupJudge/match/folder/0123456789abcdef/",
            ],
            "\r\n",
        );
        thread::sleep(Duration::from_millis(100));
        signal(b, "-STOP");
    };
    let deadline = |used: Duration| {
        let left = matchtime.saturating_sub(ms(used) as u64);
        Duration::from_millis(1000 + turn.min(left))
    };

    // Game 1: an expert opening of three stones; we are white.
    let mut b = Brain::spawn();
    start(&mut b);
    let mut g = Game::new(&mut b, 15, Rule::Standard, Color::White, true);
    for p in [Pos::new(7, 7), Pos::new(8, 7), Pos::new(9, 9)] {
        g.r.play(p).unwrap();
    }
    let mut lines = vec![format!("INFO time_left {matchtime}")];
    lines.extend(g.request(None));
    signal(g.b, "-CONT");
    // The OK comes first; GomocupJudge ignores it, we check it is exactly OK.
    for l in &lines {
        g.send(l);
    }
    assert_eq!(g.b.reply(3 * SEC).as_deref(), Some("OK"));
    let m = g.ask(&[], deadline(g.used));
    let mut m = Some(m);
    while let Some(o) = m.and_then(|m| g.opponent(m)) {
        signal(g.b, "-STOP");
        thread::sleep(Duration::from_millis(20));
        signal(g.b, "-CONT");
        let left = matchtime as i64 - ms(g.used) as i64;
        let lines = [
            format!("INFO time_left {left}"),
            format!("TURN {},{}", o.x, o.y),
        ];
        m = Some(g.ask(&lines, deadline(g.used)));
        if g.moves >= 12 {
            break;
        }
    }
    let (worst, moves, used) = (g.worst, g.moves, g.used);
    b.send_crlf("END");
    assert_eq!(b.wait_exit(SEC), Some(0), "GomocupJudge kills after 0.5 s");
    b.assert_clean_output();

    // Game 2: an empty opening comes as BOARD + DONE, never BEGIN; we are black.
    let mut b = Brain::spawn();
    start(&mut b);
    signal(&b, "-CONT");
    let mut g = Game::new(&mut b, 15, Rule::Standard, Color::Black, true);
    let lines = [
        format!("INFO time_left {matchtime}"),
        "BOARD".into(),
        "DONE".into(),
    ];
    for l in &lines {
        g.send(l);
    }
    assert_eq!(g.b.reply(3 * SEC).as_deref(), Some("OK"));
    let m = g.ask(&[], deadline(Duration::ZERO));
    if let Some(o) = g.opponent(m) {
        g.ask(&[format!("TURN {},{}", o.x, o.y)], deadline(g.used));
    }
    let end = end_during_search(&mut b, "TURN 0,14", true);
    println!(
        "gomocupjudge: {moves} moves, worst {} ms, used {} ms of {matchtime}; exit {} ms after END",
        ms(worst),
        ms(used),
        ms(end)
    );
    assert!(end < SEC, "END took {} ms", ms(end));
    b.assert_clean_output();
}

#[test]
fn c_gomoku_cli() {
    let _serial = common::timing_lock();
    let mut b = Brain::spawn();
    // ABOUT once at spawn: the first line read is taken as the reply.
    b.send("ABOUT");
    let first = b.line(3 * SEC).expect("no ABOUT reply");
    assert!(is_about(&first), "first line {first:?}");
    let tolerance = Duration::from_millis(3000);
    let (turn, matchtime) = (300u64, 30000u64);
    // Three games on one process, START each time, never END in between.
    let games = [
        (15, Rule::Freestyle, Color::Black, false),
        (20, Rule::Standard, Color::White, false),
        (15, Rule::Renju, Color::Black, true),
    ];
    let mut report = Vec::new();
    for (i, &(size, rule, ours, by_board)) in games.iter().enumerate() {
        b.send(&format!("START {size}"));
        let (ok, dt) = b.reply_timed(tolerance + SEC).expect("no reply to START");
        assert_eq!(ok, "OK");
        assert!(dt <= tolerance, "OK after {} ms", ms(dt));
        b.send(&format!("INFO rule {}", rule.code()));
        b.send(&format!("INFO timeout_turn {turn}"));
        b.send(&format!("INFO timeout_match {matchtime}"));
        b.send("INFO max_memory 104857600");
        b.send("INFO thread_num 1");
        let mut g = Game::new(&mut b, size, rule, ours, false);
        g.by_board = by_board;
        let mut last = None;
        if ours == Color::White {
            let o = Pos::new(size as u8 / 2, size as u8 / 2);
            g.r.play(o).unwrap();
            last = Some(o);
        }
        let mut stopped = None;
        loop {
            let left = matchtime as i64 - ms(g.used) as i64;
            let deadline = Duration::from_millis(turn.min(left.max(0) as u64)) + tolerance;
            let mut lines = vec![format!("INFO time_left {left}")];
            lines.extend(g.request(last));
            // Late in the renju game: a long think cut short by YXSTOP.
            if i == 2 && g.moves == 4 && stopped.is_none() {
                g.send("INFO timeout_turn 20000");
                for l in &lines {
                    g.send(l);
                }
                thread::sleep(Duration::from_millis(300));
                let t = Instant::now();
                let m = g.ask(&["YXSTOP".to_string()], SEC);
                stopped = Some(t.elapsed());
                g.send(&format!("INFO timeout_turn {turn}"));
                last = g.opponent(m);
            } else {
                let m = g.ask(&lines, deadline);
                last = g.opponent(m);
            }
            if last.is_none() || g.moves >= 10 {
                break;
            }
        }
        report.push(format!(
            "game {} ({size}x{size} {}): {} moves, worst {} ms{}",
            i + 1,
            rule.name(),
            g.moves,
            ms(g.worst),
            stopped.map_or(String::new(), |d| format!(
                ", YXSTOP answered in {} ms",
                ms(d)
            ))
        ));
    }
    b.send("END");
    let t = Instant::now();
    assert_eq!(b.wait_exit(2 * SEC), Some(0));
    println!(
        "c-gomoku-cli: {}; exit {} ms after END",
        report.join("; "),
        ms(t.elapsed())
    );
    b.assert_clean_output();
}

#[test]
fn liskvork() {
    let _serial = common::timing_lock();
    let mut b = Brain::spawn();
    b.send_crlf("ABOUT");
    let (about, dt) = b.reply_timed(5 * SEC).expect("no ABOUT reply");
    assert!(is_about(&about), "{about:?}");
    assert!(dt < 5 * SEC);
    assert_eq!(
        b.stdout(),
        format!("{about}\n").into_bytes(),
        "ABOUT must be the first line"
    );
    b.send_crlf("START 20");
    assert_eq!(b.reply(5 * SEC).as_deref(), Some("OK"));
    // Only non-zero limits and max_memory; never rule, time_left or BOARD.
    let (turn, matchtime) = (500u64, 15000u64);
    b.send_crlf(&format!("INFO timeout_turn {turn}"));
    b.send_crlf(&format!("INFO timeout_match {matchtime}"));
    b.send_crlf("INFO max_memory 104857600");
    let mut g = Game::new(&mut b, 20, Rule::Freestyle, Color::Black, true);
    let mut last = None;
    loop {
        // No tolerance: min(turn limit, match time left).
        let left = Duration::from_millis(matchtime).saturating_sub(g.used);
        let deadline = Duration::from_millis(turn).min(left);
        let lines = g.request(last);
        assert!(lines[0] == "BEGIN" || lines[0].starts_with("TURN"));
        let m = g.ask(&lines, deadline);
        last = g.opponent(m);
        if last.is_none() || g.moves >= 30 {
            break;
        }
    }
    assert!(g.used < Duration::from_millis(matchtime));
    let (worst, moves, used) = (g.worst, g.moves, g.used);
    let t = Instant::now();
    b.send_crlf("END");
    assert_eq!(
        b.wait_exit(SEC),
        Some(0),
        "liskvork's end_grace_time is 1000 ms"
    );
    println!(
        "liskvork: {moves} moves, worst {} ms at {turn} ms/turn, match time used {} of {matchtime} ms; exit {} ms after END",
        ms(worst),
        ms(used),
        ms(t.elapsed())
    );
    b.assert_clean_output();
}

#[test]
fn silent_until_the_first_command() {
    let mut b = Brain::spawn();
    assert!(
        b.quiet(Duration::from_millis(500)),
        "printed before any command"
    );
    assert!(b.stdout().is_empty());
    b.send("ABOUT");
    assert!(is_about(&b.line(2 * SEC).unwrap()));
    b.assert_clean_output();
}

#[test]
fn end_of_input_exits_quietly() {
    let mut b = Brain::spawn();
    b.send("START 15");
    assert_eq!(b.reply(2 * SEC).as_deref(), Some("OK"));
    b.close_input();
    assert_eq!(b.wait_exit(2 * SEC), Some(0));
    b.assert_clean_output();
    // Also before any command at all.
    let mut b = Brain::spawn();
    b.close_input();
    assert_eq!(b.wait_exit(2 * SEC), Some(0));
    assert!(b.stdout().is_empty());
    b.assert_clean_output();
}

#[test]
fn garbage_input_is_survived() {
    let mut b = Brain::spawn();
    let mut junk = vec![b'X'; 200_000];
    junk.push(b'\n');
    junk.extend(1u8..=255);
    junk.push(b'\n');
    junk.extend_from_slice(b"\xff\xfe\x00\x01 START 15\r\n");
    junk.extend_from_slice(b"\xc3\x28\xa0\xa1 TURN 7,7\r");
    b.send_raw(&junk);
    b.send("ABOUT");
    let mut unknown = 0;
    let about = loop {
        let l = b.reply(3 * SEC).expect("died on garbage");
        if !l.starts_with("UNKNOWN ") {
            break l;
        }
        assert!(l.len() < 200 && l.is_ascii(), "{l:?}");
        unknown += 1;
    };
    assert!(is_about(&about), "{about:?}");
    assert!(unknown >= 4, "{unknown} UNKNOWN replies");
    b.send("START 15");
    assert_eq!(b.reply(2 * SEC).as_deref(), Some("OK"));
    b.send("END");
    assert_eq!(b.wait_exit(SEC), Some(0));
    b.assert_clean_output();
}

#[test]
fn command_line() {
    let mut b = Brain::spawn_with(&["--version"], &[]);
    assert_eq!(b.wait_exit(2 * SEC), Some(0));
    let out = String::from_utf8(b.stdout()).unwrap();
    assert_eq!(out, format!("pbrain-wuzi {}\n", env!("CARGO_PKG_VERSION")));
    let mut b = Brain::spawn_with(&["--bogus"], &[]);
    assert_eq!(b.wait_exit(2 * SEC), Some(2));
    assert!(String::from_utf8(b.stdout()).unwrap().contains("usage"));
    b.assert_clean_output();
}

#[test]
fn logging_goes_to_the_named_file_only() {
    let path = std::env::temp_dir().join(format!("wuzi-test-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&path);
    // A bad level falls back to info, and says nothing on stderr about it.
    let env = [
        ("WUZI_LOG", path.to_str().unwrap()),
        ("WUZI_LOG_LEVEL", "no=such=level"),
    ];
    let mut b = Brain::spawn_with(&[], &env);
    b.send("START 15");
    assert_eq!(b.reply(2 * SEC).as_deref(), Some("OK"));
    b.send("INFO timeout_turn 100");
    b.send("BEGIN");
    let m = b.reply(5 * SEC).unwrap();
    b.send("END");
    assert_eq!(b.wait_exit(SEC), Some(0));
    b.assert_clean_output();
    let log = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    assert!(log.contains("< START 15"), "{log}");
    assert!(log.contains(&format!("> {m}")), "{log}");
}
